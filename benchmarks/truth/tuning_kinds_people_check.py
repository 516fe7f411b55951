"""The generalisation check of ``tuning_kinds_people.py``: people, past states and unseen
statements in other frames and values, written at the same time and never fixed against.

Its figure before and after a change says whether the change reads the kind or only the
tuning module's wordings.

Example:
    >>> import random
    >>> from datetime import datetime, timezone
    >>> conv = SCENARIOS[0](random.Random(5), "u1", datetime(2026, 1, 5, tzinfo=timezone.utc))
    >>> conv.kinds
    ('people',)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime
from functools import partial

from benchmarks.truth.conversations import HoConversation, HoProbe
from benchmarks.truth.tuning_kinds_people import (
    CITY_ASKS,
    ENDED,
    FOOD_ASKS,
    JOB_ASKS,
    Case,
    Turn,
    fact,
    make,
)

__all__ = ["SCENARIOS"]

PEOPLE, PAST, UNSEEN = "people", "past_state", "unseen_statement"
_Out = tuple[list[list[Turn]], list[HoProbe]]


def _spouse_comma(rng: random.Random) -> _Out:
    name = rng.choice(("Radhika", "Ólafur", "Celestine"))
    said = rng.choice((f"My spouse, {name}, is a chef.", f"my husband {name} works nights"))
    c = fact("partner", name, f"Has a spouse named {name}.", single_valued=True)
    return [[(said, [c])]], [HoProbe("anniversary ideas for my spouse", (name,), kind=PEOPLE)]


def _little_girl(rng: random.Random) -> _Out:
    name = rng.choice(("Ayşe", "Niamh", "Ximena"))
    said = rng.choice((f"We've got a little girl called {name}.",
                       f"our daughter {name} just turned four 🎈"))  # fmt: skip
    c = fact("child", name, f"Has a daughter named {name}.")
    return [[(said, [c])]], [HoProbe("bedtime stories for my daughter", (name,), kind=PEOPLE)]


def _stepdad(rng: random.Random) -> _Out:
    name = rng.choice(("Kenji", "Dariusz", "Osvaldo"))
    said = rng.choice((f"My stepdad {name} is retiring this year.",
                       f"{name} is my stepdad and he's the best"))  # fmt: skip
    c = fact("parent", name, f"Has a stepdad named {name}.")
    return [[(said, [c])]], [HoProbe("a retirement gift for my stepdad", (name,), kind=PEOPLE)]


def _rescue_dog(rng: random.Random) -> _Out:
    name = rng.choice(("Pavlova", "Gnocchi", "Banjo"))
    said = rng.choice((f"Our rescue greyhound {name} hates the rain.",
                       f"I have a dog named {name}."))  # fmt: skip
    c = fact("pet", name, f"Has a dog named {name}.")
    return [[(said, [c])]], [HoProbe("how long should I walk my dog each day?", (name,),
                                     kind=PEOPLE)]  # fmt: skip


def _sister_in_plan(rng: random.Random) -> _Out:
    name = rng.choice(("Fenna", "Ifeoma", "Małgorzata"))
    said = rng.choice((f"Dropping my sister {name} at the airport on Friday.",
                       f"driving my sister {name} to her exam tomorrow"))  # fmt: skip
    c = fact("sibling", name, f"Has a sister named {name}.")
    return [[(said, [c])]], [HoProbe("what should I get my sister for her birthday?", (name,),
                                     kind=PEOPLE)]  # fmt: skip


def _used_to_but_now(rng: random.Random) -> _Out:
    then, now = rng.sample(("Valletta", "Utrecht", "Graz", "Olomouc"), 2)
    said = rng.choice((f"I used to live in {then} but now I'm in {now}.",
                       f"I live in {now}, I used to live in {then}."))  # fmt: skip
    cs = [fact("city", then, f"Lived in {then}.", valid_to=ENDED),
          fact("city", now, f"Lives in {now}.")]  # fmt: skip
    return [[(said, cs)]], [HoProbe(rng.choice(CITY_ASKS), (now,), ((then, "stale"),),
                                    kind=PAST)]  # fmt: skip


def _previously_employed(rng: random.Random) -> _Out:
    old, new = rng.sample(("Orrin Health", "Lattice Farms", "Copperleaf"), 2)
    first = (f"I work at {new}.", [fact("employer", new, f"Works at {new}.")])
    later = rng.choice((f"I was previously employed by {old}.",
                        f"I worked at {old} before, it was a mess"))  # fmt: skip
    c = fact("employer", old, f"Worked at {old}.", valid_to=ENDED)
    return [[first], [(later, [c])]], [HoProbe(rng.choice(JOB_ASKS), (new,), ((old, "stale"),),
                                               kind=PAST)]  # fmt: skip


def _previous_bike(rng: random.Random) -> _Out:
    then, now = rng.choice((("Brompton", "Cannondale Topstone"), ("Raleigh Chopper", "Trek FX")))
    said = f"My previous bike was a {then}; now I ride a {now}."
    cs = [fact("bike", then, f"Rode a {then}.", single_valued=True, valid_to=ENDED),
          fact("bike", now, f"Rides a {now}.", single_valued=True)]  # fmt: skip
    return [[(said, cs)]], [HoProbe("maintenance tips for my bike", (now,), ((then, "stale"),),
                                    kind=PAST)]  # fmt: skip


def _when_i_was_in(rng: random.Random) -> _Out:
    now, then = rng.sample(("Montreal", "Hamilton", "Quebec City", "Halifax"), 2)
    first = (f"I moved to {now} last year.", [fact("city", now, f"Lives in {now}.")])
    later = rng.choice((f"When I was living in {then} I had a garden.",
                        f"back in my {then} days I never cooked"))  # fmt: skip
    c = fact("city", then, f"Lived in {then}.", valid_to=ENDED)
    return [[first], [(later, [c])]], [HoProbe(rng.choice(CITY_ASKS), (now,), ((then, "stale"),),
                                               kind=PAST)]  # fmt: skip


def _intolerant_preamble(rng: random.Random) -> _Out:
    said = rng.choice(("As someone who's lactose intolerant, what cheap meals can I cook?",
                       "being lactose intolerant, which cheeses are ok for me?"))  # fmt: skip
    c = fact("intolerance", "lactose", "Is lactose intolerant.")
    return [[(said, [c])]], [HoProbe(rng.choice(FOOD_ASKS), ("lactose",), kind=UNSEEN)]


def _emoji_pair(rng: random.Random) -> _Out:
    emp, city = rng.choice((("Fernhill Games", "Dundee"), ("Saltire Bank", "Perth")))
    said = f"new job at {emp} 🎮 + finally moved to {city}!!"
    cs = [fact("employer", emp, f"Works at {emp}."), fact("city", city, f"Lives in {city}.")]
    return [[(said, cs)]], [HoProbe(rng.choice(JOB_ASKS), (emp,), kind=UNSEEN),
                            HoProbe(rng.choice(CITY_ASKS), (city,), kind=UNSEEN)]  # fmt: skip


def _hired_by(rng: random.Random) -> _Out:
    emp = rng.choice(("Quarry Lane Architects", "Bellweather Audio"))
    said = rng.choice((f"I've been hired by {emp}!", f"got hired by {emp} last week"))
    c = fact("employer", emp, f"Works at {emp}.")
    return [[(said, [c])]], [HoProbe(rng.choice(JOB_ASKS), (emp,), kind=UNSEEN)]


def _long_flat(rng: random.Random) -> _Out:
    city = rng.choice(("Cork", "Aberdeen", "Lübeck"))
    said = (
        "So the thing is, I've been meaning to sort out my finances for ages and keep "
        "putting it off, partly because the bank app is awful and partly because I just "
        f"hate spreadsheets. My flat is in {city}, rent went up again, and I'd like a simple "
        "monthly budget. Can you help with that?"
    )
    c = fact("city", city, f"Lives in {city}.")
    return [[(said, [c])]], [HoProbe(rng.choice(CITY_ASKS), (city,), kind=UNSEEN)]


CASES: tuple[Case, ...] = (
    _spouse_comma, _little_girl, _stepdad, _rescue_dog, _sister_in_plan,
    _used_to_but_now, _previously_employed, _previous_bike, _when_i_was_in,
    _intolerant_preamble, _emoji_pair, _hired_by, _long_flat,
)  # fmt: skip

SCENARIOS: tuple[Callable[[random.Random, str, datetime], HoConversation], ...] = tuple(
    partial(make, c) for c in CASES
)
