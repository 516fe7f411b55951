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
from datetime import datetime, timezone

from langmem_plus.extraction.past import past_readings
from langmem_plus.extraction.reshape import reshaped
from langmem_plus.extraction.timeparse import find_time_expression
from langmem_plus.extraction.vocab import OTHER_PEOPLE, ROLE_HEADS

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
# "I signed my contract with X", "signed on with X last week": the first person taken on
# by an employer by the verb of the contract (someone else's signing is not the user's)
_SIGNED_WITH = re.compile(
    r"(?:^|\b(?:i|we)\s+|^\W*)(?:(?:just|finally|officially|already|have|'ve)\s+)*"
    r"(?:signed|signing|inked)\s+(?:(?:my|a|the|our)\s+(?:[\w-]+\s+)?(?:contract|offer)"
    r"|on)\s+(?:with|at|for)\s+"
    rf"(?P<o>{_CASED}.*)$",
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
    # never from a pronoun: "I'm Ghent-based" is based in Ghent, not in "I'm Ghent"
    rf"\b(?!(?i:i|i['’]m|we|we['’]re)\b)(?P<o>{_CASED}[\w'’.]*(?:\s+{_CASED}[\w'’.]*)?)"
    r"(?:\s+(?i:resident|local)\b|-(?i:based)\b)"
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
    rf"(?:at|with)\s+(?P<o>{_CASED}.*)$"
    # "I'm at Morrow & Pike now": a state held from now on, "at" a name (not "the ...")
    r"|^\W*(?:i['’]m|i am)\s+(?:now\s+)?(?:at|with)\s+"
    rf"(?P<o2>(?-i:{_CASED})[^,;.!?]*?)\s+now\W*$",
    re.IGNORECASE,
)
# ---- one slot, said as an equation: "home is X", "X's where home is", "Employer-wise
# it's X", "Day job: T, E", "X, that's home". The slot is a relation noun (where one lives,
# who one works for); the value is whatever stands on the other side of the copula, colon
# or "-wise", so no list of places or employers is needed.
_HOME_SLOT = r"(?:home|home base|my base|base)"
_WORK_SLOT = r"(?:employer|day job|job|work|workplace|company|firm|salary)"
_NAMEWORD = rf"{_CASED}[\w'’.&-]*"
# a name of cased words, with "&" or one or two short lowercase joiners ("Ústí nad Labem")
_VALUE = (
    rf"{_NAMEWORD}(?:\s+(?:&\s+)?{_NAMEWORD}"
    r"|\s+(?!(?:and|or|but|now|for|in|at|so|too|the|is|was|if|tho|lol|then|with|back|from|"
    r"to|by|near|via|on|off|out|up|last|this|next|into|onto|over|just|here|when|as|its|"
    r"my|our|me|we|he|she|they|it|his|her|you|your|are|were|has|had|do|did|not|no)\b)"
    r"[a-z]{1,4}"
    rf"(?:\s+[a-z]{{1,4}})?\s+{_NAMEWORD}){{0,3}}"
)
_LEAD = (
    r"^\W*(?:[^:;.!?\n]{1,40}:\s+)?"  # "some context: ...", "starting over then: ..."
    r"(?:(?i:ok|so|and|well|also|plus|anyway|right|[a-z]+ly)\b[\s,]*)*"
)
_SLOT_IS = re.compile(  # "home is Duluth now", "Home's out in Dubbo", "my employer: X"
    rf"{_LEAD}(?:(?:my|our)\s+)?(?P<slot>{_HOME_SLOT}|{_WORK_SLOT})(?:\s+is|['’]s|\s*:|\s+=)"
    r"\s+(?:(?:now|still|currently|officially)\s+)?(?:(?:out|over|up|down|back)\s+)?"
    r"(?:(?:in|at|with|for|called|named)\s+)?(?P<o>.+)$",
    re.IGNORECASE,
)
_WISE = re.compile(  # "Employer-wise it's X", "job-wise I'm a T"
    rf"{_LEAD}(?P<slot>{_HOME_SLOT}|{_WORK_SLOT}|location|place)-?wise\s*,?\s+"
    r"(?:it['’]s|it is|i['’]m|i am|we['’]re|that['’]s|that's)\s+(?:(?:in|at|with|for)\s+)?"
    r"(?P<o>.+)$",
    re.IGNORECASE,
)
_VALUE_IS_SLOT = re.compile(  # "X's where home is", "X is my home", "X, that's home"
    rf"{_LEAD}(?P<o>{_VALUE})\s*(?:['’]s|\s+is|,\s*that['’]s|,\s*that is|\s+=)\s+"
    rf"(?:where\s+(?:my\s+)?(?P<slot>{_HOME_SLOT})\s+is|where\s+(?:i|we)\s+live"
    rf"|(?:my|our)\s+(?P<slot2>{_HOME_SLOT}|{_WORK_SLOT})|(?P<slot3>{_HOME_SLOT}))\b",
)
# ---- a verb of the frame, the user as its object: "X pays my salary", "X employs me"
_EMPLOYS_ME = re.compile(
    rf"(?:{_LEAD}|[,;:]\s*|\b(?:and|but|so|now)\s+)(?P<o>{_VALUE})\s+(?:employs|hired|pays|signs|took)\s+"
    r"(?:me|my\s+(?:salary|wages|pay|paycheck|paycheque|bills))\b",
)
# "i do line cook work for X": a title as a kind of work, for someone
_DO_WORK = re.compile(
    r"\b(?:i|we)\s+(?:do|did)\s+(?P<t>[a-z][\w -]{1,40}?)\s+work\s+(?:for|at|with)\s+"
    rf"(?P<o>{_CASED}.*)$",
    re.IGNORECASE,
)
# ---- where one lives, with more than a bare "in" between the verb and the place:
# "Renting near the station in X", "we landed in X back in April", "just moved into a tiny
# place in x", "bought a house in X with Y": a verb of the residence frame, said by the user
# (or with the subject left out), then the last "in <place>" of the clause
_RESIDE = re.compile(
    r"^\W*(?:(?:i|we)(?:['’](?:m|re|ve)|\s+(?:am|are|have|had))?\s+)?"
    r"(?:(?:just|finally|recently|now|officially|also|still|currently)\s+)*"
    r"(?:(?:ended up|wound up|got)\s+)?"
    r"(?:renting|rent|living|live|staying|landed|settled|settling|moved|relocated|"
    r"(?:bought|got|found|rented|own|share|sharing)\s+(?:a|an|our|my|the)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:house|flat|place|home|apartment|condo|cottage|room|studio|bungalow))\b",
    re.IGNORECASE,
)
# "in <place>": a cased name (with short joiners), or one word in an all-lowercase message;
# never "in the ...", "in a ...", nor a time ("in April", "in 2021", "in spring")
_IN_PLACE = re.compile(
    rf"\s+in\s+(?P<o>{_VALUE}|(?!(?:the|a|an|my|our|his|her|their|town|there)\b)[a-z][\w-]*)"
    r"(?=[\s,.!?;]|$)"
)
_TIME_WORD = re.compile(
    r"(?i:january|february|march|april|may|june|july|august|september|october|november|"
    r"december|spring|summer|autumn|fall|winter|\d+)$"
)


