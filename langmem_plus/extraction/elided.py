"""Statements with words left out or spelled short: said again in full, for the rules.

People type fast. The subject goes ("promoted to head of sales, effective today"), the
apostrophe goes ("im allergic 2 kiwi"), the new role is told by who gave it ("they've made
me head of sales"), and where they live comes inside a noun phrase about something else
("the boiler in our tiny flat in Ayr"). Each reading here restores one kind of missing
word by the clause's shape — a past participle with no subject, a texting spelling of a
function word, a verb of appointing with "me" as its object, a home noun with its place —
and keeps the value's words as the user wrote them (so the quote stays theirs).

Example:
    >>> elided_readings("Big news: promoted to head of sales, effective today")
    ['I got promoted to head of sales']
    >>> elided_readings("im allergic 2 kiwi lol")
    ["I'm allergic to kiwi lol"]
    >>> elided_readings("they've only gone and made me head of sales!!")
    ['I got promoted to head of sales']
    >>> elided_readings("the boiler in our tiny flat in Ayr is broken")
    ['I live in Ayr']
    >>> elided_readings("I live in Porto")
    []
"""

from __future__ import annotations

import re

from langmem_plus.extraction.vocab import HOME_NOUNS, ROLE_HEADS

__all__ = ["elided_readings"]

_CASED = r"(?:[A-Z]|[^\W\d_a-zA-Z])"
_NAME = rf"(?-i:{_CASED}[\w'’.&-]*(?:\s+(?:{_CASED}|\d)[\w'’.&-]*){{0,3}})"
# a lead before a colon that is no statement ("Small win today:", "Big news:")
_LABEL = r"(?:[^:;.!?\n]{1,40}:\s*)?"
_TITLE = r"(?P<t>[a-z][\w-]*(?:\s+(?:of\s+)?[a-z][\w-]*){0,3}?)"
_TITLE_END = (
    r"(?=\s*(?:[,;.!?(]|$|\s+(?:from|as of|effective|starting|at|with|for|today|now|last|this|"
    r"yesterday|on|in|since|lol|haha)\b))"
)
# "promoted to T", "just got made T": a past participle whose subject (the user) is left out
_PROMOTED = re.compile(
    rf"^\W*{_LABEL}(?:(?:just|finally|officially|recently)\s+)*(?:got\s+)?"
    rf"(?:promoted|bumped\s+up|made\s+up|appointed|named|upgraded)\s+(?:to\s+)?"
    rf"(?:(?:the|a|an)\s+)?{_TITLE}{_TITLE_END}",
    re.IGNORECASE,
)
# "they've (only gone and) made me T", "the board appointed me T"
_MADE_ME = re.compile(
    r"\b(?:made|appointed|named|promoted)\s+me\s+(?:(?:the|their|our|a|an)\s+)?(?:new\s+)?"
    rf"{_TITLE}{_TITLE_END}",
    re.IGNORECASE,
)
_AGENT = re.compile(r"(?:er|or|ist|ian|ant|ent|ee)$")
# "our tiny flat in Ayr", "my little house in Oban": a home noun and its place
_HOME_IN = re.compile(
    r"\b(?:my|our)\s+(?:[a-z][\w-]*\s+){0,2}"
    rf"(?:{'|'.join(HOME_NOUNS)})\s+(?:here\s+)?in\s+(?P<o>{_NAME})",
    re.IGNORECASE,
)
# texting spellings of function words: "im", "ive", "2" for "to", "u" for "you"
_TEXTING = (
    (re.compile(r"(?:^|(?<=\s))im(?=\s)", re.IGNORECASE), "I'm"),
    (re.compile(r"(?:^|(?<=\s))ive(?=\s)", re.IGNORECASE), "I've"),
    (re.compile(r"(?<=[a-z])\s+2\s+(?=[a-z])", re.IGNORECASE), " to "),
    (re.compile(r"(?:^|(?<=\s))u(?=\s)", re.IGNORECASE), "you"),
)


def _role(title: str) -> bool:
    """A title is headed by a role noun ("head of X", "lead") or an agent noun."""
    words = [w for w in title.casefold().split() if w != "of"]
    return bool(words) and (
        words[0] in ROLE_HEADS or words[-1] in ROLE_HEADS or bool(_AGENT.search(words[-1]))
    )


def elided_readings(clause: str) -> list[str]:
    """``clause`` with its left-out or short-spelled words restored, once for each shape
    below that fits; empty when none does.

    Example:
        >>> elided_readings("made me a cup of tea")
        []
    """
    out: list[str] = []
    for pattern in (_PROMOTED, _MADE_ME):
        if (m := pattern.search(clause)) and _role(m.group("t")):
            out.append(f"I got promoted to {m.group('t')}")
            break
    if m := _HOME_IN.search(clause):
        out.append(f"I live in {m.group('o')}")
    said = clause
    for pattern, full in _TEXTING:
        said = pattern.sub(full, said)
    if said != clause:
        out.append(said)
    return out
