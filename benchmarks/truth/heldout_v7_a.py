"""Held-out split v7, part a: dated, unseen, must-not-store, people, past-state and open-thread
conversations, written blind to the extractor and to every earlier split (#12).

Each simulated user has three scenarios of three different kinds, spread over three or four
sessions (a short filler opens each session), then probes in a later session: one request
per scenario angle, and exactly one request unrelated to anything the user said. Every
scenario is a hand-written one-off (its sentences appear once in the split at 24 users);
the wording, register and values differ from scenario to scenario on purpose.

What each kind measures:

* ``dated_statement``: statements with explicit or relative dates ("since the 3rd", "two
  weeks ago", "last month", "from 2020 till last summer") that must order correctly against
  what was said before or after them.
* ``unseen_statement``: everyday facts in forms nobody tuned for (typos, buried in a ramble,
  several in one message, indirect, British and American usage).
* ``must_not_store``: hypotheticals, other people's facts, pasted text, instructions,
  questions and wishes beside one real fact of the user's: the real one comes back, the
  others never become the user's.
* ``people``: facts about a partner, children, pets, family, recalled for requests that
  mention those people.
* ``past_state``: what used to be true, which must not come back as current or beat the
  current value.
* ``open_thread``: what was left open at the end of the last session, recalled first in the
  next one, without the values the user revised on the way.

Example:
    >>> convs = generate_heldout_v7_a(seed=0, users=2)
    >>> [c.user_id for c in convs]
    ['h7a-0', 'h7a-1']
    >>> sum(p.irrelevant for p in convs[0].probes)
    1
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from benchmarks.truth.conversations import HoConversation, HoProbe, HoTurn
from benchmarks.truth.modes import Slip
from langmem_plus.facts.models import CandidateFact
from langmem_plus.facts.policy import DEFAULT_SINGLE_VALUED, normalize_holder

__all__ = [
    "KINDS",
    "ONE_OFF_TEXTS",
    "generate_heldout_v7_a",
    "one_off_share",
    "scenario_texts",
]

SCENARIO_KINDS = (
    "dated_statement",
    "unseen_statement",
    "must_not_store",
    "people",
    "past_state",
    "open_thread",
)
KINDS = (*SCENARIO_KINDS, "irrelevant")
"""The kinds a probe of this half can have (``irrelevant``: one request per user)."""

_UTC = timezone.utc
_When = Callable[[datetime], datetime]


# ---- dates, resolved against the send time of the session the turn is in ---------------


def _ago(days: int) -> _When:
    return lambda t: t - timedelta(days=days)


def _nth(day: int) -> _When:
    """The most recent ``day`` of a month at or before the session ("on the 3rd")."""

    def at(t: datetime) -> datetime:
        if t.day >= day:
            return t.replace(day=day, hour=0, minute=0)
        first = t.replace(day=1, hour=0, minute=0) - timedelta(days=1)
        return first.replace(day=day)

    return at


def _year(year: int, month: int = 1) -> _When:
    return lambda t: datetime(year, month, 1, tzinfo=_UTC)


def _last_month(t: datetime) -> datetime:
    return (t.replace(day=1, hour=0, minute=0) - timedelta(days=1)).replace(day=1)


def _last_spring(t: datetime) -> datetime:
    return datetime(t.year - 1, 4, 1, tzinfo=_UTC)


def _last_summer(t: datetime) -> datetime:
    return datetime(t.year - 1, 7, 1, tzinfo=_UTC)


def _last_september(t: datetime) -> datetime:
    return datetime(t.year if t.month > 9 else t.year - 1, 9, 1, tzinfo=_UTC)


def _now(t: datetime) -> datetime:
    """An ending the user did not date ("used to", "back when"): over by now."""
    return t


# ---- the scenario data ------------------------------------------------------------------


@dataclass(frozen=True)
class _C:
    """A candidate as written in a scenario; dates are resolved when the turn is placed."""

    predicate: str
    object: str
    text: str
    kind: str = "fact"
    holder: str = "user"
    modality: str = "asserted"
    polarity: str = "assert"
    provenance: str = "own_words"
    vf: _When | None = None
    vt: _When | None = None
    single: bool | None = None
    corrects: str | None = None
    replaces: str | None = None


@dataclass(frozen=True)
class _T:
    slot: int
    """0: the first session, 1: a middle one, 2: the last one."""
    text: str
    cands: tuple[_C, ...] = ()
    slips: tuple[tuple[str, _C, str], ...] = ()


@dataclass(frozen=True)
class _P:
    request: str
    present: tuple[str, ...] = ()
    absent: tuple[tuple[str, str], ...] = ()
    holder: str = ""


@dataclass(frozen=True)
class _S:
    kind: str
    turns: tuple[_T, ...]
    probes: tuple[_P, ...]
    forbidden: tuple[tuple[str, str], ...] = ()


def _t(slot: int, text: str, *cands: _C, slips: tuple[tuple[str, _C, str], ...] = ()) -> _T:
    return _T(slot, text, cands, slips)


def _p(
    request: str,
    present: tuple[str, ...] = (),
    absent: tuple[tuple[str, str], ...] = (),
    holder: str = "",
) -> _P:
    return _P(request, present, absent, holder)


def _slip(kind: str, cand: _C) -> tuple[str, _C, str]:
    """The careless reading of ``cand``: the user's own asserted fact."""
    wrong = _C(
        cand.predicate, cand.object, cand.text, kind=cand.kind, single=cand.single, vf=cand.vf
    )
    return (kind, wrong, cand.object)