def _residence(clause: str) -> str | None:
    """The place of the user's residence verb when other words stand between them."""
    m = _RESIDE.match(clause)
    if m is None:
        return None
    lowercase = clause == clause.casefold()
    for place in _IN_PLACE.finditer(clause, m.end()):
        value = place.group("o")
        if _TIME_WORD.match(value.split()[0]) or (value[:1].islower() and not lowercase):
            continue
        if re.search(r"\b(?:my|our|his|her|their)\s+\w+\s*$", clause[m.end() : place.start()]):
            return None  # "renting a room from my aunt in X": whose place is unsaid
        return value
    return None


# "been in X since March", "we've been living in x for a year": a residence by duration
_BEEN_IN = re.compile(
    r"^\W*(?:(?:i|we)(?:['’]ve|\s+have)\s+)?been\s+(?:living\s+)?in\s+"
    rf"(?P<o>{_VALUE}|[a-z][\w-]*)\s+(?:since|for)\b",
    re.IGNORECASE,
)
# "since the move to X", "after our relocation to X": the user's move, as a noun
_THE_MOVE = re.compile(
    r"\b(?:the|our|my)\s+(?:big\s+)?(?:move|relocation|moving)\s+(?:over\s+)?to\s+"
    rf"(?P<o>{_VALUE})"
)
# "We're officially Deventer people now": the user counted among a place's people
_PLACE_PEOPLE = re.compile(
    r"\b(?i:i['’]m|we['’]re|i am|we are)\s+(?:(?i:now|officially|proper|true|finally)\s+)*"
    rf"(?P<o>{_VALUE})\s+(?i:people|folk|folks|residents|locals|dwellers)\b"
)
# ---- a title held from now on: "guess who's T now", "I'm T now", "starting this month I'm
# T": a lowercase noun phrase headed by a role noun (``vocab.ROLE_HEADS``) or an agent noun
_GUESS_WHO = re.compile(r"^\W*guess\s+who(?:['’]s|\s+is)\s+(?P<rest>.+)$", re.IGNORECASE)
_TITLE_NOW = re.compile(
    r"(?:^|\b)(?:i['’]m|i am)\s+(?:now\s+)?(?:(?P<art>a|an|the)\s+)?"
    r"(?P<t>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
    r"(?:\s+(?:now|from now on)\b|(?P<end>\s*(?:[,;.!]|$)))",
    re.IGNORECASE,
)
_FROM_NOW = re.compile(
    r"^\W*(?:starting|from|as of|since)\s+(?:this|today|tomorrow|monday|next|the)\b",
    re.IGNORECASE,
)
_FROM_LEAD = re.compile(r"^\W*(?:starting|from|as of|as from|since|effective)\s+", re.I)
_ANY_DAY = datetime(2000, 1, 1, tzinfo=timezone.utc)  # time phrases are found, not resolved


