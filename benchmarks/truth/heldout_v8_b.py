"""Held-out split v8, part b: retractions, corrections, forgets, explicit saves and
one-at-a-time attributes, written blind (#12).

Each simulated user has one scenario of every kind in ``KINDS``, spread over three or four
sessions days or weeks apart (each opened by a short filler), then a later session of
requests: one per scenario, each where the stored fact matters, plus exactly one request
about nothing the user ever said. Scenario wordings are shared by a few users; the fillers
and the asides between statements are written once in the whole split
(``one_off_share``). Every turn carries the candidates a careful, grounded extractor would
propose for it, and a few carry the slip a careless one would make.

Example:
    >>> convs = generate_heldout_v8_b(seed=0, users=3)
    >>> [c.user_id for c in convs]
    ['h8b-0', 'h8b-1', 'h8b-2']
    >>> [sum(p.irrelevant for p in c.probes) for c in convs]
    [1, 1, 1]
    >>> [p.present for c in convs for p in c.probes if p.irrelevant]
    [(), (), ()]
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

from benchmarks.truth.conversations import HoConversation, HoProbe, HoTurn
from benchmarks.truth.modes import Slip
from langmem_plus.facts.models import CandidateFact

__all__ = ["KINDS", "generate_heldout_v8_b", "one_off_share"]

KINDS = ("retraction", "correction", "forget", "explicit_save", "one_at_a_time")
"""The scenario kinds of this half; every user also gets one ``irrelevant`` request."""


@dataclass(frozen=True)
class _Step:
    key: str
    turn: HoTurn
    later: bool = True
    """Said in a later session than the scenario's previous step."""


@dataclass(frozen=True)
class _Scenario:
    kind: str
    name: str
    steps: tuple[_Step, ...]
    probe: HoProbe
    forbidden: tuple[tuple[str, str], ...] = ()
    wipe: bool = False
    """A "forget everything": its statement and the wipe fill the first session alone."""


def _f(predicate: str, obj: str, text: str, **kw: Any) -> dict[str, Any]:
    """One candidate's fields, without its quote (the turn's text is filled in)."""
    kw.setdefault("kind", "fact")
    return {"predicate": predicate, "object": obj, "text": text, **kw}


def _other(holder: str, predicate: str, obj: str, text: str, **kw: Any) -> dict[str, Any]:
    """Another person's fact: named holder, subject ``person:<holder>``."""
    return _f(predicate, obj, text, holder=holder, subject=f"person:{holder}", **kw)


def _cand(fields: dict[str, Any], quote: str) -> CandidateFact:
    return CandidateFact(**fields, quote=quote)


def _t(
    text: str,
    *facts: dict[str, Any],
    slips: tuple[tuple[str, dict[str, Any], str], ...] = (),
    later: bool = True,
) -> tuple[str, tuple[CandidateFact, ...], tuple[Slip, ...], bool]:
    ideal = tuple(_cand(f, text) for f in facts)
    bad = tuple(Slip(kind, _cand(f, text), marker) for kind, f, marker in slips)
    return text, ideal, bad, later


def _sc(
    kind: str,
    name: str,
    turns: list[tuple[str, tuple[CandidateFact, ...], tuple[Slip, ...], bool]],
    request: str,
    *,
    present: tuple[str, ...] = (),
    absent: tuple[tuple[str, str], ...] = (),
    holder: str = "",
    wipe: bool = False,
) -> _Scenario:
    steps = tuple(
        _Step(f"{kind}:{name}:{i}", HoTurn(text, ideal, slips), later if i else False)
        for i, (text, ideal, slips, later) in enumerate(turns)
    )
    probe = HoProbe(request, present=present, absent=absent, kind=kind, holder=holder)
    forbidden = tuple((v, c) for v, c in absent if c != "other_person")
    return _Scenario(kind, name, steps, probe, forbidden, wipe)


# --------------------------------------------------------------------------- retraction
# something stops being true and nothing takes its place


