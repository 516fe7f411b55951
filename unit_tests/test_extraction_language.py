"""The rule extractor on phrasings it was not first written for (issue 12, wave 3).

Each group names the kind it covers; the wordings and values are written for these tests
(tuning cases of the same kinds are in ``benchmarks/truth/tuning_kinds_language.py``).
"""

from __future__ import annotations

from datetime import date, datetime, timezone

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction import RuleExtractor
from langmem_plus.facts.models import CandidateFact
from unit_tests.extraction_cases import can_be_current

NOW = datetime(2026, 11, 11, 12, tzinfo=timezone.utc)


def extract(text: str) -> list[CandidateFact]:
    return RuleExtractor().extract([HumanMessage(text, id="u1")], now=NOW)


def current(text: str) -> set[tuple[str, str]]:
    return {(c.predicate, c.object) for c in extract(text) if can_be_current(c)}


def retracted(text: str) -> set[tuple[str, str]]:
    return {(c.predicate, c.object) for c in extract(text) if c.polarity == "retract"}


# ---------------------------------------------------------------- unseen statements

STATEMENTS = [
    # the verb after an aspect phrase ("ended up", "went ahead and")
    ("In the end we ended up moving to Kielce in May.", {("city", "Kielce")}),
    ("We went ahead and relocated to Trondheim.", {("city", "Trondheim")}),
    # a subjectless clause that starts with a predicate adjective
    ("work is fine. also allergic to almonds btw", {("allergy", "almonds")}),
    # a lead-in before the subject
    ("fyi I cycle to work every weekday", {("routine", "cycle to work every weekday")}),
    # a title and an employer in one "took a ... role at" clause, after a quit
    (
        "quit Harwick and took a site manager role at Pellow Build",
        {("employer", "Pellow Build"), ("job_title", "site manager")},
    ),
    ("Started a new job at Corvane last week", {("employer", "Corvane")}),
    # a promotion that names the employer; a rhetorical subject
    (
        "I got made shift supervisor at Dalmore Foods.",
        {("job_title", "shift supervisor"), ("employer", "Dalmore Foods")},
    ),
    ("guess who just got promoted to lead editor 🎉", {("job_title", "lead editor")}),
]


@pytest.mark.parametrize(("text", "expected"), STATEMENTS, ids=[s[0][:40] for s in STATEMENTS])
def test_statements_in_frames_the_patterns_did_not_have(
    text: str, expected: set[tuple[str, str]]
) -> None:
    assert current(text) == expected


def test_n_units_back_is_a_stated_relative_start() -> None:
    (fact,) = extract("I moved to Ravenna a couple of months back.")
    assert fact.object == "Ravenna" and fact.time_stated
    assert fact.valid_from is not None and fact.valid_from.date() == date(2026, 9, 11)


# --------------------------------------------------------------------------- people


def test_every_name_after_a_plural_relation_is_a_child() -> None:
    assert current("our twins Maja and Ivo start school in September") == {
        ("child", "Maja"),
        ("child", "Ivo"),
    }


# ----------------------------------------------------------------------- retractions

RETRACTIONS = [
    ("Sad news, Clover passed away on Sunday.", {("pet", "Clover")}),
    ("We lost Tofu last week, still heartbroken.", {("pet", "Tofu")}),
    ("Handed in my notice at Brenmoor, last day was Friday.", {("employer", "Brenmoor")}),
    ("Good news: no peanut allergy, the test was negative.", {("allergy", "peanut")}),
]


@pytest.mark.parametrize(("text", "expected"), RETRACTIONS, ids=[r[0][:40] for r in RETRACTIONS])
def test_retractions_said_without_the_frames_the_patterns_had(
    text: str, expected: set[tuple[str, str]]
) -> None:
    assert retracted(text) == expected
    assert not current(text) & expected


@pytest.mark.parametrize(
    "text",
    [
        "We lost the match on Sunday.",
        "I lost my keys again.",
        "Then the meeting died down and we went home.",
        "no allergy info on the form, can you add a field?",
    ],
)
def test_a_loss_that_names_no_one_takes_nothing_back(text: str) -> None:
    assert not {c for c in extract(text) if c.polarity == "retract" and c.predicate == "pet"}


# ----------------------------------------------------------------- one at a time, titles

SWITCHED = [
    ("We changed vets, we're with Larchfield Vets now.", {("vet", "Larchfield Vets")}),
    ("switched insurers - now with Corbel Mutual", {("insurer", "Corbel Mutual")}),
    ("changed jobs, now at Tallis Robotics", {("employer", "Tallis Robotics")}),
    ("I moved my broadband over to Fibrelink.", {("broadband", "Fibrelink")}),
    ("I'm now the head of logistics.", {("job_title", "head of logistics")}),
    ("Ivo and I got engaged in June!", {("partner", "Ivo")}),
    ("my step-son Aurelio starts uni soon", {("child", "Aurelio")}),
    ("I started at Quarrydale shortly after.", {("employer", "Quarrydale")}),
]


@pytest.mark.parametrize(("text", "expected"), SWITCHED, ids=[s[0][:40] for s in SWITCHED])
def test_a_switch_names_the_one_value_now_held(text: str, expected: set[tuple[str, str]]) -> None:
    assert current(text) == expected


def test_a_switched_attribute_holds_one_value_at_a_time() -> None:
    (fact,) = extract("I changed gyms, I'm at Ferngate Climbing now.")
    assert (fact.predicate, fact.object, fact.single_valued) == ("gym", "Ferngate Climbing", True)


@pytest.mark.parametrize(
    "text",
    [
        "changed plans, we're at the lake now",
        "I switched sides, I'm with Tereza on this one",
        "I'm now a proud owner of a kayak",
        "I'm the worst cook in the family",
    ],
)
def test_a_change_of_mind_or_a_boast_is_no_value(text: str) -> None:
    assert current(text) == set()


def test_a_pet_given_away_is_taken_back() -> None:
    assert retracted("We had to rehome our rabbit Sorrel.") == {("pet", "Sorrel")}


# ------------------------------------------------------------- values that are no value


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I quit being vegetarian over the summer.", {("dietary_restriction", "vegetarian")}),
        ("i'm no longer allergic to celery apparently", {("allergy", "celery")}),
    ],
)
def test_a_diet_or_allergy_given_up_is_taken_back_without_its_hedge(
    text: str, expected: set[tuple[str, str]]
) -> None:
    assert retracted(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I never eat before noon.",
        "I gave up my allotment at Haverleigh.",
        "I quit being vegetarian over the summer.",
    ],
)
def test_a_time_or_a_possession_is_no_food_and_a_habit_no_employer(text: str) -> None:
    facts = extract(text)
    assert not [f for f in facts if f.predicate == "dietary_restriction" and f.polarity == "assert"]
    assert not [f for f in facts if f.predicate == "employer"]


def test_a_clause_about_the_old_place_does_not_make_the_place_a_person() -> None:
    facts = extract("Lyon is no longer home, we moved to Grenoble in March.")
    assert {(f.subject, f.predicate, f.object) for f in facts if can_be_current(f)} == {
        ("user", "city", "Grenoble")
    }
    assert not [f for f in facts if f.subject.startswith("person:")]
