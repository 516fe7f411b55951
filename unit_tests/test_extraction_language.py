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
from langmem_plus.facts.policy import UNNAMED_ATTRIBUTE, WritePolicy
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
    ("I moved my broadband over to Fibrelink.", {("internet_provider", "Fibrelink")}),
    ("I'm now the head of logistics.", {("job_title", "head of logistics")}),
    # the partner, and the status the engagement gives the user (a rule since session 13)
    ("Ivo and I got engaged in June!", {("partner", "Ivo"), ("relationship_status", "engaged")}),
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


# ------------------------------------------------- structures, round two (issue 12)

STRUCTURES = [
    # the place before the verb, or a home noun placed somewhere
    ("Sintra is where we live these days.", {("city", "Sintra")}),
    ("Lately Arles is home for us.", {("city", "Arles")}),
    ("My apartment is in Bergamo.", {("city", "Bergamo")}),
    ("I'm renting a flat in Daegu since spring.", {("city", "Daegu")}),
    (
        "I'm in Tarragona, I work at Hollin Mills.",
        {("city", "Tarragona"), ("employer", "Hollin Mills")},
    ),
    # a job said by a label, after an elided subject, or as "been at"
    (
        "My role: quality auditor at Brackwater Foods.",
        {("employer", "Brackwater Foods"), ("job_title", "quality auditor")},
    ),
    (
        "left Penrow; began as lab technician with Orlin Bio out in Galway",
        {("employer", "Orlin Bio"), ("job_title", "lab technician")},
    ),
    (
        "I've been at Marrick Steel for ages as a welder.",
        {("employer", "Marrick Steel"), ("job_title", "welder")},
    ),
    ("I'm at Tavish & Rowe these days.", {("employer", "Tavish & Rowe")}),
    # a promotion without an article; a start date, not a passing state
    ("They promoted me, I'm route planner now!", {("job_title", "route planner")}),
    ("I'm now the claims lead, as of this week.", {("job_title", "claims lead")}),
    # people named first, by a plural noun, or as a parent of
    ("Ilka is my girlfriend.", {("partner", "Ilka")}),
    ("I'm a father of two: Joss and Wren.", {("child", "Joss"), ("child", "Wren")}),
    ("My girls are called Edda and Runa.", {("child", "Edda"), ("child", "Runa")}),
    ("Pip, the whippet who lives with us, turned two today.", {("pet", "Pip")}),
    # diets by a diet noun or by their shape; hyphenated intolerances
    ("I went over to a grain-free diet in June.", {("dietary_restriction", "grain-free")}),
    ("I'm fructivore these days.", {("dietary_restriction", "fructivore")}),
    ("I'm quinoa-intolerant.", {("intolerance", "quinoa")}),
    # a preferred name in other words; one-at-a-time things with a clitic or a synonym
    ("My colleagues know me as Tavi.", {("preferred_name", "Tavi")}),
    ("My van's a Ford Transit.", {("van", "Ford Transit")}),
    ("I'm on Kelp Mobile 5GB for my phone.", {("phone_plan", "Kelp Mobile 5GB")}),
    ("I switched my mobile contract to Brisa Talk.", {("phone_plan", "Brisa Talk")}),
    ("Traded in my old scooter for a Vespa Primavera.", {("scooter", "Vespa Primavera")}),
]


@pytest.mark.parametrize(("text", "expected"), STRUCTURES, ids=[s[0][:40] for s in STRUCTURES])
def test_structures_the_patterns_did_not_read(text: str, expected: set[tuple[str, str]]) -> None:
    assert current(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I've ditched being pescatarian, I eat anything now.",
            ("dietary_restriction", "pescatarian"),
        ),
        (
            "The fruitarian phase is over; I eat everything again.",
            ("dietary_restriction", "fruitarian"),
        ),
        ("My histology came back and the wheat allergy was ruled out.", ("allergy", "wheat")),
    ],
)
def test_a_diet_left_or_a_diagnosis_ruled_out_is_taken_back(
    text: str, expected: tuple[str, str]
) -> None:
    assert retracted(text) == {expected}


