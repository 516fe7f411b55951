"""A model's number is part of its name (#12, kinds one_at_a_time and unseen_statement):
"driving a Kia Niro 2 these days" holds the car "Kia Niro 2", not "Kia Niro", and the
texting "2" for "to" is only read after a lowercase word ("going 2 the shop"), never
after a name. Values are this file's own.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction import RuleExtractor


def _held(text: str, predicate: str) -> list[str]:
    return [
        c.object
        for c in RuleExtractor().extract([HumanMessage(text)])
        if c.predicate == predicate and c.subject == "user"
    ]


@pytest.mark.parametrize(
    ("text", "predicate", "value"),
    [
        ("Driving a Kia Niro 2 now, quiet as anything", "car", "Kia Niro 2"),
        ("I drive a Lancia Ypsilon 3 these days", "car", "Lancia Ypsilon 3"),
    ],
)
def test_a_models_number_stays_in_the_value(text: str, predicate: str, value: str) -> None:
    assert _held(text, predicate) == [value]


def test_texting_two_after_a_lowercase_word_still_reads_as_to() -> None:
    assert _held("i moved 2 tromso last spring", "city") == ["tromso"]
