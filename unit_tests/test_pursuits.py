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


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("honestly I'm properly into orienteering these days", {("orienteering", False)}),
        ("we're a bit obsessed with geocaching lol", {("geocaching", False)}),
        ("I've just started glassblowing on tuesday nights", {("glassblowing", False)}),
        ("started learning the oud over the summer", {("oud", False)}),
        ("I'm learning the accordion, very slowly", {("accordion", False)}),
        ("I'm hooked on padel since spring", {("padel", False)}),
    ],
)
def test_a_hobby_is_read_from_being_into_it_or_starting_it(
    text: str, expected: set[tuple[str, bool]]
) -> None:
    """Session 15: "into", "obsessed with", "hooked on", "started (learning) X"."""
    assert _hobbies(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I'm into the third week of the new job",
        "I'm so into it",
        "I started work at 8 today",
        "I've started therapy again",
        "I'm learning a lot here",
        "I'm learning to drive",
        "just started the diet, send help",
    ],
)
def test_being_into_a_stretch_of_time_or_starting_work_is_no_hobby(text: str) -> None:
    assert _hobbies(text) == set()


@pytest.mark.parametrize(
    ("text", "holder", "value"),
    [
        ("my boss, Tomasz, is seriously into sailing", "Tomasz", "sailing"),
        ("my nan's obsessed with crosswords", "nan", "crosswords"),
        ("my son (Ravi) is hooked on chess club", "Ravi", "chess club"),
    ],
)
def test_another_persons_pursuit_is_theirs_never_the_users(
    text: str, holder: str, value: str
) -> None:
    facts = RuleExtractor().extract([HumanMessage(text, id="m1")], now=NOW)
    hobbies = {(c.subject, c.holder, c.object) for c in facts if c.predicate == "hobby"}
    assert hobbies == {(f"person:{holder.casefold()}", holder, value)}


def test_another_persons_pursuit_reaches_a_request_about_them_only() -> None:
    from langgraph.store.memory import InMemoryStore

    from langmem_plus.facts.memory import FactMemory

    memory = FactMemory(InMemoryStore())
    said = "my boss, Tomasz, is seriously into sailing. I'm more of a reader"
    for c in RuleExtractor().extract([HumanMessage(said, id="m1")], now=NOW):
        memory.remember("u1", c)
    assert "sailing" in memory.recall("u1", "a leaving gift for my boss").block
    assert "sailing" not in memory.profile("u1")  # not the user's hobby
    assert "sailing" not in memory.recall("u1", "plan my free saturday").block
