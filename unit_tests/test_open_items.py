"""Undecided items as the open thread of their session (issue 12, kind 9): the options a
session ends on come back on the next session's first turn and to later requests about
them, the value given up on the way never does, and a decision, a discard or time closes
the thread."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from langmem_plus.extraction.base import BaseExtractor, ExtractionResult, UserTurn
from langmem_plus.facts.models import CandidateFact
from langmem_plus.nodes.open_items import live, open_line, relates, scrubbed, updated
from unit_tests.test_graph_support import Clock, RecordingModel, build_chatbot, either_store

store = pytest.fixture(params=["inmemory", "qdrant"])(either_store)

T0 = datetime(2026, 4, 6, 18, 0, tzinfo=timezone.utc)

GIVEN_UP = "was set on the Hobie kayak for the lake"
WEIGHING = (
    "nah, way too pricey. it's the Pescador Pro or the Old Town Loon now, still torn, "
    "remind me next week"
)


class Listed(BaseExtractor):
    """Proposes ``options`` as plans for the message that names them all."""

    def __init__(self, *options: str) -> None:
        super().__init__()
        self.options = options

    def _propose(self, turns: list[UserTurn], scope: str | None) -> ExtractionResult:
        return ExtractionResult(
            [
                CandidateFact(
                    kind="fact",
                    predicate="weighing",  # what the prompt asks of a model
                    object=option,
                    text=f"The user is weighing: {option}.",
                    quote=t.text,
                    message_id=t.message_id,
                    modality="plan",
                )
                for t in turns
                if not t.context and all(o in t.text for o in self.options)
                for option in self.options
            ]
        )


def _weighing() -> Listed:
    """Proposes the two options of ``WEIGHING`` as plans (what a model marks undecided)."""
    return Listed("Pescador Pro", "Old Town Loon")


def test_an_option_the_latest_list_dropped_is_not_in_the_items_line(store: Any) -> None:
    clock = Clock(T0)
    graph = build_chatbot(
        RecordingModel(), clock=clock, extractor=Listed("Tessel", "Lune")
    ).compile(checkpointer=InMemorySaver(), store=store)
    _say(graph, "s1", "shopping for a tent, it's the Farrow or the Tessel")
    clock.advance(minutes=2)
    _say(graph, "s1", "the Farrow is way over budget. Tessel vs Lune then, I'll pick tonight")
    clock.advance(days=3)
    seen = _say(graph, "s2", "ok, which would you go for?")
    assert "Tessel" in seen and "Lune" in seen
    assert "Farrow" not in seen


def _graph(s: Any, clock: Clock) -> Any:
    return build_chatbot(RecordingModel(), clock=clock, extractor=_weighing()).compile(
        checkpointer=InMemorySaver(), store=s
    )


def _say(graph: Any, thread: str, text: str) -> str:
    cfg = {"configurable": {"thread_id": thread, "user_id": "kai"}}
    out = graph.invoke({"messages": [("user", text)]}, cfg)
    return f"{out.get('memory_block') or ''}\n{out.get('memory_opening') or ''}"


def _weigh(graph: Any, clock: Clock) -> None:
    clock.now = T0
    _say(graph, "s1", GIVEN_UP)
    clock.advance(minutes=3)
    _say(graph, "s1", WEIGHING)


def test_next_session_first_turn_shows_the_options_not_the_given_up_one(store: Any) -> None:
    clock = Clock(T0)
    graph = _graph(store, clock)
    _weigh(graph, clock)
    clock.advance(days=6)
    seen = _say(graph, "s2", "hey there")  # says nothing about the kayaks
    assert "Pescador Pro" in seen and "Old Town Loon" in seen
    assert "Hobie" not in seen


@pytest.mark.parametrize(
    "first", ["how long should I boil an egg?", "write a haiku about autumn rain"]
)
def test_a_first_turn_with_its_own_topic_gets_no_options(store: Any, first: str) -> None:
    clock = Clock(T0)
    graph = _graph(store, clock)
    _weigh(graph, clock)
    clock.advance(days=6)
    assert "Pescador" not in _say(graph, "s2", first)


@pytest.mark.parametrize(
    "first", ["morning! how are you?", "which kayak would hold more camping gear?"]
)
def test_a_first_turn_of_small_talk_or_about_the_choice_gets_the_options(
    store: Any, first: str
) -> None:
    clock = Clock(T0)
    graph = _graph(store, clock)
    _weigh(graph, clock)
    clock.advance(days=6)
    seen = _say(graph, "s2", first)
    assert "Pescador Pro" in seen and "Old Town Loon" in seen
    assert "Hobie" not in seen


def test_the_opening_shows_undecided_items_to_a_greeting_not_to_another_topic() -> None:
    from langmem_plus.nodes.lifecycle import opening_context

    items = "Ferro or Lumen for the desk lamp, still torn."
    days = timedelta(days=4)

    def opening(request: str, **kw: Any) -> str:
        return opening_context(days, topic=items, request=request, facts=[], **kw)

    assert "Ferro" in opening("hey there", undecided=True)
    assert "Ferro" in opening("does the lamp take a standard bulb?", undecided=True)
    assert "Ferro" in opening("what did my sister say?", undecided=True, related=True)
    assert "Ferro" not in opening("how do magnets work?", undecided=True)
    assert "Ferro" not in opening("hey there")  # a thread that is not undecided items


def test_a_later_request_about_it_sees_the_options_in_another_session(store: Any) -> None:
    clock = Clock(T0)
    graph = _graph(store, clock)
    _weigh(graph, clock)
    clock.advance(days=3)
    _say(graph, "s2", "morning")
    clock.advance(minutes=10)
    seen = _say(graph, "s3", "which kayak would hold more camping gear?")
    assert "Pescador Pro" in seen and "Old Town Loon" in seen
    assert "not a current fact" in seen
    assert "Hobie" not in seen
    clock.advance(minutes=10)
    assert "Pescador" not in _say(graph, "s4", "how long should I boil an egg?")


def test_a_decision_closes_the_thread(store: Any) -> None:
    clock = Clock(T0)
    graph = _graph(store, clock)
    _weigh(graph, clock)
    clock.advance(days=2)
    _say(graph, "s2", "ok, went with the Old Town Loon in the end")
    clock.advance(days=2)
    assert "Pescador" not in _say(graph, "s3", "which kayak would hold more camping gear?")


def test_the_thread_expires(store: Any) -> None:
    clock = Clock(T0)
    graph = _graph(store, clock)
    _weigh(graph, clock)
    clock.advance(days=45)
    assert "Pescador" not in _say(graph, "s2", "which kayak would hold more camping gear?")


def test_the_record_by_rule() -> None:
    items = [{"value": "Ferro", "fact_id": "a"}, {"value": "Lumen", "fact_id": "b"}]
    rec = updated(None, "t1", T0, "Ferro vs Lumen for the lamp, I'll pick tomorrow", items=items)
    assert rec is not None and open_line(rec).count("Ferro") == 1
    # a discard takes one option out; a new statement of options replaces the record
    fewer = updated(rec, "t1", T0, "ditch the Ferro, too heavy")
    assert fewer is not None and [i["value"] for i in fewer["items"]] == ["Lumen"]
    assert "Ferro" not in open_line(fewer)
    again = updated(rec, "t1", T0, "now it's Arco or Tolomeo", items=[{"value": "Arco"}])
    assert again is not None and [i["value"] for i in again["items"]] == ["Arco"]
    # a fact stated with an option as its value decides it
    assert updated(rec, "t2", T0, "bought it", decided=["Lumen"]) is None
    # forgetting one option keeps the other
    kept = scrubbed(rec, ["Lumen"])
    assert kept is not None and [i["value"] for i in kept["items"]] == ["Ferro"]
    assert scrubbed(rec, ["Lumen", "Ferro"]) is None
    # relevance by the thread's own words, never by an unrelated request
    assert relates(rec, "does the lamp need a special bulb?")
    assert not relates(rec, "how do magnets work?")
    assert live(rec, T0 + timedelta(days=10)) is not None
    assert live(rec, T0 + timedelta(days=31)) is None


def test_only_an_undecided_note_is_an_item_never_a_goal() -> None:
    from types import SimpleNamespace

    from langmem_plus.nodes.open_items import plan_items

    def plan(predicate: str, value: str) -> CandidateFact:
        return CandidateFact(
            kind="fact", predicate=predicate, object=value, text=f"{value}.", modality="plan"
        )

    kept = [
        SimpleNamespace(action="new", fact=SimpleNamespace(object=v, fact_id=f"id-{v}"))
        for v in ("Marlow Lane", "sea swim in June")
    ]
    said = [plan("note", "Marlow Lane"), plan("current_goal", "sea swim in June")]
    found = plan_items(said, kept)
    assert found == [{"value": "Marlow Lane", "fact_id": "id-Marlow Lane"}]
    # a rejected plan is no item either
    assert plan_items([plan("note", "Ivy Close")], kept) == []


def test_a_request_about_the_choice_relates_without_naming_it() -> None:
    rec = updated(
        None, "t1", T0, "Ferro or Lumen, need to sleep on it", items=[{"value": "Ferro"}]
    )
    assert rec is not None
    assert relates(rec, "of my two options, which ships faster?")
    assert not relates(rec, "should I get a cat or a dog?")  # its own options
