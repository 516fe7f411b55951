"""Endings said by what happened, not by "no longer": read by the frame, valued by name.

People rarely say "I no longer work at X" or "my dog died". They tell the event that ended
it ("worked my last shift at X", "handed my keys back at X"), a loss in softer words ("X
didn't make it", "said goodbye to X"), a condition cleared ("X was never the problem", "X
is fine for me after all"), or a practice dropped ("binned X", "not doing X any more").
Each frame here is one of those shapes: a closed set of verbs and nouns of the frame, and
the value it ends taken from the user's words by position (the name after "at", the
subject before the copula), never from a list of values.

Every reading is a retraction that names its value, so the write policy closes only a
value the user holds by that name (under the predicate the words name, else under any of
theirs) and adds nothing: a frame read where nothing was held changes nothing. A frame
whose words are also everyday talk ("said goodbye to X" at a station, "X is fine for me"
about a meeting place) is read only with a cue in the message that settles it (a vet, old
age; "after all", test results).

Example:
    >>> endings("Worked my final shift at Pollard Mills on Friday", "")
    [('employer', 'Pollard Mills', 'The user no longer works at Pollard Mills.')]
    >>> endings("Biscuit didn't make it", "Biscuit didn't make it, the vet tried everything")
    [('pet', 'Biscuit', "The user's Biscuit died.")]
    >>> endings("oats were never the problem", "")
    [('status', 'oats', 'The user has no problem with oats after all.')]
    >>> endings("said goodbye to Maren at the station", "said goodbye to Maren at the station")
    []
"""

from __future__ import annotations

import re

__all__ = ["endings"]

_CASED = r"(?:[A-Z]|[^\W\d_a-zA-Z])"
# a name: cased words (any script), "&" and "of" inside ("Harrow & Pike", "Bank of Ayr")
_NAME = (
    rf"(?-i:(?P<name>{_CASED}[\w'’&.-]*"
    rf"(?:\s+(?:&\s+|of\s+)?(?:{_CASED}|\d)[\w'’&.-]*){{0,4}}))"
)
_LEAD = (
    r"^\W*(?:(?:so|well|ok|okay|update|news|fyi|btw|anyway|and|also|plus|finally|"
    r"officially|today|sadly)\b[\s,.!:;—–-]*)*"
)
_I = r"(?:(?:i|we)(?:'ve|'d|’ve|\s+have|\s+had)?\s+(?:(?:just|finally|officially|already)\s+)*)?"
# a plan or a condition: the ending has not happened ("my last day is next Friday")
_NOT_YET = re.compile(
    r"\b(?:will|'ll|going\s+to|gonna|about\s+to|next|tomorrow|soon|if|once|when\s+i|"
    r"might|(?-i:may)|could|would|should|planning|plan)\b",
    re.IGNORECASE,
)

