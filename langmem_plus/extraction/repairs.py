"""Self-repairs inside one message: a value said, then said right (#12).

People fix a slip in the same breath: "nearest station is Elm Park, er, I mean Oak Park",
"I'm a sous chef, well, pastry chef really", "based in Lund. sorry, typo, Luleå". The value
a reader took from the words before the repair is the slip; the one after it is meant.
Which reader took it does not matter (a typed rule, an attribute frame, the generic clause
reader), so the repair is applied to the candidates a message gave, by where their value
stands: the value said last before the repair marker, close to it, becomes the repaired one,
and the candidate says which value it corrects.

Two shapes of repair are read:

* a repair marker, after any apologies and hesitations: "I mean", "make that", "no wait",
  "sorry, no", "typo", the device blamed ("autocorrect") -- ``REPAIR_LEAD`` and
  ``REPAIR_MARK``, shared with the clause-level repair in ``rules.py``;
* a hedged restatement: "well, Y really" / "well, Y technically" -- "well" alone is too
  common a filler to mean a repair, the hedge after the value is what says it.

What follows the marker must look like a value of the same kind (a short phrase, no
pronoun, no verb of its own, capitalised or numeric exactly when the slip was), or nothing
is changed.

Example:
    >>> from langmem_plus.facts.models import CandidateFact
    >>> slip = CandidateFact(kind="fact", predicate="home_station", object="Elm Park",
    ...                      text="Home station is Elm Park.")
    >>> [(c.object, c.corrects) for c in repaired(
    ...     [slip], "home station is Elm Park, er, I mean Oak Park. always mix them up")]
    [('Oak Park', 'Elm Park')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from langmem_plus.facts.models import CandidateFact
from langmem_plus.facts.text_forms import with_value

__all__ = ["LIST_SEP", "REPAIR_LEAD", "REPAIR_MARK", "Repair", "repaired", "repairs_in"]

REPAIR_LEAD = (
    r"(?:(?:sorry|oops|whoops|wait|no|nope|er|erm|um|uh|hm+|my bad|my mistake|correction"
    r"|i'm sorry|actually)[\s,.!:;—–-]+)*"
)
"""Apologies and hesitations before a repair marker ("sorry, er, ...")."""

REPAIR_MARK = (
    r"(?:i mean|i meant|make that|or rather|scratch that,?\s*(?:it's|it is)?|"
    r"no[,.!:;—–-]*\s+make\s+it|"  # "call me X - hm actually no, make it Y" (#12)
    r"(?:no\s+wait|wait\s+no)[,.!:;—–-]*"  # "I live in X — no wait, Y" (#12)
    r"|(?:no\s+)?(?:hang|hold)\s+on[,.!:;—–-]*"  # "X — no hang on, Y"
    # the typist blames the device, then the name said right: "X — ugh phone, Y" (#12)
    r"|(?:(?:ugh|argh|stupid|bloody|damn)\s+)?(?:my\s+|the\s+)?(?:phone|autocorrect"
    r"|auto-correct|keyboard)(?:\s+again)?[,.!:;—–-]*(?=[\s,.!:;—–-]+(?-i:[A-Z]))"
    # a bare apology, or the slip named as a typo, repairs the name said before it:
    # "Dr X — sorry, Dr Y", "X. sorry, typo, Y" (#12)
    r"|(?:no|sorry|typo)(?=[\s,.!:;—–-]+(?-i:[A-Z\d]))[,.!:;—–-]*)"
)
"""The words that say the value before them was a slip and the next one is meant."""

_SEP = r"[\s,;.!…—–-]"
_MARKED = re.compile(
    rf"(?<=[^\s,;.!…—–-]){_SEP}+{REPAIR_LEAD}{REPAIR_MARK}\s+(?:(?:it's|it is)\s+)?",
    re.IGNORECASE,
)
_HEDGED = re.compile(
    rf"(?<=[^\s,;.!…—–-]){_SEP}+well,?\s+(?P<new>[^\W\d_][^,;.!?()…—–]{{0,40}}?)\s+"
    r"(?:really|technically|actually|strictly speaking|officially|to be (?:exact|precise))\b",
    re.IGNORECASE,
)
# the value said right ends at the next break of the sentence
_VALUE_END = re.compile(r"[,;.!?()…—–]|\s-\s|$")
# a clause, not a value: a pronoun or a verb of its own ("sorry, I have to run")
_NOT_A_VALUE = re.compile(
    r"\b(?:i|i'm|i've|me|my|we|our|you|it|it's|that|this|they|he|she|is|are|was|were|has"
    r"|have|had|do|does|did|will|would|can|could|just|really|literally|like|honestly)\b",
    re.IGNORECASE,
)
LIST_SEP = re.compile(r"\s*,\s*|\s+(?:and|&)\s+", re.IGNORECASE)
"""What separates the items of a list said in one breath ("Biscuit, Pepper and Clove"); a
list said again after a repair marker is split on it too."""
_REACH = 48
"""How far before the marker the slip may stand ("Lund these days. sorry, typo, Luleå")."""


@dataclass(frozen=True)
class Repair:
    """One repair in a message: the marker starts at ``at``; ``new`` is the value said right."""

    at: int
    new: str


def _value_after(text: str, start: int) -> str | None:
    tail = text[start:]
    end = _VALUE_END.search(tail)
    new = tail[: end.start() if end else len(tail)].strip(" '\"*")
    if not new or len(new.split()) > 5 or _NOT_A_VALUE.search(new):
        return None
    return new


def repairs_in(text: str) -> list[Repair]:
    """Every repair in ``text``, in order.

    Example:
        >>> [(r.at, r.new) for r in repairs_in("a sous chef, well, pastry chef really")]
        [(11, 'pastry chef')]
    """
    found = [
        Repair(m.start(), new)
        for m in _MARKED.finditer(text)
        if (new := _value_after(text, m.end())) is not None
    ]
    found += [
        Repair(m.start(), new)
        for m in _HEDGED.finditer(text)
        if not _NOT_A_VALUE.search(new := m.group("new").strip())
    ]
    return sorted(found, key=lambda r: r.at)


def _same_kind(old: str, new: str) -> bool:
    """Both a name (or a number) or both plain words: "Porto" for "Portimão", "vegan" for
    "vegetarian", never "Porto" for "a flat"."""

    def named(v: str) -> bool:
        return v[:1].isupper() or v[:1].isdigit()

    return named(old) == named(new)


def _slip_end(text: str, value: str, before: int) -> int | None:
    """Where the last whole-word ``value`` said before ``before`` ends, if it is near."""
    pattern = re.compile(rf"(?<!\w){re.escape(value)}(?!\w)", re.IGNORECASE)
    ends = [m.end() for m in pattern.finditer(text, max(0, before - _REACH - len(value)), before)]
    return ends[-1] if ends else None


def repaired(found: list[CandidateFact], text: str) -> list[CandidateFact]:
    """``found`` (the candidates read from ``text``) with each slip a repair in ``text``
    names replaced by the value said right, ``corrects`` set to the slip.

    Only the asserted candidate whose value is said last before the marker is repaired,
    and only when the repaired value is not already among ``found``.
    """
    out = list(found)
    for repair in repairs_in(text):
        new_key = repair.new.casefold()
        if any(c.object.casefold() == new_key for c in out):
            continue  # read right already (the clause-level repair, or both said)
        items = [i.strip().casefold() for i in LIST_SEP.split(repair.new) if i.strip()]
        held = {c.object.casefold() for c in out}
        if len(items) > 1 and all(i in held for i in items):
            continue  # a list said again, read item by item already ("A and C")
        best: tuple[int, int] | None = None
        for i, c in enumerate(out):
            if c.polarity != "assert" or c.corrects or not _same_kind(c.object, repair.new):
                continue
            end = _slip_end(text, c.object, repair.at)
            if end is not None and (best is None or end > best[0]):
                best = (end, i)
        if best is None:
            continue
        slip = out[best[1]]
        said = with_value(slip.text, slip.object, repair.new)
        out[best[1]] = slip.model_copy(
            update={
                "object": repair.new,
                "text": slip.text if said is None else said,
                "corrects": slip.object,
            }
        )
    return out
