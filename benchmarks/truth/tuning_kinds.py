"""The tuning split's scenarios of issue 12's kinds, in the held-out split's shape.

The held-out splits (``heldout_v1.py`` to ``heldout_v4.py``) cover kinds of language the
original tuning generator (``generator.py``) never produced: dated moves, news-wrapped
statements, other people's facts, pasted text, retractions, corrections, natural forgets,
people, explicit saves, one-at-a-time attributes, past states. The discipline of issue 12
says a product change for a kind must first be driven by a *tuning* case of that kind. This
module is where those cases live, written in their own words and values (never the held-out
split's: nobody who writes here opens the current held-out split, ``heldout_v4.py``, or its
misses), in the types of ``conversations.py`` so ``heldout_run.run_heldout`` scores them by
the same rule.

Scenarios are contributed by area modules named ``tuning_kinds_<area>.py``, each exporting
``SCENARIOS``: functions ``(rng, user_id, start) -> HoConversation``. This module only
collects them, so several people can add cases without editing one file.

Example:
    >>> convs = generate_tuning_kinds(seed=1, users=4)
    >>> generate_tuning_kinds(seed=1, users=4) == convs
    True
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable
from datetime import datetime, timedelta, timezone

import benchmarks.truth as _package
from benchmarks.truth.conversations import HoConversation

__all__ = ["Scenario", "generate_tuning_kinds", "scenarios"]

Scenario = Callable[[random.Random, str, datetime], HoConversation]
"""One scenario: a seeded generator of one simulated user's conversation."""

START = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)


def scenarios() -> list[Scenario]:
    """Every ``SCENARIOS`` entry of the ``tuning_kinds_<area>`` modules, in module order."""
    found: list[Scenario] = []
    for info in sorted(pkgutil.iter_modules(_package.__path__), key=lambda m: m.name):
        if info.name.startswith("tuning_kinds_"):
            module = importlib.import_module(f"benchmarks.truth.{info.name}")
            found.extend(getattr(module, "SCENARIOS", ()))
    return found


def generate_tuning_kinds(*, seed: int = 0, users: int = 40) -> list[HoConversation]:
    """``users`` conversations, cycling through every scenario, deterministic from ``seed``."""
    pool = scenarios()
    if not pool:
        return []
    rng = random.Random(seed)
    out = []
    for i in range(users):
        make = pool[i % len(pool)]
        out.append(make(random.Random(rng.random()), f"tk{i:03d}", START + timedelta(days=i)))
    return out
