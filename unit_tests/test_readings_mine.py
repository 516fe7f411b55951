"""The user's own value said in a shape the rules did not read, next to someone else's (#12).

Read by the offline extractor, what a user notices: "my own allergy is X" keeps X (never
"own"), "For me it's X" after another person's allergy or home makes X the user's, and an
aside inside a question ("... than X, where we live?") says where the user lives. The
other person's value and the asked value stay out of the user's facts. Own wordings.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction.rules import RuleExtractor


def mine(text: str) -> set[tuple[str, str]]:
    found = RuleExtractor().extract([HumanMessage(text)])
    return {
        (c.predicate, c.object)
        for c in found
        if c.subject == "user"
        and c.holder == "user"
        and c.polarity == "assert"
        and c.modality == "asserted"
        and c.provenance == "own_words"
    }


@pytest.mark.parametrize(
    ("text", "expected", "not_expected"),
    [
        ("My own allergy is buckwheat, nothing to do with the kids.", ("allergy", "buckwheat"),
         ("allergy", "own")),
        ("fwiw my allergy is sesame", ("allergy", "sesame"), None),
        ("My husband is allergic to kiwi. For me it's buckwheat.", ("allergy", "buckwheat"),
         ("allergy", "kiwi")),
        ("my flatmate reacts badly to lupin (allergy). with me it is celery",
         ("allergy", "celery"), ("allergy", "lupin")),
        ("My partner reacts badly to kiwi, and for me it's mango.", ("allergy", "mango"),
         None),
        ("If we ever relocated I'd pick Tallinn, but for now I'm in Tartu.", ("city", "Tartu"),
         ("city", "Tallinn")),
        ('The agency e-mailed: "You are now assigned to the Derby office." Nope, I live in'
         " Nottingham.", ("city", "Nottingham"), None),
        ("My parents live in Durban. Me, I'm in Pretoria.", ("city", "Pretoria"),
         ("city", "Durban")),
        ("would a flat in Oulu cost more than in Joensuu, where we live?",
         ("city", "Joensuu"), ("city", "Oulu")),
        ("Quick q: is Ghent rainier than Leuven (where I'm based)?", ("city", "Leuven"),
         ("city", "Ghent")),
    ],
)  # fmt: skip
def test_the_users_own_value_is_read_and_the_other_is_not(
    text: str, expected: tuple[str, str], not_expected: tuple[str, str] | None
) -> None:
    got = mine(text)
    assert expected in got
    assert not_expected not in got


@pytest.mark.parametrize(
    "text",
    [
        "Is it colder in Oslo than in Bergen, where my sister lives?",
        "My sister lives in Tromsø. For me it's too cold.",
        "my brother works at Tesco, for me it's a no",
    ],
)
def test_no_value_of_the_users_is_read_from_another_persons_aside(text: str) -> None:
    assert not {p for p in mine(text) if p[0] in ("city", "employer")}


def test_the_users_value_is_never_given_to_the_other_person_as_well() -> None:
    found = RuleExtractor().extract(
        [HumanMessage("my sister's allergic to kiwi, for me it's mango")]
    )
    assert not [c for c in found if c.subject != "user" and c.object == "mango"]