_DATED = (
    _S(
        "dated_statement",
        (
            _t(
                0,
                "still in Riga for now but we sign for a flat in Tartu next month 🤞",
                _C("city", "Riga", "The user lives in Riga."),
                _C("city", "Tartu", "The user plans to move to Tartu.", modality="plan"),
            ),
            _t(
                2,
                "ok we've officially been in Tartu since the 2nd, boxes absolutely everywhere",
                _C("city", "Tartu", "The user lives in Tartu.", vf=_nth(2)),
            ),
        ),
        (
            _p(
                "it's grim out, anything to do indoors near home this weekend?",
                ("Tartu",),
                (("Riga", "stale"),),
            ),
            _p(
                "what's a realistic grocery budget for two round here?",
                ("Tartu",),
                (("Riga", "stale"),),
            ),
        ),
    ),
    _S(
        "dated_statement",
        (
            _t(
                0,
                "work's been mad at Corvant, three releases this week",
                _C("employer", "Corvant", "The user works at Corvant."),
            ),
            _t(
                1,
                "so I handed my notice in a while back and I've been at Tessaly Bio since the "
                "1st. so much calmer",
                _C("employer", "Tessaly Bio", "The user works at Tessaly Bio.", vf=_nth(1)),
            ),
        ),
        (
            _p(
                "filling in a conference registration, what do I put for organisation?",
                ("Tessaly Bio",),
                (("Corvant", "stale"),),
            ),
            _p(
                "write a two-line bio for the speaker page",
                ("Tessaly Bio",),
                (("Corvant", "stale"),),
            ),
        ),
    ),
    _S(
        "dated_statement",
        (
            _t(
                0,
                "Brackenfield Broadband have been our provider since September and honestly "
                "no complaints",
                _C(
                    "internet_provider",
                    "Brackenfield Broadband",
                    "The user's internet provider is Brackenfield Broadband.",
                    vf=_last_september,
                ),
            ),
            _t(
                2,
                "funny, before Brackenfield we had Orla Fibre from 2020 till last summer and "
                "it was dire",
                _C(
                    "internet_provider",
                    "Orla Fibre",
                    "The user's internet provider was Orla Fibre.",
                    vf=_year(2020),
                    vt=_last_summer,
                ),
            ),
        ),
        (
            _p(
                "the wifi keeps dropping every evening, who do I even ring about that",
                ("Brackenfield",),
                (("Orla Fibre", "stale"),),
            ),
            _p(
                "is it worth paying for a faster package for gaming?",
                ("Brackenfield",),
                (("Orla Fibre", "stale"),),
            ),
        ),
    ),
    _S(
        "dated_statement",
        (
            _t(
                0,
                "joined Northmoor Leisure last week, the pool is lovely",
                _C(
                    "gym",
                    "Northmoor Leisure",
                    "The user is a member of Northmoor Leisure.",
                    vf=_ago(7),
                ),
            ),
            _t(
                1,
                "I was at Vaultline for about three years before that lol never again",
                _C(
                    "gym",
                    "Vaultline",
                    "The user was a member of Vaultline.",
                    vf=_ago(3 * 365 + 60),
                    vt=_ago(60),
                ),
            ),
        ),
        (
            _p(
                "I want to get back into swimming laps, what's a realistic weekly plan?",
                ("Northmoor",),
                (("Vaultline", "stale"),),
            ),
        ),
    ),
    _S(
        "dated_statement",
        (
            _t(
                0,
                "ottilie (my manager) signed off my leave, finally",
                _C("manager", "Ottilie", "The user's manager is Ottilie."),
            ),
            _t(
                2,
                "since the reorg on the 3rd I report to Bram Achterberg instead, weird adjustment",
                _C(
                    "manager",
                    "Bram Achterberg",
                    "The user's manager is Bram Achterberg.",
                    vf=_nth(3),
                ),
            ),
        ),
        (
            _p(
                "draft a quick note to my boss asking for friday off",
                ("Bram",),
                (("Ottilie", "stale"),),
            ),
            _p(
                "who should I cc when I send the quarterly numbers up the chain?",
                ("Bram",),
                (("Ottilie", "stale"),),
            ),
        ),
    ),
    _S(
        "dated_statement",
        (
            _t(
                0,
                "I'm a junior data analyst at the council, mostly spreadsheets tbh",
                _C("job_title", "junior data analyst", "The user is a junior data analyst."),
            ),
            _t(
                2,
                "got promoted two weeks ago!! officially Senior Planning Analyst now 🎉",
                _C(
                    "job_title",
                    "Senior Planning Analyst",
                    "The user is a Senior Planning Analyst.",
                    vf=_ago(14),
                ),
            ),
        ),
        (
            _p(
                "help me tweak my linkedin headline",
                ("Senior Planning Analyst",),
                (("junior data analyst", "stale"),),
            ),
            _p(
                "what should my email signature say these days?",
                ("Senior Planning Analyst",),
                (("junior data analyst", "stale"),),
            ),
        ),
    ),
    _S(
        "dated_statement",
        (
            _t(
                0,
                "I'm on the Lumo 20GB plan, it's fine most months",
                _C("phone_plan", "Lumo 20GB", "The user's phone plan is Lumo 20GB."),
            ),
            _t(
                1,
                "upgraded to Lumo Unlimited on the 5th because I kept running out halfway "
                "through the month",
                _C(
                    "phone_plan",
                    "Lumo Unlimited",
                    "The user's phone plan is Lumo Unlimited.",
                    vf=_nth(5),
                ),
            ),
        ),
        (
            _p(
                "will I be ok streaming the football on my phone on the train all week?",
                ("Lumo Unlimited",),
                (("Lumo 20GB", "stale"),),
            ),
            _p(
                "I'm going abroad for a week, will my mobile work there?",
                ("Lumo Unlimited",),
                (("Lumo 20GB", "stale"),),
            ),
        ),
    ),
    _S(
        "dated_statement",
        (
            _t(
                0,
                "my trusty Octavia estate has been with me since 2019, 180k on the clock",
                _C("car", "Octavia", "The user drives an Octavia estate.", vf=_year(2019)),
            ),
            _t(
                2,
                "well the Octavia finally died. picked up a secondhand Ioniq four days ago, "
                "first electric car!",
                _C(
                    "car",
                    "Ioniq",
                    "The user drives a secondhand Ioniq.",
                    vf=_ago(4),
                    replaces="Octavia",
                ),
            ),
        ),
        (
            _p(
                "how often should I be charging to keep the battery healthy?",
                ("Ioniq",),
                (("Octavia", "stale"),),
            ),
            _p(
                "car insurance renewal is due, what details will they ask me for?",
                ("Ioniq",),
                (("Octavia", "stale"),),
            ),
        ),
    ),
    _S(
        "dated_statement",
        (
            _t(
                0,
                "the commute from Leuven into the office is killing me",
                _C("city", "Leuven", "The user lives in Leuven."),
            ),
            _t(
                1,
                "oh I should say, I moved to Ghent last month, so the commute's a bit "
                "different now",
                _C("city", "Ghent", "The user lives in Ghent.", vf=_last_month),
            ),
        ),
        (
            _p("any nice walks near me for sunday?", ("Ghent",), (("Leuven", "stale"),)),
            _p(
                "which train pass should I get for getting to work?",
                ("Ghent",),
                (("Leuven", "stale"),),
            ),
        ),
    ),
    _S(
        "dated_statement",
        (
            _t(
                0,
                "landlord's Mr Okonkwo, he's decent about repairs to be fair",
                _C("landlord", "Okonkwo", "The user's landlord is Mr Okonkwo."),
            ),
            _t(
                2,
                "the flat got sold on the 9th, new landlord is a company called Hearthstead "
                "Lettings. no idea what they're like",
                _C(
                    "landlord",
                    "Hearthstead Lettings",
                    "The user's landlord is Hearthstead Lettings.",
                    vf=_nth(9),
                ),
            ),
        ),
        (
            _p(
                "the boiler's making a banging noise, who do I report it to?",
                ("Hearthstead",),
                (("Okonkwo", "stale"),),
            ),
            _p(
                "help me write an email asking if I can put shelves up",
                ("Hearthstead",),
                (("Okonkwo", "stale"),),
            ),
        ),
    ),
    _S(
        "dated_statement",
        (
            _t(
                1,
                "we were with Fernlight from 2021 until last spring and we've been on Cobbold "
                "Power since",
                _C(
                    "energy_provider",
                    "Fernlight",
                    "The user's energy provider was Fernlight.",
                    vf=_year(2021),
                    vt=_last_spring,
                ),
                _C(
                    "energy_provider",
                    "Cobbold Power",
                    "The user's energy provider is Cobbold Power.",
                    vf=_last_spring,
                ),
            ),
            _t(2, "meter reader came round today, the dog lost its mind"),
        ),
        (
            _p(
                "can you help me write a complaint about an estimated bill?",
                ("Cobbold",),
                (("Fernlight", "stale"),),
            ),
        ),
    ),
    _S(
        "dated_statement",
        (
            _t(
                0,
                "handing in my notice at Pemberly Dental tomorrow, I start at Rookwood "
                "Orthodontics in a couple of weeks",
                _C("employer", "Pemberly Dental", "The user works at Pemberly Dental."),
                _C(
                    "employer",
                    "Rookwood Orthodontics",
                    "The user will start at Rookwood Orthodontics.",
                    modality="plan",
                ),
            ),
            _t(
                2,
                "survived my first week at Rookwood 😅 everyone's nice",
                _C("employer", "Rookwood", "The user works at Rookwood Orthodontics.", vf=_ago(7)),
            ),
        ),
        (
            _p(
                "what's a good thing to bring in to break the ice with the new team?",
                ("Rookwood",),
                (("Pemberly", "stale"),),
            ),
            _p(
                "need to update my details on the professional register, what's changed?",
                ("Rookwood",),
                (("Pemberly", "stale"),),
            ),
        ),
    ),
)

