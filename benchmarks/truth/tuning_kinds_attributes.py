"""Tuning cases for attributes a person has one of at a time (issue 12 kind 10).

Kind ``one_at_a_time``: a thing the user holds one of at a time that the policy's defaults do
not know (an insurer, a laptop, a streaming service, a commute, a coffee order, a team, a
hairdresser, an energy supplier, a vet, a language app, ...), said once and then switched,
so only the new value may reach a later request about it. Registers vary (terse, chatty,
formal, texting, typos, lowercase, emoji), and so do the frames: a possessive noun phrase
("my X is Y", "Y is my X", "my X: Y", "my new X is Y"), a verb with an object ("I bank
with Y", "went with Y as my X"), and switches ("from X to Y", "traded X for Y", "replaced X
with Y", "ditched X for Y", "X is out, Y is in", "no more X, it's Y now"), some naming the
attribute and some not. Values are this module's own; about a third of the cases live in
``tuning_kinds_attributes_check.py``, which nobody fixes against (a generalisation check).

Example:
    >>> import random
    >>> from datetime import datetime, timezone
    >>> conv = SCENARIOS[0](random.Random(3), "u1", datetime(2026, 1, 5, tzinfo=timezone.utc))
    >>> conv.kinds
    ('one_at_a_time',)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from benchmarks.truth.conversations import HoConversation, HoProbe, HoTurn
from langmem_plus.facts.models import CandidateFact

__all__ = ["SCENARIOS", "Switch", "build"]

KIND = "one_at_a_time"


def _fact(predicate: str, obj: str, text: str) -> CandidateFact:
    return CandidateFact.model_validate(
        {"kind": "fact", "predicate": predicate, "object": obj, "text": text, "single_valued": True}
    )


def _a(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


@dataclass(frozen=True)
class Switch:
    """One attribute said, then switched: templates take ``{old}``, ``{new}``, ``{a_old}``
    and ``{a_new}`` (the article each value takes)."""

    predicate: str
    label: str
    values: tuple[str, ...]
    firsts: tuple[str, ...]
    switches: tuple[str, ...]
    probe: str
    same_session: bool = False
    filler: tuple[str, ...] = ()
    """Turns said between the first statement and the switch (same session only)."""

    def __call__(self, rng: random.Random, user: str, start: datetime) -> HoConversation:
        old, new = rng.sample(self.values, 2)
        words = {"old": old, "new": new, "a_old": _a(old), "a_new": _a(new)}
        first = rng.choice(self.firsts).format(**words)
        switch = rng.choice(self.switches).format(**words)
        said = HoTurn(first, (_fact(self.predicate, old, f"The user's {self.label} is {old}."),))
        swap = HoTurn(switch, (_fact(self.predicate, new, f"The user's {self.label} is {new}."),))
        if self.same_session:
            sessions = [[said, *(HoTurn(f) for f in self.filler), swap]]
        else:
            sessions = [[said], [swap]]
        probe = HoProbe(self.probe, present=(new,), absent=((old, "stale"),), kind=KIND)
        return build(user, start, sessions, [probe])


def build(
    user: str, start: datetime, sessions: Sequence[Sequence[HoTurn]], probes: list[HoProbe]
) -> HoConversation:
    """A conversation of these sessions (three days apart), probed a day after the last."""

    def quoted(t: HoTurn) -> HoTurn:
        return replace(t, ideal=tuple(c.model_copy(update={"quote": t.text}) for c in t.ideal))

    at = [
        (start + timedelta(days=3 * i), tuple(quoted(t) for t in ts))
        for i, ts in enumerate(sessions)
    ]
    return HoConversation(
        user_id=user,
        sessions=tuple(at),
        probes=tuple(probes),
        probe_at=start + timedelta(days=3 * len(sessions) + 1),
        kinds=(KIND,),
    )


LAPTOPS = ("ThinkPad X1 Carbon", "MacBook Air", "Dell XPS 13", "Framework 13", "Surface Laptop 5")
INSURERS = ("Kestrel Mutual", "Harbourline Insurance", "Aldwych Cover", "Brightshield")
STREAMING = ("Mubi", "Crunchyroll", "Hulu", "Criterion Channel", "Shudder")
SUPPLIERS = ("Voltaria", "Greenwell Power", "Sunfield Energy", "Northgrid")
VETS = ("Willow Vets", "Riverside Veterinary", "Hollybank Animal Clinic", "Paws Medical")
COFFEE = ("oat flat white", "double espresso", "iced americano", "cortado", "chai latte")
HAIR = ("Salon Ngọc", "Cutting Room", "Shear Genius", "Studio Lumière", "Barberella")
TEAMS = ("Real Sociedad", "Bayer Leverkusen", "Sporting CP", "Boca Juniors", "Hibernian")
ISPS = ("Fibrewave", "Zing Broadband", "Hyperoptic", "Telia", "Starlink")
BROWSERS = ("Firefox", "Vivaldi", "Brave", "Safari", "Opera")
SUPERMARKETS = ("Tesco", "Lidl", "Sainsbury's", "Mercadona", "Coop")
WATCHES = ("Garmin Forerunner 265", "Apple Watch SE", "Pixel Watch 2", "Coros Pace 3")
HEADPHONES = ("Sony WH-1000XM5", "Bose QC45", "AirPods Max", "Sennheiser Momentum 4")
PASSWORDS = ("1Password", "Bitwarden", "KeePassXC", "Dashlane")
LANG_APPS = ("Duolingo", "Babbel", "Busuu", "Memrise")
EMAIL = ("Proton Mail", "Fastmail", "Gmail", "Tuta")
SCOOTERS = ("Xiaomi Mi 4", "Segway Ninebot Max", "Pure Air Pro")
PENSIONS = ("Aviva", "Nest", "Scottish Widows", "Royal London")

SWITCHES: tuple[Switch, ...] = (
    Switch(
        "laptop",
        "laptop",
        LAPTOPS,
        (
            "My laptop is {a_old} {old}.",
            "my laptop's {a_old} {old}",
            "For work my laptop is {a_old} {old}, fwiw.",
        ),
        (
            "Upgraded my laptop to {a_new} {new} at the weekend!",
            "My new laptop is {a_new} {new}.",
            "I replaced the {old} with {a_new} {new}.",
        ),
        "is my laptop powerful enough for video editing?",
    ),
    Switch(
        "home_insurer",
        "home insurer",
        INSURERS,
        ("My home insurer is {old}.", "{old} is my home insurer.", "Home insurer: {old}"),
        (
            "I've changed my home insurer to {new}.",
            "Switched my home insurer from {old} to {new} at renewal.",
            "{new} is my home insurer now, {old} got too pricey.",
        ),
        "help me write a claim to my home insurer about a burst pipe",
    ),
    Switch(
        "streaming_service",
        "streaming service",
        STREAMING,
        (
            "My streaming service is {old}.",
            "we only have {old} as our streaming service",
            "{old} is my streaming service of choice.",
        ),
        (
            "Cancelled {old} and signed up for {new}.",
            "ditched {old} for {new} lol",
            "My streaming service is {new} now.",
        ),
        "what should I watch tonight on my streaming service?",
    ),
    Switch(
        "energy_supplier",
        "energy supplier",
        SUPPLIERS,
        (
            "Our energy supplier is {old}.",
            "Our energy supplier: {old}.",
            "We get our electricity from {old}, our energy supplier.",
        ),
        (
            "We changed energy supplier to {new} in January.",
            "Moved our energy supplier from {old} to {new}.",
            "We switched to {new} as our energy supplier.",
        ),
        "how do I submit a meter reading to my energy supplier?",
    ),
    Switch(
        "vet",
        "vet",
        VETS,
        ("Our vet is {old}.", "the cat goes to {old}, that's our vet", "{old} is our vet."),
        (
            "We've switched vets to {new}.",
            "Our new vet is {new}.",
            "Our vet is {new} now; {old} closed down.",
        ),
        "book the cat's annual checkup at our vet",
    ),
    Switch(
        "coffee_order",
        "coffee order",
        COFFEE,
        (
            "My usual coffee order is {a_old} {old}.",
            "my coffee order = {a_old} {old}",
            "Coffee order: {old}, always.",
        ),
        (
            "My coffee order's {a_new} {new} these days.",
            "changed my coffee order to {a_new} {new}",
            "No more {old}, my coffee order is {a_new} {new} now.",
        ),
        "order my usual coffee order for the 10am meeting",
    ),
    Switch(
        "hairdresser",
        "hairdresser",
        HAIR,
        (
            "My hairdresser is {old}.",
            "I've been going to {old} for years, they're my hairdresser.",
            "Hairdresser: {old}.",
        ),
        (
            "Found a new hairdresser: {new}.",
            "My new hairdresser is {new}!! so happy",
            "I switched hairdressers from {old} to {new}.",
        ),
        "book me an appointment with my hairdresser next Friday",
    ),
    Switch(
        "football_team",
        "football team",
        TEAMS,
        (
            "My football team is {old}.",
            "{old} is my football team, always has been.",
            "i support {old}, my football team since i was 6",
        ),
        (
            "Changed my football team to {new}, don't judge me.",
            "My football team is {new} now.",
            "{old} is out, {new} is in: my football team these days.",
        ),
        "when does my football team play next?",
    ),
    Switch(
        "internet_provider",
        "internet provider",
        ISPS,
        (
            "My internet provider is {old}.",
            "our internet provider's {old} 🙄",
            "We get internet from {old}, our internet provider.",
        ),
        (
            "We moved our internet provider from {old} to {new}.",
            "My internet provider is now {new}.",
            "switched internet provider to {new}, way faster",
        ),
        "draft a complaint to my internet provider about the outage",
    ),
    Switch(
        "browser",
        "browser",
        BROWSERS,
        ("My browser is {old}.", "I use {old} as my browser.", "browser: {old}"),
        (
            "I switched my browser from {old} to {new}.",
            "Swapped {old} for {new} as my browser.",
            "my browser's {new} now",
        ),
        "how do I clear the cache in my browser?",
    ),
    Switch(
        "supermarket",
        "supermarket",
        SUPERMARKETS,
        (
            "My supermarket is {old}.",
            "I do my weekly shop at {old}, that's my supermarket.",
            "{old} is my supermarket.",
        ),
        (
            "My supermarket is {new} now, it's closer.",
            "I've moved my weekly shop from {old} to {new}; {new} is my supermarket now.",
            "changed supermarket to {new}",
        ),
        "make a shopping list for my supermarket",
    ),
    Switch(
        "watch",
        "watch",
        WATCHES,
        (
            "My watch is {a_old} {old}.",
            "I wear {a_old} {old} as my watch.",
            "my watch's {a_old} {old}",
        ),
        (
            "Upgraded my watch to {a_new} {new}.",
            "My new watch is {a_new} {new}.",
            "Traded my {old} for {a_new} {new}.",
        ),
        "can my watch track open-water swims?",
        same_session=True,
        filler=("Anyway, thanks for the tips on training plans.",),
    ),
    Switch(
        "headphones",
        "headphones",
        HEADPHONES,
        ("My headphones are {old}.", "My headphones: {old}.", "I use {old} as my headphones."),
        (
            "My new headphones are {new}.",
            "Replaced my headphones with {new}.",
            "Switched my headphones from {old} to {new}.",
        ),
        "do my headphones support multipoint pairing?",
    ),
    Switch(
        "password_manager",
        "password manager",
        PASSWORDS,
        (
            "My password manager is {old}.",
            "{old} is my password manager.",
            "I use {old} as my password manager.",
        ),
        (
            "I've moved my password manager from {old} to {new}.",
            "My password manager is {new} now.",
            "Went with {new} as my password manager.",
        ),
        "how do I share a login from my password manager?",
    ),
    Switch(
        "language_app",
        "language app",
        LANG_APPS,
        (
            "My language app is {old}.",
            "{old} is my language app.",
            "Language app: {old} (daily streak!)",
        ),
        (
            "changed my language app to {new}",
            "My language app is {new} now 🇪🇸",
            "Ditched {old} for {new} as my language app.",
        ),
        "set me a daily goal in my language app",
    ),
    Switch(
        "email_provider",
        "email provider",
        EMAIL,
        ("My email provider is {old}.", "{old} is my email provider.", "Email provider: {old}."),
        (
            "I switched my email provider to {new}.",
            "My email provider is {new} now.",
            "Moved my email provider from {old} to {new} over the holidays.",
        ),
        "how do I set up a filter in my email provider?",
    ),
    Switch(
        "scooter",
        "scooter",
        SCOOTERS,
        (
            "My scooter is {a_old} {old}.",
            "I ride {a_old} {old} scooter to work.",
            "my scooter's {a_old} {old}",
        ),
        (
            "My new scooter is {a_new} {new}.",
            "Traded the {old} for {a_new} {new}.",
            "I upgraded my scooter to {a_new} {new}.",
        ),
        "what tyre pressure does my scooter need?",
    ),
    Switch(
        "pension_provider",
        "pension provider",
        PENSIONS,
        (
            "My pension provider is {old}.",
            "Pension provider: {old}.",
            "{old} is my pension provider.",
        ),
        (
            "I transferred my pension from {old} to {new}; {new} is my pension provider now.",
            "My pension provider is now {new}.",
            "Changed my pension provider to {new}.",
        ),
        "how do I raise my contributions with my pension provider?",
    ),
    Switch(
        "running_shoes",
        "running shoes",
        ("Hoka Clifton 9", "Brooks Ghost 15", "Asics Novablast 4", "Saucony Ride 17"),
        (
            "My running shoes are {old}.",
            "running shoes: {old}",
            "I run in {old}, my running shoes for years.",
        ),
        (
            "My running shoes are {new} now.",
            "Replaced my running shoes with {new}.",
            "no more {old}, my running shoes are {new} now",
        ),
        "how many kilometres do my running shoes have left?",
    ),
    Switch(
        "carrier",
        "carrier",
        ("Vodafone", "Three", "Mint Mobile", "Orange", "Giffgaff"),
        ("I'm with {old} as my carrier.", "My carrier is {old}.", "{old} is my carrier."),
        (
            "Went with {new} as my carrier.",
            "Changed my carrier to {new}.",
            "I moved my carrier from {old} to {new} last month.",
        ),
        "does my carrier charge for roaming in Canada?",
    ),
)


def commute(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A commute mode (a plain noun, lowercase), then a change said with "no more"."""
    old, new = rng.sample(("train", "bike", "bus", "tram", "ferry"), 2)
    first = rng.choice(
        [
            f"My commute is by {old}.",
            f"I commute by {old}.",
            f"my commute's the {old}, 40 min each way",
        ]
    )
    switch = rng.choice(
        [
            f"No more {old}, my commute is by {new} now.",
            f"I switched my commute from the {old} to the {new}.",
            f"My commute is by {new} these days.",
        ]
    )
    return build(
        user,
        start,
        [
            [HoTurn(first, (_fact("commute", old, f"The user's commute is by {old}."),))],
            [HoTurn(switch, (_fact("commute", new, f"The user's commute is by {new}."),))],
        ],
        [
            HoProbe(
                "how long will my commute take tomorrow?",
                present=(new,),
                absent=((old, "stale"),),
                kind=KIND,
            )
        ],
    )


