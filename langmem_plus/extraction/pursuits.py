"""Pursuits: what the user does for fun, read by the frame's nouns and verbs.

A hobby is told by its own noun ("new hobby unlocked: X", "X is my new hobby", "X is my
thing now"), by taking it up ("I've taken up X", "got into X lately"), or by the verb of
playing ("I play the X", "used to play X"). The value is the user's words after the frame
(a short lowercase phrase, cut before a time or a frequency: "every weekend"), never
checked against a list of pastimes. Hobbies accumulate (``single_valued=False``); one
said in the past ("used to play X", "X when I was younger") is history (``valid_to``).

Example:
    >>> [(p, v, past) for p, v, past in pursuits("new hobby unlocked: bouldering 🤓")]
    [('hobby', 'bouldering', False)]
    >>> pursuits("used to play cello (badly)")
    [('hobby', 'cello', True)]
    >>> pursuits("I play it safe with money")
    []
"""

from __future__ import annotations

import re
from typing import Any

from langmem_plus.extraction.grounding import is_past_state
from langmem_plus.extraction.turns import UserTurn
from langmem_plus.extraction.vocab import PETS, RELATIONS
from langmem_plus.facts.models import CandidateFact
from langmem_plus.facts.policy import normalize_holder
from langmem_plus.facts.profile import RELATION_SYNONYMS

__all__ = ["hobby_candidates", "pursuits"]