def _retractions() -> list[_Scenario]:
    k = "retraction"
    return [
        _sc(
            k,
            "hives",
            [
                _t(
                    "fyi for anything food related, shellfish and kiwi both give me hives",
                    _f("allergy", "shellfish", "The user is allergic to shellfish."),
                    _f("allergy", "kiwi", "The user is allergic to kiwi."),
                ),
                _t(
                    "got the allergy panel back!! the kiwi one was a false alarm, apparently I "
                    "can eat them again. shellfish is still very much a no though",
                    _f(
                        "allergy",
                        "kiwi",
                        "The user is no longer allergic to kiwi.",
                        polarity="retract",
                    ),
                    _f("allergy", "shellfish", "The user is allergic to shellfish."),
                ),
            ],
            "I'm bringing a fruit salad and a seafood paella to a potluck, anything I should "
            "swap out for my own sake?",
            present=("shellfish",),
            absent=(("kiwi", "retracted"),),
        ),
        _sc(
            k,
            "laid_off",
            [
                _t(
                    "Started at Zalando in the returns logistics team a few weeks back, still "
                    "learning the ropes",
                    _f("employer", "Zalando", "The user works at Zalando."),
                ),
                _t(
                    "so... Zalando let most of our team go on friday. officially between jobs, "
                    "taking a breather before I look again",
                    _f(
                        "employer",
                        "Zalando",
                        "The user no longer works at Zalando.",
                        polarity="retract",
                    ),
                ),
            ],
            "can you help me fill in the section of this flat application that asks who pays me?",
            absent=(("Zalando", "retracted"),),
        ),
        _sc(
            k,
            "rabbits",
            [
                _t(
                    "my two rabbits Mochi and Pernille chewed through the laptop charger AGAIN 🙄",
                    _f("pet", "Mochi", "The user has a rabbit called Mochi."),
                    _f("pet", "Pernille", "The user has a rabbit called Pernille."),
                ),
                _t(
                    "sad news, Pernille died over the weekend. she was nine. it's just Mochi and "
                    "me now",
                    _f(
                        "pet",
                        "Pernille",
                        "The user's rabbit Pernille has died.",
                        polarity="retract",
                    ),
                    _f("pet", "Mochi", "The user has a rabbit called Mochi."),
                ),
            ],
            "Write a two-line bio for my profile that mentions who I share my home with.",
            present=("Mochi",),
            absent=(("Pernille", "retracted"),),
        ),
        _sc(
            k,
            "breakup",
            [
                _t(
                    "my boyfriend Tiago is doing all the cooking this week so I finally get a "
                    "break from it",
                    _f("partner", "Tiago", "The user's boyfriend is Tiago."),
                ),
                _t(
                    "Tiago and I split up. amicable, but still. not seeing anybody at the moment",
                    _f("partner", "Tiago", "The user is no longer with Tiago.", polarity="retract"),
                ),
            ],
            "any ideas for how to spend Valentine's evening this year?",
            absent=(("Tiago", "retracted"),),
        ),
        _sc(
            k,
            "swim",
            [
                _t(
                    "The 6am swim every weekday before work is sacred, I plan everything around "
                    "it.",
                    _f("routine", "6am swim", "The user swims at 6am every weekday."),
                ),
                _t(
                    "Had to drop the 6am swim, my shoulder can't take it anymore. Mornings are "
                    "wide open now.",
                    _f(
                        "routine",
                        "6am swim",
                        "The user no longer swims at 6am.",
                        polarity="retract",
                    ),
                ),
            ],
            "Sketch me a weekday morning schedule that gets me to my desk by 8:30.",
            absent=(("6am swim", "retracted"),),
        ),
        _sc(
            k,
            "lactose",
            [
                _t(
                    "lactose and I don't get along, so anything with cream is out for me",
                    _f("intolerance", "lactose", "The user is lactose intolerant."),
                ),
                _t(
                    "weird update: the lactose thing just... went away after the antibiotics. "
                    "gastro says dairy is fine for me now",
                    _f(
                        "intolerance",
                        "lactose",
                        "The user is no longer lactose intolerant.",
                        polarity="retract",
                    ),
                ),
            ],
            "recommend me a rich, creamy pasta for a cosy night in",
            absent=(("lactose", "retracted"),),
        ),
        _sc(
            k,
            "subscriptions",
            [
                _t(
                    "paying for Spotify and Crunchyroll atm, should really audit what I "
                    "subscribe to",
                    _f(
                        "subscription", "Spotify", "The user pays for Spotify.", single_valued=False
                    ),
                    _f(
                        "subscription",
                        "Crunchyroll",
                        "The user pays for Crunchyroll.",
                        single_valued=False,
                    ),
                ),
                _t(
                    "cancelled crunchyroll finally, nothing I watch is on there anymore",
                    _f(
                        "subscription",
                        "Crunchyroll",
                        "The user cancelled Crunchyroll.",
                        polarity="retract",
                        single_valued=False,
                    ),
                ),
            ],
            "help me draft a monthly budget, and put in what I spend on streaming",
            present=("Spotify",),
            absent=(("Crunchyroll", "retracted"),),
        ),
        _sc(
            k,
            "flat_sold",
            [
                _t(
                    "We have a little flat in Lagos (the Portuguese one, not Nigeria) that we let "
                    "out over the summer.",
                    _f(
                        "property",
                        "Lagos",
                        "The user owns a flat in Lagos, Portugal, let out in summer.",
                        single_valued=False,
                    ),
                ),
                _t(
                    "The Lagos flat is sold, contracts signed this morning. No more summer "
                    "tenants to deal with!",
                    _f(
                        "property",
                        "Lagos",
                        "The user no longer owns the flat in Lagos.",
                        polarity="retract",
                        single_valued=False,
                    ),
                ),
            ],
            "What paperwork should I get together before this year's tax return?",
            absent=(("Lagos", "retracted"),),
        ),
        _sc(
            k,
            "flatmate",
            [
                _t(
                    "my flatmates Inês and Bartek are both night owls so the kitchen is chaos "
                    "after 11",
                    _f("housemate", "Inês", "The user lives with Inês.", single_valued=False),
                    _f("housemate", "Bartek", "The user lives with Bartek.", single_valued=False),
                ),
                _t(
                    "Bartek moved out last week, his room's empty and nobody's replacing him "
                    "for now",
                    _f(
                        "housemate",
                        "Bartek",
                        "Bartek no longer lives with the user.",
                        polarity="retract",
                        single_valued=False,
                    ),
                ),
            ],
            "Draft a friendly note to whoever I live with about splitting the heating bill.",
            present=("Inês",),
            absent=(("Bartek", "retracted"),),
        ),
        _sc(
            k,
            "five_a_side",
            [
                _t(
                    "Thursday nights are five-a-side with Hackney Harriers, been on the team "
                    "three seasons",
                    _f(
                        "team",
                        "Hackney Harriers",
                        "The user plays five-a-side for Hackney Harriers on Thursdays.",
                        single_valued=False,
                    ),
                ),
                _t(
                    "left Hackney Harriers for good. knee's done with five-a-side and I'm not "
                    "joining another side",
                    _f(
                        "team",
                        "Hackney Harriers",
                        "The user no longer plays for Hackney Harriers.",
                        polarity="retract",
                        single_valued=False,
                    ),
                ),
            ],
            "got any suggestions for filling my Thursday evenings?",
            absent=(("Hackney Harriers", "retracted"),),
        ),
    ]


# --------------------------------------------------------------------------- correction
# the user fixes what they said, in the same turn or a later one


