"""A person of the user's named under their role as a label (#12, kind unseen_statement):
"Landlady: Edwina Marsh at number 12" holds the landlady's name as "my landlady is Edwina
Marsh" does, without the place after it; a label whose value is no name names nobody.
Values are this file's own.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction import RuleExtractor


def _held(text: str) -> set[tuple[str, str]]:
    return {
        (c.predicate, c.object)
        for c in RuleExtractor().extract([HumanMessage(text)])
        if c.subject == "user"
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Landlady: Edwina Marsh at number 12, strict on bins", ("landlady", "Edwina Marsh")),
        ("my dentist: Dr Oyelaran in Harrow. Gentle hands", ("dentist", "Dr Oyelaran")),
        ("Coach: Bogdan Ilie, since the spring", ("coach", "Bogdan Ilie")),
    ],
)  # fmt: skip
def test_a_role_label_names_the_users_person(text: str, expected: tuple[str, str]) -> None:
    assert expected in _held(text)


def test_a_role_label_with_no_name_names_nobody() -> None:
    assert not {p for p, _ in _held("Manager: still no idea who it will be")} & {"manager"}