def _from_time(clause: str) -> bool:
    """The clause opens with "as of", "since", "from" ... and a time phrase the time
    parser reads right after it ("as of last friday I'm T", "since the 3rd I'm T"): the
    start of a state, however the time is said (``_FROM_NOW`` keeps the future ones).

    Example:
        >>> _from_time("as of last friday I'm a senior welder"), _from_time("as of now")
        (True, False)
    """
    lead = _FROM_LEAD.match(clause)
    found = find_time_expression(clause, _ANY_DAY) if lead else None
    return lead is not None and found is not None and found.start <= lead.end()


_NOT_IN_TITLE = frozenset(
    {"at", "in", "on", "with", "for", "to", "from", "by", "the", "a", "an", "my", "our",
     "your", "his", "her", "their", "so", "very", "much", "really", "not", "no", "just",
     "still", "also", "way", "far", "even", "bit", "lot", "feeling", "getting", "being"}
)  # fmt: skip
_AGENT_HEAD = re.compile(r"(?:er|or|ist|ian|ant|ent|ee)$")
_ROLE = frozenset(ROLE_HEADS)
# ---- how the user wants replies, said as a request: "bite-sized replies pls", "give me
# punchy answers", "be straight-talking with me". The frame's nouns (replies, answers) and
# the imperative "be ... with me" carry it; the manner word is the user's, whatever it is.
_REPLY_NOUN = r"(?:answers|replies|responses|explanations|summaries|messages)"
_REPLIES_OF_A_KIND = re.compile(
    r"^\W*(?:(?:please|pls|plz)\s+)?(?:(?:i\s+(?:want|need|like)|i['’]d\s+(?:like|love|prefer)|"
    r"give\s+me|send\s+me|keep\s+(?:the|your|my)?)\s+)?"
    r"(?P<mod>(?!(?:the|your|my|these|those|some|any|all|no|not|more|thanks|thank|for|"
    r"and|of|in|to)\b)[a-z][\w-]*(?:\s+(?!the\b)[a-z][\w-]*)?)\s+"
    rf"(?P<noun>{_REPLY_NOUN})(?:\s+(?:please|pls|plz|from now on|from here on))?"
    r"(?:\W*$|\s*[,;:.!\u2014\u2013])",
    re.IGNORECASE,
)
_BE_WITH_ME = re.compile(
    r"^\W*(?:(?:please|pls|plz|just|always)\s+)*be\s+(?P<adj>(?!(?:a|an|the|my|sure|careful)\b)"
    r"[a-z][\w-]*)\s+(?:with|to)\s+me\b",
    re.IGNORECASE,
)
# ---- an allergy named by the noun, not the adjective: "clams allergy here", "X sets off
# my allergy", "I react badly to X (allergy)", "X is a hard no because of an allergy". The
# slot word is "allergy"; the value is the noun phrase the frame puts beside it.
_FOOD_NP = (
    r"(?P<o>(?!(?:my|his|her|their|our|your|the|a|an|own|food|seasonal|skin|drug|no)\b)"
    r"[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
)
_BOUNDARY = r"(?:^\W*|[,;:]\s*|\b(?:and|but|plus|so|also|up|fyi)\s+)"
_NOUN_ALLERGY = re.compile(
    rf"{_BOUNDARY}(?:(?:severe|mild|bad|serious|proper|real|actual|slight|nasty|big)\s+)?"
    rf"{_FOOD_NP}\s+allerg(?:y|ies)\b"
    # the allergy noun ends its phrase ("X allergy here", "X allergy, so ..."): "X allergy
    # season", "X allergy is common" name a thing, not the user's allergy
    r"(?=\s*(?:$|[,.;:!?()\u2014\u2013-]|(?:here|on|so|and|but|too|also|now|btw|though|tbh)\b))",
    re.IGNORECASE,
)
_SETS_OFF = re.compile(
    rf"{_BOUNDARY}{_FOOD_NP}\s+(?:sets?|set|sparks?)\s+off\s+my\s+allerg"
    rf"|{_BOUNDARY}{_FOOD_NP.replace('(?P<o>', '(?P<o2>')}\s+triggers?\s+my\s+allerg",
    re.IGNORECASE,
)
_REACT_TO = re.compile(
    r"\b(?:i|we)\s+(?:(?:really|also|still)\s+)?react\s+(?:(?:badly|terribly|really badly|"
    rf"strongly|violently)\s+)?to\s+{_FOOD_NP}",
    re.IGNORECASE,
)
_A_HARD_NO = re.compile(
    rf"{_BOUNDARY}(?:[\w]+-wise,?\s*)?{_FOOD_NP}\s+(?:is|are)\s+(?:a\s+(?:hard\s+|big\s+)?"
    r"no(?:-go|-no)?|off-limits|off limits|out of the question|banned)\b",
    re.IGNORECASE,
)
_TEXT_AND = re.compile(r"\s+(?:n|\+|'n'|’n’)\s+|\s*,\s+(?=(?:also\s+|now\s+)?[a-z]+\s)")


