"""Then and now: a present-time adverb anywhere in its clause, and a past state said beside
the value that replaced it.

Two pieces, read from the shape of the words (tense, a time adverb, a copula with an empty
subject), never from a list of values:

* ``now_readings`` — a clause whose present-time adverb stands where the rules do not look
  for it ("these days X is my gym", "nowadays I'm a T", "now I'm with X") said again with
  a plain trailing "now" ("X is my gym now"), which the rules read; a verb of the gym
  frame ("I've been training at X") said as the slot it names ("X is my gym"); a value
  named before the user's verb ("the X I drive now") said in the verb's own order.
* ``then_and_now`` — one turn holding two sides, one in the past ("back in the day it was
  A", "I went to A for years") and one in the present ("these days B is my gym",
  "nowadays it's B"): the side whose frame names the slot lends it to the other side's
  bare value, so both values get the same predicate; the past side's value is history
  (``valid_to``), never current, and the present side's value is current.

Example:
    >>> now_readings("these days Larchfield Leisure is my gym")
    ['Larchfield Leisure is my gym now']
    >>> now_readings("I've been working out at Brookvale Pool lately")[-1]
    'Brookvale Pool is my gym'
    >>> sides("I used to go to Orrin Hall, these days it's Brookvale Pool")
    [('I used to go to Orrin Hall', 'past'), ("these days it's Brookvale Pool", 'now')]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from langmem_plus.extraction.grounding import holder_of, is_past_state
from langmem_plus.extraction.past import base_forms
from langmem_plus.extraction.timeparse import find_time_expression
from langmem_plus.extraction.turns import UserTurn
from langmem_plus.extraction.vocab import ROLE_HEADS
from langmem_plus.facts.models import CandidateFact
from langmem_plus.facts.policy import UNNAMED_ATTRIBUTE
from langmem_plus.facts.text_forms import with_value

__all__ = ["bare_value", "now_readings", "sides", "then_and_now"]

_CASED = r"(?:[A-Z]|[^\W\d_a-zA-Z])"
# a name: cased words (any script), "&" and "of" inside ("Harrow & Pike", "Bank of Ayr")
_NAME = rf"(?-i:{_CASED}[\w'’.&+-]*(?:\s+(?:&\s+|of\s+)?(?:{_CASED}|\d)[\w'’.&+-]*){{0,4}})"
# the present-time adverbs: one class, whatever its place in the clause
_NOW_ADV = (
    r"(?:now|nowadays|these days|this days|currently|at the moment|at present|lately|"
    r"recently|right now|today|these past few (?:weeks|months))"
)
_LEAD_NOW = re.compile(
    rf"^\W*(?:(?:and|but|so)\s+)?(?:(?:although|though)\s+)?{_NOW_ADV}\s*,?\s+(?P<rest>\S.*?)\W*$",
    re.IGNORECASE,
)
_TAIL_NOW = re.compile(
    rf"^(?P<rest>.*?\S)\s*,?\s+(?!now\W*$){_NOW_ADV}\W*$",
    re.IGNORECASE,
)
# "I've been training at X", "I work out at X", "I train at X": the gym frame's verbs
_GYM_VERB = re.compile(
    r"(?:^|\b)(?:i|we)(?:['’]ve|\s+have)?\s+(?:been\s+|now\s+|also\s+|mostly\s+)*"
    r"(?:train|training|trained|work(?:ing|ed)?\s+out|exercis(?:e|ing|ed)|lift(?:ing|ed)?)\s+"
    rf"(?:at|in)\s+(?:the\s+)?(?P<o>{_NAME})",
    re.IGNORECASE,
)
# "the X I drive now is ...", "my X that I ride these days": the value before its verb
_VALUE_BEFORE_VERB = re.compile(
    rf"(?:^|\b)(?:the|my|our)\s+(?P<o>{_NAME})"
    r"\s+(?:that\s+|which\s+)?(?:i|we)\s+(?P<v>drive|ride|use|own|have)\s+"
    rf"(?:{_NOW_ADV}\b)?",
    re.IGNORECASE,
)


# a present perfect with no preposition after its verb: "we've called X home"
_PERFECT = re.compile(
    r"^\W*(?:(?-i:[A-Z])\w+\s+\w+\s+)?(?P<s>i|we)(?:['’]ve|\s+have)\s+(?:(?:always|long)\s+)?"
    r"(?P<v>(?!been\b|had\b|got\b|used\b)[a-z]+ed)\s+(?P<rest>(?-i:[A-Z]).{0,60})$",
    re.IGNORECASE,
)

# "I've been a T (at E) for years / since 2021": the present perfect of being one is being
# one now (a past state keeps its own cue: "I'd been", "I had been", "used to be")
_BEEN_A = re.compile(
    r"^(?P<lead>\W*(?:(?:and|but|so|well|ok|yes|yeah)\W+)*)(?:i|we)(?:['’]ve|\s+have)"
    r"\s+(?:(?:now|also|actually|officially)\s+)?been\s+(?P<rest>(?:a|an)\s+\S.*)$",
    re.IGNORECASE,
)

# how long it has held ("for two summers now", "for ages"): not part of what holds
_FOR_SPAN = re.compile(
    r"\s*,?\s+for\s+(?:(?:a|an|the|about|over|nearly|almost|\w+)\s+){0,2}(?:years?|months?|"
    r"weeks?|days?|decades?|ages|summers?|winters?|seasons?|while|long time|some time)\b.*$",
    re.IGNORECASE,
)


def now_readings(clause: str, turn: str = "") -> list[str]:
    """``clause`` said again in the shapes the rules read, with its present-time adverb
    as a trailing "now" (empty when it has none and no frame below fits).

    Example:
        >>> now_readings("now I'm with Harbour & Pike")
        ["I'm with Harbour & Pike now"]
        >>> now_readings("i'm a ferry deckhand nowadays")
        ["i'm a ferry deckhand now"]
        >>> now_readings("the Skoda Yeti I drive now is great")
        ['I drive a Skoda Yeti now']
        >>> now_readings("I live in Porto")
        []
        >>> now_readings("i was a ferry inspector", "i was a ferry inspector, i'm a baker now")
        ['I work as a ferry inspector']
    """
    out: list[str] = []
    parts = [p for p, _ in sides(clause)]
    for text in dict.fromkeys([clause.strip(), *(parts if len(parts) > 1 else [])]):
        said = [text]
        if m := _LEAD_NOW.match(text):
            said.append(f"{m.group('rest')} now")
        elif m := _TAIL_NOW.match(text):
            said.append(f"{m.group('rest').rstrip(' ,')} now")
        for one in said:
            if m := _GYM_VERB.search(one):
                said.append(f"{_cut(m.group('o'))} is my gym")
                break
        if m := _BEEN_A.match(text):  # "I've been a cook at X since 2021": one now
            said.append(f"{m.group('lead')}I'm {_FOR_SPAN.sub('', m.group('rest'))}")
        if m := _PERFECT.match(text):  # "we've called X home since May": true now
            said += [f"{m.group('s')} {b} {m.group('rest')}" for b in base_forms(m.group("v"))]
        if m := _VALUE_BEFORE_VERB.search(text):
            said.append(f"I {m.group('v').casefold()} a {m.group('o')} now")
        out += [r for r in said[1:] if r not in out and not _not_a_role(r)]
    if (title := _role_of_pair(clause, turn or clause)) and (reading := f"I work as a {title}"):
        out += [reading] if reading not in out else []
    return out


# "I was a T1 ..., I'm a T2 now": one role said beside the one it replaced
_ROLE_END = (
    r"(?=\s+(?:for|once|back|years|ages|in|when|while|until|till|before|after|at|since|then|"
    rf"and|but|so|{_NOW_ADV})\b|\W*$)"
)
_BE_A = re.compile(
    r"^\W*(?:(?:and|but|so)\s+)?(?:(?:back then|before that|years ago|back in the day|"
    rf"{_NOW_ADV})\s*,?\s+)?(?:i|we)\s*(?P<be>['’]m|\s+am|\s+was|\s+were|\s+are)\s+"
    r"(?:(?:now|currently|once|still)\s+)?(?:a|an)\s+"
    rf"(?P<t>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){{0,3}}?){_ROLE_END}",
    re.IGNORECASE,
)
_AGENT = re.compile(r"(?:er|or|ist|ian|ant|ent|ee|eon|ic|smith|man|woman|wright|wife)$")
_NOT_A_ROLE = re.compile(
    r"(?:arian|ivore|free|smoker|drinker|vaper|sleeper|eater|riser|user|fan|member|believer|"
    r"lover|person|owl|lark)$",
    re.IGNORECASE,
)


def _not_a_role(reading: str) -> bool:
    """A reading "I'm a T now" whose T is a habit or a diet ("a non-smoker", "a
    pescatarian"), which the title frame would read as a job."""
    m = _BE_A.match(reading)
    return m is not None and bool(_NOT_A_ROLE.search(m.group("t").split()[-1]))


def _role_of_pair(clause: str, turn: str) -> str | None:
    """The role in ``clause`` ("I was a T", "I'm a T nowadays") when the turn says one role
    in the past tense and another in the present, both headed by a role or agent noun:
    the pair says a job changed, so both are job titles."""
    parts = [p for p, _ in sides(turn)]
    found = [
        (m.group("be").strip().casefold(), m.group("t")) for p in parts if (m := _BE_A.match(p))
    ]
    past = [t for be, t in found if be in ("was", "were")]
    now = [t for be, t in found if be not in ("was", "were")]
    if len(past) != 1 or len(now) != 1 or past[0].casefold() == now[0].casefold():
        return None
    heads = [t.split()[-1].casefold() for t in (past[0], now[0])]
    if any(_NOT_A_ROLE.search(h) for h in heads):
        return None
    if not all(h in ROLE_HEADS or _AGENT.search(h) for h in heads):
        return None
    mine = _BE_A.match(clause.strip())
    if mine is None or mine.group("t") not in (past[0], now[0]):
        return None
    return mine.group("t")


# ---------------------------------------------------------------------- then and now

_SIDE_EDGE = re.compile(
    r"[.;!?]+\s+|\s+[—–-]\s+|\n+|,\s+(?:and\s+|but\s+)?|\s+but\s+|\s+whereas\s+"
    r"|\s+and\s+(?=(?:now|nowadays|these days|currently|then)\b)"
    r"|\s+(?=before\s+\w+ing\b)",
    re.IGNORECASE,
)
# the words that put a side in the past, besides ``grounding.is_past_state``
_THEN = re.compile(
    r"\b(?:back in the day|once upon a time|in a past life|years ago|ages ago|back then|"
    r"(?:for|over)\s+(?:years|ages|a decade|decades|a long time|(?:\w+\s+){1,2}years)|"
    r"when (?:i|we) (?:was|were) (?:younger|a kid|a child|little|at (?:school|uni))|"
    r"til+ recently|until recently|till recently|"
    r"(?:best part of|most of)\s+(?:a|the)\s+(?:decade|year|years)|"
    r"after\s+(?:\w+\s+){0,2}(?:years|months|decades?)\s+(?:at|in|with|as)\b|"
    r"(?:my|our)\s+(?:old|previous|former|last)\s+\w+)",
    re.IGNORECASE,
)
_NOW = re.compile(
    r"\b(?:now|nowadays|these days|currently|at the moment|at present|lately|right now|"
    r"instead|any more|anymore|since)\b|(?:['’]ve|\s+have)\s+been\b"
    r"|\bbecom(?:e|ing)\b|^\W*before\s+\w+ing\b",
    re.IGNORECASE,
)
# a side that names its value and no slot: "it's X", "it was X", "these days it's X"
_BARE = re.compile(
    r"^\W*(?:(?:and|but|so|now|tbh|honestly|ngl|well|ok|okay|lol|yeah)\W*\s+)*"
    rf"(?:(?:{_NOW_ADV}|back in the day|back then|"
    r"before that|before)\s*,?\s+)?"
    r"(?:(?:it|that|this)\s*(?:['’]s|\s+is|\s+was|\s+has been|\s+had been)|its)\s+"
    r"(?:(?:all|mostly|mainly|just)\s+)?(?:(?:a|an|the)\s+)?(?P<v>.+)$"
    r"|^\W*(?:(?:and|but|so)\s+)?(?:i|we)\s+(?:was|were)\s+(?:a|an)\s+"
    rf"(?P<t>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){{0,3}}?){_ROLE_END}"
    r"|^\W*(?:(?:and|but|so)\s+)?(?:(?:before|then|later|eventually|until)\s+)?(?:i\s+)?"
    r"(?:became|becoming|turned|retrained as|retraining as)\s+"
    rf"(?:(?:a|an)\s+)?(?P<b>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){{0,3}}?){_ROLE_END}",
    re.IGNORECASE,
)
# what follows a bare value and is not part of it
_VALUE_END = re.compile(
    rf"\s*(?:[,;:(]|\s(?:every|each|most|on|at weekends|{_NOW_ADV}|since|for|from|until|"
    r"till|instead|though|tho|these|lol|haha|tbh|and|but|which|that)\b).*$",
    re.IGNORECASE | re.DOTALL,
)


def _cut(value: str) -> str:
    return _VALUE_END.sub("", value).strip(" .!?'\"’")


# a past side's one name: "I went to X for years", "my old X was a tank"
_ENTITY = re.compile(
    rf"(?:^|\s)(?-i:[a-z]+)\s+(?P<v>{_CASED}[\w'’.&-]+(?:\s+(?:{_CASED}|\d)[\w'’.&-]*){{0,4}})"
)


def _entity(side: str) -> str | None:
    """The one capitalised name a side holds after a function word, else ``None``."""
    names = {m.group("v") for m in _ENTITY.finditer(side)}
    return names.pop() if len(names) == 1 else None


def bare_value(side: str, *, past: bool = False) -> str | None:
    """The value of a side that names no slot ("it was X", "these days it's X", "I was a
    T", "becoming a T"), or ``None``.

    Example:
        >>> bare_value("back in the day it was Orrin Hall")
        'Orrin Hall'
        >>> bare_value("these days it's stained glass every weekend")
        'stained glass'
        >>> bare_value("I live in Porto") is None
        True
        >>> bare_value("I went to Orrin Hall for years", past=True)
        'Orrin Hall'

    """
    m = _BARE.match(side.strip())
    if m is None:
        name = _entity(side) if past else None
        return name if name and name.casefold() not in _NOT_A_VALUE else None
    value = _cut(m.group("v") or m.group("t") or m.group("b") or "")
    words = value.split()
    if not value or len(words) > 5 or words[0].casefold() in _NOT_A_VALUE:
        return None
    return value


_NOT_A_VALUE = frozenset(
    {"not", "no", "never", "so", "very", "really", "too", "quite", "pretty", "fine", "ok",
     "okay", "great", "good", "bad", "better", "worse", "over", "done", "gone", "me", "you",
     "him", "her", "them", "us", "what", "how", "why", "where", "when", "who", "because"}
)  # fmt: skip


def sides(text: str) -> list[tuple[str, str]]:
    """The sides of ``text`` and the time each speaks of: ``"past"`` (a state that ended),
    ``"now"`` (a present-time adverb, "instead", a present perfect) or ``""`` (neither).

    Example:
        >>> sides("Had a Skoda for years; nowadays it's a Kia")
        [('Had a Skoda for years', 'past'), ("nowadays it's a Kia", 'now')]
    """
    out: list[tuple[str, str]] = []
    start = 0
    for m in [*_SIDE_EDGE.finditer(text), None]:
        end = m.start() if m else len(text)
        part = text[start:end].strip()
        if part and re.fullmatch(r"\W*(?:however|but|and|so|though|anyway|well)\W*", part, re.I):
            continue  # "...; however, I ...": the connective opens the next side
        if part:
            past = bool(_THEN.search(part)) or is_past_state(part)
            now = bool(_NOW.search(part))
            out.append((part, "past" if past and not now else "now" if now and not past else ""))
        if m:
            start = m.end()
    return out


def _cased(value: str) -> bool:
    return value[:1].isupper() or bool(re.match(r"[^\W\d_a-zA-Z]", value[:1]))


def _fits(value: str, like: str, text: str) -> bool:
    """A bare value has the shape of the value whose slot it takes: a name for a name
    (when the user writes capitals at all), lowercase words for lowercase words."""
    if text == text.casefold():
        return True
    return _cased(value) == _cased(like)


def then_and_now(turn: UserTurn, found: Sequence[CandidateFact]) -> list[CandidateFact]:
    """``found`` (the turn's candidates) with each past/present pair of sides completed: a
    side holding a bare value takes the predicate of the value the other side holds; the
    past side's value gets ``valid_to`` (the message time), the present side's does not.

    Example:
        >>> from datetime import datetime, timezone
        >>> now = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> said = "back then it was Orrin Hall, these days Brookvale Pool is my gym"
        >>> turn = UserTurn(ref="m1", text=said, message_id="m1", sent_at=now)
        >>> gym = CandidateFact(kind="fact", subject="user", predicate="gym",
        ...                     object="Brookvale Pool", text="The user's gym is Brookvale Pool.",
        ...                     quote="these days Brookvale Pool is my gym")
        >>> [(c.object, c.valid_to is not None) for c in then_and_now(turn, [gym])]
        [('Brookvale Pool', False), ('Orrin Hall', True)]
    """
    text, sent_at = turn.text, turn.sent_at
    out = _not_the_old(turn, _for_me(turn, _switched(turn, list(found))))
    parts = sides(text)
    for (a, ta), (b, tb) in pairwise(parts):
        if {ta, tb} != {"past", "now"}:
            continue
        for held_side, bare_side, bare_time in ((a, b, tb), (b, a, ta)):
            held = [
                c
                for c in out
                if c.subject == "user"
                and c.polarity == "assert"
                and c.modality == "asserted"
                and c.object not in ("", "*")
                and c.object.casefold() in held_side.casefold()
            ]
            value = bare_value(bare_side, past=bare_time == "past")
            if not held or value is None or value.casefold() not in bare_side.casefold():
                continue
            if any(value.casefold() == c.object.casefold() for c in out):
                continue
            like = held[0]
            if not _fits(value, like.object, text):
                continue
            head = value.split()[-1].casefold()
            if like.predicate == "job_title" and not (head in ROLE_HEADS or _AGENT.search(head)):
                continue  # "I was a mess for years": a title is headed by a role noun
            at = bare_side.casefold().find(value.casefold())
            value = bare_side[at : at + len(value)]
            new_text = with_value(like.text, like.object, value) or like.text
            out.append(
                like.model_copy(
                    update={
                        "object": value,
                        "text": new_text,
                        "quote": bare_side,
                        "valid_to": sent_at if bare_time == "past" else None,
                        "valid_from": like.valid_from if not like.time_stated else None,
                        "time_stated": False,
                        "corrects": None,
                        "replaces": None,
                    }
                )
            )
            # the held side's time is the pair's: the past one is history, the present current
            # (its quote narrowed to its side, so the post-filters read the same time)
            quote = like.quote or ""
            if (like.valid_to is None) == (bare_time == "now") or bare_side in quote:
                i = out.index(like)
                out[i] = like.model_copy(
                    update={
                        "valid_to": (like.valid_to or sent_at) if bare_time == "now" else None,
                        "quote": held_side if held_side in quote else like.quote,
                    }
                )
    return out


# ---------------------------------------------------------------------- a switch told as two events

_NAMED = rf"(?:(?:the|my|our)\s+)?(?P<old>{_NAME})"
# a thing let go: "ditched X", "sold the X", "got rid of X", "the X went to a new home"; the
# verbs whose particle follows the object ("traded the X in", "let the X lapse"); the thing
# as the subject of its loss ("the X got nicked"); a farewell ("goodbye X") (#12)
_LET_GO = re.compile(
    r"(?:^|\b)(?:ditched|dumped|dropped|sold|scrapped|binned|cancel+ed|left|quit|traded\s+in|"
    r"part-exchanged|got\s+rid\s+of|gave\s+away|gave\s+up|said\s+goodbye\s+to|"
    r"waved\s+goodbye\s+to|moved\s+(?:away\s+)?from|switched\s+from|done\s+with|retired|"
    r"closed|returned|goodbye|bye(?:\s+bye)?|so\s+long)\s+"
    + r"(?:(?:my|our|the)\s+(?-i:[a-z][\w-]*)\s+(?:at|with|from)\s+)?"
    + _NAMED
    + r"|(?:^|\b)(?:traded|part-exchanged|handed|let)\s+"
    + _NAMED.replace("?P<old>", "?P<in>")
    + r"\s+(?:in|back|lapse|go|expire|run\s+out)\b"
    + r"|^\W*(?:(?:in|on|last|this)\s+\w+\s+)?"
    + _NAMED.replace("?P<old>", "?P<subj>")
    + r"\s+(?:went|has\s+gone|is\s+going|got\s+sold|was\s+sold|got\s+scrapped)\s+"
    r"(?:to\s+(?:a\s+)?new\s+(?:home|owner|owners)|off\s+to|for\s+scrap|to\s+the\s+scrapyard)"
    + r"|^\W*(?:(?:and|so|well|ugh|sadly)\W+)*"
    + _NAMED.replace("?P<old>", "?P<lost>")
    + r"\s+(?:(?:finally|just|has|have)\s+)?(?:got\s+(?:nicked|stolen|written\s+off|towed)"
    r"|was\s+(?:nicked|stolen|written\s+off)|(?:has\s+)?(?:packed\s+in|given\s+up\s+the\s+ghost)"
    r"|gave\s+up\s+the\s+ghost|packed\s+up|died\s+on\s+me|is\s+(?:dead|toast|kaput))\b"
    # the ending said of the old value after the new one: "..., so X is done" (#12)
    + r"|(?:^|\bso\s+)"
    + _NAMED.replace("?P<old>", "?P<done>")
    + r"(?:\s+is|['’]s)\s+(?:done|gone|history|over)\W*$",
    re.IGNORECASE,
)
# the words a new value may carry before its name: "a used Y", "a cheaper hot desk at Y"
_BEFORE_NAME = r"(?:(?:a|an|the|my)\s+)?(?:(?-i:[a-z][\w-]*)\s+){0,3}?(?:(?:at|with|from)\s+)?"
# the thing that took its place: "we got a Y", "picked up a Y", "went with Y", "it's Y now";
# the verbs that take a value as a destination ("joined Y", "signed up at Y", "registered
# with Y", "ported my number over to Y", "moved the gas over to Y", "upgraded to Y") (#12)
_TOOK = re.compile(
    r"(?:^\W*|\b(?:i|we)\s+)(?:(?:then|just|finally|now)\s+)?(?:got|bought|picked\s+up|"
    r"went\s+with|switched\s+to|moved\s+to|chose|ended\s+up\s+with|signed\s+up\s+with|"
    rf"replaced\s+it\s+with)\s+(?:(?:a|an|the)\s+)?(?P<new>{_NAME})"
    rf"|\b(?:i['’]m|we['’]re|i\s+am|we\s+are)\s+(?:now\s+)?with\s+(?P<with>{_NAME})"
    r"|(?:^\W*|\b(?:i|we)\s+)(?:(?:then|just|finally|now)\s+)?"
    r"(?:got|bought|picked\s+up|joined|signed\s+up\s+(?:at|with|for|to)|registered\s+(?:with|at)"
    r"|replaced\s+(?:it|them|him|her)\s+with|upgraded\s+to|went\s+for"
    r"|(?:ported|moved|switched|transferred)\s+(?:(?:my|our|the|all|everything|it|them)\b"
    r"[^,.;!?]{0,30}?\s+)?(?:over\s+)?(?:to|onto|into))\s+"
    rf"{_BEFORE_NAME}(?P<dest>{_NAME})"
    rf"|(?:\b(?:i['’]m|we['’]re|i\s+am|we\s+are)\s+(?:now\s+)?(?:at|on)|^\W*(?:i['’]m\s+|we['’]re\s+)?"
    rf"working\s+(?:out\s+of|from))\s+(?P<at>{_NAME})\s+now\b|^\W*(?P<bare>{_NAME})\s+now\b",
    re.IGNORECASE,
)


_TAKE_START = (
    r"(?:got|bought|picked\s+up|joined|signed\s+up|registered|replaced|upgraded|ported"
    r"|moved|switched|transferred|went\s+(?:with|for))\b"
)


_LET_START = r"(?:closed|cancel+ed|sold|ditched|dropped|left|quit|let|traded|retired|returned)\b"


def _took(side: str) -> str | None:
    """The value a verb of taking names in ``side`` ("joined Y"), else ``None``."""
    m = _TOOK.search(side)
    if m is None or m.group("bare"):
        return None
    return m.group("new") or m.group("with") or m.group("dest") or m.group("at")


def _new_value(side: str) -> str | None:
    if m := _TOOK.search(side):
        return m.group("new") or m.group("with") or m.group("dest") or m.group("at") or m.group(
            "bare"
        )
    value = bare_value(side)
    return value if value and _cased(value) else None


def _without_retraction_of(old: str, out: list[CandidateFact]) -> list[CandidateFact]:
    """``out`` without a retraction of ``old``: a switch that replaces it closes it."""
    low = old.casefold()
    return [c for c in out if not (c.polarity == "retract" and c.object.casefold() == low)]


def _switched(turn: UserTurn, out: list[CandidateFact]) -> list[CandidateFact]:
    """A switch told as two events in one turn ("ditched X, it's Y since July", "the X went
    to a new home and we got a Y"): Y replaces X (``replaces``) in whatever slot holds X,
    and the ending of X is not said apart (the switch closes it)."""
    # "... went to a new home and we got a Y", "sold the X and picked up a Y": two events
    # joined by "and", the second with its own subject or a verb of taking (#12)
    parts = [
        q.strip()
        for p, _ in sides(turn.text)
        for q in re.split(rf"\s+and\s+(?=(?:i|we)\b|{_TAKE_START}|{_LET_START})", p, flags=re.I)
    ]
    pairs = [(a, b, _new_value(b)) for a, b in pairwise(parts)]
    # both events in one run of words: "the X got nicked 😭 replaced it with a Y"
    pairs += [
        (p[: m.end()], p[m.end() :], _took(p[m.end() :]))
        for p in parts
        if (m := _LET_GO.search(p)) and p[m.end() :].strip()
    ]
    # the new value first, the old one let go after it: "moved everything to Y and closed
    # the X account" (only with a verb of taking: a bare value before a loss is no switch)
    pairs += [(b, a, _took(a)) for a, b in pairwise(parts)]
    for a, b, new in pairs:
        m = _LET_GO.search(a)
        if m is None or new is None or holder_of(a) is not None or holder_of(b) is not None:
            continue  # "my dad sold the X, got a Y": his switch, not the user's
        old = m.group("old") or m.group("subj") or m.group("in") or m.group("lost")
        old = _cut(old or m.group("done") or "")
        if not old or old.casefold() == new.casefold() or not _cased(old):
            continue
        same = [c for c in out if c.object.casefold() == new.casefold() and c.polarity == "assert"]
        if same:
            # the rules read the new value in its own slot; one held at a time ("we got a
            # Kia Niro" is the car, "ported my number to X" the phone network), it replaces
            # the old value the first event let go, which then needs no retraction
            taking = [c for c in same if c.single_valued and not c.replaces]
            if taking:
                out = [
                    c.model_copy(update={"replaces": old}) if any(c is t for t in taking) else c
                    for c in _without_retraction_of(old, out)
                ]
            continue
        new = _cut(new)
        found = find_time_expression(turn.text, turn.sent_at)
        at_a, at_b = turn.text.find(a), turn.text.find(b)
        start, end = min(at_a, at_b), max(at_a + len(a), at_b + len(b))
        out = _without_retraction_of(old, out)
        out.append(
            CandidateFact(
                kind="fact",
                subject="user",
                predicate=UNNAMED_ATTRIBUTE,
                object=new,
                text=f"The user now has {new}.",
                valid_from=turn.valid_from(found.when if found else None),
                message_id=turn.message_id,
                quote=turn.text[start:end].strip(),
                source="stated",
                time_stated=found is not None,
                single_valued=True,
                replaces=old,
            )
        )
    return out


# ---------------------------------------------------------------------- another's, then mine

# "For me it's Y", "mine's Y", "as for me, Y", "me? Y": the user's own value, its slot the
# one the side before gave someone else
_MINE = re.compile(
    r"^\W*(?:(?:and|but|whereas|while)\s+)?(?:(?:as\s+)?for\s+me|in\s+my\s+case|me)\W*\s*"
    r"(?:(?:it|that)(?:['’]s|\s+is|\s+was)\s+|its\s+)?(?:(?:a|an|the)\s+)?(?P<v>.+)$"
    r"|^\W*(?:(?:and|but|whereas|while)\s+)?mine(?:['’]s|\s+is|\s+are)\s+(?:(?:a|an|the)\s+)?"
    r"(?P<m>.+)$",
    re.IGNORECASE,
)


_ME_ALONE = re.compile(
    r"^\W*(?:(?:and|but)\s+)?(?:(?:as\s+)?for\s+me|me|as\s+for\s+mine)\W*$", re.I
)


def _for_me(turn: UserTurn, out: list[CandidateFact]) -> list[CandidateFact]:
    """Someone's value then the user's in the same slot ("My partner reacts badly to X
    (allergy). For me it's Y."): Y under that predicate, as the user's own."""
    parts: list[str] = []
    for p, _ in sides(turn.text):
        if parts and _ME_ALONE.match(parts[-1]):  # "as for me, Y", "me? Y": one side
            at = turn.text.find(parts[-1])
            parts[-1] = turn.text[at : turn.text.find(p, at) + len(p)]
        else:
            parts.append(p)
    for a, b in pairwise(parts):
        m = _MINE.match(b)
        if m is None:
            continue
        value = _cut(m.group("v") or m.group("m") or "")
        words = value.split()
        if not value or len(words) > 5 or words[0].casefold() in _NOT_A_VALUE:
            continue
        # a value of theirs read on into the user's side ("hazelnuts, mine's sesame")
        out = [c for c in out if c.holder == "user" or c.object.casefold() not in b.casefold()]
        theirs = [c for c in out if c.holder != "user" and c.polarity == "assert"
                  and c.object.casefold() in a.casefold()]  # fmt: skip
        if len(theirs) != 1 or any(c.object.casefold() == value.casefold() for c in out):
            continue
        c = theirs[0]
        text = with_value(c.text, c.object, value) or ""
        who = next((w for w in (f"The user's {c.holder}", c.holder.title(), c.holder)
                    if text.startswith(w)), None)  # fmt: skip
        if who is None:
            continue
        at = b.casefold().rfind(value.casefold())
        out.append(
            c.model_copy(
                update={
                    "subject": "user",
                    "holder": "user",
                    "object": b[at : at + len(value)] if at >= 0 else value,
                    "text": "The user" + text[len(who) :],
                    "quote": f"{a} {b}" if f"{a} {b}" in turn.text else b,
                }
            )
        )
    return out


# "X, not Y any more": the negation is the other value's, on a side of its own
_NOT_SIDE = re.compile(
    r"^\W*(?:and\s+|but\s+)?(?:not|no longer|never)\s+(?:(?:in|at|with|a|an|the)\s+)?"
    rf"{_NAME}(?:\s+(?:any\s*more|now|these days|nowadays))?\W*$",
    re.IGNORECASE,
)


def _not_the_old(turn: UserTurn, out: list[CandidateFact]) -> list[CandidateFact]:
    """A value said beside "not Y any more" is asserted: the retraction the words "not
    ... any more" carry is Y's, so the value's quote is narrowed to its own side (which the
    post-filters read)."""
    parts = [p for p, _ in sides(turn.text)]
    for a, b in pairwise(parts):
        if not _NOT_SIDE.match(b):
            continue
        for i, c in enumerate(out):
            if (
                c.object not in ("", "*")
                and c.object.casefold() in a.casefold()
                and c.object.casefold() not in b.casefold()
                and not re.search(r"\b(?:not|no longer|never|n't)\b", a, re.IGNORECASE)
            ):
                out[i] = c.model_copy(update={"polarity": "assert", "quote": a})
    return out
