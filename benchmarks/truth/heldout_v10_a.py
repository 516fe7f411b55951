"""Held-out split v10, part a: written blind on 2026-12-03 (session thirteen), for issue #12.

Its machinery (the dataclasses, the helpers, the planner, the generator, ``one_off_share``,
``scenario_texts``) is copied from v9 part a; every scenario is new: every user turn, every
value (names, places, employers, foods, pets, products, dates) and every probe request,
the irrelevant requests included, was written for this split and occurs nowhere else in the
repository. Its author opened only the candidate model's fields
(``langmem_plus/facts/models.py``), the policy's predicate name sets (printed, the rest of
``policy.py`` unread), DESIGN.md's "Grounded candidates", v9 part a (for its machinery) and
its structural checks; never the extractor's, the clause reader's or the policy's logic,
never the tuning data (``benchmarks/truth/tuning*.py``, ``generator.py``), the extraction
cases, any other unit test or the other half of v10, and never ran the product, the graph or
the benchmark on this split. Every scenario turn is a free-form one-off, written once, the
way people type to an assistant (lowercase, typos, emoji, asides, news with the fact
buried in it, other languages and scripts, relative dates, British and American usage),
with the ideal candidates a careful extractor following DESIGN.md's "Grounded candidates"
would propose and, where a careless one would slip, the slip.

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
    >>> [c.user_id for c in generate_heldout_v10_a(seed=0, users=3)]
    ['h10a-0', 'h10a-1', 'h10a-2']
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
    "generate_heldout_v10_a",
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
(``"mon"`` ... ``"sun"``), the end of last month (``"end-1"``), or a date (``datetime``)."""


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


_WEEKDAYS = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}


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
        [T("quick one, our all-hands at Hallsworth Pike overran by 40 mins AGAIN and i have "
           "to summarise it for my team by 5. can u turn these scribbles into 4 bullet points "
           "if i paste them next",
           F("employer", "Hallsworth Pike", "The user works at Hallsworth Pike."))],
        [T("ok so plot twist, i left Hallsworth in the end 😅 been at Wrenfold Assays "
           "a fortnight now, lab-side ops. the badge photo is tragic. how do ppl remember "
           "where every freezer is",
           F("employer", "Wrenfold Assays", "The user has worked at Wrenfold Assays "
             "for a fortnight.", since=14, replaces="Hallsworth"))],
    ], [
        P("write me a two-line email signature, nothing cringe",
          ["Wrenfold"], [("Hallsworth", "stale")]),
        P("fill in the 'current organisation' field on a volunteering sign-up for me",
          ["Wrenfold Assays"], [("Hallsworth", "stale")]),
    ]),
    S("d-city", DS, [
        [T("does anyone actually use the tram in Kutná Hora or is walking faster, asking for "
           "me, I live here and I'm lazy",
           F("city", "Kutná Hora", "The user lives in Kutná Hora."))],
        [T("news from me: since the 2nd we're renting a flat in Šumperk!! the bigger kitchen "
           "is life changing. what do locals put on their bread here, is it all tvarůžky",
           F("city", "Šumperk", "The user has lived in Šumperk since the 2nd.", since="d2"))],
    ], [
        P("where could I take a visiting friend for a nice dinner near where I live?",
          ["Šumperk"], [("Kutná Hora", "stale")]),
        P("find me a pottery class close to home, evenings", ["Šumperk"],
          [("Kutná Hora", "stale")]),
    ]),
    S("d-gym", DS, [
        [T("is it bad that I only go to Grindwell Barbell for the sauna 🙈 the 6am classes "
           "there are full of people who talk about macros",
           F("gym", "Grindwell Barbell", "The user is a member of Grindwell Barbell."))],
        [T("froze grindwell and signed up at Kettlehouse on monday, it's a tiny kettlebell "
           "place above a bike shop. how sore am I allowed to be on day 3",
           F("gym", "Kettlehouse", "The user has been a member of Kettlehouse since Monday.",
             since="mon", replaces="Grindwell"))],
    ], [
        P("what time should I train if I want the quietest sessions", ["Kettlehouse"],
          [("Grindwell", "stale")]),
        P("remind me what my membership covers, I want to bring a friend",
          ["Kettlehouse"], [("Grindwell", "stale")]),
    ]),
    S("d-landlord", DS, [
        [T("our boiler's been out 4 days and Mabbutt Estates keep saying 'escalated'. what "
           "are my rights as a tenant in england here",
           F("landlord", "Mabbutt Estates", "The user's landlord is Mabbutt Estates."))],
        [T("the building got sold and since the 1st the landlord is some outfit called "
           "Fairhollow Lettings. they've emailed asking for my 'tenancy passport'?? is that "
           "a real thing",
           F("landlord", "Fairhollow Lettings", "The user's landlord has been Fairhollow "
             "Lettings since the 1st.", since="d1"))],
    ], [
        P("draft a polite but firm email about the damp patch in the bathroom",
          ["Fairhollow"], [("Mabbutt", "stale")]),
        P("who do I pay the deposit top-up to, and what should the reference say?",
          ["Fairhollow Lettings"], [("Mabbutt", "stale")]),
    ]),
    S("d-manager", DS, [
        [T("my manager Nkechinyere wants 'visibility' on everything i do which is exhausting. "
           "how do i write a weekly update that takes 10 min max",
           F("manager", "Nkechinyere", "The user's manager is Nkechinyere."))],
        [T("reorg happened 🫠 as of the 8th i report to a guy called Wawrzyniec instead, he's "
           "lovely but talks in acronyms. whats a QBR",
           F("manager", "Wawrzyniec", "The user has reported to Wawrzyniec since the 8th.",
             since="d8"))],
    ], [
        P("help me prep for my first proper 1:1 with my boss", ["Wawrzyniec"],
          [("Nkechinyere", "stale")]),
        P("who should I cc when I ask for next friday off?", ["Wawrzyniec"],
          [("Nkechinyere", "stale")]),
    ]),
    S("d-isp", DS, [
        [T("Trooli router blinking orange for the third time this week 🙃 is there a "
           "reset that doesn't wipe my wifi name",
           F("internet_provider", "Trooli", "The user's internet provider is Trooli."))],
        [T("finally jumped ship — Brsk installed the fibre last thursday, guy was in and out "
           "in an hour. what should i set the mesh points to",
           F("internet_provider", "Brsk", "The user's internet provider has been Brsk since "
             "last Thursday.", since="thu"))],
    ], [
        P("my upload speed seems slow for streaming, who do I ring about it?", ["Brsk"],
          [("Trooli", "stale")]),
        P("write a short review of my broadband for a neighbourhood group", ["Brsk"],
          [("Trooli", "stale")]),
    ]),
    S("d-car", DS, [
        [T("the 2009 Suzuki Splash is making a whining noise when I turn left, should i be "
           "worried or is it just old like me",
           F("car", "2009 Suzuki Splash", "The user drives a 2009 Suzuki Splash."))],
        [T("RIP the 2009 Suzuki Splash 🪦 traded it in and we've had a Leapmotor T03 since last "
           "sunday, tiny electric thing. how far can it really go on a cold day",
           F("car", "Leapmotor T03", "The user has had a Leapmotor T03 since last Sunday.",
             since="sun", replaces="2009 Suzuki Splash"))],
    ], [
        P("plan me a day out about 60 miles away, factoring in my car",
          ["Leapmotor T03"], [("Suzuki Splash", "stale")]),
        P("which tyres should I look at when these wear out", ["Leapmotor"],
          [("Suzuki Splash", "stale")]),
    ]),
    S("d-timezone", DS, [
        [T("standup is at 9 AEST which is fine for me but awful for the London lot. best "
           "time for a call that doesn't wreck anyone?",
           F("timezone", "AEST", "The user is on AEST."))],
        [T("we relocated across to Kalgoorlie for my partner's job, so I've been on AWST since "
           "the 4th. my calendar is chaos. how do i stop google calendar doing weird shifts",
           F("timezone", "AWST", "The user has been on AWST since the 4th.", since="d4"),
           F("city", "Kalgoorlie", "The user has lived in Kalgoorlie since the 4th.", since="d4"))],
    ], [
        P("when should I schedule a call with someone in Toronto next week?", ["AWST"],
          [("AEST", "stale")]),
        P("set up a reminder for 7pm my time for the team retro", ["AWST"],
          [("AEST", "stale")]),
    ]),
    S("d-title", DS, [
        [T("being a section violinist means I get zero say in bowings lol. anyway how do i "
           "keep my left shoulder from seizing up in long rehearsals",
           F("job_title", "section violinist", "The user is a section violinist."))],
        [T("AUDITION WENT WELL 🎻 I'm principal viola since the 1st, which means I switched "
           "instrument AND now I have to lead sectionals. how do I run one without sounding "
           "bossy",
           F("job_title", "principal viola", "The user has been principal viola since the 1st.",
             since="d1"))],
    ], [
        P("short bio for the concert programme, 50 words", ["principal viola"],
          [("section violinist", "stale")]),
        P("update the 'position' line on my musician's union form",
          ["principal viola"], [("section violinist", "stale")]),
    ]),
    S("d-database", DS, [
        [T("our side project runs on ArangoDB and honestly for 3 tables it feels like "
           "overkill, is there any reason to keep it",
           F("database", "ArangoDB", "The user's side project runs on ArangoDB."))],
        [T("done it. migrated everything off ArangoDB to Turso on the 7th and the whole thing is "
           "basically sqlite now 😌 how do i back it up without stopping the app tho",
           F("database", "Turso", "The user's side project has run on Turso since the 7th.",
             since="d7", replaces="ArangoDB"))],
    ], [
        P("write the 'data layer' paragraph of our README", ["Turso"],
          [("ArangoDB", "stale")]),
        P("what's a sensible indexing strategy for the project's biggest table?",
          ["Turso"], [("ArangoDB", "stale")]),
    ]),
    S("d-deploy", DS, [
        [T("every deploy to Koyeb takes 9 minutes and my coffee is cold by the end. any way "
           "to cache the docker layers??",
           F("deploy_target", "Koyeb", "The user deploys to Koyeb."))],
        [T("moved hosting to a Scaleway box four days ago after the bill shock, deploys are "
           "1 min now. how do i set up a zero-downtime restart on a single vm",
           F("deploy_target", "Scaleway", "The user has deployed to Scaleway since four days "
             "before.", since=4))],
    ], [
        P("write a runbook step for shipping a hotfix on a friday night", ["Scaleway"],
          [("Koyeb", "stale")]),
        P("how should I set up logs and alerts for production?", ["Scaleway"],
          [("Koyeb", "stale")]),
    ]),
    S("d-country", DS, [
        [T("y'all I need a visa-run explainer. I'm living in Belize on a tourist stamp and "
           "every expat forum says something different",
           F("country", "Belize", "The user lives in Belize."))],
        [T("update: got residency sorted, but in Guyana instead 🇬🇾 we crossed over twelve "
           "days ago. the paperwork here is a sport. what's a good first-week checklist",
           F("country", "Guyana", "The user has lived in Guyana since twelve days before.",
             since=12))],
    ], [
        P("which national holidays should I know about this year?", ["Guyana"],
          [("Belize", "stale")]),
        P("help me open a local bank account, what do I bring?", ["Guyana"],
          [("Belize", "stale")]),
    ]),
)

