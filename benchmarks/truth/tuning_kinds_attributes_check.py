"""The generalisation check for one-at-a-time attributes (issue 12 kind 10).

Written together with ``tuning_kinds_attributes.py`` and in the same shape, but never fixed
against: the product is tuned on that module's cases, and this one's figure before and after
says whether the fix generalises to attributes, values and wordings it was not tuned on.

Example:
    >>> import random
    >>> from datetime import datetime, timezone
    >>> conv = SCENARIOS[0](random.Random(2), "u1", datetime(2026, 1, 5, tzinfo=timezone.utc))
    >>> conv.kinds
    ('one_at_a_time',)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime

from benchmarks.truth.conversations import HoConversation, HoProbe, HoTurn
from benchmarks.truth.tuning_kinds_attributes import Switch, build
from langmem_plus.facts.models import CandidateFact

__all__ = ["SCENARIOS"]


def _fact(predicate: str, obj: str, text: str) -> CandidateFact:
    return CandidateFact.model_validate(
        {"kind": "fact", "predicate": predicate, "object": obj, "text": text, "single_valued": True}
    )


CHECKS: tuple[Switch, ...] = (
    Switch(
        "yoga_studio",
        "yoga studio",
        ("Lotus Loft", "Stillpoint Yoga", "Bodhi Room", "Flow Collective"),
        ("My yoga studio is {old}.", "{old} is my yoga studio 🧘", "yoga studio: {old}"),
        (
            "Changed my yoga studio to {new}.",
            "I've swapped {old} for {new} as my yoga studio.",
            "My yoga studio's {new} now.",
        ),
        "what time is the Sunday class at my yoga studio?",
    ),
    Switch(
        "mortgage_lender",
        "mortgage lender",
        ("Halden Building Society", "Nationwide", "Skipton", "Coventry BS"),
        (
            "Our mortgage lender is {old}.",
            "{old} is our mortgage lender.",
            "Mortgage lender: {old}.",
        ),
        (
            "We moved our mortgage lender from {old} to {new} when the fix ended.",
            "Our mortgage lender is {new} now.",
            "Remortgaged: our mortgage lender is now {new}.",
        ),
        "can I overpay my mortgage lender without a fee?",
    ),
    Switch(
        "camera",
        "camera",
        ("Fujifilm X-T5", "Sony A7 IV", "Ricoh GR III", "Canon R6"),
        ("My camera is a {old}.", "i shoot on a {old}, that's my camera", "Camera: {old}."),
        (
            "Traded my {old} for a {new}!",
            "My new camera is a {new}.",
            "Upgraded my camera to a {new}.",
        ),
        "what settings should my camera use for night shots?",
    ),
    Switch(
        "pharmacy",
        "pharmacy",
        ("Boots Riverside", "Apotek Hjärtat", "Farmacia Centrale", "Lloyds Pharmacy"),
        ("My pharmacy is {old}.", "{old} is my pharmacy.", "My regular pharmacy: {old}."),
        (
            "I switched my pharmacy from {old} to {new}.",
            "My pharmacy is {new} now, it's open later.",
            "changed pharmacy to {new}",
        ),
        "can my pharmacy deliver my repeat prescription?",
    ),
    Switch(
        "barber",
        "barber",
        ("Kings Cuts", "Barbearia Lisboa", "Fade Theory", "Old Town Barbers"),
        ("My barber is {old}.", "my barber's {old}", "{old} is my barber."),
        (
            "My new barber is {new}.",
            "ditched {old} for {new}, better fades",
            "My barber is {new} now.",
        ),
        "book me a trim at my barber on Saturday morning",
    ),
    Switch(
        "podcast_app",
        "podcast app",
        ("Pocket Casts", "Overcast", "Castbox", "AntennaPod"),
        ("My podcast app is {old}.", "I use {old} as my podcast app.", "podcast app: {old}"),
        (
            "Switched my podcast app from {old} to {new}.",
            "My podcast app is {new} now.",
            "I replaced {old} with {new} as my podcast app.",
        ),
        "how do I import subscriptions into my podcast app?",
    ),
    Switch(
        "cloud_storage",
        "cloud storage",
        ("Dropbox", "pCloud", "iCloud Drive", "Sync.com", "OneDrive"),
        ("My cloud storage is {old}.", "{old} is my cloud storage.", "Cloud storage: {old}."),
        (
            "My cloud storage is {new} now.",
            "moved my cloud storage from {old} to {new}",
            "Changed my cloud storage to {new}.",
        ),
        "how much space is left in my cloud storage?",
    ),
    Switch(
        "credit_card",
        "credit card",
        ("Amex Gold", "Chase Sapphire", "Curve Metal", "Barclaycard Avios"),
        ("My credit card is {old}.", "{old} is my credit card.", "my credit card's the {old}"),
        (
            "Switched my credit card to {new}.",
            "My new credit card is {new}.",
            "No more {old}, my credit card is {new} now.",
        ),
        "does my credit card cover travel insurance?",
        same_session=True,
        filler=("And can you remind me what we said about the trip budget?",),
    ),
)


def drives(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A car given by a verb frame ("I drive a ..."), then switched with "traded ... for"."""
    old, new = rng.sample(
        ("Škoda Fabia", "Renault Zoe", "Mazda MX-5", "Toyota Yaris", "Volvo V60"), 2
    )
    first = rng.choice([f"I drive a {old}.", f"i drive a {old} these days"])
    switch = rng.choice(
        [f"Traded the {old} for a {new} on Saturday.", f"I drive a {new} now, sold the {old}."]
    )
    return build(
        user,
        start,
        [
            [HoTurn(first, (_fact("car", old, f"The user drives a {old}."),))],
            [HoTurn(switch, (_fact("car", new, f"The user drives a {new}."),))],
        ],
        [
            HoProbe(
                "when should my car get its next service?",
                present=(new,),
                absent=((old, "stale"),),
                kind="one_at_a_time",
            )
        ],
    )


