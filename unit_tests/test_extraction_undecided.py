"""Undecided options read by the default extractor (issue 12, kind 9): the options a user
says they have not chosen between are plans (``note``, ``modality="plan"``), one per
option, so they become the session's open thread; a decided choice, a question to the
assistant and another person's dilemma are not, and no option becomes a current value."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver

from langmem_plus.extraction import RuleExtractor
from langmem_plus.facts.layout import decode_facts
from unit_tests.test_graph_support import Clock, RecordingModel, build_chatbot, either_store

store = pytest.fixture(params=["inmemory", "qdrant"])(either_store)

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)


def _read(text: str) -> list[Any]:
    return RuleExtractor().extract([HumanMessage(text, id="m1")])


def _options(text: str) -> list[str]:
    return [c.object for c in _read(text) if c.predicate == "weighing" and c.modality == "plan"]


@pytest.mark.parametrize(
    ("said", "options"),
    [
        ("ugh, the Marlowe is sold out. so it's the Ostrava or the Kestrel now, still torn",
         ["Ostrava", "Kestrel"]),
        ("Ghent vs Bruges for the weekend away, haven't decided", ["Ghent", "Bruges"]),
        ("honestly torn between the Ridgeline 40 and the Fjell 38", ["Ridgeline 40", "Fjell 38"]),
        ("a secondhand Yaris or a new Fabia, can't make up my mind",
         ["secondhand Yaris", "new Fabia"]),
        ("leaning towards the Lumo over the Fernhill but I haven't settled",
         ["Lumo", "Fernhill"]),
        ("undecided: Tallinn, Riga or Vilnius for the conference trip",
         ["Tallinn", "Riga", "Vilnius"]),
        ("still deciding between renting and buying", ["renting", "buying"]),
        ("the oak one or the walnut one, not sure yet", ["oak one", "walnut one"]),
        ("Quill or Ledger for the app name, can't decide, which sounds better?",
         ["Quill", "Ledger"]),
    ],
)  # fmt: skip
def test_undecided_options_are_plans_one_per_option(said: str, options: list[str]) -> None:
    found = _read(said)
    assert _options(said) == options
    # an option not chosen yet is never a value the user holds now
    assert not [c for c in found if c.modality == "asserted" and c.object in options]


@pytest.mark.parametrize(
    ("refused", "read"),
    [
        # decided, and its undecided twin
        ("went with the Ostrava over the Kestrel in the end",
         "leaning towards the Ostrava over the Kestrel, not settled"),
        ("I was torn between Ghent and Bruges but we booked Ghent",
         "I'm torn between Ghent and Bruges, haven't booked"),
        # a question to the assistant about the options is the request, not an open item
        ("should I get the Ostrava or the Kestrel?", "the Ostrava or the Kestrel, still torn"),
        ("which is better for a beginner, the Ostrava or the Kestrel?",
         "the Ostrava or the Kestrel, can't decide. which is better for a beginner?"),
        # another person's dilemma is not the user's
        ("my brother can't decide between Ghent and Bruges",
         "we can't decide between Ghent and Bruges"),
        ("Priya is torn between Ghent and Bruges", "I'm torn between Ghent and Bruges"),
        # a lean with no rival and no other marker is a preference, not a choice left open
        ("leaning towards the Ostrava for the nursery",
         "leaning towards the Ostrava over the Kestrel for the nursery"),
        # options not named
        ("I still have to pick between two prams there",
         "I still have to pick between the Ostrava and the Kestrel"),
        # options with no indecision, a quantity, a yes-or-no
        ("I drink the Ostrava or the Kestrel most mornings",
         "the Ostrava or the Kestrel for mornings, I'll decide tomorrow"),
        ("a week or two in Ghent, not sure yet", "Ghent or Bruges for a week, not sure yet"),
        ("can't decide whether to go or not", "can't decide whether to go to Ghent or Bruges"),
    ],
)  # fmt: skip
def test_a_decision_a_question_or_someone_elses_dilemma_is_no_open_item(
    refused: str, read: str
) -> None:
    assert _options(refused) == []
    assert len(_options(read)) == 2


def test_the_default_extractor_leaves_the_options_as_the_next_sessions_thread(
    store: Any,
) -> None:
    clock = Clock(T0)
    graph = build_chatbot(RecordingModel(), clock=clock).compile(
        checkpointer=InMemorySaver(), store=store
    )

    def say(thread: str, text: str) -> dict[str, Any]:
        cfg = {"configurable": {"thread_id": thread, "user_id": "noor"}}
        return graph.invoke({"messages": [("user", text)]}, cfg)

    say("s1", "I'd set my heart on the Marlowe stroller")
    clock.advance(minutes=2)
    out = say("s1", "it's sold out. so the Ostrava or the Kestrel now, still torn")
    assert [d["code"] for d in out["memory_decisions"]] == ["accumulated", "accumulated"]
    clock.advance(days=5)
    greeted = say("s2", "hey there")["memory_opening"]
    assert "Ostrava" in greeted and "Kestrel" in greeted and "Marlowe" not in greeted
    clock.advance(days=1)
    other = say("s3", "how do I descale a kettle?")
    assert "Ostrava" not in f"{other['memory_opening']}{other['memory_block']}"
    clock.advance(minutes=5)
    asked = say("s3", "which stroller folds smaller?")
    assert "Ostrava" in asked["memory_opening"] and "not a current fact" in asked["memory_opening"]
    # the options were kept as notes of what is being weighed, never as a slot's value
    held = decode_facts(store.search(("langmem_plus", "noor", "facts"), limit=100))
    assert {(f.predicate, f.object) for f in held if f.object in ("Ostrava", "Kestrel")} == {
        ("weighing", "Ostrava"),
        ("weighing", "Kestrel"),
    }