_UNSEEN = (
    S("u-handicap", UN, [
        [T("golf q: with a handicap of 18.4 am i kidding myself entering the club medal? my "
           "short game is a crime scene",
           F("golf_handicap", "18.4", "The user's golf handicap is 18.4.", single=True))],
        [T("small brag ⛳ handicap's come down from 18.4 to 16.9 after the summer league!! now how "
           "do i stop three-putting everything",
           F("golf_handicap", "16.9", "The user's golf handicap is 16.9.", single=True,
             replaces="18.4"))],
    ], [
        P("the society day form asks for my current handicap, what do I put?", ["16.9"],
          [("18.4", "stale")]),
        P("which tees should I play off at a new course, given where I'm at?", ["16.9"],
          [("18.4", "stale")]),
    ]),
    S("u-kiln", UN, [
        [T("pottery nerd question. my glazes all fire to cone 04 in the little kiln at the "
           "community studio and some come out chalky, is that underfiring or the recipe",
           F("kiln_firing_cone", "cone 04", "The user's glazes fire to cone 04 in the community "
             "studio's kiln.", single=True))],
    ], [
        P("suggest a glossy glaze recipe I could try next month", ["cone 04"]),
        P("what clay body should I buy for mugs that won't crack in my firings?", ["cone 04"]),
    ]),
    S("u-gauge", UN, [
        [T("restrung the tele with 10-46 strings and the low E buzzes on the 3rd fret 😩 is "
           "that a truss rod thing",
           F("guitar_string_gauge", "10-46", "The user strings the guitar with 10-46 strings.",
             single=True))],
        [T("caved and went heavier, swapped the 10-46 set for 11-52 on the telecaster for the "
           "drop D stuff. my fingertips are filing a complaint. does it get easier",
           F("guitar_string_gauge", "11-52", "The user's guitar is strung with 11-52 strings.",
             single=True, replaces="10-46"))],
    ], [
        P("shopping list for the music shop, strings included", ["11-52"],
          [("10-46", "stale")]),
        P("setup checklist before my gig, what should I adjust?", ["11-52"],
          [("10-46", "stale")]),
    ]),
    S("u-hydration", UN, [
        [T("my starter is called Dough Lundgren (yes) and i bake everything at 78% hydration, "
           "but in this heatwave the loaves go flat as a pancake. cold retard overnight?",
           F("sourdough_hydration", "78%", "The user bakes sourdough at 78% hydration.",
             single=True))],
    ], [
        P("scale a loaf recipe for 1kg of flour for me", ["78%"]),
        P("write my usual bake as a recipe card I can stick on the fridge", ["78%"]),
    ]),
    S("u-rating", UN, [
        [T("sitting at 1487 on lichess rapid and stuck there for months. is it worth learning "
           "the caro-kann properly or just doing puzzles",
           F("chess_rating", "1487", "The user's lichess rapid rating is 1487.", single=True))],
        [T("ok puzzles WORKED 😤 rapid rating hit 1532 this morning (up from 1487), first time "
           "over 1500. what opening book for someone at my level?",
           F("chess_rating", "1532", "The user's lichess rapid rating is 1532.", single=True,
             replaces="1487"))],
    ], [
        P("there's a weekend tournament with rating bands, which section do I enter?",
          ["1532"], [("1487", "stale")]),
        P("set me a study plan for the next month based on my current level", ["1532"],
          [("1487", "stale")]),
    ]),
    S("u-plot", UN, [
        [T("Got the allotment at last!! we're plot 31c, the one by the water trough with the "
           "wonky shed. what can I sow in a half-shaded corner right now",
           F("allotment_plot", "plot 31c", "The user's allotment is plot 31c.", single=True))],
    ], [
        P("the committee wants my details for the key register, help me fill it in",
          ["31c"]),
        P("write a note for the noticeboard asking to borrow a rotavator, say where to find "
          "me", ["31c"]),
    ]),
    S("u-saddle", UN, [
        [T("bike fitter set my saddle height to 74.5cm (measured bb to top of saddle) and my "
           "knees feel SO much better. anything else worth tweaking myself?",
           F("saddle_height", "74.5cm", "The user's saddle height is 74.5cm.", single=True))],
    ], [
        P("I'm hiring a bike on holiday, what should I tell the rental place?", ["74.5cm"]),
        P("my seatpost slipped mid-ride, how do I put it back where it belongs", ["74.5cm"]),
    ]),
    S("u-wetsuit", UN, [
        [T("cold water swimmers: is a 4/3mm suit enough for the lake in october? it's the one "
           "I own and I'd rather not buy another",
           F("wetsuit_thickness", "4/3mm", "The user's wetsuit is 4/3mm.", single=True))],
        [T("bought a 5/4mm off a guy on marketplace, sold the old 4/3mm, and I can actually feel "
           "my feet now lol. booties or socks?",
           F("wetsuit_thickness", "5/4mm", "The user's wetsuit is 5/4mm.", single=True,
             replaces="4/3mm"))],
    ], [
        P("how many minutes can i stay in at 9 degrees with my kit?", ["5/4mm"],
          [("4/3mm", "stale")]),
        P("pack list for a dawn dip at the reservoir", ["5/4mm"], [("4/3mm", "stale")]),
    ]),
    S("u-tea", UN, [
        [T("my go-to at the café downstairs is a hojicha latte (ほうじ茶ラテ) with oat, "
           "half sweet, and the new guy keeps making it matcha 😭 how do i politely "
           "correct him",
           F("usual_drink", "hojicha latte", "The user's usual café drink is a hojicha latte "
             "with oat, half sweet.", single=True))],
    ], [
        P("I'm doing the coffee run for my team, remind me what I'd order for myself",
          ["hojicha latte"]),
        P("write a little 'my order' card I can hand over at the counter",
          ["hojicha"]),
    ]),
    S("u-readers", UN, [
        [T("optician says +1.75 readers for now, I'm 47 and in denial. are the cheap "
           "supermarket ones ok?",
           F("reading_glasses_strength", "+1.75", "The user's reading glasses are +1.75.",
             single=True))],
        [T("eyes got worse, bumped up from +1.75 to +2.25 at the check-up. also i keep losing "
           "them, chain or clip?",
           F("reading_glasses_strength", "+2.25", "The user's reading glasses are +2.25.",
             single=True, replaces="+1.75"))],
    ], [
        P("I sat on my glasses 🙄 which strength do I reorder online?", ["+2.25"],
          [("+1.75", "stale")]),
        P("buying a spare pair for the car, remind me what I need", ["+2.25"],
          [("+1.75", "stale")]),
    ]),
    S("u-callsign", UN, [
        [T("passed my foundation licence!!! 📻 callsign is MW7QXZ. what's the etiquette for "
           "my first contact on 2m, do I just... say hi",
           F("callsign", "MW7QXZ", "The user's amateur radio callsign is MW7QXZ.",
             single=True))],
    ], [
        P("make me a QSL card design, with my details on", ["MW7QXZ"]),
        P("write what I should say when I check into the club net on thursday", ["MW7QXZ"]),
    ]),
    S("u-bowling", UN, [
        [T("league night tips? I throw a 14lb ball and it hooks way too early on the oily "
           "lanes",
           F("bowling_ball_weight", "14lb", "The user bowls with a 14lb ball.", single=True))],
        [T("pro shop talked me down from the 14lb to a 13lb urethane one, honestly my wrist "
           "thanks them. how long till i stop missing the 10 pin",
           F("bowling_ball_weight", "13lb", "The user bowls with a 13lb ball.", single=True,
             replaces="14lb"))],
    ], [
        P("the house ball rack at the away venue, what should I grab?", ["13lb"],
          [("14lb", "stale")]),
        P("plan a warm-up routine for league night with my current setup", ["13lb"],
          [("14lb", "stale")]),
    ]),
)