@pytest.mark.parametrize(
    "text",
    [
        "I'm in a meeting, ping me later.",
        "I'm at the station now.",
        "They promoted me, I'm happier now.",
        "I quit being a manager.",
        "Rome is where I'd love to live.",
    ],
)
def test_a_passing_place_a_mood_or_a_wish_is_no_value(text: str) -> None:
    assert current(text) == set()


def test_a_question_asked_after_a_statement_leaves_the_statement() -> None:
    assert current("I live in Tulle and commute by train, any tips?") == {("city", "Tulle")}


@pytest.mark.parametrize(
    "fix",
    [
        "Hang on, it's Rodez, not Tulle; I typed too fast.",
        "Argh, the keyboard changed it: Rodez, not Tulle.",
        "Wrong town, sorry: Rodez, not Tulle.",
    ],
)
def test_a_correction_after_a_lead_in_names_the_value_it_replaces(fix: str) -> None:
    facts = RuleExtractor().extract(
        [HumanMessage("I live in Tulle.", id="u1"), HumanMessage(fix, id="u2")], now=NOW
    )
    assert [(f.predicate, f.object, f.corrects) for f in facts if f.message_id == "u2"] == [
        ("city", "Rodez", "Tulle")
    ]


SAVED_AND_LISTED = [
    # a save introduced by a lead and a colon; the thing first
    ("Jot this down: I never take sleeper trains.", {("constraint", "never take sleeper trains")}),
    ("Keep this on file: tolls are out for me.", {("constraint", "no tolls")}),
    ("Hold on to this: aniseed is something I loathe.", {("dislike", "aniseed")}),
    # several facts after a lead, each with its value first
    (
        "Quick context: Vigo is where I live, Orrel Print is where I work, and lupin gives "
        "me hives.",
        {("city", "Vigo"), ("employer", "Orrel Print"), ("allergy", "lupin")},
    ),
    # a move with what moved between the verb and the place; a switch after a colon
    ("We shifted our whole household to Lund in April.", {("city", "Lund")}),
    ("Switched vets: Alder Lane Vets from this week.", {("vet", "Alder Lane Vets")}),
    ("Changed insurers — Corbel Mutual now.", {("insurer", "Corbel Mutual")}),
]


@pytest.mark.parametrize(
    ("text", "expected"), SAVED_AND_LISTED, ids=[s[0][:40] for s in SAVED_AND_LISTED]
)
def test_saves_and_lists_said_value_first(text: str, expected: set[tuple[str, str]]) -> None:
    assert current(text) == expected


def test_a_membership_is_no_job() -> None:
    assert not [f for f in extract("I'm a member at Fernhill Tennis Club.") if f.predicate in
                ("employer", "job_title")]  # fmt: skip


def test_a_lead_before_a_colon_does_not_make_the_statement_a_question() -> None:
    assert current("Since you keep asking about my diet: I'm fruitarian now.") == {
        ("dietary_restriction", "fruitarian")
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an announcement phrased as a question is said, not asked
        ("Guess who got moved up to shift manager? Me!", {("job_title", "shift manager")}),
        # the value first, then the attribute it is held as
        ("Brisa Talk is my mobile plan now.", {("phone_plan", "Brisa Talk")}),
        ("Ochre is my favourite colour.", {("favorite_color", "Ochre")}),
        # a lead before a colon does not glue the next clause to a value-first one
        (
            "For context: Vigo is home, I work at Orrel Print.",
            {("city", "Vigo"), ("employer", "Orrel Print")},
        ),
    ],
)
def test_announcements_and_values_said_first(text: str, expected: set[tuple[str, str]]) -> None:
    assert current(text) == expected