def two_in_one_message(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Two attributes in one message, each switched later in one message too."""
    l_old, l_new = rng.sample(LAPTOPS, 2)
    b_old, b_new = rng.sample(BROWSERS, 2)
    first = rng.choice(
        [
            f"Quick setup info: my laptop is a {l_old} and my browser is {b_old}.",
            f"My laptop's a {l_old}; my browser is {b_old}.",
        ]
    )
    switch = rng.choice(
        [
            f"New setup! My laptop is a {l_new} now, and my browser is {b_new}.",
            f"Upgraded my laptop to a {l_new}. Also switched my browser from {b_old} to {b_new}.",
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
                        _fact("laptop", l_old, f"The user's laptop is {l_old}."),
                        _fact("browser", b_old, f"The user's browser is {b_old}."),
                    ),
                )
            ],
            [
                HoTurn(
                    switch,
                    (
                        _fact("laptop", l_new, f"The user's laptop is {l_new}."),
                        _fact("browser", b_new, f"The user's browser is {b_new}."),
                    ),
                )
            ],
        ],
        [
            HoProbe(
                "will my laptop run the new design software?",
                present=(l_new,),
                absent=((l_old, "stale"),),
                kind=KIND,
            ),
            HoProbe(
                "which extensions should I add to my browser?",
                present=(b_new,),
                absent=((b_old, "stale"),),
                kind=KIND,
            ),
        ],
    )


def buried_in_long_message(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """The switch buried in a long, chatty message about other things."""
    old, new = rng.sample(INSURERS, 2)
    first = f"My car insurer is {old}."
    switch = rng.choice(
        [
            "Long day. The kids had a swimming gala, the dishwasher broke again and I still "
            f"haven't finished the slides for Monday. On the plus side, my car insurer is {new} "
            "now, which saved me a fair bit. Anyway, can we talk about the slides?",
            "So much going on - we repainted the hallway, my sister visited, and I finally "
            f"sorted the car: switched my car insurer from {old} to {new}. Then pizza. "
            "Anyway, what were we saying about the budget?",
        ]
    )
    return build(
        user,
        start,
        [
            [HoTurn(first, (_fact("car_insurer", old, f"The user's car insurer is {old}."),))],
            [HoTurn(switch, (_fact("car_insurer", new, f"The user's car insurer is {new}."),))],
        ],
        [
            HoProbe(
                "what should I tell my car insurer about the scratch on the door?",
                present=(new,),
                absent=((old, "stale"),),
                kind=KIND,
            )
        ],
    )


def formal_register(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A formal register: an accountant named by a firm with diacritics, then replaced."""
    old, new = rng.sample(
        ("Åberg & Partners", "Nuñez Asesores", "Kowalczyk Audit", "Brennan Tax"), 2
    )
    first = rng.choice(
        [f"For your records, my accountant is {old}.", f"Please note that {old} is my accountant."]
    )
    switch = rng.choice(
        [
            f"Please note that I have replaced {old} with {new} as my accountant.",
            f"For your records: my accountant is now {new}.",
        ]
    )
    return build(
        user,
        start,
        [
            [HoTurn(first, (_fact("accountant", old, f"The user's accountant is {old}."),))],
            [HoTurn(switch, (_fact("accountant", new, f"The user's accountant is {new}."),))],
        ],
        [
            HoProbe(
                "draft an email sending my receipts to my accountant",
                present=(new,),
                absent=((old, "stale"),),
                kind=KIND,
            )
        ],
    )


def typos_and_texting(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Texting with typos: a phone (the device) then a new one."""
    old, new = rng.sample(
        ("Pixel 8", "iPhone 13", "Galaxy S23", "Fairphone 5", "Nothing Phone 2"), 2
    )
    first = rng.choice(
        [f"my phone is a {old} btw", f"fyi my phnoe is a {old}... i mean my phone is a {old}"]
    )
    switch = rng.choice(
        [f"got a new phone!! my phone is a {new} now 😍", f"my new phone is a {new}"]
    )
    return build(
        user,
        start,
        [
            [HoTurn(first, (_fact("phone", old, f"The user's phone is {old}."),))],
            [HoTurn(switch, (_fact("phone", new, f"The user's phone is {new}."),))],
        ],
        [
            HoProbe(
                "how do I take a screenshot on my phone?",
                present=(new,),
                absent=((old, "stale"),),
                kind=KIND,
            )
        ],
    )


def unnamed_swap(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A swap in a later session that names the two values but not the attribute."""
    old, new = rng.sample(("Voltaria", "Greenwell Power", "Sunfield Energy", "Northgrid"), 2)
    first = rng.choice([f"Our energy provider is {old}.", f"{old} is our energy provider."])
    switch = rng.choice(
        [
            f"We ditched {old} for {new} last week.",
            f"Swapped {old} for {new}, the tariff was better.",
            f"replaced {old} with {new} yesterday",
        ]
    )
    return build(
        user,
        start,
        [
            [
                HoTurn(
                    first, (_fact("energy_provider", old, f"The user's energy provider is {old}."),)
                )
            ],
            [
                HoTurn(
                    switch,
                    (_fact("energy_provider", new, f"The user's energy provider is {new}."),),
                )
            ],
        ],
        [
            HoProbe(
                "who is my energy provider again? I need to call them",
                present=(new,),
                absent=((old, "stale"),),
                kind=KIND,
            )
        ],
    )


SCENARIOS: tuple[Callable[[random.Random, str, datetime], HoConversation], ...] = (
    *SWITCHES,
    commute,
    two_in_one_message,
    buried_in_long_message,
    formal_register,
    typos_and_texting,
    unnamed_swap,
)
