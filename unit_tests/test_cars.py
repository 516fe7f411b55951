"""The user's car named by its maker, without the word "car" (#12, kinds past state and
unseen statement): "it's the Skoda Octavia now", "Replaced it with a Kia Niro", "The Dacia
Duster is my daily driver", and a switch that names no attribute ("traded in the Fiat
Punto for a Honda Jazz") is a switch of the car. A maker's name in lowercase is a common
word ("a seat at the bar", "a mini fridge"), and a car said as the past or as someone
else's is not the user's current one. Values are this file's own.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus import FactMemory
from langmem_plus.extraction import RuleExtractor
from langmem_plus.stores import QdrantStore


def _cars(text: str) -> set[str]:
    return {
        c.object
        for c in RuleExtractor().extract([HumanMessage(text)])
        if c.subject == "user" and c.predicate == "car" and c.valid_to is None
    }


@pytest.mark.parametrize(
    ("said", "car"),
    [
        ("had a Ford Ka until March; it's the Skoda Octavia now", "Skoda Octavia"),
        ("The old Vauxhall Corsa gave up in June. Replaced it with a Kia Niro.", "Kia Niro"),
        ("The Dacia Duster is my daily driver", "Dacia Duster"),
        ("picked up a secondhand Renault Clio on saturday", "Renault Clio"),
        ("Traded in the Fiat Punto for a Honda Jazz last month", "Honda Jazz"),
    ],
)
def test_a_car_named_by_its_maker_is_the_users_car(said: str, car: str) -> None:
    assert _cars(said) == {car}


@pytest.mark.parametrize(
    "said",
    [
        "I have a seat at the bar",
        "we bought a mini fridge",
        "I have a Toyota mug on my desk",
        "my dad drives a Volvo 240",
        "thinking of getting a Kia Niro",
        "I used to have a Ford Ka",
    ],
)
def test_no_current_car_without_one(said: str) -> None:
    assert _cars(said) == set()


def test_the_newer_car_replaces_the_older(tmp_path: object) -> None:
    """Through the write policy: one car at a time, the old one no longer current."""
    store = QdrantStore(path=str(tmp_path) + "/cars")
    memory = FactMemory(store)
    rx = RuleExtractor()
    t0 = datetime(2026, 3, 1, tzinfo=timezone.utc)
    for text, when in [
        ("The Dacia Duster is my daily driver", t0),
        ("Traded in the Dacia Duster for a Honda Jazz", t0.replace(month=6)),
    ]:
        for c in rx.extract([HumanMessage(text)], now=when, user_id="u1"):
            memory.remember("u1", c)
    now = datetime.now(timezone.utc)
    current = {f.object for f in memory.as_of("u1", now) if f.predicate == "car"}
    assert current == {"Honda Jazz"}
    store.close()