# work: the last of the work done there, or the things handed back on leaving
_WORK_ENDED = re.compile(
    _LEAD + _I + r"(?:"
    r"(?:worked|did|pulled|done|finished|had)\s+(?:my|our)\s+(?:very\s+)?(?:final|last)\s+"
    r"(?:shift|day|week|stint|rota|contract)s?"
    r"|(?:my|our)\s+(?:very\s+)?(?:final|last)\s+(?:shift|day|week)"
    r"|clear(?:ed|ing)?\s+(?:out\s+)?(?:my|our)\s+(?:desk|locker|office|workstation)"
    r"|hand(?:ed|ing)?\s+(?:back|in)?\s*(?:my|our)\s+(?:badge|keys|key\s*card|lanyard|pass|"
    r"laptop|uniform)(?:\s+(?:back|in))?"
    r"|(?:finished|wrapped)\s+up"
    r"|(?:was|got|been)\s+(?:let\s+go|laid\s+off|made\s+redundant|fired|sacked)"
    r")\s+(?:at|with|for|from|to|by)\s+(?:the\s+)?" + _NAME,
    re.IGNORECASE,
)
# the same events with the workplace unnamed: whatever employer is current
_WORK_ENDED_UNNAMED = re.compile(
    _LEAD + _I + r"(?:clear(?:ed|ing)?\s+(?:out\s+)?(?:my|our)\s+(?:desk|locker)"
    r"|hand(?:ed|ing)?\s+(?:back|in)?\s*(?:my|our)\s+(?:badge|key\s*card|lanyard)"
    r"|(?:worked|did|pulled)\s+(?:my|our)\s+(?:very\s+)?(?:final|last)\s+shift)\b",
    re.IGNORECASE,
)
# a loss told softly, the name the subject: "X didn't make it", "X is gone", "RIP X"
_LOSS_SUBJECT = re.compile(
    _LEAD + _NAME + r"\s+(?:(?:sadly|finally|just)\s+)?(?:"
    r"(?:didn't|did\s+not|never)\s+make\s+it"
    r"(?P<on>\s+(?:to|in|on|back|home|out|through|over|up)\b)?"
    r"|(?:is|'s|has)\s+(?:gone|no\s+more|left\s+us)"
    r"|passed(?:\s+away|\s+on)?(?=\s*$|\s*[,;.!—–-]|\s+(?:last|this|yesterday|today|in|on|"
    r"peacefully|suddenly|overnight|at\s+home)\b)"
    r"|crossed\s+the\s+rainbow\s+bridge"
    r"|lost\s+(?:his|her|their)\s+(?:fight|battle)"
    r")",
    re.IGNORECASE,
)
_RIP = re.compile(r"^\W*(?:rip|rest\s+in\s+peace)\b[\s,.!:;—–-]*" + _NAME, re.IGNORECASE)
# a loss told by what the user did: "said goodbye to X", "we lost X", "buried X"
_KIN_ADJ = r"(?:(?:our|my)\s+(?:(?:sweet|old|lovely|poor|little|dear|beloved)\s+)*)?"
_FAREWELL = re.compile(
    _LEAD
    + _I
    + r"(?:said|saying|say|had\s+to\s+say)\s+(?:goodbye|good-bye|farewell)\s+to\s+"
    + _KIN_ADJ
    + _NAME,
    re.IGNORECASE,
)
_PUT_DOWN = re.compile(
    _LEAD
    + _I
    + r"(?:(?:had|have)\s+to\s+)?(?:put|putting)\s+"
    + _KIN_ADJ
    + _NAME
    + r"\s+(?:down|to\s+sleep)\b",
    re.IGNORECASE,
)
# the employer the agent of the ending: "X let me go", "X and I parted ways"
_LET_GO = re.compile(
    _LEAD
    + _NAME
    + r"\s+(?:(?:has|have|just|finally)\s+)*(?:let\s+me\s+go|laid\s+me\s+off|made\s+me\s+redundant|"
    r"fired\s+me|sacked\s+me|(?:and\s+(?:i|me)\s+)?parted\s+(?:ways|company))\b"
    r"|"
    + _LEAD
    + _I
    + r"parted\s+(?:ways|company)\s+with\s+(?:the\s+)?"
    + _NAME.replace("name", "name2"),
    re.IGNORECASE,
)
_LOST = re.compile(
    _LEAD + _I + r"(?:lost|buried|had\s+to\s+let\s+go\s+of)\s+" + _KIN_ADJ + _NAME,
    re.IGNORECASE,
)
# what settles a soft loss as a death: the vet, old age, grief
_LOSS_CUE = re.compile(
    r"\b(?:vets?|old\s+age|illness|cancer|tumou?r|passed|rip|rest\s+in\s+peace|funeral|"
    r"buried|ashes|put\s+(?:down|to\s+sleep)|miss\s+(?:him|her|them)|heartbroken|grie\w*|"
    r"rainbow\s+bridge|so\s+quiet|paws?|cremat\w*)\b",
    re.IGNORECASE,
)
_PET_CUE = re.compile(r"\b(?:vets?|paws?|walkies|pet|cage|tank|litter|kennel|fur)\b", re.I)
# a condition cleared, the value the subject: "X was never the problem", "X is fine after all"
_NEVER_THE_PROBLEM = re.compile(
    r"^\W*(?:[\w\s]{0,30}?:\s*)?(?P<o>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)\s+"
    r"(?:was|were|is|are|'s)\s+never\s+(?:the|a|my|an)\s+(?:problem|issue|culprit|trigger|cause)\b",
    re.IGNORECASE,
)
# "X wasn't the problem (after all)": read only with a cue of a reversal in the message
_NOT_THE_PROBLEM = re.compile(
    r"^\W*(?:[\w\s]{0,30}?:\s*)?(?P<o>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)\s+"
    r"(?:wasn't|weren't|isn't|aren't|was\s+not|is\s+not)(?:\s+(?:actually|really))?\s+"
    r"(?:the|my)\s+(?:problem|issue|culprit|trigger|cause)\b",
    re.IGNORECASE,
)
# "X's not an issue any more", "the X thing turned out to be nothing": cleared by its own words
_NO_LONGER_A_PROBLEM = re.compile(
    r"^\W*(?:[\w\s]{0,30}?:\s*)?(?:the\s+)?(?P<o>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*){0,2}?)"
    r"(?:\s+thing)?(?:\s*(?:'s|’s)|\s+(?:is|are))\s+(?:"
    r"no\s+longer\s+(?:an?\s+)?(?:issue|problem)"
    r"|not\s+(?:an?\s+)?(?:issue|problem)(?:\s+for\s+me)?\s+(?:any\s?more|any\s+longer))"
    r"|^\W*(?:[\w\s]{0,30}?:\s*)?(?:the\s+|my\s+)?(?P<o2>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*){0,2}?)"
    r"(?:\s+(?:thing|allergy|intolerance|sensitivity))?\s+turned\s+out\s+to\s+be\s+"
    r"(?:nothing|a\s+false\s+alarm|fine|harmless)\b",
    re.IGNORECASE,
)
_FINE_AFTER_ALL = re.compile(
    r"^\W*(?:[\w\s]{0,30}?:\s*)?(?P<o>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)"
    r"(?:\s*(?:'s|’s)|\s+(?:is|are|was|were))\s+(?:totally\s+|perfectly\s+|actually\s+|completely\s+)?"
    r"(?:fine|okay|ok|all\s+good|safe|no\s+problem|not\s+a\s+problem|not\s+an\s+issue)"
    r"(?:\s+for\s+me)?\b",
    re.IGNORECASE,
)
_REVERSAL_CUE = re.compile(
    r"\b(?:after\s+all|turns?\s+out|turned\s+out|results?|tests?|tested|cleared|all\s+clear|"
    r"false\s+alarm|plot\s+twist|allergist|dietitian|dietician|doctor|gp|consultant)\b",
    re.IGNORECASE,
)
# a practice dropped: "binned X", "ditched X", "not doing X any more"
_DROPPED = re.compile(
    _LEAD + _I + r"(?:binned|ditched|dumped|abandoned|scrapped|packed\s+in|jacked\s+in|knocked)\s+"
    r"(?:the\s+|my\s+|our\s+)?" + _NAME,
    re.IGNORECASE,
)
_NOT_DOING = re.compile(
    _LEAD
    + r"(?:i(?:'m|\s+am)\s+|we(?:'re|\s+are)\s+)?(?:not|no\s+longer)\s+(?:doing|on|following)\s+"
    r"(?:the\s+|my\s+|our\s+|a\s+|an\s+)?(?P<o>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)"
    r"(?:\s+(?:diet|plan|thing|regime|programme|program))?\s+(?:any\s?more|any\s+longer)\b",
    re.IGNORECASE,
)
# words that are no value of their own at the head of a clause
_NOT_A_VALUE = frozenset(
    "i we you he she they it this that these those there here it's that's everything "
    "nothing something anything everyone someone all which what who the a an my our your "
    "his her their so and but or well ok okay yes no".split()
)
# a condition the words name: the slot the cleared value is looked for under first
_CONDITION = re.compile(r"\b(?P<kind>allerg\w*|intoleran\w*)\b", re.IGNORECASE)


