"""Endings said by negating the habit or denying the value (issue 12).

"I don't go to the gym any more" ends what "I stopped going to the gym" ends; "my kiwi
allergy was a false alarm" names the allergy only to deny it, so it closes the allergy and
never stores it. A partial ending ("... on Sundays any more") and words said to the assistant
("Don't book Fridays any more") end nothing.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction import RuleExtractor
from langmem_plus.extraction.retraction import ending_of
from unit_tests.test_retraction_forms import held


def _read(text: str) -> list[tuple[str, str, str]]:
    result = RuleExtractor().extract_detailed([HumanMessage(text, id="m1")], user_id="u")
    return [(c.predicate, c.object, c.polarity) for c in result.candidates]


@pytest.mark.parametrize(
    ("first", "ending", "left"),
    [
        ("My gym is Ironbark Fitness.", "i dont go to the gym anymore, knees are shot", []),
        ("My gym is Ironbark Fitness.", "We no longer go to a gym. Running outside is free.", []),
        (
            "I'm a member of the Saltmarsh Rowing Club.",
            "Just so you know, I don't go to the Saltmarsh Rowing Club these days.",
            [],
        ),
        (
            "I'm allergic to kiwi and to sesame.",
            "the GP reckons my kiwi allergy isn't real",
            ["sesame"],
        ),
    ],
)
def test_a_negated_habit_or_a_denied_value_ends_it(
    first: str, ending: str, left: list[str]
) -> None:
    before = held((first,))
    assert len(before) > len(left)
    assert held((first,), (ending,)) == left


@pytest.mark.parametrize(
    "ending",
    [
        "I don't go to the gym on Sundays any more",
        "I don't go to the gym",  # no "any more": a habit, not its end
        "Don't book anything at the gym any more",
    ],
)
def test_a_partial_or_addressed_negation_keeps_the_value(ending: str) -> None:
    assert held(("My gym is Ironbark Fitness.",), (ending,)) == ["Ironbark Fitness"]


def test_a_value_named_only_to_deny_it_is_never_stored() -> None:
    assert _read("the allergist says my kiwi allergy was a false alarm, phew") == [
        ("allergy", "kiwi", "retract")
    ]
    assert held(("the allergist says my kiwi allergy was a false alarm, phew",)) == []


def test_ending_of_leaves_values_the_ending_does_not_name() -> None:
    assert ending_of("sold the van, I drive a Fiat Panda now", [("car", "Fiat Panda")]) == {}


@pytest.mark.parametrize(
    ("first", "fix", "left"),
    [
        (
            ("I'm allergic to cashews and to kiwi.",),
            "Actually I'm allergic to hazelnuts — I typed cashews earlier by mistake.",
            ["hazelnuts", "kiwi"],
        ),
        (
            ("I can't stand olives.", "I can't stand anchovies."),
            "i really can't stand capers. i accidentally wrote olives before lol",
            ["anchovies", "capers"],
        ),
    ],
)
def test_a_slip_owned_in_the_same_turn_corrects_the_value_it_names(
    first: tuple[str, ...], fix: str, left: list[str]
) -> None:
    assert held(first, (fix,)) == left


def test_a_value_said_before_without_owning_a_slip_corrects_nothing() -> None:
    assert held(
        ("I'm allergic to cashews and to kiwi.",),
        ("I'm allergic to hazelnuts too. I said cashews last time.",),
    ) == ["cashews", "hazelnuts", "kiwi"]
