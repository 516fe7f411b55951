"""Save announcements: the line a user sees at the moment a memory is saved.

"A memory saved silently is discovered months later as a surprise, and surprises about what
a system knows are how trust ends." The write policy decides; the graph layer passes its
decisions here as ``PolicyOutcome`` values and shows the lines this module returns:

==============  =================================================================  ==========
action          line                                                               shown
==============  =================================================================  ==========
new             "I'll remember that you prefer morning meetings."                   yes
superseded      "Updated: you live in Berlin now, not Munich."                      yes
  (corrected)   "Corrected: you shop at Lidl, not Aldi."                            yes
retracted       "Noted, I've marked this as no longer true: you work at Acme."      yes
conflict        "I have two different answers: you live in Munich, or you live      yes (asks
                in Berlin. Which one is right now?"                                 once)
reconfirmed     nothing (it was already known)                                      no
rejected        "I didn't save that, because it sounded hypothetical." for a        yes (see
                statement the user would expect kept (``NOT_SAVED``, and a          NOT_SAVED)
                sensitive category, named); nothing for questions, moods and the
                like, which were never meant as facts
==============  =================================================================  ==========

A rejection line names the reason in plain words and never repeats the statement.

Lines are phrased from the fact's ``text`` in the second person ("The user's sister lives
in London." -> "your sister lives in London"), so they work for any fact, not a fixed list.

Example:
    >>> from langmem_plus.facts.models import CandidateFact
    >>> new = CandidateFact(kind="fact", predicate="city", object="Berlin",
    ...                     text="The user lives in Berlin.")
    >>> old = CandidateFact(kind="fact", predicate="city", object="Munich",
    ...                     text="The user lives in Munich.")
    >>> announcements([PolicyOutcome("superseded", new, old=old)])
    ['Updated: you live in Berlin now, not Munich.']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from langmem_plus.extraction.timeparse import find_time_expression
from langmem_plus.facts.models import utcnow
from langmem_plus.facts.policy import CORRECTION
from langmem_plus.facts.text_forms import base_form

__all__ = [
    "NOT_SAVED",
    "Action",
    "FactLike",
    "PolicyOutcome",
    "announcement",
    "announcements",
    "second_person",
]

Action = Literal["new", "reconfirmed", "superseded", "retracted", "rejected", "conflict"]
"""The write policy's decision actions."""

NOT_SAVED: dict[str, str] = {
    "hypothetical": "it sounded hypothetical",
    "plan": "it sounded like a plan or a wish, not something that is already true",
    "not_own_words": "it came from text you quoted or pasted, not from your own words",
    "other_person": "it is about someone else, and I only keep facts about you",
    "instruction": "it read as an instruction to me, not as a fact about you",
    "too_long": "it was too long to keep as one fact",
    "older_valid_time": "what I already have on that is more recent",
    "not_wanted": "you asked me not to keep that",
    "no_subject": "I couldn't tell what it was about",
    "lower_confidence": "I'm more sure of what I already have on that",
    "nothing_to_replace": "I don't have what you switched from, so I couldn't tell what changed",
}
"""Rejection codes the user is told about, as the end of "I didn't save that, because ...".
A sensitive category (``sensitive`` or ``sensitive:<category>``) is told too, naming the
category (``SENSITIVE_SAID``). Codes not listed (a question, a mood, an inference, a
malformed candidate, an extractor's ungrounded guess) stay silent: the user did not mean
them as something to keep."""

SENSITIVE_SAID: dict[str, str] = {
    "health": "your health",
    "religion": "religion",
    "sexuality": "sexuality",
    "gender_identity": "gender identity",
    "political_views": "political views",
    "ethnicity": "ethnicity",
    "criminal_record": "a criminal record",
    "trade_union": "trade union membership",
    "biometric": "biometric data",
    "genetic": "genetic data",
}
"""How a sensitive category is named in "I didn't save that, because it touches on ..."."""


