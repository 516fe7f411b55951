"""Shared helpers for the FactMemory behaviour tests (no tests here)."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone
from typing import Any

from langgraph.store.base import BaseStore

from langmem_plus.facts.models import CandidateFact

START = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)


class Clock:
    """A settable clock; every call moves it on by one millisecond so times stay ordered."""

    def __init__(self, start: datetime = START) -> None:
        self.now = start
        self._lock = threading.Lock()

    def __call__(self) -> datetime:
        with self._lock:
            self.now += timedelta(milliseconds=1)
            return self.now

    def advance(self, **kw: float) -> datetime:
        self.now += timedelta(**kw)
        return self.now


def cand(predicate: str, obj: str, text: str, **kw: Any) -> CandidateFact:
    kw.setdefault("kind", "fact")
    kw.setdefault("subject", "user")
    return CandidateFact(predicate=predicate, object=obj, text=text, **kw)


def all_rows(store: BaseStore, prefix: tuple[str, ...]) -> list[Any]:
    rows: list[Any] = []
    for ns in store.list_namespaces(prefix=prefix, limit=1000):
        offset = 0
        while True:
            page = store.search(ns, limit=100, offset=offset)
            rows.extend(page)
            if len(page) < 100:
                break
            offset += 100
    return rows
