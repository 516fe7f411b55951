"""Explicit saves come back for the requests they constrain (issue 12, kind 8): the lead
that asks to keep the words is found in any register (insistence before the verb, a
destination after it, a rule or preference label, a polite request with its "?", a casual
"for future reference"), and what is kept is typed by its frame (a want, an ultimatum, a
rule that points back at its reason) so it is always sent."""

from __future__ import annotations

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

from langmem_plus.facts.memory import FactMemory
from unit_tests.test_graph_support import Clock, RecordingModel, build_chatbot


def _block_after(save: str, request: str) -> tuple[str, FactMemory]:
    model, clock, store = RecordingModel(), Clock(), InMemoryStore()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    graph.invoke(
        {"messages": [("user", save)]}, {"configurable": {"thread_id": "a", "user_id": "u"}}
    )
    clock.advance(days=3)
    out = graph.invoke(
        {"messages": [("user", request)]}, {"configurable": {"thread_id": "b", "user_id": "u"}}
    )
    return out["memory_block"], FactMemory(store, clock=clock)


@pytest.mark.parametrize(
    ("save", "request_text", "value"),
    [
        # insistence before the keep verb, a want with the assistant's scope after it
        ("always remember I'd like a seat near the front whenever you book a train",
         "book me a train to Leeds on Friday", "near the front"),
        # a destination after "save this"
        ("Save this for me: nothing scheduled before 9am.",
         "can you set up a call with the supplier?", "before 9am"),
        ("Add this to your memory — I prefer trains to planes.",
         "how should I get to Paris next week?", "trains"),
        # a label headed by a rule or a preference noun
        ("My rule: no calls on Sunday mornings.", "when can we do the catch-up call?",
         "Sunday mornings"),
        # a polite request: its "?" asks to keep, and a thanks may follow it
        ("could u remember that it's no dairy for me? cheers",
         "what should I make for dinner tonight?", "dairy"),
        ("Can you remember that I'm vegan?", "what should I cook for friends on Saturday?",
         "vegan"),
        ("can you save that I don't like olives? thx", "a tapas menu for four, please",
         "olives"),
        # casual, but for later; an ultimatum says what is a must
        ("for future reference, quiet rooms or I walk", "find me a hotel in York",
         "quiet rooms"),
        # a condition said by its noun is the condition, not a note
        ("Please note for the future that I have an allergy to cardamom.",
         "suggest a cake I could bake for the office", "cardamom"),
        ("don't forget, sesame allergy. it's a serious one",
         "what can I order at the thai place tonight?", "sesame"),
        # a rule that points back at its reason keeps the reason
        ("remember that I've got choir on Thursday evenings, so don't book anything then",
         "can you fit in a dentist appointment on Thursday?", "choir"),
    ],
)  # fmt: skip
def test_an_explicit_save_reaches_the_request_it_constrains(
    save: str, request_text: str, value: str
) -> None:
    block, _ = _block_after(save, request_text)
    assert value.casefold() in block.casefold()


@pytest.mark.parametrize(
    "asked",
    [
        "can you remember if I'm allergic to nuts?",  # asks what memory holds
        "can you remember what my allergy is?",
        "so you know, the train's running late",  # news, not about the user
    ],
)
def test_asking_what_memory_holds_is_not_a_save(asked: str) -> None:
    _, mem = _block_after(asked, "what should I cook tonight?")
    assert mem.list("u") == []


def test_a_rule_of_the_assistant_is_not_a_preference_of_the_user() -> None:
    from langmem_plus.extraction.saves import saved_specs

    # "I want you to ..." asks something of the assistant; "I want to ..." is a plan
    assert [s.predicate for s in saved_specs("I want you to be brief")] != ["prefers"]
    assert [s.predicate for s in saved_specs("I want to learn the cello")] != ["prefers"]
    assert [(s.predicate, s.object) for s in saved_specs("we always want a quiet room")] == [
        ("prefers", "a quiet room")
    ]
