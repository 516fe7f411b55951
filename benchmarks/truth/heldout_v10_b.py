"""Held-out split v10, part b: retraction, correction, forget, explicit save, one at a time.

Written blind on 2026-12-03 (session thirteen) for issue #12, from v9 part b's machinery
(its dataclasses, helpers, planner and generator, copied) with all-new data: every user
turn, every value and every probe request is new, none of v9's wordings reused or edited.
The author read only v9 part b (for its machinery), its test and the split checks, the
candidate model's fields (``langmem_plus/facts/models.py``), the policy's predicate name
sets (printed, not read), the split types and DESIGN.md's "Grounded candidates"; the author
did not open the rest of ``langmem_plus/``, the tuning material, the generator, the
extraction cases, any other unit test, or the other half of v10, and never ran the product
on this split. Every scenario turn is written once, by hand, as people type to an assistant
(lowercase, typos, emoji, a fact buried in a longer message, British and American usage,
names with diacritics or in another script, relative dates); the filler turns that keep a
session from being empty are the only texts said by more than one user.

Kinds (each scenario probed twice, in a session after all the statements):

* ``retraction``: something stops being true and nothing takes its place (a pet died, a
  job left with no next one, a habit or a diet dropped, "turns out I don't have ...").
* ``correction``: a value said wrong and put right, in the same turn or a later one.
* ``forget``: the user asks in plain words to forget or stop keeping something, by value,
  by topic or everything (a forget-everything scenario opens its user's first session).
* ``explicit_save``: the user asks for something to be kept; later requests it should
  reach, constraints among them.
* ``one_at_a_time``: an attribute a person has one of at a time (a broadband provider, a
  car, a manager), switched later.
* ``irrelevant``: one request per user about nothing the user said (last of its probes).

Each user gets three scenarios of three different kinds over three or four sessions
three to six weeks apart; at 20 users every scenario is used exactly once, and no two
scenarios of one user touch the same one-at-a-time attribute or a topic one of them
forgets.

Example:
    >>> [c.user_id for c in generate_heldout_v10_b(seed=0, users=3)]
    ['h10b-0', 'h10b-1', 'h10b-2']
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

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
    "PREFIX",
    "generate_heldout_v10_b",
    "one_off_share",
    "scenario_texts",
]

PREFIX = "h10b-"
KINDS = ("retraction", "correction", "forget", "explicit_save", "one_at_a_time", "irrelevant")
"""The kinds this half probes (``irrelevant``: one request per user)."""

_SCENARIO_KINDS = KINDS[:-1]
_KNOWN = DEFAULT_SINGLE_VALUED | DEFAULT_MULTI_VALUED | INTENTIONS | set(DEFAULT_PREDICATE_ALIASES)
_ONE_AT_A_TIME = DEFAULT_SINGLE_VALUED | {"dietary_restriction"}


# --------------------------------------------------------------------------- specs


@dataclass(frozen=True)
class _C:
    """A candidate as written; ``ago`` (days before the session) when the words date it."""

    predicate: str
    object: str
    text: str
    kind: str = "fact"
    holder: str = "user"
    modality: str = "asserted"
    polarity: str = "assert"
    provenance: str = "own_words"
    corrects: str | None = None
    replaces: str | None = None
    sv: bool | None = None
    ago: int | None = None

    def build(self, at: datetime, quote: str) -> CandidateFact:
        """The candidate said at ``at`` in the turn ``quote`` (a careful extractor quotes the
        user's words; a candidate without a quote is dropped as ungrounded)."""
        if self.predicate not in _KNOWN and self.sv is None:
            raise ValueError(f"predicate {self.predicate!r} is unknown: say single_valued")
        valid_from = at - timedelta(days=self.ago) if self.ago is not None else None
        return CandidateFact(
            kind=self.kind,
            subject="user" if self.holder == "user" else f"person:{self.holder}",
            predicate=self.predicate,
            object=self.object,
            text=self.text,
            valid_from=valid_from,
            time_stated=valid_from is not None,
            holder=self.holder,
            modality=self.modality,
            polarity=self.polarity,
            provenance=self.provenance,
            corrects=self.corrects,
            replaces=self.replaces,
            single_valued=self.sv,
            quote=quote,
        )

    @property
    def slot(self) -> str | None:
        """The user's one-at-a-time attribute this candidate touches, if any."""
        one = self.predicate in _ONE_AT_A_TIME or bool(self.sv)
        return self.predicate if one and self.holder == "user" else None


@dataclass(frozen=True)
class _Slip:
    kind: str
    candidate: _C
    marker: str


@dataclass(frozen=True)
class _T:
    text: str
    ideal: tuple[_C, ...] = ()
    slips: tuple[_Slip, ...] = ()

    def build(self, at: datetime) -> HoTurn:
        return HoTurn(
            self.text,
            tuple(c.build(at, self.text) for c in self.ideal),
            tuple(Slip(s.kind, s.candidate.build(at, self.text), s.marker) for s in self.slips),
        )


@dataclass(frozen=True)
class _P:
    request: str
    present: tuple[str, ...] = ()
    absent: tuple[tuple[str, str], ...] = ()
    holder: str = ""


@dataclass(frozen=True)
class _S:
    """One scenario: steps (each said in its own session, in order), probes, must-nevers."""

    key: str
    kind: str
    steps: tuple[tuple[_T, ...], ...]
    probes: tuple[_P, ...]
    forbidden: tuple[tuple[str, str], ...] = ()
    first: bool = False
    """The first step opens the user's first session (it forgets everything said before)."""
    topics: frozenset[str] = frozenset()
    forgets: frozenset[str] = frozenset()
    """Topics the user asks to forget: no other scenario of theirs may touch them."""

    @property
    def turns(self) -> tuple[_T, ...]:
        return tuple(t for step in self.steps for t in step)

    @property
    def slots(self) -> set[str]:
        return {s for t in self.turns for c in t.ideal if (s := c.slot)}


def _t(text: str, *ideal: _C, slips: tuple[_Slip, ...] = ()) -> _T:
    return _T(text, ideal, slips)


def _f(predicate: str, obj: str, text: str, **kw: Any) -> _C:
    return _C(predicate, obj, text, **kw)


def _pref(predicate: str, obj: str, text: str, **kw: Any) -> _C:
    return _C(predicate, obj, text, kind="preference", **kw)


def _gone(predicate: str, obj: str, text: str, **kw: Any) -> _C:
    return _C(predicate, obj, text, polarity="retract", **kw)


def _fs(*topics: str) -> frozenset[str]:
    return frozenset(topics)


# --------------------------------------------------------------------------- retraction

_RETRACTION: tuple[_S, ...] = (
    _S(
        "budgie-died",
        "retraction",
        (
            (
                _t(
                    "ugh Ludovic (rescue greyhound, v dramatic) has decided the hallway is lava "
                    "ever since we brought Quetzal the budgie home. how do you get a sighthound "
                    "to chill around a bird 🐦",
                    _f("pet", "Ludovic", "The user has a rescue greyhound called Ludovic."),
                    _f("pet", "Quetzal", "The user has a budgie called Quetzal."),
                ),
            ),
            (
                _t(
                    "small update nobody asked for: Quetzal passed away, we "
                    "think the cold snap got him. Ludovic keeps sniffing the empty cage and "
                    "it's breaking my heart tbh. is it normal for dogs to grieve a bird??",
                    _gone("pet", "Quetzal", "The user's budgie Quetzal has died."),
                ),
            ),
        ),
        (
            _P(
                "off to my sister's for a week in feb, what do i need to arrange for the "
                "animals at home?",
                ("Ludovic",),
                (("Quetzal", "retracted"),),
            ),
            _P(
                "which kind of pet insurance makes sense for our household now",
                ("Ludovic",),
                (("Quetzal", "retracted"),),
            ),
        ),
        (("Quetzal", "retracted"),),
    ),
    _S(
        "left-thistlecombe",
        "retraction",
        (
            (
                _t(
                    "hiya, i'm the one person at Thistlecombe Logistics who actually knows "
                    "Power Query so guess who gets every spreadsheet emergency 🙃 how do i "
                    "unpivot a table with merged headers",
                    _f(
                        "employer",
                        "Thistlecombe Logistics",
                        "The user works at Thistlecombe Logistics.",
                    ),
                    _f("skill", "Power Query", "The user knows Power Query."),
                ),
            ),
            (
                _t(
                    "officially done at Thistlecombe Logistics!! not lining anything up "
                    "till after new year, i'm going to sleep for a month first. what do people "
                    "even do with a free tuesday",
                    _gone(
                        "employer",
                        "Thistlecombe Logistics",
                        "The user no longer works at Thistlecombe Logistics.",
                    ),
                ),
            ),
        ),
        (
            _P(
                "draft a short about-me for a volunteering application at the food bank",
                ("Power Query",),
                (("Thistlecombe Logistics", "retracted"),),
            ),
            _P(
                "i'm redoing my outlook sign-off block, what goes in it now?",
                (),
                (("Thistlecombe Logistics", "retracted"),),
            ),
        ),
        (("Thistlecombe Logistics", "retracted"),),
        topics=_fs("work"),
    ),
    _S(
        "no-more-padarn",
        "retraction",
        (
            (
                _t(
                    "every saturday at 7 i swim in Llyn Padarn, all year, yes even january, "
                    "no wetsuit 🥶 what's a flask drink that warms you up properly after",
                    _f("routine", "Llyn Padarn", "The user swims in Llyn Padarn every Saturday."),
                ),
            ),
            (
                _t(
                    "so the Llyn Padarn swims are over for me, after the ear infection the ENT "
                    "said keep my head dry, full stop. gutted. anyway what can i do on "
                    "saturday mornings that still feels a bit wild",
                    _gone("routine", "Llyn Padarn", "The user no longer swims in Llyn Padarn."),
                ),
            ),
        ),
        (
            _P(
                "plan me a good saturday morning for next weekend",
                (),
                (("Llyn Padarn", "retracted"),),
            ),
            _P(
                "what kit should i take on a trip to Snowdonia next month",
                (),
                (("Llyn Padarn", "retracted"),),
            ),
        ),
        (("Llyn Padarn", "retracted"),),
        topics=_fs("health"),
    ),
    _S(
        "patch-test",
        "retraction",
        (
            (
                _t(
                    "filling out the pre-op form AGAIN. allergies: chlorhexidine and "
                    "asafoetida (yes asafoetida, it's in half the curry powders, who "
                    "knew). can you word a short allergy note i can paste into these forms",
                    _f("allergy", "chlorhexidine", "The user is allergic to chlorhexidine."),
                    _f("allergy", "asafoetida", "The user is allergic to asafoetida."),
                ),
            ),
            (
                _t(
                    "patch test results came back: i'm NOT allergic to chlorhexidine after "
                    "all, the rash was from the plaster glue. asafoetida very much still a "
                    "no though lol",
                    _gone(
                        "allergy",
                        "chlorhexidine",
                        "The user is not allergic to chlorhexidine.",
                    ),
                    _f("allergy", "asafoetida", "The user is allergic to asafoetida."),
                ),
            ),
        ),
        (
            _P(
                "booked onto a curry cooking class on saturday, anything i should flag to the "
                "instructor?",
                ("asafoetida",),
                (("chlorhexidine", "retracted"),),
            ),
            _P(
                "having a mole removed next month, what should i tell the clinic beforehand?",
                (),
                (("chlorhexidine", "retracted"),),
            ),
        ),
        (("chlorhexidine", "retracted"),),
        topics=_fs("health"),
    ),
    _S(
        "oxalate-done",
        "retraction",
        (
            (
                _t(
                    "the dietitian has me on strict low-oxalate for six weeks 😩 no spinach no "
                    "almonds no joy. give me a tray bake that isn't sad",
                    _f(
                        "dietary_restriction",
                        "low-oxalate",
                        "The user follows a low-oxalate diet.",
                    ),
                ),
            ),
            (
                _t(
                    "finally signed off the low-oxalate thing a fortnight ago, reintroduction "
                    "went fine and I can eat whatever now 🎉 so you can drop that from my "
                    "food stuff",
                    _gone(
                        "dietary_restriction",
                        "low-oxalate",
                        "The user no longer follows a low-oxalate diet.",
                        ago=14,
                    ),
                ),
            ),
        ),
        (
            _P(
                "ideas for a birthday dinner menu for six people?",
                (),
                (("low-oxalate", "retracted"),),
            ),
            _P(
                "what's a good takeaway for a lazy friday night",
                (),
                (("low-oxalate", "retracted"),),
            ),
        ),
        (("low-oxalate", "retracted"),),
        topics=_fs("health"),
    ),
    _S(
        "kestrel-moon-sold",
        "retraction",
        (
            (
                _t(
                    "our narrowboat, the Kestrel Moon, has a stove that smokes like a "
                    "chimney every time the wind's from the east. flue problem or fuel "
                    "problem?",
                    _f(
                        "boat",
                        "Kestrel Moon",
                        "The user owns a narrowboat called Kestrel Moon.",
                        sv=True,
                    ),
                ),
            ),
            (
                _t(
                    "Kestrel Moon has a new owner as of last week 😢 no boat for us any more, "
                    "we're landlubbers now. what do you even do with a garage full of rope "
                    "and brass bits",
                    _gone(
                        "boat",
                        "Kestrel Moon",
                        "The user sold their narrowboat Kestrel Moon.",
                        sv=True,
                        ago=7,
                    ),
                ),
            ),
        ),
        (
            _P(
                "what should we budget for summer holidays this year?",
                (),
                (("Kestrel Moon", "retracted"),),
            ),
            _P(
                "which of my insurance policies can I cancel now, do you reckon?",
                (),
                (("Kestrel Moon", "retracted"),),
            ),
        ),
        (("Kestrel Moon", "retracted"),),
    ),
    _S(
        "split-donnchadh",
        "retraction",
        (
            (
                _t(
                    "me and Donnchadh are off to Inverness for his 40th, where do we eat? fair "
                    "warning, Donnchadh can't stand bagpipes so nowhere with a piper at the door "
                    "lmao",
                    _f("partner", "Donnchadh", "The user's partner is Donnchadh."),
                    _f(
                        "dislike", "bagpipes", "Donnchadh can't stand bagpipes.", holder="donnchadh"
                    ),
                    slips=(
                        _Slip(
                            "other_person_as_user",
                            _f("dislike", "bagpipes", "The user can't stand bagpipes."),
                            "bagpipes",
                        ),
                    ),
                ),
            ),
            (
                _t(
                    "fyi Donnchadh and I have split up. mutual, honestly fine. "
                    "so it's just me doing the trip planning from here on",
                    _gone("partner", "Donnchadh", "The user and Donnchadh have split up."),
                ),
            ),
        ),
        (
            _P(
                "suggest a city break for early spring",
                (),
                (("Donnchadh", "retracted"), ("bagpipes", "other_person")),
            ),
            _P(
                "what should i do on my birthday evening this year?",
                (),
                (("Donnchadh", "retracted"),),
            ),
        ),
        (("Donnchadh", "retracted"), ("bagpipes", "other_person")),
    ),
    _S(
        "gave-up-campanology",
        "retraction",
        (
            (
                _t(
                    "my weekends are basically campanology (tower bells at St Wulfram's, "
                    "sunday mornings) plus chip carving when it rains. which knife "
                    "should a beginner get?",
                    _f("hobby", "campanology", "The user's hobbies include campanology."),
                    _f("hobby", "chip carving", "The user's hobbies include chip carving."),
                ),
            ),
            (
                _t(
                    "gave up the campanology, the tower captain was a tyrant and honestly the "
                    "early starts were killing me. more time for the whittling bench at least",
                    _gone("hobby", "campanology", "The user gave up campanology."),
                ),
            ),
        ),
        (
            _P(
                "gift ideas people could get me for christmas?",
                ("chip carving",),
                (("campanology", "retracted"),),
            ),
            _P(
                "write a fun two-line intro for a new club's group chat",
                ("chip carving",),
                (("campanology", "retracted"),),
            ),
        ),
        (("campanology", "retracted"),),
    ),
    _S(
        "dropped-kashubian",
        "retraction",
        (
            (
                _t(
                    "400 days of flashcards learning Kashubian and i STILL can't pronounce "
                    "half the place names. is the grammar actually this brutal or is it me",
                    _f("learning", "Kashubian", "The user is learning Kashubian.", sv=False),
                ),
            ),
            (
                _t(
                    "ok i've dropped Kashubian. streak's dead, life got in the way, no regrets "
                    "(some regrets). recommend me a podcast for the commute instead?",
                    _gone(
                        "learning", "Kashubian", "The user stopped learning Kashubian.", sv=False
                    ),
                ),
            ),
        ),
        (
            _P(
                "what could i do with 20 spare minutes a day?",
                (),
                (("Kashubian", "retracted"),),
            ),
            _P(
                "set me some new year resolutions that are realistic",
                (),
                (("Kashubian", "retracted"),),
            ),
        ),
        (("Kashubian", "retracted"),),
    ),
    _S(
        "no-deuteranopia",
        "retraction",
        (
            (
                _t(
                    "designing a poster for the allotment open day but I have deuteranopia "
                    "(the red-green one) so I genuinely cannot tell if these colours clash. "
                    "safe combos?",
                    _f(
                        "accessibility_need",
                        "deuteranopia",
                        "The user has deuteranopia.",
                    ),
                ),
            ),
            (
                _t(
                    "plot twist, got properly re-tested at the optician's: turns out I don't "
                    "have deuteranopia at all 🙃 the old test card was just badly lit. "
                    "decades of blaming my eyes",
                    _gone(
                        "accessibility_need",
                        "deuteranopia",
                        "The user does not have deuteranopia.",
                    ),
                ),
            ),
        ),
        (
            _P(
                "pick a colour palette for my portfolio website",
                (),
                (("deuteranopia", "retracted"),),
            ),
            _P(
                "recommend some board games for a rainy weekend",
                (),
                (("deuteranopia", "retracted"),),
            ),
        ),
        (("deuteranopia", "retracted"),),
        topics=_fs("health"),
    ),
    _S(
        "cancelled-zwift",
        "retraction",
        (
            (
                _t(
                    "subscriptions audit time 💸 i pay for Zwift and Komoot premium, is "
                    "either one worth keeping over winter?",
                    _f("subscription", "Zwift", "The user subscribes to Zwift.", sv=False),
                    _f(
                        "subscription", "Komoot", "The user subscribes to Komoot premium.", sv=False
                    ),
                ),
            ),
            (
                _t(
                    "cancelled Zwift yesterday, the turbo trainer is going on marketplace. "
                    "i'd rather freeze outside than stare at a wall tbh",
                    _gone("subscription", "Zwift", "The user cancelled Zwift.", sv=False, ago=1),
                ),
            ),
        ),
        (
            _P(
                "plan some winter cycling for me, outdoors or indoors",
                ("Komoot",),
                (("Zwift", "retracted"),),
            ),
            _P(
                "which monthly apps am i still paying for?",
                ("Komoot",),
                (("Zwift", "retracted"),),
            ),
        ),
        (("Zwift", "retracted"),),
    ),
    _S(
        "off-lansoprazole",
        "retraction",
        (
            (
                _t(
                    "pharmacist q: i take levothyroxine in the morning and lansoprazole at "
                    "night, does the order matter?? the leaflets contradict each other",
                    _f("medication", "levothyroxine", "The user takes levothyroxine.", sv=False),
                    _f("medication", "lansoprazole", "The user takes lansoprazole.", sv=False),
                ),
            ),
            (
                _t(
                    "GP review went well, i've come off the lansoprazole completely, reflux "
                    "seems sorted. still on levothyroxine obv, that one's for life",
                    _gone(
                        "medication",
                        "lansoprazole",
                        "The user no longer takes lansoprazole.",
                        sv=False,
                    ),
                    _f("medication", "levothyroxine", "The user takes levothyroxine.", sv=False),
                ),
            ),
        ),
        (
            _P(
                "flying long-haul next month, what should be in my hand luggage?",
                ("levothyroxine",),
                (("lansoprazole", "retracted"),),
            ),
            _P(
                "help me fill in the medicines box on a new GP registration form",
                ("levothyroxine",),
                (("lansoprazole", "retracted"),),
            ),
        ),
        (("lansoprazole", "retracted"),),
        topics=_fs("health"),
    ),
)

# --------------------------------------------------------------------------- correction

_CORRECTION: tuple[_S, ...] = (
    _S(
        "llandudno-llandeilo",
        "correction",
        (
            (
                _t(
                    "moved to Llandudno for the job and i still don't know a soul. "
                    "where do 30-somethings who don't drink make friends in a small town?",
                    _f("city", "Llandudno", "The user lives in Llandudno."),
                ),
            ),
            (
                _t(
                    "omg i wrote Llandudno last time didn't i. it's Llandeilo!! completely "
                    "different end of Wales, my brain autocompletes the Ll- towns",
                    _f(
                        "city",
                        "Llandeilo",
                        "The user lives in Llandeilo.",
                        corrects="Llandudno",
                    ),
                ),
            ),
        ),
        (
            _P(
                "any decent cafés near me for working on a laptop?",
                ("Llandeilo",),
                (("Llandudno", "corrected"),),
            ),
            _P(
                "where's the nearest place around here to get a bike serviced?",
                ("Llandeilo",),
                (("Llandudno", "corrected"),),
            ),
        ),
        (("Llandudno", "corrected"),),
    ),
    _S(
        "gwendolyn-y",
        "correction",
        (
            (
                _t(
                    "we have an axolotl, Gwendolen, and her tank keeps going cloudy. is it "
                    "the filter or am i overfeeding her",
                    _f("pet", "Gwendolen", "The user has an axolotl called Gwendolen."),
                ),
            ),
            (
                _t(
                    "pedantic correction from my 9yo who is reading over my shoulder: the "
                    "axolotl is Gwendolyn, with a y. apparently it matters a LOT 😅",
                    _f(
                        "pet",
                        "Gwendolyn",
                        "The user has an axolotl called Gwendolyn.",
                        corrects="Gwendolen",
                    ),
                ),
            ),
        ),
        (
            _P(
                "write a care sheet for the neighbour who's feeding our animals next week",
                ("Gwendolyn",),
                (("Gwendolen", "corrected"),),
            ),
            _P(
                "help my kid make a little name sign for the tank",
                ("Gwendolyn",),
                (("Gwendolen", "corrected"),),
            ),
        ),
        (("Gwendolen", "corrected"),),
    ),
    _S(
        "nigella-not-caraway",
        "correction",
        (
            (
                _t(
                    "secret santa at the office and I have to put 'foods to avoid' on the "
                    "form, so: allergic to caraway seeds — hang on, no, nigella seeds. caraway "
                    "seeds are fine, it's nigella seeds that make my throat itch",
                    _f(
                        "allergy",
                        "nigella seeds",
                        "The user is allergic to nigella seeds.",
                        corrects="caraway seeds",
                    ),
                ),
            ),
            (_t("what biscuits are safe to bring to a team meeting tomorrow"),),
        ),
        (
            _P(
                "which bread rolls can I safely grab at a bakery?",
                ("nigella seeds",),
                (("caraway seeds", "corrected"),),
            ),
            _P(
                "write a note for the caterers at my cousin's wedding about what i can't have",
                ("nigella seeds",),
                (("caraway seeds", "corrected"),),
            ),
        ),
        (("caraway seeds", "corrected"),),
        topics=_fs("health", "work"),
    ),
    _S(
        "birthday-july",
        "correction",
        (
            (
                _t(
                    "my birthday's 29 January and every year it lands in the dead of winter "
                    "when everyone's skint. ideas for a cheap celebration?",
                    _f("birthday", "29 January", "The user's birthday is 29 January."),
                ),
            ),
            (
                _t(
                    "wait no, did i say january?? my birthday is 1 July. no clue where "
                    "january came from, i'm tired ok",
                    _f(
                        "birthday",
                        "1 July",
                        "The user's birthday is 1 July.",
                        corrects="29 January",
                    ),
                ),
            ),
        ),
        (
            _P(
                "plan me a birthday picnic, when should i book things?",
                ("1 July",),
                (("29 January", "corrected"),),
            ),
            _P(
                "what star sign am i, for a silly quiz?",
                ("1 July",),
                (("29 January", "corrected"),),
            ),
        ),
        (("29 January", "corrected"),),
    ),
    _S(
        "bellmoor-not-bellcote",
        "correction",
        (
            (
                _t(
                    "started as a junior analyst at Bellcote Analytics this week, and the "
                    "onboarding doc is 80 pages 😵 how do i skim without missing the important "
                    "bits",
                    _f(
                        "employer",
                        "Bellcote Analytics",
                        "The user works at Bellcote Analytics.",
                    ),
                ),
            ),
            (
                _t(
                    "lol correction, the company's Bellmoor Analytics, not Bellcote. Bellcote "
                    "is the competitor who rejected me, freudian slip much",
                    _f(
                        "employer",
                        "Bellmoor Analytics",
                        "The user works at Bellmoor Analytics.",
                        corrects="Bellcote Analytics",
                    ),
                ),
            ),
        ),
        (
            _P(
                "write my linkedin 'open to' blurb",
                ("Bellmoor",),
                (("Bellcote", "corrected"),),
            ),
            _P(
                "draft an email to IT asking for a second monitor",
                ("Bellmoor",),
                (("Bellcote", "corrected"),),
            ),
        ),
        (("Bellcote", "corrected"),),
        topics=_fs("work"),
    ),
    _S(
        "kseniya-spelling",
        "correction",
        (
            (
                _t(
                    "proposing to my girlfriend Ksenia (Ксения) next month in Riga!! ring "
                    "sizing without her noticing, how",
                    _f("partner", "Ksenia", "The user's girlfriend is Ksenia."),
                ),
            ),
            (
                _t(
                    "she said yes 💍 also she saw my notes and informs me it's Kseniya in "
                    "latin letters, with the y, the passport way. noted!!",
                    _f(
                        "partner",
                        "Kseniya",
                        "The user's partner is Kseniya.",
                        corrects="Ksenia",
                    ),
                ),
            ),
        ),
        (
            _P(
                "write the wording for our engagement party invite",
                ("Kseniya",),
                (("Ksenia", "corrected"),),
            ),
            _P(
                "help me sign a card for my fiancée's parents",
                ("Kseniya",),
                (("Ksenia", "corrected"),),
            ),
        ),
        (("Ksenia", "corrected"),),
    ),
    _S(
        "alliums-not-nightshades",
        "correction",
        (
            (
                _t(
                    "I have to avoid nightshades, doctor's orders-ish. can u do a stew for "
                    "the slow cooker",
                    _f(
                        "dietary_restriction",
                        "nightshades",
                        "The user avoids nightshades.",
                    ),
                ),
            ),
            (
                _t(
                    "argh sorry, I said nightshades before but I meant alliums. onions, leeks "
                    "and garlic wreck me; tomatoes and peppers are totally fine",
                    _f(
                        "dietary_restriction",
                        "alliums",
                        "The user avoids alliums.",
                        corrects="nightshades",
                    ),
                ),
            ),
        ),
        (
            _P(
                "i need a pasta sauce for tonight, what can i make?",
                ("alliums",),
                (("nightshades", "corrected"),),
            ),
            _P(
                "booked a table at a Keralan place friday, which dishes are safe for me?",
                ("alliums",),
                (("nightshades", "corrected"),),
            ),
        ),
        (("nightshades", "corrected"),),
        topics=_fs("health"),
    ),
    _S(
        "gambia-not-zambia",
        "correction",
        (
            (
                _t(
                    "we live in Zambia and my in-laws are visiting in may, where should "
                    "we take them for a day? (we might end up moving to Cabo Verde one "
                    "day, but that's future us's problem)",
                    _f("country", "Zambia", "The user lives in Zambia."),
                    _f(
                        "country",
                        "Cabo Verde",
                        "The user might move to Cabo Verde one day.",
                        modality="hypothetical",
                    ),
                    slips=(
                        _Slip(
                            "hypothetical_as_fact",
                            _f("country", "Cabo Verde", "The user lives in Cabo Verde."),
                            "Cabo Verde",
                        ),
                    ),
                ),
            ),
            (
                _t(
                    "ok this is mortifying but I typed Zambia the other week and we live in "
                    "THE GAMBIA. Banjul-ish. everyone mixes them up and now I've done it "
                    "myself",
                    _f(
                        "country",
                        "Gambia",
                        "The user lives in The Gambia.",
                        corrects="Zambia",
                    ),
                ),
            ),
        ),
        (
            _P(
                "which public holidays do we get here next year?",
                ("Gambia",),
                (("Zambia", "corrected"), ("Cabo Verde", "hypothetical")),
            ),
            _P(
                "what's the emergency number where I live?",
                ("Gambia",),
                (("Zambia", "corrected"),),
            ),
        ),
        (("Zambia", "corrected"), ("Cabo Verde", "hypothetical")),
    ),
    _S(
        "estevao-accents",
        "correction",
        (
            (
                _t(
                    "our son Estevao starts nursery in september and cries every time I leave "
                    "the room. tips for making drop-off less awful?",
                    _f("child", "Estevao", "The user's son is Estevao."),
                ),
            ),
            (
                _t(
                    "tiny fix: it's Estêvão with the accents, his avó will not let that slide 😂",
                    _f(
                        "child",
                        "Estêvão",
                        "The user's son is Estêvão.",
                        corrects="Estevao",
                    ),
                ),
            ),
        ),
        (
            _P(
                "write name labels for my son's nursery bag",
                ("Estêvão",),
                (("Estevao", "corrected"),),
            ),
            _P(
                "our lad turns four soon, draft the party invitation text",
                ("Estêvão",),
                (("Estevao", "corrected"),),
            ),
        ),
        (("Estevao", "corrected"),),
    ),
    _S(
        "phlebotomist",
        "correction",
        (
            (
                _t(
                    "I'm a sonographer at the county hospital and my back is wrecked from "
                    "leaning over the couch all day. stretches that actually work?",
                    _f("job_title", "sonographer", "The user is a sonographer."),
                ),
            ),
            (
                _t(
                    "misspoke before — I'm a phlebotomist, not a sonographer. did one "
                    "ultrasound module years ago and it stuck in my head",
                    _f(
                        "job_title",
                        "phlebotomist",
                        "The user is a phlebotomist.",
                        corrects="sonographer",
                    ),
                ),
            ),
        ),
        (
            _P(
                "write a short bio for a careers day talk at my old school",
                ("phlebotomist",),
                (("sonographer", "corrected"),),
            ),
            _P(
                "what CPD courses would suit my job?",
                ("phlebotomist",),
                (("sonographer", "corrected"),),
            ),
        ),
        (("sonographer", "corrected"),),
        topics=_fs("work"),
    ),
    _S(
        "airport-papa-westray",
        "correction",
        (
            (
                _t(
                    "my home airport is North Ronaldsay, which is basically a field and a "
                    "windsock. how would i even get from there to somewhere warm in feb?",
                    _f(
                        "home_airport",
                        "North Ronaldsay",
                        "The user's home airport is North Ronaldsay.",
                    ),
                ),
            ),
            (
                _t(
                    "scratch North Ronaldsay, I meant Papa Westray. I mix the two islands up "
                    "constantly, which my neighbours find hilarious",
                    _f(
                        "home_airport",
                        "Papa Westray",
                        "The user's home airport is Papa Westray.",
                        corrects="North Ronaldsay",
                    ),
                ),
            ),
        ),
        (
            _P(
                "sunny break in march on a shoestring, where and how do i get there?",
                ("Papa Westray",),
                (("North Ronaldsay", "corrected"),),
            ),
            _P(
                "how early should I leave home for a 7am flight?",
                ("Papa Westray",),
                (("North Ronaldsay", "corrected"),),
            ),
        ),
        (("North Ronaldsay", "corrected"),),
    ),
    _S(
        "blood-o-positive",
        "correction",
        (
            (
                _t(
                    "first time giving blood on thursday! I'm AB negative if that matters. what "
                    "should I eat beforehand so I don't faint",
                    _f("blood_type", "AB negative", "The user's blood type is AB negative."),
                ),
            ),
            (
                _t(
                    "update: they tested it properly and I'm O positive, not AB negative. no "
                    "idea where I got AB neg from, I think it was my ex's",
                    _f(
                        "blood_type",
                        "O positive",
                        "The user's blood type is O positive.",
                        corrects="AB negative",
                    ),
                ),
            ),
        ),
        (
            _P(
                "fill in the medical bit of my travel insurance form",
                ("O positive",),
                (("AB negative", "corrected"),),
            ),
            _P(
                "who could i donate blood to, in theory?",
                ("O positive",),
                (("AB negative", "corrected"),),
            ),
        ),
        (("AB negative", "corrected"),),
        topics=_fs("health"),
    ),
)

# --------------------------------------------------------------------------- forget

_FORGET: tuple[_S, ...] = (
    _S(
        "forget-fiachra",
        "forget",
        (
            (
                _t(
                    "kinda awkward but my ex Fiachra still has a key to my apartment and "
                    "won't text me back about returning it. do i just get the locks "
                    "rekeyed? ballpark cost?",
                    _f("ex_partner", "Fiachra", "The user's ex is Fiachra.", sv=True),
                ),
            ),
            (
                _t(
                    "locks changed, done. and could you wipe Fiachra from whatever you "
                    "remember about me? I'd rather his name never pops up again"
                ),
            ),
        ),
        (
            _P("ideas for a new year's eve at home with friends", (), (("Fiachra", "forgotten"),)),
            _P(
                "what should i do about the spare keys to my place?",
                (),
                (("Fiachra", "forgotten"),),
            ),
        ),
        (("Fiachra", "forgotten"),),
    ),
    _S(
        "forget-medical",
        "forget",
        (
            (
                _t(
                    "i've been on mebeverine a while now and coffee seems to "
                    "undo it completely. decaf brands that don't taste like cardboard?",
                    _f("medication", "mebeverine", "The user takes mebeverine.", sv=False),
                ),
            ),
            (
                _t(
                    "actually, on reflection — please don't hold on to anything medical about "
                    "me. meds, conditions, all of it. I'll tell you when it's relevant"
                ),
            ),
        ),
        (
            _P(
                "how do i cut down on caffeine without the headaches",
                (),
                (("mebeverine", "forgotten"),),
            ),
            _P(
                "pack list for a week of camping in the Cévennes",
                (),
                (("mebeverine", "forgotten"),),
            ),
        ),
        (("mebeverine", "forgotten"),),
        forgets=_fs("health"),
    ),
    _S(
        "forget-all-eithne",
        "forget",
        (
            (
                _t(
                    "hiya, Eithne here, I'm a hedgelayer up near Lochinver 🌾 my hands are "
                    "wrecked from the winter, hand cream that survives actual work?",
                    _f("preferred_name", "Eithne", "The user's name is Eithne."),
                    _f("job_title", "hedgelayer", "The user is a hedgelayer."),
                    _f("city", "Lochinver", "The user lives in Lochinver."),
                ),
                _t(
                    "hmm wait. scrap all that, forget everything I've said to you so far "
                    "please. I'd rather start blank"
                ),
            ),
            (
                _t(
                    "right, fresh start: the goal this year is to finish the Cape Wrath "
                    "Trail in one go 🥾",
                    _f(
                        "current_goal",
                        "Cape Wrath Trail",
                        "The user's goal is to finish the Cape Wrath Trail.",
                    ),
                ),
            ),
        ),
        (
            _P(
                "build me a weekly training plan",
                ("Cape Wrath Trail",),
                (("Lochinver", "forgotten"), ("Eithne", "forgotten")),
            ),
            _P(
                "write a two-line intro for a walking group's whatsapp",
                (),
                (("hedgelayer", "forgotten"), ("Lochinver", "forgotten")),
            ),
        ),
        (("Lochinver", "forgotten"), ("Eithne", "forgotten"), ("hedgelayer", "forgotten")),
        first=True,
    ),
    _S(
        "forget-quillet-lane",
        "forget",
        (
            (
                _t(
                    "for templates and stuff my address is 7 Quillet Lane, Clun. now can "
                    "you help me write a complaint to the water board about a leak they "
                    "won't fix",
                    _f(
                        "address",
                        "7 Quillet Lane",
                        "The user's address is 7 Quillet Lane.",
                        sv=True,
                    ),
                    _f("city", "Clun", "The user lives in Clun."),
                ),
            ),
            (
                _t(
                    "second thoughts, forget the street address I gave you. keeping the "
                    "town is fine, just not the house"
                ),
            ),
        ),
        (
            _P(
                "fill in the sender bit of a returns label for me",
                ("Clun",),
                (("Quillet Lane", "forgotten"),),
            ),
            _P(
                "head a formal letter to the parish clerk with my details",
                ("Clun",),
                (("Quillet Lane", "forgotten"),),
            ),
        ),
        (("Quillet Lane", "forgotten"),),
    ),
    _S(
        "forget-corvanta",
        "forget",
        (
            (
                _t(
                    "my company Corvanta just moved us all to hot-desking and i'm losing my "
                    "mind. how do you make a laptop-and-bag setup feel like home",
                    _f("employer", "Corvanta", "The user works at Corvanta."),
                ),
            ),
            (
                _t(
                    "new rule: don't keep anything about my job. not Corvanta, not the "
                    "hot desks, nothing work-related. it's a firewall thing for me"
                ),
            ),
        ),
        (
            _P(
                "parkrun wants a volunteer blurb, two sentences about me pls",
                (),
                (("Corvanta", "forgotten"),),
            ),
            _P(
                "help me toast my best friend at her 30th",
                (),
                (("Corvanta", "forgotten"),),
            ),
        ),
        (("Corvanta", "forgotten"),),
        topics=_fs("work"),
        forgets=_fs("work"),
    ),
    _S(
        "forget-solsikken",
        "forget",
        (
            (
                _t(
                    "vores datter goes to Børnehaven Solsikken and they want a costume for "
                    "fastelavn by friday?!? easy ideas for a four year old pls",
                    _f(
                        "school",
                        "Børnehaven Solsikken",
                        "The user's daughter goes to Børnehaven Solsikken.",
                        holder="daughter",
                        sv=True,
                    ),
                ),
            ),
            (
                _t(
                    "could you forget the kindergarten name please? my partner is strict "
                    "about where our kid's details end up online"
                ),
            ),
        ),
        (
            _P(
                "help me write a sick note for my daughter's teacher",
                (),
                (("Solsikken", "forgotten"),),
            ),
            _P(
                "where could we go on a rainy sunday with a small child?",
                (),
                (("Solsikken", "forgotten"),),
            ),
        ),
        (("Solsikken", "forgotten"),),
    ),
    _S(
        "forget-weight",
        "forget",
        (
            (
                _t(
                    "sizing question: I'm 188 cm and 94 kg, which frame size for a road bike, "
                    "and will a standard saddle be ok or do i need a wider one",
                    _f("height", "188 cm", "The user is 188 cm tall.", sv=True),
                    _f("weight", "94 kg", "The user weighs 94 kg.", sv=True),
                ),
            ),
            (
                _t(
                    "pls delete my weight from your memory, not comfortable having that "
                    "number stored. height can stay"
                ),
            ),
        ),
        (
            _P("which size wetsuit should i order?", ("188 cm",), (("94 kg", "forgotten"),)),
            _P(
                "recommend a desk height for me, standing",
                ("188 cm",),
                (("94 kg", "forgotten"),),
            ),
        ),
        (("94 kg", "forgotten"),),
    ),
    _S(
        "forget-cadfael",
        "forget",
        (
            (
                _t(
                    "my best mate Cadfael is moving to Vardø for a research post 😭 leaving "
                    "do ideas? nothing too formal pls",
                    _f("friend", "Cadfael", "The user's best friend is Cadfael.", sv=False),
                    _f(
                        "city",
                        "Vardø",
                        "Cadfael is moving to Vardø.",
                        holder="cadfael",
                        modality="plan",
                    ),
                ),
            ),
            (
                _t(
                    "hey, forget everything about Cadfael, would you? he's quite private "
                    "and asked me not to put his stuff into AI apps"
                ),
            ),
        ),
        (
            _P(
                "drawing up a guest list for a flat-warming, who from my circle should be on it?",
                (),
                (("Cadfael", "forgotten"), ("Vardø", "forgotten")),
            ),
            _P(
                "plan a weekend away with friends somewhere cold",
                (),
                (("Cadfael", "forgotten"), ("Vardø", "forgotten")),
            ),
        ),
        (("Cadfael", "forgotten"), ("Vardø", "forgotten")),
    ),
    _S(
        "forget-cryptozoology",
        "forget",
        (
            (
                _t(
                    "my two big interests are rogaining and cryptozoology (don't laugh). "
                    "is there a way to combine them on a weekend in the Highlands",
                    _f("interest", "rogaining", "The user is interested in rogaining."),
                    _f("interest", "cryptozoology", "The user is interested in cryptozoology."),
                ),
            ),
            (
                _t(
                    "ok pls forget the cryptozoology thing, I mentioned you at work and I don't "
                    "want it showing up in anything I share 🙈 rogaining stays"
                ),
            ),
        ),
        (
            _P(
                "suggest a hobby-ish gift I could ask for this year",
                ("rogaining",),
                (("cryptozoology", "forgotten"),),
            ),
            _P(
                "what could i write in the 'interests' box of a job application",
                ("rogaining",),
                (("cryptozoology", "forgotten"),),
            ),
        ),
        (("cryptozoology", "forgotten"),),
    ),
    _S(
        "forget-politics",
        "forget",
        (
            (
                _t(
                    "I'm a Plaid Cymru member and canvassing for the Senedd election, how "
                    "do I talk to people on the doorstep without getting into rows?",
                    _f(
                        "political_party",
                        "Plaid Cymru",
                        "The user is a Plaid Cymru member.",
                        sv=True,
                    ),
                ),
            ),
            (
                _t(
                    "on second thought, politics is off the table for your memory. I'll "
                    "bring it up when I want to, but nothing filed away pls"
                ),
            ),
        ),
        (
            _P(
                "tips for staying calm at a heated family dinner",
                (),
                (("Plaid Cymru", "forgotten"),),
            ),
            _P(
                "write a short about-me for a community volunteering app",
                (),
                (("Plaid Cymru", "forgotten"),),
            ),
        ),
        (("Plaid Cymru", "forgotten"),),
    ),
    _S(
        "forget-therapist",
        "forget",
        (
            (
                _t(
                    "my therapist Dr Vantongeren suggested journaling and I've no idea how to "
                    "start. also I've taken up raku firing on thursdays, "
                    "if that helps with prompts?",
                    _f(
                        "therapist",
                        "Dr Vantongeren",
                        "The user's therapist is Dr Vantongeren.",
                        sv=True,
                    ),
                    _f("hobby", "raku firing", "The user's hobbies include raku firing."),
                ),
            ),
            (
                _t(
                    "forget my therapist's name please. it's fine you know I see someone, I "
                    "just don't want her name in anything"
                ),
            ),
        ),
        (
            _P(
                "give me a few journaling prompts for this week",
                ("raku",),
                (("Vantongeren", "forgotten"),),
            ),
            _P(
                "plan me a self-care sunday",
                (),
                (("Vantongeren", "forgotten"),),
            ),
        ),
        (("Vantongeren", "forgotten"),),
        topics=_fs("health"),
    ),
    _S(
        "forget-all-nomvula",
        "forget",
        (
            (
                _t(
                    "Sawubona! I'm Nomvula, grew up in Polokwane, living in Bloemfontein "
                    "these days. I need a braai menu for 12 that isn't just boerewors",
                    _f("preferred_name", "Nomvula", "The user's name is Nomvula."),
                    _f("hometown", "Polokwane", "The user grew up in Polokwane.", sv=True),
                    _f("city", "Bloemfontein", "The user lives in Bloemfontein."),
                ),
                _t(
                    "eish, changed my mind. delete everything you've got on me, the lot. "
                    "my cousin warned me about these memory features"
                ),
            ),
            (
                _t(
                    "ok back again. only thing I'll share: I've just taken up wing foiling "
                    "and I'm obsessed 🪁",
                    _f("hobby", "wing foiling", "The user's hobbies include wing foiling."),
                ),
            ),
        ),
        (
            _P(
                "plan a long weekend for me in the spring",
                ("wing foiling",),
                (
                    ("Bloemfontein", "forgotten"),
                    ("Nomvula", "forgotten"),
                    ("Polokwane", "forgotten"),
                ),
            ),
            _P(
                "i've joined a letter-swap site, draft my first letter to a stranger",
                (),
                (("Bloemfontein", "forgotten"), ("Nomvula", "forgotten")),
            ),
        ),
        (("Bloemfontein", "forgotten"), ("Nomvula", "forgotten"), ("Polokwane", "forgotten")),
        first=True,
    ),
)

# --------------------------------------------------------------------------- explicit save

_EXPLICIT_SAVE: tuple[_S, ...] = (
    _S(
        "save-friday-pickup",
        "explicit_save",
        (
            (
                _t(
                    "can you keep this in your memory: nothing after 3:30pm on fridays, I "
                    "collect my grandad from the day centre. ok so when's best for a haircut "
                    "this week?",
                    _f(
                        "constraint",
                        "after 3:30pm on fridays",
                        "The user can't do anything after 3:30pm on fridays.",
                    ),
                ),
            ),
        ),
        (
            _P(
                "my solicitor offered friday 2pm or 4pm for a video call, which one do i take?",
                ("3:30pm",),
            ),
            _P(
                "the leisure centre has yoga mon to fri at 6pm, which day could i actually make?",
                ("3:30pm",),
            ),
        ),
    ),
    _S(
        "save-scorzonera",
        "explicit_save",
        (
            (
                _t(
                    "file this under permanent: scorzonera is the devil's vegetable. raw, roasted, "
                    "in slaws, in stir fries, I don't care. NO SCORZONERA ever 😤",
                    _pref("dislike", "scorzonera", "The user hates scorzonera."),
                ),
            ),
            (_t("doing a roast for 6 on sunday, what goes with pork belly?"),),
        ),
        (
            _P("give me a crunchy winter slaw recipe", ("scorzonera",)),
            _P("give me a veg mix for a quick stir fry", ("scorzonera",)),
        ),
    ),
    _S(
        "save-céilí",
        "explicit_save",
        (
            (
                _t(
                    "remember for me: mum's 70th is on the 22nd of next month and we're "
                    "throwing her a surprise céilí. she can't find out!!",
                    _f(
                        "note",
                        "surprise céilí",
                        "The user is throwing a surprise céilí for their mum's 70th.",
                    ),
                ),
            ),
        ),
        (
            _P("what's coming up for me over the next few weeks?", ("céilí",)),
            _P("help me write a to-do list for this month", ("céilí",)),
        ),
    ),
    _S(
        "save-wedding-budget",
        "explicit_save",
        (
            (
                _t(
                    "Please remember our wedding budget is €14,500, hard ceiling, not a "
                    "cent more. my fiancé's aunt has opinions about flowers that will test "
                    "this",
                    _f(
                        "constraint",
                        "€14,500",
                        "The user's wedding budget is at most €14,500.",
                    ),
                ),
            ),
            (
                _t(
                    "the planner's proposal came back with \"Couple has requested a string "
                    'quartet for the ceremony; flexible on spend" ... we have never said '
                    "either of those things??",
                    _pref(
                        "preference",
                        "string quartet",
                        "The user wants a string quartet for the ceremony.",
                        sv=False,
                        provenance="quoted",
                    ),
                    slips=(
                        _Slip(
                            "pasted_as_own",
                            _pref(
                                "preference",
                                "string quartet",
                                "The user wants a string quartet for the ceremony.",
                                sv=False,
                            ),
                            "string quartet",
                        ),
                    ),
                ),
            ),
        ),
        (
            _P(
                "what music options should we look at for the ceremony?",
                ("14,500",),
                (("string quartet", "pasted"),),
            ),
            _P("the venue wants a 4k deposit, can we afford that?", ("14,500",)),
        ),
        (("string quartet", "pasted"),),
    ),
    _S(
        "save-bluf",
        "explicit_save",
        (
            (
                _t(
                    "a standing request, pls remember it: start every longer answer with a "
                    "one-line BLUF (bottom line up front). I skim on my phone between patients",
                    _pref(
                        "response_format",
                        "BLUF",
                        "The user wants longer answers to start with a one-line BLUF.",
                        sv=True,
                    ),
                ),
            ),
        ),
        (
            _P("explain how a tracker mortgage differs from a fixed one", ("BLUF",)),
            _P("walk me through how premium bonds pay out", ("BLUF",)),
        ),
    ),
    _S(
        "save-shodo",
        "explicit_save",
        (
            (
                _t(
                    "覚えておいてね: 毎週火曜の夜は書道教室。so tuesday evenings are always "
                    "taken for me, don't book stuff then 🙏",
                    _f(
                        "routine",
                        "書道",
                        "The user goes to calligraphy class (書道) every Tuesday evening.",
                    ),
                ),
            ),
        ),
        (
            _P("pick an evening next week for drinks with my team, mon to thu", ("書道",)),
            _P("when could i fit in a weekly spanish class?", ("書道",)),
        ),
    ),
    _S(
        "save-menieres",
        "explicit_save",
        (
            (
                _t(
                    "save this one: I've got Ménière's, so boats, long escalators and very "
                    "loud venues are bad news for me. keep it in mind when you suggest days "
                    "out",
                    _f(
                        "accessibility_need",
                        "Ménière's",
                        "The user has Ménière's disease.",
                    ),
                ),
            ),
        ),
        (
            _P("plan a day out in London for me and my niece", ("Ménière's",)),
            _P("suggest a way to see the fjords in Norway", ("Ménière's",)),
        ),
        topics=_fs("health"),
    ),
    _S(
        "save-frame-number",
        "explicit_save",
        (
            (
                _t(
                    "stash this somewhere for me: my bike's frame number is WSB7731904K. "
                    "I'll never remember it if it gets nicked",
                    _f(
                        "identifier",
                        "WSB7731904K",
                        "The user's bike frame number is WSB7731904K.",
                    ),
                ),
            ),
        ),
        (
            _P(
                "someone stole my bike outside the station, what do I tell the police?",
                ("WSB7731904K",),
            ),
            _P("fill in a cycle insurance quote form for me", ("WSB7731904K",)),
        ),
    ),
    _S(
        "save-celery-free",
        "explicit_save",
        (
            (
                _t(
                    "keep this forever pls: my stepdaughter Briallen is allergic to celery "
                    "seed, so anything I cook for the family has to be celery-free. it hides "
                    "in EVERYTHING",
                    _f("family_member", "Briallen", "The user's stepdaughter is Briallen."),
                    _f(
                        "allergy",
                        "celery seed",
                        "Briallen is allergic to celery seed.",
                        holder="briallen",
                    ),
                    _f(
                        "constraint",
                        "celery-free",
                        "Family meals the user cooks must be celery-free.",
                    ),
                ),
            ),
        ),
        (
            _P("a salad dressing for a family bbq?", ("celery-free",)),
            _P("what sandwiches can i make for a school trip packed lunch", ("celery-free",)),
        ),
        topics=_fs("health"),
    ),
    _S(
        "save-driving-test",
        "explicit_save",
        (
            (
                _t(
                    "don't let me forget: driving test is 27 April at the Mitcham centre "
                    "and my instructor is Fidelma, she's lovely but always 5 min late",
                    _f("note", "27 April", "The user's driving test is on 27 April."),
                    _f(
                        "driving_instructor",
                        "Fidelma",
                        "The user's driving instructor is Fidelma.",
                        sv=True,
                    ),
                ),
            ),
        ),
        (
            _P("map out my lessons and practice between now and the big day", ("27 April",)),
            _P("write a message to confirm my lessons this week", ("Fidelma",)),
        ),
    ),
    _S(
        "save-travel-sick",
        "explicit_save",
        (
            (
                _t(
                    "is Kutaisi freezing in november or just chilly? and a thing to keep in "
                    "mind for all my trips: I get horribly travel-sick on coaches, so trains "
                    "or planes only",
                    _f("constraint", "travel-sick", "The user gets travel-sick on coaches."),
                    slips=(
                        _Slip(
                            "question_as_fact",
                            _f("city", "Kutaisi", "The user lives in Kutaisi."),
                            "Kutaisi",
                        ),
                    ),
                ),
            ),
        ),
        (
            _P(
                "how should i get from the airport to the old town on my trip?",
                ("travel-sick",),
                (("Kutaisi", "question"),),
            ),
            _P("plan a three-stop trip round the Balkans for me", ("travel-sick",)),
        ),
        (("Kutaisi", "question"),),
    ),
    _S(
        "save-graveyard-shift",
        "explicit_save",
        (
            (
                _t(
                    "Remember I'm on the graveyard shift, so I'm asleep roughly 9am to 4pm and "
                    "anything you schedule has to dodge that. oh and just for this reply, "
                    "answer in Scots, my pal bet me you couldn't 😂",
                    _f(
                        "constraint",
                        "graveyard shift",
                        "The user works the graveyard shift and sleeps roughly 9am to 4pm.",
                    ),
                    slips=(
                        _Slip(
                            "instruction_as_preference",
                            _pref(
                                "response_language",
                                "Scots",
                                "The user wants answers in Scots.",
                            ),
                            "Scots",
                        ),
                    ),
                ),
            ),
        ),
        (
            _P("when should i book a boiler service visit?", ("graveyard shift",)),
            _P("set me up a gym routine across the week", ("graveyard shift",)),
        ),
        (("Scots", "instruction"),),
    ),
)

# --------------------------------------------------------------------------- one at a time

_ONE_AT_A_TIME_SCENARIOS: tuple[_S, ...] = (
    _S(
        "plan-lyca-voxi",
        "one_at_a_time",
        (
            (
                _t(
                    "been with Lycamobile for ages on the 15 quid plan and the data keeps "
                    "vanishing by the 20th. am i being throttled or just addicted to reels",
                    _f("phone_plan", "Lycamobile", "The user's phone plan is with Lycamobile."),
                ),
            ),
            (
                _t(
                    "ported my number over to Voxi last week, endless social media data for "
                    "a tenner, bye Lycamobile 👋",
                    _f(
                        "phone_plan",
                        "Voxi",
                        "The user's phone plan is with Voxi.",
                        replaces="Lycamobile",
                        ago=7,
                    ),
                ),
            ),
        ),
        (
            _P(
                "heading to Lisbon in april, do i need a data add-on or is roaming included?",
                ("Voxi",),
                (("Lycamobile", "stale"),),
            ),
            _P(
                "there's a £9 charge on my phone bill i don't recognise, who handles that?",
                ("Voxi",),
                (("Lycamobile", "stale"),),
            ),
        ),
        (("Lycamobile", "stale"),),
    ),
    _S(
        "car-dmax-ora",
        "one_at_a_time",
        (
            (
                _t(
                    "the Isuzu D-Max's headlight has gone foggy on the inside, is that "
                    "a seal thing? it's a 2014 so I'm not expecting miracles",
                    _f("car", "Isuzu D-Max", "The user drives an Isuzu D-Max."),
                ),
            ),
            (
                _t(
                    "traded the old D-Max in for an Ora Funky Cat a couple of weeks ago ⚡ first "
                    "electric car, range anxiety is REAL",
                    _f(
                        "car",
                        "Ora Funky Cat",
                        "The user drives an Ora Funky Cat.",
                        replaces="Isuzu D-Max",
                        ago=14,
                    ),
                ),
            ),
        ),
        (
            _P("how often does my car need servicing?", ("Ora Funky Cat",), (("D-Max", "stale"),)),
            _P(
                "plan a road trip from Bristol to the Peak District for me",
                ("Ora Funky Cat",),
                (("D-Max", "stale"),),
            ),
        ),
        (("D-Max", "stale"),),
    ),
    _S(
        "gym-third-space",
        "one_at_a_time",
        (
            (
                _t(
                    "my gym is Ironvale Fitness by the retail park and someone keeps leaving "
                    "the squat rack loaded with 140kg. etiquette for dealing with that?",
                    _f("gym", "Ironvale Fitness", "The user's gym is Ironvale Fitness."),
                ),
            ),
            (
                _t(
                    "cancelled Ironvale Fitness and joined Third Space instead, pricier but "
                    "there's a climbing wall and a sauna so i'm justifying it",
                    _f(
                        "gym",
                        "Third Space",
                        "The user's gym is Third Space.",
                        replaces="Ironvale Fitness",
                    ),
                ),
            ),
        ),
        (
            _P(
                "i want to try a new class this month, what's on offer where i train?",
                ("Third Space",),
                (("Ironvale Fitness", "stale"),),
            ),
            _P(
                "help me write a complaint about a broken locker at my gym",
                ("Third Space",),
                (("Ironvale Fitness", "stale"),),
            ),
        ),
        (("Ironvale Fitness", "stale"),),
    ),
    _S(
        "broadband-trooli",
        "one_at_a_time",
        (
            (
                _t(
                    "YouFibre has dropped out three times today during calls 😡 we're "
                    "planning to switch to Trooli when the contract ends. what do i "
                    "say to get out early?",
                    _f(
                        "internet_provider",
                        "YouFibre",
                        "The user's internet provider is YouFibre.",
                    ),
                    _f(
                        "internet_provider",
                        "Trooli",
                        "The user plans to switch to Trooli.",
                        modality="plan",
                    ),
                ),
            ),
            (
                _t(
                    "done, we're on Trooli now, the engineer's been and the "
                    "speed test is silly fast",
                    _f(
                        "internet_provider",
                        "Trooli",
                        "The user's internet provider is Trooli.",
                        replaces="YouFibre",
                    ),
                ),
            ),
        ),
        (
            _P(
                "the wifi's slow upstairs, who should i contact?",
                ("Trooli",),
                (("YouFibre", "stale"),),
            ),
            _P(
                "which bills do I need to update when I change bank?",
                ("Trooli",),
                (("YouFibre", "stale"),),
            ),
        ),
        (("YouFibre", "stale"),),
    ),
    _S(
        "energy-so",
        "one_at_a_time",
        (
            (
                _t(
                    "Utilita have sent me a bill for £612 for ONE quarter. in a 2-bed flat. "
                    "what should i check before i ring them",
                    _f("energy_provider", "Utilita", "The user's energy provider is Utilita."),
                ),
            ),
            (
                _t(
                    "switched to So Energy in the end, the Utilita saga was too much. "
                    "anyway how do I read a smart meter properly",
                    _f(
                        "energy_provider",
                        "So Energy",
                        "The user's energy provider is So Energy.",
                        replaces="Utilita",
                    ),
                ),
            ),
        ),
        (
            _P(
                "draft a message to my supplier about a wrong meter reading",
                ("So Energy",),
                (("Utilita", "stale"),),
            ),
            _P(
                "is there any winter discount scheme I could get?",
                ("So Energy",),
                (("Utilita", "stale"),),
            ),
        ),
        (("Utilita", "stale"),),
    ),
    _S(
        "manager-ayodele",
        "one_at_a_time",
        (
            (
                _t(
                    "my manager Wendelin schedules 1:1s at 8am on mondays and then doesn't "
                    "turn up 🙃 how do I raise it without sounding whiny",
                    _f("manager", "Wendelin", "The user's manager is Wendelin."),
                ),
            ),
            (
                _t(
                    "big news at work, Wendelin's moved to the Zurich office and my new "
                    "manager is Ayodele. she actually reads the agenda beforehand!!",
                    _f(
                        "manager",
                        "Ayodele",
                        "The user's manager is Ayodele.",
                        replaces="Wendelin",
                    ),
                    _f(
                        "office",
                        "Zurich office",
                        "Wendelin has moved to the Zurich office.",
                        holder="wendelin",
                        sv=True,
                    ),
                ),
            ),
        ),
        (
            _P(
                "performance review coming up, who do I send my self-assessment to "
                "and what should it say?",
                ("Ayodele",),
                (("Wendelin", "stale"),),
            ),
            _P(
                "write an email asking my boss for a training budget",
                ("Ayodele",),
                (("Wendelin", "stale"),),
            ),
        ),
        (("Wendelin", "stale"),),
        topics=_fs("work"),
    ),
    _S(
        "landlord-chestertons",
        "one_at_a_time",
        (
            (
                _t(
                    "our landlady Mrs Papadopoulou wants to do an inspection on boxing day?? "
                    "is that even allowed with 24 hours notice",
                    _f("landlord", "Mrs Papadopoulou", "The user's landlord is Mrs Papadopoulou."),
                ),
            ),
            (
                _t(
                    "update: Mrs Papadopoulou sold up, so the flat is managed by Chestertons "
                    "now. everything goes through a portal, which is something",
                    _f(
                        "landlord",
                        "Chestertons",
                        "The user's flat is managed by Chestertons.",
                        replaces="Mrs Papadopoulou",
                    ),
                ),
            ),
        ),
        (
            _P(
                "the shower's leaking into the flat below, who do I report it to?",
                ("Chestertons",),
                (("Papadopoulou", "stale"),),
            ),
            _P(
                "write a request to get a cat in my rental",
                ("Chestertons",),
                (("Papadopoulou", "stale"),),
            ),
        ),
        (("Papadopoulou", "stale"),),
    ),
    _S(
        "carrier-hallon",
        "one_at_a_time",
        (
            (
                _t(
                    "hej hej! my operator is Comviq and the 5G here is weirdly "
                    "worse than 4G was. is that a setting on my phone?",
                    _f("mobile_carrier", "Comviq", "The user's mobile carrier is Comviq."),
                ),
            ),
            (
                _t(
                    "bytte till Hallon förra veckan — swapped to Hallon last week, half the "
                    "price and the signal's fine 🤷",
                    _f(
                        "mobile_carrier",
                        "Hallon",
                        "The user's mobile carrier is Hallon.",
                        replaces="Comviq",
                        ago=7,
                    ),
                ),
            ),
        ),
        (
            _P(
                "how do I turn on wifi calling on my network?",
                ("Hallon",),
                (("Comviq", "stale"),),
            ),
            _P(
                "any cheap add-on for calling the UK from my phone?",
                ("Hallon",),
                (("Comviq", "stale"),),
            ),
        ),
        (("Comviq", "stale"),),
    ),
    _S(
        "keyboard-realforce",
        "one_at_a_time",
        (
            (
                _t(
                    "my keyboard's a Varmilo VA87M and the spacebar rattles like crazy. "
                    "should i lube the stabilizers or just swap them out?",
                    _f(
                        "keyboard",
                        "Varmilo VA87M",
                        "The user's keyboard is a Varmilo VA87M.",
                        sv=True,
                    ),
                ),
            ),
            (
                _t(
                    "retired the Varmilo VA87M, I'm on a Realforce R3 now and my wrists "
                    "are grateful. "
                    "maybe I'll build a split keyboard if I ever get a free weekend",
                    _f(
                        "keyboard",
                        "Realforce R3",
                        "The user's keyboard is a Realforce R3.",
                        sv=True,
                        replaces="Varmilo VA87M",
                    ),
                    _f(
                        "keyboard",
                        "split keyboard",
                        "The user might build a split keyboard one day.",
                        sv=True,
                        modality="hypothetical",
                    ),
                    slips=(
                        _Slip(
                            "hypothetical_as_fact",
                            _f(
                                "keyboard",
                                "split keyboard",
                                "The user types on a split keyboard.",
                                sv=True,
                            ),
                            "split keyboard",
                        ),
                    ),
                ),
            ),
        ),
        (
            _P(
                "what keycaps fit the keyboard I use now?",
                ("Realforce R3",),
                (("Varmilo", "stale"), ("split keyboard", "hypothetical")),
            ),
            _P(
                "recommend a wrist rest for my setup",
                ("Realforce R3",),
                (("Varmilo", "stale"),),
            ),
        ),
        (("Varmilo", "stale"), ("split keyboard", "hypothetical")),
    ),
    _S(
        "ioannina-kavala",
        "one_at_a_time",
        (
            (
                _t(
                    "μένω στα Γιάννενα, so Ioannina for you, and the lake fog in winter is "
                    "unreal. best dehumidifier for a damp ground-floor flat?",
                    _f("city", "Ioannina", "The user lives in Ioannina."),
                ),
            ),
            (
                _t(
                    "we've moved to Kavala as of ten days ago!! my brother is still in "
                    "Patras and keeps sulking that we didn't pick his end of the country",
                    _f(
                        "city",
                        "Kavala",
                        "The user lives in Kavala.",
                        replaces="Ioannina",
                        ago=10,
                    ),
                    _f(
                        "city",
                        "Patras",
                        "The user's brother lives in Patras.",
                        holder="brother",
                    ),
                    slips=(
                        _Slip(
                            "other_person_as_user",
                            _f("city", "Patras", "The user lives in Patras."),
                            "Patras",
                        ),
                    ),
                ),
            ),
        ),
        (
            _P(
                "where can I go for a seaside walk near where i live?",
                ("Kavala",),
                (("Ioannina", "stale"), ("Patras", "other_person")),
            ),
            _P(
                "where's my brother living these days?",
                ("Patras",),
                (("Ioannina", "stale"),),
                holder="brother",
            ),
        ),
        (("Ioannina", "stale"), ("Patras", "other_person")),
    ),
    _S(
        "tone-cheerleader",
        "one_at_a_time",
        (
            (
                _t(
                    "feel free to be sardonic with me, I like a bit of bite. here's my cv, "
                    "roast it",
                    _pref("tone", "sardonic", "The user wants a sardonic tone."),
                ),
            ),
            (
                _t(
                    "could you switch to cheerleader mode from here on? job hunting is grinding "
                    "me down and I can't take the snark right now",
                    _pref(
                        "tone",
                        "cheerleader",
                        "The user wants a cheerleader tone.",
                        replaces="sardonic",
                    ),
                ),
            ),
        ),
        (
            _P(
                "i'll send my cover letter next, how will you give me feedback?",
                ("cheerleader",),
                (("sardonic", "stale"),),
            ),
            _P(
                "look over my interview answers and tell me what you think",
                ("cheerleader",),
                (("sardonic", "stale"),),
            ),
        ),
        (("sardonic", "stale"),),
    ),
    _S(
        "job-caviste",
        "one_at_a_time",
        (
            (
                _t(
                    "head roaster at a tiny coffee roastery, 6am starts, and my cupping "
                    "notes still read like a toddler wrote them. how do pros describe flavour?",
                    _f("job_title", "head roaster", "The user is a head roaster."),
                ),
            ),
            (
                _t(
                    "career pivot complete 🍷 i passed the WSET 3 and i'm a caviste now, "
                    "no more 6am!!",
                    _f(
                        "job_title",
                        "caviste",
                        "The user is a caviste.",
                        replaces="head roaster",
                    ),
                ),
            ),
        ),
        (
            _P(
                "punchy instagram bio for me, max 150 characters",
                ("caviste",),
                (("roaster", "stale"),),
            ),
            _P(
                "help me update my cv's headline",
                ("caviste",),
                (("roaster", "stale"),),
            ),
        ),
        (("roaster", "stale"),),
        topics=_fs("work"),
    ),
)

_SCENARIOS: dict[str, tuple[_S, ...]] = {
    "retraction": _RETRACTION,
    "correction": _CORRECTION,
    "forget": _FORGET,
    "explicit_save": _EXPLICIT_SAVE,
    "one_at_a_time": _ONE_AT_A_TIME_SCENARIOS,
}

ONE_OFF_TEXTS: frozenset[str] = frozenset(
    t.text for scenarios in _SCENARIOS.values() for s in scenarios for t in s.turns
)
"""Every scenario turn: each written once, for one scenario."""

_FILLERS = (
    "whats a polite way to say no to a wedding invite without it being a whole thing",
    "350 fahrenheit in celsius? the oven dial is worn off",
    "give me a tongue twister for a 7 year olds party, not too rude",
    "how do i get candle wax off a linen tablecloth",
    "explain compound interest like im twelve pls",
    "is it fewer or less in 'ten items or ___'",
    "pub quiz team name ideas, punny ones",
    "how many tablespoons is a quarter cup",
    "write a limerick about a seagull stealing chips",
    "who vs whom, give me the one-line rule",
    "quick warm up routine before a parkrun?",
    "how do you say cheers in finnish",
)
"""Turns with nothing to keep, for a session no scenario step falls in (said by many users)."""

_IRRELEVANT = (
    "what is a neutron star made of?",
    "how do glaciers carve valleys?",
    "why did the Bronze Age collapse?",
    "how do bats echolocate?",
    "what is the Coriolis effect?",
    "who built Angkor Wat?",
    "how are diamonds formed underground?",
    "what makes quicksand dangerous?",
    "explain how a transistor switches",
    "how do fireflies glow?",
    "why is Mars red?",
    "what was the Silk Road?",
    "how do coral reefs grow?",
    "what is dark matter, briefly?",
    "how do hummingbirds hover?",
    "why do geysers erupt?",
    "who deciphered Linear B?",
    "how does a sundial work?",
    "what is the oldest known cave art?",
    "how do jellyfish survive without brains?",
)

_STOP = {"the", "and", "how", "why", "what", "who", "are", "for", "does", "many", "far"}


def _words(text: str) -> set[str]:
    found = {w.removesuffix("s") for w in re.findall(r"[^\W\d_]{3,}", text.casefold())}
    return found - _STOP


def _long_words(text: str) -> set[str]:
    """Words of four letters or more, stop words kept (the shared split check's reading)."""
    return set(re.findall(r"[^\W\d_]{4,}", text.casefold()))


# --------------------------------------------------------------------------- generation


def _conflict(a: _S, b: _S) -> bool:
    return bool(
        (a.slots & b.slots)
        or (a.forgets & b.topics)
        or (b.forgets & a.topics)
        or (a.first and b.first)
    )


def _plan(rng: random.Random, users: int) -> list[list[_S]]:
    """Three scenarios of three different kinds per user; every scenario once per round of
    twelve users of a kind; no two scenarios of one user in conflict (retried from the seed
    until a round needs no scenario twice)."""
    best: list[list[_S]] | None = None
    for _ in range(200):
        order = rng.sample(_SCENARIO_KINDS, len(_SCENARIO_KINDS))
        pools: dict[str, list[_S]] = {k: [] for k in order}
        clean = True
        plan: list[list[_S]] = []
        for u in range(users):
            mine: list[_S] = []
            for j in range(3):
                kind = order[(3 * u + j) % len(order)]
                pool = pools[kind]
                if not pool:
                    pool.extend(rng.sample(_SCENARIOS[kind], len(_SCENARIOS[kind])))
                pick = next((s for s in pool if not any(_conflict(s, m) for m in mine)), None)
                if pick is None:
                    clean = False
                    fresh = [s for s in _SCENARIOS[kind] if not any(_conflict(s, m) for m in mine)]
                    pick = rng.choice(fresh)
                else:
                    pool.remove(pick)
                mine.append(pick)
            plan.append(mine)
        if clean:
            return plan
        best = best or plan
    assert best is not None
    return best


def _conversation(
    u: int, scenarios: Sequence[_S], rng: random.Random
) -> tuple[HoConversation, list[tuple[str, ...]]]:
    n_sessions = rng.choice((3, 4))
    month = rng.randint(1, 12 - n_sessions)
    times = [
        datetime(
            2025,
            month + k,
            rng.randint(10, 20),
            rng.randint(7, 22),
            rng.randint(0, 59),
            tzinfo=timezone.utc,
        )
        for k in range(n_sessions)
    ]
    placed: list[list[tuple[int, _T]]] = [[] for _ in range(n_sessions)]
    for j, s in enumerate(scenarios):
        m = len(s.steps)
        if s.first:
            where = [0, *sorted(rng.sample(range(1, n_sessions), m - 1))]
        else:
            where = sorted(rng.sample(range(n_sessions), m))
        for step, k in zip(s.steps, where, strict=True):
            rank = -1 if s.first and k == 0 else j
            placed[k].extend((rank, t) for t in step)
    fillers = rng.sample(_FILLERS, len(_FILLERS))
    sessions = []
    for k, at in enumerate(times):
        turns = [t for _, t in sorted(placed[k], key=lambda rt: rt[0])]
        if not turns:
            turns = [_T(fillers.pop())]
        sessions.append((at, tuple(t.build(at) for t in turns)))
    said_text = " ".join(t.text for _, ts in sessions for t in ts)
    said, said_long = _words(said_text), _long_words(said_text)
    irrelevant = next(
        (
            r
            for r in rng.sample(_IRRELEVANT, len(_IRRELEVANT))
            if not _words(r) & said and not _long_words(r) & said_long
        ),
        None,
    )
    if irrelevant is None:
        raise RuntimeError(f"no irrelevant request fits user {PREFIX}{u}")
    probes = [
        HoProbe(p.request, p.present, p.absent, kind=s.kind, holder=p.holder)
        for s in scenarios
        for p in s.probes
    ]
    probes.append(HoProbe(irrelevant, irrelevant=True, kind="irrelevant"))
    forbidden = tuple(f for s in scenarios for f in s.forbidden)
    conv = HoConversation(
        user_id=f"{PREFIX}{u}",
        sessions=tuple(sessions),
        probes=tuple(probes),
        probe_at=times[-1] + timedelta(days=rng.randint(20, 40), hours=rng.randint(0, 5)),
        forbidden=forbidden,
        kinds=(*(s.kind for s in scenarios), "irrelevant"),
    )
    return conv, [tuple(t.text for t in s.turns) for s in scenarios]


def _build(seed: int, users: int) -> list[tuple[HoConversation, list[tuple[str, ...]]]]:
    if users < 1:
        raise ValueError(f"users must be at least 1, got {users}")
    rng = random.Random(f"heldout_v10_b:{seed}")
    plan = _plan(rng, users)
    return [_conversation(u, scenarios, rng) for u, scenarios in enumerate(plan)]


def generate_heldout_v10_b(*, seed: int = 0, users: int = 20) -> list[HoConversation]:
    """The split: ``users`` simulated users ``h10b-0``, ``h10b-1``, ..., deterministic from
    ``seed``.

    Example:
        >>> convs = generate_heldout_v10_b(seed=1, users=2)
        >>> [len(c.kinds) for c in convs], convs[0].probes[-1].irrelevant
        ([4, 4], True)
    """
    return [conv for conv, _ in _build(seed, users)]


def scenario_texts(*, seed: int = 0, users: int = 20) -> dict[str, list[tuple[str, ...]]]:
    """Each user's three scenarios, as the texts of their turns (for the split's tests)."""
    return {conv.user_id: texts for conv, texts in _build(seed, users)}


def one_off_share(convs: Sequence[HoConversation]) -> float:
    """The share of all turns that are a one-off text said once in ``convs``.

    Example:
        >>> one_off_share([])
        0.0
    """
    texts = [t.text for c in convs for _, turns in c.sessions for t in turns]
    if not texts:
        return 0.0
    once = Counter(texts)
    return sum(t in ONE_OFF_TEXTS and once[t] == 1 for t in texts) / len(texts)
