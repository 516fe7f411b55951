"""Tuning cases for retractions and corrections (issue 12 kinds 4 and 5), in their own words.

Kinds: ``retraction`` where the retraction names its value differently from the stored one
("a cat named Marzipan" for "Marzipan", "my gym membership" for the gym's name, "whatever I
had" as ``"*"``), under another predicate than the one stored, a person or pet gone, a
habit stopped, a membership ended, "not X any more", "used to"; ``correction`` in the next
turn with or without the wrong value named ("no wait, X", "typo: X", "correction — it's X",
"sorry, I meant X not Y"); ``open_thread``: a goal asked about, then changed or given up in
a later session. Values and wordings are this module's own.

Example:
    >>> import random
    >>> from datetime import datetime, timezone
    >>> conv = SCENARIOS[0](random.Random(5), "u1", datetime(2026, 1, 5, tzinfo=timezone.utc))
    >>> conv.kinds
    ('retraction',)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta

from benchmarks.truth.conversations import HoConversation, HoProbe, HoTurn
from langmem_plus.facts.models import CandidateFact

__all__ = ["SCENARIOS"]

PET_NAMES = ("Marzipan", "Dumpling", "Pistachio", "Tofu", "Crumpet", "Sprocket")
SPECIES = ("cat", "dog", "hamster", "ferret")
PARTNERS = ("Idris", "Solveig", "Caspian", "Marisol", "Teodor", "Wren")
GYMS = ("Granite Peak Climbing", "Foundry Strength Club", "Harbourline Lido", "Apex Yoga Loft")
BANDS = ("Riverside Brass Band", "Northgate Folk Choir", "Cobalt Swing Orchestra")
CITIES = ("Galway", "Limerick", "Tartu", "Ghent", "Trieste", "Lyon", "Braga", "Umeå")
EMPLOYERS = ("Halden Bank", "Corvid Labs", "Saltmarsh Media", "Peregrine Rail", "Lumen Foods")


def _fact(predicate: str, obj: str, text: str, **kw: object) -> CandidateFact:
    return CandidateFact.model_validate(
        {"kind": "fact", "predicate": predicate, "object": obj, "text": text, **kw}
    )


def _conv(
    user: str,
    start: datetime,
    sessions: list[list[HoTurn]],
    probes: list[HoProbe],
    kinds: tuple[str, ...],
) -> HoConversation:
    def quoted(t: HoTurn) -> HoTurn:
        return replace(t, ideal=tuple(c.model_copy(update={"quote": t.text}) for c in t.ideal))

    at = [
        (start + timedelta(days=3 * i), tuple(quoted(t) for t in ts))
        for i, ts in enumerate(sessions)
    ]
    return HoConversation(
        user_id=user,
        sessions=tuple(at),
        probes=tuple(probes),
        probe_at=start + timedelta(days=3 * len(sessions) + 1),
        kinds=kinds,
    )


def _retraction(which: int, rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A value taken back, the retraction naming it as a careful extractor might: a pet by
    its description, a partner as "my partner", a membership by the predicate's noun, a
    diet by the retraction's text, a hobby under another predicate, "used to"."""
    if which == 0:
        name, species = rng.choice(PET_NAMES), rng.choice(SPECIES)
        first = HoTurn(
            f"We adopted a {species} called {name} in spring.",
            (_fact("pet", name, f"Has a {species} named {name}."),),
        )
        back = rng.choice(
            [
                f"we had to put our {species} down yesterday, {name} was very old",
                f"Our {species} {name} was put to sleep on Monday.",
                f"Sad week: {name} our {species} passed away.",
            ]
        )
        cand = _fact(
            "pet", f"a {species} named {name}", f"No longer has a {species} named {name}.",
            polarity="retract",
        )  # fmt: skip
        probe = HoProbe(
            f"treat ideas for my {species}?", absent=((name, "retracted"),), kind="retraction"
        )
    elif which == 1:
        name = rng.choice(PARTNERS)
        first = HoTurn(
            f"My partner is {name}.",
            (_fact("partner", name, f"The user's partner is {name}.", single_valued=True),),
        )
        back = rng.choice(
            [
                "my partner and I split up over the summer",
                f"{name} and I broke up last month.",
                "We separated, so I'm single now.",
            ]
        )
        cand = _fact("partner", "my partner", "No longer has a partner.", polarity="retract")
        probe = HoProbe(
            "ideas for an anniversary dinner", absent=((name, "retracted"),), kind="retraction"
        )
    elif which == 2:
        gym = rng.choice(GYMS)
        first = HoTurn(
            f"I'm a member at {gym}.",
            (_fact("gym", gym, f"Is a member at {gym}.", single_valued=True),),
        )
        back = rng.choice(
            [
                "I cancelled my gym membership this week.",
                "not a gym member any more, too pricey",
                "Ended my membership at the gym.",
            ]
        )
        cand = _fact("gym", "gym membership", "Is no longer a gym member.", polarity="retract")
        probe = HoProbe(
            "what time does my gym open on Sundays?",
            absent=((gym, "retracted"),),
            kind="retraction",
        )
    elif which == 3:
        diet = rng.choice(["pescatarian", "vegetarian", "vegan"])
        first = HoTurn(f"I'm {diet}.", (_fact("dietary_restriction", diet, f"Is {diet}."),))
        back = rng.choice(
            [
                f"I'm not {diet} any more, I eat meat again.",
                f"back to eating everything, meat included, the {diet} phase is over",
                f"no longer {diet} since the new year",
            ]
        )
        cand = _fact(
            "dietary_restriction", "meat", f"Eats meat again; no longer {diet}.",
            polarity="retract",
        )  # fmt: skip
        probe = HoProbe(
            "a dinner idea for two tonight", absent=((diet, "retracted"),), kind="retraction"
        )
    elif which == 4:
        band = rng.choice(BANDS)
        first = HoTurn(
            f"I play in the {band} on Thursdays.",
            (_fact("hobby", band, f"Plays in the {band}."),),
        )
        back = rng.choice(
            [
                f"I left the {band}, no time any more.",
                f"quit the {band} last month",
                f"I'm not in the {band} any more.",
            ]
        )
        cand = _fact("membership", band, f"No longer plays in the {band}.", polarity="retract")
        probe = HoProbe(
            "what should I practise for band night?",
            absent=((band, "retracted"),),
            kind="retraction",
        )
    elif which == 6:
        name, species = rng.choice(PET_NAMES), rng.choice(SPECIES)
        first = HoTurn(
            f"My {species} is called {name}.",
            (_fact("pet", name, f"Has a {species} named {name}."),),
        )
        back = rng.choice(
            [
                f"{name} had cancer, so we had to put our {species} to sleep on Friday.",
                f"The vet found a tumour and we lost {name} last week.",
            ]
        )
        cand = _fact("pet", name, f"No longer has a {species} named {name}.", polarity="retract")
        probe = HoProbe(
            f"toy ideas for my {species}?", absent=((name, "retracted"),), kind="retraction"
        )
    elif which == 7:
        gym = rng.choice(GYMS)
        first = HoTurn(
            f"My gym is {gym}.",
            (_fact("gym", gym, f"Is a member at {gym}.", single_valued=True),),
        )
        back = rng.choice(
            [
                f"I stopped going to {gym} when the prices went up.",
                f"gave up on trying to make it to {gym}, cancelled it",
            ]
        )
        cand = _fact("gym", gym, f"No longer goes to {gym}.", polarity="retract")
        probe = HoProbe(
            "what time does my gym open on Sundays?",
            absent=((gym, "retracted"),),
            kind="retraction",
        )
    else:
        hobby = rng.choice(["rock climbing", "bouldering", "sea swimming", "rowing"])
        first = HoTurn(f"I go {hobby} most weekends.", (_fact("hobby", hobby, f"Enjoys {hobby}."),))
        back = rng.choice(
            [
                f"I used to do {hobby} but I stopped when the club closed.",
                f"stopped {hobby} for good",
                f"I don't do {hobby} any more.",
            ]
        )
        cand = _fact("routine", f"doing {hobby}", f"No longer does {hobby}.", polarity="retract")
        probe = HoProbe(
            f"gear tips for {hobby} this winter?", absent=((hobby, "retracted"),), kind="retraction"
        )
    return _conv(user, start, [[first], [HoTurn(back, (cand,))]], [probe], ("retraction",))