# a name, then a relative clause set off with the user as its subject: "X, where I live"
_ASIDE_OF_MINE = re.compile(
    rf"(?P<o>{_CASED}[\w'’.-]*(?:\s+{_CASED}[\w'’.-]*){{0,2}})\s*[,(\u2014\u2013]\s*"
    r"(?i:(?:which|that)(?:['’]s|\s+is)\s+)?(?i:where)\s+(?i:i|we)(?:\s+(?i:now|currently))?"
    r"(?:\s+(?i:live|am based|are based)|(?i:['’]m|['’]re)\s+(?i:based))\b"
)


def _first_person(part: str) -> str:
    part = part.strip(" ,.!")
    if _BARE_VERB.match(part):
        return "I " + part
    return part


def _sentence_of(clause: str, turn: str) -> str:
    """The sentence of ``turn`` that ends the way ``clause`` does (the clause may have lost
    a lead-in, a time phrase or a bracket); ``clause`` itself when it is not found."""
    words = [w for w in re.split(r"\s+", clause.strip(" .!?")) if w]
    for n in (2, 1):
        tail = " ".join(words[-n:])
        at = turn.find(tail) if turn and tail else -1
        if at >= 0:
            for sm in re.finditer(r"[^.!?]+[.!?]*", turn):
                if sm.start() <= at < sm.end():
                    return sm.group(0)
    return clause


