"""``remember_many``: the decisions and the stored memory of one ``remember`` after another,
in one read and one write batch per chunk of candidates."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from langgraph.store.base import BaseStore, Op, PutOp, Result, SearchOp

from langmem_plus.facts import planner
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import CandidateFact
from unit_tests.conftest import make_store
from unit_tests.test_memory_support import START, Clock

PREDICATES = [
    ("fact", "user", "city", ["Oslo", "Bergen", "Lyon", "oslo"]),
    ("fact", "user", "employer", ["Acme", "Fjord AS"]),
    ("fact", "user", "allergy", ["peanuts", "kiwi", "Peanuts"]),
    ("preference", "user", "units", ["metric", "imperial"]),
    ("fact", "user", "hobby", ["chess", "sailing"]),
    ("fact", "atlas.db", "database", ["PostgreSQL 16", "MySQL"]),
    ("fact", "user", "barber", ["Sven", "Kari"]),
    ("mood", "user", "mood", ["tired"]),
]


def random_candidate(rng: random.Random) -> dict[str, Any]:
    kind, subject, predicate, values = rng.choice(PREDICATES)
    value = rng.choice(values)
    c: dict[str, Any] = {
        "kind": kind,
        "subject": subject,
        "predicate": predicate,
        "object": value,
        "text": f"The {predicate} is {value}.",
        "message_id": f"m{rng.randrange(6)}",
    }
    if subject == "atlas.db":
        c["scope"] = "atlas"
    roll = rng.random()
    if roll < 0.12:
        c["polarity"] = "retract"
        c["object"] = rng.choice([value, "*"])
    elif roll < 0.2:
        c["corrects"] = rng.choice(values)
    elif roll < 0.26:
        c["holder"] = "sister"
    elif roll < 0.3:
        c["modality"] = "hypothetical"
    elif roll < 0.36:
        c["valid_from"] = START - timedelta(days=rng.randrange(1, 400))
        c["time_stated"] = True
    elif roll < 0.4:
        c["single_valued"] = True
    elif roll < 0.42:
        c = {"kind": "fact", "predicate": "city"}  # malformed: no object, no text
    if rng.random() < 0.5:
        return c
    try:
        return CandidateFact.model_validate(c).model_dump()
    except ValueError:
        return c


def versions_of(memory: FactMemory, user: str) -> list[Any]:
    return memory.run(memory.plans.all_versions(user))


def state(memory: FactMemory, user: str) -> tuple[Any, ...]:
    versions = [f.model_dump(mode="json") for f in versions_of(memory, user)]
    log = [(e.action, e.fact_id, e.reason) for e in memory.decision_log(user)]
    request = "where do I live, who do I work for, what database?"
    recall = memory.recall(user, request, scope="atlas")
    return versions, log, memory.profile(user), recall.block


def decisions(ds: Iterable[Any]) -> list[tuple[Any, ...]]:
    return [(d.action, d.code, d.fact_id, d.category) for d in ds]


@pytest.mark.parametrize("engine", ["inmemory", "qdrant_edge"])
@pytest.mark.parametrize(("chunk", "scan_slots"), [(3, 8), (3, 0), (256, 8), (256, 0)])
def test_remember_many_decides_and_stores_exactly_as_sequential_remembers(
    engine: str, chunk: int, scan_slots: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(planner, "CHUNK", chunk)
    monkeypatch.setattr(planner, "SCAN_SLOTS", scan_slots)  # 0: always one scan of all rows
    one_by_one = FactMemory(make_store(engine, tmp_path / "a"), clock=Clock())
    batched = FactMemory(make_store(engine, tmp_path / "b"), clock=Clock())
    rng = random.Random(f"{engine}-{chunk}-{scan_slots}")
    for round_ in range(30):
        user = f"u{round_ % 4}"
        batch = [random_candidate(rng) for _ in range(rng.randrange(1, 14))]
        seq = [one_by_one.remember(user, c, session_id=f"s{round_}") for c in batch]
        many = batched.remember_many(user, batch, session_id=f"s{round_}")
        assert decisions(many) == decisions(seq), (round_, batch)
        assert state(batched, user) == state(one_by_one, user), round_


class WriteCounter:
    """Counts the store batches of a call and the puts in them."""

    def __init__(self, store: BaseStore) -> None:
        self.store = store
        self.batches: list[list[Op]] = []
        original = store.batch

        def batch(ops: Iterable[Op]) -> list[Result]:
            ops = list(ops)
            self.batches.append(ops)
            return original(ops)

        store.batch = batch  # type: ignore[method-assign]


def test_a_back_fill_of_hundreds_of_facts_is_one_read_and_one_write_batch(tmp_path: Path) -> None:
    store = make_store("qdrant_edge", tmp_path)
    memory = FactMemory(store, clock=Clock())
    facts = [
        CandidateFact(
            kind="fact", predicate="hobby", object=f"hobby {i}", text=f"Likes hobby {i}."
        )
        for i in range(300)
    ]
    counter = WriteCounter(store)
    out = memory.remember_many("imp", facts)
    assert [d.action for d in out] == ["new"] * 300
    assert len(counter.batches) == 2  # one read and one write batch for all 300 (#14)
    writes = [op for ops in counter.batches for op in ops if isinstance(op, PutOp)]
    assert sum(op.namespace[-1] == "facts" for op in writes) == 300
    assert len(versions_of(memory, "imp")) == 300


@pytest.mark.parametrize("slots", [1, 12])
def test_a_long_back_fill_reads_each_slot_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, slots: int
) -> None:
    # steps of 50 candidates: a later step decides on the rows the earlier ones left,
    # without reading the slot (one slot) or the whole namespace (12 slots) again
    monkeypatch.setattr(planner, "CHUNK", 50)
    store = make_store("qdrant_edge", tmp_path)
    memory = FactMemory(store, clock=Clock())
    facts = [
        CandidateFact(kind="fact", predicate=f"hobby_{i % 170 % slots}",
                      object=f"hobby {i % 170}", text=f"Likes hobby {i % 170}.")
        for i in range(200)
    ]
    counter = WriteCounter(store)
    out = memory.remember_many("imp", facts)
    searches = [op for ops in counter.batches for op in ops if isinstance(op, SearchOp)]
    assert len(searches) == (1 if slots > planner.SCAN_SLOTS else slots)
    assert len(counter.batches) == 5  # one read, then four write batches
    assert [d.action for d in out] == ["new"] * 170 + ["reconfirmed"] * 30
    assert len(versions_of(memory, "imp")) == 170


def test_a_back_fill_of_a_new_user_reads_no_slot_and_a_later_one_reads_them(
    tmp_path: Path,
) -> None:
    # several slots: the version row is read first; a user without one has no rows (#14)
    store = make_store("qdrant_edge", tmp_path)
    memory = FactMemory(store, clock=Clock())

    def said(town: str, firm: str, craft: str) -> list[CandidateFact]:
        return [
            CandidateFact(kind="fact", predicate="city", object=town, text=f"Lives in {town}."),
            CandidateFact(kind="fact", predicate="employer", object=firm, text=f"Works at {firm}."),
            CandidateFact(kind="fact", predicate="hobby", object=craft, text=f"Does {craft}."),
        ]

    counter = WriteCounter(store)
    first = memory.remember_many("tove", said("Tromso", "Nordlys AB", "kite making"))
    assert [d.action for d in first] == ["new"] * 3
    assert not any(isinstance(op, SearchOp) for ops in counter.batches for op in ops)
    assert len(counter.batches) == 2  # the version row (none), then the writes
    counter.batches.clear()
    again = memory.remember_many("tove", said("Bodo", "Nordlys AB", "kite making"))
    assert [d.action for d in again] == ["superseded", "reconfirmed", "reconfirmed"]
    searches = [op for ops in counter.batches for op in ops if isinstance(op, SearchOp)]
    assert len(searches) == 3  # one per slot, after the version row was found
    assert memory.profile("tove") == (
        "Location: city: Bodo\nWork: employer: Nordlys AB\nInterests: hobby: kite making"
    )


def test_aremember_many_matches_remember_many(tmp_path: Path) -> None:
    rng = random.Random(5)
    batch = [random_candidate(rng) for _ in range(40)]
    sync = FactMemory(make_store("inmemory", tmp_path), clock=Clock())
    asy = FactMemory(make_store("inmemory", tmp_path), clock=Clock())
    expected = decisions(sync.remember_many("u", batch))
    assert decisions(asyncio.run(asy.aremember_many("u", batch))) == expected
    assert state(asy, "u") == state(sync, "u")


def test_remember_many_with_memory_off_stores_nothing(tmp_path: Path) -> None:
    memory = FactMemory(make_store("qdrant_edge", tmp_path), clock=Clock())
    memory.set_memory("u", "off")
    rng = random.Random(2)
    out = memory.remember_many("u", [random_candidate(rng) for _ in range(5)])
    assert {d.code for d in out} == {"memory_off"}
    assert versions_of(memory, "u") == [] and memory.decision_log("u") == []


def test_a_back_fill_logs_each_decision_and_forget_removes_only_the_forgotten(
    tmp_path: Path,
) -> None:
    store = make_store("qdrant_edge", tmp_path)
    memory = FactMemory(store, clock=Clock())
    facts = [
        CandidateFact(kind="fact", predicate="hobby", object=f"hobby {i}", text=f"Likes hobby {i}.")
        for i in range(5)
    ]
    counter = WriteCounter(store)
    out = memory.remember_many("imp", facts)
    # the step's five decisions ride in the version row it rewrites anyway: no log point
    puts = [op for ops in counter.batches for op in ops if isinstance(op, PutOp)]
    assert [op for op in puts if op.namespace[-1] == "log"] == []
    assert len([op for op in puts if op.key == "meta"]) == 1
    ids = [d.fact_id for d in out]
    assert [(e.action, e.fact_id) for e in memory.decision_log("imp")] == [
        ("new", i) for i in ids
    ]

    assert memory.forget("imp", ids[1]).places["log entries"] == 1
    assert memory.forget("imp", ids[3]).places["log entries"] == 1
    left = [e.fact_id for e in memory.decision_log("imp") if e.action == "new"]
    assert left == [ids[0], ids[2], ids[4]]
    assert memory.forget_all("imp").places["log entries"] == 3
    assert [e.action for e in memory.decision_log("imp")] == ["forgotten"] * 3
