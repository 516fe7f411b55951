"""A question that opens with what it rests on states those facts (issue 12).

"I have a peanut allergy, what can I snack on?": only the last piece asks. The post-filters
keep a value the pieces before it state about the speaker, and still drop one the question
asks about; a named person or pet described in an aside ("Rufus (our dog)") is the user's,
whatever passing state the sentence gives them.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from langmem_plus.extraction.asides import stated_before_question
from langmem_plus.extraction.filters import post_filter
from langmem_plus.extraction.turns import UserTurn
from langmem_plus.facts.models import CandidateFact

AT = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)


def _kept(text: str, predicate: str, value: str) -> tuple[list[CandidateFact], list[str]]:
    turn = UserTurn("m1", text, "m1", AT)
    c = CandidateFact(
        kind="fact", predicate=predicate, object=value,
        text=f"The user's {predicate} is {value}.", quote=text,
    )  # fmt: skip
    kept, dropped = post_filter([c], [turn], user_id="u")
    return kept, [d.reason for d in dropped]


@pytest.mark.parametrize(
    ("text", "predicate", "value"),
    [
        ("As somebody with a sesame allergy, could you suggest a safe snack?", "allergy", "sesame"),
        (
            "being vegetarian myself — which pubs near me do a decent roast??",
            "dietary_restriction",
            "vegetarian",
        ),
        ("i live in tromsø now, any idea what grows up here?", "city", "tromsø"),
        (
            "Dear assistant, I reside in Aberystwyth, and what would you recommend for a rainy "
            "weekend?",
            "city",
            "Aberystwyth",
        ),
        (
            "as a person who keeps chickens and works nights, what's an easy dinner?",
            "pet",
            "chickens",
        ),
        # the subject dropped before a verb in the past, as chat does (#12)
        ("been on a Colemak layout for years, any decent typing games?", "keyboard_layout",
         "Colemak"),
        ("switched to Tele2 last week - is roaming in Norway extra?", "mobile_carrier", "Tele2"),
    ],
)  # fmt: skip
def test_a_statement_before_a_question_is_kept(text: str, predicate: str, value: str) -> None:
    kept, dropped = _kept(text, predicate, value)
    assert [c.object for c in kept] == [value], dropped
    assert kept[0].modality == "asserted"


@pytest.mark.parametrize(
    ("text", "predicate", "value"),
    [
        ("Lisbon, is it nice to live in?", "city", "Lisbon"),
        ("should I move to Lisbon, what do you think?", "city", "Lisbon"),
        ("what would you eat, if you were allergic to sesame?", "allergy", "sesame"),
        ("do you think, as someone who lives in Bergen, I need a car?", "city", "Bergen"),
        # a fronted noun with no verb is asked about, even when it ends in "-ing"
        ("wedding in Ravello, is it worth the cost?", "wedding_venue", "Ravello"),
    ],
)
def test_a_value_the_question_asks_about_is_not_stored(
    text: str, predicate: str, value: str
) -> None:
    kept, dropped = _kept(text, predicate, value)
    assert kept == [] and dropped == ["question"]


def test_a_conditional_before_a_question_is_not_a_statement() -> None:
    kept, _ = _kept("if I lived in Lisbon, would I need a car?", "city", "Lisbon")
    assert all(c.modality != "asserted" for c in kept)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Biscuit (my hamster) is so grumpy this morning lol", "Biscuit"),
        ("Pepper, our tortoise, is a bit sluggish today.", "Pepper"),
    ],
)
def test_a_pet_named_in_an_aside_is_kept_whatever_its_mood(text: str, value: str) -> None:
    kept, dropped = _kept(text, "pet", value)
    assert [c.object for c in kept] == [value], dropped


def test_a_pet_of_someone_else_in_an_aside_is_still_a_passing_state() -> None:
    kept, dropped = _kept("Rex (the neighbour's dog) is barking again today", "pet", "Rex")
    assert kept == [] and dropped == ["transient"]


def test_stated_before_question_needs_the_speaker_in_the_statement() -> None:
    assert stated_before_question("the Fiat Panda — reliable enough?", "Fiat Panda") is None
    assert stated_before_question("I drive a Fiat Panda — reliable enough?", "Fiat Panda") == (
        "I drive a Fiat Panda"
    )
