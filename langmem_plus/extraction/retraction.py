"""Endings and next-turn corrections the rule extractor reads by structure (issue 12).

Two readings, both for ``RuleExtractor`` (``rules.py`` calls them):

* ``ended``: a clause that says something the user had is over, where no typed rule read
  it: a membership ended ("I cancelled my gym membership", "not a member of the Harbour
  Choir any more"), a state that is "no longer" / "not ... any more" ("no longer
  pescatarian", "I'm not in the band any more"), a diet given up as a whole ("eating
  everything again"). Each gives ``(predicate, object, text)`` for a retraction. The
  predicate is the slot the words name when they name one ("gym" for "my gym
  membership", object ``"*"``: whatever is current); otherwise it is only a hint
  (``"status"``, ``"membership"``) and the object is the value by name, which the write
  policy looks for under every predicate of the user (``WritePolicy.reaches_other_slots``).
* ``bare_correction``: a turn that only gives the right value, the wrong one unnamed
  ("no wait, Limerick", "typo: Limerick", "correction — it's Limerick", "my mistake —
  Corvid Labs"): the new value; the caller pairs it with the value of the turn before.

Example:
    >>> ended("I cancelled my gym membership this week.")
    [('gym', '*', 'The user is no longer a gym member.')]
    >>> ended("no longer pescatarian since the new year")
    [('status', 'pescatarian', 'The user is no longer pescatarian.')]
    >>> bare_correction("correction — it's Limerick")
    'Limerick'
    >>> bare_correction("no, thanks") is None
    True
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["bare_correction", "ended", "named_correction"]

_ANY_MORE = r"(?:any\s?more|any\s+longer|these\s+days|now)"
# the user is the subject: said with "I"/"we", or with no subject at all ("no longer X")
_I = r"(?:^\W*|\b(?:i(?:'m|\s+am|\s+was|'ve|\s+have)?|we(?:'re|\s+are|'ve|\s+have)?)\s+)"
# "my gym membership", "the membership at the gym", "our membership of the Harbour Choir"
_MEMBERSHIP_ENDED = re.compile(
    rf"{_I}(?:just\s+|finally\s+)?(?:cancel(?:l)?ed|ended|stopped|quit|dropped|gave\s+up|"
    r"terminated|let\s+(?:go\s+of\s+)?|didn't\s+renew|did\s+not\s+renew)\s+(?:my|our|the)\s+"
    r"(?:(?P<what>[a-z][\w-]*)\s+)?membership\b(?:\s+(?:at|with|of|to)\s+(?P<at>[^,;.!?]+))?",
    re.IGNORECASE,
)
_NOT_MEMBER = re.compile(
    rf"{_I}(?:no\s+longer|not)\s+(?:a\s+|an\s+)?(?:(?P<what>[a-z][\w-]*)\s+)?member\b"
    rf"(?:\s+(?:at|with|of)\s+(?P<at>[^,;.!?]+?)(?=\s+{_ANY_MORE}\b|\s*[,;.!?]|\s*$))?",
    re.IGNORECASE,
)
# "no longer pescatarian", "I'm not in the band any more", "I'm not vegan anymore"
_NO_LONGER = re.compile(
    rf"{_I}no\s+longer\s+(?:a\s+|an\s+)?(?P<o>[^\W\d_][\w-]*)\b"
    rf"|{_I}not\s+(?:a\s+|an\s+)?(?P<o2>[^\W\d_][\w-]*)\s+{_ANY_MORE}\b",
    re.IGNORECASE,
)
_NOT_IN = re.compile(
    rf"{_I}(?:no\s+longer|not)\s+(?:in|with|part\s+of|playing\s+(?:in|with))\s+"
    rf"(?P<o>(?:the\s+)?[^,;.!?]+?)\s*(?:{_ANY_MORE}\b|$|[,;.!?])",
    re.IGNORECASE,
)
# "I stopped going to Apex Yoga", "gave up on trying to make it to the Lido": a place the
# user went to, named (capitalised), is over
_STOPPED_TO = (
    rf"{_I}(?:just\s+)?(?:stopped|quit|gave\s+up(?:\s+on)?|given\s+up(?:\s+on)?)\s+"
    r"(?:trying\s+to\s+)?(?:going|go|get(?:ting)?|mak(?:e|ing)\s+it)\s+(?:to|down\s+to)\s+"
)
_STOPPED_GOING = re.compile(
    rf"{_STOPPED_TO}(?:the\s+)?(?-i:(?P<o>[A-Z][\w'’&-]*(?:\s+[A-Z][\w'’&-]*)*))"
    rf"|{_STOPPED_TO}(?P<kind>the\s+[a-z][\w-]*)\b",
    re.IGNORECASE,
)
_EAT_EVERYTHING = re.compile(
    r"\b(?:back\s+to\s+eating|(?:i\s+)?eat(?:ing)?)\s+(?:everything|anything|it\s+all)"
    r"(?:\s+again)?\b",
    re.IGNORECASE,
)
# words that end "no longer ..." without naming a value (places: "no longer home")
_NOT_A_VALUE = frozenset(
    "the a an my our your his her their it this that there here sure able going doing "
    "working living so as very really too just that's home away around".split()
)


def _the_kind(value: str) -> str | None:
    """``"gym"`` for "the gym": a lowercase noun after "the" names a kind, not a place."""
    m = re.fullmatch(r"the\s+([a-z][\w-]*)", value.strip())
    return m.group(1) if m else None


def ended(clause: str) -> list[tuple[str, str, str]]:
    """``(predicate, object, text)`` of what ``clause`` says is over, if anything.

    Example:
        >>> ended("Ended my membership at the gym.")
        [('gym', '*', 'The user is no longer a gym member.')]
        >>> ended("not a member of the Harbour Choir any more")
        [('membership', 'Harbour Choir', 'The user is no longer a member of Harbour Choir.')]
        >>> ended("I'm not in the band any more.")
        [('membership', 'band', 'The user is no longer in the band.')]
        >>> ended("I stopped going to Apex Yoga Loft when the prices went up.")
        [('membership', 'Apex Yoga Loft', 'The user no longer goes to Apex Yoga Loft.')]
        >>> ended("I live in Oslo.")
        []
    """
    for pattern in (_MEMBERSHIP_ENDED, _NOT_MEMBER):
        if m := pattern.search(clause):
            what = (m.group("what") or "").casefold()
            at = (m.group("at") or "").strip()
            kind = _the_kind(at) if at else None
            if at and kind is None:
                name = re.sub(r"^the\s+", "", at, flags=re.IGNORECASE)
                return [("membership", name, f"The user is no longer a member of {name}.")]
            slot = kind or what
            if slot and slot not in _NOT_A_VALUE:
                return [(slot, "*", f"The user is no longer {_a(slot)} {slot} member.")]
            return []
    if m := _STOPPED_GOING.search(clause):
        if m.group("o"):
            value = m.group("o").strip()
            return [("membership", value, f"The user no longer goes to {value}.")]
        kind = _the_kind(m.group("kind")) or ""
        if kind and kind not in _NOT_A_VALUE:
            return [(kind, "*", f"The user no longer goes to the {kind}.")]
    if m := _NOT_IN.search(clause):
        value = re.sub(r"^the\s+", "", m.group("o").strip(), flags=re.IGNORECASE)
        if value and value.split()[0].casefold() not in _NOT_A_VALUE and len(value.split()) <= 5:
            return [("membership", value, f"The user is no longer in the {value}.")]
    if m := _NO_LONGER.search(clause):
        value = (m.group("o") or m.group("o2") or "").casefold()
        if value and value not in _NOT_A_VALUE and not value.endswith(("ing", "ed")):
            return [("status", value, f"The user is no longer {value}.")]
    if _EAT_EVERYTHING.search(clause):
        return [("dietary_restriction", "*", "The user no longer keeps a diet.")]
    return []


def _a(word: str) -> str:
    return "an" if word[:1].casefold() in "aeiou" else "a"


_BARE_CORRECTION = re.compile(
    r"^\W*(?:(?:typo|sorry|oops|whoops|correction|my\s+bad|my\s+mistake|wait|no\s+wait|"
    r"edit|i'm\s+sorry|ugh|argh|scratch\s+that)\b[\s,.!:;—–-]*)+"
    r"(?:i\s+meant\s+|i\s+mean\s+|it's\s+|it\s+is\s+|it\s+was\s+|that's\s+|that\s+should\s+be\s+|"
    r"should\s+be\s+|make\s+that\s+|actually\s+)?"
    r"(?P<new>[^,;.!?—–:]+?)\s*[.!]*\s*$",
    re.IGNORECASE,
)
_NOT_A_CORRECTED_VALUE = re.compile(
    r"\b(?:i|i'm|me|my|you|your|it|that|this|thanks|thank|problem|worries|okay|ok|fine|"
    r"never\s*mind|nevermind|not|not\s+sure|no)\b",
    re.IGNORECASE,
)


def bare_correction(text: str) -> str | None:
    """The value a turn gives that only corrects the turn before, naming no wrong value
    ("typo: Lyon", "no wait, Saltmarsh Media"); ``None`` for anything else.

    Example:
        >>> bare_correction("typo: Peregrine Rail")
        'Peregrine Rail'
        >>> bare_correction("sorry, I meant Ghent")
        'Ghent'
        >>> bare_correction("sorry, my mistake") is None
        True
    """
    m = _BARE_CORRECTION.match(text.strip())
    if not m:
        return None
    new = m.group("new").strip()
    if not new or len(new.split()) > 4 or _NOT_A_CORRECTED_VALUE.search(new):
        return None
    if re.search(r"\bnot\b|\brather than\b|\binstead of\b", text, re.IGNORECASE):
        return None  # "X, not Y" names the wrong value: the caller's own pattern reads it
    return new


_LEAD = re.compile(
    r"^(?:\s*(?:it's|it\s+is|i\s+meant|i\s+mean|that's|wait|sorry|oops|no)\b[\s,]*)+",
    re.IGNORECASE,
)


def named_correction(text: str, said: Iterable[str]) -> tuple[str, str] | None:
    """``(new, old)`` when ``text`` corrects a value said before with "X, not Y" anywhere
    in it, whatever comes around ("Misspoke there: Ghent, not Tartu; long day"): ``Y`` must
    be one of the values ``said`` earlier, and ``X`` a value on its own (no clause).

    Example:
        >>> named_correction("Ugh, my phone filled that in wrong — Ghent, not Tartu.", ["Tartu"])
        ('Ghent', 'Tartu')
        >>> named_correction("I work in Ghent, not Tartu.", ["Tartu"]) is None
        True
    """
    for old in sorted({v for v in said if v and v not in ("*",)}, key=len, reverse=True):
        m = re.search(
            rf"(?P<new>[^,;:.!?—–]+?)\s*,?\s+(?:not|rather\s+than|instead\s+of)\s+"
            rf"{re.escape(old)}(?![\w'’-])",
            text,
            re.IGNORECASE,
        )
        if not m:
            continue
        new = _LEAD.sub("", m.group("new").strip()).strip()
        if (
            new
            and len(new.split()) <= 4
            and not _NOT_A_CORRECTED_VALUE.search(new)
            and new.casefold() != old.casefold()
        ):
            return new, old
    return None