def _corrections() -> list[_Scenario]:
    k = "correction"
    return [
        _sc(
            k,
            "airport",
            [
                _t(
                    "nearest airport for me is Eindhoven, er, I mean Maastricht. I always mix "
                    "those two up",
                    _f(
                        "home_airport",
                        "Maastricht",
                        "The user's nearest airport is Maastricht.",
                        corrects="Eindhoven",
                    ),
                ),
            ],
            "find me a cheap way to get to Lisbon in May",
            present=("Maastricht",),
            absent=(("Eindhoven", "corrected"),),
        ),
        _sc(
            k,
            "name_spelling",
            [
                _t(
                    "you can call me Sasha btw",
                    _f("preferred_name", "Sasha", "The user goes by Sasha."),
                ),
                _t(
                    "hm, I spelled my own name wrong earlier 🙃 it's Sacha, with a c, the "
                    "French way",
                    _f("preferred_name", "Sacha", "The user goes by Sacha.", corrects="Sasha"),
                ),
            ],
            "write me a warm sign-off for my work emails, with my name in it",
            present=("Sacha",),
            absent=(("Sasha", "corrected"),),
        ),
        _sc(
            k,
            "birthday",
            [
                _t(
                    "my birthday's 14 March, in case that's ever useful",
                    _f("birthday", "14 March", "The user's birthday is 14 March."),
                ),
                _t(
                    "ugh, autocorrect day. my birthday is 17 March, not the 14th",
                    _f(
                        "birthday",
                        "17 March",
                        "The user's birthday is 17 March.",
                        corrects="14 March",
                    ),
                ),
            ],
            "which date should I book the restaurant for my birthday dinner?",
            present=("17 March",),
            absent=(("14 March", "corrected"),),
        ),
        _sc(
            k,
            "city_typo",
            [
                _t(
                    "Based in Porto these days. Sorry, typo, Portimão!! Totally different end "
                    "of the country lol",
                    _f("city", "Portimão", "The user lives in Portimão.", corrects="Porto"),
                ),
            ],
            "What's a good day trip from where I live?",
            present=("Portimão",),
            absent=(("Porto", "corrected"),),
        ),
        _sc(
            k,
            "dentist",
            [
                _t(
                    "my dentist is Dr Okonkwo at the Mill Road practice",
                    _f(
                        "dentist",
                        "Dr Okonkwo",
                        "The user's dentist is Dr Okonkwo.",
                        single_valued=True,
                    ),
                ),
                _t(
                    "correction on the dentist: it's Dr Okafor, not Okonkwo, no idea where I "
                    "got that from",
                    _f(
                        "dentist",
                        "Dr Okafor",
                        "The user's dentist is Dr Okafor.",
                        corrects="Dr Okonkwo",
                        single_valued=True,
                    ),
                ),
            ],
            "Draft a text asking my dentist to move my check-up to next week.",
            present=("Okafor",),
            absent=(("Okonkwo", "corrected"),),
        ),
        _sc(
            k,
            "title",
            [
                _t(
                    "I'm a data engineer — well, analytics engineer technically, my lead is "
                    "very particular about that",
                    _f(
                        "job_title",
                        "analytics engineer",
                        "The user is an analytics engineer.",
                        corrects="data engineer",
                    ),
                ),
            ],
            "can you punch up my LinkedIn headline a bit?",
            present=("analytics engineer",),
            absent=(("data engineer", "corrected"),),
        ),
        _sc(
            k,
            "son",
            [
                _t(
                    "my son Rasmus starts kindergarten in August and I'm more nervous than he is",
                    _f("child", "Rasmus", "The user has a son called Rasmus."),
                ),
                _t(
                    "small fix: my son is Ruslan, not Rasmus. my phone keeps 'helping'",
                    _f("child", "Ruslan", "The user has a son called Ruslan.", corrects="Rasmus"),
                ),
            ],
            "ideas for a personalised label for my boy's lunchbox?",
            present=("Ruslan",),
            absent=(("Rasmus", "corrected"),),
        ),
        _sc(
            k,
            "shoe_size",
            [
                _t(
                    "shoe size EU 43 if you ever need it for gift lists",
                    _f("shoe_size", "EU 43", "The user's shoe size is EU 43.", single_valued=True),
                ),
                _t(
                    "wait, the shoe size I gave you is off. I'm EU 44, the 43 was a typo",
                    _f(
                        "shoe_size",
                        "EU 44",
                        "The user's shoe size is EU 44.",
                        corrects="EU 43",
                        single_valued=True,
                    ),
                ),
            ],
            "shopping for hiking boots online, which size do I filter by?",
            present=("EU 44",),
            absent=(("EU 43", "corrected"),),
        ),
        _sc(
            k,
            "blood",
            [
                _t(
                    "Blood type is O negative, I give blood twice a year.",
                    _f("blood_type", "O negative", "The user's blood type is O negative."),
                ),
                _t(
                    "Sorry, I had that wrong: B negative. Just checked my donor card.",
                    _f(
                        "blood_type",
                        "B negative",
                        "The user's blood type is B negative.",
                        corrects="O negative",
                    ),
                ),
            ],
            "I'm filling in a medical form for a trip abroad, help me with the blood group field",
            present=("B negative",),
            absent=(("O negative", "corrected"),),
        ),
        _sc(
            k,
            "postcode",
            [
                _t(
                    "my postcode is EH6 4RT, no wait, EH6 4TR. transposed it",
                    _f(
                        "postcode",
                        "EH6 4TR",
                        "The user's postcode is EH6 4TR.",
                        corrects="EH6 4RT",
                        single_valued=True,
                    ),
                ),
            ],
            "where's the nearest recycling centre to my place?",
            present=("EH6 4TR",),
            absent=(("EH6 4RT", "corrected"),),
        ),
    ]


# --------------------------------------------------------------------------- forget
# a topic, a value, or everything, asked in plain words


def _forgets() -> list[_Scenario]:
    k = "forget"
    return [
        _sc(
            k,
            "sertraline",
            [
                _t(
                    "I take sertraline, 50mg, with breakfast",
                    _f(
                        "medication",
                        "sertraline",
                        "The user takes sertraline.",
                        single_valued=False,
                    ),
                ),
                _t(
                    "please forget the sertraline thing, I'd rather that's not stored anywhere",
                    _f(
                        "medication",
                        "sertraline",
                        "The user takes sertraline.",
                        polarity="retract",
                        single_valued=False,
                    ),
                ),
            ],
            "any tips to sleep better? I've been wired at night lately",
            absent=(("sertraline", "forgotten"),),
        ),
        _sc(
            k,
            "therapy",
            [
                _t(
                    "my therapist, Dr Halvorsen, suggested I try journaling",
                    _f(
                        "therapist",
                        "Dr Halvorsen",
                        "The user's therapist is Dr Halvorsen.",
                        single_valued=True,
                    ),
                ),
                _t(
                    "actually can you drop everything to do with my therapy? not comfortable "
                    "having it in memory"
                ),
            ],
            "give me a journaling prompt for tonight",
            absent=(("Halvorsen", "forgotten"),),
        ),
        _sc(
            k,
            "wipe_intro",
            [
                _t(
                    "quick intro so you know me: into bouldering, learning Korean, and the goal "
                    "this year is a sub-4 marathon",
                    _f("hobby", "bouldering", "The user goes bouldering."),
                    _f("language", "Korean", "The user is learning Korean."),
                    _f(
                        "current_goal",
                        "sub-4 marathon",
                        "The user's goal this year is a sub-4 marathon.",
                    ),
                ),
                _t(
                    "on second thought, wipe whatever you've got on me. clean slate please",
                    later=False,
                ),
            ],
            "What should I do with my Saturday?",
            absent=(
                ("bouldering", "forgotten"),
                ("Korean", "forgotten"),
                ("sub-4 marathon", "forgotten"),
            ),
            wipe=True,
        ),
        _sc(
            k,
            "wipe_context",
            [
                _t(
                    "Bit of context on me: I crochet a lot, I live in Obsidian for notes, and I "
                    "never miss a Formula 1 race.",
                    _f("hobby", "crochet", "The user crochets."),
                    _f("tool", "Obsidian", "The user takes notes in Obsidian."),
                    _f("interest", "Formula 1", "The user follows Formula 1."),
                ),
                _t(
                    "Ok I've changed my mind about the memory thing. Delete all of it, every "
                    "single thing you saved about me 🙏",
                    later=False,
                ),
            ],
            "Suggest a way to spend a rainy Sunday afternoon.",
            absent=(
                ("crochet", "forgotten"),
                ("Obsidian", "forgotten"),
                ("Formula 1", "forgotten"),
            ),
            wipe=True,
        ),
        _sc(
            k,
            "side_gig",
            [
                _t(
                    "the side gig is dog walking through an app, maybe 10 hours a week",
                    _f(
                        "side_job",
                        "dog walking",
                        "The user walks dogs as a side job.",
                        single_valued=False,
                    ),
                ),
                _t(
                    "can you not keep the dog walking gig on file? I don't want it coming up",
                    _f(
                        "side_job",
                        "dog walking",
                        "The user walks dogs as a side job.",
                        polarity="retract",
                        single_valued=False,
                    ),
                ),
            ],
            "how should I plan my week so I'm not exhausted by Friday?",
            absent=(("dog walking", "forgotten"),),
        ),
        _sc(
            k,
            "coeliac",
            [
                _t(
                    "got diagnosed with coeliac disease last year, still adjusting tbh",
                    _f(
                        "condition",
                        "coeliac disease",
                        "The user has coeliac disease.",
                        single_valued=False,
                    ),
                ),
                _t("forget my health stuff. all of it. I'll tell you when it matters"),
            ],
            "suggest a treat from a bakery to bring into the office",
            absent=(("coeliac", "forgotten"),),
        ),
        _sc(
            k,
            "oud",
            [
                _t(
                    "I play the cello and the oud, the oud rather badly",
                    _f("hobby", "cello", "The user plays the cello."),
                    _f("hobby", "oud", "The user plays the oud."),
                ),
                _t(
                    "forget about the oud please, I gave it away and don't want it coming up",
                    _f("hobby", "oud", "The user plays the oud.", polarity="retract"),
                ),
            ],
            "Recommend a few pieces I could practise this month.",
            present=("cello",),
            absent=(("oud", "forgotten"),),
        ),
        _sc(
            k,
            "sister_divorce",
            [
                _t(
                    "my sister Maren is going through a divorce, it's been rough on everyone",
                    _f("sibling", "Maren", "The user has a sister called Maren."),
                    _other(
                        "sister",
                        "life_event",
                        "divorce",
                        "The user's sister Maren is going through a divorce.",
                        single_valued=False,
                    ),
                ),
                _t(
                    "pls forget what I told you about Maren's divorce, that's her business, "
                    "not mine to share",
                    _other(
                        "sister",
                        "life_event",
                        "divorce",
                        "The user's sister Maren is going through a divorce.",
                        polarity="retract",
                        single_valued=False,
                    ),
                ),
            ],
            "gift ideas for my sister's birthday?",
            present=("Maren",),
            absent=(("divorce", "forgotten"),),
        ),
        _sc(
            k,
            "salary",
            [
                _t(
                    "for context my salary is 62k before tax, London weighting included",
                    _f("salary", "62k", "The user earns 62k before tax.", single_valued=True),
                ),
                _t(
                    "scrap the 62k salary figure from memory, I overshared there",
                    _f(
                        "salary",
                        "62k",
                        "The user earns 62k before tax.",
                        polarity="retract",
                        single_valued=True,
                    ),
                ),
            ],
            "help me work out how much to put aside each month for a holiday",
            absent=(("62k", "forgotten"),),
        ),
        _sc(
            k,
            "ex",
            [
                _t(
                    "my ex, Dragan, still has my road bike and keeps 'forgetting' to return it",
                    _f(
                        "ex_partner",
                        "Dragan",
                        "The user's ex-partner is Dragan.",
                        single_valued=False,
                    ),
                ),
                _t(
                    "Forget anything and everything about Dragan. New chapter.",
                    _f(
                        "ex_partner",
                        "Dragan",
                        "The user's ex-partner is Dragan.",
                        polarity="retract",
                        single_valued=False,
                    ),
                ),
            ],
            "Help me write a post about starting fresh this year.",
            absent=(("Dragan", "forgotten"),),
        ),
    ]


