"""Held-out split "v8", part a: dated and unseen statements, what must never be stored,
other people, past states and the thread left open (#12).

Written blind on 2026-12-02: its author did not open the extractor, the text rules, the
policy's screens, the intent detection, the tools, the tuning generators, the earlier held-out
splits or the unit tests' cases, and never ran the product on it. Every scenario turn is a
one-off, written once in the split; only the short session openers repeat. Each of the 72
scenarios (12 of each kind) is used once at 24 users; each user gets three scenarios of three
different kinds spread over three or four sessions weeks apart, then one request per scenario
angle and exactly one request about nothing they said.

Kinds:

* ``dated_statement``: a value said with its date (a day of this month, a month, a year),
  often one that replaces a value said in an earlier session;
* ``unseen_statement``: an attribute no predicate list knows (a teacher, a grinder, a pass),
  one value at a time, sometimes swapped later;
* ``must_not_store``: one real fact of the user's beside hypotheticals, wishes, another
  person's facts, pasted or forwarded text, a one-reply instruction and questions; the
  careless extractor's slips are scripted;
* ``people``: facts about the people around the user, said beside the user's own;
* ``past_state``: what used to be true, with when it stopped, and what is true now;
* ``open_thread``: the last session ends with something undecided, after a value was given
  up on the way; the first request of the next session picks it up.

Example:
    >>> convs = generate_heldout_v8_a(seed=0, users=3)
    >>> [c.user_id for c in convs]
    ['h8a-0', 'h8a-1', 'h8a-2']
    >>> [p.present for c in convs for p in c.probes if p.irrelevant]
    [(), (), ()]
    >>> convs == generate_heldout_v8_a(seed=0, users=3)
    True
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from benchmarks.truth.conversations import HoConversation, HoProbe, HoTurn
from benchmarks.truth.modes import Slip
from langmem_plus.facts.models import CandidateFact
from langmem_plus.facts.policy import (
    DEFAULT_MULTI_VALUED,
    DEFAULT_PREDICATE_ALIASES,
    DEFAULT_SINGLE_VALUED,
    INTENTIONS,
    normalize_holder,
)

__all__ = [
    "KINDS",
    "ONE_OFF_TEXTS",
    "generate_heldout_v8_a",
    "one_off_share",
    "scenario_texts",
]

KINDS = (
    "dated_statement",
    "unseen_statement",
    "must_not_store",
    "people",
    "past_state",
    "open_thread",
    "irrelevant",
)
"""The kinds this half probes ("irrelevant": one request per user about nothing said)."""

_KNOWN = DEFAULT_SINGLE_VALUED | DEFAULT_MULTI_VALUED | INTENTIONS | set(DEFAULT_PREDICATE_ALIASES)
_ONE_AT_A_TIME = DEFAULT_SINGLE_VALUED | {"dietary_restriction"}
_SLIP_CATEGORY = {
    "hypothetical_as_fact": "hypothetical",
    "other_person_as_user": "other_person",
    "pasted_as_own": "pasted",
    "instruction_as_preference": "instruction",
    "question_as_fact": "question",
}


def _d(year: int, month: int, day: int = 1) -> datetime:
    return datetime(year, month, day, 12, 0, tzinfo=timezone.utc)


# --------------------------------------------------------------------------------------------
# the little language the scenarios are written in


@dataclass(frozen=True)
class _C:
    """A candidate, before its turn's time is known. ``vf``/``vt``: a datetime, or an int for
    that day of the month the turn is said in."""

    predicate: str
    object: str
    kind: str = "fact"
    holder: str = "user"
    modality: str = "asserted"
    polarity: str = "assert"
    provenance: str = "own_words"
    vf: datetime | int | None = None
    vt: datetime | int | None = None
    sv: bool | None = None
    replaces: str | None = None
    text: str | None = None


@dataclass(frozen=True)
class _S:
    """A slip: the careless extractor's candidate for the user (asserted, own words)."""

    kind: str
    predicate: str
    object: str
    sv: bool | None = None
    marker: str | None = None


@dataclass(frozen=True)
class _T:
    text: str
    cands: tuple[_C, ...] = ()
    slips: tuple[_S, ...] = ()


@dataclass(frozen=True)
class _P:
    request: str
    present: tuple[str, ...] = ()
    absent: tuple[tuple[str, str], ...] = ()
    holder: str = ""


@dataclass(frozen=True)
class _Scenario:
    kind: str
    stages: tuple[tuple[_T, ...], ...]
    probes: tuple[_P, ...]
    forbidden: tuple[tuple[str, str], ...] = ()

    def texts(self) -> tuple[str, ...]:
        return tuple(t.text for stage in self.stages for t in stage)

    def slots(self) -> set[str]:
        """The user's one-at-a-time attributes this scenario sets."""
        return {
            c.predicate
            for stage in self.stages
            for t in stage
            for c in t.cands
            if c.holder == "user"
            and (c.predicate in _ONE_AT_A_TIME or c.sv)
            and c.modality in ("asserted", "plan")
            and c.provenance == "own_words"
        }

    def all_forbidden(self) -> tuple[tuple[str, str], ...]:
        out = list(self.forbidden)
        for stage in self.stages:
            for t in stage:
                for s in t.slips:
                    item = (s.marker or s.object, _SLIP_CATEGORY[s.kind])
                    if item not in out:
                        out.append(item)
        return tuple(out)


def c(predicate: str, obj: str, **kw: object) -> _C:
    return _C(predicate, obj, **kw)  # type: ignore[arg-type]


def t(text: str, *cands: _C, slips: Sequence[_S] = ()) -> _T:
    return _T(text, tuple(cands), tuple(slips))


def p(
    request: str,
    *present: str,
    absent: Sequence[tuple[str, str]] = (),
    holder: str = "",
) -> _P:
    return _P(request, tuple(present), tuple(absent), holder)


def sc(
    kind: str,
    stages: Sequence[Sequence[_T]],
    probes: Sequence[_P],
    forbidden: Sequence[tuple[str, str]] = (),
) -> _Scenario:
    return _Scenario(kind, tuple(tuple(s) for s in stages), tuple(probes), tuple(forbidden))


def _when(value: datetime | int | None, at: datetime) -> datetime | None:
    if value is None or isinstance(value, datetime):
        return value
    return at.replace(day=value, hour=9, minute=0)


def _subject(holder: str) -> str:
    if holder == "user":
        return "user"
    key = normalize_holder(holder)
    if key is None or key == "user":
        raise ValueError(f"holder {holder!r} names nobody: write the person's name or role")
    return f"person:{key}"


def _sentence(spec: _C) -> str:
    if spec.text:
        return spec.text
    attr = spec.predicate.replace("_", " ")
    who = "The user" if spec.holder == "user" else f"The user's {spec.holder}"
    if spec.holder != "user" and spec.holder[:1].isupper():
        who = spec.holder
    if spec.modality == "plan":
        return f"{who} is working on: {spec.object}."
    if spec.modality == "hypothetical":
        return f"{who} imagines (not actual) {attr}: {spec.object}."
    if spec.vt is not None:
        return f"{who} had {attr} {spec.object} in the past."
    return f"{who}'s {attr} is {spec.object}."


