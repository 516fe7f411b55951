"""Recall on a store that ranks (Qdrant): the engine picks the candidates, the profile comes
from the row every write keeps, and what is sent is what the full read would send."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from langgraph.store.base import BaseStore, Item, Op, Result

from langmem_plus import ResilientStore
from langmem_plus.facts.layout import decode_facts
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.planner import ranked_search
from langmem_plus.stores.calls import Query, Record
from langmem_plus.stores.payload import stored_row
from langmem_plus.stores.sync import QdrantStore
from unit_tests.conftest import make_store
from unit_tests.test_memory_support import Clock, cand

FACTS = [
    cand("city", "Oslo", "Lives in Oslo."),
    cand("employer", "Fjord AS", "Works at Fjord AS."),
    cand("allergy", "peanuts", "Is allergic to peanuts."),
    cand("units", "metric", "Prefers metric units.", kind="preference"),
    cand("skill", "chess", "Plays chess at the club."),
    cand("child", "Ana", "Has a daughter named Ana."),
    cand("skill", "violin", "Ana plays the violin.", holder="Ana"),
    cand("city", "Perth", "The user's sister lives in Perth.", holder="sister"),
    # found only by the tie the user's words gave him: the text says neither "uncle" nor
    # "family"
    cand(
        "city",
        "Tallinn",
        "Joosep lives in Tallinn.",
        holder="Joosep",
        quote="Uncle Joosep has lived in Tallinn for years",
    ),
    cand("database", "PostgreSQL 16", "Atlas uses PostgreSQL.", subject="atlas.db", scope="atlas"),
    cand("database", "MySQL 8", "Beacon runs on MySQL 8.", subject="beacon.db", scope="beacon"),
    cand("deploy_target", "fly.io", "Atlas ships to fly.io.", subject="atlas", scope="atlas"),
    cand("tone", "casual", "Likes a casual tone in Atlas.", kind="preference", scope="atlas"),
    # found only by the attribute's everyday names: the text says neither "tariff" nor "boss"
    # (and is longer than the errands, so no padding of unranked rows would reach it)
    cand("phone_plan", "Unlimited 5G", "Is on the Unlimited 5G deal, paid monthly, with "
         "roaming in the EU included until the end of next year."),
    cand("manager", "Dana", "Reports to Dana Whitfield, who runs the platform group from "
         "the Leeds office and joined last spring."),
    *[
        cand("note", f"errand {i}", f"Mentioned errand number {i} about the garden shed.")
        for i in range(60)
    ],
]

REQUESTS: list[tuple[str, str | None]] = [
    ("where do I live?", None),
    ("which db do we run?", "atlas"),
    ("which db do we run?", "beacon"),
    ("where is Atlas hosted?", "atlas"),
    ("a birthday gift for my sister?", None),
    ("games for my daughters", None),
    ("what do I do in my free time?", None),
    ("recommend a chess opening", None),
    ("how tall is the Eiffel tower?", None),
    ("what tariff is my handset on?", None),
    ("what should I tell my boss about the delay?", None),
    ("a weekend visiting my uncle", None),
    ("tell me about errand number 7 and the shed", None),
    ("hello", None),
    ("", "atlas"),
]


def load(store: BaseStore, **kw: Any) -> FactMemory:
    memory = FactMemory(store, clock=Clock(), **kw)
    for c in FACTS:
        memory.remember("ines", c)
    return memory


@pytest.mark.parametrize("engine", ["qdrant_edge", "qdrant_local"])
def test_ranked_recall_sends_what_the_full_read_sends(engine: str, tmp_path: Path) -> None:
    full = load(make_store("inmemory", tmp_path))
    ranked = load(make_store(engine, tmp_path), recall_cache_facts=0)
    assert ranked.plans.ranked and not full.plans.ranked
    for request, scope in REQUESTS:
        want = full.recall("ines", request, scope=scope)
        got = ranked.recall("ines", request, scope=scope)
        # the same profile, and ranked facts as relevant as the full read's; among facts that
        # tie (sixty errands that all say "errand number ... shed") the order may differ
        assert got.profile == want.profile, request
        assert [(k.why, k.score) for k in got.kept] == [(k.why, k.score) for k in want.kept]
        assert got.kept[: len(want.kept) and 1] == want.kept[: len(want.kept) and 1], request
        if request != "tell me about errand number 7 and the shed":
            assert got.block == want.block, request
    assert "Oslo" in ranked.recall("ines", "where do I live?").block
    assert "PostgreSQL" in ranked.recall("ines", "which db do we run?", scope="atlas").block
    beacon = ranked.recall("ines", "which db do we run?", scope="beacon").block
    assert "MySQL" in beacon and "PostgreSQL" not in beacon and "casual" not in beacon
    assert "Perth" not in ranked.recall("ines", "where do I live?").block
    assert "violin" in ranked.recall("ines", "games for my daughters").block
    # a user's first turn with sixty other facts: the engine is asked in the index's words
    assert "Unlimited 5G" in ranked.recall("ines", "what tariff is my handset on?").block
    assert "Dana" in ranked.recall("ines", "what should I tell my boss about the delay?").block
    assert "Tallinn" in ranked.recall("ines", "a weekend visiting my uncle").block
    assert "Tallinn" not in ranked.recall("ines", "a weekend visiting my sister").block


class ReadCounter:
    """Counts the items a store hands back to ``batch`` (what recall reads and decodes)."""

    def __init__(self, store: BaseStore) -> None:
        self.items = 0
        original = store.batch

        def batch(ops: Iterable[Op]) -> list[Result]:
            out = original(ops)
            for r in out:
                self.items += len(r) if isinstance(r, list) else int(r is not None)
            return out

        store.batch = batch  # type: ignore[method-assign]


def test_recall_reads_the_same_few_rows_however_long_the_history(tmp_path: Path) -> None:
    store = make_store("qdrant_edge", tmp_path)
    memory = FactMemory(store, clock=Clock(), recall_cache_facts=0)
    counter = ReadCounter(store)
    reads = []
    for size in (20, 300):
        memory.remember_many(
            f"u{size}",
            [
                cand("note", f"errand {i}", f"Mentioned errand number {i} about the shed.")
                for i in range(size)
            ]
            + [cand("city", "Oslo", "Lives in Oslo.")],
        )
        counter.items = 0
        block = memory.recall(f"u{size}", "where do I live? and the shed errand").block
        assert "Oslo" in block and "errand" in block
        reads.append(counter.items)
    limit = 2 * memory.retrieval.max_facts + 3  # candidates + settings, version, profile
    assert reads[0] <= limit and reads[1] <= limit, reads


def test_the_engine_hands_recall_a_few_rows_however_long_the_history(tmp_path: Path) -> None:
    """What the engine itself returns (payloads it reads and converts), not only what the
    store passes on: a filter the engine cannot decide exactly must not make it fetch
    every row of the user for Python to sift (issue 14)."""
    store = make_store("qdrant_edge", tmp_path)
    assert isinstance(store, QdrantStore)
    memory = FactMemory(store, clock=Clock(), recall_cache_facts=0)
    engine = store._engine
    original = engine.execute
    rows = [0]

    def execute(call: Any) -> Any:
        out = original(call)
        if isinstance(out, list):
            rows[0] += sum(isinstance(r, Record) for r in out)
        return out

    engine.execute = execute  # type: ignore[method-assign]
    notes = [cand("note", f"errand {i}", f"Mentioned errand number {i}.") for i in range(300)]
    memory.remember_many("uma", [*notes, cand("city", "Oslo", "Lives in Oslo.")])
    memory.remember("uma", cand("units", "metric", "Prefers metric units.", kind="preference"))
    for request, scope in [("where do I live? and errand 7", None), ("errand 9", "atlas")]:
        rows[0] = 0
        block = memory.recall("uma", request, scope=scope).block
        assert "Oslo" in block and "errand number" in block
        # settings, version, profile row; per query its limit plus the profile row's facts
        ceiling = 3 + 2 * (2 * memory.retrieval.max_facts + 2)
        assert 0 < rows[0] <= ceiling, (request, rows[0])


def test_the_ranked_query_reads_no_row_the_profile_row_holds(tmp_path: Path) -> None:
    """The profile row (read with the version) already holds the profile facts: the ranked
    query leaves their rows out in the engine, so no payload is read twice (issue 14),
    and what is sent is unchanged."""
    store = make_store("qdrant_edge", tmp_path)
    assert isinstance(store, QdrantStore)
    memory = FactMemory(store, clock=Clock(), recall_cache_facts=0)
    notes = [cand("note", f"errand {i}", f"Mentioned errand number {i}.") for i in range(40)]
    memory.remember_many(
        "uma",
        [
            cand("city", "Oslo", "Lives in Oslo."),
            cand("units", "metric", "Prefers metric units.", kind="preference"),
            cand("tone", "casual", "Likes a casual tone.", kind="preference", scope="atlas"),
            *notes,
        ],
    )
    row = store.get(memory.layout.profile("uma"), "rendered")
    assert isinstance(row, Item)
    held = set(row.value["facts"])
    assert len(held) == 3 + memory.retrieval.max_notes  # and the Notes section's bound
    engine = store._engine
    original = engine.execute
    queried: list[str] = []

    def execute(call: Any) -> Any:
        out = original(call)
        if isinstance(call, Query):
            queried.extend(stored_row(r.payload)[0] for r in out)
        return out

    engine.execute = execute  # type: ignore[method-assign]
    for request, scope in [("where do I live, in metric units? errand 7", None),
                           ("a casual note on errand 9 in atlas", "atlas")]:  # fmt: skip
        queried.clear()
        recall = memory.recall("uma", request, scope=scope)
        assert "Oslo" in recall.block and "metric" in recall.block, request
        assert "errand number" in recall.block, request
        assert ("casual" in recall.block) == (scope == "atlas"), request
        assert queried and not held & set(queried), request
        assert len(queried) == len(set(queried)), request


@pytest.mark.parametrize("engine", ["qdrant_edge", "qdrant_local"])
def test_a_ranked_search_leaves_out_the_keys_it_names(engine: str, tmp_path: Path) -> None:
    store = make_store(engine, tmp_path)
    for key in ("a", "b", "c"):
        store.put(("docs", "u1"), key, {"search": f"errand {key} lmprow"}, index=["search"])
    store.put(("docs", "u1", "deeper"), "a", {"search": "errand a lmprow"}, index=["search"])
    op = ranked_search(("docs", "u1"), {}, limit=10, query="errand a", exclude_keys=("a", "x"))
    (hits,) = store.batch([op])
    assert isinstance(hits, list)
    # only the key of the namespace itself is left out, not one of a deeper namespace
    assert sorted((tuple(h.namespace), h.key) for h in hits) == [
        (("docs", "u1"), "b"),
        (("docs", "u1"), "c"),
        (("docs", "u1", "deeper"), "a"),
    ]


def profile_row_is_current(store: BaseStore, memory: FactMemory, user: str) -> None:
    lay = memory.layout
    meta, row = store.get(lay.profile(user), "meta"), store.get(lay.profile(user), "rendered")
    assert isinstance(meta, Item) and isinstance(row, Item)
    assert row.value["etag"] == meta.value["etag"]
    facts = decode_facts(store.search(lay.facts(user), limit=1000))
    assert row.value["text"] == memory.plans._render(facts)


@pytest.mark.parametrize("engine", ["inmemory", "qdrant_edge"])
def test_every_write_keeps_the_profile_row_of_its_version(engine: str, tmp_path: Path) -> None:
    store = make_store(engine, tmp_path)
    memory = FactMemory(store, clock=Clock())
    memory.remember("noor", cand("city", "Oslo", "Lives in Oslo."))
    profile_row_is_current(store, memory, "noor")
    d = memory.remember("noor", cand("employer", "Acme", "Works at Acme."))
    profile_row_is_current(store, memory, "noor")
    memory.remember("noor", cand("city", "Bergen", "Moved to Bergen."))
    profile_row_is_current(store, memory, "noor")
    memory.remember("noor", cand("city", "*", "No longer lives there.", polarity="retract"))
    profile_row_is_current(store, memory, "noor")
    assert d.fact_id is not None
    memory.verdict("noor", d.fact_id, "rejected")
    profile_row_is_current(store, memory, "noor")
    memory.verdict("noor", d.fact_id, "confirmed")
    profile_row_is_current(store, memory, "noor")
    assert "Acme" in store.get(memory.layout.profile("noor"), "rendered").value["text"]  # type: ignore[union-attr]
    memory.remember_many("noor", [cand("allergy", a, f"Allergic to {a}.") for a in ("kiwi", "soy")])
    profile_row_is_current(store, memory, "noor")
    memory.forget("noor", d.fact_id)
    profile_row_is_current(store, memory, "noor")
    memory.forget_all("noor")
    memory.remember("noor", cand("city", "Lyon", "Lives in Lyon."))
    profile_row_is_current(store, memory, "noor")
    assert memory.recall("noor", "where do I live?").block.endswith("Location: city: Lyon")


def test_a_profile_row_of_another_version_is_not_used(tmp_path: Path) -> None:
    store = make_store("qdrant_edge", tmp_path)
    memory = FactMemory(store, clock=Clock(), recall_cache_facts=0)
    memory.remember("kai", cand("city", "Oslo", "Lives in Oslo."))
    ns = memory.layout.profile("kai")
    row = store.get(ns, "rendered")
    assert row is not None
    store.put(ns, "rendered", {**row.value, "etag": "stale", "facts": {}}, index=False)
    assert "Oslo" in memory.recall("kai", "where do I live?").block  # read in full instead
    memory.remember("kai", cand("employer", "Acme", "Works at Acme."))  # rebuilds the row
    profile_row_is_current(store, memory, "kai")
    assert "Oslo" in memory.recall("kai", "where do I live?").block


@pytest.mark.parametrize("cache", [0, 10_000])
def test_another_process_write_is_seen_at_once(cache: int, tmp_path: Path) -> None:
    store = make_store("qdrant_edge", tmp_path)
    clock = Clock()
    here = FactMemory(store, clock=clock, recall_cache_facts=cache)
    there = FactMemory(store, clock=clock)
    there.remember("lea", cand("city", "Oslo", "Lives in Oslo."))
    there.remember("lea", cand("skill", "chess", "Plays chess."))
    here.prefetch("lea")
    assert "Oslo" in here.recall("lea", "where do I live?").block
    there.remember("lea", cand("city", "Bergen", "Moved to Bergen."))
    there.remember("lea", cand("skill", "chess", "No longer plays chess.", polarity="retract"))
    block = here.recall("lea", "where do I live? any chess?").block
    assert "Bergen" in block and "Oslo" not in block and "chess" not in block


def test_a_store_that_cannot_rank_keeps_the_full_read_and_its_rows(tmp_path: Path) -> None:
    store = make_store("inmemory", tmp_path)
    memory = FactMemory(store, clock=Clock())
    memory.remember("ola", cand("city", "Oslo", "Lives in Oslo."))
    memory.remember("ola", cand("skill", "chess", "Plays chess."))
    assert not memory.plans.ranked
    rows = store.search(memory.layout.facts("ola"))
    assert rows and all("search" not in i.value and "tier" not in i.value for i in rows)
    assert "chess" in memory.recall("ola", "how do I get better at chess?").block


def test_a_held_turn_on_edge_reads_only_the_version_and_sees_every_write(
    tmp_path: Path,
) -> None:
    store = make_store("qdrant_edge", tmp_path)
    assert isinstance(store, QdrantStore)
    clock = Clock()
    here = FactMemory(store, clock=clock)
    there = FactMemory(store, clock=clock)  # another process over the same store
    assert here.plans.hold_ranked
    there.remember_many("ada", [cand("city", "Oslo", "Lives in Oslo."), *FACTS[4:12]])
    first = here.recall("ada", "where do I live? any chess?")
    assert len(here.recall_cache) == 0  # a request asked once is not held
    here.recall("ada", "where do I live? any chess?")  # asked again: held from now on
    counter = ReadCounter(store)
    again = here.recall("ada", "where do I live? any chess?")
    assert again == first and here.recall_cache.hits == 1
    assert counter.items <= 3  # settings, version, profile row: no fact row
    # every write, from here or elsewhere, is seen at once
    there.remember("ada", cand("city", "Bergen", "Moved to Bergen."))
    block = here.recall("ada", "where do I live? any chess?").block
    assert "Bergen" in block and "Oslo" not in block and "chess" in block
    (chess,) = [k.fact.fact_id for k in here.recall("ada", "any chess?").kept if k.why != "profile"]
    here.recall("ada", "any chess?")
    here.recall("ada", "any chess?")
    here.forget("ada", chess)
    assert "chess" not in here.recall("ada", "any chess?").block
    here.set_memory("ada", False)
    assert here.recall("ada", "where do I live? any chess?").block == ""
    store.close()


def test_candidates_are_not_held_behind_a_store_that_may_show_a_version_early(
    tmp_path: Path,
) -> None:
    store = make_store("qdrant_edge", tmp_path)
    with ResilientStore(store, read_timeout=None, write_timeout=None) as wrapped:
        memory = FactMemory(wrapped, clock=Clock())
        assert memory.plans.ranked and not memory.plans.hold_ranked
        memory.remember("bo", cand("city", "Oslo", "Lives in Oslo."))
        memory.recall("bo", "where do I live?")
        memory.recall("bo", "where do I live?")
        assert memory.recall_cache.hits == 0 and len(memory.recall_cache) == 0


def test_requests_asked_once_fill_no_cache_and_a_repeated_one_is_held(tmp_path: Path) -> None:
    """Most requests are never asked twice in the same words: holding each one's candidates
    on first sight would fill the cache with copies nobody reads again (and keep the
    garbage collector busy on first turns). Only a request asked again is held."""
    store = make_store("qdrant_edge", tmp_path)
    memory = FactMemory(store, clock=Clock())
    memory.remember_many("ada", [cand("city", "Oslo", "Lives in Oslo."), *FACTS[4:12]])
    for i in range(30):
        memory.recall("ada", f"plan day {i} of my trip, any chess clubs?")
    assert len(memory.recall_cache) == 0 and memory.recall_cache.facts_held == 0
    ask = "where do I live? any chess?"
    first = memory.recall("ada", ask)
    assert memory.recall("ada", ask) == first and memory.recall_cache.facts_held > 0
    assert memory.recall("ada", ask) == first and memory.recall_cache.hits == 1
    store.close()
