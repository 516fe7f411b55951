"""A pet or person introduced first and named in the next breath by a pronoun (#12, kind
people): "we rescued a spaniel last month! she's called Pip" names the lurcher, and every
name of a list after "their names are" / "they're called" is the user's, not only the
first. A contracted "'s" that is "is" ("Gran's allergic to X") makes the person the
subject of the clause, so the fact is theirs and never the user's. Values are this
file's own.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction import RuleExtractor
from unit_tests.test_people import people


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("we rescued a spaniel last month! she's called Pip and she hates rain",
         {("pet", "Pip")}),
        ("Adopted a tabby from the shelter, he's named Marlowe.", {("pet", "Marlowe")}),
        ("we have two rabbits, they're called Fennel and Quince",
         {("pet", "Fennel"), ("pet", "Quince")}),
        ("I've got three chickens, their names are Dot, Ada and Mabel",
         {("pet", "Dot"), ("pet", "Ada"), ("pet", "Mabel")}),
    ],
)  # fmt: skip
def test_a_name_given_by_a_pronoun_names_the_one_just_introduced(
    text: str, expected: set[tuple[str, str]]
) -> None:
    assert expected <= people(text)


@pytest.mark.parametrize(
    "text",
    [
        "My neighbour bought a parrot, he's called Captain",
        "My aunt has two rabbits, their names are Bramble and Thistle",
    ],
)
def test_someone_elses_pet_named_by_a_pronoun_is_not_the_users(text: str) -> None:
    assert not {name for _, name in people(text)} & {"Captain", "Bramble", "Thistle"}


def _facts(text: str) -> list[tuple[str, str, str]]:
    return [
        (c.subject, c.predicate, c.object)
        for c in RuleExtractor().extract([HumanMessage(text)])
    ]


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("Gran's allergic to amoxicillin, noting it since I book her appointments",
         "person:gran"),
        ("My uncle's allergic to amoxicillin.", "person:uncle"),
    ],
)  # fmt: skip
def test_a_contracted_is_after_a_person_gives_the_fact_to_that_person(
    text: str, subject: str
) -> None:
    facts = _facts(text)
    assert (subject, "allergy", "amoxicillin") in facts
    assert not [f for f in facts if f[0] == "user" and f[1] == "allergy"]


def test_a_possessive_s_still_reads_as_whose() -> None:
    facts = _facts("My uncle's car is a Saab 900.")
    assert ("person:uncle", "car", "Saab 900") in facts
    assert not [f for f in facts if f[0] == "user" and f[1] == "car"]
