"""What a session leaves undecided, kept as its open thread: never a current value.

An open item is a plan the user has not made yet, said as one: options being weighed, a
choice still to make, work not done ("Kinosaki instead, I still have to pick a ryokan
there", "it's Brinefox vs Kelpie, undecided"). The extractor marks it ``modality="plan"``
and the write policy keeps it only as a note or a goal (``policy.INTENTIONS``), never in a
slot. What the thread is about is those items, not the words said on the way to them, so
the items are kept beside the sessions, in one record per user (``OPEN_KEY``)::

    {"thread_id", "set_at", "last_active_at",
     "items": [{"value", "fact_id"}],     the undecided items, in the user's words
     "said": "...",                       what their message leaves open (``topic_of``)
     "terms": [...]}                      content terms of that message and the one before

The record's life, by rule:

* a later message that states new undecided items replaces it (the latest statement of
  what is open is the open thread);
* a message that throws an item out ("scrap the Kelpie", ``lifecycle.discarded``) takes
  it out, and one that settles on an item ("going with Brinefox", a fact stated with it
  as its value) closes the thread: it is decided;
* it expires ``OPEN_DAYS`` after the session last touched it;
* it is shown to a request that relates to it (``relates``: shares a content term with
  its messages, takes earlier work up by its frame, ``lifecycle.resumes``,
  ``thread_reading.refers_back``, or asks about a choice still being made), and on the
  first turn of the next session also to one with no topic of its own ("hey there",
  ``thread_reading.small_talk``); a request with its own, unrelated topic never gets it
  (``lifecycle.shows_thread``).

The values given up on the way ("Kanazawa's booked solid") are never in it: only the
items' own message is its text, without the values that message threw out.

Example:
    >>> from datetime import datetime, timezone
    >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
    >>> rec = updated(None, "t1", t, "Corran or Boathouse, still deciding",
    ...               items=[{"value": "Corran", "fact_id": "f1"},
    ...                      {"value": "Boathouse", "fact_id": "f2"}])
    >>> [i["value"] for i in rec["items"]]
    ['Corran', 'Boathouse']
    >>> [i["value"] for i in updated(rec, "t1", t, "scrap the Corran")["items"]]
    ['Boathouse']
    >>> updated(rec, "t2", t, "going with the Boathouse in the end") is None
    True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from langmem_plus.facts.text_rules import content_terms
from langmem_plus.nodes.common import parse_time
from langmem_plus.nodes.lifecycle import (
    LONG_GAP_DAYS,
    discarded,
    resumes,
    settled_parts,
    topic_of,
    without_ruled_out,
    without_values,
)
from langmem_plus.nodes.thread_reading import bounded, refers_back

__all__ = [
    "OPEN_DAYS",
    "OPEN_KEY",
    "live",
    "open_line",
    "plan_items",
    "relates",
    "scrubbed",
    "thread_for",
    "updated",
    "weighs",
]

OPEN_KEY = "open"
"""The key of the user's open-thread record in the sessions namespace."""

OPEN_DAYS = LONG_GAP_DAYS
"""An undecided item no session has touched for this long is no longer shown."""

SAID_CHARS = 240
"""How much of the items' message the record keeps."""

_KEPT = ("new", "reconfirmed", "superseded")

PLAN_PREDICATES = frozenset({"note", "weighing"})
"""The predicates whose plan is an undecided item: a note, or an option being weighed,
fills no slot. A goal said as a
plan ("I need to pick a moving company") is the current goal, true now, in its own slot
(``policy.INTENTIONS``), so it is memory's, not the thread's."""