_UNSEEN = (
    _S(
        "unseen_statement",
        (
            _t(
                0,
                "ugh the dentist said go easy with this new crown, but the real issue is I "
                "can't do shellfish at all, my throat closes up",
                _C("allergy", "shellfish", "The user is allergic to shellfish."),
            ),
        ),
        (
            _p("planning a tapas night at home, what should I make?", ("shellfish",)),
            _p(
                "we're thinking of a seaside restaurant for the anniversary, any tips on ordering?",
                ("shellfish",),
            ),
        ),
    ),
    _S(
        "unseen_statement",
        (
            _t(
                1,
                "so the meeting ran long, then the bus didn't show, then next door's cat got "
                "in again and knocked the basil over... anyway I finally signed up for the "
                "thursday wheel-throwing class at Claybarn so that's my new thing, and then "
                "I made soup and went to bed",
                _C(
                    "hobby",
                    "wheel-throwing",
                    "The user does a wheel-throwing class at Claybarn on Thursdays.",
                ),
            ),
        ),
        (
            _p(
                "I need a gift for myself under 30 quid, what would I actually use?",
                ("wheel-throwing",),
            ),
            _p("what could I do to unwind after work this week?", ("wheel-throwing",)),
        ),
    ),
    _S(
        "unseen_statement",
        (
            _t(
                0,
                "i teach yr 9 geogrpahy at st aldric's, the marking is endless",
                _C("employer", "St Aldric's", "The user teaches at St Aldric's."),
            ),
        ),
        (
            _p("need a quick icebreaker for parents' evening at work", ("St Aldric",)),
            _p("how do I politely ask the head for a day off for a wedding?", ("St Aldric",)),
        ),
    ),
    _S(
        "unseen_statement",
        (
            _t(
                0,
                "my name's 李婷 on paper but honestly everyone calls me Tina",
                _C("preferred_name", "Tina", "The user goes by Tina.", kind="preference"),
            ),
        ),
        (
            _p("write a cheery sign-off for my emails", ("Tina",)),
            _p("help me introduce myself to the new book club in one line", ("Tina",)),
        ),
    ),
    _S(
        "unseen_statement",
        (
            _t(
                1,
                "nights on the renal ward are wrecking my sleep, four on four off",
                _C(
                    "work_schedule", "nights", "The user works nights on a renal ward.", single=True
                ),
            ),
        ),
        (
            _p("how should I time my coffee so I can still get some rest?", ("nights",)),
            _p("what's a meal plan that fits my week?", ("nights",)),
        ),
    ),
    _S(
        "unseen_statement",
        (
            _t(
                0,
                "I've gone right off dairy, it was making me feel rubbish every time",
                _C("dietary_restriction", "dairy", "The user avoids dairy."),
            ),
        ),
        (
            _p("fancy baking something this weekend, recipe ideas?", ("dairy",)),
            _p("what should I order at the pizza place tonight?", ("dairy",)),
        ),
    ),
    _S(
        "unseen_statement",
        (
            _t(
                0,
                "🐕‍🦺 Pilot my guide dog comes everywhere with me fyi",
                _C("accessibility_need", "guide dog", "The user has a guide dog, Pilot."),
                _C("pet", "Pilot", "The user's guide dog is called Pilot."),
            ),
        ),
        (
            _p("I'm booking a table for friday, what should I check with them?", ("guide dog",)),
            _p("planning a city break by train, anything to sort in advance?", ("guide dog",)),
        ),
    ),
    _S(
        "unseen_statement",
        (
            _t(
                1,
                "quick context for future chats: 34, left-handed, vegetarian since forever, "
                "and I do everything in metric",
                _C("dietary_restriction", "vegetarian", "The user is vegetarian."),
                _C("units", "metric", "The user uses metric units.", kind="preference"),
            ),
        ),
        (
            _p("a quick weeknight curry, what do I need?", ("vegetarian",)),
            _p("how much flour is a cup?", ("metric",)),
        ),
    ),
    _S(
        "unseen_statement",
        (
            _t(
                0,
                "I'm a CPA at a small firm out in Omaha, tax season is brutal y'all",
                _C("job_title", "CPA", "The user is a CPA."),
                _C("city", "Omaha", "The user lives in Omaha."),
            ),
        ),
        (
            _p("need a weekend getaway within driving distance after april 15", ("Omaha",)),
            _p("what continuing education should I look at this year?", ("CPA",)),
        ),
    ),
    _S(
        "unseen_statement",
        (
            _t(
                1,
                "does oat milk froth properly? being lactose intolerant, I'm sick of sad "
                "flat lattes",
                _C("intolerance", "lactose", "The user is lactose intolerant."),
            ),
        ),
        (
            _p("what can I put in my coffee instead of cream?", ("lactose",)),
            _p("cheesecake for a birthday, what's my best bet?", ("lactose",)),
        ),
    ),
    _S(
        "unseen_statement",
        (
            _t(
                0,
                "i only ever fly out of Bristol, the drive to heathrow is too much",
                _C("home_airport", "Bristol", "The user flies out of Bristol.", kind="preference"),
            ),
        ),
        (
            _p("cheap sunny break in february, ideas?", ("Bristol",)),
            _p("how early should I leave for a 7am flight?", ("Bristol",)),
        ),
    ),
    _S(
        "unseen_statement",
        (
            _t(
                0,
                "anything with coriander tastes like washing-up liquid to me, just saying",
                _C("dislike", "coriander", "The user dislikes coriander.", kind="preference"),
            ),
        ),
        (
            _p("what should I put in a green salsa?", ("coriander",)),
            _p("thai takeaway tonight, what should I order?", ("coriander",)),
        ),
    ),
)

_SLIP_H, _SLIP_O, _SLIP_P, _SLIP_I, _SLIP_Q = (
    "hypothetical_as_fact",
    "other_person_as_user",
    "pasted_as_own",
    "instruction_as_preference",
    "question_as_fact",
)

_TRONDHEIM = _C("city", "Trondheim", "The user would move to Trondheim.", modality="hypothetical")
_SISTER_VEGAN = _C("dietary_restriction", "vegan", "The user's sister is vegan.", holder="sister")
_SCUBA = _C(
    "job_title", "scuba instructor", "Is a certified scuba instructor.", provenance="quoted"
)
_BULLETS = _C(
    "response_format",
    "bullet points",
    "The user wants answers in bullet points.",
    kind="preference",
    single=True,
)
_EVORA = _C(
    "city", "Évora", "The user asks whether moving to Évora would be cheaper.", modality="question"
)
_TRAM = _C("job_title", "tram driver", "The user's husband is a tram driver.", holder="husband")
_CANBERRA = _C(
    "city", "Canberra", "Is moving to Canberra in June.", holder="friend", provenance="quoted"
)
_MANGO = _C(
    "allergy", "mango", "The user asks about being allergic to mango skin.", modality="question"
)
_MARINE = _C(
    "job_title", "marine biologist", "The user is a marine biologist.", modality="hypothetical"
)
_COCKAPOO = _C("pet", "cockapoo", "The user might get a cockapoo.", modality="plan")
_PRIYA = _C(
    "contact",
    "Priya Raman",
    "For urgent matters contact Priya Raman.",
    provenance="quoted",
    single=False,
)
_BOAT = _C(
    "home_type", "a boat", "The user wants to live on a boat one day.", modality="plan", single=True
)

