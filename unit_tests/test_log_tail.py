"""The decision log's newest entries ride in the version row (``planner.LOG_TAIL``, #14).

A write of facts rewrites the version row anyway, so its decisions go there instead of into
a log row of their own (one engine point fewer per ``remember``); a full tail goes out as
one log row. What users see must not change: every decision listed in order, no fact text,
a forgotten fact's decisions gone, the erasure audit kept across ``forget_all``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from langgraph.store.base import BaseStore

from langmem_plus.facts import planner
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import CandidateFact
from unit_tests.conftest import make_store
from unit_tests.test_memory_support import Clock


def craft(i: int) -> CandidateFact:
    return CandidateFact(
        kind="fact", predicate="hobby", object=f"lacquer craft {i}", text=f"Does lacquer craft {i}."
    )


def log_rows(store: BaseStore, memory: FactMemory, user: str) -> int:
    return len(store.search(memory.layout.log(user), limit=1000))


@pytest.mark.parametrize("engine", ["inmemory", "qdrant_edge"])
def test_single_remembers_log_every_decision_in_a_log_row_per_full_tail(
    engine: str, tmp_path: Path
) -> None:
    store = make_store(engine, tmp_path)
    memory = FactMemory(store, clock=Clock())
    n = 2 * planner.LOG_TAIL + 5
    ids = [memory.remember("reza", craft(i)).fact_id for i in range(n)]
    # one log row per LOG_TAIL + 1 decisions, not one per decision
    assert log_rows(store, memory, "reza") == n // (planner.LOG_TAIL + 1)
    log = memory.decision_log("reza")
    assert [(e.action, e.fact_id) for e in log] == [("new", i) for i in ids]
    assert not any("lacquer" in repr(e) for e in log)
    meta = store.get(memory.layout.profile("reza"), "meta")
    assert meta is not None and len(meta.value["log"]) == n % (planner.LOG_TAIL + 1)


@pytest.mark.parametrize("engine", ["inmemory", "qdrant_edge"])
def test_forget_removes_a_decision_held_in_the_version_row_and_forget_all_keeps_audits(
    engine: str, tmp_path: Path
) -> None:
    store: BaseStore = make_store(engine, tmp_path)
    memory = FactMemory(store, clock=Clock())
    ids = [memory.remember("reza", craft(i)).fact_id for i in range(3)]
    receipt = memory.forget("reza", ids[1])  # its decision is in the version row's tail
    assert receipt.places["log entries"] == 1
    assert [(e.action, e.fact_id) for e in memory.decision_log("reza")] == [
        ("new", ids[0]), ("new", ids[2]), ("forgotten", None)
    ]
    memory.verdict("reza", ids[0], "confirmed")
    assert memory.decision_log("reza")[-1].action == "verdict:confirmed"
    erased = memory.forget_all("reza")
    assert erased.places["log entries"] == 3  # two "new" and the verdict
    # the earlier erasure's audit left the version row (which forget_all deletes) intact
    assert [(e.action, e.fact_id) for e in memory.decision_log("reza")] == [
        ("forgotten", None), ("forgotten", None)
    ]
    assert store.get(memory.layout.profile("reza"), "meta") is None
    again = memory.forget_all("reza")  # nothing left to erase: the audits stay
    assert again.fact_ids == ()
    assert [e.action for e in memory.decision_log("reza")] == ["forgotten", "forgotten"]


def test_a_version_row_without_a_tail_and_old_log_rows_read_as_before(tmp_path: Path) -> None:
    store = make_store("inmemory", tmp_path)
    memory = FactMemory(store, clock=Clock())
    first = memory.remember("reza", craft(0)).fact_id
    lay = memory.layout
    meta = store.get(lay.profile("reza"), "meta")
    assert meta is not None
    # as an older release wrote it: the decision in its own log row, none in the version row
    entry = meta.value["log"][0]
    store.put(lay.log("reza"), "20260101T000000.000000-0000abcd", dict(entry))
    store.put(lay.profile("reza"), "meta", {k: v for k, v in meta.value.items() if k != "log"})
    second = memory.remember("reza", craft(1)).fact_id
    assert [(e.action, e.fact_id) for e in memory.decision_log("reza")] == [
        ("new", first), ("new", second)
    ]