def plan_items(candidates: Iterable[Any], outcomes: Iterable[Any]) -> list[dict[str, str]]:
    """The undecided items among ``candidates`` that the write policy kept: the user's own
    words, ``modality="plan"``, a ``PLAN_PREDICATES`` predicate, stored (``outcomes``: the
    policy's outcomes, in order).

    Example:
        >>> from langmem_plus.facts.models import CandidateFact
        >>> c = CandidateFact(kind="fact", subject="user", predicate="note", object="Juno",
        ...                   text="The user is weighing: Juno.", modality="plan")
        >>> plan_items([c], [])
        []
    """
    kept: dict[str, str] = {}
    for o in outcomes:
        fact = getattr(o, "fact", None)
        if getattr(o, "action", None) in _KEPT and fact is not None:
            kept.setdefault(str(fact.object).casefold(), str(getattr(fact, "fact_id", "") or ""))
    out: list[dict[str, str]] = []
    for c in candidates:
        if (
            str(getattr(c, "predicate", "")).strip().lower() not in PLAN_PREDICATES
            or str(getattr(c, "modality", "")).strip().lower() != "plan"
            or str(getattr(c, "holder", "user")).strip().lower() != "user"
            or str(getattr(c, "provenance", "own_words")).strip().lower() != "own_words"
        ):
            continue
        value = " ".join(str(getattr(c, "object", "")).split())
        key = value.casefold()
        if value and key in kept and all(i["value"].casefold() != key for i in out):
            out.append({"value": value, "fact_id": kept[key]})
    return out


def _named(value: str, text: str) -> bool:
    words = r"\s+".join(re.escape(w) for w in value.split())
    return bool(words) and re.search(rf"(?<![\w-]){words}(?![\w-])", text, re.I) is not None


def updated(
    record: Mapping[str, Any] | None,
    thread_id: str,
    now: datetime,
    text: str,
    *,
    items: Sequence[Mapping[str, str]] = (),
    decided: Iterable[str] = (),
    before: str | None = None,
    topic: str | None = None,
) -> dict[str, Any] | None:
    """The open-thread record after the user's message ``text`` in session ``thread_id``:
    ``items`` (``plan_items`` of the message) replace the record; otherwise the items
    ``text`` throws out go, and an item ``text`` settles on, or one of ``decided`` (the
    values of facts the message stated), closes the thread. ``None``: nothing is open.

    ``before``: the user's message before ``text`` in the session; its terms make a later
    request about the same thing relate to the items, its words are never shown.
    ``topic``: the session's open thread after ``text`` (``lifecycle.next_topic``), kept
    so that a thread that moved on after the items is told apart (``thread_for``). The
    options of a list in ``before`` that the items' message no longer lists are ruled out
    and are not in its line ("the Farrow or the Tessel", then "the Farrow is over budget.
    Tessel vs Lune then": ``lifecycle.without_ruled_out``).
    """
    if items:
        gone = discarded(text)
        said = topic_of(text, SAID_CHARS) or ""
        said = without_ruled_out(said, before) if said and before else said
        said = without_values(said, gone) if gone and said else said
        terms = content_terms(" ".join([text, before or "", *(i["value"] for i in items)]))
        return {
            "thread_id": thread_id,
            "set_at": now.isoformat(),
            "last_active_at": now.isoformat(),
            "items": [{"value": i["value"], "fact_id": i.get("fact_id", "")} for i in items],
            "said": said,
            "terms": sorted(terms),
            "topic": topic,
        }
    if not record or not isinstance(record.get("items"), list):
        return None
    held = [i for i in record["items"] if isinstance(i, Mapping) and i.get("value")]
    gone = discarded(text)
    held = [i for i in held if not any(_named(str(i["value"]), g) for g in gone)]
    settled = " ".join(settled_parts(text))
    chosen = [*decided]
    if any(
        _named(str(i["value"]), settled) or any(_named(str(i["value"]), d) for d in chosen)
        for i in held
    ):
        return None  # decided: the thread is closed, the decision is memory's to keep
    if not held:
        return None
    out = dict(record)
    out["items"] = held
    dropped = [str(i["value"]) for i in record["items"] if i not in held]
    if dropped and isinstance(out.get("said"), str):
        out["said"] = without_values(out["said"], dropped)
    if out.get("thread_id") == thread_id:
        out["last_active_at"] = now.isoformat()
    return out


def scrubbed(record: Mapping[str, Any], values: Sequence[str]) -> dict[str, Any] | None:
    """``record`` without the forgotten ``values`` (``None`` when no item is left)."""
    items = [
        i
        for i in record.get("items") or []
        if isinstance(i, Mapping) and not any(_named(v, str(i.get("value", ""))) for v in values)
    ]
    if not items:
        return None
    said = record.get("said")
    return {
        **record,
        "items": items,
        "said": without_values(said, values) if isinstance(said, str) else "",
    }