_MUST_NOT = (
    _S(
        "must_not_store",
        (
            _t(
                0,
                "work's fine, Dundee's fine, nothing much new with me",
                _C("city", "Dundee", "The user lives in Dundee."),
            ),
            _t(
                1,
                "if I ever got the Halloran fellowship I'd have to move to Trondheim, which... no",
                _TRONDHEIM,
                slips=(_slip(_SLIP_H, _TRONDHEIM),),
            ),
        ),
        (
            _p(
                "anything on this weekend within reach of me?",
                ("Dundee",),
                (("Trondheim", "hypothetical"),),
            ),
            _p(
                "how warm a coat do I actually need for winter where I live?",
                ("Dundee",),
                (("Trondheim", "hypothetical"),),
            ),
        ),
        (("Trondheim", "hypothetical"),),
    ),
    _S(
        "must_not_store",
        (
            _t(
                0,
                "buckwheat makes me come out in hives, so galettes are off the menu",
                _C("allergy", "buckwheat", "The user is allergic to buckwheat."),
            ),
            _t(
                1,
                "my sister's just gone vegan and is being sooo smug about it",
                _SISTER_VEGAN,
                slips=(_slip(_SLIP_O, _SISTER_VEGAN),),
            ),
        ),
        (
            _p(
                "dinner party menu for saturday, just me and a couple of mates",
                ("buckwheat",),
                (("vegan", "other_person"),),
                "sister",
            ),
            _p(
                "pancake day is coming, what should I make?",
                ("buckwheat",),
                (("vegan", "other_person"),),
                "sister",
            ),
        ),
        (("vegan", "other_person"),),
    ),
    _S(
        "must_not_store",
        (
            _t(
                0,
                "I'm a dental hygienist, have been for nine years",
                _C("job_title", "dental hygienist", "The user is a dental hygienist."),
            ),
            _t(
                1,
                "can you check the grammar on my friend's cover letter? \"I am a certified "
                "scuba instructor with eight years of experience in Dahab and I am looking "
                'for a new challenge."',
                _SCUBA,
                slips=(_slip(_SLIP_P, _SCUBA),),
            ),
        ),
        (
            _p(
                "ideas for an evening course that builds on my background?",
                ("dental hygienist",),
                (("scuba instructor", "pasted"),),
            ),
            _p(
                "what should I write under 'current role' on this form?",
                ("dental hygienist",),
                (("scuba instructor", "pasted"),),
            ),
        ),
        (("scuba instructor", "pasted"),),
    ),
    _S(
        "must_not_store",
        (
            _t(
                0,
                "I do the books for a community bakery called Crumb & Co, three days a week",
                _C("employer", "Crumb & Co", "The user does the books for Crumb & Co."),
            ),
            _t(
                1,
                "for this one reply only use bullet points, five max",
                slips=(
                    (
                        _SLIP_I,
                        _C(
                            "response_format",
                            "bullet points",
                            "The user wants answers in bullet points.",
                            kind="preference",
                            single=True,
                        ),
                        "bullet points",
                    ),
                ),
            ),
        ),
        (
            _p(
                "explain how VAT thresholds work for the small shop I keep accounts for",
                ("Crumb & Co",),
                (("bullet points", "instruction"),),
            ),
        ),
        (("bullet points", "instruction"),),
    ),
    _S(
        "must_not_store",
        (
            _t(
                0,
                "we rent a tiny place in Setúbal, twenty minutes from the beach",
                _C("city", "Setúbal", "The user lives in Setúbal."),
            ),
            _t(
                1,
                "would moving to Évora be cheaper than staying put, do you reckon?",
                _EVORA,
                slips=(_slip(_SLIP_Q, _EVORA),),
            ),
        ),
        (
            _p(
                "friends from abroad are visiting next week, what should we show them?",
                ("Setúbal",),
                (("Évora", "question"),),
            ),
            _p(
                "what's the weather usually like here in late october?",
                ("Setúbal",),
                (("Évora", "question"),),
            ),
        ),
        (("Évora", "question"),),
    ),
    _S(
        "must_not_store",
        (
            _t(
                0,
                "I'm in a flatshare in Croydon with three others, the kitchen is chaos",
                _C("home_type", "flatshare", "The user lives in a flatshare.", single=True),
                _C("city", "Croydon", "The user lives in Croydon."),
            ),
            _t(
                2,
                "one day I want to live on a boat on the Broads. one day",
                _BOAT,
                slips=(_slip(_SLIP_H, _BOAT),),
            ),
        ),
        (
            _p(
                "cheap ways to make my room feel bigger?",
                ("flatshare",),
                (("a boat", "hypothetical"),),
            ),
            _p(
                "how do I split the bills fairly at home?",
                ("flatshare",),
                (("a boat", "hypothetical"),),
            ),
        ),
        (("a boat", "hypothetical"),),
    ),
    _S(
        "must_not_store",
        (
            _t(
                0,
                "12 hour shifts as a midwife this week, I'm wrecked",
                _C("job_title", "midwife", "The user is a midwife."),
            ),
            _t(
                1,
                "my husband Declan is a tram driver now, he loves it",
                _C("partner", "Declan", "The user's husband is Declan."),
                _TRAM,
                slips=(_slip(_SLIP_O, _TRAM),),
            ),
        ),
        (
            _p(
                "help me write a short bio for the hospital newsletter",
                ("midwife",),
                (("tram driver", "other_person"),),
                "husband",
            ),
            _p(
                "what should I put as my occupation on the travel insurance form?",
                ("midwife",),
                (("tram driver", "other_person"),),
                "husband",
            ),
        ),
        (("tram driver", "other_person"),),
    ),
    _S(
        "must_not_store",
        (
            _t(
                0,
                "Hobart in winter is no joke, thermals out already",
                _C("city", "Hobart", "The user lives in Hobart."),
            ),
            _t(
                1,
                "my mate just texted me 'moving to Canberra in June, come visit!!' lol as if",
                _CANBERRA,
                slips=(_slip(_SLIP_P, _CANBERRA),),
            ),
        ),
        (
            _p(
                "thinking about a long weekend somewhere warm, what's easiest from here?",
                ("Hobart",),
                (("Canberra", "pasted"),),
            ),
            _p(
                "what time does the sun set around mine this time of year?",
                ("Hobart",),
                (("Canberra", "pasted"),),
            ),
        ),
        (("Canberra", "pasted"),),
    ),
    _S(
        "must_not_store",
        (
            _t(
                0,
                "no gluten for me, doctor's orders, so toast is a sad memory",
                _C("dietary_restriction", "gluten", "The user cannot eat gluten."),
            ),
            _t(
                1,
                "random q: can you be allergic to mango skin but fine with the fruit?",
                _MANGO,
                slips=(_slip(_SLIP_Q, _MANGO),),
            ),
        ),
        (
            _p("quick breakfast ideas that aren't boring?", ("gluten",), (("mango", "question"),)),
            _p(
                "what can I bring to a picnic that I can eat too?",
                ("gluten",),
                (("mango", "question"),),
            ),
        ),
        (("mango", "question"),),
    ),
    _S(
        "must_not_store",
        (
            _t(
                0,
                "I'm a primary school librarian, best job going",
                _C(
                    "job_title",
                    "primary school librarian",
                    "The user is a primary school librarian.",
                ),
            ),
            _t(
                1,
                "for the game, write my character intro as if I were a marine biologist",
                _MARINE,
                slips=(_slip(_SLIP_H, _MARINE),),
            ),
        ),
        (
            _p(
                "ideas for a display for world book day at work?",
                ("librarian",),
                (("marine biologist", "hypothetical"),),
            ),
            _p(
                "what's a good professional development course for me?",
                ("librarian",),
                (("marine biologist", "hypothetical"),),
            ),
        ),
        (("marine biologist", "hypothetical"),),
    ),
    _S(
        "must_not_store",
        (
            _t(
                0,
                "we've got two guinea pigs, Turnip and Fennel, they run the household",
                _C("pet", "Turnip", "The user has a guinea pig called Turnip."),
                _C("pet", "Fennel", "The user has a guinea pig called Fennel."),
            ),
            _t(
                2,
                "thinking about maybe getting a cockapoo next year?? or is that mad",
                _COCKAPOO,
                slips=(_slip(_SLIP_H, _COCKAPOO),),
            ),
        ),
        (
            _p(
                "what should I pick up at the pet shop this week?",
                ("Turnip", "Fennel"),
                (("cockapoo", "hypothetical"),),
            ),
            _p(
                "going away for four days, who or what needs looking after at home?",
                ("Turnip",),
                (("cockapoo", "hypothetical"),),
            ),
        ),
        (("cockapoo", "hypothetical"),),
    ),
    _S(
        "must_not_store",
        (
            _t(
                0,
                "I work in procurement at Hallam Steel, lots of chasing people",
                _C("employer", "Hallam Steel", "The user works in procurement at Hallam Steel."),
            ),
            _t(
                1,
                "pasting my colleague's out-of-office so you can see the tone: 'I am on leave "
                "until the 28th. For urgent matters please contact Priya Raman.'",
                _PRIYA,
                slips=(_slip(_SLIP_P, _PRIYA),),
            ),
        ),
        (
            _p(
                "write a polite chaser to a supplier who still hasn't invoiced us",
                ("Hallam Steel",),
                (("Priya Raman", "pasted"),),
            ),
        ),
        (("Priya Raman", "pasted"),),
    ),
)