def _candidate(spec: _C, text: str, at: datetime) -> CandidateFact:
    vf = _when(spec.vf, at)
    sv = spec.sv
    if sv is None and spec.predicate not in _KNOWN:
        raise ValueError(f"predicate {spec.predicate!r} is unknown: say single_valued (sv=)")
    return CandidateFact(
        kind=spec.kind,
        subject=_subject(spec.holder),
        predicate=spec.predicate,
        object=spec.object,
        text=_sentence(spec),
        quote=text,
        holder=spec.holder,
        modality=spec.modality,
        polarity=spec.polarity,
        provenance=spec.provenance,
        valid_from=vf,
        time_stated=vf is not None,
        valid_to=_when(spec.vt, at),
        single_valued=sv,
        replaces=spec.replaces,
    )


def _slip(spec: _S, text: str) -> Slip:
    cand = CandidateFact(
        kind="fact",
        subject="user",
        predicate=spec.predicate,
        object=spec.object,
        text=f"The user's {spec.predicate.replace('_', ' ')} is {spec.object}.",
        quote=text,
        single_valued=spec.sv,
    )
    return Slip(spec.kind, cand, spec.marker or spec.object)


def _turn(spec: _T, at: datetime) -> HoTurn:
    return HoTurn(
        spec.text,
        tuple(_candidate(x, spec.text, at) for x in spec.cands),
        tuple(_slip(s, spec.text) for s in spec.slips),
    )


HYP = "hypothetical"
QUOTED = "quoted"
PLAN = "plan"

# --------------------------------------------------------------------------------------------
# dated statements: the value and when it started, often replacing an earlier one

_DATED = (
    sc(
        "dated_statement",
        [
            [
                t(
                    "ugh EE have put my bill up AGAIN. been with them since uni tbh",
                    c("mobile_carrier", "EE"),
                )
            ],
            [
                t(
                    "right, as of the 3rd i'm on giffgaff, number ported and everything 🎉",
                    c("mobile_carrier", "giffgaff", vf=3),
                )
            ],
        ],
        [
            p(
                "my data won't work since I landed in Tbilisi, which roaming page should I read?",
                "giffgaff",
                absent=[("EE", "stale")],
            ),
            p(
                "draft a short complaint about a double charge on my phone bill, addressed to "
                "the right company",
                "giffgaff",
                absent=[("EE", "stale")],
            ),
        ],
    ),
    sc(
        "dated_statement",
        [
            [
                t(
                    "Data analyst at Globant, mostly Looker dashboards for retail clients.",
                    c("employer", "Globant"),
                    c("job_title", "Data analyst"),
                )
            ],
            [
                t(
                    "Big news!! signed with Mercado Libre — first day was the 6th.",
                    c("employer", "Mercado Libre", vf=6),
                )
            ],
        ],
        [
            p(
                "Help me write a LinkedIn headline that's not cringe",
                "Mercado Libre",
                absent=[("Globant", "stale")],
            ),
            p(
                "which company name goes in the employer box of this rental application?",
                "Mercado Libre",
                absent=[("Globant", "stale")],
            ),
        ],
    ),
    sc(
        "dated_statement",
        [
            [
                t(
                    "Came to Tartu in August 2023 for the master's and never left, honestly "
                    "love it here.",
                    c("city", "Tartu", vf=_d(2023, 8)),
                )
            ]
        ],
        [p("any decent day trips I could do from home by bus this weekend?", "Tartu")],
    ),
    sc(
        "dated_statement",
        [
            [
                t(
                    "the dacia sandero failed its MOT on the brakes, typical",
                    c("car", "Dacia Sandero"),
                )
            ],
            [
                t(
                    "Sold the Sandero on the 2nd. Driving a Polestar 2 now, feels like a spaceship",
                    c("car", "Polestar 2", vf=2, replaces="Dacia Sandero"),
                )
            ],
        ],
        [
            p(
                "how often should the tyres be rotated on my car?",
                "Polestar",
                absent=[("Sandero", "stale")],
            ),
            p(
                "which charging cards would work if I drive to Portugal in my car?",
                "Polestar",
                absent=[("Sandero", "stale")],
            ),
        ],
    ),
    sc(
        "dated_statement",
        [
            [
                t(
                    "Joined PureGym on 1 November 2025 — the one by the canal, open 24h.",
                    c("gym", "PureGym", vf=_d(2025, 11, 1)),
                )
            ]
        ],
        [p("plan me a 3-day split that uses only what my gym actually has", "PureGym")],
    ),
    sc(
        "dated_statement",
        [
            [
                t(
                    "Our broadband's Virgin Media and it falls over evry single evening around 8.",
                    c("internet_provider", "Virgin Media"),
                )
            ],
            [
                t(
                    "Community Fibre came and installed on the 8th. night and day difference",
                    c("internet_provider", "Community Fibre", vf=8),
                )
            ],
        ],
        [
            p(
                "router light is blinking red, who am I supposed to ring?",
                "Community Fibre",
                absent=[("Virgin Media", "stale")],
            ),
            p(
                "write a two-line Trustpilot review of my broadband provider",
                "Community Fibre",
                absent=[("Virgin Media", "stale")],
            ),
        ],
    ),
    sc(
        "dated_statement",
        [
            [
                t(
                    "Married Aditi on 14 December 2025 in Jaipur!! still floating tbh",
                    c("partner", "Aditi", vf=_d(2025, 12, 14)),
                )
            ]
        ],
        [
            p("birthday present ideas for my wife, she's into pottery", "Aditi"),
            p("plan a first-anniversary weekend away for the two of us", "Aditi"),
        ],
    ),
    sc(
        "dated_statement",
        [
            [t("I'm in Lisbon, so WET for any meetings you schedule", c("city", "Lisbon"))],
            [
                t(
                    "Moved to Montréal on the 5th!! boxes everywhere, no drapes yet, "
                    "haven't gotten wifi",
                    c("city", "Montréal", vf=5),
                )
            ],
        ],
        [
            p("what time is 3pm London for me?", "Montréal", absent=[("Lisbon", "stale")]),
            p(
                "recommend a bakery walking distance from home",
                "Montréal",
                absent=[("Lisbon", "stale")],
            ),
        ],
    ),
    sc(
        "dated_statement",
        [
            [
                t(
                    "British Gas sent another 'estimated' bill, £212, I'm fuming",
                    c("energy_provider", "British Gas"),
                )
            ],
            [
                t(
                    "switched supplier to Ecotricity on the 7th, done with estimates",
                    c("energy_provider", "Ecotricity", vf=7),
                )
            ],
        ],
        [
            p(
                "meter reading's due — where do I submit it?",
                "Ecotricity",
                absent=[("British Gas", "stale")],
            ),
        ],
    ),
    sc(
        "dated_statement",
        [
            [
                t(
                    "Since January 2025 I've been head of sales ops at Zalando, Dublin hub.",
                    c("employer", "Zalando", vf=_d(2025, 1)),
                    c("job_title", "head of sales ops", vf=_d(2025, 1)),
                )
            ]
        ],
        [
            p("help me prep talking points for my annual review next week", "Zalando"),
            p("what should my email signature say?", "head of sales ops", "Zalando"),
        ],
    ),
    sc(
        "dated_statement",
        [
            [
                t(
                    "we adopted a retired greyhound on the 9th! he's called Biscotti and he sleeps "
                    "20 hours a day",
                    c("pet", "Biscotti", vf=9),
                )
            ]
        ],
        [
            p("my dog keeps pulling on the lead, any tips?", "Biscotti"),
            p("how many meals a day for a retired racer like mine?", "Biscotti"),
        ],
    ),
    sc(
        "dated_statement",
        [
            [
                t(
                    "I always fly out of Schiphol, it's 40 min on the train",
                    c("home_airport", "Schiphol"),
                )
            ],
            [
                t(
                    "since the 4th we're living way down south, so Maastricht Aachen Airport is "
                    "my airport now",
                    c("home_airport", "Maastricht Aachen Airport", vf=4),
                )
            ],
        ],
        [
            p(
                "find me flights to Porto for a long weekend in May",
                "Maastricht",
                absent=[("Schiphol", "stale")],
            ),
            p(
                "how early do I need to leave for a 7am departure?",
                "Maastricht",
                absent=[("Schiphol", "stale")],
            ),
        ],
    ),
)

