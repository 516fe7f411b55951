"""Dated and unseen statements keep their value as the user's current one (#12).

The post-filters verify every candidate's grounding, a perfect extractor's too, and each
rule below once read the words around the value instead of the value's own clause, so a
statement with a date ("been going to X since March", "started at X on 3 May (Y got my
notice)") or said beside something else (a plan for tomorrow, a question after an emoji, a
dash, an aside) was turned into a plan, a question or another person's, and never stored.
Each test has its guard: the reading stays strict where the words really plan, ask, end or
belong to someone else. Wordings are this file's own.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from langchain_core.messages import HumanMessage
from langgraph.store.base import BaseStore

from langmem_plus.extraction.filters import post_filter
from langmem_plus.extraction.grounding import modality
from langmem_plus.extraction.rules import RuleExtractor
from langmem_plus.extraction.timeparse import find_time_expression
from langmem_plus.extraction.turns import UserTurn
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import CandidateFact
from unit_tests.test_memory_support import Clock

SENT = datetime(2026, 6, 9, 18, 0, tzinfo=UTC)


def verified(text: str, predicate: str, value: str) -> CandidateFact | None:
    """The candidate ``predicate=value`` quoting ``text`` after the post-filters (``None``:
    dropped)."""
    turn = UserTurn("m1", text, None, SENT)
    c = CandidateFact(
        kind="fact", predicate=predicate, object=value, text=f"The user: {value}.", quote=text
    )
    kept, _ = post_filter([c], [turn])
    return kept[0] if kept else None


def current(text: str, predicate: str, value: str) -> bool:
    """Whether the candidate survives as the user's own current, asserted value."""
    c = verified(text, predicate, value)
    return (
        c is not None
        and c.modality == "asserted"
        and c.polarity == "assert"
        and c.holder == "user"
        and c.valid_to is None
    )


@pytest.mark.parametrize(
    ("text", "predicate", "value"),
    [
        ("cancelled the Brightwater pass in April, I've been going to Lunge Lab since May",
         "gym", "Lunge Lab"),
        ("we kept going to the Tamsworth clinic even after the move", "dentist",
         "Tamsworth clinic"),
        ("Otter Yard went bust so I've been going to Pike Hall ever since", "gym", "Pike Hall"),
    ],
)  # fmt: skip
def test_going_somewhere_with_an_aspect_word_is_no_plan(
    text: str, predicate: str, value: str
) -> None:
    assert current(text, predicate, value)


@pytest.mark.parametrize(
    "text",
    [
        "I'm going to Marlow Fitness from next month",
        "I've been going to join Marlow Fitness for ages, never got round to it",
        "I was going to sign up at Marlow Fitness but the fees are mad",
    ],
)
def test_going_to_of_the_future_still_plans(text: str) -> None:
    assert modality(text, None, text.index("Marlow") + len("Marlow Fitness")) == "plan"


def test_a_time_in_a_later_clause_of_the_speakers_does_not_make_the_value_a_plan() -> None:
    text = (
        "right - since we swapped Kirkwall for Tromsø the venue for the Halloran quiz night"
        " is a trek, I'll finish the seating plan tomorrow, brain's gone"
    )
    assert current(text, "city", "Tromsø")
    assert current(text, "current_project", "Halloran quiz night")


def test_a_time_in_the_values_own_clause_still_plans() -> None:
    assert not current("we move to Tromsø next month, can't wait", "city", "Tromsø")
    text = "I live in Narvik for now, and I'm moving to Tromsø next month"
    assert modality(text, None, text.index("Tromsø") + 6) == "plan"


def test_a_plain_dash_ends_the_clause_that_plans() -> None:
    text = (
        "Sunday is a picnic for eight and I'm not going to be cooking on the day - oh and"
        " whatever you suggest, sesame and I do not get along (learnt that at a wedding),"
        " so skip it"
    )
    assert current(text, "allergy", "sesame")


def test_a_question_mark_after_an_emoji_asks_about_the_later_piece() -> None:
    text = "so I'm a cooper now 🙈 week one was chaos but I think it suits me??"
    assert current(text, "job_title", "cooper")


def test_a_real_question_with_an_emoji_is_still_asked() -> None:
    assert not current("would Larkspur hire me 🤔 what do you reckon?", "employer", "Larkspur")
    assert not current("is Larkspur hiring 🤔 asking for me?", "employer", "Larkspur")


def test_an_aside_naming_someone_else_leaves_the_value_the_users() -> None:
    text = "Began at Quillon Press on 4 May (Harrowgate had my notice in April), new lanyard"
    assert current(text, "employer", "Quillon Press")


def test_an_aside_about_another_person_is_still_theirs() -> None:
    text = "met my old tutor (she works at Fenwick Labs) for lunch"
    c = verified(text, "employer", "Fenwick Labs")
    assert c is None or c.holder != "user"


def test_a_number_word_opening_a_sentence_is_nobody() -> None:
    text = "Nine years at Holloway Print this autumn, madness"
    assert current(text, "employer", "Holloway Print")