_PEOPLE = (
    _S(
        "people",
        (
            _t(
                0,
                "my daughter Wren is obsessed with axolotls at the moment, it's all she "
                "talks about",
                _C("child", "Wren", "The user's daughter is Wren."),
                _C("interest", "axolotls", "Wren is obsessed with axolotls.", holder="Wren"),
            ),
        ),
        (
            _p("what should I get Wren for her birthday?", ("axolotls",)),
            _p("ideas for a day out my daughter would love?", ("axolotls",)),
        ),
    ),
    _S(
        "people",
        (
            _t(
                1,
                "my other half, Tomasz, can't handle spicy food at all, which is tragic "
                "because I love it",
                _C("partner", "Tomasz", "The user's partner is Tomasz."),
                _C("dislike", "spicy food", "Tomasz can't handle spicy food.", holder="Tomasz"),
            ),
        ),
        (_p("cooking for Tomasz tonight, any ideas?", ("spicy food",)),),
    ),
    _S(
        "people",
        (
            _t(
                0,
                "Bramble (our lurcher) has a dodgy hip so walks are short these days",
                _C("pet", "Bramble", "The user has a lurcher called Bramble."),
                _C(
                    "health_note",
                    "dodgy hip",
                    "Bramble has a dodgy hip.",
                    holder="Bramble",
                    single=False,
                ),
            ),
        ),
        (
            _p(
                "planning a weekend in the Lakes with Bramble, what should I think about?",
                ("dodgy hip",),
            ),
            _p("what sort of toys are good for an older dog like mine?", ("Bramble",)),
        ),
    ),
    _S(
        "people",
        (
            _t(
                1,
                "mamá (Inés) comes to stay in two weeks and she doesn't eat pork, so I'll "
                "need to rethink the menu",
                _C("parent", "Inés", "The user's mother is Inés."),
                _C("dietary_restriction", "pork", "Inés doesn't eat pork.", holder="Inés"),
            ),
        ),
        (
            _p("what should I cook while Inés is here?", ("pork",)),
            _p("my mum's visit: a sunday lunch plan please", ("pork",)),
        ),
        (("pork", "other_person"),),
    ),
    _S(
        "people",
        (
            _t(
                0,
                "Kofi's just started reception at Larchfield Primary, he's so little!",
                _C("child", "Kofi", "The user's son is Kofi."),
                _C(
                    "school",
                    "Larchfield Primary",
                    "Kofi goes to Larchfield Primary.",
                    holder="Kofi",
                    single=True,
                ),
            ),
        ),
        (
            _p("what do I need to sort before Kofi's first parents' evening?", ("Larchfield",)),
            _p("how do I find out about after-school clubs for Kofi?", ("Larchfield",)),
        ),
    ),
    _S(
        "people",
        (
            _t(
                1,
                "my wife works at Meridale Hospice, nights mostly, so our weekends are odd",
                _C(
                    "employer",
                    "Meridale Hospice",
                    "The user's wife works at Meridale Hospice.",
                    holder="wife",
                ),
            ),
        ),
        (
            _p(
                "I want to surprise my wife at work with lunch, how do I pull it off?",
                ("Meridale Hospice",),
            ),
            _p("my wife's had a rough week, ideas to cheer her up?", ("Meridale",)),
        ),
        (("Meridale Hospice", "other_person"),),
    ),
    _S(
        "people",
        (
            _t(
                0,
                "the cat, Ptolemy, is on a renal diet now. vet's orders, he's furious",
                _C("pet", "Ptolemy", "The user has a cat called Ptolemy."),
                _C("diet", "renal diet", "Ptolemy is on a renal diet.", holder="Ptolemy"),
            ),
        ),
        (
            _p("stocking up for Ptolemy, what should I order?", ("renal diet",)),
            _p("is it ok to give my cat a bit of tuna as a treat?", ("renal diet",)),
        ),
    ),
    _S(
        "people",
        (
            _t(
                1,
                "my brother 健太 (Kenta) is visiting from Osaka next week, he's pescatarian "
                "so no steakhouse this time",
                _C("sibling", "Kenta", "The user's brother is Kenta."),
                _C("dietary_restriction", "pescatarian", "Kenta is pescatarian.", holder="Kenta"),
                _C("city", "Osaka", "Kenta lives in Osaka.", holder="Kenta"),
            ),
        ),
        (
            _p("where should I take Kenta for dinner?", ("pescatarian",)),
            _p("my brother's here next week, what should we do?", ("Kenta",)),
        ),
        (("pescatarian", "other_person"),),
    ),
    _S(
        "people",
        (
            _t(
                0,
                "the twins turn six soon: Aoife wants a dinosaur cake and Rory wants a "
                "football one, naturally",
                _C("child", "Aoife", "The user's daughter is Aoife."),
                _C("child", "Rory", "The user's son is Rory."),
                _C(
                    "birthday_wish",
                    "dinosaur cake",
                    "Aoife wants a dinosaur cake.",
                    holder="Aoife",
                    single=True,
                ),
                _C(
                    "birthday_wish",
                    "football",
                    "Rory wants a football cake.",
                    holder="Rory",
                    single=True,
                ),
            ),
        ),
        (
            _p("help me plan the party food for Aoife and Rory", ("dinosaur", "football")),
            _p("what cake should I order for Aoife?", ("dinosaur",)),
        ),
    ),
    _S(
        "people",
        (
            _t(
                1,
                "dad's hearing aid makes phone calls a nightmare, texting him is better",
                _C(
                    "accessibility_need",
                    "hearing aid",
                    "The user's dad has a hearing aid.",
                    holder="dad",
                ),
            ),
        ),
        (
            _p("what's the best way to tell my dad about the change of plans?", ("hearing aid",)),
            _p("my dad's birthday is next month, gadget gift ideas?", ("hearing aid",)),
        ),
        (("hearing aid", "other_person"),),
    ),
    _S(
        "people",
        (
            _t(
                0,
                "Marguerite (my girlfriend) is allergic to cats so we're firmly a dog household",
                _C("partner", "Marguerite", "The user's girlfriend is Marguerite."),
                _C("allergy", "cats", "Marguerite is allergic to cats.", holder="Marguerite"),
            ),
        ),
        (
            _p(
                "we're staying at a friend's place with Marguerite next weekend, anything I "
                "should warn them about?",
                ("cats",),
            ),
        ),
        (("cats", "other_person"),),
    ),
    _S(
        "people",
        (
            _t(
                1,
                "gran's 91 and still does the cryptic crossword in ink every morning",
                _C(
                    "hobby",
                    "cryptic crossword",
                    "The user's gran does the cryptic crossword.",
                    holder="gran",
                ),
            ),
        ),
        (
            _p("gift ideas for gran's birthday?", ("cryptic crossword",)),
            _p("what can I do with my grandmother when I visit on sunday?", ("crossword",)),
        ),
        (("cryptic crossword", "other_person"),),
    ),
)