_NOUN = r"(?:hobby|pastime|passion|obsession)"
_VALUE = r"(?P<v>(?-i:[a-z])[a-z'’-]*(?:\s+[a-z][a-z'’-]*){0,3})"
_VALUE_FIRST = r"(?P<v>[a-z][a-z'’-]*(?:\s+[a-z][a-z'’-]*){0,3})"
# the user, or nobody named (texting drops the "I"): never another person's pursuit
_MINE = r"(?:^\W*(?:(?:and|so|ok|well|also)\s+)*|\b(?:i|we)\s+)"
# what one starts that is no pastime: work, care, a stretch of time, a diet
_STARTED_NOT = (
    r"(?:work|school|uni|university|college|therapy|treatment|medication|meds|chemo|job|"
    r"diet|new|same|next|first|last|my|our|the|to|on|at|with|off|out|over|again|it|this|that|"
    r"doing|learning|playing|as|in|for|from|up|back|going|getting|feeling|thinking|looking|"
    r"working|seeing|dating|talking|trying|saving|paying)"
)
# how much one is into it: "really", "a bit", "massively" (``_INTO``)
_DEGREE = (
    r"really|super|very|quite|so|totally|properly|seriously|massively|hugely|mad|big|"
    r"a\s+bit|kind\s+of|sort\s+of|well|also|still|now"
)
_INTO = r"(?:into|obsessed\s+with|hooked\s+on)"
_FRAMES = (
    # "new hobby unlocked: X", "latest obsession — X", "hobby: X"
    re.compile(
        rf"(?:^|\b)(?:(?:my|a|the)\s+)?(?:new|latest|current)?\s*{_NOUN}(?:\s+unlocked)?\s*"
        rf"(?::|—|–|-|=)\s*{_VALUE}",
        re.IGNORECASE,
    ),
    # "my new hobby is X", "my hobby these days is X"
    re.compile(
        rf"\b(?:my|our)\s+(?:new\s+|latest\s+|main\s+)?{_NOUN}(?:\s+these days|\s+now)?\s+"
        rf"(?:is|['’]s)\s+{_VALUE}",
        re.IGNORECASE,
    ),
    # "X is my new hobby", "X is my thing now"
    re.compile(
        rf"^\W*(?:(?:and|but|so|now|these days)\s*,?\s+)?{_VALUE_FIRST}\s+(?:is|are|['’]s)\s+"
        rf"(?:(?:now|really)\s+)?(?:my|our)\s+(?:new\s+|big\s+|main\s+)?(?:{_NOUN}|thing)\b",
        re.IGNORECASE,
    ),
    # "I've taken up X", "picked up X lately", "got into X"
    re.compile(
        r"(?:^\W*(?:(?:and|so|ok|well|also)\s+)*|\b(?:i|we)(?:['’]ve|\s+have)?\s+)"
        r"(?:just\s+|recently\s+|finally\s+)?"
        rf"(?:taken\s+up|took\s+up|picked\s+up|got\s+into|gotten\s+into)\s+{_VALUE}",
        re.IGNORECASE,
    ),
    # "I'm really into X", "we're massively into X", "I'm a bit obsessed with X"
    re.compile(
        rf"\b(?:i['’]m|i\s+am|we['’]re|we\s+are)\s+(?:(?:{_DEGREE})\s+)*{_INTO}\s+{_VALUE}",
        re.IGNORECASE,
    ),
    # "I've started pottery", "just started learning the cello", "I'm learning the banjo"
    re.compile(
        r"(?:^\W*(?:(?:and|so|ok|well|also|btw)\s+)*|\b(?:i|we)(?:['’]ve|\s+have)?\s+)"
        r"(?:just\s+|recently\s+|finally\s+|also\s+)?(?:started|begun|began)\s+"
        rf"(?:(?:doing|learning|playing)\s+)?(?:(?:the|a|an)\s+)?(?!{_STARTED_NOT}\b){_VALUE}",
        re.IGNORECASE,
    ),
    re.compile(
        r"\b(?:i['’]m|i\s+am|we['’]re|we\s+are)\s+(?:(?:also|now|still|slowly)\s+)?learning\s+"
        r"(?!(?:to|how|so|that|what|a\s+lot|loads|more|fast|lots|a\s+bit|the\s+hard)\b)"
        rf"(?:(?:the|a|an)\s+)?{_VALUE}",
        re.IGNORECASE,
    ),
    # "I play the X", "used to play X", "I played the X in a band"
    re.compile(
        rf"{_MINE}(?:(?:also|still|mostly|just)\s+)?(?:used\s+to\s+play|play|played)\s+"
        r"(?:(?:the|a|an|some)\s+)?(?!it\b|with\b|around\b|along\b|games?\b|safe\b|up\b|down\b|"
        rf"on\b|out\b|for\b|by\b|against\b|fair\b|dumb\b){_VALUE}",
        re.IGNORECASE,
    ),
)
# another person's: "my wife is really into X", "my boss, Hiroshi, is super into X", "my dad
# (Bogdan) has been obsessed with X"; the relation word must be one of ``_OTHERS``
_THEIRS = re.compile(
    r"\b(?:my|our)\s+(?P<rel>[a-z][a-z'’-]*?(?:\s+[a-z][a-z'’-]*?)?)"
    r"(?:\s*,?\s+(?P<name>(?-i:[A-Z])[\w'’-]+)(?:\s+\([^)]*\))?\s*,?"
    r"|\s*\((?P<bracketed>(?-i:[A-Z])[\w'’-]+)\))?"
    r"(?:\s+(?:is|has\s+been|have\s+been|are|was)|['’]s)\s+"
    rf"(?:(?:{_DEGREE}|completely)\s+)*{_INTO}\s+{_VALUE}",
    re.IGNORECASE,
)
_OTHERS = frozenset(
    {*RELATIONS, *PETS, *(w for group in RELATION_SYNONYMS for w in group)}
)
"""The relation words of another person whose pursuit ``_THEIRS`` reads."""
# what ends the value: a time, a frequency, a manner, another clause
_END = re.compile(
    r"\s+(?:every|each|on|at|in|with|for|since|when|while|because|but|and|now|these|nowadays|"
    r"lately|recently|badly|most|a lot|again|too|as|these days|at weekends|so|though|tho|"
    r"lol|haha|tbh|once|back|before|after|until|till|then|is|was|which|that|this|last|next|"
    r"over|during|from|to)\b.*$|\s+[a-z]+ly\b.*$",
    re.IGNORECASE,
)
_NOT_A_PURSUIT = frozenset(
    {"it", "this", "that", "something", "nothing", "anything", "everything", "one", "me",
     "them", "him", "her", "us", "you", "the", "a", "an", "my", "our", "thing", "stuff"}
)  # fmt: skip


