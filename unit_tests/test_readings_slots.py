"""Statements said in shapes the core patterns do not read, through the offline extractor
(#12: must_not_store needs the user's real value; unseen_statement).

What the user notices: they said where they live, who they work for, how they want replies
or what they are allergic to, in an everyday shape ("Brno's where home is", "Hallam Rigging
pays my salary", "punchy answers pls", "sesame allergy here"), and it is held as theirs.
The shapes are read by structure — a slot noun equated with a value, a verb of the frame
with the user as its object, a residence verb with the place after other words — with
values (places, employers, foods) this file's own.
"""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction.rules import RuleExtractor
from unit_tests.test_people import people

# the user's own asserted (predicate, object) pairs RuleExtractor reads from one message
users = people


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a slot equated with its value
        ("Brno's where home is, for context.", {("city", "Brno")}),
        ("quick bit of background: home is Kalmar these days.", {("city", "Kalmar")}),
        ("Home's Tromsø.", {("city", "Tromsø")}),
        ("Company-wise it's Hallam Rigging.", {("employer", "Hallam Rigging")}),
        ("Day job: sound engineer, Hallam Rigging.",
         {("employer", "Hallam Rigging"), ("job_title", "sound engineer")}),
        # a verb of the frame with the user as its object
        ("Hallam Rigging pays my wages, if you need to know", {("employer", "Hallam Rigging")}),
        ("basically Quarry Lane Books employs me", {("employer", "Quarry Lane Books")}),
        ("i do bike courier work for Zipline Parcels", {("employer", "Zipline Parcels")}),
        ("I'm at Quarry Lane Books now.", {("employer", "Quarry Lane Books")}),
        # the residence verb, then other words, then the place
        ("Renting above a bakery in Kalmar.", {("city", "Kalmar")}),
        ("we ended up settled by the harbour in Kalmar, loving it", {("city", "Kalmar")}),
        ("Just bought a flat in Kalmar, no more landlords!", {("city", "Kalmar")}),
        # a residence by its duration, a move as a noun, the user among a place's people
        ("been in kalmar since the autumn, loving it", {("city", "kalmar")}),
        ("ever since our move to Kalmar the commute is awful", {("city", "Kalmar")}),
        ("We're proper Kalmar locals now!", {("city", "Kalmar")}),
        # a title held from now on, headed by a role or agent noun
        ("guess who's shift supervisor now!!", {("job_title", "shift supervisor")}),
        ("from this week I'm sous chef, scary", {("job_title", "sous chef")}),
        ("I'm night editor now.", {("job_title", "night editor")}),
    ],
)  # fmt: skip
def test_a_slot_said_in_an_everyday_shape_is_the_users(
    text: str, expected: set[tuple[str, str]]
) -> None:
    assert expected <= users(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("punchy answers pls, I skim everything", "punchy"),
        ("be blunt with me, I can take it", "blunt"),
    ],
)
def test_how_the_user_wants_replies_said_as_a_request_is_kept(text: str, value: str) -> None:
    found = RuleExtractor().extract([HumanMessage(text)])
    assert any(c.kind == "preference" and value in c.object for c in found)


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("fyi, sesame allergy here", "sesame"),
        ("celery sets off my allergy, so go easy", "celery"),
        ("Vegan most days, plus I react badly to lupin (allergy).", "lupin"),
        ("drinks-wise, pineapple is a hard no because of an allergy", "pineapple"),
    ],
)
def test_an_allergy_named_by_its_noun_is_the_users(text: str, food: str) -> None:
    assert ("allergy", food) in users(text)


@pytest.mark.parametrize(
    "text",
    [
        "thanks for the quick answers",
        "I react badly to criticism, honestly",
        "my sister is renting a room in Kalmar",
        "I'm at the dentist now",
        "my cousin's sesame allergy is bad",
        "I'm older now",
        "since my brother's move to Kalmar he rarely calls",
    ],
)
def test_shapes_that_say_nothing_of_the_user_give_no_fact(text: str) -> None:
    found = users(text)
    assert not {p for p, _ in found} & {"city", "employer", "allergy", "prefers", "job_title"}, (
        found
    )
