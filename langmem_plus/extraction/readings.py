"""Other readings of one clause: statements in shapes the core patterns do not read.

The rule extractor matches each clause against its patterns; this module says the same
clause again in the plain first-person frames those patterns know, keeping the value's
words exactly as the user wrote them (so the quote and the value stay the user's own):

* a question's preamble: "As a vegan living in Lyon, ..." -> "I'm a vegan", "I live in
  Lyon" (the question itself is asked apart, ``grounding.without_asked_tail``);
* texting: "i live in galway n work at X", "new job at X + moved to Y", a verb with its
  subject left out after a comma ("live in X, work at Y");
* passive and noun frames: "I've been hired by X", "new job at X";
* value first: "X's home for me now";
* past states: ``past.past_readings`` ("formerly at X", "my old car was a X").

Example:
    >>> readings("As a vegan living in Lyon")
    ["I'm a vegan", 'I live in Lyon']
    >>> readings("i live in galway n work at Penrose Dental")
    ['i live in galway', 'I work at Penrose Dental']
"""

from __future__ import annotations

import re

from langmem_plus.extraction.past import past_readings

__all__ = ["readings"]

_CASED = r"(?:[A-Z]|[^\W\d_a-zA-Z])"
# the verbs of a statement whose subject was left out ("work at X", "moved to Y")
_BARE_VERB = re.compile(
    r"^(?:(?:also|now|just|finally|recently|currently)\s+)*"
    r"(?:live|living|work|working|moved|relocated|based|started|joined|speak|am|have|got)\b",
    re.IGNORECASE,
)
_PREAMBLE = re.compile(
    r"^\W*(?:as|being)\s+(?:(?P<art>a|an)\s+)?(?:someone\s+who(?:'s|’s|\s+is)\s+)?"
    r"(?P<what>[\w-]+(?:\s+[\w-]+){0,3}?)"
    r"(?:\s+(?:(?:who|that)\s+(?:lives|works|is based|'s based)|living|working|based)\s+"
    r"(?P<prep>in|at|for|with)\s+(?P<o>.+))?$",
    re.IGNORECASE,
)
_HIRED = re.compile(
    r"\b(?:been|got|was|were|just|recently)\s+(?:hired|taken on|recruited|brought on)\s+"
    rf"(?:by|at)\s+(?P<o>{_CASED}.*)$",
    re.IGNORECASE,
)
_NEW_JOB = re.compile(
    rf"^\W*(?:(?:a|my)\s+)?new\s+(?:job|role|position|gig)\s+(?:at|with)\s+(?P<o>{_CASED}.*)$",
    re.IGNORECASE,
)
_HOME_FIRST = re.compile(
    rf"^\W*(?P<o>{_CASED}[\w'’.-]*(?:\s+{_CASED}[\w'’.-]*)?)(?:'s|’s)\s+(?:home|where i live)\b"
)
# "took the job at X", "ended up taking the offer from X", "Work's at X": where one works
_TOOK_JOB = re.compile(
    r"\b(?:took|taking|accepted|accepting|started|starting|landed|got)\s+(?:the|a|my|that|this)\s+"
    rf"(?:new\s+)?(?:job|role|position|offer)\s+(?:at|with|from)\s+(?P<o>{_CASED}.*)$"
    rf"|^\W*(?:my\s+|i\s+)?work(?:'s|’s|\s+is)\s+(?:at|with|for)\s+(?P<o2>{_CASED}.*)$",
    re.IGNORECASE,
)
# "employed as a paramedic by X": the employer, with the title
_EMPLOYED_AS = re.compile(
    r"\b(?:employed|hired|working)\s+as\s+(?P<t>(?:a|an)\s+[\w -]+?)\s+(?:by|at|for)\s+"
    rf"(?P<o>{_CASED}.*)$",
    re.IGNORECASE,
)
# "As a Berlin resident", "a Lisbon-based designer": where one lives
_RESIDENT = re.compile(
    rf"\b(?P<o>{_CASED}[\w'’.]*(?:\s+{_CASED}[\w'’.]*)?)(?:\s+(?i:resident|local)\b|-(?i:based)\b)"
)
# "Haarlem has been my base since 2021", "I call Haarlem home": where one lives
_HOME_NOW = re.compile(
    rf"^\W*(?P<o>{_CASED}[\w'’.-]*(?:\s+{_CASED}[\w'’.-]*)?)\s+(?:has|have)\s+been\s+"
    r"(?:my|our)?\s*(?:home|base|home base)\b",
    re.IGNORECASE,
)
_CALL_HOME = re.compile(
    rf"\b(?i:i|we)\s+(?i:now\s+)?(?i:call)\s+(?P<o>{_CASED}[\w'’.-]*(?:\s+{_CASED}[\w'’.-]*)?)\s+home\b"
)
# "These days I'm at Ploom": "at" a name, held now, is where one works
_NOW_AT = re.compile(
    r"^\W*(?:these days|nowadays|currently|right now|at the moment),?\s+(?:i'm|i am|we're)\s+"
    rf"(?:at|with)\s+(?P<o>{_CASED}.*)$",
    re.IGNORECASE,
)
_TEXT_AND = re.compile(r"\s+(?:n|\+|'n'|’n’)\s+|\s*,\s+(?=(?:also\s+|now\s+)?[a-z]+\s)")


def _first_person(part: str) -> str:
    part = part.strip(" ,.!")
    if _BARE_VERB.match(part):
        return "I " + part
    return part


def readings(clause: str) -> list[str]:
    """Plain first-person wordings of ``clause`` the rules read; empty when none differ.

    Example:
        >>> readings("I've been hired by Quarry Lane Architects")
        ['I work at Quarry Lane Architects']
        >>> readings("I live in Oslo")
        []
    """
    out: list[str] = []
    if m := _PREAMBLE.match(clause.strip(" ,")):
        what = m.group("what")
        art = m.group("art")
        out.append(f"I'm {art} {what}" if art else f"I'm {what}")
        if m.group("o"):
            verb = {"in": "live in", "at": "work at", "for": "work for", "with": "work with"}
            prep = m.group("prep").casefold()
            if re.search(r"work", m.group(0), re.IGNORECASE) and prep == "in":
                verb["in"] = "work in"
            out.append(f"I {verb[prep]} {m.group('o')}")
    if m := _HIRED.search(clause):
        out.append(f"I work at {m.group('o')}")
    if m := _NEW_JOB.match(clause):
        out.append(f"I work at {m.group('o')}")
    if m := _HOME_FIRST.match(clause) or _HOME_NOW.match(clause) or _CALL_HOME.search(clause):
        out.append(f"I live in {m.group('o')}")
    if m := _NOW_AT.match(clause):
        out.append(f"I work at {m.group('o')}")
    if m := _TOOK_JOB.search(clause):
        out.append(f"I work at {m.group('o') or m.group('o2')}")
    if m := _EMPLOYED_AS.search(clause):
        out.append(f"I work at {m.group('o')} as {m.group('t')}")
    if (m := _RESIDENT.search(clause)) and re.match(r"(?i:i|as|being|we)\b", clause.strip()):
        out.append(f"I live in {m.group('o')}")
    parts = [p for p in _TEXT_AND.split(clause) if p.strip(" ,.!")]
    if len(parts) > 1:
        for part in parts:
            out += [r for r in [_first_person(part), *readings(part)] if r not in out]
    out += [r for r in past_readings(clause) if r not in out]
    return [r for r in out if r.strip() and r != clause]
