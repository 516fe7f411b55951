"""The remember-this fast path: "Remember that my sister lives in London."

A message that *only* asks the assistant to remember something skips the answering path:
the graph layer

1. calls ``remember_candidates`` (or ``aremember_candidates``): it returns ``None`` when the
   message is not a remember-this request, else the candidates extracted at once from the
   text after "remember";
2. passes the candidates through the write policy;
3. replies with ``remember_reply(outcomes)``: a short confirmation of exactly what was saved,
   or, when nothing survived, a line saying so that asks for one short fact. It never claims
   a save that did not happen.

A message that also asks something ("Remember I'm vegan. What should I cook?") is not a
fast-path message; normal extraction still picks the fact up.

Example:
    >>> from langchain_core.messages import HumanMessage
    >>> from langmem_plus.extraction import RuleExtractor
    >>> msg = HumanMessage("Remember that my sister lives in London.", id="m7")
    >>> [c.text for c in remember_candidates(msg, RuleExtractor())]
    ["The user's sister lives in London."]
    >>> remember_candidates(HumanMessage("What's the weather?"), RuleExtractor()) is None
    True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from langchain_core.messages import BaseMessage, HumanMessage

from langmem_plus.extraction.announce import PolicyOutcome, announcement, second_person
from langmem_plus.extraction.base import REMEMBER_KEY
from langmem_plus.facts import text_rules

if TYPE_CHECKING:
    from langmem_plus.extraction.base import BaseExtractor, DroppedCandidate
    from langmem_plus.facts.models import CandidateFact

__all__ = [
    "ASK_AGAIN",
    "aremember_candidates",
    "is_remember_request",
    "remember_candidates",
    "remember_reply",
    "strip_remember_prefix",
]

ASK_AGAIN = (
    "I haven't saved anything from that. Could you say it again as one short fact, "
    'for example "I live in Berlin" or "I prefer metric units"?'
)

_PREFIX = re.compile(
    r"^\s*(?:(?:hey|hi|ok|okay|also|and|btw|oh)[,!]?\s+)?(?:please[,]?\s+)?"
    r"(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|i\s+(?:want|need)\s+you\s+to\s+|"
    r"i'd like you to\s+)?"
    r"(?:remember|memori[sz]e|note|make a note|take note|keep in mind|don't forget|"
    r"do not forget|never forget)"
    r"(?:\s+(?:of|that|this|the fact that|for (?:next time|later|the future)|for me|"
    r"going forward|from now on|please))*"
    r"\s*[:,\-–—]?\s+(?P<rest>\S.*?)\s*$",
    re.IGNORECASE | re.DOTALL,
)


# "Save this for later: ...", "Don't lose track of this: ...": a lead that asks to keep
# what follows the colon.
_KEEP_THIS = re.compile(
    r"^\s*(?:please[,]?\s+)?(?:save|store|keep|file|log|jot|jot down|write down|note down|"
    r"write|record|bookmark|"
    r"hang on to|hold on to|hold onto|don't lose|do not lose|don't lose track of|"
    r"do not lose track of|make a note of)\s+(?:this|that|the following|it)\b"
    r"(?:\s+(?:away|down|for (?:later|next time|the future)|on file|somewhere|please))*"
    r"\s*[:\-–—]\s*(?P<rest>\S.*?)\s*$",
    re.IGNORECASE | re.DOTALL,
)


def strip_remember_prefix(text: str) -> str | None:
    """The text after a leading "remember (that)", or ``None`` when there is no such prefix.

    Example:
        >>> strip_remember_prefix("Please remember that I'm vegetarian.")
        "I'm vegetarian."
        >>> strip_remember_prefix("Could you remember: our repo is acme/atlas?")
        'our repo is acme/atlas'
        >>> strip_remember_prefix("Store this for later: I never take night buses.")
        'I never take night buses.'
        >>> strip_remember_prefix("I remember the old office") is None
        True
    """
    m = _PREFIX.match(text.replace("’", "'")) or _KEEP_THIS.match(text.replace("’", "'"))
    if not m:
        return None
    rest = m.group("rest")
    if re.match(r"^(?:can|could|would|will)\s+you\b", m.group(0), re.IGNORECASE):
        rest = rest.rstrip(" ?")  # a polite request, not a question about the fact
    return rest or None


def is_remember_request(text: str) -> str | None:
    """If ``text`` only asks to remember something, the part to remember; else ``None``.

    Example:
        >>> is_remember_request("Remember that my sister lives in London")
        'my sister lives in London'
        >>> is_remember_request("Remember I'm vegan. What should I cook tonight?") is None
        True
    """
    rest = strip_remember_prefix(text)
    if rest is None:
        return None
    sentences = [s for s in re.split(r"(?<=[.!?])\s+|\n+", rest) if s.strip()]
    if any(text_rules.is_question(s) for s in sentences):
        return None
    return rest


def _payload_message(message: BaseMessage | str) -> HumanMessage | None:
    if isinstance(message, str):
        message = HumanMessage(message)
    if not isinstance(message, HumanMessage) or not isinstance(message.content, str):
        return None
    rest = is_remember_request(message.content)
    if rest is None:
        return None
    extra = {**message.additional_kwargs, REMEMBER_KEY: True}
    return message.model_copy(update={"content": rest, "additional_kwargs": extra})


def remember_candidates(
    message: BaseMessage | str,
    extractor: BaseExtractor,
    *,
    now: datetime | None = None,
    user_id: str | None = None,
    scope: str | None = None,
) -> list[CandidateFact] | None:
    """Extract at once from a remember-this message; ``None`` if it is not one.

    The extractor runs on the message with the leading "remember (that)" taken off; the
    message id and metadata (its timestamp) are kept, so each candidate points at it.

    Example:
        >>> from langmem_plus.extraction import RuleExtractor
        >>> [c.object for c in remember_candidates("Remember that I'm allergic to kiwi",
        ...                                        RuleExtractor())]
        ['kiwi']
    """
    payload = _payload_message(message)
    if payload is None:
        return None
    return extractor.extract([payload], now=now, user_id=user_id, scope=scope)


async def aremember_candidates(
    message: BaseMessage | str,
    extractor: BaseExtractor,
    *,
    now: datetime | None = None,
    user_id: str | None = None,
    scope: str | None = None,
) -> list[CandidateFact] | None:
    """Async ``remember_candidates``."""
    payload = _payload_message(message)
    if payload is None:
        return None
    return await extractor.aextract([payload], now=now, user_id=user_id, scope=scope)


_SAVED = ("new", "superseded", "reconfirmed")


def _why_not(reasons: Sequence[str]) -> str | None:
    low = [r.casefold() for r in reasons]
    if any("memory" in r and ("off" in r or "disabled" in r) for r in low):
        return "Memory is off for you, so I haven't saved that."
    if any("sensitive" in r for r in low):
        return (
            "I don't keep health, religion, politics or similar personal details in memory, "
            "so I haven't saved that."
        )
    if any("instruction" in r for r in low):
        return "I only remember facts about you, not instructions, so I haven't saved that."
    return None


def remember_reply(
    outcomes: Iterable[PolicyOutcome], dropped: Iterable[DroppedCandidate] = ()
) -> str:
    """The reply to a remember-this message, from what the policy actually did.

    Args:
        outcomes: the write policy's decisions for the fast path's candidates.
        dropped: optionally, what the extractor's post-filters dropped (to explain why
            nothing was saved).

    Returns:
        "Noted." plus exactly what was saved; or, when nothing was saved, why (if known) and
        a request for one short fact. Never a claim of a save that did not happen.

    Example:
        >>> from langmem_plus.facts.models import CandidateFact
        >>> f = CandidateFact(kind="fact", predicate="note", object="my sister lives in London",
        ...                   text="The user's sister lives in London.")
        >>> remember_reply([PolicyOutcome("new", f)])
        "Noted. I'll remember that your sister lives in London."
        >>> remember_reply([]) == ASK_AGAIN
        True
    """
    outcomes = list(outcomes)
    lines: list[str] = []
    for o in outcomes:
        if o.action == "reconfirmed":
            lines.append(f"I already had that: {second_person(o.fact.text)}.")
        elif o.action in _SAVED:
            line = announcement(o)
            if line:
                lines.append(line)
    conflicts = [announcement(o) for o in outcomes if o.action == "conflict"]
    if lines:
        reply = "Noted. " + " ".join(lines)
        if conflicts or any(o.action == "rejected" for o in outcomes):
            reply += " I didn't save the rest."
        return reply
    if conflicts and conflicts[0]:
        return f"I haven't saved that yet. {conflicts[0]}"
    reasons = [o.reason or "" for o in outcomes if o.action == "rejected"]
    reasons += [d.reason for d in dropped]
    why = _why_not(reasons)
    if why:
        return f"{why} Could you tell me one short fact I can keep instead?"
    return ASK_AGAIN
