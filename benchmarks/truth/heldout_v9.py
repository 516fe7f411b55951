"""The held-out split "v9" of the truth benchmark: two blind halves, one split.

v9 was written in session ten of round two (2026-12-02), when v8 was retired (split
``retired_v8``) and handed to the fixers as development material; v1 to v7 before it are
splits ``retired`` to ``retired_v7``. Its two halves were written at the same time as the
fixers worked, by two authors who did not open the extractor, the text rules, the policy
screen, the intent detection, the tools, the tuning generators, the earlier held-out splits
or the unit tests' cases, and who did not see each other's work; each was asked to avoid
the first, most obvious wording of each kind and to make at least a third of the user turns
free-form one-offs (40% was asked of v9), and neither ran the product on their half:

* ``heldout_v9_a.py``: dated and unseen statements, what must never be stored, people,
  past states, the open thread;
* ``heldout_v9_b.py``: retractions, corrections, forgets, explicit saves, one-at-a-time
  attributes.

Each half has one irrelevant probe per user. The misses of this split
(``heldout_v9_misses*.json``) are split off the shared results file and never committed: a
held-out miss is a report, not a to-do list. Once the split has been tuned on, it is retired
like v1 to v8 were.

Example:
    >>> convs = generate_heldout_v9(seed=3, users=4)
    >>> len(convs), convs == generate_heldout_v9(seed=3, users=4)
    (4, True)
"""

from __future__ import annotations

from benchmarks.truth.conversations import HoConversation
from benchmarks.truth.heldout_v9_a import generate_heldout_v9_a
from benchmarks.truth.heldout_v9_b import generate_heldout_v9_b

__all__ = ["generate_heldout_v9"]


def generate_heldout_v9(*, seed: int = 0, users: int = 40) -> list[HoConversation]:
    """``users`` conversations, the first half (rounded up) from part a, the rest from part b,
    deterministic from ``seed``."""
    first = (users + 1) // 2
    return [
        *generate_heldout_v9_a(seed=seed, users=first),
        *generate_heldout_v9_b(seed=seed, users=users - first),
    ]