def test_a_real_who_question_is_still_a_question() -> None:
    assert current("Who got moved up to shift manager?") == set()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm a lecturer.", {("job_title", "lecturer")}),
        (
            "I'm now a senior buyer, at Harrow Goods since May.",
            {("job_title", "senior buyer"), ("employer", "Harrow Goods")},
        ),
        ("I teach at Millbrook Academy.", {("employer", "Millbrook Academy")}),
        (
            "I got a job as a porter at Kessel Hotels!",
            {("job_title", "porter"), ("employer", "Kessel Hotels")},
        ),
        (
            "Busy month, but since I switched jobs to Ardent Labs it's calmer.",
            {("employer", "Ardent Labs")},
        ),
        ("My new van is a Ford Transit.", {("van", "Ford Transit")}),
    ],
)
def test_a_job_or_a_thing_said_plainly(text: str, expected: set[tuple[str, str]]) -> None:
    assert current(text) == expected


@pytest.mark.parametrize("text", ["I'm a partner.", "I'm a morning person.", "I'm a bit lost."])
def test_a_bare_noun_after_i_am_a_is_no_job(text: str) -> None:
    assert not [f for f in extract(text) if f.predicate == "job_title"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Blood type: A positive", {("blood_type", "A positive")}),
        ("broadband provider is Zenfibre", {("internet_provider", "Zenfibre")}),
        ("shoe size 41, fyi", {("shoe_size", "41")}),
        ("we get our broadband from Hyperoptic", {("internet_provider", "Hyperoptic")}),
        ("I bank with Tandem.", {("bank", "Tandem")}),
    ],
)
def test_a_known_slot_named_by_a_label(text: str, expected: set[tuple[str, str]]) -> None:
    assert current(text) == expected


@pytest.mark.parametrize("text", ["my phone is broken", "Car: in the shop"])
def test_a_device_or_a_state_is_no_slot_value(text: str) -> None:
    assert current(text) == set()


def test_a_device_named_by_a_label_is_the_device_not_its_plan() -> None:
    # held one at a time (issue 12, kind 10), in the device's own slot, never the plan's
    assert current("Phone: Pixel 8") == {("phone", "Pixel 8")}


def test_a_habit_tied_to_a_part_of_the_day_is_a_routine() -> None:
    assert current("Remember that I cycle before breakfast.") == {
        ("routine", "cycle before breakfast")
    }


@pytest.mark.parametrize(
    "text",
    [
        "I'm in Lyon for the week.",
        "I'm in Graz on business.",
        "I'm at Gatwick now, the flight is late.",
        "Noor is my colleague.",
    ],
)
def test_a_stay_a_trip_or_a_colleague_is_no_value_of_the_user(text: str) -> None:
    assert current(text) == set()


def test_a_swap_that_names_no_attribute_takes_the_earlier_values_slot() -> None:
    facts = RuleExtractor().extract(
        [HumanMessage("I drive a Mazda 2.", id="u1")],
        context=[],
        now=NOW,
    )
    assert [(f.predicate, f.object) for f in facts] == [("car", "Mazda 2")]
    swapped = RuleExtractor().extract(
        [HumanMessage("Traded the Mazda 2 for a Fiat Panda last week.", id="u2")],
        context=[HumanMessage("I drive a Mazda 2.", id="u1")],
        now=NOW,
    )
    assert [(f.predicate, f.object, f.single_valued) for f in swapped] == [
        ("car", "Fiat Panda", True)
    ]


def test_a_swap_with_no_earlier_value_names_no_slot_and_the_policy_finds_none() -> None:
    # the extractor proposes the switch with its attribute open; the write policy finds the
    # slot that holds the old value, and with none held it saves nothing
    # (a maker's name would say the attribute: "the Mazda 2 for a Fiat Panda" is the car,
    # unit_tests/test_cars.py; these names say nothing of what they are)
    (c,) = extract("Traded the Kobo Clara for a Boox Palma last week.")
    assert (c.predicate, c.object, c.replaces) == (UNNAMED_ATTRIBUTE, "Boox Palma", "Kobo Clara")
    d = WritePolicy().decide(c, user_id="u1", current=[], now=NOW)
    assert (d.action, d.code) == ("rejected", "nothing_to_replace")


def test_a_list_of_allergens_ends_where_a_verb_starts_a_clause() -> None:
    assert current("I'm allergic to kiwi and need a dessert idea.") == {("allergy", "kiwi")}