# --------------------------------------------------------------------------------------------
# unseen statements: attributes no predicate list names

_UNSEEN = (
    sc(
        "unseen_statement",
        [
            [
                t(
                    "my piano teacher is Mrs Okonkwo — lessons tuesdays after work",
                    c("piano_teacher", "Okonkwo", sv=True),
                )
            ]
        ],
        [
            p("write a thank-you card for my piano teacher, end of term", "Okonkwo"),
            p("what should I practise before Tuesday's lesson?", "Okonkwo"),
        ],
    ),
    sc(
        "unseen_statement",
        [
            [
                t(
                    "For running shoes I'm a EU 44, wide fit or my little toe dies",
                    c("shoe_size", "EU 44", sv=True),
                )
            ]
        ],
        [p("pick me some trail shoes under €120", "EU 44")],
    ),
    sc(
        "unseen_statement",
        [
            [t("I bank with Monzo, everything lives in the app", c("bank", "Monzo", sv=True))],
            [
                t(
                    "moved my current account over to Starling on the 2nd, the switch guarantee "
                    "thing",
                    c("bank", "Starling", sv=True, vf=2, replaces="Monzo"),
                )
            ],
        ],
        [
            p(
                "how do I set up a standing order for rent?",
                "Starling",
                absent=[("Monzo", "stale")],
            ),
            p(
                "someone's asking for my sort code — which bank's app shows it?",
                "Starling",
                absent=[("Monzo", "stale")],
            ),
        ],
    ),
    sc(
        "unseen_statement",
        [
            [
                t(
                    "Every morning: Comandante C40 grinder, V60, 15g to 250g. Non-negotiable.",
                    c("coffee_grinder", "Comandante C40", sv=True),
                    c("coffee_brewer", "V60", sv=True),
                )
            ]
        ],
        [
            p("help me dial in a light-roast Ethiopian, it's tasting sour", "Comandante", "V60"),
            p("how many clicks finer for an espresso-ish cup?", "Comandante"),
        ],
    ),
    sc(
        "unseen_statement",
        [
            [
                t(
                    "commute's the Elizabeth line from Abbey Wood, 35 mins door to desk",
                    c("commute", "Elizabeth line", sv=True),
                )
            ]
        ],
        [
            p("will tomorrow's strike mess up my commute?", "Elizabeth line"),
            p("is it worth getting a season ticket for my daily journey?", "Elizabeth line"),
        ],
    ),
    sc(
        "unseen_statement",
        [
            [
                t(
                    "work gave me a ThinkPad X1 Carbon; my own machine is a Framework 13 I built "
                    "myself",
                    c("work_laptop", "ThinkPad X1 Carbon", sv=True),
                    c("personal_laptop", "Framework 13", sv=True),
                )
            ]
        ],
        [
            p("how do I check battery health on my personal laptop?", "Framework 13"),
            p("IT wants the model of my work machine for the asset register", "ThinkPad"),
        ],
    ),
    sc(
        "unseen_statement",
        [
            [
                t(
                    "Soy hincha de Boca Juniors desde chico — yes I'll bore you about it",
                    c("supported_team", "Boca Juniors", sv=True),
                )
            ]
        ],
        [
            p("when's my team's next match and where can I stream it?", "Boca Juniors"),
            p("gift idea: a retro shirt of the club I follow", "Boca Juniors"),
        ],
    ),
    sc(
        "unseen_statement",
        [
            [
                t(
                    "We've got plot 17 at Hazelwood Road Allotments, mostly beans and a sulky "
                    "rhubarb",
                    c("allotment", "Hazelwood Road Allotments", sv=True),
                )
            ]
        ],
        [p("what should I sow on the plot in April?", "Hazelwood")],
    ),
    sc(
        "unseen_statement",
        [
            [
                t(
                    "my climbing wall is Sputnik in Las Rozas, I go like 3x a week",
                    c("climbing_gym", "Sputnik", sv=True),
                )
            ],
        ],
        [
            p("I want to boulder after work on Thursday — is my wall open late?", "Sputnik"),
            p("I want to try lead climbing, does my usual place run an intro course?", "Sputnik"),
        ],
    ),
    sc(
        "unseen_statement",
        [
            [
                t(
                    "Dentist: Dr Haruka Sato at Smile Lab in Shibuya. She's brilliant with nervous "
                    "patients",
                    c("dentist", "Haruka Sato", sv=True),
                )
            ]
        ],
        [
            p("I cracked a molar on a popcorn kernel, who should I book?", "Haruka Sato"),
            p("write an email to my dentist to move my cleaning to next month", "Sato"),
        ],
    ),
    sc(
        "unseen_statement",
        [
            [
                t(
                    "I've got the Deutschlandticket so regional trains are basically free for me",
                    c("travel_pass", "Deutschlandticket", sv=True),
                )
            ]
        ],
        [p("is a regional train to Hamburg covered by my pass?", "Deutschlandticket")],
    ),
    sc(
        "unseen_statement",
        [
            [t("guitar's a Yamaha FG800, strung with 11s", c("guitar", "Yamaha FG800", sv=True))],
            [
                t(
                    "traded the FG800 in for a Martin D-15M. all mahogany. in love",
                    c("guitar", "Martin D-15M", sv=True, replaces="Yamaha FG800"),
                )
            ],
        ],
        [
            p("which strings suit my guitar best?", "Martin D-15M", absent=[("FG800", "stale")]),
            p(
                "how humid should the room be to keep my guitar happy?",
                "Martin D-15M",
                absent=[("FG800", "stale")],
            ),
        ],
    ),
)

# --------------------------------------------------------------------------------------------
# must not store: one real fact among things that are nobody's fact of the user's

