"""Shared helpers for the CLI, web-view and browser tests (no tests here).

``seed`` gives two people a few memories each, on a fixed clock, so every test starts from
the same story: Alice said she uses metric units, lived in Pune in March and moved to Delhi
in June; Bob lives in Oslo.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from langgraph.store.base import BaseStore

from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import CandidateFact

MARCH = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
JUNE = datetime(2026, 6, 10, 9, 0, tzinfo=timezone.utc)


class Clock:
    """A settable clock that moves on by one millisecond per call."""

    def __init__(self, start: datetime = MARCH) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(milliseconds=1)
        return self.now


@dataclass(frozen=True)
class Seeded:
    """Fact ids of the seeded story."""

    units: str
    pune: str
    delhi: str
    oslo: str


def seed(store: BaseStore) -> Seeded:
    """Write the story into ``store`` through ``FactMemory`` (the write policy decides)."""
    clock = Clock()
    memory = FactMemory(store, clock=clock)

    def say(user: str, predicate: str, obj: str, text: str, quote: str, session: str,
            kind: str = "fact") -> str:
        decision = memory.remember(
            user,
            CandidateFact(kind=kind, subject="user", predicate=predicate, object=obj,
                          text=text, quote=quote, message_id=f"m-{session}-{predicate}"),
            session_id=session,
        )
        assert decision.fact_id is not None, decision
        return decision.fact_id

    units = say("alice", "units", "metric", "Prefers metric units.",
                "I always use metric", "t-alice-1", kind="preference")
    pune = say("alice", "city", "Pune", "Lives in Pune.", "I live in Pune", "t-alice-1")
    clock.now = JUNE
    delhi = say("alice", "city", "Delhi", "Lives in Delhi.", "I've moved to Delhi", "t-alice-2")
    oslo = say("bob", "city", "Oslo", "Lives in Oslo.", "I live in Oslo", "t-bob-1")
    return Seeded(units, pune, delhi, oslo)


def stored_fact_ids(store: BaseStore) -> set[str]:
    """Every fact id present anywhere in the store (current, history or log rows)."""
    out: set[str] = set()
    for ns in store.list_namespaces(prefix=("langmem_plus",), limit=1000):
        offset = 0
        while True:
            page = store.search(ns, limit=100, offset=offset)
            out.update(str(i.value["fact_id"]) for i in page if i.value.get("fact_id"))
            if len(page) < 100:
                break
            offset += 100
    return out