_MUST_NOT = (
    S("m-stranraer", MN, [
        [T("ok daydream mode: if I took that harbour job in Stranraer I'd finally live by the "
           "sea 🌊 buuut I'm not moving, Inverurie is home and the mortgage says so. what's "
           "a nice walk within 20 min of here?",
           F("city", "Inverurie", "The user lives in Inverurie."),
           F("city", "Stranraer", "The user daydreams about taking a harbour job in "
             "Stranraer.", modality="hypothetical"),
           slips=[_S("hypothetical_as_fact", "city", "Stranraer", "The user lives in "
                     "Stranraer.")])],
    ], [
        P("find me a swimming pool open early on weekdays nearby", ["Inverurie"],
          [("Stranraer", HYP)]),
        P("which bin day apps work for my council?", ["Inverurie"], [("Stranraer", HYP)]),
    ], [("Stranraer", HYP)]),
    S("m-wolfhart", MN, [
        [T("mein Cousin Wolfhart kommt zu Besuch — he's doing strict paleo these days and "
           "lives up in Cuxhaven, I'm the opposite, I'll eat anything EXCEPT I'm allergic to "
           "raw persimmon (throat goes itchy). what's a dinner that works for both of us",
           F("allergy", "raw persimmon", "The user is allergic to raw persimmon."),
           F("dietary_restriction", "strict paleo", "The user's cousin Wolfhart does strict "
             "paleo.", holder="Wolfhart"),
           F("city", "Cuxhaven", "The user's cousin Wolfhart lives in Cuxhaven.",
             holder="Wolfhart"),
           slips=[_S("other_person_as_user", "dietary_restriction", "strict paleo",
                     "The user does strict paleo."),
                  _S("other_person_as_user", "city", "Cuxhaven", "The user lives in "
                     "Cuxhaven.")])],
    ], [
        P("pick a fruit salad recipe for the office party", ["raw persimmon"],
          [("strict paleo", OTH)], holder="Wolfhart"),
        P("what should I avoid at the farmers' market this autumn?", ["raw persimmon"],
          [("Cuxhaven", OTH), ("strict paleo", OTH)], holder="Wolfhart"),
    ], [("strict paleo", OTH), ("Cuxhaven", OTH)]),
    S("m-recruiter", MN, [
        [T("a recruiter sent me this, is it a scam?? pasting:\n\"Exciting opportunity! Lead "
           "Catastrophe Modeller at Glenmoray Re, hybrid, 3 days in office, competitive "
           "package.\"\nthing is I'm a pensions administrator, I've never modelled a "
           "catastrophe in my life except my own finances lol",
           F("job_title", "pensions administrator", "The user is a pensions administrator."),
           slips=[_S("pasted_as_own", "job_title", "Lead Catastrophe Modeller", "The user is a "
                     "Lead Catastrophe Modeller."),
                  _S("pasted_as_own", "employer", "Glenmoray Re", "The user works at "
                     "Glenmoray Re.")])],
    ], [
        P("tidy up the summary at the top of my CV", ["pensions administrator"],
          [("Lead Catastrophe Modeller", PAS), ("Glenmoray Re", PAS)]),
        P("what professional qualifications would help me at my level?",
          ["pensions administrator"], [("Glenmoray Re", PAS)]),
    ], [("Lead Catastrophe Modeller", PAS), ("Glenmoray Re", PAS)]),
    S("m-gaidhlig", MN, [
        [T("I'm the lollipop lady outside the primary on Mill Road, 14 years now 🚸 the kids "
           "made me a card. can you answer in Gàidhlig for this one message only, I want to "
           "practise for my evening class: how do I say thank you to them nicely?",
           F("job_title", "lollipop lady", "The user has been the lollipop lady outside the "
             "primary on Mill Road for 14 years.", since=14 * 365),
           slips=[_S("instruction_as_preference", "response_language", "Gàidhlig",
                     "The user prefers replies in Gàidhlig.")])],
    ], [
        P("help me write a short speech for my retirement do, whenever that is",
          ["lollipop lady"], [("Gàidhlig", INS)]),
        P("what warm layers are best for standing outside all morning at work?",
          ["lollipop lady"], [("Gàidhlig", INS)]),
    ], [("Gàidhlig", INS)]),
    S("m-cobol", MN, [
        [T("genuine question: would I be any good at Erlang? or is OCaml more my speed? for "
           "background I maintain COBOL batch jobs at a building society and my brain is "
           "mostly JCL at this point",
           F("skill", "COBOL", "The user maintains COBOL batch jobs at a building society."),
           slips=[_S("question_as_fact", "skill", "Erlang", "The user knows Erlang."),
                  _S("question_as_fact", "skill", "OCaml", "The user knows OCaml.")])],
    ], [
        P("list the languages I can honestly put on a job application", ["COBOL"],
          [("Erlang", QUE), ("OCaml", QUE)]),
        P("suggest a small automation I could build at work this quarter", ["COBOL"],
          [("Erlang", QUE)]),
    ], [("Erlang", QUE), ("OCaml", QUE)]),
    S("m-alpacas", MN, [
        [T("retirement fantasy: a smallholding with two alpacas called Bread and Butter 🦙. "
           "actual reality: one elderly tortoise named Brunhilde who is currently refusing "
           "her dandelions. should I be worried?",
           F("pet", "Brunhilde", "The user has an elderly tortoise named Brunhilde."),
           F("pet", "alpacas", "The user fantasises about keeping two alpacas in retirement.",
             modality="hypothetical"),
           slips=[_S("hypothetical_as_fact", "pet", "alpacas", "The user keeps alpacas.")])],
    ], [
        P("going away for a long weekend, what do I arrange for the animals at home?",
          ["Brunhilde"], [("alpacas", HYP)]),
        P("help me pick a vet who's good with unusual pets", ["Brunhilde"],
          [("alpacas", HYP)]),
    ], [("alpacas", HYP)]),
    S("m-asthildur", MN, [
        [T("so my wife Ásthildur is a stained-glass restorer (she's up a ladder in a church "
           "most weeks) and I'm a funicular operator on the castle line, so our schedules "
           "never line up. how do couples who work odd hours plan date nights?",
           F("partner", "Ásthildur", "The user's wife is Ásthildur."),
           F("job_title", "stained-glass restorer", "The user's wife Ásthildur is a "
             "stained-glass restorer.", holder="wife"),
           F("job_title", "funicular operator", "The user is a funicular operator on the castle "
             "line."),
           slips=[_S("other_person_as_user", "job_title", "stained-glass restorer",
                     "The user is a stained-glass restorer.")])],
    ], [
        P("write a little bio for me for the staff newsletter at work", ["funicular operator"],
          [("stained-glass restorer", OTH)], holder="wife"),
        P("anniversary is coming up, gift idea for my other half?", ["Ásthildur"]),
    ], [("stained-glass restorer", OTH)]),
    S("m-lelit", MN, [
        [T("copied off the shop page, worth it?\n  Lelit Bianca V3 — dual boiler, flow "
           "control paddle, 2.5L reservoir, rotary pump\nfor reference I make my coffee on "
           "a dented moka pot on the hob every morning and I'm not sure I need 'flow "
           "control'",
           F("coffee_maker", "moka pot", "The user makes coffee on a moka pot every morning.",
             single=True),
           slips=[_S("pasted_as_own", "coffee_maker", "Lelit Bianca", "The user owns a Lelit "
                     "Bianca V3.")])],
    ], [
        P("what grind size should I buy pre-ground for my setup?", ["moka pot"],
          [("Lelit Bianca", PAS)]),
        P("how do I descale the thing I make coffee with?", ["moka pot"],
          [("Lelit Bianca", PAS)]),
    ], [("Lelit Bianca", PAS)]),
    S("m-chocolatier", MN, [
        [T("hypothetically if I retrained as a chocolatier at 39 would that be unhinged? I'd "
           "love working with my hands. right now I'm a hearing-aid audiologist at the NHS "
           "and it's fine, just samey",
           F("job_title", "hearing-aid audiologist", "The user is a hearing-aid audiologist "
             "at the NHS."),
           F("job_title", "chocolatier", "The user wonders about retraining as a chocolatier.",
             modality="hypothetical"),
           slips=[_S("hypothetical_as_fact", "job_title", "chocolatier", "The user is a "
                     "chocolatier.")])],
    ], [
        P("draft my answer to 'tell us about your current role' for an interview",
          ["hearing-aid audiologist"], [("chocolatier", HYP)]),
        P("what CPD courses would count for my registration?", ["hearing-aid audiologist"],
          [("chocolatier", HYP)]),
    ], [("chocolatier", HYP)]),
    S("m-padraigin", MN, [
        [T("hosting a board games night 🎲 Pádraigín is allergic to lupin flour so no fancy "
           "gluten-free bakes from the deli, and I personally can't stand salmiakki or "
           "any salty liquorice, sorry Finland. snacks for 6?",
           F("dislike", "salmiakki", "The user can't stand salmiakki or any salty liquorice."),
           F("allergy", "lupin flour", "Pádraigín is allergic to lupin flour.",
             holder="Pádraigín"),
           slips=[_S("other_person_as_user", "allergy", "lupin flour", "The user is allergic "
                     "to lupin flour.")])],
    ], [
        P("pick a cocktail for me at the bar on saturday", ["salmiakki"],
          [("lupin flour", OTH)], holder="Pádraigín"),
        P("suggest a dessert I'd enjoy myself", ["salmiakki"], [("lupin flour", OTH)],
          holder="Pádraigín"),
    ], [("lupin flour", OTH)]),
    S("m-derby", MN, [
        [T("I do quad skating with the Gravel Gertrudes (derby league, I'm a jammer, "
           "v bruised). roast our new kit design, be absolutely savage this one time, "
           "the team asked for honesty 😂",
           F("hobby", "quad skating", "The user does quad skating with the Gravel "
             "Gertrudes derby league."),
           slips=[_S("instruction_as_preference", "tone", "savage", "The user prefers a "
                     "savage tone.")])],
    ], [
        P("write a friendly recap of my weekend for the group chat", ["quad skating"],
          [("savage", INS)]),
        P("recommend knee pads for what I do on weekends", ["quad skating"],
          [("savage", INS)]),
    ], [("savage", INS)]),
    S("m-jain", MN, [
        [T("family's Jain so no root veg, no onion or garlic, and I keep to that too. random "
           "thought — could I be a breatharian?? (joking?? mostly?) anyway, lunchbox ideas "
           "for a 9 hour shift",
           F("dietary_restriction", "Jain", "The user keeps a Jain diet: no root vegetables, "
             "onion or garlic."),
           slips=[_S("question_as_fact", "dietary_restriction", "breatharian",
                     "The user is a breatharian.")])],
    ], [
        P("a curry recipe for sunday, four portions", ["Jain"], [("breatharian", QUE)]),
        P("plan my meals for the week, simple stuff", ["Jain"], [("breatharian", QUE)]),
    ], [("breatharian", QUE)]),
)