class FactLike(Protocol):
    """Anything with a fact's ``text`` and ``object`` (``Fact`` and ``CandidateFact`` both fit)."""

    @property
    def text(self) -> str: ...

    @property
    def object(self) -> str: ...


@dataclass(frozen=True)
class PolicyOutcome:
    """One write-policy decision, as the announcement and remember-this functions take it.

    Attributes:
        action: ``new`` | ``reconfirmed`` | ``superseded`` | ``retracted`` | ``rejected`` |
            ``conflict``.
        fact: the fact that was stored (new, reconfirmed, superseded) or proposed (retracted,
            rejected, conflict). A ``Fact`` or a ``CandidateFact``.
        old: for ``superseded``, the fact it replaced; for ``retracted``, the fact it closed;
            for ``conflict``, the stored fact it conflicts with. ``None`` otherwise.
        reason: for ``rejected``, the policy's reason (e.g. ``"sensitive:health"``,
            ``"transient"``, ``"memory is off"``).

    Example:
        >>> from langmem_plus.facts.models import CandidateFact
        >>> f = CandidateFact(kind="preference", predicate="prefers", object="morning meetings",
        ...                   text="The user prefers morning meetings.")
        >>> PolicyOutcome("new", f).action
        'new'
    """

    action: Action
    fact: FactLike
    old: FactLike | None = None
    reason: str | None = None

    @classmethod
    def from_decision(cls, decision: Any, candidate: FactLike) -> PolicyOutcome:
        """Build from a ``langmem_plus.facts.policy.Decision`` and the candidate it was about.

        Duck-typed (``action``, ``code``, ``fact``, ``closed``, ``other``), so this module does
        not depend on the policy module.

        Example:
            >>> from types import SimpleNamespace
            >>> from langmem_plus.facts.models import CandidateFact
            >>> c = CandidateFact(kind="fact", predicate="city", object="Oslo",
            ...                   text="The user lives in Oslo.")
            >>> d = SimpleNamespace(action="rejected", code="memory_off", fact=None,
            ...                     closed=(), other=None)
            >>> PolicyOutcome.from_decision(d, c).reason
            'memory_off'
        """
        action = decision.action
        closed = tuple(getattr(decision, "closed", ()) or ())
        old = getattr(decision, "other", None)
        if action == "superseded" and closed:
            old = closed[0]
        stored = getattr(decision, "fact", None)
        reason = getattr(decision, "code", None)
        category = getattr(decision, "category", None)
        if reason == "sensitive" and category:
            reason = f"sensitive:{category}"
        return cls(action, stored if stored is not None else candidate, old=old, reason=reason)


def second_person(text: str) -> str:
    """Rewrite a third-person fact sentence as a clause addressed to the user.

    Example:
        >>> second_person("The user's sister lives in London.")
        'your sister lives in London'
        >>> second_person("The user is allergic to peanuts.")
        'you are allergic to peanuts'
        >>> second_person("Atlas uses PostgreSQL 16.")
        'Atlas uses PostgreSQL 16'
    """
    out = text.strip().rstrip(".!")
    out = re.sub(r"\b[Tt]he user's team\b", "your team", out)
    out = re.sub(r"\b[Tt]he user's\b", "your", out)

    def verb(m: re.Match[str]) -> str:
        adverbs, word = m.group(1) or "", m.group(2)
        return f"you {adverbs}{base_form(word, person='second')}"

    out = re.sub(
        r"\b[Tt]he user\s+((?:(?:always|never|also|still|just|really|often|usually|only|now|"
        r"recently|already|no longer)\s+)*)([A-Za-z']+)",
        verb,
        out,
    )
    out = re.sub(r"\b[Tt]he user\b", "you", out)
    first, _, rest = out.partition(" ")
    if first in {"The", "A", "An", "For", "In", "On", "This", "That"}:
        out = f"{first.lower()} {rest}" if rest else first.lower()
    return out


