"""Check cases for retractions and corrections: written with ``tuning_kinds_revise.py``,
never fixed against (issue 12 kinds 4 and 5).

Same kinds, other words and values: the figure on these, before and after the fixes driven
by ``tuning_kinds_revise``, is the generalisation check.

Example:
    >>> import random
    >>> from datetime import datetime, timezone
    >>> conv = SCENARIOS[0](random.Random(3), "u1", datetime(2026, 1, 5, tzinfo=timezone.utc))
    >>> conv.kinds
    ('retraction',)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime

from benchmarks.truth.conversations import HoConversation, HoProbe, HoTurn
from benchmarks.truth.tuning_kinds_revise import Case, fact, gone, scenario

__all__ = ["SCENARIOS"]


def _r(request: str, absent: tuple[str, ...], present: tuple[str, ...] = ()) -> HoProbe:
    return HoProbe(request, present, tuple((v, "retracted") for v in absent), kind="retraction")


def _c(request: str, right: str, wrong: str) -> HoProbe:
    return HoProbe(request, (right,), ((wrong, "corrected"),), kind="correction")


def _cat_last_spring(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    name = rng.choice(["Tamsin", "Figaro", "Zoë", "Pumpernickel"])
    first = HoTurn(f"I have a cat named {name}.", (fact("pet", name, f"Has a cat named {name}."),))
    back = f"our cat {name} passed away last spring, still miss her"
    return [[first], [HoTurn(back, (gone("pet", name, f"The user's cat {name} died."),))]], _r(
        "cosy saturday ideas at home with my pets?", (name,)
    )


def _gave_up_vegan(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    diet = rng.choice(["vegan", "pescatarian", "vegetarian"])
    first = HoTurn(f"I'm {diet}.", (fact("dietary_restriction", diet, f"Is {diet}."),))
    back = f"I gave up being {diet} over christmas tbh"
    return [[first], [HoTurn(back, (gone("dietary_restriction", "*", "No diet now."),))]], _r(
        "a recipe for sunday lunch?", (diet,)
    )


def _left_company(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    emp = rng.choice(["Ferrowind Energy", "Gallant Print Co", "Ostara Labs"])
    first = HoTurn(f"I'm an accountant at {emp}.", (fact("employer", emp, f"Works at {emp}."),))
    back = f"Left {emp.split()[0]} on Friday — no new job lined up yet."
    return [
        [first],
        [HoTurn(back, (gone("employer", emp.split()[0], "No longer works there."),))],
    ], _r("tidy up the summary on my CV", (emp.split()[0],))


def _gym_cancelled(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    gym = rng.choice(["PulseHaus Fitness", "Ironbark Gym", "Kinetic Collective"])
    first = HoTurn(
        f"I train at {gym}.", (fact("gym", gym, f"Trains at {gym}.", single_valued=True),)
    )
    back = "CANCELLED MY GYM MEMBERSHIP TODAY!! so much money saved"
    return [[first], [HoTurn(back, (gone("gym", "*", "No longer a gym member."),))]], _r(
        "what time does my gym open tomorrow?", (gym.split()[0],)
    )


def _split_up(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    name = rng.choice(["Rasmus", "Leilani", "Oskar", "Noémie"])
    first = HoTurn(f"My girlfriend is {name}.", (fact("partner", name, f"Partner is {name}."),))
    back = f"{name} and I split up in the autumn, I'm single now"
    return [[first], [HoTurn(back, (gone("partner", name, f"No longer with {name}."),))]], _r(
        "date night ideas for me and my partner?", (name,)
    )


def _kid_language(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    a, b = rng.sample(["Italian", "Dutch", "Swedish", "Czech"], 2)
    first = HoTurn(
        f"I speak {a} and {b}.",
        (fact("language", a, f"Speaks {a}."), fact("language", b, f"Speaks {b}.")),
    )
    back = f"I've forgotten all my {a}, can't speak a word of it now."
    return [[first], [HoTurn(back, (gone("language", a, f"No longer speaks {a}."),))]], _r(
        "what languages can I use with clients?", (a,), (b,)
    )


def _correction_label(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    wrong, right = rng.sample(["Haarlem", "Leiden", "Delft", "Utrecht"], 2)
    first = HoTurn(f"I live in {wrong}.", (fact("city", wrong, f"Lives in {wrong}."),))
    back = HoTurn(
        f"Correction: {right}.", (fact("city", right, f"Lives in {right}.", corrects=wrong),)
    )
    return [[first, back]], _c("nice cafés in my town?", right, wrong)


def _meant_not_later(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    wrong, right = rng.sample(["Tallinn", "Riga", "Vilnius", "Kaunas"], 2)
    first = HoTurn(f"My home city is {wrong}.", (fact("city", wrong, f"Lives in {wrong}."),))
    back = HoTurn(
        f"Sorry, earlier I meant {right}, not {wrong}!",
        (fact("city", right, f"Lives in {right}.", corrects=wrong),),
    )
    return [[first], [back]], _c("weekend plans in my city?", right, wrong)


def _star_city(rng: random.Random) -> tuple[list[list[HoTurn]], HoProbe]:
    wrong, right = rng.choice([("Porto", "Braga"), ("Lund", "Malmö"), ("Basel", "Bern")])
    first = HoTurn(f"living in {wrong} now", (fact("city", wrong, f"Lives in {wrong}."),))
    back = HoTurn(f"*{right} lol", (fact("city", right, f"Lives in {right}.", corrects=wrong),))
    return [[first, back]], _c("food markets in my city?", right, wrong)


_CASES: tuple[Case, ...] = (
    _cat_last_spring,
    _gave_up_vegan,
    _left_company,
    _gym_cancelled,
    _split_up,
    _kid_language,
    _correction_label,
    _meant_not_later,
    _star_city,
)

SCENARIOS: tuple[Callable[[random.Random, str, datetime], HoConversation], ...] = tuple(
    scenario(c) for c in _CASES
)
"""One scenario per case."""
