"""Held-out split v7, part b: how true memory stays when the user takes things back (#12).

Written blind (without reading the extractor, the earlier splits or the tuning split). Each
simulated user has 3 or 4 sessions and one scenario of every kind below, plus free-form
turns that carry no fact (requests, chatter), then one probe per scenario and one
irrelevant request, all sent after the last session:

* ``retraction``: something stops being true and nothing replaces it (a membership
  cancelled, a pet that died, a hobby given up, a diet dropped); the value must be gone,
  what was said alongside it must stay.
* ``correction``: the user corrects what they said, in the same sentence or in a later
  session; only the right value may come back.
* ``forget``: the user asks, in plain words, to forget a topic or everything; the values
  must not come back.
* ``explicit_save``: "remember that ..." in many forms, sometimes buried in a long message;
  the value must come back for a later request it bears on.
* ``one_at_a_time``: an attribute a person has one of at a time (a carrier, a car, a bank,
  a dentist, a desk, a home) is switched; only the last value may show.

Every value is invented for this split. ``one_off_share`` measures how many user turns use
a wording that occurs once in the whole split.

Example:
    >>> convs = generate_heldout_v7_b(seed=0, users=2)
    >>> [c.user_id for c in convs]
    ['h7b-0', 'h7b-1']
    >>> sorted({p.kind for p in convs[0].probes}) == sorted((*KINDS, "irrelevant"))
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

__all__ = ["KINDS", "generate_heldout_v7_b", "one_off_share"]

KINDS = ("retraction", "correction", "forget", "explicit_save", "one_at_a_time")

_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


# ----------------------------------------------------------------------------- helpers


def _c(
    quote: str,
    predicate: str,
    obj: str,
    text: str,
    *,
    kind: str = "fact",
    holder: str = "user",
    **grounding: Any,
) -> CandidateFact:
    """A candidate a careful extractor proposes for ``quote`` (the whole user turn)."""
    subject = "user" if holder == "user" else f"person:{holder}"
    return CandidateFact(
        kind=kind,
        subject=subject,
        predicate=predicate,
        object=obj,
        text=text,
        quote=quote,
        holder=holder,
        **grounding,
    )


def _day(at: datetime, back: int) -> datetime:
    d = at - timedelta(days=back)
    return datetime(d.year, d.month, d.day, tzinfo=timezone.utc)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _recently(rng: random.Random, at: datetime) -> tuple[str, datetime]:
    """A relative date a week or less before ``at`` (sessions are 9+ days apart, so it is
    always after the previous session), in one of several spellings."""
    back = rng.randint(2, 6)
    form = rng.randrange(4)
    if form == 0:
        words = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}[back]
        return f"{words} days ago", _day(at, back)
    if form == 1:
        return f"on {_WEEKDAYS[(at - timedelta(days=back)).weekday()]}", _day(at, back)
    if form == 2:
        return "last week", _day(at, 7)
    return f"on the {_ordinal((at - timedelta(days=back)).day)}", _day(at, back)


Step = list[tuple[str, HoTurn]]
"""One scenario step: turns said in one session, in order, each with its wording key."""


@dataclass
class _Scenario:
    kind: str
    steps: list[Step]
    probe: HoProbe
    forbidden: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class _Builder:
    name: str
    kind: str
    steps: int
    predicates: frozenset[str]
    make: Callable[[random.Random, list[datetime]], _Scenario]
    first_session: bool = False
    """The scenario owns the first session (a forget-everything: nothing else before it)."""


_BUILDERS: list[_Builder] = []


def _builder(
    kind: str, steps: int, predicates: set[str], *, first_session: bool = False
) -> Callable[[Callable[[random.Random, list[datetime]], _Scenario]], None]:
    def register(fn: Callable[[random.Random, list[datetime]], _Scenario]) -> None:
        _BUILDERS.append(
            _Builder(fn.__name__, kind, steps, frozenset(predicates), fn, first_session)
        )

    return register


def _pick(rng: random.Random, name: str, variants: list[str]) -> tuple[str, str]:
    """One wording of several (its key names the wording, for the one-off share)."""
    i = rng.randrange(len(variants))
    return f"{name}#{i}", variants[i]


# ------------------------------------------------------------------------ retraction


@_builder("retraction", 2, {"gym"})
def _gym_cancelled(rng: random.Random, at: list[datetime]) -> _Scenario:
    gym = rng.choice(
        ["Pulsewell Fitness", "Ironbark Gym", "Tidewater Leisure Club", "Halcyon Health Club"]
    )
    k1, t1 = _pick(
        rng,
        "gym1",
        [
            f"finally joined {gym} near the office. £34 a month but they have a pool so worth it",
            f"Been going to {gym} three mornings a week since the new year and honestly I "
            "feel like a different person",
        ],
    )
    k2, t2 = _pick(
        rng,
        "gym2",
        [
            f"cancelled my {gym} membership yesterday, couldn't justify it with the new shifts",
            f"So I'm not a member at {gym} any more - froze it in the autumn and then just "
            "let it lapse.",
            f"definately not going back to {gym}, cancelled the direct debit this morning",
        ],
    )
    s1 = [(k1, HoTurn(t1, (_c(t1, "gym", gym, f"The user is a member of {gym}."),)))]
    s2 = [
        (
            k2,
            HoTurn(
                t2,
                (
                    _c(
                        t2,
                        "gym",
                        gym,
                        f"The user is no longer a member of {gym}.",
                        polarity="retract",
                    ),
                ),
            ),
        )
    ]
    req = rng.choice(
        [
            "any ideas to stay active this month? I've got most evenings free",
            "Can you put together a fitness routine I can actually stick to?",
        ]
    )
    probe = HoProbe(req, absent=((gym, "retracted"),), kind="retraction")
    return _Scenario("retraction", [s1, s2], probe, ((gym, "retracted"),))


@_builder("retraction", 2, {"hobby"})
def _hobby_dropped(rng: random.Random, at: list[datetime]) -> _Scenario:
    keep, drop = rng.choice(
        [
            ("life drawing", "sea swimming"),
            ("bell ringing", "parkrun"),
            ("pottery", "kickboxing"),
            ("woodturning", "ultimate frisbee"),
            ("chess club", "roller derby"),
        ]
    )
    k1, t1 = _pick(
        rng,
        "hob1",
        [
            f"I've been doing {keep} on tuesdays and {drop} at the weekends, keeps me sane tbh",
            f"Weekly rhythm at the moment: {keep} midweek, {drop} on Saturday mornings, and "
            "far too much telly in between.",
        ],
    )
    k2, t2 = _pick(
        rng,
        "hob2",
        [
            f"gave up {drop} in the end, my knee just hates it. still love the {keep} though",
            f"Quick update: I've stopped {drop}. It wasn't fun any more. {keep.capitalize()} "
            "is still going strong!",
        ],
    )
    s1 = [
        (
            k1,
            HoTurn(
                t1,
                (
                    _c(t1, "hobby", keep, f"The user does {keep}."),
                    _c(t1, "hobby", drop, f"The user does {drop}."),
                ),
            ),
        )
    ]
    s2 = [
        (
            k2,
            HoTurn(
                t2,
                (
                    _c(t2, "hobby", drop, f"The user no longer does {drop}.", polarity="retract"),
                    _c(t2, "hobby", keep, f"The user does {keep}."),
                ),
            ),
        )
    ]
    req = rng.choice(
        [
            "I've got a free weekend coming up, suggest something based on what I'm into",
            "my friend wants to buy me a present linked to my hobbies, what should I tell her?",
        ]
    )
    probe = HoProbe(req, present=(keep,), absent=((drop, "retracted"),), kind="retraction")
    return _Scenario("retraction", [s1, s2], probe, ((drop, "retracted"),))


@_builder("retraction", 2, {"pet"})
def _pet_died(rng: random.Random, at: list[datetime]) -> _Scenario:
    animal, name = rng.choice(
        [("cat", "Bramble"), ("dog", "Mortimer"), ("rabbit", "Tofu"), ("dog", "Koshka")]
    )
    when, dt = _recently(rng, at[1])
    k1, t1 = _pick(
        rng,
        "pet1",
        [
            f"we adopted a {animal} called {name} from the rescue last year, total menace 😂",
            f"{name} (our {animal}) knocked a whole plant off the windowsill this morning, "
            "I swear it's on purpose",
        ],
    )
    k2, t2 = _pick(
        rng,
        "pet2",
        [
            f"sad news, {name} died {when}. house feels so empty",
            f"We had to have {name} put to sleep {when}. Still can't quite believe it.",
        ],
    )
    s1 = [(k1, HoTurn(t1, (_c(t1, "pet", name, f"The user has a {animal} named {name}."),)))]
    s2 = [
        (
            k2,
            HoTurn(
                t2,
                (
                    _c(
                        t2,
                        "pet",
                        name,
                        f"The user's {animal} {name} has died.",
                        polarity="retract",
                        valid_from=dt,
                        time_stated=True,
                    ),
                ),
            ),
        )
    ]
    req = rng.choice(
        [
            "I'm away for a week in May - what do I need to sort at home before I go?",
            "Help me write a to-do list for a calm Saturday at home.",
        ]
    )
    probe = HoProbe(req, absent=((name, "retracted"),), kind="retraction")
    return _Scenario("retraction", [s1, s2], probe, ((name, "retracted"),))


@_builder("retraction", 2, {"dietary_restriction"})
def _diet_dropped(rng: random.Random, at: list[datetime]) -> _Scenario:
    diet = rng.choice(["pescatarian", "vegetarian"])
    k1, t1 = _pick(
        rng,
        "diet1",
        [
            f"I'm {diet} these days so no meat in any recipes please",
            f"my flatmate is vegan and I'm {diet}, so dinners here are... creative",
        ],
    )
    k2, t2 = _pick(
        rng,
        "diet2",
        [
            f"fyi I'm not {diet} anymore, started eating chicken again when I was travelling",
            f"Right, the {diet} phase is over. I eat everything again, steak included.",
        ],
    )
    ideal = [_c(t1, "dietary_restriction", diet, f"The user is {diet}.")]
    slips: tuple[Slip, ...] = ()
    if "flatmate" in t1:
        other = _c(
            t1, "dietary_restriction", "vegan", "The user's flatmate is vegan.", holder="flatmate"
        )
        ideal.append(other)
        slips = (
            Slip(
                "other_person_as_user",
                _c(t1, "dietary_restriction", "vegan", "The user is vegan."),
                "vegan",
            ),
        )
    s1 = [(k1, HoTurn(t1, tuple(ideal), slips))]
    s2 = [
        (
            k2,
            HoTurn(
                t2,
                (
                    _c(
                        t2,
                        "dietary_restriction",
                        diet,
                        f"The user is no longer {diet}.",
                        polarity="retract",
                    ),
                ),
            ),
        )
    ]
    req = rng.choice(
        [
            "give me a quick dinner idea for tonight, something warming",
            "What could I cook for a big Sunday lunch with friends?",
        ]
    )
    probe = HoProbe(req, absent=((diet, "retracted"),), kind="retraction")
    forbidden = [(diet, "retracted")]
    if slips:
        forbidden.append(("vegan", "other_person"))
    return _Scenario("retraction", [s1, s2], probe, tuple(forbidden))


@_builder("retraction", 2, {"side_job"})
def _side_job_left(rng: random.Random, at: list[datetime]) -> _Scenario:
    shop = rng.choice(
        [
            "Greenhaven Garden Centre",
            "Brindle & Oak Bakery",
            "Tully's Hardware",
            "Moss Lane Nursery",
        ]
    )
    when, dt = _recently(rng, at[1])
    k1, t1 = _pick(
        rng,
        "job1",
        [
            f"on top of the day job I do saturdays at {shop}, bit of extra cash",
            f"Knackered. Did a ten hour Saturday shift at {shop} - the weekend job is "
            "starting to feel like a second career lol",
        ],
    )
    k2, t2 = _pick(
        rng,
        "job2",
        [
            f"I'm done at {shop}!! handed my notice in, last shift was {when}",
            f"no more weekends at {shop} for me, I finished there {when} 🎉",
        ],
    )
    s1 = [(k1, HoTurn(t1, (_c(t1, "side_job", shop, f"The user works Saturdays at {shop}."),)))]
    s2 = [
        (
            k2,
            HoTurn(
                t2,
                (
                    _c(
                        t2,
                        "side_job",
                        shop,
                        f"The user no longer works at {shop}.",
                        polarity="retract",
                        valid_from=dt,
                        time_stated=True,
                    ),
                ),
            ),
        )
    ]
    req = rng.choice(
        [
            "help me plan my weekends for next month, I want to actually use them",
            "When would be a good time for me to fit in a weekly language class?",
        ]
    )
    probe = HoProbe(req, absent=((shop, "retracted"),), kind="retraction")
    return _Scenario("retraction", [s1, s2], probe, ((shop, "retracted"),))


@_builder("retraction", 2, {"allergy"})
def _allergy_cleared(rng: random.Random, at: list[datetime]) -> _Scenario:
    gone, stays = rng.choice(
        [
            ("pecans", "celery"),
            ("buckwheat", "lupin"),
            ("kiwi", "pine nuts"),
            ("hazelnuts", "mustard"),
        ]
    )
    k1, t1 = _pick(
        rng,
        "all1",
        [
            f"heads up I'm allergic to {gone} and {stays}, so watch out if you give me recipes",
            f"Ugh, reacted to something at lunch again. It's either the {gone} or the {stays}, "
            "I'm allergic to both.",
        ],
    )
    k2, t2 = _pick(
        rng,
        "all2",
        [
            f"good news, the allergy clinic says I'm not allergic to {gone} after all! "
            f"{stays} is still a definite no though",
            f"Turns out the {gone} allergy was never real, the skin prick test was clear. "
            f"Only {stays} came back positive.",
        ],
    )
    s1 = [
        (
            k1,
            HoTurn(
                t1,
                (
                    _c(t1, "allergy", gone, f"The user is allergic to {gone}."),
                    _c(t1, "allergy", stays, f"The user is allergic to {stays}."),
                ),
            ),
        )
    ]
    s2 = [
        (
            k2,
            HoTurn(
                t2,
                (
                    _c(
                        t2,
                        "allergy",
                        gone,
                        f"The user is not allergic to {gone}.",
                        polarity="retract",
                    ),
                    _c(t2, "allergy", stays, f"The user is allergic to {stays}."),
                ),
            ),
        )
    ]
    req = rng.choice(
        [
            "I'm baking for the office bake sale on friday, what should I make?",
            "Can you plan me a picnic menu for four?",
        ]
    )
    probe = HoProbe(req, present=(stays,), absent=((gone, "retracted"),), kind="retraction")
    return _Scenario("retraction", [s1, s2], probe, ((gone, "retracted"),))


@_builder("retraction", 2, {"season_ticket"})
def _season_ticket_lapsed(rng: random.Random, at: list[datetime]) -> _Scenario:
    club = rng.choice(["Harrowfield Town", "Kelso Rovers", "Dunmore Athletic", "Castlebay United"])
    k1, t1 = _pick(
        rng,
        "club1",
        [
            f"got a season ticket for {club} again this year, same seat in the north stand",
            f"Sat through a 0-0 at {club} in the freezing rain. The joys of being a season "
            "ticket holder.",
        ],
    )
    k2, t2 = _pick(
        rng,
        "club2",
        [
            f"didn't renew the {club} season ticket, the board's a joke and it's £540",
            f"That's me finished with {club} - I've let the season ticket go.",
        ],
    )
    s1 = [
        (
            k1,
            HoTurn(
                t1,
                (_c(t1, "season_ticket", club, f"The user has a season ticket for {club}."),),
            ),
        )
    ]
    s2 = [
        (
            k2,
            HoTurn(
                t2,
                (
                    _c(
                        t2,
                        "season_ticket",
                        club,
                        f"The user no longer has a season ticket for {club}.",
                        polarity="retract",
                    ),
                ),
            ),
        )
    ]
    req = rng.choice(
        [
            "what could I do with my saturday afternoons this spring?",
            "Suggest a birthday treat for me, something I'd actually enjoy.",
        ]
    )
    probe = HoProbe(req, absent=((club, "retracted"),), kind="retraction")
    return _Scenario("retraction", [s1, s2], probe, ((club, "retracted"),))


# ------------------------------------------------------------------------ correction


@_builder("correction", 2, {"city"})
def _city_corrected(rng: random.Random, at: list[datetime]) -> _Scenario:
    wrong, right = rng.choice(
        [
            ("Leuven", "Ghent"),
            ("Braga", "Porto"),
            ("Wrocław", "Poznań"),
            ("Limerick", "Galway"),
            ("Bodø", "Tromsø"),
        ]
    )
    k1, t1 = _pick(
        rng,
        "city1",
        [
            f"we finally moved!! new flat in {wrong}, 3rd floor and no lift 😩",
            f"Settling in to life in {wrong}. The boxes are winning so far.",
        ],
    )
    k2, t2 = _pick(
        rng,
        "city2",
        [
            f"wait did I say {wrong} last time? I meant {right}. {wrong} is where we nearly "
            "ended up, I think I had it on the brain",
            f"Correction to something I told you: we live in {right}, not {wrong}. Long week.",
        ],
    )
    s1 = [(k1, HoTurn(t1, (_c(t1, "city", wrong, f"The user lives in {wrong}."),)))]
    s2 = [
        (
            k2,
            HoTurn(t2, (_c(t2, "city", right, f"The user lives in {right}.", corrects=wrong),)),
        )
    ]
    req = rng.choice(
        [
            "any nice day trips within an hour of home for sunday?",
            "Recommend a cosy restaurant near where we are for a date night.",
        ]
    )
    probe = HoProbe(req, present=(right,), absent=((wrong, "corrected"),), kind="correction")
    return _Scenario("correction", [s1, s2], probe, ((wrong, "corrected"),))


@_builder("correction", 1, {"preferred_name"})
def _name_corrected_mid_sentence(rng: random.Random, at: list[datetime]) -> _Scenario:
    bad, good = rng.choice(
        [
            ("Sash", "Aleksandra"),
            ("Wojtek", "Wojciech"),
            ("Roz", "Rosalind"),
            ("Iggy", "Ignacio"),
            ("Shiv", "Siobhán"),
        ]
    )
    k1, t1 = _pick(
        rng,
        "name1",
        [
            f"you can call me {bad} - hm actually no, make it {good}, {bad} makes me feel "
            "about eight",
            f"btw it's {bad}. No wait, {good}. {bad} was a school thing and school is over",
        ],
    )
    s1 = [
        (
            k1,
            HoTurn(
                t1,
                (
                    _c(
                        t1,
                        "preferred_name",
                        good,
                        f"The user likes to be called {good}.",
                        kind="preference",
                        corrects=bad,
                    ),
                ),
            ),
        )
    ]
    req = rng.choice(
        [
            "draft a friendly sign-off I can use at the end of my emails",
            "Write a two-line intro for me for the neighbourhood WhatsApp group.",
        ]
    )
    probe = HoProbe(req, present=(good,), absent=((bad, "corrected"),), kind="correction")
    return _Scenario("correction", [s1], probe, ())


@_builder("correction", 2, {"home_airport"})
def _airport_corrected(rng: random.Random, at: list[datetime]) -> _Scenario:
    wrong, right = rng.choice(
        [
            ("Exeter", "Bristol"),
            ("Maastricht", "Eindhoven"),
            ("Aalborg", "Billund"),
            ("Verona", "Bergamo"),
            ("Katowice", "Gdańsk"),
        ]
    )
    k1, t1 = _pick(
        rng,
        "air1",
        [
            f"I always fly from {wrong}, it's the closest airport to us",
            f"Our local airport is {wrong} - tiny, but no queues.",
        ],
    )
    k2, t2 = _pick(
        rng,
        "air2",
        [
            f"correction: my home airport is {right} not {wrong}, no idea why I said that",
            f"ignore what I said before about {wrong}, the one we use is {right}. brain fog",
        ],
    )
    s1 = [(k1, HoTurn(t1, (_c(t1, "home_airport", wrong, f"The user flies from {wrong}."),)))]
    s2 = [
        (
            k2,
            HoTurn(
                t2,
                (
                    _c(
                        t2,
                        "home_airport",
                        right,
                        f"The user's home airport is {right}.",
                        corrects=wrong,
                    ),
                ),
            ),
        )
    ]
    req = rng.choice(
        [
            "find me some ideas for a cheap-ish long weekend somewhere sunny in March",
            "How early should I leave for a 7am flight next week?",
        ]
    )
    probe = HoProbe(req, present=(right,), absent=((wrong, "corrected"),), kind="correction")
    return _Scenario("correction", [s1, s2], probe, ((wrong, "corrected"),))


@_builder("correction", 2, {"job_title"})
def _title_corrected(rng: random.Random, at: list[datetime]) -> _Scenario:
    wrong, right = rng.choice(
        [
            ("sous chef", "chef de partie"),
            ("line producer", "production coordinator"),
            ("principal planner", "senior planner"),
            ("head of year", "form tutor"),
        ]
    )
    k1, t1 = _pick(
        rng,
        "job_t1",
        [
            f"got the promotion!!! officially a {wrong} as of this week",
            f"I'm a {wrong} now, which mostly means more spreadsheets.",
        ],
    )
    k2, t2 = _pick(
        rng,
        "job_t2",
        [
            f"small correction, I'm a {right}, {wrong} is the grade above. wishful thinking 😅",
            f"Sorry, I got my own job wrong last time - the title is {right}, not {wrong}.",
        ],
    )
    s1 = [(k1, HoTurn(t1, (_c(t1, "job_title", wrong, f"The user works as a {wrong}."),)))]
    s2 = [
        (
            k2,
            HoTurn(
                t2,
                (_c(t2, "job_title", right, f"The user works as a {right}.", corrects=wrong),),
            ),
        )
    ]
    req = rng.choice(
        [
            "help me update the headline on my LinkedIn profile",
            "Write a short bio for the speaker list at a careers fair.",
        ]
    )
    probe = HoProbe(req, present=(right,), absent=((wrong, "corrected"),), kind="correction")
    return _Scenario("correction", [s1, s2], probe, ((wrong, "corrected"),))


@_builder("correction", 2, {"birthday"})
def _birthday_corrected(rng: random.Random, at: list[datetime]) -> _Scenario:
    day = rng.randint(3, 27)
    wrong, right = rng.choice([("June", "July"), ("March", "May"), ("October", "November")])
    k1, t1 = _pick(
        rng,
        "bday1",
        [
            f"my birthday's the {_ordinal(day)} of {wrong}, in case that's ever useful",
            f"I was born on {day} {wrong}, the same week as the village fete every year",
        ],
    )
    k2, t2 = _pick(
        rng,
        "bday2",
        [
            f"oops, I told you {wrong} for my birthday - it's {right}! no idea where {wrong} "
            "came from",
            f"Typo earlier: {_ordinal(day)} of {right}, not {wrong}. I do know my own "
            "birthday, I promise.",
        ],
    )
    s1 = [(k1, HoTurn(t1, (_c(t1, "birthday", wrong, f"The user's birthday is in {wrong}."),)))]
    s2 = [
        (
            k2,
            HoTurn(
                t2,
                (
                    _c(
                        t2,
                        "birthday",
                        right,
                        f"The user's birthday is on the {_ordinal(day)} of {right}.",
                        corrects=wrong,
                    ),
                ),
            ),
        )
    ]
    req = rng.choice(
        [
            "I'm turning 40 this year and want to throw something, when should I start sorting it?",
            "When should I book a table for my own birthday dinner so I don't miss out?",
        ]
    )
    probe = HoProbe(req, present=(right,), absent=((wrong, "corrected"),), kind="correction")
    return _Scenario("correction", [s1, s2], probe, ((wrong, "corrected"),))


@_builder("correction", 1, {"pet"})
def _cats_corrected_mid_sentence(rng: random.Random, at: list[datetime]) -> _Scenario:
    a, b, old = rng.choice(
        [
            ("Sorrel", "Nutmeg", "Biscuit"),
            ("Juniper", "Pancake", "Whiskers"),
            ("Mochi", "Pilchard", "Smudge"),
        ]
    )
    k1, t1 = _pick(
        rng,
        "cats",
        [
            f"we've got two cats, {a} and {old} - sorry, {a} and {b}, typing on the bus",
            f"the cats ({a} and {old}... no, {b}! autocorrect) have decided the new sofa is theirs",
        ],
    )
    s1 = [
        (
            k1,
            HoTurn(
                t1,
                (
                    _c(t1, "pet", a, f"The user has a cat named {a}."),
                    _c(t1, "pet", b, f"The user has a cat named {b}.", corrects=old),
                ),
            ),
        )
    ]
    req = rng.choice(
        [
            "I'm off for a long weekend, write a note for the cat sitter",
            "What should I pack for the animals if we go to my sister's for Christmas?",
        ]
    )
    probe = HoProbe(req, present=(a, b), absent=((old, "corrected"),), kind="correction")
    return _Scenario("correction", [s1], probe, ())


# ---------------------------------------------------------------------------- forget


@_builder("forget", 2, {"mortgage_lender"})
def _forget_mortgage(rng: random.Random, at: list[datetime]) -> _Scenario:
    bank = rng.choice(["Thornbury Building Society", "Coastline Mutual", "Ashgrove Home Loans"])
    k1, t1 = _pick(
        rng,
        "mort1",
        [
            f"we're going for a mortgage with {bank}, they want a 10% deposit which is brutal",
            f"Had the mortgage meeting at {bank} today. Two hours of paperwork and a biscuit.",
        ],
    )
    k2, t2 = _pick(
        rng,
        "mort2",
        [
            "can you forget the mortgage stuff I mentioned? it's not happening and I'd rather "
            "it wasn't saved",
            "Please wipe whatever you kept about our mortgage. We've pulled out.",
        ],
    )
    s1 = [
        (
            k1,
            HoTurn(t1, (_c(t1, "mortgage_lender", bank, f"The user's mortgage is with {bank}."),)),
        )
    ]
    s2 = [(k2, HoTurn(t2))]
    req = rng.choice(
        [
            "I've got a bit spare each month now, what should I do with it?",
            "Help me write a monthly budget for the two of us.",
        ]
    )
    probe = HoProbe(req, absent=((bank, "forgotten"),), kind="forget")
    return _Scenario("forget", [s1, s2], probe, ((bank, "forgotten"),))


@_builder("forget", 2, {"salary"})
def _forget_pay(rng: random.Random, at: list[datetime]) -> _Scenario:
    pay = rng.choice(["41k", "38k", "52k", "47k"])
    k1, t1 = _pick(
        rng,
        "pay1",
        [
            f"I'm on {pay} before tax, is that normal for someone 5 years in?",
            f"honestly {pay} a year doesn't stretch far round here. anyway",
        ],
    )
    k2, t2 = _pick(
        rng,
        "pay2",
        [
            "delete anything about my pay please, shouldn't have shared that",
            "Could you not keep my salary on file? Forget that number.",
        ],
    )
    s1 = [(k1, HoTurn(t1, (_c(t1, "salary", pay, f"The user earns {pay} a year."),)))]
    s2 = [(k2, HoTurn(t2))]
    req = rng.choice(
        [
            "help me work out how much I can spend on a summer holiday",
            "Should I ask for a raise this year? Give me a plan for the conversation.",
        ]
    )
    probe = HoProbe(req, absent=((pay, "forgotten"),), kind="forget")
    return _Scenario("forget", [s1, s2], probe, ((pay, "forgotten"),))


@_builder("forget", 2, {"allotment"})
def _forget_allotment(rng: random.Random, at: list[datetime]) -> _Scenario:
    site = rng.choice(["Wickham Road allotments", "Hollybush Lane allotments", "Saltmarsh Gardens"])
    k1, t1 = _pick(
        rng,
        "allot1",
        [
            f"I'm on the waiting list for a plot at {site}, apparently 18 months",
            f"Put my name down at {site} for a plot. Fingers crossed!",
        ],
    )
    k2, t2 = _pick(
        rng,
        "allot2",
        [
            "scrap the allotment info from your memory pls",
            "forget everything I said about the allotment, I took my name off the list",
        ],
    )
    s1 = [
        (
            k1,
            HoTurn(t1, (_c(t1, "allotment", site, f"The user is on the waiting list at {site}."),)),
        )
    ]
    s2 = [(k2, HoTurn(t2))]
    req = rng.choice(
        [
            "thinking of growing some veg this year, where do I start?",
            "What could I plant on a small balcony in April?",
        ]
    )
    probe = HoProbe(req, absent=((site, "forgotten"),), kind="forget")
    return _Scenario("forget", [s1, s2], probe, ((site, "forgotten"),))


@_builder("forget", 2, {"family_member"})
def _forget_a_person(rng: random.Random, at: list[datetime]) -> _Scenario:
    rel, name = rng.choice(
        [("cousin", "Dragan"), ("stepdad", "Keith"), ("aunt", "Ludmila"), ("cousin", "Oona")]
    )
    k1, t1 = _pick(
        rng,
        "pers1",
        [
            f"my {rel} {name} is staying with us till march, sleeping on the sofa bed",
            f"{name} - my {rel} - has moved into the box room for a bit. it's fine. mostly.",
        ],
    )
    k2, t2 = _pick(
        rng,
        "pers2",
        [
            f"forget about my {rel}, long story, I don't want any of that saved",
            f"Can you erase what you know about {name}? We're not on speaking terms.",
        ],
    )
    s1 = [
        (
            k1,
            HoTurn(t1, (_c(t1, "family_member", name, f"The user's {rel} is called {name}."),)),
        )
    ]
    s2 = [(k2, HoTurn(t2))]
    req = rng.choice(
        [
            "plan a week of easy dinners for everyone in the house",
            "Who should I think about getting Christmas presents for this year?",
        ]
    )
    probe = HoProbe(req, absent=((name, "forgotten"),), kind="forget")
    return _Scenario("forget", [s1, s2], probe, ((name, "forgotten"),))


@_builder("forget", 2, {"band"})
def _forget_band(rng: random.Random, at: list[datetime]) -> _Scenario:
    band = rng.choice(["The Tin Lanterns", "Velvet Margins", "Northbound Static"])
    instrument = rng.choice(["bass", "keys", "drums"])
    k1, t1 = _pick(
        rng,
        "band1",
        [
            f"I play {instrument} in a covers band called {band}, gig at the rugby club friday!",
            f"Rehearsal ran till midnight again. {band} will be the death of me, but the "
            f"{instrument} part finally clicked.",
        ],
    )
    k2, t2 = _pick(
        rng,
        "band2",
        [
            "can you not remember the band thing? we split and I don't want reminders",
            "Please delete the stuff about my band from your memory.",
        ],
    )
    s1 = [(k1, HoTurn(t1, (_c(t1, "band", band, f"The user plays {instrument} in {band}."),)))]
    s2 = [(k2, HoTurn(t2))]
    req = rng.choice(
        [
            "I've got Friday nights free now, what could I do with them?",
            "Suggest a creative project I could start this spring.",
        ]
    )
    probe = HoProbe(req, absent=((band, "forgotten"),), kind="forget")
    return _Scenario("forget", [s1, s2], probe, ((band, "forgotten"),))


@_builder("forget", 1, {"preferred_name", "job_title", "city"}, first_session=True)
def _forget_everything(rng: random.Random, at: list[datetime]) -> _Scenario:
    name, job, town = rng.choice(
        [
            ("Henrike", "teacher", "Kraków"),
            ("Osvaldo", "paramedic", "Aveiro"),
            ("Thandiwe", "pharmacist", "Durban"),
            ("Radek", "electrician", "Brno"),
        ]
    )
    k1, t1 = _pick(
        rng,
        "all_1",
        [
            f"hi! quick intro: I'm {name}, I work as a {job} and I live in {town}",
            f"Hello. {name} here - {job} by day, based in {town}, trying out this assistant",
        ],
    )
    k2, t2 = _pick(
        rng,
        "all_2",
        [
            "actually, on second thoughts can you wipe everything you have on me and start "
            "fresh? privacy thing",
            "Forget all of that please. Everything you've stored about me, gone.",
        ],
    )
    turn1 = HoTurn(
        t1,
        (
            _c(t1, "preferred_name", name, f"The user's name is {name}.", kind="preference"),
            _c(t1, "job_title", job, f"The user works as a {job}."),
            _c(t1, "city", town, f"The user lives in {town}."),
        ),
    )
    s1 = [(k1, turn1), (k2, HoTurn(t2))]
    req = rng.choice(
        [
            "write me a two-line intro for a community newsletter",
            "Help me fill in the 'about me' box on a volunteering form.",
        ]
    )
    probe = HoProbe(req, absent=((name, "forgotten"), (town, "forgotten")), kind="forget")
    return _Scenario("forget", [s1], probe, ((name, "forgotten"), (town, "forgotten")))


# --------------------------------------------------------------------- explicit_save


@_builder("explicit_save", 1, {"constraint"})
def _save_call_window(rng: random.Random, at: list[datetime]) -> _Scenario:
    window, why = rng.choice(
        [
            ("before 10", "school run"),
            ("after 4", "nursery pick-up"),
            ("on Wednesdays", "my day off"),
        ]
    )
    k1, t1 = _pick(
        rng,
        "win",
        [
            f"pls remember I can't do calls {window}, it's the {why}",
            f"Make a note: no calls {window}, ever. {why.capitalize()}.",
            f"can you keep in mind that I'm not free for calls {window} ({why})",
        ],
    )
    s1 = [
        (
            k1,
            HoTurn(t1, (_c(t1, "constraint", window, f"The user can't take calls {window}."),)),
        )
    ]
    req = rng.choice(
        [
            "suggest a time for a catch-up call with my accountant next week",
            "Can you propose three slots for an interview call?",
        ]
    )
    probe = HoProbe(req, present=(window,), kind="explicit_save")
    return _Scenario("explicit_save", [s1], probe)


@_builder("explicit_save", 1, {"shoe_size"})
def _save_boot_size(rng: random.Random, at: list[datetime]) -> _Scenario:
    size = rng.choice(["41", "43", "44", "46"])
    k1, t1 = _pick(
        rng,
        "boot",
        [
            f"for future reference I'm a {size} in walking boots (EU), wide fit",
            f"Save this: boots size {size} EU. I always forget and order wrong!!",
        ],
    )
    s1 = [(k1, HoTurn(t1, (_c(t1, "shoe_size", size, f"The user wears EU size {size} boots."),)))]
    req = rng.choice(
        [
            "my hiking boots split on the last walk, help me pick a replacement pair online",
            "What should I look for in new trail shoes, and which size do I order?",
        ]
    )
    probe = HoProbe(req, present=(size,), kind="explicit_save")
    return _Scenario("explicit_save", [s1], probe)


@_builder("explicit_save", 1, {"current_goal"})
def _save_saving_goal(rng: random.Random, at: list[datetime]) -> _Scenario:
    goal = rng.choice(["Brompton", "Telecaster", "Vitamix", "campervan"])
    prize = rng.choice(["jet ski", "hot tub"])
    k1, t1 = _pick(
        rng,
        "goal",
        [
            f"remember I'm saving for a {goal}, so talk me out of impulse buys 🙏",
            f"note to you: every spare penny is going towards a {goal}. if I win the raffle "
            f"I'd get a {prize} but that's not happening lol",
        ],
    )
    slips: tuple[Slip, ...] = ()
    forbidden: tuple[tuple[str, str], ...] = ()
    if prize in t1:
        slips = (
            Slip(
                "hypothetical_as_fact",
                _c(t1, "current_goal", prize, f"The user is getting a {prize}."),
                prize,
            ),
        )
        forbidden = ((prize, "hypothetical"),)
    s1 = [
        (
            k1,
            HoTurn(
                t1,
                (
                    _c(
                        t1,
                        "current_goal",
                        goal,
                        f"The user is saving up for a {goal}.",
                    ),
                ),
                slips,
            ),
        )
    ]
    req = rng.choice(
        [
            "saw a leather jacket on sale for 280, should I get it?",
            "There's a flash sale on headphones right now... tempted. Talk me through it?",
        ]
    )
    probe = HoProbe(req, present=(goal,), kind="explicit_save")
    return _Scenario("explicit_save", [s1], probe, forbidden)


@_builder("explicit_save", 1, {"wifi_network"})
def _save_wifi(rng: random.Random, at: list[datetime]) -> _Scenario:
    ssid = rng.choice(["QUILLFIELD24", "FoxgloveNet", "TalbotHouse", "Hedgerow5"])
    k1, t1 = _pick(
        rng,
        "wifi",
        [
            f"note this down somewhere: home wifi is {ssid}, password's on the router",
            f"Can you remember that our wifi network is called {ssid}? The kids keep asking.",
        ],
    )
    s1 = [(k1, HoTurn(t1, (_c(t1, "wifi_network", ssid, f"The user's home wifi is {ssid}."),)))]
    req = rng.choice(
        [
            "my new laptop can't find the internet at home, what do I do?",
            "My mum's visiting, how do I get her tablet online at ours?",
        ]
    )
    probe = HoProbe(req, present=(ssid,), kind="explicit_save")
    return _Scenario("explicit_save", [s1], probe)


@_builder("explicit_save", 1, {"landlord"})
def _save_landlord(rng: random.Random, at: list[datetime]) -> _Scenario:
    name = rng.choice(["Adeyemi", "Haverkamp", "Kowalczyk", "Lindqvist"])
    k1, t1 = _pick(
        rng,
        "land",
        [
            f"keep in mind our landlord is Mrs {name} and she only answers texts, not calls",
            f"So you know for later: landlord = Mr {name}. Email works best with him.",
        ],
    )
    s1 = [(k1, HoTurn(t1, (_c(t1, "landlord", name, f"The user's landlord is {name}."),)))]
    req = rng.choice(
        [
            "the boiler's banging again, how should I get it reported?",
            "There's a damp patch on the bedroom ceiling. Who do I tell and what do I say?",
        ]
    )
    probe = HoProbe(req, present=(name,), kind="explicit_save")
    return _Scenario("explicit_save", [s1], probe)


@_builder("explicit_save", 1, {"routine"})
def _save_bins(rng: random.Random, at: list[datetime]) -> _Scenario:
    day = rng.choice(["Tuesday", "Thursday", "Sunday"])
    k1, t1 = _pick(
        rng,
        "bins",
        [
            f"don't let me forget - bins go out {day} night, recycling every other week",
            f"remember for me: {day} evening is bin night. I've missed it twice now 🙃",
        ],
    )
    s1 = [
        (
            k1,
            HoTurn(
                t1,
                (
                    _c(
                        t1,
                        "routine",
                        f"{day} night" if f"{day} night" in t1 else day,
                        f"The user's bins go out on {day} night.",
                    ),
                ),
            ),
        )
    ]
    req = rng.choice(
        [
            "make me a little weekly chores list for the fridge",
            "What household jobs should go on my calendar each week?",
        ]
    )
    probe = HoProbe(req, present=(day,), kind="explicit_save")
    return _Scenario("explicit_save", [s1], probe)


@_builder("explicit_save", 1, {"estate_agent"})
def _save_agent_buried(rng: random.Random, at: list[datetime]) -> _Scenario:
    name = rng.choice(["Taavi Roos", "Søren Halvorsen", "Mateus Araújo", "Ilse Brünning"])
    town = rng.choice(["Harrogate", "Kortrijk", "Nantes"])
    k1, t1 = _pick(
        rng,
        "agent",
        [
            "ok so long story but the survey came back fine, roof's ok, the damp is just the "
            f"gutter, anyway - remember that the estate agent's name is {name}, I'll need it - "
            "and then we went for pizza to celebrate",
            "what a day. viewing at 9, then the bank, then the solicitor lost our file (!!) "
            f"and found it again. the agent handling it all is {name}, please keep that "
            "somewhere. I need a nap",
            f"Save the agent's name for me, it's {name}. His update, pasted: \"The vendor has "
            f'accepted your offer and is relocating to {town} in the spring. Kind regards"',
        ],
    )
    slips: tuple[Slip, ...] = ()
    forbidden: tuple[tuple[str, str], ...] = ()
    if town in t1:
        wrong = _c(t1, "city", town, f"The user is moving to {town}.")
        slips = (Slip("pasted_as_own", wrong, town),)
        forbidden = ((town, "pasted"),)
    s1 = [
        (
            k1,
            HoTurn(
                t1, (_c(t1, "estate_agent", name, f"The user's estate agent is {name}."),), slips
            ),
        )
    ]
    req = rng.choice(
        [
            "I need to chase up the house sale this week, who do I ring?",
            "Draft a polite email asking for an update on our purchase.",
        ]
    )
    probe = HoProbe(req, present=(name,), kind="explicit_save")
    return _Scenario("explicit_save", [s1], probe, forbidden)


@_builder("explicit_save", 1, {"family_member"})
def _save_grandmother(rng: random.Random, at: list[datetime]) -> _Scenario:
    native, name, month = rng.choice(
        [
            ("美代子", "Miyoko", "August"),
            ("Ольга", "Olga", "April"),
            ("Ολυμπία", "Olympia", "October"),
        ]
    )
    k1, t1 = _pick(
        rng,
        "gran",
        [
            f"please remember my grandmother's name is {native} ({name}), she turns 90 in {month}",
            f"remember this one: gran's proper name is {native}, {name} in English. Big 90th "
            f"in {month}!",
        ],
    )
    s1 = [
        (
            k1,
            HoTurn(
                t1,
                (_c(t1, "family_member", name, f"The user's grandmother is {name} ({native})."),),
            ),
        )
    ]
    req = rng.choice(
        [
            "help me write a card for my gran, it's a big birthday",
            "What's a thoughtful present for a 90-year-old grandmother?",
        ]
    )
    probe = HoProbe(req, present=(name,), kind="explicit_save")
    return _Scenario("explicit_save", [s1], probe)


# --------------------------------------------------------------------- one_at_a_time


def _switch(
    rng: random.Random,
    at: list[datetime],
    *,
    predicate: str,
    name: str,
    old: str,
    new: str,
    first: list[str],
    then: list[str],
    old_text: str,
    new_text: str,
    requests: list[str],
    single_valued: bool | None = None,
) -> _Scenario:
    """A one-at-a-time attribute said once and later switched (with a stated date when the
    wording gives one)."""
    when, dt = _recently(rng, at[1])
    year = at[0].year - rng.randint(2, 7)
    first = [
        w.replace("{since}", f"since {year}").replace("{spring}", "last spring") for w in first
    ]
    k1, t1 = _pick(rng, f"{name}1", first)
    k2, t2 = _pick(rng, f"{name}2", [w.replace("{when}", when) for w in then])
    extra: dict[str, Any] = {}
    if single_valued is not None:
        extra["single_valued"] = single_valued
    if when in t2:
        extra.update(valid_from=dt, time_stated=True)
    declared: dict[str, Any] = {}
    if single_valued is not None:
        declared["single_valued"] = single_valued
    if f"since {year}" in t1:  # an old value with a stated start
        declared.update(valid_from=datetime(year, 1, 1, tzinfo=timezone.utc), time_stated=True)
    elif "last spring" in t1:
        spring = datetime(at[0].year - 1, 4, 1, tzinfo=timezone.utc)
        declared.update(valid_from=spring, time_stated=True)
    s1 = [(k1, HoTurn(t1, (_c(t1, predicate, old, old_text, **declared),)))]
    s2 = [(k2, HoTurn(t2, (_c(t2, predicate, new, new_text, replaces=old, **extra),)))]
    probe = HoProbe(
        rng.choice(requests), present=(new,), absent=((old, "stale"),), kind="one_at_a_time"
    )
    return _Scenario("one_at_a_time", [s1, s2], probe, ((old, "stale"),))


@_builder("one_at_a_time", 2, {"mobile_carrier"})
def _carrier_switched(rng: random.Random, at: list[datetime]) -> _Scenario:
    old, new = rng.choice(
        [
            ("Kestrel Mobile", "Lumen Telecom"),
            ("Parakeet", "Brightwave"),
            ("Orbis", "Fennec Mobile"),
        ]
    )
    sc = _switch(
        rng,
        at,
        predicate="mobile_carrier",
        name="carrier",
        old=old,
        new=new,
        first=[
            f"I'm with {old}, 30GB for £12, can't complain",
            f"signal at my desk is rubbish. {old} really need to sort their coverage out",
            f"been with {old} {{since}}, never had a reason to leave tbh",
        ],
        then=[
            f"switched my phone over to {new} {{when}}, kept the same number",
            f"Ported my number to {new}! Goodbye {old}, you won't be missed.",
            f"swithced my cell service to {new} {{when}}, {old} wanted $15 more a month",
        ],
        old_text=f"The user's mobile carrier is {old}.",
        new_text=f"The user's mobile carrier is {new}.",
        requests=[
            "my phone keeps losing signal on the train, who do I complain to?",
            "I'm going to Canada in June - will my phone work there or do I need to add something?",
        ],
    )
    return sc


@_builder("one_at_a_time", 2, {"car"})
def _car_switched(rng: random.Random, at: list[datetime]) -> _Scenario:
    old, new = rng.choice(
        [("Dacia Jogger", "Renault Zoe"), ("Subaru Outback", "Mazda2"), ("Volvo V70", "Fiat Panda")]
    )
    return _switch(
        rng,
        at,
        predicate="car",
        name="car",
        old=old,
        new=new,
        first=[
            f"the {old} failed its MOT on the brakes, £300 later it's back on the road",
            f"I drive a {old}, very unglamorous but it fits the dog",
            f"we bought the {old} {{spring}} and it's already making a weird rattling noise",
        ],
        then=[
            f"picked up a {new} {{when}}, sold the {old} to a lad from work",
            f"We said goodbye to the old {old} - there's a secondhand {new} on the drive now 🚗",
            f"traded in the {old} for a {new} {{when}}, the dealership gave us a decent price",
        ],
        old_text=f"The user drives a {old}.",
        new_text=f"The user drives a {new}.",
        requests=[
            "road trip to the coast next month, anything I should check on the car first?",
            "How much should I budget for car insurance this year?",
        ],
    )


@_builder("one_at_a_time", 2, {"internet_provider"})
def _broadband_switched(rng: random.Random, at: list[datetime]) -> _Scenario:
    old, new = rng.choice(
        [
            ("Zephyrnet", "Cobalt Fibre"),
            ("Hearthlink", "Skylark Broadband"),
            ("Meridian", "Quayside Fibre"),
        ]
    )
    return _switch(
        rng,
        at,
        predicate="internet_provider",
        name="isp",
        old=old,
        new=new,
        first=[
            f"our {old} broadband drops every evening around 8 🙄",
            f"We're on {old} for internet. It's fine when it works.",
            f"our {old} internet cuts out every night around 8, super annoying when I'm streaming",
        ],
        then=[
            f"{new} came and installed fibre {{when}}, bye bye {old}",
            f"finally ditched {old}. we're with {new} now and it's SO much faster",
        ],
        old_text=f"The user's internet provider is {old}.",
        new_text=f"The user's internet provider is {new}.",
        requests=[
            "wifi's really slow upstairs, what can I try before I ring someone?",
            "The internet went down during my work call, who do I report an outage to?",
        ],
    )


@_builder("one_at_a_time", 2, {"energy_provider"})
def _energy_switched(rng: random.Random, at: list[datetime]) -> _Scenario:
    old, new = rng.choice(
        [
            ("Northwind Energy", "Solace Power"),
            ("Emberline", "Kittiwake Energy"),
            ("Voltara", "Greenacre Gas"),
        ]
    )
    return _switch(
        rng,
        at,
        predicate="energy_provider",
        name="energy",
        old=old,
        new=new,
        first=[
            f"we're on {old}'s fixed tariff till spring",
            f"Got a letter from {old} about our direct debit going up AGAIN",
        ],
        then=[
            f"moved the gas and electric over to {new} {{when}}, should save about £20 a month",
            f"Our energy is with {new} from this month, {old} lost us with that last price hike.",
        ],
        old_text=f"The user's energy supplier is {old}.",
        new_text=f"The user's energy supplier is {new}.",
        requests=[
            "the meter reading reminder came through, how do I send it in?",
            "Our heating bill looks wrong - who do I query it with?",
        ],
    )


@_builder("one_at_a_time", 2, {"dentist"})
def _dentist_switched(rng: random.Random, at: list[datetime]) -> _Scenario:
    old, new = rng.choice(
        [
            ("Brookfield Dental", "Castlegate Dental Care"),
            ("Smile Studio on Kirk Street", "Linden Dental"),
            ("Marlow Road Dental", "Ashby Dental Practice"),
        ]
    )
    return _switch(
        rng,
        at,
        predicate="dentist",
        name="dent",
        old=old,
        new=new,
        first=[
            f"my dentist is {old}, been going since I was a kid",
            f"Check-up at {old} this morning, no fillings, I'm ridiculously proud",
            f"I've been at {old} {{since}}, they're lovely",
        ],
        then=[
            f"registered with {new} {{when}}, {old} went private-only",
            f"New dentist! It's {new} now, {old} stopped taking NHS patients.",
        ],
        old_text=f"The user's dentist is {old}.",
        new_text=f"The user's dentist is {new}.",
        requests=[
            "I need to book a check-up, can you draft the message for me?",
            "A filling came out while I was eating - who should I call first thing?",
        ],
        single_valued=True,
    )


@_builder("one_at_a_time", 2, {"bank"})
def _bank_switched(rng: random.Random, at: list[datetime]) -> _Scenario:
    old, new, asked = rng.choice(
        [("Harbourline Bank", "Corvid", "Plover Bank"), ("Fenwick & Dale", "Nimbus Bank", "Tallis")]
    )
    k_first = [
        f"I bank with {old}, have done since uni",
        f"I'm with {old} for my current account - is {asked} any better for savings?",
    ]
    sc = _switch(
        rng,
        at,
        predicate="bank",
        name="bank",
        old=old,
        new=new,
        first=k_first,
        then=[
            f"moved my current account to {new} {{when}} for the switching bonus",
            f"Just so you know I'm banking with {new} now, {old} closed our local branch.",
        ],
        old_text=f"The user banks with {old}.",
        new_text=f"The user banks with {new}.",
        requests=[
            "how do I set up a standing order for the rent?",
            "Someone texted me saying my account is frozen - is that legit? who do I check with?",
        ],
        single_valued=True,
    )
    ((key, turn),) = sc.steps[0]
    if asked in turn.text:
        slip = Slip(
            "question_as_fact",
            _c(turn.text, "bank", asked, f"The user banks with {asked}.", single_valued=True),
            asked,
        )
        sc.steps[0] = [(key, HoTurn(turn.text, turn.ideal, (slip,)))]
        sc.forbidden = (*sc.forbidden, (asked, "question"))
    return sc


@_builder("one_at_a_time", 2, {"coworking_space"})
def _desk_switched(rng: random.Random, at: list[datetime]) -> _Scenario:
    old, new = rng.choice(
        [
            ("The Ropeworks", "Kiln Yard Studios"),
            ("Hatch & Anvil", "Printworks Commons"),
            ("Bellhouse", "The Old Dairy Hub"),
        ]
    )
    return _switch(
        rng,
        at,
        predicate="coworking_space",
        name="desk",
        old=old,
        new=new,
        first=[
            f"I rent a hot desk at {old} three days a week",
            f"{old} coffee machine broke again so the whole coworking floor is feral today",
        ],
        then=[
            f"moved my desk to {new} {{when}}, cheaper and closer to the station",
            f"I've left {old} - working out of {new} now, much quieter.",
        ],
        old_text=f"The user rents a desk at {old}.",
        new_text=f"The user rents a desk at {new}.",
        requests=[
            "I need to print 40 pages tomorrow morning near where I work, any tips?",
            "Where could I host a small client meeting on a work day?",
        ],
        single_valued=True,
    )


@_builder("one_at_a_time", 2, {"city"})
def _home_switched(rng: random.Random, at: list[datetime]) -> _Scenario:
    old, new = rng.choice(
        [
            ("Ilford", "Walthamstow"),
            ("Dorchester", "Bridport"),
            ("Hilversum", "Utrecht"),
            ("Gateshead", "Tynemouth"),
        ]
    )
    return _switch(
        rng,
        at,
        predicate="city",
        name="home",
        old=old,
        new=new,
        first=[
            f"the commute from {old} is killing me, 90 minutes each way",
            f"rent in {old} went up again, honestly thinking about moving",
            f"our apartment in {old} is tiny but it's close to my mom so it works for now",
        ],
        then=[
            f"we moved to {new} {{when}}! 12 minutes to work now",
            f"Update: the move's done, we're living in {new}. I already love it.",
        ],
        old_text=f"The user lives in {old}.",
        new_text=f"The user lives in {new}.",
        requests=[
            "it's our anniversary - somewhere nice nearby for dinner?",
            "Any good Saturday markets I could walk to?",
        ],
    )


# --------------------------------------------------------------- free-form, no facts

_FREE_FORM = (
    "can you help me word a text to my neighbour about the hedge? keep it friendly",
    "whats a polite way to say no to a wedding when you already said yes",
    "Explain compound interest like I'm twelve.",
    "ok that's really helpful thank you!!",
    "hmm not quite, can you make it shorter",
    "lol no. try again but less formal",
    "Write a limerick about a very tired goose.",
    "is it 'affect' or 'effect' in 'it will ___ the results'?",
    "what are some good questions to ask at the end of an interview",
    "my sourdough came out like a frisbee again, what am I doing wrong",
    "Can you turn these notes into bullet points: meeting moved, budget ok, Dan to chase quotes",
    "give me 3 names for a pub quiz team, something punny",
    "how long does cooked rice keep in the fridge?",
    "thanks, that's perfect 👍",
    "Could you check this sentence for me: 'Me and him went to the shop.'",
    "what's a nice way to end a condolence card",
    "Summarise the pros and cons of a heat pump in a short table.",
    "how do I get red wine out of a cream carpet?? asking urgently",
    "not bad! could you add a line about the deadline",
    "I need a 5 minute icebreaker for a team meeting, ideas?",
    "What's the difference between a latte and a flat white, really?",
    "can you rewrite that in plain english, my manager hates jargon",
    "tell me a joke about spreadsheets",
    "How do I politely chase an invoice that's 30 days late?",
    "ugh mondays. anyway. can you help me with an email",
    "what should I write in a leaving card for someone I barely know",
    "Give me a 20-minute bodyweight workout, no equipment.",
    "brainstorm some themes for a 7 year old's party please",
    "How do I descale a kettle without buying anything?",
    "perfect, exactly what I needed",
    "can you explain what an ISA is, quickly",
    "What's a good way to remember people's names at networking events?",
    "draft a short out-of-office message for next week",
    "is it weird to bring a gift to a housewarming if they said don't?",
    "hm, can you do a version with more emoji",
    "Rank these by how healthy they are: porridge, granola, toast, eggs.",
    "how do you fold a fitted sheet. genuinely. I've tried everything",
    "Write a two-sentence review of a café that was fine but slow.",
    "what's the best way to store fresh herbs?",
    "help me think of a title for my presentation on recycling rates",
    "Could you make a packing checklist for a rainy weekend camping?",
    "whats the etiquette on tipping in a hairdressers",
    "Can you give me a quick refresher on how to calculate percentages?",
    "okay, now make it sound less passive aggressive 😅",
    "How do I unblock a bathroom sink without chemicals?",
    "suggest some podcasts for a long drive, true crime or history",
    "What's a good response when someone asks 'what's your biggest weakness?'",
    "I've got 3 potatoes, an onion and some cheese. go",
    "explain the difference between weather and climate in one paragraph",
    "can you make this tweet punchier: 'We are open late this Thursday for the festival'",
    "Write a thank-you note to a teacher at the end of term.",
    "how many minutes should I rest a steak",
    "that's great, cheers",
    "Help me write a complaint about a parcel that never arrived.",
    "What houseplants are hard to kill?",
    "give me a mnemonic for the order of the planets",
    "Can you tidy up the grammar in this paragraph? It's for a cover letter.",
    "what's a polite way to ask people to take their shoes off",
    "Is it better to pay off a small loan early or keep the savings?",
    "honestly just need a pep talk today",
    "Suggest a couple of board games for four adults who hate long rules.",
    "how do I reset the clock on an oven, the manual is long gone",
    "Write a short poem for a retirement card, funny not soppy.",
    "What does 'per my last email' actually mean lol",
    "Give me a simple weekly meal prep plan for lunches.",
    "can you shorten this to under 50 words",
    "what temperature should a fridge be at",
    "Turn this into a friendly reminder for the group chat: rent's due Friday.",
    "hmm interesting. why though?",
    "Explain what a VPN does without the marketing fluff.",
    "ideas for a rainy afternoon with a toddler, nothing that involves glitter",
    "What's the rule for apostrophes with names ending in s?",
    "Can you list the main points of the highway code changes for cyclists?",
    "help me write a bio for a charity fun run page, it's a 5k",
    "How do I make my emails sound more confident?",
    "write a quick text cancelling plans without sounding flaky",
    "What's the quickest way to defrost a freezer?",
    "I keep procrastinating. give me one small trick to start",
    "can you compare e-readers vs paper books, honestly",
    "Write a message to a group of parents about carpooling to swimming.",
    "what goes well with leftover roast chicken",
    "Explain the Monty Hall problem. I still don't get it.",
    "Can you make this recipe serve 6 instead of 4? 300g flour, 2 eggs, 250ml milk",
    "what's a nice toast for my friend's 30th, short",
    "how do I stop my glasses fogging up with a mask",
    "Give me a list of cheap date ideas that aren't dinner.",
    "ok last one - how do I say 'no worries' in a more professional way",
    "What's the best order to clean a kitchen in?",
    "is it rude to leave a group chat",
    "Draft a note for the school: she'll be off Friday for a family event.",
    "can you explain what inflation actually is",
    "Write three taglines for a dog-walking business.",
    "how do I convince myself to go for a run in the rain",
    "What are some good stretches after sitting all day?",
    "wow ok that escalated. tone it down a bit please",
    "Help me plan a surprise for a friend who just got a new job.",
    "what's a good rule of thumb for how much to spend on a wedding gift",
    "Can you explain the difference between 'who' and 'whom' once and for all?",
    "tips for sleeping on a long overnight bus?",
    "Give me a checklist for moving out of a rental so I get the deposit back.",
    "what's the best way to learn touch typing as an adult",
    "Can you write a polite message asking a neighbour to turn the music down?",
    "how do I know if an egg has gone off",
    "Summarise the key arguments for and against a four-day week.",
    "make me a shopping list for pancakes for 8",
    "What's a good way to say sorry for missing someone's call?",
    "nah, too long. one sentence",
    "Help me write a two-line Christmas message for colleagues.",
    "what's the difference between baking paper and greaseproof",
    "Can you give me a gentle script for saying no to extra work?",
    "Suggest five easy ways to use less plastic at home.",
    "how do I remove a sticker residue from glass",
    "Write a short welcome message for new members of a book club.",
    "what's the science behind why onions make you cry",
    "ok brilliant, thank you so much",
    "Give me a 3-day itinerary framework I can adapt to any city.",
    "how do I politely decline a LinkedIn connection",
    "Explain how a mortgage offer differs from an agreement in principle.",
    "what should I ask a plumber before hiring them",
    "Can you help me write an apology to a friend for forgetting their birthday?",
    "random q but why do cats knead blankets",
    "Make a simple chore chart for two teenagers.",
    "what are the signs a houseplant is overwatered",
)

_IRRELEVANT = (
    "how do tides actually work, in simple terms?",
    "who painted the ceiling of the Sistine Chapel?",
    "Give me a riddle for a nine-year-old.",
    "what's the capital of Burkina Faso",
    "how many teaspoons are in a tablespoon?",
    "Why is the sky orange at sunset?",
    "write a haiku about fog rolling over a harbour",
    "What does the word 'sonder' mean?",
    "summarise the plot of Hamlet in three sentences",
    "is a tomato a fruit or a vegetable, botanically?",
    "When do I use 'fewer' instead of 'less'?",
    "give me five synonyms for 'happy'",
    "how far away is the moon?",
    "Explain what a prime number is, with an example.",
    "what rhymes with orange? anything?",
    "Suggest a title for a short story about a lighthouse keeper.",
    "why does water boil at a lower temperature up a mountain",
    "Who wrote One Hundred Years of Solitude?",
    "tell me a fun fact about octopuses",
    "What's the longest river in Africa?",
    "how do you say thank you in Japanese",
    "What's 15% of 240?",
    "explain how a rainbow forms",
    "Which planet has the most moons?",
    "what's the origin of the word 'quarantine'?",
    "How do bees make honey?",
)


# ------------------------------------------------------------------------ assembling


@dataclass
class _Placed:
    conv: HoConversation
    placed: list[str] = field(default_factory=list)
    planned: list[str] = field(default_factory=list)


def _choose(rng: random.Random, sessions: int) -> list[_Builder]:
    """One builder of each kind, no two sharing a predicate, each fitting the sessions."""
    for _ in range(200):
        picks = [rng.choice([b for b in _BUILDERS if b.kind == k]) for k in KINDS]
        preds = [p for b in picks for p in b.predicates]
        if len(preds) != len(set(preds)):
            continue
        first = any(b.first_session for b in picks)
        room = sessions - 1 if first else sessions
        if all(b.first_session or b.steps <= room for b in picks):
            return picks
    raise RuntimeError(f"no compatible scenarios for {sessions} sessions")  # pragma: no cover


def _build(seed: int, users: int) -> list[tuple[HoConversation, list[str], list[str]]]:
    """Every user's conversation, with the wording keys placed in its sessions and the keys
    its scenarios and free-form turns planned (the two must agree)."""
    rng = random.Random(f"heldout-v7-b:{seed}")
    deck = list(range(len(_FREE_FORM)))
    rng.shuffle(deck)
    asked = list(_IRRELEVANT)
    rng.shuffle(asked)
    out: list[tuple[HoConversation, list[str], list[str]]] = []
    dealt = 0

    def free_form() -> tuple[str, HoTurn]:
        nonlocal dealt
        i = deck[dealt % len(deck)]
        dealt += 1
        return f"free#{i}", HoTurn(_FREE_FORM[i])

    for u in range(users):
        n = rng.choice((3, 4))
        start = datetime(2026, 1, 5, 9, tzinfo=timezone.utc) + timedelta(
            days=rng.randint(0, 20), hours=rng.randint(0, 10)
        )
        times = [start]
        for _ in range(n - 1):
            times.append(times[-1] + timedelta(days=rng.randint(9, 16), hours=rng.randint(0, 8)))
        builders = _choose(rng, n)
        first = any(b.first_session for b in builders)
        blocks: list[list[Step]] = [[] for _ in range(n)]
        planned: list[str] = []
        scenarios: list[_Scenario] = []
        for b in builders:
            if b.first_session:
                where = [0]
            else:
                where = sorted(rng.sample(range(1 if first else 0, n), b.steps))
            sc = b.make(rng, [times[s] for s in where])
            scenarios.append(sc)
            for s, step in zip(where, sc.steps, strict=True):
                blocks[s].append(step)
                planned.extend(k for k, _ in step)
        for s in range(n):
            ff = free_form()
            blocks[s].append([ff])
            planned.append(ff[0])
            rng.shuffle(blocks[s])
            if first and s == 0:  # nothing said before the forget-everything but chatter
                blocks[0].sort(key=lambda blk: not blk[0][0].startswith("free#"))
        last = free_form()  # a value taken away is never the last thing said
        blocks[-1].append([last])
        planned.append(last[0])
        sessions = []
        placed: list[str] = []
        for s in range(n):
            turns = [t for blk in blocks[s] for _, t in blk]
            placed.extend(k for blk in blocks[s] for k, _ in blk)
            sessions.append((times[s], tuple(turns)))
        probes = [sc.probe for sc in scenarios]
        rng.shuffle(probes)
        irrelevant = HoProbe(asked[u % len(asked)], irrelevant=True, kind="irrelevant")
        probes.insert(rng.randrange(len(probes) + 1), irrelevant)
        conv = HoConversation(
            user_id=f"h7b-{u}",
            sessions=tuple(sessions),
            probes=tuple(probes),
            probe_at=times[-1] + timedelta(days=rng.randint(2, 6), hours=rng.randint(1, 5)),
            forbidden=tuple(f for sc in scenarios for f in sc.forbidden),
            kinds=(*KINDS, "irrelevant"),
        )
        out.append((conv, placed, planned))
    return out


def generate_heldout_v7_b(*, seed: int = 0, users: int = 24) -> list[HoConversation]:
    """Part b of held-out split v7: ``users`` simulated users (ids ``h7b-0``, ...), each with
    one retraction, correction, forget, explicit-save and one-at-a-time scenario and one
    irrelevant request; the same seed always gives the same split.

    Example:
        >>> a = generate_heldout_v7_b(seed=3, users=3)
        >>> a == generate_heldout_v7_b(seed=3, users=3)
        True
        >>> sum(len(c.probes) for c in a)
        18
    """
    return [conv for conv, _, _ in _build(seed, users)]


def one_off_share(*, seed: int = 0, users: int = 24) -> tuple[int, int]:
    """``(one-off turns, user turns)``: a turn is a one-off when its wording (the sentence
    as written, before values are filled in) is used by no other turn of the split.

    Example:
        >>> one_offs, turns = one_off_share(seed=0)
        >>> 0 < one_offs <= turns
        True
    """
    keys = [k for _, placed, _ in _build(seed, users) for k in placed]
    uses = Counter(keys)
    return sum(1 for k in keys if uses[k] == 1), len(keys)
