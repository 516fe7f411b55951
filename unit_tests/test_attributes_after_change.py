"""A switch whose new value is said in a clause of its own, after the clause that makes
the change (issue 12, kind 10: one at a time): "swapped vets — it's X now", "our
insurer changed, it's X these days", "dumped X. Y going forward", "the X is gone; I've got
a Y now". The old value stops being sent, the new one is."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

from langmem_plus.extraction import RuleExtractor
from unit_tests.test_graph_support import Clock, RecordingModel, build_chatbot

NOW = datetime(2026, 6, 1, tzinfo=timezone.utc)


def _read(text: str) -> list[tuple[str, str, str | None]]:
    found = RuleExtractor().extract_detailed([HumanMessage(text, id="m1")], now=NOW, user_id="u")
    return [(c.predicate, c.object, c.replaces) for c in found.candidates if c.polarity == "assert"]


@pytest.mark.parametrize(
    ("said", "predicate", "value"),
    [
        ("changed banks — it's Fernhill Savings now", "bank", "Fernhill Savings"),
        ("our home insurer changed, it's Pennant Mutual these days", "home_insurer",
         "Pennant Mutual"),
        ("My energy supplier has switched; it is Lumen Power now.", "energy_supplier",
         "Lumen Power"),
        ("honestly since march my gym's been Ironbark Studio", "gym", "Ironbark Studio"),
        ("Our broadband provider has been Kitewire since the spring.", "internet_provider",
         "Kitewire"),
    ],
)  # fmt: skip
def test_the_new_value_in_its_own_clause_takes_the_attribute_named_before_it(
    said: str, predicate: str, value: str
) -> None:
    assert (predicate, value, None) in _read(said)


@pytest.mark.parametrize(
    ("said", "new", "old"),
    [
        ("dumped Zellcom. Brightwave going forward", "Brightwave", "Zellcom"),
        ("The Lumio X3 is gone; I've got a Pebble Nova now.", "Pebble Nova", "Lumio X3"),
        ("finally got rid of the Vantor 7, we're using a Kestrel Duo now", "Kestrel Duo",
         "Vantor 7"),
    ],
)  # fmt: skip
def test_a_value_given_up_then_the_next_one_is_a_switch(said: str, new: str, old: str) -> None:
    assert ("switched_to", new, old) in _read(said)


@pytest.mark.parametrize(
    "said",
    [
        "changed my mind — it's fine now",
        "the meeting is over; I've got a dentist appointment now",
        "my laptop's been slow lately",
    ],
)
def test_a_clause_after_no_change_of_a_holding_is_no_switch(said: str) -> None:
    assert not [r for r in _read(said) if r[1] in ("fine", "dentist appointment", "slow")]


def _chat() -> tuple[Any, Clock, dict[str, Any]]:
    model, clock, store = RecordingModel(), Clock(), InMemoryStore()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    return graph, clock, {"configurable": {"thread_id": "a", "user_id": "u"}}


@pytest.mark.parametrize(
    ("first", "switch", "request_text", "new", "old"),
    [
        ("our vet is Molar & Paws", "swapped vets — it's Harbour Animal Clinic now",
         "my vet wants a new patient form, what do I bring?", "Harbour Animal Clinic",
         "Molar & Paws"),
        ("My running club is Fellside Harriers.", "ditched Fellside Harriers. Tarn Striders "
         "from now on", "what should I pack for my running club's away meet?", "Tarn Striders",
         "Fellside Harriers"),
        ("fyi my phone is a Lumio X3", "The Lumio X3 is gone; I've got a Pebble Nova now.",
         "how do I back up my phone before a trip?", "Pebble Nova", "Lumio X3"),
    ],
)  # fmt: skip
def test_after_the_switch_only_the_new_value_is_sent(
    first: str, switch: str, request_text: str, new: str, old: str
) -> None:
    graph, clock, cfg = _chat()
    graph.invoke({"messages": [("user", first)]}, cfg)
    clock.advance(days=3)
    graph.invoke({"messages": [("user", switch)]}, cfg)
    clock.advance(days=2)
    out = graph.invoke({"messages": [("user", request_text)]}, cfg)
    assert new in out["memory_block"]
    assert old not in out["memory_context"]


@pytest.mark.parametrize(
    ("said", "predicate", "value", "old"),
    [
        ("swapped banks: ditched Fernhill Savings, we're with Quarrybank now", "bank",
         "Quarrybank", "Fernhill Savings"),
        ("changed my phone network, dropped Skylink, I'm on Tarn Mobile now",
         "phone_plan", "Tarn Mobile", "Skylink"),
        ("switched gyms. cancelled Ironbark Studio; I'm at Basalt Climbing now", "gym",
         "Basalt Climbing", "Ironbark Studio"),
    ],
)  # fmt: skip
def test_a_change_named_before_the_value_given_up_names_the_attribute(
    said: str, predicate: str, value: str, old: str
) -> None:
    """"switched gyms: cancelled X, I'm at Y now": the piece before the one that gives X up
    names what changed, so Y takes that slot even when X was never stored (#12)."""
    assert _read(said) == [(predicate, value, old)]


def test_a_change_of_mind_names_no_attribute() -> None:
    assert _read("changed my mind, cancelled Fernhill Savings, I'm on Quarrybank now") == [
        ("switched_to", "Quarrybank", "Fernhill Savings")
    ]
