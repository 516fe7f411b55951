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
    >>> elided_readings("On 2 May I began a new role, at Harrow & Pike.")
    ['I work at Harrow & Pike']
    >>> elided_readings("our electricity is through Ovo")
    ["I'm with Ovo for electricity"]
    >>> elided_readings("I live in Porto")
    []
"""

from __future__ import annotations

import re

from langmem_plus.extraction.thennow import now_readings
from langmem_plus.extraction.vocab import HOME_NOUNS, RELATIONS, ROLE_HEADS

__all__ = ["elided_readings"]

_CASED = r"(?:[A-Z]|[^\W\d_a-zA-Z])"
_NAME = rf"(?-i:{_CASED}[\w'’.&-]*(?:\s+(?:&\s+|of\s+)?(?:{_CASED}|\d)[\w'’.&-]*){{0,3}})"
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
# "I began a new role, at X", "I have taken up the position of T with X": the job's frame
_NEW_ROLE = re.compile(
    r"\b(?:began|begun|started|took\s+up|taken\s+up|accepted|landed|got)\s+"
    r"(?:(?:a|the|my|this|that)\s+)?(?:new\s+)?(?:role|job|position|post)"
    r"(?:\s+(?:of|as)\s+(?:(?:a|an)\s+)?(?P<t>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?))?"
    rf"\s*,?\s+(?:at|with)\s+(?:the\s+)?(?P<o>{_NAME})",
    re.IGNORECASE,
)
# "our internet is through X", "my broadband's with X": a service and who provides it
_THROUGH = re.compile(
    r"\b(?:my|our)\s+(?P<noun>[a-z]+(?:\s+[a-z]+)?)(?:['’]s|\s+is|\s+comes)\s+"
    rf"(?:(?:all|still)\s+)?(?:through|via|with|from)\s+(?P<o>{_NAME})",
    re.IGNORECASE,
)
# "our tiny flat in Ayr", "my little house in Oban": a home noun and its place
_HOME_IN = re.compile(
    r"\b(?:my|our)\s+(?:[a-z][\w-]*\s+){0,2}"
    rf"(?:{'|'.join(HOME_NOUNS)})\s+(?:here\s+)?in\s+(?P<o>{_NAME})",
    re.IGNORECASE,
)
# "currently employed by X", "presently working for X": the participle with no subject
_EMPLOYED = re.compile(
    rf"^\W*{_LABEL}(?:(?:currently|presently|now|still|also)\s+)?"
    r"(?:employed\s+(?:by|at)|working\s+(?:at|for))\s+(?:the\s+)?"
    rf"(?P<o>{_NAME})",
    re.IGNORECASE,
)
_IM = r"(?:i['’]m|i\s+am|im)"
_A_TITLE = r"(?P<t>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)"
# "I'm a T by trade", "I'm an X for a living": the tail says it is the user's occupation
_BY_TRADE = re.compile(
    rf"\b{_IM}\s+(?:a|an)\s+{_A_TITLE}\s+(?:by\s+(?:trade|profession|training)|"
    r"for\s+a\s+living|professionally)\b",
    re.IGNORECASE,
)
# "quit X — T at Y now", "and now T at Y": a title and a workplace, no subject, no verb
_ROLE_AT = re.compile(
    rf"^\W*(?:(?:and|but|so)\s+)?(?:(?:now|these days|nowadays|currently)\s+)?(?:(?:a|an)\s+)?"
    rf"(?-i:(?P<t>[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,2}}?))\s+(?:at|with|for)\s+(?:the\s+)?"
    rf"(?P<o>{_NAME})(?:\s*,?\s+(?:now|these days|nowadays|currently|since\b.*)|\s*[,;.!]|\s*$)",
    re.IGNORECASE,
)
# "as of friday I'm marine biologist", "come Monday I'm T at Y": a start, then the role
# (the rules read the clause without its time lead, so the lead is looked for before it)
_START_LEAD = re.compile(
    r"\b(?:as\s+of|from|starting(?:\s+from)?|come|effective)\s+(?:[\w-]+\s+){0,2}?[\w-]+"
    r"\s*,?\s*$",
    re.IGNORECASE,
)
_STARTS_AS = re.compile(
    rf"^\W*(?:on\s+)?(?P<lead>(?:as\s+of|from|starting|come|effective)\s+(?:[\w-]+\s+){{0,2}}?[\w-]+\s*,?\s+)?"
    rf"{_IM}\s+(?:(?:officially|now|finally|just|currently|also)\s+)*(?:(?:a|an|the)\s+)?"
    r"(?:new\s+)?(?-i:(?P<t>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?))"
    rf"(?:\s+(?:at|with|for)\s+(?:the\s+)?(?P<o>{_NAME}))?"
    r"(?=\s*(?:[^\w\s]|$|\s+(?:at|with|for|now|from|here|there|today|lol|haha|pinch|wish)\b))",
    re.IGNORECASE,
)
# "T as of today, new badge and everything": the title first, then when it started
_TITLE_FROM = re.compile(
    r"^\W*(?:(?:the|a|an)\s+)?(?:new\s+)?(?-i:(?P<t>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?))\s+"
    r"(?:as\s+of|effective|starting|from)\s+(?:today|tonight|now|this\s+week|this\s+month|"
    r"yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
    re.IGNORECASE,
)
# "I'm a landscape gardener": a compound (two or three lowercase words) headed by an agent
# noun; its first word is not one of degree or habit ("a keen cyclist", "a light sleeper")
_IM_A_COMPOUND = re.compile(
    rf"(?:^|[,;:.!?]\s*|\b(?:and|but|so)\s+)\W*{_IM}\s+(?:a|an)\s+"
    r"(?-i:(?P<t>[a-z][a-z-]*\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)??))"
    r"(?=\s*(?:[,;.!?]|$|\s+(?:based|working|at|with|for|in|from|now)\b))",
    re.IGNORECASE,
)
_NOT_OF_TRADE = frozenset(
    "keen big huge avid heavy light early late fussy picky slow fast quick good bad great "
    "terrible awful decent proper total complete real true natural born lifelong long-time "
    "longtime first-time regular occasional casual serious hopeless compulsive committed "
    "devoted die-hard massive frequent social morning night season new old former".split()
)
_NOT_IN_A_TITLE = frozenset(
    "a an the my our their officially now finally just currently also here there "
    "no not never longer any more".split()  # "no longer at X": an ending, not a title
)
# agent nouns that name a habit, a belief or a status, not an occupation
_NOT_A_TRADE_HEAD = frozenset(
    "member user owner holder lover fan believer supporter follower subscriber customer "
    "client resident citizen parent patient vegetarian vegan pescatarian eater sleeper "
    "drinker smoker speaker learner beginner buyer seller renter tenant voter guest visitor "
    "tourist regular".split()
)
# a change told as an event: "the relocation to X happened in May", "my first shift at X
# was 3 March"; a regional or phrasal verb of moving: "we shifted down to X"
_MOVE_NOUN = re.compile(
    r"\b(?:the|our|my)\s+(?:big\s+|final\s+)?(?:move|relocation|removal)\s+"
    rf"(?:(?:up|down|over|back|across)\s+)?to\s+(?P<o>{_NAME})\s+"
    r"(?:happened|was|took\s+place|went\s+ahead|went\s+through|finally\s+happened)\b",
    re.IGNORECASE,
)
_FIRST_DAY = re.compile(
    r"\b(?:my|our)\s+first\s+(?:day|week|shift|morning)\s+(?:at|with)\s+(?:the\s+)?"
    rf"(?P<o>{_NAME})\s+(?:was|went)\b"
    # "survived my first week at X": the user's own first stretch there, the verb before it
    r"|^\W*(?:i\s+|i['’]ve\s+|(?:just|finally)\s+)*(?:survived|finished|did|done|had|got\s+through|"
    r"made\s+it\s+through|started|completed)\s+my\s+first\s+(?:day|week|shift|month|fortnight)\s+"
    rf"(?:at|with)\s+(?:the\s+)?(?P<o2>{_NAME})",
    re.IGNORECASE,
)
# "I'm a T at a small firm out in X": a title at a workplace not named (an indefinite noun
# phrase), and the place that workplace is in; "I'm a CPA at ...": an all-capital title
_TITLE_AT_SOME = re.compile(
    rf"\b{_IM}\s+(?:a|an)\s+(?P<t>(?-i:[A-Z]{{2,5}}|[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,2}}?))\s+"
    r"(?:at|with|for)\s+(?:a|an|one\s+of\s+the)\s+(?:[a-z][\w-]*\s+){0,3}?"
    rf"(?:(?:out|over|up|down|based)\s+)?in\s+(?:the\s+)?(?P<o>{_NAME})",
    re.IGNORECASE,
)
_MOVED_TO = re.compile(
    r"\b(?:i|we)\s+(?:(?:finally|just|recently|officially)\s+)?(?:shifted|moved|relocated)\s+"
    rf"(?:up|down|over|across|back|out)\s+to\s+(?:the\s+)?(?P<o>{_NAME})"
    r"|\b(?:i|we)\s+(?:(?:finally|just|recently|officially)\s+)?shifted\s+to\s+"
    rf"(?:the\s+)?(?P<o2>{_NAME})",
    re.IGNORECASE,
)
# "since June my barber has been X": the perfect of an attribute's copula
_HAS_BEEN = re.compile(
    r"\b(?P<h>(?:my|our)\s+(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)\s+(?:has|have)\s+been\s+"
    rf"(?P<o>(?:the\s+)?{_NAME}.*)$",
    re.IGNORECASE,
)
# "I've honestly been climbing at X": an adverb inside the perfect
_PERFECT_ADVERB = re.compile(
    r"\b(?P<s>i['’]ve|we['’]ve|i\s+have|we\s+have|ive)\s+(?:actually|honestly|really|mostly|"
    r"also|just|basically|properly|kind\s+of|sort\s+of|genuinely|secretly)\s+(?=been\b)",
    re.IGNORECASE,
)
# "it's a X these days" after a clause naming "my N" ("sold my bike in May; it's a X")
_IT_IS = re.compile(
    r"^\W*(?:and\s+|but\s+|so\s+|now\s+)?(?:it['’]s|it\s+is)\s+(?:now\s+)?(?:(?:a|an|the)\s+)?"
    rf"(?P<o>{_NAME})",
    re.IGNORECASE,
)
# the earlier clause gives the old one up: a verb of ending or changing, then "my N"
_MY_NOUN = re.compile(
    r"\b(?:traded(?:\s+in)?|sold|replaced|ditched|scrapped|crashed|wrote\s+off|written\s+off|"
    r"changed|switched|swapped|upgraded|got\s+rid\s+of|gave\s+up|returned|cancell?ed|ended)\s+"
    r"(?:in\s+)?(?:my|our)\s+(?:(?:old|trusty|current)\s+)?(?P<n>[a-z]+)\b",
    re.IGNORECASE,
)
# "Before X I spent five years at Y": the object of "before" is the later (current) state,
# of the slot the past side's frame names ("at Y": where one works, "in Y": lives)
_BEFORE_NAME = re.compile(
    r"^\W*(?:before|prior\s+to)\s+(?:(?:joining|moving\s+to|starting\s+at)\s+)?"
    rf"(?P<o>{_NAME})\s*,?\s+(?:i|we)\s+(?:spent|was|were|worked|lived|had)\b"
    r"(?:\s+[\w-]+){0,5}?\s+(?P<p>at|with|for|in)\s+(?:the\s+)?(?-i:[A-Z]|[^\W\d_a-zA-Z])",
    re.IGNORECASE,
)
_VERB_OF = {"at": "work at", "with": "work at", "for": "work at", "in": "live in"}
# texting spellings of function words: "im", "ive", "2" for "to", "u" for "you"
_TEXTING = (
    (re.compile(r"(?:^|(?<=\s))im(?=\s)", re.IGNORECASE), "I'm"),
    (re.compile(r"(?:^|(?<=\s))ive(?=\s)", re.IGNORECASE), "I've"),
    # after a lowercase word only: in "a Polestar 2 now" it is the model's number
    (re.compile(r"\b(?P<w>[^\W\d_]+)\s+2\s+(?=[a-z])"),
     lambda m: m.group(0) if not m.group("w").islower() else f"{m.group('w')} to "),
    (re.compile(r"(?:^|(?<=\s))u(?=\s)", re.IGNORECASE), "you"),
)


# "my sister is with X", "my son's at X": a person, not a service
_NOT_A_SERVICE = frozenset(RELATIONS) | {"boss", "manager", "friend", "partner", "team"}


def _role(title: str) -> bool:
    """A title is headed by a role noun ("head of X", "lead") or an agent noun."""
    words = [w for w in title.casefold().split() if w != "of"]
    return bool(words) and (
        words[0] in ROLE_HEADS or words[-1] in ROLE_HEADS or bool(_AGENT.search(words[-1]))
    )


def _occupation(title: str, compound: bool = False) -> bool:
    """A title read from a frame without a job verb: headed by a role or an agent noun
    that names no habit or status, and (for a bare compound) not opened by a word of
    degree or habit."""
    words = title.casefold().split()
    if not words or not _role(title) or words[-1] in _NOT_A_TRADE_HEAD:
        return False
    if any(w in _NOT_IN_A_TITLE for w in words):  # "officially the T": the words around it
        return False
    return not (compound and words[0] in _NOT_OF_TRADE)


def elided_readings(clause: str, turn: str = "") -> list[str]:
    """``clause`` with its left-out or short-spelled words restored, once for each shape
    below that fits; empty when none does. ``turn`` is the message the clause is from
    (a start time said before the clause: "as of friday, I'm T").

    Example:
        >>> elided_readings("made me a cup of tea")
        []
    """
    out: list[str] = []
    for pattern in (_PROMOTED, _MADE_ME):
        if (m := pattern.search(clause)) and _role(m.group("t")):
            out.append(f"I got promoted to {m.group('t')}")
            break
    if m := _NEW_ROLE.search(clause):
        out.append(f"I work at {m.group('o').rstrip('.')}")
        if m.group("t"):
            out.append(f"I work as a {m.group('t')}")
    if m := _EMPLOYED.search(clause):
        out.append(f"I work at {m.group('o').rstrip('.')}")
    if (m := _BY_TRADE.search(clause)) and _occupation(m.group("t")):
        out.append(f"I work as a {m.group('t')}")
    if (m := _ROLE_AT.search(clause)) and _occupation(m.group("t")):
        out.append(f"I work as a {m.group('t')} at {m.group('o').rstrip('.')}")
    at = turn.find(clause) if turn else -1
    started = at > 0 and bool(_START_LEAD.search(turn[:at]))
    m = _STARTS_AS.search(clause)
    if m and (started or m.group("lead")) and _occupation(m.group("t")):
        out.append(f"I work as a {m.group('t')}")
        if m.group("o"):
            out.append(f"I work at {m.group('o').rstrip('.')}")
    # the rules read the clause without its time phrase: the title is looked for in the turn
    m = _TITLE_FROM.search(turn or clause)
    if m and clause.lstrip().startswith(m.group("t")) and _occupation(m.group("t")):
        out.append(f"I work as a {m.group('t')}")
    if (m := _IM_A_COMPOUND.search(clause)) and _occupation(m.group("t"), compound=True):
        out.append(f"I work as a {m.group('t')}")
    if m := _BEFORE_NAME.search(clause):
        out.append(f"I {_VERB_OF[m.group('p').casefold()]} {m.group('o').rstrip('.')}")
    if m := _MOVE_NOUN.search(clause):
        out.append(f"I moved to {m.group('o').rstrip('.')}")
    if m := _FIRST_DAY.search(clause):
        out.append(f"I started at {(m.group('o') or m.group('o2')).rstrip('.')}")
    if m := _TITLE_AT_SOME.search(clause):
        title = m.group("t")
        words = title.casefold().split()
        if title.isupper() or _occupation(title) or not (
            set(words) & (_NOT_A_TRADE_HEAD | _NOT_IN_A_TITLE | _NOT_OF_TRADE)
        ):  # a trade's workplace, not a guest's or a regular's
            out.append(f"I work as a {title}")
            out.append(f"I'm based in {m.group('o').rstrip('.')}")
    if m := _MOVED_TO.search(clause):
        out.append(f"I moved to {(m.group('o') or m.group('o2')).rstrip('.')}")
    if m := _HAS_BEEN.search(clause):
        out.append(f"{m.group('h')} is {m.group('o')}")
    if _PERFECT_ADVERB.search(clause):
        plain = _PERFECT_ADVERB.sub(r"\g<s> ", clause)
        out.extend([plain, *now_readings(plain, turn)])
    if (m := _IT_IS.search(clause)) and at > 0:
        named = [n for n in _MY_NOUN.finditer(turn[:at]) if n.group("n") not in _NOT_A_SERVICE]
        if named:
            out.append(f"my {named[-1].group('n')} is {m.group('o').rstrip('.')}")
    if (m := _THROUGH.search(clause)) and m.group("noun").casefold() not in _NOT_A_SERVICE:
        out.append(f"I'm with {m.group('o').rstrip('.')} for {m.group('noun')}")
    if m := _HOME_IN.search(clause):
        out.append(f"I live in {m.group('o').rstrip('.')}")
    said = clause
    for pattern, full in _TEXTING:
        said = pattern.sub(full, said)
    if said != clause:
        out.append(said)
    return out
