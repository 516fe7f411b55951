"""The rendered profile: what is always relevant, rendered deterministically from current facts.

Profile for what is always relevant, retrieval for what is sometimes relevant. The profile
is a handful of short lines in fixed sections, so it can sit in the stable part of a
prompt and be cached; it is rendered again only when the user's facts change.

Example:
    >>> from datetime import datetime, timezone
    >>> from langmem_plus.models import Fact
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
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from langmem_plus.models import Fact

__all__ = ["PROFILE_PREDICATES", "PROFILE_SECTIONS", "profile_facts", "render_profile"]

PROFILE_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Identity", ("preferred_name", "pronouns", "language", "timezone")),
    ("Location", ("city", "country")),
    ("Work", ("employer", "job_title")),
    ("Constraints", ("allergy", "dietary_restriction", "intolerance", "accessibility_need")),
    ("Active projects", ("current_project", "current_goal")),
)
"""Sections and the predicates they show, in order. Preferences follow in their own section."""

PROFILE_PREDICATES: frozenset[str] = frozenset(p for _, ps in PROFILE_SECTIONS for p in ps)
"""Predicates that are always sent (with every preference), never ranked."""


def _label(predicate: str) -> str:
    return predicate.replace("_", " ")


def _clean(value: str) -> str:
    """One line, no structure a value could smuggle in."""
    return " ".join(value.split()).replace(";", ",")


def profile_facts(
    facts: Iterable[Fact], predicates: frozenset[str] = PROFILE_PREDICATES
) -> list[Fact]:
    """The current facts the profile shows: profile predicates and every preference."""
    return [
        f for f in facts if f.is_current and (f.predicate in predicates or f.kind == "preference")
    ]


def render_profile(
    facts: Iterable[Fact],
    sections: Sequence[tuple[str, Sequence[str]]] = PROFILE_SECTIONS,
) -> str:
    """Render the profile lines from current facts. Same facts in, same text out.

    Values of one predicate are joined in a stable order (case-folded value, then id); a
    section with nothing to show is left out; preferences not named by a section are
    listed last under "Preferences".

    Args:
        facts: the user's facts; non-current ones are ignored.
        sections: ``(heading, predicates)`` pairs, in display order.

    Returns:
        The profile text, one line per section, or ``""`` when there is nothing to show.
    """
    current = [f for f in facts if f.is_current]
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