_PAST = (
    _S(
        "past_state",
        (
            _t(
                0,
                "I was vegetarian for ages but these days I'm pescatarian, fish twice a week",
                _C("dietary_restriction", "vegetarian", "The user used to be vegetarian.", vt=_now),
                _C("dietary_restriction", "pescatarian", "The user is pescatarian."),
            ),
        ),
        (
            _p("bbq ideas for saturday?", ("pescatarian",), (("vegetarian", "stale"),)),
            _p(
                "what should I order at the sushi place?",
                ("pescatarian",),
                (("vegetarian", "stale"),),
            ),
        ),
    ),
    _S(
        "past_state",
        (
            _t(
                0,
                "I'm in Zagreb, mostly taking trams everywhere",
                _C("city", "Zagreb", "The user lives in Zagreb."),
            ),
            _t(
                2,
                "back when I lived in Galway I cycled everywhere, miss that",
                _C("city", "Galway", "The user used to live in Galway.", vt=_now),
            ),
        ),
        (
            _p(
                "recommend me a weekend trip I can do by train", ("Zagreb",), (("Galway", "stale"),)
            ),
            _p("where can I get my bike serviced near me?", ("Zagreb",), (("Galway", "stale"),)),
        ),
    ),
    _S(
        "past_state",
        (
            _t(
                1,
                "I used to work at Strand & Pike before the layoffs, freelancing as a copy "
                "editor now",
                _C("employer", "Strand & Pike", "The user used to work at Strand & Pike.", vt=_now),
                _C("job_title", "copy editor", "The user is a freelance copy editor."),
            ),
        ),
        (
            _p("help me make an invoice template", ("copy editor",), (("Strand & Pike", "stale"),)),
            _p(
                "what should I say when a new client asks where I work?",
                ("copy editor",),
                (("Strand & Pike", "stale"),),
            ),
        ),
    ),
    _S(
        "past_state",
        (
            _t(
                0,
                "Halcyon Mobile's signal in my flat is shocking",
                _C(
                    "mobile_carrier",
                    "Halcyon Mobile",
                    "The user's mobile carrier is Halcyon Mobile.",
                ),
            ),
            _t(
                2,
                "my old number from when I was on Tellure is still on my bank account, "
                "need to fix that",
                _C("mobile_carrier", "Tellure", "The user used to be with Tellure.", vt=_now),
            ),
        ),
        (
            _p(
                "my phone bill doubled this month, who do I complain to?",
                ("Halcyon",),
                (("Tellure", "stale"),),
            ),
        ),
    ),
    _S(
        "past_state",
        (
            _t(
                0,
                "as a student I was super into competitive fencing, haven't touched a sabre "
                "in years",
                _C("hobby", "fencing", "The user used to do competitive fencing.", vt=_now),
            ),
            _t(
                1,
                "these days it's bouldering twice a week, my forearms are huge",
                _C("hobby", "bouldering", "The user goes bouldering twice a week."),
            ),
        ),
        (
            _p(
                "what should I do with a free saturday morning?",
                ("bouldering",),
                (("fencing", "stale"),),
            ),
            _p(
                "I need new sports kit, what's worth buying?",
                ("bouldering",),
                (("fencing", "stale"),),
            ),
        ),
    ),
    _S(
        "past_state",
        (
            _t(
                0,
                "Nantes has been good to me so far, the river walks especially",
                _C("city", "Nantes", "The user lives in Nantes."),
            ),
            _t(
                1,
                "my ex and I lived in Rennes for five years, feels like another life",
                _C(
                    "city",
                    "Rennes",
                    "The user used to live in Rennes.",
                    vf=_ago(8 * 365),
                    vt=_ago(3 * 365),
                ),
            ),
        ),
        (
            _p("good restaurant near me for a friday night?", ("Nantes",), (("Rennes", "stale"),)),
            _p(
                "is there a farmers' market in my town this weekend?",
                ("Nantes",),
                (("Rennes", "stale"),),
            ),
        ),
    ),
    _S(
        "past_state",
        (
            _t(
                1,
                "I was head chef at a place called Salt & Ember until 2023, now I'm a cookery "
                "teacher at the adult ed college",
                _C(
                    "job_title",
                    "head chef",
                    "The user was head chef at Salt & Ember.",
                    vt=_year(2023),
                ),
                _C("job_title", "cookery teacher", "The user is a cookery teacher."),
            ),
        ),
        (
            _p(
                "I need a short intro for my profile on a tutoring site",
                ("cookery teacher",),
                (("head chef", "stale"), ("Salt & Ember", "stale")),
            ),
            _p(
                "what should I put as my job on the mortgage form?",
                ("cookery teacher",),
                (("head chef", "stale"),),
            ),
        ),
    ),
    _S(
        "past_state",
        (
            _t(
                0,
                "I drive a Leaf, range is fine for school runs",
                _C("car", "Leaf", "The user drives a Leaf."),
            ),
            _t(
                2,
                "the Berlingo we had when the kids were tiny was the best car ever honestly",
                _C("car", "Berlingo", "The user used to have a Berlingo.", vt=_now),
            ),
        ),
        (
            _p(
                "road trip to the coast this summer, anything to plan for with the car?",
                ("Leaf",),
                (("Berlingo", "stale"),),
            ),
            _p("what size roof box would suit my car?", ("Leaf",), (("Berlingo", "stale"),)),
        ),
    ),
    _S(
        "past_state",
        (
            _t(
                0,
                "I was allergic to eggs as a kid but grew out of it, thank god",
                _C("allergy", "eggs", "The user used to be allergic to eggs.", vt=_now),
            ),
            _t(
                1,
                "tree nuts though, that one's for life. epipen and everything",
                _C("allergy", "tree nuts", "The user is allergic to tree nuts."),
            ),
        ),
        (
            _p("brunch recipe ideas for sunday?", ("tree nuts",), (("eggs", "stale"),)),
            _p(
                "what should I bake for the office bake sale?", ("tree nuts",), (("eggs", "stale"),)
            ),
        ),
    ),
    _S(
        "past_state",
        (
            _t(
                0,
                "scheduling calls with Singapore is much easier now I'm in Perth",
                _C("city", "Perth", "The user lives in Perth."),
            ),
            _t(
                1,
                "I used to be stuck on pacific time when I lived in Vancouver, total nightmare",
                _C("city", "Vancouver", "The user used to live in Vancouver.", vt=_now),
            ),
        ),
        (
            _p(
                "what's a good time to call my colleague in London tomorrow?",
                ("Perth",),
                (("Vancouver", "stale"),),
            ),
            _p("beach suggestions for a day off near me?", ("Perth",), (("Vancouver", "stale"),)),
        ),
    ),
    _S(
        "past_state",
        (
            _t(
                1,
                "I was married for 12 years, divorced since 2022 and honestly thriving",
                _C(
                    "relationship_status",
                    "married",
                    "The user was married.",
                    vf=_year(2010),
                    vt=_year(2022),
                ),
                _C("relationship_status", "divorced", "The user is divorced.", vf=_year(2022)),
            ),
        ),
        (
            _p(
                "writing a dating profile, help me with the opening line",
                ("divorced",),
                (("married", "stale"),),
            ),
        ),
    ),
    _S(
        "past_state",
        (
            _t(
                0,
                "I spoke decent Russian as a teenager but it's completely gone now",
                _C("language", "Russian", "The user used to speak Russian.", vt=_now),
            ),
            _t(
                2,
                "Dutch lessons going well, I can order a coffee without panicking now",
                _C("language", "Dutch", "The user is learning Dutch."),
            ),
        ),
        (
            _p(
                "recommend a podcast for practising on my commute",
                ("Dutch",),
                (("Russian", "stale"),),
            ),
            _p(
                "which subtitles should I put on to help my learning?",
                ("Dutch",),
                (("Russian", "stale"),),
            ),
        ),
    ),
)

