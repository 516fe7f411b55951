"""An assumed start is no evidence against a stated end (issue 12).

A past state said with its end ("I was at X till 2023") reaches the policy with the
message's own time as an assumed start, later than the end. That is not a malformed
candidate: only a start the user stated can contradict the stated end.
"""

from __future__ import annotations

from datetime import datetime, timezone

from langmem_plus.facts.models import CandidateFact
from langmem_plus.facts.policy import WritePolicy

NOW = datetime(2026, 6, 3, 10, 0, tzinfo=timezone.utc)
ENDED = datetime(2024, 1, 1, tzinfo=timezone.utc)


def past(time_stated: bool, start: datetime) -> CandidateFact:
    return CandidateFact(
        kind="fact",
        predicate="employer",
        object="Brackwater Mills",
        text="The user worked at Brackwater Mills until 2024.",
        valid_from=start,
        valid_to=ENDED,
        time_stated=time_stated,
    )


def test_assumed_start_after_a_stated_end_is_history_not_malformed() -> None:
    d = WritePolicy().decide(past(False, NOW), user_id="u", current=[], now=NOW)
    assert d.action == "new" and d.code == "past_state"
    assert d.fact is not None and d.fact.valid_to == ENDED and not d.fact.is_current


def test_stated_start_after_the_stated_end_is_still_malformed() -> None:
    d = WritePolicy().decide(past(True, NOW), user_id="u", current=[], now=NOW)
    assert (d.action, d.code) == ("rejected", "malformed")
