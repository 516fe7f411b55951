"""The held-out split "v10" of the truth benchmark: two blind halves, one split.

v10 was written in session thirteen of round two (2026-12-03), when v9 was retired (split
``retired_v9``) and handed to the fixers as development material; v1 to v8 before it are
splits ``retired`` to ``retired_v8``. Its two halves were written at the same time as the
fixers worked, by two authors who did not open the extractor, the text rules, the policy
screen, the intent detection, the tools, the tuning generators or the unit tests' cases,
and who did not see each other's work. Unlike v1 to v9, each author started from the
machinery of the v9 half of the same kinds (its dataclasses, planner and generator, which
say nothing about wordings) and replaced all of its data: every turn, value and request is
new, and every value was checked to occur nowhere else in the repository. Each was asked
to avoid the first, most obvious wording of each kind and to make at least 40% of the user
turns free-form one-offs, and neither ran the product on their half:

* ``heldout_v10_a.py``: dated and unseen statements, what must never be stored, people,
  past states, the open thread;
* ``heldout_v10_b.py``: retractions, corrections, forgets, explicit saves, one-at-a-time
  attributes.

Each half has one irrelevant probe per user. The misses of this split
(``heldout_v10_misses*.json``) are split off the shared results file and never committed: a
held-out miss is a report, not a to-do list. Once the split has been tuned on, it is retired
like v1 to v9 were.

Example:
    >>> convs = generate_heldout_v10(seed=3, users=4)
    >>> len(convs), convs == generate_heldout_v10(seed=3, users=4)
    (4, True)
"""

from __future__ import annotations

from benchmarks.truth.conversations import HoConversation
from benchmarks.truth.heldout_v10_a import generate_heldout_v10_a
from benchmarks.truth.heldout_v10_b import generate_heldout_v10_b

__all__ = ["generate_heldout_v10"]


def generate_heldout_v10(*, seed: int = 0, users: int = 40) -> list[HoConversation]:
    """``users`` conversations, the first half (rounded up) from part a, the rest from part b,
    deterministic from ``seed``."""
    first = (users + 1) // 2
    return [
        *generate_heldout_v10_a(seed=seed, users=first),
        *generate_heldout_v10_b(seed=seed, users=users - first),
    ]
