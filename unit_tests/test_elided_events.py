"""A dated change told as an event, a perfect or a pronoun is read with its date (#12).

Dated statements come in shapes other than "I moved to X in August": the move as a noun
("the relocation to X happened at the start of May"), the start as a first day ("my first
shift at X was 3 March"), a present perfect copula ("since June my barber has been X"),
an adverb inside a perfect ("I've honestly been working out at X"), a regional verb of moving
("we shifted down to X"), and the attribute named in one clause and its new value behind
"it" in the next ("sold my car in May; it's a X these days"). Each is said again in a
frame the rules read; the time comes from the user's own words.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction.rules import RuleExtractor
from langmem_plus.extraction.timeparse import find_time_expression

SENT = datetime(2026, 9, 20, 10, 0, tzinfo=UTC)


def read(text: str) -> dict[tuple[str, str], str | None]:
    """``(predicate, object) -> valid_from date`` of the user's current candidates."""
    found = RuleExtractor().extract([HumanMessage(text)], now=SENT)
    return {
        (c.predicate, c.object): (c.valid_from.date().isoformat() if c.time_stated else None)
        for c in found
        if c.subject == "user" and c.polarity == "assert" and c.valid_to is None
    }


@pytest.mark.parametrize(
    ("text", "key", "day"),
    [
        ("The relocation to Tromsø happened at the start of May, still unpacking.",
         ("city", "Tromsø"), "2026-05-01"),
        ("our big move to Aarhus was in July!! finally", ("city", "Aarhus"), "2026-07-01"),
        ("My first shift at Calder Bakery was 3 March. Knackered.",
         ("employer", "Calder Bakery"), "2026-03-03"),
        ("we shifted down to Timaru in June, loving it", ("city", "Timaru"), "2026-06-01"),
        ("Since June my barber has been Fade Street.", ("barber", "Fade Street"), "2026-06-01"),
    ],
)  # fmt: skip
def test_a_dated_change_in_another_shape_is_read_with_its_date(
    text: str, key: tuple[str, str], day: str
) -> None:
    got = read(text)
    assert key in got
    assert got[key] == day


def test_an_adverb_inside_a_perfect_keeps_the_frame() -> None:
    got = read("tbh since the summer I've honestly been working out at Crux Hall instead")
    assert ("gym", "Crux Hall") in got


def test_it_after_a_clause_naming_the_attribute_takes_that_attribute() -> None:
    got = read("Sold my bike in May; it's a Brompton these days.")
    assert ("bike", "Brompton") in got


def test_moving_up_to_a_place_is_no_promotion() -> None:
    got = read("we moved up to Cairns end of Feb, sorry for the silence")
    assert ("city", "Cairns") in got
    assert not any(p == "job_title" for p, _ in got)


def test_a_fortnight_ago_is_a_time() -> None:
    found = find_time_expression("a fortnight ago we got the keys", SENT)
    assert found is not None and found.when.date().isoformat() == "2026-09-06"


def test_it_after_a_clause_that_gives_nothing_up_is_not_read() -> None:
    got = read("I love my job; it's a Nightmare these days")
    assert not any(o == "Nightmare" for _, o in got)


@pytest.mark.parametrize(
    ("text", "now", "past"),
    [
        ("Before Northgate Dental I spent six years at Wexley Clinic.",
         ("employer", "Northgate Dental"), ("employer", "Wexley Clinic")),
        ("prior to Aldermoor, we lived in Grantham for ages", ("city", "Aldermoor"),
         ("city", "Grantham")),
    ],
)  # fmt: skip
def test_the_object_of_before_is_the_current_value(
    text: str, now: tuple[str, str], past: tuple[str, str]
) -> None:
    found = RuleExtractor().extract([HumanMessage(text)], now=SENT)
    ended = {(c.predicate, c.object): c.valid_to is not None for c in found}
    assert ended.get(now) is False
    assert ended.get(past) is True
