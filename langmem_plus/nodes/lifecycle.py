"""The session lifecycle: opening context at the start, consolidation at the end, a sweeper.

A session is one thread (session id = thread id). Three moments matter::

    SESSION START   the gap since the user's last session decides the opening context
    PER TURN        recall, answer, cheap extraction (the node pair)
    SESSION END     consolidation: read the WHOLE transcript from the checkpointer, extract
                    over it (later corrections win), resolve through the write policy,
                    re-render the profile

Sessions have no end event (users close tabs), so a session with no activity for
``idle_timeout`` (default 30 minutes) is over, and :meth:`SessionManager.sweep` consolidates
every idle, unconsolidated session. Consolidation is idempotent: a second run of the same
session writes nothing new.

Example:
    >>> from datetime import timedelta
    >>> opening_context(timedelta(hours=3), topic="a trip", request="hi", facts=[])
    ''
    >>> opening_context(timedelta(days=4), topic="planning a trip to Lisbon",
    ...                 request="any news on the Lisbon trip?", facts=[])[:74]
    'Last conversation was 4 day(s) ago. Open thread: planning a trip to Lisbon'
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.store.base import GetOp, Item, ListNamespacesOp, MatchCondition, PutOp, SearchOp

from langmem_plus.extraction import BaseExtractor, RuleExtractor, second_person
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import Fact, utcnow, validate_user_id
from langmem_plus.facts.profile import is_other_person
from langmem_plus.facts.text_rules import content_terms, is_question
from langmem_plus.nodes.common import (
    SESSIONS,
    batch_call,
    collapse_corrections,
    messages_after,
    parse_time,
    remember_all,
    sessions_namespace,
)
from langmem_plus.nodes.effects import Call, Plan, adrive, drive
from langmem_plus.nodes.state import MemoryDecision
from langmem_plus.nodes.thread_reading import (
    bounded,
    is_choice,
    leans_back,
    refers_back,
    repair,
    small_talk,
)

__all__ = [
    "DEFAULT_IDLE_TIMEOUT",
    "TIME_SENSITIVE",
    "ConsolidationReport",
    "SessionManager",
    "closed_since",
    "confirm_line",
    "held_values_only",
    "opening_context",
    "resumed_threads",
    "resumes",
    "settled_parts",
    "shows_thread",
    "topic_of",
    "without_ruled_out",
    "without_values",
]

logger = logging.getLogger("langmem_plus.nodes")

DEFAULT_IDLE_TIMEOUT = timedelta(minutes=30)
"""A session with no activity for this long is over and will be consolidated."""

TIME_SENSITIVE: frozenset[str] = frozenset(
    {"city", "country", "employer", "job_title", "timezone", "relationship_status",
     "home_airport", "current_project", "current_goal", "team_size"}
)  # fmt: skip
"""Predicates whose value goes stale: after a long gap they are confirmed, not assumed."""

LONG_GAP_DAYS = 30

TOPIC_CHARS = 600
"""How much of what was left open a session record keeps (``topic_of``)."""

THREAD_CHARS = 280
"""How much of it the opening line shows, after the values that no longer hold are out."""


def confirm_line(fact: Fact) -> str:
    """How to check a possibly stale fact with the user.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> f = Fact(fact_id="f", user_id="u", kind="fact", subject="user", predicate="city",
        ...          object="Berlin", text="The user lives in Berlin.", valid_from=t,
        ...          asserted_at=t)
        >>> confirm_line(f)
        'I have you in Berlin — is that still right?'
    """
    if fact.predicate in ("city", "country"):
        return f"I have you in {fact.object} — is that still right?"
    if fact.predicate == "employer":
        return f"I have you working at {fact.object} — is that still right?"
    return f"I have that {second_person(fact.text)} — is that still right?"


def shows_thread(
    gap: timedelta, topic: str, request: str, *, undecided: bool = False, related: bool = False
) -> bool:
    """True when the opening context shows ``topic`` as the open thread: a gap of one to
    ``LONG_GAP_DAYS`` days, and a new message that relates to it (shares a content word)
    or takes earlier work up again by its frame (``resumes``) or leans on it for its
    topic (``thread_reading.refers_back``: "which of the two should I go with?").

    What the last session left undecided (``undecided``: its open items) is also shown to
    a message with no topic of its own (``thread_reading.small_talk``: "hey there"), since
    it is what the user left to come back to, and to one that relates to the items by
    their record (``related``: ``open_items.relates``, which knows the items' values and
    the message before them). A message with its own, unrelated topic ("how do volcanoes
    form?") gets no thread, undecided or not.

    Example:
        >>> shows_thread(timedelta(days=3), "Still need to book the ferry", "ferry times?")
        True
        >>> shows_thread(timedelta(days=3), "Still need to book the ferry", "why is the sky blue")
        False
        >>> thread = "Juno or Bramble, still torn."
        >>> shows_thread(timedelta(days=3), thread, "hey there", undecided=True)
        True
        >>> shows_thread(timedelta(days=3), thread, "why is the sky blue", undecided=True)
        False
    """
    if gap < timedelta(days=1) or gap.days > LONG_GAP_DAYS:
        return False
    if undecided and (related or small_talk(request)):
        return True
    return (
        bool(content_terms(topic) & content_terms(request))
        or resumes(request)
        or refers_back(request)
    )


def closed_since(versions: Iterable[Fact], since: datetime) -> list[str]:
    """The values of the user's own facts closed (superseded, retracted, corrected) at
    or after ``since``, or learnt since then as already over ("we lived in Hobart till
    spring"): what the open thread written in that session must not repeat.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> old = Fact(fact_id="f", user_id="u", kind="fact", subject="user",
        ...            predicate="venue", object="Mill Barn", text="The venue is Mill Barn.",
        ...            valid_from=t, asserted_at=t, expired_at=t + timedelta(days=2))
        >>> closed_since([old], t + timedelta(days=1)), closed_since([old], t + timedelta(days=3))
        (['Mill Barn'], [])
    """
    out: list[str] = []
    for f in versions:
        if f.is_current or is_other_person(f):
            continue
        ended = f.expired_at or f.valid_to
        if ended is None or ended >= since or f.asserted_at >= since:  # None: by a verdict
            out.append(f.object)
    return list(dict.fromkeys(out))


def opening_context(
    gap: timedelta | None,
    *,
    topic: str | None,
    request: str,
    facts: Sequence[Fact],
    closed: Iterable[str] = (),
    undecided: bool = False,
    related: bool = False,
) -> str:
    """The opening context for a new session, from the gap since the last one.

    * no earlier session, or less than a day: nothing;
    * up to 30 days: how long it has been, and the open thread only if the new message
      relates to it (with the instruction to reference it only then);
    * longer: time-sensitive details may be outdated; the line to confirm each of them.

    Args:
        gap: time since the user's last activity in another session (``None``: first ever).
        topic: the open thread of the last session (``topic_of``: what the user asked or
            was doing, in their words).
        request: the new message.
        facts: the facts recalled for this turn (time-sensitive ones are confirmed).
        closed: values superseded or retracted since the open thread was written (the
            objects of the versions closed since then). One of them that neither a current
            fact nor the new message holds is left out of the thread (``held_values_only``),
            so it never comes back; a name the user was in the middle of that memory never
            stored stays. (A forgotten value is taken out of the thread when it is
            forgotten: ``scrub_topics``.)
        undecided: ``topic`` is what the last session left undecided (``open_items``):
            shown on this first turn to a message that relates to it and to one with no
            topic of its own (a greeting), never to a message with its own, unrelated
            topic (``shows_thread``).
        related: the message relates to those undecided items by their record
            (``open_items.relates``).
    """
    if gap is None or gap < timedelta(days=1):
        return ""
    days = gap.days
    if days <= LONG_GAP_DAYS:
        line = f"Last conversation was {days} day(s) ago."
        # the values that no longer hold go first, then the bound: a cut never keeps a
        # superseded value in place of one that holds
        thread = held_values_only(topic, facts, request, closed) if topic else ""
        thread = bounded(thread, THREAD_CHARS) if thread else ""
        if thread and shows_thread(
            gap, thread, request, undecided=undecided, related=related
        ):
            end = "" if thread.endswith((".", "!", "?", "…")) else "."
            line += (
                f" Open thread: {thread}{end} Reference it only if the user's message relates "
                "to it."
            )
        return line
    lines = [
        f"It has been {days} days since the last conversation. Treat time-sensitive details "
        "as possibly outdated and confirm before relying on them."
    ]
    stale = [
        f
        for f in facts
        if f.predicate in TIME_SENSITIVE and f.scope is None and not is_other_person(f)
    ]  # another person's city is never "I have you in ..."
    if stale:
        lines.append("Before relying on them, ask: " + " ".join(confirm_line(f) for f in stale))
    return "\n".join(lines)


# A request that takes up earlier work again, by its frame rather than its topic: "carry
# on", "continue with ...", "where were we", "back to ...", "pick up where we left off",
# "from last time". Verbs of resuming and their particles only, never a task's words.
_RESUME = re.compile(
    r"\bcontinu(?:e|ing)\b(?=\s+(?:with|from|where|on|the|my|our|that|this|it)\b|\W*$)"
    r"|\bcarry(?:ing)?\s+on\b(?=\s+(?:with|from|where)\b|\W*$)"
    r"|\bkeep\s+(?:going(?!\s+to\b)|at\s+it)\b|\bresum(?:e|ing)\s+(?:with|from|where|the|my|our|it)\b"
    r"|\bresum(?:e|ing)\W*$"
    r"|\b(?:let'?s|let\s+us)\s+pick\s+up\b|\bpick(?:ing)?\s+(?:it\s+|things\s+|this\s+|that\s+)?"
    r"(?:back\s+)?up\s+(?:where|from|again)\b|\bleft\s+off\b"
    r"|\bwhere\s+(?:were\s+we|was\s+i|(?:had\s+|have\s+)?we\s+(?:were|left|stopped|got)"
    r"|(?:did|had|have)\s+(?:we|i)\s+(?:get|got|gotten|leave|left|stop|stopped|end|ended))\b"
    r"|^\W*(?:(?:ok(?:ay)?|right|so|now|and|alright)\W+)*(?:(?:let'?s|let\s+us)\s+(?:get|go)\s+)?"
    r"(?:back|return(?:ing)?)\s+to\b|\bget\s+back\s+to\s+(?:it|the|my|our|that|this|where)\b"
    r"|\b(?:from|since)\s+last\s+time\b|\bfrom\s+before\W*$|\bas\s+(?:we|i)\s+(?:were|was)\b",
    re.IGNORECASE,
)

PROJECT_PREDICATES: frozenset[str] = frozenset({"current_project", "current_goal"})
"""Facts that name a task; a request that names one takes up the session it was set in."""


def resumes(request: str) -> bool:
    """True when ``request`` takes up earlier work again by its frame ("carry on with the
    plan", "where were we?", "back to the budget"), whatever the work is.

    Example:
        >>> resumes("right, where were we with the flat hunt?"), resumes("how do tides work?")
        (True, False)
        >>> resumes("Could we continue the packing list from before")
        True
    """
    return bool(_RESUME.search(request))


def resumed_threads(
    request: str, facts: Sequence[Fact], latest: Mapping[str, Any] | None
) -> list[str]:
    """The earlier sessions (thread ids) whose details ``request`` takes up again: the
    last session when the request resumes by its frame or names that session's open
    thread, and the session each task fact the request names (a current project or
    goal among ``facts``) was set in. What the user was in the middle of comes back
    with the task: "let's finish the seating plan" brings the venue it was planned for
    even though the request never names a venue. ``[]`` when the request takes nothing
    up (an unrelated request gets nothing from an earlier session).

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> plan = Fact(fact_id="f", user_id="u", kind="fact", subject="user",
        ...             predicate="current_project", object="garden shed build",
        ...             text="The user is building a garden shed.", valid_from=t,
        ...             asserted_at=t, session_id="t1")
        >>> resumed_threads("what screws for the shed roof?", [plan], {"thread_id": "t2"})
        ['t1']
        >>> resumed_threads("ok, carry on", [plan], {"thread_id": "t2", "topic": None})
        ['t2']
        >>> resumed_threads("how do tides work?", [plan], {"thread_id": "t2"})
        []
    """
    asked = content_terms(request)
    out: list[str] = []
    if latest is not None:
        thread = latest.get("thread_id")
        topic = latest.get("topic")
        named = isinstance(topic, str) and bool(content_terms(topic) & asked)
        if isinstance(thread, str) and (named or resumes(request) or refers_back(request)):
            out.append(thread)
    for fact in facts:
        if (
            fact.predicate in PROJECT_PREDICATES
            and fact.session_id
            and fact.session_id not in out
            and not is_other_person(fact)
            and content_terms(fact.object) & asked
        ):
            out.append(fact.session_id)
    return out


_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")
_REQUEST = re.compile(
    r"^(?:(?:ok|okay|so|and|also|now|hey|hi)[,!]?\s+)?(?:please\s+)?(?:"
    r"can|could|would|will|help|find|plan|book|show|give|write|make|draft|suggest|recommend"
    r"|remind|look|check|compare|explain|let's|lets|need|want|looking for|let me know"
    r"|i need|i want|i'd like|i would like|i'm looking|i am looking|i'm trying|i am trying"
    r"|i'm planning|i am planning|i'm working on|i am working on|we need|we want|we're planning"
    r"|any (?:ideas|tips|advice|suggestions)|what|which|where|when|how|who|why|should|is|are|do"
    r"|does)\b",
    re.IGNORECASE,
)


# A clause that says something is still to do: the aspect adverb with a need or an
# obligation ("still need to sort day two", "I still have to port the tests", "tables
# still half done"), a thing that needs doing ("the long runs need redoing"), what comes
# next ("next step is the consumer", "grout next."), what is left ("two rooms left to
# paint"), or work put off to a later time ("accommodation tomorrow", "we'll finish the
# invites next time", "formulas next session", "more later"). Function words, verbs of the
# frame and adverbs of future time only.
_OPEN = re.compile(
    r"\b(?:still|yet)\s+to\s+\w+|\bstill\b(?=.*\b(?:need|needs|needed|(?:have|has|got)\s+to"
    r"|gotta|owe|owes|half|pending|waiting\s+(?:on|for)|missing|unfinished|undone"
    r"|outstanding)\b)"
    r"|\bneeds?\s+(?:to\b|\w+ing\b)|\bnext\s+(?:step|up|thing|job|task)\b|\bnext\W*$"
    r"|\b(?:left|remaining)\s+to\s+\w+|\bto[- ]do\b"
    r"|\btomorrow\b|\bnext\s+(?:time|session|chat|week|weekend)\b|\blater\W*$"
    r"|\b(?:another|some\s+other)\s+(?:time|day)\b|\bwhen\s+we\s+(?:next\s+)?(?:talk|speak|chat)\b"
    # the speaker's own future or intent (modal and future auxiliaries of "I"/"we", "let
    # me"/"let's") and more deixis of a later time: "I'll sleep on it", "let me think
    # about it overnight", "we're going to pick one tonight"
    r"|\b(?:i|we)(?:'ll|\s+will|\s+shall|'m\s+going\s+to|\s+am\s+going\s+to|'re\s+going\s+to"
    r"|\s+are\s+going\s+to|'m\s+gonna|'re\s+gonna)\b|\blet\s+(?:me|us)\b(?!\s+down\b)|\blet'?s\b"
    r"|\b(?:tonight|overnight|soon)\b"
    # what a done thing still lacks, by a preposition of exception: "sorted apart from the
    # prizes", "all packed bar the tent"
    r"|\b(?:apart|aside)\s+from\b|\bexcept(?:\s+for)?\b|\bother\s+than\b|\bsave\s+for\b",
    re.IGNORECASE,
)
# Where a clause starts inside a sentence: "we're at the Lark now, but the menu still
# needs doing" keeps only what is still open.
_CLAUSE = re.compile(r"(?:[,;:—–]|\s-\s|\b(?:but|and|so|though|although|except)\b)\s*",
                     re.IGNORECASE)  # fmt: skip

# A clause that settles what the task now stands on: a change or a choice, by its aspect
# adverb ("the venue is the Lark now", "we're doing the 10k instead", "went with the green
# after all", "in the end"), by the verb of a change with where it went ("switched to",
# "moved ... to", "rebooked at", "swapped ... for") or of a choice ("going with", "opted
# for", "settled on", "so the Lark it is"), or by a contrast ("B rather than A"), or a
# result after "so" ("so it's a kite for her birthday"). The thread keeps it beside what is
# still open, because the open work hangs on it, and drops the value it replaced.
_SETTLED = re.compile(
    r"(?<!^)(?<!^right )\bnow\b(?!\s+(?:that|on\s+to|onto)\b)|\binstead\b|\bafter\s+all\b"
    r"|\bin\s+the\s+end\b|\bthese\s+days\b|\bfrom\s+now\s+on\b"
    r"|\b(?:rather\s+than|in\s+place\s+of)\b|\breplac(?:es|ed|ing)\b"
    r"|\b(?:switch|swap|swapp|chang|mov|rebook|re-book|upgrad|downgrad|transferr?)"
    r"(?:e|es|ed|ing)?\b(?=.*\b(?:to|into|onto|for|at|with|over)\b)"  # = _CHANGE, with where
    r"|\b(?:go|goes|going|gone|went)\s+(?:with|for)\b"
    r"|\b(?:opt(?:s|ed|ing)?|settl(?:e|es|ed|ing)|decid(?:e|es|ed|ing))\s+(?:for|on)\b"
    r"|\b(?:chose|chosen|picked)\b|\bit\s+is\W*$",
    re.IGNORECASE,
)
# "so" + a copula opens a result: "so it's the Lark", "so we're at the Lark".
_RESULT = re.compile(r"^(?:it|that|we|i|they|he|she)(?:'s|'re|'m|\s+(?:is|are|am|was|were))\b",
                     re.IGNORECASE)  # fmt: skip
# What a change leaves behind, inside the clause that makes it: "from A to B", "out of A
# and into B", "B rather than A", "B instead of A", "B, not A", "swapped A for B",
# "B replaces A". Only the connectives of the frame; the value between them is whatever
# the user wrote.
_VALUE = (
    r"[^,;.!?()—–]+?(?=\s+(?:now|instead|any\s*more|these\s+days|and|but|so)\b"
    r"|[,;.!?()—–]|\s-\s|$)"
)
# the verbs of a change, whose "from A" is what was left ("moved the party from A to B")
_CHANGE = (
    r"\b(?:switch|swap|swapp|chang|mov|rebook|re-book|upgrad|downgrad|transferr?)"
    r"(?:e|es|ed|ing)?\b"
)
_LEFT_BEHIND = (
    re.compile(
        rf"({_CHANGE}(?:\s+(?!from\b)[^\s,;.!?]+){{0,4}}?)\s+from\s+[^,;.!?]+?"
        r"(?=\s+(?:to|into|onto|over\s+to)\b)",
        re.I,
    ),
    re.compile(r"\s+out\s+of\s+[^,;.!?]+?\s+and(?=\s+into\b)", re.I),
    re.compile(rf"\s*,?\s+(?:rather\s+than|instead\s+of|in\s+place\s+of)\s+{_VALUE}", re.I),
    # ", not the Mill" / "now, not the Mill": a contrast with a value, never "not sure"
    re.compile(
        rf"(?:,|(?<=\bnow)|(?<=\binstead))\s*\bnot\s+(?=(?:the\s+|a\s+|an\s+)?[A-Z0-9])"
        rf"{_VALUE}"
    ),
    re.compile(rf"\s+replac(?:es|ed)\s+{_VALUE}", re.I),
)
_SWAP = re.compile(r"\b(swap|swapp|trad|exchang)(e|es|ed|ing)?\s+[^,;.!?]+?\s+for\b", re.I)
# A clause that throws a value out: "scrap the Lark", "dropped Elm Road from the list",
# "forget the half marathon", "we've lost the Lark". Verbs of discarding only; their
# object is a value the thread must not carry on.
_DISCARD = re.compile(
    r"\b(?:scrap(?:ped|ping)?|scratch(?:ed|ing)?|ditch(?:ed|ing)?|dropp(?:ed|ing)|drop"
    r"|forget|forgot|cancel(?:led|ed|ling|ing)?|dump(?:ed|ing)?|binn(?:ed|ing)|lost)"
    r"\s+(?!(?:so|and|but|on|us|it|them|out|up|off|about|that|this|because|as)\b)"
    r"(?:the\s+|my\s+|our\s+|a\s+|an\s+)?(?P<value>[^,;.!?—–()]+?)"
    r"(?=\s+(?:from|for|off|because|as|since|and|but|so|now)\b|[,;.!?—–()]|\s-\s|$)",
    re.IGNORECASE,
)


# A value ruled out by the copula and a particle: "ok Pickle is out", "the Lark's off now",
# "the Kuga is gone".
_RULED_OUT = re.compile(
    r"(?:^|[,;:.!?—–]\s*|\s-\s+|\b(?:ok(?:ay)?|so|and|but|right)\s+)(?:the\s+)?"
    r"(?P<value>[A-Z0-9][^\s,;:.!?]*(?:\s+[A-Z0-9][^\s,;:.!?]*){0,3})"
    r"(?:\s+is|'s|\s+are)\s+(?:out|off|gone)\b(?!\s+(?:of|to|for|on|at|with)\b)"
)


def _clauses(sentence: str) -> list[tuple[str, str, int]]:
    """``sentence`` cut at its clause breaks: ``(the break before, the clause, where it
    starts)``."""
    out: list[tuple[str, str, int]] = []
    at, before = 0, ""
    for b in _CLAUSE.finditer(sentence):
        if b.start() > at:
            out.append((before, sentence[at : b.start()], at))
        at, before = b.end(), b.group(0).strip().casefold()
    if at < len(sentence):
        out.append((before, sentence[at:], at))
    return [(br, c.strip(), i) for br, c, i in out if c.strip(" .!?…")]


def _is_settled(before: str, clause: str) -> bool:
    if _DISCARD.search(clause):
        return False
    return bool(_SETTLED.search(clause)) or (before == "so" and bool(_RESULT.match(clause)))


def _without_left_behind(clause: str, contrasts: bool = True) -> str:
    """``clause`` without the values its change left behind (``_LEFT_BEHIND``); only the
    frames that span clause breaks ("from A to B", "out of A and into B", "swapped A for
    B") when ``contrasts`` is false."""
    out = _SWAP.sub(lambda m: m.group(1) + (m.group(2) or "") + " to", clause)
    out = _LEFT_BEHIND[0].sub(r"\1", out)
    for rx in _LEFT_BEHIND[1:] if contrasts else _LEFT_BEHIND[1:2]:
        out = rx.sub("", out)
    return out.strip()


def discarded(text: str) -> list[str]:
    """The values ``text`` throws out or leaves behind by the frame that does it ("scrap
    the Lark", "dropped Elm Road from the list", "from A to B", "B rather than A", "B, not
    A"): what an open thread written before ``text`` must no longer carry.

    Example:
        >>> discarded("ugh scrap the Lark — rebooked at Fenwick Hall. menu tomorrow")
        ['Lark']
        >>> discarded("moved the reunion from Corran Inn to the Boathouse")
        ['Corran Inn']
        >>> discarded("it's the 5k rather than the half now, not sure why")
        ['half']
    """
    out: list[str] = [m.group("value") for m in _DISCARD.finditer(text)]
    out += [m.group("value") for m in _RULED_OUT.finditer(text)]
    for m in re.finditer(
        rf"{_CHANGE}(?:\s+(?!from\b)[^\s,;.!?]+){{0,4}}?\s+from\s+(?:the\s+)?(?P<v>[^,;.!?]+?)"
        r"\s+(?:to|into|onto|over\s+to)\b"
        r"|\bout\s+of\s+(?:the\s+)?(?P<o>[^,;.!?]+?)\s+and\s+into\b"
        rf"|\b(?:rather\s+than|instead\s+of|in\s+place\s+of|replac(?:es|ed))\s+(?:the\s+)?"
        rf"(?P<r>{_VALUE})"
        rf"|(?:,|(?<=\bnow)|(?<=\binstead))\s*\bnot\s+(?:the\s+)?(?P<n>(?=(?-i:[A-Z0-9])){_VALUE})"
        r"|\b(?:swap|swapp|trad|exchang)(?:e|es|ed|ing)?\s+(?:the\s+)?(?P<s>[^,;.!?]+?)\s+for\b",
        text,
        re.IGNORECASE,
    ):
        out.append(next(g for g in m.groups() if g))
    return list(dict.fromkeys(v.strip() for v in out if v and v.strip()))


def _open_part(sentence: str) -> str:
    """What ``sentence`` says is still open, with the clauses before it that settle what
    the open work now stands on (``_SETTLED``), without the values they replaced; ``""``
    when nothing in it is open."""
    sentence = _without_left_behind(sentence, contrasts=False)
    parts = _clauses(sentence)
    choice = is_choice(sentence)  # "between A and B" is cut at "and": its clause opens
    first = next(
        (
            i
            for i, (br, c, _at) in enumerate(parts)
            if _OPEN.search(c)
            or br == "except"  # "all set except for the raffle": the clause break is open
            or (choice and (is_choice(c) or re.search(r"\bbetween\b", c)))
        ),
        None,
    )
    if first is None:
        return ""
    if first and parts[first][0] == "except":  # what the exception is made from goes too
        first -= 1
    kept = [_without_left_behind(c) for br, c, _at in parts[:first] if _is_settled(br, c)]
    kept.append(_without_left_behind(sentence[parts[first][2] :]))  # the open clause on
    return ". ".join(_sentence_case(k) for k in kept if k)


def _settled_part(sentence: str) -> str:
    """The clauses of ``sentence`` that settle a change or a choice, without the values
    they replaced."""
    parts = _clauses(_without_left_behind(sentence, contrasts=False))
    kept = [_without_left_behind(c) for br, c, _at in parts if _is_settled(br, c)]
    return ". ".join(_sentence_case(k) for k in kept if k)


def settled_parts(text: str) -> list[str]:
    """What each sentence of ``text`` settles (a change or a choice), without the values
    it replaced.

    Example:
        >>> settled_parts("ok, going with the Juno rather than the Bramble. thanks")
        ['Going with the Juno.']
    """
    found = (_settled_part(s.strip()) for s in _SENTENCE.findall(" ".join(text.split())))
    return [_ended(p) for p in found if p]


def _asks(sentence: str) -> bool:
    """A question or a request: what the user asked, kept whole."""
    return is_question(sentence) or bool(_REQUEST.match(sentence))


def _ended(part: str) -> str:
    return part if part.endswith((".", "!", "?", "…")) else f"{part}."


def _sentence_case(part: str) -> str:
    part = part.strip()
    return part[:1].upper() + part[1:] if part else ""


def topic_of(text: str, limit: int = TOPIC_CHARS, *, before: str | None = None) -> str:
    """What is still open from the user's last message, in their words: its questions and
    requests, the clauses that say what is still to do, put off to later, meant to be
    done by the speaker ("I'll sleep on it") or still to choose ("A or B", "A vs B",
    "between A and B"), and, beside them, the clauses that settle what that work now
    stands on (a change or a choice: "the venue is the Lark now", "going with the Lark"),
    without the value they replaced ("not the Mill", "rather than the Mill"). A message
    that leaves nothing open has no open thread: its statements are memory's to keep,
    with their validity. ``""`` when nothing is open.

    The whole open thread, not only its last sentence, by structure:

    * a sentence that opens with a repair marker ("oh wait", "actually no") replaces
      what was said just before it: the clause before it goes, what follows stays;
    * a later statement of the options replaces an earlier one ("A or B" then "B vs C");
    * a defer, a to-do or a choice keeps the rest of its message, what it stands on
      ("applying at Halden, deadline's the 27th. I'll finish the letter tomorrow"), and
      a first sentence that refers back by a pronoun ("I'll finish it tomorrow") keeps
      the last sentence of ``before``, the message before it; a clause in the past that
      a "but" then changes ("the budget was 1200 but we raised it to 1500") goes. A
      question or a request is the thread in its own words.

    Example:
        >>> topic_of("I'm in Oslo now. Can you help me find a flat near a park?")
        "I'm in Oslo now. Can you help me find a flat near a park?"
        >>> topic_of("I'm in Oslo now.")
        ''
        >>> topic_of("we're with Corrie Vans now, not Pell & Co, but the attic still needs sorting")
        "We're with Corrie Vans now. The attic still needs sorting."
        >>> topic_of("the Mill fell through so it's the Lark instead. menu next time")
        "It's the Lark instead. Menu next time."
        >>> topic_of("the kiln quote came in at 300. hmm actually no, 340. I'll mull it over")
        "340. I'll mull it over."
    """
    sentences = [s.strip() for s in _SENTENCE.findall(" ".join(text.split())) if s.strip()]
    opened = asked = False
    kept: list[_Part] = []
    ruled_out: list[str] = []  # options an earlier list had and the latest does not
    for i, raw in enumerate(sentences):
        sentence = raw
        fixed = repair(raw)
        if fixed is not None:
            sentence = fixed
            if kept and kept[-1].at == i - 1:  # the repaired clause goes
                last = kept.pop()
                clauses = _clauses(last.text)
                rest = last.text[: clauses[-1][2]].rstrip(" ,;:—–-.…") if len(clauses) > 1 else ""
                if rest:
                    kept.append(last._replace(text=_ended(rest)))
        choice = is_choice(sentence) and not _asks(sentence)
        context = False
        if _asks(sentence):
            part = _sentence_case(_without_left_behind(sentence))
            opened = True
            asked = asked or not _OPEN.search(sentence)  # "let's do it next time" defers
        elif part := _open_part(sentence):
            opened = True
        elif not (part := _settled_part(sentence)):
            part, context = _context_part(sentence), True  # what a defer stands on
        if not part:
            continue
        if not context and any(_is_settled(br, c) for br, c, _at in _clauses(sentence)):
            # a change: the names of the clauses it leaves out are what it replaced
            # ("Packhorse let us down, Two Rivers are doing it now")
            ruled_out += _ruled_out([sentence], part)
        if choice:  # a later statement of the options replaces an earlier one
            ruled_out += _ruled_out([k.text for k in kept if k.choice], part)
            kept = [k for k in kept if not k.choice]
        if i == 0 and leans_back(part) and (earlier := _last_sentence(before)):
            if said := _context_part(earlier):
                kept.append(_Part(-1, _ended(said), is_choice(earlier), True))
        kept.append(_Part(i, _ended(part), choice, context))
    if not opened:
        return ""
    if asked:  # a question or a request is the thread in its own words
        kept = [k for k in kept if not k.context]
    one = " ".join(" ".join(k.text for k in kept).split())
    gone = [*discarded(text), *ruled_out]
    one = without_values(one, gone) if gone else one
    return one if len(one) <= limit else one[: limit - 1].rstrip() + "…"


# A name (capitalised words, one alone only inside a sentence) or a number.
_NAME = re.compile(
    r"\b[A-Z][\w'’&-]*(?:\s+[A-Z][\w'’&-]*)+|(?<!^)(?<![.!?]\s)\b[A-Z][\w'’&-]*|\b\d[\w.,%-]*"
)


def _ruled_out(earlier: Sequence[str], latest: str) -> list[str]:
    """The names and numbers of the ``earlier`` statements of options that the
    ``latest`` one no longer lists: "the Ashby or the Pell" then "Pell vs Stour" rules the
    Ashby out. Capitalised words and numbers only, never a word of the frame.

    Example:
        >>> _ruled_out(["It's the Ashby or the Pell."], "Pell vs Stour then.")
        ['Ashby']
    """
    now = {_plain(w) for w in latest.split()}
    out = [
        n.rstrip(".,")
        for text in earlier
        for n in _NAME.findall(text)
        if _plain(n.split()[0]) not in now and _plain(n.split()[0]) not in _NOT_NAMES
    ]
    return list(dict.fromkeys(out))


_NOT_NAMES = frozenset("i i'm i'll i've i'd the a an my our your his her their".split())


class _Part(NamedTuple):
    """One sentence's share of the open thread."""

    at: int  # the sentence's index in the message (-1: the message before)
    text: str
    choice: bool  # a statement of options still to choose between
    context: bool  # a plain statement: what a defer or a choice stands on


# A clause that states how things were, in the past: the copula and auxiliaries of the
# past tense ("the budget was 1200", "we were going to", "it used to be").
_PAST = re.compile(r"\b(?:was|were|used\s+to|had\s+been)\b", re.IGNORECASE)


def _context_part(sentence: str) -> str:
    """``sentence`` as the context an open part refers back to: without the values its
    changes left behind, and without a clause in the past that the next clause, after
    "but", changes ("the budget was 1200 but we raised it to 1500")."""
    if repair(sentence) is not None:
        sentence = repair(sentence) or ""
    sentence = _without_left_behind(sentence)
    parts = _clauses(sentence)
    out = sentence
    for k in reversed(range(len(parts) - 1)):
        if parts[k + 1][0] == "but" and _PAST.search(parts[k][1]):
            out = out[: parts[k][2]] + out[parts[k + 1][2] :]
    return _sentence_case(out.strip())


def _last_sentence(text: str | None) -> str:
    if not text:
        return ""
    found = [s.strip() for s in _SENTENCE.findall(" ".join(text.split())) if s.strip()]
    return found[-1] if found else ""


def without_ruled_out(now: str, earlier: str) -> str:
    """``now``, when it states options, without the names of an ``earlier`` statement of
    options that ``now`` no longer lists ("the Farrow or the Tessel", then "the Farrow is
    over budget. Tessel vs Lune then": the Farrow is ruled out, and a statement naming it
    goes).

    Example:
        >>> without_ruled_out("The Farrow is over budget. Tessel vs Lune then.",
        ...                   "it's the Farrow or the Tessel")
        'Tessel vs Lune then.'
    """
    if not is_choice(now):
        return now
    listed = [p for p in _SENTENCE.findall(earlier) if is_choice(p)]
    latest = next((p for p in _SENTENCE.findall(now) if is_choice(p)), now)
    gone = _ruled_out(listed, latest)
    return (without_values(now, gone) or now) if gone else now


def next_topic(text: str, previous: str | None, before: str | None = None) -> str | None:
    """The session's open thread after the user's message ``text``: what ``text`` leaves
    open (``topic_of``), else the thread before it (``previous``) without the values
    ``text`` threw out (``discarded``), with what ``text`` settled added to it: "ugh,
    scrap the Lark — it's Fenwick Hall now" after "help me word the Lark invites?" leaves
    the invitations open at Fenwick Hall, never at the Lark. ``before``: the user's
    message before ``text`` in the session, what an open part of ``text`` that refers
    back by a pronoun ("I'll finish it tomorrow") is about.

    Example:
        >>> next_topic("ugh scrap the Lark, it's Fenwick Hall now", "Can you word the Lark cards?")
        "Can you word the cards? It's Fenwick Hall now."
        >>> next_topic("thanks!", "Can you word the Lark invites?")
        'Can you word the Lark invites?'
        >>> next_topic("thanks!", None) is None
        True
    """
    now = topic_of(text, before=before)
    if now:
        return without_ruled_out(now, previous) if previous else now
    if not previous:
        return None
    kept = without_values(previous, discarded(text)) or ""
    settled = " ".join(
        p for s in _SENTENCE.findall(" ".join(text.split())) if (p := _settled_part(s.strip()))
    )
    if settled:
        end = "" if not kept or kept.endswith((".", "!", "?", "…")) else "."
        settled_end = "" if settled.endswith((".", "!", "?", "…")) else "."
        kept = f"{kept}{end} {settled}{settled_end}".strip()
    return kept or None


_TOKEN = re.compile(r"[^\s,;:()\[\]\"“”]+")
_PREPOSITIONS = frozenset(
    "in to at from near for with of on into around outside inside by via".split()
)


def _plain(word: str) -> str:
    return word.strip(".,!?;:'’").casefold()


def held_values_only(
    topic: str, facts: Sequence[Fact], request: str, closed: Iterable[str] = ()
) -> str:
    """``topic`` without the ``closed`` values (superseded or retracted since it was
    written) that neither the current ``facts`` nor the new ``request`` hold, with the
    preposition before them: a value that no longer holds is never repeated. A name or
    number that was never a stored value is not superseded, so it stays: it is what the
    user was in the middle of ("the quote for tables 6 to 10 from Harlow & Vane").

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> rome = Fact(fact_id="f", user_id="u", kind="fact", subject="user",
        ...             predicate="city", object="Rome", text="The user lives in Rome.",
        ...             valid_from=t, asserted_at=t)
        >>> held_values_only("Can you find me a dentist in Oslo?", [rome], "hi", ["Oslo"])
        'Can you find me a dentist?'
        >>> held_values_only("Can you find me a dentist in Oslo?", [rome], "hi")
        'Can you find me a dentist in Oslo?'
        >>> held_values_only("a weekend in Rome", [rome], "hi", ["Rome"])
        'a weekend in Rome'
    """
    held: set[str] = set()
    for fact in facts:
        held.update(_plain(w) for w in _TOKEN.findall(fact.object))
    held.update(_plain(w) for w in _TOKEN.findall(request))
    gone = [
        v
        for v in dict.fromkeys(_named_by(v.strip()) for v in closed for _named_by in _NAMES)
        if v and not {_plain(w) for w in _TOKEN.findall(v)} <= held
    ]
    return without_values(topic, gone) if gone else topic


def _leading_name(value: str) -> str:
    """The capitalised word a name of several words opens with, which names it alone
    ("Harrowgate" of "Harrowgate Mutual": "the Harrowgate laptop"); ``""`` otherwise."""
    words = value.split()
    head = words[0] if len(words) > 1 else ""
    if len(head) < 3 or not head[:1].isupper() or head.casefold() in _ARTICLES.split("|"):
        return ""
    return head


_NAMES: tuple[Callable[[str], str], ...] = (lambda v: v, _leading_name)
"""How a closed value is found in the thread: whole, or by the name it opens with."""


def without_values(topic: str, values: Iterable[str]) -> str:
    """``topic`` without ``values`` (whole words, any case): the open thread keeps what
    was asked, never a value that a later turn of the session superseded, retracted or
    corrected, lowercase or not ("vegetarian recipes" after "I'm not vegetarian any
    more"). A question, a request or a to-do keeps its words without the value (and the
    preposition and article before it); a statement of what was settled that names the
    value is dropped whole, since it no longer holds.

    Example:
        >>> without_values("Can you suggest some vegetarian recipes for Friday?", ["vegetarian"])
        'Can you suggest some recipes for Friday?'
        >>> without_values("Find me a flat in Porto near the river?", ["porto"])
        'Find me a flat near the river?'
        >>> without_values("The venue is the Lark now. Menu next time.", ["the Lark"])
        'Menu next time.'
        >>> without_values("Any tips for my Corolla?", [])
        'Any tips for my Corolla?'
    """
    gone = sorted({v.strip() for v in values if v and v.strip() not in ("", "*")}, key=len)
    if not gone:
        return topic
    patterns = [_value_pattern(v) for v in reversed(gone)]
    kept: list[str] = []
    changed = False
    for sentence in _SENTENCE.findall(topic):
        if not any(p.search(sentence) for p in patterns):
            kept.append(sentence.strip())
            continue
        changed = True
        if not (_asks(sentence.strip()) or _OPEN.search(sentence)):
            continue  # a settled statement of a value that no longer holds
        out = sentence
        for p in patterns:
            out = p.sub("", out)
        out = re.sub(r"\s+([.!?,;:…])", r"\1", re.sub(r"\s{2,}", " ", out)).strip()
        if out.strip(" .!?,;:…"):
            kept.append(_sentence_case(out) if sentence.strip()[:1].isupper() else out)
    return " ".join(kept).strip() if changed else topic


_ARTICLES = "the|a|an|my|our|your|his|her|their"


def _value_pattern(value: str) -> re.Pattern[str]:
    """``value`` as whole words, with the preposition (and its article) before it."""
    words = r"\s+".join(re.escape(w) for w in value.split())
    before = "|".join(sorted(_PREPOSITIONS, key=len, reverse=True))
    return re.compile(
        rf"(?:\s+\b(?:{before})\b(?:\s+(?:{_ARTICLES})\b)?)?\s*(?<![\w-]){words}(?![\w-])",
        re.IGNORECASE,
    )


@dataclass(frozen=True)
class ConsolidationReport:
    """What consolidating one session did.

    Attributes:
        thread_id: the session.
        user_id: whose session (``None`` when it could not be told).
        decisions: the write policy's decisions (with fact text: show, never log).
        announcements: the lines to show the user next time ("I'll remember that ...").
        profile: the re-rendered profile.
        skipped: why nothing was done (``"no_transcript"``, ``"memory_off"``, ...), or ``None``.
        error: the error type name if the session could not be consolidated.
    """

    thread_id: str
    user_id: str | None
    decisions: tuple[MemoryDecision, ...] = ()
    announcements: tuple[str, ...] = ()
    profile: str = ""
    skipped: str | None = None
    error: str | None = None


@dataclass
class SessionManager:
    """Ends sessions: consolidation from the checkpointer's transcript, and the idle sweeper.

    Args:
        memory: the ``FactMemory`` the node pair writes to.
        checkpointer: the graph's checkpointer (the transcript is read from it).
        extractor: the extractor used over the whole transcript (default ``RuleExtractor``;
            a bigger model is worth it here, once per session).
        idle_timeout: a session idle this long is over (default 30 minutes).
        clock: returns the current aware time (default UTC now); pass one in tests.

    Example:
        >>> from langgraph.checkpoint.memory import InMemorySaver
        >>> from langgraph.store.memory import InMemoryStore
        >>> sessions = SessionManager(FactMemory(InMemoryStore()), InMemorySaver())
        >>> sessions.sweep()
        []
    """

    memory: FactMemory
    checkpointer: BaseCheckpointSaver[Any]
    extractor: BaseExtractor = field(default_factory=RuleExtractor)
    idle_timeout: timedelta = DEFAULT_IDLE_TIMEOUT
    clock: Callable[[], datetime] = utcnow

    # ------------------------------------------------------------------ public faces

    def consolidate(self, thread_id: str, *, user_id: str | None = None) -> ConsolidationReport:
        """Consolidate one session now (its end): idempotent.

        Args:
            thread_id: the session's thread id.
            user_id: the owner; default: the ``user_id`` the thread's runs were configured
                with (LangGraph records it in the checkpoint metadata).

        Example:
            >>> from langgraph.checkpoint.memory import InMemorySaver
            >>> from langgraph.store.memory import InMemoryStore
            >>> m = SessionManager(FactMemory(InMemoryStore()), InMemorySaver())
            >>> m.consolidate("no-such-thread").skipped
            'no_transcript'
        """
        return drive(self._consolidate(thread_id, user_id))

    async def aconsolidate(
        self, thread_id: str, *, user_id: str | None = None
    ) -> ConsolidationReport:
        """Async ``consolidate`` (needs an async-capable checkpointer)."""
        return await adrive(self._consolidate(thread_id, user_id))

    def sweep(self) -> list[ConsolidationReport]:
        """Consolidate every session idle for ``idle_timeout`` and not yet consolidated.

        Run it from a scheduler (every few minutes). A failing session is reported with its
        error and retried by the next sweep; the others go on.
        """
        return drive(self._sweep())

    async def asweep(self) -> list[ConsolidationReport]:
        """Async ``sweep``."""
        return await adrive(self._sweep())

    # ------------------------------------------------------------------ plans

    def idle_sessions(self) -> list[tuple[str, str]]:
        """``(thread_id, user_id)`` of every idle, unconsolidated session (what ``sweep``
        would consolidate), e.g. to show progress while consolidating one by one.

        Example:
            >>> from langgraph.checkpoint.memory import InMemorySaver
            >>> from langgraph.store.memory import InMemoryStore
            >>> SessionManager(FactMemory(InMemoryStore()), InMemorySaver()).idle_sessions()
            []
        """
        return drive(self._idle())

    async def aidle_sessions(self) -> list[tuple[str, str]]:
        """Async ``idle_sessions``."""
        return await adrive(self._idle())

    def _idle(self) -> Plan[list[tuple[str, str]]]:
        store = self.memory.store
        now = self.clock()
        prefix = self.memory.layout.prefix
        listing = ListNamespacesOp(
            match_conditions=(
                MatchCondition("prefix", prefix),
                MatchCondition("suffix", (SESSIONS,)),
            ),
            max_depth=None,
            limit=100_000,
            offset=0,
        )
        (namespaces,) = yield batch_call(store, [listing])
        namespaces = [ns for ns in namespaces or [] if len(ns) == len(prefix) + 2]
        if not namespaces:
            return []
        pages = yield batch_call(
            store, [SearchOp(tuple(ns), {"status": "open"}, limit=1000) for ns in namespaces]
        )
        todo: list[tuple[str, str]] = []
        for ns, items in zip(namespaces, pages, strict=True):
            for item in items or []:
                last = parse_time(item.value.get("last_active_at"))
                if last is not None and now - last >= self.idle_timeout:
                    todo.append((item.key, str(ns[len(prefix)])))
        return todo

    def _sweep(self) -> Plan[list[ConsolidationReport]]:
        todo = yield from self._idle()
        reports: list[ConsolidationReport] = []
        for thread_id, user_id in todo:
            reports.append((yield from self._consolidate(thread_id, user_id)))
        return reports

    def _consolidate(self, thread_id: str, user_id: str | None) -> Plan[ConsolidationReport]:
        cfg = {"configurable": {"thread_id": thread_id, "checkpoint_ns": ""}}
        try:
            snapshot = yield Call(self.checkpointer.get_tuple, self.checkpointer.aget_tuple, (cfg,))
        except Exception as exc:
            return ConsolidationReport(thread_id, user_id, error=type(exc).__name__)
        if snapshot is None:
            return ConsolidationReport(thread_id, user_id, skipped="no_transcript")
        user = user_id or (snapshot.metadata or {}).get("user_id")
        if not isinstance(user, str):
            return ConsolidationReport(thread_id, None, skipped="no_user_id")
        user = validate_user_id(user)
        messages = list(snapshot.checkpoint.get("channel_values", {}).get("messages") or [])
        mem = self.memory
        ns = sessions_namespace(mem, user)
        now = self.clock()
        try:
            settings, record_item = yield batch_call(
                mem.store, [GetOp(mem.layout.settings(user), "memory"), GetOp(ns, thread_id)]
            )
        except Exception as exc:
            return ConsolidationReport(thread_id, user, error=type(exc).__name__)
        record = dict(record_item.value) if isinstance(record_item, Item) else {}
        if isinstance(settings, Item) and settings.value.get("enabled") is False:
            if record_item is not None:
                yield batch_call(mem.store, [PutOp(ns, thread_id, None)])
            return ConsolidationReport(thread_id, user, skipped="memory_off")
        new = messages_after(messages, record.get("consolidated_through"))
        scope = record.get("scope")
        applied = None
        if any(m.type == "human" for m in new):
            try:
                result = yield Call(
                    self.extractor.extract_detailed,
                    self.extractor.aextract_detailed,
                    (messages,),
                    {"now": now, "user_id": user, "scope": scope},
                )
            except Exception as exc:
                return ConsolidationReport(thread_id, user, error=f"extractor:{type(exc).__name__}")
            fresh_ids = {m.id for m in new}
            candidates = [
                c for c in collapse_corrections(mem, result.candidates) if c.message_id in fresh_ids
            ]
            applied = yield from remember_all(mem, user, candidates, thread_id)
            if applied.failed:
                return ConsolidationReport(
                    thread_id, user, tuple(applied.decisions), error=applied.failed
                )
        profile = yield Call(mem.profile, mem.aprofile, (user,))
        record.update(
            {
                "thread_id": thread_id,
                "user_id": user,
                "status": "consolidated",
                "consolidated_at": now.isoformat(),
                "consolidated_through": messages[-1].id if messages else None,
            }
        )
        record.setdefault("last_active_at", now.isoformat())
        yield batch_call(mem.store, [PutOp(ns, thread_id, record, index=False)])
        logger.info("session consolidated thread=%s", thread_id)
        return ConsolidationReport(
            thread_id,
            user,
            tuple(applied.decisions) if applied else (),
            tuple(applied.announcements) if applied else (),
            profile,
        )
