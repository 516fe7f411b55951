"""Statements with words left out or spelled short (issue 12, kind unseen_statement), and
the user's value said after someone else's in the same slot ("for me it's Y"). The
wordings are new, none from a benchmark split."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction import RuleExtractor

NOW = datetime(2026, 6, 10, 12, tzinfo=timezone.utc)


def _users(text: str) -> set[tuple[str, str]]:
    facts = RuleExtractor().extract([HumanMessage(text, id="m1")], now=NOW)
    return {(c.predicate, c.object) for c in facts if c.holder == "user" and c.subject == "user"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("great news: promoted to senior buyer, effective monday", ("job_title", "senior buyer")),
        ("the trustees appointed me treasurer last night", ("job_title", "treasurer")),
        ("They've gone and made me head of logistics!!", ("job_title", "head of logistics")),
        ("im allergic 2 lupin", ("allergy", "lupin")),
        ("the radiators in our draughty flat in Dundee are useless", ("city", "Dundee")),
        (
            "My husband reacts badly to celery (allergy). For me it's mustard.",
            ("allergy", "mustard"),
        ),
        ("my brother lives in Ghent; as for me, Bruges", ("city", "Bruges")),
        ("My boss drives a Volvo XC40. Me? A Fiat Panda.", ("car", "Fiat Panda")),
    ],
)
def test_a_statement_with_words_left_out_is_read(text: str, fact: tuple[str, str]) -> None:
    assert fact in _users(text)


@pytest.mark.parametrize(
    "text",
    [
        "the heat made me sleepy and grumpy today",  # no role: nothing to hold
        "my sister lives in Leeds. For me it's too far to visit often.",  # no value
    ],
)
def test_a_shape_without_a_value_gives_the_user_nothing(text: str) -> None:
    assert not {p for p, _ in _users(text)} & {"job_title", "city"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        # a present perfect with its start, and the value it replaced negated apart
        ("since may we've called Tromsø home, not Bodø any more", ("city", "Tromsø")),
        # a new role, its employer after a comma
        ("On 2 March I started a new job, at Harrow & Pike.", ("employer", "Harrow & Pike")),
        # a formal letter: the position and the employer in one noun frame
        (
            "For your records: I have taken up the post of site surveyor with Calder Mapping.",
            ("job_title", "site surveyor"),
        ),
        # a service and who provides it
        ("our broadband is through Skyline Fibre", ("internet_provider", "Skyline Fibre")),
    ],
)
def test_a_frame_said_around_its_value_is_read(text: str, fact: tuple[str, str]) -> None:
    facts = RuleExtractor().extract([HumanMessage(text, id="m1")], now=NOW)
    assert fact in {(c.predicate, c.object) for c in facts if c.polarity == "assert"}
