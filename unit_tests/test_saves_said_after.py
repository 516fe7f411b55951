"""Explicit saves that come back (issue 12, kind 8), in the shapes the rule path missed:
the ask to keep said after what it keeps ("... Please log this in your memory."), a label
lead with an arrow ("memo for you -> ..."), the third person models and forms use ("the
user ..."), an aversion said by its evaluation ("X is my idea of torture"), a budget in
words ("under thirty pounds"), and a habit anchored to a point of the day."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

from langmem_plus.extraction import RuleExtractor
from langmem_plus.extraction.saves import saved_after
from unit_tests.test_graph_support import Clock, RecordingModel, build_chatbot

NOW = datetime(2026, 6, 1, tzinfo=timezone.utc)


def _typed(text: str) -> list[tuple[str, str]]:
    found = RuleExtractor().extract_detailed([HumanMessage(text, id="m1")], now=NOW, user_id="u")
    return [(c.predicate, c.object) for c in found.candidates]


@pytest.mark.parametrize(
    ("said", "predicate", "value"),
    [
        ("I find okra utterly vile. Please log this in your memory.", "dislike", "okra"),
        ("honestly line dancing is my idea of torture. keep that in mind, ok?", "dislike",
         "line dancing"),
        ("Dear assistant, kindly remember: anchovies are a hard no from me.", "dislike",
         "anchovies"),
        ("pls remember liquorice is the one sweet I won't eat", "dislike", "liquorice"),
        ("I can't put up with jazz fusion. Don't forget that.", "dislike", "jazz fusion"),
        ("memo for you -> user gets an allergic reaction to lychee", "allergy", "lychee"),
    ],
)  # fmt: skip
def test_an_explicit_save_is_typed_whatever_its_shape(
    said: str, predicate: str, value: str
) -> None:
    assert (predicate, value) in _typed(said)


def test_a_save_said_after_the_words_it_keeps() -> None:
    assert saved_after(". Please log this in your memory.")
    assert saved_after(" — keep that in mind going forward, yeah?")
    assert not saved_after(". I'll note that down later")
    assert not saved_after(", and I remember that film")


def test_the_third_person_preference_a_form_writes_is_kept() -> None:
    said = "The user prefers an aisle seat on long flights. Please store this in memory."
    assert [p for p, _ in _typed(said)] == ["prefers"]


@pytest.mark.parametrize(
    ("save", "request_text", "value"),
    [
        ("Memory update: the user keeps restaurant bills under forty dollars a head.",
         "pick a place for dinner with friends tonight", "forty dollars"),
        ("The user plays the harp for twenty minutes before bed. Please remember that.",
         "help me plan a calmer evening", "harp"),
        ("I find coriander utterly revolting, remember that for me", "a salsa recipe for tacos",
         "coriander"),
    ],
)  # fmt: skip
def test_a_kept_constraint_routine_or_dislike_reaches_a_request_it_bears_on(
    save: str, request_text: str, value: str
) -> None:
    model, clock, store = RecordingModel(), Clock(), InMemoryStore()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    first = {"configurable": {"thread_id": "a", "user_id": "u"}}
    graph.invoke({"messages": [("user", save)]}, first)
    clock.advance(days=2)
    out = graph.invoke(
        {"messages": [("user", request_text)]}, {"configurable": {"thread_id": "b", "user_id": "u"}}
    )
    assert value in out["memory_block"]


@pytest.mark.parametrize(
    ("said", "predicate", "value"),
    [
        ("Hello,\n\nFor future reference, please make a note that marzipan is my idea of "
         "torture.\n\nBest", "dislike", "marzipan"),
        ("For next time, keep this: I won't ride on ferries.", "constraint",
         "won't ride on ferries"),
    ],
)  # fmt: skip
def test_stacked_leads_keep_the_innermost_words(said: str, predicate: str, value: str) -> None:
    assert (predicate, value) in _typed(said)