_MUST_NOT = (
    sc(
        "must_not_store",
        [
            [
                t(
                    "If the Recife job ever came through I'd learn Portuguese properly. Right now "
                    "though it's Korean on Duolingo, 212-day streak",
                    c("language", "Portuguese", modality=HYP),
                    c("learning_language", "Korean", sv=False),
                    slips=[_S("hypothetical_as_fact", "language", "Portuguese")],
                )
            ]
        ],
        [
            p(
                "suggest a podcast for the language I'm studying",
                "Korean",
                absent=[("Portuguese", "hypothetical")],
            ),
            p(
                "recommend a grammar book at my level",
                "Korean",
                absent=[("Portuguese", "hypothetical")],
            ),
        ],
    ),
    sc(
        "must_not_store",
        [
            [
                t(
                    "my flatmate Jonas is vegan and keeps hinting I should cook for him",
                    c("dietary_restriction", "vegan", holder="Jonas"),
                    slips=[_S("other_person_as_user", "dietary_restriction", "vegan")],
                )
            ],
            [
                t(
                    "not vegan myself lol — but I can't have shellfish, I swell up",
                    c("allergy", "shellfish"),
                )
            ],
        ],
        [
            p(
                "quick dinner for me tonight, 20 min max",
                "shellfish",
                absent=[("vegan", "other_person")],
                holder="Jonas",
            ),
        ],
    ),
    sc(
        "must_not_store",
        [
            [
                t(
                    'Forwarding this from HR: "Dear colleague, your desk moves to Tower 2, '
                    'Marina Bay, Singapore. Your line manager is Mr Lim."',
                    c("city", "Singapore", provenance=QUOTED),
                    c("manager", "Lim", provenance=QUOTED),
                    slips=[
                        _S("pasted_as_own", "city", "Singapore"),
                        _S("pasted_as_own", "manager", "Lim"),
                    ],
                )
            ],
            [
                t(
                    "^ that went to the whole team by mistake, I'm fully remote from Penang",
                    c("city", "Penang"),
                )
            ],
        ],
        [
            p("weather for my area this weekend?", "Penang", absent=[("Singapore", "pasted")]),
            p("remind me who I report to", absent=[("Lim", "pasted")]),
        ],
    ),
    sc(
        "must_not_store",
        [
            [
                t(
                    "Is Zürich actually pricier than Geneva to live in? Asking for a friend — I'm "
                    "perfectly happy in Lausanne",
                    c("city", "Lausanne"),
                    slips=[
                        _S("question_as_fact", "city", "Zürich"),
                        _S("question_as_fact", "city", "Geneva"),
                    ],
                )
            ]
        ],
        [
            p(
                "cheap Thai place near me for Friday?",
                "Lausanne",
                absent=[("Zürich", "question"), ("Geneva", "question")],
            ),
            p(
                "how long's the train to the airport from where I live",
                "Lausanne",
                absent=[("Zürich", "question")],
            ),
        ],
    ),
    sc(
        "must_not_store",
        [
            [
                t(
                    "just this once, put it in Dutch: 'thanks for the lovely dinner'",
                    slips=[_S("instruction_as_preference", "response_language", "Dutch")],
                )
            ],
            [t("context: I'm in Utrecht for a semester on exchange", c("city", "Utrecht"))],
        ],
        [
            p("what's on near me this weekend?", "Utrecht", absent=[("Dutch", "instruction")]),
            p(
                "write me a three-line bio for the exchange students' meetup",
                "Utrecht",
                absent=[("Dutch", "instruction")],
            ),
        ],
    ),
    sc(
        "must_not_store",
        [
            [
                t(
                    "god I wish I owned a Leica M6. what I actually shoot on is a battered Canon "
                    "AE-1 from a car boot sale",
                    c("camera", "Leica M6", modality=HYP, sv=True),
                    c("camera", "Canon AE-1", sv=True),
                    slips=[
                        _S("hypothetical_as_fact", "camera", "Leica M6", sv=True, marker="Leica")
                    ],
                )
            ]
        ],
        [
            p(
                "which film stock for my camera in grey winter light?",
                "Canon AE-1",
                absent=[("Leica", "hypothetical")],
            ),
            p(
                "my camera's light meter reads weird, which battery does it take?",
                "Canon AE-1",
                absent=[("Leica", "hypothetical")],
            ),
        ],
    ),
    sc(
        "must_not_store",
        [
            [
                t(
                    "MY SISTER GOT INTO JUILLIARD!!! I'd have applied too if I could play anything "
                    "😂 anyway I'm a maths teacher at a comp in Sheffield, so",
                    c("school", "Juilliard", holder="sister", sv=True),
                    c("job_title", "maths teacher"),
                    c("city", "Sheffield"),
                    slips=[_S("other_person_as_user", "school", "Juilliard", sv=True)],
                )
            ]
        ],
        [
            p(
                "help me plan a year 8 lesson on fractions",
                "maths teacher",
                absent=[("Juilliard", "other_person")],
                holder="sister",
            ),
            p("congratulations gift for my sister, under £60", "Juilliard", holder="sister"),
        ],
    ),
    sc(
        "must_not_store",
        [
            [
                t(
                    "does the Ryanair cabin bag limit apply at Beauvais or just Dublin? I normally "
                    "fly from Stansted",
                    c("home_airport", "Stansted"),
                    slips=[_S("question_as_fact", "home_airport", "Beauvais")],
                )
            ]
        ],
        [
            p(
                "find me a cheap weekend somewhere sunny in March",
                "Stansted",
                absent=[("Beauvais", "question")],
            ),
        ],
    ),
    sc(
        "must_not_store",
        [
            [
                t(
                    'pasting what my coach sent: "Target: sub-3:30 at the Valencia Marathon, cut '
                    "all dairy\" — he's mixed me up with someone, I'm running the Berlin "
                    "Marathon in September",
                    c("current_goal", "Valencia Marathon", provenance=QUOTED),
                    c("current_goal", "Berlin Marathon", modality=PLAN),
                    slips=[
                        _S("pasted_as_own", "current_goal", "Valencia Marathon", marker="Valencia")
                    ],
                )
            ]
        ],
        [
            p(
                "build me a long-run schedule for the next 12 weeks",
                "Berlin",
                absent=[("Valencia", "pasted")],
            ),
            p("which race am I training for again?", "Berlin", absent=[("Valencia", "pasted")]),
        ],
    ),
    sc(
        "must_not_store",
        [
            [
                t(
                    "My boss Priya lives out in Guildford and does the commute daily; I just "
                    "walk in, I'm in Bermondsey",
                    c("manager", "Priya"),
                    c("city", "Guildford", holder="Priya"),
                    c("city", "Bermondsey"),
                    slips=[_S("other_person_as_user", "city", "Guildford")],
                )
            ]
        ],
        [
            p(
                "any pubs with a quiz night near me?",
                "Bermondsey",
                absent=[("Guildford", "other_person")],
                holder="Priya",
            ),
            p(
                "where's a sensible halfway point to meet my boss for lunch?",
                "Bermondsey",
                "Guildford",
                holder="Priya",
            ),
        ],
    ),
    sc(
        "must_not_store",
        [
            [
                t(
                    "would a Brompton fold small enough for Eurostar?? thinking out loud. my "
                    "actual bike is a Cannondale Topstone",
                    c("bike", "Cannondale Topstone", sv=True),
                    slips=[_S("question_as_fact", "bike", "Brompton", sv=True)],
                )
            ]
        ],
        [
            p(
                "what tyre pressure for gravel on my bike?",
                "Topstone",
                absent=[("Brompton", "question")],
            ),
            p(
                "my gears are skipping, how do I index them?",
                "Topstone",
                absent=[("Brompton", "question")],
            ),
        ],
    ),
    sc(
        "must_not_store",
        [
            [
                t(
                    "copying the menu card: 'Allergens: contains peanuts, sesame' - that's the "
                    "restaurant's, not mine",
                    c("allergy", "peanuts", provenance=QUOTED),
                    c("allergy", "sesame", provenance=QUOTED),
                    slips=[
                        _S("pasted_as_own", "allergy", "sesame"),
                        _S("pasted_as_own", "allergy", "peanuts"),
                    ],
                )
            ],
            [t("my only allergy is kiwi, for the record", c("allergy", "kiwi"))],
        ],
        [
            p(
                "suggest a breakfast smoothie I can have",
                "kiwi",
                absent=[("sesame", "pasted"), ("peanuts", "pasted")],
            ),
            p(
                "filling a medical form: which allergies should I list?",
                "kiwi",
                absent=[("sesame", "pasted")],
            ),
        ],
    ),
)

