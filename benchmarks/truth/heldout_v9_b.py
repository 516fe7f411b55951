"""Held-out split v9, part b: retraction, correction, forget, explicit save, one at a time.

Written blind on 2026-12-02 (session ten) for issue #12, by an author who read only the
split types (``conversations.py``, ``modes.py``), the scorers, the split checks, the
candidate model's fields and the policy's predicate names, and none of the product's rules,
the earlier splits or the tuning material. Every scenario turn is written once, by hand, as
people type to an assistant (lowercase, typos, emoji, a fact in the middle of a request,
non-English names and places, relative dates); the filler turns that keep a session from
being empty are the only texts said by more than one user.

Kinds (each scenario probed once or twice, in a session after all the statements):

* ``retraction``: something stops being true and nothing takes its place (a pet died, a
  job quit with no next one, a habit stopped, "turns out I'm not ...").
* ``correction``: a value said wrong and put right, in the same turn or a later one.
* ``forget``: the user asks in plain words to forget or stop keeping something, by value,
  by topic or everything (a forget-everything scenario opens its user's first session).
* ``explicit_save``: the user asks for something to be kept; later requests it should
  reach, constraints among them.
* ``one_at_a_time``: an attribute a person has one of at a time (a plan, a car, a gym),
  switched later.
* ``irrelevant``: one request per user about nothing the user said (last of its probes).

Each user gets three scenarios of three different kinds over three or four sessions
three to six weeks apart; at 20 users every scenario is used exactly once, and no two
scenarios of one user touch the same one-at-a-time attribute or a topic one of them
forgets.

Example:
    >>> [c.user_id for c in generate_heldout_v9_b(seed=0, users=3)]
    ['h9b-0', 'h9b-1', 'h9b-2']
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
    "generate_heldout_v9_b",
    "one_off_share",
    "scenario_texts",
]

PREFIX = "h9b-"
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

_RETRACTION = (
    _S(
        "pet-died",
        "retraction",
        (
            (
                _t(
                    "ok random q but my dog Bruno keeps eating grass and then Pixel (the cat) "
                    "copies him?? is that normal or should i worry",
                    _f("pet", "Bruno", "The user has a dog called Bruno."),
                    _f("pet", "Pixel", "The user has a cat called Pixel."),
                ),
            ),
            (
                _t(
                    "bit of a sad one, we had to put Pixel to sleep a couple of weeks ago. "
                    "kidneys. anyway Bruno is moping around the flat, how do I cheer up a "
                    "grieving dog",
                    _gone("pet", "Pixel", "The user's cat Pixel has died."),
                ),
            ),
        ),
        (
            _P(
                "planning a long weekend in the Lake District, what do I need to sort out at "
                "home before I go?",
                ("Bruno",),
                (("Pixel", "retracted"),),
            ),
            _P(
                "vet bills are getting steep, is insurance worth it for us?",
                ("Bruno",),
                (("Pixel", "retracted"),),
            ),
        ),
        (("Pixel", "retracted"),),
    ),
    _S(
        "quit-job",
        "retraction",
        (
            (
                _t(
                    "morning! backend dev at Zalando here, mostly Kotlin, and I need a regex "
                    "that matches German postcodes",
                    _f("employer", "Zalando", "The user works at Zalando."),
                    _f("skill", "Kotlin", "The user writes Kotlin."),
                ),
            ),
            (
                _t(
                    "so... I handed in my notice at Zalando on friday. no plan yet honestly, "
                    "taking the summer off to breathe. can you help me draft a goodbye "
                    "message to the team that doesn't sound bitter",
                    _gone("employer", "Zalando", "The user no longer works at Zalando."),
                ),
            ),
        ),
        (
            _P(
                "give me three options for my LinkedIn headline",
                ("Kotlin",),
                (("Zalando", "retracted"),),
            ),
            _P(
                "write me a two-line bio for a hiking meetup profile",
                (),
                (("Zalando", "retracted"),),
            ),
        ),
        (("Zalando", "retracted"),),
        topics=_fs("work"),
    ),
    _S(
        "cold-plunge",
        "retraction",
        (
            (
                _t(
                    "I do a cold plunge every morning at 6, it's been life changing tbh. "
                    "what's a good breakfast after that which isn't oats",
                    _f("routine", "cold plunge", "The user does a cold plunge every morning."),
                ),
            ),
            (
                _t(
                    "stopped the cold plunge stuff, my GP wasn't keen given my blood pressure. "
                    "I still want to get up early though, ideas for the first hour of the day?",
                    _gone("routine", "cold plunge", "The user stopped doing cold plunges."),
                ),
            ),
        ),
        (
            _P(
                "lots of early starts next week, what should those mornings look like",
                (),
                (("cold plunge", "retracted"),),
            ),
            _P(
                "sketch me a realistic wellness plan for january",
                (),
                (("cold plunge", "retracted"),),
            ),
        ),
        (("cold plunge", "retracted"),),
        topics=_fs("health"),
    ),
    _S(
        "not-allergic",
        "retraction",
        (
            (
                _t(
                    "For the record I'm allergic to penicillin and latex, the hospital form "
                    "asks every single time. Can you make me a little card text I can keep in "
                    "my wallet?",
                    _f("allergy", "penicillin", "The user is allergic to penicillin."),
                    _f("allergy", "latex", "The user is allergic to latex."),
                ),
            ),
            (
                _t(
                    "update from the allergy clinic: turns out I'm not allergic to penicillin "
                    "at all, it was a rash from a virus when I was little. the latex one is "
                    "still very real though 🙄",
                    _gone("allergy", "penicillin", "The user is not allergic to penicillin."),
                    _f("allergy", "latex", "The user is allergic to latex."),
                ),
            ),
        ),
        (
            _P(
                "I'm getting a tooth out on monday, anything I should tell the dentist beforehand?",
                ("latex",),
                (("penicillin", "retracted"),),
            ),
            _P(
                "sinus infection again. which antibiotics do GPs usually start with, so I "
                "know what to ask?",
                (),
                (("penicillin", "retracted"),),
            ),
        ),
        (("penicillin", "retracted"),),
        topics=_fs("health"),
    ),
    _S(
        "veggie-no-more",
        "retraction",
        (
            (
                _t(
                    "been vegetarian for about six years, my other half isn't, so cooking is a "
                    "negotiation lol. quick one-pan dinner for two?",
                    _f(
                        "dietary_restriction",
                        "vegetarian",
                        "The user is vegetarian.",
                    ),
                ),
            ),
            (
                _t(
                    "confession: eating meat again since the summer, my iron was awful. so no "
                    "more veggie-only filter on my stuff please, I'm not vegetarian anymore",
                    _gone(
                        "dietary_restriction",
                        "vegetarian",
                        "The user is no longer vegetarian.",
                    ),
                ),
            ),
        ),
        (
            _P(
                "what can I make for sunday lunch with the in-laws",
                (),
                (("vegetarian", "retracted"),),
            ),
            _P(
                "pick a restaurant style for a friday night out with friends",
                (),
                (("vegetarian", "retracted"),),
            ),
        ),
        (("vegetarian", "retracted"),),
        topics=_fs("health"),
    ),
    _S(
        "sold-car",
        "retraction",
        (
            (
                _t(
                    "my Skoda Octavia needs winter tyres, which size do I even look for?? "
                    "it's the 2019 estate",
                    _f("car", "Skoda Octavia", "The user drives a Skoda Octavia."),
                ),
            ),
            (
                _t(
                    "the Skoda Octavia is gone!! sold it last month, no car at all now, just "
                    "me and my tram pass. weirdly freeing",
                    _gone("car", "Skoda Octavia", "The user sold their Skoda Octavia."),
                ),
            ),
        ),
        (
            _P(
                "best way to get to IKEA on saturday and back with a bookshelf?",
                (),
                (("Skoda Octavia", "retracted"),),
            ),
            _P(
                "my insurance renewal letters are a mess, which policies do I actually still need?",
                (),
                (("Skoda Octavia", "retracted"),),
            ),
        ),
        (("Skoda Octavia", "retracted"),),
    ),
    _S(
        "broke-up",
        "retraction",
        (
            (
                _t(
                    "Tomasz and I are doing a weekend in Gdańsk for our anniversary, where "
                    "should we eat? he hates anything too fancy",
                    _f("partner", "Tomasz", "The user's partner is Tomasz."),
                    _f(
                        "dislike",
                        "fancy",
                        "Tomasz hates fancy restaurants.",
                        holder="tomasz",
                    ),
                    slips=(
                        _Slip(
                            "other_person_as_user",
                            _f("dislike", "fancy", "The user hates fancy restaurants."),
                            "fancy",
                        ),
                    ),
                ),
            ),
            (
                _t(
                    "heads up, Tomasz and I broke up back in the spring. it's fine. mostly. "
                    "I'd like ideas for doing stuff on my own now",
                    _gone("partner", "Tomasz", "The user and Tomasz have broken up."),
                ),
            ),
        ),
        (
            _P(
                "plan me a relaxing long weekend somewhere by the sea",
                (),
                (("Tomasz", "retracted"),),
            ),
            _P("ideas for valentine's evening this year?", (), (("Tomasz", "retracted"),)),
        ),
        (("Tomasz", "retracted"), ("fancy", "other_person")),
    ),
    _S(
        "no-more-bouldering",
        "retraction",
        (
            (
                _t(
                    "I've got two hobbies that eat all my money: bouldering and pottery 😅 how "
                    "do normal people budget for this",
                    _f("hobby", "bouldering", "The user's hobbies include bouldering."),
                    _f("hobby", "pottery", "The user's hobbies include pottery."),
                ),
            ),
            (
                _t(
                    "shoulder's wrecked, so bouldering is over for me, physio's orders. the "
                    "pottery wheel is getting a lot more love now",
                    _gone("hobby", "bouldering", "The user has given up bouldering."),
                ),
            ),
        ),
        (
            _P(
                "what should I do with a free saturday afternoon?",
                ("pottery",),
                (("bouldering", "retracted"),),
            ),
            _P(
                "my friends keep asking what I want for my birthday, something I'd use?",
                ("pottery",),
                (("bouldering", "retracted"),),
            ),
        ),
        (("bouldering", "retracted"),),
    ),
    _S(
        "cancelled-gym",
        "retraction",
        (
            (
                _t(
                    "is it rude to ask the staff at Basic-Fit to turn the music down? it's SO "
                    "loud at 7am",
                    _f("gym", "Basic-Fit", "The user goes to Basic-Fit."),
                ),
            ),
            (
                _t(
                    "cancelled my Basic-Fit membership. I'll just do stuff in the living room "
                    "with a kettlebell from now on",
                    _gone("gym", "Basic-Fit", "The user cancelled their Basic-Fit membership."),
                ),
            ),
        ),
        (
            _P("give me a 30 minute workout for tomorrow", (), (("Basic-Fit", "retracted"),)),
            _P(
                "trying to cut monthly subscriptions, what am I probably paying for?",
                (),
                (("Basic-Fit", "retracted"),),
            ),
        ),
        (("Basic-Fit", "retracted"),),
    ),
    _S(
        "not-gluten",
        "retraction",
        (
            (
                _t(
                    "gluten intolerant here so bakeries are basically museums for me. any "
                    "good flours for a birthday cake at home?",
                    _f("intolerance", "gluten", "The user is gluten intolerant."),
                ),
            ),
            (
                _t(
                    "ok so the endoscopy came back clean, I'm not gluten intolerant after "
                    "all?? doc thinks it was stress. I am going to eat ALL the croissants",
                    _gone("intolerance", "gluten", "The user is not gluten intolerant."),
                ),
            ),
        ),
        (
            _P(
                "brunch for six people this weekend, what do I make?",
                (),
                (("gluten", "retracted"),),
            ),
            _P(
                "which bakes should a beginner try first?",
                (),
                (("gluten", "retracted"),),
            ),
        ),
        (("gluten", "retracted"),),
        topics=_fs("health"),
    ),
    _S(
        "food-bank-closed",
        "retraction",
        (
            (
                _t(
                    "saturdays I volunteer at the food bank on Mill Road, which is why I can "
                    "never do brunch. what's a good excuse that isn't a lie lol",
                    _f(
                        "routine",
                        "food bank",
                        "The user volunteers at the food bank on Saturdays.",
                    ),
                ),
            ),
            (
                _t(
                    "the food bank shut down in october, gutted. so my saturdays are "
                    "suddenly empty",
                    _gone(
                        "routine", "food bank", "The user no longer volunteers at the food bank."
                    ),
                ),
            ),
        ),
        (
            _P(
                "my mates want to do something this weekend, morning or afternoon, what "
                "could we do?",
                (),
                (("food bank", "retracted"),),
            ),
            _P("how could I fill my saturday mornings now?", (), (("food bank", "retracted"),)),
        ),
        (("food bank", "retracted"),),
    ),
    _S(
        "left-chess-club",
        "retraction",
        (
            (
                _t(
                    "tuesday nights are chess club (Šachklub Vyšehrad) so don't suggest "
                    "anything then haha. ok what's a good opening for a total beginner",
                    _f(
                        "club",
                        "Šachklub Vyšehrad",
                        "The user plays at Šachklub Vyšehrad on Tuesday nights.",
                        sv=False,
                    ),
                ),
            ),
            (
                _t(
                    "I quit Šachklub Vyšehrad, too much politics for a board game club. "
                    "tuesdays are free again",
                    _gone(
                        "club",
                        "Šachklub Vyšehrad",
                        "The user left Šachklub Vyšehrad.",
                        sv=False,
                    ),
                ),
            ),
        ),
        (
            _P(
                "which evening this week could I fit in a language exchange?",
                (),
                (("Šachklub Vyšehrad", "retracted"),),
            ),
            _P(
                "suggest a weekly evening class I could actually keep up",
                (),
                (("Šachklub Vyšehrad", "retracted"),),
            ),
        ),
        (("Šachklub Vyšehrad", "retracted"),),
    ),
)

# --------------------------------------------------------------------------- correction

_CORRECTION = (
    _S(
        "leeds-leicester",
        "correction",
        (
            (
                _t(
                    "moved to Leeds in the autumn for a new job, still finding my feet. how do "
                    "you meet people in a new city when you're 34 and boring",
                    _f("city", "Leeds", "The user lives in Leeds."),
                ),
            ),
            (
                _t(
                    "wait did I tell you Leeds before? I meant Leicester. I always mix the two "
                    "up, it's embarrassing",
                    _f("city", "Leicester", "The user lives in Leicester.", corrects="Leeds"),
                ),
            ),
        ),
        (
            _P("good brunch spots near me for sunday?", ("Leicester",), (("Leeds", "corrected"),)),
            _P(
                "I need a walk-in barber that's open late",
                ("Leicester",),
                (("Leeds", "corrected"),),
            ),
        ),
        (("Leeds", "corrected"),),
    ),
    _S(
        "bjorn-spelling",
        "correction",
        (
            (
                _t(
                    "our new kitten Bjorn has discovered the curtains. how do I stop him "
                    "climbing them without spraying him",
                    _f("pet", "Bjorn", "The user has a kitten called Bjorn."),
                ),
            ),
            (
                _t(
                    "small thing: it's Björn with the ö, my Swedish flatmate was very "
                    "offended on his behalf 😂",
                    _f("pet", "Björn", "The user has a kitten called Björn.", corrects="Bjorn"),
                ),
            ),
        ),
        (
            _P(
                "write some notes for the cat-sitter while I'm away next week",
                ("Björn",),
                (("Bjorn", "corrected"),),
            ),
            _P(
                "name ideas for a second kitten that go with the first one's",
                ("Björn",),
                (("Bjorn", "corrected"),),
            ),
        ),
        (("Bjorn", "corrected"),),
    ),
    _S(
        "tree-nuts",
        "correction",
        (
            (
                _t(
                    "we're doing a potluck at work and I need to tell people what I can't eat "
                    "— I'm allergic to peanuts. no wait, not peanuts, tree nuts. peanuts are "
                    "weirdly fine. cashews and walnuts are the problem",
                    _f(
                        "allergy",
                        "tree nuts",
                        "The user is allergic to tree nuts.",
                        corrects="peanuts",
                    ),
                ),
            ),
            (_t("ordering thai tonight, what should I steer clear of on the menu?"),),
        ),
        (
            _P(
                "baking cookies for the office bake sale, which ones can I taste?",
                ("tree nuts",),
                (("peanuts", "corrected"),),
            ),
            _P(
                "write a note for the restaurant booking about my food stuff",
                ("tree nuts",),
                (("peanuts", "corrected"),),
            ),
        ),
        (("peanuts", "corrected"),),
        topics=_fs("health", "work"),
    ),
    _S(
        "birthday-june",
        "correction",
        (
            (
                _t(
                    "my birthday is 14 May and I refuse to work that day. remind me how to set "
                    "an out-of-office in outlook?",
                    _f("birthday", "14 May", "The user's birthday is 14 May."),
                ),
            ),
            (
                _t(
                    "ugh I typed May earlier but my birthday is 14 June. may is my mum's lol",
                    _f(
                        "birthday",
                        "14 June",
                        "The user's birthday is 14 June.",
                        corrects="14 May",
                    ),
                ),
            ),
        ),
        (
            _P(
                "help me plan a party on the weekend closest to my big day",
                ("14 June",),
                (("14 May", "corrected"),),
            ),
            _P(
                "which day should I take off work next summer for myself?",
                ("14 June",),
                (("14 May", "corrected"),),
            ),
        ),
        (("14 May", "corrected"),),
    ),
    _S(
        "newark-jfk",
        "correction",
        (
            (
                _t(
                    "I always fly out of Newark. find me a cheap way to get to Porto in march?",
                    _f("home_airport", "Newark", "The user flies out of Newark."),
                ),
            ),
            (
                _t(
                    "sorry, I said Newark but I meant JFK. Newark is a nightmare from where I live",
                    _f(
                        "home_airport",
                        "JFK",
                        "The user flies out of JFK.",
                        corrects="Newark",
                    ),
                ),
            ),
        ),
        (
            _P(
                "flights to Reykjavík for a long weekend in november, what are my options",
                ("JFK",),
                (("Newark", "corrected"),),
            ),
            _P(
                "cheapest way to get to Chicago for a wedding in october?",
                ("JFK",),
                (("Newark", "corrected"),),
            ),
        ),
        (("Newark", "corrected"),),
    ),
    _S(
        "orsted-vestas",
        "correction",
        (
            (
                _t(
                    "Working at Ørsted has me thinking about heat pumps for my own house lol. "
                    "air-to-water vs ground source, which is less hassle?",
                    _f("employer", "Ørsted", "The user works at Ørsted."),
                ),
            ),
            (
                _t(
                    "did I say Ørsted?? I meant Vestas, sorry. too many Danish wind "
                    "companies in my head",
                    _f("employer", "Vestas", "The user works at Vestas.", corrects="Ørsted"),
                ),
            ),
        ),
        (
            _P(
                "draft a short intro about me for a conference panel",
                ("Vestas",),
                (("Ørsted", "corrected"),),
            ),
            _P(
                "fill in the employer field on this mortgage form for me",
                ("Vestas",),
                (("Ørsted", "corrected"),),
            ),
        ),
        (("Ørsted", "corrected"),),
        topics=_fs("work"),
    ),
    _S(
        "ingrida",
        "correction",
        (
            (
                _t(
                    "my wife Ingrid wants a surprise for our 10th anniversary, something that "
                    "isn't jewellery. budget about 300 euro",
                    _f("partner", "Ingrid", "The user's wife is Ingrid."),
                ),
            ),
            (
                _t(
                    "ah and it's Ingrida, not Ingrid — Lithuanian, she'd kill me if she saw that",
                    _f("partner", "Ingrida", "The user's wife is Ingrida.", corrects="Ingrid"),
                ),
            ),
        ),
        (
            _P(
                "book us a weekend for two somewhere warm in february",
                ("Ingrida",),
                (("Ingrid", "corrected"),),
            ),
            _P("what should I write in the card?", ("Ingrida",), (("Ingrid", "corrected"),)),
        ),
        (("Ingrid", "corrected"),),
    ),
    _S(
        "pescatarian",
        "correction",
        (
            (
                _t(
                    "I'm vegan btw, so any meal plan has to work with that. I want to put on "
                    "some muscle before spring",
                    _f("dietary_restriction", "vegan", "The user is vegan."),
                ),
            ),
            (
                _t(
                    "ok being honest I'm more pescatarian. I said vegan but I do eat fish, and "
                    "eggs sometimes",
                    _f(
                        "dietary_restriction",
                        "pescatarian",
                        "The user is pescatarian.",
                        corrects="vegan",
                    ),
                ),
            ),
        ),
        (
            _P(
                "high protein lunches I can take to work",
                ("pescatarian",),
                (("vegan", "corrected"),),
            ),
            _P(
                "plan a dinner party menu for six friends",
                ("pescatarian",),
                (("vegan", "corrected"),),
            ),
        ),
        (("vegan", "corrected"),),
    ),
    _S(
        "australia",
        "correction",
        (
            (
                _t(
                    "we relocated to Austria in january and I still don't get the tax system "
                    "here. what's a 'tax file number'?",
                    _f("country", "Austria", "The user lives in Austria."),
                ),
                _t(
                    "AUSTRALIA. not Austria. autocorrect strikes again 🙃 no wonder the tax "
                    "answer was confusing",
                    _f("country", "Australia", "The user lives in Australia.", corrects="Austria"),
                ),
            ),
        ),
        (
            _P(
                "what should I pack for the christmas holidays at home, beach or snow?",
                ("Australia",),
                (("Austria", "corrected"),),
            ),
            _P(
                "which plug adapter do I need for the electronics I brought with me",
                ("Australia",),
                (("Austria", "corrected"),),
            ),
        ),
        (("Austria", "corrected"),),
    ),
    _S(
        "matteo",
        "correction",
        (
            (
                _t(
                    "My son Mateo starts nursery in september and I'm a wreck. how do you do "
                    "the goodbye without tears (mine)",
                    _f("child", "Mateo", "The user's son is Mateo."),
                ),
                _t(
                    "ugh typo up there: Matteo, double t. his nonna would disown me",
                    _f("child", "Matteo", "The user's son is Matteo.", corrects="Mateo"),
                ),
            ),
        ),
        (
            _P(
                "labels for the lunchbox and coat, what should they say?",
                ("Matteo",),
                (("Mateo", "corrected"),),
            ),
            _P("party theme ideas for the little one", ("Matteo",), (("Mateo", "corrected"),)),
        ),
        (("Mateo", "corrected"),),
    ),
    _S(
        "data-engineer",
        "correction",
        (
            (
                _t(
                    "I'm a data analyst at a logistics startup and my CV is a mess. can you "
                    "tighten up this bullet: 'did dashboards'",
                    _f("job_title", "data analyst", "The user is a data analyst."),
                ),
            ),
            (
                _t(
                    "fwiw my actual title is data engineer, I keep calling myself an analyst "
                    "out of habit. the CV should say engineer",
                    _f(
                        "job_title",
                        "data engineer",
                        "The user is a data engineer.",
                        corrects="data analyst",
                    ),
                ),
            ),
        ),
        (
            _P(
                "rewrite my LinkedIn summary in three sentences",
                ("data engineer",),
                (("data analyst", "corrected"),),
            ),
            _P(
                "what should my email signature say?",
                ("data engineer",),
                (("data analyst", "corrected"),),
            ),
        ),
        (("data analyst", "corrected"),),
        topics=_fs("work"),
    ),
    _S(
        "catalan",
        "correction",
        (
            (
                _t(
                    "from now on reply in Spanish please — perdón, en catalán, no en "
                    "castellano. I'm practising Catalan for my in-laws in Girona",
                    _pref(
                        "response_language",
                        "Catalan",
                        "The user wants replies in Catalan.",
                        corrects="Spanish",
                    ),
                ),
            ),
            (_t("bon dia! com va? necessito ajuda amb un correu per al meu sogre"),),
        ),
        (
            _P(
                "help me write a message to the plumber about the leak",
                ("Catalan",),
                (("Spanish", "corrected"),),
            ),
            _P("write a birthday note for my sister", ("Catalan",), (("Spanish", "corrected"),)),
        ),
        (("Spanish", "corrected"),),
    ),
)

# --------------------------------------------------------------------------- forget

_FORGET = (
    _S(
        "forget-ex",
        "forget",
        (
            (
                _t(
                    "my ex, Dariusz, still has my Netflix password lol. how do I log everyone "
                    "out without it becoming a Thing",
                    _f("ex_partner", "Dariusz", "The user's ex is Dariusz.", sv=True),
                ),
            ),
            (_t("please forget Dariusz entirely. I don't want his name coming up ever again"),),
        ),
        (
            _P("movie night ideas for this friday", (), (("Dariusz", "forgotten"),)),
            _P(
                "I need to change all my streaming passwords, where do I start",
                (),
                (("Dariusz", "forgotten"),),
            ),
        ),
        (("Dariusz", "forgotten"),),
    ),
    _S(
        "forget-health",
        "forget",
        (
            (
                _t(
                    "I'm on sertraline, 50mg, since the spring. is one glass of wine at a "
                    "wedding on saturday ok?",
                    _f("medication", "sertraline", "The user takes sertraline.", sv=False),
                ),
            ),
            (
                _t(
                    "actually can you not keep anything about my meds or health? I'd rather "
                    "that stays out of your memory"
                ),
            ),
        ),
        (
            _P(
                "tips for sleeping better before a big presentation",
                (),
                (("sertraline", "forgotten"),),
            ),
            _P(
                "put together a first aid kit list for a hiking trip",
                (),
                (("sertraline", "forgotten"),),
            ),
        ),
        (("sertraline", "forgotten"),),
        forgets=_fs("health"),
    ),
    _S(
        "forget-all-noor",
        "forget",
        (
            (
                _t(
                    "hi! I'm Noor, I live in Utrecht and I'm a primary school teacher. need a "
                    "name for my class's pet snail",
                    _f("preferred_name", "Noor", "The user's name is Noor."),
                    _f("city", "Utrecht", "The user lives in Utrecht."),
                    _f(
                        "job_title",
                        "primary school teacher",
                        "The user is a primary school teacher.",
                    ),
                ),
                _t(
                    "actually you know what, forget everything I've told you. wipe it all, I "
                    "want a clean slate"
                ),
            ),
            (
                _t(
                    "new start then: I'm training for the Rotterdam marathon in april 🏃‍♀️",
                    _f(
                        "current_goal",
                        "Rotterdam marathon",
                        "The user is training for the Rotterdam marathon.",
                    ),
                ),
            ),
        ),
        (
            _P(
                "make me a weekly plan for my evenings",
                ("Rotterdam marathon",),
                (("Utrecht", "forgotten"), ("Noor", "forgotten")),
            ),
            _P(
                "what should my intro say on a new networking app?",
                (),
                (("primary school teacher", "forgotten"), ("Utrecht", "forgotten")),
            ),
        ),
        (("Utrecht", "forgotten"), ("Noor", "forgotten"), ("primary school teacher", "forgotten")),
        first=True,
    ),
    _S(
        "forget-street",
        "forget",
        (
            (
                _t(
                    "if you ever need an address for a template it's Kastanjelaan 12 in "
                    "Haarlem. anyway: complaint letter to my energy company about a double "
                    "charge pls",
                    _f(
                        "address",
                        "Kastanjelaan 12",
                        "The user's address is Kastanjelaan 12.",
                        sv=True,
                    ),
                    _f("city", "Haarlem", "The user lives in Haarlem."),
                ),
            ),
            (
                _t(
                    "forget my street address please, I shouldn't have typed it here. the "
                    "city is fine to keep"
                ),
            ),
        ),
        (
            _P(
                "fill in a letter template for sending back a parcel",
                ("Haarlem",),
                (("Kastanjelaan", "forgotten"),),
            ),
            _P(
                "write my details at the top of a formal letter to the council",
                ("Haarlem",),
                (("Kastanjelaan", "forgotten"),),
            ),
        ),
        (("Kastanjelaan", "forgotten"),),
    ),
    _S(
        "forget-work",
        "forget",
        (
            (
                _t(
                    "our CTO at Brightwave just announced layoffs and I'm not on the list, "
                    "thank god. how do I support my teammates who are?",
                    _f("employer", "Brightwave", "The user works at Brightwave."),
                ),
            ),
            (
                _t(
                    "please stop remembering things about my job. nothing about Brightwave or "
                    "work in general, I keep that separate"
                ),
            ),
        ),
        (
            _P(
                "help me write a toast for my friend's leaving do",
                (),
                (("Brightwave", "forgotten"),),
            ),
            _P("write a short bio for my running club page", (), (("Brightwave", "forgotten"),)),
        ),
        (("Brightwave", "forgotten"),),
        topics=_fs("work"),
        forgets=_fs("work"),
    ),
    _S(
        "forget-school",
        "forget",
        (
            (
                _t(
                    "the school run to Escola Bàsica Sant Martí is killing me, 25 minutes each "
                    "way. any podcasts for the car that aren't true crime?",
                    _f(
                        "school",
                        "Escola Bàsica Sant Martí",
                        "The user's child goes to Escola Bàsica Sant Martí.",
                        holder="child",
                        sv=True,
                    ),
                ),
            ),
            (
                _t(
                    "one more thing, forget the name of the school I mentioned, my wife says "
                    "we shouldn't have that floating around. thanks!"
                ),
            ),
        ),
        (
            _P(
                "audiobook recommendations for a long drive",
                (),
                (("Escola Bàsica Sant Martí", "forgotten"),),
            ),
            _P(
                "help me write a note to the teacher about a dentist visit",
                (),
                (("Escola Bàsica Sant Martí", "forgotten"),),
            ),
        ),
        (("Escola Bàsica Sant Martí", "forgotten"),),
    ),
    _S(
        "forget-salary",
        "forget",
        (
            (
                _t(
                    "I make 62k before tax and rent is 1,450 a month. is saving 500 a month "
                    "realistic or am I dreaming",
                    _f("salary", "62k", "The user earns 62k before tax.", sv=True),
                    _f("rent", "1,450", "The user's rent is 1,450 a month.", sv=True),
                ),
            ),
            (_t("can you delete the salary number I gave you? don't want that stored anywhere"),),
        ),
        (
            _P(
                "help me budget for two weeks in Japan next year",
                ("1,450",),
                (("62k", "forgotten"),),
            ),
            _P("am I paying too much for housing, roughly?", ("1,450",), (("62k", "forgotten"),)),
        ),
        (("62k", "forgotten"),),
    ),
    _S(
        "forget-sister",
        "forget",
        (
            (
                _t(
                    "my sister Kalinda is moving in with me for a few months after her "
                    "divorce, she's allergic to cats and I have two. help??",
                    _f("sibling", "Kalinda", "The user's sister is Kalinda."),
                    _f("allergy", "cats", "Kalinda is allergic to cats.", holder="kalinda"),
                ),
            ),
            (
                _t(
                    "hey, could you forget everything about my sister? she asked me not to "
                    "share her stuff with AI things. nothing personal"
                ),
            ),
        ),
        (
            _P("plan a cosy night in for this weekend", (), (("Kalinda", "forgotten"),)),
            _P(
                "who should I invite to a small board game night and what games?",
                (),
                (("Kalinda", "forgotten"),),
            ),
        ),
        (("Kalinda", "forgotten"),),
    ),
    _S(
        "forget-nickname",
        "forget",
        (
            (
                _t(
                    "call me Bubbles, everyone at work does, don't ask. can you write my email "
                    "sign-off so it's friendly but professional? I'm an account manager",
                    _pref("preferred_name", "Bubbles", "The user wants to be called Bubbles."),
                    _f("job_title", "account manager", "The user is an account manager."),
                ),
            ),
            (
                _t(
                    "ok the nickname thing was a joke that got out of hand. forget Bubbles, "
                    "please. just Hannah",
                    _pref("preferred_name", "Hannah", "The user wants to be called Hannah."),
                ),
            ),
        ),
        (
            _P(
                "write a quick hello to a new client",
                ("Hannah", "account manager"),
                (("Bubbles", "forgotten"),),
            ),
            _P(
                "how should I sign off a thank-you note to my team?",
                ("Hannah",),
                (("Bubbles", "forgotten"),),
            ),
        ),
        (("Bubbles", "forgotten"),),
        topics=_fs("work"),
    ),
    _S(
        "forget-religion",
        "forget",
        (
            (
                _t(
                    "Ramadan starts soon and I'm Muslim, so can you help me plan meals around "
                    "suhoor and iftar? I work nights which makes it weird",
                    _f("religion", "Muslim", "The user is Muslim.", sv=True),
                ),
            ),
            (
                _t(
                    "please don't keep my religion on file. happy to talk about it when I "
                    "bring it up, just not saved"
                ),
            ),
        ),
        (
            _P("meal prep ideas for next week", (), (("Muslim", "forgotten"),)),
            _P(
                "suggest a few recipes for a family dinner on friday",
                (),
                (("Muslim", "forgotten"),),
            ),
        ),
        (("Muslim", "forgotten"),),
    ),
    _S(
        "forget-landlord",
        "forget",
        (
            (
                _t(
                    "my landlord, Mr Okonkwo, is refusing to fix the boiler. what are my "
                    "rights as a tenant in Manchester?",
                    _f("landlord", "Mr Okonkwo", "The user's landlord is Mr Okonkwo."),
                    _f("city", "Manchester", "The user lives in Manchester."),
                ),
            ),
            (
                _t(
                    "forget the landlord's name, I don't want it turning up in anything I "
                    "share. still in Manchester though, still with a broken boiler 🥶"
                ),
            ),
        ),
        (
            _P(
                "write a message to my letting agent about the heating",
                ("Manchester",),
                (("Okonkwo", "forgotten"),),
            ),
            _P(
                "find me a local plumber, what area should I search in?",
                ("Manchester",),
                (("Okonkwo", "forgotten"),),
            ),
        ),
        (("Okonkwo", "forgotten"),),
    ),
    _S(
        "forget-all-leilani",
        "forget",
        (
            (
                _t(
                    "I'm Leilani, from Hilo originally but in Seattle now, I bake for a living. "
                    "what's a good sourdough hydration for humid weather",
                    _f("preferred_name", "Leilani", "The user's name is Leilani."),
                    _f("city", "Seattle", "The user lives in Seattle."),
                    _f("hometown", "Hilo", "The user is from Hilo.", sv=True),
                ),
                _t(
                    "honestly please delete all my data, everything you remember about me. I "
                    "read something scary about AI memory"
                ),
            ),
            (
                _t(
                    "ok I'm back, but let's keep it simple this time: I prefer metric units",
                    _pref("units", "metric", "The user prefers metric units."),
                ),
            ),
        ),
        (
            _P(
                "convert this tray bake recipe for me: 2 cups flour, 1 stick butter",
                ("metric",),
                (("Seattle", "forgotten"), ("Leilani", "forgotten"), ("Hilo", "forgotten")),
            ),
            _P(
                "write a short intro for a pen-pal site",
                (),
                (("Seattle", "forgotten"), ("Leilani", "forgotten")),
            ),
        ),
        (("Seattle", "forgotten"), ("Leilani", "forgotten"), ("Hilo", "forgotten")),
        first=True,
    ),
)

# --------------------------------------------------------------------------- explicit save

_EXPLICIT_SAVE = (
    _S(
        "save-mornings",
        "explicit_save",
        (
            (
                _t(
                    "pls remember I can't do anything before 10am on weekdays, school run. ok "
                    "now: when's a sensible time for a dentist appointment this week?",
                    _f(
                        "constraint",
                        "before 10am",
                        "The user can't do anything before 10am on weekdays.",
                    ),
                ),
            ),
        ),
        (
            _P("suggest a slot for a call with my accountant on thursday", ("10am",)),
            _P("I want to start pilates, which timetable slots would work for me?", ("10am",)),
        ),
    ),
    _S(
        "save-coriander",
        "explicit_save",
        (
            (
                _t(
                    "Note to self and to you: I hate coriander with a passion. tastes like "
                    "soap. keep that in mind forever pls",
                    _pref("dislike", "coriander", "The user hates coriander."),
                ),
            ),
            (_t("making tacos tonight for 4, what sides?"),),
        ),
        (
            _P("a fresh salsa recipe for a bbq", ("coriander",)),
            _P("what should I order at a vietnamese place?", ("coriander",)),
        ),
    ),
    _S(
        "save-moving",
        "explicit_save",
        (
            (
                _t(
                    "remember that we're moving house on the 14th of next month, I'll need a "
                    "checklist closer to the time",
                    _f("note", "moving house", "The user is moving house on the 14th."),
                ),
            ),
        ),
        (
            _P("what should I sort out this month, I feel behind", ("moving house",)),
            _P("make me a to-do list for the next few weeks", ("moving house",)),
        ),
    ),
    _S(
        "save-budget",
        "explicit_save",
        (
            (
                _t(
                    "Remember: my budget for the kitchen renovation is £8,000 absolute max. my "
                    "husband will try to talk you into more 😂",
                    _f(
                        "constraint",
                        "8,000",
                        "The user's kitchen renovation budget is at most 8,000 pounds.",
                    ),
                ),
            ),
            (
                _t(
                    "the builder's quote says \"Client wants walnut worktops, budget "
                    'flexible". that is NOT what I said lol',
                    slips=(
                        _Slip(
                            "pasted_as_own",
                            _pref(
                                "preference",
                                "walnut worktops",
                                "The user wants walnut worktops.",
                                sv=False,
                            ),
                            "walnut worktops",
                        ),
                    ),
                ),
            ),
        ),
        (
            _P(
                "compare quartz vs laminate for us",
                ("8,000",),
                (("walnut worktops", "pasted"),),
            ),
            _P("found a range cooker for 3k, should we get it?", ("8,000",)),
        ),
        (("walnut worktops", "pasted"),),
    ),
    _S(
        "save-short-answers",
        "explicit_save",
        (
            (
                _t(
                    "can you remember that I like answers short, bullet points, no fluff? I "
                    "read everything on my phone on the bus",
                    _pref(
                        "response_format",
                        "bullet points",
                        "The user wants answers as short bullet points.",
                        sv=True,
                    ),
                ),
            ),
        ),
        (
            _P("explain how an ISA works", ("bullet points",)),
            _P("what's the difference between a Roth and a traditional IRA", ("bullet points",)),
        ),
    ),
    _S(
        "save-chor",
        "explicit_save",
        (
            (
                _t(
                    "Merk dir bitte: ich gehe jeden Mittwoch zum Chor, also mittwochs abends "
                    "hab ich nie Zeit. danke!",
                    _f(
                        "routine",
                        "Chor",
                        "The user sings in a choir (Chor) every Wednesday evening.",
                    ),
                ),
            ),
        ),
        (
            _P("when could we do a team dinner next week, monday to thursday?", ("Chor",)),
            _P("pick an evening for a cooking course in may", ("Chor",)),
        ),
    ),
    _S(
        "save-hearing",
        "explicit_save",
        (
            (
                _t(
                    "worth saving for later: I'm hard of hearing in my left ear, so any "
                    "restaurant or venue you suggest needs to be on the quiet side",
                    _f(
                        "accessibility_need",
                        "hard of hearing",
                        "The user is hard of hearing in the left ear.",
                    ),
                ),
            ),
        ),
        (
            _P(
                "where should I take my parents for their anniversary meal?",
                ("hard of hearing",),
            ),
            _P("which seats should I book at the theatre?", ("hard of hearing",)),
        ),
        topics=_fs("health"),
    ),
    _S(
        "save-miles",
        "explicit_save",
        (
            (
                _t(
                    "stick this somewhere safe for me: Miles & More 992041337. I always forget "
                    "it at check-in",
                    _f("identifier", "992041337", "The user's Miles & More number is 992041337."),
                ),
            ),
        ),
        (
            _P("booking a Lufthansa flight to Munich, what do I need at hand?", ("992041337",)),
            _P("what do I need for the airline app when I sign up?", ("992041337",)),
        ),
    ),
    _S(
        "save-sesame",
        "explicit_save",
        (
            (
                _t(
                    "Important, remember this one: my daughter Aiyana is allergic to sesame. "
                    "any recipe you give me for the family has to be sesame-free",
                    _f("child", "Aiyana", "The user's daughter is Aiyana."),
                    _f("allergy", "sesame", "Aiyana is allergic to sesame.", holder="aiyana"),
                    _f(
                        "constraint",
                        "sesame-free",
                        "Family recipes for the user must be sesame-free.",
                    ),
                ),
            ),
        ),
        (
            _P("weeknight stir fry for the family?", ("sesame-free",)),
            _P("lunchbox ideas for the kids this term", ("sesame-free",)),
        ),
        topics=_fs("health"),
    ),
    _S(
        "save-thesis",
        "explicit_save",
        (
            (
                _t(
                    "don't let me forget: thesis draft due 30 November, supervisor is Prof. "
                    "Haddad and he reads everything at the last minute",
                    _f("note", "30 November", "The user's thesis draft is due 30 November."),
                    _f("manager", "Prof. Haddad", "The user's supervisor is Prof. Haddad."),
                ),
            ),
        ),
        (
            _P("how should I plan the next few weeks?", ("30 November",)),
            _P("write an email asking for feedback on chapter 2", ("Haddad",)),
        ),
        topics=_fs("work"),
    ),
    _S(
        "save-heat",
        "explicit_save",
        (
            (
                _t(
                    "is Lisbon warm in march? also keep in mind I really don't do well in "
                    "heat, anything over 25 and I'm miserable",
                    _pref("dislike", "heat", "The user does badly in heat over 25 degrees."),
                    slips=(
                        _Slip(
                            "question_as_fact",
                            _f("city", "Lisbon", "The user lives in Lisbon."),
                            "Lisbon",
                        ),
                    ),
                ),
            ),
        ),
        (
            _P("where should I go for a week in August?", ("heat",), (("Lisbon", "question"),)),
            _P("pick a honeymoon destination for us", ("heat",)),
        ),
        (("Lisbon", "question"),),
    ),
    _S(
        "save-left-handed",
        "explicit_save",
        (
            (
                _t(
                    "Remember that I'm left-handed (for the knife recs, and generally). and "
                    "just for this answer keep it to one line",
                    _f("handedness", "left-handed", "The user is left-handed.", sv=True),
                    slips=(
                        _Slip(
                            "instruction_as_preference",
                            _pref(
                                "response_length",
                                "one line",
                                "The user wants answers of one line.",
                            ),
                            "one line",
                        ),
                    ),
                ),
            ),
        ),
        (
            _P("which scissors should I get for sewing?", ("left-handed",)),
            _P("help me pick a computer mouse", ("left-handed",)),
        ),
        (("one line", "instruction"),),
    ),
)

# --------------------------------------------------------------------------- one at a time

_ONE_AT_A_TIME_SCENARIOS = (
    _S(
        "plan-giffgaff",
        "one_at_a_time",
        (
            (
                _t(
                    "I'm on Vodafone Red Unlimited and the bill just jumped to 45 quid?? is "
                    "that normal",
                    _f(
                        "phone_plan",
                        "Vodafone Red Unlimited",
                        "The user's phone plan is Vodafone Red Unlimited.",
                    ),
                ),
            ),
            (
                _t(
                    "moved to a giffgaff goodybag, a tenner a month, honestly the same signal",
                    _f(
                        "phone_plan",
                        "giffgaff goodybag",
                        "The user's phone plan is a giffgaff goodybag.",
                        replaces="Vodafone Red Unlimited",
                    ),
                ),
            ),
        ),
        (
            _P(
                "off to Spain in july, will my phone work there without extra charges?",
                ("giffgaff",),
                (("Vodafone", "stale"),),
            ),
            _P(
                "my bill looks off this month, who do I contact?",
                ("giffgaff",),
                (("Vodafone", "stale"),),
            ),
        ),
        (("Vodafone", "stale"),),
    ),
    _S(
        "car-yaris",
        "one_at_a_time",
        (
            (
                _t(
                    "the Fiat Panda makes a clicking noise when I turn left, should I be "
                    "worried or is that just the Panda being a Panda",
                    _f("car", "Fiat Panda", "The user drives a Fiat Panda."),
                ),
            ),
            (
                _t(
                    "finally got rid of the Panda!! bought a used Toyota Yaris hybrid last week 🚗",
                    _f(
                        "car",
                        "Toyota Yaris",
                        "The user drives a Toyota Yaris hybrid.",
                        replaces="Fiat Panda",
                        ago=7,
                    ),
                ),
            ),
        ),
        (
            _P("what tyre pressure should I use?", ("Toyota Yaris",), (("Fiat Panda", "stale"),)),
            _P(
                "tips for cheaper motor insurance this year",
                ("Toyota Yaris",),
                (("Fiat Panda", "stale"),),
            ),
        ),
        (("Fiat Panda", "stale"),),
    ),
    _S(
        "gym-switch",
        "one_at_a_time",
        (
            (
                _t(
                    "my gym is Virgin Active on the high street and the pool is ALWAYS closed. "
                    "how do I complain without being that person",
                    _f("gym", "Virgin Active", "The user's gym is Virgin Active."),
                ),
            ),
            (
                _t(
                    "switched gyms, I'm at The Gym Group now because Virgin Active was robbing "
                    "me blind",
                    _f(
                        "gym",
                        "The Gym Group",
                        "The user's gym is The Gym Group.",
                        replaces="Virgin Active",
                    ),
                ),
            ),
        ),
        (
            _P(
                "which days are quietest for lifting, roughly?",
                ("The Gym Group",),
                (("Virgin Active", "stale"),),
            ),
            _P(
                "a leg day I can do in under an hour with normal machines",
                ("The Gym Group",),
                (("Virgin Active", "stale"),),
            ),
        ),
        (("Virgin Active", "stale"),),
    ),
    _S(
        "broadband",
        "one_at_a_time",
        (
            (
                _t(
                    "Sky broadband keeps dropping every evening right when I'm on calls, what "
                    "can I check on the router",
                    _f("internet_provider", "Sky", "The user's broadband is with Sky."),
                ),
            ),
            (
                _t(
                    "left Sky for Hyperoptic, full fibre, 150 meg. night and day",
                    _f(
                        "internet_provider",
                        "Hyperoptic",
                        "The user's broadband is with Hyperoptic.",
                        replaces="Sky",
                    ),
                ),
            ),
        ),
        (
            _P(
                "my video calls lag, what should I ask my provider?",
                ("Hyperoptic",),
                (("Sky", "stale"),),
            ),
            _P(
                "is it worth paying for a mesh wifi system at home?",
                ("Hyperoptic",),
                (("Sky", "stale"),),
            ),
        ),
        (("Sky", "stale"),),
    ),
    _S(
        "energy",
        "one_at_a_time",
        (
            (
                _t(
                    "We are with Octopus Energy since we moved, the app is nice but the "
                    "prices going up always, is fix tariff better for us?",
                    _f(
                        "energy_provider",
                        "Octopus Energy",
                        "The user's energy supplier is Octopus Energy.",
                    ),
                ),
            ),
            (
                _t(
                    "we changed to E.ON Next last week, they give better fixed price for two years",
                    _f(
                        "energy_provider",
                        "E.ON Next",
                        "The user's energy supplier is E.ON Next.",
                        replaces="Octopus Energy",
                        ago=7,
                    ),
                ),
            ),
        ),
        (
            _P(
                "how do I send a meter reading?",
                ("E.ON Next",),
                (("Octopus Energy", "stale"),),
            ),
            _P(
                "our bills seem high this winter, who do I ring about it?",
                ("E.ON Next",),
                (("Octopus Energy", "stale"),),
            ),
        ),
        (("Octopus Energy", "stale"),),
    ),
    _S(
        "new-manager",
        "one_at_a_time",
        (
            (
                _t(
                    "my manager Priya is great but she books meetings at 8am. how do I ask "
                    "for later slots without sounding lazy",
                    _f("manager", "Priya", "The user's manager is Priya."),
                ),
            ),
            (
                _t(
                    "Priya left last month and my new manager is Oleksandr. he is... intense. "
                    "how do I set boundaries with a new boss",
                    _f(
                        "manager",
                        "Oleksandr",
                        "The user's manager is Oleksandr.",
                        replaces="Priya",
                    ),
                ),
            ),
        ),
        (
            _P("help me prep for my first 1:1 next week", ("Oleksandr",), (("Priya", "stale"),)),
            _P(
                "who should I cc on my holiday request email?",
                ("Oleksandr",),
                (("Priya", "stale"),),
            ),
        ),
        (("Priya", "stale"),),
        topics=_fs("work"),
    ),
    _S(
        "landlord-sold",
        "one_at_a_time",
        (
            (
                _t(
                    "our landlord is a company called Grainger and they take weeks to answer "
                    "anything. template for a repair request?",
                    _f("landlord", "Grainger", "The user's landlord is Grainger."),
                ),
            ),
            (
                _t(
                    "the building got sold, landlord is Quintain now. same flat, new people to "
                    "chase",
                    _f(
                        "landlord",
                        "Quintain",
                        "The user's landlord is Quintain.",
                        replaces="Grainger",
                    ),
                ),
            ),
        ),
        (
            _P(
                "write a complaint about the lift being broken again",
                ("Quintain",),
                (("Grainger", "stale"),),
            ),
            _P(
                "who do I email about mould in the bathroom?",
                ("Quintain",),
                (("Grainger", "stale"),),
            ),
        ),
        (("Grainger", "stale"),),
    ),
    _S(
        "carrier-osaka",
        "one_at_a_time",
        (
            (
                _t(
                    "I'm with docomo here in Osaka (大阪), is ahamo worth switching to or is it "
                    "the same thing",
                    _f("mobile_carrier", "docomo", "The user's mobile carrier is docomo."),
                    _f("city", "Osaka", "The user lives in Osaka."),
                    slips=(
                        _Slip(
                            "question_as_fact",
                            _f("mobile_carrier", "ahamo", "The user's mobile carrier is ahamo."),
                            "ahamo",
                        ),
                    ),
                ),
            ),
            (
                _t(
                    "switched to Rakuten Mobile in the end, half the price of docomo",
                    _f(
                        "mobile_carrier",
                        "Rakuten Mobile",
                        "The user's mobile carrier is Rakuten Mobile.",
                        replaces="docomo",
                    ),
                ),
            ),
        ),
        (
            _P(
                "no signal on the subway again, who do I even call about it?",
                ("Rakuten Mobile",),
                (("docomo", "stale"), ("ahamo", "question")),
            ),
            _P(
                "going abroad next month, will roaming cost me extra?",
                ("Rakuten Mobile",),
                (("docomo", "stale"),),
            ),
        ),
        (("docomo", "stale"), ("ahamo", "question")),
    ),
    _S(
        "dentist",
        "one_at_a_time",
        (
            (
                _t(
                    "my dentist is Dr. Kowalczyk and she wants to do a filling, is it normal to "
                    "be quoted 180 for one filling",
                    _f("dentist", "Dr. Kowalczyk", "The user's dentist is Dr. Kowalczyk.", sv=True),
                ),
            ),
            (
                _t(
                    "new dentist btw, Dr. Sato, closer to the office. way less scary",
                    _f(
                        "dentist",
                        "Dr. Sato",
                        "The user's dentist is Dr. Sato.",
                        sv=True,
                        replaces="Dr. Kowalczyk",
                    ),
                ),
            ),
        ),
        (
            _P(
                "I chipped a tooth on a pretzel, who should I ring?",
                ("Sato",),
                (("Kowalczyk", "stale"),),
            ),
            _P("time for a check-up, who do I book with?", ("Sato",), (("Kowalczyk", "stale"),)),
        ),
        (("Kowalczyk", "stale"),),
    ),
    _S(
        "bike-swap",
        "one_at_a_time",
        (
            (
                _t(
                    "my bike is a Brompton, folding one, and the rear hub is squeaking. "
                    "can I fix it myself?",
                    _f("bike", "Brompton", "The user's bike is a Brompton.", sv=True),
                ),
            ),
            (
                _t(
                    "swapped the Brompton for a Cube gravel bike!! might get an e-bike one day "
                    "if my knees give up",
                    _f(
                        "bike",
                        "Cube",
                        "The user's bike is a Cube gravel bike.",
                        sv=True,
                        replaces="Brompton",
                    ),
                    _f(
                        "bike",
                        "e-bike",
                        "The user might get an e-bike one day.",
                        sv=True,
                        modality="hypothetical",
                    ),
                    slips=(
                        _Slip(
                            "hypothetical_as_fact",
                            _f("bike", "e-bike", "The user rides an e-bike.", sv=True),
                            "e-bike",
                        ),
                    ),
                ),
            ),
        ),
        (
            _P(
                "plan a 40km ride for sunday morning",
                ("Cube",),
                (("Brompton", "stale"), ("e-bike", "hypothetical")),
            ),
            _P("what tyres should I get for winter riding?", ("Cube",), (("Brompton", "stale"),)),
        ),
        (("Brompton", "stale"), ("e-bike", "hypothetical")),
    ),
    _S(
        "valparaiso-santiago",
        "one_at_a_time",
        (
            (
                _t(
                    "vivo en Valparaíso, the hills are brutal for grocery shopping lol, any "
                    "tips for a trolley that handles stairs?",
                    _f("city", "Valparaíso", "The user lives in Valparaíso."),
                ),
            ),
            (
                _t(
                    "we moved to Santiago two weeks ago. my cousin lives in Viña del Mar and "
                    "keeps telling us we should have gone there instead",
                    _f(
                        "city",
                        "Santiago",
                        "The user lives in Santiago.",
                        replaces="Valparaíso",
                        ago=14,
                    ),
                    _f(
                        "city",
                        "Viña del Mar",
                        "The user's cousin lives in Viña del Mar.",
                        holder="cousin",
                    ),
                    slips=(
                        _Slip(
                            "other_person_as_user",
                            _f("city", "Viña del Mar", "The user lives in Viña del Mar."),
                            "Viña del Mar",
                        ),
                    ),
                ),
            ),
        ),
        (
            _P(
                "good places for a sunday walk near home?",
                ("Santiago",),
                (("Valparaíso", "stale"), ("Viña del Mar", "other_person")),
                holder="cousin",
            ),
            _P(
                "where can I find a good weekend market around here?",
                ("Santiago",),
                (("Valparaíso", "stale"),),
            ),
        ),
        (("Valparaíso", "stale"), ("Viña del Mar", "other_person")),
    ),
    _S(
        "tone-gentler",
        "one_at_a_time",
        (
            (
                _t(
                    "be blunt with me, I don't need hand-holding. here's my short story "
                    "opening, tear it apart",
                    _pref("tone", "blunt", "The user wants blunt feedback."),
                ),
            ),
            (
                _t(
                    "can you go a bit gentler from now on? rough month, I'm fragile",
                    _pref("tone", "gentler", "The user wants a gentler tone.", replaces="blunt"),
                ),
            ),
        ),
        (
            _P(
                "I will paste chapter two in a sec, how are you going to give me notes on it?",
                ("gentler",),
                (("blunt", "stale"),),
            ),
            _P(
                "tell me what you think of this cover letter draft",
                ("gentler",),
                (("blunt", "stale"),),
            ),
        ),
        (("blunt", "stale"),),
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
    "can you explain what a p-value actually means, in normal words",
    "rewrite this so it sounds less grumpy: 'as per my last email'",
    "whats a good synonym for leverage that doesnt sound like a consultant",
    "how long do I boil an egg for a jammy yolk",
    "give me a 5 minute stretch for a stiff neck",
    "translate 'see you soon' into Portuguese and Italian",
    "summarise the plot of Hamlet in three sentences",
    "is it 'affect' or 'effect' in: the weather will ___ our plans",
    "quick mental maths trick for 15% tips?",
    "recommend a board game for two people that takes under an hour",
    "write a haiku about a rainy tuesday",
    "what's the difference between baking soda and baking powder",
)
"""Turns with nothing to keep, for a session no scenario step falls in (said by many users)."""

_IRRELEVANT = (
    "how do volcanoes form?",
    "why is the ocean salty?",
    "explain photosynthesis simply",
    "who invented the printing press?",
    "what causes auroras?",
    "tell me a fun fact about octopuses",
    "what's the tallest mountain in Africa?",
    "how were the Egyptian pyramids built?",
    "how do submarines dive and surface?",
    "why is the sky blue?",
    "what is a light year?",
    "how do magnets work?",
    "who painted the Mona Lisa?",
    "why do zebras have stripes?",
    "what is the capital of Mongolia?",
    "how deep is the Mariana Trench?",
    "explain plate tectonics briefly",
    "how do tides work?",
    "what did dinosaurs eat?",
    "how does a rainbow appear?",
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
    rng = random.Random(f"heldout_v9_b:{seed}")
    plan = _plan(rng, users)
    return [_conversation(u, scenarios, rng) for u, scenarios in enumerate(plan)]


def generate_heldout_v9_b(*, seed: int = 0, users: int = 20) -> list[HoConversation]:
    """The split: ``users`` simulated users ``h9b-0``, ``h9b-1``, ..., deterministic from
    ``seed``.

    Example:
        >>> convs = generate_heldout_v9_b(seed=1, users=2)
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