def _correction(which: int, rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A value, then corrected in the very next turn, the wrong value named or not."""
    if which == 0:
        wrong, right = rng.sample(CITIES, 2)
        first = HoTurn(f"I live in {wrong}.", (_fact("city", wrong, f"Lives in {wrong}."),))
        back = rng.choice(
            [
                f"no wait, {right}",
                f"typo: {right}",
                f"correction — it's {right}",
                f"sorry, I meant {right} not {wrong}",
                f"oops, {right}!",
                f"Ugh, my phone filled that in wrong — {right}, not {wrong}.",
                f"Wait, {right}, not {wrong}, I was half asleep typing that.",
            ]
        )
        cand = _fact("city", right, f"Lives in {right}.", corrects=wrong)
        probe = "any good weekend markets in my city?"
    else:
        wrong, right = rng.sample(EMPLOYERS, 2)
        first = HoTurn(f"I work at {wrong}.", (_fact("employer", wrong, f"Works at {wrong}."),))
        back = rng.choice(
            [
                f"no wait, {right}",
                f"typo: {right}",
                f"Correction: it's {right}.",
                f"sorry, I meant {right}, not {wrong}",
                f"my mistake — {right}",
                f"Misspoke there: {right}, not {wrong}; long day.",
            ]
        )
        cand = _fact("employer", right, f"Works at {right}.", corrects=wrong)
        probe = "help me write my work bio"
    return _conv(
        user,
        start,
        [[first, HoTurn(back, (cand,))]],
        [HoProbe(probe, present=(right,), absent=((wrong, "corrected"),), kind="correction")],
        ("correction",),
    )


GOALS = ("run a half marathon", "learn conversational Italian", "finish my pottery course",
         "swim a mile without stopping", "read twelve novels")  # fmt: skip


def _open_thread(which: int, rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A goal with an open request, then the goal changed or dropped in a later session: the
    next session gets the current goal, never the one given up."""
    old, new = rng.sample(GOALS, 2)
    first = HoTurn(
        f"My goal this season is to {old}. Can you make me a weekly plan for it?",
        (_fact("current_goal", old, f"The user's goal is to {old}.", single_valued=True),),
    )
    if which == 0:
        back = rng.choice(
            [
                f"Change of plan: I want to {new} instead.",
                f"new goal, forget the old one, I'm going to {new}",
            ]
        )
        cand = _fact("current_goal", new, f"The user's goal is to {new}.", single_valued=True)
        probe = HoProbe(
            "how should this week of my plan look?",
            present=(new.split()[-1],),
            absent=((old, "stale"),),
            kind="open_thread",
        )
    else:
        back = rng.choice(
            [
                f"I've given up on trying to {old}, too much on at work.",
                f"not going to {old} after all",
            ]
        )
        cand = _fact("current_goal", old, f"No longer aims to {old}.", polarity="retract")
        probe = HoProbe(
            "how should this week of my plan look?",
            absent=((old, "retracted"),),
            kind="open_thread",
        )
    return _conv(user, start, [[first], [HoTurn(back, (cand,))]], [probe], ("open_thread",))


def _variant(
    make: Callable[[int, random.Random, str, datetime], HoConversation], which: int
) -> Callable[[random.Random, str, datetime], HoConversation]:
    def scenario(rng: random.Random, user: str, start: datetime) -> HoConversation:
        return make(which, rng, user, start)

    scenario.__name__ = f"{make.__name__.lstrip('_')}_{which}"
    return scenario


SCENARIOS: tuple[Callable[[random.Random, str, datetime], HoConversation], ...] = (
    *(_variant(_retraction, i) for i in range(8)),
    *(_variant(_correction, i) for i in range(2)),
    *(_variant(_open_thread, i) for i in range(2)),
)
"""One scenario per variant, so each is run however many users the split has."""
