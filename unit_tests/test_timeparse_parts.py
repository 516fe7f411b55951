"""Times said as a part of a month, or as a month the clause is about, are stated times (#12).

"end of Feb", "mid-June", "the first week of March", "August was a blur of boxes": the
user gave the time. A time the words hold is a stated time, so the post-filters must not
demote it to an assumed one, and the write policy then lets the dated move beat the
undated value said before it.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from langmem_plus.extraction.filters import verify_grounding
from langmem_plus.extraction.timeparse import find_time_expression
from langmem_plus.extraction.turns import UserTurn
from langmem_plus.facts.models import CandidateFact

SENT = datetime(2026, 9, 20, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("we relocated to Ostend end of Feb, forgot to mention", "2026-02-28"),
        ("Moved house at the end of January.", "2026-01-31"),
        ("started at Quarry Lane mid-June", "2026-06-15"),
        ("since early May i've been in Arles", "2026-05-01"),
        ("we left in late March 2025", "2025-03-31"),
        ("The move happened in the first week of July.", "2026-07-01"),
        ("July was a blur of boxes but we're settled in Sète now", "2026-07-01"),
        ("long story. october was chaos, new job at Fenwick & Rye though", "2025-10-01"),
        # a month with the year named relative to now (#12)
        ("we split up in april last year", "2025-04-01"),
        ("I've been at Corrow Mills since February this year", "2026-02-01"),
    ],
)
def test_a_part_of_a_month_or_a_month_as_subject_is_a_time(text: str, day: str) -> None:
    found = find_time_expression(text, SENT)
    assert found is not None
    assert found.when.date().isoformat() == day


@pytest.mark.parametrize(
    "text",
    ["May I ask about trains?", "we march on regardless", "I live in Augusta", "The end of it"],
)
def test_words_that_only_look_like_months_are_no_time(text: str) -> None:
    assert find_time_expression(text, SENT) is None


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("heads up, we moved to Ostend end of Feb, sorry", datetime(2026, 2, 28, tzinfo=UTC)),
        ("October was chaos but we're settled in Sète now", datetime(2025, 10, 1, tzinfo=UTC)),
    ],
)
def test_verification_keeps_such_a_time_stated(text: str, start: datetime) -> None:
    turn = UserTurn("m1", text, None, SENT)
    city = "Ostend" if "Ostend" in text else "Sète"
    c = CandidateFact(
        kind="fact",
        predicate="city",
        object=city,
        text=f"The user lives in {city}.",
        quote=text,
        valid_from=start,
        time_stated=True,
    )
    assert verify_grounding(c, [turn]).time_stated is True
