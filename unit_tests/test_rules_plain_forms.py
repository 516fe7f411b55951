"""Everyday forms of the user's home, work and partner the rule extractor did not read
(#12, kinds unseen_statement, past_state and people): a locative particle before "in"
("I'm over in Tralee", "we're up in Orkney"), a work verb other than "work" before "as"
("I freelance as a sound engineer"), a profession with whom it serves after it ("a
piano tutor for adults"), and the person married named right after the verb ("married
Ilse in May", with the subject left out as texted). Values are this file's own.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction import RuleExtractor


def _held(text: str) -> set[tuple[str, str]]:
    return {
        (c.predicate, c.object)
        for c in RuleExtractor().extract([HumanMessage(text)])
        if c.subject == "user" and c.polarity == "assert"
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm over in Tralee, it rains a lot", ("city", "Tralee")),
        ("we're up in Kirkwall now", ("city", "Kirkwall")),
        ("these days I freelance as a sound engineer", ("job_title", "sound engineer")),
        ("I contract as a data analyst, mostly retail", ("job_title", "data analyst")),
        ("I'm a piano tutor for adults", ("job_title", "piano tutor")),
        ("i'm an interpreter", ("job_title", "interpreter")),
        ("Married Ilse on 3 May!! best day", ("partner", "Ilse")),
        ("Margate's where we've got the flat, for the time being", ("city", "Margate")),
        ("I'm still in Sapporo (札幌) myself, so it's a trek", ("city", "Sapporo")),
        ("these days I'm a baker at a place called Oven Door", ("employer", "Oven Door")),
        ("I married Joaquín last spring", ("partner", "Joaquín")),
    ],
)
def test_these_forms_are_read(text: str, expected: tuple[str, str]) -> None:
    assert expected in _held(text)


@pytest.mark.parametrize(
    ("text", "predicate"),
    [
        ("I'm a sucker for crosswords", "job_title"),
        ("We married in a tiny chapel", "partner"),
        ("My cousin married Petra", "partner"),
    ],
)
def test_these_name_nothing_of_the_kind(text: str, predicate: str) -> None:
    assert not {p for p, _ in _held(text)} & {predicate}