# --------------------------------------------------------------------------------------------
# people: the others in the user's life, beside the user's own facts

_PEOPLE = (
    sc(
        "people",
        [
            [
                t(
                    "my brother Tomasz just moved to Gdańsk for a shipyard job; I'm staying put in "
                    "Poznań",
                    c("city", "Gdańsk", holder="brother"),
                    c("city", "Poznań"),
                )
            ]
        ],
        [
            p("train options to visit my brother next month?", "Gdańsk", holder="brother"),
            p(
                "farmers' markets near me on saturday",
                "Poznań",
                absent=[("Gdańsk", "other_person")],
                holder="brother",
            ),
        ],
        forbidden=[("Gdańsk", "other_person")],
    ),
    sc(
        "people",
        [
            [
                t(
                    "Mum's allergic to penicillin — writing it here because I handle her "
                    "appointments now",
                    c("allergy", "penicillin", holder="mum"),
                )
            ]
        ],
        [
            p("help me fill in mum's hospital admission form", "penicillin", holder="mum"),
            p(
                "I've got a chest infection, what should I ask the GP?",
                absent=[("penicillin", "other_person")],
                holder="mum",
            ),
        ],
        forbidden=[("penicillin", "other_person")],
    ),
    sc(
        "people",
        [
            [
                t(
                    "husband (Kwame) works nights at King's College Hospital this month, so the "
                    "house is very quiet",
                    c("partner", "Kwame"),
                    c("employer", "King's College Hospital", holder="Kwame"),
                )
            ]
        ],
        [
            p("plan a calm weekend for my husband after his night shifts", "Kwame"),
            p(
                "where can my husband park near his work?",
                "King's College Hospital",
                holder="Kwame",
            ),
        ],
    ),
    sc(
        "people",
        [
            [
                t(
                    "our eldest, Inês, starts at Universidade do Porto in October — architecture!",
                    c("child", "Inês"),
                    c("university", "Universidade do Porto", holder="Inês", sv=True),
                )
            ]
        ],
        [
            p("packing list for my daughter's move to uni", "Universidade do Porto", holder="Inês"),
        ],
        forbidden=[("Universidade do Porto", "other_person")],
    ),
    sc(
        "people",
        [
            [
                t(
                    "note to self: Saoirse's birthday is 3 March (oldest friend, never forget "
                    "again). mine's 9 July btw",
                    c("birthday", "3 March", holder="Saoirse"),
                    c("birthday", "9 July"),
                )
            ]
        ],
        [
            p(
                "what should I get my oldest friend for her birthday, and by when?",
                "3 March",
                holder="Saoirse",
            ),
            p(
                "help me plan my own birthday dinner",
                "9 July",
                absent=[("3 March", "other_person")],
                holder="Saoirse",
            ),
        ],
        forbidden=[("3 March", "other_person")],
    ),
    sc(
        "people",
        [
            [
                t(
                    "Dad still drives his ancient Volvo 240, refuses to sell it. I don't own a car "
                    "at all, I cycle everywhere",
                    c("car", "Volvo 240", holder="dad"),
                )
            ]
        ],
        [
            p(
                "dad's car is making a grinding noise when he brakes, what could it be?",
                "Volvo 240",
                holder="dad",
            ),
            p(
                "compare car-sharing clubs I could join",
                absent=[("Volvo 240", "other_person")],
                holder="dad",
            ),
        ],
        forbidden=[("Volvo 240", "other_person")],
    ),
    sc(
        "people",
        [
            [
                t(
                    "New manager is Beatriz Alves, she's based in São Paulo. I'm over in Coimbra.",
                    c("manager", "Beatriz Alves"),
                    c("city", "São Paulo", holder="Beatriz"),
                    c("city", "Coimbra"),
                )
            ]
        ],
        [
            p(
                "what's a decent time for a weekly call with my manager?",
                "Beatriz",
                "São Paulo",
                holder="Beatriz",
            ),
            p(
                "sunny lunch spots near me",
                "Coimbra",
                absent=[("São Paulo", "other_person")],
                holder="Beatriz",
            ),
        ],
        forbidden=[("São Paulo", "other_person")],
    ),
    sc(
        "people",
        [
            [
                t(
                    "Oma is diabetic so her cake has to be sugar-free; I'm coeliac myself, so "
                    "it's a fun bake",
                    c("dietary_restriction", "sugar-free", holder="Oma"),
                    c("dietary_restriction", "coeliac"),
                    slips=[_S("other_person_as_user", "dietary_restriction", "sugar-free")],
                )
            ]
        ],
        [
            p(
                "give me a cake recipe I can actually eat",
                "coeliac",
                absent=[("sugar-free", "other_person")],
                holder="Oma",
            ),
            p("a cake for Oma's 90th, please", "sugar-free", holder="Oma"),
        ],
    ),
    sc(
        "people",
        [
            [
                t(
                    "Leo (10) plays for Hackney Wick FC under-11s, training is wednesdays",
                    c("child", "Leo"),
                    c("football_club", "Hackney Wick FC", holder="Leo", sv=True),
                )
            ]
        ],
        [
            p(
                "which club does my son train with? need it for a school form",
                "Hackney Wick FC",
                holder="Leo",
            ),
            p(
                "boots for Leo on 3G pitches, what should I look for",
                "Hackney Wick FC",
                holder="Leo",
            ),
        ],
        forbidden=[("Hackney Wick FC", "other_person")],
    ),
    sc(
        "people",
        [
            [
                t(
                    "best mate Rahul's lactose intolerant and coming round saturday. I eat "
                    "literally anything",
                    c("intolerance", "lactose", holder="Rahul"),
                )
            ]
        ],
        [
            p("menu for saturday's dinner with Rahul", "lactose", holder="Rahul"),
            p(
                "pick a pudding for me to make tonight",
                absent=[("lactose", "other_person")],
                holder="Rahul",
            ),
        ],
        forbidden=[("lactose", "other_person")],
    ),
    sc(
        "people",
        [
            [
                t(
                    "gf Elif speaks Turkish and German. me: English and a bit of schoolboy French",
                    c("partner", "Elif"),
                    c("language", "Turkish", holder="Elif"),
                    c("language", "German", holder="Elif"),
                    c("language", "English"),
                    c("language", "French"),
                )
            ]
        ],
        [
            p(
                "which language should I learn so I can talk to my girlfriend's parents?",
                "Turkish",
                holder="Elif",
            ),
            p(
                "list the languages for the skills section of my CV",
                "French",
                absent=[("Turkish", "other_person"), ("German", "other_person")],
                holder="Elif",
            ),
        ],
    ),
    sc(
        "people",
        [
            [
                t(
                    "Uncle Farid lives in Muscat and keeps inviting me over. never even been to "
                    "Oman, I'm in Leicester",
                    c("city", "Muscat", holder="Farid"),
                    c("city", "Leicester"),
                    slips=[_S("other_person_as_user", "city", "Muscat")],
                )
            ]
        ],
        [
            p("flights to visit my uncle this winter", "Muscat", holder="Farid"),
            p(
                "which day is bin collection for my council?",
                "Leicester",
                absent=[("Muscat", "other_person")],
                holder="Farid",
            ),
        ],
    ),
)

