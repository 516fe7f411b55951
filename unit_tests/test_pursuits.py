"""Hobbies read by their frame (issue 12, kinds unseen_statement and past_state): the
frame's noun ("hobby", "my thing"), taking something up, the verb of playing. Own
wordings, none from a benchmark split."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction import RuleExtractor

NOW = datetime(2026, 6, 10, 12, tzinfo=timezone.utc)


def _hobbies(text: str) -> set[tuple[str, bool]]:
    facts = RuleExtractor().extract([HumanMessage(text, id="m1")], now=NOW)
    return {(c.object, c.valid_to is not None) for c in facts if c.predicate == "hobby"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("latest obsession: sea swimming, even in winter", {("sea swimming", False)}),
        ("My new hobby is wood carving.", {("wood carving", False)}),
        ("I've taken up bell ringing this year", {("bell ringing", False)}),
        (
            "used to play the trombone at school. nowadays it's birdwatching most weekends",
            {("trombone", True), ("birdwatching", False)},
        ),
        (
            "I played the harp when I was little; these days kite surfing is my thing.",
            {("harp", True), ("kite surfing", False)},
        ),
    ],
)
def test_a_hobby_is_read_by_its_frame(text: str, expected: set[tuple[str, bool]]) -> None:
    assert _hobbies(text) == expected


@pytest.mark.parametrize(
    "text",
    ["we played it by ear", "my husband plays the drums", "I play it safe with money"],
)
def test_no_hobby_without_the_users_own_pursuit(text: str) -> None:
    assert _hobbies(text) == set()


def test_someone_elses_pursuit_or_a_place_got_into_is_no_hobby() -> None:
    assert _hobbies("she played the violin beautifully") == set()
    assert _hobbies("my son got into Oxford") == set()
