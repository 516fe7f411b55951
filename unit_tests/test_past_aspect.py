"""Tense and aspect decide whether a value is current or history (#12).

A present perfect with its start ("I've banked with X since 2021") is a current value; the
same verb after "previously" is over. An old attribute named in apposition ("my previous
phone, the X, kept dying") and "in my X years" are history. Each test states the current
value and the past one in separate sessions and checks what the user notices: only the
current value is held as current; a bare simple past ("I stayed in X") adds nothing.
"""

from __future__ import annotations

import pytest

from unit_tests.test_retraction_forms import graph_rows, held


def history(*sessions: tuple[str, ...], user: str = "ines") -> list[str]:
    """The values the default graph keeps as history (ended) after ``sessions``."""
    return graph_rows("history", *sessions, user=user)


@pytest.mark.parametrize(
    ("now", "then", "current"),
    [
        (
            "I've banked with Northwold Mutual since 2021.",
            "Previously banked with Fenwick Trust, their card kept getting blocked.",
            ["Northwold Mutual"],
        ),
        (
            "we've always banked with Quarry Hill Bank",
            "I previously banked with Lantern Savings and hated it",
            ["Quarry Hill Bank"],
        ),
        (
            "My phone is an Xperia 10.",
            "my previous phone, the Pixel 6, kept dying on me",
            ["Xperia 10"],
        ),
        ("I live in Perth.", "In my Dunedin years I cycled everywhere.", ["Perth"]),
    ],
)
def test_only_the_current_value_is_current(now: str, then: str, current: list[str]) -> None:
    assert held((now,), (then,)) == current


@pytest.mark.parametrize(
    ("then", "past"),
    [
        ("Previously banked with Fenwick Trust, their card kept getting blocked.", "Fenwick Trust"),
        ("my previous phone, the Pixel 6, kept dying on me", "Pixel 6"),
        ("In my Dunedin years I cycled everywhere.", "Dunedin"),
    ],
)
def test_a_past_state_is_kept_as_history(then: str, past: str) -> None:
    assert history((then,)) == [past]


def test_a_perfect_with_its_start_is_current() -> None:
    assert held(("I've banked with Northwold Mutual since 2021.",)) == ["Northwold Mutual"]


def test_a_bare_simple_past_adds_nothing() -> None:
    assert held(("I banked with Fenwick Trust for a while.",)) == []
