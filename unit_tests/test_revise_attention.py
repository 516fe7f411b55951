"""Forgets, retractions and corrections (issue 12): the object of a verb of attention, the
quantifier of the whole after its noun, the filler "side of things", and a question asked in
a bracketed aside. Wordings, names and values are this file's own; none is a split's case.

- "ignore me" / "disregard me" sets aside what the speaker is saying; it is never a
  request to delete the memory ("forget me" is one). Before: every fact was deleted, and
  the correction said in the same message was lost with them.
- "wipe my profile, each and every bit" names the whole memory by its quantifier after the
  noun; "empty out" is a verb of deletion.
- "the health side of things" is the health attributes.
- "we lost Biscuit to a fox (do foxes even eat guinea pigs?)" states the loss; the question
  is the aside's.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

from langmem_plus.extraction.base import user_turns
from langmem_plus.extraction.filters import post_filter
from langmem_plus.facts.models import CandidateFact, Fact
from langmem_plus.nodes.intents import detect_command, forget_targets
from unit_tests.test_graph_support import Clock, RecordingModel, build_chatbot, prompt_text

T = datetime(2026, 5, 1, tzinfo=timezone.utc)


def fact(predicate: str, obj: str, text: str) -> Fact:
    return Fact(
        fact_id=f"user/{predicate}:{obj}", user_id="u", kind="fact", subject="user",
        predicate=predicate, object=obj, text=text, valid_from=T, asserted_at=T,
    )  # fmt: skip


PROFILE = [
    fact("city", "Lüneburg", "The user lives in Lüneburg."),
    fact("dietary_restriction", "pescatarian", "The user is pescatarian."),
    fact("parent", "Hedda", "Has a mother named Hedda."),
    fact("employer", "Tallow & Wick", "The user works at Tallow & Wick."),
    fact("allergy", "kiwi", "The user is allergic to kiwi."),
    fact("intolerance", "lactose", "The user is lactose intolerant."),
    fact("pet", "Biscuit", "Has a guinea pig named Biscuit."),
]


def gone(text: str) -> set[str] | str | None:
    """What a message deletes: "ALL", the predicates, or ``None`` when it is no command."""
    command = detect_command(text)
    if command is None:
        return None
    if command.everything:
        return "ALL"
    return {f.predicate for f in forget_targets(command, PROFILE)}


@pytest.mark.parametrize(
    "text",
    [
        "ignore me, the guinea pig is called Crumble",
        "oh just ignore me",
        "disregard me — I meant Thursday, not Tuesday",
        "sorry, ignore me, thinking out loud again",
        "pls disregard me, it's Tallow & Wick Ltd",
    ],
)
def test_ignore_me_sets_aside_what_is_said_and_deletes_nothing(text: str) -> None:
    assert gone(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "forget me",
        "please disregard everything I've told you about myself",
        "ignore all my details from before",
    ],
)
def test_the_memory_itself_is_still_forgotten_whole(text: str) -> None:
    assert gone(text) == "ALL"


@pytest.mark.parametrize(
    "text",
    [
        "wipe my profile, each and every bit. starting over",
        "clear my records 🧹 every single scrap, thanks",
        "empty out whatever you've saved about me",
        "could you empty my memory file, please",
    ],
)
def test_the_whole_named_by_a_quantifier_after_its_noun_or_by_empty_out(text: str) -> None:
    # before: "every single scrap" after the noun (or "empty out") left a topic that named
    # nothing stored ("Nothing matched"), and nothing was deleted
    assert gone(text) == "ALL"


def test_side_of_things_wraps_the_topic() -> None:
    # before: "side" narrowed the topic to nothing
    assert gone("the health side of things can be deleted from your notes") == {
        "allergy",
        "intolerance",
    }
    assert gone("please forget my work side of things") == {"employer"}


def test_ignore_me_keeps_every_fact_in_the_graph() -> None:
    model, clock = RecordingModel(), Clock()
    graph = build_chatbot(model, clock=clock).compile(
        checkpointer=InMemorySaver(), store=InMemoryStore()
    )

    def say(text: str, thread: str) -> dict[str, Any]:
        config = {"configurable": {"thread_id": thread, "user_id": "ines"}}
        return graph.invoke({"messages": [("user", text)]}, config)  # type: ignore[no-any-return]

    say("I live in Lüneburg and I'm allergic to kiwi.", "t1")
    out = say("oh ignore me, just thinking out loud", "t1")
    assert "deleted" not in str(out["messages"][-1].content)
    clock.advance(days=2)
    say("what could I cook tonight?", "t2")
    system = prompt_text(model.prompts[-1])
    assert "Lüneburg" in system and "kiwi" in system


def retracted(quote: str, value: str) -> list[CandidateFact]:
    c = CandidateFact(
        kind="fact", predicate="pet", object=value, text=f"The user's pet {value} died.",
        quote=quote, polarity="retract",
    )  # fmt: skip
    kept, _ = post_filter([c], user_turns([HumanMessage(quote, id="m1")]))
    return kept


def test_a_question_in_a_bracketed_aside_is_not_the_values_mood() -> None:
    # before: the clause ran on to the aside's question mark, and the loss was dropped as
    # a question
    assert retracted("we lost Biscuit to a fox (do foxes even eat guinea pigs?)", "Biscuit")
    assert retracted("Biscuit died on sunday (was it the heat? no idea) 💔", "Biscuit")


def test_a_question_about_the_value_is_still_one_around_its_aside() -> None:
    c = CandidateFact(
        kind="fact", predicate="city", object="Graz", text="The user lives in Graz.",
        quote="should we move to Graz (near my sister)?",
    )  # fmt: skip
    kept, dropped = post_filter([c], user_turns([HumanMessage(c.quote or "", id="m1")]))
    assert not kept and [d.reason for d in dropped] == ["question"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("one thing: nothing diet-related about me needs keeping now",
         {"dietary_restriction", "intolerance"}),  # "diet" names both (FORGET_NAMES)
        ("none of my health stuff has to be stored, ok?", {"allergy", "intolerance"}),
        ("nothing about where I live needs to be kept any more", {"city"}),
    ],
)
def test_a_negative_quantifier_as_what_is_kept_is_a_forget(text: str, expected: set[str]) -> None:
    # before: no command, so the facts stayed
    assert gone(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("hmm, I've changed my mind about you knowing my mum. sorry", {"parent"}),
        ("I changed my mind about you remembering where I work", {"employer"}),
    ],
)
def test_a_change_of_mind_about_the_assistant_keeping_it_is_a_forget(
    text: str, expected: set[str]
) -> None:
    assert gone(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "nothing in the shed is worth keeping, can you list what to bin?",
        "I changed my mind about the hotel, book the hostel",
        "nothing is stored on this laptop yet, right?",
    ],
)
def test_the_same_shapes_about_other_things_are_not_forgets(text: str) -> None:
    command = detect_command(text)
    assert command is None or forget_targets(command, PROFILE) == []
