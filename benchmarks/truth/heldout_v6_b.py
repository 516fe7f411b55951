"""Held-out split v6, part b: taking things back, correcting, forgetting, saving, switching.

Written blind (#12): its author read only the benchmark's types (``conversations.py``,
``modes.py``), how probes are scored (``heldout_run.py``, ``scoring.py``), the candidate
model and the policy's predicate names; never the extractor, the text rules, the tuning
split or the earlier held-out splits. Five kinds, every user gets one scenario of each:

* ``retraction``: something stops being true and nothing replaces it (an allergy
  outgrown, a pet that died, a job left with no new one, a hobby given up);
* ``correction``: the user corrects what they said, in the same message or a later one
  ("sorry, I meant ..."), so the mistaken value was never true;
* ``forget``: the user asks, in plain words, to forget a topic or everything;
* ``explicit_save``: "remember that ..." in many forms, which must come back for a later
  request it bears on without the request repeating it;
* ``one_at_a_time``: an attribute a person has one of at a time (a phone plan, a car, a
  gym, a landlord, a barber, ...) switched, so the old one must not show.

Each user also says a handful of free-form one-off things (a sentence used once in the
whole split, some with a fact in them) and gets one irrelevant request.
``one_off_share`` measures the share of such turns.

Example:
    >>> convs = generate_heldout_v6_b(seed=0, users=2)
    >>> [c.user_id for c in convs]
    ['h6b-0', 'h6b-1']
    >>> sorted({p.kind for c in convs for p in c.probes}) == sorted({*KINDS, "irrelevant"})
    True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

from benchmarks.truth.conversations import HoConversation, HoProbe, HoTurn
from benchmarks.truth.modes import Slip
from langmem_plus.facts.models import CandidateFact

__all__ = ["KINDS", "generate_heldout_v6_b", "one_off_share"]

KINDS = ("retraction", "correction", "forget", "explicit_save", "one_at_a_time")

_T0 = datetime(2026, 2, 2, 9, 0, tzinfo=timezone.utc)


# ----------------------------------------------------------------------------- helpers


def _c(
    text: str,
    predicate: str,
    obj: str,
    sentence: str,
    *,
    kind: str = "fact",
    holder: str = "user",
    **kw: Any,
) -> CandidateFact:
    """An ideal candidate for ``text`` (the quote is the whole turn)."""
    subject = "user" if holder == "user" else "person:" + holder.casefold().replace(" ", "_")
    return CandidateFact(
        kind=kind,
        subject=subject,
        predicate=predicate,
        object=obj,
        text=sentence,
        quote=text,
        holder=holder,
        **kw,
    )


@dataclass
class _Step:
    """One scripted user turn of a scenario: the phase it belongs to and its frame id."""

    phase: int  # 0: early session, 1: a later one, 2: the last session
    frame: str
    turn: HoTurn


@dataclass
class _Scenario:
    kind: str
    steps: list[_Step]
    probes: list[HoProbe]
    forbidden: list[tuple[str, str]] = field(default_factory=list)


When = Callable[[int], datetime]
"""Maps a phase to the send time of the session it lands in."""


def _pick(rng: random.Random, pool: list[Any]) -> Any:
    return pool[rng.randrange(len(pool))]


def _between(rng: random.Random, after: datetime, before: datetime) -> datetime:
    """A day strictly between two session days (sessions are at least three days apart),
    for an event the user dates by its day of the month ("on the 3rd")."""
    days = (before.date() - after.date()).days
    d = after + timedelta(days=rng.randint(1, max(1, days - 1)))
    return d.replace(hour=12, minute=0)


def _nth(day: int) -> str:
    """``3`` -> ``"3rd"``; ``21`` -> ``"21st"``."""
    suffix = "th" if 11 <= day % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


def _two(rng: random.Random, pool: list[Any]) -> tuple[Any, Any]:
    a, b = rng.sample(pool, 2)
    return a, b


# --------------------------------------------------------------------------- retraction

_ALLERGENS = ["celery", "lupin", "mustard seed", "buckwheat", "cashews", "sesame"]
_CATS = ["Pistache", "Bramble", "Ottoline", "Mochi", "Fennel", "Šárka"]
_EMPLOYERS_R = ["Halvorsen Freight", "Quillbright", "Tamarack Labs", "Oxbow Analytics"]
_HOBBIES = ["five-a-side", "squash", "roller derby", "fencing", "trail running"]
_DIETS = ["gluten", "dairy", "soy", "eggs"]
_EXES = ["Joaquín", "Ruairí", "Thandiwe", "Linnea", "Dev"]
_TOWNS_R = ["Ghent", "Košice", "Dunedin", "Tartu", "Aarhus", "Porto"]


def _r_allergy(rng: random.Random, when: When) -> _Scenario:
    a, b = _two(rng, _ALLERGENS)
    v = rng.randrange(2)
    t0 = [
        f"ok so for the record i'm allergic to {a} and {b}, found out the hard way 🙃",
        f"Before I forget to mention it: allergies are {a} and {b}. Both give me hives.",
    ][v]
    t1 = [
        f"update from the allergist: I've grown out of the {b} allergy, skin test was clean",
        f"so apparently adults can outgrow allergies?? no more {b} reaction, retested last week",
    ][v]
    return _Scenario(
        "retraction",
        [
            _Step(
                0,
                f"r_allergy0.{v}",
                HoTurn(
                    t0,
                    (
                        _c(t0, "allergy", a, f"The user is allergic to {a}."),
                        _c(t0, "allergy", b, f"The user is allergic to {b}."),
                    ),
                ),
            ),
            _Step(
                1,
                f"r_allergy1.{v}",
                HoTurn(
                    t1,
                    (
                        _c(
                            t1,
                            "allergy",
                            b,
                            f"The user is no longer allergic to {b}.",
                            polarity="retract",
                        ),
                    ),
                ),
            ),
        ],
        [
            HoProbe(
                "doing a big batch cook for the week, anything I should keep out of it?",
                present=(a,),
                absent=((b, "retracted"),),
                kind="retraction",
            )
        ],
    )


def _r_pet(rng: random.Random, when: When) -> _Scenario:
    a, b = _two(rng, _CATS)
    t0 = f"we've got two cats at home, {a} (the loud one) and {b} who is ancient"
    died = _between(rng, when(0), when(1))
    t1 = f"sad week. {b} died on the {_nth(died.day)}, she was nineteen. the flat is very quiet"
    return _Scenario(
        "retraction",
        [
            _Step(
                0,
                "r_pet0",
                HoTurn(
                    t0,
                    (
                        _c(t0, "pet", a, f"The user has a cat named {a}."),
                        _c(t0, "pet", b, f"The user has a cat named {b}."),
                    ),
                ),
            ),
            _Step(
                1,
                "r_pet1",
                HoTurn(
                    t1,
                    (
                        _c(
                            t1,
                            "pet",
                            b,
                            f"The user's cat {b} died.",
                            polarity="retract",
                            valid_from=died,
                            time_stated=True,
                        ),
                    ),
                ),
            ),
        ],
        [
            HoProbe(
                "my neighbour is feeding the animals while I'm away, can you draft a note for her?",
                present=(a,),
                absent=((b, "retracted"),),
                kind="retraction",
            )
        ],
    )


def _r_job(rng: random.Random, when: When) -> _Scenario:
    emp = _pick(rng, _EMPLOYERS_R)
    town = _pick(rng, _TOWNS_R)
    t0 = f"I'm in {town}, doing logistics planning at {emp}, which is as glamorous as it sounds"
    v = rng.randrange(2)
    t1 = [
        f"handed my badge back at {emp} on friday. no new job lined up, taking the summer off",
        f"Left {emp} for good. Not looking for anything yet, I need a break first.",
    ][v]
    return _Scenario(
        "retraction",
        [
            _Step(
                0,
                "r_job0",
                HoTurn(
                    t0,
                    (
                        _c(t0, "city", town, f"The user lives in {town}."),
                        _c(t0, "employer", emp, f"The user works at {emp}."),
                    ),
                ),
            ),
            _Step(
                1,
                f"r_job1.{v}",
                HoTurn(
                    t1,
                    (
                        _c(
                            t1,
                            "employer",
                            emp,
                            f"The user no longer works at {emp}.",
                            polarity="retract",
                        ),
                    ),
                ),
            ),
        ],
        [
            HoProbe(
                "help me write a two-line bio for a local meetup I'm joining",
                present=(town,),
                absent=((emp, "retracted"),),
                kind="retraction",
            )
        ],
        [(emp, "retracted")],
    )


def _r_hobby(rng: random.Random, when: When) -> _Scenario:
    a, b = _two(rng, _HOBBIES)
    t0 = f"tuesdays are {a}, thursdays are {b}, and the rest of the week I just collapse"
    t1 = f"physio says no more {b} for me, my ankle can't handle it. gutted tbh"
    return _Scenario(
        "retraction",
        [
            _Step(
                0,
                "r_hobby0",
                HoTurn(
                    t0,
                    (
                        _c(t0, "hobby", a, f"The user plays {a}.", kind="preference"),
                        _c(t0, "hobby", b, f"The user does {b}.", kind="preference"),
                    ),
                ),
            ),
            _Step(
                1,
                "r_hobby1",
                HoTurn(
                    t1,
                    (
                        _c(
                            t1,
                            "hobby",
                            b,
                            f"The user has stopped doing {b}.",
                            kind="preference",
                            polarity="retract",
                        ),
                    ),
                ),
            ),
        ],
        [
            HoProbe(
                "what could I fill my weeknights with this month?",
                present=(a,),
                absent=((b, "retracted"),),
                kind="retraction",
            )
        ],
    )


def _r_diet(rng: random.Random, when: When) -> _Scenario:
    a, b = _two(rng, _DIETS)
    t0 = f"eating-wise: no {a} and no {b} for me at the moment (doctor's orders, long story)"
    t1 = f"good news, I'm allowed {b} again!! 🎉 the {a} rule stays though"
    return _Scenario(
        "retraction",
        [
            _Step(
                0,
                "r_diet0",
                HoTurn(
                    t0,
                    (
                        _c(t0, "dietary_restriction", a, f"The user avoids {a}."),
                        _c(t0, "dietary_restriction", b, f"The user avoids {b}."),
                    ),
                ),
            ),
            _Step(
                1,
                "r_diet1",
                HoTurn(
                    t1,
                    (
                        _c(
                            t1,
                            "dietary_restriction",
                            b,
                            f"The user no longer avoids {b}.",
                            polarity="retract",
                        ),
                    ),
                ),
            ),
        ],
        [
            HoProbe(
                "I'm hosting brunch on Sunday, help me plan a menu I can eat too",
                present=(a,),
                absent=((b, "retracted"),),
                kind="retraction",
            )
        ],
    )


def _r_partner(rng: random.Random, when: When) -> _Scenario:
    name = _pick(rng, _EXES)
    town, old = _two(rng, _TOWNS_R)
    t0 = (
        f"me and my partner {name} finally moved to {town}! if it doesn't work out we'd "
        f"probably go back to {old}, but fingers crossed"
    )
    t1 = f"{name} and I split up a couple of weeks ago. I'm staying put, just on my own now"
    hyp = _c(t0, "city", old, f"The user would move back to {old}.", modality="hypothetical")
    return _Scenario(
        "retraction",
        [
            _Step(
                0,
                "r_partner0",
                HoTurn(
                    t0,
                    (
                        _c(t0, "partner", name, f"The user's partner is {name}."),
                        _c(t0, "city", town, f"The user lives in {town}."),
                        hyp,
                    ),
                    (
                        Slip(
                            "hypothetical_as_fact",
                            hyp.model_copy(update={"modality": "asserted"}),
                            old,
                        ),
                    ),
                ),
            ),
            _Step(
                1,
                "r_partner1",
                HoTurn(
                    t1,
                    (
                        _c(
                            t1,
                            "partner",
                            name,
                            f"The user is no longer with {name}.",
                            polarity="retract",
                        ),
                    ),
                ),
            ),
        ],
        [
            HoProbe(
                "plan me a birthday weekend without leaving the area",
                present=(town,),
                absent=((name, "retracted"), (old, "hypothetical")),
                kind="retraction",
            )
        ],
        [(old, "hypothetical"), (name, "retracted")],
    )


# --------------------------------------------------------------------------- correction

_DENTISTS = [("Okonkwo", "Oyelaran"), ("Ferreira", "Pereira"), ("Lindqvist", "Lindgren")]
_AIRPORTS = [("Bristol", "Exeter"), ("Eindhoven", "Maastricht"), ("Bergamo", "Verona")]
_SONS = [("Teodor", "Tudor"), ("Mateo", "Matías"), ("Kenji", "Kenta"), ("Ilya", "Ilian")]
_EMPLOYERS_C = [("Brightwater Holdings", "Brightwater Retail"), ("Norrvik Group", "Norrvik Labs")]
_ALLERGY_C = [("hazelnuts", "walnuts"), ("prawns", "mussels"), ("pears", "peaches")]
_TOWNS_C = [("Lydney", "Lydford"), ("Hexham", "Hexworth"), ("Oberndorf", "Obernburg")]


def _k_dentist(rng: random.Random, when: When) -> _Scenario:
    a, b = _pick(rng, _DENTISTS)
    t0 = (
        f"my dentist is Dr {a}, no sorry, Dr {b}, {a} was the old practice name. "
        "anyway I have a cracked filling"
    )
    return _Scenario(
        "correction",
        [
            _Step(
                0,
                "k_dentist0",
                HoTurn(
                    t0,
                    (_c(t0, "dentist", b, f"The user's dentist is Dr {b}.", single_valued=True),),
                ),
            )
        ],
        [
            HoProbe(
                "the filling is worse, who should I ring first thing tomorrow?",
                present=(b,),
                absent=((a, "corrected"),),
                kind="correction",
            )
        ],
    )


def _k_airport(rng: random.Random, when: When) -> _Scenario:
    a, b = _pick(rng, _AIRPORTS)
    t0 = f"whenever I travel I fly from {a}, it's the closest one to me"
    v = rng.randrange(2)
    t1 = [
        f"wait, did I say {a} the other day? I meant {b}, no idea why I typed that",
        f"Correction to something I told you: my airport is {b}, not {a}.",
    ][v]
    return _Scenario(
        "correction",
        [
            _Step(
                0,
                "k_airport0",
                HoTurn(t0, (_c(t0, "home_airport", a, f"The user flies from {a}."),)),
            ),
            _Step(
                1,
                f"k_airport1.{v}",
                HoTurn(t1, (_c(t1, "home_airport", b, f"The user flies from {b}.", corrects=a),)),
            ),
        ],
        [
            HoProbe(
                "find me a cheap long weekend somewhere warm in March",
                present=(b,),
                absent=((a, "corrected"),),
                kind="correction",
            )
        ],
        [(a, "corrected")],
    )


def _k_son(rng: random.Random, when: When) -> _Scenario:
    a, b = _pick(rng, _SONS)
    t0 = f"my son {a} has decided he only eats beige food now. he's six. send help"
    t1 = f"ugh my phone changed his name, it's {b}, not {a}! he'd be furious"
    return _Scenario(
        "correction",
        [
            _Step(0, "k_son0", HoTurn(t0, (_c(t0, "child", a, f"The user has a son named {a}."),))),
            _Step(
                1,
                "k_son1",
                HoTurn(t1, (_c(t1, "child", b, f"The user has a son named {b}.", corrects=a),)),
            ),
        ],
        [
            HoProbe(
                "need a theme for my little boy's birthday party, he's turning seven",
                present=(b,),
                absent=((a, "corrected"),),
                kind="correction",
            )
        ],
        [(a, "corrected")],
    )


def _k_employer(rng: random.Random, when: When) -> _Scenario:
    a, b = _pick(rng, _EMPLOYERS_C)
    t0 = f"started a new job in January at {a}, still figuring out who everyone is"
    t1 = (
        f"small correction: the company I work for is {b}. {a} is the parent, "
        "people mix them up all the time"
    )
    return _Scenario(
        "correction",
        [
            _Step(
                0,
                "k_employer0",
                HoTurn(
                    t0,
                    (
                        _c(
                            t0,
                            "employer",
                            a,
                            f"The user works at {a}.",
                            valid_from=datetime(when(0).year, 1, 5, tzinfo=timezone.utc),
                            time_stated=True,
                        ),
                    ),
                ),
            ),
            _Step(
                1,
                "k_employer1",
                HoTurn(t1, (_c(t1, "employer", b, f"The user works at {b}.", corrects=a),)),
            ),
        ],
        [
            HoProbe(
                "draft an out-of-office reply for while I'm on leave next week",
                present=(b,),
                absent=((a, "corrected"),),
                kind="correction",
            )
        ],
        [(a, "corrected")],
    )


def _k_allergy(rng: random.Random, when: When) -> _Scenario:
    a, b = _pick(rng, _ALLERGY_C)
    t0 = f"fyi I can't have {a}, my throat closes up"
    t1 = f"Sorry, I got that wrong earlier: it's {b} I react to. {a} are fine!"
    return _Scenario(
        "correction",
        [
            _Step(
                0,
                "k_allergy0",
                HoTurn(t0, (_c(t0, "allergy", a, f"The user is allergic to {a}."),)),
            ),
            _Step(
                1,
                "k_allergy1",
                HoTurn(t1, (_c(t1, "allergy", b, f"The user is allergic to {b}.", corrects=a),)),
            ),
        ],
        [
            HoProbe(
                "what do I need to tell the caterer for our team offsite?",
                present=(b,),
                absent=((a, "corrected"),),
                kind="correction",
            )
        ],
        [(a, "corrected")],
    )


def _k_town(rng: random.Random, when: When) -> _Scenario:
    a, b = _pick(rng, _TOWNS_C)
    t0 = f"just got settled in {a}. the flat is tiny but the view over the valley is great"
    t1 = f"autocorrect strikes again: the town is {b} not {a} lol"
    return _Scenario(
        "correction",
        [
            _Step(0, "k_town0", HoTurn(t0, (_c(t0, "city", a, f"The user lives in {a}."),))),
            _Step(
                1,
                "k_town1",
                HoTurn(t1, (_c(t1, "city", b, f"The user lives in {b}.", corrects=a),)),
            ),
        ],
        [
            HoProbe(
                "any good day hikes within an hour of home?",
                present=(b,),
                absent=((a, "corrected"),),
                kind="correction",
            )
        ],
        [(a, "corrected")],
    )


# ------------------------------------------------------------------------------- forget

_SHOPS = ["Wickward", "Ember & Fig", "Little Smoulder", "Tallow Lane"]
_SKILLS = ["woodturning", "soldering", "upholstery", "bookbinding"]
_SISTERS = ["Aoife", "Zsófia", "Marisol", "Ingrid"]
_SISTER_CITIES = ["Reykjavík", "Windhoek", "Hobart", "Gdańsk"]
_EMPLOYERS_F = ["Pellucid Systems", "Graniteview Insurance", "Kettlewell & Sons"]
_CITIES_F = ["Tromsø", "Valparaíso", "Nagoya", "Cork", "Bratislava"]
_PETS_F = ["a tortoise called Gustavo", "a parrot called Pimento", "a ferret called Biscotti"]


def _f_shop(rng: random.Random, when: When) -> _Scenario:
    shop = _pick(rng, _SHOPS)
    skill = _pick(rng, _SKILLS)
    t0 = (
        f"side project update: my little candle shop {shop} sold 40 candles this month, "
        f"and I've started teaching myself {skill} on the side"
    )
    v = rng.randrange(2)
    t1 = [
        "can you forget everything about the candle shop? I've shut it down and don't "
        "want it coming up again",
        "please drop the candle business from your memory, it's closed and it's a sore spot",
    ][v]
    return _Scenario(
        "forget",
        [
            _Step(
                0,
                "f_shop0",
                HoTurn(
                    t0,
                    (
                        _c(
                            t0,
                            "current_project",
                            shop,
                            f"The user runs a candle shop called {shop}.",
                        ),
                        _c(t0, "hobby", skill, f"The user is learning {skill}.", kind="preference"),
                    ),
                ),
            ),
            _Step(1, f"f_shop1.{v}", HoTurn(t1)),
        ],
        [
            HoProbe(
                "I'd like a weekend side hustle, any ideas that suit me?",
                present=(skill,),
                absent=((shop, "forgotten"),),
                kind="forget",
            )
        ],
        [(shop, "forgotten")],
    )


def _f_sister(rng: random.Random, when: When) -> _Scenario:
    name = _pick(rng, _SISTERS)
    city = _pick(rng, _SISTER_CITIES)
    t0 = (
        f"big family news, my sister {name} has secretly bought a flat in {city}!! "
        "our parents don't know yet so shh"
    )
    t1 = (
        f"hey, could you forget what I told you about {name}'s flat? she wants to tell "
        "people herself and I feel bad"
    )
    return _Scenario(
        "forget",
        [
            _Step(
                0,
                "f_sister0",
                HoTurn(
                    t0,
                    (
                        _c(t0, "sibling", name, f"The user has a sister named {name}."),
                        _c(t0, "flat", city, f"{name} has bought a flat in {city}.", holder=name),
                    ),
                ),
            ),
            _Step(1, "f_sister1", HoTurn(t1)),
        ],
        [
            HoProbe(
                "help me plan a family dinner for Sunday",
                absent=((city, "forgotten"),),
                kind="forget",
            )
        ],
    )


def _f_everything(rng: random.Random, when: When) -> _Scenario:
    emp = _pick(rng, _EMPLOYERS_F)
    old_city, city = _two(rng, _CITIES_F)
    t0 = f"quick intro: I work at {emp} and live in {old_city}, been here about five years"
    v = rng.randrange(3)
    t1 = [
        "forget everything you know about me please. clean slate",
        "Please wipe whatever you've stored about me, all of it. I want to start fresh.",
        "delete all my memories, every last thing 🧹",
    ][v]
    t2 = f"new chapter: I've moved to {city} for a fresh start"
    return _Scenario(
        "forget",
        [
            _Step(
                0,
                "f_all0",
                HoTurn(
                    t0,
                    (
                        _c(t0, "employer", emp, f"The user works at {emp}."),
                        _c(t0, "city", old_city, f"The user lives in {old_city}."),
                    ),
                ),
            ),
            _Step(1, f"f_all1.{v}", HoTurn(t1)),
            _Step(2, "f_all2", HoTurn(t2, (_c(t2, "city", city, f"The user lives in {city}."),))),
        ],
        [
            HoProbe(
                "what's there to do around here on a rainy Saturday?",
                present=(city,),
                absent=((emp, "forgotten"), (old_city, "forgotten")),
                kind="forget",
            )
        ],
        [(emp, "forgotten"), (old_city, "forgotten")],
    )


def _f_work(rng: random.Random, when: When) -> _Scenario:
    emp = _pick(rng, _EMPLOYERS_F)
    pet = _pick(rng, _PETS_F)
    pet_name = pet.rsplit(" ", 1)[1]
    t0 = f"Evening! Long day at {emp} again. At least {pet} was waiting at home for me."
    t1 = "actually I'd rather you didn't keep where I work. forget my employer, please"
    return _Scenario(
        "forget",
        [
            _Step(
                0,
                "f_work0",
                HoTurn(
                    t0,
                    (
                        _c(t0, "employer", emp, f"The user works at {emp}."),
                        _c(t0, "pet", pet_name, f"The user has {pet}."),
                    ),
                ),
            ),
            _Step(1, "f_work1", HoTurn(t1)),
        ],
        [
            HoProbe(
                "write me a short intro for a networking event, keep it personal",
                present=(pet_name,),
                absent=((emp, "forgotten"),),
                kind="forget",
            )
        ],
        [(emp, "forgotten")],
    )


# ------------------------------------------------------------------------ explicit_save

_MONTHS = ["April", "May", "June", "July"]
_LANGS = ["Portuguese", "Korean", "Welsh", "Finnish"]
_PARTNERS = ["Bodhi", "Céline", "Anouk", "Ravi"]


def _e_coffee(rng: random.Random, when: When) -> _Scenario:
    v = rng.randrange(2)
    t0 = [
        "remember that I take my coffee with oat milk, no sugar",
        "Note for the future: oat milk in my coffee, never sugar ☕",
    ][v]
    return _Scenario(
        "explicit_save",
        [
            _Step(
                0,
                f"e_coffee.{v}",
                HoTurn(
                    t0,
                    (
                        _c(
                            t0,
                            "coffee_order",
                            "oat milk",
                            "The user takes coffee with oat milk.",
                            kind="preference",
                        ),
                    ),
                ),
            )
        ],
        [
            HoProbe(
                "I'm doing the café run for the office, put my order at the top of the list",
                present=("oat milk",),
                kind="explicit_save",
            )
        ],
    )


def _e_lift(rng: random.Random, when: When) -> _Scenario:
    t0 = "pls remember: my flat is on the 4th floor and there's no lift"
    return _Scenario(
        "explicit_save",
        [
            _Step(
                0,
                "e_lift",
                HoTurn(
                    t0,
                    (
                        _c(
                            t0,
                            "constraint",
                            "no lift",
                            "The user's flat is on the 4th floor with no lift.",
                        ),
                    ),
                ),
            )
        ],
        [
            HoProbe(
                "I'm ordering a sofa online, anything I should check before I pay?",
                present=("no lift",),
                kind="explicit_save",
            )
        ],
    )


def _e_left(rng: random.Random, when: When) -> _Scenario:
    t0 = "Don't forget I'm left-handed, it matters more often than you'd think"
    return _Scenario(
        "explicit_save",
        [
            _Step(
                0,
                "e_left",
                HoTurn(
                    t0,
                    (
                        _c(
                            t0,
                            "handedness",
                            "left-handed",
                            "The user is left-handed.",
                            single_valued=True,
                        ),
                    ),
                ),
            )
        ],
        [
            HoProbe(
                "setting up my new home office desk, how should I lay it out?",
                present=("left-handed",),
                kind="explicit_save",
            )
        ],
    )


def _e_nights(rng: random.Random, when: When) -> _Scenario:
    t0 = "keep in mind that I work nights, 10pm till 6am, so my mornings are my evenings"
    return _Scenario(
        "explicit_save",
        [
            _Step(
                0,
                "e_nights",
                HoTurn(
                    t0, (_c(t0, "routine", "work nights", "The user works nights, 10pm to 6am."),)
                ),
            )
        ],
        [
            HoProbe(
                "when in the day should I book a dentist appointment?",
                present=("nights",),
                kind="explicit_save",
            )
        ],
    )


def _e_mum(rng: random.Random, when: When) -> _Scenario:
    month = _pick(rng, _MONTHS)
    t0 = f"can you save this: my mum's birthday is the 21st of {month}"
    return _Scenario(
        "explicit_save",
        [
            _Step(
                0,
                "e_mum",
                HoTurn(
                    t0,
                    (
                        _c(
                            t0,
                            "birthday",
                            f"21st of {month}",
                            f"The user's mum's birthday is the 21st of {month}.",
                            holder="mum",
                        ),
                    ),
                ),
            )
        ],
        [
            HoProbe(
                "any gift ideas for my mum? I want it to arrive in time",
                present=("21st",),
                holder="mum",
                kind="explicit_save",
            )
        ],
    )


def _e_lang(rng: random.Random, when: When) -> _Scenario:
    lang = _pick(rng, _LANGS)
    t0 = f"remember I'm learning {lang}! three months in and I can order food, just about"
    return _Scenario(
        "explicit_save",
        [
            _Step(
                0,
                "e_lang",
                HoTurn(t0, (_c(t0, "language", lang, f"The user is learning {lang}."),)),
            )
        ],
        [
            HoProbe(
                "I've got a nine-hour flight tomorrow, how can I use the time well?",
                present=(lang,),
                kind="explicit_save",
            )
        ],
    )


def _e_partner(rng: random.Random, when: When) -> _Scenario:
    name = _pick(rng, _PARTNERS)
    t0 = f"for future chats, my partner is {name}, and {name} can't stand coriander"
    return _Scenario(
        "explicit_save",
        [
            _Step(
                0,
                "e_partner",
                HoTurn(
                    t0,
                    (
                        _c(t0, "partner", name, f"The user's partner is {name}."),
                        _c(
                            t0,
                            "dislike",
                            "coriander",
                            f"{name} dislikes coriander.",
                            holder=name,
                            kind="preference",
                        ),
                    ),
                ),
            )
        ],
        [
            HoProbe(
                "cooking for the two of us on Friday, what should I make?",
                present=(name, "coriander"),
                kind="explicit_save",
            )
        ],
    )


def _e_shoes(rng: random.Random, when: When) -> _Scenario:
    t0 = "Jot this down somewhere: I'm a 43 in EU shoe sizes, wide fit."
    return _Scenario(
        "explicit_save",
        [
            _Step(
                0,
                "e_shoes",
                HoTurn(
                    t0,
                    (
                        _c(
                            t0,
                            "shoe_size",
                            "43",
                            "The user's EU shoe size is 43, wide fit.",
                            single_valued=True,
                        ),
                    ),
                ),
            )
        ],
        [
            HoProbe(
                "I want new trail runners, help me narrow it down",
                present=("43",),
                kind="explicit_save",
            )
        ],
    )


# ------------------------------------------------------------------------ one_at_a_time

_PLANS = [("Flex 20", "Unlimited Max"), ("Go Lite", "Traveller 50"), ("Basic 10", "Nomad Plus")]
_CARS = [("Škoda Yeti", "Dacia Jogger"), ("Mazda 2", "Kia Ceed"), ("Fiat Panda", "MG4")]
_GYMS = [("IronLoft", "Pulse Yard"), ("Kraftwerk Studio", "Tidewater Gym")]
_ISPS = [("Strandline", "Fibrewave"), ("Lumenet", "Brisknet")]
_BARBERS = [("Sal's on Kemp Street", "Fade Theory"), ("The Chop House", "Lather & Blade")]
_LANDLORDS = [("Mr Achterberg", "Corran Lettings"), ("Mrs Dunleavy", "Harrowgate Homes")]
_DESKS = [("Hive Mill", "Loomworks"), ("Quay Studios", "The Bothy")]


def _o_plan(rng: random.Random, when: When) -> _Scenario:
    a, b = _pick(rng, _PLANS)
    t0 = f"been on the {a} plan since 2019, it's fine but the data runs out by the 20th"
    t1 = f"finally ditched {a} two weeks ago and went for {b}. why did I wait so long"
    return _Scenario(
        "one_at_a_time",
        [
            _Step(
                0,
                "o_plan0",
                HoTurn(
                    t0,
                    (
                        _c(
                            t0,
                            "phone_plan",
                            a,
                            f"The user's phone plan is {a}.",
                            valid_from=datetime(2019, 1, 1, tzinfo=timezone.utc),
                            time_stated=True,
                        ),
                    ),
                ),
            ),
            _Step(
                1,
                "o_plan1",
                HoTurn(
                    t1,
                    (
                        _c(
                            t1,
                            "phone_plan",
                            b,
                            f"The user's phone plan is {b}.",
                            replaces=a,
                            valid_from=when(1) - timedelta(days=14),
                            time_stated=True,
                        ),
                    ),
                ),
            ),
        ],
        [
            HoProbe(
                "I'm abroad for a fortnight next month, will data cost me extra?",
                present=(b,),
                absent=((a, "stale"),),
                kind="one_at_a_time",
            )
        ],
        [(a, "stale")],
    )


def _o_car(rng: random.Random, when: When) -> _Scenario:
    a, b = _pick(rng, _CARS)
    t0 = f"the {a} needs new tyres AGAIN. it eats them"
    v = rng.randrange(2)
    t1 = [
        f"sold the {a} at last and picked up a {b}, so far so good",
        f"Traded in my old {a} last weekend, I'm driving a {b} now.",
    ][v]
    return _Scenario(
        "one_at_a_time",
        [
            _Step(0, "o_car0", HoTurn(t0, (_c(t0, "car", a, f"The user drives a {a}."),))),
            _Step(
                1,
                f"o_car1.{v}",
                HoTurn(t1, (_c(t1, "car", b, f"The user drives a {b}.", replaces=a),)),
            ),
        ],
        [
            HoProbe(
                "road trip to the coast on Saturday, what should I check on the car first?",
                present=(b,),
                absent=((a, "stale"),),
                kind="one_at_a_time",
            )
        ],
        [(a, "stale")],
    )


def _o_gym(rng: random.Random, when: When) -> _Scenario:
    a, b = _pick(rng, _GYMS)
    t0 = f"I go to {a} after work most days, it's heaving at 6 though"
    t1 = f"cancelled {a} — I'm a member at {b} now, half the price and no queue for racks"
    return _Scenario(
        "one_at_a_time",
        [
            _Step(0, "o_gym0", HoTurn(t0, (_c(t0, "gym", a, f"The user's gym is {a}."),))),
            _Step(
                1, "o_gym1", HoTurn(t1, (_c(t1, "gym", b, f"The user's gym is {b}.", replaces=a),))
            ),
        ],
        [
            HoProbe(
                "build me a three-day strength routine, I train straight after work",
                present=(b,),
                absent=((a, "stale"),),
                kind="one_at_a_time",
            )
        ],
        [(a, "stale")],
    )


def _o_isp(rng: random.Random, when: When) -> _Scenario:
    a, b = _pick(rng, _ISPS)
    t0 = f"our broadband is {a} and it drops out every evening around 8, it's maddening"
    t1 = f"We switched the internet over to {b} on Monday. Fingers crossed."
    return _Scenario(
        "one_at_a_time",
        [
            _Step(
                0,
                "o_isp0",
                HoTurn(
                    t0, (_c(t0, "internet_provider", a, f"The user's internet provider is {a}."),)
                ),
            ),
            _Step(
                1,
                "o_isp1",
                HoTurn(
                    t1,
                    (
                        _c(
                            t1,
                            "internet_provider",
                            b,
                            f"The user's internet provider is {b}.",
                            replaces=a,
                        ),
                    ),
                ),
            ),
        ],
        [
            HoProbe(
                "the wifi keeps cutting out during my video calls, who do I complain to?",
                present=(b,),
                absent=((a, "stale"),),
                kind="one_at_a_time",
            )
        ],
        [(a, "stale")],
    )


def _o_barber(rng: random.Random, when: When) -> _Scenario:
    a, b = _pick(rng, _BARBERS)
    t0 = f"I get my hair cut at {a}, been going for years"
    t1 = f"new barber! {b} does a much better job than {a} ever did, not going back"
    return _Scenario(
        "one_at_a_time",
        [
            _Step(
                0,
                "o_barber0",
                HoTurn(
                    t0, (_c(t0, "barber", a, f"The user's barber is {a}.", single_valued=True),)
                ),
            ),
            _Step(
                1,
                "o_barber1",
                HoTurn(
                    t1,
                    (
                        _c(
                            t1,
                            "barber",
                            b,
                            f"The user's barber is {b}.",
                            single_valued=True,
                            replaces=a,
                        ),
                    ),
                ),
            ),
        ],
        [
            HoProbe(
                "wedding in three weeks, remind me where to book a trim",
                present=(b,),
                absent=((a, "stale"),),
                kind="one_at_a_time",
            )
        ],
        [(a, "stale")],
    )


def _o_landlord(rng: random.Random, when: When) -> _Scenario:
    a, b = _pick(rng, _LANDLORDS)
    t0 = f"my landlord is {a}, nice enough but impossible to reach"
    t1 = f"the building got sold, so {b} is the landlord now instead of {a}"
    return _Scenario(
        "one_at_a_time",
        [
            _Step(
                0,
                "o_landlord0",
                HoTurn(t0, (_c(t0, "landlord", a, f"The user's landlord is {a}."),)),
            ),
            _Step(
                1,
                "o_landlord1",
                HoTurn(t1, (_c(t1, "landlord", b, f"The user's landlord is {b}.", replaces=a),)),
            ),
        ],
        [
            HoProbe(
                "the boiler packed in again, help me write a message to get it fixed",
                present=(b,),
                absent=((a, "stale"),),
                kind="one_at_a_time",
            )
        ],
        [(a, "stale")],
    )


def _o_desk(rng: random.Random, when: When) -> _Scenario:
    a, b = _pick(rng, _DESKS)
    t0 = f"I rent a hot desk at {a}, coworking is the only way I get anything done"
    t1 = f"gave up my desk at {a}. I'm at {b} now, closer to home"
    return _Scenario(
        "one_at_a_time",
        [
            _Step(
                0,
                "o_desk0",
                HoTurn(
                    t0,
                    (
                        _c(
                            t0,
                            "coworking_space",
                            a,
                            f"The user rents a desk at {a}.",
                            single_valued=True,
                        ),
                    ),
                ),
            ),
            _Step(
                1,
                "o_desk1",
                HoTurn(
                    t1,
                    (
                        _c(
                            t1,
                            "coworking_space",
                            b,
                            f"The user rents a desk at {b}.",
                            single_valued=True,
                            replaces=a,
                        ),
                    ),
                ),
            ),
        ],
        [
            HoProbe(
                "I have a client meeting on Thursday, where could I host it?",
                present=(b,),
                absent=((a, "stale"),),
                kind="one_at_a_time",
            )
        ],
        [(a, "stale")],
    )


_KIDS = ["Oisín", "Freya", "Zuzana", "Tobiah"]
_HOODS = [("Wolvercote", "Jericho"), ("Sandyford", "Ranelagh"), ("Clontarf", "Phibsborough")]
_CARRIERS = [("Skyline Wireless", "Northpeak Mobile"), ("Tallgrass Cellular", "Brightwave")]


def _e_school(rng: random.Random, when: When) -> _Scenario:
    kid = _pick(rng, _KIDS)
    t0 = (
        "ok today was chaos: the 8:12 was cancelled, the deck was due by noon, I spilled "
        f"tea on the only clean shirt I own, and while I think of it, remember that {kid}'s "
        "school lets out at 3:15 on Fridays, not half three like the other days. anyway. "
        "how do I get a tea stain out of cotton?"
    )
    return _Scenario(
        "explicit_save",
        [
            _Step(
                0,
                "e_school",
                HoTurn(
                    t0,
                    (
                        _c(t0, "child", kid, f"The user has a child named {kid}."),
                        _c(
                            t0,
                            "school_finish",
                            "3:15 on Fridays",
                            f"{kid}'s school lets out at 3:15 on Fridays.",
                            holder=kid,
                        ),
                    ),
                ),
            )
        ],
        [
            HoProbe(
                "could I squeeze a haircut in on Friday afternoon, or is that a bad idea?",
                present=("3:15",),
                holder=kid,
                kind="explicit_save",
            )
        ],
    )


def _o_commute(rng: random.Random, when: When) -> _Scenario:
    a, b = _pick(rng, _HOODS)
    moved = _between(rng, when(0), when(1))
    t0 = f"the commute from {a} into the office is killing me, an hour on two buses"
    t1 = (
        f"moved to {b} on the {_nth(moved.day)}, so it's a fifteen-minute cycle to work "
        "now. life-changing"
    )
    return _Scenario(
        "one_at_a_time",
        [
            _Step(0, "o_commute0", HoTurn(t0, (_c(t0, "city", a, f"The user lives in {a}."),))),
            _Step(
                1,
                "o_commute1",
                HoTurn(
                    t1,
                    (
                        _c(
                            t1,
                            "city",
                            b,
                            f"The user lives in {b}.",
                            replaces=a,
                            valid_from=moved,
                            time_stated=True,
                        ),
                    ),
                ),
            ),
        ],
        [
            HoProbe(
                "is there a running club I could get to easily on weeknights?",
                present=(b,),
                absent=((a, "stale"),),
                kind="one_at_a_time",
            )
        ],
        [(a, "stale")],
    )


def _o_cell(rng: random.Random, when: When) -> _Scenario:
    a, b = _pick(rng, _CARRIERS)
    t0 = f"my cell carrier is {a} and I get like one bar in my apartment. how is this 2026"
    t1 = f"ported my number over to {b} last Tuesday, full bars now 🎉"
    return _Scenario(
        "one_at_a_time",
        [
            _Step(
                0,
                "o_cell0",
                HoTurn(t0, (_c(t0, "mobile_carrier", a, f"The user's mobile carrier is {a}."),)),
            ),
            _Step(
                1,
                "o_cell1",
                HoTurn(
                    t1,
                    (
                        _c(
                            t1,
                            "mobile_carrier",
                            b,
                            f"The user's mobile carrier is {b}.",
                            replaces=a,
                        ),
                    ),
                ),
            ),
        ],
        [
            HoProbe(
                "I'm going to Mexico on vacation in May, do I need to sort anything out with "
                "my phone first?",
                present=(b,),
                absent=((a, "stale"),),
                kind="one_at_a_time",
            )
        ],
        [(a, "stale")],
    )


def _k_anniversary(rng: random.Random, when: When) -> _Scenario:
    month = _pick(rng, ["October", "November", "September"])
    a, b = f"14th of {month}", f"4th of {month}"
    t0 = f"our wedding anniversary is the {a}, ten years this time, which is terrifying"
    t1 = f"ugh, not the 14th, it's the {b}! imagine if I'd booked the wrong night"
    return _Scenario(
        "correction",
        [
            _Step(
                0,
                "k_anniv0",
                HoTurn(
                    t0,
                    (
                        _c(
                            t0,
                            "wedding_anniversary",
                            a,
                            f"The user's wedding anniversary is the {a}.",
                            single_valued=True,
                        ),
                    ),
                ),
            ),
            _Step(
                1,
                "k_anniv1",
                HoTurn(
                    t1,
                    (
                        _c(
                            t1,
                            "wedding_anniversary",
                            b,
                            f"The user's wedding anniversary is the {b}.",
                            single_valued=True,
                            corrects=a,
                        ),
                    ),
                ),
            ),
        ],
        [
            HoProbe(
                "I want to surprise my wife with dinner on our big day, which night do I book?",
                present=("4th",),
                absent=(("14th", "corrected"),),
                kind="correction",
            )
        ],
        [(a, "corrected")],
    )


_SCENARIOS: dict[str, list[Callable[[random.Random, When], _Scenario]]] = {
    "retraction": [_r_allergy, _r_pet, _r_job, _r_hobby, _r_diet, _r_partner],
    "correction": [
        _k_anniversary,
        _k_dentist,
        _k_airport,
        _k_son,
        _k_employer,
        _k_allergy,
        _k_town,
    ],
    "forget": [_f_shop, _f_sister, _f_everything, _f_work],
    "explicit_save": [
        _e_school,
        _e_coffee,
        _e_lift,
        _e_left,
        _e_nights,
        _e_mum,
        _e_lang,
        _e_partner,
        _e_shoes,
    ],
    "one_at_a_time": [
        _o_commute,
        _o_cell,
        _o_plan,
        _o_car,
        _o_gym,
        _o_isp,
        _o_barber,
        _o_landlord,
        _o_desk,
    ],
}


# ------------------------------------------------------------------ free-form one-offs

_FillerFact = tuple[str, str, str, str]  # predicate, object, sentence, kind
_FILLERS: list[tuple[str, tuple[_FillerFact, ...]]] = [
    ("can you turn these meeting notes into five bullet points? I'll paste them next", ()),
    ("lol thank you, that actually worked", ()),
    ("is it 'fewer' or 'less' for people? I always second-guess myself", ()),
    ("ugh, mondays. ok what's a polite way to decline a meeting that could've been an email", ()),
    ("how long do I boil an egg for a runny yolk, like properly runny", ()),
    (
        "I've been doing pottery on Wednesday nights and my bowls are all wonky 😂",
        (("hobby", "pottery", "The user does pottery.", "preference"),),
    ),
    ("explain compound interest like I'm twelve", ()),
    ("my spreadsheet formula keeps returning #REF, what does that usually mean?", ()),
    ("honestly the commute into town is killing me, 50 minutes each way on a good day", ()),
    ("can you check this sentence for me: 'Their going to love it'", ()),
    ("Quick one: what's 18% of 240?", ()),
    (
        "i speak Tagalog with my grandparents but my reading is rubbish",
        (("language", "Tagalog", "The user speaks Tagalog.", "fact"),),
    ),
    ("what's a good name for a WhatsApp group of old uni friends", ()),
    ("thanks, that's perfect 🙏", ()),
    ("I keep meaning to learn the ukulele, it's been sitting in its case since Christmas", ()),
    ("write a two-sentence thank-you note to a colleague who covered my shift", ()),
    ("How do I get candle wax out of a tablecloth?", ()),
    ("can you summarise the plot of Middlemarch without spoilers for the last third", ()),
    ("any tips for falling asleep when your brain won't shut up", ()),
    (
        "I collect old enamel pin badges, got about 300 now, it's a problem",
        (("hobby", "enamel pin badges", "The user collects enamel pin badges.", "preference"),),
    ),
    ("what's the difference between a latte and a flat white, really", ()),
    ("Reword this so it sounds less passive-aggressive: 'as per my last email'", ()),
    ("ok that's enough for today, cheers", ()),
    ("how many tablespoons in a quarter cup? american recipe, british kitchen", ()),
    (
        "I'm slowly working through every Studio Ghibli film, on number nine",
        (
            (
                "interest",
                "Studio Ghibli",
                "The user is watching every Studio Ghibli film.",
                "preference",
            ),
        ),
    ),
    ("what does 'net 30' mean on an invoice", ()),
    ("give me three icebreaker questions that aren't cringe", ()),
    ("the printer at work only prints in pink now. I have no further questions", ()),
    (
        "I sing bass in a barbershop quartet, we're called the Low Tide Four",
        (("hobby", "barbershop quartet", "The user sings in a barbershop quartet.", "preference"),),
    ),
    ("Could you explain what a Roth IRA is? A friend keeps mentioning it.", ()),
    ("brb, kettle", ()),
    ("what rhymes with orange, seriously", ()),
    ("is it weird to send a follow-up email two days after an interview?", ()),
    ("I'm shocking at remembering birthdays, any system that actually works?", ()),
    ("my tomato plants have yellow leaves at the bottom, should I worry", ()),
    (
        "I do the cryptic crossword every morning on the bus, takes me the whole ride",
        (
            (
                "routine",
                "cryptic crossword",
                "The user does the cryptic crossword every morning.",
                "fact",
            ),
        ),
    ),
    ("Translate 'where is the nearest pharmacy' into Italian please", ()),
    ("help me write a birthday message for a coworker I barely know", ()),
    ("what's a good substitute for buttermilk in pancakes", ()),
    ("Can you make this tweet shorter without losing the joke?", ()),
    ("So tired today. Anyway. What's the capital of Mongolia again?", ()),
    (
        "I knit socks on the train, it's the only time I get",
        (("hobby", "knit socks", "The user knits socks.", "preference"),),
    ),
    ("what's a reasonable tip in the US for a haircut", ()),
    ("make me a packing list for two nights of camping, no frills", ()),
    ("is there a word for the smell after rain", ()),
    ("how do I tell my flatmate to stop using my oat milk without it being a whole thing", ()),
    (
        "I play chess online most nights, rated about 1400, stuck there forever",
        (("hobby", "chess", "The user plays chess online.", "preference"),),
    ),
    ("pls explain the offside rule one more time, slowly", ()),
    ("What's the etiquette for splitting a bill when one person only had a salad?", ()),
    ("can you recommend a podcast about history that isn't just two men laughing", ()),
    ("my laptop fan sounds like a jet engine, what can I try before buying a new one", ()),
    (
        "I'm a massive fan of Finnish tango, don't ask how that started",
        (("interest", "Finnish tango", "The user loves Finnish tango.", "preference"),),
    ),
    ("how do I politely leave a group chat", ()),
    ("convert 180 celsius to gas mark", ()),
    ("give me a 10-minute stretching routine for stiff shoulders", ()),
    ("Is 'alright' a real word or should it be 'all right'?", ()),
    (
        "I volunteer at the food bank on Saturday mornings, it's the best bit of my week",
        (
            (
                "routine",
                "food bank",
                "The user volunteers at the food bank on Saturday mornings.",
                "fact",
            ),
        ),
    ),
    ("why do onions make you cry, the actual chemistry", ()),
    ("write a limerick about a cat who hates Mondays", ()),
    ("how long can cooked rice stay in the fridge", ()),
    ("what's the best way to learn touch typing as an adult", ()),
    (
        "I've been getting into birdwatching, saw a kingfisher yesterday and nearly cried",
        (("hobby", "birdwatching", "The user is into birdwatching.", "preference"),),
    ),
    ("can you help me understand my payslip, what's 'NI' on it", ()),
    ("ok random but how do magnets work", ()),
    ("suggest a name for a sourdough starter, it deserves one", ()),
    ("Draft a message asking my neighbour to move their bins off my drive. Friendly.", ()),
    ("do you know any good card games for two people", ()),
    (
        "I'm teaching myself to code in Rust, mostly on weekends, it's humbling",
        (("skill", "Rust", "The user is learning to code in Rust.", "fact"),),
    ),
    ("what's the rule for 'who' vs 'whom', in one line", ()),
    ("How do I stop my glasses fogging up when I wear a scarf?", ()),
    ("recommend a board game for six people where nobody gets eliminated early", ()),
    ("haha no worries", ()),
    (
        "I do a parkrun most Saturdays, slowly, but I do it",
        (("routine", "parkrun", "The user does a parkrun most Saturdays.", "fact"),),
    ),
    ("what's a nice way to say no to being a bridesmaid", ()),
    ("can you explain what an API is to my dad", ()),
    ("what year did the Channel Tunnel open, for a pub quiz argument", ()),
    ("help me write a cover letter opening line that isn't 'I am writing to apply'", ()),
    ("is it bad to charge my phone overnight", ()),
    (
        "I paint miniatures for tabletop games, very badly but happily",
        (("hobby", "paint miniatures", "The user paints miniatures.", "preference"),),
    ),
    ("What's a good houseplant that survives being ignored?", ()),
    ("give me a mnemonic for the order of the planets", ()),
    ("I'm trying to drink more water, any tricks that aren't an app", ()),
    ("How do you pronounce 'quinoa' properly?", ()),
    (
        "I row on the canal with a club on Sunday mornings, freezing but worth it",
        (("hobby", "row", "The user rows with a club on Sunday mornings.", "preference"),),
    ),
    ("can you tidy up this paragraph, it rambles", ()),
    ("what's the difference between weather and climate in one sentence", ()),
    ("how do I unshrink a wool jumper, if that's even possible", ()),
    ("tell me a fun fact about octopuses", ()),
    (
        "I've started journaling before bed, three lines, nothing deep",
        (("routine", "journaling", "The user journals before bed.", "fact"),),
    ),
    ("write an email asking for a deadline extension, honest but not grovelling", ()),
    ("what does APR mean on a credit card", ()),
    ("are there any good stretches for sitting at a desk all day", ()),
    ("my kid's school wants a 'famous scientist' costume by Friday, ideas?", ()),
    (
        "I speak Amharic at home and English at work, switching is tiring some days",
        (("language", "Amharic", "The user speaks Amharic.", "fact"),),
    ),
    ("how do you fold a fitted sheet, be honest", ()),
    ("is the 'five second rule' real at all", ()),
    ("give me a one-line motivational thing that isn't cheesy", ()),
    ("What are the rules of pétanque? Got invited to play.", ()),
    (
        "I do cross-stitch while watching telly, currently a massive map of the Hebrides",
        (("hobby", "cross-stitch", "The user does cross-stitch.", "preference"),),
    ),
    ("what's a quick way to calm down before a presentation", ()),
    ("can you make a shopping list from this recipe, I'll paste it", ()),
    ("why is the sky blue, the real answer not the kids' one", ()),
    ("help me name my fantasy football team", ()),
    (
        "I'm a sucker for jigsaw puzzles, 2000 pieces minimum",
        (("hobby", "jigsaw puzzles", "The user loves jigsaw puzzles.", "preference"),),
    ),
    ("how much notice do I give when leaving a gym contract usually", ()),
    ("what's a good first sentence for a wedding speech", ()),
    ("Is it OK to freeze bread? Mine always goes stale.", ()),
    ("explain the difference between 'affect' and 'effect' with an example", ()),
    (
        "I swim at the lido before work in summer, it's the only thing that wakes me up",
        (("routine", "lido", "The user swims at the lido before work in summer.", "fact"),),
    ),
    ("how do I descale a kettle", ()),
    ("what's a gentle way to end a conversation with a chatty neighbour", ()),
    ("give me a riddle for a nine-year-old", ()),
    ("what's the word for when you can't remember a word lol", ()),
    (
        "I brew my own kombucha, the scoby lives on top of the fridge",
        (("hobby", "kombucha", "The user brews kombucha.", "preference"),),
    ),
    ("how long should I rest a steak after cooking", ()),
    ("could you help me plan a 20-minute agenda for a team stand-up", ()),
    ("what are some good questions to ask at the end of an interview", ()),
    ("is 'irregardless' a word, I need to win an argument", ()),
]

_IRRELEVANT = [
    "what's the chemical symbol for tungsten?",
    "write a haiku about rain on a tram window",
    "how many sides does a dodecagon have",
    "explain what a prime number is in one sentence",
    "what's the past tense of 'stride'?",
    "who painted The Garden of Earthly Delights?",
    "convert 5 miles to kilometres",
    "what's the plural of 'octopus', honestly",
    "how many players are on a netball team",
    "what is the boiling point of water at the top of Everest, roughly",
    "how does a bill become law in Canada?",
    "what's 17 times 23",
    "tell me a joke about semicolons",
    "what's the tallest mountain in Africa",
    "in draughts, can an ordinary piece move backwards?",
    "how far is the Moon from Earth on average",
    "what's the longest river in Africa",
    "why do leaves change colour in autumn?",
    "what currency do they use in Andorra",
    "how many moons does Neptune have",
    "what's the difference between a virus and a bacterium",
    "what is a palindrome? give two examples",
    "who wrote the opera Rusalka",
    "what year was the first email sent",
]


# ---------------------------------------------------------------------------- assembly

_SLOTS: dict[Callable[..., _Scenario], frozenset[str]] = {
    _r_job: frozenset({"city", "employer"}),
    _r_partner: frozenset({"city", "partner"}),
    _k_dentist: frozenset({"dentist"}),
    _k_airport: frozenset({"home_airport"}),
    _k_employer: frozenset({"employer"}),
    _k_town: frozenset({"city"}),
    _f_everything: frozenset({"city", "employer"}),
    _f_work: frozenset({"employer"}),
    _e_partner: frozenset({"partner"}),
    _o_commute: frozenset({"city"}),
}
"""The one-at-a-time slots a scenario fills: a user never gets two scenarios that share one,
so one scenario's value can never be another's superseded value."""

_FILLERS_PER_USER = 5


def _session_times(rng: random.Random, n: int) -> list[datetime]:
    at = _T0 + timedelta(days=rng.randrange(40), hours=rng.randrange(10))
    out = []
    for _ in range(n):
        out.append(at)
        at += timedelta(days=rng.randint(3, 19), hours=rng.randrange(8))
    return out


def _choose(rng: random.Random, orders: dict[str, list[Any]], i: int) -> list[Any]:
    """One scenario per kind for user ``i``: the kind's rotation, skipping a scenario whose
    slots another chosen one already fills."""
    chosen: list[Any] = []
    taken: set[str] = set()
    kinds = list(KINDS)
    rng.shuffle(kinds)
    for kind in kinds:
        order = orders[kind]
        for k in range(len(order)):
            make = order[(i + k) % len(order)]
            slots = _SLOTS.get(make, frozenset())
            if not slots & taken:
                chosen.append(make)
                taken |= slots
                break
    return chosen


def _user(
    rng: random.Random, uid: str, makers: list[Any], fillers: list[tuple[int, Any]]
) -> tuple[HoConversation, list[str], list[str]]:
    """The user's conversation, the frames of its turns as placed, and as planned."""
    n = rng.choice((3, 4))
    times = _session_times(rng, n)
    wipe = _f_everything in makers
    base = 1 if wipe else 0
    sessions: list[list[tuple[str, HoTurn]]] = [[] for _ in range(n)]
    head: list[tuple[str, HoTurn]] = []
    planned: list[str] = [f"filler:{idx}" for idx, _ in fillers]
    probes: list[HoProbe] = []
    forbidden: list[tuple[str, str]] = []
    for make in makers:
        a = rng.randint(base, n - 2)
        b = rng.randint(a + 1, n - 1)
        where = {-1: 0, 0: a, 1: b, 2: n - 1}
        if make is _f_everything:
            where = {0: 0, 1: 0, 2: n - 1}
        sc = make(rng, lambda p, where=where: times[where[p]])
        for step in sc.steps:
            if make is _f_everything and where[step.phase] == 0:
                head.append((step.frame, step.turn))  # said first, so it wipes nothing else
            else:
                s = where[step.phase]
                sessions[s].insert(rng.randint(0, len(sessions[s])), (step.frame, step.turn))
        planned.extend(step.frame for step in sc.steps)
        probes.extend(sc.probes)
        forbidden.extend(sc.forbidden)
    # keep each scenario's steps in order inside a session: they were inserted at random
    # places, so re-sort the ones that share a session by their step order
    for s in range(n):
        sessions[s] = _ordered(sessions[s])
    for idx, (text, facts) in fillers:
        turn = HoTurn(
            text,
            tuple(_c(text, pred, obj, sent, kind=kind) for pred, obj, sent, kind in facts),
        )
        empty = [k for k in range(n) if not sessions[k] and not (k == 0 and head)]
        s = empty[0] if empty else rng.randrange(n)
        sessions[s].insert(rng.randint(0, len(sessions[s])), (f"filler:{idx}", turn))
    sessions[0] = head + sessions[0]
    irrelevant = HoProbe(_pick(rng, _IRRELEVANT), irrelevant=True, kind="irrelevant")
    probes.insert(rng.randint(0, len(probes)), irrelevant)
    conv = HoConversation(
        user_id=uid,
        sessions=tuple(
            (at, tuple(t for _, t in turns)) for at, turns in zip(times, sessions, strict=True)
        ),
        probes=tuple(probes),
        probe_at=times[-1] + timedelta(days=rng.randint(2, 9)),
        forbidden=tuple(dict.fromkeys(forbidden)),
        kinds=tuple(sorted({p.kind for p in probes})),
    )
    frames = [f for turns in sessions for f, _ in turns]
    return conv, frames, planned