# --------------------------------------------------------------------------------------------
# past states: what used to be true, until when, and what is true now

_PAST = (
    sc(
        "past_state",
        [
            [
                t(
                    "Lived in Valparaíso till 2021, surfed every week back then. These days it's "
                    "Santiago and traffic.",
                    c("city", "Valparaíso", vt=_d(2021, 7)),
                    c("city", "Santiago"),
                )
            ]
        ],
        [
            p(
                "find me a yoga class near home, evenings",
                "Santiago",
                absent=[("Valparaíso", "stale")],
            ),
            p("recommend a dentist in my city", "Santiago", absent=[("Valparaíso", "stale")]),
        ],
    ),
    sc(
        "past_state",
        [
            [
                t(
                    "Nine years at Ericsson, left in March 2024.",
                    c("employer", "Ericsson", vt=_d(2024, 3)),
                )
            ],
            [
                t(
                    "these days I freelance as a UX researcher, mostly fintech",
                    c("job_title", "UX researcher"),
                )
            ],
        ],
        [
            p(
                "what hourly rate should I quote for my current line of work?",
                "UX researcher",
                absent=[("Ericsson", "stale")],
            ),
            p(
                "where do I find clients for the work I do now?",
                "UX researcher",
                absent=[("Ericsson", "stale")],
            ),
        ],
    ),
    sc(
        "past_state",
        [
            [
                t(
                    "I was vegetarian for a decade, until 2023 — fish and chicken are back on the "
                    "menu now",
                    c("dietary_restriction", "vegetarian", vt=_d(2023, 6)),
                )
            ]
        ],
        [
            p("suggest a high-protein dinner for tonight", absent=[("vegetarian", "stale")]),
            p("restaurant for friday, any cuisine", absent=[("vegetarian", "stale")]),
        ],
    ),
    sc(
        "past_state",
        [
            [
                t(
                    "had an iPhone 8 right up until Christmas 2025, now I'm on a Pixel 9",
                    c("phone", "iPhone 8", sv=True, vt=_d(2025, 12, 25)),
                    c("phone", "Pixel 9", sv=True, vf=_d(2025, 12, 25)),
                )
            ]
        ],
        [
            p(
                "how do I screenshot a whole long webpage on my phone?",
                "Pixel 9",
                absent=[("iPhone 8", "stale")],
            ),
            p(
                "which case fits my phone and has a card slot?",
                "Pixel 9",
                absent=[("iPhone 8", "stale")],
            ),
        ],
    ),
    sc(
        "past_state",
        [
            [
                t(
                    "used to hold an Arsenal season ticket, gave it up when we moved north in "
                    "2019. Inverness ever since",
                    c("season_ticket", "Arsenal", sv=True, vt=_d(2019, 6)),
                    c("city", "Inverness", vf=_d(2019, 6)),
                )
            ]
        ],
        [
            p(
                "things to do with the kids this half-term near us",
                "Inverness",
                absent=[("Arsenal", "stale")],
            ),
        ],
    ),
    sc(
        "past_state",
        [
            [
                t(
                    "I was engaged to Marco until 2022. It ended, we're fine. Single now and not "
                    "looking.",
                    c("partner", "Marco", vt=_d(2022, 5)),
                    c("relationship_status", "Single"),
                )
            ]
        ],
        [p("plan a solo trip for my birthday, somewhere warm", absent=[("Marco", "stale")])],
    ),
    sc(
        "past_state",
        [
            [
                t(
                    "We had a golden retriever, Nala — she died in 2024 💔 Just the two cats now, "
                    "Bruno and Zuzu.",
                    c("pet", "Nala", vt=_d(2024, 4)),
                    c("pet", "Bruno"),
                    c("pet", "Zuzu"),
                )
            ]
        ],
        [
            p("pet insurance quotes for my animals", "Bruno", "Zuzu", absent=[("Nala", "stale")]),
            p(
                "write instructions for the pet-sitter next week",
                "Bruno",
                "Zuzu",
                absent=[("Nala", "stale")],
            ),
        ],
    ),
    sc(
        "past_state",
        [
            [
                t(
                    "was a warehouse manager in Bucharest from 2018 to 2022; these days I'm a "
                    "Romanian tutor for expats",
                    c("job_title", "warehouse manager", vf=_d(2018, 1), vt=_d(2022, 6)),
                    c("job_title", "Romanian tutor"),
                )
            ]
        ],
        [
            p(
                "write a flyer for my business",
                "Romanian tutor",
                absent=[("warehouse manager", "stale")],
            ),
            p(
                "how should I price a 10-lesson package?",
                "Romanian tutor",
                absent=[("warehouse manager", "stale")],
            ),
        ],
    ),
    sc(
        "past_state",
        [
            [
                t(
                    "we rented in Kreuzberg until last summer — July 2025",
                    c("city", "Kreuzberg", vt=_d(2025, 7)),
                )
            ],
            [
                t(
                    "and then bought a little place in Potsdam, August 2025, mortgage and all",
                    c("city", "Potsdam", vf=_d(2025, 8)),
                )
            ],
        ],
        [
            p(
                "best S-Bahn route into Mitte from home?",
                "Potsdam",
                absent=[("Kreuzberg", "stale")],
            ),
            p(
                "when is the recycling collected on my street?",
                "Potsdam",
                absent=[("Kreuzberg", "stale")],
            ),
        ],
    ),
    sc(
        "past_state",
        [
            [
                t(
                    "Played cello until 2006, havent touched one since. Bouldering is my thing "
                    "now.",
                    c("hobby", "cello", vt=_d(2006, 7)),
                    c("hobby", "Bouldering"),
                )
            ]
        ],
        [
            p("gift ideas for my hobby under £50", "Bouldering", absent=[("cello", "stale")]),
            p(
                "how do I get better at my hobby in a month?",
                "Bouldering",
                absent=[("cello", "stale")],
            ),
        ],
    ),
    sc(
        "past_state",
        [
            [
                t(
                    "Lived in Leuven for my MSc, left in 2017 — Eindhoven ever since, at ASML",
                    c("city", "Leuven", vt=_d(2017, 9)),
                    c("city", "Eindhoven", vf=_d(2017, 9)),
                    c("employer", "ASML"),
                )
            ]
        ],
        [
            p("good running routes near me, 10k-ish", "Eindhoven", absent=[("Leuven", "stale")]),
            p(
                "where do I find my employer's parental leave policy?",
                "ASML",
                absent=[("Leuven", "stale")],
            ),
        ],
    ),
    sc(
        "past_state",
        [
            [
                t(
                    "First car was a Fiat Panda, drove it till 2016; no car since. Got a Vespa "
                    "Primavera now.",
                    c("car", "Fiat Panda", vt=_d(2016, 5)),
                    c("scooter", "Vespa Primavera", sv=True),
                )
            ]
        ],
        [
            p(
                "insurance renewal for my ride is coming up, what should I check?",
                "Vespa",
                absent=[("Fiat Panda", "stale")],
            ),
        ],
    ),
)

# --------------------------------------------------------------------------------------------
# open threads: the last session ends undecided, after a value was given up on the way

