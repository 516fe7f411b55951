"""The user's turns as an extractor reads them, and the parts of them that are not the
user's own words (pasted or quoted blocks).

A leaf module: ``base`` (the pipeline) and ``filters`` (the post-filters) both use it, so
neither imports the other's internals.

Example:
    >>> from datetime import datetime, timezone
    >>> t = UserTurn("m1", "> we moved to Lyon\\nI live in Rome", None,
    ...              datetime(2026, 1, 1, tzinfo=timezone.utc))
    >>> t.is_quoted(0, 18), t.is_quoted(19, 33)
    (True, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from itertools import pairwise

from langmem_plus.models import CandidateFact

__all__ = ["DroppedCandidate", "UserTurn", "quoted_spans"]

_FENCE = re.compile(r"^[ \t]*(?:```|~~~)", re.MULTILINE)
_REPLY_LINE = re.compile(r"^[ \t]*>.*$", re.MULTILINE)
# Everything after one of these is someone else's text the user pasted or forwarded.
_FORWARD = re.compile(
    r"^[ \t]*(?:-{2,}\s*(?:original message|forwarded message)\s*-{2,}|"
    r"begin forwarded message:|forwarded message:|-{5,}\s*$|_{5,}\s*$)",
    re.IGNORECASE | re.MULTILINE,
)
# Two or more mail header lines in a row ("From: ...", "Subject: ...") open a pasted mail.
_HEADER = re.compile(
    r"^[ \t]*(?:from|to|cc|bcc|sent|date|subject|reply-to)[ \t]*:.*$", re.IGNORECASE | re.MULTILINE
)
# "On Mon, Ana wrote:" / "my landlord wrote:" / "the e-mail says:" -> the rest is quoted.
_WROTE = re.compile(
    r"\b(?:wrote|writes|said|says|texted|messaged|replied|posted|emailed|e-mailed|tweeted)"
    r"\s*:[ \t]*(?P<inline>\S?)",
    re.IGNORECASE,
)
_INLINE_QUOTE = re.compile(
    r"\"(?P<a>[^\"\n]+)\"|“(?P<b>[^”\n]+)”|„(?P<c>[^“”\n]+)[“”]|«(?P<d>[^»\n]+)»"
    r"|(?<![\w])'(?P<e>[^'\n]{2,}?)'(?![\w])|‘(?P<f>[^’\n]+)’"
)
# A quotation is reported speech (not the user's words) when it is itself a clause: it has
# a person or a finite verb in it ("she said 'I live in Nantes'"). A short quoted value
# ('call me "Bear"', "a band called 'Blue Door'") is the user naming something.
_CLAUSE_WORD = re.compile(
    r"\b(?:i|i'm|i've|i'll|i'd|we|we're|you|he|she|they|it's|is|are|am|was|were|will|"
    r"my|our|your|his|her|their|have|has|had|must|should|would)\b",
    re.IGNORECASE,
)


def quoted_spans(text: str) -> list[tuple[int, int]]:
    """Offsets of the parts of ``text`` that are not the user's own words.

    Text the user pasted or quoted speaks for someone else: lines starting with ``>``,
    fenced code blocks, a forwarded or replied-to e-mail (from "-----Original Message-----",
    "Begin forwarded message:", or a block of header lines such as ``From:``/``Subject:``),
    whatever follows "... wrote:" / "... said:", and quotations that are themselves a
    clause ("she said 'I moved to Nantes'"). A short quoted value ('call me "Bear"') stays
    the user's own.

    Example:
        >>> text = 'I live in Rome. My boss wrote: "from June you will be based in Nantes"'
        >>> [text[a:b] for a, b in quoted_spans(text)]
        [' "from June you will be based in Nantes"']
        >>> quoted_spans("Please call me 'Bear'.")
        []
    """
    spans: list[tuple[int, int]] = []
    fences = [m.start() for m in _FENCE.finditer(text)]
    for i in range(0, len(fences), 2):
        if i + 1 < len(fences):
            close = text.find("\n", fences[i + 1])
            end = len(text) if close < 0 else close
        else:
            end = len(text)  # an unclosed fence quotes the rest
        spans.append((fences[i], end))
    spans += [(m.start(), m.end()) for m in _REPLY_LINE.finditer(text)]
    if m := _FORWARD.search(text):
        spans.append((m.start(), len(text)))
    headers = list(_HEADER.finditer(text))
    for a, b in pairwise(headers):
        if text.count("\n", a.end(), b.start()) <= 1:  # two header lines in a row
            spans.append((a.start(), len(text)))
            break
    for m in _WROTE.finditer(text):
        start = m.end() - len(m.group("inline"))
        # "wrote:" ending its line quotes the rest; inline, the rest of its paragraph.
        stop = len(text) if not m.group("inline") else text.find("\n\n", start)
        spans.append((start - 1 if m.group("inline") else start, len(text) if stop < 0 else stop))
    for m in _INLINE_QUOTE.finditer(text):
        inner = next(g for g in m.groups() if g is not None)
        if len(inner.split()) >= 3 and _CLAUSE_WORD.search(inner):
            spans.append((m.start(), m.end()))
    return _merge(spans)


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        elif b > a:
            out.append((a, b))
    return out


@dataclass(frozen=True)
class UserTurn:
    """One user message, reduced to what an extractor may read.

    Attributes:
        ref: a short reference (``"m1"``, ``"m2"``...) used to point at this turn in prompts.
        text: the user's own text (text content blocks only, joined by newlines).
        message_id: the LangChain message id, if the message had one.
        sent_at: when the message was sent (from its metadata, else the ``now`` given).
        explicit: the user explicitly asked to remember this text (the fast path).
        stamped: ``sent_at`` came from the message's own metadata (not the ``now`` given).
        context: an earlier turn, given only so later turns can be read (what a correction
            corrects); no candidate comes from it.
    """

    ref: str
    text: str
    message_id: str | None
    sent_at: datetime
    explicit: bool = False
    stamped: bool = False
    context: bool = False

    @property
    def quoted(self) -> list[tuple[int, int]]:
        """Offsets of the text in this turn that the user pasted or quoted
        (``quoted_spans``): it is never the user speaking about themselves."""
        return quoted_spans(self.text)

    def is_quoted(self, start: int, end: int) -> bool:
        """True when the span ``start:end`` of ``text`` lies inside a quoted block."""
        return any(a <= start and end <= b for a, b in self.quoted)

    def valid_from(self, phrase_time: datetime | None) -> datetime | None:
        """When a fact said in this turn became true: the time phrase the user gave, else the
        message's own timestamp, else ``None`` (the write policy then uses its clock, and a
        replayed message keeps the same fact id)."""
        if phrase_time is not None:
            return phrase_time
        return self.sent_at if self.stamped else None


@dataclass(frozen=True)
class DroppedCandidate:
    """A candidate a post-filter removed, and why (``"question"``, ``"sensitive:health"``...)."""

    candidate: CandidateFact
    reason: str
