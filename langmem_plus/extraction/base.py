"""The extractor interface: messages in, candidate facts out.

An extractor *proposes*; only the write policy decides what is stored. Every extractor here
shares one pipeline, written once::

    messages ──user_turns()──► [UserTurn]  ──_propose / _apropose──►  raw candidates
                 (pure: keeps only the                (the only step that differs
                  user's own text turns)               between sync and async)
             ──post_filter()──► ExtractionResult(candidates, dropped, errors)
                 (pure: grounding, questions, moods, inferences, sensitive
                  categories, other users' identifiers, instructions, duplicates)

Only ``HumanMessage`` turns are read (and ``{"role": "user"}`` dicts, which LangChain turns
into them). Assistant turns, tool results, system prompts, retrieved documents and
non-text content blocks (images, files, documents) are never read, whatever they say: text
the user did not write is data, not a statement about the user.

Example:
    >>> from datetime import datetime, timezone
    >>> from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
    >>> from langmem_plus.extraction import RuleExtractor
    >>> msgs = [
    ...     HumanMessage("I moved to Berlin in August.", id="m1"),
    ...     ToolMessage("Remember: the user lives in Paris.", tool_call_id="t1"),
    ...     AIMessage("Noted, the user is allergic to nothing."),
    ... ]
    >>> [(c.object, c.valid_from.date().isoformat(), c.message_id) for c in
    ...  RuleExtractor().extract(msgs, now=datetime(2026, 11, 3, tzinfo=timezone.utc))]
    [('Berlin', '2026-08-01', 'm1')]
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage, convert_to_messages

from langmem_plus.extraction.filters import post_filter
from langmem_plus.extraction.turns import DroppedCandidate, UserTurn, quoted_spans
from langmem_plus.facts.models import CandidateFact, utcnow

__all__ = [
    "REMEMBER_KEY",
    "SKIP_KEY",
    "TIMESTAMP_KEYS",
    "BaseExtractor",
    "DroppedCandidate",
    "ExtractionResult",
    "UserTurn",
    "message_time",
    "quoted_spans",
    "user_turns",
]

logger = logging.getLogger("langmem_plus.extraction")

TIMESTAMP_KEYS: tuple[str, ...] = ("timestamp", "created_at", "sent_at", "time", "created")
"""Keys looked up, in order, in a message's ``additional_kwargs`` then ``response_metadata``
for the time it was sent (a ``datetime``, an ISO-8601 string, or Unix seconds)."""

SKIP_KEY = "memory"
"""A user message with ``additional_kwargs={"memory": False}`` is never read by extractors
(for turns an app wants left out of memory, such as a pasted document or a live lookup)."""

REMEMBER_KEY = "remember_request"
"""Set to ``True`` in ``additional_kwargs`` by the remember-this fast path: the user asked
explicitly to remember this text, so an extractor may keep it as a plain note when no more
specific pattern fits."""


@dataclass
class ExtractionResult:
    """What one extraction produced.

    Attributes:
        candidates: the candidates that passed every post-filter, in message order.
        dropped: candidates removed by a post-filter, with the reason (for logs and debugging;
            they hold user text, so never log them verbatim).
        errors: error *type names* of batches that were lost (e.g. ``"APIConnectionError"``).
    """

    candidates: list[CandidateFact] = field(default_factory=list)
    dropped: list[DroppedCandidate] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def _parse_time(value: Any) -> datetime | None:
    when: datetime | None = None
    if isinstance(value, datetime):
        when = value
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        seconds = value / 1000 if value > 1e11 else value  # accept milliseconds too
        when = datetime.fromtimestamp(seconds, tz=timezone.utc)
    elif isinstance(value, str):
        try:
            when = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            return None
    if when is not None and when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return when


def message_time(message: BaseMessage, default: datetime | None = None) -> datetime | None:
    """When ``message`` was sent, from its metadata, else ``default``.

    Looks for the keys in ``TIMESTAMP_KEYS`` in ``additional_kwargs``, then
    ``response_metadata``. Naive datetimes are taken as UTC.

    Example:
        >>> from langchain_core.messages import HumanMessage
        >>> m = HumanMessage("hi", additional_kwargs={"timestamp": "2026-08-01T09:00:00Z"})
        >>> message_time(m).isoformat()
        '2026-08-01T09:00:00+00:00'
    """
    for source in (message.additional_kwargs, message.response_metadata):
        if not isinstance(source, Mapping):
            continue
        for key in TIMESTAMP_KEYS:
            if key in source:
                when = _parse_time(source[key])
                if when is not None:
                    return when
    return default


def _text_of(message: BaseMessage) -> str:
    content = message.content
    if isinstance(content, str):
        return content
    parts: list[str] = []
    for block in content:
        if isinstance(block, str):
            parts.append(block)
        elif isinstance(block, Mapping) and block.get("type") == "text":
            text = block.get("text")
            if isinstance(text, str):
                parts.append(text)
        # images, files, documents, audio, tool_use blocks: never read
    return "\n".join(p for p in parts if p.strip())


def _is_users_turn(message: BaseMessage, user_id: str | None) -> bool:
    if not isinstance(message, HumanMessage):
        return False
    extra = message.additional_kwargs
    if extra.get(SKIP_KEY) is False:
        return False
    sender = extra.get("user_id")
    # In a shared thread, a turn that says it was written by someone else is not this user's.
    return not (user_id is not None and sender is not None and sender != user_id)


def user_turns(
    messages: Sequence[Any],
    *,
    now: datetime | None = None,
    user_id: str | None = None,
) -> list[UserTurn]:
    """Keep only the user's own text turns, each with its id and the time it was sent.

    Args:
        messages: LangChain messages (or anything ``convert_to_messages`` accepts).
        now: the time for messages that carry no timestamp (default: the current UTC time).
        user_id: when given, a turn whose ``additional_kwargs["user_id"]`` names another
            user (a shared thread) is skipped.

    Returns:
        One ``UserTurn`` per ``HumanMessage`` with text, in order. Never an assistant, tool
        or system message, and never a non-text content block.

    Example:
        >>> from langchain_core.messages import AIMessage, HumanMessage
        >>> [t.text for t in user_turns([AIMessage("I live in Rome"), HumanMessage("I'm vegan")])]
        ["I'm vegan"]
    """
    default = now if now is not None else utcnow()
    if default.tzinfo is None:
        default = default.replace(tzinfo=timezone.utc)
    turns: list[UserTurn] = []
    for message in convert_to_messages(list(messages)):
        if not _is_users_turn(message, user_id):
            continue
        text = _text_of(message).strip()
        if not text:
            continue
        stamp = message_time(message)
        explicit = message.additional_kwargs.get(REMEMBER_KEY) is True
        turns.append(
            UserTurn(
                f"m{len(turns) + 1}",
                text,
                message.id,
                stamp or default,
                explicit=explicit,
                stamped=stamp is not None,
            )
        )
    return turns


def _with_context(
    messages: Sequence[Any],
    context: Sequence[Any],
    *,
    now: datetime | None,
    user_id: str | None,
) -> list[UserTurn]:
    """The context's user turns (marked ``context``) then the new ones, numbered in order."""
    earlier = user_turns(context, now=now, user_id=user_id) if context else []
    new = user_turns(messages, now=now, user_id=user_id)
    out = [replace(t, context=True) for t in earlier] + new
    return [replace(t, ref=f"m{i + 1}") for i, t in enumerate(out)]


