"""Forgets and corrections that name a value by its owner or set it aside for a new one (#12).

What a user notices, through the real default graph:

* "forget my boyfriend's name" forgets the boyfriend, as "forget my boyfriend" does; the
  person's name is the person fact, and nobody else goes with it;
* "scratch what I said about X — my physio is Y" is a correction: Y is kept and X is
  history, where a deletion would have lost Y too; a reason after a forget ("my boss is a
  nightmare") leaves the forget a forget;
* "typo in my son's name earlier: Matteo, not Mateo" sets the user's own son's name right;
  "my son's name" is the user's relation, not another person's;
* a request about flights is given the home airport.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

from langmem_plus.extraction.holder_check import other_persons_value
from langmem_plus.extraction.turns import UserTurn
from langmem_plus.facts.models import CandidateFact, Fact
from langmem_plus.nodes.intents import detect_command, forget_targets
from unit_tests.test_graph_support import Clock, RecordingModel, build_chatbot
from unit_tests.test_retraction_forms import graph_rows, held

AT = datetime(2026, 1, 1, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("first", "ask", "left"),
    [
        (
            "My boyfriend is Teodor and we live in Ghent.",
            "could u forget my boyfriend's name pls, he's shy about apps",
            ["Ghent"],
        ),
        (
            "I'm married to Rosalind; we have a daughter called Elspeth.",
            "Kindly remove my wife's name from your records.",
            ["Elspeth"],
        ),
        (
            "my fiance Joaquin and I just adopted a cat called Mochi",
            "forget my fiance's name — he'd rather not be stored anywhere",
            ["Mochi"],
        ),
        (
            "Our son is Bartholomew and our dog is called Rusty.",
            "please forget our son's name, school asked us to be careful",
            ["Rusty"],
        ),
    ],
)
def test_forgetting_a_relations_name_forgets_that_person_only(
    first: str, ask: str, left: list[str]
) -> None:
    before = held((first,))
    assert len(before) == len(left) + 1
    assert held((first,), (ask,)) == left


def _fact(fact_id: str, predicate: str, value: str, text: str) -> Fact:
    return Fact(
        fact_id=fact_id,
        user_id="u",
        kind="fact",
        subject="user",
        predicate=predicate,
        object=value,
        text=text,
        valid_from=AT,
        asserted_at=AT,
    )


@pytest.mark.parametrize(
    "ask",
    [
        "forget my fiancée's name please",
        "FORGET MY FIANCÉE'S NAME",
        "I'd like you to delete my fiancée's name, she asked me to",
    ],
)
def test_a_relations_name_names_the_person_whatever_the_facts_wording(ask: str) -> None:
    facts = [
        _fact("p", "partner", "Maren", "The user's fiancée is Maren."),
        _fact("c", "child", "Olek", "The user's son is Olek."),
        _fact("w", "employer", "Brindle & Co", "Works at Brindle & Co."),
    ]
    command = detect_command(ask)
    assert command is not None
    assert [f.fact_id for f in forget_targets(command, facts)] == ["p"]


@pytest.mark.parametrize(
    ("first", "turn", "kept", "ended"),
    [
        (
            "My physio is Dr Lindqvist.",
            "Scratch what I said about Dr Lindqvist — my physio is Dr Amundsen.",
            ["Dr Amundsen"],
            ["Dr Lindqvist"],
        ),
        (
            "My gym is Ironside.",
            "disregard what I said about Ironside; my gym is Pulse Arena",
            ["Pulse Arena"],
            ["Ironside"],
        ),
    ],
)
def test_setting_a_value_aside_for_a_new_one_keeps_the_new_one(
    first: str, turn: str, kept: list[str], ended: list[str]
) -> None:
    assert held((first,), (turn,)) == kept
    assert graph_rows("history", (first,), (turn,)) == ended


@pytest.mark.parametrize(
    "text",
    [
        "forget my job stuff, my boss is a nightmare",
        "forget my sulfite allergy — it was a misdiagnosis",
        "Could you erase the note about my gym? It is no longer accurate.",
    ],
)
def test_a_reason_after_a_forget_leaves_it_a_forget(text: str) -> None:
    command = detect_command(text)
    assert command is not None and command.kind == "forget"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("sorry, typo in my son's name before: Matteo, not Mateo", "Matteo"),
        ("i got my daughter's name wrong earlier - it's Liesl", "Liesl"),
        ("Apologies for the error in my husband's name yesterday — Ambrose.", "Ambrose"),
    ],
)
def test_a_relations_name_set_right_is_the_users_relation(text: str, value: str) -> None:
    predicate = "partner" if "husband" in text else "child"
    c = CandidateFact(
        kind="fact", predicate=predicate, object=value, text=f"Has {value}.", quote=text
    )
    assert not other_persons_value(c, [UserTurn("m1", text, None, AT)])


def test_another_persons_relative_named_after_a_colon_stays_theirs() -> None:
    text = "my brother's kid's name: Mila"
    c = CandidateFact(kind="fact", predicate="child", object="Mila", text="Has Mila.", quote=text)
    assert other_persons_value(c, [UserTurn("m1", text, None, AT)])


def test_a_misspelt_childs_name_is_corrected_in_the_graph() -> None:
    first = ("We have a son, Mateo, and a daughter called Lia.",)
    fix = ("sorry, typo in my son's name before: Matteo, not Mateo",)
    assert held(first, fix) == ["Lia", "Matteo"]
    assert graph_rows("history", first, fix) == ["Mateo"]


@pytest.mark.parametrize(
    "request_text",
    ["any cheap flights to Rome in June?", "Book me a flight home for christmas please"],
)
def test_a_flight_request_is_given_the_home_airport(request_text: str) -> None:
    model, clock, store = RecordingModel(), Clock(), InMemoryStore()
    graph = build_chatbot(model, clock=clock).compile(checkpointer=InMemorySaver(), store=store)
    cfg = {"configurable": {"thread_id": "s0", "user_id": "ines"}}
    graph.invoke({"messages": [("user", "My home airport is Bergen.")]}, cfg)
    clock.advance(days=2)
    cfg = {"configurable": {"thread_id": "s1", "user_id": "ines"}}
    graph.invoke({"messages": [("user", request_text)]}, cfg)
    assert "Bergen" in model.last_prompt


@pytest.mark.parametrize(
    "ask",
    [
        "pls forget my location — I share this account with my flatmate",
        "Please forget my city, we share this laptop as a family.",
    ],
)
def test_a_first_person_reason_after_a_forget_leaves_it_a_forget(ask: str) -> None:
    first = ("I live in Tarbert and I work at Halden Forge.",)
    assert held(first) == ["Halden Forge", "Tarbert"]
    assert held(first, (ask,)) == ["Halden Forge"]


@pytest.mark.parametrize(
    "text", ["forget everything I tell you about work", "can you forget stuff, if I ask?"]
)
def test_how_forgetting_works_is_still_no_command(text: str) -> None:
    assert detect_command(text) is None


@pytest.mark.parametrize(
    "ask",
    [
        "I want every single thing about me gone, please. All of it.",
        "i'd like every last detail you have on me deleted pls",
    ],
)
def test_a_wish_that_everything_be_gone_forgets_everything(ask: str) -> None:
    first = ("I live in Tarbert and I work at Halden Forge.",)
    assert held(first, (ask,)) == []


def test_a_quantified_topic_of_one_attribute_is_not_everything() -> None:
    command = detect_command("forget every single thing about my job")
    assert command is not None and not command.everything