def _pursuit(raw: str) -> str | None:
    """A frame's value cut before what follows it (``_END``), if it names a pursuit."""
    value = _END.sub("", raw).strip(" '’-")
    words = value.casefold().split()
    if not words or words[0] in _NOT_A_PURSUIT or len(words) > 4:
        return None
    return value


def pursuits(clause: str) -> list[tuple[str, str, bool]]:
    """``(predicate, value, past)`` for each pursuit ``clause`` names (one at most).

    Example:
        >>> pursuits("Stained glass is my thing now")
        [('hobby', 'Stained glass', False)]
    """
    for pattern in _FRAMES:
        m = pattern.search(clause)
        if m is None:
            continue
        value = _pursuit(m.group("v"))
        if value is None:
            continue
        past = is_past_state(clause) or bool(re.search(r"\bused\s+to\s+play\b", clause, re.I))
        return [("hobby", value, past)]
    return []


_SENTENCE = re.compile(r"[.;!?]+\s+|\n+")
_SIDE = re.compile(r"[.;!?]+\s+|\n+|,\s+|\s+but\s+|\s+[—–]\s+(?=\w+\s)")


def their_pursuits(clause: str) -> list[tuple[str, str, str]]:
    """``(holder, relation, value)`` for another person's pursuit ``clause`` names: the
    holder is the name the user gave, else the relation word.

    Example:
        >>> their_pursuits("my boss, Hiroshi, is super into golf")
        [('Hiroshi', 'boss', 'golf')]
        >>> their_pursuits("my wife is really into birds"), their_pursuits("my job is into it")
        ([('wife', 'wife', 'birds')], [])
    """
    m = _THEIRS.search(clause)
    if m is None or m.group("rel").casefold() not in _OTHERS:
        return []
    value = _pursuit(m.group("v"))
    if value is None:
        return []
    rel = m.group("rel").casefold()
    return [(m.group("name") or m.group("bracketed") or rel, rel, value)]


def hobby_candidates(turn: UserTurn, found: list[CandidateFact]) -> list[CandidateFact]:
    """``found`` and a ``hobby`` candidate for each pursuit a part of the turn names that
    no other candidate of the turn already holds: the user's, or another person's (under
    that person's subject, never the user's)."""
    out = list(found)

    def add(value: str, quote: str, **fields: Any) -> None:
        if any(value.casefold() in c.object.casefold() for c in out if c.object):
            return  # held already: another reading's, or another person's read first
        out.append(
            CandidateFact(
                predicate="hobby",
                object=value,
                valid_from=turn.valid_from(None),
                message_id=turn.message_id,
                quote=quote,
                source="stated",
                single_valued=False,
                **fields,
            )
        )

    for sentence in _SENTENCE.split(turn.text):  # "my boss, Hiroshi, is into X": one piece
        for holder, rel, value in their_pursuits(sentence):
            named = "" if holder == rel else f" {holder}"
            add(
                value,
                sentence.strip(),
                kind="fact",
                subject=f"person:{normalize_holder(holder) or holder.casefold()}",
                text=f"The user's {rel}{named} is into {value}.",
                holder=holder,
            )
    start = 0
    for m in [*_SIDE.finditer(turn.text), None]:
        end = m.start() if m else len(turn.text)
        part = turn.text[start:end].strip()
        start = m.end() if m else start
        for _predicate, value, past in pursuits(part):
            add(
                value,
                part,
                kind="preference",
                subject="user",
                text=f"The user's hobby is {value}.",
                valid_to=turn.sent_at if past else None,
            )
    return out