# --------------------------------------------------------------------------- explicit save
# "remember that ..." in many forms, recalled for a request it constrains


def _saves() -> list[_Scenario]:
    k = "explicit_save"
    return [
        _sc(
            k,
            "ankle",
            [
                _t(
                    "Note to self, and to you: I can't do stairs right now. Broken ankle until "
                    "at least June.",
                    _f(
                        "accessibility_need",
                        "can't do stairs",
                        "The user can't do stairs until at least June (broken ankle).",
                    ),
                ),
            ],
            "find me a nice place for dinner on Saturday in the old town",
            present=("stairs",),
        ),
        _sc(
            k,
            "coriander",
            [
                _t(
                    "keep this in mind whenever I ask about food: coriander tastes like soap to me",
                    _f("dislike", "coriander", "The user dislikes coriander.", kind="preference"),
                ),
            ],
            "give me a recipe for a quick Thai green curry",
            present=("coriander",),
        ),
        _sc(
            k,
            "fedora",
            [
                _t(
                    "for future reference my laptop runs Fedora, so no mac or windows "
                    "instructions pls",
                    _f(
                        "operating_system",
                        "Fedora",
                        "The user's laptop runs Fedora.",
                        single_valued=True,
                    ),
                ),
            ],
            "how do I get my new printer working on my laptop?",
            present=("Fedora",),
        ),
        _sc(
            k,
            "airlines",
            [
                _t(
                    "Store this somewhere: I only fly Finnair or KLM, I'm chasing status with both",
                    _f(
                        "constraint",
                        "Finnair",
                        "The user only flies Finnair or KLM.",
                        kind="preference",
                    ),
                    _f(
                        "constraint",
                        "KLM",
                        "The user only flies Finnair or KLM.",
                        kind="preference",
                    ),
                ),
            ],
            "what's the best way to get to Osaka in October?",
            present=("Finnair", "KLM"),
        ),
        _sc(
            k,
            "mornings",
            [
                _t(
                    "don't let me forget: I'm not free before 10am on weekdays, I do the school "
                    "run",
                    _f(
                        "constraint",
                        "not free before 10am on weekdays",
                        "The user is not free before 10am on weekdays.",
                        kind="preference",
                    ),
                ),
            ],
            "set up a call with my accountant sometime next week",
            present=("10am",),
        ),
        _sc(
            k,
            "trip_budget",
            [
                _t(
                    "can you save that my ceiling for any trip is 1,200 euros, all in",
                    _f(
                        "constraint",
                        "1,200 euros",
                        "The user's budget for any trip is at most 1,200 euros, all in.",
                        kind="preference",
                    ),
                ),
            ],
            "plan me a long weekend in Sicily",
            present=("1,200 euros",),
        ),
        _sc(
            k,
            "sundays",
            [
                _t(
                    "pin this: sunday is my no-screens day, so don't suggest anything online "
                    "for sundays",
                    _f(
                        "routine",
                        "no-screens day",
                        "Sunday is the user's no-screens day.",
                        kind="preference",
                    ),
                ),
            ],
            "what's something fun to do with the kids this Sunday?",
            present=("no-screens",),
        ),
        _sc(
            k,
            "mum_diabetic",
            [
                _t(
                    "Please remember my mum is diabetic whenever I ask for pudding ideas, she "
                    "lives with us",
                    _other(
                        "mum",
                        "condition",
                        "diabetic",
                        "The user's mum is diabetic.",
                        single_valued=False,
                    ),
                    _f("family_member", "mum", "The user's mum lives with them."),
                ),
            ],
            "dessert ideas for a family dinner on Friday?",
            present=("diabetic",),
            holder="mum",
        ),
        _sc(
            k,
            "spelling",
            [
                _t(
                    "file this away: I write in British English, colour not color, "
                    "organise not organize",
                    _f(
                        "spelling",
                        "British English",
                        "The user writes in British English.",
                        kind="preference",
                        single_valued=True,
                    ),
                ),
            ],
            "proofread this for me: 'The theater program was canceled due to low attendance.'",
            present=("British English",),
        ),
        _sc(
            k,
            "fodmap",
            [
                _t(
                    "save for later, important: I'm on low-FODMAP, so no onion and no garlic "
                    "in anything",
                    _f(
                        "dietary_restriction",
                        "low-FODMAP",
                        "The user follows a low-FODMAP diet (no onion, no garlic).",
                    ),
                ),
            ],
            "what can I make with chickpeas and spinach tonight?",
            present=("low-FODMAP",),
        ),
    ]