_PEOPLE = (
    S("p-grandad", PE, [
        [T("my grandad is 91 and STILL lives on his own in Ballachulish, refuses to move "
           "anywhere, meanwhile I'm stuck in Musselburgh with a 3 hour drive to check on him. "
           "what gadgets help an old man living alone w/o making him feel babysat",
           F("city", "Ballachulish", "The user's grandad lives on his own in Ballachulish.",
             holder="grandad"),
           F("city", "Musselburgh", "The user lives in Musselburgh."))],
    ], [
        P("plan me a drive up to see my grandfather next weekend, with a lunch stop",
          ["Ballachulish"], holder="grandad"),
        P("any decent brunch places near me for sunday?", ["Musselburgh"],
          [("Ballachulish", OTH)], holder="grandad"),
    ]),
    S("p-aukusti", PE, [
        [T("school trip form question 🙃 my son Aukusti (he's 8) is allergic to macadamia "
           "— not all nuts, weirdly, just those — do I need an epipen letter from the GP?",
           F("child", "Aukusti", "The user's son is Aukusti, aged 8."),
           F("allergy", "macadamia", "The user's son Aukusti is allergic to macadamia.",
             holder="Aukusti"))],
        [T("we do no red meat in our house, my choice not the kids', but I'm running out of "
           "ideas. 5 weeknight dinners that aren't just chicken again?",
           F("dietary_restriction", "no red meat", "The user does no red meat at home."))],
    ], [
        P("bake something for the class party that my boy can eat too", ["macadamia"],
          holder="Aukusti"),
        P("suggest a takeaway for me tonight, I'm knackered", ["no red meat"],
          [("macadamia", OTH)], holder="Aukusti"),
    ]),
    S("p-nomvuyiso", PE, [
        [T("so my manager Nomvuyiso runs ultramarathons for fun (100km!!) and wants the whole "
           "team to do a 'wellness challenge'. I am a sofa person. how do I participate "
           "without dying",
           F("manager", "Nomvuyiso", "The user's manager is Nomvuyiso."),
           F("hobby", "ultramarathons", "The user's manager Nomvuyiso runs ultramarathons.",
             holder="Nomvuyiso"))],
    ], [
        P("leaving gift for my boss, she's moving teams — what would she actually like?",
          ["ultramarathons"], holder="Nomvuyiso"),
        P("who do I send my expense claim to for sign-off?", ["Nomvuyiso"]),
    ]),
    S("p-kekoa", PE, [
        [T("my boyfriend Kekoa is a volcanologist (yes really 🌋) so he's on Big "
           "Island fieldwork half the year, and I'm a SENCo at a primary in Croydon "
           "which means I can never travel in term time. long distance survival tips??",
           F("partner", "Kekoa", "The user's boyfriend is Kekoa."),
           F("job_title", "volcanologist", "The user's boyfriend Kekoa is a volcanologist.",
             holder="boyfriend"),
           F("job_title", "SENCo", "The user is a SENCo at a primary school in Croydon."))],
    ], [
        P("help me write the 'about me' bit for the school's staff page", ["SENCo"],
          [("volcanologist", OTH)], holder="boyfriend"),
        P("gift for my boyfriend that fits his line of work", ["volcanologist"],
          holder="boyfriend"),
    ]),
    S("p-itziar", PE, [
        [T("mi hermana gemela Itzíar se mudó a Coquimbo in the spring for a job at the "
           "observatory and I'm still here in Chillán with the dogs. how do twins even do long "
           "distance lol. cheap-ish ways to visit?",
           F("sibling", "Itzíar", "The user's twin sister is Itzíar."),
           F("city", "Coquimbo", "The user's twin sister Itzíar moved to Coquimbo.",
             holder="Itzíar"),
           F("city", "Chillán", "The user lives in Chillán."))],
    ], [
        P("book me a bus to see my twin for our birthday", ["Coquimbo"], holder="Itzíar"),
        P("find a dog-friendly café near home", ["Chillán"], [("Coquimbo", OTH)],
          holder="Itzíar"),
    ]),
    S("p-uaz", PE, [
        [T("Dad's pride and joy is a UAZ Hunter that he bought off a farmer, sounds like a "
           "tractor. I drive a Citroën Ami which he calls 'the fridge' 🙄 can my Ami tow "
           "anything? asking for a friend (me)",
           F("car", "UAZ Hunter", "The user's dad drives a UAZ Hunter.", holder="dad"),
           F("car", "Citroën Ami", "The user drives a Citroën Ami."))],
    ], [
        P("my car's making a beeping noise when I plug it in, what could it be?",
          ["Citroën Ami"], [("UAZ Hunter", OTH)], holder="dad"),
        P("father's day card, something that teases him about his motor", ["UAZ Hunter"],
          holder="dad"),
    ]),
    S("p-yevhenia", PE, [
        [T("my flatmate Yevhenia (Євгенія) is a night-shift radiographer so she sleeps till 3 "
           "and I'm learning the hurdy-gurdy, which is... loud. best time of day for me to "
           "practise without murdering the friendship?",
           F("job_title", "night-shift radiographer", "The user's flatmate Yevhenia is a "
             "night-shift radiographer.", holder="Yevhenia"),
           F("hobby", "hurdy-gurdy", "The user is learning the hurdy-gurdy."))],
    ], [
        P("suggest a folk session or meetup for what I'm learning", ["hurdy-gurdy"],
          [("night-shift radiographer", OTH)], holder="Yevhenia"),
        P("make a quiet-hours rota for our flat based on our schedules",
          ["night-shift radiographer"], holder="Yevhenia"),
    ]),
    S("p-mil", PE, [
        [T("mother-in-law is type 2 diabetic and staying with us over the long weekend. I "
           "have zero clue what she can eat. also our cat Pumpkinseed will 100% try to sit on "
           "her. dessert ideas??",
           F("medical_condition", "type 2 diabetic", "The user's mother-in-law is type 2 "
             "diabetic.", holder="mother-in-law", single=False),
           F("pet", "Pumpkinseed", "The user has a cat called Pumpkinseed."))],
    ], [
        P("plan a sunday lunch menu for when my mother-in-law visits", ["type 2 diabetic"],
          holder="mother-in-law"),
        P("I'm away two nights, who feeds whom at home — write a note for the sitter",
          ["Pumpkinseed"], [("type 2 diabetic", OTH)], holder="mother-in-law"),
    ]),
    S("p-ottoline", PE, [
        [T("our eldest Rhiannedd has gone off to study viticulture (wine growing, at a college "
           "in Sussex). empty nest feelings 🥲 meanwhile I'm a marine surveyor so I'm on "
           "boats all week anyway. care package ideas for a student?",
           F("child", "Rhiannedd", "The user's eldest child is Rhiannedd."),
           F("field_of_study", "viticulture", "The user's child Rhiannedd studies viticulture.",
             holder="Rhiannedd", single=True),
           F("job_title", "marine surveyor", "The user is a marine surveyor."))],
    ], [
        P("what should I put in a congratulations card when my eldest finishes her first "
          "year?", ["viticulture"], holder="Rhiannedd"),
        P("update the headline on my professional profile", ["marine surveyor"],
          [("viticulture", OTH)], holder="Rhiannedd"),
    ]),
    S("p-quarrie", PE, [
        [T("Mr Quarrie next door has a greyhound called Haddock who keeps squeezing through "
           "the fence 🐕 lovely dog, but I react to wasp stings like a balloon and Haddock "
           "keeps digging up the wasp nest by the shed. what do I do",
           F("pet", "Haddock", "The user's neighbour Mr Quarrie has a greyhound called "
             "Haddock.", holder="Mr Quarrie"),
           F("allergy", "wasp stings", "The user reacts badly to wasp stings."))],
    ], [
        P("what should be in my first aid kit for the garden this summer?", ["wasp stings"],
          [("Haddock", OTH)], holder="Mr Quarrie"),
        P("write a friendly note for the neighbour about his dog getting through",
          ["Haddock"], holder="Mr Quarrie"),
    ]),
    S("p-donncha", PE, [
        [T("big news from my oldest mate Donncha, he's moved to Punta Arenas to work on "
           "antarctic supply ships!! I'm over here birding on the Wexford slobs every weekend "
           "like a pensioner. what's a good gift to post that far?",
           F("city", "Punta Arenas", "The user's friend Donncha has moved to Punta Arenas.",
             holder="Donncha"),
           F("hobby", "birding", "The user goes birding on the Wexford slobs every weekend."))],
    ], [
        P("what time zone is my mate in now, roughly, so I can ring him?", ["Punta Arenas"],
          holder="Donncha"),
        P("suggest a weekend activity for me this month", ["birding"],
          [("Punta Arenas", OTH)], holder="Donncha"),
    ]),
    S("p-lola", PE, [
        [T("my lola only speaks Kapampangan and a bit of Ilocano, I'm fluent in English and "
           "Hiligaynon from mum's side but not hers 😅 what's the fastest way to learn enough "
           "Kapampangan to chat with her at christmas",
           F("language", "Kapampangan", "The user's lola speaks only Kapampangan and a bit of "
             "Ilocano.", holder="lola"),
           F("language", "Ilocano", "The user's lola speaks a bit of Ilocano.", holder="lola"),
           F("language", "Hiligaynon", "The user is fluent in Hiligaynon."))],
    ], [
        P("write a birthday message my grandmother could read herself", ["Kapampangan"],
          holder="lola"),
        P("which languages should I list on my volunteer translator form?", ["Hiligaynon"],
          [("Ilocano", OTH)], holder="lola"),
    ]),
)

