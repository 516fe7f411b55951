"""Corrections whose pieces sit apart, and first statements said without a verb (#12).

A correction typed in a hurry puts an apology between the right value and the wrong one
("*Brackwater Ltd -- typo, my bad, not Brockwater Ltd"); the right value is the piece that
reads as a value, not the nearest words. And a correction only lands when the statement it
corrects was held: a condition said as a bare noun phrase ("walnut allergy here") or a
contracted copula ("Home's Galway.") must be read in the first place. Each test checks what
the user notices: what the default graph holds as current afterwards.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction import RuleExtractor
from unit_tests.test_retraction_forms import held

NOW = datetime(2026, 6, 3, 12, tzinfo=timezone.utc)


def facts(text: str) -> list[tuple[str, str, str]]:
    return [
        (c.predicate, c.object, c.holder)
        for c in RuleExtractor().extract([HumanMessage(text, id="m1")], now=NOW)
    ]


@pytest.mark.parametrize(
    ("first", "fix", "now"),
    [
        (
            "I'm employed at Brockwater Ltd.",
            "*Brackwater Ltd -- typo, my bad, not Brockwater Ltd",
            ["Brackwater Ltd"],
        ),
        (
            "I work at Fennick Dental.",
            "Finnick Dental; autocorrect, sorry, not Fennick Dental",
            ["Finnick Dental"],
        ),
        ("walnut allergy here", "oh — pecans, not walnut. they look alike on menus", ["pecans"]),
        ("Home's Galway.", "argh, Gdynia not Galway, my phone again", ["Gdynia"]),
        # the wrong value first, the right one after it
        ("Home is Galway.", "sorry: not Galway, Gdynia", ["Gdynia"]),
        (
            "I'm employed at Brockwater Ltd.",
            "Brockwater Ltd should have been Brackwater Ltd",
            ["Brackwater Ltd"],
        ),
        # the right value alone, marked as a fix
        ("I'm employed at Brockwater Ltd.", "Brackwater Ltd*", ["Brackwater Ltd"]),
        ("Home is Galway.", "ugh, meant to say Gdynia", ["Gdynia"]),
    ],
)
def test_a_correction_replaces_the_value_it_names(first: str, fix: str, now: list[str]) -> None:
    assert held((first, fix)) == now


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("heads up, sesame allergy here", [("allergy", "sesame", "user")]),
        ("kiwi allergy on my side, just so it's noted", [("allergy", "kiwi", "user")]),
        ("Home's Tromsø these days.", [("city", "Tromsø", "user")]),
    ],
)
def test_a_verbless_statement_is_read(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert facts(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "my aunt swells up around kiwi — proper allergy — so no kiwi at her party",
        "hay fever and pollen allergy season is brutal this year",
    ],
)
def test_a_condition_inside_someone_elses_sentence_is_not_the_users(text: str) -> None:
    assert ("allergy", "proper", "user") not in facts(text)
    assert not [f for f in facts(text) if f[0] == "allergy" and f[2] == "user"]


@pytest.mark.parametrize(
    ("first", "fix", "now"),
    [
        (
            "I'm employed at Brockwater Ltd.",
            "*Brackwater Ltd -- typo, my bad, not Brockwater Ltd",
            ["Brackwater Ltd"],
        ),
        ("Home is Galway.", "sorry: not Galway, Gdynia", ["Gdynia"]),
        ("walnut allergy here", "oh — pecans, not walnut. I always mix those up", ["pecans"]),
        ("Home is Galway.", "Galway should have been Gdynia", ["Gdynia"]),
        # a choice said with "not" is no correction, whatever is held
        ("Home is Galway.", "tea, not coffee, sorry", ["Galway"]),
    ],
)
def test_a_correction_in_a_later_session_finds_the_value_it_names(
    first: str, fix: str, now: list[str]
) -> None:
    assert held((first,), (fix,)) == now
