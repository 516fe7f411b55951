"""A past cue marks only the value it governs, not the current value said beside it (#12).

One clause often holds both sides of a change: "Before Northgate I spent years at Wexley"
(the value after "before" is the later one, the past verb governs the other), or "was with
Pebblenet for ages, Corvid Mobile since March" (the value with its own present marker,
"since", "these days", "now", is the current one). The post-filters verify every
candidate's grounding, the ideal ones too, so a past cue read over the whole clause turned
the current value into history and the user's current phone plan or employer vanished.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_plus.extraction.filters import verify_grounding
from langmem_plus.extraction.past import clause_with
from langmem_plus.extraction.turns import UserTurn
from langmem_plus.facts.models import CandidateFact

SENT = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


def ended(text: str, predicate: str, value: str) -> bool:
    """Whether verification marks the candidate ``predicate=value`` of ``text`` ended."""
    turn = UserTurn("m1", text, None, SENT)
    c = CandidateFact(
        kind="fact", predicate=predicate, object=value, text=f"The user: {value}.", quote=text
    )
    return verify_grounding(c, [turn]).valid_to is not None


@pytest.mark.parametrize(
    ("text", "predicate", "now", "past"),
    [
        ("Before Northgate Dental I spent six years at Wexley Clinic.",
         "employer", "Northgate Dental", "Wexley Clinic"),
        ("before joining Ostrander & Pike i worked at Brimble Foods for ages",
         "employer", "Ostrander & Pike", "Brimble Foods"),
        ("Prior to Halden Mutual, I was employed by Corrie Insurance for a decade.",
         "employer", "Halden Mutual", "Corrie Insurance"),
        ("was with Pebblenet for ages (dreadful coverage), Corvid Mobile since March",
         "phone_plan", "Corvid Mobile", "Pebblenet"),
        ("I used to drive a Skoda Fabia, a Kia Niro these days", "car", "Kia Niro", "Skoda Fabia"),
        ("formerly on Thornbury Broadband, Lumen Fibre since the move, no complaints",
         "internet_provider", "Lumen Fibre", "Thornbury Broadband"),
    ],
)  # fmt: skip
def test_the_current_side_of_a_change_in_one_clause_stays_current(
    text: str, predicate: str, now: str, past: str
) -> None:
    assert not ended(text, predicate, now)
    assert ended(text, predicate, past)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("back when I was based in Tromsø, I cycled everywhere", "Tromsø"),
        ("I lived in Ghent for years, since my job was there", "Ghent"),
        ("used to be with Pebblenet, since they were cheap", "Pebblenet"),
        ("I worked at Brimble Foods before that, for years", "Brimble Foods"),
    ],
)
def test_a_past_state_with_a_since_or_before_elsewhere_stays_past(text: str, value: str) -> None:
    assert ended(text, "employer", value)


def test_clause_with_cuts_the_present_segment_and_the_before_phrase() -> None:
    assert clause_with("was on Pebblenet for years, Corvid since June", "Corvid") == (
        "Corvid since June"
    )
    assert clause_with("Before Northgate I was at Wexley", "Northgate") == "Before Northgate"