def live(record: Any, now: datetime) -> Mapping[str, Any] | None:
    """``record`` when it holds undecided items touched within ``OPEN_DAYS`` of ``now``."""
    if not isinstance(record, Mapping) or not record.get("items"):
        return None
    last = parse_time(record.get("last_active_at"))
    if last is None or now - last > timedelta(days=OPEN_DAYS):
        return None
    return record


# A request about a choice still being made, by the closed class of words of deliberation
# (the nouns of options, the verbs of deciding, and a count of options it does not list):
# "which of my two options is lighter?", "the two I'm torn between". Never a task's words.
_WEIGHING = re.compile(
    r"\b(?:options?|choices?|alternatives?|shortlist(?:ed)?|contenders?|decisions?"
    r"|decid(?:e|ing)|undecided|choos(?:e|ing)|torn|weigh(?:s|ing)?|(?:the|my|both)\s+"
    r"(?:two|three|four)\b(?!\s+(?:of\s+)?(?:us|them|you|days?|weeks?|months?|years?)\b))",
    re.IGNORECASE,
)
_OWN_OPTIONS = re.compile(r"\bor\b|\bvs\.?\s|\bversus\b", re.IGNORECASE)


def weighs(request: str) -> bool:
    """True when ``request`` is about a choice still being made without listing its own
    options.

    Example:
        >>> weighs("which of my two options is lighter?"), weighs("tea or coffee, which to choose?")
        (True, False)
        >>> weighs("how do tides work?")
        False
    """
    return bool(_WEIGHING.search(request)) and not _OWN_OPTIONS.search(request)


def relates(record: Mapping[str, Any], request: str) -> bool:
    """True when ``request`` is about the open thread: it shares a content term with the
    items' messages or their values, takes earlier work up by its frame, or asks about a
    choice still being made (``weighs``).

    Example:
        >>> rec = {"items": [{"value": "Juno"}], "terms": ["kayak", "juno"]}
        >>> relates(rec, "which kayak did I like?"), relates(rec, "how do tides work?")
        (True, False)
        >>> relates(rec, "right, where were we?")
        True
    """
    terms = set(record.get("terms") or [])
    for item in record.get("items") or []:
        terms |= content_terms(str(item.get("value", "")))
    asked = content_terms(request)
    return bool(terms & asked) or resumes(request) or refers_back(request) or weighs(request)


def thread_for(record: Mapping[str, Any], topic: str | None) -> str:
    """The open thread of the session that set ``record``, whose open thread is now
    ``topic``: the items' own line while the thread is still where they left it, else
    ``topic`` with the items it does not name, as still undecided.

    Example:
        >>> rec = {"items": [{"value": "Juno"}], "said": "Juno, not sure.", "topic": "t"}
        >>> thread_for(rec, "t"), thread_for(rec, "Menu next time.")
        ('Juno, not sure.', 'Menu next time. Still undecided: Juno.')
    """
    if not topic or topic == record.get("topic"):
        return open_line(record)
    missing = [
        str(i["value"]) for i in record.get("items") or [] if not _named(str(i["value"]), topic)
    ]
    end = "" if topic.endswith((".", "!", "?", "…")) else "."
    return f"{topic}{end} Still undecided: {'; '.join(missing)}." if missing else topic


def open_line(record: Mapping[str, Any], limit: int = 280) -> str:
    """The open thread as the model gets it: what the items' message left open, and any
    item it does not name, as still undecided.

    Example:
        >>> open_line({"items": [{"value": "Juno"}, {"value": "Bramble"}],
        ...            "said": "Juno or Bramble, not sure yet."})
        'Juno or Bramble, not sure yet.'
        >>> open_line({"items": [{"value": "Juno"}], "said": ""})
        'Still undecided: Juno.'
    """
    values = [str(i["value"]) for i in record.get("items") or [] if i.get("value")]
    said = record.get("said") if isinstance(record.get("said"), str) else ""
    said = bounded(said, limit) if said else ""
    missing = [v for v in values if not _named(v, said)]
    parts = [said] if said else []
    if missing:
        parts.append("Still undecided: " + "; ".join(missing) + ".")
    return " ".join(parts)