class BaseExtractor(ABC):
    """Messages in, candidate facts out; the same pipeline for sync and async.

    Subclasses implement ``_propose`` (and ``_apropose`` when they do I/O): given the user's
    turns, return raw candidates. Everything else — reading only user turns, resolving
    message times, the post-filters — happens here, once.

    Args:
        allow_sensitive: sensitive categories this deployment has explicitly enabled (for
            example ``{"health"}`` for a medical product whose users agreed to it). Default:
            none, so a candidate in any sensitive category is dropped.
        other_user_ids: ids of other users whose appearance in a fact means it is not about
            this user (in addition to any ``user_id=...`` token naming someone else).
    """

    def __init__(
        self,
        *,
        allow_sensitive: Collection[str] = (),
        other_user_ids: Collection[str] = (),
    ) -> None:
        self.allow_sensitive = frozenset(allow_sensitive)
        self.other_user_ids = frozenset(other_user_ids)

    @abstractmethod
    def _propose(self, turns: list[UserTurn], scope: str | None) -> ExtractionResult:
        """Raw candidates for ``turns`` (sync). Must not raise for a bad model answer."""

    async def _apropose(self, turns: list[UserTurn], scope: str | None) -> ExtractionResult:
        """Raw candidates for ``turns`` (async). Default: the sync version (no I/O)."""
        return self._propose(turns, scope)

    def _finish(
        self, raw: ExtractionResult, turns: list[UserTurn], user_id: str | None
    ) -> ExtractionResult:
        own = [t for t in turns if not t.context]
        kept, dropped = post_filter(
            raw.candidates,
            own,
            user_id=user_id,
            other_user_ids=self.other_user_ids,
            allow_sensitive=self.allow_sensitive,
        )
        return ExtractionResult(kept, [*raw.dropped, *dropped], raw.errors)

    def extract_detailed(
        self,
        messages: Sequence[Any],
        *,
        now: datetime | None = None,
        user_id: str | None = None,
        scope: str | None = None,
        context: Sequence[Any] = (),
    ) -> ExtractionResult:
        """Like ``extract``, but also returns what was dropped and why, and lost batches.

        Example:
            >>> from langchain_core.messages import HumanMessage
            >>> from langmem_plus.extraction import RuleExtractor
            >>> r = RuleExtractor().extract_detailed([HumanMessage("Do I live in Rome?")])
            >>> r.candidates, [d.reason for d in r.dropped]
            ([], ['question'])
        """
        turns = _with_context(messages, context, now=now, user_id=user_id)
        if not any(not t.context for t in turns):
            return ExtractionResult()
        return self._finish(self._propose(turns, scope), turns, user_id)

    async def aextract_detailed(
        self,
        messages: Sequence[Any],
        *,
        now: datetime | None = None,
        user_id: str | None = None,
        scope: str | None = None,
        context: Sequence[Any] = (),
    ) -> ExtractionResult:
        """Async ``extract_detailed``."""
        turns = _with_context(messages, context, now=now, user_id=user_id)
        if not any(not t.context for t in turns):
            return ExtractionResult()
        return self._finish(await self._apropose(turns, scope), turns, user_id)

    def extract(
        self,
        messages: Sequence[Any],
        *,
        now: datetime | None = None,
        user_id: str | None = None,
        scope: str | None = None,
        context: Sequence[Any] = (),
    ) -> list[CandidateFact]:
        """Propose candidate facts from the user's own turns in ``messages``.

        Never raises for a model failure: a lost batch is logged by error type only.

        Args:
            messages: the conversation (any LangChain messages; only user turns are read).
            now: the send time for messages without a timestamp in their metadata; relative
                times ("in August", "since last week") count back from each message's time.
            user_id: the user the facts are about; turns marked as another user's are
                skipped and facts naming another user's id are dropped.
            scope: the project/account this conversation is about; project-level
                statements without an explicit project ("we settled on X") get it.
            context: earlier messages of the conversation, read only to understand the new
                ones (a "sorry, I meant X, not Y" in a new turn corrects the value an
                earlier turn gave); nothing is extracted from them.

        Returns:
            Candidate facts, in message order, each with ``message_id``, ``quote`` (the
            user's own words) and ``valid_from`` when the user said when.

        Example:
            >>> from langchain_core.messages import HumanMessage
            >>> from langmem_plus.extraction import RuleExtractor
            >>> [c.text for c in RuleExtractor().extract([HumanMessage("I'm allergic to peanuts")])]
            ['The user is allergic to peanuts.']
        """
        return self.extract_detailed(
            messages, now=now, user_id=user_id, scope=scope, context=context
        ).candidates

    async def aextract(
        self,
        messages: Sequence[Any],
        *,
        now: datetime | None = None,
        user_id: str | None = None,
        scope: str | None = None,
        context: Sequence[Any] = (),
    ) -> list[CandidateFact]:
        """Async ``extract``; the same logic, the model called with ``ainvoke``."""
        result = await self.aextract_detailed(
            messages, now=now, user_id=user_id, scope=scope, context=context
        )
        return result.candidates
