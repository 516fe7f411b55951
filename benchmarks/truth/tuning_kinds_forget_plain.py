"""Forget in plain language, third set (issue 12, kind 6): one wording per scenario.

The two earlier forget modules draw one wording per scenario at random; here every wording
is its own scenario, so each is run (twice, by the kinds split) and a miss names it. A user
states a few facts about themselves (the ideal candidates are given, so ``--mode perfect``
measures the forget alone), asks in a later session to forget some of them in everyday
words, and probes in fresh sessions check that the forgotten values reach no memory block
while the others still do (nothing removed too much). The forms: "forget ...", "please
delete what you know about ...", "erase ...", "I don't want you to remember ...", "can you
not keep ...", "stop remembering ...", "remove the bit about ...", "X — drop it", "you can
forget my X", "no need to remember X anymore", "wipe X"; a topic named by the attribute, by
a word of the value, by another name of the attribute ("where I work", "my place", "my
diet", "my kids"), by pointing back ("what I just said"); trailing reasons; everything in
everyday words; and messages that only look like a forget ("I forgot my keys", "forget it,
let's do pasta", "don't forget the salt" in a recipe request), after which everything is
kept. Wordings, names and values are this module's own. A third of the cases are in
``tuning_kinds_forget_plain_check.py``, never fixed against (a generalisation check).

Example:
    >>> import random
    >>> from datetime import datetime, timezone
    >>> conv = SCENARIOS[0](random.Random(0), "u1", datetime(2026, 3, 2, tzinfo=timezone.utc))
    >>> conv.kinds
    ('forget',)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from benchmarks.truth.conversations import HoConversation, HoProbe, HoTurn
from langmem_plus.facts.models import CandidateFact

__all__ = ["CASES", "SCENARIOS", "Case", "scenario"]

_CITIES = ["Zaragoza", "Kraków", "Valparaíso", "Tbilisi", "Zürich"]
_EMPLOYERS = ["Fernwood Labs", "Brightwater Foods", "Okapi Studio", "Harrow & Finch"]
_TITLES = ["nurse", "data analyst", "carpenter"]
_DIETS = ["vegetarian", "pescatarian", "vegan"]
_ALLERGENS = ["lupin", "hazelnuts", "sesame", "strawberries"]
_KIDS = [("daughter", "Zoë"), ("son", "Mateo"), ("daughter", "Aiko"), ("son", "Ilya")]
_PARTNERS = [("husband", "Henrik"), ("wife", "Chloé"), ("boyfriend", "Ravi")]
_PETS = [("dog", "Biscuit"), ("cat", "Pixel"), ("tortoise", "Gustav")]
_HOBBIES = ["bouldering", "pottery", "chess"]


_CARS = ["Škoda Octavia", "Honda Jazz", "Volvo V60"]
_GYMS = ["Iron Lotus", "PulseHaus", "Kettle & Bell"]
_SISTERS = ["Ines", "Małgosia", "Noor"]
_PLANS = ["Tesco Mobile 20GB", "Lyca Unlimited", "Three Essential"]
_LANGS = [("Portuguese", "Greek"), ("Korean", "Dutch"), ("Swahili", "Polish")]


def _c(
    predicate: str, obj: str, text: str, quote: str, *, single: bool | None = None
) -> CandidateFact:
    return CandidateFact(
        kind="fact", subject="user", predicate=predicate, object=obj, text=text, quote=quote,
        single_valued=single,
    )  # fmt: skip


@dataclass(frozen=True)
class _Slot:
    """One fact of the user's: what they say, its ideal candidates, the values a probe
    checks, and the probe that recalls it."""

    say: str
    candidates: tuple[CandidateFact, ...]
    values: tuple[str, ...]
    probe: str
    fill: dict[str, str]


def _slots(rng: random.Random) -> dict[str, _Slot]:
    city, emp, title = rng.choice(_CITIES), rng.choice(_EMPLOYERS), rng.choice(_TITLES)
    diet, allergen, hobby = rng.choice(_DIETS), rng.choice(_ALLERGENS), rng.choice(_HOBBIES)
    (rel1, kid1), (rel2, kid2) = rng.sample(_KIDS, 2)
    prel, partner = rng.choice(_PARTNERS)
    pet, pname = rng.choice(_PETS)
    car, gym, sister = rng.choice(_CARS), rng.choice(_GYMS), rng.choice(_SISTERS)
    plan, (lang1, lang2) = rng.choice(_PLANS), rng.choice(_LANGS)
    old_city = next(c for c in _CITIES if c != city)
    job = f"I'm a {title} at {emp}."
    kids = f"My {rel1} is {kid1} and my {rel2} is {kid2}."
    fill = {
        "city": city, "emp": emp, "title": title, "diet": diet, "allergen": allergen,
        "hobby": hobby, "kid": kid1, "rel": rel1, "prel": prel, "partner": partner,
        "pet": pet, "pname": pname, "car": car, "gym": gym, "sister": sister, "plan": plan,
        "lang1": lang1, "lang2": lang2, "old_city": old_city,
    }  # fmt: skip
    sis = f"My sister {sister} lives in {old_city}."
    out = {
        "city": _Slot(
            f"I live in {city}.",
            (_c("city", city, f"The user lives in {city}.", f"I live in {city}."),),
            (city,),
            "Any good day trips near where I live?",
            fill,
        ),
        "employer": _Slot(
            f"I work at {emp}.",
            (_c("employer", emp, f"The user works at {emp}.", f"I work at {emp}."),),
            (emp,),
            "Draft a note to my employer about working from home on Friday.",
            fill,
        ),
        "job": _Slot(
            job,
            (
                _c("employer", emp, f"The user works at {emp}.", job),
                _c("job_title", title, f"The user is a {title}.", job),
            ),
            (emp, title),
            "Write a two-sentence bio of me for a conference badge.",
            fill,
        ),
        "diet": _Slot(
            f"I'm {diet}.",
            (_c("dietary_restriction", diet, f"The user is {diet}.", f"I'm {diet}."),),
            (diet,),
            "What should I cook for dinner tonight?",
            fill,
        ),
        "allergy": _Slot(
            f"I'm allergic to {allergen}.",
            (
                _c(
                    "allergy",
                    allergen,
                    f"The user is allergic to {allergen}.",
                    f"I'm allergic to {allergen}.",
                ),
            ),
            (allergen,),
            "Suggest a lunch I could pack for myself.",
            fill,
        ),
        "kids": _Slot(
            kids,
            (
                _c("child", kid1, f"Has a {rel1} named {kid1}.", kids),
                _c("child", kid2, f"Has a {rel2} named {kid2}.", kids),
            ),
            (kid1, kid2),
            "Plan a weekend outing for me and my kids.",
            fill,
        ),
        "partner": _Slot(
            f"My {prel} is {partner}.",
            (
                _c(
                    "partner",
                    partner,
                    f"Has a {prel} named {partner}.",
                    f"My {prel} is {partner}.",
                ),
            ),
            (partner,),
            f"Plan a date night for me and my {prel}.",
            fill,
        ),
        "pet": _Slot(
            f"I have a {pet} called {pname}.",
            (_c("pet", pname, f"Has a {pet} named {pname}.", f"I have a {pet} called {pname}."),),
            (pname,),
            f"What toys should I get my {pet}?",
            fill,
        ),
        "hobby": _Slot(
            f"In my free time I do {hobby}.",
            (
                _c(
                    "hobby",
                    hobby,
                    f"The user's hobby is {hobby}.",
                    f"In my free time I do {hobby}.",
                ),
            ),
            (hobby,),
            "How should I spend my free time this weekend?",
            fill,
        ),
        "car": _Slot(
            f"I drive a {car}.",
            (_c("car", car, f"The user drives a {car}.", f"I drive a {car}.", single=True),),
            (car,),
            "Any tips for getting my car ready for winter?",
            fill,
        ),
        "gym": _Slot(
            f"I'm a member at {gym}.",
            (_c("gym", gym, f"Is a member at {gym}.", f"I'm a member at {gym}.", single=True),),
            (gym,),
            "What time should I go to my gym to avoid the crowds?",
            fill,
        ),
        "sister": _Slot(
            sis,
            (
                _c("sibling", sister, f"Has a sister named {sister}.", sis),
                CandidateFact(
                    kind="fact",
                    subject="person:sister",
                    holder="sister",
                    predicate="city",
                    object=old_city,
                    text=f"The user's sister lives in {old_city}.",
                    quote=sis,
                ),
            ),
            (sister, old_city),
            "What should I get my sister for her birthday?",
            fill,
        ),
        "plan": _Slot(
            f"My phone plan is {plan}.",
            (
                _c(
                    "phone_plan",
                    plan,
                    f"Phone plan {plan}.",
                    f"My phone plan is {plan}.",
                    single=True,
                ),
            ),
            (plan,),
            "Is my phone plan good for travelling abroad?",
            fill,
        ),
        **{
            key: _Slot(
                say,
                (_c("language", lang, f"The user speaks {lang}.", say),),
                (lang,),
                "Which languages should I list on my CV?",
                fill,
            )
            for key, lang, say in (
                ("lang1", lang1, f"I speak {lang1}."),
                ("lang2", lang2, f"I also speak {lang2}."),
            )
        },
    }
    both = f"I live in {city} and I work at {emp}."
    out["home_of_both"] = _Slot(both, out["city"].candidates, (city,), out["city"].probe, fill)
    out["work_of_both"] = _Slot(
        both, out["employer"].candidates, (emp,), out["employer"].probe, fill
    )
    # the job title's text names the employer too: forgetting the employer must not leave it
    out["employer_echo"] = _Slot(
        job,
        (
            _c("employer", emp, f"The user works at {emp}.", job),
            _c("job_title", title, f"The user is a {title} at {emp}.", job),
        ),
        (emp,),
        "Write a two-sentence bio of me for a conference badge.",
        fill,
    )
    sis = out["sister"]
    out["sister_city"] = _Slot(
        sis.say, sis.candidates[1:], (old_city,), "Plan a weekend visit to my sister.", fill
    )
    out["sister_name"] = _Slot(
        sis.say,
        sis.candidates[:1],
        (sister,),
        "What should I get my sister for her birthday?",
        fill,
    )
    return out


@dataclass(frozen=True)
class Case:
    """One forget wording and what it must do.

    Attributes:
        wording: the forget message ("{city}", "{emp}" and the like are filled in).
        gone: the user's facts (``_slots`` keys) it deletes; ``("*",)`` for everything.
        kept: the facts it leaves.
        same_session: the facts of ``gone`` are said in the forget's own session, just
            before it ("forget what I just said").
        later: a fact of ``gone`` said again after the forget, which must not be kept
            either (a "stop storing" request).
    """

    wording: str
    gone: tuple[str, ...]
    kept: tuple[str, ...]
    same_session: bool = False
    later: bool = False


def scenario(case: Case) -> Callable[[random.Random, str, datetime], HoConversation]:
    """The scenario of one case: its facts, the forget in a later session, the probes."""

    def make(rng: random.Random, user: str, start: datetime) -> HoConversation:
        slots = _slots(rng)
        everything = case.gone == ("*",)
        gone = tuple(slots) if everything else case.gone
        kept = () if everything else case.kept
        if everything:
            gone = tuple(k for k in ("city", "employer", "allergy") if k in slots)
        said = [k for k in (*case.kept, *gone) if k in slots] if not everything else list(gone)
        # slots said in one message are one turn with all their candidates
        merged: dict[str, list[CandidateFact]] = {}
        for k in said:
            merged.setdefault(slots[k].say, []).extend(
                c for c in slots[k].candidates if c not in merged.get(slots[k].say, [])
            )
        turns = {k: HoTurn(slots[k].say, tuple(merged[slots[k].say])) for k in said}
        first = list(
            {
                turns[k].text: turns[k] for k in said if not (case.same_session and k in gone)
            }.values()
        )
        forget_session = list({turns[k].text: turns[k] for k in gone if case.same_session}.values())
        forget = case.wording.format(**next(iter(slots.values())).fill)
        sessions = [
            (start, tuple(first)),
            (start + timedelta(days=2), (*forget_session, HoTurn(forget))),
        ]
        if case.later:
            again = [_again(slots[k], rng) for k in gone]
            sessions.append((start + timedelta(days=4), tuple(again)))
        probes = [
            HoProbe(
                slots[k].probe,
                absent=tuple((v, "forgotten") for v in _all_values(slots[k], case.later)),
                kind="forget",
            )
            for k in gone
        ] + [HoProbe(slots[k].probe, present=slots[k].values, kind="forget") for k in kept]
        forbidden = [(v, "forgotten") for k in gone for v in _all_values(slots[k], case.later)]
        return HoConversation(
            user_id=user,
            sessions=tuple(sessions),
            probes=tuple(probes),
            probe_at=start + timedelta(days=7),
            forbidden=tuple(forbidden),
            kinds=("forget",),
        )

    make.__doc__ = f"Forget: {case.wording!r}"
    return make


_AGAIN = {"city": "Porto", "employer": "Quarry Row", "diet": "flexitarian"}


def _again(slot: _Slot, rng: random.Random) -> HoTurn:
    """The attribute said once more after "stop keeping it", with another value."""
    pred = slot.candidates[0].predicate
    key = {"dietary_restriction": "diet"}.get(pred, pred)
    value = _AGAIN.get(key, "Porto")
    say = {
        "city": f"We moved to {value} last month.",
        "employer": f"I started a new job at {value}.",
        "diet": f"I'm {value} now.",
    }.get(key, f"I live in {value} now.")
    text = {
        "city": f"The user lives in {value}.",
        "employer": f"The user works at {value}.",
        "diet": f"The user is {value}.",
    }.get(key, f"The user lives in {value}.")
    return HoTurn(say, (_c(pred, value, text, say),))


def _all_values(slot: _Slot, later: bool) -> tuple[str, ...]:
    if not later:
        return slot.values
    pred = slot.candidates[0].predicate
    key = {"dietary_restriction": "diet"}.get(pred, pred)
    return (*slot.values, _AGAIN.get(key, "Porto"))


CASES: Sequence[Case] = (
    # "forget ..." by another name of the attribute
    Case("forget where I work", ("employer",), ("city",)),
    Case("Forget my place, please — I'm about to move anyway.", ("city",), ("employer",)),
    Case("forget my kids' names", ("kids",), ("partner",)),
    # "please delete what you know about ..."
    Case("please delete what you know about my diet", ("diet",), ("allergy",)),
    Case("Please delete whatever you know about my love life.", ("partner",), ("kids",)),
    # "erase ..."
    Case("Erase my job from your memory.", ("job",), ("city",)),
    Case("erase the stuff about my {pet} 😢", ("pet",), ("partner",)),
    # "I don't want you to remember ..."
    Case("I don't want you to remember my {prel}'s name.", ("partner",), ("pet",)),
    Case("i dont want u remembering where i live", ("city",), ("diet",)),
    # "can you not keep ..."
    Case("can you not keep my allergy on file?", ("allergy",), ("diet",)),
    # "stop remembering ..." (a later statement must not be kept either)
    Case("Stop remembering where I work.", ("employer",), ("city",), later=True),
    # "remove the bit about ..."
    Case("remove the bit about my hobby", ("hobby",), ("city",)),
    Case("Could you remove the part about {hobby}? I gave it up.", ("hobby",), ("employer",)),
    # a topic said first, pointed back at
    Case("that thing I told you about my job — drop it", ("job",), ("city",)),
    Case("The {allergen} allergy, drop it, it was a misdiagnosis.", ("allergy",), ("diet",)),
    # "you can forget my X", "no need to remember X anymore", "wipe X"
    Case("you can forget my {prel} now, we broke up", ("partner",), ("kids",)),
    Case("No need to remember my kids anymore.", ("kids",), ("pet",)),
    Case("wipe my employer", ("employer",), ("diet",)),
    # a word of the value
    Case("forget {city}", ("city",), ("employer",)),
    Case("pls delete the {emp} thing", ("employer",), ("city",)),
    Case("Forget about {pname}. He passed away last week.", ("pet",), ("partner",)),
    # pointing back at what was just said
    Case("actually, forget what I just said", ("diet",), ("city",), same_session=True),
    # a trailing reason, a long message, formal and texting registers
    Case(
        "Please forget my employer, I handed in my notice and it feels weird that you know.",
        ("employer",),
        ("city",),
    ),
    Case(
        "Thanks for the help with the spreadsheet yesterday. By the way, I'd like you to "
        "forget where I live — I'm not comfortable with it being stored.",
        ("city",),
        ("employer",),
    ),
    Case("I would be grateful if you could erase my dietary information.", ("diet",), ("allergy",)),
    Case("forget my allergy + my diet pls", ("allergy", "diet"), ("city",)),
    # everything, in everyday words
    Case("Forget everything about me, I want to start over.", ("*",), ()),
    Case("wipe it all, clean slate", ("*",), ()),
    Case("Please erase all the stuff you've saved about me.", ("*",), ()),
    # not forget commands: everything is kept
    # attributes outside the defaults, by their name or by a word of the value
    Case("forget what car I drive", ("car",), ("city",)),
    Case("delete my gym membership details", ("gym",), ("employer",)),
    Case("You don't need to remember my phone plan any more.", ("plan",), ("city",)),
    Case("scrap the {car} bit, I sold it", ("car",), ("gym",)),
    # people: the relation, another name of it; the person's own facts go with them
    Case("forget about my sister", ("sister",), ("kids",)),
    Case("please forget my other half, it's over", ("partner",), ("pet",)),
    Case("Delete the info about my little ones.", ("kids",), ("partner",)),
    Case("erase my furry friend from your memory", ("pet",), ("kids",)),
    # one value of several
    Case("forget that I speak {lang2}, I've lost it completely", ("lang2",), ("lang1",)),
    # two facts of one message: only the one named goes
    Case("forget where I live", ("home_of_both",), ("work_of_both",)),
    Case("Please delete my employer from your notes.", ("work_of_both",), ("home_of_both",)),
    # a forgotten value said again in another fact's words
    Case("Please forget my employer.", ("employer_echo",), ("city",)),
    # another person's attribute, not the person
    Case("forget where my sister lives", ("sister_city",), ("sister_name",)),
    # set phrases for an attribute
    Case("forget what I do for a living", ("job",), ("city",)),
    Case("Stop remembering where I work out, please.", ("gym",), ("employer",)),
    Case("please forget where I'm from", ("city",), ("employer",)),
    # everything, in other everyday words
    Case("forget everything we talked about", ("*",), ()),
    Case("Please purge all my personal data per GDPR.", ("*",), ()),
    Case("I want you to forget who I am.", ("*",), ()),
    # the previous message, pointed back at as a whole
    Case("Actually no, don't save that.", ("diet",), ("city",), same_session=True),
    Case("hmm forget I said anything", ("hobby",), ("employer",), same_session=True),
    # a wish in other shapes
    Case("I no longer want you to know where I work.", ("employer",), ("city",)),
    Case("I don't want my kids' names stored.", ("kids",), ("partner",)),
    Case("I'd rather you forgot about my {prel}.", ("partner",), ("kids",)),
    # a topic said first, a command after it in other shapes
    Case("The part about my allergy — please erase.", ("allergy",), ("diet",)),
    Case("About my job: please forget it.", ("job",), ("city",)),
    Case("Regarding my diet, you can delete that.", ("diet",), ("allergy",)),
    Case("I mentioned my {pet} earlier, please forget about him", ("pet",), ("partner",)),
    Case("my {prel}'s name — please don't keep it", ("partner",), ("pet",)),
    # chat registers: a colon after the verb, "u", trailing emoji, a trailing command
    Case("please forget: my allergy", ("allergy",), ("diet",)),
    Case("i'd like u to forget my {prel}", ("partner",), ("pet",)),
    Case("Forget the info on my {pet} 🙏", ("pet",), ("kids",)),
    Case("ok so about my job... just forget it", ("job",), ("city",)),
    Case("Remember how I said I live in {city}? Forget that.", ("city",), ("employer",)),
    # a verb that moves it out of the memory, a verb of keeping after "stop"
    Case("please take my address off your list", ("city",), ("employer",)),
    Case("get my job details out of your memory", ("job",), ("city",)),
    Case("Don't include my kids in your notes.", ("kids",), ("partner",)),
    Case("please stop holding on to my diet info", ("diet",), ("allergy",)),
    Case("can you unremember my allergy", ("allergy",), ("diet",)),
    Case("forget my details", ("*",), ()),
    # formal register
    Case("Kindly expunge all records pertaining to my employment.", ("job",), ("city",)),
    # not forget commands: an option set aside, a verb of keeping with its complement
    Case("forget the hotel, just book me something near the station", (), ("city", "employer")),
    Case("Forget {city}, let's plan a weekend in Rome instead.", (), ("city",)),
    Case("don't log me out, I'm still working", (), ("city", "employer")),
    Case("forget about formatting, just give me the facts about my employer", (), ("employer",)),
    Case("Don't keep it short, I want the full story of the Hanseatic League.", (), ("city",)),
    # not forget commands: everything is kept
    Case("I forgot my keys at the office again, ugh", (), ("city", "employer", "allergy")),
    Case("forget it, let's do pasta tonight", (), ("diet", "allergy")),
    Case(
        "Give me a quick tomato soup recipe, and don't forget to add salt.", (), ("diet", "allergy")
    ),
    Case(
        "I want to forget about work this weekend, any ideas for a hike near where I live?",
        (),
        ("city", "employer"),
    ),
)
"""This module's forget wordings (the check module holds the others)."""

SCENARIOS = [scenario(c) for c in CASES]
"""This area's scenarios, collected by ``tuning_kinds.generate_tuning_kinds``."""
