"""The per-user "do not store" setting: topics the user asked never to be kept.

"Stop storing where I live" deletes what is kept *and* adds the topic here; later
statements about it are rejected by the write policy (reason ``not_wanted``, announced as
"I didn't save that, because you asked me not to keep that."). "You can remember where I
live again" takes it off. The setting is one row beside the memory on/off setting
(``layout.settings(user)``, key ``"do_not_store"``): ``{"topics": [{"about": ...,
"predicates": [...], "at": ...}]}``.

A topic blocks a fact when it names the fact's attribute outright (``predicates``: "where I
live" -> city, country) or names the fact the way recall finds it (``names_topic``: "my
sulfite allergy" blocks that allergy, not every allergy; "Tromsø" blocks facts that say it).

Example:
    >>> from datetime import datetime, timezone
    >>> from langmem_plus.facts.models import Fact
    >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
    >>> f = Fact(fact_id="f1", user_id="u", kind="fact", subject="user", predicate="city",
    ...          object="Oslo", text="The user lives in Oslo.", valid_from=t, asserted_at=t)
    >>> row = add_topic(None, "where I live", ["city", "country"], t)
    >>> blocking_topic(row, f)
    'where I live'
    >>> blocking_topic(remove_topic(row, "where I live"), f) is None
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from langmem_plus.facts.models import Fact
from langmem_plus.facts.retrieval import names_topic
from langmem_plus.facts.text_rules import content_terms

__all__ = ["KEY", "add_topic", "blocking_topic", "remove_topic", "topics"]

KEY = "do_not_store"
"""The row's key in the user's settings namespace."""


def topics(row: Any) -> list[dict[str, Any]]:
    """The blocked topics in a settings row (an ``Item``, a dict, or ``None``)."""
    value = getattr(row, "value", row)
    found = value.get("topics") if isinstance(value, dict) else None
    return [t for t in found or [] if isinstance(t, dict) and isinstance(t.get("about"), str)]


def add_topic(row: Any, about: str, predicates: Sequence[str], now: datetime) -> dict[str, Any]:
    """The row's new value with ``about`` blocked (replacing an entry for the same topic)."""
    key = content_terms(about)
    kept = [t for t in topics(row) if content_terms(t["about"]) != key]
    entry = {"about": about, "predicates": sorted(set(predicates)), "at": now.isoformat()}
    return {"topics": [*kept, entry]}


def remove_topic(row: Any, about: str | None) -> dict[str, Any]:
    """The row's new value without the entries ``about`` names (``None``: all of them): an
    entry goes when the two topics share their words or ``about`` names its attributes."""
    if about is None:
        return {"topics": []}
    terms = content_terms(about)
    kept = [
        t
        for t in topics(row)
        if not (content_terms(t["about"]) <= terms or terms <= content_terms(t["about"]))
    ]
    return {"topics": kept}


def blocking_topic(row: Any, fact: Fact) -> str | None:
    """The blocked topic (as the user said it) that ``fact`` falls under, or ``None``."""
    for t in topics(row):
        if fact.predicate in (t.get("predicates") or ()) or names_topic(t["about"], fact):
            return str(t["about"])
    return None