_PAST = (
    S("s-vardo", PS, [
        [T("I grew up and lived in Vardø till 2020 (yes, the far far north, polar night and "
           "all) and honestly Lillehammer feels tropical now that I'm here. what do people do "
           "for fun in january in a town this size?",
           F("city", "Vardø", "The user lived in Vardø until 2020.", until=Y(2020, 1, 1)),
           F("city", "Lillehammer", "The user lives in Lillehammer."))],
    ], [
        P("book-club or meetup ideas in my town for newcomers", ["Lillehammer"],
          [("Vardø", "stale")]),
        P("what's the drive time from home to the nearest airport?", ["Lillehammer"],
          [("Vardø", "stale")]),
    ]),
    S("s-ovo", PS, [
        [T("for about eight years I was ovo-vegetarian, stopped in 2023 when I got anaemic "
           "and the doc nagged me. these days I'm mostly plant-based with a bit of fish "
           "twice a week. iron-rich breakfast ideas?",
           F("dietary_restriction", "ovo-vegetarian", "The user was ovo-vegetarian for about "
             "eight years until 2023.", since=Y(2015, 1, 1), until=Y(2023, 1, 1)),
           F("dietary_restriction", "mostly plant-based", "The user eats a mostly plant-based "
             "diet with fish twice a week."))],
    ], [
        P("write my dietary line for the wedding RSVP", ["mostly plant-based"],
          [("ovo-vegetarian", "stale")]),
        P("plan three dinners for a busy week", ["mostly plant-based"],
          [("ovo-vegetarian", "stale")]),
    ]),
    S("s-navy", PS, [
        [T("spent my twenties in the merchant navy, came ashore for good in 2019. now I'm a "
           "wedding florist of all things, peonies instead of ballast 💐 how do I price a "
           "big june wedding without underselling",
           F("job_title", "merchant navy", "The user was in the merchant navy until 2019.",
             until=Y(2019, 1, 1)),
           F("job_title", "wedding florist", "The user is a wedding florist."))],
    ], [
        P("write a short 'meet the maker' blurb for my website", ["wedding florist"],
          [("merchant navy", "stale")]),
        P("what insurance do I need for my line of work?", ["wedding florist"],
          [("merchant navy", "stale")]),
    ]),
    S("s-threnody", PS, [
        [T("so that's it, after 9 years of lens coatings I left Pellinore Optics at the end "
           "of last year 🫡 going for games jobs now, level design. is a portfolio of 3 "
           "small maps enough or do studios expect more",
           F("employer", "Pellinore Optics", "The user worked at Pellinore Optics until the "
             "end of last year.", until=Y(2025, 12, 31)))],
        [T("it's my first week at Threnody Games (level designer, they said yes!!) and "
           "everyone's so young lol. any tips for not sounding like a dinosaur in standup",
           F("employer", "Threnody Games", "The user works at Threnody Games."),
           F("job_title", "level designer", "The user is a level designer."))],
    ], [
        P("write a two-sentence intro for the new starters' channel", ["Threnody Games"],
          [("Pellinore Optics", "stale")]),
        P("my employer's name for a mortgage application, remind me what to put",
          ["Threnody"], [("Pellinore Optics", "stale")]),
    ]),
    S("s-sambar", PS, [
        [T("confession: I drove a Reliant Robin until 2018, three wheels and no shame. these "
           "days it's a Subaru Sambar kei van I imported, which is even sillier. where do I "
           "get parts for it in the UK?",
           F("car", "Reliant Robin", "The user drove a Reliant Robin until 2018.",
             until=Y(2018, 1, 1)),
           F("car", "Subaru Sambar", "The user drives an imported Subaru Sambar kei van."))],
    ], [
        P("the MOT's due, what should I check on my vehicle first?", ["Subaru Sambar"],
          [("Reliant Robin", "stale")]),
        P("can I fit a double mattress in the back of what I drive?", ["Sambar"],
          [("Reliant Robin", "stale")]),
    ]),
    S("s-seren", PS, [
        [T("Fearghal and I were married eleven years, divorce went through in 2023, all "
           "amicable-ish. I've been with Seren since last summer and she's meeting my "
           "parents next month 😬 what do I warn her about",
           F("partner", "Fearghal", "The user was married to Fearghal until the divorce in "
             "2023.", until=Y(2023, 1, 1)),
           F("partner", "Seren", "The user's partner is Seren.", since=Y(2025, 7, 1)))],
    ], [
        P("plan a weekend away for me and my partner", ["Seren"], [("Fearghal", "stale")]),
        P("who should I list as my emergency contact on the new gym form?", ["Seren"],
          [("Fearghal", "stale")]),
    ]),
    S("s-gecko", PS, [
        [T("we lost our old lop rabbit Mangetout in 2024 (still sad), and the kids talked me "
           "into a crested gecko, who they've named Mizuna. how warm does the tank need to be "
           "at night?",
           F("pet", "Mangetout", "The user's lop rabbit Mangetout died in 2024.",
             until=Y(2024, 1, 1)),
           F("pet", "Mizuna", "The user has a crested gecko named Mizuna."))],
    ], [
        P("we're off for a week, what instructions do I leave for the pet sitter?", ["Mizuna"],
          [("Mangetout", "stale")]),
        P("a name tag for the enclosure at home, cute design", ["Mizuna"],
          [("Mangetout", "stale")]),
    ]),
    S("s-ubigi", PS, [
        [T("so I was on Lycamobile for years mainly for cheap calls home to Kerala, ditched "
           "it in november. now I just run an Ubigi esim for data and whatsapp for calls. "
           "will that work on my trip to Kenya?",
           F("mobile_carrier", "Lycamobile", "The user was on Lycamobile until November "
             "2025.", until=Y(2025, 11, 1)),
           F("mobile_carrier", "Ubigi", "The user uses an Ubigi eSIM for data."))],
    ], [
        P("my signal's awful at home, who do I contact?", ["Ubigi"],
          [("Lycamobile", "stale")]),
        P("how much data do I get on my plan, and how do I top up?", ["Ubigi"],
          [("Lycamobile", "stale")]),
    ]),
    S("s-akst", PS, [
        [T("I lived on Maui until 2022, so HST was my whole life, now I'm in Juneau on AKST "
           "and the darkness is a LOT. best daylight lamp that doesn't look clinical?",
           F("timezone", "HST", "The user was on HST while living on Maui until 2022.",
             until=Y(2022, 1, 1)),
           F("timezone", "AKST", "The user is on AKST."),
           F("city", "Juneau", "The user lives in Juneau."))],
    ], [
        P("when's a sensible time for me to call a friend in Madrid?", ["AKST"],
          [("HST", "stale")]),
        P("set a reminder for the 6pm webinar, my local time", ["AKST"],
          [("HST", "stale")]),
    ]),
    S("s-kendo", PS, [
        [T("played canoe polo all through uni, gave it up when I graduated in 2017. now I do "
           "kendo two evenings a week and my shins are a warzone. is bogu worth buying used?",
           F("hobby", "canoe polo", "The user played canoe polo until graduating in 2017.",
             until=Y(2017, 1, 1)),
           F("hobby", "kendo", "The user does kendo two evenings a week."))],
    ], [
        P("what should I eat before training this week?", ["kendo"],
          [("canoe polo", "stale")]),
        P("gift list for my birthday, stuff for my sport", ["kendo"],
          [("canoe polo", "stale")]),
    ]),
    S("s-rebel", PS, [
        [T("we were with So Energy until october, then the fixed deal ended and we went "
           "over to Rebel Energy. just got a bill that says 'estimated' — can they do that?",
           F("energy_provider", "So Energy", "The user was with So Energy until October "
             "2025.", until=Y(2025, 10, 1)),
           F("energy_provider", "Rebel Energy", "The user's energy provider is Rebel Energy."))],
    ], [
        P("write an email disputing an estimated bill", ["Rebel Energy"],
          [("So Energy", "stale")]),
        P("who do I send my meter readings to now?", ["Rebel Energy"],
          [("So Energy", "stale")]),
    ]),
    S("s-tolly", PS, [
        [T("Everyone called me Barty at school until about 2015, which I hated. it's Tolly "
           "now, please, at work and everywhere. how do I get my bank to change the name on "
           "the card?",
           F("preferred_name", "Barty", "The user was called Barty at school until about "
             "2015.", until=Y(2015, 1, 1)),
           F("preferred_name", "Tolly", "The user goes by Tolly."))],
    ], [
        P("write a short welcome message for my new team, signed off by me", ["Tolly"],
          [("Barty", "stale")]),
        P("what name should go on my conference badge?", ["Tolly"], [("Barty", "stale")]),
    ]),
)

