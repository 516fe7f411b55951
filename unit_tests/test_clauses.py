"""The generic clause reader (``extraction/clauses.py``): what it reads by structure through
the rule extractor, and what it must refuse (#12). Wordings are this file's own."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction.clauses import markers, predicate_named, read_message, split_clauses
from langmem_plus.extraction.rules import RuleExtractor


def _read(text: str) -> list[tuple[str, str, str, str, str]]:
    return [
        (c.predicate, c.object, c.holder, c.modality, c.polarity)
        for c in RuleExtractor().extract([HumanMessage(text)])
    ]


@pytest.mark.parametrize(
    ("text", "predicate", "value"),
    [
        # value first, possessive complement
        ("Quarrybank has been our bank since the kids were small", "bank", "Quarrybank"),
        ("Dunmore Physio - that's my physio, if you need a name", "physio", "Dunmore Physio"),
        # the value after a preposition, the attribute after "for"
        ("we're with Heronsgate Mobile for the phone plan", "phone_plan", "Heronsgate Mobile"),
        # the attribute as a topic whose owner is a locative
        ("wifi at home is Pelican Fibre, slow as anything", "internet_provider", "Pelican Fibre"),
        ("insurance-wise it's Alderley Mutual for us", "insurer", "Alderley Mutual"),
        # an announcement over a clause break
        ("new dentist!! Dr Okafor-Lyle. the chairs are comfier", "dentist", "Dr Okafor-Lyle"),
        # a verb and its preposition that recall's slot names hold ("fly from")
        ("we normally fly out of Knock", "home_airport", "Knock"),
        # a switch whose attribute is named after "for": no place, whatever the verb
        ("moved over to Pinewick Mobile for my phone plan", "phone_plan", "Pinewick Mobile"),
        ("upgraded to a Tarnby 14 for my tablet", "tablet", "Tarnby 14"),
        # the agent of a service on something of the user's
        ("Benedetta does my hair these days", "hairdresser", "Benedetta"),
    ],
)
def test_reads_a_users_attribute_by_its_structure(text: str, predicate: str, value: str) -> None:
    assert (predicate, value, "user", "asserted", "assert") in _read(text)


@pytest.mark.parametrize(
    "text",
    [
        "if Quarrybank were our bank we'd pay less",  # conditional
        "would Quarrybank be a good bank for us?",  # question
        "is Quarrybank my bank or my sister's?",  # question
        "Quarrybank isn't my bank",  # negated
        "Quarrybank was my bank, not any more",  # ended
        "my brother says Quarrybank has been his bank for years",  # another person's
        'she wrote "new dentist!! Dr Okafor-Lyle" on the card',  # quoted
        "the cooker at ours is a Corvid",  # "cooker" names no attribute
        "new record!! Ilse Brandt ran it in four minutes",  # "record" names no attribute
        "Ottilie has been my flatmate for years",  # a person, no attribute
        "I flew out of Knock once",  # past
        "we banked with Quarrybank for a while",  # a simple past
        "we'd fly out of Knock if it had flights",  # conditional
    ],
)
def test_refuses_what_is_not_the_users_current_value(text: str) -> None:
    assert not [r for r in _read(text) if r[2] == "user" and r[3] == "asserted" and
                r[4] == "assert" and r[0] not in ("sibling",)]  # fmt: skip


def test_a_switch_named_for_an_attribute_is_no_move() -> None:
    said = _read("moved over to Pinewick Mobile for my phone plan")
    assert [r[0] for r in said] == ["phone_plan"]  # no city "Pinewick Mobile"
    # a move for a reason stays a move
    assert [r[:2] for r in _read("I moved to Aberdour for my job")] == [("city", "Aberdour")]
    assert [r[:2] for r in _read("we moved to Aberdour for my studies")] == [("city", "Aberdour")]


def test_a_clause_a_rule_read_is_not_read_again() -> None:
    # the attribute rule reads "my bank is X"; the reader adds nothing beside it
    assert _read("my bank is Quarrybank") == [("bank", "Quarrybank", "user", "asserted", "assert")]


def test_an_attribute_nobody_configured_holds_one_value_at_a_time() -> None:
    facts = RuleExtractor().extract([HumanMessage("Dunmore Physio - that's my physio")])
    assert [(f.predicate, f.single_valued) for f in facts] == [("physio", True)]


def test_clauses_leave_pasted_lines_out_and_keep_offsets() -> None:
    text = "tidy this please:\n> our bank is Quarrybank\nthanks"
    said = [c.text for c in split_clauses(text)]
    assert "our bank is Quarrybank" not in " ".join(said)
    for c in split_clauses(text):
        assert text[c.start : c.start + len(c.text)] == c.text
    assert read_message(text) == []


def test_markers_read_closed_classes() -> None:
    m = markers("we'd probably go with Quarrybank")
    assert (m.first_person, m.conditional, m.negated, m.question) == (True, True, False, False)
    assert markers("I used to bank with Quarrybank").tense == "past"
    assert markers("I'll bank with Quarrybank").tense == "future"


def test_a_noun_names_a_predicate_through_recalls_slot_names() -> None:
    assert predicate_named("broadband") == "internet_provider"
    assert predicate_named("teeth") == "dentist"  # an everyday other name of its word
    assert predicate_named("work") is None  # employer or job title: not confident
    assert predicate_named("fly out of") == "home_airport"  # "airport", the one slot of it