def _name(m: re.Match[str], group: str = "name") -> str | None:
    name = m.group(group).strip(".'’")
    words = name.split()
    while words and words[-1].casefold() in ("on", "in", "at", "last", "this", "today"):
        words.pop()
    if not words or words[0].casefold() in _NOT_A_VALUE:
        return None
    return " ".join(words)


def _plain(value: str) -> str | None:
    words = value.split()
    if not words or any(w.casefold() in _NOT_A_VALUE for w in words):
        return None
    return value


def _happened(clause: str, m: re.Match[str]) -> bool:
    """The frame's own words, up to the next clause break, say no plan or condition."""
    rest = re.split(r"[,;:.!?—–]", clause[m.end() :], maxsplit=1)[0]
    return not _NOT_YET.search(clause[: m.end()] + rest)


def endings(clause: str, turn: str) -> list[tuple[str, str, str]]:
    """``(predicate, object, text)`` of what ``clause`` says ended, told by the event;
    ``turn`` is the whole message, for the cue a soft frame needs. Empty when no frame
    of an ending is there.

    Example:
        >>> endings("cleared my desk at Harrow & Pike", "")
        [('employer', 'Harrow & Pike', 'The user no longer works at Harrow & Pike.')]
        >>> endings("I'm not doing paleo any more", "")
        [('status', 'paleo', 'The user no longer does paleo.')]
        >>> endings("the beach is fine for me", "the beach is fine for me")
        []
    """
    if (m := _WORK_ENDED.search(clause)) and _happened(clause, m):
        if re.match(r"\s+(?:is|are|'s)\b", clause[m.end() :], re.IGNORECASE):
            return []  # "my last day at X is Friday": still there
        if name := _name(m):
            return [("employer", name, f"The user no longer works at {name}.")]
    if (m := _LET_GO.search(clause)) and _happened(clause, m):
        name = _name(m) if m.group("name") else _name(m, "name2")
        if name:
            return [("employer", name, f"The user no longer works at {name}.")]
    if (m := _WORK_ENDED_UNNAMED.search(clause)) and _happened(clause, m):
        return [("employer", "*", "The user no longer works there.")]
    for pattern, needs_cue in (
        (_LOSS_SUBJECT, False),
        (_RIP, False),
        (_PUT_DOWN, False),
        (_FAREWELL, True),
        (_LOST, True),
    ):
        m = pattern.search(clause)
        if m and "on" in m.groupdict() and m.group("on"):
            needs_cue = True  # "didn't make it to the party"; "... through the night, the vet"
        if (
            m
            and _happened(clause, m)
            and (name := _name(m))
            and (not needs_cue or _LOSS_CUE.search(turn or clause))
        ):
            pred = "pet" if _PET_CUE.search(turn or clause) else "status"
            return [(pred, name, f"The user's {name} died.")]
    cleared = _NEVER_THE_PROBLEM.search(clause) or _NO_LONGER_A_PROBLEM.search(clause)
    if cleared is None and _REVERSAL_CUE.search(turn or clause):
        cleared = _FINE_AFTER_ALL.search(clause) or _NOT_THE_PROBLEM.search(clause)
    said = cleared and (cleared.groupdict().get("o") or cleared.groupdict().get("o2"))
    if cleared and said and (value := _plain(said)):
        kind = _CONDITION.search(turn or clause)
        pred = "status"
        if kind:
            pred = (
                "allergy" if kind.group("kind").casefold().startswith("allerg") else "intolerance"
            )
        return [(pred, value, f"The user has no problem with {value} after all.")]
    if (m := _DROPPED.search(clause)) and _happened(clause, m):
        if name := _name(m):
            return [("status", name, f"The user no longer does {name}.")]
    if (m := _NOT_DOING.search(clause)) and _happened(clause, m):
        if value := _plain(m.group("o")):
            return [("status", value, f"The user no longer does {value}.")]
    return []