# "my allergy is X", "My (own) allergies are X and Y": the allergy noun as the subject
_MY_ALLERGY_IS = re.compile(
    r"\b(?:my|our)\s+(?:(?:own|only|main|one|worst|big|biggest)\s+)*allerg(?:y|ies)\s+"
    r"(?:is|are|['’]s|=|:)\s+(?:(?:to|with)\s+)?(?P<o>[^\W\d_][\w'’ -]*?)\s*(?=$|[,.;:!?()])",
    re.IGNORECASE,
)
# "For me it's X", "mine's X", "As for me: X", "me, X": the user's own value said by
# ellipsis, after a sentence that gave another person's in a frame
_ELLIPSIS_MINE = re.compile(
    r"^\W*(?:(?:but|and|whereas|while)\s+)?(?:(?:as\s+)?for\s+me|with\s+me|in\s+my\s+case|"
    r"me)\s*[,:]?\s*(?:it['’]s|it\s+is|that['’]s|that\s+is|i['’]m|i\s+am)?\s*"
    r"(?P<o>[^\W\d_][\w'’ -]*?)\s*(?:,\s*(?:though|tho|instead))?\W*$"
    r"|^\W*(?:(?:but|and)\s+)?mine(?:['’]s|\s+is)\s+(?P<o2>[^\W\d_][\w'’ -]*?)\W*$",
    re.IGNORECASE,
)
# a verdict or degree, not a value: "for me it's too cold", "for me it's a no"
_NOT_A_VALUE_WORD = re.compile(
    r"(?:too|so|very|not|no|a|an|the|quite|fine|ok|okay|worse|better|same|more|less|much|"
    r"different|similar|hard|easy|nothing|none|never|always|just)\b",
    re.IGNORECASE,
)
# the frame of the sentence before an ellipsis, by its verb or noun (no values)
_FRAMES = (
    (re.compile(r"\ballerg|\breacts?\s+(?:badly\s+)?to\b|\bintoleran", re.I), "I'm allergic to"),
    (re.compile(r"\b(?:lives?|living|based|moved|settled)\s+(?:in|to|out)\b", re.I), "I live in"),
    (re.compile(r"\b(?:works?|working|employed)\s+(?:at|for|with|by)\b", re.I), "I work at"),
)


def _ellipsis_readings(clause: str, turn: str) -> list[str]:
    """ "For me it's X" after "My partner reacts badly to Y (allergy).": the frame of the
    sentence before, said of the user with the ellipsis's value."""
    m = _ELLIPSIS_MINE.match(clause.strip())
    if m is None or not turn:
        return []
    value = (m.group("o") or m.group("o2") or "").strip()
    at = turn.find(clause.strip())
    if not value or at <= 0 or _NOT_A_VALUE_WORD.match(value):
        return []
    # the clauses before it in its sentence ("..., and for me it's X"), else the sentence
    # before ("... (allergy). For me it's X.")
    before = [x.group(0) for x in re.finditer(r"[^.!?\n]+[.!?]*", turn[:at]) if x.group(0).strip()]
    if not before:
        return []
    prev = before[-1]
    for frame, lead in _FRAMES:
        if frame.search(prev):
            # a place or an employer is a name; an allergen may be a lowercase noun
            named = value[:1].isupper() or turn == turn.casefold()
            return [f"{lead} {value}"] if named or lead.startswith("I'm") else []
    return []


