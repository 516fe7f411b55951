"""Tuning cases for the default extractor's language (issue 12): statements phrased in ways
the rule extractor was not first written for.

Kinds: ``unseen_statement`` (a move or job change told as news, in passing, inside a long
message, several facts joined by commas / "and" / "also", lowercase and emoji, relative
times, promotions and titles, a title and an employer in one clause), ``people`` (partner,
children, parents, pets with names), ``retraction``, ``explicit_save`` (dislikes,
constraints, routines) and ``one_at_a_time`` (an attribute a person has one of at a time,
switched). Values and wordings are this module's own; nothing here comes from the held-out
split.

Example:
    >>> import random
    >>> from datetime import datetime, timezone
    >>> conv = SCENARIOS[0](random.Random(3), "u1", datetime(2026, 1, 5, tzinfo=timezone.utc))
    >>> conv.user_id, bool(conv.probes)
    ('u1', True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta

from benchmarks.truth.conversations import HoConversation, HoProbe, HoTurn
from langmem_plus.facts.models import CandidateFact

__all__ = ["SCENARIOS"]

CITIES = (
    "Tromsø",
    "Pécs",
    "Cork",
    "Valparaíso",
    "Leuven",
    "Dunedin",
    "Kraków",
    "Aarhus",
    "Bologna",
    "Nagoya",
    "Québec",
    "Gdańsk",
)
EMPLOYERS = (
    "Brightloom",
    "Ferrovia Labs",
    "Kestrel Health",
    "Oakhurst",
    "Nimbus Freight",
    "Quillfeather",
    "Marlow & Finch",
    "Tidewater Energy",
    "Zephyr Analytics",
)
TITLES = (
    "staff engineer",
    "head of research",
    "product manager",
    "data analyst",
    "operations lead",
    "art director",
    "charge nurse",
    "principal designer",
)
NAMES = (
    "Ana",
    "Tomás",
    "Inès",
    "Mateo",
    "Saoirse",
    "Yusuf",
    "Linnea",
    "Bea",
    "Oskar",
    "Priya",
    "Zoë",
    "Kenji",
)
PET_NAMES = ("Biscuit", "Mochi", "Pepper", "Juniper", "Noodle", "Waffles", "Ziggy", "Olive")
PETS = ("dog", "cat", "rabbit", "parrot", "tortoise")
DISLIKES = ("olives", "cilantro", "licorice", "blue cheese", "mushrooms", "mayonnaise")
ALLERGENS = ("sesame", "kiwi", "penicillin", "latex", "mustard")


def _fact(predicate: str, obj: str, text: str, **kw: object) -> CandidateFact:
    return CandidateFact.model_validate(
        {"kind": "fact", "predicate": predicate, "object": obj, "text": text, **kw}
    )


def _two(rng: random.Random, pool: tuple[str, ...]) -> tuple[str, str]:
    a, b = rng.sample(pool, 2)
    return a, b


def _conv(
    user: str,
    start: datetime,
    sessions: list[list[HoTurn]],
    probes: list[HoProbe],
    kinds: tuple[str, ...],
) -> HoConversation:
    def quoted(t: HoTurn) -> HoTurn:  # the ideal candidate quotes the user's words
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
        kinds=kinds,
    )


# ------------------------------------------------------------------- unseen statements


def move_as_news(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A first city, then a move told as news, in passing, lowercase, or with a relative time."""
    old, new = _two(rng, CITIES)
    first = rng.choice(
        [f"I live in {old}.", f"I'm based in {old} at the moment.", f"home is {old} for now"]
    )
    news = rng.choice(
        [
            f"Big news: we finally relocated to {new} last month!",
            f"so we packed everything up and moved to {new.lower()} 🎉",
            f"Quick update, I'm living in {new} now, since the spring.",
            f"oh and I moved to {new} a couple of months back, still unpacking boxes",
            f"Sorry for the slow reply, it's been chaos. We ended up moving to {new} in "
            f"January, the kids started a new school and the car broke down twice. Anyway, "
            f"can you help me plan a budget for the next quarter?",
            f"Been in {new} since last autumn, loving it so far.",
            f"{old} is no longer home, we moved to {new} over the winter.",
        ]
    )
    return _conv(
        user,
        start,
        [
            [HoTurn(first, (_fact("city", old, f"Lives in {old}."),))],
            [HoTurn(news, (_fact("city", new, f"Lives in {new}."),))],
        ],
        [
            HoProbe(
                "any good weekend trips from where I live?",
                present=(new,),
                absent=((old, "stale"),),
                kind="unseen_statement",
            ),
            HoProbe("write a haiku about tea", irrelevant=True, kind="unseen_statement"),
        ],
        ("unseen_statement",),
    )