# --------------------------------------------------------------------------- one at a time
# a plan, a vehicle, a membership, a diet... switched: the old one must be gone


def _switches() -> list[_Scenario]:
    k = "one_at_a_time"
    return [
        _sc(
            k,
            "phone_plan",
            [
                _t(
                    "I'm on the Lebara 10GB plan, it does the job for now",
                    _f("phone_plan", "Lebara 10GB", "The user is on the Lebara 10GB plan."),
                ),
                _t(
                    "ported my number over to giffgaff's unlimited one, Lebara was crawling",
                    _f(
                        "phone_plan",
                        "giffgaff",
                        "The user is on a giffgaff unlimited plan.",
                        replaces="Lebara 10GB",
                    ),
                ),
            ],
            "my mobile data keeps running out mid-month, is it worth upgrading?",
            present=("giffgaff",),
            absent=(("Lebara", "stale"),),
        ),
        _sc(
            k,
            "car",
            [
                _t(
                    "the Škoda Fabia is making that grinding noise again, brilliant",
                    _f("car", "Škoda Fabia", "The user drives a Škoda Fabia."),
                ),
                _t(
                    "Traded the Fabia in and picked up a used Kia Niro EV on Tuesday!!",
                    _f(
                        "car",
                        "Kia Niro EV",
                        "The user drives a Kia Niro EV.",
                        replaces="Škoda Fabia",
                    ),
                ),
            ],
            "roughly what should I budget for fuel on a road trip to the Lake District?",
            present=("Kia Niro",),
            absent=(("Fabia", "stale"),),
        ),
        _sc(
            k,
            "gym",
            [
                _t(
                    "my PureGym membership is basically a donation at this point lol",
                    _f("gym", "PureGym", "The user is a member of PureGym."),
                ),
                _t(
                    "switched gyms: cancelled PureGym, I'm at Gymbox now, it's two minutes from "
                    "the office",
                    _f("gym", "Gymbox", "The user is a member of Gymbox.", replaces="PureGym"),
                ),
            ],
            "when's the quietest time to go to my gym?",
            present=("Gymbox",),
            absent=(("PureGym", "stale"),),
        ),
        _sc(
            k,
            "broadband",
            [
                _t(
                    "Broadband's with Virgin Media, supposedly 500 meg",
                    _f(
                        "internet_provider",
                        "Virgin Media",
                        "The user's broadband is with Virgin Media.",
                    ),
                ),
                _t(
                    "Moved to Hyperoptic, the installer came today. My neighbour swears by "
                    "Community Fibre but it was Hyperoptic or nothing in our building.",
                    _f(
                        "internet_provider",
                        "Hyperoptic",
                        "The user's broadband is with Hyperoptic.",
                        replaces="Virgin Media",
                    ),
                    _other(
                        "neighbour",
                        "internet_provider",
                        "Community Fibre",
                        "The user's neighbour recommends Community Fibre.",
                    ),
                    slips=(
                        (
                            "other_person_as_user",
                            _f(
                                "internet_provider",
                                "Community Fibre",
                                "The user's broadband is with Community Fibre.",
                            ),
                            "Community Fibre",
                        ),
                    ),
                ),
            ],
            "my wifi keeps dropping in the evenings, who do I ring?",
            present=("Hyperoptic",),
            absent=(("Virgin Media", "stale"), ("Community Fibre", "other_person")),
            holder="neighbour",
        ),
        _sc(
            k,
            "electricity",
            [
                _t(
                    "our electricity is with Enel and the last bill was insane",
                    _f("energy_provider", "Enel", "The user's electricity is with Enel."),
                ),
                _t(
                    "finalmente switched the electricity to Sorgenia, bye Enel",
                    _f(
                        "energy_provider",
                        "Sorgenia",
                        "The user's electricity is with Sorgenia.",
                        replaces="Enel",
                    ),
                ),
            ],
            "write a complaint about an overcharge on my electricity bill",
            present=("Sorgenia",),
            absent=(("Enel", "stale"),),
        ),
        _sc(
            k,
            "bank",
            [
                _t(
                    "I do all my banking with Monzo, salary goes in there",
                    _f("bank", "Monzo", "The user banks with Monzo.", single_valued=True),
                ),
                _t(
                    "moved everything to Starling last weekend and closed the Monzo account. "
                    "if Starling annoys me I might try Revolut",
                    _f(
                        "bank",
                        "Starling",
                        "The user banks with Starling.",
                        replaces="Monzo",
                        single_valued=True,
                    ),
                    _f(
                        "bank",
                        "Revolut",
                        "The user might try Revolut.",
                        modality="hypothetical",
                        single_valued=True,
                    ),
                    slips=(
                        (
                            "hypothetical_as_fact",
                            _f(
                                "bank",
                                "Revolut",
                                "The user banks with Revolut.",
                                single_valued=True,
                            ),
                            "Revolut",
                        ),
                    ),
                ),
            ],
            "how do I set up a standing order for my rent?",
            present=("Starling",),
            absent=(("Monzo", "stale"), ("Revolut", "hypothetical")),
        ),
        _sc(
            k,
            "meal_plan",
            [
                _t(
                    "doing keto at the moment, week three, send help",
                    _f("meal_plan", "keto", "The user is on a keto diet.", single_valued=True),
                ),
                _t(
                    "keto's over. switched to the Mediterranean diet my GP suggested instead",
                    _f(
                        "meal_plan",
                        "Mediterranean diet",
                        "The user follows the Mediterranean diet.",
                        replaces="keto",
                        single_valued=True,
                    ),
                ),
            ],
            "put together a grocery list for the week for me",
            present=("Mediterranean",),
            absent=(("keto", "stale"),),
        ),
        _sc(
            k,
            "insurance",
            [
                _t(
                    "health insurance is through Allianz Care, via work",
                    _f(
                        "health_insurer",
                        "Allianz Care",
                        "The user's health insurer is Allianz Care.",
                        single_valued=True,
                    ),
                ),
                _t(
                    "work moved us all onto Bupa Global this month, so Allianz is done",
                    _f(
                        "health_insurer",
                        "Bupa Global",
                        "The user's health insurer is Bupa Global.",
                        replaces="Allianz Care",
                        single_valued=True,
                    ),
                ),
            ],
            "I need physio for my back, how do I check whether it's covered?",
            present=("Bupa Global",),
            absent=(("Allianz", "stale"),),
        ),
        _sc(
            k,
            "bike",
            [
                _t(
                    "I commute on a Brompton, folds under my desk",
                    _f("bike", "Brompton", "The user rides a Brompton.", single_valued=True),
                ),
                _t(
                    "the Brompton got nicked 😭 replaced it with a VanMoof S3, fingers crossed",
                    _f(
                        "bike",
                        "VanMoof S3",
                        "The user rides a VanMoof S3.",
                        replaces="Brompton",
                        single_valued=True,
                    ),
                ),
            ],
            "which lock should I buy for my bike?",
            present=("VanMoof",),
            absent=(("Brompton", "stale"),),
        ),
        _sc(
            k,
            "coworking",
            [
                _t(
                    "I work out of Mindspace most days, the coffee is decent",
                    _f(
                        "coworking",
                        "Mindspace",
                        "The user works from Mindspace.",
                        single_valued=True,
                    ),
                ),
                _t(
                    "left Mindspace, got a cheaper hot desk at Impact Hub now",
                    _f(
                        "coworking",
                        "Impact Hub",
                        "The user works from Impact Hub.",
                        replaces="Mindspace",
                        single_valued=True,
                    ),
                ),
            ],
            "Where should I get a work parcel delivered on a weekday?",
            present=("Impact Hub",),
            absent=(("Mindspace", "stale"),),
        ),
    ]


