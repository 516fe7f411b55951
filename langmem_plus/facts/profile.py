"""The rendered profile: what is always relevant, rendered deterministically from current facts.

Profile for what is always relevant, retrieval for what is sometimes relevant. The profile
is a handful of short lines in fixed sections, so it can sit in the stable part of a
prompt and be cached; it is rendered again only when the user's facts change.

Example:
    >>> from datetime import datetime, timezone
    >>> from langmem_plus.facts.models import Fact
    >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
    >>> def f(i, p, o, kind="fact"):
    ...     return Fact(fact_id=i, user_id="u1", kind=kind, subject="user", predicate=p,
    ...                 object=o, text=o, valid_from=t, asserted_at=t)
    >>> print(render_profile([f("1", "city", "Berlin"), f("2", "allergy", "peanuts"),
    ...                       f("3", "allergy", "shellfish"),
    ...                       f("4", "units", "metric", kind="preference")]))
    Location: city: Berlin
    Constraints: allergy: peanuts, shellfish
    Preferences: units: metric

People in the user's life are the user's own facts (``partner``, ``child``, ``pet``,
``parent``, ``sibling``, ``family_member``) and have their own section; what the user said
*about* another person (subject ``person:<who>``) is that person's, never the user's, and is
never in the profile.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from langmem_plus.facts.models import Fact

__all__ = [
    "CONSTRAINT_PREDICATES",
    "PEOPLE_PREDICATES",
    "PROFILE_PREDICATES",
    "PROFILE_SECTIONS",
    "RELATION_WORDS",
    "is_other_person",
    "profile_facts",
    "relation_of",
    "render_profile",
]

PEOPLE_PREDICATES: tuple[str, ...] = (
    "partner", "child", "pet", "parent", "sibling", "family_member",
)  # fmt: skip
"""The user's own facts about the people (and animals) in their life."""

CONSTRAINT_PREDICATES: tuple[str, ...] = (
    "allergy", "dietary_restriction", "intolerance", "accessibility_need",
    "dislike", "dislikes", "constraint",
)  # fmt: skip
"""What limits what the user can use, eat or do: always sent, so it reaches every request
it could constrain (a dislike of coriander reaches "a guacamole recipe, please")."""

PROFILE_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Identity", ("preferred_name", "pronouns", "language", "timezone")),
    ("Location", ("city", "country")),
    ("Work", ("employer", "job_title")),
    ("People", PEOPLE_PREDICATES),
    ("Constraints", CONSTRAINT_PREDICATES),
    ("Active projects", ("current_project", "current_goal")),
)
"""Sections and the predicates they show, in order. Preferences follow in their own section."""

PROFILE_PREDICATES: frozenset[str] = frozenset(p for _, ps in PROFILE_SECTIONS for p in ps)
"""Predicates that are always sent (with every preference), never ranked."""

RELATION_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "partner": (("partner", "husband", "wife", "spouse", "boyfriend", "girlfriend",
                 "fiance", "fiancee", "fiancé", "fiancée"), ()),
    "child": (("child", "children", "kid", "kids"),
              ("daughter", "son", "stepdaughter", "stepson", "baby", "toddler")),
    "pet": (("pet", "pets", "animal", "animals"),
            ("dog", "cat", "puppy", "kitten", "rabbit", "hamster", "parrot", "bird",
             "horse", "pony", "tortoise", "turtle", "guinea pig", "fish", "lizard", "snake")),
    "parent": (("parent", "parents"),
               ("mother", "father", "mom", "mum", "mommy", "mummy", "dad", "daddy",
                "stepmother", "stepfather")),
    "sibling": (("sibling", "siblings"), ("brother", "sister", "twin")),
    "family_member": (("relative", "relatives"),
                      ("grandmother", "grandfather", "grandma", "grandpa", "granny",
                       "grandson", "granddaughter", "grandchild", "aunt", "uncle", "cousin",
                       "niece", "nephew", "in-law", "mother-in-law", "father-in-law")),
}  # fmt: skip
"""For each people predicate: the words that name any of them ("my kids"), and the words
that name some of them ("my daughters" names the daughters, not the sons). "family" names
all of them."""


