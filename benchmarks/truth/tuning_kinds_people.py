"""Tuning cases for people in the user's life, past states and unseen statements (issue 12
kinds 7, 10 and the general "statements the extractor never saw"), in their own words.

Kinds: ``people`` — partners, children, parents, siblings, the wider family and pets, said
in many forms (a possessive with a name, "X's name is", a count and a list, no name at all,
a name in brackets or after a comma, "me and my ...", a name in a plan, lowercase, names
with diacritics or in another script), then asked for by a request that names the relation;
``past_state`` — a state that ended ("back when", "used to", "before I moved", "years ago",
"formerly", "my old ..."), before or after the current value, in the same turn or another:
the current value is shown and the past one is not; ``unseen_statement`` — facts in long
chatty messages, several in one message, texting, value first, passive, a question's
preamble. Values and wordings are this module's own (never the held-out split's).

About a third of the cases live in ``tuning_kinds_people_check.py``, written at the same
time and never fixed against: the generalisation check.

Example:
    >>> import random
    >>> from datetime import datetime, timezone
    >>> conv = SCENARIOS[0](random.Random(5), "u1", datetime(2026, 1, 5, tzinfo=timezone.utc))
    >>> conv.kinds
    ('people',)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta, timezone
from functools import partial

from benchmarks.truth.conversations import HoConversation, HoProbe, HoTurn
from langmem_plus.facts.models import CandidateFact

__all__ = [
    "CITY_ASKS",
    "ENDED",
    "FOOD_ASKS",
    "JOB_ASKS",
    "SCENARIOS",
    "Case",
    "Turn",
    "fact",
    "make",
]

PEOPLE, PAST, UNSEEN = "people", "past_state", "unseen_statement"
ENDED = datetime(2024, 1, 1, tzinfo=timezone.utc)
"""When a past state ended, for the ideal candidates (the words give no date)."""

Turn = tuple[str, Sequence[CandidateFact]]
Case = Callable[[random.Random], tuple[list[list[Turn]], list[HoProbe]]]
"""One case: sessions of (message, ideal candidates), and the probes."""

CITY_ASKS = (
    "any good bakeries near where I live?",
    "suggest an evening walk close to home",
    "which local farmers' market should I try this weekend?",
)
JOB_ASKS = (
    "help me write a two-line bio for a conference badge",
    "draft the signature for my work emails",
    "polish my linkedin headline please",
)
FOOD_ASKS = (
    "suggest a dinner I can cook tonight",
    "plan my meals for the weekend",
)


def fact(predicate: str, obj: str, text: str, **kw: object) -> CandidateFact:
    """An ideal candidate of the user's."""
    return CandidateFact.model_validate(
        {"kind": "fact", "predicate": predicate, "object": obj, "text": text, **kw}
    )


def _person(predicate: str, name: str, rel: str) -> CandidateFact:
    return fact(predicate, name, f"Has a {rel} named {name}.",
                single_valued=True if predicate == "partner" else None)  # fmt: skip


def make(case: Case, rng: random.Random, user: str, start: datetime) -> HoConversation:
    """The conversation of ``case``: one session every three days, probes after."""
    sessions, probes = case(rng)
    at = []
    for i, turns in enumerate(sessions):
        ts = tuple(
            HoTurn(text, tuple(c.model_copy(update={"quote": text}) for c in cands))
            for text, cands in turns
        )
        at.append((start + timedelta(days=3 * i), ts))
    return HoConversation(
        user_id=user,
        sessions=tuple(at),
        probes=tuple(probes),
        probe_at=start + timedelta(days=3 * len(sessions) + 1),
        kinds=tuple(sorted({p.kind for p in probes})),
    )


def _pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


# --------------------------------------------------------------------------- people


