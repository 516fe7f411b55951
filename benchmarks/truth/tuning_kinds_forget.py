"""Tuning cases of issue 12's kind "forget in natural language" (and "stop storing X").

Each scenario states a few facts in a first session, asks in a later session (another
thread, another day) to forget some of them the way people do — with a reason, a hedge,
politeness, about a topic ("the stuff about my job") or a value ("forget Tromsø"), one of
several values ("the peanut one, keep the rest"), lowercase, as a question, as a wish ("I'd
rather you didn't ..."), pointing back at a statement ("... was a mix-up, strike it"), or
everything — after, sometimes, a question about forgetting that is not a command —
and then probes in fresh sessions that the forgotten values reach no memory block while the
kept ones still do. Wordings and values are this module's own (see ``tuning_kinds.py``).

Example:
    >>> import random
    >>> from datetime import datetime, timezone
    >>> conv = SCENARIOS[0](random.Random(0), "u1", datetime(2026, 3, 2, tzinfo=timezone.utc))
    >>> conv.kinds
    ('forget',)
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from benchmarks.truth.conversations import HoConversation, HoProbe, HoTurn
from langmem_plus.facts.models import CandidateFact

__all__ = ["SCENARIOS"]


def _c(predicate: str, obj: str, text: str, quote: str) -> CandidateFact:
    return CandidateFact(
        kind="fact", subject="user", predicate=predicate, object=obj, text=text, quote=quote
    )


def _conv(
    user: str,
    start: datetime,
    first: list[HoTurn],
    forget: str,
    probes: list[HoProbe],
    forbidden: list[tuple[str, str]],
    *,
    later: list[HoTurn] = (),  # type: ignore[assignment]
    asked: str = "",
) -> HoConversation:
    before = (HoTurn(asked),) if asked else ()
    sessions = [(start, tuple(first)), (start + timedelta(days=3), (*before, HoTurn(forget)))]
    if later:
        sessions.append((start + timedelta(days=5), tuple(later)))
    return HoConversation(
        user_id=user,
        sessions=tuple(sessions),
        probes=tuple(probes),
        probe_at=start + timedelta(days=8),
        forbidden=tuple(forbidden),
        kinds=("forget",),
    )


_CITIES = ["Tromsø", "Ljubljana", "Trieste", "Aarhus", "Córdoba", "Tampere"]
_EMPLOYERS = ["Brightwell", "Kestrel Labs", "Northgate", "Pellucid", "Orrin & Voss"]
_ALLERGENS = [("peanuts", "peanut"), ("shellfish", "shellfish"), ("sesame", "sesame")]

# Questions about forgetting, asked before the real request: not commands (the kept values
# must survive them). Present tense, a generic object: how the memory works, not a request.
_ABOUT_FORGETTING = [
    "Can you forget things?",
    "can you delete stuff if i ask you to?",
    "Are you able to forget everything I tell you?",
    "could you erase whatever I say to you, in principle?",
]


def _topic_city(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A topic ("where I live") with a reason, politeness or a hedge."""
    city = rng.choice(_CITIES)
    say = rng.choice([f"I live in {city}.", f"i'm based in {city} these days", f"Home is {city}."])
    forget = rng.choice(
        [
            "Could you please forget where I live? I'd rather you didn't have it.",
            "hmm, actually can you forget my location — privacy reasons",
            "Please delete where I live, I'm not comfortable with you keeping it.",
            "I think I'd prefer you to forget where I'm based, if that's ok",
            "scrap whatever you have about where i live pls",
            # a wish that it not be kept, not a command verb first
            "I'd prefer it if you didn't hang on to where I live.",
            "honestly i'd rather you not know where i'm living",
            "I don't want you remembering where I'm based, ok?",
        ]
    )
    return _conv(
        user,
        start,
        [HoTurn(say, (_c("city", city, f"The user lives in {city}.", say),))],
        forget,
        [
            HoProbe(
                "Any good weekend trips from where I live?",
                absent=((city, "forgotten"),),
                kind="forget",
            ),
            HoProbe(
                "What's the weather going to be like for me tomorrow?",
                absent=((city, "forgotten"),),
                kind="forget",
            ),
        ],
        [(city, "forgotten")],
    )


