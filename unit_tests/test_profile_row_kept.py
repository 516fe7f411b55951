"""A remember that changes no profile fact leaves the profile row as it is (issue #14).

The version row then names the kept row (``profile_etag``), so recall and ``profile`` still
read the profile with one get, and the write is one point lighter (fact, version, log).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from langgraph.store.base import BaseStore, Item, PutOp, Result

from langmem_plus.facts.layout import decode_facts
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.planner import PROFILE_ETAG
from unit_tests.conftest import make_store
from unit_tests.test_memory_support import Clock, cand


class Writes:
    """Records the puts of each ``batch`` call of the store's class (undone by monkeypatch)."""

    def __init__(self, store: BaseStore, monkeypatch: pytest.MonkeyPatch) -> None:
        self.puts: list[list[PutOp]] = []
        inner = type(store).batch

        def batch(this: BaseStore, ops: Any) -> list[Result]:
            ops = list(ops)
            if this is store:
                self.puts.append([op for op in ops if isinstance(op, PutOp)])
            return inner(this, ops)

        monkeypatch.setattr(type(store), "batch", batch)

    def last_keys(self) -> list[str]:
        return [op.key for op in self.puts[-1]]


def rows(store: BaseStore, memory: FactMemory, user: str) -> tuple[Item, Item]:
    lay = memory.layout
    meta, row = store.get(lay.profile(user), "meta"), store.get(lay.profile(user), "rendered")
    assert isinstance(meta, Item) and isinstance(row, Item)
    return meta, row


def profile_row_serves(store: BaseStore, memory: FactMemory, user: str) -> None:
    """The profile row is accepted for the current version and renders the current facts."""
    meta, row = rows(store, memory, user)
    assert memory.plans._row_facts(meta, row) is not None
    facts = decode_facts(store.search(memory.layout.facts(user), limit=1000))
    assert row.value["text"] == memory.plans._render(facts)


