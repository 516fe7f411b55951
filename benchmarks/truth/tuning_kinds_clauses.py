"""Tuning cases for the generic clause reader (``langmem_plus/extraction/clauses.py``, #12).

Kind ``one_at_a_time``: an attribute the user holds one of at a time, said in a shape no
specific rule reads, then switched in another such shape. The shapes are structural, not
wordings: the value first with a possessive complement ("X has been our vet for years", "X,
that's my Y"), the value after a preposition with the attribute after "for" ("we're with X
for the energy"), the attribute as a topic whose owner is a locative or "-wise" ("bank-wise
it's X for us"), an announcement ("new vet!! X"), and the agent of a service on something of
the user's ("X on Mill Lane cuts my hair"). Values and names are this module's own.

Example:
    >>> import random
    >>> from datetime import datetime, timezone
    >>> conv = SCENARIOS[0](random.Random(3), "u1", datetime(2026, 1, 5, tzinfo=timezone.utc))
    >>> conv.kinds
    ('one_at_a_time',)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime

from benchmarks.truth.conversations import HoConversation
from benchmarks.truth.tuning_kinds_attributes import Switch

__all__ = ["SCENARIOS"]

SCENARIOS: tuple[Callable[[random.Random, str, datetime], HoConversation], ...] = (
    Switch(
        "vet",
        "vet",
        ("Brambleside Vets", "Otterwick Animal Care", "Hartsease Veterinary"),
        (
            "{old} has been our vet for years, the dog adores them",
            "{old} - that's our vet, in case the cat needs anything",
        ),
        ("new vet!! {new}. the old place kept losing our records", "{new} is our vet now"),
        "is my vet open on bank holidays?",
    ),
    Switch(
        "energy",
        "energy supplier",
        ("Cobnut Power", "Tidemark Energy", "Fernlea Electric"),
        ("we're with {old} for the energy, no complaints so far", "electricity at ours is {old}"),
        ("We're now with {new} for the energy.", "energy-wise it's {new} for us now"),
        "can you help me read my energy bill?",
    ),
    Switch(
        "bank",
        "bank",
        ("Mossbank", "Kilnworth Building Society", "Saltmeadow Bank"),
        ("bank-wise it's {old} for me, boring but fine", "{old} has been my bank since school"),
        ("new bank: {new}. the app is miles better", "{new}, that's my bank now"),
        "does my bank charge for transfers abroad?",
    ),
    Switch(
        "hairdresser",
        "hairdresser",
        ("Wrenna", "Oriel Ashdown", "Tamsin"),
        ("{old} on Mill Lane cuts my hair, she's brilliant", "{old} does my hair these days"),
        ("new hairdresser!! {new}. booked in for friday",),
        "when is my hairdresser free?",
    ),
)