def banks_with(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A bank given by "I bank with", then "moved from ... to" without the attribute."""
    old, new = rng.sample(("Nordea", "Caixa Geral", "Monzo", "Triodos", "Danske Bank"), 2)
    first = rng.choice([f"I bank with {old}.", f"We bank with {old}."])
    switch = rng.choice([f"I moved from {old} to {new} last month.", f"I bank with {new} now."])
    return build(
        user,
        start,
        [
            [HoTurn(first, (_fact("bank", old, f"The user banks with {old}."),))],
            [HoTurn(switch, (_fact("bank", new, f"The user banks with {new}."),))],
        ],
        [
            HoProbe(
                "how do I set up a standing order with my bank?",
                present=(new,),
                absent=((old, "stale"),),
                kind="one_at_a_time",
            )
        ],
    )


def two_attributes_buried(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Two attributes in a long message, both later switched in one message."""
    k_old, k_new = rng.sample(("Keychron K2", "Logitech MX Keys", "HHKB Pro 2", "Nuphy Air75"), 2)
    m_old, m_new = rng.sample(("Spotify", "Tidal", "Deezer", "Qobuz"), 2)
    first = (
        "Setting up the new flat has been chaos, honestly. The internet only came on "
        f"yesterday. My keyboard is a {k_old} and my music service is {m_old}, so at least "
        "the desk works. Anyway, back to the move."
    )
    switch = rng.choice(
        [
            f"Desk changes: my keyboard is a {k_new} now and my music service is {m_new}.",
            f"Swapped my keyboard for a {k_new}. Also, my music service is {m_new} now.",
        ]
    )
    return build(
        user,
        start,
        [
            [
                HoTurn(
                    first,
                    (
                        _fact("keyboard", k_old, f"The user's keyboard is {k_old}."),
                        _fact("music_service", m_old, f"The user's music service is {m_old}."),
                    ),
                )
            ],
            [
                HoTurn(
                    switch,
                    (
                        _fact("keyboard", k_new, f"The user's keyboard is {k_new}."),
                        _fact("music_service", m_new, f"The user's music service is {m_new}."),
                    ),
                )
            ],
        ],
        [
            HoProbe(
                "how do I remap a key on my keyboard?",
                present=(k_new,),
                absent=((k_old, "stale"),),
                kind="one_at_a_time",
            ),
            HoProbe(
                "make me a playlist on my music service",
                present=(m_new,),
                absent=((m_old, "stale"),),
                kind="one_at_a_time",
            ),
        ],
    )


def non_latin(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Values in a non-Latin script: a tea shop, then a new one."""
    old, new = rng.sample(("茶の間", "Чайная Лавка", "Τσαγερί", "찻집 하루"), 2)
    first = rng.choice([f"My tea shop is {old}.", f"{old} is my tea shop."])
    switch = rng.choice([f"My tea shop is {new} now.", f"changed my tea shop to {new}"])
    return build(
        user,
        start,
        [
            [HoTurn(first, (_fact("tea_shop", old, f"The user's tea shop is {old}."),))],
            [HoTurn(switch, (_fact("tea_shop", new, f"The user's tea shop is {new}."),))],
        ],
        [
            HoProbe(
                "what should I order at my tea shop this week?",
                present=(new,),
                absent=((old, "stale"),),
                kind="one_at_a_time",
            )
        ],
    )


SCENARIOS: tuple[Callable[[random.Random, str, datetime], HoConversation], ...] = (
    *CHECKS,
    drives,
    banks_with,
    two_attributes_buried,
    non_latin,
)