# --------------------------------------------------------------------------- three more of each
# what ended with no successor, a fix naming the wrong value, a forget by topic, a save about
# someone else, a switch of a membership or a carrier


def _more() -> dict[str, list[_Scenario]]:
    r, c, f, e, o = KINDS
    return {
        r: [
            _sc(
                r,
                "aligners",
                [
                    _t(
                        "wearing Invisalign aligners 22 hours a day, so eating out is a whole "
                        "production",
                        _f(
                            "treatment",
                            "Invisalign",
                            "The user wears Invisalign aligners.",
                            single_valued=False,
                        ),
                    ),
                    _t(
                        "INVISALIGN IS DONE. aligners out for good, teeth look great",
                        _f(
                            "treatment",
                            "Invisalign",
                            "The user no longer wears Invisalign.",
                            polarity="retract",
                            single_valued=False,
                        ),
                    ),
                ],
                "any chewy snacks you'd recommend for a long drive?",
                absent=(("Invisalign", "retracted"),),
            ),
            _sc(
                r,
                "driving_lessons",
                [
                    _t(
                        "Wednesday afternoons are driving lessons with Fergal, my instructor, "
                        "who is endlessly patient",
                        _f(
                            "driving_instructor",
                            "Fergal",
                            "The user takes driving lessons with Fergal on Wednesdays.",
                            single_valued=True,
                        ),
                    ),
                    _t(
                        "passed my test!!! no more lessons with Fergal 🎉🎉",
                        _f(
                            "driving_instructor",
                            "Fergal",
                            "The user no longer takes lessons with Fergal.",
                            polarity="retract",
                            single_valued=True,
                        ),
                    ),
                ],
                "what could I do with my Wednesday afternoons from now on?",
                absent=(("Fergal", "retracted"),),
            ),
            _sc(
                r,
                "on_call",
                [
                    _t(
                        "I'm on the platform on-call rota every other weekend, pager and all",
                        _f(
                            "routine",
                            "on-call rota",
                            "The user is on the on-call rota every other weekend.",
                        ),
                    ),
                    _t(
                        "They finally hired SREs, so I'm off the on-call rota completely. "
                        "Weekends are mine again.",
                        _f(
                            "routine",
                            "on-call rota",
                            "The user is no longer on the on-call rota.",
                            polarity="retract",
                        ),
                    ),
                ],
                "help me plan a weekend away next month",
                absent=(("on-call", "retracted"),),
            ),
        ],
        c: [
            _sc(
                c,
                "pescatarian",
                [
                    _t(
                        "I'm vegetarian, well, pescatarian really, I do eat fish",
                        _f(
                            "dietary_restriction",
                            "pescatarian",
                            "The user is pescatarian.",
                            corrects="vegetarian",
                        ),
                    ),
                ],
                "suggest a main for a dinner party with friends on Saturday",
                present=("pescatarian",),
                absent=(("vegetarian", "corrected"),),
            ),
            _sc(
                c,
                "landlord",
                [
                    _t(
                        "the landlord is a guy called Mr Petrakis, lives upstairs",
                        _f("landlord", "Mr Petrakis", "The user's landlord is Mr Petrakis."),
                    ),
                    _t(
                        "the landlord's name is Adeyemi, not Petrakis. I was thinking of "
                        "somebody else entirely, sorry",
                        _f(
                            "landlord",
                            "Adeyemi",
                            "The user's landlord is Adeyemi.",
                            corrects="Mr Petrakis",
                        ),
                    ),
                ],
                "Draft an email to my landlord about the broken boiler.",
                present=("Adeyemi",),
                absent=(("Petrakis", "corrected"),),
            ),
            _sc(
                c,
                "gp_surgery",
                [
                    _t(
                        "My GP is at Castlegate Medical Centre... sorry, no, Castlefield Medical "
                        "Centre. Castlegate isn't even a thing.",
                        _f(
                            "gp_surgery",
                            "Castlefield Medical Centre",
                            "The user's GP is at Castlefield Medical Centre.",
                            corrects="Castlegate Medical Centre",
                            single_valued=True,
                        ),
                    ),
                ],
                "how do I book a repeat prescription?",
                present=("Castlefield",),
                absent=(("Castlegate", "corrected"),),
            ),
        ],
        f: [
            _sc(
                f,
                "address",
                [
                    _t(
                        "deliveries go to 14 Rue des Lilas, 3rd floor, the buzzer is broken",
                        _f(
                            "address",
                            "14 Rue des Lilas",
                            "The user lives at 14 Rue des Lilas.",
                            single_valued=True,
                        ),
                    ),
                    _t("can you forget my address? I'd rather type it in each time"),
                ],
                "order a pizza to my place tonight",
                absent=(("Rue des Lilas", "forgotten"),),
            ),
            _sc(
                f,
                "uni",
                [
                    _t(
                        "studied at Uppsala, class of 2015, best years of my life",
                        _f(
                            "alma_mater",
                            "Uppsala",
                            "The user studied at Uppsala.",
                            single_valued=False,
                        ),
                    ),
                    _t("you can forget where I went to uni, it's not relevant to anything"),
                ],
                "write a short 'about me' paragraph for my conference badge",
                absent=(("Uppsala", "forgotten"),),
            ),
            _sc(
                f,
                "klarna",
                [
                    _t(
                        "still paying off about 3k on a Klarna plan, slowly",
                        _f(
                            "debt",
                            "Klarna",
                            "The user is paying off about 3k on a Klarna plan.",
                            single_valued=False,
                        ),
                    ),
                    _t(
                        "erase the Klarna thing from your memory please, bit embarrassing",
                        _f(
                            "debt",
                            "Klarna",
                            "The user is paying off a Klarna plan.",
                            polarity="retract",
                            single_valued=False,
                        ),
                    ),
                ],
                "make me a savings plan for the rest of the year",
                absent=(("Klarna", "forgotten"),),
            ),
        ],
        e: [
            _sc(
                e,
                "ferries",
                [
                    _t(
                        "remember for any route planning: I get horribly motion sick on ferries",
                        _f(
                            "constraint",
                            "motion sick on ferries",
                            "The user gets motion sick on ferries.",
                            kind="preference",
                        ),
                    ),
                ],
                "plan a day out from Split to one of the islands",
                present=("ferries",),
            ),
            _sc(
                e,
                "oona_peanuts",
                [
                    _t(
                        "Heads up for the future: my daughter Oona is allergic to peanuts, so "
                        "snack ideas have to work for her",
                        _f("child", "Oona", "The user has a daughter called Oona."),
                        _other(
                            "Oona",
                            "allergy",
                            "peanuts",
                            "The user's daughter Oona is allergic to peanuts.",
                        ),
                    ),
                ],
                "snack ideas for a kids' party I'm hosting?",
                present=("peanuts",),
                holder="Oona",
            ),
            _sc(
                e,
                "colourblind",
                [
                    _t(
                        "write this down somewhere: I'm red-green colourblind, so charts that "
                        "rely on red vs green are useless to me",
                        _f(
                            "accessibility_need",
                            "red-green colourblind",
                            "The user is red-green colourblind.",
                        ),
                    ),
                ],
                "make me a chart of my monthly spending by category",
                present=("colourblind",),
            ),
        ],
        o: [
            _sc(
                o,
                "carrier",
                [
                    _t(
                        "vi har Telia på mobilen, the coverage at the cabin is awful though",
                        _f("mobile_carrier", "Telia", "The user's mobile carrier is Telia."),
                    ),
                    _t(
                        "bytte till Tele2 i helgen, so Telia's gone. cheaper and the cabin has "
                        "bars now",
                        _f(
                            "mobile_carrier",
                            "Tele2",
                            "The user's mobile carrier is Tele2.",
                            replaces="Telia",
                        ),
                    ),
                ],
                "my phone drops calls on the motorway, who should I contact?",
                present=("Tele2",),
                absent=(("Telia", "stale"),),
            ),
            _sc(
                o,
                "heritage",
                [
                    _t(
                        "we're National Trust members, it pays for itself with the parking alone",
                        _f(
                            "heritage_membership",
                            "National Trust",
                            "The user is a National Trust member.",
                            single_valued=True,
                        ),
                    ),
                    _t(
                        "let the National Trust lapse and joined English Heritage instead, "
                        "more castles near us",
                        _f(
                            "heritage_membership",
                            "English Heritage",
                            "The user is an English Heritage member.",
                            replaces="National Trust",
                            single_valued=True,
                        ),
                    ),
                ],
                "where could we go for a day out this bank holiday using our membership?",
                present=("English Heritage",),
                absent=(("National Trust", "stale"),),
            ),
            _sc(
                o,
                "running_shoes",
                [
                    _t(
                        "running in Hoka Clifton 9s at the moment, comfy but heavy",
                        _f(
                            "running_shoes",
                            "Hoka Clifton 9",
                            "The user runs in Hoka Clifton 9s.",
                            single_valued=True,
                        ),
                    ),
                    _t(
                        "retired the Hokas. Asics Novablast now and I'm never going back",
                        _f(
                            "running_shoes",
                            "Asics Novablast",
                            "The user runs in Asics Novablast.",
                            replaces="Hoka Clifton 9",
                            single_valued=True,
                        ),
                    ),
                ],
                "how many km before I should replace my running shoes?",
                present=("Novablast",),
                absent=(("Hoka", "stale"),),
            ),
        ],
    }