def is_other_person(fact: Fact) -> bool:
    """True for a fact about another person (subject ``person:<who>``), not the user.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> f = Fact(fact_id="f", user_id="u", kind="fact", subject="person:sister",
        ...          predicate="city", object="Perth", text="The user's sister lives in Perth.",
        ...          valid_from=t, asserted_at=t)
        >>> is_other_person(f)
        True
    """
    return fact.subject.startswith("person:")


def relation_of(fact: Fact) -> str | None:
    """The specific relation word a people fact's text uses ("daughter", "dog"), if any.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> f = Fact(fact_id="f", user_id="u", kind="fact", subject="user", predicate="child",
        ...          object="Ana", text="Has a daughter named Ana.", valid_from=t,
        ...          asserted_at=t)
        >>> relation_of(f)
        'daughter'
    """
    words = RELATION_WORDS.get(fact.predicate)
    if words is None:
        return None
    text = fact.text.casefold()
    for word in (*words[1], *words[0]):
        if re.search(rf"\b{re.escape(word)}s?\b", text):
            return word
    return None


def _label(predicate: str) -> str:
    return predicate.replace("_", " ")


def _clean(value: str) -> str:
    """One line, no structure a value could smuggle in."""
    return " ".join(value.split()).replace(";", ",")


def profile_facts(
    facts: Iterable[Fact], predicates: frozenset[str] = PROFILE_PREDICATES
) -> list[Fact]:
    """The current facts the profile shows: the user's own facts of the profile predicates
    and every preference (never another person's facts)."""
    return [
        f
        for f in facts
        if f.is_current
        and not is_other_person(f)
        and (f.predicate in predicates or f.kind == "preference")
    ]


def render_profile(
    facts: Iterable[Fact],
    sections: Sequence[tuple[str, Sequence[str]]] = PROFILE_SECTIONS,
) -> str:
    """Render the profile lines from current facts. Same facts in, same text out.

    Values of one predicate are joined in a stable order (case-folded value, then id); a
    section with nothing to show is left out; preferences not named by a section are
    listed last under "Preferences". A person in the user's life is shown with the
    relation the fact names ("child: Ana (daughter)").

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> def f(i, p, o, text, subject="user"):
        ...     return Fact(fact_id=i, user_id="u1", kind="fact", subject=subject,
        ...                 predicate=p, object=o, text=text, valid_from=t, asserted_at=t)
        >>> print(render_profile([f("1", "child", "Ana", "Has a daughter named Ana."),
        ...                       f("2", "dislike", "coriander", "Dislikes coriander."),
        ...                       f("3", "city", "Perth", "The user's sister lives in Perth.",
        ...                         subject="person:sister")]))
        People: child: Ana (daughter)
        Constraints: dislike: coriander

    Args:
        facts: the user's facts; non-current ones and other people's are ignored.
        sections: ``(heading, predicates)`` pairs, in display order.

    Returns:
        The profile text, one line per section, or ``""`` when there is nothing to show.
    """
    current = [f for f in facts if f.is_current and not is_other_person(f)]
    by_predicate: dict[str, list[Fact]] = {}
    for fact in current:
        by_predicate.setdefault(fact.predicate, []).append(fact)
    shown: set[str] = set()
    lines: list[str] = []

    def values(predicate: str) -> str:
        rows = sorted(by_predicate[predicate], key=lambda f: (f.object.casefold(), f.fact_id))
        seen: list[str] = []
        for row in rows:
            value = _clean(row.object)
            relation = relation_of(row) if predicate in RELATION_WORDS else None
            if relation and relation not in value.casefold():
                value += f" ({relation})"
            if value not in seen:
                seen.append(value)
        return ", ".join(seen)

    for heading, predicates in sections:
        parts = [f"{_label(p)}: {values(p)}" for p in predicates if p in by_predicate]
        shown.update(p for p in predicates if p in by_predicate)
        if parts:
            lines.append(f"{heading}: " + "; ".join(parts))
    prefs = sorted({f.predicate for f in current if f.kind == "preference"} - shown)
    if prefs:
        lines.append("Preferences: " + "; ".join(f"{_label(p)}: {values(p)}" for p in prefs))
    return "\n".join(lines)