def _topic_work(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A topic ("anything to do with my job") that maps to employer and job title; the
    diet is kept."""
    emp = rng.choice(_EMPLOYERS)
    title = rng.choice(["data engineer", "copywriter", "nurse"])
    say = f"I work at {emp} as a {title}."
    diet = "I'm vegetarian."
    forget = rng.choice(
        [
            "Forget anything to do with where I work, I'm leaving soon anyway.",
            "can you drop the stuff about my job? it's confidential",
            "Please erase everything about my work — my manager wouldn't like it.",
            "Don't keep the bit about my employer, thanks.",
            # the memory reference with its own verb, the topic named another way
            "Get rid of whatever you jotted down about my profession.",
            "please delete everything you've picked up on my occupation so far",
            "Erase the details you logged regarding my line of work.",
        ]
    )
    return _conv(
        user,
        start,
        [
            HoTurn(
                say,
                (
                    _c("employer", emp, f"The user works at {emp}.", say),
                    _c("job_title", title, f"The user is a {title}.", say),
                ),
            ),
            HoTurn(
                diet, (_c("dietary_restriction", "vegetarian", "The user is vegetarian.", diet),)
            ),
        ],
        forget,
        [
            HoProbe(
                "Help me write a short bio for my work profile.",
                absent=((emp, "forgotten"),),
                kind="forget",
            ),
            HoProbe(
                "Suggest a dinner I could cook tonight.", present=("vegetarian",), kind="forget"
            ),
        ],
        [(emp, "forgotten")],
        asked=rng.choice(_ABOUT_FORGETTING),
    )


def _one_of_several(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """One value of a multi-valued attribute, the others kept."""
    (gone, gone_adj), (kept, _), (kept2, _) = rng.sample(_ALLERGENS, 3)
    turns = [
        HoTurn(
            f"I'm allergic to {a}.",
            (_c("allergy", a, f"The user is allergic to {a}.", f"I'm allergic to {a}."),),
        )
        for a in (gone, kept, kept2)
    ]
    forget = rng.choice(
        [
            f"Forget the {gone_adj} allergy, keep the others — it was a false positive.",
            f"please remove the {gone_adj} one from my allergies, the rest are right",
            f"Actually, scratch {gone} from my allergies. Turns out I'm fine with it.",
            f"can you forget about my {gone_adj} allergy? the test was wrong",
            # a definite topic without "my", and a reason that is a clause of its own
            f"Remove the {gone_adj} allergy, my GP retested me last month.",
            f"delete the {gone_adj} allergy, the blood work came back clean",
            # the topic stated first, the command pointing back at it
            f"That {gone_adj} allergy turned out to be nothing. Can you get rid of it?",
            f"my {gone_adj} allergy was a mix-up at the clinic, so please strike it from "
            "your notes",
        ]
    )
    return _conv(
        user,
        start,
        turns,
        forget,
        [
            HoProbe(
                "Plan a three-course dinner menu for me.",
                present=(kept, kept2),
                absent=((gone, "forgotten"),),
                kind="forget",
            )
        ],
        [(gone, "forgotten")],
        asked=rng.choice(_ABOUT_FORGETTING),
    )


def _by_value(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A value named on its own ("forget Ljubljana")."""
    city = rng.choice(_CITIES)
    say = f"I moved to {city} last year."
    forget = rng.choice(
        [
            f"Forget {city}.",
            f"forget {city.lower()} please",
            f"Please don't remember {city}.",
            f"Erase {city} from your memory, I'd rather not say where I live.",
        ]
    )
    return _conv(
        user,
        start,
        [HoTurn(say, (_c("city", city, f"The user lives in {city}.", say),))],
        forget,
        [HoProbe("Recommend a restaurant near me.", absent=((city, "forgotten"),), kind="forget")],
        [(city, "forgotten")],
    )


def _health(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A broad topic ("my health stuff") over allergies and intolerances; work is kept."""
    allergen = rng.choice(["penicillin", "latex", "bee stings"])
    emp = rng.choice(_EMPLOYERS)
    forget = rng.choice(
        [
            "Forget all my health stuff please, I don't want that stored.",
            "could you delete the medical things I told you?",
            "Wipe my health info — I shouldn't have shared it.",
        ]
    )
    return _conv(
        user,
        start,
        [
            HoTurn(
                f"I'm allergic to {allergen}.",
                (
                    _c(
                        "allergy",
                        allergen,
                        f"The user is allergic to {allergen}.",
                        f"I'm allergic to {allergen}.",
                    ),
                ),
            ),
            HoTurn(
                "I'm lactose intolerant.",
                (
                    _c(
                        "intolerance",
                        "lactose",
                        "The user is lactose intolerant.",
                        "I'm lactose intolerant.",
                    ),
                ),
            ),
            HoTurn(
                f"I work for {emp}.",
                (_c("employer", emp, f"The user works at {emp}.", f"I work for {emp}."),),
            ),
        ],
        forget,
        [
            HoProbe(
                "What should I pack in my first-aid kit?",
                absent=((allergen, "forgotten"),),
                kind="forget",
            ),
            HoProbe(
                "Suggest a milkshake recipe.", absent=(("lactose", "forgotten"),), kind="forget"
            ),
            HoProbe(
                "Draft an email to my employer asking for Friday off.",
                present=(emp,),
                kind="forget",
            ),
        ],
        [(allergen, "forgotten"), ("lactose", "forgotten")],
    )


def _person(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A person in the user's life ("the thing about my ex")."""
    name = rng.choice(["Tomasz", "Inès", "Rafael", "Yuki"])
    say = f"My partner is {name}."
    forget = rng.choice(
        [
            f"Can you forget the thing about {name}? We broke up.",
            "please forget what i said about my partner",
            f"Delete {name} from my memories, that's over now.",
        ]
    )
    return _conv(
        user,
        start,
        [HoTurn(say, (_c("partner", name, f"The user's partner is {name}.", say),))],
        forget,
        [
            HoProbe(
                "Plan a romantic weekend for me and my partner.",
                absent=((name, "forgotten"),),
                kind="forget",
            )
        ],
        [(name, "forgotten")],
    )


def _everything(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A wipe in everyday words."""
    city = rng.choice(_CITIES)
    emp = rng.choice(_EMPLOYERS)
    forget = rng.choice(
        [
            "Please wipe everything you know about me.",
            "ok can you just forget all of it. start over",
            "Delete all my data, I'm done.",
            "forget everything i've ever told you, please",
            "Could you erase whatever you've got on me?",
            # a quantifier and a relative clause of any verb, about the user
            "Purge every last thing you've collected on me.",
            "wipe each and every scrap of data you've stored on me",
            "Could you clear every bit of info you keep on me?",
        ]
    )
    return _conv(
        user,
        start,
        [
            HoTurn(
                f"I live in {city}.",
                (_c("city", city, f"The user lives in {city}.", f"I live in {city}."),),
            ),
            HoTurn(
                f"I work at {emp}.",
                (_c("employer", emp, f"The user works at {emp}.", f"I work at {emp}."),),
            ),
        ],
        forget,
        [
            HoProbe(
                "Where should I go for lunch near the office?",
                absent=((city, "forgotten"), (emp, "forgotten")),
                kind="forget",
            )
        ],
        [(city, "forgotten"), (emp, "forgotten")],
    )


def _stop_storing(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """ "Stop storing X", then X said again in a later session: not kept."""
    city, city2 = rng.sample(_CITIES, 2)
    forget = rng.choice(
        [
            "Stop storing where I live.",
            "please don't keep track of my location from now on",
            "Never save where I live, ok?",
        ]
    )
    again = f"I've just moved to {city2}."
    return _conv(
        user,
        start,
        [
            HoTurn(
                f"I live in {city}.",
                (_c("city", city, f"The user lives in {city}.", f"I live in {city}."),),
            )
        ],
        forget,
        [
            HoProbe(
                "Any nice walks near where I live?",
                absent=((city, "forgotten"), (city2, "forgotten")),
                kind="forget",
            )
        ],
        [(city, "forgotten"), (city2, "forgotten")],
        later=[HoTurn(again, (_c("city", city2, f"The user lives in {city2}.", again),))],
    )


def _same_session(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Stated and forgotten in the same session, lowercase, with an emoji or a typo."""
    city = rng.choice(_CITIES)
    emp = rng.choice(_EMPLOYERS)
    say = f"i'm a nurse at {emp} and i live in {city}"
    forget = rng.choice(
        [
            "actually can u forget where i work 🙏",
            "hmm no, pls forget my employer, shouldnt have said",
            "On second thought, remove my workplace from your memory.",
        ]
    )
    return HoConversation(
        user_id=user,
        sessions=(
            (
                start,
                (
                    HoTurn(
                        say,
                        (
                            _c("employer", emp, f"The user works at {emp}.", say),
                            _c("job_title", "nurse", "The user is a nurse.", say),
                            _c("city", city, f"The user lives in {city}.", say),
                        ),
                    ),
                    HoTurn(forget),
                ),
            ),
        ),
        probes=(
            HoProbe(
                "Write a two-line intro about me for a neighbourhood group.",
                present=(city,),
                absent=((emp, "forgotten"),),
                kind="forget",
            ),
        ),
        probe_at=start + timedelta(days=4),
        forbidden=((emp, "forgotten"),),
        kinds=("forget",),
    )


def _clause(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A forget that restates the fact as a clause, with a reason ("forget that I'm ...")."""
    diet, text = rng.choice(
        [
            ("vegan", "I'm vegan."),
            ("pescatarian", "I'm pescatarian."),
            ("vegetarian", "I went vegetarian."),
        ]
    )
    forget = rng.choice(
        [
            f"Forget that I'm {diet}, I eat everything again.",
            f"please forget the {diet} thing, it didn't last",
            f"Could you delete that I'm {diet}? Not true any more.",
            # the topic named by its category
            "Forget about my diet, I'm changing it up.",
            "please wipe the stuff about my eating habits",
        ]
    )
    return _conv(
        user,
        start,
        [HoTurn(text, (_c("dietary_restriction", diet, f"The user is {diet}.", text),))],
        forget,
        [HoProbe("Suggest a dinner for tonight.", absent=((diet, "forgotten"),), kind="forget")],
        [(diet, "forgotten")],
    )


SCENARIOS = [
    _topic_city,
    _topic_work,
    _one_of_several,
    _by_value,
    _health,
    _person,
    _everything,
    _stop_storing,
    _same_session,
    _clause,
]
"""This area's scenarios, collected by ``tuning_kinds.generate_tuning_kinds``."""