_OPEN = (
    sc(
        "open_thread",
        [
            [
                t("thinking Kanazawa for the ryokan night, somewhere near Higashi Chaya"),
                t(
                    "scrap that, booked solid. Kinosaki Onsen instead — I still have to pick "
                    "between two ryokans there, remind me when I'm back",
                    c("note", "Kinosaki Onsen", modality=PLAN),
                ),
            ]
        ],
        [
            p("ok, picking up where we stopped", "Kinosaki", absent=[("Kanazawa", "stale")]),
            p(
                "which onsen town was I booking the ryokan in?",
                "Kinosaki",
                absent=[("Kanazawa", "stale")],
            ),
        ],
    ),
    sc(
        "open_thread",
        [
            [
                t("for Dad's 60th I was going to get him a Garmin Fenix"),
                t(
                    "actually he'd hate a smartwatch. Leaning to a Moccamaster, haven't settled "
                    "on the colour — ask me next time",
                    c("note", "Moccamaster", modality=PLAN),
                ),
            ]
        ],
        [
            p(
                "right, the present thing — what was I deciding?",
                "Moccamaster",
                absent=[("Garmin", "stale")],
            ),
            p(
                "can you compare prices for the thing I'm buying dad",
                "Moccamaster",
                absent=[("Garmin", "stale")],
            ),
        ],
    ),
    sc(
        "open_thread",
        [
            [
                t("deploy keeps dying at the pg_dump step, I bet it's the Postgres 14 client"),
                t(
                    "nope, ruled that out. it's the bucket policy on backups-eu-west. not fixed "
                    "yet, will pick it up tomorrow",
                    c("note", "backups-eu-west", modality=PLAN),
                ),
            ]
        ],
        [
            p(
                "morning, let's get back into it",
                "backups-eu-west",
                absent=[("Postgres 14", "stale")],
            )
        ],
    ),
    sc(
        "open_thread",
        [
            [
                t("viewing the flat on Carrer de Blai on thursday"),
                t(
                    "cancelled, the landlord ghosted me. Now it's the one on Passeig de Sant Joan, "
                    "€1,150 a month — still deciding whether to put the deposit down",
                    c("note", "Passeig de Sant Joan", modality=PLAN),
                ),
            ]
        ],
        [
            p("where were we with the flat?", "Sant Joan", absent=[("Blai", "stale")]),
            p(
                "draft a message to the agent asking about the deposit",
                "Sant Joan",
                absent=[("Blai", "stale")],
            ),
        ],
    ),
    sc(
        "open_thread",
        [
            [
                t("best man speech: I'm opening with the Prague stag story"),
                t(
                    "no — Jess vetoed it. Opening with the Snowdonia camping disaster instead; "
                    "the ending's still unwritten",
                    c("note", "Snowdonia", modality=PLAN),
                ),
            ]
        ],
        [
            p("let's finish that speech", "Snowdonia", absent=[("Prague", "stale")]),
            p("give me three ways to close it off", "Snowdonia", absent=[("Prague", "stale")]),
        ],
    ),
    sc(
        "open_thread",
        [
            [
                t("top pick for the app name: Tidewell"),
                t(
                    "that name's taken on the App Store, ugh. So it's Brinefox vs Kelpie, "
                    "undecided",
                    c("note", "Brinefox", modality=PLAN),
                    c("note", "Kelpie", modality=PLAN),
                ),
            ]
        ],
        [
            p("ok naming decision time", "Brinefox", "Kelpie", absent=[("Tidewell", "stale")]),
            p(
                "check if the domains are free for the names I'm weighing",
                "Brinefox",
                "Kelpie",
                absent=[("Tidewell", "stale")],
            ),
        ],
    ),
    sc(
        "open_thread",
        [
            [
                t("signing up for the Coursera ML one by Andrew Ng"),
                t(
                    "changed my mind, doing the Hugging Face course instead, just not sure if I "
                    "start this month or next",
                    c("note", "Hugging Face", modality=PLAN),
                ),
            ]
        ],
        [p("so, about that course", "Hugging Face", absent=[("Coursera", "stale")])],
    ),
    sc(
        "open_thread",
        [
            [
                t("hallway's getting Farrow & Ball Hague Blue"),
                t(
                    "too dark for a north-facing hall. Setting Plaster or Little Greene's Light "
                    "Peachblossom — need testers before I choose",
                    c("note", "Setting Plaster", modality=PLAN),
                    c("note", "Peachblossom", modality=PLAN),
                ),
            ]
        ],
        [
            p(
                "back on the paint question",
                "Setting Plaster",
                "Peachblossom",
                absent=[("Hague Blue", "stale")],
            ),
            p(
                "where can I order sample pots of the two I'm torn between?",
                "Setting Plaster",
                "Peachblossom",
                absent=[("Hague Blue", "stale")],
            ),
        ],
    ),
    sc(
        "open_thread",
        [
            [
                t("sunday lunch plan: feijoada for the whole family"),
                t(
                    "scratch that, far too heavy in this heat — moqueca instead. we stopped "
                    "before the shopping list",
                    c("note", "moqueca", modality=PLAN),
                ),
            ]
        ],
        [
            p("ok let's do that list", "moqueca", absent=[("feijoada", "stale")]),
            p("how far ahead can I prep sunday's dish?", "moqueca", absent=[("feijoada", "stale")]),
        ],
    ),
    sc(
        "open_thread",
        [
            [
                t("applying to Spotify's data engineer role this week"),
                t(
                    "that one closed yesterday, so Klarna's instead. cover letter's half done, "
                    "we finish it tomorrow",
                    c("note", "Klarna", modality=PLAN),
                ),
            ]
        ],
        [
            p("let's get the cover letter finished", "Klarna", absent=[("Spotify", "stale")]),
            p(
                "what should I research about the company before the call?",
                "Klarna",
                absent=[("Spotify", "stale")],
            ),
        ],
    ),
    sc(
        "open_thread",
        [
            [
                t("road trip idea: Iceland's Ring Road in August"),
                t(
                    "August prices are insane — moving it to the Faroe Islands, late June. ferry "
                    "or flight still undecided",
                    c("note", "Faroe Islands", modality=PLAN),
                ),
            ]
        ],
        [p("continuing the trip planning", "Faroe", absent=[("Iceland", "stale")])],
    ),
    sc(
        "open_thread",
        [
            [
                t("leaning towards the Dell XPS 14 for uni"),
                t(
                    "battery reviews are grim. so now it's the ASUS Zenbook S 14 or a MacBook Air "
                    "— you were about to compare their screens",
                    c("note", "Zenbook", modality=PLAN),
                    c("note", "MacBook Air", modality=PLAN),
                ),
            ]
        ],
        [
            p("go on then, the screens", "Zenbook", "MacBook Air", absent=[("XPS", "stale")]),
            p(
                "which of my two laptop options is lighter?",
                "Zenbook",
                "MacBook Air",
                absent=[("XPS", "stale")],
            ),
        ],
    ),
)

_SCENARIOS: dict[str, tuple[_Scenario, ...]] = {
    "dated_statement": _DATED,
    "unseen_statement": _UNSEEN,
    "must_not_store": _MUST_NOT,
    "people": _PEOPLE,
    "past_state": _PAST,
    "open_thread": _OPEN,
}

ONE_OFF_TEXTS: frozenset[str] = frozenset(
    text for pool in _SCENARIOS.values() for s in pool for text in s.texts()
)
"""Every scenario turn's text: each is written once in the split."""

_FILLERS = (
    "hey",
    "hi again",
    "morning!",
    "evening 👋",
    "ok quick one",
    "hiya",
    "back again",
    "yo",
    "hello hello",
    "afternoon",
)

