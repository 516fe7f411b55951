"""A past state said beside the value that replaced it, and present-time adverbs anywhere in
the clause (issue 12, kind past_state): the rule extractor gives both values the slot one
side names, the past one as history (``valid_to``), the present one as current.

The wordings are new (lowercase texting, formal e-mail, British run-on), none from a
benchmark split.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction import RuleExtractor
from langmem_plus.facts.policy import WritePolicy

NOW = datetime(2026, 6, 10, 12, tzinfo=timezone.utc)


def _said(text: str) -> set[tuple[str, str, bool]]:
    """(predicate, value, is past) of each of the user's candidates."""
    facts = RuleExtractor().extract([HumanMessage(text, id="m1")], now=NOW)
    return {(c.predicate, c.object, c.valid_to is not None) for c in facts if c.holder == "user"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the slot named on the present side, the past side only "it was X"
        (
            "tbh back then it was Ironbridge Leisure, these days Kelso Lido is my gym",
            {("gym", "Kelso Lido", False), ("gym", "Ironbridge Leisure", True)},
        ),
        # formal: a gym verb on the present side, a bare name on the past side
        (
            "For many years I attended Harrowgate Athletic Club; however, I have been "
            "training at the Ferncliff Centre recently.",
            {("gym", "Ferncliff Centre", False), ("gym", "Harrowgate Athletic Club", True)},
        ),
        # texting: the slot named on the past side, "now its X" on the present one
        (
            "i was at Marlow Finch til recently, now its Quillon Labs",
            {("employer", "Marlow Finch", True), ("employer", "Quillon Labs", False)},
        ),
        # British run-on: one role beside the one it replaced
        (
            "i was a bus conductor for donkey's years and now i'm a locksmith",
            {("job_title", "bus conductor", True), ("job_title", "locksmith", False)},
        ),
        # the value before the user's verb ("the X we drive these days")
        (
            "My old Peugeot Partner was a rust bucket; the Hyundai Ioniq we drive these days "
            "is far quieter.",
            {("car", "Hyundai Ioniq", False), ("car", "Peugeot Partner", True)},
        ),
        # a role held for a span of years, then the one taken up after it
        (
            "I spent six years as a court stenographer before retraining as a dog groomer.",
            {("job_title", "court stenographer", True), ("job_title", "dog groomer", False)},
        ),
        # a subjectless simple past ending in a year, then a move with its subject left out
        (
            "lived in Aarhus from 2015 until 2021, moved to Vejle after that",
            {("city", "Aarhus", True), ("city", "Vejle", False)},
        ),
        # the years at a place, over; where the user is now
        (
            "after six years at Corrib Dental I moved on. these days I'm with Fenwick Labs",
            {("employer", "Corrib Dental", True), ("employer", "Fenwick Labs", False)},
        ),
    ],
)
def test_a_past_value_beside_the_current_one_is_history(
    text: str, expected: set[tuple[str, str, bool]]
) -> None:
    assert _said(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("these days Kelso Lido is my gym", {("gym", "Kelso Lido", False)}),
        ("now I'm with Norrland Freight", {("employer", "Norrland Freight", False)}),
        ("nowadays i'm a ferry inspector", {("job_title", "ferry inspector", False)}),
        ("I've been working out at Brookvale Pool lately", {("gym", "Brookvale Pool", False)}),
    ],
)
def test_a_present_adverb_before_the_clause_does_not_hide_it(
    text: str, expected: set[tuple[str, str, bool]]
) -> None:
    assert _said(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # a bare "it's ..." that is no name, beside a city
        "I used to live in Lund, these days it's mostly remote work for me",
        # a habit, not a role
        "i was a heavy smoker for years and now i'm a non-smoker",
        # a diet, not a role
        "I was a vegetarian for years; now I'm a pescatarian",
    ],
)
def test_a_bare_phrase_that_is_not_a_value_of_the_slot_is_not_taken(text: str) -> None:
    said = _said(text)
    assert not any(p == "job_title" for p, _, _ in said)
    assert not any(v in ("remote work", "mostly remote work") for _, v, _ in said)


@pytest.mark.parametrize(
    ("text", "old", "new"),
    [
        ("sold the Brompton last month, got a Tern Vektron instead", "Brompton", "Tern Vektron"),
        (
            "Got rid of Vodafone in March; we're with Smarty Mobile now.",
            "Vodafone",
            "Smarty Mobile",
        ),
        (
            "We finally dropped Nordlys Energi. It's Ecotricity since the 2nd of May.",
            "Nordlys Energi",
            "Ecotricity",
        ),
        ("the Yaris went to a new home in April and we got a Kia Niro", "Yaris", "Kia Niro"),
    ],
)
def test_a_switch_told_as_two_events_replaces_the_old_value(text: str, old: str, new: str) -> None:
    facts = RuleExtractor().extract([HumanMessage(text, id="m1")], now=NOW)
    switches = [(c.object, c.replaces) for c in facts if c.polarity == "assert"]
    assert switches == [(new, old)]
    assert not [c for c in facts if c.polarity == "retract"]  # the switch closes the old one