def job_change(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """An employer, then a switch with a title in the same clause, or a promotion."""
    old, new = _two(rng, EMPLOYERS)
    title = rng.choice(TITLES)
    first = rng.choice([f"I work at {old}.", f"I'm with {old} these days.", f"i work for {old}"])
    change = rng.choice(
        [
            f"Left {old} in March, now {_a(title)} {title} at {new}.",
            f"Started a new job at {new} as {_a(title)} {title} last week!",
            f"I just joined {new} as their {title}.",
            f"quit {old} and took a {title} role at {new} 😅",
            f"Update: I'm now the {title} at {new}.",
            f"I got made {title} at {new} after the merger.",
        ]
    )
    return _conv(
        user,
        start,
        [
            [HoTurn(first, (_fact("employer", old, f"Works at {old}."),))],
            [
                HoTurn(
                    change,
                    (
                        _fact("employer", new, f"Works at {new}."),
                        _fact("job_title", title, f"Works as {_a(title)} {title}."),
                    ),
                )
            ],
        ],
        [
            HoProbe(
                "help me write a short bio for my work profile",
                present=(new,),
                absent=((old, "stale"),),
                kind="unseen_statement",
            ),
            HoProbe(
                "draft an email signature with my job title",
                present=(title,),
                kind="unseen_statement",
            ),
        ],
        ("unseen_statement",),
    )


def promotion(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A title, then a promotion phrased as news."""
    old, new = _two(rng, TITLES)
    emp = rng.choice(EMPLOYERS)
    first = rng.choice([f"I'm {_a(old)} {old} at {emp}.", f"I work as {_a(old)} {old} at {emp}."])
    news = rng.choice(
        [
            f"they made me {new}!!",
            f"Got promoted to {new} today 🥳",
            f"I'm now the {new}, as of this week.",
            f"I'm now the {new}.",
            f"so yeah, I'm the new {new} 😎",
            f"guess who just got made {new} 🙌",
        ]
    )
    return _conv(
        user,
        start,
        [
            [
                HoTurn(
                    first,
                    (
                        _fact("job_title", old, f"Works as {_a(old)} {old}."),
                        _fact("employer", emp, f"Works at {emp}."),
                    ),
                )
            ],
            [HoTurn(news, (_fact("job_title", new, f"Works as {_a(new)} {new}."),))],
        ],
        [
            HoProbe(
                "what should I put as my title on the conference badge?",
                present=(new,),
                absent=((old, "stale"),),
                kind="unseen_statement",
            )
        ],
        ("unseen_statement",),
    )


def several_at_once(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A city, an employer and an allergy in one message, joined by commas, "and", "also"."""
    city = rng.choice(CITIES)
    emp = rng.choice(EMPLOYERS)
    allergen = rng.choice(ALLERGENS)
    text = rng.choice(
        [
            f"About me: I live in {city}, I work at {emp}, and I'm allergic to {allergen}.",
            f"i'm in {city.lower()} and work for {emp}. also allergic to {allergen} fyi",
            f"Hi! I'm based in {city} and I work at {emp}. Also, I'm allergic to {allergen}.",
        ]
    )
    return _conv(
        user,
        start,
        [
            [
                HoTurn(
                    text,
                    (
                        _fact("city", city, f"Lives in {city}."),
                        _fact("employer", emp, f"Works at {emp}."),
                        _fact("allergy", allergen, f"Is allergic to {allergen}."),
                    ),
                )
            ]
        ],
        [
            HoProbe("restaurants near me tonight?", present=(city,), kind="unseen_statement"),
            HoProbe("a dinner recipe for four", present=(allergen,), kind="unseen_statement"),
            HoProbe(
                "help me with a cover letter for my company's job fair",
                present=(emp,),
                kind="unseen_statement",
            ),
        ],
        ("unseen_statement",),
    )


# ------------------------------------------------------------------------------ people


def people(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A partner, a pet, a child or parent, mentioned in passing or in an aside."""
    partner, kid = rng.sample(NAMES, 2)
    pet, pet_name = rng.choice(PETS), rng.choice(PET_NAMES)
    p_word = rng.choice(["wife", "husband", "partner"])
    partner_text = rng.choice(
        [
            f"My {p_word} {partner} and I are planning a trip.",
            f"me and my {p_word} {partner} want to repaint the kitchen",
            f"I'm married to {partner}, by the way.",
            f"{partner} and I finally got married in the autumn 💍",
        ]
    )
    pet_text = rng.choice(
        [
            f"We have a {pet} named {pet_name}.",
            f"our {pet} {pet_name} keeps waking me up at 5am 😩",
            f"I've got a {pet} called {pet_name}.",
        ]
    )
    kid_text = rng.choice(
        [
            f"My son {kid} turns seven next week.",
            f"my daughter {kid} just started school",
            f"I have a daughter called {kid}.",
            f"my step-daughter {kid} starts at a new school next week",
            f"Our twins {kid} and Noor turn five on Friday!",
        ]
    )
    rel = "child"
    return _conv(
        user,
        start,
        [
            [
                HoTurn(
                    partner_text, (_fact("partner", partner, f"Has a partner named {partner}."),)
                ),
                HoTurn(pet_text, (_fact("pet", pet_name, f"Has a {pet} named {pet_name}."),)),
            ],
            [HoTurn(kid_text, (_fact(rel, kid, f"Has a child named {kid}."),))],
        ],
        [
            HoProbe("plan a family Saturday for all of us", present=(partner, kid), kind="people"),
            HoProbe(f"what toys would my {pet} like?", present=(pet_name,), kind="people"),
        ],
        ("people",),
    )


# -------------------------------------------------------------------------- retraction


def retraction(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A value, then taken back: a pet died, left a job, stopped a diet, not allergic."""
    pet, name = rng.choice(PETS), rng.choice(PET_NAMES)
    emp = rng.choice(EMPLOYERS)
    allergen = rng.choice(ALLERGENS)
    which = rng.randrange(4)
    if which == 3:
        diet = rng.choice(["vegan", "vegetarian", "pescatarian"])
        first = HoTurn(f"I'm {diet}.", (_fact("dietary_restriction", diet, f"Is {diet}."),))
        back = rng.choice(
            [
                f"I quit being {diet} over the holidays, eating everything again 😅",
                f"fyi I'm no longer {diet}",
                f"Stopped being {diet} a few weeks back.",
            ]
        )
        cand = _fact("dietary_restriction", diet, f"Is no longer {diet}.", polarity="retract")
        probe = HoProbe(
            "a dinner idea for tonight", absent=((diet, "retracted"),), kind="retraction"
        )
        return _conv(user, start, [[first], [HoTurn(back, (cand,))]], [probe], ("retraction",))
    if which == 0:
        first = HoTurn(
            f"I have a {pet} named {name}.", (_fact("pet", name, f"Has a {pet} named {name}."),)
        )
        back = rng.choice(
            [
                f"Sad news, {name} passed away last night.",
                f"our {pet} {name} died on sunday 😢",
                f"We lost {name} last week.",
                f"We had to rehome our {pet} {name}, the landlord said no pets.",
            ]
        )
        cand = _fact("pet", name, f"No longer has a {pet} named {name}.", polarity="retract")
        probe = HoProbe(
            f"ideas for a gift for my {pet}?", absent=((name, "retracted"),), kind="retraction"
        )
    elif which == 1:
        first = HoTurn(f"I work at {emp}.", (_fact("employer", emp, f"Works at {emp}."),))
        back = rng.choice(
            [
                f"I left {emp} last Friday, taking a break for a while.",
                f"i don't work at {emp} anymore",
                f"Handed in my notice at {emp}, my last day was yesterday.",
            ]
        )
        cand = _fact("employer", emp, f"No longer works at {emp}.", polarity="retract")
        probe = HoProbe(
            "help me update my work profile", absent=((emp, "retracted"),), kind="retraction"
        )
    else:
        first = HoTurn(
            f"I'm allergic to {allergen}.",
            (_fact("allergy", allergen, f"Is allergic to {allergen}."),),
        )
        back = rng.choice(
            [
                f"Turns out I'm not allergic to {allergen} after all!",
                f"the allergist says I'm not actually allergic to {allergen}",
                f"Good news: no {allergen} allergy, the test came back negative.",
            ]
        )
        cand = _fact("allergy", allergen, f"Is not allergic to {allergen}.", polarity="retract")
        probe = HoProbe(
            "a snack idea for the office", absent=((allergen, "retracted"),), kind="retraction"
        )
    return _conv(user, start, [[first], [HoTurn(back, (cand,))]], [probe], ("retraction",))


# ---------------------------------------------------------------------- explicit saves


def explicit_save(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A dislike, a constraint or a routine, saved on purpose."""
    which = rng.randrange(3)
    if which == 0:
        food = rng.choice(DISLIKES)
        text = rng.choice(
            [
                f"Please remember that I can't stand {food}.",
                f"note that I hate {food}",
                f"keep in mind I really dislike {food}.",
            ]
        )
        cand = _fact("dislike", food, f"Dislikes {food}.", kind="preference")
        probe = HoProbe("suggest a pizza topping combo", present=(food,), kind="explicit_save")
    elif which == 1:
        what = rng.choice(["drive", "fly", "work weekends"])
        text = rng.choice(
            [
                f"Note that I never {what}.",
                f"keep in mind I can't {what}",
                f"Remember: I don't {what}, ever.",
            ]
        )
        cand = _fact("constraint", f"never {what}", f"Constraint: never {what}.")
        probe = HoProbe(
            f"plan a trip that needs me to {what}?",
            present=(what.split()[0],),
            kind="explicit_save",
        )
    else:
        what = rng.choice(["swim", "run", "meditate", "journal"])
        when = rng.choice(["every morning", "on Tuesdays", "before work"])
        text = rng.choice(
            [
                f"Remember that I {what} {when}.",
                f"fyi I always {what} {when}",
                f"keep in mind I {what} {when}.",
            ]
        )
        cand = _fact("routine", f"{what} {when}", f"Routine: {what} {when}.")
        probe = HoProbe("help me plan my week's schedule", present=(what,), kind="explicit_save")
    return _conv(user, start, [[HoTurn(text, (cand,))]], [probe], ("explicit_save",))


# ---------------------------------------------------------------------- one at a time


def one_at_a_time(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A gym, a phone plan, a car: switched, so only the new one is current."""
    which = rng.randrange(3)
    if which == 0:
        old, new = _two(rng, ("Ironhouse Gym", "PulseFit", "Summit Climbing", "BlueLane Pool"))
        first = f"I go to {old}."
        switch = rng.choice(
            [
                f"I changed gyms, I'm at {new} now.",
                f"switched my gym to {new}",
                f"changed gyms - now with {new}",
                f"Cancelled {old} and joined {new}.",
            ]
        )
        pred, probe = "gym", "what time does my gym open?"
    elif which == 1:
        old, new = _two(rng, ("Orbit Unlimited", "SkyTalk Basic", "Nova 20GB", "Lumo Prepaid"))
        first = f"My phone plan is {old}."
        switch = rng.choice(
            [
                f"switched my phone plan to {new}",
                f"I moved my phone plan over to {new} last week.",
                f"Dropped {old}, now on {new}.",
            ]
        )
        pred, probe = "phone_plan", "am I on a good phone plan for travel?"
    else:
        old, new = _two(rng, ("Corolla", "Golf", "Outback", "Leaf", "Model 3"))
        first = f"I drive a {old}."
        switch = rng.choice(
            [
                f"traded the {old} for a {new}",
                f"Sold my {old}, I drive a {new} now.",
                f"We swapped the {old} for a {new} in May.",
            ]
        )
        pred, probe = "car", "how often should my car be serviced?"
    label = pred.replace("_", " ")
    return _conv(
        user,
        start,
        [
            [HoTurn(first, (_fact(pred, old, f"Their {label} is {old}.", single_valued=True),))],
            [HoTurn(switch, (_fact(pred, new, f"Their {label} is {new}.", single_valued=True),))],
        ],
        [HoProbe(probe, present=(new,), absent=((old, "stale"),), kind="one_at_a_time")],
        ("one_at_a_time",),
    )


# ------------------------------------------------------------ structures, round two
# Each scenario below is a *structure* the extractor missed (issue 12): the value before
# the verb ("X is where I live"), a label and a colon ("My role: ..."), a subject left out
# after a semicolon, a title without an article, a correction after a lead-in, and so on.
# Own words and values throughout.

BIKES = ("Brompton C Line", "Trek Domane", "Cannondale Synapse", "Canyon Grizl")
DIET_MORPH = ("fruitarian", "flexitarian", "carnivore", "sugar-free", "grain-free")
INTOLERANT_OF = ("gluten", "sorbitol", "caffeine", "egg")


def inverted_home(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Where the user lives, said with the place first or through a home noun."""
    old, new = _two(rng, CITIES)
    first = rng.choice([f"My flat is in {old}.", f"I rent a room in {old}.", f"I'm in {old}."])
    second = rng.choice(
        [
            f"{new} is where we live now, and the rent is lower.",
            f"These days {new} is home for the two of us.",
            f"Our new apartment is in {new}, finally!",
            f"I'm renting a studio in {new} since the summer.",
            f"My home is in {new} now.",
            f"{new} is where I'm based these days.",
        ]
    )
    return _conv(
        user,
        start,
        [
            [HoTurn(first, (_fact("city", old, f"Lives in {old}."),))],
            [HoTurn(second, (_fact("city", new, f"Lives in {new}."),))],
        ],
        [
            HoProbe(
                "is there a farmers market near where I live?",
                present=(new,),
                absent=((old, "stale"),),
                kind="unseen_statement",
            )
        ],
        ("unseen_statement",),
    )


def labelled_job(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A title and an employer in a label, after an elided subject, or with "been at"."""
    old, new = _two(rng, EMPLOYERS)
    title = rng.choice(TITLES)
    city = rng.choice(CITIES)
    first = rng.choice([f"I work at {old}.", f"I'm at {old} these days."])
    second = rng.choice(
        [
            f"My role: {title} at {new}.",
            f"Current job - {title} with {new}.",
            f"resigned from {old}; began as {title} with {new} up in {city}",
            f"I've been at {new} for a while now as {_a(title)} {title}.",
            f"Left {old}. Started as {title} at {new} in {city} last month.",
        ]
    )
    return _conv(
        user,
        start,
        [
            [HoTurn(first, (_fact("employer", old, f"Works at {old}."),))],
            [
                HoTurn(
                    second,
                    (
                        _fact("employer", new, f"Works at {new}."),
                        _fact("job_title", title, f"Works as {_a(title)} {title}."),
                    ),
                )
            ],
        ],
        [
            HoProbe(
                "write two lines about my current job for a networking event",
                present=(new,),
                absent=((old, "stale"),),
                kind="unseen_statement",
            ),
            HoProbe("what is my job title again?", present=(title,), kind="unseen_statement"),
        ],
        ("unseen_statement",),
    )


def bare_title(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A promotion that says the new title without an article, or as a question."""
    old, new = _two(rng, TITLES)
    emp = rng.choice(EMPLOYERS)
    news = rng.choice(
        [
            f"They promoted me, I'm {new} now!",
            f"I'm {new} now, as of Monday.",
            f"Who just got promoted to {new}? This person!",
            f"Guess who got moved up to {new} this month? Yours truly!",
            f"Good news: as of this month I'm {new}.",
            f"I was promoted to {new} in the spring.",
        ]
    )
    return _conv(
        user,
        start,
        [
            [
                HoTurn(
                    f"I'm {_a(old)} {old} at {emp}.",
                    (
                        _fact("job_title", old, f"Works as {_a(old)} {old}."),
                        _fact("employer", emp, f"Works at {emp}."),
                    ),
                )
            ],
            [HoTurn(news, (_fact("job_title", new, f"Works as {_a(new)} {new}."),))],
        ],
        [
            HoProbe(
                "update the title on my email footer",
                present=(new,),
                absent=((old, "stale"),),
                kind="unseen_statement",
            )
        ],
        ("unseen_statement",),
    )


def family_forms(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Children called by a plural noun, a partner named first, a pet in an appositive."""
    a, b, partner = rng.sample(NAMES, 3)
    pet, pet_name = rng.choice(PETS), rng.choice(PET_NAMES)
    kids = rng.choice(
        [
            f"My boys are called {a} and {b}, they're four and six.",
            f"I'm the dad of two boys, {a} and {b}.",
            f"I'm a mother of two: {a} and {b}.",
            f"My kids are named {a} and {b}.",
        ]
    )
    wife = rng.choice(
        [f"{partner} is my wife.", f"{partner} is my other half.", f"{partner} is my fiancé."]
    )
    pet_text = rng.choice(
        [
            f"{pet_name}, the {pet} who lives with us, turned three today.",
            f"{pet_name}, our {pet}, hates the vacuum cleaner.",
        ]
    )
    return _conv(
        user,
        start,
        [
            [
                HoTurn(
                    kids,
                    (
                        _fact("child", a, f"Has a child named {a}."),
                        _fact("child", b, f"Has a child named {b}."),
                    ),
                ),
                HoTurn(wife, (_fact("partner", partner, f"Has a partner named {partner}."),)),
                HoTurn(pet_text, (_fact("pet", pet_name, f"Has a {pet} named {pet_name}."),)),
            ]
        ],
        [
            HoProbe("ideas for a rainy Sunday with the kids", present=(a, b), kind="people"),
            HoProbe("an anniversary dinner idea for my spouse", present=(partner,), kind="people"),
            HoProbe(
                f"is it time to book a vet check for my {pet}?", present=(pet_name,), kind="people"
            ),
        ],
        ("people",),
    )


def diet_and_intolerance(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A diet named by a "diet" noun or its shape, an intolerance written with a hyphen,
    then taken back in words that only a food context makes a diet."""
    diet = rng.choice(DIET_MORPH)
    item = rng.choice(INTOLERANT_OF)
    said = rng.choice(
        [
            f"By the way, I moved to a {diet} diet a few months ago.",
            f"my diet is {diet} these days",
            f"Work has been hectic and the flat is a mess, but on the bright side I've "
            f"switched to a {diet} diet and feel great. Anyway, what's a good stretch for "
            f"a stiff neck?",
        ]
    )
    intol = rng.choice([f"I'm {item}-intolerant, fyi.", f"Heads up: I'm {item} intolerant."])
    back = rng.choice(
        [
            f"I've dropped being {diet}; I'll eat anything again.",
            f"The {diet} thing is over, I eat everything now.",
        ]
    )
    gone = rng.choice(
        [
            f"The {item} intolerance was ruled out by my GP.",
            f"Tests ruled out the {item} intolerance, good news.",
        ]
    )
    return _conv(
        user,
        start,
        [
            [
                HoTurn(said, (_fact("dietary_restriction", diet, f"Is {diet}."),)),
                HoTurn(intol, (_fact("intolerance", item, f"Is {item} intolerant."),)),
            ],
            [
                HoTurn(
                    back,
                    (
                        _fact(
                            "dietary_restriction", diet, f"Is no longer {diet}.", polarity="retract"
                        ),
                    ),
                ),
                HoTurn(
                    gone,
                    (_fact("intolerance", item, f"Is not {item} intolerant.", polarity="retract"),),
                ),
            ],
        ],
        [
            HoProbe(
                "plan me a week of lunches",
                absent=((diet, "retracted"), (item, "retracted")),
                kind="retraction",
            )
        ],
        ("retraction",),
    )


def diet_said(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A diet and an intolerance said once and kept."""
    diet = rng.choice(DIET_MORPH)
    item = rng.choice(INTOLERANT_OF)
    said = rng.choice(
        [
            f"By the way, I moved to a {diet} diet a few months ago.",
            f"my diet is {diet} these days",
            f"Work has been hectic and the flat is a mess, but on the bright side I've "
            f"switched to a {diet} diet and feel great. Anyway, what's a good stretch for "
            f"a stiff neck?",
        ]
    )
    intol = rng.choice([f"I'm {item}-intolerant, fyi.", f"Heads up: I'm {item} intolerant."])
    return _conv(
        user,
        start,
        [
            [
                HoTurn(said, (_fact("dietary_restriction", diet, f"Is {diet}."),)),
                HoTurn(intol, (_fact("intolerance", item, f"Is {item} intolerant."),)),
            ]
        ],
        [HoProbe("plan me a week of lunches", present=(diet, item), kind="unseen_statement")],
        ("unseen_statement",),
    )


def corrected_with_lead(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A correction in the next turn after a lead-in ("Hang on," / "wrong city:")."""
    wrong, right = _two(rng, CITIES)
    fix = rng.choice(
        [
            f"Hang on, it's {right}, not {wrong}; I typed too fast.",
            f"Ugh, my phone changed it: {right}, not {wrong}.",
            f"Wrong city, sorry: {right}, not {wrong}.",
        ]
    )
    return _conv(
        user,
        start,
        [
            [
                HoTurn(f"I live in {wrong}.", (_fact("city", wrong, f"Lives in {wrong}."),)),
                HoTurn(fix, (_fact("city", right, f"Lives in {right}.", corrects=wrong),)),
            ]
        ],
        [
            HoProbe(
                "where could I go for a run near home?",
                present=(right,),
                absent=((wrong, "corrected"),),
                kind="correction",
            )
        ],
        ("correction",),
    )


def names_and_things(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A preferred name in other words; a one-at-a-time thing with a clitic or synonym."""
    name = rng.choice(NAMES)
    old, new = _two(rng, BIKES)
    call = rng.choice(
        [
            f"Most people call me {name}, feel free to as well.",
            f"My friends know me as {name}.",
        ]
    )
    first = rng.choice([f"My bike's a {old}.", f"I ride a {old}."])
    switch = rng.choice(
        [
            f"Traded in my old bike for a {new}.",
            f"switched my bike to a {new}",
            f"My bike is a {new} now.",
        ]
    )
    return _conv(
        user,
        start,
        [
            [
                HoTurn(
                    call, (_fact("preferred_name", name, f"Goes by {name}.", kind="preference"),)
                ),
                HoTurn(first, (_fact("bike", old, f"Their bike is {old}.", single_valued=True),)),
            ],
            [HoTurn(switch, (_fact("bike", new, f"Their bike is {new}.", single_valued=True),))],
        ],
        [
            HoProbe("sign off this note with my name", present=(name,), kind="unseen_statement"),
            HoProbe(
                "what tyre pressure suits my bike?",
                present=(new,),
                absent=((old, "stale"),),
                kind="one_at_a_time",
            ),
        ],
        ("unseen_statement", "one_at_a_time"),
    )


def phone_synonyms(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A phone plan named one way, then switched under another name for the same thing."""
    old, new = _two(rng, ("Orbit Unlimited", "SkyTalk Basic", "Nova 20GB", "Lumo Prepaid"))
    first = rng.choice(
        [f"I'm on {old} for my phone.", f"My mobile plan is {old}.", f"my cell plan's {old}"]
    )
    switch = rng.choice(
        [
            f"I switched my mobile contract to {new}.",
            f"Changed my phone plan to {new} yesterday.",
            f"My phone contract is {new} now.",
            f"{new} is my mobile plan these days, the old one got pricey.",
        ]
    )
    return _conv(
        user,
        start,
        [
            [HoTurn(first, (_fact("phone_plan", old, f"Phone plan {old}.", single_valued=True),))],
            [HoTurn(switch, (_fact("phone_plan", new, f"Phone plan {new}.", single_valued=True),))],
        ],
        [
            HoProbe(
                "does my phone plan include roaming?",
                present=(new,),
                absent=((old, "stale"),),
                kind="one_at_a_time",
            )
        ],
        ("one_at_a_time",),
    )


BANKS = ("Nordhaven", "Halden Savings", "Corvid Bank", "Brightpath Credit Union")


def saved_in_other_words(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """An explicit save introduced by a lead and a colon, a constraint or dislike said with
    the thing first ("X is something I ...", "X are out for me")."""
    which = rng.randrange(2)
    if which == 0:
        thing = rng.choice(("night buses", "red-eye flights", "ferries"))
        text = rng.choice(
            [
                f"Store this for later: I never take {thing}.",
                f"Hang on to this: {thing} are out for me.",
                f"Keep this on file: {thing} are a no-go for me.",
            ]
        )
        cand = _fact("constraint", f"no {thing}", f"Constraint: no {thing}.")
        probe = HoProbe(
            "book me a way to get to the coast next month",
            present=(thing.split()[0],),
            kind="explicit_save",
        )
    else:
        food = rng.choice(DISLIKES)
        text = rng.choice(
            [
                f"Store this for later: {food} is something I really hate.",
                f"Don't lose track of this: I can't stand {food}.",
                f"File this away: {food} is something I detest.",
            ]
        )
        cand = _fact("dislike", food, f"Dislikes {food}.", kind="preference")
        probe = HoProbe("a lunch idea for Sunday", present=(food,), kind="explicit_save")
    return _conv(user, start, [[HoTurn(text, (cand,))]], [probe], ("explicit_save",))


def list_with_leads(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Several facts after a lead and a colon, each with its value first."""
    city = rng.choice(CITIES)
    emp = rng.choice(EMPLOYERS)
    allergen = rng.choice(ALLERGENS)
    text = rng.choice(
        [
            f"Some context: {city} is where I live, {emp} is where I work, and {allergen} "
            f"gives me hives.",
            f"Background: I'm based in {city}, my employer is {emp}, and {allergen} gives me "
            f"a nasty allergic reaction.",
            f"For the record: {city} is home, I work at {emp}, and I'm allergic to {allergen}.",
        ]
    )
    return _conv(
        user,
        start,
        [
            [
                HoTurn(
                    text,
                    (
                        _fact("city", city, f"Lives in {city}."),
                        _fact("employer", emp, f"Works at {emp}."),
                        _fact("allergy", allergen, f"Is allergic to {allergen}."),
                    ),
                )
            ]
        ],
        [
            HoProbe(
                "a walk I could do near home on Sunday", present=(city,), kind="unseen_statement"
            ),
            HoProbe(
                "a short bio for my company's website", present=(emp,), kind="unseen_statement"
            ),
            HoProbe(
                "what should I bake for the office?", present=(allergen,), kind="unseen_statement"
            ),
        ],
        ("unseen_statement",),
    )


def moved_household(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A dated move with an object between the verb and the place; a gym or bank switched
    after a colon; a membership that is not a job."""
    old, new = _two(rng, CITIES)
    move = rng.choice(
        [
            f"We shifted the whole family to {new} in May.",
            f"We moved our entire life to {new} last spring.",
            f"I relocated the kids and the cat to {new} in February.",
        ]
    )
    b_old, b_new = _two(rng, BANKS)
    switch = rng.choice(
        [f"Switched banks: {b_new} from this month.", f"Changed banks — {b_new} now."]
    )
    return _conv(
        user,
        start,
        [
            [
                HoTurn(f"I live in {old}.", (_fact("city", old, f"Lives in {old}."),)),
                HoTurn(
                    f"My bank is {b_old}.",
                    (_fact("bank", b_old, f"Banks with {b_old}.", single_valued=True),),
                ),
            ],
            [
                HoTurn(move, (_fact("city", new, f"Lives in {new}."),)),
                HoTurn(switch, (_fact("bank", b_new, f"Banks with {b_new}.", single_valued=True),)),
            ],
        ],
        [
            HoProbe(
                "a good bakery near where I live?",
                present=(new,),
                absent=((old, "stale"),),
                kind="unseen_statement",
            ),
            HoProbe(
                "how do I set up a standing order with my bank?",
                present=(b_new,),
                absent=((b_old, "stale"),),
                kind="one_at_a_time",
            ),
        ],
        ("unseen_statement", "one_at_a_time"),
    )


def membership_is_no_job(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """An employer, then a club membership that must not replace it."""
    emp = rng.choice(EMPLOYERS)
    club = rng.choice(("Harbourside Rowing Club", "PulseFit", "Summit Climbing"))
    return _conv(
        user,
        start,
        [
            [
                HoTurn(f"I work at {emp}.", (_fact("employer", emp, f"Works at {emp}."),)),
                HoTurn(f"I'm a member at {club}.", ()),
            ]
        ],
        [
            HoProbe(
                "write a line about where I work for my profile",
                present=(emp,),
                absent=((club, "stale"),),
                kind="unseen_statement",
            )
        ],
        ("unseen_statement",),
    )


def plain_job_forms(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A job said plainly ("I'm a nurse", "I teach at X") then changed in passing ("since I
    switched jobs to Y", "got a job as T at Y"); a new car said with "my new car"."""
    old, new = _two(rng, EMPLOYERS)
    title = rng.choice(("nurse", "teacher", "data analyst", "software engineer"))
    first = rng.choice([f"I teach at {old}.", f"I'm employed at {old}.", f"I work for {old}."])
    second = rng.choice(
        [
            f"Long week. Since I switched jobs to {new} in May the commute is shorter, "
            f"at least. I'm {_a(title)} {title} there now.",
            f"I got a job as {_a(title)} {title} at {new}!",
            f"Update: I'm now {_a(title)} {title}, at {new} since June.",
        ]
    )
    c_old, c_new = _two(rng, ("Kia Niro", "Volvo XC40", "Skoda Enyaq", "Honda Jazz"))
    return _conv(
        user,
        start,
        [
            [
                HoTurn(first, (_fact("employer", old, f"Works at {old}."),)),
                HoTurn(
                    f"I drive a {c_old}.",
                    (_fact("car", c_old, f"Drives a {c_old}.", single_valued=True),),
                ),
            ],
            [
                HoTurn(
                    second,
                    (
                        _fact("employer", new, f"Works at {new}."),
                        _fact("job_title", title, f"Works as {_a(title)} {title}."),
                    ),
                ),
                HoTurn(
                    f"My new car is a {c_new}.",
                    (_fact("car", c_new, f"Drives a {c_new}.", single_valued=True),),
                ),
            ],
        ],
        [
            HoProbe(
                "a two-line bio about my work",
                present=(new, title),
                absent=((old, "stale"),),
                kind="unseen_statement",
            ),
            HoProbe(
                "when is my car due for a service?",
                present=(c_new,),
                absent=((c_old, "stale"),),
                kind="one_at_a_time",
            ),
        ],
        ("unseen_statement", "one_at_a_time"),
    )


def swap_in_one_session(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A one-at-a-time thing, then, a few turns later in the same conversation, a swap that
    names the old and the new value but not the attribute ("traded the X for a Y")."""
    which = rng.randrange(2)
    if which == 0:
        old, new = _two(rng, ("Kia Niro", "Volvo XC40", "Skoda Enyaq", "Honda Jazz"))
        first, pred, probe = f"I drive a {old}.", "car", "is my car due a service soon?"
    else:
        old, new = _two(rng, ("Orbit Unlimited", "SkyTalk Basic", "Nova 20GB", "Lumo Prepaid"))
        first, pred, probe = (
            f"My phone plan is {old}.",
            "phone_plan",
            "does my phone plan cover roaming?",
        )
    swap = rng.choice(
        [
            f"Update: traded the {old} for a {new} at the weekend.",
            f"I swapped {old} for {new}, much better value.",
            f"went from {old} to {new} last week",
        ]
    )
    return _conv(
        user,
        start,
        [
            [
                HoTurn(first, (_fact(pred, old, f"Has {old}.", single_valued=True),)),
                HoTurn("Thanks for the help earlier!", ()),
                HoTurn(swap, (_fact(pred, new, f"Has {new}.", single_valued=True),)),
            ]
        ],
        [HoProbe(probe, present=(new,), absent=((old, "stale"),), kind="one_at_a_time")],
        ("one_at_a_time",),
    )


def _a(noun: str) -> str:
    return "an" if noun[:1].lower() in "aeiou" else "a"


SCENARIOS: tuple[Callable[[random.Random, str, datetime], HoConversation], ...] = (
    move_as_news,
    job_change,
    promotion,
    several_at_once,
    people,
    retraction,
    explicit_save,
    one_at_a_time,
    inverted_home,
    labelled_job,
    bare_title,
    family_forms,
    diet_and_intolerance,
    diet_said,
    corrected_with_lead,
    names_and_things,
    phone_synonyms,
    saved_in_other_words,
    list_with_leads,
    moved_household,
    membership_is_no_job,
    plain_job_forms,
    swap_in_one_session,
)
