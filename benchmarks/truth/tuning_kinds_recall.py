"""Tuning cases of issue 12's recall kinds: facts stored right, asked for in other words.

Each user states facts of many attributes — ones the write policy knows (``phone_plan``,
``car``, ``gym``, ``city``, people) and ones it does not (declared ``single_valued`` per the
issue-12 conventions: a manager, a bank, a dentist, a blood type) — and later asks for them
in everyday wordings that do not reuse the fact's words ("what's my mobile deal?", "who's my
boss?"). Some users switch a one-at-a-time value, so the old one must not come back.
Irrelevant requests, some of which share a word with an attribute name ("a business plan",
"the name of a river"), must get no facts at all: the relevance floor stays.

Perfect candidates are the fair test here (mode ``"perfect"``): the facts are stored as a
careful extractor proposes them; only recall is measured. Written in this file's own words
and values, without reading the held-out split.

Example:
    >>> import random
    >>> from datetime import datetime, timezone
    >>> conv = SCENARIOS[0](random.Random(3), "u", datetime(2026, 3, 2, tzinfo=timezone.utc))
    >>> conv.probes[0].kind
    'unseen_statement'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime, timedelta

from benchmarks.truth.conversations import HoConversation, HoProbe, HoTurn
from langmem_plus.facts.models import CandidateFact

__all__ = ["SCENARIOS"]

UNSEEN = "unseen_statement"
SWITCH = "one_at_a_time"
PEOPLE = "people"


def _c(
    predicate: str,
    obj: str,
    text: str,
    quote: str,
    *,
    single: bool | None = None,
) -> CandidateFact:
    return CandidateFact(
        kind="fact",
        subject="user",
        predicate=predicate,
        object=obj,
        text=text,
        quote=quote,
        single_valued=single,
    )


# (predicate, single_valued declared, values, statement templates, fact text template,
#  request wordings that do not reuse the fact's words)
_ATTRS: tuple[tuple[str, bool | None, Sequence[str], Sequence[str], str, Sequence[str]], ...] = (
    (
        "phone_plan",
        None,
        ("Vodafone Red", "Lyca Unlimited", "Tesco Mobile 20GB"),
        (
            "I'm on {v} for my phone.",
            "my phone contract is {v} btw",
            "Signed up for {v} on my phone",
        ),
        "Has the {v} phone plan.",
        (
            "what's my mobile deal again?",
            "which cell package am I paying for?",
            "remind me of my mobile contract",
            "what tariff is my handset on?",
        ),
    ),
    (
        "car",
        None,
        ("Skoda Octavia", "Mazda CX-5", "Renault Zoé"),
        ("I drive a {v}.", "got a {v} as my car", "My car's a {v} 🚗"),
        "Drives a {v}.",
        (
            "what vehicle do I own?",
            "remind me what I'm driving these days",
            "which motor do I have?",
            "what's my ride?",
        ),
    ),
    (
        "gym",
        None,
        ("FitZone Lisbon", "Anytime Fitness Leeds", "PureGym Camden"),
        ("I train at {v}.", "my gym is {v}", "Joined {v} last year"),
        "Goes to the gym {v}.",
        (
            "where do I work out?",
            "which fitness club am I a member of?",
            "where do I do my training sessions?",
        ),
    ),
    (
        "manager",
        True,
        ("Priya Raman", "Jonas Weiß", "Chidi Okoro"),
        ("My manager is {v}.", "I report to {v} now", "{v} is my line manager"),
        "The user's manager is {v}.",
        ("who's my boss?", "who do I report to?", "who is my supervisor at work?"),
    ),
    (
        "bank",
        True,
        ("Monzo", "ING", "Nordea"),
        ("I bank with {v}.", "my bank's {v}", "switched my current account to {v}"),
        "Banks with {v}.",
        (
            "which bank am I with?",
            "where is my current account held?",
            "what banking provider do I use?",
        ),
    ),
    (
        "dentist",
        True,
        ("Dr. Okafor", "Dr. Lindqvist", "Dr. Moreau"),
        ("My dentist is {v}.", "{v} does my teeth", "I see {v} for my teeth"),
        "The user's dentist is {v}.",
        ("who's my dentist?", "which dental practice do I go to?", "who do I see about my teeth?"),
    ),
    (
        "blood_type",
        True,
        ("O negative", "AB positive", "B negative"),
        ("My blood type is {v}.", "fyi i'm {v} (blood)", "Blood group: {v}"),
        "Has blood type {v}.",
        ("what's my blood group?", "which blood type am I?"),
    ),
    (
        "internet_provider",
        None,
        ("Telia", "Virgin Media", "Free"),
        ("Our internet is with {v}.", "we get broadband from {v}", "home wifi provider is {v}"),
        "Internet provider is {v}.",
        ("who's our broadband with?", "which ISP do I use at home?", "who provides my home wifi?"),
    ),
    (
        "favorite_color",
        True,
        ("teal", "burgundy", "mustard yellow"),
        (
            "my favourite colour is {v}",
            "Favourite colour? {v}, always 💛",
            "I've always loved {v} best of all colours",
        ),
        "Favorite color is {v}.",
        (
            "what's my favourite colour?",
            "knit me a scarf pattern in my favourite shade",
            "which colour is my favourite again?",
        ),
    ),
    (
        "streaming_service",
        True,
        ("Mubi", "Crunchyroll", "Disney+"),
        ("we only pay for {v} now", "My streaming service is {v}.", "got {v} for streaming"),
        "Streaming service is {v}.",
        ("which streaming service do we subscribe to?", "what streaming service am I on?"),
    ),
    (
        "shoe_size",
        True,
        ("44", "38", "9.5"),
        ("I wear size {v} shoes.", "shoe size {v}, for the record", "my shoes are a {v}"),
        "Wears shoe size {v}.",
        ("what size footwear do I take?", "which size trainers should I order?"),
    ),
)

_IRRELEVANT = (
    "how tall is Mount Kilimanjaro?",
    "give me a haiku about autumn leaves",
    "convert 30 celsius to fahrenheit",
    "what's the capital of Peru?",
    "explain what a business plan should contain",
    "what was the name of the river in Siddhartha?",
    "summarise the plot of Hamlet in two lines",
    "how do I boil an egg?",
    "what's the type of a Python list comprehension?",
    "who won the 1998 football world cup?",
    "what type of rock is granite?",
    "what size is a football pitch?",
    "how many moons does Jupiter have, currently?",
)


def _statement(rng: random.Random, attr: int, value_idx: int) -> tuple[str, CandidateFact]:
    pred, single, values, says, text, _ = _ATTRS[attr]
    v = values[value_idx]
    said = rng.choice(says).format(v=v)
    return said, _c(pred, v, text.format(v=v), said, single=single)


def _many_attributes(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """States five attributes across two sessions; asks for each in other words."""
    attrs = rng.sample(range(len(_ATTRS)), 5)
    picks = {a: rng.randrange(len(_ATTRS[a][2])) for a in attrs}
    turns = [_statement(rng, a, picks[a]) for a in attrs]
    s1 = tuple(HoTurn(t, (c,)) for t, c in turns[:3])
    s2 = tuple(HoTurn(t, (c,)) for t, c in turns[3:])
    probes = [
        HoProbe(rng.choice(_ATTRS[a][5]), present=(_ATTRS[a][2][picks[a]],), kind=UNSEEN)
        for a in attrs
    ]
    probes += [HoProbe(r, irrelevant=True, kind="irrelevant") for r in rng.sample(_IRRELEVANT, 3)]
    return HoConversation(
        user,
        ((start, s1), (start + timedelta(days=2), s2)),
        tuple(probes),
        start + timedelta(days=9),
        kinds=(UNSEEN,),
    )


def _combined(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Several facts in one long message; each asked for separately."""
    attrs = rng.sample(range(len(_ATTRS)), 3)
    picks = {a: rng.randrange(len(_ATTRS[a][2])) for a in attrs}
    parts = [_statement(rng, a, picks[a]) for a in attrs]
    text = (
        "ok quick life admin dump before I forget: "
        + "; ".join(p for p, _ in parts)
        + ". Anyway, back to the spreadsheet."
    )
    ideal = tuple(c.model_copy(update={"quote": text}) for _, c in parts)
    probes = [
        HoProbe(rng.choice(_ATTRS[a][5]), present=(_ATTRS[a][2][picks[a]],), kind=UNSEEN)
        for a in attrs
    ]
    probes.append(HoProbe(rng.choice(_IRRELEVANT), irrelevant=True, kind="irrelevant"))
    return HoConversation(
        user, ((start, (HoTurn(text, ideal),)),), tuple(probes), start + timedelta(days=4),
        kinds=(UNSEEN,),
    )  # fmt: skip


