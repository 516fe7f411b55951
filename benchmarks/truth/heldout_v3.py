"""The third held-out split "v3" of the truth benchmark, retired (split ``retired_v3``).

v3 was retired in session five of round two (2026-12-01), once the integrator had seen its
per-kind counts: it became development material, its misses stay in the shared results file,
and the held-out split is ``heldout_v4.py``. What follows is the discipline it was written
under.

v3 was written in session four of round two (2026-12-01), after v2 had been seen and retired
(split ``retired_v2``). Its two halves were written at the same time by two authors who did
not open the extractor, the text rules, the intent detection, the tools, the tuning
generators, the earlier held-out splits or the unit tests' cases, and who did not see each
other's work:

* ``heldout_v3_a.py``: dated and unseen statements, what must never be stored, people,
  past states, the open thread;
* ``heldout_v3_b.py``: retractions, corrections, forgets, explicit saves, one-at-a-time
  attributes.

Each half has one irrelevant probe per user.

Example:
    >>> convs = generate_heldout_v3(seed=3, users=4)
    >>> len(convs), convs == generate_heldout_v3(seed=3, users=4)
    (4, True)
"""

from __future__ import annotations

from benchmarks.truth.conversations import HoConversation
from benchmarks.truth.heldout_v3_a import generate_heldout_v3_a
from benchmarks.truth.heldout_v3_b import generate_heldout_v3_b

__all__ = ["generate_heldout_v3"]


def generate_heldout_v3(*, seed: int = 0, users: int = 40) -> list[HoConversation]:
    """``users`` conversations, the first half (rounded up) from part a, the rest from part b,
    deterministic from ``seed``."""
    first = (users + 1) // 2
    return [
        *generate_heldout_v3_a(seed=seed, users=first),
        *generate_heldout_v3_b(seed=seed, users=users - first),
    ]