def test_a_state_joined_in_an_aside_is_not_the_ending_said_outside_it() -> None:
    text = "As I'm no longer at Morrow Print (I joined Tenby Press in May), update the bio."
    joined = verified(text, "employer", "Tenby Press")
    assert joined is not None and joined.polarity == "assert"
    left = verified(text, "employer", "Morrow Print")
    assert left is not None and left.polarity == "retract"


@pytest.mark.parametrize(
    ("text", "now", "before"),
    [
        ("I spent four years at Corran Labs before landing here at Wexmoor, long story",
         "Wexmoor", "Corran Labs"),
        ("We spent a decade in Ostrava before settling down over in Brno", "Brno", "Ostrava"),
    ],
)  # fmt: skip
def test_the_place_one_arrived_at_after_before_is_current(text: str, now: str, before: str) -> None:
    assert current(text, "employer", now)
    later = verified(text, "employer", before)
    assert later is not None and later.valid_to is not None


# ---- the default path: a start date said with "as of", "since", "from"


def test_a_start_date_said_with_as_of_beats_a_value_said_later_without_one(
    base_store: BaseStore,
) -> None:
    """ "as of <date>" is cut off the quote (the quote is what is true); the date stays
    stated, so a value the user said after that date but with no date of its own is
    replaced by it, not the other way round."""
    clock = Clock(datetime(2026, 4, 20, 9, 0, tzinfo=UTC))
    memory = FactMemory(base_store, clock=clock)
    ex = RuleExtractor()
    for text in ("I work at Brindlewood Co.", "as of April I work at Ashcombe Survey"):
        for c in ex.extract([HumanMessage(text)], now=clock.now):
            memory.remember("oda", c)
        clock.advance(days=2)
    block = memory.recall("oda", "draft my email signature with my employer in it").block
    assert "Ashcombe Survey" in block
    assert "Brindlewood" not in block


@pytest.mark.parametrize(
    "text",
    [
        "as of last tuesday I'm a senior glazier!! still sinking in",
        "since the 2nd of March I'm a senior glazier, mad",
    ],
)
def test_a_title_held_since_a_past_date_is_read(text: str) -> None:
    found = RuleExtractor().extract([HumanMessage(text)], now=SENT)
    titles = [c for c in found if c.predicate == "job_title"]
    assert [c.object for c in titles] == ["senior glazier"]
    assert titles[0].valid_from is not None and titles[0].valid_from < SENT


def test_a_title_become_after_before_is_current() -> None:
    text = "I spent nine years as a sound engineer before becoming a lighting designer."
    assert current(text, "job_title", "lighting designer")


def test_a_not_after_the_value_negates_its_own_object() -> None:
    text = "Since April we've called Tarbes home, not Lourdes any more."
    assert current(text, "city", "Tarbes")
    left = verified("I lived in Lourdes for years, not any more.", "city", "Lourdes")
    assert left is not None and left.polarity == "retract"


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("It's been nearly five weeks since we moved the boxes into the Vilnius flat", 35),
        ("been a fortnight since I started at Hollin & Greave, loving it", 14),
    ],
)
def test_its_been_n_since_dates_the_event_back_from_the_message(text: str, days: int) -> None:
    found = find_time_expression(text, SENT)
    assert found is not None
    assert (SENT.date() - found.when.date()).days == days


def test_since_new_year_is_the_first_of_january() -> None:
    found = find_time_expression("plant-based since new year, going well", SENT)
    assert found is not None and found.when.date().isoformat() == "2026-01-01"


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("On the 4th I signed with Pellow Freight as a dispatcher", "2026-06-04"),
        ("we moved to Rauma on the second of May, still unpacking", "2026-05-02"),
        ("Since the eleventh of last month I've been working at Pellow Freight", "2026-05-11"),
        ("since the 20th I've lived in Rauma", "2026-05-20"),  # the 20th is still to come
    ],
)  # fmt: skip
def test_an_ordinal_day_dates_the_statement(text: str, day: str) -> None:
    found = [c for c in RuleExtractor().extract([HumanMessage(text)], now=SENT)
             if c.subject == "user"]  # fmt: skip
    assert found
    for c in found:
        assert c.time_stated and c.valid_from is not None
        assert c.valid_from.date().isoformat() == day


@pytest.mark.parametrize(
    "text", ["our flat is on the 3rd floor", "the first time I went to Rauma", "on the second go"]
)
def test_an_ordinal_that_heads_a_noun_is_no_date(text: str) -> None:
    assert find_time_expression(text, SENT) is None


@pytest.mark.parametrize(
    ("text", "title", "employer"),
    [
        ("I've been a tram driver at Ostby Transit since 2022", "tram driver", "Ostby Transit"),
        ("I've been a sous chef at Larchmont Grill for three years now", "sous chef",
         "Larchmont Grill"),
    ],
)  # fmt: skip
def test_the_present_perfect_of_being_one_is_being_one_now(
    text: str, title: str, employer: str
) -> None:
    found = {(c.predicate, c.object) for c in RuleExtractor().extract([HumanMessage(text)])}
    assert {("job_title", title), ("employer", employer)} <= found


def test_how_long_it_held_is_no_employer() -> None:
    found = RuleExtractor().extract([HumanMessage("I've been a huge fan of Tallinn for years")])
    assert not [c for c in found if c.predicate in ("employer", "job_title")]