def _wife_named(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    name = rng.choice(("Ingrid", "Maëlle", "Rosalind", "Oluwaseun"))
    said = _pick(
        rng,
        f"My wife's name is {name}, she's a potter.",
        f"my wife's name is {name} btw",
        f"For context, my wife is called {name}.",
    )
    ask = _pick(
        rng, "what should I cook for my wife's birthday?", "anniversary present ideas for my wife"
    )
    probe = HoProbe(ask, (name,), kind=PEOPLE)
    return [[(said, [_person("partner", name, "wife")])]], [probe]


def _boys_listed(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    a, b = rng.sample(("Ilan", "Rafferty", "Kwabena", "Teodor", "Seamus"), 2)
    said = _pick(
        rng,
        f"We've got two boys, {a} and {b}.",
        f"we have 2 sons: {a} and {b}",
        f"I'm a dad of two — {a} and {b} — and they never sit still.",
    )
    ask = _pick(rng, "ideas for a rainy day with my boys", "plan a family day out with the kids")
    probe = HoProbe(ask, (a, b), kind=PEOPLE)
    return [[(said, [_person("child", a, "son"), _person("child", b, "son")])]], [probe]


def _toddler_unnamed(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    rel = rng.choice(("toddler", "baby"))
    said = _pick(
        rng,
        f"I've got a {rel} at home so evenings are short.",
        f"I have a {rel}, so sleep is a luxury these days",
        f"we had a {rel} in the spring!",
    )
    probe = HoProbe(f"easy dinners a {rel} will actually eat?", (rel,), kind=PEOPLE)
    return [[(said, [fact("child", f"a {rel}", f"Has a {rel}.")])]], [probe]


def _puppy_breed(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    name, breed = rng.choice((("Biscuit", "whippet"), ("Pom", "spaniel"), ("Yuzu", "collie")))
    said = _pick(
        rng,
        f"Our puppy, a {breed} called {name}, chewed my shoes again.",
        f"our new pup is a {breed} named {name}",
        f"We adopted a {breed}, {name}, last month.",
    )
    ask = _pick(rng, "is chocolate dangerous for my dog?", "a dog-friendly hike for saturday")
    probe = HoProbe(ask, (name,), kind=PEOPLE)
    return [[(said, [_person("pet", name, "dog")])]], [probe]


def _parent_bracket(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    name = rng.choice(("Haruto", "Bogdan", "Émile", "Chukwuma"))
    said = _pick(
        rng,
        f"My dad ({name}) turns seventy soon.",
        f"my father, {name}, is staying with us for a bit",
        f"Dad's name is {name}, if that helps.",
    )
    ask = _pick(
        rng, "birthday present ideas for my father", "what could I do with my dad on sunday?"
    )
    probe = HoProbe(ask, (name,), kind=PEOPLE)
    return [[(said, [_person("parent", name, "father")])]], [probe]


def _partner_and_i(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    said = _pick(
        rng,
        "My partner and I just bought a flat together.",
        "me and my partner are both terrible cooks",
        "My partner and I have been together six years.",
    )
    ask = _pick(rng, "date night ideas for my partner and me", "gift idea for my partner")
    probe = HoProbe(ask, ("partner",), kind=PEOPLE)
    return [[(said, [fact("partner", "a partner", "Has a partner.", single_valued=True)])]], [probe]


def _me_and_bf(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    name = rng.choice(("Kwame", "Dev", "Matías", "Jun"))
    said = _pick(
        rng,
        f"Me and my boyfriend {name} are hiking this weekend.",
        f"me n my bf {name} love board games",
        f"My boyfriend {name} and I cook together most nights.",
    )
    ask = _pick(
        rng, "romantic weekend ideas for my boyfriend", "what to get my boyfriend for christmas"
    )
    probe = HoProbe(ask, (name,), kind=PEOPLE)
    return [[(said, [_person("partner", name, "boyfriend")])]], [probe]


def _non_latin_child(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    name, rel = rng.choice((("美咲", "daughter"), ("Андрей", "son"), ("Zoë", "daughter"),
                            ("Αλέξης", "son")))  # fmt: skip
    said = _pick(
        rng,
        f"My {rel} {name} starts piano lessons.",
        f"our {rel} {name} is nine now",
        f"{name} is my {rel}.",
    )
    probe = HoProbe(f"birthday party ideas for my {rel}", (name,), kind=PEOPLE)
    return [[(said, [_person("child", name, rel)])]], [probe]


def _niece_in_plan(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    name = rng.choice(("Saoirse", "Anouk", "Thandiwe", "Lucía"))
    said = _pick(
        rng,
        f"Picking up my niece {name} from school later.",
        f"taking my niece {name} to the aquarium tomorrow",
        f"I'm babysitting my niece, {name}, on Saturday.",
    )
    probe = HoProbe("fun things to do with my niece", (name,), kind=PEOPLE)
    return [[(said, [_person("family_member", name, "niece")])]], [probe]


def _twin_brother(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    name = rng.choice(("Emeka", "Lorcan", "Björn", "Tariq"))
    said = _pick(
        rng,
        f"I have a twin brother, {name}.",
        f"my brother {name} and I are twins",
        f"I've got an older brother called {name}.",
    )
    probe = HoProbe("what should I get my brother for his birthday?", (name,), kind=PEOPLE)
    return [[(said, [_person("sibling", name, "brother")])]], [probe]


def _two_cats(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    a, b = rng.sample(("Miso", "Tamago", "Pickle", "Nori", "Figaro"), 2)
    said = _pick(
        rng,
        f"We have two cats, {a} and {b}.",
        f"i've got 2 kittens — {a} & {b} 😻",
        f"Our cats are called {a} and {b}.",
    )
    ask = _pick(
        rng,
        "which houseplants are safe for my cats?",
        "a cat-friendly way to keep my balcony green",
    )
    probe = HoProbe(ask, (a, b), kind=PEOPLE)
    return [[(said, [_person("pet", a, "cat"), _person("pet", b, "cat")])]], [probe]


def _grandmother_lives_with(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    name = rng.choice(("Wiesława", "Beatriz", "Margit", "Noor"))
    said = _pick(
        rng,
        f"My grandmother {name} lives with us now.",
        f"my gran, {name}, moved in with us in the summer",
        f"Honestly my grandma {name} is the best cook in the family.",
    )
    probe = HoProbe("a gift for my grandma", (name,), kind=PEOPLE)
    return [[(said, [_person("family_member", name, "grandmother")])]], [probe]


# --------------------------------------------------------------------------- past states


def _back_when_lived(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    now, then = rng.sample(("Kraków", "Gdańsk", "Bergen", "Tampere", "Aveiro"), 2)
    first = (f"I live in {now}.", [fact("city", now, f"Lives in {now}.")])
    past = _pick(
        rng,
        f"Back when I lived in {then} I cycled everywhere.",
        f"back when i lived in {then} the winters were brutal",
        f"I loved the markets back when I lived in {then}.",
    )
    ended = fact("city", then, f"Lived in {then}.", valid_to=ENDED)
    probe = HoProbe(rng.choice(CITY_ASKS), (now,), ((then, "stale"),), kind=PAST)
    return [[first], [(past, [ended])]], [probe]


def _used_to_work_then_now(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    old, new = rng.sample(("Brightwave Studios", "Norhaven Insurance", "Kestrel Analytics",
                           "Tallow & Pine"), 2)  # fmt: skip
    past = _pick(rng, f"I used to work at {old}.", f"used to work for {old}, long story")
    now = _pick(rng, f"These days I work at {new}.", f"I work at {new} now.")
    probe = HoProbe(rng.choice(JOB_ASKS), (new,), ((old, "stale"),), kind=PAST)
    return (
        [[(past, [fact("employer", old, f"Worked at {old}.", valid_to=ENDED)])],
         [(now, [fact("employer", new, f"Works at {new}.")])]],
        [probe],
    )  # fmt: skip


def _before_moved_here(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    now, then = rng.sample(("Porto", "Coimbra", "Lille", "Arnhem", "Gävle"), 2)
    said = _pick(
        rng,
        f"I'm based in {now} now. Before I moved here I was in {then} for six years.",
        f"I live in {now}; before I moved here I lived in {then}.",
    )
    probe = HoProbe(rng.choice(CITY_ASKS), (now,), ((then, "stale"),), kind=PAST)
    return [[(said, [fact("city", now, f"Lives in {now}."),
                     fact("city", then, f"Lived in {then}.", valid_to=ENDED)])]], [
        probe
    ]  # fmt: skip


def _years_ago_title(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    old, new, emp = rng.choice((("paramedic", "software tester", "Quillon"),
                                ("chef", "data analyst", "Maplestone"),
                                ("journalist", "product manager", "Ardent Labs")))  # fmt: skip
    first = (f"I'm a {new} at {emp}.", [fact("employer", emp, f"Works at {emp}."),
                                         fact("job_title", new, f"Works as a {new}.")])  # fmt: skip
    past = _pick(rng, f"Years ago I was a {old}, believe it or not.",
                 f"years ago i was a {old} lol")  # fmt: skip
    probe = HoProbe(rng.choice(JOB_ASKS), (emp,), ((old, "stale"),), kind=PAST)
    return [[first], [(past, [fact("job_title", old, f"Was a {old}.",
                                   valid_to=ENDED)])]], [probe]  # fmt: skip


def _formerly_at(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    old, new = rng.sample(("Dunmore Capital", "Pellucid", "Sagebrush Health", "Orbitale"), 2)
    said = _pick(
        rng,
        f"Formerly at {old}, now at {new}.",
        f"I'm at {new}. Formerly at {old}.",
    )
    probe = HoProbe(rng.choice(JOB_ASKS), (new,), ((old, "stale"),), kind=PAST)
    return [[(said, [fact("employer", old, f"Worked at {old}.", valid_to=ENDED),
                     fact("employer", new, f"Works at {new}.")])]], [probe]  # fmt: skip


def _old_car(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    now, then = rng.choice((("Škoda Octavia", "Fiat Panda"), ("Honda Jazz", "Volvo V40"),
                            ("Kia Niro", "Ford Fiesta")))  # fmt: skip
    first = (f"I drive a {now}.", [fact("car", now, f"Drives a {now}.", single_valued=True)])
    past = _pick(rng, f"My old car was a {then}, that thing was indestructible.",
                 f"my old car was a {then} and i miss it")  # fmt: skip
    probe = HoProbe("which winter tyres should I get for my car?", (now,), ((then, "stale"),),
                    kind=PAST)  # fmt: skip
    return [[first], [(past, [fact("car", then, f"Drove a {then}.", single_valued=True,
                                   valid_to=ENDED)])]], [probe]  # fmt: skip


def _past_only(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    then = rng.choice(("Nairobi", "Valparaíso", "Hobart"))
    said = _pick(rng, f"I used to live in {then}.", f"i lived in {then} for a while, ages ago")
    probe = HoProbe(rng.choice(CITY_ASKS), (), ((then, "stale"),), kind=PAST)
    return [[(said, [fact("city", then, f"Lived in {then}.", valid_to=ENDED)])]], [probe]


def _past_then_current_later(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    now, then = rng.sample(("York", "Leeds", "Bath", "Derry", "Stirling"), 2)
    past = _pick(rng, f"I lived in {then} for ten years.", f"Previously I lived in {then}.")
    later = _pick(rng, f"I live in {now}.", f"home is {now} these days")
    probe = HoProbe(rng.choice(CITY_ASKS), (now,), ((then, "stale"),), kind=PAST)
    return [[(past, [fact("city", then, f"Lived in {then}.", valid_to=ENDED)])],
            [(later, [fact("city", now, f"Lives in {now}.")])]], [probe]  # fmt: skip


# --------------------------------------------------------------------------- unseen statements


def _buried(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    city, emp = rng.choice((("Harrogate", "Tessellate Labs"), ("Dundalk", "Brambleway"),
                            ("Odense", "Fjordline Data")))  # fmt: skip
    said = (
        "Hey! Long week, honestly. The printer broke twice, my neighbour's dog barked all "
        f"night and it rained every single day. Anyway, I live in {city} and I work at {emp}, "
        "so the commute is fine at least. Right, I'll stop rambling now."
    )
    probes = [HoProbe(rng.choice(CITY_ASKS), (city,), kind=UNSEEN),
              HoProbe(rng.choice(JOB_ASKS), (emp,), kind=UNSEEN)]  # fmt: skip
    return [[(said, [fact("city", city, f"Lives in {city}."),
                     fact("employer", emp, f"Works at {emp}.")])]], probes  # fmt: skip


def _several(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    city, emp, food = rng.choice((("Sapporo", "Hoshino Foods", "sesame"),
                                  ("Tromsø", "Nordlys Energi", "celery"),
                                  ("Cusco", "Andes Textiles", "mustard")))  # fmt: skip
    said = f"Quick intro: I live in {city}, I work for {emp} and I'm allergic to {food}."
    probes = [HoProbe(rng.choice(FOOD_ASKS), (food,), kind=UNSEEN),
              HoProbe(rng.choice(JOB_ASKS), (emp,), kind=UNSEEN)]  # fmt: skip
    return [[(said, [fact("city", city, f"Lives in {city}."),
                     fact("employer", emp, f"Works at {emp}."),
                     fact("allergy", food, f"Is allergic to {food}.")])]], probes  # fmt: skip


def _texting(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    city = rng.choice(("bristol", "utrecht", "wellington"))
    said = _pick(rng, f"lol just moved to {city} 🏠 loving it so far",
                 f"omg finally living in {city} now!!! 🎉")  # fmt: skip
    probe = HoProbe(rng.choice(CITY_ASKS), (city,), kind=UNSEEN)
    return [[(said, [fact("city", city.title(), f"Lives in {city.title()}.")])]], [probe]


def _value_first(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    city = rng.choice(("Ljubljana", "Tbilisi", "Zaragoza"))
    said = _pick(rng, f"{city} is where I live these days.", f"{city}'s home for me now.",
                 f"{city} is home now.")  # fmt: skip
    probe = HoProbe(rng.choice(CITY_ASKS), (city,), kind=UNSEEN)
    return [[(said, [fact("city", city, f"Lives in {city}.")])]], [probe]


def _passive(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    emp = rng.choice(("Marlow Biotech", "Corrigan & Webb", "Vantablue"))
    said = _pick(rng, f"I'm employed by {emp}.", f"I am employed at {emp} as of this year.",
                 f"i'm on the payroll at {emp}")  # fmt: skip
    probe = HoProbe(rng.choice(JOB_ASKS), (emp,), kind=UNSEEN)
    return [[(said, [fact("employer", emp, f"Works at {emp}.")])]], [probe]


def _preamble(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    diet, city = rng.choice((("pescatarian", "Aarhus"), ("vegetarian", "Bilbao"),
                             ("vegan", "Kaunas")))  # fmt: skip
    said = _pick(
        rng,
        f"As a {diet} living in {city}, where can I eat well on a budget?",
        f"as a {diet} who lives in {city}, what should I try at the night market?",
    )
    probes = [HoProbe(rng.choice(FOOD_ASKS), (diet,), kind=UNSEEN),
              HoProbe(rng.choice(CITY_ASKS), (city,), kind=UNSEEN)]  # fmt: skip
    return [[(said, [fact("dietary_restriction", diet, f"Is {diet}."),
                     fact("city", city, f"Lives in {city}.")])]], probes  # fmt: skip


def _and_abbrev(rng: random.Random) -> tuple[list[list[Turn]], list[HoProbe]]:
    city, emp = rng.choice((("galway", "Penrose Dental"), ("leuven", "Quartzline"),
                            ("tartu", "Birchmoor")))  # fmt: skip
    said = _pick(rng, f"i live in {city} n work at {emp}", f"live in {city}, work at {emp} 🙂")
    probes = [HoProbe(rng.choice(CITY_ASKS), (city,), kind=UNSEEN),
              HoProbe(rng.choice(JOB_ASKS), (emp,), kind=UNSEEN)]  # fmt: skip
    return [[(said, [fact("city", city.title(), f"Lives in {city.title()}."),
                     fact("employer", emp, f"Works at {emp}.")])]], probes  # fmt: skip


CASES: tuple[Case, ...] = (
    _wife_named, _boys_listed, _toddler_unnamed, _puppy_breed, _parent_bracket,
    _partner_and_i, _me_and_bf, _non_latin_child, _niece_in_plan, _twin_brother, _two_cats,
    _grandmother_lives_with,
    _back_when_lived, _used_to_work_then_now, _before_moved_here, _years_ago_title,
    _formerly_at, _old_car, _past_only, _past_then_current_later,
    _buried, _several, _texting, _value_first, _passive, _preamble, _and_abbrev,
)  # fmt: skip

SCENARIOS: tuple[Callable[[random.Random, str, datetime], HoConversation], ...] = tuple(
    partial(make, c) for c in CASES
)