_IRRELEVANT = (
    "Explain tardigrade survival in vacuum",
    "Why do octopuses have three hearts?",
    "Who invented the zipper?",
    "Gypsum's chemical formula?",
    "Limerick about a penguin, please",
    "Crocodile versus alligator: key differences?",
    "How are pearls formed inside oysters?",
    "When was the Rosetta Stone deciphered?",
    "Why is the Dead Sea so salty?",
    "Narwhal tusks: purpose?",
    "How do bees communicate via waggle dance?",
    "Summarise the plot of Hamlet",
    "Explain quantum entanglement to a child",
    "Who painted Guernica?",
    "Cuttlefish pupils: why W-shaped?",
    "How deep is the Mariana Trench?",
    "Define photosynthesis briefly",
    "Origin of the word 'quarantine'?",
    "Why are flamingos pink?",
    "How do geysers erupt?",
    "Kilimanjaro's height in metres?",
    "Explain plate tectonics simply",
    "Who composed Boléro?",
    "How do chameleons change colour?",
)


# --------------------------------------------------------------------------------------------
# the plan: which user says which scenario, and when


_PATTERN = ((0, 1, 3), (1, 2, 4), (2, 3, 5), (3, 4, 0), (4, 5, 1), (5, 0, 2))
_ORDER = (
    "dated_statement",
    "unseen_statement",
    "must_not_store",
    "people",
    "past_state",
    "open_thread",
)


def _plan(seed: int, users: int) -> list[list[_Scenario]]:
    """Three scenarios of three kinds per user; no two of one user share a one-at-a-time
    attribute; every scenario used once per 24 users."""
    rng = random.Random(f"heldout-v8a:{seed}")
    out: list[list[_Scenario]] = []
    for start in range(0, users, 24):
        block = min(24, users - start)
        for _attempt in range(200):
            pools = {k: list(v) for k, v in _SCENARIOS.items()}
            for pool in pools.values():
                rng.shuffle(pool)
            shift = rng.randrange(6)
            chosen: list[list[_Scenario]] = []
            ok = True
            for u in range(24):
                mine: list[_Scenario] = []
                taken: set[str] = set()
                for k in _PATTERN[(u + shift) % 6]:
                    pool = pools[_ORDER[k]]
                    pick = next((s for s in pool if not s.slots() & taken), None)
                    if pick is None:
                        ok = False
                        break
                    pool.remove(pick)
                    mine.append(pick)
                    taken |= pick.slots()
                if not ok:
                    break
                chosen.append(mine)
            if ok:
                out.extend(chosen[:block])
                break
        else:  # pragma: no cover - the pools are written to fit
            raise RuntimeError(f"no conflict-free plan for seed {seed}")
    return out


def scenario_texts(*, seed: int = 0, users: int = 24) -> dict[str, list[tuple[str, ...]]]:
    """Each user's three scenarios, as the texts of their turns (for the tests)."""
    return {f"h8a-{n}": [s.texts() for s in mine] for n, mine in enumerate(_plan(seed, users))}


_WORD = re.compile(r"[^\W\d_]{3,}")
_STOP = {"the", "and", "how", "why", "what", "who", "are", "for", "does", "many", "far"}


def _words(text: str) -> set[str]:
    return {w.removesuffix("s") for w in _WORD.findall(text.casefold())} - _STOP


def _session_times(rng: random.Random, n: int) -> list[datetime]:
    month = rng.randint(2, 11 - 2 * (n - 1))
    times = []
    for _ in range(n):
        times.append(
            datetime(
                2026,
                month,
                rng.randint(12, 27),
                rng.randint(7, 21),
                rng.choice((0, 15, 40)),
                tzinfo=timezone.utc,
            )
        )
        month += rng.choice((1, 2))
    return times


def _conversation(seed: int, n: int, scenarios: list[_Scenario]) -> HoConversation:
    rng = random.Random(f"heldout-v8a:{seed}:{n}")
    need = max(len(s.stages) for s in scenarios)
    sessions_n = max(rng.choice((3, 4)), need)
    times = _session_times(rng, sessions_n)
    placed: list[list[tuple[int, _T]]] = [[] for _ in range(sessions_n)]
    order = list(scenarios)
    rng.shuffle(order)
    order.sort(key=lambda s: s.kind == "open_thread")
    for rank, s in enumerate(order):
        if s.kind == "open_thread":
            slots = [*sorted(rng.sample(range(sessions_n - 1), len(s.stages) - 1)), sessions_n - 1]
        else:
            slots = sorted(rng.sample(range(sessions_n), len(s.stages)))
        for k, stage in zip(slots, s.stages, strict=True):
            placed[k].extend((rank, x) for x in stage)
    sessions = []
    for k, at in enumerate(times):
        turns = [HoTurn(rng.choice(_FILLERS))]
        turns.extend(_turn(x, at) for _, x in placed[k])
        sessions.append((at, tuple(turns)))
    said = _words(" ".join(t.text for _, ts in sessions for t in ts))
    long_said = {
        w
        for w in re.findall(
            r"[^\W\d_]{4,}", " ".join(t.text for _, ts in sessions for t in ts).casefold()
        )
    }
    pool = list(_IRRELEVANT)
    rng.shuffle(pool)
    irrelevant = next(
        (
            q
            for q in pool
            if not _words(q) & said
            and not set(re.findall(r"[^\W\d_]{4,}", q.casefold())) & long_said
        ),
        None,
    )
    if irrelevant is None:  # pragma: no cover - the pool is written to fit
        raise RuntimeError(f"no unrelated request for user h8a-{n}")
    probes: list[HoProbe] = []
    first: list[HoProbe] = []
    for s in order:
        mine = [
            HoProbe(x.request, x.present, x.absent, kind=s.kind, holder=x.holder) for x in s.probes
        ]
        if s.kind == "open_thread":
            first.extend(mine)
        else:
            probes.extend(mine)
    rng.shuffle(probes)
    probes.insert(
        rng.randrange(len(probes) + 1), HoProbe(irrelevant, irrelevant=True, kind="irrelevant")
    )
    all_probes = (*first, *probes)
    forbidden: list[tuple[str, str]] = []
    for s in scenarios:
        forbidden.extend(x for x in s.all_forbidden() if x not in forbidden)
    return HoConversation(
        user_id=f"h8a-{n}",
        sessions=tuple(sessions),
        probes=all_probes,
        probe_at=times[-1] + timedelta(days=rng.randint(5, 19), hours=rng.randint(1, 6)),
        forbidden=tuple(forbidden),
        kinds=tuple(dict.fromkeys(p.kind for p in all_probes)),
    )


def generate_heldout_v8_a(*, seed: int = 0, users: int = 24) -> list[HoConversation]:
    """``users`` simulated users (``h8a-0``, ``h8a-1``, ...), deterministic from ``seed``.

    Raises:
        ValueError: ``users`` is below 1.
    """
    if users < 1:
        raise ValueError(f"users must be at least 1, got {users}")
    return [_conversation(seed, n, mine) for n, mine in enumerate(_plan(seed, users))]


def one_off_share(convs: Sequence[HoConversation]) -> float:
    """The share of user turns that are one-offs: a scenario text said once in ``convs``."""
    texts = [t.text for conv in convs for _, turns in conv.sessions for t in turns]
    if not texts:
        return 0.0
    once = Counter(texts)
    return sum(x in ONE_OFF_TEXTS and once[x] == 1 for x in texts) / len(texts)