_ENDED = re.compile(
    r"\b(?:no longer|not|never|any ?more|stopped|left|quit|ended|died|lost|gave up)\b|n't\b",
    re.IGNORECASE,
)


def _has_time(clause: str) -> bool:
    return bool(
        re.search(r"\b(?:now|since|anymore|no longer)\b", clause, re.I)
        or find_time_expression(clause, utcnow())
    )


def announcement(outcome: PolicyOutcome) -> str | None:
    """The line to show for one policy decision, or ``None`` when there is nothing to say.

    Example:
        >>> from langmem_plus.facts.models import CandidateFact
        >>> f = CandidateFact(kind="preference", predicate="prefers", object="morning meetings",
        ...                   text="The user prefers morning meetings.")
        >>> announcement(PolicyOutcome("new", f))
        "I'll remember that you prefer morning meetings."
        >>> announcement(PolicyOutcome("rejected", f, reason="hypothetical"))
        "I didn't save that, because it sounded hypothetical."
        >>> announcement(PolicyOutcome("rejected", f, reason="question")) is None
        True
        >>> announcement(PolicyOutcome("rejected", f, reason="sensitive:health"))
        "I didn't save that, because it touches on your health, which I don't keep."
    """
    clause = second_person(outcome.fact.text)
    old = outcome.old
    if outcome.action == "new":
        return f"I'll remember that {clause}."
    if outcome.action == "superseded" and (
        outcome.reason == "corrected" or getattr(old, "verdict", None) == "inaccurate"
    ):
        line = f"Corrected: {clause}"
        if old is not None and old.object.casefold() not in clause.casefold():
            line += f", not {old.object}"
        return line + "."
    if outcome.action == "retracted":
        if old is not None:
            return f"Noted, I've marked this as no longer true: {second_person(old.text)}."
        if _ENDED.search(clause):  # the candidate says it ended: "you no longer work there"
            return f"Noted, I've updated my memory: {clause}."
        return f"Noted, I've marked this as no longer true: {clause}."
    if outcome.action == "rejected" and outcome.reason == "nothing_to_retract":
        if getattr(outcome.fact, "predicate", None) == CORRECTION:
            return None  # "sorry, I meant Tuesday not Monday" about nothing remembered
        return "I didn't have that saved, so there was nothing to take back."
    if outcome.action == "rejected" and outcome.reason in NOT_SAVED:
        return f"I didn't save that, because {NOT_SAVED[outcome.reason]}."
    if outcome.action == "rejected" and (outcome.reason or "").split(":")[0] == "sensitive":
        category = (outcome.reason or "").partition(":")[2]
        what = SENSITIVE_SAID.get(category, "a sensitive subject")
        return f"I didn't save that, because it touches on {what}, which I don't keep."
    if outcome.action == "superseded":
        line = f"Updated: {clause}"
        if not _has_time(clause):
            line += " now"
        if old is not None and old.object.casefold() not in clause.casefold():
            line += f", not {old.object}"
        return line + "."
    if outcome.action == "conflict" and outcome.old is not None:
        before = second_person(outcome.old.text)
        return f"I have two different answers: {before}, or {clause}. Which one is right now?"
    return None


def announcements(outcomes: Iterable[PolicyOutcome]) -> list[str]:
    """The lines to show for a batch of decisions, in order (reconfirmed is silent, and so
    are the rejections ``NOT_SAVED`` does not list).

    Example:
        >>> from langmem_plus.facts.models import CandidateFact
        >>> f = CandidateFact(kind="fact", predicate="allergy", object="peanuts",
        ...                   text="The user is allergic to peanuts.")
        >>> announcements([PolicyOutcome("new", f), PolicyOutcome("reconfirmed", f)])
        ["I'll remember that you are allergic to peanuts."]
    """
    return [line for o in outcomes if (line := announcement(o)) is not None]