_OPEN = (
    _S(
        "open_thread",
        (
            _t(
                1,
                "for the Cairngorms trip I'm torn between the Vireo 2 and the Kestrel UL",
                _C(
                    "tent_shortlist",
                    "Vireo 2",
                    "The user is considering the Vireo 2 tent.",
                    single=False,
                ),
                _C(
                    "tent_shortlist",
                    "Kestrel UL",
                    "The user is considering the Kestrel UL tent.",
                    single=False,
                ),
            ),
            _t(
                2,
                "scrap the Vireo, far too heavy. Kestrel UL unless it doesn't fit two "
                "people, still need to check that, carry on tomorrow",
                _C(
                    "tent_shortlist",
                    "Vireo",
                    "The user ruled out the Vireo 2 tent.",
                    polarity="retract",
                    single=False,
                ),
                _C(
                    "current_goal",
                    "Kestrel UL",
                    "The user needs to check whether the Kestrel UL tent fits two people.",
                ),
            ),
        ),
        (_p("ok, where did we get to with the tent?", ("Kestrel UL",), (("Vireo", "retracted"),)),),
    ),
    _S(
        "open_thread",
        (
            _t(
                1,
                "writing a leaving speech for Ruairí, his do is on the 28th",
                _C(
                    "current_goal",
                    "leaving speech",
                    "The user is writing a leaving speech for Ruairí.",
                ),
                _C("leaving_do_date", "28th", "Ruairí's leaving do is on the 28th.", single=True),
            ),
            _t(
                2,
                "update: Ruairí's do got moved to the 30th. opening's done, still stuck on a "
                "funny bit for the middle. more later",
                _C("leaving_do_date", "30th", "Ruairí's leaving do is on the 30th.", single=True),
            ),
        ),
        (
            _p("can we get back to that speech?", ("30th",), (("28th", "stale"),)),
            _p("how long should a toast for a colleague be?", ("Ruairí",)),
        ),
    ),
    _S(
        "open_thread",
        (
            _t(
                1,
                "planning Mum's 60th, thinking a budget of about 400 quid",
                _C(
                    "party_budget",
                    "400",
                    "The budget for Mum's 60th is about 400 pounds.",
                    single=True,
                ),
            ),
            _t(
                2,
                "right, budget's gone up to 550 since my brother's chipping in. venue still "
                "not booked, I'll come back to it",
                _C("party_budget", "550", "The budget for Mum's 60th is 550 pounds.", single=True),
                _C("current_goal", "venue", "The user still needs to book a venue for Mum's 60th."),
            ),
        ),
        (
            _p(
                "ok venue hunting for the party, what are my options?",
                ("550",),
                (("400", "stale"),),
            ),
            _p(
                "catering for my mother's birthday, what can we afford?",
                ("550",),
                (("400", "stale"),),
            ),
        ),
    ),
    _S(
        "open_thread",
        (
            _t(
                1,
                "the migration script for the Hollowmere db keeps failing on the invoices table",
                _C(
                    "migration_blocker",
                    "invoices",
                    "The Hollowmere migration fails on the invoices table.",
                    single=True,
                ),
            ),
            _t(
                2,
                "fixed invoices! now it's dying on the audit_log table instead. I'll pick it "
                "back up monday",
                _C(
                    "migration_blocker",
                    "audit_log",
                    "The Hollowmere migration fails on the audit_log table.",
                    single=True,
                ),
            ),
        ),
        (
            _p(
                "back on the migration, what was still broken?",
                ("audit_log",),
                (("invoices", "stale"),),
            ),
        ),
    ),
    _S(
        "open_thread",
        (
            _t(
                1,
                "looking at flights to Tbilisi for the first week of may",
                _C("current_goal", "Tbilisi", "The user is planning a trip to Tbilisi."),
                _C(
                    "trip_dates",
                    "first week of may",
                    "The trip is the first week of May.",
                    single=True,
                ),
            ),
            _t(
                2,
                "changed my mind, the second week of may works better with work. still need "
                "somewhere to stay, let's look at that next time",
                _C(
                    "trip_dates",
                    "second week of may",
                    "The trip is the second week of May.",
                    single=True,
                ),
            ),
        ),
        (
            _p(
                "ok let's find me a place to stay for the trip",
                ("Tbilisi", "second week of may"),
                (("first week of may", "stale"),),
            ),
            _p("what should I pack for the trip, weather-wise?", ("Tbilisi",)),
        ),
    ),
    _S(
        "open_thread",
        (
            _t(
                1,
                "the Fenwick & Shaw application closes Friday, cv's nearly there",
                _C(
                    "current_goal",
                    "Fenwick & Shaw",
                    "The user is applying for a job at Fenwick & Shaw.",
                ),
                _C(
                    "application_deadline",
                    "Friday",
                    "The Fenwick & Shaw application closes on Friday.",
                    single=True,
                ),
            ),
            _t(
                2,
                "deadline got extended to Wednesday, phew. cover letter still to do, "
                "tomorrow's problem",
                _C(
                    "application_deadline",
                    "Wednesday",
                    "The Fenwick & Shaw application closes on Wednesday.",
                    single=True,
                ),
            ),
        ),
        (
            _p(
                "let's get going on that cover letter",
                ("Fenwick & Shaw", "Wednesday"),
                (("Friday", "stale"),),
            ),
            _p(
                "how much time do I have left to finish the job application?",
                ("Wednesday",),
                (("Friday", "stale"),),
            ),
        ),
    ),
    _S(
        "open_thread",
        (
            _t(
                1,
                "measuring the alcove for shelves, I make it 84cm wide",
                _C("alcove_width", "84cm", "The alcove is 84cm wide.", single=True),
            ),
            _t(
                2,
                "remeasured and it's actually 79cm, so the Ostvik unit is out. still hunting "
                "for a narrower one, next time",
                _C(
                    "alcove_width", "79cm", "The alcove is 79cm wide.", single=True, corrects="84cm"
                ),
            ),
        ),
        (
            _p(
                "any luck with shelves that'd fit? let's keep looking",
                ("79cm",),
                (("84cm", "corrected"),),
            ),
            _p(
                "would a bookcase from the charity shop work in that gap?",
                ("79cm",),
                (("84cm", "corrected"),),
            ),
        ),
    ),
    _S(
        "open_thread",
        (
            _t(
                1,
                "scaling my nan's stew recipe for 12 people for the church lunch",
                _C("lunch_guests", "12", "The church lunch is for 12 people.", single=True),
            ),
            _t(
                2,
                "numbers are now 18 not 12, and I still haven't worked out how much beef to "
                "buy. remind me where we were tomorrow",
                _C("lunch_guests", "18", "The church lunch is for 18 people.", single=True),
            ),
        ),
        (
            _p(
                "morning! the shopping list for the lunch, where were we?",
                ("18",),
                (("12", "stale"),),
            ),
        ),
    ),
    _S(
        "open_thread",
        (
            _t(
                1,
                "bike's skipping gears again, reckon it's the rear derailleur",
                _C(
                    "bike_problem",
                    "rear derailleur",
                    "The user's bike problem is the rear derailleur.",
                    single=True,
                ),
            ),
            _t(
                2,
                "not the derailleur after all, the chain's stretched. ordering a new chain "
                "but no clue which one fits a 9-speed, to be continued",
                _C(
                    "bike_problem",
                    "chain",
                    "The user's bike has a stretched chain (9-speed).",
                    single=True,
                    corrects="rear derailleur",
                ),
            ),
        ),
        (
            _p(
                "still trying to sort the bike out, what was I going to order?",
                ("chain",),
                (("rear derailleur", "corrected"),),
            ),
            _p(
                "is it worth doing the repair myself or taking it to a shop?",
                ("chain",),
                (("rear derailleur", "corrected"),),
            ),
        ),
    ),
    _S(
        "open_thread",
        (
            _t(
                1,
                "wedding seating: the venue put us in the Orangery, 9 round tables",
                _C(
                    "reception_room",
                    "Orangery",
                    "The wedding reception is in the Orangery.",
                    single=True,
                ),
            ),
            _t(
                2,
                "venue's moved us from the Orangery to the Long Gallery, so the seating plan "
                "needs redoing. can't face it today",
                _C(
                    "reception_room",
                    "Long Gallery",
                    "The wedding reception is in the Long Gallery.",
                    single=True,
                    replaces="Orangery",
                ),
            ),
        ),
        (
            _p(
                "ok seating plan round two, let's do it",
                ("Long Gallery",),
                (("Orangery", "stale"),),
            ),
            _p(
                "what wedding flowers would suit the room we ended up with?",
                ("Long Gallery",),
                (("Orangery", "stale"),),
            ),
        ),
    ),
    _S(
        "open_thread",
        (
            _t(
                1,
                "self assessment time. I think my turnover was about 31k",
                _C("turnover", "31k", "The user's turnover was about 31k.", single=True),
            ),
            _t(
                2,
                "found more invoices, turnover's actually 34k. still need to work out "
                "expenses, let's do that next session",
                _C("turnover", "34k", "The user's turnover was 34k.", single=True, corrects="31k"),
            ),
        ),
        (
            _p(
                "right, expenses for the tax return, carry on from before?",
                ("34k",),
                (("31k", "corrected"),),
            ),
            _p(
                "roughly how much should I put aside for the tax bill?",
                ("34k",),
                (("31k", "corrected"),),
            ),
        ),
    ),
    _S(
        "open_thread",
        (
            _t(
                1,
                "my novel's working title is The Salt Orchard, 60k words in",
                _C(
                    "novel_title",
                    "The Salt Orchard",
                    "The user's novel is titled The Salt Orchard.",
                    single=True,
                ),
            ),
            _t(
                2,
                "renamed it Tidewrack, the old title felt twee. chapter 7 still doesn't work, "
                "we'll look at it next time",
                _C(
                    "novel_title",
                    "Tidewrack",
                    "The user's novel is titled Tidewrack.",
                    single=True,
                    replaces="The Salt Orchard",
                ),
            ),
        ),
        (
            _p(
                "can we look at that problem chapter again?",
                ("Tidewrack",),
                (("Salt Orchard", "stale"),),
            ),
            _p(
                "help me write a one-line pitch for agents",
                ("Tidewrack",),
                (("Salt Orchard", "stale"),),
            ),
        ),
    ),
)

_SCENARIOS: dict[str, tuple[_S, ...]] = {
    "dated_statement": _DATED,
    "unseen_statement": _UNSEEN,
    "must_not_store": _MUST_NOT,
    "people": _PEOPLE,
    "past_state": _PAST,
    "open_thread": _OPEN,
}

_FILLERS = (
    "morning",
    "hi again",
    "ok quick one",
    "hello! me again",
    "hey",
)
"""Session openers, said by many users (not one-offs), with nothing to remember."""

_IRRELEVANT = (
    "how do tides work?",
    "explain how a bill becomes law, simply",
    "what's the capital of Mongolia?",
    "write a haiku about autumn rain",
    "how many bones are in the human hand?",
    "who painted the ceiling of the Sistine Chapel?",
    "why is the sky blue?",
    "give me a riddle for a quiz night",
    "summarise the plot of Hamlet in two sentences",
    "what does HTTP 418 mean?",
    "translate 'good luck' into Swahili",
    "what is a prime number?",
    "how do noise-cancelling headphones work?",
    "name three famous lighthouses",
    "explain compound interest like I'm twelve",
    "what rhymes with orange?",
    "how do bees make honey?",
    "tell me a fun fact about octopuses",
    "how far away is the moon?",
    "what is photosynthesis?",
    "define 'serendipity'",
    "who invented the telephone?",
    "what's the tallest mountain in Africa?",
    "how do magnets work?",
    "what causes thunder?",
    "list the planets in order from the sun",
    "what's the longest river in South America?",
)


def _all_texts() -> frozenset[str]:
    return frozenset(t.text for ss in _SCENARIOS.values() for s in ss for t in s.turns)


ONE_OFF_TEXTS: frozenset[str] = _all_texts()
"""Every scenario sentence: each is written for one scenario and used once at 24 users."""

_WORD = re.compile(r"[^\W\d_]{3,}")
_FUNCTION_WORDS = frozenset(
    {"the", "and", "but", "how", "why", "who", "are", "was", "you", "for", "did", "far", "its"}
)


def _content_words(text: str) -> set[str]:
    """A text's words of three letters or more, plural ``s`` dropped, three-letter function
    words out: what an unrelated request shares none of with the user ("cats", "the cat")."""
    words = {w.removesuffix("s") for w in _WORD.findall(text.casefold())}
    return words - {w.removesuffix("s") for w in _FUNCTION_WORDS}


# ---- building a user -------------------------------------------------------------------