def _allergy_readings(clause: str, turn: str) -> list[str]:
    """ "I'm allergic to X" for a clause that names an allergy by its noun; a reaction or a
    hard no counts when the sentence of ``turn`` holding the clause says "allerg..."."""
    out: list[str] = []
    for m in _NOUN_ALLERGY.finditer(clause):
        out.append(f"I'm allergic to {m.group('o')}")
    if said := _MY_ALLERGY_IS.search(clause):
        out.append(f"I'm allergic to {said.group('o')}")
    if set_off := _SETS_OFF.search(clause):
        out.append(f"I'm allergic to {set_off.group('o') or set_off.group('o2')}")
    sentence = _sentence_of(clause, turn)
    if re.search(r"\ballerg", sentence, re.IGNORECASE):
        for pattern in (_REACT_TO, _A_HARD_NO):
            if found := pattern.search(clause):
                out.append(f"I'm allergic to {found.group('o')}")
    return out


# "Dentist: Dr Ana Reyes at the Elm St clinic", "my landlord: Piotr Nowak": a person of the
# user's named under their role as a label, said as "my <role> is <name>"
_ROLE_LABEL = re.compile(
    r"^\W*(?:(?i:my|our)\s+)?(?P<role>(?i:"
    + "|".join(sorted((re.escape(w) for w in OTHER_PEOPLE if "'" not in w), key=len, reverse=True))
    + r"))\s*:\s*(?P<o>(?:[A-Z]|[^\W\d_a-zA-Z]).*)$"
)
_ROLE_NAME_END = re.compile(
    r"\s*(?:[,;!?(]|(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bMrs)(?<!\bProf)\.)"
    r"|\s+(?:at|in|on|from|with|near|who|and|but)\s",
    re.I,
)


# "since the reorg I report to Bram Achterberg", "I'm now reporting to Dr Oyelaran": the
# person the user reports to is their manager
_REPORT_TO = re.compile(
    r"\b(?i:i|i'm|i am)(?:\s+(?i:now|directly|currently|still|actually|officially))*\s+"
    r"(?i:report|reporting)\s+(?:(?i:directly|straight)\s+)?(?i:in\s+)?(?i:to)\s+"
    r"(?P<o>(?:(?i:dr|prof|mr|mrs|ms)\.?\s+)?(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*"
    r"(?:\s+(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*){0,2})"
)


# "broadband's with Zerro Broadband", "guitar's a Yamaha FG800": a thing of the user's said
# without "my", its value a name (after "with", an article, or at once)
_BARE_ATTRIBUTE = re.compile(
    r"^\W*(?P<n>(?-i:[a-z][a-z-]*)(?:\s+(?-i:[a-z][a-z-]*))?)(?:'s|’s)\s+"
    r"(?P<v>(?:(?i:with|on)\s+|(?i:a|an|the)\s+)?(?:[A-Z]|[^\W\d_a-zA-Z]).*)$"
)
_NOT_A_THING = frozenset(
    "it that this there here what who where how everything nothing something everyone he she "
    "life work today tonight tomorrow weather traffic mum dad mom".split()
)


# "I hate being called Bob, it's Robert", "don't call me Liz — it's Elizabeth": the name
# said right after the one the user will not be called is the one to use
_NOT_CALLED = re.compile(
    r"\bcall(?:ed|ing)?\s+(?:me\s+)?(?P<wrong>(?-i:[A-Z])[\w'’-]*)\s*[,;—–-]+\s*"
    r"(?:(?i:it's|it’s|it is|its)\s+)(?P<right>(?-i:[A-Z])[\w'’-]*)\b",
    re.IGNORECASE,
)