# --------------------------------------------------------------------------- one-offs
# openers and asides, each written once in the split: they state nothing to keep

_FILLERS = (
    "morning!",
    "hey, me again",
    "hiya",
    "ok quick one",
    "Good evening.",
    "back again lol",
    "hello hello",
    "yo",
    "Hi there, hope you're well.",
    "hey 👋",
    "right, where were we",
    "evening, bit tired today",
    "sup",
    "Hallo!",
    "ok so",
    "hey hey",
    "Hi! Got a minute?",
    "morning, coffee in hand ☕",
    "heyyy",
    "ok I'm back",
    "G'day",
    "hello again",
    "hi, short session today",
    "Afternoon.",
    "ciao",
    "hey, long day",
    "ok round two",
    "hi hi",
    "Good morning!",
    "back from lunch",
    "hey, quick q",
    "Hej!",
    "well hello",
    "evening 🌙",
    "alright?",
    "hi, hope this isn't too random",
    "hey there",
    "Hi, it's been a while.",
    "oi",
    "ok, new day",
    "howdy",
    "hiii",
    "Morning, rainy one here.",
    "hey, sorry for the gap",
    "hello!",
    "ok got a sec now",
    "Hi again.",
    "hey so",
    "salut",
    "morning, up early",
    "right then",
    "hey you",
    "Good afternoon!",
    "hi, on my phone so excuse typos",
    "evening all",
    "hey, me once more",
    "hola",
    "ok focus time",
    "hi from the train",
    "Hey, quick check-in.",
    "mornin",
    "hello, it's me",
    "back at it",
    "hey 🙂",
    "Hi — got a few things.",
    "ahoy",
    "hey, late one",
    "hi, lunch break",
    "Morning all.",
    "ello",
    "hey, weekend mode",
    "ok hi",
    "greetings",
    "hey, before I forget",
    "hi!!",
    "Evening. Short one.",
    "hey, quick favour",
    "moin",
    "hi, bear with me",
    "hey, just me",
    "Good morning, hope all's well.",
    "heya",
    "ok, another thing",
    "hi, sorry, busy week",
    "hey, post-gym",
    "Namaste 🙏",
    "hi, slow morning",
    "aloha",
    "hey, Monday brain",
    "Hi. Few minutes before a meeting.",
    "hey, up late again",
    "hi, from the sofa",
    "hey, finally free",
    "Morning! Sunny for once.",
    "hey, round three",
    "hi, tea break",
)

