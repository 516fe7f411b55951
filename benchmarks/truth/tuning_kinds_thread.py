"""Tuning cases for the open thread (issue 12 kind 9) by its structure, in their own words.

Kinds: ``open_thread`` where the session ends on a choice still to make or a defer that
names no defer phrase of any list ("I'll mull it over", "let me chew on it"), the options
narrowed across two messages, a value taken back by a repair marker ("oh wait") or changed
after a past clause ("was 300 but"), and the next session opens with a request that leans
on the last one for its topic ("which would you go for?", "still stuck, thoughts?"). Values
and wordings are this module's own.

Example:
    >>> import random
    >>> from datetime import datetime, timezone
    >>> conv = SCENARIOS[0](random.Random(5), "u1", datetime(2026, 1, 5, tzinfo=timezone.utc))
    >>> conv.kinds, conv.probes[0].kind
    (('open_thread',), 'open_thread')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta

from benchmarks.truth.conversations import HoConversation, HoProbe, HoTurn
from langmem_plus.facts.models import CandidateFact

__all__ = ["SCENARIOS"]

THINGS = (("kiln", ("Ashgrove", "Pellam", "Stannard", "Corvane")),
          ("tent", ("Farrow", "Lune", "Marlow", "Tessel")),
          ("tandem", ("Orwin", "Brisk", "Calder", "Velmont")))  # fmt: skip
MULLS = ("I'll mull it over", "let me chew on it", "I'll decide at the weekend",
         "we'll pick one tonight")  # fmt: skip
RESUMES = ("still stuck, thoughts?", "ok, which would you go for?", "right, talk me through it",
           "so which one should I get?")  # fmt: skip
UNRELATED = ("how do tides work?", "write a riddle about a teapot", "what's 12% of 250?")


def _fact(predicate: str, obj: str, text: str, **kw: object) -> CandidateFact:
    return CandidateFact.model_validate(
        {"kind": "fact", "predicate": predicate, "object": obj, "text": text, **kw}
    )


def _conv(user: str, start: datetime, turns: list[HoTurn], probes: list[HoProbe]) -> HoConversation:
    def quoted(t: HoTurn) -> HoTurn:
        return replace(t, ideal=tuple(c.model_copy(update={"quote": t.text}) for c in t.ideal))

    return HoConversation(
        user_id=user,
        sessions=((start, tuple(quoted(t) for t in turns)),),
        probes=tuple(probes),
        probe_at=start + timedelta(days=4),
        kinds=("open_thread",),
    )


def _narrowed(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """Two options, one ruled out in the next message by a reason (no verb of dropping),
    a new one added, and a defer: the latest options come back, never the one ruled out."""
    thing, names = rng.choice(THINGS)
    a, b, c = rng.sample(names, 3)
    pred = f"{thing}_option"
    turns = [
        HoTurn(
            f"shopping for a {thing}, it's the {a} or the {b}",
            (
                _fact(pred, a, f"The {a} is a {thing} option."),
                _fact(pred, b, f"The {b} is a {thing} option."),
            ),
        ),
        HoTurn(
            f"the {a} is way over budget. {b} vs {c} then, {rng.choice(MULLS)}",
            (
                _fact(pred, a, f"The {a} is no longer a {thing} option.", polarity="retract"),
                _fact(pred, c, f"The {c} is a {thing} option."),
            ),
        ),
    ]
    probes = [
        HoProbe(rng.choice(RESUMES), present=(b, c), absent=((a, "retracted"),),
                kind="open_thread"),
        HoProbe(rng.choice(UNRELATED), irrelevant=True, kind="irrelevant"),
    ]  # fmt: skip
    return _conv(user, start, turns, probes)


def _repaired(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A figure said, then taken back by a repair marker, then a defer: the thread carries
    what the defer stands on with the repaired figure, never the first one."""
    landlord = rng.choice(("Quillon Lets", "Harbrook Homes", "Tavish & Rowe"))
    old, new = rng.sample(("870", "910", "845", "930", "885"), 2)
    turns = [
        HoTurn(
            f"renewing the studio lease with {landlord}, rent was quoted at {old}... oh wait, "
            f"they came back with {new}. {rng.choice(MULLS)}",
            (_fact("studio_rent", new, f"The studio rent is {new}.", single_valued=True),),
        )
    ]
    probes = [
        HoProbe(rng.choice(("right, should I sign it?", "ok, talk me through it")),
                present=(landlord, new), absent=((old, "stale"),), kind="open_thread"),
    ]  # fmt: skip
    return _conv(user, start, turns, probes)


def _past_but(rng: random.Random, user: str, start: datetime) -> HoConversation:
    """A choice and a limit that was one figure but changed: both options and the new
    limit come back, the old limit does not."""
    thing, names = rng.choice(THINGS)
    a, b = rng.sample(names, 2)
    old, new = rng.sample(("300", "350", "420", "480"), 2)
    turns = [
        HoTurn(
            f"we're torn between the {a} and the {b} {thing}. the cap was {old} but we "
            f"stretched it to {new}",
            (
                _fact(f"{thing}_option", a, f"The {a} is a {thing} option."),
                _fact(f"{thing}_option", b, f"The {b} is a {thing} option."),
                _fact(f"{thing}_budget", new, f"The {thing} budget is {new}.", single_valued=True),
            ),
        ),
    ]
    probes = [
        HoProbe(rng.choice(RESUMES), present=(a, b, new), absent=((old, "stale"),),
                kind="open_thread"),
    ]  # fmt: skip
    return _conv(user, start, turns, probes)


SCENARIOS: tuple[Callable[[random.Random, str, datetime], HoConversation], ...] = (
    _narrowed,
    _repaired,
    _past_but,
)
"""One scenario per shape, so each is run however many users the split has."""
