"""A switch said as a farewell to one value and a greeting to the next (issue 12, kind 10:
one at a time): the old value stops being sent, the new one is."""

from __future__ import annotations

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

from langmem_plus.extraction.attributes import read_attributes
from unit_tests.test_graph_support import Clock, RecordingModel, build_chatbot


@pytest.mark.parametrize(
    ("said", "new", "old"),
    [
        ("Goodbye Thinkpad X1, hello Framework 13.", "Framework 13", "Thinkpad X1"),
        ("bye bye Lebara, hello Smarty!! so much cheaper", "Smarty", "Lebara"),
        ("Hello Octopus Energy, so long British Gas", "Octopus Energy", "British Gas"),
        ("farewell my old Kindle Paperwhite — hello Kobo Libra", "Kobo Libra", "Kindle Paperwhite"),
    ],
)
def test_a_farewell_and_a_greeting_read_as_a_switch(said: str, new: str, old: str) -> None:
    [r] = read_attributes(said)
    assert (r.value, r.replaces) == (new, old)


@pytest.mark.parametrize(
    "said", ["goodbye summer, hello autumn", "bye for now, hello to everyone", "hi all, bye"]
)
def test_a_farewell_to_a_season_or_a_person_is_not_a_switch(said: str) -> None:
    assert read_attributes(said) == []


def test_the_value_said_goodbye_to_is_no_longer_sent() -> None:
    model, clock, store = RecordingModel(), Clock(), InMemoryStore()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    cfg = {"configurable": {"thread_id": "a", "user_id": "u"}}
    graph.invoke({"messages": [("user", "fwiw my laptop: Thinkpad X1")]}, cfg)
    clock.advance(days=4)
    graph.invoke({"messages": [("user", "Goodbye Thinkpad X1, hello Framework 13.")]}, cfg)
    clock.advance(days=4)
    out = graph.invoke(
        {"messages": [("user", "my laptop runs hot, what can I do?")]},
        {"configurable": {"thread_id": "b", "user_id": "u"}},
    )
    assert "Framework 13" in out["memory_block"]
    assert "Thinkpad" not in out["memory_block"]
