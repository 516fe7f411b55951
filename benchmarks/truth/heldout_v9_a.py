"""Held-out split v9, part a: written blind on 2026-12-02 (session ten), for issue #12.

Its author read only the candidate model's fields, the policy's predicate name sets, the
split types, the scoring rules and the structural checks; never the extractor's or the
policy's logic, never an earlier split or the tuning data, and never ran the product or the
benchmark on this split. Every scenario turn is a free-form one-off, written once, the way
people type to an assistant (lowercase, typos, emoji, asides, other languages and scripts,
relative dates, British and American usage), with the ideal candidates a careful extractor
following DESIGN.md's "Grounded candidates" would propose and, where a careless one would
slip, the slip.

Kinds (12 scenarios each, each scenario probed twice):

* ``dated_statement``: a value with its date, often replacing an earlier one.
* ``unseen_statement``: an attribute no predicate list knows, one value at a time,
  sometimes swapped later.
* ``must_not_store``: one real fact beside hypotheticals, wishes, another person's facts,
  pasted or forwarded text, a one-reply instruction, questions (the careless slips scripted).
* ``people``: facts about the people around the user beside the user's own.
* ``past_state``: what used to be true, with when it stopped, and what is true now.
* ``open_thread``: a session ends undecided after a value was given up on the way; the next
  session's first request picks it up.
* ``irrelevant``: one request per user about nothing the user said.

Each user gets three scenarios of three different kinds over three or four sessions a month
or more apart, then the probes in a new session, the irrelevant request last. The seed picks
the scenarios, their order and the dates; at 24 users every scenario is used exactly once, at
the default 20 no scenario repeats.

Example:
    >>> [c.user_id for c in generate_heldout_v9_a(seed=0, users=3)]
    ['h9a-0', 'h9a-1', 'h9a-2']
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
)

__all__ = [
    "KINDS",
    "ONE_OFF_TEXTS",
    "SCENARIOS",
    "generate_heldout_v9_a",
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

_ONE_AT_A_TIME = DEFAULT_SINGLE_VALUED | {"dietary_restriction"}
"""The one-value-at-a-time predicates (the policy's single-valued names and diet): two
scenarios of one user never both set one of these."""
_KNOWN = DEFAULT_SINGLE_VALUED | DEFAULT_MULTI_VALUED | INTENTIONS | set(DEFAULT_PREDICATE_ALIASES)

Since = int | str | datetime | None
"""When a value became (or stopped being) true, as the words say: days before the turn's
session (``int``), a day of the session's month (``"d3"``), the last such weekday
(``"mon"``, ``"sat"``), the end of last month (``"end-1"``), or a date (``datetime``)."""


@dataclass(frozen=True)
class _F:
    """One ideal candidate, its dates still relative to the session it is said in."""

    predicate: str
    object: str
    text: str
    kind: str = "fact"
    holder: str = "user"
    modality: str = "asserted"
    polarity: str = "assert"
    provenance: str = "own_words"
    since: Since = None
    until: Since = None
    single: bool | None = None
    replaces: str | None = None
    corrects: str | None = None


@dataclass(frozen=True)
class _S:
    """A careless extractor's slip: the value taken as the user's own asserted fact."""

    kind: str
    predicate: str
    object: str
    text: str
    marker: str = ""


@dataclass(frozen=True)
class _T:
    text: str
    facts: tuple[_F, ...] = ()
    slips: tuple[_S, ...] = ()


@dataclass(frozen=True)
class _P:
    request: str
    present: tuple[str, ...] = ()
    absent: tuple[tuple[str, str], ...] = ()
    holder: str = ""


@dataclass(frozen=True)
class Scenario:
    """One scenario: its parts (each said in its own session, in order) and two probes."""

    name: str
    kind: str
    parts: tuple[tuple[_T, ...], ...]
    probes: tuple[_P, ...]
    forbidden: tuple[tuple[str, str], ...] = ()

    @property
    def texts(self) -> tuple[str, ...]:
        return tuple(t.text for part in self.parts for t in part)

    def taboo(self) -> set[str]:
        """Values its probes or its user's end state must not show."""
        return {v for p in self.probes for v, _ in p.absent} | {v for v, _ in self.forbidden}

    def shown(self) -> list[str]:
        """Everything its candidates could put in a memory block: values and sentences."""
        return [x for part in self.parts for t in part for f in t.facts for x in (f.object, f.text)]

    def clashes(self, other: Scenario) -> bool:
        """``other`` sets one of this scenario's slots, or could show a value this one must
        not show (whole words, as the scoring matches), or the other way round."""
        if self.slots() & other.slots():
            return True
        return any(
            _has(text, value)
            for a, b in ((self, other), (other, self))
            for value in a.taboo()
            for text in b.shown()
        )

    def slots(self) -> set[tuple[str, str]]:
        """The one-at-a-time slots its asserted or planned candidates set."""
        return {
            (_subject(f.holder), f.predicate)
            for part in self.parts
            for t in part
            for f in t.facts
            if (f.predicate in _ONE_AT_A_TIME or f.single)
            and f.modality in ("asserted", "plan")
            and f.provenance == "own_words"
        }


def _has(text: str, value: str) -> bool:
    """Whole-word, case-insensitive, as the scoring matches a value in a block."""
    return re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", text, re.IGNORECASE) is not None


def T(text: str, *facts: _F, slips: Sequence[_S] = ()) -> _T:
    return _T(text, tuple(facts), tuple(slips))


def P(
    request: str,
    present: Sequence[str] = (),
    absent: Sequence[tuple[str, str]] = (),
    holder: str = "",
) -> _P:
    return _P(request, tuple(present), tuple(absent), holder)


def _subject(holder: str) -> str:
    if holder == "user":
        return "user"
    key = re.sub(r"^(my|our|the)\s+", "", holder.casefold().strip())
    return "person:" + "_".join(re.findall(r"[^\W_]+", key.replace("'s", "")))


def _when(spec: Since, at: datetime) -> datetime | None:
    if spec is None:
        return None
    if isinstance(spec, datetime):
        return spec.replace(tzinfo=UTC)
    if isinstance(spec, int):
        return at - timedelta(days=spec)
    if spec in _WEEKDAYS:  # "last saturday": the latest one before the session's day
        back = (at.weekday() - _WEEKDAYS[spec] - 1) % 7 + 1
        return (at - timedelta(days=back)).replace(hour=12, minute=0)
    if spec == "end-1":  # "end of last month"
        return at.replace(day=1, hour=12, minute=0) - timedelta(days=1)
    return at.replace(day=int(spec[1:]), hour=9, minute=0)


_WEEKDAYS = {"mon": 0, "sat": 5}


def _candidate(f: _F, quote: str, at: datetime) -> CandidateFact:
    valid_from = _when(f.since, at)
    return CandidateFact(
        kind=f.kind,
        subject=_subject(f.holder),
        predicate=f.predicate,
        object=f.object,
        text=f.text,
        quote=quote,
        holder=f.holder,
        modality=f.modality,
        polarity=f.polarity,
        provenance=f.provenance,
        valid_from=valid_from,
        time_stated=valid_from is not None,
        valid_to=_when(f.until, at),
        single_valued=f.single,
        replaces=f.replaces,
        corrects=f.corrects,
    )


def _slip(s: _S, quote: str) -> Slip:
    bad = CandidateFact(
        kind="preference" if s.kind == "instruction_as_preference" else "fact",
        predicate=s.predicate,
        object=s.object,
        text=s.text,
        quote=quote,
        single_valued=None if s.predicate in _KNOWN else True,
    )
    return Slip(s.kind, bad, s.marker or s.object)


def _turn(t: _T, at: datetime) -> HoTurn:
    return HoTurn(
        t.text,
        tuple(_candidate(f, t.text, at) for f in t.facts),
        tuple(_slip(s, t.text) for s in t.slips),
    )


# ---------------------------------------------------------------------------------------
# The scenarios. Written once each; a value always occurs literally in its user's words.
# ---------------------------------------------------------------------------------------

Y = datetime  # absolute dates in the words ("in 2019", "until march 2024")
UTC = timezone.utc

# fmt: off
F = _F
DS, UN, MN, PE, PS, OT = (
    "dated_statement",
    "unseen_statement",
    "must_not_store",
    "people",
    "past_state",
    "open_thread",
)
HYP, OTH, PAS, INS, QUE = "hypothetical", "other_person", "pasted", "instruction", "question"


def S(name: str, kind: str, parts: Sequence[Sequence[_T]], probes: Sequence[_P],
      forbidden: Sequence[tuple[str, str]] = ()) -> Scenario:  # fmt: skip
    return Scenario(name, kind, tuple(tuple(p) for p in parts), tuple(probes), tuple(forbidden))


_DATED = (
    S("d-employer", DS, [
        [T("can u help me word a leaving card for a colleague? she's been my desk buddy at "
           "Deloitte for 3 yrs and i'm useless at this stuff",
           F("employer", "Deloitte", "The user works at Deloitte."))],
        [T("right so update: i'm at Wise now, started on the 3rd 🎉 onboarding is a firehose. "
           "any tricks for remembering 40 new names by friday?",
           F("employer", "Wise", "The user has worked at Wise since the 3rd.", since="d3"))],
    ], [
        P("my new team wants a 3-line bio for the intranet page, can you draft one",
          ["Wise"], [("Deloitte", "stale")]),
        P("help me fill in the 'organisation' box on this conference badge form",
          ["Wise"], [("Deloitte", "stale")]),
    ]),
    S("d-city", DS, [
        [T("Looking for a decent climbing wall near me in Porto, somewhere with auto-belays "
           "ideally", F("city", "Porto", "The user lives in Porto."))],
        [T("so we finally did it, moved to Braga two weeks ago!! boxes everywhere. what do "
           "people even eat here on a sunday",
           F("city", "Braga", "The user has lived in Braga since two weeks before.", since=14))],
    ], [
        P("any ideas for a rainy saturday close to home?", ["Braga"], [("Porto", "stale")]),
        P("recommend a local running club I could join", ["Braga"], [("Porto", "stale")]),
    ]),
    S("d-airport", DS, [
        [T("flights from Manchester to Reykjavik in feb, roughly what am I looking at? MAN is "
           "my local so I'd rather not trek down to LHR",
           F("home_airport", "MAN", "The user's home airport is MAN (Manchester)."))],
        [T("small life update, relocated to Leeds at the end of last month so LBA is my airport "
           "now i guess. anyway is carry-on 10kg on most budget airlines?",
           F("home_airport", "LBA", "The user's home airport is LBA.", since="end-1"),
           F("city", "Leeds", "The user has lived in Leeds since the end of last month.",
             since="end-1"))],
    ], [
        P("cheapest way to get to Lisbon in may?", ["LBA"], [("MAN", "stale")]),
        P("parking options for a week away, near the terminal?", ["LBA"], [("MAN", "stale")]),
    ]),
    S("d-carrier", DS, [
        [T("my phone bill from Vodafone went up AGAIN 😤 is that even legal mid-contract in "
           "the UK?", F("mobile_carrier", "Vodafone", "The user's mobile carrier is Vodafone."))],
        [T("ported my number to giffgaff on monday, took like 20 min. whats the best way to "
           "back up whatsapp before i swap sims",
           F("mobile_carrier", "giffgaff", "The user has been with giffgaff since Monday.",
             since="mon"))],
    ], [
        P("roaming in Morocco for a week, will I get charged loads?",
          ["giffgaff"], [("Vodafone", "stale")]),
        P("my data keeps dropping on the train, who do i even complain to",
          ["giffgaff"], [("Vodafone", "stale")]),
    ]),
    S("d-isp", DS, [
        [T("wifi is crawling again, Telekom says 250 Mbit but i get like 40 lol. how do i run "
           "a proper speed test",
           F("internet_provider", "Telekom", "The user's internet provider is Telekom."))],
        [T("endlich! switched to 1&1 Glasfaser, the technician came on the 4th. should I keep "
           "the old FritzBox or use theirs?",
           F("internet_provider", "1&1", "The user's internet provider is 1&1 since the 4th.",
             since="d4"))],
    ], [
        P("video calls keep freezing in the evening, what should I check first",
          ["1&1"], [("Telekom", "stale")]),
        P("draft a short complaint email about my connection being down since last night",
          ["1&1"], [("Telekom", "stale")]),
    ]),
    S("d-title", DS, [
        [T("as a junior data analyst is it normal to be asked to build dashboards for 5 teams "
           "at once?? feels like a lot",
           F("job_title", "junior data analyst", "The user is a junior data analyst."))],
        [T("got promoted!! officially Analytics Lead since the 1st 🥳 no idea how to run a 1:1 "
           "tho, tips?",
           F("job_title", "Analytics Lead", "The user has been Analytics Lead since the 1st.",
             since="d1"))],
    ], [
        P("rewrite my linkedin headline so it sounds less stiff",
          ["Analytics Lead"], [("junior data analyst", "stale")]),
        P("what should i ask for in my salary review?",
          ["Analytics Lead"], [("junior data analyst", "stale")]),
    ]),
    S("d-car", DS, [
        [T("Is it worth getting winter tyres for a 2012 Skoda Fabia if I only drive in town? "
           "it's my only car",
           F("car", "2012 Skoda Fabia", "The user drives a 2012 Skoda Fabia."))],
        [T("sold the old banger, picked up a used Kia e-Niro last saturday. is charging at home "
           "off a 3-pin plug ok or nah?",
           F("car", "Kia e-Niro", "The user has driven a Kia e-Niro since last Saturday.",
             since="sat"))],
    ], [
        P("road trip to the Highlands in june, how should I plan the stops?",
          ["e-Niro"], [("Fabia", "stale")]),
        P("insurance renewal quote looks high, what details matter most?",
          ["Kia e-Niro"], [("Fabia", "stale")]),
    ]),
    S("d-gym", DS, [
        [T("ok so my PureGym membership renews next week, is 3x a week enough to see progress "
           "or am i wasting money", F("gym", "PureGym", "The user is a member of PureGym."))],
        [T("cancelled that and joined The Foundry climbing centre on the 2nd, way more my vibe. "
           "what should i eat before a bouldering session?",
           F("gym", "The Foundry", "The user has been a member of The Foundry since the 2nd.",
             since="d2"))],
    ], [
        P("make me a weekly workout schedule around a 9-5", ["Foundry"], [("PureGym", "stale")]),
        P("is it worth paying for a locker or just bringing a bag",
          ["Foundry"], [("PureGym", "stale")]),
    ]),
    S("d-energy", DS, [
        [T("our gas+electric is with Octopus, is their tracker tariff a good idea over winter? "
           "we're a 2 bed flat",
           F("energy_provider", "Octopus", "The user's energy provider is Octopus."))],
        [T("moved supply to E.ON Next on the 5th bc of a fixed deal. how do i send my first "
           "meter reading, do i just photo it?",
           F("energy_provider", "E.ON Next", "The user's energy provider is E.ON Next since the "
             "5th.", since="d5"))],
    ], [
        P("how can we cut the heating bill this month without freezing",
          ["E.ON Next"], [("Octopus", "stale")]),
        P("write a quick message disputing an estimated bill",
          ["E.ON Next"], [("Octopus", "stale")]),
    ]),
    S("d-timezone", DS, [
        [T("im in Singapore (SGT) and my team's in Berlin, whats a sane time for a weekly "
           "standup", F("timezone", "SGT", "The user's timezone is SGT."),
           F("city", "Singapore", "The user lives in Singapore."))],
        [T("now based out of Toronto since the 6th (so EST for me 🥶). same question, standup "
           "w/ berlin, when?",
           F("timezone", "EST", "The user's timezone is EST since the 6th.", since="d6"),
           F("city", "Toronto", "The user has lived in Toronto since the 6th.", since="d6"))],
    ], [
        P("schedule a 30-min catch-up with the Berlin folks next week",
          ["EST"], [("SGT", "stale")]),
        P("suggest a weekend getaway within driving distance",
          ["Toronto"], [("Singapore", "stale")]),
    ]),
    S("d-engaged", DS, [
        [T("need gift ideas for my boyfriend Mateus, we've been dating two years next month and "
           "he's into film cameras + bad puns",
           F("partner", "Mateus", "The user's boyfriend is Mateus."),
           F("relationship_status", "dating", "The user has been dating Mateus for two years."))],
        [T("mateus and i got engaged on the 8th 💍!!! sorry, still shaking. help me tell my "
           "grandma in a cute way",
           F("relationship_status", "engaged", "The user has been engaged to Mateus since the "
             "8th.", since="d8"))],
    ], [
        P("plan a surprise dinner for us two, budget around 120",
          ["Mateus", "engaged"], [("dating", "stale")]),
        P("write a short toast for my cousin's wedding that slips in my own news",
          ["engaged"], [("dating", "stale")]),
    ]),
    S("d-landlord", DS, [
        [T("my landlord (Hausverwaltung Krüger) still hasn't fixed the boiler, 3 weeks now. how "
           "do i write a formal Mängelanzeige?",
           F("landlord", "Hausverwaltung Krüger",
             "The user's landlord is Hausverwaltung Krüger."))],
        [T("the building got sold, new owner since the 1st is Vonovia 🙄 do i need to sign "
           "anything new or does my lease just carry over?",
           F("landlord", "Vonovia", "The user's landlord has been Vonovia since the 1st.",
             since="d1"))],
    ], [
        P("the radiator's leaking, who do I contact and what do I say",
          ["Vonovia"], [("Krüger", "stale")]),
        P("write a polite note asking for a rent receipt for my tax return",
          ["Vonovia"], [("Krüger", "stale")]),
    ]),
)

_UNSEEN = (
    S("u-shoe", UN, [
        [T("what's a good first pair of climbing shoes? I'm a 41.5 in La Sportiva sizing fwiw",
           F("climbing_shoe_size", "41.5", "The user's climbing shoe size is 41.5.", single=True))],
        [T("update: the 41.5s were agony, went up to a 42 and they're fine now. how do i stop "
           "them stinking 😅",
           F("climbing_shoe_size", "42", "The user's climbing shoe size is 42.", single=True,
             replaces="41.5"))],
    ], [
        P("there's a sale on Scarpa, which size should I grab?", ["42"], [("41.5", "stale")]),
        P("birthday wishlist, add one climbing thing in the right size", ["42"],
          [("41.5", "stale")]),
    ]),
    S("u-frame", UN, [
        [T("my road bike is a 54cm frame (рама 54 см, bought it in Riga), is that why my lower "
           "back hurts on long rides??",
           F("bike_frame_size", "54cm", "The user's road bike has a 54cm frame.", single=True))],
    ], [
        P("planning a 100km sportive, what should i adjust before it", ["54cm"]),
        P("i'm eyeing a second-hand gravel bike online, what should I check", ["54cm"]),
    ]),
    S("u-coffee", UN, [
        [T("barista at work keeps messing up my order, it's a flat white with oat, extra hot. "
           "how do i say that in italian for my trip?",
           F("coffee_order", "flat white with oat", "The user's usual coffee order is a flat "
             "white with oat, extra hot.", single=True))],
        [T("oat gives me a bloated tum so I've swapped to a cortado with almond now ☕ anyway "
           "how long do beans keep once opened",
           F("coffee_order", "cortado with almond", "The user's usual coffee order is a cortado "
             "with almond.", single=True, replaces="flat white with oat"))],
    ], [
        P("write a sticky note for my coworker who's doing the coffee run",
          ["cortado with almond"], [("flat white with oat", "stale")]),
        P("how do I order my usual at a café in Rome", ["cortado with almond"],
          [("flat white with oat", "stale")]),
    ]),
    S("u-layout", UN, [
        [T("been typing on a Dvorak layout since uni, any good vscode shortcut cheat-sheet that "
           "doesn't assume qwerty?",
           F("keyboard_layout", "Dvorak", "The user types on a Dvorak keyboard layout.",
             single=True))],
    ], [
        P("recommend a mechanical keyboard under 100 quid", ["Dvorak"]),
        P("set up a new laptop for me, step by step", ["Dvorak"]),
    ]),
    S("u-shifts", UN, [
        [T("i work nights, 4 on 4 off at the hospital lab, so meal prep is chaos. quick freezer "
           "meals?", F("shift_pattern", "4 on 4 off", "The user works nights, 4 on 4 off.",
                       single=True))],
        [T("rota changed!! it's earlies only now, 7-3 mon to fri. so my sleep should finally be "
           "normal lol",
           F("shift_pattern", "earlies only", "The user works earlies only, 7-3 Monday to "
             "Friday.", single=True, replaces="4 on 4 off"))],
    ], [
        P("when should I book a dentist appointment so it doesn't clash with work",
          ["earlies only"], [("4 on 4 off", "stale")]),
        P("plan a sleep routine that works with my hours", ["earlies only"],
          [("4 on 4 off", "stale")]),
    ]),
    S("u-seat", UN, [
        [T("always a window seat for me pls, the aisle makes me anxious — whats the best row on "
           "an A320 for legroom",
           F("seat_preference", "window seat", "The user prefers a window seat on flights.",
             kind="preference", single=True))],
    ], [
        P("find a good flight to Athens for the 14th", ["window seat"]),
        P("what should I pick when checking in online tonight?", ["window seat"]),
    ]),
    S("u-pace", UN, [
        [T("my easy pace is about 6:10/km, comfortably chatty. what should my long run pace be "
           "for a half?", F("easy_pace", "6:10/km", "The user's easy running pace is 6:10/km.",
                            single=True))],
        [T("been grinding all winter and my easy runs are at 5:45/km now without dying 🏃‍♀️",
           F("easy_pace", "5:45/km", "The user's easy running pace is 5:45/km.", single=True,
             replaces="6:10/km"))],
    ], [
        P("build me a 10-week half marathon plan", ["5:45/km"], [("6:10/km", "stale")]),
        P("is a parkrun PB realistic this weekend?", ["5:45/km"], [("6:10/km", "stale")]),
    ]),
    S("u-parking", UN, [
        [T("which side should i reverse into, space B17 at work is so tight my mirrors nearly "
           "go every morning",
           F("parking_space", "B17", "The user's parking space at work is B17.", single=True))],
        [T("they moved me to P2-04 in the new car park, finally wider!! whats a polite way to "
           "tell the guy next to me he's over the line",
           F("parking_space", "P2-04", "The user's parking space at work is P2-04.",
             single=True, replaces="B17"))],
    ], [
        P("I'm giving a lift to a new colleague tomorrow, write her directions to where I'll "
          "be parked", ["P2-04"], [("B17", "stale")]),
        P("what do I put on the visitor form for where I leave the car?", ["P2-04"],
          [("B17", "stale")]),
    ]),
    S("u-shade", UN, [
        [T("Foundation shade for me is 2N1 in Estée Lauder Double Wear, can u find a drugstore "
           "dupe?", F("foundation_shade", "2N1", "The user's foundation shade is 2N1.",
                      single=True))],
        [T("tan's faded so i'm back to 1W1 for winter. same q but for a tinted moisturiser",
           F("foundation_shade", "1W1", "The user's foundation shade is 1W1.", single=True,
             replaces="2N1"))],
    ], [
        P("what should I buy for a wedding guest makeup look", ["1W1"], [("2N1", "stale")]),
        P("compare two concealers for me", ["1W1"], [("2N1", "stale")]),
    ]),
    S("u-tuning", UN, [
        [T("my guitar is permanently in DADGAD these days, any folk songs that sound good in "
           "it?", F("guitar_tuning", "DADGAD", "The user's guitar is tuned to DADGAD.",
                    single=True))],
    ], [
        P("teach me a simple fingerpicking pattern", ["DADGAD"]),
        P("suggest three songs to learn this month", ["DADGAD"]),
    ]),
    S("u-cutoff", UN, [
        [T("Ich trinke nichts mit Koffein after 4pm, it wrecks my sleep. what's a good herbal "
           "one for focus in the afternoon?",
           F("caffeine_cutoff", "4pm", "The user has no caffeine after 4pm.", single=True))],
        [T("pushed my caffeine cutoff earlier, nothing after 2pm now and my sleep tracker says "
           "it helps",
           F("caffeine_cutoff", "2pm", "The user has no caffeine after 2pm.", single=True,
             replaces="4pm"))],
    ], [
        P("plan a study day with breaks for tomorrow", ["2pm"], [("4pm", "stale")]),
        P("what can i drink at the late afternoon meeting", ["2pm"], [("4pm", "stale")]),
    ]),
    S("u-gamertag", UN, [
        [T("my PSN is kestrel_ng, can you think of a clan tag that goes with it? 🎮",
           F("gamertag", "kestrel_ng", "The user's PSN name is kestrel_ng.", single=True))],
        [T("changed my psn name to Cormorant_99 (the old one got me mistaken for a streamer lol)",
           F("gamertag", "Cormorant_99", "The user's PSN name is Cormorant_99.", single=True,
             replaces="kestrel_ng"))],
    ], [
        P("write a short bio for my gaming profile", ["Cormorant_99"], [("kestrel_ng", "stale")]),
        P("friend wants to add me online tonight, what do I send her", ["Cormorant_99"],
          [("kestrel_ng", "stale")]),
    ]),
)

_MUST_NOT = (
    S("m-lisbon", MN, [
        [T("if I ever moved to Lisbon I'd want to be near the river, but honestly I'm staying "
           "put in Utrecht. what's a good day trip from here?",
           F("city", "Utrecht", "The user lives in Utrecht."),
           F("city", "Lisbon", "The user would want to live near the river in Lisbon.",
             modality="hypothetical"),
           slips=[_S("hypothetical_as_fact", "city", "Lisbon", "The user lives in Lisbon.")])],
    ], [
        P("suggest a bakery worth cycling to on sunday", ["Utrecht"], [("Lisbon", HYP)]),
        P("what's the weather looking like for my commute?", ["Utrecht"], [("Lisbon", HYP)]),
    ], [("Lisbon", HYP)]),
    S("m-sister", MN, [
        [T("my sister's vegan and lives in Gdańsk, I'm not, I eat everything lol, but I'm the "
           "one who's allergic to sesame. she visits friday, easy dinner for both of us?",
           F("allergy", "sesame", "The user is allergic to sesame."),
           F("dietary_restriction", "vegan", "The user's sister is vegan.", holder="sister"),
           F("city", "Gdańsk", "The user's sister lives in Gdańsk.", holder="sister"),
           slips=[_S("other_person_as_user", "dietary_restriction", "vegan", "The user is vegan."),
                  _S("other_person_as_user", "city", "Gdańsk", "The user lives in Gdańsk.")])],
    ], [
        P("suggest a takeaway for tonight", ["sesame"],
          [("vegan", OTH), ("Gdańsk", OTH)], holder="sister"),
        P("bake something for the office", ["sesame"], [("vegan", OTH)], holder="sister"),
    ], [("vegan", OTH), ("Gdańsk", OTH)]),
    S("m-forward", MN, [
        [T("can you tidy this up before I send it round? ---\n\"Hi all, from Monday I will be "
           "based in the Rotterdam office and my new extension is 4417. Regards, Pieter\"\n--- "
           "(it's my manager's, I'm just forwarding it. I'm at the Eindhoven site myself btw)",
           F("office", "Eindhoven", "The user works at the Eindhoven site.", single=True),
           slips=[_S("pasted_as_own", "office", "Rotterdam", "The user is based in the "
                     "Rotterdam office."),
                  _S("pasted_as_own", "extension", "4417", "The user's extension is 4417.")])],
    ], [
        P("book me a desk for thursday", ["Eindhoven"], [("Rotterdam", PAS), ("4417", PAS)]),
        P("how long will my commute be if I leave at 8", ["Eindhoven"], [("Rotterdam", PAS)]),
    ], [("Rotterdam", PAS), ("4417", PAS)]),
    S("m-spanish", MN, [
        [T("I'm a nurse on a cardiology ward and my tandem partner asked what I do. answer in "
           "Spanish just this once pls: how do I explain my shifts to her?",
           F("job_title", "nurse", "The user is a nurse on a cardiology ward."),
           slips=[_S("instruction_as_preference", "response_language", "Spanish",
                     "The user prefers replies in Spanish.")])],
    ], [
        P("write a short intro about me for a volunteering form", ["nurse"], [("Spanish", INS)]),
        P("any good podcasts for the drive home after a long day at work?", ["nurse"],
          [("Spanish", INS)]),
    ], [("Spanish", INS)]),
    S("m-rust", MN, [
        [T("is Rust worth learning if I mostly write Go at work? also do you think I'd enjoy "
           "Haskell or is that a trap",
           F("skill", "Go", "The user mostly writes Go at work."),
           slips=[_S("question_as_fact", "skill", "Rust", "The user knows Rust."),
                  _S("question_as_fact", "skill", "Haskell", "The user enjoys Haskell.")])],
    ], [
        P("suggest a side project I could finish in a weekend", ["Go"],
          [("Rust", QUE), ("Haskell", QUE)]),
        P("what should I put under skills on my CV", ["Go"], [("Rust", QUE)]),
    ], [("Rust", QUE), ("Haskell", QUE)]),
    S("m-dog", MN, [
        [T("I wish I had a dog, a big daft golden retriever, but my lease says no pets. I do "
           "have a cat, Mochi, who thinks she's a dog anyway 🐈",
           F("pet", "Mochi", "The user has a cat called Mochi."),
           F("pet", "golden retriever", "The user wishes they had a golden retriever.",
             modality="hypothetical"),
           slips=[_S("hypothetical_as_fact", "pet", "golden retriever",
                     "The user has a golden retriever.")])],
    ], [
        P("I'm away for 3 nights, what should I sort out before I go?", ["Mochi"],
          [("golden retriever", HYP)]),
        P("suggest a name for a new house plant, something that suits my household",
          ["Mochi"], [("golden retriever", HYP)]),
    ], [("golden retriever", HYP)]),
    S("m-aiko", MN, [
        [T("Fwd from Aiko: 'I just started at Rakuten and I'm moving to Osaka next month!!' — "
           "how do I reply something nice? I'm still in Nagoya (名古屋) myself, so it's far-ish",
           F("city", "Nagoya", "The user lives in Nagoya."),
           slips=[_S("pasted_as_own", "employer", "Rakuten", "The user works at Rakuten."),
                  _S("pasted_as_own", "city", "Osaka", "The user lives in Osaka.")])],
    ], [
        P("what's on this weekend near me?", ["Nagoya"], [("Osaka", PAS), ("Rakuten", PAS)]),
        P("recommend a ramen place I haven't tried", ["Nagoya"], [("Osaka", PAS)]),
    ], [("Osaka", PAS), ("Rakuten", PAS)]),
    S("m-offer", MN, [
        [T("say I took the Amsterdam offer, would 4,800 gross be enough for a family of 3? for "
           "context I currently make do on a teacher's salary in Lyon and we rent",
           F("job_title", "teacher", "The user is a teacher."),
           F("city", "Lyon", "The user lives in Lyon."),
           F("city", "Amsterdam", "The user is weighing a job offer in Amsterdam.",
             modality="hypothetical"),
           slips=[_S("hypothetical_as_fact", "city", "Amsterdam", "The user lives in "
                     "Amsterdam.")])],
    ], [
        P("suggest a weekend outing for the three of us", ["Lyon"], [("Amsterdam", HYP)]),
        P("help me budget for the school year", ["teacher"], [("Amsterdam", HYP)]),
    ], [("Amsterdam", HYP)]),
    S("m-lactose", MN, [
        [T("do you think I'm lactose intolerant if milk makes me feel rough? I already know I'm "
           "coeliac, so gluten's out regardless",
           F("dietary_restriction", "coeliac", "The user is coeliac (no gluten)."),
           slips=[_S("question_as_fact", "intolerance", "lactose",
                     "The user has a lactose intolerance.")])],
    ], [
        P("give me a quick lunch I can take to work", ["coeliac"], [("lactose", QUE)]),
        P("we're ordering pizza for the team, what do I get?", ["coeliac"], [("lactose", QUE)]),
    ], [("lactose", QUE)]),
    S("m-flatmate", MN, [
        [T("cheap stir fry ideas for two? I'm a broke master's student at TU Delft lol. my "
           "flatmate Oluwaseun is pescatarian (I'm not) and just for tonight skip anything "
           "spicy, she's got a cold",
           F("university", "TU Delft", "The user is a master's student at TU Delft.",
             single=True),
           F("dietary_restriction", "pescatarian", "The user's flatmate Oluwaseun is "
             "pescatarian.", holder="flatmate"),
           slips=[_S("other_person_as_user", "dietary_restriction", "pescatarian",
                     "The user is pescatarian."),
                  _S("instruction_as_preference", "dislike", "spicy",
                     "The user dislikes spicy food.")])],
    ], [
        P("meal plan for next week on a tight budget", ["TU Delft"],
          [("pescatarian", OTH)], holder="flatmate"),
        P("what should I cook just for myself tomorrow?", [],
          [("spicy", INS)]),
    ], [("pescatarian", OTH), ("spicy", INS)]),
    S("m-hotel", MN, [
        [T("pasted from the booking site, is this a good deal?\n> Hotel Alfama Patio, 3 nights, "
           "guest rating 9.1, free cancellation until 12 Mar, breakfast included\nI use a "
           "wheelchair so step-free access matters way more to me than breakfast",
           F("accessibility_need", "step-free access", "The user uses a wheelchair and needs "
             "step-free access."),
           slips=[_S("pasted_as_own", "hotel", "Alfama", "The user is staying at Hotel Alfama "
                     "Patio.")])],
    ], [
        P("find me a restaurant for saturday night", ["step-free access"], [("Alfama", PAS)]),
        P("what should i check before booking a museum visit", ["step-free"],
          [("Alfama", PAS)]),
    ], [("Alfama", PAS)]),
    S("m-zoe", MN, [
        [T("if we had a second kid we'd name her Zoë lol. real talk tho, my son Tomás starts "
           "nursery in sept — what do I pack for day one? and would a 3yo like a balance bike "
           "or is that too early",
           F("child", "Tomás", "The user's son is Tomás."),
           F("child", "Zoë", "The user would name a second child Zoë.", modality="hypothetical"),
           slips=[_S("hypothetical_as_fact", "child", "Zoë", "The user has a daughter, Zoë.")])],
    ], [
        P("ideas for a rainy day indoors with my little one", ["Tomás"], [("Zoë", HYP)]),
        P("help me write a note to the nursery about pickup times", ["Tomás"], [("Zoë", HYP)]),
    ], [("Zoë", HYP)]),
)

_PEOPLE = (
    S("p-mum", PE, [
        [T("my mum's just moved to Cork to be near my brother, and I'm still in Bristol so it's "
           "a trek. what's the easiest way to visit her at christmas?",
           F("city", "Bristol", "The user lives in Bristol."),
           F("city", "Cork", "The user's mum has moved to Cork.", holder="mum"))],
    ], [
        P("a cosy pub for a date night near home?", ["Bristol"], [("Cork", OTH)], holder="mum"),
        P("help me plan a surprise visit for my mother's birthday", ["Cork"], holder="mum"),
    ]),
    S("p-husband", PE, [
        [T("my husband Dawit is a pilot with Ethiopian so he's away loads, and I do the school "
           "run solo — I work part time as a pharmacist. quick dinners I can do in 20 min?",
           F("partner", "Dawit", "The user's husband is Dawit."),
           F("job_title", "pilot", "The user's husband Dawit is a pilot with Ethiopian.",
             holder="husband"),
           F("job_title", "pharmacist", "The user works part time as a pharmacist."))],
    ], [
        P("update my CV summary, two lines", ["pharmacist"], [("pilot", OTH)], holder="husband"),
        P("he's back on sunday, plan something nice for the two of us", ["Dawit"]),
    ]),
    S("p-daughter", PE, [
        [T("my daughter Ilse (7) just got diagnosed with a peanut allergy 😟 can you help me "
           "explain it to her teacher?",
           F("child", "Ilse", "The user's daughter is Ilse, 7."),
           F("allergy", "peanut", "The user's daughter Ilse has a peanut allergy.",
             holder="daughter"))],
        [T("me again — turns out I'm allergic to penicillin myself, found out the hard way. "
           "what should I tell a new GP?",
           F("allergy", "penicillin", "The user is allergic to penicillin."))],
    ], [
        P("packing a picnic for the family on saturday", ["peanut"], holder="daughter"),
        P("I'm seeing a dentist tomorrow, anything I should mention?", ["penicillin"],
          [("peanut", OTH)], holder="daughter"),
    ]),
    S("p-boss", PE, [
        [T("my boss, Hiroshi, is super into golf and leaves for a new role in march. I need a "
           "farewell gift, I'm more of a bouldering person myself so no clue",
           F("manager", "Hiroshi", "The user's manager is Hiroshi."),
           F("hobby", "golf", "Hiroshi is into golf.", holder="Hiroshi"),
           F("hobby", "bouldering", "The user goes bouldering."))],
    ], [
        P("suggest a weekend activity for me", ["bouldering"], [("golf", OTH)],
          holder="Hiroshi"),
        P("gift for my manager's leaving do, budget 50", ["golf"], holder="Hiroshi"),
    ]),
    S("p-abuela", PE, [
        [T("mi abuela turns 90 next month!! she lives in Valparaíso and only speaks Spanish, I "
           "live in Leeds and mine is rusty af. help me write a birthday video script?",
           F("city", "Valparaíso", "The user's abuela (grandmother) lives in "
             "Valparaíso.",
             holder="abuela"),
           F("city", "Leeds", "The user lives in Leeds."))],
    ], [
        P("best time to phone my grandmother without waking her", ["Valparaíso"],
          holder="abuela"),
        P("find me a conversation class nearby", ["Leeds"], [("Valparaíso", OTH)],
          holder="abuela"),
    ]),
    S("p-roast", PE, [
        [T("my brother Kwame is a vegetarian, my partner is gluten-free, and I eat literally "
           "anything. hosting both on sunday — one roast that works?",
           F("dietary_restriction", "vegetarian", "Kwame, the user's brother, is vegetarian.",
             holder="brother"),
           F("dietary_restriction", "gluten-free", "The user's partner is gluten-free.",
             holder="partner"))],
    ], [
        P("lunch for me and Kwame tomorrow, ideas?", ["vegetarian"], holder="brother"),
        P("grab-and-go breakfast just for me on a busy morning", [],
          [("gluten-free", OTH)], holder="partner"),
    ]),
    S("p-dad", PE, [
        [T("my dad Hamid (حامد) is 66 and has been obsessed with woodturning since he retired, the "
           "garage is a sawdust cave now lol",
           F("hobby", "woodturning", "The user's dad Hamid does woodturning.", holder="dad"))],
        [T("I've started pottery on thursdays btw, dad thinks we should open a shop 😂 what "
           "glaze is food safe?", F("hobby", "pottery", "The user does pottery on Thursdays."))],
    ], [
        P("gift ideas for my father for eid", ["woodturning"], holder="dad"),
        P("something to do on my evenings off, I'm bored", ["pottery"],
          [("woodturning", OTH)], holder="dad"),
    ]),
    S("p-priya", PE, [
        [T("my colleague Priya has signed with Infosys and leaves on the 20th, so i'm "
           "inheriting her Salesforce admin stuff on top of my own SQL reporting. how do i not "
           "drown?",
           F("next_employer", "Infosys", "The user's colleague Priya has signed with Infosys.",
             holder="Priya", single=True),
           F("skill", "SQL reporting", "The user does SQL reporting."))],
    ], [
        P("what course should I take this year to level up", ["SQL reporting"],
          [("Infosys", OTH)], holder="Priya"),
        P("draft a goodbye message for my coworker's card", ["Infosys"], holder="Priya"),
    ]),
    S("p-saoirse", PE, [
        [T("my girlfriend Saoirse is doing her PhD in marine biology in Galway and I'm a "
           "software tester in Dublin, so weekends are all train. best way to not go broke on "
           "Irish Rail?",
           F("partner", "Saoirse", "The user's girlfriend is Saoirse."),
           F("field_of_study", "marine biology", "The user's girlfriend Saoirse is doing a "
             "PhD in marine biology.",
             holder="girlfriend", single=True),
           F("city", "Galway", "The user's girlfriend Saoirse lives in Galway.",
             holder="girlfriend"),
           F("city", "Dublin", "The user lives in Dublin."),
           F("job_title", "software tester", "The user is a software tester."))],
    ], [
        P("find a co-working space near home for fridays", ["Dublin"], [("Galway", OTH)],
          holder="girlfriend"),
        P("help me pick a present related to her research", ["marine biology"],
          holder="girlfriend"),
    ]),
    S("p-neighbour", PE, [
        [T("Our neighbour, Mrs Oyelaran, keeps bees and gave us honey — I want to bake her "
           "something back but I'm doing no-added-sugar this year. cake that still tastes like "
           "cake?",
           F("hobby", "keeps bees", "The user's neighbour Mrs Oyelaran keeps bees.",
             holder="neighbour"),
           F("dietary_restriction", "no-added-sugar", "The user is doing no-added-sugar this "
             "year."))],
    ], [
        P("dessert for my own birthday next week?", ["no-added-sugar"]),
        P("thank-you card for the lady next door", ["bees"], holder="neighbour"),
    ]),
    S("p-jonas", PE, [
        [T("my son Jonas just passed his driving test 🎉 and he's got a place at Uni Wien for "
           "October. guess who's paying his insurance lol — I drive a Volvo V60, can he just "
           "use that?",
           F("child", "Jonas", "The user's son is Jonas."),
           F("university", "Uni Wien", "The user's son Jonas has a place at Uni Wien.",
             holder="son", single=True),
           F("car", "Volvo V60", "The user drives a Volvo V60."))],
    ], [
        P("cheapest way to get my boy's stuff to his halls in autumn", ["Uni Wien"],
          holder="son"),
        P("service reminder: what's due on my car around 100k km?", ["Volvo V60"],
          [("Uni Wien", OTH)], holder="son"),
    ]),
    S("p-leilani", PE, [
        [T("wedding planning w/ my fiancée Leilani, she's Hawaiian and wants a lei ceremony; "
           "I'm from Kraków so my mum wants pierogi at the reception 😂 how do we blend these "
           "without it being weird?",
           F("partner", "Leilani", "The user's fiancée is Leilani."),
           F("heritage", "Hawaiian", "The user's fiancée Leilani is Hawaiian.", holder="fiancée",
             single=True),
           F("hometown", "Kraków", "The user is from Kraków.", single=True))],
    ], [
        P("suggest first-dance songs that nod to both our backgrounds", ["Hawaiian", "Kraków"]),
        P("what should I say in my speech about where I grew up", ["Kraków"],
          [("Hawaiian", OTH)], holder="fiancée"),
    ]),
)

_PAST = (
    S("s-vegan", PS, [
        [T("I was vegan for six years until last christmas, now I eat fish and eggs again. "
           "protein ideas for a pescatarian lunch?",
           F("dietary_restriction", "vegan", "The user was vegan for six years until "
             "Christmas 2025.", since=Y(2019, 12, 25), until=Y(2025, 12, 25)),
           F("dietary_restriction", "pescatarian", "The user now eats a pescatarian diet, "
             "with fish and eggs."))],
    ], [
        P("meal prep for the week, 4 lunches", ["pescatarian"], [("vegan", "stale")]),
        P("recommend a restaurant for my birthday dinner", ["pescatarian"],
          [("vegan", "stale")]),
    ]),
    S("s-phoenix", PS, [
        [T("back when I lived in Montréal I biked everywhere, but since I moved to Phoenix in "
           "2023 it's just too hot. best e-bike for 40°C summers?",
           F("city", "Montréal", "The user lived in Montréal until 2023.", until=Y(2023, 1, 1)),
           F("city", "Phoenix", "The user has lived in Phoenix since 2023.",
             since=Y(2023, 1, 1)))],
    ], [
        P("somewhere to cool off this weekend, within an hour's drive", ["Phoenix"],
          [("Montréal", "stale")]),
        P("what plants survive on a balcony here?", ["Phoenix"], [("Montréal", "stale")]),
    ]),
    S("s-chef", PS, [
        [T("I used to be a sous-chef at a hotel until 2021 — now I'm a UX designer, long story 😅 "
           "can you make my portfolio about page not sound like a career crisis?",
           F("job_title", "sous-chef", "The user was a sous-chef until 2021.",
             until=Y(2021, 1, 1)),
           F("job_title", "UX designer", "The user is a UX designer."))],
    ], [
        P("draft a cold email to a design studio I like", ["UX designer"],
          [("sous-chef", "stale")]),
        P("what should I put as my headline on a job board?", ["UX designer"],
          [("sous-chef", "stale")]),
    ]),
    S("s-carrier", PS, [
        [T("i was with O2 until my contract ended in january, been on Lebara since, but signal "
           "in my apartment is awful. is it the network or the phone?",
           F("mobile_carrier", "O2", "The user was with O2 until January.",
             until=Y(2026, 1, 31)),
           F("mobile_carrier", "Lebara", "The user has been on Lebara since January.",
             since=Y(2026, 1, 31)))],
    ], [
        P("calls keep dropping in my kitchen, any fixes?", ["Lebara"], [("O2", "stale")]),
        P("i'm off to Ghana for two weeks, will my phone work there?", ["Lebara"],
          [("O2", "stale")]),
    ]),
    S("s-biscuit", PS, [
        [T("we had a spaniel called Biscuit till he passed in 2024, and now we've got a rescue "
           "greyhound, Pavlova. she's scared of stairs — how do I help her?",
           F("pet", "Biscuit", "The user had a spaniel called Biscuit until 2024.",
             until=Y(2024, 1, 1)),
           F("pet", "Pavlova", "The user has a rescue greyhound called Pavlova."))],
    ], [
        P("what should I pack for a weekend at a cottage?", ["Pavlova"], [("Biscuit", "stale")]),
        P("find me a café we can both go to", ["Pavlova"], [("Biscuit", "stale")]),
    ]),
    S("s-mini", PS, [
        [T("I drove a Mini for ages, sold it last october, and honestly I'm car-free now — just "
           "the tram + my Brompton. is a yearly tram pass worth it?",
           F("car", "Mini", "The user drove a Mini until October 2025.",
             until=Y(2025, 10, 15)),
           F("bike", "Brompton", "The user rides a Brompton.", single=True))],
    ], [
        P("how do I get to IKEA on saturday?", ["Brompton"], [("Mini", "stale")]),
        P("errands list for tomorrow, plan the route", ["Brompton"], [("Mini", "stale")]),
    ]),
    S("s-nairobi", PS, [
        [T("from 2018 to 2022 I was in Nairobi with an NGO, now i'm in Kampala doing freelance "
           "translation (Swahili↔English). how do I invoice clients abroad?",
           F("city", "Nairobi", "The user lived in Nairobi from 2018 to 2022.",
             since=Y(2018, 1, 1), until=Y(2022, 12, 31)),
           F("city", "Kampala", "The user lives in Kampala."),
           F("job_title", "freelance translation", "The user does freelance translation, "
             "Swahili to English."))],
    ], [
        P("where can I find a quiet place to work outside the house?", ["Kampala"],
          [("Nairobi", "stale")]),
        P("write a two-line pitch for my services", ["freelance translation"],
          [("Nairobi", "stale")]),
    ]),
    S("s-single", PS, [
        [T("I was engaged until march last year, we called it off 💔 single now and honestly "
           "fine. thoughts on going to Japan alone?",
           F("relationship_status", "engaged", "The user was engaged until March 2025.",
             until=Y(2025, 3, 1)),
           F("relationship_status", "single", "The user is single."))],
    ], [
        P("plan a 10 day trip for me in the spring", ["single"], [("engaged", "stale")]),
        P("help me write a dating-app bio", ["single"], [("engaged", "stale")]),
    ]),
    S("s-commute", PS, [
        [T("used to take the 7:40 from Didcot to Paddington every day until the office shut in "
           "november, now I work from home so my mornings are my own. what's a good morning "
           "routine?",
           F("commute", "7:40 from Didcot to Paddington", "The user commuted on the 7:40 from "
             "Didcot to Paddington until November 2025.", single=True,
             until=Y(2025, 11, 1)),
           F("work_arrangement", "work from home", "The user does their work from home now.",
             single=True))],
    ], [
        P("structure my working day so I don't go stir-crazy", ["work from home"],
          [("Paddington", "stale")]),
        P("ideas to get more steps in on weekdays", ["work from home"], [("7:40", "stale")]),
    ]),
    S("s-hamburg", PS, [
        [T("Mein Deutsch war mal fließend — I lived in Hamburg till 2015 — but these days I "
           "mostly speak Portuguese at home in Recife. best way to get my German back?",
           F("city", "Hamburg", "The user lived in Hamburg until 2015.", until=Y(2015, 1, 1)),
           F("city", "Recife", "The user lives in Recife."),
           F("language", "Portuguese", "The user speaks Portuguese at home."))],
    ], [
        P("suggest a beach for a day trip this weekend", ["Recife"], [("Hamburg", "stale")]),
        P("where could I find a language exchange meetup nearby?", ["Recife"],
          [("Hamburg", "stale")]),
    ]),
    S("s-herald", PS, [
        [T("I was on the night desk at the Herald till the paper folded in 2022. these days I'm "
           "a barista at a place called Kahvila Kuu, which I actually love. latte art tips?",
           F("employer", "the Herald", "The user worked at the Herald until 2022.",
             until=Y(2022, 1, 1)),
           F("employer", "Kahvila Kuu", "The user is a barista at Kahvila Kuu."),
           F("job_title", "barista", "The user is a barista."))],
    ], [
        P("write a short 'about me' for a coffee competition entry", ["Kahvila Kuu"],
          [("Herald", "stale")]),
        P("how should i ask my boss for more hours", ["Kahvila Kuu"], [("Herald", "stale")]),
    ]),
    S("s-stream", PS, [
        [T("For years we had Netflix premium but I cancelled it in January; we're on Disney "
           "Plus now because of the kids. any good family movies on it this month?",
           F("streaming_service", "Netflix", "The user had Netflix until January 2026.",
             single=True, until=Y(2026, 1, 15)),
           F("streaming_service", "Disney Plus", "The user subscribes to Disney Plus.",
             single=True))],
    ], [
        P("movie night on friday, pick something for all of us", ["Disney Plus"],
          [("Netflix", "stale")]),
        P("what should I cancel to save money this month?", ["Disney Plus"],
          [("Netflix", "stale")]),
    ]),
)


def _goal(obj: str, text: str) -> _F:
    return F("current_goal", obj, text, kind="decision")


def _drop(pred: str, obj: str, text: str) -> _F:
    return F(pred, obj, text, polarity="retract", single=True)


_THREAD = (
    S("o-sintra", OT, [
        [T("booked an Airbnb in Sintra for our anniversary weekend 🥰",
           F("trip_booking", "Airbnb in Sintra", "The user booked an Airbnb in Sintra for their "
             "anniversary weekend.", single=True)),
         T("ugh scrap the Airbnb in Sintra, the host cancelled on us. so now it's either a "
           "pousada in Óbidos or just staying in Lisbon, no idea yet. let me think overnight",
           _drop("trip_booking", "Airbnb in Sintra", "The user's Airbnb in Sintra was "
                 "cancelled."),
           _goal("either a pousada in Óbidos or just staying in Lisbon", "The user is "
                 "deciding: either a pousada in Óbidos or just staying in Lisbon."))],
    ], [
        P("ok I slept on it — which one would you go for and why?", ["Óbidos"],
          [("Sintra", "retracted")]),
        P("what should I pack for the anniversary trip?", ["Óbidos"], [("Sintra", "retracted")]),
    ]),
    S("o-laptop", OT, [
        [T("ordered the MacBook Air M3 from the uni store, arrives next week 💻",
           F("laptop_order", "MacBook Air M3", "The user ordered a MacBook Air M3.",
             single=True))],
        [T("cancelling the MacBook Air M3 order, just realised my CAD software is windows only "
           "🤦 so ThinkPad X1 or a Dell XPS?? decide later, my brain is fried",
           _drop("laptop_order", "MacBook Air M3", "The user cancelled the MacBook Air M3 "
                 "order."),
           _goal("ThinkPad X1 or a Dell XPS", "The user is choosing between a ThinkPad X1 or a "
                 "Dell XPS."))],
    ], [
        P("right, back to it — help me choose, student budget", ["ThinkPad X1", "Dell XPS"],
          [("MacBook", "retracted")]),
        P("what accessories should I budget for with the new machine?", ["ThinkPad X1"],
          [("MacBook", "retracted")]),
    ]),
    S("o-venue", OT, [
        [T("we put a deposit on Quinta do Lago Azul for the wedding reception!!",
           F("wedding_venue", "Quinta do Lago Azul", "The user put a deposit on Quinta do Lago "
             "Azul for the wedding reception.", single=True)),
         T("and... Quinta do Lago Azul double-booked us 😭 deposit's coming back. it's down to "
           "Casa Amarela or a marquee at my uncle's farm. not deciding tonight",
           _drop("wedding_venue", "Quinta do Lago Azul", "Quinta do Lago Azul double-booked "
                 "the user."),
           _goal("Casa Amarela or a marquee at my uncle's farm", "The user is choosing between "
                 "Casa Amarela or a marquee at my uncle's farm."))],
    ], [
        P("so... where did we get to? give me pros and cons", ["Casa Amarela"],
          [("Lago Azul", "retracted")]),
        P("which caterers should I contact this week?", ["Casa Amarela"],
          [("Lago Azul", "retracted")]),
    ]),
    S("o-msc", OT, [
        [T("accepted the offer from Edinburgh for the MSc!!",
           F("university", "Edinburgh", "The user accepted an MSc offer from Edinburgh.",
             single=True))],
        [T("nope, Edinburgh's out, funding fell through. it's KU Leuven or staying at Glasgow, "
           "need to decide by the 30th. pick this up tomorrow?",
           _drop("university", "Edinburgh", "The user's Edinburgh MSc place fell through."),
           _goal("KU Leuven or staying at Glasgow", "The user must decide: KU Leuven or staying "
                 "at Glasgow."))],
    ], [
        P("morning! where were we — can you lay out both options side by side",
          ["KU Leuven", "Glasgow"], [("Edinburgh", "retracted")]),
        P("write a polite email asking for more time before I commit", ["KU Leuven"],
          [("Edinburgh", "retracted")]),
    ]),
    S("o-paint", OT, [
        [T("going with Farrow & Ball Hague Blue for the hallway, tester pot arrives tmrw",
           F("hallway_paint", "Hague Blue", "The user is painting the hallway Hague Blue.",
             single=True)),
         T("hague blue looked like a cave on the test patch lol, scrapping it. now between "
           "Sulking Room Pink and a plain off-white, can't decide, will look again in daylight",
           _drop("hallway_paint", "hague blue", "The user scrapped Hague Blue for the hallway."),
           _goal("Sulking Room Pink and a plain off-white", "The user is deciding between "
                 "Sulking Room Pink and a plain off-white."))],
    ], [
        P("it's daylight now, help me decide", ["Sulking Room Pink"],
          [("Hague Blue", "retracted")]),
        P("what finish should I get, matt or eggshell?", ["Sulking Room Pink"],
          [("Hague Blue", "retracted")]),
    ]),
    S("o-puppy", OT, [
        [T("we've picked up the puppy!! we're calling him Miso",
           F("pet", "Miso", "The user's puppy is called Miso.")),
         T("ok Miso is vetoed, my partner's cousin has a cat called Miso 🙄 it's Tofu vs Bao "
           "now and we're stuck, vote tomorrow",
           F("pet", "Miso", "The user's puppy is no longer called Miso.", polarity="retract"),
           _goal("Tofu vs Bao", "The user is choosing the puppy's name: Tofu vs Bao."))],
    ], [
        P("the vote's tonight — help me make the case for one", ["Tofu", "Bao"],
          [("Miso", "retracted")]),
        P("design a little tag for the puppy's collar", ["Tofu"], [("Miso", "retracted")]),
    ]),
    S("o-offer", OT, [
        [T("told Spotify yes for the backend role 🎧 start date TBC",
           F("accepted_offer", "Spotify", "The user accepted a backend role at Spotify.",
             single=True))],
        [T("welp, Spotify rescinded after the hiring freeze. left with Klarna's offer or staying "
           "put, I'll decide after the weekend",
           _drop("accepted_offer", "Spotify", "Spotify rescinded the user's offer."),
           _goal("Klarna's offer or staying put", "The user is deciding: Klarna's offer or "
                 "staying put."))],
    ], [
        P("weekend's over. walk me through it one more time?", ["Klarna"],
          [("Spotify", "retracted")]),
        P("what questions should I ask before saying yes to anyone?", ["Klarna"],
          [("Spotify", "retracted")]),
    ]),
    S("o-kerala", OT, [
        [T("we're doing Kerala for the december holidays, told my parents already",
           F("holiday_destination", "Kerala", "The user is going to Kerala for the December "
             "holidays.", single=True)),
         T("Kerala's off, flights tripled. Sri Lanka or Goa now, haven't decided, will ask amma "
           "tomorrow",
           _drop("holiday_destination", "Kerala", "The user's Kerala trip is off."),
           _goal("Sri Lanka or Goa", "The user is deciding the December holiday: Sri Lanka or "
                 "Goa."))],
    ], [
        P("amma says either is fine. so?", ["Sri Lanka", "Goa"], [("Kerala", "retracted")]),
        P("check visa rules for our december trip", ["Sri Lanka"], [("Kerala", "retracted")]),
    ]),
    S("o-sofa", OT, [
        [T("ordered the green velvet sofa, 6-8 weeks delivery 🛋️",
           F("sofa_order", "green velvet sofa", "The user ordered a green velvet sofa.",
             single=True))],
        [T("cancelled the green velvet sofa, it wouldn't fit up our stairs 😩 now it's a modular "
           "one from IKEA or a secondhand Ercol, thinking it over",
           _drop("sofa_order", "green velvet sofa", "The user cancelled the green velvet sofa."),
           _goal("a modular one from IKEA or a secondhand Ercol", "The user is choosing a sofa: "
                 "a modular one from IKEA or a secondhand Ercol."))],
    ], [
        P("ok, help me decide, the wall is 2.1m", ["Ercol"], [("velvet", "retracted")]),
        P("how do I get a big item delivered to a 3rd floor flat?", ["Ercol"],
          [("velvet", "retracted")]),
    ]),
    S("o-tattoo", OT, [
        [T("locked in a fern for my first tattoo, appointment at Inkwell in May",
           F("tattoo_design", "fern", "The user's first tattoo will be a fern.", single=True)),
         T("changed my mind on the fern, everyone has one. either a little octopus or my gran's "
           "handwriting 🐙 not sure yet, sleeping on it",
           _drop("tattoo_design", "fern", "The user dropped the fern tattoo design."),
           _goal("a little octopus or my gran's handwriting", "The user is choosing a tattoo: "
                 "a little octopus or my gran's handwriting."))],
    ], [
        P("morning, did I land on anything? talk me through the two",
          ["octopus", "handwriting"], [("fern", "retracted")]),
        P("what should I tell the artist when I email them?", ["octopus"],
          [("fern", "retracted")]),
    ]),
    S("o-bakery", OT, [
        [T("the bakery's going to be called Crumb & Co, registering it this week",
           F("business_name", "Crumb & Co", "The user's bakery will be called Crumb & Co.",
             single=True)),
         T("Crumb & Co is taken in our county 😤 so it's Miga or Hornada now. I'll pick "
           "tomorrow after coffee",
           _drop("business_name", "Crumb & Co", "The name Crumb & Co is taken."),
           _goal("Miga or Hornada", "The user is naming the bakery: Miga or Hornada."))],
    ], [
        P("coffee done ☕ which one, and why?", ["Miga", "Hornada"], [("Crumb", "retracted")]),
        P("sketch some logo ideas", ["Miga"], [("Crumb", "retracted")]),
    ]),
    S("o-race", OT, [
        [T("signed up for the Berlin marathon in september!!! 🏃 sub-4 or bust",
           F("race", "Berlin marathon", "The user signed up for the Berlin marathon.",
             single=True))],
        [T("so my knee's not having it, physio says no full marathon this year 😞 pulling out "
           "of the Berlin marathon. it's the Tallinn half or a 10k in Copenhagen instead, no "
           "idea which, let's figure it out next time",
           _drop("race", "Berlin marathon", "The user pulled out of the Berlin marathon."),
           _goal("the Tallinn half or a 10k in Copenhagen", "The user is choosing: the Tallinn "
                 "half or a 10k in Copenhagen."))],
    ], [
        P("hey, about what we left hanging — which would suit a dodgy knee better?",
          ["Tallinn", "Copenhagen"], [("Berlin marathon", "retracted")]),
        P("training plan for the next 8 weeks", ["Tallinn"], [("Berlin marathon", "retracted")]),
    ]),
)

# fmt: on

SCENARIOS: dict[str, tuple[Scenario, ...]] = {
    "dated_statement": _DATED,
    "unseen_statement": _UNSEEN,
    "must_not_store": _MUST_NOT,
    "people": _PEOPLE,
    "past_state": _PAST,
    "open_thread": _THREAD,
}
"""Every scenario of the split, by kind."""

ONE_OFF_TEXTS: frozenset[str] = frozenset(
    t for scenarios in SCENARIOS.values() for s in scenarios for t in s.texts
)
"""Every scenario turn: each is a free-form one-off, written once for this split."""

_IRRELEVANT = (
    "origami crane folding steps?",
    "convert 350 fahrenheit to celsius",
    "explain photosynthesis simply",
    "tallest volcano on Mars?",
    "knot for tying a hammock",
    "translate 'butterfly' into Latin",
    "rules of backgammon, briefly",
    "jellyfish lifespan?",
    "pangram examples pls",
    "Saturn's rings: composition?",
    "octopus hearts count?",
    "riddle involving a lighthouse keeper",
    "Fibonacci sequence explained",
    "penguins' natural predators?",
    "tectonic plates overview",
    "limerick featuring a walrus",
    "Roman numerals for 1987",
    "aurora borealis cause?",
    "Sicilian defence basics (chess)",
    "synonym for ephemeral, ten letters",
    "tide mechanics, explained plainly",
    "why is the sky blue",
    "largest desert on Earth?",
    "hexagon interior angle sum",
)
_STOP = {"the", "and", "how", "why", "what", "who", "are", "for", "does", "many", "far"}


def _words3(text: str) -> set[str]:
    found = {w.removesuffix("s") for w in re.findall(r"[^\W\d_]{3,}", text.casefold())}
    return found - _STOP


def _words4(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]{4,}", text.casefold()))


def _plan(seed: int, users: int) -> list[tuple[Scenario, Scenario, Scenario]]:
    """Three scenarios of three kinds per user: every pair of users shares out the six kinds
    once each, and no two scenarios of a user clash (a shared one-at-a-time slot, or a value
    one must not show that the other's candidates say)."""
    kinds = list(SCENARIOS)
    rng = random.Random(f"h9a-plan-{seed}")
    for _ in range(2000):
        queues = {k: list(v) for k, v in SCENARIOS.items()}
        for q in queues.values():
            rng.shuffle(q)
        out: list[tuple[Scenario, Scenario, Scenario]] = []
        ok = True
        for u in range(users):
            if u % 2 == 0:
                order = kinds[:]
                rng.shuffle(order)
            mine = order[:3] if u % 2 == 0 else order[3:]
            picks = [queues[k][(u // 2) % len(queues[k])] for k in mine]
            if any(a.clashes(b) for i, a in enumerate(picks) for b in picks[i + 1 :]):
                ok = False
            out.append((picks[0], picks[1], picks[2]))
            if not ok:
                break
        if ok:
            return out
    raise RuntimeError(f"no clash-free plan for seed={seed}, users={users}")  # pragma: no cover


def scenario_texts(*, seed: int = 0, users: int = 20) -> dict[str, list[tuple[str, ...]]]:
    """Each user's three scenarios, as their turn texts (what the generator must place)."""
    if users < 1:
        raise ValueError(f"users must be at least 1, got {users}")
    return {f"h9a-{u}": [s.texts for s in trio] for u, trio in enumerate(_plan(seed, users))}


def _place(
    rng: random.Random, trio: Sequence[Scenario]
) -> tuple[int, list[list[tuple[Scenario, tuple[_T, ...]]]]]:
    """How many sessions the user has and which scenario parts go in each: parts of one
    scenario in order in distinct sessions, no session empty, an open thread's last part
    last in the last session."""
    total = sum(len(s.parts) for s in trio)
    for _ in range(500):
        n = rng.choice((3, 4)) if total >= 4 else 3
        sessions: list[list[tuple[Scenario, tuple[_T, ...]]]] = [[] for _ in range(n)]
        for s in trio:
            k = len(s.parts)
            if s.kind == "open_thread":
                idx = [*sorted(rng.sample(range(n - 1), k - 1)), n - 1]
            else:
                idx = sorted(rng.sample(range(n), k))
            for i, part in zip(idx, s.parts, strict=True):
                sessions[i].append((s, part))
        if all(sessions):
            for sess in sessions:
                rng.shuffle(sess)
                sess.sort(key=lambda sp: sp[0].kind == "open_thread")
            return n, sessions
    raise RuntimeError("no placement")  # pragma: no cover


def generate_heldout_v9_a(*, seed: int = 0, users: int = 20) -> list[HoConversation]:
    """The split's part a: ``users`` conversations ``h9a-0``, ``h9a-1``, ...

    Args:
        seed: picks the scenarios of each user, their order and the session dates.
        users: how many users (at least 1; at 24 every scenario is used once).

    Raises:
        ValueError: ``users`` below 1.

    Example:
        >>> convs = generate_heldout_v9_a(seed=0, users=2)
        >>> [len(c.probes) for c in convs]
        [7, 7]
    """
    if users < 1:
        raise ValueError(f"users must be at least 1, got {users}")
    out: list[HoConversation] = []
    for u, trio in enumerate(_plan(seed, users)):
        rng = random.Random(f"h9a-{seed}-{u}")
        _, placed = _place(rng, trio)
        at = datetime(2026, rng.choice((2, 3)), rng.randint(10, 22), rng.randint(7, 22),
                      rng.randint(0, 59), tzinfo=UTC)  # fmt: skip
        sessions: list[tuple[datetime, tuple[HoTurn, ...]]] = []
        for k, parts in enumerate(placed):
            if k:
                month = at.month + rng.choice((1, 1, 2))
                at = at.replace(month=month, day=rng.randint(10, 22), hour=rng.randint(7, 22),
                                minute=rng.randint(0, 59))  # fmt: skip
            turns: list[HoTurn] = []
            for i, (_, part) in enumerate(parts):
                for j, t in enumerate(part):
                    turns.append(_turn(t, at + timedelta(minutes=3 * (i * 4 + j))))
            sessions.append((at, tuple(turns)))
        probe_at = at + timedelta(days=rng.randint(9, 20))
        said = " ".join(t.text for _, turns in sessions for t in turns)
        probes: list[HoProbe] = []
        ordered = sorted(trio, key=lambda s: s.kind != "open_thread")
        first = [HoProbe(ordered[0].probes[0].request, ordered[0].probes[0].present,
                         ordered[0].probes[0].absent, kind=ordered[0].kind,
                         holder=ordered[0].probes[0].holder)]  # fmt: skip
        rest = [
            HoProbe(p.request, p.present, p.absent, kind=s.kind, holder=p.holder)
            for s in ordered
            for p in s.probes
            if p is not ordered[0].probes[0]
        ]
        rng.shuffle(rest)
        probes = first + rest
        fits = [
            r
            for r in _IRRELEVANT
            if not (_words3(r) & _words3(said)) and not (_words4(r) & _words4(said))
        ]
        probes.append(HoProbe(rng.choice(fits), irrelevant=True, kind="irrelevant"))
        forbidden = tuple(v for s in trio for v in s.forbidden)
        out.append(
            HoConversation(
                user_id=f"h9a-{u}",
                sessions=tuple(sessions),
                probes=tuple(probes),
                probe_at=probe_at,
                forbidden=forbidden,
                kinds=tuple(dict.fromkeys([*(s.kind for s in trio), "irrelevant"])),
            )
        )
    return out


def one_off_share(convs: Sequence[HoConversation]) -> float:
    """The share of all turns that are one-offs said exactly once in ``convs``."""
    texts = [t.text for c in convs for _, turns in c.sessions for t in turns]
    if not texts:
        return 0.0
    once = Counter(texts)
    return sum(t in ONE_OFF_TEXTS and once[t] == 1 for t in texts) / len(texts)