def _ordered(turns: list[tuple[str, HoTurn]]) -> list[tuple[str, HoTurn]]:
    """Steps of one scenario that share a session come in their frame's step order."""
    by_scn: dict[str, list[int]] = {}
    for i, (frame, _) in enumerate(turns):
        by_scn.setdefault(frame.split(".")[0].rstrip("0123456789"), []).append(i)
    out = list(turns)
    for idx in by_scn.values():
        if len(idx) > 1:
            items = sorted((turns[i] for i in idx), key=lambda ft: ft[0])
            for i, item in zip(idx, items, strict=True):
                out[i] = item
    return out


def _build(seed: int, users: int) -> list[tuple[HoConversation, list[str], list[str]]]:
    top = random.Random(f"heldout-v6-b/{seed}")
    orders = {k: top.sample(v, len(v)) for k, v in _SCENARIOS.items()}
    pool = list(enumerate(_FILLERS))
    top.shuffle(pool)
    out = []
    for i in range(users):
        rng = random.Random(f"heldout-v6-b/{seed}/{i}")
        makers = _choose(rng, orders, i)
        k = i * _FILLERS_PER_USER
        fillers = [pool[(k + j) % len(pool)] for j in range(_FILLERS_PER_USER)]
        out.append(_user(rng, f"h6b-{i}", makers, fillers))
    return out


def generate_heldout_v6_b(*, seed: int = 0, users: int = 24) -> list[HoConversation]:
    """The split's conversations, deterministic from ``seed``.

    Example:
        >>> a = generate_heldout_v6_b(seed=3, users=3)
        >>> a == generate_heldout_v6_b(seed=3, users=3)
        True
        >>> all(3 <= len(c.sessions) <= 4 for c in a)
        True
    """
    return [conv for conv, _, _ in _build(seed, users)]


def one_off_share(*, seed: int = 0, users: int = 24) -> tuple[int, int]:
    """``(one-off turns, all turns)``: a one-off is a turn whose sentence frame is used by
    no other turn of the split (values filled in do not make a frame new).

    Example:
        >>> one_offs, turns = one_off_share(seed=0)
        >>> 3 * one_offs >= turns
        True
    """
    frames = [f for _, fs, _ in _build(seed, users) for f in fs]
    counts = Counter(frames)
    return sum(1 for f in frames if counts[f] == 1), len(frames)
