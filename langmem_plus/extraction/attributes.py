"""Attributes a person has one of at a time, read from the clause's structure (issue 12).

A phone plan, a laptop, an insurer, a hairdresser, a commute: the user holds one at a time,
the policy's defaults do not know the attribute, and a later statement switches it. This
module reads such statements from their *structure*, never from a list of attributes or
values:

- a possessive noun phrase and a copula: "my home insurer is X", "my laptop's a X", "our
  vet is X now", "my new scooter is a X", the value first ("X is my browser now"), or a
  label ("Coffee order: cortado", "Found a new hairdresser: X");
- a verb with an object, the attribute named near it ("went with X as my carrier", "I use
  X as my browser", "I ride a X scooter") or given by the verb itself ("I drive a X",
  "I bank with X", "I commute by bus");
- a switch: "switched/changed/moved (my NP) from X to Y", "traded/swapped X for Y",
  "replaced X with Y", "ditched X for Y", "cancelled X and signed up for Y", "X is out, Y
  is in", "no more X, it's Y now", "upgraded my NP to Y". When the switch names no
  attribute, the reading says which value it replaces and leaves the attribute open
  (``UNNAMED``): the write policy then finds the slot that holds the old value.

The predicate is the attribute's noun phrase, snake_cased, with determiners and the words
that only say *which* of the user's holdings it is ("new", "current", "usual") dropped and
a plural folded to the singular, so "my vets", "our new vet" and "my vet" are one slot
(``vet``). Synonymous phrases stay apart unless ``ATTRIBUTE_ALIASES`` folds them ("mobile
plan" and "phone plan" are one there; "home insurer" and "home insurance" are two). Values
are bounded at clause boundaries and trailing adjuncts ("... since March", "... for the
commute"); a name of several words ("Hollybank Animal Clinic", "Sony WH-1000XM5") is kept
whole. A lowercase value is read only where the structure says it is one: after an article
with a specific attribute ("my coffee order is a cortado"), after "by" ("my commute is by
bus"), in a label, or as the new value of a switch.

Example:
    >>> [(r.predicate, r.value, r.replaces) for r in read_attributes(
    ...     "Switched my home insurer from Aldwych Cover to Kestrel Mutual at renewal")]
    [('home_insurer', 'Kestrel Mutual', 'Aldwych Cover')]
    >>> [(r.predicate, r.value) for r in read_attributes("Pocket Casts is my podcast app now")]
    [('podcast_app', 'Pocket Casts')]
    >>> [(r.predicate, r.value, r.replaces) for r in read_attributes("ditched Mubi for Hulu lol")]
    [('switched_to', 'Hulu', 'Mubi')]
    >>> read_attributes("my laptop is slow today")
    []
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from langmem_plus.extraction.clauses import slot_of
from langmem_plus.extraction.vocab import (
    ATTRIBUTE_ALIASES,
    ATTRIBUTE_NOT,
    CLAUSE_COLON,
    HOME_NOUNS,
    NOT_A_HOLDING,
    NOT_A_TITLE_BEFORE,
    NOT_AN_ATTRIBUTE_NOUN,
    OTHER_PEOPLE,
    OWNED_TOPICS,
    PETS,
    RELATIONS,
    SINGLE_PEOPLE,
    TOPIC_NOUNS,
    TOPICS,
    VALUE_STOP_WORDS,
)
from langmem_plus.facts.policy import UNNAMED_ATTRIBUTE

__all__ = ["UNNAMED", "AttributeReading", "attribute_predicate", "bound_value", "read_attributes"]

UNNAMED = UNNAMED_ATTRIBUTE
"""The predicate of a switch that names no attribute ("traded the X for a Y"): the write
policy puts the new value in the slot that holds ``replaces``."""


@dataclass(frozen=True)
class AttributeReading:
    """One attribute value a clause states.

    Attributes:
        attribute: the attribute as said ("home insurer"), ``""`` when unnamed.
        predicate: its predicate (``home_insurer``), or ``UNNAMED``.
        value: the value now held.
        replaces: the value a switch names as the one given up, if any.
        text: the fact as one readable sentence.
        own: the words make it the user's whatever the clause's grammatical subject ("X
            is my browser": the subject is the value, the attribute the user's).
        weak: read from a verb and its object alone, or a switch naming no attribute: a
            typed reading of the same words ("moved to X" as a move) is the better one.
    """

    attribute: str
    predicate: str
    value: str
    replaces: str | None
    text: str
    own: bool = False
    weak: bool = False


# ---- words of structure (function words and the verbs of each frame only)
_DETERMINERS = frozenset("the a an this that these those".split())
_MODIFIERS = frozenset("new current usual regular present normal everyday trusty old".split())
_AUXILIARIES = frozenset("is are was were be been has have had got gets does did do will can "
                         "could would should isn't wasn't won't can't".split())
_PARTICLES = frozenset("over under about around through across off up down out back away past "
                       "along across toward towards into onto".split())
_STOP_ALT = "|".join(sorted((re.escape(w) for w in VALUE_STOP_WORDS), key=len, reverse=True))
_VERDICT_WORD = re.compile(
    r"^\W*(?:(?:absolutely|definitely|totally|strictly|hard|big|a|an)\s+)*(?:no|not|never|"
    r"nope|none|nothing|no-go|off-limits|banned|forbidden)\b",
    re.IGNORECASE,
)
_NOT_HELD = frozenset(
    """
    year month week day night season term semester quarter weekend morning evening era
    chapter phase life start beginning me hobby hobbie relationship interest passion
    obsession habit routine resolution goal plan
    """.split()
)
"""Nouns after "new"/"old" that name a time or a pursuit, never a thing held one at a time
("new year, new me", "a new hobby — I got a X")."""
_PRO_FORMS = frozenset("and or one ones bit bits following".split())
_AFTERWORDS = frozenset("instead anymore again too lol haha tbh though".split())
_ENDS_LOWERCASE = frozenset("and or but most some many all half both few several".split())
_PRONOUNS = frozenset("i i'm i've i'd we we're we've you he she they it".split())
_CONNECTORS = frozenset("& of de du la le van von der den y da di".split())
_ART = r"(?:(?:a|an|the)\s+)"
_POSS = r"(?:my|our)"
_WORD = r"[^\W\d_][\w-]*"
_NP = rf"(?P<np>(?:{_WORD}\s+){{0,2}}?{_WORD})"
# a colon between digits is part of the value ("6:10/km", "7:30", "16:9"), not a clause end
# a point ends a value unless it is a title's ("Dr. Lena Fox", "Mr. Petrakis")
_VALUE_END = re.compile(
    rf"\s+[-—–]\s+|[,;!?()\"“”]|{CLAUSE_COLON}"
    rf"|{NOT_A_TITLE_BEFORE}\.(?:\s|$)|\s=\s"
)
# "about 6:10/km", "roughly 62k", "~20 min": a rough figure's approximator is not the value
_APPROX = re.compile(r"^(?:about|around|roughly|approximately|approx\.?|~)\s*(?=\d)", re.I)
_SYMBOL = re.compile(rf"[^\w\s'’.&+#/:-]|{CLAUSE_COLON}")
_NUMBER = re.compile(r"^[~≈]?\d[\d.,:/]*$")
_TRAILING = re.compile(
    r"(?:\s+(?:now|these days|nowadays|at the moment|for now|instead|again|lol|haha|too|"
    r"anymore|any more|as well))+\W*$",
    re.IGNORECASE,
)
_LEAD = re.compile(
    r"^\W*(?:(?:so|ok|okay|well|update|news|fyi|btw|anyway|also|and|but|oh|yay|finally|"
    r"for (?:the|your) records?|please note that|just so you know)\b[\s,.!:;—–-]*)+",
    re.IGNORECASE,
)

# "my home insurer is X", "our vet's X now", "my coffee order = a cortado", "my gym's been X
# since May" (the perfect of the copula)
_COPULA = re.compile(
    rf"(?:^|\b){_POSS}\s+{_NP}(?:\s+(?P<cop>is|are)\b|(?P<been>(?:\s+(?:has|have)|'s|’s)\s+been\b)"
    r"|(?P<cop2>'s|’s)|\s*(?P<eq>=|:))\s*"
    rf"(?:(?:now|currently|still|also)\s+)?(?P<prep>(?:by|with)\s+)?(?P<o>.+)",
    re.IGNORECASE,
)
# the head noun of "<head> at/for/near my <place> is X" (the possessive phrase is a
# preposition's object, not the subject)
_HEAD_BEFORE_PP = re.compile(
    r"(?:^|\b)(?P<head>[^\W\d][\w-]*)\s+(?:at|in|for|near|by|on|round|around)\s+$",
    re.IGNORECASE,
)
# "Home insurer: X", "Found a new hairdresser: X", "my regular pharmacy: X"
_LABEL = re.compile(
    rf"^\W*(?:(?:found|got|have|there's)\s+)?(?:{_POSS}\s+|(?:a|an)\s+)?{_NP}\s*[:=]\s*(?P<o>.+)",
    re.IGNORECASE,
)
# "X is my browser now", "X is our vet"
_VALUE_FIRST = re.compile(
    rf"^\W*(?P<o>.+?)\s+(?:is|are|'s)\s+(?:now\s+|still\s+)?{_POSS}\s+{_NP}"
    r"(?:\s+(?:now|these days|nowadays|at the moment|of choice|for now))*\s*(?:[,;.!?]|$)",
    re.IGNORECASE,
)
# switches that name both values
_FROM_TO = re.compile(
    r"(?:^|\b)(?:switched|changed|moved|transferred|swapped|went|shifted|upgraded|downgraded)"
    rf"\s+(?:(?P<poss>{_POSS})\s+{_NP}\s+|(?P<bare>{_WORD})\s+)?(?:(?:over|back|across)\s+)?"
    rf"from\s+(?:{_POSS}\s+|the\s+)?(?P<x>.+?)\s+to\s+{_ART}?(?P<o>.+)",
    re.IGNORECASE,
)
_FOR = re.compile(
    r"(?:^|\b)(?P<verb>traded|swapped|exchanged|ditched|dropped|dumped)\s+(?:in\s+)?"
    rf"(?:(?:{_POSS}|the)\s+)?(?:old\s+)?(?P<x>.+?)\s+for\s+(?:{_ART}|{_POSS}\s+)?(?:new\s+)?"
    r"(?P<o>.+)",
    re.IGNORECASE,
)
_WITH = re.compile(
    rf"(?:^|\b)replaced\s+(?:(?:{_POSS}|the)\s+)?(?:old\s+)?(?P<x>.+?)\s+with\s+"
    rf"(?:{_ART}|{_POSS}\s+)?(?:new\s+)?(?P<o>.+)",
    re.IGNORECASE,
)
_CANCELLED_AND = re.compile(
    rf"(?:^|\b)(?:cancelled|canceled|dropped|ditched|left|quit)\s+(?:(?:{_POSS}|the)\s+)?"
    r"(?P<x>.+?)\s+and\s+(?:(?:i|we)\s+)?(?:signed up (?:for|with|to)|joined|went with|got|"
    rf"switched to|moved to|picked|chose)\s+{_ART}?(?P<o>.+)",
    re.IGNORECASE,
)
_OUT_IN = re.compile(
    r"^\W*(?P<x>.+?)\s+(?:is|are)\s+out\s*[,;:.]?\s*(?:and\s+)?(?P<o>.+?)\s+(?:is|are)\s+in\b"
    rf"(?:\W+(?:{_POSS}\s+{_NP}))?",
    re.IGNORECASE,
)
_NO_MORE = re.compile(
    rf"^\W*no more\s+(?:the\s+|{_POSS}\s+)?(?P<x>[^,;:.!?—–]+?)\s*[,;:.!—–-]+\s*"
    rf"(?:(?:it's|it is|its|now it's|now)\s+)?{_ART}?(?P<o>.+)",
    re.IGNORECASE,
)
# a farewell to one value and a greeting to the next: "goodbye X, hello Y", "bye bye X —
# welcome Y", "hello Y, so long X" (function words of parting and greeting only)
_BYE = r"(?:good\s*-?\s*bye|bye(?:\s+bye)?|so\s+long|farewell|adios|ciao|rip|later)"
_HELLO = r"(?:hello|hi|hey|welcome|say\s+hello\s+to)"
_OWNED = rf"(?:(?:{_POSS}|the)\s+(?:old\s+|new\s+)?)?"
_BYE_HELLO = re.compile(
    rf"^\W*(?:{_BYE})\s+{_OWNED}(?P<x>[^,;.!?—–]+?)\s*[,;.!?—–-]+\s*(?:and\s+)?"
    rf"(?:{_HELLO})\s+{_OWNED}(?P<o>.+)",
    re.IGNORECASE,
)
_HELLO_BYE = re.compile(
    rf"^\W*(?:{_HELLO})\s+{_OWNED}(?P<o>[^,;.!?—–]+?)\s*[,;.!?—–-]+\s*(?:and\s+)?"
    rf"(?:{_BYE})\s+{_OWNED}(?P<x>[^,;.!?—–]+)",
    re.IGNORECASE,
)
# a switch that names the attribute, then says the new value in a clause of its own:
# "changed dentist, it's Dr Okonkwo now", "switched my gym — we're at Forge now"
_NP_THEN = re.compile(
    rf"(?:^|\b)(?P<verb>switched|changed|swapped|moved)\s+(?:(?P<poss>{_POSS})\s+)?{_NP}"
    r"\s*[,;:—–-]+\s*(?:and\s+)?(?:(?:now\s+)?(?:it's|it\s+is|its|they're|they\s+are)"
    r"|(?:i|we)(?:'m|'re|\s+am|\s+are)\s+(?:with|at|on))\s+(?P<o>.+)",
    re.IGNORECASE,
)
# "my phone carrier changed to X", "our energy supplier has switched over to X"
_NP_CHANGED = re.compile(
    rf"^\W*{_POSS}\s+{_NP}\s+(?:(?:has|have|'s|just|now|finally)\s+)*(?:changed|switched|moved|"
    rf"gone|went)\s+(?:(?:over|across|back)\s+)?to\s+{_ART}?(?P<o>.+)",
    re.IGNORECASE,
)
# "upgraded my laptop to a X", "changed energy supplier to X", "switched vets to X"
_NP_TO = re.compile(
    r"(?:^|\b)(?P<verb>switched|changed|moved|upgraded|downgraded|transferred)\s+"
    rf"(?:(?:all|both|each)\s+(?:of\s+)?)?(?:(?P<poss>{_POSS})\s+)?{_NP}\s+"
    rf"(?:(?:over|across|back)\s+)?to\s+{_ART}?(?P<o>.+)",
    re.IGNORECASE,
)
# a verb with its object: "I use X as my browser", "went with X as my carrier"
_VERB = re.compile(
    r"^\W*(?:(?:i|we)(?:'ve|'m|'re)?\s+)?(?:(?:have|am|are)\s+)?(?:(?:now|just|also|finally|"
    r"still|currently|recently|only)\s+)*"
    r"(?P<verb>use|using|drive|driving|ride|riding|bank\s+(?:with|at)|banking\s+with|"
    r"(?:'m|am|are|'re)\s+(?:with|on)|with|go\s+to|going\s+to|been\s+going\s+to|shop\s+at|"
    r"signed\s+up\s+(?:for|with|to)|joined|got|bought|switched\s+to|changed\s+to|"
    r"moved\s+to|upgraded\s+to|went\s+(?:with|for)|picked(?:\s+up)?|chose|opted\s+for|"
    r"settled\s+on|ended\s+up\s+with|wear|run\s+in|shoot\s+on|support|"
    r"commute\s+by|get\s+(?:\w+\s+){0,2}?(?:from|through|via))\s+"
    rf"{_ART}?(?P<o>.+)",
    re.IGNORECASE,
)
# "I'm still on the X", "we're with X these days": a holding said by "be" and a preposition;
# what it is a holding of must be named near it (``_mentioned``)
_BE_ON = re.compile(
    r"^\W*(?:(?:now|these days|nowadays)\s*,?\s+)?(?:i|we)\s*(?:'m|'re|’m|’re|\s+am|\s+are)\s+"
    r"(?:(?:still|now|currently|also|just|"
    rf"mostly|happily)\s+)*(?P<verb>on|with)\s+{_ART}?(?P<o>.+)",
    re.IGNORECASE,
)
# "I get to work by bus", "we get in by tram now", "I come into the office by bike": a verb of
# going, where to (work, the office, school; "in"), and the means after "by" — a commute
_COMMUTE = re.compile(
    r"^\W*(?:(?:i|we)\s+)?(?:(?:usually|normally|always|mostly|now|still|generally|"
    r"typically|just)\s+)*(?:get|go|come|head|travel|cycle|commute)s?\s+"
    r"(?:(?:in|into|to)\s+(?:the\s+)?(?:work|office|school|uni|university|college|campus|"
    r"class|lectures|the\s+city|town)\b|in\b)\s*(?:(?:now|these days|usually|mostly|"
    r"instead)\s+)*by\s+(?P<o>.+)",
    re.IGNORECASE,
)
# "I take the bus to work", "these days we catch the ferry in": the means, then where to
_TAKE_TO_WORK = re.compile(
    r"^\W*(?:(?:these days|nowadays|now|usually|mostly)\s*,?\s+)?(?:(?:i|we)\s+)?"
    r"(?:(?:usually|normally|always|mostly|now|still|generally|typically|just)\s+)*"
    r"(?:take|catch|ride|get)s?\s+(?:the|a|an)\s+(?P<o>[^\W\d][\w-]*(?:\s+[^\W\d][\w-]*)?)"
    r"\s+(?:(?:in|into|to)\s+(?:the\s+)?(?:work|office|school|uni|university|college|campus)"
    r"\b|in\b)",
    re.IGNORECASE,
)
_PURCHASES = frozenset({"got", "bought"})
_VERB_DEFAULT = {"drive": "car", "driving": "car", "ride": "bike", "riding": "bike",
                 "bank with": "bank", "bank at": "bank", "banking with": "bank",
                 "commute by": "commute"}  # fmt: skip
_AS_MY = re.compile(
    rf"\s+(?P<role>as|for)\s+{_POSS}\s+(?:new\s+)?{_NP}(?:\s+(?:now|these days|of choice))?"
    r"\s*(?:[,;.!?]|$)",
    re.IGNORECASE,
)
_FOR_SLOT = re.compile(
    rf"\s+for\s+(?P<np>{_WORD}(?:\s+{_WORD})?)(?:\s+(?:now|these days))?\s*(?:[,;.!?]|$)",
    re.IGNORECASE,
)
# an attribute named beside a value in the same sentence: "retired the old laptop — went
# with X", "new vet for the cat — we go to X now", "on the X, laptop-wise"
_MENTION = re.compile(
    rf"(?:\b(?:the|my|our)\s+(?:old|new|current|previous)\s+|\b(?:a|an)\s+(?:new|old)\s+|"
    rf"^\W*new\s+)"
    rf"(?P<np>{_WORD}(?:\s+{_WORD})?)|\b(?P<wise>{_WORD})-wise\b"
    rf"|\b(?:switched|changed|swapped)\s+(?P<kind>{_WORD}(?:\s+{_WORD})?)",
    re.IGNORECASE,
)
_SENTENCE_BREAK = re.compile(r"[.!?\n]+(?:\s|$)")
_APPOSITIVE = re.compile(
    r"^[^,;.!?]{0,30}?,\s*(?:(?:that's|that is|it's|it is|they're|they are|which is)\s+)?"
    rf"{_POSS}\s+(?:new\s+)?{_NP}\b",
    re.IGNORECASE,
)


# "the cat goes to X, that's our vet": the name just before the comma is what the
# appositive names
_THATS_MY = re.compile(
    rf"(?P<head>.+?)\s*,\s*(?:(?:that's|that is|it's|it is|they're|they are|which is)\s+)?"
    rf"{_POSS}\s+(?:new\s+)?(?P<np>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*){{0,3}})\b",
    re.IGNORECASE,
)


def _cased(word: str) -> bool:
    """A word written as a name: a capital anywhere, a digit, or a script without case."""
    return any(ch.isupper() or ch.isdigit() for ch in word) or any(
        ch.isalpha() and ch.lower() == ch.upper() for ch in word
    )


def bound_value(raw: str, *, lowercase: bool = False) -> str:
    """The value at the start of ``raw``: cut at the clause's end and at its adjuncts.

    A name runs over its cased words and the connectors inside it ("Marlow & Finch",
    "Salon Ngọc", "Pixel 8"); a lowercase value (only where ``lowercase``) runs to the first
    function word, at most three words.

    Example:
        >>> bound_value("Kestrel Mutual at renewal, it was cheaper")
        'Kestrel Mutual'
        >>> bound_value("an oat flat white since March", lowercase=True)
        'oat flat white'
        >>> bound_value("slow today")
        ''
        >>> bound_value("about 6:10/km, comfortably", lowercase=True)
        '6:10/km'
    """
    text = _VALUE_END.split(raw, maxsplit=1)[0]
    text = _SYMBOL.split(text, maxsplit=1)[0]
    text = re.sub(r"^(?:a|an|the)\s+", "", text.strip(), flags=re.IGNORECASE)
    text = _APPROX.sub("", text)
    words = text.split()
    if not words:
        return ""
    out: list[str] = []
    if words[0].casefold().strip("'’.") in VALUE_STOP_WORDS:
        return ""  # "I'm", "We", "This": the next clause, not a value
    if _cased(words[0]):
        for w in words:
            if out and w.casefold().strip("'’.") in _PRONOUNS:
                break  # "the X I bought years ago": the relative clause is not the name
            if _cased(w) or (out and w.casefold() in _CONNECTORS):
                out.append(w)
            else:
                break
        while out and out[-1].casefold() in _CONNECTORS:
            out.pop()
        if len(out) == 1 and _NUMBER.match(out[0]) and len(words) > 1:
            # a figure and its unit: "40 minutes", "52 bpm" (one lowercase word after it)
            unit = words[1].strip("'’.")
            low = unit.casefold()
            if unit.isalpha() and unit == low and len(unit) <= 10 and not (
                low in VALUE_STOP_WORDS or low in _ENDS_LOWERCASE or low in _PRONOUNS
            ):
                out.append(unit)
        if len(out) > 5:
            return ""
    elif lowercase:
        for w in words:
            low = w.casefold().strip("'’.")
            if low in VALUE_STOP_WORDS or _cased(w) or low in _ENDS_LOWERCASE:
                break
            out.append(w)
        if not out or len(out) > 3 or any(w.casefold().endswith("ing") for w in out):
            return ""
    value = " ".join(out).strip(" .'’")
    if value.casefold() in VALUE_STOP_WORDS:
        return ""
    return value


def _np_words(np: str) -> list[str]:
    words = [w for w in np.casefold().split() if w]
    while words and (words[0] in _MODIFIERS or words[0] in _DETERMINERS):
        words = words[1:]  # "switched the internet over": the determiner names nothing
    return words


def _singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


_HELD_AT: dict[str, str] = {"account": "bank", "savings": "bank", "savings account": "bank",
                            "checking account": "bank"}  # fmt: skip
"""What a provider keeps for the user, named for the provider's slot: "moved my accounts to
X" switches the bank (relation nouns, never values)."""


def _label_words(attribute: str) -> str:
    """How the fact's text names the attribute: the provider's slot for a thing it keeps
    ("accounts" -> "bank"), else as said."""
    words = _np_words(attribute)
    folded = " ".join([*words[:-1], _singular(words[-1])]) if words else ""
    held = _HELD_AT.get(" ".join(words)) or _HELD_AT.get(folded)
    return held.replace("_", " ") if held else attribute


def attribute_predicate(np: str) -> str:
    """The predicate an attribute noun phrase names: modifiers dropped, aliases folded, the
    last word singular, snake_case.

    Example:
        >>> attribute_predicate("new Home Insurer"), attribute_predicate("vets")
        ('home_insurer', 'vet')
        >>> attribute_predicate("mobile plan"), attribute_predicate("running shoes")
        ('phone_plan', 'running_shoe')
    """
    words = _np_words(np)
    said = " ".join(words)
    if said in ATTRIBUTE_ALIASES:
        return ATTRIBUTE_ALIASES[said]
    folded = " ".join([*words[:-1], _singular(words[-1])]) if words else ""
    if folded in ATTRIBUTE_ALIASES:
        return ATTRIBUTE_ALIASES[folded]
    if folded in _HELD_AT or said in _HELD_AT:
        return _HELD_AT.get(folded) or _HELD_AT[said]
    if len(words) > 1 and _singular(words[-1]) in _PROVIDER_HEADS:
        # "phone carrier", "mobile network": the provider of a thing whose own word already
        # names one slot ("phone" -> phone_plan) is that slot
        thing = " ".join(words[:-1])
        if ATTRIBUTE_ALIASES.get(thing, thing) != thing:
            return ATTRIBUTE_ALIASES[thing]
    if len(words) == 1 and (slot := slot_of(words[0])) != words[0]:
        return slot  # "my airport": the one default slot named with the word (home_airport)
    return re.sub(r"[^\w]+", "_", folded).strip("_")


_PROVIDER_HEADS = frozenset("provider carrier network operator supplier company plan".split())


_PEOPLE = frozenset({*RELATIONS, *PETS, *SINGLE_PEOPLE, *OTHER_PEOPLE})


def _attribute(np: str | None) -> str | None:
    """The attribute ``np`` names as said (modifiers dropped), or ``None`` when it names
    no attribute (a person, a pet, a home, a word a specific rule owns, a function word)."""
    if not np:
        return None
    said_words = np.split()
    if any(_cased(w) for w in said_words[1:]) or (
        said_words and any(ch.isdigit() or ch.isupper() for ch in said_words[0][1:])
    ):
        return None  # "our dog Rex is 3": a name inside, not an attribute noun phrase
    words = _np_words(np)
    if any(w in RELATIONS or w in PETS for w in words):
        return None
    if not words or any(w in VALUE_STOP_WORDS or w in _PRO_FORMS for w in words):
        return None  # "this one: X": a word that points at what follows names nothing
    if words[0] in _PARTICLES:
        return None  # "switched over to X": the verb's particle, no noun
    head = words[-1]
    said = " ".join(words)
    if head in ATTRIBUTE_NOT or said in ATTRIBUTE_NOT or _singular(head) in ATTRIBUTE_NOT:
        return None
    if said in _PEOPLE or (len(words) == 1 and _singular(head) in _PEOPLE):
        return None  # a person ("my dentist"); "my password manager" is a thing
    if head in RELATIONS or head in PETS:
        return None
    if len(words) == 1 and (head in HOME_NOUNS or _singular(head) in HOME_NOUNS):
        return None
    return said


def _noun_phrase(text: str) -> str:
    """The lowercase words at the start of ``text`` up to a function word (at most three):
    "running shoes for years" -> "running shoes"."""
    words: list[str] = []
    for w in re.findall(r"[^\W\d_][\w-]*|\S", text)[:4]:
        low = w.casefold()
        if not re.fullmatch(_WORD, w) or low in VALUE_STOP_WORDS or low in _AUXILIARIES:
            break
        if _cased(w) or (len(low) > 3 and low.endswith("ed")):
            break  # a name, or a verb in the past ("my laptop died" is a clause)
        words.append(w)
    return " ".join(words[:3])


def _plural_said(attribute: str) -> bool:
    head = attribute.split()[-1]
    return _singular(head) != head


def _reading(attribute: str | None, value: str, replaces: str | None = None,
             prep: str = "", predicate: str | None = None) -> AttributeReading | None:  # fmt: skip
    if not value:
        return None
    if replaces is not None and (
        not replaces or replaces.casefold() == value.casefold() or len(replaces.split()) > 5
    ):
        replaces = None
    if attribute is None:
        if replaces is None:
            return None
        return AttributeReading(
            "", UNNAMED, value, replaces, f"The user now has {value}.", weak=True
        )
    predicate = predicate or attribute_predicate(attribute)
    if not predicate:
        return None
    label = _label_words(attribute)
    verb = "are" if label == attribute and _plural_said(attribute) else "is"
    text = f"The user's {label} {verb} {prep}{value}."
    return AttributeReading(attribute, predicate, value, replaces, text)


def _value_after(raw: str, *, lowercase: bool) -> str:
    return bound_value(_TRAILING.sub("", raw), lowercase=lowercase)


def _old_value(raw: str) -> str:
    """The value a switch gives up: a name, or a lowercase noun phrase of a few words."""
    raw = re.sub(r"^(?:(?:my|our|the|a|an)\s+)+", "", raw.strip(), flags=re.IGNORECASE)
    return bound_value(raw, lowercase=True)


# "so it's Stevenage now, not Basildon", "Orla Fibre now, not Telnet any more": a value
# now in the place of an earlier one, no attribute named; the write policy finds the slot
# that holds the old value (``UNNAMED``), and nothing is stored when none does
_NOW_NOT = re.compile(
    r"(?:^\W*|\b(?:so|and|but|now)\s+|,\s+)(?:(?:so|and|but|also|well|ok|okay|anyway)\s+)*"
    r"(?:(?:it's|it’s|it is|its|now it's)\s+)?"
    r"(?P<new>(?-i:[A-Z]|[^\W\d_a-zA-Z])[\w'’.&-]*(?:\s+(?-i:[A-Z]|[^\W\d_a-zA-Z]|\d)[\w'’.&-]*){0,3})"
    r"\s+now\s*,?\s+not\s+(?:the\s+)?"
    r"(?P<old>(?-i:[A-Z]|[^\W\d_a-zA-Z])[\w'’.&-]*(?:\s+(?-i:[A-Z]|[^\W\d_a-zA-Z]|\d)[\w'’.&-]*){0,3})"
    r"(?:\s+(?:any\s?more|these days))?\s*(?:[,.;!?]|$)",
    re.IGNORECASE,
)


def _now_not(clause: str) -> AttributeReading | None:
    m = _NOW_NOT.search(clause)
    if m is None:
        return None
    return _reading(None, m.group("new"), m.group("old"))


def _switch(clause: str) -> AttributeReading | None:
    if m := _FROM_TO.search(clause):
        np = m.group("np") if m.group("poss") else m.group("bare")
        attribute = _attribute(np)
        if np and attribute is None:
            return None  # "moved house from X to Y", "moved back from X": not ours
        if m.group("bare") and not m.group("poss") and attribute is not None:
            # "switched hairdressers from X to Y": a plural names the kind of thing; a
            # singular there is a thing of its own ("moved pylon over from X to Y")
            if _singular(attribute) == attribute or _singular(attribute) in NOT_AN_ATTRIBUTE_NOUN:
                return None
            attribute = _singular(attribute)
        old, new = _old_value(m.group("x")), _value_after(m.group("o"), lowercase=True)
        if attribute is None and not (_cased(old) and _cased(new)):
            return None  # "went from bad to worse"
        return _reading(attribute, new, old)
    for pattern in (_FOR, _WITH):
        if m := pattern.search(clause):
            rest = m.group("o")
            named = _AS_MY.search(rest)
            attribute = _attribute(named.group("np")) if named else None
            x = m.group("x").strip()
            old = _old_value(x)
            if not _cased(old) and attribute is None and len(x.split()) <= 3:
                # "traded in my old bike for a X", "replaced my headphones with X": the
                # noun after "my" is the attribute, the old value unnamed
                lead = clause[: m.start("x")].casefold()
                if re.search(r"\b(?:my|our)\s+(?:old\s+)?$", lead):
                    attribute, old = _attribute(x), ""
            new = _value_after(rest[: named.start()] if named else rest, lowercase=bool(attribute))
            if attribute is None and not (_cased(old) and _cased(new)):
                return None
            return _reading(attribute, new, old or None)
    if m := _CANCELLED_AND.search(clause):
        rest = m.group("o")
        named = _AS_MY.search(rest)
        attribute = _attribute(named.group("np")) if named else None
        old = _old_value(m.group("x"))
        new = _value_after(rest[: named.start()] if named else rest, lowercase=False)
        if _cased(old) and new:
            return _reading(attribute, new, old)
    if m := _OUT_IN.match(clause):
        attribute = _attribute(m.group("np"))
        old, new = _old_value(m.group("x")), _value_after(m.group("o"), lowercase=True)
        if attribute is not None or (_cased(old) and _cased(new)):
            return _reading(attribute, new, old)
    if m := _NO_MORE.match(clause):
        rest = m.group("o")
        named = _COPULA.match(rest)
        if named and (attribute := _attribute(named.group("np"))):
            new = _value_after(named.group("o"), lowercase=True)
            return _reading(attribute, new, _old_value(m.group("x")), _prep(named))
        old, new = _old_value(m.group("x")), _value_after(rest, lowercase=False)
        if _cased(old) and _cased(new):
            return _reading(None, new, old)
    for pattern in (_BYE_HELLO, _HELLO_BYE):
        if m := pattern.match(clause):
            old, new = _old_value(m.group("x")), _value_after(m.group("o"), lowercase=False)
            if _cased(old) and _cased(new):
                return _reading(None, new, old)
    if (m := _NP_THEN.search(clause)) and (attribute := _attribute(m.group("np"))):
        if m.group("poss") or not (
            attribute in NOT_AN_ATTRIBUTE_NOUN or _singular(attribute) in NOT_AN_ATTRIBUTE_NOUN
        ):
            if value := _value_after(m.group("o"), lowercase=True):
                return _reading(attribute, value)
    if (m := _NP_CHANGED.match(clause)) and (attribute := _attribute(m.group("np"))):
        return _reading(attribute, _value_after(m.group("o"), lowercase=True))
    if m := _NP_TO.search(clause):
        attribute = _attribute(m.group("np"))
        if attribute is None:
            return None
        bare = not m.group("poss")
        if bare and m.group("verb").casefold() == "moved":
            return None  # "moved house to Leeds": a move, the location rule's
        if bare and (
            attribute in NOT_AN_ATTRIBUTE_NOUN or _singular(attribute) in NOT_AN_ATTRIBUTE_NOUN
        ):
            return None  # "changed teams to ..."
        return _reading(attribute, _value_after(m.group("o"), lowercase=True))
    return None


def _prep(m: re.Match[str]) -> str:
    prep = (m.group("prep") or "").strip().casefold()
    return f"{prep} " if prep else ""


def _copula(clause: str) -> AttributeReading | None:
    m = _COPULA.search(clause)
    if m is None:
        return None
    attribute = _attribute(m.group("np"))
    if attribute is not None and (pp := _HEAD_BEFORE_PP.search(clause[: m.start()])):
        # "the gym near my office is X": "my office" is a preposition's object; the noun
        # before the preposition is what the copula gives the value of
        attribute = _attribute(pp.group("head"))
    if attribute is None:
        return None
    raw = m.group("o")
    prep = _prep(m)
    article = bool(re.match(r"(?:a|an|the)\s", raw, re.IGNORECASE))
    lowercase = bool(m.group("eq")) or prep == "by " or (article and len(attribute.split()) > 1)
    if prep == "with " and not _cased(raw.split()[0] if raw.split() else ""):
        return None  # "my laptop is with the repair shop"
    if m.group("cop") and m.group("cop").casefold() == "are" and re.search(r"\s(?:and|&)\s|,", raw):
        return None  # "my hobbies are climbing and chess": a list, not one value
    own = None
    if article and not prep and " " not in attribute and (
        ATTRIBUTE_ALIASES.get(attribute, attribute) != attribute
    ):
        # "my phone is a Kestrel Mini": a thing, by its article, is the device itself; the
        # device's word alone names its plan's slot only for a provider ("my phone's with X")
        own = _device(attribute)
    return _reading(attribute, _value_after(raw, lowercase=lowercase), prep=prep, predicate=own)


def _device(attribute: str) -> str | None:
    """The slot of a device named by a word that alone also names its plan ("phone")."""
    return re.sub(r"[^\w]+", "_", _singular(attribute)).strip("_") or None


def _label(clause: str) -> AttributeReading | None:
    m = _LABEL.match(clause)
    if m is None:
        return None
    attribute = _attribute(m.group("np"))
    if attribute is None or len(attribute.split()) > 3:
        return None
    if " " not in attribute and ATTRIBUTE_ALIASES.get(attribute, attribute) != attribute:
        # "Phone: Pixel 8": the device itself, never its plan's slot the word also names
        return _reading(attribute, _label_value(m.group("o")), predicate=_device(attribute))
    if _VERDICT_WORD.match(m.group("o")):
        return None  # "okra = absolutely not": a verdict on the thing, not an attribute
    return _reading(attribute, _label_value(m.group("o")))


# a clause of its own after the colon: a subject phrase, then a finite copula
_OWN_COPULA = re.compile(r"^\W*(?:the|my|our|it|this|that)\b[^,;]*?\s(?:is|are|was|were)\s", re.I)


def _label_value(raw: str) -> str:
    """A label's value: the rest of the clause, to its end or its first adjunct ("Blood
    type: A positive", "Coffee order: oat flat white, always")."""
    text = _SYMBOL.split(_VALUE_END.split(raw, maxsplit=1)[0], maxsplit=1)[0]
    if _OWN_COPULA.search(text):
        return ""  # "small correction: the company I work for is X": a clause, no label
    text = re.sub(r"^(?:a|an|the)\s+", "", _TRAILING.sub("", text).strip())  # "A positive"
    words: list[str] = []
    for w in text.split():
        if w.casefold() in VALUE_STOP_WORDS and (words or not _cased(w)):
            break
        words.append(w)
    if not words or len(words) > 4 or any(w.casefold().endswith("ing") for w in words):
        return ""
    return " ".join(words).strip(" .'’")


def _value_first(clause: str) -> AttributeReading | None:
    m = _VALUE_FIRST.match(clause)
    if m is None:
        return None
    attribute = _attribute(m.group("np"))
    raw = m.group("o").strip()
    value = bound_value(raw)
    if attribute is None or value != raw.strip(" .'’"):
        return None  # the words before "is my X" must be the value and nothing else
    found = _reading(attribute, value)
    return replace(found, own=True) if found is not None else None


def _mentioned(clause: str, preceding: str, following: str, value: str) -> str | None:
    """The one attribute named beside ``value`` in its sentence ("Retired the old laptop —
    went with X": ``laptop``), outside the value itself; ``None`` when none or several are.

    Example:
        >>> _mentioned("went with the Zephyr 14", "Retired the old laptop — ", "", "Zephyr 14")
        'laptop'
        >>> _mentioned("I'm still on the Kettle One, phone-wise", "", "", "Kettle One")
        'phone'
        >>> _mentioned("went with Zed", "New boss, new office — ", "", "Zed") is None
        True
    """
    before = _SENTENCE_BREAK.split(preceding)[-1]
    after = _SENTENCE_BREAK.split(following, maxsplit=1)[0]
    sentence = f"{before} {clause.replace(value, ' ')} {after}"
    found: set[str] = set()
    for m in _MENTION.finditer(sentence):
        if kind := m.group("kind"):
            # "switched broadband providers, we're with X now": a plural names the kind
            said = _noun_phrase(kind)
            if not said or _singular(said.split()[-1]) == said.split()[-1]:
                continue  # "switched off", "changed my mind": no kind of thing named
            said = " ".join([*said.split()[:-1], _singular(said.split()[-1])])
            if said in NOT_AN_ATTRIBUTE_NOUN or said.split()[-1] in NOT_AN_ATTRIBUTE_NOUN:
                return None  # "switched teams", "changed sides"
        else:
            said = m.group("wise") or _noun_phrase(m.group("np"))
        attribute = _attribute(said) if said else None
        if said and (_project_noun(said) or (attribute is None and _someone_or_home(said))):
            return None  # "the old place", "new boss", "the old db": another kind of thing
        if said and any(_singular(w) in _NOT_HELD for w in _np_words(said)):
            return None  # "new year, new me", "a new hobby": a time or a pursuit, no holding
        if attribute is not None:
            found.add(attribute)
    return found.pop() if len(found) == 1 else None


def _someone_or_home(said: str) -> bool:
    """The noun phrase names a person, a pet or a home ("new boss", "the old place")."""
    words = _np_words(said)
    if not words:
        return False
    head = _singular(words[-1])
    return any(w in RELATIONS or w in PETS for w in words) or head in _PEOPLE or words[-1] in (
        _PEOPLE
    ) or head in HOME_NOUNS or words[-1] in HOME_NOUNS or head in ("place", "flat", "house")


def _project_noun(attribute: str) -> bool:
    """A noun a project's topic owns ("database", "db", "hosting"): the team's, not a
    holding of the user's."""
    return attribute in TOPICS or attribute in TOPIC_NOUNS or attribute in OWNED_TOPICS


def _commute(clause: str) -> AttributeReading | None:
    """ "I get to work by bus", "we get in by tram now", "I take the train into the office":
    the means of getting to work."""
    if t := _TAKE_TO_WORK.match(clause):
        if _someone_or_home(t.group("o")):
            return None  # "I take the kids to school": an errand, not how the user gets in
        found = _reading("commute", _value_after(t.group("o"), lowercase=True), prep="by ")
        return replace(found, own=True) if found is not None else None
    m = _COMMUTE.match(clause)
    if m is None:
        return None
    found = _reading("commute", _value_after(m.group("o"), lowercase=True), prep="by ")
    return replace(found, own=True) if found is not None else None


def _verb_frame(clause: str, following: str, preceding: str = "") -> AttributeReading | None:
    m = _VERB.match(clause) or _BE_ON.match(clause)
    if m is None:
        return None
    verb = " ".join(m.group("verb").casefold().split())
    rest = m.group("o")
    named = _AS_MY.search(rest)
    if named and named.group("role").casefold() == "for" and verb in _PURCHASES:
        named = None  # "I got a Kobo for my birthday": the occasion, not what it is
    attribute = _attribute(named.group("np")) if named else None
    if named:
        rest = rest[: named.start()]
    elif (slot := _FOR_SLOT.search(rest)) and verb not in _PURCHASES:
        # "I'm with X for broadband", "with X for mobile": a bare "for" and a word that
        # already names a slot (not "for the commute", "for work": a purpose)
        word = slot.group("np").casefold()
        if word in ATTRIBUTE_ALIASES:
            attribute, rest = word, rest[: slot.start()]
    value = _value_after(rest, lowercase=verb == "commute by")
    if not value:
        return None
    if attribute is None:
        # "I ride a Xiaomi Mi 4 scooter to work": the noun after the name is what it is
        tail = rest.strip()[len(value) :] if rest.strip().startswith(value) else ""
        if t := re.match(rf"^\s+({_WORD})(?=\s*$|\s*[,;.!?]|\s+(?:{_STOP_ALT})\b)", tail):
            noun = t.group(1)
            low = noun.casefold()
            ends = VALUE_STOP_WORDS | _PARTICLES | _AFTERWORDS
            if not _cased(noun) and low not in ends and not (len(low) > 3 and low.endswith("ed")):
                attribute = _attribute(noun)
    after = rest.strip()[len(value) :] if rest.strip().startswith(value) else ""
    if attribute is None and (a := _APPOSITIVE.match(after + following)):
        attribute = _attribute(
            _noun_phrase((after + following)[a.start("np") :])
        )  # "I support X, my football team since 2001"
    beside = False
    if attribute is None:
        attribute = _mentioned(clause, preceding, following, value)
        beside = attribute is not None  # named in the words: more than a verb's guess
    if attribute is None:
        default = _VERB_DEFAULT.get(verb)
        if default is None:
            return None
        attribute = default
    prep = "by " if verb == "commute by" else ""
    found = _reading(attribute, value, prep=prep)
    return replace(found, weak=not beside) if found is not None else None


def _thats_my(clause: str, following: str = "") -> AttributeReading | None:
    """"the cat goes to X, that's our vet", "I play on a X, my piano since 2019": the name
    just before the appositive is what it names."""
    m = _THATS_MY.match(clause + following)
    if m is None or (attribute := _attribute(_noun_phrase(m.group("np")))) is None:
        return None
    words = m.group("head").split()
    name: list[str] = []
    for w in reversed(words):
        if _cased(w) or (name and w.casefold() in _CONNECTORS):
            name.insert(0, w)
        else:
            break
    if not name or len(name) > 5 or name[0].casefold() in _CONNECTORS:
        return None
    found = _reading(attribute, bound_value(" ".join(name)))
    return replace(found, own=True) if found is not None else None


_BARE_NP = re.compile(
    rf"^\W*{_POSS}\s+(?:new\s+)?{_NP}(?:\s+(?:now|these days|nowadays|at the moment))?\W*$",
    re.IGNORECASE,
)


def _named_after(clause: str, preceding: str) -> AttributeReading | None:
    """ "X is out, Y is in: my football team": the attribute after the colon names what the
    words before it switched (the clause splitter keeps only the words after a lead)."""
    m = _BARE_NP.match(clause)
    head = preceding.rstrip()
    if m is None or not head.endswith((":", "—", "–")):
        return None
    attribute = _attribute(m.group("np"))
    before = re.split(r"(?<=[.!?;])\s+", head.rstrip(":—– "))[-1]
    found = _switch(_LEAD.sub("", before))
    if attribute is None or found is None or found.predicate != UNNAMED:
        return None
    return _reading(attribute, found.value, found.replaces)


# A value said in a clause of its own ("it's X now", "I've got a X now", "X from now on"),
# after the clause that makes the change: by its attribute ("switched cars —", "my bank
# changed,") or by the value it gives up ("ditched X.", "the X is gone;"). Function words,
# the verbs of a change or of giving up, and the aspect adverbs only.
_NOW_VALUE = re.compile(
    r"^\W*(?:(?:and|so|now|but)\s+)*(?:(?:it's|it\s+is|its|they're|they\s+are|"
    r"(?:i|we)(?:'ve|\s+have)\s+got|(?:i|we)\s+(?:have|got)|(?:i'm|i\s+am|we're|we\s+are)\s+"
    r"(?:with|at|on|using))\s+(?P<o>.+)"
    r"|(?P<bare>[^,;:.!?—–]+?)\s+(?:from\s+now\s+on|going\s+forward|these\s+days|now|"
    r"instead)\W*$)",
    re.IGNORECASE,
)
_NP_CHANGED_ALONE = re.compile(
    rf"^\W*{_POSS}\s+{_NP}\s+(?:(?:has|have|'s|just|finally|recently)\s+)*"
    r"(?:changed|switched|moved)\W*$",
    re.IGNORECASE,
)
_GAVE_UP = re.compile(
    r"^\W*(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:(?:finally|just|also)\s+)?"
    r"(?:ditched|dropped|dumped|left|quit|cancell?ed|canceled|got\s+rid\s+of|sold|binned|"
    r"scrapped|stopped\s+using)\s+(?:(?:my|our|the)\s+(?:old\s+)?)?(?P<x>[^,;:.!?—–]+?)\W*$"
    r"|^\W*(?:(?:my|our|the)\s+(?:old\s+)?)?(?P<y>[^,;:.!?—–]+?)\s+(?:is|are|'s)\s+"
    r"(?:gone|over|history|done|out)\W*$",
    re.IGNORECASE,
)


def _after_change(clause: str, preceding: str) -> AttributeReading | None:
    """ "switched cars — it's X now", "my bank changed, it's X these days", "ditched X. Y
    from now on", "the X is gone; I've got a Y now": the value in a clause of its own, the
    change in the clause before it (in its sentence or the one before)."""
    m = _NOW_VALUE.match(clause)
    if m is None or not preceding.strip():
        return None
    raw = m.group("o") if m.group("o") is not None else m.group("bare")
    value = _value_after(raw, lowercase=False)
    if not value or (m.group("bare") is not None and value != raw.strip(" .!'’")):
        return None
    pieces = [p for p in re.split(r"[.!?;:,—–]+\s*|\s-\s", preceding) if p.strip()]
    if not pieces:
        return None
    before = _LEAD.sub("", pieces[-1].strip())
    if (attribute := _changed_kind(before, value)) is not None:
        return _reading(attribute, value)
    if (c := _NP_CHANGED_ALONE.match(before)) and (attribute := _attribute(c.group("np"))):
        thing = re.match(r"\W*(?:a|an)\s", raw, re.IGNORECASE) and " " not in attribute and (
            ATTRIBUTE_ALIASES.get(attribute, attribute) != attribute
        )  # "my phone changed, it's a Tern Lite": the device, by its article
        return _reading(attribute, value, predicate=_device(attribute) if thing else None)
    if g := _GAVE_UP.match(before):
        old = _old_value(g.group("x") or g.group("y") or "")
        if _cased(old) and old.casefold() != value.casefold():
            # "switched gyms: cancelled X, I'm at Y now": the piece before the one that
            # gives X up names what changed (#12)
            earlier = _LEAD.sub("", pieces[-2].strip()) if len(pieces) > 1 else ""
            return _reading(_changed_kind(earlier, value) if earlier else None, value, old)
    return None


def _changed_kind(piece: str, value: str) -> str | None:
    """The attribute a change names in ``piece`` ("switched cars", "changed my bank"), or
    ``None``: a plural names the kind of thing, a possessive the holding ("changed my
    mind" names nothing)."""
    t = _NP_THEN.search(f"{piece} — it's {value}")
    if t is None or (attribute := _attribute(t.group("np"))) is None:
        return None
    if t.group("poss"):
        return None if attribute in NOT_A_HOLDING else attribute
    if (
        _singular(attribute) != attribute
        and _singular(attribute) not in NOT_AN_ATTRIBUTE_NOUN
        and attribute not in NOT_AN_ATTRIBUTE_NOUN
    ):
        return _singular(attribute)
    return None


_MENTION_LEAD = re.compile(
    r"^\W*(?:(?:found|got|have|there's|picked|chose|signed up with|joined)\s+)?"
    rf"(?:(?:{_POSS}|a|an|the)\s+)?(?:new\s+)(?P<np>{_WORD}(?:\s+{_WORD})?)\s*[:—–-]?$",
    re.IGNORECASE,
)


def _name_after_mention(clause: str, preceding: str) -> AttributeReading | None:
    """ "Got a new insurer — X.": a clause that is only a name, after words that name a new
    holding and end in a dash or a colon (the clause splitter cut them apart)."""
    head = preceding.rstrip()
    if not head.endswith((":", "—", "–", "-")):
        return None
    piece = _SENTENCE_BREAK.split(head)[-1]
    m = _MENTION_LEAD.match(piece)
    value = bound_value(_TRAILING.sub("", clause.strip()))
    if m is None or not value or value != clause.strip(" .!'’"):
        return None
    attribute = _attribute(_noun_phrase(m.group("np")))
    if attribute is None or _project_noun(attribute):
        return None
    return _reading(attribute, value)


def read_attributes(
    clause: str, *, following: str = "", preceding: str = ""
) -> list[AttributeReading]:
    """The one-at-a-time attribute values ``clause`` states (at most one).

    Args:
        clause: one clause of the user's own words (a time phrase may be left in).
        following: the words of the message after the clause, for an attribute named in an
            appositive that the clause splitter put in a clause of its own ("I support X,
            my football team since 2001").
        preceding: the words of the message before the clause, for a clause that only
            names the attribute after a colon ("X is out, Y is in: my football team").

    Example:
        >>> [(r.predicate, r.value) for r in read_attributes("My commute is by tram now")]
        [('commute', 'tram')]
        >>> [(r.predicate, r.value) for r in read_attributes("Went with Three as my carrier.")]
        [('mobile_carrier', 'Three')]
    """
    text = _LEAD.sub("", clause.strip())
    named = (
        _named_after(text, preceding)
        or _name_after_mention(text, preceding)
        or _after_change(text, preceding)
    ) if preceding else None  # fmt: skip
    if named is not None:
        return [named]
    for read in (_switch, _now_not, _value_first, _copula, _label):
        found = read(text)
        if found is not None:
            return [found]
    found = _commute(text) or _verb_frame(text, following, preceding) or _thats_my(text, following)
    if found is None and (pieces := re.split(r"(?<=\w),\s+", text)) and len(pieces) > 1:
        # a clause the splitter kept whole ("Switched broadband providers, we're with X
        # now"): each later piece is read with the words before it
        for i, piece in enumerate(pieces[1:], 1):
            before = f"{preceding}{', '.join(pieces[:i])}, "
            after = ", ".join(pieces[i + 1 :])
            if got := read_attributes(piece, following=after + following, preceding=before):
                return got
    return [found] if found is not None else []
