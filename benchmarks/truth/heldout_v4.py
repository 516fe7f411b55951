"""The held-out split "v4" of the truth benchmark: two blind halves, one split.

v4 was written in session five of round two (2026-12-01), after v3 had been seen and retired
(split ``retired_v3``; v1 and v2 before it are splits ``retired`` and ``retired_v2``). Its two
halves were written at the same time by two authors who did not open the extractor, the text
rules, the intent detection, the tools, the tuning generators, the earlier held-out splits or
the unit tests' cases, and who did not see each other's work:

* ``heldout_v4_a.py``: dated and unseen statements, what must never be stored, people,
  past states, the open thread;
* ``heldout_v4_b.py``: retractions, corrections, forgets, explicit saves, one-at-a-time
  attributes.

Each half has one irrelevant probe per user. The misses of this split
(``heldout_v4_misses*.json``) are split off the shared results file and never committed: a
held-out miss is a report, not a to-do list. Once the split has been tuned on, it is retired
like v1, v2 and v3 were.

Example:
    >>> convs = generate_heldout_v4(seed=3, users=4)
    >>> len(convs), convs == generate_heldout_v4(seed=3, users=4)
    (4, True)
"""

from __future__ import annotations

from benchmarks.truth.conversations import HoConversation
from benchmarks.truth.heldout_v4_a import generate_heldout_v4_a
from benchmarks.truth.heldout_v4_b import generate_heldout_v4_b

__all__ = ["generate_heldout_v4"]


def generate_heldout_v4(*, seed: int = 0, users: int = 40) -> list[HoConversation]:
    """``users`` conversations, the first half (rounded up) from part a, the rest from part b,
    deterministic from ``seed``."""
    first = (users + 1) // 2
    return [
        *generate_heldout_v4_a(seed=seed, users=first),
        *generate_heldout_v4_b(seed=seed, users=users - first),
    ]