# "me and my brother are both allergic to X", "my partner and I both work at X", "Théo and
# I just moved to X": the user is one of the subject's two, so the clause holds for the
# user, said as "I ..." (the plural verb in the first person singular)
_JOINT_SUBJECT = re.compile(
    r"^\W*(?:(?i:me|i)\s+(?i:and|&)\s+(?:(?i:my|our)\s+[\w-]+(?:\s+(?-i:[A-Z])[\w'’-]*)?|"
    r"(?-i:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*)"
    r"|(?:(?i:my|our)\s+[\w-]+(?:\s+(?-i:[A-Z])[\w'’-]*)?|(?-i:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*)"
    r"\s+(?i:and|&)\s+(?i:i|me))"
    r"\s+(?:(?i:are|were)\s+)?(?:(?i:both|each|also|just|now|still)\s+)*(?P<rest>\S.*)$"
)
_PLURAL_BE = {"are": "am", "were": "was"}


def readings(clause: str, turn: str = "") -> list[str]:
    """Plain first-person wordings of ``clause`` the rules read; empty when none differ.

    ``turn`` is the whole message (an afterthought in brackets, "(allergy)", is not in the
    clause).

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
    if (m := _BARE_ATTRIBUTE.match(clause)) and not any(
        w in _NOT_A_THING or w.endswith("-wise") for w in m.group("n").split()
    ):
        out.append(f"my {m.group('n')} is {m.group('v')}")
    if (m := _NOT_CALLED.search(clause)) and m.group("wrong") != m.group("right"):
        out.append(f"call me {m.group('right')}")
    if m := _JOINT_SUBJECT.match(clause):
        be = re.search(r"\b(?i:are|were)\b", m.group(0)[: m.start("rest")])
        first = _PLURAL_BE[be.group(0).casefold()] + " " if be else ""
        out.append(f"I {first}{m.group('rest')}")
    if m := _REPORT_TO.search(clause):
        out.append(f"My manager is {m.group('o')}")
    if m := _ROLE_LABEL.match(clause.strip()):
        name = _ROLE_NAME_END.split(m.group("o"), maxsplit=1)[0]  # "X at the Elm St clinic"
        out.append(f"My {m.group('role').casefold()} is {name}")
    if m := _NEW_JOB.match(clause):
        out.append(f"I work at {m.group('o')}")
    if m := _HOME_FIRST.match(clause) or _HOME_NOW.match(clause) or _CALL_HOME.search(clause):
        out.append(f"I live in {m.group('o')}")
    if m := _NOW_AT.match(clause):
        out.append(f"I work at {m.group('o') or m.group('o2')}")
    if m := _TOOK_JOB.search(clause):
        out.append(f"I work at {m.group('o') or m.group('o2')}")
    if m := _SIGNED_WITH.search(clause):
        out.append(f"I work at {m.group('o')}")
    if m := _EMPLOYED_AS.search(clause):
        out.append(f"I work at {m.group('o')} as {m.group('t')}")
    if (m := _RESIDENT.search(clause)) and re.match(r"(?i:i|as|being|we)\b", clause.strip()):
        out.append(f"I live in {m.group('o')}")
    out += [r for r in _slot_readings(clause, turn) if r not in out]
    out += [r for r in _allergy_readings(clause, turn) if r not in out]
    out += [r for r in _ellipsis_readings(clause, turn) if r not in out]
    if m := _ASIDE_OF_MINE.search(clause) or _ASIDE_OF_MINE.search(_sentence_of(clause, turn)):
        # "... than Tampere, where I live now?": the aside states the user's own (#12)
        out.append(f"I live in {m.group('o')}")
    parts = [p for p in _TEXT_AND.split(clause) if p.strip(" ,.!")]
    if len(parts) > 1:
        for part in parts:
            out += [r for r in [_first_person(part), *readings(part, turn)] if r not in out]
    out += [r for r in past_readings(clause) if r not in out]
    out += [r for r in reshaped(clause) if r not in out]  # relative, cleft, lead (#12)
    return [r for r in out if r.strip() and r != clause]


def _work_reading(value: str) -> str:
    """A work slot's value as a plain statement: a cased name is the employer, a lowercase
    phrase the title, "T, E" both ("quantity surveyor, Oakhanger Foods")."""
    value = value.strip(" ,.!")
    parts = [p.strip() for p in re.split(r"\s*,\s*|\s+at\s+", value, maxsplit=1) if p.strip()]
    titles = [p for p in parts if p[:1].islower() or re.match(r"(?i:a|an)\s", p)]
    names = [p for p in parts if p not in titles]
    if titles and names:
        title = re.sub(r"^(?i:a|an)\s+", "", titles[0])
        return f"I work at {names[0]} as a {title}"
    if titles:
        return (
            f"I work as {titles[0]}"
            if re.match(r"(?i:a|an)\s", titles[0])
            else (f"I work as a {titles[0]}")
        )
    return f"I work at {value}"


def _slot_readings(clause: str, turn: str = "") -> list[str]:
    """The clause said as one slot's plain statement when it equates a slot with a value
    ("home is X", "X's where home is", "Employer-wise it's X", "Day job: T, E"), names
    the user as the object of an employment verb ("X pays my salary"), or places the user's
    residence verb's "in <place>" after other words ("Renting near the station in X").

    Example:
        >>> _slot_readings("Brno's where home is, if that helps")
        ['I live in Brno']
        >>> _slot_readings("Day job: quantity surveyor, Hallam Rigging")
        ['I work at Hallam Rigging as a quantity surveyor']
        >>> _slot_readings("Renting near the old mill in Brno")
        ['I live in Brno']
    """
    out: list[str] = []
    for pattern in (_SLOT_IS, _WISE):
        if m := pattern.match(clause):
            slot = m.group("slot").casefold()
            value = m.group("o")
            if re.match(_HOME_SLOT + "$", slot) or slot in ("location", "place"):
                out.append(f"I live in {value}")
            else:
                out.append(_work_reading(value))
    if m := _VALUE_IS_SLOT.match(clause):
        slot = (m.group("slot") or m.group("slot2") or m.group("slot3") or "home").casefold()
        home = re.match(_HOME_SLOT + "$", slot) or not m.group("slot2")
        out.append(f"I live in {m.group('o')}" if home else f"I work at {m.group('o')}")
    if m := _REPLIES_OF_A_KIND.match(clause):
        out.append(f"I prefer {m.group('mod')} {m.group('noun')}")
    if m := _BE_WITH_ME.match(clause):
        out.append(f"I prefer {m.group('adj')}")
    if m := _EMPLOYS_ME.search(clause):
        out.append(f"I work at {m.group('o')}")
    if m := _DO_WORK.search(clause):
        out.append(f"I work at {m.group('o')} as a {m.group('t')}")
    sentence = _sentence_of(clause, turn)
    for pattern in (_BEEN_IN, _THE_MOVE, _PLACE_PEOPLE):
        m = pattern.search(sentence) or pattern.search(clause)
        if m and (m.group("o")[:1].isupper() or sentence == sentence.casefold()):
            out.append(f"I live in {m.group('o')}")
    said = "I'm " + m.group("rest") if (m := _GUESS_WHO.match(sentence)) else sentence
    if (title := _title_now(said, sentence)) and title in clause:
        out.append(f"I work as a {title}")
    if (place := _residence(clause)) and not re.match(r"\W*(?:i|we)\s+live\b", clause, re.I):
        out.append(f"I live in {place}")
    return out


def _title_now(said: str, clause: str) -> str | None:
    """The title in "I'm T now" (or "starting this month I'm T"), when T is a lowercase
    noun phrase headed by a role or agent noun; two words or a role noun, so "I'm older
    now" is no title."""
    m = _TITLE_NOW.search(said)
    if m is None or (
        m.group("end") is not None and not (_FROM_NOW.match(clause) or _from_time(clause))
    ):
        return None
    title = m.group("t")
    words = title.split()
    head = words[-1].casefold()
    if title != title.casefold() or not (head in _ROLE or _AGENT_HEAD.search(head)):
        return None
    if any(w.casefold() in _NOT_IN_TITLE for w in words):
        return None  # "I'm at the dentist now", "I'm so much better now": no title
    if len(words) < 2 and head not in _ROLE and not m.group("art"):
        return None
    return title