def _single_preds(s: _S) -> set[str]:
    return {
        c.predicate
        for t in s.turns
        for c in t.cands
        if c.holder == "user"
        and c.provenance == "own_words"
        and c.modality in ("asserted", "plan")
        and (c.predicate in DEFAULT_SINGLE_VALUED or c.single)
    }


def _values(s: _S) -> set[str]:
    out = {c.object.casefold() for t in s.turns for c in t.cands}
    out |= {v.casefold() for p in s.probes for v in p.present}
    out |= {v.casefold() for p in s.probes for v, _ in p.absent}
    out |= {v.casefold() for v, _ in s.forbidden}
    return out


def _said(s: _S) -> str:
    return " ".join(t.text for t in s.turns).casefold()


def _clash(a: _S, b: _S) -> bool:
    """Two scenarios that would spoil each other's answers for one user."""
    if _single_preds(a) & _single_preds(b):
        return True
    if a.kind == b.kind:
        return True
    for x, y in ((a, b), (b, a)):
        said = _said(y)
        if any(re.search(rf"(?<![\w-]){re.escape(v)}(?![\w-])", said) for v in _values(x)):
            return True
    return False


def _pick_once(rng: random.Random, users: int) -> tuple[list[list[_S]], int]:
    """One draw: three scenarios of three kinds per user, each kind as often as the others,
    and how many picks had to reuse a scenario because every unused one clashed."""
    order = list(SCENARIO_KINDS)
    rng.shuffle(order)
    queues: dict[str, list[_S]] = {}
    out: list[list[_S]] = []
    reused = 0
    for i in range(users):
        kinds = [order[i % 6], order[(i + 1) % 6], order[(i + 3) % 6]]
        mine: list[_S] = []
        for kind in kinds:
            queue = queues.setdefault(kind, [])
            if not queue:
                queue.extend(rng.sample(_SCENARIOS[kind], len(_SCENARIOS[kind])))
            k = next((j for j, s in enumerate(queue) if not any(_clash(s, m) for m in mine)), None)
            if k is None:  # every queued one clashes: take a fresh copy that does not
                fresh = [s for s in _SCENARIOS[kind] if not any(_clash(s, m) for m in mine)]
                mine.append(rng.choice(fresh))
                reused += 1
            else:
                mine.append(queue.pop(k))
        out.append(mine)
    return out, reused


def _pick(rng: random.Random, users: int) -> list[list[_S]]:
    """The first of a few draws that reuses no scenario (else the one that reuses fewest),
    so at 24 users every scenario is said by exactly one user."""
    best: tuple[list[list[_S]], int] | None = None
    for _ in range(40):
        draw = _pick_once(rng, users)
        if best is None or draw[1] < best[1]:
            best = draw
        if draw[1] == 0:
            break
    assert best is not None
    return best[0]


def _sessions(rng: random.Random) -> list[datetime]:
    """Three or four send times, each in the month after the last one (day 10 to 24), so a
    day of the month a turn names ("on the 3rd") falls after everything said before it."""
    month = rng.randint(2, 5)
    return [
        datetime(2026, month + k, rng.randint(10, 24), rng.randint(8, 20), tzinfo=_UTC)
        for k in range(rng.choice((3, 4)))
    ]


def _candidate(c: _C, at: datetime, text: str) -> CandidateFact:
    holder_key = normalize_holder(c.holder) if c.holder != "user" else "user"
    vf = c.vf(at) if c.vf else None
    return CandidateFact(
        kind=c.kind,
        subject="user" if c.holder == "user" else f"person:{holder_key}",
        predicate=c.predicate,
        object=c.object,
        text=c.text,
        quote=text,
        valid_from=vf,
        valid_to=c.vt(at) if c.vt else None,
        holder=c.holder,
        modality=c.modality,
        polarity=c.polarity,
        provenance=c.provenance,
        time_stated=vf is not None,
        single_valued=c.single,
        corrects=c.corrects,
        replaces=c.replaces,
    )


def _turn(t: _T, at: datetime) -> HoTurn:
    ideal = tuple(_candidate(c, at, t.text) for c in t.cands)
    slips = tuple(Slip(k, _candidate(c, at, t.text), marker) for k, c, marker in t.slips)
    return HoTurn(t.text, ideal, slips)


def _slot_map(rng: random.Random, n: int) -> dict[int, int]:
    return {0: 0, 1: rng.randint(1, n - 2), 2: n - 1}


def _user(i: int, picked: list[_S], rng: random.Random, used: set[str]) -> HoConversation:
    times = _sessions(rng)
    slots = _slot_map(rng, len(times))
    # the open thread is the last thing said: its scenario goes last in every session
    picked = sorted(picked, key=lambda s: s.kind == "open_thread")
    per_session: list[list[HoTurn]] = [[] for _ in times]
    for turns in per_session:
        turns.append(HoTurn(rng.choice(_FILLERS)))
    for s in picked:
        for t in s.turns:
            k = slots[t.slot]
            per_session[k].append(_turn(t, times[k]))
    for k in range(len(times) - 1):
        if len(per_session[k]) == 1:  # a session with only its opener gets a second word
            per_session[k].append(HoTurn("thanks, that's all for now"))
    said = _content_words(" ".join(t.text for ts in per_session for t in ts))
    probes: list[HoProbe] = []
    for s in picked:
        for p in s.probes:
            probes.append(HoProbe(p.request, p.present, p.absent, kind=s.kind, holder=p.holder))
    # the open thread's first probe opens the next session
    opening = [p for p in probes if p.kind == "open_thread"][:1]
    probes = opening + [p for p in probes if p not in opening]
    pool = list(_IRRELEVANT)
    rng.shuffle(pool)
    fits = [r for r in pool if not _content_words(r) & said]
    request = next((r for r in fits if r not in used), fits[0])
    used.add(request)
    lo = 1 if probes and probes[0].kind == "open_thread" else 0
    probes.insert(
        rng.randint(lo, len(probes)), HoProbe(request, irrelevant=True, kind="irrelevant")
    )
    forbidden = tuple(f for s in picked for f in s.forbidden)
    return HoConversation(
        user_id=f"h7a-{i}",
        sessions=tuple((at, tuple(ts)) for at, ts in zip(times, per_session, strict=True)),
        probes=tuple(probes),
        probe_at=times[-1] + timedelta(days=rng.randint(2, 9)),
        forbidden=forbidden,
        kinds=tuple(dict.fromkeys([*(s.kind for s in picked), "irrelevant"])),
    )


def _plan(seed: int, users: int) -> tuple[random.Random, list[list[_S]]]:
    if not isinstance(users, int) or users < 1:
        raise ValueError(f"users must be a positive int, got {users!r}")
    rng = random.Random(f"heldout-v7-a/{seed}")
    return rng, _pick(rng, users)


def generate_heldout_v7_a(*, seed: int = 0, users: int = 24) -> list[HoConversation]:
    """Held-out split v7, part a: ``users`` simulated users, deterministic from ``seed``.

    Raises:
        ValueError: ``users`` is not a positive int (the message names the value).

    Example:
        >>> convs = generate_heldout_v7_a(seed=3, users=3)
        >>> convs == generate_heldout_v7_a(seed=3, users=3)
        True
        >>> all(3 <= len(c.sessions) <= 4 for c in convs)
        True
    """
    rng, picked = _plan(seed, users)
    used: set[str] = set()
    return [_user(i, mine, rng, used) for i, mine in enumerate(picked)]


def scenario_texts(*, seed: int = 0, users: int = 24) -> dict[str, list[tuple[str, ...]]]:
    """Per user id, the texts of each of the user's scenarios (what must reach a session).

    Example:
        >>> plan = scenario_texts(seed=0, users=1)
        >>> len(plan["h7a-0"])
        3
    """
    _, picked = _plan(seed, users)
    return {
        f"h7a-{i}": [tuple(t.text for t in s.turns) for s in mine] for i, mine in enumerate(picked)
    }


def one_off_share(convs: list[HoConversation]) -> float:
    """Share of the user turns that are one-offs: a scenario sentence said once in ``convs``.

    Example:
        >>> convs = generate_heldout_v7_a(seed=0, users=4)
        >>> one_off_share(convs) > 1 / 3, one_off_share(convs + convs)
        (True, 0.0)
    """
    texts = [t.text for c in convs for _, ts in c.sessions for t in ts]
    if not texts:
        return 0.0
    once = Counter(texts)
    return sum(t in ONE_OFF_TEXTS and once[t] == 1 for t in texts) / len(texts)