_SWITCH_SAYS = (
    "I switched to {v} last week.",
    "ditched the old one, it's {v} now",
    "Update: moved over to {v}.",
    "changed again — now {v} 🙃",
)


def _switch(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A one-at-a-time attribute, known or declared, switches; asked for in other words."""
    singles = [i for i, a in enumerate(_ATTRS) if a[0] != "shoe_size"]
    a = rng.choice(singles)
    pred, single, values, _, text, asks = _ATTRS[a]
    old, new = rng.sample(range(len(values)), 2)
    said_old, c_old = _statement(rng, a, old)
    said_new = rng.choice(_SWITCH_SAYS).format(v=values[new])
    c_new = _c(pred, values[new], text.format(v=values[new]), said_new, single=single)
    probe = HoProbe(
        rng.choice(asks), present=(values[new],), absent=((values[old], "stale"),), kind=SWITCH
    )
    return HoConversation(
        user,
        ((start, (HoTurn(said_old, (c_old,)),)),
         (start + timedelta(days=5), (HoTurn(said_new, (c_new,)),))),
        (probe, HoProbe(rng.choice(_IRRELEVANT), irrelevant=True, kind="irrelevant")),
        start + timedelta(days=8),
        forbidden=((values[old], "stale"),),
        kinds=(SWITCH,),
    )  # fmt: skip


_KIDS = (("Tomás", "Inès"), ("Aoife", "Ruairí"), ("Mila", "Jonah"))
_KID_ASKS = (
    "remind me of my kid's names",
    "what are my children called?",
    "plan a rainy Sunday for the little ones",
    "birthday party ideas for my two",
)


def _people(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Children and a pet, asked for by relation or in everyday words."""
    a, b = rng.choice(_KIDS)
    said = rng.choice(
        (f"My kids are {a} and {b}.", f"we've got two — {a} (7) and {b} (4)",
         f"{a} and {b} are my children")
    )  # fmt: skip
    ideal = (
        CandidateFact(kind="fact", subject="user", predicate="child", object=a,
                      text=f"Has a child named {a}.", quote=said),
        CandidateFact(kind="fact", subject="user", predicate="child", object=b,
                      text=f"Has a child named {b}.", quote=said),
    )  # fmt: skip
    ask = rng.choice(_KID_ASKS)
    return HoConversation(
        user,
        ((start, (HoTurn(said, ideal),)),),
        (HoProbe(ask, present=(a, b), kind=PEOPLE),
         HoProbe(rng.choice(_IRRELEVANT), irrelevant=True, kind="irrelevant")),
        start + timedelta(days=3),
        kinds=(PEOPLE,),
    )  # fmt: skip


_OTHERS = (
    ("sister", "city", "Fremantle", "My sister lives in Fremantle now.",
     "The user's sister lives in Fremantle.",
     ("is my sister anywhere near me?", "are any of my siblings by the coast?",
      "what time is it where my sis lives?")),
    ("partner", "employer", "Ørsted", "My partner works at Ørsted.",
     "The user's partner works at Ørsted.",
     ("what does my wife do for a living?", "gift ideas for my husband's work party",
      "where is my partner employed?")),
    ("manager", "dietary_restriction", "vegan", "my boss is vegan fwiw",
     "The user's manager is vegan.",
     ("book a team lunch my boss can eat at", "where should I take my manager for dinner?")),
)  # fmt: skip


def _other_person(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A fact about someone else: recalled for a request that names that person (by any
    word for them), never for the user's own attribute."""
    who, pred, value, said, text, asks = rng.choice(_OTHERS)
    ideal = CandidateFact(kind="fact", subject=f"person:{who}", predicate=pred, object=value,
                          text=text, quote=said, holder=who)  # fmt: skip
    mine = {"city": "where do I live?", "employer": "where do I work?",
            "dietary_restriction": "plan my meals for the week"}[pred]  # fmt: skip
    return HoConversation(
        user,
        ((start, (HoTurn(said, (ideal,)),)),),
        (HoProbe(rng.choice(asks), present=(value,), kind=PEOPLE, holder=who),
         HoProbe(mine, absent=((value, "other_person"),), kind=PEOPLE, holder=who)),
        start + timedelta(days=2),
        kinds=(PEOPLE,),
    )  # fmt: skip


_CROWD = (
    ("allergy", "sesame", "Is allergic to sesame."),
    ("allergy", "kiwi", "Is allergic to kiwi."),
    ("dislike", "olives", "Dislikes olives."),
    ("dislike", "jazz", "Dislikes jazz."),
    ("constraint", "no flights over 6 hours", "Avoids flights over 6 hours."),
    ("language", "Portuguese", "Speaks Portuguese."),
    ("hobby", "bouldering", "Enjoys bouldering."),
    ("hobby", "sourdough baking", "Enjoys sourdough baking."),
    ("pet", "Biscuit", "Has a dog named Biscuit."),
    ("child", "Lúcia", "Has a daughter named Lúcia."),
)


def _crowded(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A user with a full profile and many facts: the one asked for still fits the budget."""
    turns = [HoTurn(f"note: {t}", (_c(p, o, t, f"note: {t}"),)) for p, o, t in _CROWD]
    attrs = rng.sample(range(len(_ATTRS)), 4)
    picks = {a: rng.randrange(len(_ATTRS[a][2])) for a in attrs}
    for a in attrs:
        said, c = _statement(rng, a, picks[a])
        turns.append(HoTurn(said, (c,)))
    rng.shuffle(turns)
    ask = attrs[0]
    return HoConversation(
        user,
        ((start, tuple(turns)),),
        (HoProbe(rng.choice(_ATTRS[ask][5]), present=(_ATTRS[ask][2][picks[ask]],),
                 kind=UNSEEN),
         HoProbe(rng.choice(_IRRELEVANT), irrelevant=True, kind="irrelevant")),
        start + timedelta(days=6),
        kinds=(UNSEEN,),
    )  # fmt: skip


# Statements whose *shape* a question or time detector misread: the value's own clause is
# a statement. The assistant asked (a reported question whose asker is "you"); a question
# the user answers at once with themselves ("Who ...? Yours truly."); a start point given
# as "starting today" (a lasting state from now, not a passing one); a person named in a
# possessive phrase while the sentence talks about their plans ("my son ... next month").
_DIETS = ("pescatarian", "vegan", "flexitarian")
_FOOD_ASKS = ("what should I cook for friends on Saturday?", "suggest a lunch box for work",
              "plan three dinners for me this week")  # fmt: skip
_PROMOTIONS = (("line cook", "kitchen manager"), ("staff nurse", "ward manager"),
               ("teaching assistant", "head of year"))  # fmt: skip
_TITLE_ASKS = ("write my email signature", "update the role on my CV header",
               "what title goes on my name tag?")  # fmt: skip


def _answered_shapes(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A diet said in answer to the assistant's question, and a promotion said as a
    question the user answers themselves; both must be stored and come back."""
    diet = rng.choice(_DIETS)
    low, high = rng.choice(_PROMOTIONS)
    said_diet = rng.choice(
        (f"You asked earlier what I eat, so for the record I'm {diet}.",
         f"To answer your question from before: I'm {diet}.",
         f"you were wondering whether I eat meat — I'm {diet}, actually")
    )  # fmt: skip
    said_low = f"I work as a {low}."
    said_high = rng.choice(
        (f"And who's the new {high} at work? Yours truly.",
         f"Who got picked as {high} this spring? That would be me!",
         f"Guess which {low} is now {high}? Me 😎",
         f"Who did they pick as the new {high}? This girl!")
    )  # fmt: skip
    return HoConversation(
        user,
        ((start, (HoTurn(said_low, (_c("job_title", low, f"Works as a {low}.", said_low),)),
                  HoTurn(said_diet, (_c("dietary_restriction", diet, f"Is {diet}.",
                                        said_diet),)))),
         (start + timedelta(days=4),
          (HoTurn(said_high, (_c("job_title", high, f"Works as a {high}.", said_high),)),))),
        (HoProbe(rng.choice(_FOOD_ASKS), present=(diet,), kind=UNSEEN),
         HoProbe(rng.choice(_TITLE_ASKS), present=(high,), absent=((low, "stale"),),
                 kind=UNSEEN),
         HoProbe(rng.choice(_IRRELEVANT), irrelevant=True, kind="irrelevant")),
        start + timedelta(days=8),
        kinds=(UNSEEN,),
    )  # fmt: skip


_KID_PLANS = ("Rowan", "Saoirse", "Kaito")
_PET_PLANS = ("Pickle", "Mochi", "Bramble")


def _started_and_planned(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A title that holds "starting today", and people named while talking about their
    plans: the title is current and the son and the puppy are the user's."""
    low, high = rng.choice(_PROMOTIONS)
    kid, pet = rng.choice(_KID_PLANS), rng.choice(_PET_PLANS)
    said_low = f"I'm a {low} by trade."
    said_high = rng.choice(
        (f"Starting today I'm officially the {high}.",
         f"From this week on I'm the {high} here.",
         f"{high} as of today, new badge and everything")
    )  # fmt: skip
    said_kid = rng.choice(
        (f"my son {kid} is starting nursery next month",
         f"our boy {kid} has his first swimming lesson tomorrow")
    )  # fmt: skip
    said_pet = rng.choice(
        (f"our puppy {pet} goes to the vet tomorrow", f"my dog {pet} is getting groomed next week")
    )  # fmt: skip
    return HoConversation(
        user,
        ((start, (HoTurn(said_low, (_c("job_title", low, f"Works as a {low}.", said_low),)),
                  HoTurn(said_kid, (_c("child", kid, f"Has a son named {kid}.", said_kid),)),
                  HoTurn(said_pet, (_c("pet", pet, f"Has a dog named {pet}.", said_pet),)))),
         (start + timedelta(days=6),
          (HoTurn(said_high, (_c("job_title", high, f"Works as a {high}.", said_high),)),))),
        (HoProbe(rng.choice(_TITLE_ASKS), present=(high,), absent=((low, "stale"),),
                 kind=UNSEEN),
         HoProbe("plan a family day out for the three of us", present=(kid,), kind=PEOPLE),
         HoProbe("what treats would my dog like?", present=(pet,), kind=PEOPLE)),
        start + timedelta(days=9),
        kinds=(UNSEEN, PEOPLE),
    )  # fmt: skip


_DATED_TOWNS = ("Leiria", "Tromsø", "Zadar", "Plovdiv", "Lleida")


def _dated_conflict(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Two explicit dates that disagree: a move dated in one session, then a different
    town said to hold since an earlier date. Neither side wins by rule, so the held value
    stays until the user answers (the graph asks once; checked outside the scores)."""
    first, second = rng.sample(_DATED_TOWNS, 2)
    moved = start - timedelta(days=40)
    since = moved - timedelta(days=60)
    said_1 = f"I moved to {first} on {moved:%d %B %Y}."
    said_2 = rng.choice(
        (f"I've lived in {second} since {since:%B %Y}.",
         f"Home has been {second} since {since:%d %B %Y}, for the record.")
    )  # fmt: skip
    c1 = CandidateFact(kind="fact", subject="user", predicate="city", object=first,
                       text=f"Lives in {first}.", quote=said_1, valid_from=moved,
                       time_stated=True)  # fmt: skip
    c2 = CandidateFact(kind="fact", subject="user", predicate="city", object=second,
                       text=f"Lives in {second}.", quote=said_2, valid_from=since,
                       time_stated=True)  # fmt: skip
    return HoConversation(
        user,
        ((start, (HoTurn(said_1, (c1,)),)),
         (start + timedelta(days=3), (HoTurn(said_2, (c2,)),))),
        (HoProbe("any good day trips from my town?", present=(first,), kind="dated_statement"),
         HoProbe(rng.choice(_IRRELEVANT), irrelevant=True, kind="irrelevant")),
        start + timedelta(days=6),
        kinds=("dated_statement",),
    )  # fmt: skip


SCENARIOS = (
    _many_attributes, _combined, _switch, _people, _other_person, _crowded,
    _many_attributes, _switch, _answered_shapes, _started_and_planned, _dated_conflict,
)  # fmt: skip


# --------------------------------------------------------------------------- people & saves
# Households asked about in the words people use for them: a relation said another way
# ("my girls", "the lads", "my other half", "my mother's"), a person named where the fact
# holds their relation (or the reverse), a whole family; explicit saves (a routine, a
# constraint, an allergy under a narrower predicate) that must reach the requests they
# constrain; one-at-a-time attributes asked for in other words. Own words and values.
SAVE = "explicit_save"


def _own(predicate: str, obj: str, text: str, quote: str) -> CandidateFact:
    return _c(predicate, obj, text, quote)


def _theirs(who: str, predicate: str, obj: str, text: str, quote: str) -> CandidateFact:
    key = "_".join(who.casefold().split())
    return CandidateFact(kind="fact", subject=f"person:{key}", predicate=predicate, object=obj,
                         text=text, quote=quote, holder=who)  # fmt: skip


def _life(
    user: str,
    start: datetime,
    turns: Sequence[tuple[str, Sequence[CandidateFact]]],
    probes: Sequence[HoProbe],
    rng: random.Random,
) -> HoConversation:
    half = (len(turns) + 1) // 2
    s1 = tuple(HoTurn(t, tuple(cs)) for t, cs in turns[:half])
    s2 = tuple(HoTurn(t, tuple(cs)) for t, cs in turns[half:])
    extra = tuple(
        HoProbe(r, irrelevant=True, kind="irrelevant") for r in rng.sample(_IRRELEVANT, 2)
    )
    kinds = tuple(sorted({p.kind for p in probes}))
    return HoConversation(
        user, ((start, s1), (start + timedelta(days=3), s2)), (*probes, *extra),
        start + timedelta(days=10), kinds=kinds,
    )  # fmt: skip


_GIRLS = (("Elodie", "Maren", "Tobias", "gluten", "horse riding"),
          ("Ilse", "Noor", "Dariusz", "dairy", "rock climbing"),
          ("Yuki", "Hana", "Benedikt", "shellfish", "ballet"))  # fmt: skip


def _girls_and_other_half(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Daughters asked for as "my girls", a partner as "my other half", a child by name."""
    a, b, p, food, hobby = rng.choice(_GIRLS)
    s_kids = f"we have two girls, {a} and {b}"
    s_p = f"{p}, my other half, can't have {food} at all"
    s_h = f"{a} absolutely loves {hobby}"
    turns = [
        (s_kids, [_own("child", a, f"Has a daughter named {a}.", s_kids),
                  _own("child", b, f"Has a daughter named {b}.", s_kids)]),
        (s_p, [_own("partner", p, f"Has a partner named {p}.", s_p),
               _theirs("partner", "intolerance", food, f"The user's partner can't have {food}.",
                       s_p)]),
        (s_h, [_theirs(a, "hobby", hobby, f"{a} loves {hobby}.", s_h)]),
    ]  # fmt: skip
    probes = [
        HoProbe("plan a Saturday for my two girls", present=(a, b, hobby), kind=PEOPLE),
        HoProbe("what should I cook for my other half tonight?", present=(food,), kind=PEOPLE),
        HoProbe(f"a birthday surprise for {a}?", present=(hobby,), kind=PEOPLE),
        HoProbe("weekend away with the whole family - any ideas?", present=(a, b, p, food),
                kind=PEOPLE),
        HoProbe("anniversary dinner ideas for me and my better half", present=(p, food),
                kind=PEOPLE),
    ]  # fmt: skip
    return _life(user, start, turns, probes, rng)


_MUMS = (("Harrogate", "Pepper", "Thursday"), ("Kilkenny", "Juniper", "Tuesday"),
         ("Dundee", "Waffles", "Wednesday"))  # fmt: skip


def _mum_and_the_dog(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A mum asked for as "my mother"/"my mom", a dog by species, a dad's routine."""
    town, dog, day = rng.choice(_MUMS)
    s_m = f"Mum's living in {town} these days"
    s_d = f"our dog {dog} is a rescue greyhound"
    s_c = f"{dog} gets carsick on long drives, poor thing"
    s_f = f"my dad plays bowls every {day} evening"
    turns = [
        (s_m, [_theirs("mum", "city", town, f"The user's mum lives in {town}.", s_m)]),
        (s_d, [_own("pet", dog, f"Has a dog named {dog}.", s_d)]),
        (s_c, [_theirs(dog, "constraint", "carsick on long drives",
                       f"{dog} gets carsick on long drives.", s_c)]),
        (s_f, [_theirs("dad", "routine", f"bowls on {day} evenings",
                       f"The user's dad plays bowls every {day} evening.", s_f)]),
    ]  # fmt: skip
    probes = [
        HoProbe("how long a drive is it to my mother's place?", present=(town,), kind=PEOPLE),
        HoProbe("weekend ideas for visiting my mom", present=(town,), kind=PEOPLE),
        HoProbe("plan a road trip with the dog", present=(dog, "carsick"), kind=PEOPLE),
        HoProbe("which evening is best to ring my father?", present=(day,), kind=PEOPLE),
        HoProbe("what are my parents up to these days?", present=(town, day), kind=PEOPLE),
    ]  # fmt: skip
    return _life(user, start, turns, probes, rng)


_SAVES = (("mushrooms", "shellfish", "7am", "10pm"), ("aubergine", "sesame", "6:30am", "9:30pm"),
          ("blue cheese", "peanuts", "7:15am", "11pm"))  # fmt: skip


def _saved_constraints(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Explicit saves (a dislike, a constraint, routines, an allergy under a narrower
    predicate) that reach every request they constrain."""
    hate, allergen, swim, bed = rng.choice(_SAVES)
    s1 = f"Please remember that I loathe {hate}."
    s2 = "Remember this: I don't drive, so anything has to work by public transport."
    s3 = f"note for later - I swim every weekday at {swim} before work"
    s4 = f"for future reference I'm always in bed by {bed}"
    s5 = f"save this: I react badly to {allergen}, proper hives"
    turns = [
        (s1, [_own("dislike", hate, f"Dislikes {hate}.", s1)]),
        (s2, [_own("constraint", "no car, public transport only",
                   "Doesn't drive; needs public transport.", s2)]),
        (s3, [_own("routine", f"swims weekdays at {swim}",
                   f"Swims every weekday at {swim} before work.", s3)]),
        (s4, [_own("sleep_routine", f"in bed by {bed}", f"Is always in bed by {bed}.", s4)]),
        (s5, [_own("food_allergy", allergen, f"Is allergic to {allergen}.", s5)]),
    ]  # fmt: skip
    probes = [
        HoProbe("suggest a creamy pasta dish for dinner", present=(hate,), kind=SAVE),
        HoProbe("find me a weekend getaway from the city", present=("public transport",),
                kind=SAVE),
        HoProbe("when should I book my Tuesday dentist appointment?", present=(swim,), kind=SAVE),
        HoProbe("plan an evening out on Friday", present=(bed,), kind=SAVE),
        HoProbe("order a takeaway for me tonight", present=(allergen, hate), kind=SAVE),
        HoProbe("put together a week of breakfasts", present=(allergen,), kind=SAVE),
    ]  # fmt: skip
    return _life(user, start, turns, probes, rng)


_SUPPLIERS = (("Octopus Energy", "Mrs Achterberg", "Dr Hallam", "Salon Mira"),
              ("Ecotricity", "Mr Oyelaran", "Dr Szabo", "Cutting Room"),
              ("Bulb", "Ms Fairweather", "Dr Quint", "Studio Lark"))  # fmt: skip


def _household_attributes(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """One-at-a-time attributes the policy may not know, asked for in other words."""
    energy, landlord, gp, salon = rng.choice(_SUPPLIERS)
    s1 = f"our energy provider is {energy}"
    s2 = f"{landlord} is my landlord"
    s3 = f"my GP is {gp}"
    s4 = f"I get my hair done at {salon}"
    turns = [
        (s1, [_own("energy_provider", energy, f"Energy provider is {energy}.", s1)]),
        (s2, [_own("landlord", landlord, f"The user's landlord is {landlord}.", s2)]),
        (s3, [_c("gp", gp, f"The user's GP is {gp}.", s3, single=True)]),
        (s4, [_c("hairdresser", salon, f"Gets their hair done at {salon}.", s4, single=True)]),
    ]  # fmt: skip
    probes = [
        HoProbe("who supplies our gas and electricity?", present=(energy,), kind=UNSEEN),
        HoProbe("who do I pay my rent to?", present=(landlord,), kind=UNSEEN),
        HoProbe("book me in with my doctor next week", present=(gp,), kind=UNSEEN),
        HoProbe("remind me where I go for a haircut", present=(salon,), kind=UNSEEN),
    ]  # fmt: skip
    return _life(user, start, turns, probes, rng)


_SIBS = (("Callum", "Bea", "June"), ("Tariq", "Ottoline", "October"),
         ("Ruben", "Signe", "March"))  # fmt: skip


def _named_relatives(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A brother's fact held under his relation and asked for by his name (and the
    reverse), a granny asked for as "my grandmother", a family gathering."""
    bro, inlaw, month = rng.choice(_SIBS)
    s1 = f"My brother {bro} has gone vegetarian"
    s2 = f"Granny turns 90 in {month}!"
    s3 = f"my sister-in-law {inlaw} runs marathons"
    turns = [
        (s1, [_own("sibling", bro, f"Has a brother named {bro}.", s1),
              _theirs("brother", "dietary_restriction", "vegetarian",
                      "The user's brother is vegetarian.", s1)]),
        (s2, [_theirs("granny", "birthday", month, f"The user's granny turns 90 in {month}.",
                      s2)]),
        (s3, [_own("family_member", inlaw, f"Has a sister-in-law named {inlaw}.", s3),
              _theirs(inlaw, "hobby", "marathons", f"{inlaw} runs marathons.", s3)]),
    ]  # fmt: skip
    probes = [
        HoProbe(f"{bro}'s coming round for dinner, what should I make?", present=("vegetarian",),
                kind=PEOPLE),
        HoProbe("gift ideas for my grandmother's big birthday", present=(month,), kind=PEOPLE),
        HoProbe("plan a menu for a family reunion lunch", present=(bro, "vegetarian"),
                kind=PEOPLE),
        HoProbe("what could I get my sister in law for her birthday?", present=("marathons",),
                kind=PEOPLE),
        HoProbe("what does my bro eat?", present=("vegetarian",), kind=PEOPLE),
    ]  # fmt: skip
    return _life(user, start, turns, probes, rng)


_BOYS = (("Osian", "Gethin", "Marmalade", "eggs"), ("Luca", "Matteo", "Pudding", "milk"),
         ("Finn", "Arlo", "Noodle", "wheat"))  # fmt: skip


def _boys_and_the_cat(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Sons asked for as "the boys"/"the lads", a cat's routine, a child's allergy held
    under his name, a child held under a relation-shaped predicate."""
    a, b, cat, food = rng.choice(_BOYS)
    s1 = f"I've got twin boys, {a} and {b}"
    s2 = f"our cat {cat} has to be fed at 6pm sharp"
    s3 = f"{a} is allergic to {food}"
    turns = [
        (s1, [_own("son", a, f"Has a son named {a}.", s1),
              _own("son", b, f"Has a son named {b}.", s1)]),
        (s2, [_own("pet", cat, f"Has a cat named {cat}.", s2),
              _theirs(cat, "routine", "fed at 6pm sharp", f"{cat} is fed at 6pm sharp.", s2)]),
        (s3, [_theirs(a, "allergy", food, f"{a} is allergic to {food}.", s3)]),
    ]  # fmt: skip
    probes = [
        HoProbe("a pancake recipe the boys can both eat", present=(food,), kind=PEOPLE),
        HoProbe("what should I tell the sitter about feeding the cat?", present=("6pm",),
                kind=PEOPLE),
        HoProbe("rainy day activities for the lads", present=(a, b), kind=PEOPLE),
        HoProbe("packed lunch ideas for my sons", present=(food,), kind=PEOPLE),
        HoProbe("half-term plans for the kids", present=(a, b), kind=PEOPLE),
    ]  # fmt: skip
    return _life(user, start, turns, probes, rng)


SCENARIOS = (
    *SCENARIOS, _girls_and_other_half, _mum_and_the_dog, _saved_constraints,
    _household_attributes, _named_relatives, _boys_and_the_cat,
)  # fmt: skip


# People and one-at-a-time attributes said in passing: inside a question to the assistant, a
# "maybe", a sentence about what is happening now, or next to a health word. A possessive
# ("my wife Lena", "our new kitten", "my sister Lotte") presupposes the relation whatever
# the sentence asks or plans; "at the moment I drive a Kia" is a lasting state said of
# today. These are write-side misses in perfect mode (the post-filters drop the careful
# extractor's candidate: question, transient, inferred, sensitive), not recall misses:
# recall cannot send a fact that was never stored.
_PASSING = (("Idris", "Lotte", "Kia Niro", "Hyperoptic"), ("Anouk", "Sven", "Toyota Yaris", "Zen"),
            ("Mirela", "Bruno", "Honda Jazz", "Sky"))  # fmt: skip


def _said_in_passing(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Relations and attributes stated in passing, asked for later."""
    wife, sis, car, isp = rng.choice(_PASSING)
    s1 = f"Could you help me plan a surprise party for my wife {wife}?"
    s2 = f"Maybe I'll take my sister {sis} to the gig on Friday."
    s3 = "What should I name our new kitten? She's ginger with white paws."
    s4 = f"At the moment I drive a {car}."
    s5 = f"Right now our broadband is with {isp}."
    s6 = "My daughter turns ten on Saturday!"
    turns = [
        (s1, [_own("partner", wife, f"Has a wife named {wife}.", s1)]),
        (s2, [_own("sibling", sis, f"Has a sister named {sis}.", s2)]),
        (s3, [_own("pet", "a ginger kitten", "Has a ginger kitten.", s3)]),
        (s4, [_own("car", car, f"Drives a {car}.", s4)]),
        (s5, [_own("internet_provider", isp, f"Internet provider is {isp}.", s5)]),
        (s6, [_own("child", "a daughter", "Has a daughter.", s6)]),
    ]
    probes = [
        HoProbe("anniversary dinner ideas for my wife", present=(wife,), kind=PEOPLE),
        HoProbe("what could I get my sister for her birthday?", present=(sis,), kind=PEOPLE),
        HoProbe("what jabs does my kitten need?", present=("kitten",), kind=PEOPLE),
        HoProbe("how often should my car be serviced?", present=(car,), kind=UNSEEN),
        HoProbe("who do we get our internet from?", present=(isp,), kind=UNSEEN),
        HoProbe("party games for my daughter and her friends", present=("daughter",),
                kind=PEOPLE),
    ]  # fmt: skip
    return _life(user, start, turns, probes, rng)


SCENARIOS = (*SCENARIOS, _said_in_passing)


# People named while the sentence talks about a plan for them: the clause is a plan, but a
# person named definitely ("my son", "the dog, Rufus", "Ines, our eldest", "the kids, A
# and B") already exists; only an indefinite one ("we're getting a puppy") is planned.
_PLANS = (("Ines", "Rufus", "Ada", "Bo"), ("Greta", "Pretzel", "Milo", "Tess"),
          ("Sanne", "Basil", "Oskar", "Lin"))  # fmt: skip


def _people_in_plans(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """The user's people named in sentences about their plans, asked for later."""
    eldest, dog, a, b = rng.choice(_PLANS)
    s1 = "My son's starting at a new school after the holidays."
    s2 = f"{eldest}, our eldest, sits her final exams next month."
    s3 = f"Taking the dog, {dog}, camping this weekend."
    s4 = f"We're taking the kids, {a} and {b}, skiing in February."
    turns = [
        (s1, [_own("child", "a son", "Has a son.", s1)]),
        (s2, [_own("child", eldest, f"Has a daughter named {eldest}.", s2)]),
        (s3, [_own("pet", dog, f"Has a dog named {dog}.", s3)]),
        (s4, [_own("child", a, f"Has a child named {a}.", s4),
              _own("child", b, f"Has a child named {b}.", s4)]),
    ]  # fmt: skip
    probes = [
        HoProbe("back-to-school shopping list for my boy", present=("son",), kind=PEOPLE),
        HoProbe("revision tips for my daughter", present=(eldest,), kind=PEOPLE),
        HoProbe("is it safe to give my dog apple slices?", present=(dog,), kind=PEOPLE),
        HoProbe("plan a weekend with the children", present=(a, b, eldest), kind=PEOPLE),
    ]
    return _life(user, start, turns, probes, rng)


SCENARIOS = (*SCENARIOS, _people_in_plans)
