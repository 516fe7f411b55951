"""Post-filters in code, behind every extractor, because prompts slip.

Each rule has exactly one implementation in the package: questions, transient state,
inferred phrasing, sensitive categories, instructions and near-duplicates come from
``langmem_plus.text_rules`` (the same functions the write policy uses). Only the rules that
need the *conversation* live here: grounding in the user's own words, another user's
identifiers and unfilled fields, and corrections within one batch.

A dropped candidate keeps its reason:

================  ===========================================================================
reason            dropped when
================  ===========================================================================
incomplete        the triple or text is empty
ungrounded        its quote is not the user's own words (not in any user turn), or its value
                  holds a number the user never wrote
empty_value       the value is a non-value ("nothing", "none", "n/a", "unknown")
question          the text or quote asks rather than states (``text_rules.is_question``)
inferred          hedged or inferred ("seems to", "probably"), or ``source="inferred"``
transient         a mood or passing state ("in a hurry", "tired today")
sensitive:<cat>   a special category (health, religion, ...) not enabled by the deployment
instruction       the text or value is a command aimed at the assistant ("always recommend X")
other_user        it carries another user's id (``user_id=bob`` or one of ``other_user_ids``)
unfilled_field    it carries a template slot or tool label nobody filled (``{name}``,
                  ``[account.balance]``, ``[earlier PERSON_A]``)
corrected         a later statement in the same batch corrected it ("actually, Berlin, not Munich")
duplicate         another candidate of the same kind holds all its words (or the same triple)
================  ===========================================================================

Example:
    >>> from datetime import datetime, timezone
    >>> from langmem_plus.models import CandidateFact
    >>> from langmem_plus.extraction.base import UserTurn
    >>> turn = UserTurn("m1", "I live in Berlin", None, datetime(2026, 1, 1, tzinfo=timezone.utc))
    >>> slipped = CandidateFact(kind="fact", predicate="city", object="Berlin",
    ...     text="The user probably lives in Berlin.", quote="I live in Berlin")
    >>> kept, dropped = post_filter([slipped], [turn])
    >>> kept, [d.reason for d in dropped]
    ([], ['inferred'])
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from langmem_plus import text_rules
from langmem_plus.extraction.base import DroppedCandidate, UserTurn
from langmem_plus.models import CandidateFact

__all__ = ["EMPTY_VALUES", "post_filter"]

EMPTY_VALUES: frozenset[str] = frozenset(
    {"", "nothing", "none", "no", "n/a", "na", "null", "unknown", "nobody", "anything",
     "not applicable", "nothing at all", "no one", "-", "?"}
)  # fmt: skip
"""Values that say there is no value; a fact holding one is not a fact."""

_USER_TOKEN = re.compile(
    r"\b(?:user[_ -]?id|uid|user|customer[_ -]?id|account[_ -]?id|member[_ -]?id)"
    r"\s*[:=#]\s*['\"]?(?P<id>[A-Za-z0-9][\w\-@+:=.]*)",
    re.IGNORECASE,
)
_UNFILLED = re.compile(
    r"\{\{?\s*[A-Za-z_][\w.]*\s*\}\}?"  # {name}, {{ user.name }}
    r"|\[(?:earlier\s+)?[A-Z][A-Z_]*_[A-Z0-9]+\]"  # [earlier PERSON_A], [PERSON_A]
    r"|\[[a-z_]+(?:\.[a-z_]+)+\]"  # [account.balance]
)
_CORRECTION = re.compile(
    r"^\W*(?:actually|correction|sorry|oops|wait|no\b|nope|scratch that|i meant|i mean\b|"
    r"my (?:mistake|bad)|to correct|rather)",
    re.IGNORECASE,
)
_ADDITIVE = re.compile(r"\b(?:also|too|as well|another|additionally|in addition)\b", re.I)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def _norm(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    return re.sub(r"\s+", " ", text).strip().casefold()


def _grounded(candidate: CandidateFact, turns: Sequence[UserTurn]) -> bool:
    quote = _norm(candidate.quote or "").strip(" .!?;,")
    if not quote:
        return False
    in_turn = any(quote in _norm(turn.text) for turn in turns)
    if not in_turn:
        return False
    said = set(_NUMBER.findall(_norm(candidate.quote or "")))
    return set(_NUMBER.findall(candidate.object)) <= said


def _foreign(candidate: CandidateFact, user_id: str | None, others: frozenset[str]) -> str | None:
    texts = (candidate.text, candidate.object, candidate.subject)
    for text in texts:
        for m in _USER_TOKEN.finditer(text):
            found = m.group("id").rstrip(".")
            if (user_id is not None and found != user_id) or found in others:
                return "other_user"
        if others and any(
            re.search(rf"(?<![\w-]){re.escape(o)}(?![\w-])", text, re.IGNORECASE) for o in others
        ):
            return "other_user"
    for text in texts:
        for m in _UNFILLED.finditer(text):
            # A placeholder the user wrote themselves (masked data) is kept verbatim.
            if m.group(0) not in (candidate.quote or ""):
                return "unfilled_field"
    return None


def _reason(
    c: CandidateFact,
    turns: Sequence[UserTurn],
    user_id: str | None,
    others: frozenset[str],
    allow_sensitive: frozenset[str],
) -> str | None:
    if not (c.kind and c.subject and c.predicate and c.object and c.text):
        return "incomplete"
    if not _grounded(c, turns):
        return "ungrounded"
    if _norm(c.object).strip(" .!") in EMPTY_VALUES:
        return "empty_value"
    said = (c.text, c.quote or "")
    if any(text_rules.is_question(t) for t in said):
        return "question"
    if c.source == "inferred" or any(text_rules.is_inferred(t) for t in said):
        return "inferred"
    if any(text_rules.is_transient(t) for t in said):
        return "transient"
    for t in (c.text, c.object, c.quote or ""):
        category = text_rules.sensitive_category(t)
        if category is not None and category not in allow_sensitive:
            return f"sensitive:{category}"
    # The quote is not checked here: "call me Bob" is the user's imperative, not a planted one.
    if any(text_rules.is_instruction(t) for t in (c.text, c.object)):
        return "instruction"
    return _foreign(c, user_id, others)


def _corrects(later: CandidateFact, earlier: CandidateFact) -> bool:
    if (later.kind, _norm(later.subject), _norm(later.predicate)) != (
        earlier.kind,
        _norm(earlier.subject),
        _norm(earlier.predicate),
    ) or _norm(later.object) == _norm(earlier.object):
        return False
    quote = later.quote or ""
    old = re.escape(_norm(earlier.object))
    if re.search(
        rf"\b(?:not|no longer|instead of|rather than)\s+(?:in\s+|at\s+)?{old}\b", _norm(quote)
    ):
        return True
    return bool(_CORRECTION.search(quote)) and not _ADDITIVE.search(quote)


def _duplicate_of(a: CandidateFact, b: CandidateFact) -> bool:
    if a.kind != b.kind:
        return False
    same_triple = (_norm(a.subject), _norm(a.predicate), _norm(a.object)) == (
        _norm(b.subject),
        _norm(b.predicate),
        _norm(b.object),
    )
    return same_triple or text_rules.is_near_duplicate(a.text, b.text)


def post_filter(
    candidates: Sequence[CandidateFact],
    turns: Sequence[UserTurn],
    *,
    user_id: str | None = None,
    other_user_ids: Collection[str] = (),
    allow_sensitive: Collection[str] = (),
) -> tuple[list[CandidateFact], list[DroppedCandidate]]:
    """Apply every post-filter; return (kept, dropped with reasons), order preserved.

    Args:
        candidates: raw candidates from any extractor, in message order.
        turns: the user turns they were extracted from (for grounding).
        user_id: the user the facts are about; a fact naming another user's id is dropped.
        other_user_ids: further ids that must never appear in this user's facts.
        allow_sensitive: sensitive categories the deployment explicitly enabled.
    """
    others = frozenset(other_user_ids)
    allowed = frozenset(allow_sensitive)
    kept: list[CandidateFact] = []
    dropped: list[DroppedCandidate] = []
    for c in candidates:
        reason = _reason(c, turns, user_id, others, allowed)
        if reason is None:
            kept.append(c)
        else:
            dropped.append(DroppedCandidate(c, reason))

    # Corrections within the batch: a later statement that corrects an earlier one wins.
    alive = [True] * len(kept)
    for j, later in enumerate(kept):
        for i in range(j):
            if alive[i] and _corrects(later, kept[i]):
                alive[i] = False
                dropped.append(DroppedCandidate(kept[i], "corrected"))

    # Near-duplicates: drop the one whose words the other holds; of equals, the first stays.
    for j in range(len(kept)):
        for i in range(j):
            if not (alive[i] and alive[j]) or not _duplicate_of(kept[i], kept[j]):
                continue
            bigger_j = len(text_rules.content_terms(kept[j].text)) > len(
                text_rules.content_terms(kept[i].text)
            )
            loser = i if bigger_j else j
            alive[loser] = False
            dropped.append(DroppedCandidate(kept[loser], "duplicate"))
    return [c for c, ok in zip(kept, alive, strict=True) if ok], dropped
