"""Review findings of issue 12, as a user sees them: consolidation keeps the right value per
slot, the memory page groups a declared one-at-a-time attribute's versions, and the listing
says how each closed version ended (replaced, retracted, or a past state that ended)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from langgraph.store.base import BaseStore
from langgraph.store.memory import InMemoryStore

from langmem_plus.facts.memory import FactMemory
from langmem_plus.nodes.common import collapse_corrections
from langmem_plus.web.records import Records
from unit_tests.test_memory_support import START, Clock, cand


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def memory(base_store: BaseStore, clock: Clock) -> FactMemory:
    return FactMemory(base_store, clock=clock)


def _values(candidates: list) -> list[str]:  # type: ignore[type-arg]
    return [c.object for c in candidates]


def test_consolidation_keeps_the_last_value_of_each_slot_not_of_each_subject() -> None:
    mem = FactMemory(InMemoryStore())
    said = [
        cand("city", "Munich", "Lives in Munich."),
        cand("city", "Berlin", "Lives in Berlin."),  # "sorry, I meant Berlin"
        cand("city", "Bergen", "The user's sister lives in Bergen.", holder="my sister"),
        cand("employer", "Acme", "Works at Acme."),
    ]
    # the sister's city is her slot, not the user's; the employer is another slot
    assert _values(collapse_corrections(mem, said)) == ["Berlin", "Bergen", "Acme"]


def test_consolidation_never_lets_a_non_statement_hide_the_users_value() -> None:
    mem = FactMemory(InMemoryStore())
    said = [
        cand("city", "Lyon", "Lives in Lyon."),
        cand("city", "Nice", "Would live in Nice.", modality="hypothetical"),
        cand("city", "Porto", "Lives in Porto.", provenance="quoted"),
        cand("city", "Metz", "Lived in Metz.", valid_to=START - timedelta(days=400)),
        cand("employer", "Acme", "Works at Acme."),
        cand("employer", "Initech", "No longer works at Initech.", polarity="retract"),
    ]
    kept = _values(collapse_corrections(mem, said))
    assert kept == ["Lyon", "Nice", "Porto", "Metz", "Acme", "Initech"]


def test_consolidation_respects_a_declared_one_at_a_time_attribute() -> None:
    mem = FactMemory(InMemoryStore())
    said = [
        cand("barber", "Tomek", "Goes to Tomek for haircuts.", single_valued=True),
        cand("barber", "Aziz", "Goes to Aziz for haircuts.", single_valued=True),
        cand("board_game", "Catan", "Likes Catan."),  # unknown, undeclared: accumulates
        cand("board_game", "Azul", "Likes Azul."),
    ]
    assert _values(collapse_corrections(mem, said)) == ["Aziz", "Catan", "Azul"]


def test_a_declared_one_at_a_time_attributes_versions_are_one_memory(
    memory: FactMemory, clock: Clock
) -> None:
    memory.remember("lea", cand("barber", "Tomek", "Goes to Tomek.", single_valued=True))
    clock.advance(days=4)
    memory.remember("lea", cand("barber", "Aziz", "Goes to Aziz.", single_valued=True))
    groups = Records(memory).groups("lea")
    assert [[r.fact.object for r in g.rows] for g in groups] == [["Aziz", "Tomek"]]
    assert groups[0].earlier[0].listed.status.startswith("replaced on")


def test_the_listing_says_retracted_and_ended_not_replaced(
    memory: FactMemory, clock: Clock
) -> None:
    memory.remember("lea", cand("pet", "Rex", "Has a dog named Rex."))
    memory.remember("lea", cand("city", "Munich", "Lives in Munich."))
    clock.advance(days=2)
    memory.remember("lea", cand("city", "Berlin", "Lives in Berlin."))
    memory.remember(
        "lea", cand("pet", "Rex", "Rex died.", polarity="retract", valid_from=clock.now)
    )
    back_then = clock.now - timedelta(days=300)
    memory.remember("lea", cand("employer", "Initech", "Worked at Initech.", valid_to=back_then))
    status = {x.text: x.status for x in memory.list("lea")}
    day = clock.now.date().isoformat()
    assert status["Lives in Munich."] == f"replaced on {day}"
    assert status["Has a dog named Rex."] == f"retracted on {day}"
    assert status["Worked at Initech."] == f"ended on {back_then.date().isoformat()}"
    assert status["Lives in Berlin."] == "current"
