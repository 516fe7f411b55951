"""Pure pieces of the node layer: command detection, forget matching, the drivers."""

from __future__ import annotations

import asyncio
from datetime import datetime, timezone

import pytest

from langmem_plus.models import Fact
from langmem_plus.nodes import NOTHING_SAVED, detect_command
from langmem_plus.nodes.effects import Call, adrive, drive
from langmem_plus.nodes.intents import describe_facts, match_facts

T = datetime(2026, 5, 1, tzinfo=timezone.utc)


def fact(predicate: str, obj: str, text: str) -> Fact:
    return Fact(fact_id=predicate, user_id="u", kind="fact", subject="user",
                predicate=predicate, object=obj, text=text, valid_from=T,
                asserted_at=T)  # fmt: skip


@pytest.mark.parametrize(
    ("text", "kind", "about"),
    [
        ("What did I tell you?", "recall", ""),
        ("what do you know about me", "recall", ""),
        ("Forget that I told you about my divorce.", "forget", "my divorce"),
        ("Please delete what you know about my allergies", "forget", "my allergies"),
        ("Forget everything.", "forget", "everything"),
        ("Remember that my sister lives in London.", "remember", "my sister lives in London."),
    ],
)
def test_commands_are_recognised(text: str, kind: str, about: str) -> None:
    command = detect_command(text)
    assert command is not None and command.kind == kind and command.about == about


@pytest.mark.parametrize(
    "text",
    ["I forget things easily", "Forget about it.", "How do I forget a password?",
     "Remember I'm vegan. What should I cook?", "What did I tell you about Berlin?"],
)  # fmt: skip
def test_ordinary_messages_are_not_commands(text: str) -> None:
    assert detect_command(text) is None


def test_forget_matches_by_topic_not_by_accident() -> None:
    employer = fact("employer", "Acme", "The user works at Acme.")
    allergy = fact("allergy", "peanuts", "The user is allergic to peanuts.")
    assert match_facts("my employer", [employer, allergy]) == [employer]
    assert match_facts("Acme", [employer, allergy]) == [employer]
    assert match_facts("my cat", [employer, allergy]) == []


def test_recall_reply_lists_facts_or_says_nothing_is_saved() -> None:
    assert describe_facts([]) == NOTHING_SAVED
    assert "- you work at Acme (since 2026-05-01)" in describe_facts(
        [fact("employer", "Acme", "The user works at Acme.")]
    )


def test_sync_and_async_drivers_run_the_same_plan() -> None:
    async def alen(x: str) -> int:
        return len(x) + 100

    def plan():  # type: ignore[no-untyped-def]
        try:
            yield Call(int, None, ("not a number",))
        except ValueError:
            pass
        n = yield Call(len, alen, ("abc",))
        return n

    assert drive(plan()) == 3
    assert asyncio.run(adrive(plan())) == 103