@pytest.mark.parametrize("engine", ["inmemory", "qdrant_edge"])
def test_a_non_profile_fact_writes_no_profile_row(
    engine: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = make_store(engine, tmp_path)
    memory = FactMemory(store, clock=Clock(), recall_cache_facts=0)
    memory.remember("noor", cand("city", "Oslo", "Lives in Oslo."))
    _, before = rows(store, memory, "noor")
    spy = Writes(store, monkeypatch)
    d = memory.remember("noor", cand("skill", "chess", "Plays chess at the club."))
    assert d.action == "new"
    written = spy.last_keys()
    assert "rendered" not in written and "meta" in written
    assert len(written) == 2  # the fact, and the version row (which holds its log entry)
    meta, row = rows(store, memory, "noor")
    assert row.value == before.value
    assert meta.value[PROFILE_ETAG] == row.value["etag"] != meta.value["etag"]
    profile_row_serves(store, memory, "noor")
    assert memory.profile("noor") == "Location: city: Oslo"
    block = memory.recall("noor", "where do I live? do I play chess?").block
    assert "Oslo" in block and "chess" in block


@pytest.mark.parametrize("engine", ["inmemory", "qdrant_edge"])
def test_the_kept_row_stays_right_through_every_write_path(engine: str, tmp_path: Path) -> None:
    store = make_store(engine, tmp_path)
    memory = FactMemory(store, clock=Clock(), recall_cache_facts=0)
    steps: list[Any] = [
        lambda: memory.remember("noor", cand("city", "Oslo", "Lives in Oslo.")),
        lambda: memory.remember("noor", cand("skill", "chess", "Plays chess.")),
        lambda: memory.remember("noor", cand("skill", "go", "Plays go.")),
        lambda: memory.remember("noor", cand("city", "Bergen", "Moved to Bergen.")),
        lambda: memory.remember_many(
            "noor", [cand("skill", "golf", "Plays golf."), cand("note", "shed", "Has a shed.")]
        ),
        lambda: memory.remember("noor", cand("employer", "Acme", "Works at Acme.")),
        lambda: memory.remember("noor", cand("skill", "*", "No longer plays.", polarity="retract")),
    ]
    for step in steps:
        step()
        profile_row_serves(store, memory, "noor")
    acme = [f.fact_id for f in memory.list("noor") if "Acme" in f.text]
    memory.verdict("noor", acme[0], "rejected")
    profile_row_serves(store, memory, "noor")
    assert "Acme" not in memory.profile("noor")
    memory.remember("noor", cand("skill", "chess", "Plays chess again."))
    memory.forget("noor", acme[0])
    profile_row_serves(store, memory, "noor")
    assert memory.profile("noor") == "Location: city: Bergen\nNotes: note: Has a shed"
    assert "Location: city: Bergen" in memory.recall("noor", "where do I live?").block


def test_a_stale_row_named_by_nobody_is_still_not_used(tmp_path: Path) -> None:
    store = make_store("qdrant_edge", tmp_path)
    memory = FactMemory(store, clock=Clock(), recall_cache_facts=0)
    memory.remember("kai", cand("city", "Oslo", "Lives in Oslo."))
    memory.remember("kai", cand("skill", "chess", "Plays chess."))
    ns = memory.layout.profile("kai")
    meta, row = rows(store, memory, "kai")
    store.put(ns, "rendered", {**row.value, "etag": "stale", "facts": {}}, index=False)
    assert memory.plans._row_facts(*rows(store, memory, "kai")) is None
    assert "Oslo" in memory.recall("kai", "where do I live?").block  # read in full instead
    memory.remember("kai", cand("skill", "go", "Plays go."))  # rebuilds the row
    meta, row = rows(store, memory, "kai")
    assert row.value["etag"] == meta.value["etag"]
    profile_row_serves(store, memory, "kai")


def test_a_remember_reads_no_row_back_before_it_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The write batch tells the store when each row it rewrites was created (#14): one
    read (the user's rows and the slot) and one upsert, and the creation times stay right."""
    from langmem_plus.stores.engines.edge import EdgeEngine

    store = make_store("qdrant_edge", tmp_path)
    memory = FactMemory(store, clock=Clock(), recall_cache_facts=0)
    memory.remember("noor", cand("city", "Oslo", "Lives in Oslo."))
    memory.remember("noor", cand("skill", "chess", "Plays chess."))
    lay = memory.layout
    first_meta, _ = rows(store, memory, "noor")
    city = store.search(lay.facts("noor"), filter={"predicate": "city"})[0]
    calls: list[str] = []
    inner = EdgeEngine._execute

    def execute(this: EdgeEngine, shard: Any, call: Any) -> Any:
        calls.append(type(call).__name__)
        return inner(this, shard, call)

    monkeypatch.setattr(EdgeEngine, "_execute", execute)
    for obj in ("Bergen", "Tromso"):
        calls.clear()
        d = memory.remember("noor", cand("city", obj, f"Moved to {obj}."))
        assert d.action == "superseded"
        assert calls == ["Retrieve", "Scroll", "Upsert"]
    calls.clear()
    assert memory.remember("noor", cand("skill", "go", "Plays go.")).action == "new"
    assert calls == ["Retrieve", "Scroll", "Upsert"]
    monkeypatch.undo()
    meta, _ = rows(store, memory, "noor")
    assert meta.created_at == first_meta.created_at < meta.updated_at
    moved = store.search(lay.facts("noor"), filter={"predicate": "city"})
    assert [i.value["object"] for i in moved] == ["Tromso"]
    assert moved[0].key == city.key and moved[0].created_at == city.created_at
    assert moved[0].updated_at > city.updated_at
    for item in store.search(lay.history("noor"), limit=100):  # each written once
        assert item.created_at == item.updated_at
    go = store.search(lay.facts("noor"), filter={"predicate": "skill"}, limit=10)
    assert sorted(i.value["object"] for i in go) == ["chess", "go"]
    profile_row_serves(store, memory, "noor")
    assert memory.profile("noor") == "Location: city: Tromso"


def test_a_later_step_of_a_long_import_still_keeps_creation_times(tmp_path: Path) -> None:
    """A ``remember_many`` step after the first does not know the rows' creation times
    from a read (it carries what it wrote): the store reads them, as for any put."""
    from langmem_plus.facts import planner

    store = make_store("qdrant_edge", tmp_path)
    memory = FactMemory(store, clock=Clock(), recall_cache_facts=0)
    memory.remember("noor", cand("city", "Oslo", "Lives in Oslo."))
    first_meta, _ = rows(store, memory, "noor")
    old = planner.CHUNK
    planner.CHUNK = 2
    try:
        memory.remember_many(
            "noor", [cand("skill", f"h{i}", f"Plays h{i}.") for i in range(5)]
        )
    finally:
        planner.CHUNK = old
    meta, _ = rows(store, memory, "noor")
    assert meta.created_at == first_meta.created_at
    assert len(store.search(memory.layout.facts("noor"), limit=100)) == 6
    profile_row_serves(store, memory, "noor")


@pytest.mark.parametrize("engine", ["inmemory", "qdrant_edge"])
def test_a_write_that_changes_one_section_renders_what_a_whole_render_would(
    engine: str, tmp_path: Path
) -> None:
    """A write re-renders only the sections it touches (#14): after every write of a random
    mix of adds, switches, retractions and forgets across sections, preferences and
    attributes, the row holds exactly what rendering every current fact gives."""
    import random

    store = make_store(engine, tmp_path)
    memory = FactMemory(store, clock=Clock(), recall_cache_facts=0)
    rng = random.Random(11)
    slots = [
        ("hobby", ["chess", "go", "kites", "pottery"]),
        ("interest", ["jazz", "F1"]),
        ("child", ["Ana", "Bo"]),
        ("allergy", ["kiwi", "sesame"]),
        ("city", ["Oslo", "Bergen", "Tromso"]),
        ("gym", ["Basalt", "Ironworks"]),  # an attribute
        ("tone", ["formal", "casual"]),  # a preference of no section
    ]
    for _ in range(60):
        predicate, values = rng.choice(slots)
        value = rng.choice(values)
        roll = rng.random()
        kind = "preference" if predicate == "tone" else "fact"
        if roll < 0.15:
            memory.forget("noor", value)
        elif roll < 0.3:
            memory.remember(
                "noor", cand(predicate, value, f"No longer {value}.", polarity="retract")
            )
        else:
            memory.remember("noor", cand(predicate, value, f"{predicate}: {value}.", kind=kind))
        if store.get(memory.layout.profile("noor"), "rendered") is not None:
            profile_row_serves(store, memory, "noor")