_ASIDES = (
    "ha, fair enough",
    "cheers, that helps",
    "ok thanks!!",
    "lol yes exactly",
    "Brilliant, thank you.",
    "hmm ok",
    "nice one",
    "ta",
    "perfect 👌",
    "ahh gotcha",
    "that's useful, thanks",
    "ok noted",
    "oh nice",
    "Thanks, that's clear.",
    "sounds good",
    "haha amazing",
    "grand, cheers",
    "makes sense",
    "ok cool cool",
    "thank youuu",
    "Lovely, thanks.",
    "right, ok",
    "yep that works",
    "ah brilliant",
    "ok ok",
    "oh interesting",
    "Great, ta.",
    "mm fine",
    "fab",
    "yeah fair",
    "oh lovely",
    "that'll do!",
    "ok, sorted",
    "merci",
    "hm, good point",
    "Excellent, thanks a lot.",
    "ok that's it for now",
    "noted 👍",
    "ahh ok",
    "danke!",
    "super, thanks",
    "ok, appreciated",
    "nice, ta",
    "yep",
    "Thank you, that's plenty.",
    "ooh ok",
    "cool, thanks",
    "all good",
)

_IRRELEVANT = (
    "why do volcanoes erupt?",
    "who painted Guernica?",
    "how do geckos cling to glass?",
    "how deep is the Mariana Trench?",
    "who invented braille?",
    "why do owls hoot?",
    "how far away is Neptune?",
    "origami crane: fold sequence?",
    "tectonic plates, briefly?",
    "why are flamingos pink?",
    "how old is Stonehenge?",
    "how do tides happen?",
)


def _words(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]{4,}", text.casefold()))


def _scenario_decks() -> dict[str, list[_Scenario]]:
    more = _more()
    return {
        "retraction": _retractions() + more["retraction"],
        "correction": _corrections() + more["correction"],
        "forget": _forgets() + more["forget"],
        "explicit_save": _saves() + more["explicit_save"],
        "one_at_a_time": _switches() + more["one_at_a_time"],
    }


def _values(sc: _Scenario) -> set[str]:
    return {v.casefold() for v in sc.probe.present} | {v.casefold() for v, _ in sc.probe.absent}


def _build(seed: int, users: int) -> list[tuple[HoConversation, list[str], list[str]]]:
    """Each user's conversation, the wording keys of its turns as placed, and as planned."""
    if users < 1:
        raise ValueError(f"users must be at least 1, got {users!r}")
    rng = random.Random(f"heldout-v8-b:{seed}")
    decks = _scenario_decks()
    orders = {}
    for kind, deck in decks.items():
        order = list(range(len(deck)))
        rng.shuffle(order)
        orders[kind] = order
    fillers = list(range(len(_FILLERS)))
    asides = list(range(len(_ASIDES)))
    rng.shuffle(fillers)
    rng.shuffle(asides)
    start = datetime(2026, 9, 7, 8, 0, tzinfo=timezone.utc)
    out = []
    for u in range(users):
        picked = [decks[kind][orders[kind][u % len(decks[kind])]] for kind in KINDS]
        wipe = next((s for s in picked if s.wipe), None)
        if wipe is not None:
            # the wipe would take any other scenario's values with it: theirs must differ
            gone = _values(wipe)
            for sc in picked:
                texts = " ".join(s.turn.text for s in sc.steps).casefold()
                if sc is not wipe and any(v in texts for v in gone):
                    raise AssertionError(f"{sc.name} mentions what {wipe.name} wipes")
        n = 4 if wipe is not None else rng.choice((3, 4))
        sessions: list[list[tuple[str, HoTurn]]] = [[] for _ in range(n)]
        planned: list[str] = []
        lo = 1 if wipe is not None else 0
        for sc in picked:
            planned.extend(step.key for step in sc.steps)
            if sc is wipe:
                # the wipe's statement and the wipe itself, alone in the first session
                sessions[0].extend((s.key, s.turn) for s in sc.steps)
                continue
            remaining = sum(s.later for s in sc.steps)
            at = rng.randint(lo, n - 1 - remaining)
            for step in sc.steps:
                if step.later:
                    remaining -= 1
                    at = rng.randint(at + 1, n - 1 - remaining)
                sessions[at].append((step.key, step.turn))
        for k in range(lo, n):
            rng.shuffle(sessions[k])
        for _ in range(rng.choice((1, 2))):
            idx = asides.pop() if asides else rng.randrange(len(_ASIDES))
            k = rng.randrange(lo, n)
            sessions[k].insert(
                rng.randint(0, len(sessions[k])), (f"aside:{idx}", HoTurn(_ASIDES[idx]))
            )
            planned.append(f"aside:{idx}")
        for k in range(n):
            idx = fillers.pop() if fillers else rng.randrange(len(_FILLERS))
            sessions[k].insert(0, (f"filler:{idx}", HoTurn(_FILLERS[idx])))
            planned.append(f"filler:{idx}")
        at = start + timedelta(days=rng.randint(0, 20), hours=rng.randint(0, 12))
        timed: list[tuple[datetime, tuple[HoTurn, ...]]] = []
        placed: list[str] = []
        for k in range(n):
            if k:
                at += timedelta(days=rng.randint(2, 12), hours=rng.randint(-3, 5))
            timed.append((at, tuple(t for _, t in sessions[k])))
            placed.extend(key for key, _ in sessions[k])
        probe_at = at + timedelta(days=rng.randint(3, 15), hours=rng.randint(1, 8))
        said = _words(" ".join(t.text for _, ts in timed for t in ts))
        pool = list(_IRRELEVANT)
        rng.shuffle(pool)
        irrelevant = next(r for r in pool if not _words(r) & said)
        probes = [sc.probe for sc in picked]
        rng.shuffle(probes)
        probes.insert(
            rng.randint(0, len(probes)), HoProbe(irrelevant, irrelevant=True, kind="irrelevant")
        )
        forbidden = tuple(f for sc in picked for f in sc.forbidden)
        conv = HoConversation(
            user_id=f"h8b-{u}",
            sessions=tuple(timed),
            probes=tuple(probes),
            probe_at=probe_at,
            forbidden=forbidden,
            kinds=tuple(p.kind for p in probes),
        )
        out.append((conv, placed, planned))
    return out


def generate_heldout_v8_b(*, seed: int = 0, users: int = 24) -> list[HoConversation]:
    """The split's conversations: ``users`` simulated users, deterministic from ``seed``.

    Example:
        >>> len(generate_heldout_v8_b(seed=1, users=2))
        2
    """
    return [conv for conv, _, _ in _build(seed, users)]


def one_off_share(seed: int = 0) -> tuple[int, int]:
    """``(turns whose wording occurs once in the split, all turns)`` at 24 users: a
    wording filled for two users counts as used twice.

    Example:
        >>> one_offs, turns = one_off_share(0)
        >>> 3 * one_offs >= turns
        True
    """
    keys = Counter(k for _, placed, _ in _build(seed, 24) for k in placed)
    return sum(1 for n in keys.values() if n == 1), sum(keys.values())
