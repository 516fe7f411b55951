"""A lone retraction reads its slot, and the rest of its subject only when the slot holds
nothing it names (issue #14): the decisions are those of a read of the whole subject."""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

import pytest
from langgraph.store.base import BaseStore, Op, Result, SearchOp
from langgraph.store.memory import InMemoryStore

from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import CandidateFact
from unit_tests.conftest import make_store
from unit_tests.test_memory_support import Clock


class _Open(InMemoryStore):
    """An ``InMemoryStore`` whose ``batch`` an instance attribute may wrap."""


def _store(engine: str, path: Path) -> BaseStore:
    return _Open() if engine == "inmemory" else make_store(engine, path)


def _current(memory: FactMemory) -> list[str]:
    return sorted(f.object for f in memory.run(memory.plans.all_versions("u")) if f.is_current)


def _searches(store: BaseStore) -> list[SearchOp]:
    seen: list[SearchOp] = []
    original = store.batch

    def batch(ops: Iterable[Op]) -> list[Result]:
        ops = list(ops)
        seen.extend(op for op in ops if isinstance(op, SearchOp))
        return original(ops)

    store.batch = batch  # type: ignore[method-assign]
    return seen


def _say(predicate: str, obj: str, text: str, **extra: object) -> CandidateFact:
    return CandidateFact(kind="fact", predicate=predicate, object=obj, text=text, **extra)


@pytest.mark.parametrize("engine", ["inmemory", "qdrant_edge"])
def test_a_retraction_named_in_its_slot_reads_only_the_slot(engine: str, tmp_path: Path) -> None:
    store = _store(engine, tmp_path)
    memory = FactMemory(store, clock=Clock())
    memory.remember_many("u", [_say("hobby", f"game {i}", f"Plays game {i}.") for i in range(30)])
    memory.remember("u", _say("employer", "Acme", "Works at Acme."))
    searches = _searches(store)
    d = memory.remember("u", _say("hobby", "game 7", "No longer plays game 7.", polarity="retract"))
    assert (d.action, d.code) == ("retracted", "retracted")
    assert [op.filter for op in searches] == [{"subject": "user", "predicate": "hobby"}]
    assert _current(memory) == sorted(["Acme", *(f"game {i}" for i in range(30) if i != 7)])


@pytest.mark.parametrize("engine", ["inmemory", "qdrant_edge"])
def test_a_retraction_held_under_another_predicate_is_still_found(
    engine: str, tmp_path: Path
) -> None:
    store = _store(engine, tmp_path)
    memory = FactMemory(store, clock=Clock())
    memory.remember("u", _say("hobby", "the choir", "Sings in the choir."))
    searches = _searches(store)
    d = memory.remember("u", _say("membership", "the choir", "Left the choir.", polarity="retract"))
    assert (d.action, d.code) == ("retracted", "retracted")
    assert [op.filter for op in searches] == [
        {"subject": "user", "predicate": "membership"},
        {"subject": "user"},
    ]
    assert _current(memory) == []


VALUES = ["chess", "the choir", "Acme", "Rex", "a dog named Rex", "Oslo", "tennis", "*", ""]
PREDICATES = ["hobby", "membership", "employer", "pet", "city", "sport"]


def test_lone_retractions_decide_as_on_the_whole_subject(tmp_path: Path) -> None:
    rng = random.Random(14)
    for round_ in range(40):
        memory = FactMemory(make_store("inmemory", tmp_path / str(round_)), clock=Clock())
        held = [
            _say(rng.choice(PREDICATES), v, f"Has {v}.")
            for v in rng.sample([v for v in VALUES if v not in ("*", "")], rng.randrange(1, 5))
        ]
        memory.remember_many("u", held)
        versions = memory.run(memory.plans.all_versions("u"))
        subject_rows = [f for f in versions if f.is_current and f.subject == "user"]
        gone = _say(
            rng.choice(PREDICATES), rng.choice(VALUES) or "*", "No longer has it.",
            polarity="retract",
        )
        now = memory.clock()
        expected = memory.policy.decide(gone, user_id="u", current=subject_rows, now=now)
        memory.clock = lambda now=now: now  # type: ignore[misc]
        d = memory.remember("u", gone)
        assert (d.action, d.code, d.fact_id) == (expected.action, expected.code, expected.fact_id)
        assert {f.fact_id for f in d.closed} == {f.fact_id for f in expected.closed}