def _goal(obj: str, text: str) -> _F:
    return F("current_goal", obj, text, kind="decision")


def _drop(pred: str, obj: str, text: str) -> _F:
    return F(pred, obj, text, polarity="retract", single=True)


_THREAD = (
    S("o-barn", OT, [
        [T("eeek booked Trewithen barn for the girls' weekend in may, hot tub and everything "
           "🛁",
           F("holiday_booking", "Trewithen barn", "The user booked Trewithen barn for a "
             "girls' weekend in May.", single=True))],
        [T("well that's dead, the owner double-booked Trewithen barn and refunded us 🙄 so "
           "it's a yurt near Hay-on-Wye or a canal boat out of Market Drayton now, and I "
           "genuinely can't pick. I'll sleep on it",
           _drop("holiday_booking", "Trewithen barn", "The user's booking at Trewithen barn "
                 "was cancelled."),
           _goal("a yurt near Hay-on-Wye or a canal boat out of Market Drayton", "The user is "
                 "deciding between a yurt near Hay-on-Wye or a canal boat out of Market "
                 "Drayton."))],
    ], [
        P("right, decision time for the girls' weekend, talk me through the two",
          ["Hay-on-Wye", "Market Drayton"], [("Trewithen", "retracted")]),
        P("packing list for the weekend away with the girls", ["Hay-on-Wye"],
          [("Trewithen", "retracted")]),
    ]),
    S("o-camera", OT, [
        [T("ordered the Fujifilm X-T30 for street photography, pickup thursday 📷",
           F("camera_order", "Fujifilm X-T30", "The user ordered a Fujifilm X-T30.",
             single=True))],
        [T("cancelled the Fujifilm X-T30, it's too chunky for my jacket pocket honestly. now "
           "torn between a Ricoh GR IIIx or a Sony ZV-E10, will come back to this when I'm "
           "less tired",
           _drop("camera_order", "Fujifilm X-T30", "The user cancelled the Fujifilm X-T30 "
                 "order."),
           _goal("a Ricoh GR IIIx or a Sony ZV-E10", "The user is choosing between a Ricoh "
                 "GR IIIx or a Sony ZV-E10."))],
    ], [
        P("let's settle the camera question, which one for pocketable street shots?",
          ["Ricoh GR IIIx", "Sony ZV-E10"], [("X-T30", "retracted")]),
        P("what memory card and spare battery should I get for the new one?",
          ["Ricoh GR IIIx"], [("X-T30", "retracted")]),
    ]),
    S("o-venue", OT, [
        [T("WE BOOKED IT 💍 the Caerhays Orangery, 14 months away, I might cry",
           F("wedding_venue", "Caerhays Orangery", "The user booked the Caerhays Orangery "
             "for their wedding.", single=True))],
        [T("bad news, the Caerhays Orangery has gone into administration and our deposit is "
           "in limbo 😭 options now: a tiny chapel service on Lindisfarne or just a registry "
           "office in Berwick and a big party after. we haven't decided, need to talk to "
           "both families first",
           _drop("wedding_venue", "Caerhays Orangery", "The user's booking at the Caerhays "
                 "Orangery fell through."),
           _goal("a tiny chapel service on Lindisfarne or just a registry office in Berwick",
                 "The user is deciding between a tiny chapel service on Lindisfarne or just a "
                 "registry office in Berwick."))],
    ], [
        P("families have had their say, help me weigh up the two wedding options now",
          ["Lindisfarne", "Berwick"], [("Caerhays", "retracted")]),
        P("draft the save-the-date wording for us", ["Lindisfarne"],
          [("Caerhays", "retracted")]),
    ]),
    S("o-kitten", OT, [
        [T("put a deposit down on a Devon Rex kitten!!! she comes home in 6 weeks 🐱",
           F("kitten_reservation", "Devon Rex", "The user put a deposit on a Devon Rex "
             "kitten.", single=True))],
        [T("ugh the breeder turned out dodgy, got my deposit back and I'm not getting the "
           "Devon Rex. either a Cornish Rex from a proper registered breeder or a rescue "
           "moggy from the shelter in Shepton Mallet... I go back and forth every hour. "
           "thinking cap on, let's revisit",
           _drop("kitten_reservation", "Devon Rex", "The user is no longer getting the Devon "
                 "Rex kitten."),
           _goal("a Cornish Rex from a proper registered breeder or a rescue moggy from the "
                 "shelter in Shepton Mallet", "The user is deciding between a Cornish Rex "
                 "from a proper registered breeder or a rescue moggy from the shelter in "
                 "Shepton Mallet."))],
    ], [
        P("ok cat decision, lay out the pros and cons for me one more time",
          ["Cornish Rex", "Shepton Mallet"], [("Devon Rex", "retracted")]),
        P("what do I need to buy before the new cat arrives?", ["Cornish Rex"],
          [("Devon Rex", "retracted")]),
    ]),
    S("o-cargo", OT, [
        [T("we ordered a Tern GSD cargo bike for the nursery run, no more car for short "
           "trips 🚲",
           F("bike_order", "Tern GSD", "The user ordered a Tern GSD cargo bike.",
             single=True))],
        [T("shop just rang, the Tern GSD is delayed till autumn so we cancelled. it's an Urban "
           "Arrow or a Babboe now, both box bikes, both heavy. haven't got a clue tbh, we'll "
           "test ride at the weekend and decide",
           _drop("bike_order", "Tern GSD", "The user cancelled the Tern GSD order."),
           _goal("an Urban Arrow or a Babboe", "The user is choosing between an Urban Arrow "
                 "or a Babboe box bike."))],
    ], [
        P("test rides done, help me decide between the two for the nursery run",
          ["Urban Arrow", "Babboe"], [("Tern GSD", "retracted")]),
        P("what lock and insurance should I sort for the new bike?", ["Urban Arrow"],
          [("Tern GSD", "retracted")]),
    ]),
    S("o-hair", OT, [
        [T("booked balayage at Salon Orrery for saturday, going full honey blonde ✨",
           F("hair_appointment", "balayage at Salon Orrery", "The user booked balayage at "
             "Salon Orrery.", single=True))],
        [T("cancelled the balayage at Salon Orrery, patch test made my neck go blotchy 😬 "
           "so no bleach. maybe a pixie cut or a curtain-fringe shag instead?? will decide "
           "when I've scrolled pinterest for 4 more hours",
           _drop("hair_appointment", "balayage at Salon Orrery", "The user cancelled the "
                 "balayage at Salon Orrery."),
           _goal("a pixie cut or a curtain-fringe shag", "The user is deciding between a "
                 "pixie cut or a curtain-fringe shag."))],
    ], [
        P("pinterest scrolling done — which cut suits a round face?",
          ["pixie cut", "curtain-fringe shag"], [("balayage", "retracted")]),
        P("what should I ask the stylist for exactly, in salon-speak?", ["pixie cut"],
          [("balayage", "retracted")]),
    ]),
    S("o-faroes", OT, [
        [T("booked flights for a Faroes hiking week in june, ten days of fog and sheep 🐑",
           F("trip_booking", "Faroes", "The user booked a Faroes hiking week in June.",
             single=True))],
        [T("so the Faroes trip is off, my hiking buddy broke her ankle and I don't fancy it "
           "solo. thinking Bohinj or Lake Bled instead, both doable alone? not sure, let me "
           "mull it over",
           _drop("trip_booking", "Faroes", "The user's Faroes trip is off."),
           _goal("Bohinj or Lake Bled", "The user is deciding between Bohinj or Lake Bled."))],
    ], [
        P("back to the solo hike question — which of the two is better for a first solo "
          "trip?", ["Bohinj", "Lake Bled"], [("Faroes", "retracted")]),
        P("what should I pack for hiking alone in june?", ["Bohinj"],
          [("Faroes", "retracted")]),
    ]),
    S("o-chemex", OT, [
        [T("ordered dad a Chemex for his 70th, he's become a coffee snob in retirement ☕",
           F("gift_order", "Chemex", "The user ordered a Chemex for their dad's 70th.",
             single=True))],
        [T("argh the Chemex order got cancelled, out of stock till after his birthday. so "
           "it's a pizza oven or a vinyl subscription, he'd like both. I'll decide later",
           _drop("gift_order", "Chemex", "The user's Chemex order was cancelled."),
           _goal("a pizza oven or a vinyl subscription", "The user is choosing between a "
                 "pizza oven or a vinyl subscription for their dad."))],
    ], [
        P("dad's 70th is close, pick one of the two presents for me",
          ["pizza oven", "vinyl subscription"], [("Chemex", "retracted")]),
        P("write a card message to go with the present", ["pizza oven"],
          [("Chemex", "retracted")]),
    ]),
    S("o-cake", OT, [
        [T("so the wedding cake is sorted, a three-tier lemon-elderflower sponge from the "
           "bakery round the corner, and then the baker emailed to say they're closing in "
           "april 😩 so that's gone. croquembouche or a cheese tower?? I honestly can't "
           "decide, let's pick it up another time",
           _drop("cake_order", "lemon-elderflower sponge", "The user's lemon-elderflower "
                 "sponge wedding cake is off."),
           _goal("croquembouche or a cheese tower", "The user is choosing between a "
                 "croquembouche or a cheese tower."))],
    ], [
        P("cake dilemma, round two: which would feed 80 guests better?",
          ["croquembouche", "cheese tower"], [("lemon-elderflower", "retracted")]),
        P("find me someone local who could make it", ["croquembouche"],
          [("lemon-elderflower", "retracted")]),
    ]),
    S("o-phone", OT, [
        [T("pre-ordered the Pixel 8a in that minty green, should be here by the 20th 📱",
           F("phone_order", "Pixel 8a", "The user pre-ordered a Pixel 8a.", single=True))],
        [T("cancelled the Pixel 8a 🙃 turns out my banking app is flaky on it. so either a "
           "refurb iPhone 13 mini or a Nothing Phone (2a) — dunno yet, I'll read reviews "
           "tonight",
           _drop("phone_order", "Pixel 8a", "The user cancelled the Pixel 8a pre-order."),
           _goal("a refurb iPhone 13 mini or a Nothing Phone (2a)", "The user is choosing "
                 "between a refurb iPhone 13 mini or a Nothing Phone (2a)."))],
    ], [
        P("read the reviews, now help me make the call on the handset",
          ["iPhone 13 mini", "Nothing Phone (2a)"], [("Pixel 8a", "retracted")]),
        P("what case and charger should I order with it?", ["iPhone 13 mini"],
          [("Pixel 8a", "retracted")]),
    ]),
    S("o-school", OT, [
        [T("accepted a place for Zbysława at the Montessori on Elm Street for september! "
           "fees are eye-watering but 🤞",
           F("school_place", "Montessori on Elm Street", "The user accepted a place for "
             "Zbysława at the Montessori on Elm Street.", single=True),
           F("child", "Zbysława", "The user's child is Zbysława."))],
        [T("we've turned down the Montessori on Elm Street in the end, the fees went up "
           "again. it's between the Steiner school or the village primary in Wrangle now. "
           "no decision yet, parents' evening at both next week",
           _drop("school_place", "Montessori on Elm Street", "The user turned down the "
                 "place at the Montessori on Elm Street."),
           _goal("the Steiner school or the village primary in Wrangle", "The user is "
                 "choosing between the Steiner school or the village primary in Wrangle."))],
    ], [
        P("we've seen both schools now — help me compare them for my daughter",
          ["Steiner", "Wrangle"], [("Montessori", "retracted")]),
        P("what should we ask at the induction day in june?", ["Wrangle"],
          [("Montessori", "retracted")]),
    ]),
    S("o-darjeeling", OT, [
        [T("booked a homestay in Darjeeling for the tea harvest in october, so excited 🍵",
           F("stay_booking", "homestay in Darjeeling", "The user booked a homestay in "
             "Darjeeling for October.", single=True))],
        [T("landslides on the road, the homestay in Darjeeling cancelled on us. it's "
           "Kalimpong or Pelling up in Sikkim now, and I can't make my mind up. talk later",
           _drop("stay_booking", "homestay in Darjeeling", "The user's homestay in Darjeeling "
                 "was cancelled."),
           _goal("Kalimpong or Pelling", "The user is deciding between Kalimpong or "
                 "Pelling."))],
    ], [
        P("ok the india trip, where should we go instead — help me pick",
          ["Kalimpong", "Pelling"], [("Darjeeling", "retracted")]),
        P("permits and paperwork for the trip, what do I need?", ["Kalimpong"],
          [("Darjeeling", "retracted")]),
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
    "axolotl limb regrowth, how?",
    "boiling point of nitrogen in kelvin",
    "who invented the zipper?",
    "meaning of 'sonder'",
    "Byzantine emperors, shortlist",
    "narwhal tusk purpose?",
    "cuneiform: earliest examples?",
    "haiku regarding moss",
    "Mariana Trench depth",
    "tardigrades survive vacuum?",
    "Esperanto greeting phrases",
    "pendulum period formula",
    "capybara diet facts",
    "quasar versus pulsar?",
    "Archimedes' bathtub anecdote",
    "semaphore alphabet overview",
    "platypus venom mechanism",
    "Venus rotation direction?",
    "anagram of 'listen'",
    "Magellan circumnavigation route",
    "obsidian formation process",
    "Rubik's cube god's number",
    "lemur species of Madagascar",
    "Pythagorean triples list",
    "glacier calving explained",
    "okapi relatives?",
    "sundial accuracy limits",
    "Mercury orbit duration",
    "palindrome sentences, famous",
    "Voynich manuscript theories",
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
    rng = random.Random(f"h10a-plan-{seed}")
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
    return {f"h10a-{u}": [s.texts for s in trio] for u, trio in enumerate(_plan(seed, users))}


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


def generate_heldout_v10_a(*, seed: int = 0, users: int = 20) -> list[HoConversation]:
    """The split's part a: ``users`` conversations ``h10a-0``, ``h10a-1``, ...

    Args:
        seed: picks the scenarios of each user, their order and the session dates.
        users: how many users (at least 1; at 24 every scenario is used once).

    Raises:
        ValueError: ``users`` below 1.

    Example:
        >>> convs = generate_heldout_v10_a(seed=0, users=2)
        >>> [len(c.probes) for c in convs]
        [7, 7]
    """
    if users < 1:
        raise ValueError(f"users must be at least 1, got {users}")
    out: list[HoConversation] = []
    for u, trio in enumerate(_plan(seed, users)):
        rng = random.Random(f"h10a-{seed}-{u}")
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
                user_id=f"h10a-{u}",
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