def test_a_switch_takes_the_slot_that_holds_the_old_value() -> None:
    ex = RuleExtractor()
    first = ex.extract([HumanMessage("I drive a Toyota Yaris.", id="m1")], now=NOW)
    policy = WritePolicy()
    held = [policy.decide(c, user_id="u", current=[], now=NOW).fact for c in first]
    later = ex.extract(
        [HumanMessage("the Toyota Yaris went to a new home and we got a Kia Niro", id="m2")],
        now=NOW + timedelta(days=7),
    )
    current = [f for f in held if f is not None]
    a_week_on = NOW + timedelta(days=7)
    decisions = [policy.decide(c, user_id="u", current=current, now=a_week_on) for c in later]
    assert [(d.fact.predicate, d.fact.object) for d in decisions if d.fact] == [("car", "Kia Niro")]


@pytest.mark.parametrize(
    "text",
    [
        "my dad sold the Volvo, got a Tesla",  # his switch, not the user's
        "back then it was chaos, these days it's calmer",  # no slot, no name
    ],
)
def test_a_pair_that_is_not_the_users_values_gives_the_user_nothing(text: str) -> None:
    facts = RuleExtractor().extract([HumanMessage(text, id="m1")], now=NOW)
    assert not [c for c in facts if c.subject == "user" and c.polarity == "assert"]


def test_a_past_side_that_is_no_role_is_not_a_job_title() -> None:
    assert ("job_title", "mess", True) not in _said("I was a mess for years, now I'm a runner")


@pytest.mark.parametrize(
    ("text", "old", "new"),
    [
        # a particle after the old value ("traded X in", "let X lapse"), the next event
        # joined by "and" with no subject of its own, an adjective before the new name
        ("Traded the Corsa in and picked up a used Honda Jazz last week", "Corsa", "Honda Jazz"),
        ("let the Odeon Limitless lapse and joined Cineworld instead", "Odeon Limitless",
         "Cineworld"),
        # the old thing as the subject of its loss, both events in one run of words
        ("the Carrera got stolen 😩 replaced it with a Specialized Sirrus", "Carrera",
         "Specialized Sirrus"),
        # the new value first, the old one let go after it
        ("switched everything over to Nationwide and closed the Halifax account",
         "Halifax", "Nationwide"),
        # a farewell after a verb of destination
        ("Ported my number to Talkmobile! Goodbye Three, not missed", "Three", "Talkmobile"),
        # a verbless "Y now" after the old one was retired
        ("retired the Brooks Ghost. Saucony Ride now, so much comfier", "Brooks Ghost",
         "Saucony Ride"),
        # a workplace left, then the one worked out of now
        ("I've left Second Home - working out of Huckletree now, way cheaper",
         "Second Home", "Huckletree"),
    ],
)
def test_a_switch_told_with_verbs_of_losing_and_taking_replaces_the_old_value(
    text: str, old: str, new: str
) -> None:
    facts = RuleExtractor().extract([HumanMessage(text, id="m1")], now=NOW)
    assert (new, old) in [(c.object, c.replaces) for c in facts if c.polarity == "assert"]
    assert not [c for c in facts if c.polarity == "retract" and c.object == old]


def test_a_car_traded_in_leaves_the_new_one_in_its_slot() -> None:
    ex = RuleExtractor()
    first = ex.extract([HumanMessage("I drive a Vauxhall Corsa.", id="m1")], now=NOW)
    policy = WritePolicy()
    decided = [policy.decide(c, user_id="u", current=[], now=NOW) for c in first]
    current = [d.fact for d in decided if d.fact]
    a_week_on = NOW + timedelta(days=7)
    later = ex.extract(
        [HumanMessage("Traded the Vauxhall Corsa in and picked up a used Honda Jazz", id="m2")],
        now=a_week_on,
    )
    decisions = [policy.decide(c, user_id="u", current=current, now=a_week_on) for c in later]
    kept = [(d.fact.predicate, d.fact.object) for d in decisions if d.fact]
    assert kept == [("car", "Honda Jazz")]


@pytest.mark.parametrize(
    "text",
    [
        # a loss with nothing taken after it, and a purchase with nothing let go
        "the Carrera got stolen outside the station, gutted",
        "picked up a Specialized Sirrus for the commute",
        # someone else's switch
        "my brother traded his Corsa in and picked up a Honda Jazz",
    ],
)
def test_no_switch_without_both_events_of_the_user(text: str) -> None:
    facts = RuleExtractor().extract([HumanMessage(text, id="m1")], now=NOW)
    assert not [c for c in facts if c.replaces]
