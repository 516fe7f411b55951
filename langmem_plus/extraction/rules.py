"""``RuleExtractor``: offline, deterministic English patterns; no model, no network.

Good enough for the demo, for tests, and as a zero-cost first pass. It reads the user's
turns clause by clause ("I live in Berlin and work at Acme" is two clauses), strips a time
phrase before matching (so "I moved to Berlin in August" gives the object "Berlin" and
``valid_from`` 1 August), and emits third-person facts with the user's own words as the
quote. Matching is case-insensitive and phrasing-tolerant, but it is a pattern list: what it
covers and what it does not is listed in ``docs/extraction.md``.

Every candidate is *grounded* (DESIGN.md, "Grounded candidates"), read from the clause's
structure rather than from word lists (``grounding.py``): whose fact it is (a clause whose
subject is "my cousin" or "Ana" is read with that person as "I" and given to them, subject
``person:<x>``), how it is meant (question, hypothetical, plan), whether it takes a value
back ("no longer", "left", "died"), whether it is in the user's own words or in a pasted
block, whether its time was stated, whether it is a past state (``valid_to``), and, for an
attribute the policy may not know ("my phone plan is X"), whether it holds one value at a
time. Values are found by position — the capitalised span (or, in lowercase, the words up
to the first function word) after a strong frame such as "live in", "moved to", "work
at" — so a city or employer never needs to be known in advance.

Questions, moods, hedges, sensitive categories and instructions are *not* special-cased
here: the shared post-filters (``filters.py``, over ``text_rules``) drop them, and verify
the grounding fields, for every extractor alike.

Example:
    >>> from langchain_core.messages import HumanMessage
    >>> facts = RuleExtractor().extract([HumanMessage(
    ...     "I live in Berlin and work at Acme. I'm allergic to peanuts and shellfish.")])
    >>> [(f.predicate, f.object) for f in facts]
    [('city', 'Berlin'), ('employer', 'Acme'), ('allergy', 'peanuts'), ('allergy', 'shellfish')]
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, replace

from langmem_plus.extraction.attributes import _VERB_DEFAULT, UNNAMED, read_attributes
from langmem_plus.extraction.base import BaseExtractor, ExtractionResult, UserTurn
from langmem_plus.extraction.cars import current_car, names_a_car
from langmem_plus.extraction.clauses import read_message, slot_of
from langmem_plus.extraction.elided import elided_readings
from langmem_plus.extraction.grounding import (
    Holder,
    describe_holder,
    holder_of,
    is_past_state,
    modality,
    negated_before,
    person_subject,
    retraction_cue,
    valid_to_of,
    without_asked_tail,
)
from langmem_plus.extraction.holder_check import (
    contrast_clause,
    ends_in_users_aside,
    someone_elses_clause,
    users_aside,
    users_value_in,
)
from langmem_plus.extraction.past import clause_with
from langmem_plus.extraction.people import (
    activity_partner,
    ending_said_of,
    listed_members,
    named_definitely,
    names_after,
    people_in,
    people_name,
    relation_predicate,
    unnamed_relation,
)
from langmem_plus.extraction.pursuits import hobby_candidates
from langmem_plus.extraction.readings import readings
from langmem_plus.extraction.repairs import LIST_SEP, REPAIR_LEAD, REPAIR_MARK, repaired
from langmem_plus.extraction.retraction import (
    SLIP_OWNED,
    bare_correction,
    closest,
    corrected_value,
    ended,
    ended_by_event,
    ending_of,
    given_up,
    joined,
    named_correction,
    set_aside,
    stated_correction,
    stated_value,
    without_own_clause,
    wrong_after,
)
from langmem_plus.extraction.saves import (
    bare_lead,
    save_lead,
    save_list,
    saved_after,
    saved_specs,
    verb_phrase,
    weak_lead,
)
from langmem_plus.extraction.thennow import now_readings, then_and_now
from langmem_plus.extraction.timeparse import TimeExpression, find_time_expression
from langmem_plus.extraction.turns import EMOJI_CHAR, EMOJI_RUN
from langmem_plus.extraction.undecided import undecided_candidates
from langmem_plus.extraction.vocab import (
    ATTRIBUTE_ALIASES,
    ATTRIBUTE_NOT,
    COUNTRIES,
    DIET_WORDS,
    GENERIC_OWNERS,
    GENERIC_THINGS,
    HOME_NOUNS,
    KIN_ADJECTIVES,
    KIN_MODIFIER,
    LANGUAGES,
    NAME_PARTICLES,
    NO_LETTER_AFTER,
    NOT_A_NAME,
    NOT_A_PROJECT,
    NOT_A_SCOPE,
    NOT_AN_ATTRIBUTE_NOUN,
    OTHER_PEOPLE,
    OWNED_TOPICS,
    PETS,
    RELATIONS,
    ROLE_HEADS,
    SINGLE_PEOPLE,
    SINGULAR_AGREEMENT,
    TITLE_ABBREVIATIONS,
    TONE_WORDS,
    TOPIC_NOUNS,
    TOPICS,
    VALUE_STOP_WORDS,
)
from langmem_plus.facts.models import CandidateFact
from langmem_plus.facts.policy import CORRECTION, DEFAULT_SINGLE_VALUED, UNNAMED_WRONG
from langmem_plus.facts.retrieval import ATTRIBUTE_WORDS
from langmem_plus.facts.text_forms import with_part, with_value

__all__ = ["RuleExtractor", "third_person"]

def _alternation(words: Collection[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_TECH_WORDS = {w for words in TOPICS.values() for w in words}
_NOT_A_NAME = NOT_A_NAME
_NOT_A_PLACE_START = re.compile(
    r"^(?:a|an|my|our|his|her|their|your|another|new|some|this|that|there|here|home)\b"
    # a person's title: "moved over to Dr. Moreau" is a new dentist, not a town
    r"|^(?:dr|mr|mrs|ms|miss|prof|doctor)\b\.?(?=\s)",
    re.I,
)

# --------------------------------------------------------------------------- text helpers

_FILLER_TAIL = re.compile(
    r"(?:[\s,]+(?:now|these days|nowadays|currently|anymore|any more|again|too|as well|"
    r"permanently|for good|already|full[- ]time|part[- ]time|remotely|though|actually|"
    r"recently|lately|of late|at the moment|at present|right now|for now|for the time being|"
    r"in production|in prod|on production|for production|every (?:single )?\w+|"
    r"as (?:our|the|its|their|my|a|an) (?:main |primary |production |prod |default )?"
    r"(?:database|db|datastore|data store|store|storage|host|hosting(?: provider)?|"
    r"cloud(?: provider)?|platform|deploy(?:ment)? target|backend|queue|framework|language)|"
    r"by the way|btw|fyi|tbh|fwiw|imo|just so you know|for the record|for reference|"
    r"thanks|thank you|please|ok|okay|lol|haha|right|then|instead|apparently|after all|"
    r"it seems|it turns out|i guess|i think|anyway|honestly|"
    r"(?:soon|shortly|right|straight|not long) after(?:wards)?|afterwards|after that))+\W*$",
    re.IGNORECASE,
)
_NEGATED_TAIL = re.compile(
    r"(?:,?\s+(?:and\s+)?(?:not|no longer|instead of|rather than)\s+(?:in\s+|at\s+)?.*)$", re.I
)
_CUT = re.compile(
    r"\s*(?:[,;:()\[\]]|\s-\s|—|–|\b(?:but|because|since|so that|so|where|which|who|while|"
    r"though|although|whereas|and then|with my|with our|for the past|for about|for over|"
    r"for (?:\w+ )?(?:years?|months?|weeks?|days?))\b)",
    re.IGNORECASE,
)
_AND = re.compile(r"\s*(?:,|\band\b|\bor\b|&|/|\bplus\b)\s*", re.IGNORECASE)


# A symbol that is not part of a name (an emoji, a bullet, an arrow) ends the value.
_SYMBOL = re.compile(r"[^\w\s'’.&+#/()@:,;!?\"“”‘-]")


def _tidy(value: str) -> str:
    if m := _SYMBOL.search(value):
        value = value[: m.start()]
    value = value.strip().strip("\"'“”‘’")
    value = re.sub(r"\s+", " ", value)
    return value.strip(" .!?,;:-\"'“”‘’")


# A preposition after a name starts a new phrase: "Halcyon in Bergen", "Acme as head of
# design", "Porto with my partner". The name is what comes before it.
_PREP_TAIL = re.compile(
    r"\s+(?:in|near|as|since|from|until|till|on|at|doing|where|after|before|with|for|by|"
    r"based|located|outside|around|because|when|while|via|to|into)\s+.*$",
    re.IGNORECASE,
)
_PARTICLES = NAME_PARTICLES


def _cased(word: str) -> bool:
    """A word that starts like a name: capitalised, or in a script without case (東京)."""
    first = word[:1]
    return first.isupper() or (first.isalpha() and not first.islower())


def _entity(value: str) -> str:
    """The name at the start of ``value``: its run of capitalised words (with particles
    such as "de" inside it: "Rio de Janeiro"), or, when written in lowercase, its words up
    to the first function word ("porto for a while" -> "porto")."""
    words = value.split()
    if not words:
        return value
    out: list[str] = []
    if _cased(words[0]):
        for i, word in enumerate(words):
            low = word.casefold().strip(",.;:!?")
            if i and low in VALUE_STOP_WORDS and low not in _PARTICLES:
                break  # "Oslo I'd ...", "Lyon I cycled"
            if _cased(word) or word[:1].isdigit():
                out.append(word)
            elif word.casefold() in _PARTICLES and i + 1 < len(words) and _cased(words[i + 1]):
                out.append(word)
            else:
                break
    else:
        for word in words[:4]:
            if word.casefold() in VALUE_STOP_WORDS and out:
                break
            out.append(word)
    return _tidy(" ".join(out))


_COPULA_FIRST = re.compile(r"^\s*(?:is|are|was|were|'s|’s)\s", re.IGNORECASE)
_CUT_LIST = re.compile(_CUT.pattern.replace("[,;:()", "[;:()"), re.IGNORECASE)


def _cut(value: str, *, keep_and: bool = False, keep_amp: bool = False) -> str:
    """The value up to the first clause break, without trailing fillers or 'not X' tails.

    With ``keep_and`` the value may be a list ("tree nuts, sesame and kiwi"); with
    ``keep_amp`` an ampersand stays part of a name ("Kettle & Co").
    """
    value = _NEGATED_TAIL.sub("", value)
    if _COPULA_FIRST.match(value):
        return ""  # "the company I work for is X": the verb's object moved out, no value
    m = (_CUT_LIST if keep_and else _CUT).search(value)
    if m:
        value = value[: m.start()]
    if not keep_and:
        value = re.split(
            r"\s+(?:and|or)\s+" if keep_amp else r"\s+(?:and|or|&)\s+", value, maxsplit=1
        )[0]
    prev = None
    while prev != value:
        prev = value
        value = _FILLER_TAIL.sub("", value)
    return _tidy(value)


_NOT_AN_ITEM = re.compile(
    r"^(?:the|my|our|his|her|their|it|he|she|they|this|that|which|who)\b"
    # a verb after "and" starts a clause of its own: "kiwi and need a dessert"
    r"|^(?:need|needs|want|wants|would|like|love|hate|am|can|could|will|should|must|get|got|"
    r"make|do|did|go|went|please|looking|trying|hope|wonder|"
    # a subjectless clause in the past: "lupin, found out the hard way at a bakery"
    r"found|learned|learnt|discovered|realised|realized|figured|ended|nearly|almost|ate|"
    r"tried|spent|took|landed|had to)\b"
    r"|\b(?:is|was|are|were|has|have|had|said|says|thinks|thought)\b",
    re.IGNORECASE,
)


def _items(value: str) -> list[str]:
    """Split a list ("peanuts, tree nuts and shellfish") into its items; the list ends at
    an item that is a clause of its own ("penicillin, the doctor was wrong")."""
    parts = [
        _tidy(re.sub(r"^(?:also|both|either|to)\s+", "", p, flags=re.I)) for p in _AND.split(value)
    ]
    out: list[str] = []
    for p in parts:
        if out and _NOT_AN_ITEM.search(p):
            break
        if p and p.casefold() not in _NOT_A_NAME:
            out.append(p)
    return out


def _topic(value: str) -> str | None:
    low = value.casefold()
    for topic, words in TOPICS.items():
        for word in words:
            if re.search(rf"(?<![\w.]){re.escape(word)}(?![\w])", low):
                return topic
    return None


def _is_tech(value: str) -> bool:
    return _topic(value) is not None


def _sentence(text: str) -> str:
    text = _tidy(text)
    if not text:
        return text
    return text[0].upper() + text[1:] + "."


_VERB_ES = re.compile(r"(?:s|sh|ch|x|z|o)$")


def _third_singular(verb: str) -> str:
    low = verb.casefold()
    irregular = {"have": "has", "do": "does", "go": "goes", "am": "is", "are": "is", "be": "is"}
    if low in irregular:
        return irregular[low]
    if low in {"can", "could", "will", "would", "should", "must", "might", "may", "shall",
               "was", "did", "had", "used", "also", "never", "always", "still", "just",
               "really", "often", "usually", "only", "don't", "didn't", "can't", "cannot",
               "won't"}:  # fmt: skip
        return {"don't": "doesn't"}.get(low, verb)
    if re.search(r"[^aeiou]y$", low):
        return verb[:-1] + "ies"
    if _VERB_ES.search(low):
        return verb + "es"
    if low.endswith("ed") or low.endswith("s"):
        return verb
    return verb + "s"


_FIRST_PERSON = [
    (r"\bI'm\b|\bI am\b", "the user is"),
    (r"\bI've\b", "the user has"),
    (r"\bI'd\b", "the user would"),
    (r"\bI'll\b", "the user will"),
    (r"\bwe're\b|\bwe are\b", "the user's team is"),
    (r"\bwe've\b", "the user's team has"),
    (r"\bmy\b|\bour\b", "the user's"),
    (r"\bmine\b|\bours\b", "the user's"),
    (r"\bmyself\b", "the user"),
    (r"\bme\b|\bus\b", "the user"),
]


def third_person(text: str) -> str:
    """Rewrite the user's first-person words as one third-person sentence about "the user".

    Example:
        >>> third_person("my sister lives in London")
        "The user's sister lives in London."
        >>> third_person("I always take the 7:40 train")
        'The user always takes the 7:40 train.'
    """
    out = text.strip().replace("’", "'")

    def subject_verb(m: re.Match[str]) -> str:
        who = "the user" if m.group(1).casefold() == "i" else "the user's team"
        adverb = m.group(2) or ""
        return f"{who} {adverb}{_third_singular(m.group(3))}"

    out = re.sub(
        r"\b(I|we)\s+((?:also|always|never|still|just|really|often|usually|only)\s+)?"
        r"([A-Za-z']+)",
        subject_verb,
        out,
        flags=re.IGNORECASE,
    )
    for pattern, repl in _FIRST_PERSON:
        out = re.sub(pattern, repl, out, flags=re.IGNORECASE)
    return _sentence(out)


# --------------------------------------------------------------------------- rules


@dataclass(frozen=True)
class _Spec:
    kind: str
    predicate: str
    object: str
    text: str
    subject: str = "user"
    scope: str | None = None
    polarity: str = "assert"
    """``retract`` when the rule itself reads an ending ("I left Acme", "our dog died")."""
    single_valued: bool | None = None
    """Set for an attribute the policy may not know ("my phone plan is X": one at a time)."""
    negation_in_value: bool = False
    """The rule put the negation into the value ("no pork"): it is not a retraction."""
    people: bool = False
    """A fact about a person or pet in the user's life (a death or break-up retracts it)."""
    holder: str = "user"
    """Whose fact it is: the user, or the other person the clause is about."""
    own: bool = False
    """The clause's words make it the user's whatever its grammatical subject ("Leuven is
    where I live": the subject is the place, the fact the user's)."""
    noun_phrase: bool = False
    """Said by a noun phrase ("my son Teo ..."), not by the clause's verb: the clause's
    mood and time ("... starts school next week") are about something else."""
    timeless: bool = False
    """An explicit save's date is part of what is kept, not when it began to hold."""
    replaces: str | None = None
    """A switch's old value ("traded the X for a Y": X); see ``attributes.py``."""
    framed: bool = False
    """Read by an attribute frame of ``attributes.py`` (its values take precedence)."""
    weak: bool = False
    """A frame's reading any typed reading of the clause beats (``AttributeReading.weak``)."""


@dataclass(frozen=True)
class _Context:
    clause: str  # time phrase removed
    scope: str | None  # the default scope passed to extract
    projects: frozenset[str]
    since: bool = False  # the removed time phrase was a start ("since May", "for a year")
    turn: str = ""  # the whole message, for cues outside the clause ("they promoted me")


_Rule = Callable[[_Context], list[_Spec]]
_RULES: list[tuple[str, _Rule, bool]] = []  # (name, rule, is_fallback)


def _rule(name: str, *, fallback: bool = False) -> Callable[[_Rule], _Rule]:
    def register(fn: _Rule) -> _Rule:
        _RULES.append((name, fn, fallback))
        return fn

    return register


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


_I = r"(?:^|\b)(?:i|we)"
# The auxiliary chain between the subject and the verb: tense, modals, negation, aspect
# and the adverbs people put there. The rules match *through* it ("I've been living in",
# "I might move to", "I'm not allergic to", "I no longer work at"); what it says (a plan,
# a negation, a past) is read from the clause by ``grounding``, not by each rule.
_ADV = (
    r"(?:'m|'re|'ve|'d|'ll|\s+(?:am|are|was|were|have|has|had|been|be|being|will|would|"
    r"shall|should|might|may|could|can|must|do|did|does|not|no longer|never|still|now|"
    r"currently|just|recently|finally|actually|also|already|officially|really|always|ever|"
    r"soon|eventually|happily|only|mostly|originally|permanently|ended up|wound up|both|"
    r"went ahead and|gone ahead and|went and|"
    r"(?:used|going|about|planning|hoping|wanting|trying|due|set|supposed|like|love|need|"
    r"have|want|plan|hope|intend|intending|aiming|aim|looking|got|decided) to|"
    r"planning on|thinking (?:of|about)|considering|gonna|wanna|got|don't|doesn't|didn't|"
    r"won't|wouldn't|can't|cannot|couldn't|haven't|hasn't|hadn't|wasn't|weren't|isn't|"
    r"aren't))*"
)
_IM = r"(?:^|\b)i(?:'m|\s+am)"


# ---- name
_NAME = _rx(
    r"\bmy (?:full |first |real )?name(?:'s|\s+is)\s+"
    r"(?P<o>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,2})"
)
_PREFERRED = _rx(
    r"\b(?:(?:please\s+)?call me|i go by|i prefer to be called|people call me|"
    r"my (?:preferred name|nickname) is|you can call me|i'm known as|i am known as)\s+"
    r"(?P<o>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?)"
)
_GREETING = re.compile(
    r"^(?i:hi|hello|hey|hiya)[,!.]?\s+(?i:there[,!.]?\s+)?(?i:i(?:'m| am)|this is)\s+"
    r"(?P<o>[A-Z][a-z]+)\s*(?:[.!,]|$)"
)


# "Most people call me Bea", "my friends know me as Tavi": what others call the user, when
# it is a name ("some people call me lazy" is no name)
_CALLED_BY_OTHERS = re.compile(
    r"\b(?i:(?:[\w-]+\s+){1,3}?(?:calls?|know|knows)\s+me(?:\s+as)?)\s+"
    r"(?P<o>(?:[A-Z]|[^\W\d_a-zA-Z])[\w'-]*(?:\s+(?:[A-Z]|[^\W\d_a-zA-Z])[\w'-]*)?)"
)


def _name_value(raw: str) -> str | None:
    words = []
    for word in _cut(raw).split():
        if word.casefold() in _NOT_A_NAME or word.casefold() in {"and", "but", "from", "i"}:
            break
        words.append(word)
    return " ".join(words) or None


@_rule("name")
def _name_rule(ctx: _Context) -> list[_Spec]:
    out = []
    for m in _NAME.finditer(ctx.clause):
        if value := _name_value(m.group("o")):
            out.append(_Spec("fact", "name", value, f"The user's name is {value}."))
    for m in [*_PREFERRED.finditer(ctx.clause), *_CALLED_BY_OTHERS.finditer(ctx.clause)]:
        if (value := _name_value(m.group("o"))) and not any(s.object == value for s in out):
            out.append(_Spec("preference", "preferred_name", value, f"The user goes by {value}."))
    greet = _GREETING.match(ctx.clause.strip())
    if not out and greet and greet.group("o").casefold() not in LANGUAGES | COUNTRIES:
        value = greet.group("o")
        out.append(_Spec("fact", "name", value, f"The user's name is {value}."))
    return out


# ---- where the user lives
_MOVED = _rx(
    rf"{_I}{_ADV}\s+(?:mov(?:e|ed|es|ing)|relocat(?:e|ed|es|ing)|emigrat(?:e|ed|es|ing)|"
    r"immigrat(?:e|ed|es|ing)|shift(?:ed|s|ing)?)"
    # what moved with the user: "moved our whole household to", "relocated the kids to"
    r"(?:\s+(?:our|my|the|a)\s+(?:[\w-]+\s+){0,4}?(?:household|family|home|life|lives|"
    r"stuff|things|belongings|kids|children|base|everything|cat|dog|pets)\b)?"
    r"(?:\s+(?:house|back|over|abroad|away))?(?:\s+from\s+(?P<from>.+?))?\s+(?:to|into)\s+(?P<o>.+)"
)
_LIVE = _rx(
    rf"{_I}{_ADV}\s+(?:liv(?:e|ed|es|ing)|resid(?:e|ed|es|ing)|based|located|settl(?:e|ed|es|ing))"
    r"(?:\s+(?:together\s+)?with\s+(?:my|our)\s+[\w-]+(?:\s+[A-Z][\w'-]+)?)?"
    # the locative prepositions of a home (closed class): "in", "out in", "just outside"
    r"(?:\s+(?:just\s+|right\s+)?(?:out of|out in|outside(?: of)?|on the outskirts of|in))"
    r"\s+(?P<o>.+)"
)
_BEEN_IN = _rx(
    rf"{_I}{_ADV}\s+(?:been|stayed|staying)\s+in\s+(?P<o>.+?)(?:\s+(?P<d>since|for)\b|$)"
)
# the copula contracted as well as spelled out: "home's X", "my home's X" (#12)
_HOME = _rx(
    r"(?:\b(?:my home|home for me|my city|my current city)|^home)(?: is|'s|’s)(?: now)?\s+(?P<o>.+)"
)
# A home noun placed somewhere: "my flat is in X", "our new address is in X", "I rent a
# room in X", "I'm renting a studio in X", "we live in a flat in X".
_HOME_NOUN = rf"(?:{_alternation(HOME_NOUNS)})"
_HOME_IN = _rx(
    rf"\b(?:my|our)\s+(?:(?:new|current|own|little|rented)\s+)*{_HOME_NOUN}\s+"
    r"(?:is|'s|’s)\s+(?:now\s+|currently\s+)?in\s+(?P<o>.+)"
    rf"|{_I}{_ADV}\s+(?:rent|renting|rented|own|bought|share|sharing|found|got"
    # "we live in a tiny flat in X", "I'm living in a shared house in X" (#12)
    r"|(?:live|living|lived)\s+in)\s+"
    rf"(?:a|an|the|my|our)\s+(?:[\w-]+\s+){{0,2}}?{_HOME_NOUN}\s+in\s+(?P<o2>.+)"
    # "new flat in Leith!!", "our new place in Ghent 🎉": news of the home, verbless
    rf"|^\W*(?:(?:my|our)\s+)?new\s+{_HOME_NOUN}(?:\s*{EMOJI_RUN})?\s+in\s+(?P<o3>.+)"
)
_WISHED = re.compile(r"\b(?:would|could|might|'d|’d|someday|one day)\b", re.IGNORECASE)
# The place first: "Leuven is where I live", "X is home now", "X is where we're based".
_PLACE_FIRST = re.compile(
    r"^\W*(?:(?i:these days|nowadays|now|so|well|anyway|finally|lately|currently|honestly|"
    r"actually|basically|officially|since then)\s*,?\s+)?"
    r"(?P<o>(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’.-]*(?:\s+(?:(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’.-]*|"
    r"(?i:de|da|del|la|le|am|upon|on|sur|en)))*)(?:\s+(?i:is|has become|became)\s+|(?:'s|’s)\s+)"
    r"(?i:(?:now\s+|finally\s+)?(?:(?:my|our)\s+(?:new\s+)?)?home\b|where\s+(?:i|we|my family)\b"
    r"(?:'m|'re|\s+am|\s+are)?(?:\s+(?:now|currently|actually))?\s+"
    r"(?:live|living|based|settled|stay|staying|reside|residing)\b"
    # "Basildon's where we've got the house": the place of the user's home
    rf"|where\s+(?:i|we)(?:'ve|’ve|\s+have)?\s+got\s+(?:the|our|my|a)\s+(?:{_HOME_NOUN})\b)"
)
_WORK_FIRST = re.compile(
    r"^\W*(?P<o>(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’.&-]*(?:\s+(?:(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’.-]*"
    r"|&|(?i:of|and|de)))*)\s+(?i:is\s+where\s+(?:i|we)(?:\s+(?:now|currently))?\s+work)\b"
    r"(?:\s*\((?P<title>[^()]{2,40})\))?"
)
# "I'm in London for the week", "I'm in Rome on holiday": a stay, not a home
_A_STAY = re.compile(
    r"^\s*,?\s*(?i:for\s+(?:the|a|one|two|three|a few|a couple of|\d+)\s+(?:more\s+)?"
    r"(?:day|days|week|weeks|weekend|night|nights|month|months)|on\s+(?:holiday|vacation|"
    r"business|a trip|a work trip|a visit)|until|till|visiting|for work|for a conference|"
    r"this (?:week|weekend)|today|tonight|right now)\b"
)
# "I'm in Tromsø": a capitalised name after "I'm in" is where the user is based.
_IM_IN = re.compile(
    r"(?:^|\b)(?i:i'm|i am|we're|we are)(?:\s+(?i:now|currently|still|based))?"
    r"(?:\s+(?i:over|out|up|down))?\s+(?i:in)\s+"  # "I'm over in X", "we're up in X"
    r"(?P<o>(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’.-]*(?:\s+(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’.-]*)*)"
    # what may follow the place: an end, a conjunction, a time word, the user's "myself",
    # or the name again in brackets ("Nagoya (名古屋)")
    r"(?=\s*(?:$|[,.;!(]|\s(?i:and|but|now|these days|at the moment|since|for|with|myself|"
    r"ourselves|too|as well|though)\b))"
)
# "the commute from Strood into town is killing me", "my daily commute from Leuven to the
# office": where the user's commute starts is where they live
_COMMUTE_FROM = re.compile(
    r"\b(?i:my|the|our)\s+(?i:(?:daily|morning|weekly|usual|new|long)\s+)?(?i:commute)\s+"
    r"(?i:from)\s+(?P<o>(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’.-]*(?:\s+(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’.-]*)?)"
    r"(?=\s+(?i:in|into|to|up|down|over)\b|\s*[,.;!?]|\s*$)"
)
_FROM = _rx(
    rf"{_IM}\s+(?:originally\s+)?from\s+(?P<o>.+)|\bi come from\s+(?P<o2>.+)"
    r"|\bi was born (?:and (?:raised|bred) )?in\s+(?P<o3>.+)|\bmy hometown is\s+(?P<o4>.+)"
)


def _place(raw: str, *, strong: bool = False) -> str | None:
    """The place a clause names after "live in" / "moved to".

    With ``strong`` (a residence frame: "live in", "based in") the value is a place
    whatever its name; after "moved to" a technology word is not ("we moved to Postgres").
    """
    value = _cut(raw)
    if value.casefold() not in COUNTRIES:
        value = _entity(_PREP_TAIL.sub("", value))
    if not value or _NOT_A_PLACE_START.match(value) or (not strong and _is_tech(value)):
        return None
    if value.casefold().startswith("the ") and value.casefold() not in COUNTRIES:
        return None
    if len(value.split()) > 4 or value.casefold() in _NOT_A_NAME:
        return None
    return value


def _place_spec(value: str, verb: str) -> _Spec:
    predicate = "country" if value.casefold() in COUNTRIES else "city"
    return _Spec("fact", predicate, value, f"The user {verb} {value}.")


@_rule("location")
def _location_rule(ctx: _Context) -> list[_Spec]:
    if m := _MOVED.search(ctx.clause):
        if value := _place(m.group("o")):
            return [_place_spec(value, "lives in")]
    if m := _LIVE.search(ctx.clause):
        if value := _place(m.group("o"), strong=True):
            return [_place_spec(value, "lives in")]
    if (m := _BEEN_IN.search(ctx.clause)) and (m.group("d") or ctx.since):
        # "been in X since ...": living there; "I've been in Paris twice" is a visit
        if (value := _place(m.group("o"), strong=True)) and _cased(value):
            return [_place_spec(value, "lives in")]
    if (m := _HOME_IN.search(ctx.clause)) and not (
        m.group("o3") and _WISHED.search(m.group("o3"))  # "new flat in Paris would be ..."
    ):
        if value := _place(m.group("o") or m.group("o2") or m.group("o3"), strong=True):
            return [_place_spec(value, "lives in")]
    if m := _HOME.search(ctx.clause):
        said = re.sub(r"^(?:in|at)\s+", "", m.group("o"), flags=re.I)
        if value := _place(said, strong=True):
            return [_place_spec(value, "lives in")]
    if m := _PLACE_FIRST.match(ctx.clause):
        if (value := _place(m.group("o"), strong=True)) and value.casefold() not in LANGUAGES:
            return [replace(_place_spec(value, "lives in"), own=True)]
    if (m := _IM_IN.search(ctx.clause)) and not _A_STAY.match(ctx.clause[m.end() :]):
        if (value := _place(m.group("o"))) and value.casefold() not in LANGUAGES:
            return [_place_spec(value, "lives in")]
    if m := _COMMUTE_FROM.search(ctx.clause):
        if (value := _place(m.group("o"), strong=True)) and value.casefold() not in LANGUAGES:
            return [_place_spec(value, "lives in")]
    if m := _FROM.search(ctx.clause):
        if value := _place(m.group("o") or m.group("o2") or m.group("o3") or m.group("o4")):
            return [_Spec("fact", "hometown", value, f"The user is from {value}.")]
    return []


# ---- work
_WORK_AT = _rx(
    rf"(?:^|\b)i{_ADV}\s+(?:work(?:s|ed|ing)?|employed|teach(?:es|ing)?|taught)"
    r"(?:\s+(?:remotely|full[- ]time|part[- ]time|freelance|now|currently|mostly|mainly|"
    # when in the week: "works nights at X", "I work weekends at X"
    r"(?:nights|days|evenings|mornings|weekends|nightshifts|night shifts|shifts)))?"
    # "I work in procurement at X": the field (lowercase, a word or two) before the employer
    r"(?:\s+in\s+(?-i:[a-z][\w-]*)(?:\s+(?-i:[a-z][\w-]*))?(?=\s+(?:at|for|with)\s))?"
    r"\s+(?:at|for|by|with)\s+(?P<o>.+)"
)
_JOINED = _rx(
    rf"(?:^|\b)i{_ADV}\s+(?:joined|join|joining|started at|starting at|started working (?:at|for)|"
    r"started (?:a |my )?(?:new )?(?:job|role|position) (?:at|with)|got a job (?:at|with)|"
    r"got hired (?:at|by)|was hired by|"
    r"signed with|took a job at|accepted an offer from|"
    r"(?:left|quit)\s+.+?\s+(?:to join|to work (?:at|for)|to start at|"
    r"for a (?:new )?(?:job|role|position) (?:at|with))|"
    r"(?:changed|switched) (?:jobs|companies|employers)(?: and)?(?: now)? (?:work (?:at|for)|"
    r"joined)|(?:moved|switched) (?:over )?(?:jobs |companies )?to (?:work (?:at|for)|join)|"
    r"(?:changed|switched|moved) (?:jobs|companies|employers) to)"
    r"\s+(?P<o>.+)"
)
_MY_EMPLOYER = _rx(
    r"\bmy (?:employer|company|workplace|firm|startup) is(?:\s+called|\s+named)?\s+(?P<o>.+)"
    # "Payslip says X", "my contract's with X": the paper that names who employs the user
    r"|^\W*(?:(?:my|the)\s+)?(?:payslips?|pay\s?slips?|pay\s?stubs?|paychecks?|p60|"
    r"employment\s+contract)\s+(?:says|said|reads|shows|is\s+from)\s+(?P<o2>.+)"
)
_TITLE_AT = _rx(
    rf"{_IM}{_ADV}\s+(?:a|an|the)\s+(?P<title>[\w -]{{2,40}}?)\s*,?\s+(?P<prep>at|for|with)\s+"
    r"(?P<o>.+)"
)
# "I'm a nurse on a cardiology ward", "a developer on the payments team", "an analyst in
# the risk department": where in a workplace, which is no employer (only the title is said)
_TITLE_IN_UNIT = _rx(
    rf"{_IM}{_ADV}\s+(?:a|an)\s+(?P<title>[\w -]{{2,40}}?)\s+(?:on|in|with)\s+(?:a|an|the|our)\s+"
    r"(?:[\w&-]+\s+){0,3}?(?:ward|team|unit|department|dept|floor|squad|crew|desk|rota|"
    r"shift|night shift|day shift|line|site)\b"
)
# a rank said without an article: "I'm head of sales at X", "I've been chief engineer at X"
_RANK_AT = _rx(
    rf"(?:{_IM}|\bi(?:'ve|\s+have)\s+been){_ADV}\s+"
    r"(?P<title>(?:head|chief|lead|deputy|senior|principal|director|managing\s+director)"
    r"(?:\s+of(?:\s+(?!(?:the|a|an|my|our)\b)[\w-]+){1,3}"
    r"|(?:\s+(?!(?:on|of|in|at|for|with|the|a|an|my|our)\b)[\w-]+){0,2}))"
    r"\s*,?\s+(?P<prep>at|for|with)\s+(?P<o>.+)"
)
# the head of a title that is a trade or a post, when no employer is named with it
_TRADE_HEAD = re.compile(r"(?:or|ist|ian|ician|ologist|grapher|smith|wright)$")
_STARTED_AS = _rx(
    rf"(?:^|\b)i{_ADV}\s+(?:started|starting|joined|joining|work|working|began|beginning|"
    r"hired|signed on|came on|(?:got|took|landed|found|accepted|started) (?:a |my )?(?:new )?"
    r"(?:job|role|position|post))\s+as\s+"
    r"(?:(?:a|an|the)\s+)?(?P<title>[\w -]{2,40}?)\s+(?:at|for|with)\s+(?P<o>.+)"
)
_TOOK_ROLE = _rx(
    rf"(?:(?:^|\b)i{_ADV}\s+|\band\s+(?:then\s+|now\s+)?)(?:took|take|taking|accepted|accept|landed|got|started|starting|"
    r"began|start)\s+(?:a|an|the|my)\s+(?:new\s+)?(?P<title>[\w -]{2,40}?)\s+"
    r"(?:role|job|position|post|gig)\s+(?:at|with|in)\s+(?P<o>.+)"
)
_NOT_A_TITLE = _rx(
    r"^(?:new|current|old|first|next|dream|full[- ]time|part[- ]time|permanent|temporary|"
    r"different|better|remote|similar|junior|senior|member|customer|client|patient|regular|"
    r"subscriber|guest|fan|student)?$"
)
# "My role: data analyst at Oakhurst", "Current job - T with E", "my job is T at E"
_JOB_LABEL = _rx(
    r"^\W*(?:(?:my|our)\s+)?(?:(?:current|new|present|day)\s+)?(?:job|role|position|title|work|"
    r"occupation|gig)\s*(?::|-|—|–|=|\bis\b|\bnow\b)+\s*(?:now\s+)?(?:(?:a|an|the)\s+)?"
    r"(?P<title>[^\W\d][\w -]{1,40}?)\s+(?:at|with|for)\s+(?P<o>.+)"
)
# "I've been at Zephyr for years (as a T)", "I'm at Kestrel Health these days": "at" a
# name, held over time, is where the user works.
_BEEN_AT = _rx(
    rf"(?:^|\b)i(?:'ve|\s+have)?{_ADV}\s+been\s+(?:working\s+)?at\s+(?P<o>.+?)"
    r"(?:\s+(?P<d>for|since)\b(?P<rest>.*))?$"
)
_IM_AT = re.compile(
    r"(?:^|\b)(?i:i'm|i am)(?:\s+(?i:now|currently|still))?\s+(?i:at|with)\s+"
    r"(?P<o>(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’.-]*(?:\s+(?:&\s+)?(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’.-]*)*)"
    r"\s*,?\s+(?i:these days|nowadays|full[- ]time|part[- ]time|"
    r"since|for (?:a while|years|ages|\w+ (?:years|months)))\b"
)
_WORK_AS = _rx(
    r"\b(?:i (?:work|freelance|contract|temp|consult) as|i'm (?:working|freelancing) as|"
    r"my (?:job title|title|role|job|position) is)\s+"
    r"(?:a |an |the )?(?P<title>.+)"
)


# a span of time (closed class: units and quantifiers): "for years" is how long, not who
_SPAN = (
    r"(?:(?:a|an|the|many|several|some|few|a few|a couple of|\d+|one|two|three|four|five|"
    r"ten|twenty)\s+)?(?:(?-i:[a-z][\w'’]*)\s+)?(?:years?|months?|weeks?|days?|hours?|ages|"
    r"decades?|while|long time|lifetimes?|yonks)\b"
)
_DURATION = re.compile(rf"^\s*{_SPAN}", re.IGNORECASE)
# only a long span says how long a state has held: "for the week" is a stay (_A_STAY)
_LONG_SPAN = (
    r"(?:(?:many|several|some|a few|a couple of|\d+|two|three|four|five|ten|twenty)\s+)?"
    r"(?:(?-i:[a-z][\w'’]*)\s+)?(?:years|months|ages|decades?|a while|a long time|yonks)\b"
)
_DURATION_TAIL = re.compile(
    rf"\s*,?\s+for\s+{_LONG_SPAN}(?:\s+(?:now|already|and counting))?\W*$", re.IGNORECASE
)


# "(work) at ours is X", "(work) for me is X": an owner pronoun, then a copula and the value
_OWNER_IS = re.compile(
    r"^\s*(?:ours|mine|me|us|home|my place|our place)\s*,?\s+(?:is|'s|’s)\s+(?P<v>.+)", re.I
)


_WITH_SOMEONE_AT = re.compile(
    r"^\s*(?:my\s+[\w-]+\s+)?(?:(?-i:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*\s+){1,2}(?i:at)\s+"
    r"(?P<o>(?-i:[A-Z]|[^\W\d_a-zA-Z]).*)$"
)
_PLACE_CALLED = re.compile(
    r"^\s*(?:a|an|this|some)\s+(?:[\w-]+\s+){0,2}?(?:place|company|firm|shop|startup|agency|"
    r"studio|cafe|café|restaurant|bar|practice|outfit|business|school)\s+(?:called|named)\s+"
    r"(?=(?-i:[A-Z])|[^\W\d_a-zA-Z])",
    re.IGNORECASE,
)


def _employer(raw: str) -> str | None:
    if re.match(r"^\s*[a-z][\w-]*ing\b", raw):
        return None  # "I quit being vegan", "I left doing night shifts": no employer
    if _DURATION.match(raw):
        return None  # "I'm a nurse for years now": a duration adjunct, no employer
    if owner := _OWNER_IS.match(raw):
        raw = owner.group("v")  # "work at ours is X": the owner, then the copula's value
    if called := _PLACE_CALLED.match(raw):
        raw = raw[called.end() :]  # "at a place called X": the place's name is X
    value = _cut(raw, keep_amp=True)
    value = _tidy(_PREP_TAIL.sub("", value))
    # a name ends at its first uncased word ("Pinecrest Dental over in Tralee"); lowercase:
    # up to the first function word
    value = _entity(value) or value
    if not value or value.casefold() in _NOT_A_NAME or _NOT_A_PLACE_START.match(value):
        return None
    if value.casefold().startswith("the ") or len(value.split()) > 5:
        return None
    return value


_AS_TITLE = _rx(r"\s+as\s+(?:(?:a|an|the|our|their|its)\s+)?(?P<title>.+)$")


def _role_headed(title: str) -> bool:
    """Whether ``title`` ends in a role noun or a trade's ("staff nurse", "farrier"): a job
    title when no name of an employer is said with it."""
    head = title.split()[-1].casefold() if title else ""
    return head in ROLE_HEADS or bool(_TRADE_HEAD.search(head))


@_rule("work")
def _work_rule(ctx: _Context) -> list[_Spec]:
    if m := _WORK_FIRST.match(ctx.clause):
        if employer := _employer(m.group("o")):
            out = [_Spec("fact", "employer", employer, f"The user works at {employer}.", own=True)]
            if title := _tidy(m.group("title") or ""):
                out.append(_Spec("fact", "job_title", title,
                                 f"The user is {_article(title)} {title}.", own=True))  # fmt: skip
            return out
    if m := _JOB_LABEL.search(ctx.clause):
        title = _cut(m.group("title"))
        employer = _employer(m.group("o"))
        if title and employer and not _NOT_A_TITLE.match(title):
            return [
                _Spec("fact", "employer", employer, f"The user works at {employer}."),
                _Spec("fact", "job_title", title, f"The user is {_article(title)} {title}."),
            ]
    if (m := _BEEN_AT.search(ctx.clause)) and (m.group("d") or ctx.since):
        employer = _employer(m.group("o"))
        if employer and _cased(employer):
            out = [_Spec("fact", "employer", employer, f"The user works at {employer}.")]
            if t := _AS_TITLE.search(m.group("rest") or m.group("o")):
                if title := _cut(t.group("title")):
                    out.append(_Spec("fact", "job_title", title,
                                     f"The user is {_article(title)} {title}."))  # fmt: skip
            return out
    if m := _IM_AT.search(ctx.clause):
        employer = _employer(m.group("o"))
        if employer and not _is_tech(employer):
            return [_Spec("fact", "employer", employer, f"The user works at {employer}.")]
    for pattern in (_WORK_AT, _JOINED):
        m = pattern.search(ctx.clause)
        if m and (t := _AS_TITLE.search(m.group("o"))):
            employer = _employer(m.group("o")[: t.start()])
            title = _cut(t.group("title"))
            if employer and title:
                return [
                    _Spec("fact", "employer", employer, f"The user works at {employer}."),
                    _Spec("fact", "job_title", title, f"The user is {_article(title)} {title}."),
                ]
    if (
        m := _TITLE_AT.search(ctx.clause)
        or _RANK_AT.search(ctx.clause)
        or _STARTED_AS.search(ctx.clause)
        or (_TOOK_ROLE.search(ctx.clause))
    ):
        title = re.sub(r"^(?:new|current)\s+", "", _cut(m.group("title")), flags=re.I)
        employer = _employer(m.group("o"))
        at_place = m.re in (_TITLE_AT, _RANK_AT)
        if at_place and m.group("prep").casefold() == "for" and not _cased(
            m.group("o").strip()
        ):
            # "I'm a sucker for jigsaw puzzles": "for" a thing uncased names no employer,
            # and the noun before it is no title either, unless a role heads it ("a
            # Romanian tutor for expats": whom the work is for)
            head = title.split()[-1].casefold() if title else ""
            if head in ROLE_HEADS and not _NOT_A_TITLE.match(title):
                return [_Spec("fact", "job_title", title,
                              f"The user is {_article(title)} {title}.")]  # fmt: skip
            return []
        if _NOT_A_TITLE.match(title):
            title = ""  # "started a new role at Lumen": no title said
        if title and employer:
            return [
                _Spec("fact", "employer", employer, f"The user works at {employer}."),
                _Spec("fact", "job_title", title, f"The user is {_article(title)} {title}."),
            ]
        if at_place and _role_headed(title):
            # "I'm a nurse at the Royal Infirmary", "a teacher at the adult ed college": the
            # workplace is no name, the title still is one (#12)
            return [_Spec("fact", "job_title", title, f"The user is {_article(title)} {title}.")]
    if m := _TITLE_IN_UNIT.search(ctx.clause):
        title = _cut(m.group("title"))
        if _role_headed(title):
            return [_Spec("fact", "job_title", title, f"The user is {_article(title)} {title}.")]
    for pattern in (_WORK_AT, _JOINED, _MY_EMPLOYER):
        if m := pattern.search(ctx.clause):
            group = "o2" if pattern is _MY_EMPLOYER and m.group("o") is None else "o"
            raw = m.group(group)
            with_at = _WITH_SOMEONE_AT.match(raw)
            if with_at and re.search(r"\bwith\s*$", ctx.clause[: m.start(group)], re.I):
                raw = with_at.group("o")  # "I work with Priya at X": the employer is X
            if pattern is _MY_EMPLOYER and m.group("o2") and not _cased(raw.strip()):
                continue  # "my payslip says nothing about overtime": no name
            if employer := _employer(raw):
                return [_Spec("fact", "employer", employer, f"The user works at {employer}.")]
    if m := _WORK_AS.search(ctx.clause):
        if title := _cut(m.group("title")):
            return [
                _Spec("fact", "job_title", title, f"The user works as {_article(title)} {title}.")
            ]
    return []


def _article(noun: str) -> str:
    return "an" if noun[:1].casefold() in "aeiou" else "a"


# ---- allergies and diets
_ALLERGIC = _rx(
    rf"{_IM}{_ADV}\s+(?:(?:very|severely|highly|deathly|mildly|badly|quite|extremely)\s+)?"
    r"all?ergic to\s+(?P<o>.+)"  # "alergic": a slip people make
)
_ALLERGY_NOUN = _rx(
    r"\b(?:i(?:'ve|\s+have)(?:\s+got)?|i've got|my|i suffer from)\s+(?:a\s+|an\s+)?"
    r"(?:(?:severe|mild|bad|serious|life-threatening)\s+)?(?P<o>[\w -]+?)\s+allerg(?:y|ies)\b"
)
# a verb of ending before the allergen ("grown out of the X allergy", "outgrown my X
# allergy", "got over my X allergy"), and words that never sit inside an allergen's name
_OUTGROWN = re.compile(
    r"^\s*(?:(?:now|finally|actually|apparently|just|completely)\s+)*(?:grown out of|"
    r"outgrown|outgrew|grew out of|got over|gotten over|shaken off|shook off|lost)\s+"
    r"(?:(?:my|the|that|this|our)\s+)?(?P<o>[\w -]+)$",
    re.IGNORECASE,
)
_INSIDE_NP = re.compile(r"\b(?:the|my|our|his|her|their|of|out|off|over|from|got|been)\b", re.I)
# a verbless clause that is only the condition, said of the speaker: "peanut allergy
# here", "heads up: sesame allergy", "kiwi allergy on my side" (#12)
_ALLERGY_BARE = _rx(
    r"^\W*(?:(?:heads up|fyi|btw|note|also|plus|and|oh|so)\b[\s,:;.!—–-]*)*"
    r"(?:(?:a|an|severe|mild|bad|serious|life-threatening)\s+)*(?P<o>[^\W\d_][\w -]*?)\s+"
    r"allerg(?:y|ies)(?:\s+(?:here|for me|over here|on my side|on my end|myself))?\W*$"
)
_BARE_LEAD = _rx(r"^\W*(?:(?:heads up|fyi|btw|note|also|plus|and|oh|so|ok|okay)\b\W*)*$")


def _bare_condition(pattern: re.Pattern[str], ctx: _Context) -> re.Match[str] | None:
    """``pattern`` read as a verbless clause of the speaker's: the clause opens its sentence
    (after a lead-in at most, not inside someone else's sentence: "my aunt reacts to kiwi
    -- proper allergy --"), and the value is one to three content words."""
    m = pattern.search(ctx.clause)
    if not m:
        return None
    words = m.group("o").split()
    if not 1 <= len(words) <= 3 or any(w.casefold() in VALUE_STOP_WORDS for w in words):
        return None
    at = ctx.turn.find(ctx.clause.strip()[:20]) if ctx.turn else 0
    before = re.split(r"[.!?\n]", ctx.turn[:at])[-1] if at > 0 else ""
    return m if _BARE_LEAD.match(before) else None


_ALLERGY_LIST = _rx(r"\b(?:my allergies (?:are|include)|allergies:|allergic:)\s*(?P<o>.+)")
_DIET_WORDS = (
    _alternation(DIET_WORDS) + "|"
    # by their shape, not by name: "fruitarian", "carnivore", "sugar-free", "raw-food"
    r"[a-z]+(?:arian|ivore)|[a-z]+-free|raw[- ]food|whole[- ]food|plant[- ]based"
)
# "switched to a fruitarian diet", "my diet is sugar-free": a diet noun names the value
_DIET_NOUN = _rx(
    rf"\b(?:i{_ADV}\s+(?:switched|moved|changed|went|gone|turned|converted|started|began|"
    r"adopted|tried|trying|doing|do|eat|follow|following)\s+(?:over\s+)?(?:to\s+|on\s+)?"
    r"(?:a|an|the|my)\s+(?P<o>[\w-]+(?:\s+[\w-]+)?)\s+diet\b"
    r"|\bmy diet(?:'s|\s+is)(?:\s+(?:now|mostly|strictly|fully|completely))*\s+"
    r"(?:(?:a|an)\s+)?(?P<o2>[\w-]+(?:\s+[\w-]+)?))"
)
# "I've dropped being X; I eat anything again", "the X thing is over, I eat everything":
# a state the user left, read as a diet when the message speaks of eating
_STATE_ENDED = _rx(
    rf"\bi{_ADV}\s+(?:quit|stopped|gave up|given up|dropped|ditched|done)\s+being\s+"
    r"(?:a\s+|an\s+)?(?P<o>[\w-]+)\b"
    r"|^\W*(?:the|that|my)\s+(?P<o2>[\w-]+)\s+(?:thing|phase|diet|experiment|era|streak)\s+"
    r"(?:is|was|'s)\s+(?:over|done|finished)\b"
)
_EATS_AGAIN = _rx(
    r"\b(?:eat|eating|eats)\s+(?:pretty much\s+|just about\s+)?(?:anything|everything)\b"
)
_DIET_IS = _rx(
    rf"(?:{_IM}|\bi(?:'ve|\s+have)\s+been|\bi (?:went|became|turned|go|eat|keep|stay)|"
    rf"\bi (?:used to be|was|were))"
    rf"{_ADV}\s+(?:(?:a|strictly|fully|mostly|strict|full|completely|100%)\s+)*(?P<o>{_DIET_WORDS})\b"
)
_DIET_FOLLOW = _rx(
    rf"\bi(?:'m|\s+am)?{_ADV}\s+(?:follow(?:ing)?|on|stick to|keep to)\s+(?:a|an|the)\s+"
    rf"(?P<o>[\w -]+?)\s+diet\b"
)
_NO_EAT = _rx(
    rf"\bi{_ADV}\s+(?:(?:don't|do not|never|can't|cannot|won't|no longer)\s+"
    r"(?:eat|drink|touch)|(?:stopped|quit|quitted) (?:eating|drinking)|gave up|given up|"
    r"cut out)\s+(?P<o>.+)"
)
_NOT_A_FOOD_START = _rx(
    r"^(?:before|after|at|until|till|past|during|between|late|early|in|on|out|my|our|his|her|"
    r"their|your|the|this|that|being|trying|on|hope|any(?:thing|one)|\w+ing\s+(?:my|the|a|an)\b)\b"
)
# "I eat meat again", "I've started eating fish again": the restriction is over.
# "I quit being vegan", "stopped being vegetarian in May": the diet is over
_DIET_ENDED = _rx(
    rf"\bi{_ADV}\s+(?:quit|stopped|gave up|gave up on|stopped eating|ditched|dropped)\s+"
    rf"(?:being\s+(?:a\s+)?|(?:the|my|a)\s+)?(?P<o>{_DIET_WORDS})\b"
)
_EAT_AGAIN = _rx(
    rf"\bi{_ADV}\s+(?:(?:started|began|start) )?(?:eat|eating|drink|drinking)\s+"
    r"(?P<o>.+?)\s+again\b"
)
_INTOLERANT = _rx(
    rf"{_IM}{_ADV}\s+(?:(?:very|severely|mildly|quite|slightly|a bit)\s+)?"
    r"(?:(?P<o>[^\W\d_][\w]*)[\s-]+intolerant|intolerant (?:to|of)\s+(?P<o2>.+))"
    r"|\b(?:i(?:'ve|\s+have)(?:\s+got)?|my|i suffer from)\s+(?:an?\s+)?"
    r"(?P<o3>[^\W\d_][\w-]*)\s+intolerance\b"
)


# "no sesame allergy after all", "not a kiwi allergy": the allergy named is taken back
_NO_ALLERGY = _rx(
    r"(?:^|\b)(?:no|not an?|never (?:had )?an?)\s+(?P<o>[^\W\d][\w'-]*(?:\s+[^\W\d][\w'-]*)?)"
    r"\s+allerg(?:y|ies)\b"
)


# what an allergen does to the body, said as the body's reaction (#12): hives, a rash,
# swelling, anaphylaxis, "come/break out in" them, a throat that closes
_REACTION = (
    r"(?:(?:a|an|the)\s+)?(?:(?:bad|nasty|severe|serious|awful|horrible|mild|terrible)\s+)?"
    r"(?:allergic reactions?|hives|(?:a\s+)?rash(?:es)?|welts|anaphylaxis|anaphylactic"
    r"|an anaphylactic reaction|(?:come|comes|came|break|breaks|broke)\s+out\s+in\s+"
    r"(?:hives|(?:a\s+)?rash(?:es)?|welts|spots|blotches)|swell(?:\s+up)?|puff\s+up)\b"
)
# the allergen as the subject of the reaction: "X gives me hives", "X and Y both bring me
# out in a rash", "X makes me come out in hives"
_GIVES_ME_ALLERGY = _rx(
    r"^\W*(?P<o>[^\W\d][\w'-]*(?:\s+[\w'-]+){0,4}?)\s+(?:(?:both|all|always|just)\s+)?"
    r"(?:gives|give|gave|makes|make|made|brings|bring|brought)\s+me\s+(?:out\s+in\s+)?"
    + _REACTION
)
# the allergen as what the user reacts to: "it's X I react to" (not "I react badly to X",
# which is as often said of criticism or noise as of food)
_REACTS_TO = _rx(
    r"^\W*(?:it's|it is)\s+(?:the\s+)?(?P<o>[^\W\d][\w'-]*(?:\s+[\w'-]+){0,2}?)\s+"
    r"(?:that\s+)?i\s+react\s+to\b"
)
# what the user cannot have, then what it does to them: "I can't do X, my throat closes up",
# "I can't have X, I swell up" (the reaction in the clause after)
_CANNOT_HAVE = _rx(
    rf"\bi{_ADV}\s+(?:can't|cannot|can not)\s+(?:have|do|eat|touch|go near)\s+"
    r"(?P<o>[^\W\d][\w'-]*(?:\s+[\w'-]+){0,2}?)(?:\s+at\s+all)?\W*$"
)
_BODY_REACTS = _rx(
    r"^[\s,;:.!—–-]*(?:(?:and|or|because|cos|as)\s+)?(?:"
    r"(?:my|me)\s+(?:throat|lips|face|mouth|tongue|eyes)\s+(?:closes|close|closing|swells|swell"
    r"|swelling|tingles|tingle|goes\s+tingly|blows?\s+up|puffs?\s+up)"
    r"|i\s+(?:swell|puff|blow|balloon)\s+up|i\s+(?:come|break|go)\s+out\s+in\b"
    r"|i\s+get\s+(?:hives|a\s+rash|welts)|i\s+go\s+into\s+(?:anaphylaxis|anaphylactic)"
    r"|(?:it|they)\s+(?:gives?|makes?|brings?)\s+me\s+(?:out\s+in\s+)?" + _REACTION + ")"
)


def _reaction_allergy(ctx: _Context) -> list[_Spec]:
    """An allergy said by the body's reaction, not by the word "allergic" (#12)."""
    m = _GIVES_ME_ALLERGY.search(ctx.clause) or _REACTS_TO.search(ctx.clause)
    if m is None and (m := _CANNOT_HAVE.search(ctx.clause)):
        # the reaction is in the next clause of the message
        at = ctx.turn.find(ctx.clause.strip()) if ctx.turn else -1
        after = ctx.turn[at + len(ctx.clause.strip()) :] if at >= 0 else ""
        if not _BODY_REACTS.match(after):
            m = None
    if m is None:
        return []
    said = _cut(m.group("o"), keep_and=True)
    items = [
        i
        for i in _items(re.sub(r"\s+(?:both|all|together)$", "", said, flags=re.I))
        if not _NOT_AN_ITEM.search(i) and i.casefold() not in _NOT_A_NAME
    ]
    cannot = m.re is _CANNOT_HAVE  # the "can't" is the allergy's, no negation of it
    return [
        _Spec("fact", "allergy", i, f"The user is allergic to {i}.", own=True,
              negation_in_value=cannot)
        for i in items
    ]  # fmt: skip


@_rule("allergy")
def _allergy_rule(ctx: _Context) -> list[_Spec]:
    if reacted := _reaction_allergy(ctx):
        return reacted
    if (m := _RULED_OUT.search(ctx.clause)) and "allerg" in m.group(0).casefold():
        return []  # a diagnosis ruled out: the intolerance rule reads it as taken back
    if m := _NO_ALLERGY.search(ctx.clause):
        item = _tidy(m.group("o"))
        if item.casefold() not in VALUE_STOP_WORDS and item.casefold() not in _NOT_A_NAME:
            return [_Spec("fact", "allergy", item, f"The user is not allergic to {item}.",
                          polarity="retract", negation_in_value=True)]  # fmt: skip
    for pattern in (_ALLERGIC, _ALLERGY_LIST):
        if m := pattern.search(ctx.clause):
            items = _items(_cut(m.group("o"), keep_and=True))
            return [_Spec("fact", "allergy", i, f"The user is allergic to {i}.") for i in items]
    if m := _ALLERGY_NOUN.search(ctx.clause) or _bare_condition(_ALLERGY_BARE, ctx):
        said = m.group("o")
        if over := _OUTGROWN.match(said):
            # "I've grown out of my kiwi allergy": a perfect of an ending, not "I have";
            # the allergy ends (#12)
            item = _tidy(over.group("o"))
            if not item or _INSIDE_NP.search(item):
                return []
            return [_Spec("fact", "allergy", item, f"The user is no longer allergic to {item}.",
                          polarity="retract", negation_in_value=True)]  # fmt: skip
        if _INSIDE_NP.search(said):
            return []  # a verb phrase before "allergy", no allergen named by it
        items = _items(_tidy(re.sub(r"^(?:an?|the)\s+", "", said, flags=re.I)))
        return [_Spec("fact", "allergy", i, f"The user is allergic to {i}.") for i in items]
    return []


# "the kiwi one was a false alarm": "one" stands for the diagnosis noun the message named
# before it ("got the allergy panel back!!"); said again with the noun, the typed rules and
# the endings read it (#12)
_ONE = _rx(r"\b(?:the|my|that|this)\s+(?-i:[a-z][\w-]*)\s+(?P<one>one)\b(?!\s+of\b)")
_DIAGNOSIS = _rx(r"\b(?P<n>allerg(?:y|ies)|intolerances?)\b")


def _one_named(clause: str, turn: str) -> str:
    """``clause`` with an elliptical "the X one" given the diagnosis noun ``turn`` named
    before the clause ("allergy", "intolerance"); unchanged when it named none."""
    m = _ONE.search(clause)
    if m is None:
        return clause
    at = turn.find(clause[: m.start("one")].strip()[:30]) if turn else -1
    said = list(_DIAGNOSIS.finditer(turn[: max(at, 0)]))
    if not said:
        return clause
    noun = said[-1].group("n").casefold()
    noun = "allergy" if noun.startswith("allerg") else "intolerance"
    return clause[: m.start("one")] + noun + clause[m.end("one") :]


_RULED_OUT = _rx(
    r"\b(?:the\s+|my\s+|an?\s+)?(?P<o>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?)\s+"
    r"(?P<kind>intolerance|allergy)\s+(?:was|has been|got|is|'s been)\s+(?:\w+\s+)?ruled out"
    r"|\bruled out\s+(?:the\s+|my\s+|an?\s+)?(?P<o2>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?)"
    r"\s+(?P<kind2>intolerance|allergy)"
)


@_rule("intolerance")
def _intolerance_rule(ctx: _Context) -> list[_Spec]:
    if m := _RULED_OUT.search(ctx.clause):
        item = _tidy(m.group("o") or m.group("o2")).casefold()
        kind = (m.group("kind") or m.group("kind2")).casefold()
        item = re.sub(r"^(?:the|my|an?)\s+", "", item)
        if item and item not in VALUE_STOP_WORDS:
            predicate = "intolerance" if kind == "intolerance" else "allergy"
            return [_Spec("fact", predicate, item, f"The user has no {item} {kind}.",
                          polarity="retract", negation_in_value=True)]  # fmt: skip
    if m := _INTOLERANT.search(ctx.clause):
        raw = m.group("o") or m.group("o3") or _cut(m.group("o2") or "", keep_and=True)
        items = _items(raw) if m.group("o2") else [raw.casefold()]
        return [_Spec("fact", "intolerance", i, f"The user is {i} intolerant.") for i in items]
    return []


@_rule("diet")
def _diet_rule(ctx: _Context) -> list[_Spec]:
    if (m := _STATE_ENDED.search(ctx.clause)) and _EATS_AGAIN.search(ctx.turn or ctx.clause):
        value = (m.group("o") or m.group("o2")).casefold()
        if value not in VALUE_STOP_WORDS and value not in _NOT_A_NAME:
            return [_Spec("fact", "dietary_restriction", value, f"The user is no longer {value}.",
                          polarity="retract")]  # fmt: skip
    if m := _DIET_ENDED.search(ctx.clause):
        value = m.group("o").casefold()
        return [_Spec("fact", "dietary_restriction", value, f"The user is no longer {value}.",
                      polarity="retract")]  # fmt: skip
    if m := _EAT_AGAIN.search(ctx.clause):
        items = [
            i
            for i in _items(_cut(m.group("o"), keep_and=True))
            if not re.search(r"\b(?:anything|everything|all)\b", i, re.I)
        ]
        return [
            _Spec("fact", "dietary_restriction", f"no {i}", f"The user does not eat {i}.",
                  polarity="retract", negation_in_value=True)
            for i in items
        ]  # fmt: skip
    if m := _DIET_IS.search(ctx.clause):
        value = m.group("o").casefold()
        return [_Spec("fact", "dietary_restriction", value, f"The user is {value}.")]
    if m := _DIET_NOUN.search(ctx.clause):
        words = _tidy(m.group("o") or m.group("o2")).casefold().split()
        kept = [w for i, w in enumerate(words) if w not in VALUE_STOP_WORDS or not i][:2]
        value = re.sub(r"^(?:new|strict|proper|special)\s+", "", " ".join(
            kept[: next((i for i, w in enumerate(kept) if w in VALUE_STOP_WORDS), len(kept))]
        ))  # fmt: skip
        if value and value not in VALUE_STOP_WORDS and not _NOT_A_VALUE.match(value):
            return [_Spec("fact", "dietary_restriction", value, f"The user is on a {value} diet.")]
    if m := _DIET_FOLLOW.search(ctx.clause):
        value = f"{_tidy(m.group('o'))} diet"
        return [
            _Spec(
                "fact", "dietary_restriction", value, f"The user follows {_article(value)} {value}."
            )
        ]
    m = _NO_EAT.search(ctx.clause)
    if m and _NOT_A_FOOD_START.match(m.group("o").strip()):
        m = None  # "I never eat before noon", "gave up my gym membership": no food named
    if m:
        items = _items(_cut(m.group("o"), keep_and=True))
        verb = re.search(r"\b(eat|drink|touch)(?:ing)?\b", m.group(0), re.I)
        what = verb.group(1).casefold() if verb else "eat"
        return [
            _Spec("fact", "dietary_restriction", f"no {i}", f"The user does not {what} {i}.",
                  negation_in_value=True)
            for i in items
        ]  # fmt: skip
    return []


# ---- preferences: units, reply language, languages spoken, tone, length, format
_PREF_CUE = _rx(
    r"\b(?:prefer|preferred|preference|use|using|switch|give me|show me|tell me|answer|reply|"
    r"respond|write|talk|speak to me|always|from now on|stick (?:to|with)|i like|i want|"
    r"i'd rather|i would rather|rather than|instead of|keep it|keep (?:your )?(?:answers|replies|"
    r"responses)|be more|be less|please|default to|by default|i work in|i think in|i'm used to|"
    r"i do (?:everything|things|it all|all of it)(?: in)?)\b"
)
_UNITS = {
    "metric": r"metric|si units|celsius|centigrade|kilomet(?:re|er)s?|km|kilograms?|kg|kilos|"
    r"centimet(?:re|er)s?|cm|met(?:re|er)s|litres?|liters?|grams",
    "imperial": r"imperial|us units|us customary|fahrenheit|miles|mph|feet|foot|inches|inch|"
    r"pounds|lbs|ounces|oz|yards|gallons|stone",
}
_UNIT_WORD = {
    unit: re.compile(rf"(?<![\w-])(?:{words})(?![\w-])", re.I) for unit, words in _UNITS.items()
}
_NEGATED_BEFORE = re.compile(
    r"(?:not|no|never|instead of|rather than|than|over|from)\s+(?:in\s+)?$", re.I
)


@_rule("units")
def _units_rule(ctx: _Context) -> list[_Spec]:
    if not _PREF_CUE.search(ctx.clause):
        return []
    hits: list[tuple[int, str, str]] = []
    for unit, pattern in _UNIT_WORD.items():
        for m in pattern.finditer(ctx.clause):
            if not _NEGATED_BEFORE.search(ctx.clause[: m.start()]):
                hits.append((m.start(), unit, m.group(0)))
    if not hits:
        return []
    hits.sort()
    unit = hits[0][1]
    words = [w for _, u, w in hits if u == unit and w.casefold() != unit]
    detail = f" ({' and '.join(dict.fromkeys(words))})" if words else ""
    return [_Spec("preference", "units", unit, f"The user prefers {unit} units{detail}.")]


_LANG_RE = "|".join(sorted(LANGUAGES, key=len, reverse=True))
_REPLY_LANG = _rx(
    rf"\b(?:answer|reply|respond|talk|write|speak|chat|communicate|responses|replies|answers|"
    rf"prefer|want|like|use|switch)(?:\s+\w+){{0,3}}?\s+(?:in|to|using)\s+(?P<o>{_LANG_RE})\b"
    rf"|\bmy (?:preferred|working) language is\s+(?P<o2>{_LANG_RE})\b"
    rf"|^(?:in\s+)?(?P<o3>{_LANG_RE}),?\s+please\b"
)
_SPEAK = _rx(
    r"\b(?:i\s+(?:also\s+)?speak|i'm fluent in|i am fluent in|my native language is|"
    r"my (?:first|mother) (?:language|tongue) is)\s+(?P<o>.+)"
)


@_rule("language")
def _language_rule(ctx: _Context) -> list[_Spec]:
    if m := _REPLY_LANG.search(ctx.clause):
        lang = (m.group("o") or m.group("o2") or m.group("o3")).capitalize()
        return [
            _Spec("preference", "response_language", lang, f"The user prefers replies in {lang}.")
        ]
    if m := _SPEAK.search(ctx.clause):
        langs = [
            w.capitalize() for w in re.findall(r"[\w-]+", m.group("o")) if w.casefold() in LANGUAGES
        ]
        return [_Spec("fact", "language", lang, f"The user speaks {lang}.") for lang in langs]
    return []


_TONE_WORDS = _alternation(TONE_WORDS)
# "be blunt", "go a bit gentler", "keep it warmer": a tone word or its comparative (#12)
_TONE_ASKED = (
    r"(?:keep (?:it|things|the conversation)|be|go|stay|talk to me in a|write in a)\s+"
    r"(?:a (?:bit|little|lot|touch)\s+|much\s+)?"
    rf"(?P<o3>(?:more |less |very )?(?:{_TONE_WORDS})(?:r|er)?)\b"
)
_TONE = _rx(
    rf"(?:\b(?:tone|style|register)\b.*?\b(?P<o>(?:more |less |very )?(?:{_TONE_WORDS}))\b"
    rf"|\b(?P<o2>(?:more |less |very )?(?:{_TONE_WORDS}))\s+(?:tone|style|register|language)\b"
    rf"|\b{_TONE_ASKED})"
)
# an imperative that asks for a tone ("be blunt with me", "go a bit gentler"): a cue itself
_TONE_ASKED_AT = _rx(rf"^\W*(?:(?:please|pls|just|and|so|ok)\s+)*{_TONE_ASKED}")
_LENGTH = _rx(
    r"\b(?P<o>short|shorter|brief|briefer|concise|succinct|terse|long|longer|detailed|"
    r"in-depth|thorough|comprehensive|step-by-step)\s+(?:answers|replies|responses|"
    r"explanations|summaries)\b"
    r"|\bkeep (?:it|answers|replies|responses)\s+(?P<o2>short|brief|concise)"
)
_FORMAT = _rx(
    r"\b(?P<o>bullet points|bullets|bulleted lists|numbered lists|tables|markdown|plain text|"
    r"prose|code examples|code snippets|headings|diagrams|tl;?dr first|summaries first)\b"
)
_EMOJI = _rx(
    r"\b(?P<neg>no|without|don't use|do not use|never use|skip the|less)\s+emojis?\b"
    r"|\b(?:with|more|use)\s+emojis?\b"
)


@_rule("style")
def _style_rule(ctx: _Context) -> list[_Spec]:
    if (
        not _PREF_CUE.search(ctx.clause)
        and not re.search(r"\b(?:tone|style)\b", ctx.clause, re.I)
        and not _TONE_ASKED_AT.search(ctx.clause)
    ):
        return []
    out = []
    if m := _TONE.search(ctx.clause):
        tone = (m.group("o") or m.group("o2") or m.group("o3")).casefold()
        out.append(_Spec("preference", "tone", tone, f"The user prefers a {tone} tone."))
    if m := _LENGTH.search(ctx.clause):
        length = (m.group("o") or m.group("o2")).casefold()
        out.append(
            _Spec("preference", "response_length", length, f"The user prefers {length} answers.")
        )
    if m := _EMOJI.search(ctx.clause):
        value = "no emojis" if m.group("neg") else "emojis"
        out.append(_Spec("preference", "emoji", value, f"The user prefers {value} in answers."))
    if m := _FORMAT.search(ctx.clause):
        fmt = m.group("o").casefold()
        if not _NEGATED_BEFORE.search(ctx.clause[: m.start()]):
            out.append(_Spec("preference", "format", fmt, f"The user prefers {fmt}."))
    return out


# ---- decisions
_DECIDED = _rx(
    r"(?:^|\b)(?P<who>we|i|the team|my team|our team|they)(?:'ve|\s+have|'d|\s+had|'re|\s+are)?"
    r"(?:\s+(?:finally|just|already|eventually|collectively|officially|now))*\s+"
    r"(?P<verb>settled on|decided on|decided to|decided that|decided against|decided|chose|"
    r"have chosen|picked|went with|gone with|agreed on|agreed to|agreed that|opted for|"
    r"committed to|going with|will go with|'ll go with|standardi[sz]ed on|"
    r"landed on|locked in)\s+(?P<o>.+)"
)
_VERB_SHOWN = {"have chosen": "chose", "going with": "is going with", "'ll go with": "will go with",
               "decided": "decided on"}  # fmt: skip
_DECISION_IS = _rx(r"\b(?:the|our|my|final) decision (?:is|was)(?: to| that)?\s+(?P<o>.+)")
_PROJECT_REF = _rx(
    r"\b(?:for|on|in|about)\s+(?:the\s+)?(?:project\s+(?P<a>[\w.-]+)|(?P<b>[\w.-]+)\s+"
    r"(?:project|app|service|repo|codebase))\b|\bproject\s+(?P<c>[\w.-]+)"
)


_DECISION_VERB = _rx(
    r"^(?:use|using|go with|adopt|switch to|move to|migrate to|stick with|stay on|keep|"
    r"build (?:it |this )?(?:in|with|on)|write (?:it |this )?in|run (?:it |this )?on|"
    r"host (?:it |this )?on|deploy (?:it |this )?(?:on|to))\s+"
)
_LEADING_SCOPE = _rx(
    r"^(?:for|on|in|with)\s+(?P<s>[A-Za-z][\w.-]*)\s*,?\s+(?:we|i|the team|my team|our team)\b"
)
_NOT_SCOPE = NOT_A_SCOPE


def _scope_in(ctx: _Context) -> str | None:
    if m := _PROJECT_REF.search(ctx.clause):
        return (m.group("a") or m.group("b") or m.group("c")).casefold()
    for project in ctx.projects:
        if re.search(rf"(?<![\w-]){re.escape(project)}(?![\w-])", ctx.clause, re.I):
            return project
    return ctx.scope


@_rule("decision")
def _decision_rule(ctx: _Context) -> list[_Spec]:
    m = _DECIDED.search(ctx.clause) or _DECISION_IS.search(ctx.clause)
    if not m:
        return []
    groups = m.groupdict()
    verb = (groups.get("verb") or "decided on").casefold()
    said = _tidy(m.group("o"))
    said = _PROJECT_REF.sub("", said).strip(" ,")
    value = _cut(said, keep_and=True)
    if not value:
        return []
    value = _DECISION_VERB.sub("", value) or value
    if verb == "decided against":
        value = f"not {value}"
    lead = _LEADING_SCOPE.match(ctx.clause)
    scope = (
        lead.group("s").casefold()
        if lead and lead.group("s").casefold() not in _NOT_SCOPE
        else None
    )
    scope = scope or _scope_in(ctx)
    who = {"i": "The user", "we": "The team"}.get(
        (groups.get("who") or "we").casefold(), "The team"
    )
    detail = re.sub(r"\s+", " ", said).rstrip(" .!")
    opener = f"For {scope}, {who[0].lower()}{who[1:]}" if scope else who
    shown = _VERB_SHOWN.get(verb, verb)
    text = f"{opener} {shown} {detail}."
    topic = _topic(value) or "decision"
    subject = f"{scope}.{topic}" if scope else "user"
    return [_Spec("decision", topic if scope else "decision", value, text, subject, scope)]


# ---- identifiers
_REPO = _rx(
    r"\b(?:(?P<s>[\w.-]+?)(?:'s)?\s+)?(?:git\s+|github\s+|gitlab\s+|code\s+|main\s+)?"
    r"(?:repo|repository)(?:\s+(?:name|url|slug))?\s*(?:is\s+(?:at\s+|called\s+|named\s+)?|:|=|"
    r"called|named|lives at|lives in)\s*(?P<o>https?://\S+|[\w.-]+(?:/[\w.-]+)+|[\w.-]*[-_][\w.-]+)"
)
_TICKET = re.compile(
    r"(?i:\b(?:ticket|issue|jira|bug|story|task)s?(?:\s+(?:prefix|key|project key|ids?|numbers?))?"
    r"\s*(?:is|are|:|=|look like|looks like|start with|starts with|begin with|begins with|"
    r"are prefixed(?: with)?|prefixed with|use|uses|go under)\s+['\"]?)"
    r"(?P<o>[A-Z][A-Z0-9]{1,9})(?:-\d*)?\b"
    r"|(?i:\b(?:prefix|project key)\s*(?:is|:|=)\s*['\"]?)(?P<o2>[A-Z][A-Z0-9]{1,9})(?:-\d*)?\b"
)
_GENERIC_OWNER = GENERIC_OWNERS


@_rule("identifier")
def _identifier_rule(ctx: _Context) -> list[_Spec]:
    out = []
    if m := _REPO.search(ctx.clause):
        repo = m.group("o").rstrip(".,;)")
        owner = (m.group("s") or "").casefold()
        scope = owner if owner and owner not in _GENERIC_OWNER else _scope_in(ctx)
        subject = f"{scope}.repo" if scope else "user"
        where = f"{scope.capitalize()}'s repository" if scope else "The user's repository"
        out.append(_Spec("identifier", "repository", repo, f"{where} is {repo}.", subject, scope))
    if m := _TICKET.search(ctx.clause):
        prefix = (m.group("o") or m.group("o2")) + "-"
        scope = _scope_in(ctx)
        subject = f"{scope}.tickets" if scope else "user"
        where = f"{scope.capitalize()} tickets" if scope else "The user's tickets"
        out.append(
            _Spec(
                "identifier",
                "ticket_prefix",
                prefix,
                f"{where} use the prefix {prefix}.",
                subject,
                scope,
            )
        )
    return out


# ---- what a project uses
_USES_VERB = (
    r"uses|is using|runs on|is running on|is on|is built on|is built with|is written in|"
    r"is hosted on|is hosted in|is deployed on|is deployed to|deploys to|relies on|"
    r"depends on|stores data in|is backed by|sits on|lives on|moved to|migrated to|switched to|"
    r"is deployed at|deploys on|is hosted at|is hosted with|is hosted by|is served from|"
    r"runs in|is running in|has moved to|has migrated to|has been migrated to|"
    r"has been moved to|was migrated to|was moved to|got migrated to|has switched to"
)
_PROJECT_USES = _rx(
    r"\b(?:our|the|my)\s+(?:project|app|application|service|product|codebase|backend|frontend|"
    rf"api|site|website|platform|system)\s+(?P<s>[\w.-]+)\s+(?P<verb>{_USES_VERB})\s+(?P<o>.+)"
)
_NAMED_USES = _rx(rf"(?:^|(?<=\s))(?P<s>[\w.-]+)\s+(?P<verb>{_USES_VERB})\s+(?P<o>.+)")
_OWNED_TOPIC = _rx(
    r"(?:^|(?<=\s))(?P<s>[\w.-]+)'s\s+(?P<topic>database|db|backend|frontend|stack|language|"
    r"host|hosting|region|cloud|framework|auth)\s+is\s+(?P<o>.+)"
)
_WE_USE = _rx(
    r"\b(?:we|our team)(?:'ve|\s+have|'re|\s+are)?\s+"
    r"(?P<verb>use|run on|are on|deploy to|deploy on|deployed to|deployed on|host on|hosted on|"
    r"are hosted on|are hosted at|are hosted with|are hosted by|build with|migrated to|"
    r"moved to|switched to|are using|are running on)\s+(?P<o>.+)"
)
# "we deploy heron to Fly.io", "we migrated kestrel (over) from X to MongoDB"
_WE_VERB_PROJECT = _rx(
    r"\b(?:we|i|our team|the team)(?:'ve|\s+have|'re|\s+are)?\s+"
    r"(?P<verb>deploy(?:ed|ing)?|host(?:ed|ing)?|ship(?:ped|ping)?|run(?:ning)?|ran|"
    r"migrat(?:e|ed|ing)|mov(?:e|ed|ing)|switch(?:ed|ing)?|port(?:ed|ing)?)\s+"
    r"(?:the\s+|our\s+)?(?P<s>[\w.-]+)(?:\s+(?:project|app|service|api|backend|frontend|"
    r"database|db|site|codebase))?(?:\s+over)?(?:\s+from\s+.+?)?\s+"
    r"(?P<prep>to|onto|on|in|into|at|with)\s+(?P<o>.+)"
)
# "the database here is Redis", "our hosting provider for heron is Render"
_TOPIC_NOUNS = (
    r"database|db|datastore|data store|hosting provider|hosting|host|cloud provider|cloud|"
    r"deploy(?:ment)? target|auth method|auth"
)
_THE_TOPIC = _rx(
    r"\b(?:the|our)\s+(?:(?:main|primary|production|prod|current|backend)\s+)?"
    rf"(?P<topic>{_TOPIC_NOUNS})(?:\s+(?:here|we use|we're using|we are using|of choice))?"
    r"(?:\s+(?:for|of|in|on|behind)\s+(?:the\s+)?(?P<s>[\w.-]+)"
    r"(?:\s+(?:project|app|service|repo|codebase|api))?)?"
    r"\s+(?:is|is now|has become|became)\s+(?P<o>.+)"
)
# "Redis is our database", "Render is the host for heron"
_IS_OUR_TOPIC = _rx(
    r"^(?P<o>[\w.+#-]+(?:\s+[\w.+#-]+)?)\s+is\s+(?:now\s+)?(?:our|the)\s+"
    rf"(?:(?:main|primary|production|prod|current)\s+)?(?P<topic>{_TOPIC_NOUNS})"
    r"(?:\s+(?:here|for\s+(?:the\s+)?(?P<s>[\w.-]+)))?\b"
)
_TOPIC_NOUN_MAP = TOPIC_NOUNS
_WE_VERB_SHOWN = {"deploy": "is deployed to", "host": "is hosted on", "ship": "is deployed to",
                  "run": "runs on", "ran": "runs on", "migrat": "moved to", "mov": "moved to",
                  "switch": "moved to", "port": "moved to"}  # fmt: skip
_DEPLOY_VERBS = frozenset({"deploy", "host", "ship"})
_GENERIC_THING = GENERIC_THINGS
_PROJECT_ADV = _rx(
    r"(?<=\s)(?:now|currently|still|already|actually|recently|finally|just|officially|"
    r"mostly|primarily|also)\s+"
)
_OWNED_TOPICS = OWNED_TOPICS
_WE_VERB = {"use": "uses", "run on": "runs on", "are on": "is on", "deploy to": "deploys to",
            "deploy on": "deploys to", "deployed to": "deploys to", "deployed on": "deploys to",
            "host on": "is hosted on", "hosted on": "is hosted on",
            "are hosted on": "is hosted on", "are hosted at": "is hosted on",
            "are hosted with": "is hosted on", "are hosted by": "is hosted on",
            "build with": "is built with", "migrated to": "moved to", "moved to": "moved to",
            "switched to": "moved to", "are using": "uses",
            "are running on": "runs on"}  # fmt: skip
_NOT_PROJECT = NOT_A_PROJECT
_POSSESSIVE_BEFORE = re.compile(r"\b(?:my|his|her|their|your|a|an)\s+$", re.I)


def _project_spec(
    project: str, verb: str, raw: str, *, topic_hint: str | None = None
) -> _Spec | None:
    value = _cut(raw, keep_and=True)
    if not value:
        return None
    scope = project.casefold()
    topic = _topic(value) or topic_hint or _role_topic(raw) or "uses"
    text = f"{project[0].upper()}{project[1:]} {verb.casefold()} {value}."
    return _Spec("fact", topic, value, text, f"{scope}.{topic}", scope)


_ROLE = _rx(rf"\bas\s+(?:our|the|its|their|my|a|an)\s+(?:\w+\s+)?(?P<topic>{_TOPIC_NOUNS})\b")


def _role_topic(raw: str) -> str | None:
    """The topic a value's role names: "Scylla as our database" -> ``database``."""
    if m := _ROLE.search(raw):
        noun = m.group("topic").casefold()
        return _TOPIC_NOUN_MAP.get(noun, noun)
    return None


def _plausible_value(value: str) -> bool:
    """A technology word, or a name-like word ("Render", "Scylla"), not "slow" or "down"."""
    return bool(value) and (
        _is_tech(value) or (value[:1].isupper() and not _NOT_A_PLACE_START.match(value))
    )


def _topic_rule(ctx: _Context, clause: str) -> list[_Spec]:
    for pattern in (_THE_TOPIC, _IS_OUR_TOPIC):
        m = pattern.search(clause)
        if not m:
            continue
        noun = m.group("topic").casefold()
        topic = _TOPIC_NOUN_MAP.get(noun, noun)
        named = (m.group("s") or "").casefold()
        scope = named if named and named not in _GENERIC_THING | _NOT_PROJECT else _scope_in(ctx)
        value = _cut(m.group("o"), keep_and=True)
        if not scope or not _plausible_value(value):
            continue
        found = _topic(value)
        if found and found != topic and topic != "deploy_target":
            continue  # "the database is Kubernetes": not a database
        text = f"{scope[0].upper()}{scope[1:]}'s {noun} is {value}."
        return [_Spec("fact", topic, value, text, f"{scope}.{topic}", scope)]
    return []


def _we_verb_project(ctx: _Context, clause: str) -> list[_Spec]:
    m = _WE_VERB_PROJECT.search(clause)
    if not m:
        return []
    verb = m.group("verb").casefold()
    stem = next(
        (k for k in sorted(_WE_VERB_SHOWN, key=len, reverse=True) if verb.startswith(k)), "run"
    )
    prep = m.group("prep").casefold()
    if stem in {"migrat", "mov", "switch", "port"} and prep not in {"to", "onto"}:
        return []
    if stem in _DEPLOY_VERBS and prep in {"with"}:
        return []
    project = m.group("s")
    low = project.casefold()
    if low in _GENERIC_THING:
        project = ctx.scope or ""
        low = project
    if not project or low in _NOT_PROJECT:
        return []
    value = _cut(m.group("o"), keep_and=True)
    known = low in ctx.projects or low == (ctx.scope or "")
    deploy = stem in _DEPLOY_VERBS
    if not value or not (_is_tech(value) or (known and _plausible_value(value))):
        return []
    spec = _project_spec(
        project, _WE_VERB_SHOWN[stem], m.group("o"), topic_hint="deploy_target" if deploy else None
    )
    return [spec] if spec else []


@_rule("project")
def _project_rule(ctx: _Context) -> list[_Spec]:
    clause = _PROJECT_ADV.sub("", ctx.clause)
    ctx = _Context(clause, ctx.scope, ctx.projects)
    if m := _PROJECT_USES.search(ctx.clause):
        spec = _project_spec(m.group("s"), m.group("verb"), m.group("o"))
        return [spec] if spec else []
    if m := _OWNED_TOPIC.search(ctx.clause):
        project, topic = m.group("s"), m.group("topic").casefold()
        topic = _OWNED_TOPICS.get(topic, topic)
        value = _cut(m.group("o"), keep_and=True)
        if value and project.casefold() not in _NOT_PROJECT:
            scope = project.casefold()
            text = f"{project[0].upper()}{project[1:]}'s {m.group('topic').casefold()} is {value}."
            return [_Spec("fact", topic, value, text, f"{scope}.{topic}", scope)]
    if specs := _topic_rule(ctx, clause) or _we_verb_project(ctx, clause):
        return specs
    for m in _NAMED_USES.finditer(ctx.clause):
        project = m.group("s")
        low = project.casefold()
        if low in _NOT_PROJECT or _POSSESSIVE_BEFORE.search(ctx.clause[: m.start()]):
            continue
        known = low in ctx.projects or low == (ctx.scope or "")
        if known or _is_tech(_cut(m.group("o"), keep_and=True)):
            spec = _project_spec(project, m.group("verb"), m.group("o"))
            return [spec] if spec else []
    if (m := _WE_USE.search(ctx.clause)) and ctx.scope:
        value = _cut(m.group("o"), keep_and=True)
        verb = _WE_VERB[m.group("verb").casefold()]
        deploy = verb in {"deploys to", "is hosted on"}
        named = deploy or _role_topic(m.group("o")) is not None
        if value and (_is_tech(value) or (named and _plausible_value(value))):
            hint = "deploy_target" if deploy else None
            spec = _project_spec(ctx.scope, verb, m.group("o"), topic_hint=hint)
            return [spec] if spec else []
    return []


# ---- timezone
_TZ = _rx(
    r"\b(?:my time ?zone is|i'm in the|i am in the|i'm on|i am on|i live in the)\s+"
    r"(?P<o>(?:utc|gmt)\s?[+-]\s?\d{1,2}(?::\d\d)?|utc|gmt|[a-z]{2,4}t|[a-z]+/[a-z_]+|"
    r"(?:pacific|eastern|central|mountain|european|british) (?:standard )?time)(?:\s+time ?zone)?\b"
)


@_rule("timezone")
def _timezone_rule(ctx: _Context) -> list[_Spec]:
    if m := _TZ.search(ctx.clause):
        value = m.group("o")
        value = (
            value.upper() if len(value) <= 5 or value[:3].casefold() in {"utc", "gmt"} else value
        )
        return [_Spec("fact", "timezone", value, f"The user's timezone is {value}.")]
    return []


# ---- generic preferences (only when no specific rule matched the clause)
_PREFER = _rx(
    r"(?:^|\b)i(?:'d|\s+would)?(?:\s+(?:really|much|generally|usually|always|definitely|strongly))*"
    r"\s+(?:prefer|rather have)\s+(?P<o>.+)"
)
_LIKE = _rx(
    r"(?:^|\b)i(?:\s+(?:really|absolutely|truly|also))*\s+(?P<verb>like|love|enjoy|adore|hate|"
    r"dislike|detest|can't stand|cannot stand|don't like|do not like)\s+(?P<o>.+)"
)
_NOT_AN_OBJECT = re.compile(
    r"^(?:it|this|that|these|those|them|you|your|how|when|what|the way|to know|to ask)\b", re.I
)


_CLAUSE_WORDS = re.compile(r"\b(?:i|me|my|it|them|they|you|he|she|we|us|him|her)\b", re.I)


def _listed_things(value: str) -> str:
    """A list of things liked or disliked, without a clause after a comma that carries on
    about them ("aubergine, picks them out of everything": aubergine)."""
    parts = value.split(",")
    kept = [parts[0]]
    for part in parts[1:]:
        if _CLAUSE_WORDS.search(part):
            break
        kept.append(part)
    return ",".join(kept).strip()


@_rule("preference", fallback=True)
def _preference_rule(ctx: _Context) -> list[_Spec]:
    if m := _PREFER.search(ctx.clause):
        value = _cut(m.group("o"), keep_and=True)
        if value and not _NOT_AN_OBJECT.match(value):
            return [_Spec("preference", "prefers", value, f"The user prefers {value}.")]
    if m := _LIKE.search(ctx.clause):
        value = _listed_things(_cut(m.group("o"), keep_and=True))
        verb = m.group("verb").casefold()
        if value and not _NOT_AN_OBJECT.match(value):
            likes = verb in {"like", "love", "enjoy", "adore"}
            text = f"The user {'likes' if likes else 'dislikes'} {value}."
            # "can't stand" / "don't like" carry their negation: a dislike, not a retraction
            return [
                _Spec("preference", "likes" if likes else "dislike", value, text,
                      negation_in_value=not likes)
            ]  # fmt: skip
    return []


# ---- people and pets in the user's life (user facts: partner, child, parent, ...)


_REL = rf"(?:{_alternation({*RELATIONS, *PETS})}){NO_LETTER_AFTER}"  # not "mam" of "mamá"
_KIN_ADJ = rf"(?:{_alternation(KIN_ADJECTIVES)}|[a-z]+-year-old|{KIN_MODIFIER})"
_COUNT = r"(?:a|an|one|two|three|four|five|six|\d+)"
# The relation word heads its phrase ("a cat", "two sons, Ari and Bo"), not a modifier of
# another noun ("a cat allergy", "a dog walker").
_HEAD = (
    r"(?=\s*(?:$|[,.;:!?()—–-]|(?:named|called|and|who|that|whose|aged|at|in|from|with|of|"
    r"since|too|now|as well|back|here|there|last|this|two|three|four|a|an)\b))"
)
_HAS_KIN = _rx(
    # "we've a rabbit" (British): the contracted "'ve" is the verb itself
    rf"{_I}{_ADV}(?:\s+(?:have|has|'ve got|have got|got|adopted|rescued|had|welcomed)"
    r"|(?<='ve)|(?<=’ve))\s+"
    rf"(?:got\s+)?(?P<n>{_COUNT})\s+(?P<adj>(?:{_KIN_ADJ}\s+)*)(?:[a-z][\w-]*\s+){{0,2}}?"
    rf"(?P<rel>(?:{_REL})(?:s|es)?)\b{_HEAD}"
    r"(?P<rest>.*)$"
)
_PLACE_ADJUNCT = re.compile(r"^\s+(?i:at|in|with|round|back)\s+[^,;:()]{1,25}?(?=\s*[,:—–-])")
_MY_KIN_NAMED = re.compile(
    rf"(?i:\b(?:my|our)\s+(?:{_KIN_ADJ}\s+)*(?P<rel>{_REL}))"
    r"(?:(?i:'s name is|’s name is|\s+is (?:called|named)|\s+(?:named|called))\s+|\s*,?\s+)"
    r"(?P<name>(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*)"
)
# "the vet for my dog is X", "the name of our cat's vet is X": "my dog" the object of a
# preposition (a closed class) is not the copula's subject; X is the head noun's, not a name
_GOVERNED = re.compile(
    r"\b(?i:for|of|to|with|at|from|by|about|on|behind|near|like|than|after)\s*$"
)
# a name's other spelling in brackets straight after it: "健太 (Kenta)"
_ALIAS = re.compile(r"\s*\(\s*(?P<a>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?)\s*\)")


def _latin(name: str) -> bool:
    """Every letter of ``name`` is Latin (with or without diacritics: "Inés", "Zsófia")."""
    return all(not c.isalpha() or unicodedata.name(c, "").startswith("LATIN") for c in name)


# "My daughters are Mia and Zoe", "my two sons, Ari and Bo, ...", "My son is Teo."
_MY_KIN_ARE = re.compile(
    rf"(?i:\b(?:my|our)\s+(?:(?:two|three|four|five|\d+)\s+)?(?:{_KIN_ADJ}\s+)*"
    rf"(?P<rel>(?:{_REL})(?:s|es)?))(?:\s*,\s*|\s+(?i:are|is)\s+(?i:called\s+|named\s+)?)"
    r"(?P<rest>(?:[A-Z]|[^\W\d_a-zA-Z]).*)$"
)
_NAMED_KIN = re.compile(
    r"(?P<name>(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*(?<!ly)),\s+"
    rf"(?i:(?:my|our)\s+(?:{_KIN_ADJ}\s+)*(?P<rel>{_REL}))\b"
)
# The name first: "Ana is my other half", "Mia and Leo are my kids", "Kofi's my husband"
_NAME_IS_MY_KIN = re.compile(
    r"^\W*(?P<names>(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*(?:(?:\s*,\s*|\s+(?i:and|&)\s+)"
    r"(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*)*)"
    rf"(?:\s+(?i:is|are)|(?i:'s|’s))\s+(?i:my|our)\s+(?:(?i:{_KIN_ADJ})\s+)*"
    rf"(?P<rel>(?i:{_REL})(?i:s|es)?)\b"
)
# "I'm the dad of two boys, Ari and Bo", "I'm a mother of two: Mia and Leo"
_PARENT_OF = _rx(
    rf"{_IM}\s+(?:a|the)\s+(?:proud\s+|happy\s+|tired\s+)*(?:mum|mom|mother|dad|father|"
    rf"parent|mama|papa)\s+(?:of|to)\s+(?P<n>{_COUNT})(?:\s+(?:{_KIN_ADJ}\s+)*"
    rf"(?P<rel>(?:{_REL})(?:s|es)?))?\s*[,:(—–-]?\s*(?P<rest>.*)$"
)
# "Noodle, the parrot who lives with us, ...": a named pet of the household
_NAMED_PET_OF_OURS = re.compile(
    r"(?:^|[,:;.!]\s*)(?P<name>(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*),\s+(?i:the|our|my)\s+"
    rf"(?:(?i:{_KIN_ADJ})\s+)*(?P<rel>(?i:{_alternation(PETS)}))\s+"
    r"(?i:(?:who|that|which)\s+(?:lives|stays|sleeps)\s+with\s+(?:us|me)|(?:we|i)\s+"
    r"(?:adopted|rescued|got|have|share))\b"
)
# "Chidi Okoro is my line manager": a person the user has one of, named first: the
# user's own fact, not the manager's. ("My manager is X" reads as the manager's clause.)
_MY_PERSON_IS = re.compile(
    r"^\W*(?i:(?:so|and|also|btw|fyi|oh|well|anyway)\W+)*(?P<name2>(?:Dr\.?\s+|Prof\.?\s+)?(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*"
    r"(?:\s+(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*)?)\s+(?i:is|'s)\s+"
    # "my", or "the" with the change said ("X is the landlord now (instead of Y)")
    rf"(?:(?i:my)\s+|(?i:the)\s+(?=(?:(?i:new)\s+)?(?i:{_alternation(SINGLE_PEOPLE)})\s+(?i:now)\b))"
    rf"(?:(?i:line|new|current|regular|family)\s+)?(?P<rel2>(?i:{_alternation(SINGLE_PEOPLE)}))\b"
)
# "my dentist is Dr Ito", "our GP's Dr Okafor": the same, the relation first; only a name
# that ends its clause ("my manager is Dana, she ..."), never a state ("my boss is away")
_MY_ONE_PERSON = re.compile(
    # "my dentist is X", or without "my" when the news is a new one ("New manager is X")
    r"^\W*(?i:(?:so|and|also|btw|fyi|oh)\W+)*(?:(?i:my|our)\s+|(?=(?i:new)\s))"
    rf"(?:(?i:line|new|current|regular|family)\s+)?(?P<rel2>(?i:{_alternation(SINGLE_PEOPLE)}))"
    r"(?:\s+(?i:is|was)|(?i:'s|’s))\s+(?:(?i:now|actually|still)\s+)?"
    r"(?P<name2>(?:(?i:dr|prof|mr|mrs|ms|miss)\.?\s+)?(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*"
    r"(?:\s+(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*)?)(?=\s*(?:[,;:.!?—–]|\s-\s|$))"
)
_MARRIED = _rx(
    rf"{_IM}{_ADV}\s+(?:married|engaged|wed)\s+to\s+(?P<o>.+)"
    # "I married Aditi in May", "got married to Sol", "Married Aditi on the 14th!!": the
    # one married, a name right after the verb (the subject may be left out, as texted)
    rf"|(?:^\W*|(?:^|\b)i{_ADV}\s+)(?:(?:just\s+)?got\s+married\s+to|married|wed)\s+"
    r"(?P<o2>(?-i:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*(?:\s+(?-i:[A-Z])[\w'’-]*)?)"
)
_WE_MARRIED = re.compile(
    r"(?:^|\b)(?P<name>(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*)\s+(?i:and|&)\s+(?i:i|me)\s+"
    r"(?i:(?:just\s+|finally\s+|recently\s+)?(?:got|are|were|have been|'ve been)\s+"
    r"(?:married|engaged|hitched)|(?:just\s+)?(?:married|wed|tied the knot))\b"
)
_BREAKUP = _rx(
    rf"{_I}{_ADV}\s+(?:broke up|split up|separated|got divorced|divorced)"
    r"(?:\s+(?:with|from)\s+(?P<o>.+))?"
)
_DEATH = _rx(
    r"\b(?:died|passed away|passed on|was put down|was put to sleep|went missing|ran away|"
    r"is no longer with us|(?:i|we) lost (?:our|my)|put (?:[\w'-]+\s+){1,3}(?:down|to sleep)|"
    r"re-?hom(?:e|ed|ing)|gave (?:[\w'-]+\s+){1,3}away|had to give (?:[\w'-]+\s+){1,3}up)\b"
)
_MORE_NAMES = re.compile(r"^(?:\s*,\s*(?:and\s+)?|\s+(?i:and|&)\s+)(?P<name>[^\W\d_][\w'’-]*)")
# A death told by name alone ("Sad news, Pepper passed away", "we lost Mochi last week"):
# the name is a cased word in the subject slot, or the object of "lost".
_NAME_DIED = re.compile(
    r"(?:^|[,:;.!]\s*|\b(?i:and|but|so)\s+)(?P<name>[A-Z][\w'’-]*)"
    r"(?:\s+(?i:has|had|just|sadly|finally|unexpectedly|peacefully))*\s+"
    r"(?i:died|passed away|passed on|was put down|was put to sleep"
    # a departure from the household said as a move: the pet is no longer the user's
    r"|(?:gone|went|moved)\s+(?:off\s+)?to\s+live\s+(?:on|with|at)|(?:was|been|got)\s+rehomed)\b"
)
_WE_LOST = re.compile(
    r"\b(?i:i|we)(?:\s+(?i:just|sadly|finally|have|'ve|had|'d))*\s+(?i:lost)\s+"
    r"(?P<name>[A-Z][\w'’-]*)\b(?!\s+(?i:my|our|the|a|an|\w+ing)\b)"
)
_NAME_WORD = re.compile(r"^(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*$")


def _singular(rel: str) -> str:
    low = rel.casefold()
    if low in RELATIONS or low in PETS:
        return low
    for cut in ("es", "s"):
        if low.endswith(cut) and (low[: -len(cut)] in PETS or low[: -len(cut)] in RELATIONS):
            return low[: -len(cut)]
    return low


def _kin_predicate(rel: str) -> str:
    low = _singular(rel)
    return "pet" if low in PETS else RELATIONS.get(low, "family_member")


def _names(raw: str) -> list[str]:
    """The names in "Mia and Zoe", "named Rex", ", Ana," (cased words only)."""
    raw = re.sub(r"^\s*(?:,|:|\(|-|—|–)?\s*(?:named|called|who are|who is)?\s*", "", raw)
    found = []
    for part in _AND.split(_cut(raw, keep_and=True)):
        part = _tidy(part)
        if part and all(_NAME_WORD.match(w) for w in part.split()) and len(part.split()) <= 2:
            if part.casefold() not in _NOT_A_NAME and part.casefold() not in RELATIONS:
                found.append(part)
        else:
            break
    return found


def _kin_spec(rel: str, name: str | None, count: str = "a", adj: str = "") -> _Spec:
    predicate = relation_predicate(rel) or _kin_predicate(rel)
    one = predicate == "partner"  # one partner at a time; children, pets, family add up
    rel = rel.casefold()
    if name:
        name = re.sub(r"['’]s$", "", name)  # "my daughter Zara's party": Zara
        text = f"The user has {_article(rel)} {rel} named {name}."
        return _Spec("fact", predicate, name, text, people=True, single_valued=one)
    plural = rel != _singular(rel) or rel in ("kids", "children", "twins", "parents")
    said = rel if plural and count in ("a", "an") else f"{count} {rel}".strip()
    if adj:
        said = (
            f"{adj.casefold()} {said}"
            if plural and count in ("a", "an")
            else f"{count} {adj.casefold()} {rel}".strip()
        )
    return _Spec("fact", predicate, said, f"The user has {said}.", people=True, single_valued=one)


@_rule("people")
def _people_rule(ctx: _Context) -> list[_Spec]:
    out: list[_Spec] = []
    if m := _HAS_KIN.search(ctx.clause):
        # "two cats at home, A and B": a place adjunct before the names sets off nothing
        names = _names(_PLACE_ADJUNCT.sub("", m.group("rest"), count=1))
        rel = m.group("rel")
        if names:
            one = _singular(rel) if len(names) > 1 else rel
            if one in ("children", "kids"):
                one = "child"
            out += [_kin_spec(one, n) for n in names]
        else:
            # "an older sister": the user's description keeps its kin adjectives (#12)
            out.append(_kin_spec(rel, None, m.group("n").casefold(), m.group("adj").strip()))
    if (m := _MY_KIN_ARE.search(ctx.clause)) and not _GOVERNED.search(ctx.clause[: m.start()]):
        names = _names(m.group("rest"))
        one = _singular(m.group("rel")) if len(names) > 1 else m.group("rel")
        one = "child" if one in ("children", "kids") else one
        out += [_kin_spec(one, n) for n in names]
    for pattern in (_MY_KIN_NAMED, _NAMED_KIN):
        for m in pattern.finditer(ctx.clause):
            name = m.group("name")
            if name.casefold() in _NOT_A_NAME | {"i", "and", "is", "was"} or not people_name(name):
                continue  # "Anyway, my wife ...": a lead-in, not a name
            names, rest = [name], ctx.clause[m.end() :]
            # "my brother 健太 (Kenta)": the name in the reader's script, the same person (the
            # clause the rules read has its brackets taken out: they are in the turn)
            alias = re.search(re.escape(name) + _ALIAS.pattern, ctx.turn or ctx.clause)
            if alias and not _latin(name) and _latin(alias.group("a")):
                names = [alias.group("a")]
            while pattern is _MY_KIN_NAMED and (more := _MORE_NAMES.match(rest)):
                # "our twins Mia and Leo", "my sisters Ana, Bea and Cleo"
                extra = more.group("name")
                if not extra[:1].isupper() or extra.casefold() in _NOT_A_NAME | {"i"}:
                    break
                names.append(extra)
                rest = rest[more.end() :]
            rel = _singular(m.group("rel")) if len(names) > 1 else m.group("rel")
            rel = "child" if rel in ("children", "kids", "twins") else rel
            for n in names:
                if not any(s.object == n for s in out):
                    out.append(replace(_kin_spec(rel, n), noun_phrase=True))
    if not out and (m := _NAME_IS_MY_KIN.match(ctx.clause)):
        names = [n for n in _names(m.group("names")) if n.casefold() not in _NOT_A_NAME]
        rel = _singular(m.group("rel")) if len(names) > 1 else m.group("rel").casefold()
        rel = "child" if rel in ("children", "kids", "twins") else rel
        out += [replace(_kin_spec(rel, n), own=True) for n in names]
    if not out and (m := _PARENT_OF.search(ctx.clause)):
        names = _names(m.group("rest"))
        out += [_kin_spec("child", n) for n in names]
    if not out and (m := _NAMED_PET_OF_OURS.search(ctx.clause)):
        out.append(replace(_kin_spec(m.group("rel"), m.group("name")), noun_phrase=True))
    if not out and (m := _MY_PERSON_IS.search(ctx.clause) or _MY_ONE_PERSON.search(ctx.clause)):
        name = _tidy(m.group("name2"))
        rel = m.group("rel2").casefold()
        # "my boss is 王磊 (Wang Lei)": the name in the reader's script, as for kin
        said = ctx.turn or ctx.clause
        alias = re.search(re.escape(name) + _ALIAS.pattern, said) if name else None
        if alias and not _latin(name) and _latin(alias.group("a")):
            name = alias.group("a")
        if name and name.split()[0].casefold() not in _NOT_A_NAME | {"i"}:
            out.append(_Spec("fact", rel, name, f"The user's {rel} is {name}.", people=True,
                             single_valued=True, own=True))  # fmt: skip
    if not out and (m := _NAME_DIED.search(ctx.clause) or _WE_LOST.search(ctx.clause)):
        name = m.group("name")
        if name.casefold() not in _NOT_A_NAME | {"i", "we", "he", "she", "they", "it"}:
            died = re.search(r"(?i:died|passed|put down|put to sleep)", m.group(0))
            said = f"The user's {name} died." if died else f"The user no longer has {name}."
            out.append(_Spec("fact", "pet", name, said, polarity="retract",
                             people=True))  # fmt: skip
    if m := _MARRIED.search(ctx.clause):
        if name := _name_value(m.group("o") or m.group("o2")):
            out.append(_Spec("fact", "partner", name, f"The user's partner is {name}.",
                             people=True, single_valued=True))  # fmt: skip
    if not out and (m := _WE_MARRIED.search(ctx.clause)):
        name = m.group("name")
        if name.casefold() not in _NOT_A_NAME:
            out.append(_Spec("fact", "partner", name, f"The user's partner is {name}.",
                             people=True, single_valued=True))  # fmt: skip
    out += _more_people(ctx, out)
    if m := _BREAKUP.search(ctx.clause):
        name = _name_value(m.group("o")) if m.group("o") else None
        out.append(
            _Spec("fact", "partner", name or "*", "The user no longer has a partner.",
                  polarity="retract", people=True)
        )  # fmt: skip
    return out


def _more_people(ctx: _Context, out: list[_Spec]) -> list[_Spec]:
    """The forms ``people.py`` reads (a name in brackets, a pet by breed then name, "me and
    my partner", names set off by a dash after a count), for people not found already."""
    have = {s.object.casefold() for s in out}
    more: list[_Spec] = []
    listed = listed_members(ctx.clause, ctx.turn)  # "two kids: a son ..., and Ana"
    for rel, name in people_in(ctx.clause, ctx.turn):
        if name is None and rel not in listed and (out or retraction_cue(ctx.turn or ctx.clause)):
            continue  # "my wife and I split up": the ending is the news, not the wife
        if (name or "").casefold() not in have:
            # said by the noun phrase ("my wife and I are moving ..."): the relation holds
            # whatever the clause plans
            count, adj = listed.get(rel, ("a", "")) if name is None else ("a", "")
            spec = replace(_kin_spec(rel, name, count, adj), noun_phrase=True)
            more.append(spec)
            have.add((name or "").casefold())
            if name:  # "we got a dog, her name is Juniper": the dog is Juniper
                unnamed = [s for s in out if s.predicate == spec.predicate
                           and s.object.casefold().startswith(("a ", "an "))]  # fmt: skip
                out[:] = [s for s in out if s not in unnamed]
    counted = [s for s in out if s.object[:1].isdigit() or s.object.split()[0] in _COUNTS]
    if counted or (not out and _PARENT_OF.search(ctx.clause)):
        names = names_after(ctx.turn, ctx.clause)
        if names:
            rel = "child"
            if counted:
                rel = _singular(counted[0].object.split()[-1])
                rel = "child" if rel in ("children", "kids") else rel
            more += [_kin_spec(rel, n) for n in names if n.casefold() not in have]
            if more:
                out[:] = [s for s in out if s not in counted]
    return more


_COUNTS = frozenset({"a", "an", "one", "two", "three", "four", "five", "six"})


# ---- leaving a job, promotions
_LEFT_JOB = _rx(
    rf"(?:^|\b)i{_ADV}\s+(?:(?:left|quit|leaving|quitting) my (?:job|role|position) (?:at|with)|"
    r"left|leave|leaving|quit|quitting|resigned from|resigning from|"
    r"(?:got|was|been) (?:laid off|let go|fired|made redundant) (?:from|by|at)|"
    r"lost my job (?:at|with)|handed in my notice at)\s+(?P<o>.+)"
)
_AFTER_LEAVING = _rx(r"\b(?:after|since)\s+(?:leaving|quitting|being let go from)\s+(?P<o>.+)")
_BETWEEN_JOBS = _rx(
    rf"(?:{_IM}{_ADV}\s+"
    # with the subject left out, as texted: "officially between jobs, taking a breather"
    r"|^\W*(?:(?:now|currently|officially|technically|still)\s+)?)"
    r"(?:between jobs|out of work|unemployed|job-?hunting|on gardening leave)\b"
)
_NOT_THERE = _rx(
    rf"(?:^|\b)i{_ADV}\s+(?:work(?:ing)?|employed)\s+(?:there|at that (?:place|company|firm))"
    rf"|(?:^|\b)i(?:'ve|\s+have)?{_ADV}\s+(?:retired|been made redundant|been laid off|"
    r"got laid off|was laid off|lost my job|(?:got|was) made redundant|(?:got|was) let go|"
    r"(?:got|was|been) (?:fired|sacked))\b(?!\s+(?:from|at|by|with)\s|\s+up\b)"
    # with the subject left out, as texted: "got made redundant on Tuesday" (#12)
    r"|^\W*(?:(?:got|was|been) (?:made redundant|laid off|let go|fired|sacked)|lost my job)\b"
    r"(?!\s+(?:from|at|by|with)\s)"
)
_ROLE_HEADS = _alternation(ROLE_HEADS)
_PROMOTED = _rx(
    r"\b(?:made|named|appointed|promoted|bumped|moved)\s+me\s+(?:up\s+)?(?:to\s+|as\s+)?"
    r"(?P<o>.+)"
    rf"|{_I}{_ADV}\s+(?:got|been|was|were|am|'m|get|getting)?\s*(?:just\s+|finally\s+)?"
    r"(?:made|named|appointed|promoted|bumped up|moved up|stepped up)\s+(?:to\s+|as\s+)?"
    r"(?!redundant\b)(?P<o2>.+)"  # "made redundant" ends the job (_NOT_THERE)
)


# ---- relationship status: a closed class of states ("I'm engaged", "we got married",
# "single now and fine"); whom to is the partner rules' (#12)
_STATUS_WORDS = r"single|engaged|married|divorced|separated|widowed"
_STATUS = _rx(
    rf"{_I}{_ADV}\s+(?:(?:got|getting|gotten|become|became)\s+)?(?P<o>{_STATUS_WORDS})\b"
    rf"(?!\s+(?:to|with|for|from)\b)"
    # said bare at a clause's start, or after a comma or an emoji: "..., single now"
    r"|(?:^|[,;]|[\u2600-\u27bf\U0001f000-\U0001faff][\ufe0f\u200d]*)\s*"
    rf"(?P<o2>{_STATUS_WORDS})(?:\s+(?:now|again|these days|at last|since)\b|\s*(?=[,.;!]|$))"
)


@_rule("relationship_status")
def _relationship_status_rule(ctx: _Context) -> list[_Spec]:
    m = _STATUS.search(ctx.clause)
    if m is None or re.search(r"\b(?:not|no longer|never|any ?more)\b|n't\b", ctx.clause, re.I):
        return []  # "I'm not married any more": an ending, which the ending rules read
    value = (m.group("o") or m.group("o2")).casefold()
    return [_Spec("fact", "relationship_status", value, f"The user is {value}.")]


@_rule("left_job")
def _left_job_rule(ctx: _Context) -> list[_Spec]:
    if m := _LEFT_JOB.search(ctx.clause):
        if employer := _employer(m.group("o")):
            return [_Spec("fact", "employer", employer, f"The user no longer works at "
                          f"{employer}.", polarity="retract")]  # fmt: skip
    if m := _AFTER_LEAVING.search(ctx.clause):
        if employer := _employer(m.group("o")):
            return [_Spec("fact", "employer", employer, f"The user no longer works at "
                          f"{employer}.", polarity="retract")]  # fmt: skip
    if _NOT_THERE.search(ctx.clause) or _BETWEEN_JOBS.search(ctx.clause):
        return [_Spec("fact", "employer", "*", "The user no longer works there.",
                      polarity="retract", negation_in_value=True)]  # fmt: skip
    return []


# "I'm now the product manager", "I'm the new ops lead": a role noun heads the phrase
_IM_THE_ROLE = _rx(
    rf"{_IM}(?:\s+(?:now|officially|finally|currently|just))*\s+(?:the|our|their)\s+"
    r"(?:new\s+|acting\s+|interim\s+)?(?P<o>(?:[\w-]+\s+){0,3}?"
    rf"(?:{_ROLE_HEADS})(?:\s+of\s+(?!(?:a|an|the|my|our|this|that)\b)[\w-]+(?:\s+[\w-]+)?)?)\s*$"
)


_IM_BARE_ROLE = _rx(
    rf"{_IM}(?:\s+(?:now|officially|finally|currently|just))*\s+"
    r"(?!(?:a|an|the|not|so|very|really|too|in|at|on|from|with|going|being|getting|here|there|"
    r"now|officially|finally|currently|just|"
    r"back|done|sure|fine|good|ok|okay|afraid|sorry|glad|happy|tired|off|out|also|much|way|far|"
    r"even|a bit|lot|more|less|feeling|still)\b)"
    r"(?P<o>(?:[^\W\d][\w-]*\s+){0,3}?[^\W\d][\w-]*)$"
)
# "I'm a teacher", "I'm now a senior analyst": an article and a role noun at the end
# (alone, "a partner" or "a lead" says no job)
_BARE_NOT_A_ROLE = frozenset({"partner", "owner", "fellow", "associate", "chair", "admin",
                              "head", "lead", "leader", "chief", "principal"})  # fmt: skip
_IM_A_ROLE = _rx(
    rf"{_IM}(?:\s+(?:now|officially|finally|currently|just|still))*\s+(?:a|an)\s+"
    r"(?!(?:bit|little|lot|huge|big|real|total|bit of)\b)"
    r"(?P<o>(?:[\w-]+\s+){0,3}?[\w-]+)(?:\s+(?:there|here))?$"
)
_NEW_ROLE_CUE = _rx(
    r"\b(?:promot\w*|made me|named me|appointed|bumped|new (?:role|title|job|position)|"
    r"step(?:ped)? up|took over as|took on)\b"
)


@_rule("promotion")
def _promotion_rule(ctx: _Context) -> list[_Spec]:
    m = _PROMOTED.search(ctx.clause)
    if not m:
        bare = _FILLER_TAIL.sub("", _tidy(ctx.clause).strip(" ,.!?;:"))
        if r := _IM_THE_ROLE.search(bare):
            title = _tidy(r.group("o"))
            if title and not _NOT_A_TITLE.match(title):
                return [_Spec("fact", "job_title", title, f"The user is {_article(title)} "
                              f"{title}.")]  # fmt: skip
        if (
            (r := _IM_A_ROLE.search(bare))
            and re.fullmatch(rf"(?:{_ROLE_HEADS})", r.group("o").split()[-1], re.IGNORECASE)
            and (len(r.group("o").split()) > 1 or r.group("o").casefold() not in _BARE_NOT_A_ROLE)
        ):
            title = _tidy(r.group("o"))
            if title and not _NOT_A_TITLE.match(title):
                return [_Spec("fact", "job_title", title, f"The user is {_article(title)} "
                              f"{title}.")]  # fmt: skip
        if r := _IM_BARE_ROLE.search(bare):
            # "I'm senior copywriter now": no article, so a role only when its head is a
            # role noun, or an agent noun in a message that says it is a new role
            title = _tidy(r.group("o"))
            head = title.split()[-1].casefold() if title else ""
            role = bool(re.fullmatch(rf"(?:{_ROLE_HEADS})s?", head))
            agent = bool(re.search(r"(?:er|or|ist|ian|ant|ent|ot|ect)$", head))
            if title and not _NOT_A_TITLE.match(title) and (
                role or (agent and len(title.split()) > 1 and _NEW_ROLE_CUE.search(ctx.turn))
            ):
                return [_Spec("fact", "job_title", title, f"The user is {_article(title)} "
                              f"{title}.")]  # fmt: skip
        return []
    raw = m.group("o") if m.group("o") is not None else m.group("o2")
    employer = None
    if at := re.search(r"\s+(?:at|with|for)\s+(?P<e>.+)$", raw, re.IGNORECASE):
        employer = _employer(at.group("e"))  # "made operations lead at Quillfeather"
        raw = raw[: at.start()]
    title = _cut(_PREP_TAIL.sub("", re.sub(r"^(?:the|a|an|our|their|new)\s+", "", raw, flags=re.I)))
    words = title.split()
    if not words or len(words) > 5:
        return []
    if m.group("o") is not None and not re.fullmatch(
        rf"(?:{_ROLE_HEADS})s?|[A-Z]{{2,5}}", words[-1], re.IGNORECASE
    ):
        return []  # "they made me laugh": not a role
    if _cased(title) and not any(
        re.fullmatch(rf"(?:{_ROLE_HEADS})s?", w, re.IGNORECASE) for w in words
    ):
        return []  # "we moved up to Cairns": a name with no role noun is a place, not a title
    out = [_Spec("fact", "job_title", title, f"The user is {_article(title)} {title}.")]
    if employer and _cased(employer):
        out.append(_Spec("fact", "employer", employer, f"The user works at {employer}."))
    return out


# ---- one-at-a-time attributes the policy may not know: "my phone plan is X"
_MY_ATTR = _rx(
    r"(?:^|\b)my\s+(?P<attr>(?:[^\W\d][\w-]*\s+){0,2}[^\W\d][\w-]*)\s+"
    r"(?P<cop>is|are|'s|’s)\s+(?:now\s+|currently\s+|still\s+)?(?:(?:a|an|the)\s+)?(?P<o>.+)"
    r"|(?:^|\b)my\s+(?P<attr2>(?:[^\W\d][\w-]*\s+){0,2}[^\W\d][\w-]*)(?P<cop2>'s|’s)\s+"
    r"(?:now\s+|currently\s+|still\s+)?(?:(?:a|an|the)\s+)?(?P<o2>.+)"
)
# "ported my number over to Northpeak Mobile": the phone's network, which has one at a time
_PORTED = _rx(
    r"\b(?:ported|porting|moved|switched|took|taken)\s+(?:my|our)\s+(?:phone\s+|mobile\s+|cell\s+)?"
    r"number\s+(?:over\s+|across\s+)?(?:to|into)\s+(?P<o>.+)"
)
_DRIVE = _rx(rf"(?:^|\b)i{_ADV}\s+(?:drive|driving)\s+(?:a|an|the)\s+(?P<o>.+)")
_RIDE = _rx(rf"(?:^|\b)i{_ADV}\s+(?:ride|riding)\s+(?:a|an)\s+(?P<o>.+)")
# "I'm on Nova 20GB for my phone", "signed up for X on my phone", "got X as my car": the
# value first, then the attribute it is held as.
_FOR_MY = _rx(
    rf"(?:^|\b)(?:(?:i|we){_ADV}\s+)?(?:'m\s+|am\s+|are\s+)?(?:on|using|use|have|got|get|"
    r"signed up (?:for|with)|went with|picked|chose)\s+(?:(?:a|an|the)\s+)?(?P<o>.+?)\s+"
    r"(?:for|on|as)\s+my\s+(?P<attr>(?:[^\W\d][\w-]*\s+)?[^\W\d][\w-]*)\b\W*$"
)
# "traded in my old bike for a Brompton", "swapped my car for a Golf": the attribute is
# the noun after "my", the new value the one after "for".
_TRADED_MY = _rx(
    rf"(?:^|\b)(?:(?:i|we){_ADV}\s+)?(?:traded|swapped|exchanged|replaced)(?:\s+in)?\s+"
    r"(?:my|our)\s+(?:old\s+|current\s+)?(?P<attr>(?:[^\W\d][\w-]*\s+)?[^\W\d][\w-]*)\s+"
    r"(?:for|with)\s+(?:(?:a|an|the|my)\s+)?(?:new\s+)?(?P<o>.+)"
)
_ON_PLAN = _rx(
    rf"{_IM}{_ADV}\s+on\s+(?:the|a|an|my)\s+(?P<o>.+?)\s+"
    r"(?P<attr>plan|tariff|contract|subscription|membership|package)\b"
)
_SWITCHED_MY = _rx(
    rf"(?:^|\b)i{_ADV}\s+(?:switched|changed|moved|upgraded|downgraded)\s+my\s+"
    r"(?P<attr>(?:[^\W\d][\w-]*\s+){0,2}?[^\W\d][\w-]*)\s+(?:(?:over|across|back)\s+)?to\s+"
    r"(?:(?:a|an|the)\s+)?(?P<o>.+)"
)
# The value first: "Orbit Unlimited is my mobile plan now", "teal is my favourite colour"
_VALUE_IS_MY = re.compile(
    r"^\W*(?P<o>(?:[A-Z]|[^\W\d_a-zA-Z]|\d)[\w'’.&+-]*(?:\s+[\w'’.&+-]+){0,4}?)\s+"
    r"(?i:is|'s)\s+(?i:now\s+)?(?i:my)\s+(?i:new\s+|current\s+)?"
    r"(?P<attr>(?i:[^\W\d][\w-]*)(?:\s+(?i:[^\W\d][\w-]*)){0,2}?)"
    r"(?:\s+(?i:now|these days|nowadays|at the moment))?(?:\s*,.*)?\W*$"
)
_NOT_A_VALUE = re.compile(r"^(?:to|that|not|so|very|too|really|pretty|quite|kind of|like)\b", re.I)
# the head noun of "<head> at/for/near my <place>": the words before the possessive
_HEAD_BEFORE_PP = re.compile(
    r"(?:^|\b)(?P<head>[^\W\d][\w-]*)\s+(?:at|in|for|near|by|on|round|around)\s+$", re.I
)


def _name_like(value: str, attr: str) -> bool:
    """A value an attribute can hold: a name ("Vodafone Red", "PureGym", "a Škoda"), or
    a short plain noun when the attribute itself is specific ("favourite colour" is
    green) — never a state ("dying", "in the garage", "failing on line 12")."""
    words = value.split()
    if _cased(value) or value[:1].isdigit():
        return True
    if len(attr.split()) < 2 or len(words) > 2:
        return False
    return not any(w.casefold() in VALUE_STOP_WORDS or w.casefold().endswith("ing") for w in words)


# "I changed gyms, I'm at PulseFit now", "switched banks - we're with Halden now": the
# plural noun names the attribute, the next clause the one value now held.
_CHANGED_KIND = _rx(
    rf"^(?:(?:i|we){_ADV}\s+)?(?:changed|switched|swapped|moved|changing|switching)\s+"
    r"(?P<n>[^\W\d_][\w-]*?)(?P<pl>ies|s)\b\W*$"
)
_NOW_HELD = _rx(
    r"^(?:(?:and|so)\s+)?(?:(?:i'm|i am|we're|we are)\s+(?:now\s+)?(?:at|with|on|in)|"
    r"(?:now\s+)(?:at|with|on)|(?:(?:i|we)\s+)?(?:now\s+)?(?:joined|signed up (?:at|with|for)|"
    r"went with|picked|chose|go to|use))\s+(?:(?:a|an|the)\s+)?(?P<o>.+)"
    # "changed banks — Corvid Bank now": the bare name, then "now"
    r"|^(?P<o2>(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’&.-]*(?:\s+[\w'’&.-]+){0,3}?)\s+(?i:now|these days)\W*$"
)
_NOT_AN_ATTRIBUTE_NOUN = NOT_AN_ATTRIBUTE_NOUN

_TYPED_ATTRIBUTES: frozenset[str] = frozenset(
    {*DEFAULT_SINGLE_VALUED, *ATTRIBUTE_ALIASES.values(), *SINGLE_PEOPLE, *_VERB_DEFAULT.values()}
)
"""The one-at-a-time attributes these rules know by name: a slot of the write policy's, a
slot the alias table names, a person a user has one of, what a verb says ("I drive a X",
"I commute by X"). Any other attribute a rule reads is a noun taken from the words' shape
("my X is Y", "X: Y"): one at a time for the write policy, never always sent, unless its
head is a word recall knows other names of (``_KNOWN_HEADS``)."""
_KNOWN_HEADS: frozenset[str] = frozenset(ATTRIBUTE_WORDS) - RELATIONS.keys() - {"name", "type"}
"""Attribute words recall knows everyday other names of (``ATTRIBUTE_WORDS``: "energy"
for gas and electricity, "hairdresser" for a haircut, "insurer" for cover), never a
relation or a word that only says which ("name", "type"): "my home insurer is X" and
"Energy: X" name an attribute a reader knows."""


def _typed_attribute(predicate: str) -> bool:
    return predicate in _TYPED_ATTRIBUTES or predicate.rsplit("_", 1)[-1] in _KNOWN_HEADS


def _vouched(candidate: CandidateFact) -> CandidateFact:
    """``candidate``, marked ``attribute=False`` when it holds one value at a time under an
    attribute these rules only guessed (``_TYPED_ATTRIBUTES``): "some context: Leeds" is
    stored as ``some_context`` and superseded by the next one, but the profile's
    Attributes section, sent with every request, is for attributes a reader knows."""
    if (
        candidate.single_valued is not True
        or candidate.attribute is not None
        or _typed_attribute(candidate.predicate)
        or candidate.predicate == UNNAMED  # a switch: the policy gives it the held slot's
    ):
        return candidate
    return candidate.model_copy(update={"attribute": False})


def _attribute_predicate(attr: str) -> str:
    """The predicate an attribute noun names, one slot for its synonyms ("mobile
    contract" and "phone plan" are both ``phone_plan``)."""
    low = re.sub(r"\s+", " ", attr.casefold()).strip()
    low = re.sub(r"^(?:new|current|present)\s+(?=\w)", "", low)  # "my new car" is my car
    if low in ATTRIBUTE_ALIASES:
        return ATTRIBUTE_ALIASES[low]
    if " " not in low and (slot := slot_of(low)) != low:
        return slot  # "my airport": the one default slot named with the word
    return re.sub(r"[^\w]+", "_", low).strip("_")


_CHANGED_KIND_COLON = _rx(
    rf"^\W*(?:(?:i|we){_ADV}\s+)?(?:changed|switched|swapped|moved)\s+"
    r"(?P<n>[^\W\d_][\w-]*?)(?P<pl>ies|s)\s*(?::|—|–)\s*(?:now\s+)?(?P<o>.+)$"
)


def _changed_kind(first: str, second: str) -> _Spec | None:
    """The attribute a "changed <things>" clause names, held by the value the next one says."""
    m, n = _CHANGED_KIND.match(first.strip()), _NOW_HELD.match(second.strip())
    if not m or not n:
        return None
    attr = m.group("n").casefold() + ("y" if m.group("pl").casefold() == "ies" else "")
    value = _tidy(_PREP_TAIL.sub("", _cut(n.group("o") or n.group("o2"), keep_amp=True)))
    if not value or len(value.split()) > 5 or not _name_like(value, attr):
        return None
    if attr in ("job", "company", "employer", "firm") and (e := _employer(value)):
        return _Spec("fact", "employer", e, f"The user works at {e}.")
    if attr in _NOT_AN_ATTRIBUTE_NOUN or attr in ATTRIBUTE_NOT or attr in RELATIONS:
        return None
    predicate = _attribute_predicate(attr)
    return _Spec("fact", predicate, value, f"The user's {attr} is {value}.", single_valued=True)


# (a device noun alone names the device, not its plan: "Phone: Pixel 8" is no phone plan)
_SLOT_WORDS = _alternation(set(ATTRIBUTE_ALIASES) - {"phone", "cell", "mobile", "sim", "ride"})
# "Blood group: B negative", "home wifi provider is X", "shoe size 44": a known slot named
# at the start of the clause, then its value
_SLOT_LABEL = re.compile(
    rf"^\W*(?:(?i:my|our)\s+)?(?P<attr>(?i:{_SLOT_WORDS}))\s*(?:[:?=]|(?i:is|'s)\b|(?=\d))\s*"
    r"(?:(?i:now|currently)\s+)?(?:(?:a|an|the)\s+)?(?P<o>[^,;]+)"  # "A positive" stays
)
# "we get broadband from Telia", "I bank with ING"
_SLOT_FROM = _rx(
    rf"(?:^|\b)(?:i|we){_ADV}\s+(?:get|have|buy|use)\s+(?:my\s+|our\s+)?"
    rf"(?P<attr>{_SLOT_WORDS})\s+(?:from|with|through|via)\s+(?P<o>.+)"
    rf"|(?:^|\b)(?:i|we){_ADV}\s+(?P<attr2>bank)\s+(?:with|at)\s+(?P<o2>.+)"
)


@_rule("attribute_frame")
def _attribute_frame_rule(ctx: _Context) -> list[_Spec]:
    """One-at-a-time attributes read by structure (``attributes.py``, #12 kind 10)."""
    said = ctx.clause
    at = ctx.turn.find(said)
    if at < 0:  # an elided subject given back ("got a X" read as "I got a X")
        said = re.sub(r"^(?:I|I'm)\s+", "", said)
        at = ctx.turn.find(said)
    following = ctx.turn[at + len(said) :] if at >= 0 else ""
    preceding = ctx.turn[:at] if at >= 0 else ""
    specs = [
        _Spec("fact", r.predicate, r.value, r.text, single_valued=True, replaces=r.replaces,
              framed=True, negation_in_value=r.replaces is not None, own=r.own, weak=r.weak)
        for r in read_attributes(ctx.clause, following=following, preceding=preceding)
    ]  # fmt: skip
    # a maker's name says what a switch that names no attribute is about ("traded in the
    # Proton Persona for a Daihatsu Terios"), and what an unnamed "it's the X now" is (#12)
    specs = [
        replace(s, predicate="car", text=f"The user drives {_article(s.object)} {s.object}.",
                weak=False)
        if s.predicate == UNNAMED and names_a_car(s.object)
        else s
        for s in specs
    ]  # fmt: skip
    if not specs and (car := current_car(ctx.clause)):
        specs = [_Spec("fact", "car", car, f"The user drives {_article(car)} {car}.",
                       single_valued=True)]  # fmt: skip
    return specs


def _possessed(predicate: str, clause: str) -> bool:
    """Whether the clause says the attribute after a possessive ("my home insurer", "our
    vet"): the user holds it. A label ("some context: X") or a noun alone does not."""
    head = re.escape(predicate.rsplit("_", 1)[-1])
    return bool(re.search(rf"\b(?:my|our)\s+(?:[\w'-]+\s+){{0,2}}{head}", clause, re.I))


def _attribute_precedence(specs: list[_Spec], clause: str = "") -> list[_Spec]:
    """An attribute frame of ``attributes.py`` beside the typed rules: the value a switch
    gives up is no fact ("switched my insurer from X to Y": no city X); a project's or a
    person's reading of the same value wins over the frame ("our hosting provider is X" is
    a deploy target), a user slot's loses to it; a verb frame alone or a switch naming no
    attribute gives way to any typed reading ("moved to Leeds", "moved from Leeds to York")."""
    mine = [s for s in specs if s.framed]
    if not mine:
        return specs
    given_up = {s.replaces.casefold() for s in mine if s.replaces}
    rest = [s for s in specs if not s.framed and s.object.casefold() not in given_up]
    if rest and all(s.weak for s in mine):
        return rest
    # a project's or a person's reading of the value is more specific than the frame's, and
    # so is a typed slot the frame's noun names ("my native language is X": a language); a
    # slot read from part of the words ("X is my home insurer" as "X is my home") is not
    def wins(typed: _Spec, frame: _Spec) -> bool:
        head = frame.predicate.rsplit("_", 1)[-1].removesuffix("s")
        said = {w.removesuffix("s") for w in typed.predicate.split("_")}
        if typed.subject != "user" or typed.people or bool(typed.scope) or head in said:
            return True
        # "some context: Leeds, that's home": a noun no rule knows, not said as the
        # user's, gives way to the slot a typed rule reads the value into (a city)
        return (
            typed.predicate in _TYPED_ATTRIBUTES
            and not _typed_attribute(frame.predicate)
            and not frame.own
            and bool(clause)
            and not _possessed(frame.predicate, clause)
        )

    kept = [
        m
        for m in mine
        if not any(t.object.casefold() == m.object.casefold() and wins(t, m) for t in rest)
    ]
    said = {s.object.casefold() for s in kept}
    return kept + [s for s in rest if s.object.casefold() not in said]


def _names_a_person(noun_phrase: str) -> bool:
    """True when ``noun_phrase`` is a word for a person followed by a name ("flatmate
    Jonas", "boss Priya", "cousin Ana"): it names that person, not an attribute of the
    user's, so what the sentence says of it is theirs (#12)."""
    people = RELATIONS.keys() | PETS.keys() | SINGLE_PEOPLE | OTHER_PEOPLE
    words = noun_phrase.split()
    return any(
        a.casefold() in people and _cased(b) for a, b in itertools.pairwise(words)
    )


@_rule("attribute", fallback=True)
def _attribute_rule(ctx: _Context) -> list[_Spec]:
    m = _SLOT_LABEL.match(ctx.clause) or _SLOT_FROM.search(ctx.clause)
    if m:
        groups = m.groupdict()
        attr = (groups.get("attr") or groups.get("attr2") or "").casefold()
        value = _tidy(_PREP_TAIL.sub("", _cut(groups.get("o") or groups.get("o2") or "",
                                                keep_amp=True)))  # fmt: skip
        value = _FILLER_TAIL.sub("", value).strip()
        if value and len(value.split()) <= 4 and not _NOT_A_VALUE.match(value) and (
            _cased(value) or value[:1].isdigit()  # a name or a number, not "broken"
        ) and value.split()[0] not in VALUE_STOP_WORDS | _NOT_A_NAME:  # "A positive" is one
            return [_Spec("fact", _attribute_predicate(attr), value,
                          f"The user's {attr} is {value}.", single_valued=True)]  # fmt: skip
    if m := _CHANGED_KIND_COLON.match(ctx.clause):
        # "Switched banks: Nordhaven from this month": the next clause, after a colon
        head = m.group(0)[: m.start("o")].rstrip(" :—–")
        if spec := _changed_kind(head, f"now at {m.group('o')}"):
            return [spec]
    for pattern, predicate, verb in ((_DRIVE, "car", "drives"), (_RIDE, "bike", "rides")):
        if m := pattern.search(ctx.clause):
            value = _tidy(_PREP_TAIL.sub("", _cut(m.group("o"), keep_amp=True)))
            # a make or model ("a Model 3"), not "a hard bargain" or "a bike to work"
            if value and all(_cased(w) or w[:1].isdigit() for w in value.split()[1:]) and (
                _cased(value)
            ):
                return [_Spec("fact", predicate, value,
                              f"The user {verb} {_article(value)} {value}.",
                              single_valued=True)]  # fmt: skip
    if m := _PORTED.search(ctx.clause):
        value = _tidy(_PREP_TAIL.sub("", _cut(m.group("o"), keep_amp=True)))
        value = re.sub(r"(?:'s|’s)(?:\s+.*)?$", "", value)  # "X's unlimited one": X
        if value and _cased(value) and len(value.split()) <= 4:
            return [_Spec("fact", "phone_plan", value, f"The user's phone network is {value}.",
                          single_valued=True)]  # fmt: skip
    for pattern in (_FOR_MY, _TRADED_MY):
        if m := pattern.search(ctx.clause):
            attr = m.group("attr").casefold()
            value = _tidy(_PREP_TAIL.sub("", _cut(m.group("o"), keep_amp=True)))
            head = attr.split()[-1]
            bad = head in ATTRIBUTE_NOT or head in RELATIONS or head in PETS
            if value and not bad and _cased(value) and len(value.split()) <= 5:
                return [_Spec("fact", _attribute_predicate(attr), value,
                              f"The user's {attr} is {value}.", single_valued=True)]  # fmt: skip
    if m := _ON_PLAN.search(ctx.clause):
        value, attr = _tidy(m.group("o")), m.group("attr").casefold()
        if value and len(value.split()) <= 4:
            return [_Spec("fact", attr, value, f"The user is on the {value} {attr}.",
                          single_valued=True)]  # fmt: skip
    if m := _VALUE_IS_MY.match(ctx.clause):
        attr, value = m.group("attr").casefold(), _tidy(m.group("o"))
        head = attr.split()[-1]
        people = RELATIONS.keys() | PETS.keys() | SINGLE_PEOPLE | OTHER_PEOPLE
        if (
            value
            and head not in ATTRIBUTE_NOT
            and attr not in ATTRIBUTE_NOT
            and head not in people
            and value.split()[0].casefold() not in _NOT_A_NAME | {"i", "he", "she", "they"}
            and len(value.split()) <= 5
        ):
            return [_Spec("fact", _attribute_predicate(attr), value,
                          f"The user's {attr} is {value}.", single_valued=True,
                          own=True)]  # fmt: skip
    m = _MY_ATTR.search(ctx.clause) or _SWITCHED_MY.search(ctx.clause)
    if not m:
        return []
    groups = m.groupdict()
    raw_attr = groups.get("attr") or groups.get("attr2") or ""
    if _names_a_person(raw_attr):
        return []  # "my flatmate Jonas is vegan": Jonas's diet, the rules for people read it
    attr = raw_attr.casefold()
    if (pp := _HEAD_BEFORE_PP.search(ctx.clause[: m.start()])) and m.re is _MY_ATTR:
        # "the broadband at my flat is X": "my flat" is the object of a preposition, the
        # noun before it is the head the copula says the value of
        if attr.split()[-1] in RELATIONS or attr.split()[-1] in PETS:
            return []  # "the vet for my dog is X": the rules for people read it
        attr = pp.group("head").casefold()
        if attr in VALUE_STOP_WORDS or attr in _NOT_A_NAME or attr == "name":
            return []
    said = groups.get("o") or groups.get("o2") or ""
    head = attr.split()[-1]
    if head in ATTRIBUTE_NOT or head in RELATIONS or head in PETS or attr in ATTRIBUTE_NOT:
        return []
    value = _tidy(_cut(said, keep_amp=True))
    if not value or _NOT_A_VALUE.match(value) or len(value.split()) > 5:
        return []
    plural = (groups.get("cop") or "is").casefold() == "are"
    if plural:
        value = _tidy(_cut(said, keep_and=True))
    listed = plural and len(_items(value)) > 1  # "my hobbies are climbing and chess"
    if not listed and not _name_like(value, attr):
        return []  # "my laptop is slow", "my car is in the garage": a state, not a value
    predicate = _attribute_predicate(attr)
    verb = "are" if plural else "is"
    return [_Spec("fact", predicate, value, f"The user's {attr} {verb} {value}.",
                  single_valued=not plural)]  # fmt: skip


# ---- routines ("I swim every Tuesday") and constraints an explicit save states
_ROUTINE = _rx(
    r"^(?:i|we)\s+(?:usually\s+|always\s+|normally\s+|typically\s+)?(?P<o>(?:[\w'-]+\s+){1,6}?"
    r"(?:every|each)\s+(?:other\s+)?(?:morning|evening|night|day|weekday|workday|week|weekend|fortnight|month|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b.*"
    r"|(?:[\w'-]+\s+){1,6}?on\s+(?:mondays|tuesdays|wednesdays|thursdays|fridays|"
    r"saturdays|sundays|weekends|weekdays)\b.*"
    # a habit tied to a part of the day: "swim before work", "read in the evenings"
    r"|(?:[\w'-]+\s+){1,4}?(?:before|after)\s+(?:work|school|breakfast|lunch|dinner|bed|"
    r"the school run)\b.*|(?:[\w'-]+\s+){1,4}?in\s+the\s+(?:mornings|evenings)\b.*)"
)
_THING_DISLIKED = _rx(
    r"^\W*(?P<o>[^\W\d][\w'-]*(?:\s+[\w'-]+){0,3}?)\s+(?:is|are)\s+(?:something|one thing|"
    r"a thing|the one thing|what)\s+i\s+(?:really\s+|truly\s+|just\s+)?(?P<verb>loathe|hate|"
    r"detest|dislike|can't stand|cannot stand|don't like|do not like|avoid|never eat)\b"
)
_THING_RULED_OUT = _rx(
    r"^\W*(?P<o>[^\W\d][\w'-]*(?:\s+[\w'-]+){0,3}?)\s+(?:is|are)\s+(?:out|a no-go|a no go|"
    r"off the table|off-limits|off limits|a hard no|not an option|a dealbreaker)\s+for\s+"
    r"(?:me|us)\b"
)


@_rule("value_first", fallback=True)
def _value_first_rule(ctx: _Context) -> list[_Spec]:
    """The thing first, then what the user thinks of it: "tripe is something I hate",
    "night trains are out for me" (a dislike, a constraint)."""
    if m := _THING_DISLIKED.search(ctx.clause):
        value = _tidy(m.group("o"))
        if value and not _NOT_AN_OBJECT.match(value) and value.casefold() not in _NOT_A_NAME:
            return [_Spec("preference", "dislike", value, f"The user dislikes {value}.",
                          negation_in_value=True, own=True)]  # fmt: skip
    if m := _THING_RULED_OUT.search(ctx.clause):
        value = _tidy(m.group("o"))
        if value and not _NOT_AN_OBJECT.match(value) and value.casefold() not in _NOT_A_NAME:
            return [_Spec("fact", "constraint", f"no {value}", f"The user avoids {value}.",
                          negation_in_value=True, own=True)]  # fmt: skip
    return []


@_rule("routine", fallback=True)
def _routine_rule(ctx: _Context) -> list[_Spec]:
    if m := _ROUTINE.search(ctx.clause.strip()):
        value = _tidy(m.group("o"))
        return [_Spec("fact", "routine", value, third_person(f"I {value}"))]
    return []


# --------------------------------------------------------------------------- clauses

# an emoji run before more words ends a sentence as a full stop does ("ok so im a
# hydrographer now 😅 first week was a blur but i think i like it??": the "??" is not the
# job's) unless a conjunction or a preposition goes on with it ("new flat 🎉 in Leith")
# a title's point is no sentence end ("my GP is Dr. Okafor" kept "Dr" as the GP)
_TITLE_POINT = "".join(rf"(?<!\b{t}\.)" for t in (*TITLE_ABBREVIATIONS, "Mt"))
_SENTENCE_END = re.compile(
    rf"(?<=[.!?]){_TITLE_POINT}\s+|\n+|;\s*|\s+[-—–]\s+"
    rf"|(?<={EMOJI_CHAR})\s+(?!(?:and|or|with|plus|in|at|on|to|for|from|of|by|near)\b|[&+])"
    r"(?=\S)"
)
_PRONOUN_BE = (
    r"(?:he|she|they)(?:'s|’s|'re|’re|\s+is|\s+are|\s+has|\s+was|"
    r"\s+(?:does|do|is|are|can|won)(?:n't|n’t|\s+not)|\s+cannot)\s"
)
"""A pronoun subject and its verb: a clause about someone just named ("..., she's vegan")."""
_CLAUSE_BREAK = re.compile(
    # "my mum is visiting and she doesn't eat pork": as after a comma (below)
    rf",?\s+(?:and|but)\s+(?={_PRONOUN_BE})"
    # "the building got sold, so Harrowgate Homes is the landlord now": a named subject
    r"|,\s+so\s+(?=(?-i:[A-Z])[\w'’&.-]*(?:\s+(?-i:[A-Z])[\w'’&.-]*)*\s+(?:is|are|has)\b)"
    r"|,?\s+(?:and|but|so|plus|also)\s+(?=(?:(?:also|now|currently|recently|just|then)\s+)?"
    # a time phrase before the subject: "..., but since the summer I'm pescatarian"
    r"(?:(?:since|from|as of|after|these days|nowadays)\s+(?:[\w'’-]+\s+){0,3}?(?=i\b|i'm|we\b))?"
    r"(?:i\b|i'm|i've|i'd|we\b|we're|we've|my\b|"
    r"our\b|work|live|moved|joined|prefer|speak|started|took|quit|left|landed|relocated|"
    r"switched)\b)"
    r"|,\s+(?=(?:i\b|i'm|i've|we\b|we're|my\b|our\b))"
    # "my brother is visiting, he's pescatarian": a pronoun subject opens a clause of its
    # own, about the one just named (``holder_of`` reads whom from the words before)
    rf"|,\s+(?={_PRONOUN_BE})"
    r"|,\s+(?=now\s+(?:a|an|the|at|with|working|living|based|in)\b)"
    # a clause with its value first: ", Oakhurst is where I work", ", and kiwi gives me hives"
    r"|,\s+(?:and\s+)?(?=(?:[\w'’&.-]+\s+){1,4}?(?:is where|is home|gives me|give me|makes me|"
    r"is something i|are something i|is my|are my)\b)",
    re.IGNORECASE,
)
_ELIDED = re.compile(
    r"^(?:(?:also|now|currently|recently|just|then|finally)\s+)?"
    r"(?:work|live|moved|began|rent|renting|ride|signed|relocated|joined|prefer|speak|started|am|have|living|working|bought|"
    r"based|got|left|quit|settled|been|switched|became|adopted|handed|resigned|took|"
    r"changed|swapped|traded|sold|cancelled|canceled|dropped|lost|joined|stopped|gave)\b",
    re.IGNORECASE,
)
# A subjectless clause that starts with a predicate adjective: "also allergic to kiwi".
_ELIDED_ADJ = re.compile(
    r"^(?:(?:also|now|still|actually|apparently|totally|severely|mildly)\s+)*"
    r"(?:allergic|intolerant|vegetarian|vegan|married|engaged)\b",
    re.IGNORECASE,
)
# A rhetorical subject that means the speaker: "guess who just got promoted".
_GUESS_WHO = re.compile(r"^(?:so\s+)?guess\s+who(?:'s|\s+is)?\b", re.IGNORECASE)
# Interjections before a subjectless clause: "omg finally settled in lisbon".
_INTERJECTION = re.compile(
    r"^(?:(?:omg|ok|okay|so|well|yay|wow|phew|guess what|update|news|big news|fyi|btw|"
    r"anyway|haha|lol|oh|ah|yes|yeah|finally|and then|then)\b[\s,.!:;—–-]*)+(?=\w)",
    re.IGNORECASE,
)
# "..., now a designer at Halcyon", "officially a line producer as of this week"
_ELIDED_BE = re.compile(
    r"^(?:(?:and\s+)?(?:now|currently|officially|finally|now officially))\s+(?=(?:a|an|the)\s)",
    re.I,
)


_CORRECTION_LEAD = REPAIR_LEAD  # shared with the message-level repair (repairs.py)
_CORRECTION_MARK = REPAIR_MARK
_CORRECTION = re.compile(
    rf"^(?P<head>.*?[^\s,;.!—–-])[\s,;.!—–-]+{_CORRECTION_LEAD}{_CORRECTION_MARK}\s+(?P<new>.+)$",
    re.IGNORECASE | re.DOTALL,
)
_STARRED = re.compile(r"(?<=[^\W\d_])\s+\*(?=(?-i:[A-Z]))")
"""A texted repair: a star before the right name, right after the slip ("Oriel *Auriel")."""
_CORRECTION_START = re.compile(rf"^{_CORRECTION_LEAD}{_CORRECTION_MARK}\b", re.IGNORECASE)
_NOT_A_CORRECTION = re.compile(
    r"\b(?:i|i'm|me|my|it|it's|that|this|them|you|really|just|literally|like|honestly)\b", re.I
)

_HAS_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|we|we're|we've|my|our|me|us)\b", re.IGNORECASE)


# A lead-in with its own finite verb and a subject before it ("Cork is no longer home, we
# moved to Leuven") is a clause of its own, not an "Actually, ..." before the next one.
_OWN_CLAUSE = re.compile(
    r"^\W*(?:[^:;.!?]{1,60}:\s*)?(?:[\w'’-]+\s+){1,4}?"
    r"(?:is|are|was|were|has|have|had|isn't|wasn't|aren't)\s+\S+",
    re.IGNORECASE,
)


_LONE_ME = re.compile(r"\W*(?:me|i|myself)\W*", re.IGNORECASE)
_PRONOUN_CLAUSE = re.compile(rf"^\W*{_PRONOUN_BE}", re.IGNORECASE)


def _spans(text: str) -> Iterator[tuple[int, int, int, int]]:
    """Start/end offsets of each clause of ``text`` (so quotes are verbatim substrings),
    with the start/end of the sentence it is in.

    A lead-in without a person in it ("Actually, I ...", "Hey, I'm Tom") stays with the
    clause it introduces, so a correction keeps its "actually".
    """
    start = 0
    for sentence in [*_SENTENCE_END.finditer(text), None]:
        end = sentence.start() if sentence else len(text)
        s = start
        for brk in _CLAUSE_BREAK.finditer(text, start, end):
            elided = re.match(r"now\s", text[brk.end() : brk.end() + 4], re.IGNORECASE)
            lead = text[s : brk.start()]
            if _LONE_ME.fullmatch(lead):
                continue  # "me and my brother are both ...": one subject, the user among it
            # "mum (Inés) comes to stay and she doesn't eat pork": a clause of its own about
            # the one the lead names, however the lead names them (not "Actually, she's")
            about_them = len(lead.split()) >= 3 and _PRONOUN_CLAUSE.match(text[brk.end() : end])
            if (
                not about_them
                and not _HAS_PERSON.search(lead)
                and not elided
                and not _OWN_CLAUSE.search(lead)
                and not someone_elses_clause(lead)  # "Dana works for X now, I work at Y"
                and not _PRONOUN_CLAUSE.match(lead)  # "she's vegan, so I'm cooking X"
            ):
                continue
            yield s, brk.start(), start, end
            s = brk.end()
        yield s, end, start, end
        if sentence:
            start = sentence.end()


_THIRD_USER = re.compile(r"^(?P<lead>\W*)(?:the\s+)?user(?P<poss>'s|’s)?(?=\s)", re.IGNORECASE)
_SUBJECTLESS = re.compile(
    r"^(?P<verb>is|has|lives|works|prefers|likes|loves|hates|dislikes|speaks|uses|"
    r"follows|eats|drinks|avoids|owns|drives|goes|was|moved|joined|can't|cannot|"
    r"doesn't|does not)\b",
    re.IGNORECASE,
)


def _first_person(text: str) -> str:
    """Text about "the user", as models phrase a save, read as the user's own words:
    "The user is allergic to peanuts." -> "I am allergic to peanuts."; a subjectless
    note ("Prefers window seats.") gets its "I" back.

    Example:
        >>> _first_person("The user's sister lives in Oslo.")
        'my sister lives in Oslo.'
        >>> _first_person("Prefers window seats")
        'I prefer window seats'
    """
    if m := _THIRD_USER.match(text):
        if m.group("poss"):
            return m.group("lead") + "my" + text[m.end() :]
        return m.group("lead") + "I" + _agree(text[m.end() :])
    if _SUBJECTLESS.match(text):
        return "I " + _agree(" " + text[:1].lower() + text[1:]).lstrip()
    return text


# Adverbs of frequency, degree or manner of working between a first-person subject (or
# "work") and what follows: the frames are written without them (#12)
_INNER_ADVERBS = re.compile(
    r"\b(?:i|we|i['\u2019]m|we['\u2019]re|i['\u2019]ve|we['\u2019]ve|i am|we are|work|working)\s+",
    re.IGNORECASE,
)
_ADVERB_RUN = re.compile(
    r"(?:(?:mostly|mainly|usually|generally|normally|typically|primarily|largely|basically|"
    r"currently|also|actually|really|only|often|sometimes|part[- ]time|full[- ]time|"
    r"freelance|remotely)\s+)+",
    re.IGNORECASE,
)
# lowercase only: "Kilnworth Building Society" is a name, not a participle after one
_TRAILING_PARTICIPLE = re.compile(
    r"\s+(?:doing|working|studying|teaching|running|writing|building|making|training|"
    r"volunteering)\b.*$"
)


def _plainer_readings(text: str) -> list[str]:
    """``text`` without inner adverbs, then also without a participle after the value,
    each only when it differs (``RuleExtractor._match`` tries them when the clause as said
    reads as nothing).

    Example:
        >>> _plainer_readings("I work part time as a pharmacist")
        ['I work as a pharmacist']
        >>> _plainer_readings("i'm in Kampala doing translation")
        ["i'm in Kampala"]
    """
    out: list[str] = []
    plain = text
    for m in reversed(list(_INNER_ADVERBS.finditer(text))):
        run = _ADVERB_RUN.match(text, m.end())
        if run is not None:
            plain = plain[: run.start()] + plain[run.end() :]
    if plain != text:
        out.append(plain)
    cut = _TRAILING_PARTICIPLE.sub("", plain)
    if cut != plain and re.search(r"[^\W\d_]", cut):
        out.append(cut)
    return out


_ADVERB = re.compile(r"^(?:\s+(?:just|now|also|still|recently|finally|currently|actually|"
                     r"really|already|never|always|\w+ly))*", re.IGNORECASE)  # fmt: skip


def _agree(rest: str) -> str:
    """``rest`` (what follows a third-person subject) with its verb in the first person:
    " just moved to X" stays, " lives in X" -> " live in X", " is allergic" -> " am ..."."""
    adv = _ADVERB.match(rest)
    at = adv.end() if adv else 0
    m = re.match(r"(\s*)([\w'’]+)", rest[at:])
    if not m:
        return rest
    word = m.group(2)
    low = word.casefold().replace("’", "'")
    if low in SINGULAR_AGREEMENT:
        new = SINGULAR_AGREEMENT[low]
    elif low.startswith("'") or len(low) < 4 or not low.endswith("s") or low.endswith("ss"):
        return rest
    elif low.endswith("ies"):
        new = word[:-3] + "y"
    elif re.search(r"(?:s|sh|ch|x|z)es$", low):
        new = word[:-2]
    else:
        new = word[:-1]
    if word[:1].isupper():
        new = new[:1].upper() + new[1:]
    return rest[:at] + m.group(1) + new + rest[at + m.end() :]


def _said_anew(
    c: CandidateFact, turn: UserTurn, new: str, text: str, **more: object
) -> CandidateFact:
    """``c`` with the value ``new`` (and its sentence ``text``) said in ``turn``: a swap or
    a correction of an earlier turn's value, its other fields (``more``) as the caller says."""
    update = {"object": new, "text": text, "quote": turn.text.strip(),
              "message_id": turn.message_id, **more}  # fmt: skip
    return c.model_copy(update=update)


def _part_of(old: str, earlier: list[CandidateFact]) -> list[CandidateFact]:
    """The earlier asserted values of which ``old`` is a whole word or words, not all
    ("March" of "5th of March"), newest first."""
    word = re.compile(rf"(?<![\w'’-]){re.escape(old)}(?![\w'’-])", re.IGNORECASE)
    return [
        c
        for c in reversed(earlier)
        if c.polarity == "assert"
        and c.object.casefold() != old.casefold()
        and len(old) >= 3
        and word.search(c.object)
    ]


def _corrected_entity(said: str, old: str) -> str:
    """The right value of a correction: the name in ``said`` (``_entity``), or all of it
    when the wrong value has the same shape of words ("B negative" for "O negative": the
    lowercase word is part of the value, not a tail).

    Example:
        >>> _corrected_entity("B negative", "O negative"), _corrected_entity("Lidl lol", "Aldi")
        ('B negative', 'Lidl')
    """
    named = _entity(said) or said
    if len(said.split()) == len(old.split()) > len(named.split()) and any(
        w.islower() for w in old.split()
    ):
        return said
    return named


class RuleExtractor(BaseExtractor):
    """An offline, deterministic extractor for common English statements.

    Covers: where the user lives or moved (city/country), hometown, employer and job title
    (promotions, "quit A, now a designer at B"), leaving a job, name and preferred name,
    people and pets in the user's life (partner, child, parent, sibling, family_member,
    pet; a death or break-up retracts), allergies and intolerances (each item one fact),
    diets and foods avoided,
    preferences (units, reply language, tone, answer length, format, emoji, and generic
    "I prefer/like/hate X"), languages spoken, timezone, decisions ("we settled on /
    decided / chose / went with"), identifiers (repository names, ticket prefixes), what a
    project uses ("our project atlas uses Postgres", "atlas is on postgres 16"),
    one-at-a-time attributes ("my phone plan is X", "I drive a X": ``single_valued``; a
    car also by its maker's name: "it's the Mazda CX-30 now", ``extraction.cars``),
    routines, other people's facts (``holder``), corrections across turns
    (``corrects``; earlier turns via ``context=``), and "remember that ..." (a typed fact
    when a pattern fits, also in the third person models write; a constraint or a note
    otherwise).

    Besides the subject-verb-value order it reads the value first ("Leuven is where we
    live", "Ana is my other half", "X is my mobile plan now", "kiwi gives me hives",
    "night trains are out for me"), labels ("My role: T at E", "Blood type: A positive"),
    subjects left out after a semicolon or a full stop ("...; began as T with E"), a
    lead-in before a colon ("Some context: ..."), and a closing question asked apart
    from the statement ("I live in X, any tips?").

    Args:
        projects: project names to recognise as scopes ("beacon runs on Go" is then a fact
            of project beacon even without a technology word).
        allow_sensitive: see ``BaseExtractor``.
        other_user_ids: see ``BaseExtractor``.

    Example:
        >>> from langchain_core.messages import HumanMessage
        >>> ex = RuleExtractor()
        >>> facts = ex.extract([HumanMessage("atlas is on postgres 16")])
        >>> [(f.subject, f.object, f.scope) for f in facts]
        [('atlas.database', 'postgres 16', 'atlas')]
    """

    def __init__(
        self,
        *,
        projects: Collection[str] = (),
        allow_sensitive: Collection[str] = (),
        other_user_ids: Collection[str] = (),
    ) -> None:
        super().__init__(allow_sensitive=allow_sensitive, other_user_ids=other_user_ids)
        self.projects = frozenset(p.casefold() for p in projects)

    def _clause_facts(
        self, turn: UserTurn, start: int, end: int, scope: str | None, sentence: str
    ) -> list[CandidateFact]:
        raw = turn.text[start:end]
        quote = raw.strip().strip(",")
        if not ends_in_users_aside(quote):  # "..., where I live?" states, it does not ask
            quote = without_asked_tail(quote)  # "..., any tips?" asks apart
        if not quote:
            return []
        if save_lead(quote) is None and (lead := _COLON_LEAD.match(quote)):
            quote = quote[lead.end() :]  # "Some context: I'm based in X": the statement
        if guess := _GUESS_WHO.match(quote):
            # "Guess who got made lead?": the announcement is the words after "who"
            quote = quote[guess.end() :].strip().rstrip(" ?!.") or quote
        clause = quote
        remember = save_lead(clause)  # "please remember ...", "fyi I ..." (saves.py)
        notes = remember is None or not weak_lead(clause)  # "fyi ..." keeps typed facts only
        if remember is not None:
            clause, quote = remember, remember
        explicit = remember is not None or turn.explicit or save_list(sentence)
        explicit = explicit or bare_lead(turn.text[:start])  # "Please remember — X"
        explicit = explicit or saved_after(turn.text[end:])  # "X. Please store this."
        if explicit:
            clause = _first_person(clause)  # "The user is allergic to X", as models write
        clause = self._self_corrected(clause, turn, scope)
        holder = holder_of(clause, earlier=turn.text[:start])
        found, matched_text, specs = self._match(clause, turn, scope)
        if holder is not None:
            # Project facts and the user's own family facts ("our dog Rex") stay.
            # So does a value in a first-person part of the clause ("Dana and I moved to X").
            specs = [
                s
                for s in specs
                if s.subject != "user"
                or s.people
                or s.own
                or users_value_in(clause, s.object, s.predicate)
            ]
            if not any(s.own for s in specs):  # "Ana is my other half": not Ana's clause
                specs += self._holder_specs(clause, holder, turn, scope)
        if not specs and not explicit and (rel := unnamed_relation(clause)):
            # "My daughter turns ten on Saturday": the user has a daughter (#12)
            if not retraction_cue(sentence):
                specs.append(replace(_kin_spec(rel, None, "a"), noun_phrase=True))
        if explicit:  # what the user asked to keep: typed where a frame fits, else a note
            specs += self._saved(clause if specs or found else matched_text, specs, holder, notes)
        # under a save lead the mood is the kept words' own: the "?" of "can you remember
        # that I'm vegan?" asks to keep, it does not ask whether (saves.save_lead)
        mood_of = clause if remember is not None else sentence
        return [self._candidate(s, turn, start, clause, quote, mood_of, found, explicit)
                for s in specs]  # fmt: skip

    def _saved(
        self, clause: str, specs: list[_Spec], holder: Holder | None, notes: bool = True
    ) -> list[_Spec]:
        """An explicit save's facts besides ``specs`` (``saves.saved_specs``); about another
        person with nothing typed for them, a note of theirs (the user's when the clause
        is about the user too: "my neighbour has a key to my flat")."""
        if holder is not None:
            if not notes or not all(s.people and s.noun_phrase for s in specs):
                return []  # what they said of the person is typed, or names them only
            if not (note := _tidy(clause)):
                return []
            if _HAS_PERSON.search(clause[: holder.start] + clause[holder.end :]):
                return [_Spec("fact", "note", note, third_person(note), timeless=True,
                              negation_in_value=True)]  # fmt: skip
            return [_Spec("fact", "note", note, third_person(note), timeless=True,
                          negation_in_value=True, subject=person_subject(holder.holder),
                          holder=holder.holder)]  # fmt: skip
        out = []
        typed = [(x.object, x.people and x.noun_phrase) for x in specs]
        for s in saved_specs(clause, typed, notes=notes):
            text = third_person(s.said)
            value = verb_phrase(s.object, text) if s.verbal else s.object
            out.append(_Spec(s.kind, s.predicate, value, text, timeless=True,
                             negation_in_value=True))  # fmt: skip
        return out

    def _holder_specs(
        self, clause: str, holder: Holder, turn: UserTurn, scope: str | None
    ) -> list[_Spec]:
        """Facts about another person: the clause read with that person as "I", so the same
        patterns apply, then given to the person (their own subject, never the user's)."""
        specs: list[_Spec] = []
        swapped = (
            clause[: holder.start]
            + ("my" if holder.possessive else "I")
            + _agree(clause[holder.end :])
        )
        if holder.relation in PETS or _DEATH.search(clause):
            return specs  # a pet's or a death's clause says nothing of the pet's own slots
        if holder.relation is None and holder.name is None:
            return specs  # "he's a designer" with nobody of the user's before it: whose?
        who = describe_holder(holder)
        for s in self._match(swapped, turn, scope)[2]:
            if s.subject != "user" or s.people:
                continue
            if users_value_in(clause, s.object, s.predicate):
                continue  # "..., and for me it's X": X is the user's, never the person's
            text = s.text
            if text.startswith("The user's "):
                text = f"{who}'s " + text[len("The user's ") :]
            elif text.startswith("The user "):
                text = f"{who} " + text[len("The user ") :]
            specs.append(
                replace(s, text=text, subject=person_subject(holder.holder), holder=holder.holder)
            )
        return specs

    def _candidate(
        self,
        s: _Spec,
        turn: UserTurn,
        start: int,
        clause: str,
        quote: str,
        sentence: str,
        found: TimeExpression | None,
        explicit: bool,
    ) -> CandidateFact:
        """The candidate for one spec, with every grounding field filled from the clause."""
        low = clause.casefold()
        at = low.find(s.object.casefold()) if s.object not in ("*", "") else -1
        polarity = s.polarity
        if polarity == "assert" and not s.negation_in_value:
            negation_upto = at if at >= 0 else len(clause)
            if at < 0 and s.people and s.object:
                # a relation's value is the rule's ("a dad" for "my dad is visiting, he
                # doesn't eat pork"): its negation is one before the relation's own word,
                # never one in a later clause about that person
                word = re.search(rf"\b{re.escape(s.object.split()[-1])}\b", clause, re.I)
                negation_upto = word.start() if word else negation_upto
            if negated_before(clause, negation_upto) or (
                s.people
                and (
                    ending_said_of(clause, s.object if at >= 0 else "", _DEATH)
                    # "a retriever, Nala - she died": the death is the next clause's (#12)
                    or (at >= 0 and ending_said_of(turn.text[start:], s.object, _DEATH))
                )
            ):
                polarity = "retract"
        mood = modality(clause, sentence, upto=at + len(s.object) if at >= 0 else None)
        valid_to = None
        when = found.when if found is not None and not s.timeless else None
        if s.noun_phrase and at >= 0:
            # "my son Teo starts school next week": having a son is not the plan
            head = clause[: at + len(s.object)]
            if mood == "plan":
                mood = modality(head)
                if mood == "asserted" and head.strip() in quote:
                    quote = head.strip()  # the words that say it, without the plan
            if found is not None and found.start >= at:
                when = None
                # "Noodle, the parrot who lives with us, turned three today": the words
                # that say it end before the day the other thing happened
                cut = quote.find(found.phrase)
                if cut > 0 and s.object.casefold() in quote[:cut].casefold():
                    quote = quote[:cut].rstrip(" ,;:-—–")
        if s.people and mood in ("plan", "question") and (
            s.noun_phrase or named_definitely(clause, s.object)
        ):
            mood = "asserted"  # "a party for my wife Mira?": asking about her says she is
        if mood != "asserted" and any(users_aside(w, s.object) for w in (clause, sentence)):
            mood = "asserted"  # "... than X, where I live now?": an aside the user asserts
        if mood in ("hypothetical", "plan") and (part := contrast_clause(clause, s.object)):
            mood = modality(part)  # "If I moved I'd pick A, but for now I'm in B": B is
        if found is not None and re.search(
            r"\b(?:until|till|up to|through)\s*$", clause[: found.start], re.IGNORECASE
        ):
            when = None  # "until last year": the end of a past state, not its start
        if found is not None and re.match(r"(?:as of|as from|effective|starting)\b", found.phrase,
                                          re.IGNORECASE):  # fmt: skip
            # "I'm now the lead, as of this week": a start date, not a passing state; the
            # quote is the words that say the fact (the date is in valid_from)
            at_phrase = quote.find(found.phrase)
            if at_phrase >= 0:
                head, tail = quote[:at_phrase], quote[at_phrase + len(found.phrase) :]
                if not _tidy(tail):
                    quote = head.rstrip(" ,;:-—–")
                elif not _tidy(head):
                    quote = tail.lstrip(" ,;:-—–")
        if mood == "asserted" and polarity == "assert" and is_past_state(
            clause_with(clause, s.object) if at >= 0 else clause
        ):
            valid_to = valid_to_of(clause, turn.sent_at)[0]
        where = turn.text.find(quote, start) if quote else -1
        if where >= 0 and at >= 0:
            value_at = turn.text.casefold().find(s.object.casefold(), where)
            quoted = value_at >= 0 and turn.is_quoted(value_at, value_at + len(s.object))
        else:
            quoted = where >= 0 and turn.is_quoted(where, where + len(quote))
        return CandidateFact(
            kind=s.kind,
            subject=s.subject,
            predicate=s.predicate,
            object=s.object,
            text=s.text,
            scope=s.scope,
            valid_from=turn.valid_from(when),
            message_id=turn.message_id,
            quote=quote,
            confidence=0.9 if explicit else 0.8,
            source="stated",
            holder=s.holder,
            modality=mood,
            polarity=polarity,
            provenance="quoted" if quoted else "own_words",
            time_stated=when is not None,
            single_valued=s.single_valued,
            valid_to=valid_to,
            replaces=s.replaces,
        )

    def _match(
        self, clause: str, turn: UserTurn, scope: str | None
    ) -> tuple[TimeExpression | None, str, list[_Spec]]:
        """The time phrase, the clause without it, and what the rules find in it."""
        found = find_time_expression(clause, turn.sent_at)
        matched_text = clause
        if found is not None:
            matched_text = (clause[: found.start] + " " + clause[found.end :]).strip()
            if (
                _DANGLING_COPULA.search(clause[: found.start])
                and re.match(r"\s*(?:$|[,;.!?])", clause[found.end :])
                and re.search(r"\d", found.phrase)  # a date, not "next Friday"
            ):
                # "my anniversary is the 4th of May": the date is the copula's value, not
                # when the clause became true
                found, matched_text = None, clause
        matched_text = re.sub(r"\s*\([^()]{0,40}\)", "", matched_text)  # "(again!)"
        bare = _GUESS_WHO.sub("I", _INTERJECTION.sub("", matched_text))
        if re.match(r"(?:i|we)\b", bare, re.IGNORECASE):
            matched_text = bare  # "fyi I swim on Mondays": the lead-in is not the clause
        elif _ELIDED_ADJ.match(bare):
            matched_text = "I'm " + bare
        elif _ELIDED.match(bare):
            matched_text = "I " + bare
        elif _ELIDED.match(matched_text):
            matched_text = "I " + matched_text
        elif _ELIDED_BE.match(matched_text):  # "..., now a designer at Halcyon"
            matched_text = "I'm " + matched_text
        since = found is not None and bool(
            re.match(r"(?:ever\s+)?since\b|for\b", found.phrase, re.IGNORECASE)
        )
        if found is None and (lasted := _DURATION_TAIL.search(matched_text)):
            # "I'm a farrier for years now": how long it has held, an adjunct, no value
            matched_text, since = matched_text[: lasted.start()], True
        matched_text = _one_named(matched_text, turn.text)
        ctx, specs = self._run_rules(matched_text, scope, since, turn)
        if not specs:
            # the same clause without the adverbs a speaker puts between subject and verb,
            # or between verb and its frame ("I mostly speak X", "I work part time as a
            # Y"), then without a participle that trails the value ("I'm in X doing Z")
            for plainer in _plainer_readings(matched_text):
                plain_ctx, plain_specs = self._run_rules(plainer, scope, since, turn)
                if plain_specs:
                    matched_text, ctx, specs = plainer, plain_ctx, plain_specs
                    break
        specs = _with_readings(specs, ctx)  # other shapes of the same clause (#12)
        specs = _attribute_precedence(specs, matched_text)
        if gave := given_up(matched_text):
            # "I gave up espresso": the habit ended; no "does not eat" in its place (#12)
            specs = [s for s in specs if s.predicate != "dietary_restriction"] + [
                _Spec("fact", p, o, t, polarity="retract", negation_in_value=True)
                for p, o, t in gave
            ]
        if over := ending_of(matched_text, [(s.predicate, s.object) for s in specs]):
            # "my kiwi allergy was a false alarm": named by a typed rule, denied (#12)
            specs = [
                replace(s, polarity="retract", text=over[i][2])
                if i in over
                and s.polarity == "assert"
                and not s.negation_in_value
                and not s.replaces
                else s
                for i, s in enumerate(specs)
            ]
        if not any(s.polarity == "retract" for s in specs) and (
            gone := ended_by_event(matched_text, [(s.predicate, s.object) for s in specs])
        ):
            # "the keto era is over", "Tellyhive: cancelled": the ending's own words were
            # read as an attribute; the ending is what the clause says (#12)
            specs = [_Spec("fact", p, o, t, polarity="retract", negation_in_value=True,
                           people=p == "pet") for p, o, t in gone]  # fmt: skip
        if not specs:  # an ending no typed rule read: a membership, "no longer X" (#12)
            at = turn.text.find(clause[:24])
            specs = [
                _Spec("fact", p, o, t, polarity="retract", negation_in_value=True,
                      people=p in set(RELATIONS.values()) | {"pet"})  # "our cat died"
                for p, o, t in ended(matched_text, turn.text[: max(at, 0)], turn.text)
            ] or [_Spec("fact", p, o, t) for p, o, t in joined(matched_text)]  # fmt: skip
        if any(s.predicate == "partner" for s in specs) and activity_partner(matched_text):
            # "my tandem partner asked what I do": someone the user does something with
            specs = [s for s in specs if s.predicate != "partner"]
        return found, matched_text, specs

    def _run_rules(
        self, text: str, scope: str | None, since: bool, turn: UserTurn
    ) -> tuple[_Context, list[_Spec]]:
        """The rules' specs for ``text``, and the context they read it in."""
        ctx = _Context(text, scope, self.projects, since, turn.text)
        specs: list[_Spec] = []
        for _name, rule, fallback in _RULES:
            if fallback and specs:
                continue
            specs.extend(rule(ctx))
        return ctx, specs

    def _list_repaired(
        self, head: str, new: str, turn: UserTurn, scope: str | None
    ) -> str | None:
        """``head`` with its list of values replaced by the list said again after a repair
        marker ("two cats, A and B - sorry, A and C"): the repeated list keeps at least one
        of the values the head listed, so it is the same list set right (#12); ``None``
        when ``new`` is no such list."""
        said = _LIST_SAID.match(new)
        if said is None:
            return None
        items = [i.strip().casefold() for i in LIST_SEP.split(said.group(0)) if i.strip()]
        if len(items) < 2:
            return None
        low = head.casefold()
        spots = sorted(
            (at, at + len(o))
            for spec in self._match(head, turn, scope)[2]
            if (at := low.rfind((o := spec.object).casefold())) >= 0
        )
        listed = {head[a:b].casefold() for a, b in spots}
        if len(spots) < 2 or not listed & set(items):
            return None
        return head[: spots[0][0]] + said.group(0).strip() + head[spots[-1][1] :]

    def _self_corrected(self, clause: str, turn: UserTurn, scope: str | None) -> str:
        """``clause`` with a correction inside it applied ("Porto, sorry, I mean Braga").

        The value the head states is replaced by the corrected one, so the clause then
        matches as if the user had said it right; anything else is left as it was.
        """
        # texted: "Oriel *Auriel" puts the name said right straight after the slip
        m = _CORRECTION.match(_STARRED.sub(", i mean ", clause, count=1))
        if not m:
            return clause
        listed = self._list_repaired(m.group("head"), m.group("new"), turn, scope)
        if listed is not None:
            return listed
        new = _cut(m.group("new"), keep_amp=True)
        if not new or len(new.split()) > 5 or _NOT_A_CORRECTION.search(new):
            return clause
        head = m.group("head")
        for spec in self._match(head, turn, scope)[2]:
            at = head.casefold().rfind(spec.object.casefold())
            if at >= 0:
                return head[:at] + new + head[at + len(spec.object) :]
        return clause

    def _propose(self, turns: list[UserTurn], scope: str | None) -> ExtractionResult:
        result = ExtractionResult()
        earlier: list[CandidateFact] = []
        for turn in turns:
            fixed = self._correction_turn(turn, [*earlier, *result.candidates], scope)
            if fixed is not None:
                fixed = [_vouched(c) for c in fixed]
                (earlier if turn.context else result.candidates).extend(fixed)
                continue
            spans = list(_spans(turn.text))
            found: list[CandidateFact] = []
            i = 0
            while i < len(spans):
                start, end, s0, s1 = spans[i]
                # "I live in Porto, sorry. I mean Braga.": the correction joins its clause
                if i + 1 < len(spans) and _CORRECTION_START.match(
                    turn.text[spans[i + 1][0] : spans[i + 1][1]].strip()
                ):
                    joined = turn.text[start : spans[i + 1][1]].strip()
                    if self._self_corrected(joined, turn, scope) != joined:
                        end, s1 = spans[i + 1][1], spans[i + 1][3]
                        i += 1
                # "Current job - T at E": a bare label names what the next clause says
                if i + 1 < len(spans) and _LABEL_ONLY.match(turn.text[start:end]):
                    end, s1 = spans[i + 1][1], spans[i + 1][3]
                    i += 1
                sentence = turn.text[s0:s1]
                if i + 1 < len(spans) and (
                    spec := _changed_kind(
                        turn.text[start:end], turn.text[spans[i + 1][0] : spans[i + 1][1]]
                    )
                ):
                    end = spans[i + 1][1]
                    quote = turn.text[start:end].strip()
                    sentence = turn.text[s0 : spans[i + 1][3]]
                    found.append(
                        self._candidate(spec, turn, start, quote, quote, sentence, None, False)
                    )
                    i += 2
                    continue
                found.extend(self._clause_facts(turn, start, end, scope, sentence))
                i += 1
            found = _named_switches(found, [*earlier, *result.candidates])
            found = hobby_candidates(turn, found)  # "new hobby unlocked: X" (pursuits.py)
            found = then_and_now(turn, found)  # "A back then, B now", "ditched A, it's B" (#12)
            found += self._structural(turn, found)  # what no rule read (clauses.py, #12)
            # "X or Y, still torn": open options, as plans, never values (undecided.py, #12)
            found = undecided_candidates(turn, found)
            if not found and (swapped := self._swap_turn(turn, [*earlier, *result.candidates])):
                found = swapped
            # "Elm Park, er, I mean Oak Park": whichever reader took the slip (#12)
            found = repaired(found, turn.text)
            found = [
                _vouched(_with_wrong_named(c, turn.text))
                for c in _without_replaced_retractions(found)
            ]
            if turn.context:
                earlier.extend(found)  # read, for what a later correction corrects
            else:
                result.candidates.extend(found)
        return result

    def _structural(self, turn: UserTurn, found: list[CandidateFact]) -> list[CandidateFact]:
        """The generic clause reader's facts (``clauses.read_message``) in the clauses of
        ``turn`` that none of ``found`` was read from."""
        said = read_message(turn.text)
        # "moved over to X for my laptop": the clause names the attribute X is, so the
        # place the verb of motion suggested gives way (a wrong city is worse than none)
        named = {f.object.casefold() for _s, _e, f in said if f.predicate not in _PLACES}
        found[:] = [c for c in found
                    if not (c.predicate in _PLACES and c.object.casefold() in named)]  # fmt: skip
        read = [(at, at + len(c.quote)) for c in found if c.quote
                and (at := turn.text.find(c.quote)) >= 0]  # fmt: skip
        out = []
        for start, end, f in said:
            if any(a < end and start < b for a, b in read):
                continue
            quote = turn.text[start:end].strip()
            spec = _Spec("fact", f.predicate, f.object, f.text, single_valued=f.single_valued)
            when = find_time_expression(quote, turn.sent_at)
            out.append(self._candidate(spec, turn, start, quote, quote, quote, when, False))
        return out

    def _swap_turn(self, turn: UserTurn, earlier: list[CandidateFact]) -> list[CandidateFact]:
        """A swap that names no attribute ("traded the Niro for a Jazz", "went from A to
        B"): the new value under the predicate an earlier turn of the batch gave the old
        one. Nothing when no earlier value matches (the attribute is then unknown)."""
        m = _SWAP.search(turn.text)
        if not m:
            return []
        old, new = _tidy(m.group("old")), _entity(_tidy(m.group("new")))
        if not old or not new or not _cased(new):
            return []
        for c in reversed(earlier):
            if c.object.casefold() == old.casefold() and c.polarity == "assert":
                swapped = with_value(c.text, old, new)
                text = c.text if swapped is None else swapped
                found = find_time_expression(turn.text, turn.sent_at)
                return [
                    _said_anew(
                        c, turn, new, text,
                        valid_from=turn.valid_from(found.when if found else None),
                        time_stated=found is not None,
                        corrects=None,
                    )
                ]  # fmt: skip
        return []

    def _correction_turn(
        self, turn: UserTurn, earlier: list[CandidateFact], scope: str | None
    ) -> list[CandidateFact] | None:
        """A turn that only corrects an earlier one ("Typo, I meant Lidl, not Aldi"): the
        corrected value under the predicate the earlier value was said with, and
        ``corrects`` naming the value it replaces.

        The earlier value is looked up in the turns of this batch; when it is not there
        (the graph extracted it in an earlier run), the correction's own words are read
        with the patterns ("I meant I work at Lidl, not Aldi"). A bare "Lidl, not Aldi"
        with no earlier turn in the batch names no predicate and gives nothing.
        """
        m = _CORRECTS_TURN.match(turn.text.strip())
        said = [c for c in earlier if c.polarity == "assert" and c.object not in ("", "*")]
        aside = False
        if pair := named_correction(turn.text, [c.object for c in said]):
            new_said, old = pair  # "Misspoke there: Ghent, not Tartu; long day."
        elif m:
            old, new_said = _tidy(m.group("old")), m.group("new")
        elif pair := stated_correction(turn.text):
            new_said, old = pair  # "I said Esbjerg but it's Odense", "Bergen? no, Stavanger"
        elif pair := set_aside(turn.text):
            new_said, old = pair  # "ignore what I said about X, the one we use is Y"
            aside = True
        elif (bare := bare_correction(turn.text)) is not None:
            # "no wait, Lyon", "typo — Halbert Tech": the earlier value it replaces is the
            # one spelled like it, else the latest of its shape (#12); said in a later
            # session, the write policy finds it among the held values (``UNNAMED_WRONG``)
            if said:
                wrong = said[closest(bare, [c.object for c in said])]
                if wrong.object.casefold() == bare.casefold():
                    return None
                old, new_said = wrong.object, bare
            elif _SAYS_SLIP.search(turn.text) and re.match(r"[A-Z\d]", bare):
                # only a name or a number, after words that own a slip ("sorry, I had that
                # wrong: B negative"), never "actually, she's vegan"
                old, new_said = UNNAMED_WRONG, bare
            else:
                return None
        else:
            return None
        old = without_own_clause(old)  # "not Ilkley as I wrote": Ilkley
        stated = stated_value(new_said)  # "... - the title is X, not Y": X (#12)
        in_clause = aside or stated != new_said
        new_said = stated
        held = [c for c in reversed(earlier) if c.object.casefold() == old.casefold()]
        for c in [*held, *_part_of(old, earlier)]:
            if c.polarity != "assert":
                continue
            whole = c.object.casefold() == old.casefold()
            new = _corrected_entity(_tidy(new_said), old)
            if not whole:  # "I told you June for my birthday - it's July": the 23rd of July
                new = with_part(c.object, old, new) or new
            swapped = with_value(c.text, c.object if not whole else old, new)
            text = c.text if swapped is None else swapped
            return [
                _said_anew(
                    c, turn, new, text,
                    corrects=c.object,
                    valid_from=turn.valid_from(None) or c.valid_from,
                    time_stated=c.time_stated,
                )
            ]  # fmt: skip
        sentence = turn.text.strip()
        start = turn.text.find(new_said)
        lo = start
        if in_clause and start >= 0:
            # the value stated by a clause of its own ("my physio is X"): that clause's
            # facts, read by the rules, are the correction (#12)
            breaks = [m.end() for m in _PIECE_BREAK.finditer(turn.text, 0, start)]
            lo = breaks[-1] if breaks else 0
        said = [
            c.model_copy(update={"corrects": old})
            for c in self._clause_facts(turn, lo, start + len(new_said), scope, sentence)
        ]
        unnamed = old == UNNAMED_WRONG  # the value alone: "B negative", not its entity "B"
        if not said and (new := (not unnamed and _entity(_tidy(new_said))) or _tidy(new_said)):
            # the wrong value was said in an earlier session: the write policy finds it
            # among the held values and puts the right one in its slot (#12); "I'm a X,
            # not a Y" names X and Y without the speaker's copula and article
            if (bare := corrected_value(_tidy(new_said))) != _tidy(new_said):
                new = bare
            old = old if unnamed else corrected_value(old)
            what = "an earlier value" if unnamed else old
            spec = _Spec("fact", CORRECTION, new, f"The user corrected {what} to {new}.")
            quote = turn.text.strip()
            said = [
                self._candidate(spec, turn, 0, quote, quote, quote, None, False).model_copy(
                    update={"corrects": old, "modality": "asserted", "polarity": "assert"}
                )
            ]
        return said or None


_SAYS_SLIP = re.compile(rf"\b(?:{SLIP_OWNED})\b", re.IGNORECASE)
"""Words that own a slip: a correction that names no wrong value must say one was made."""

_ONE_NAME_ON = re.compile(r"^\s+[^\W\d_][\w'’-]*$")
"""One more word of a name after a shorter value ("ipswich" + " bay"), not a clause."""


def _with_readings(specs: list[_Spec], ctx: _Context) -> list[_Spec]:
    """``specs`` and what the rules find in the clause's other readings (``readings.py``:
    a question's preamble, texting, a past state in a present frame); a value a reading
    finds inside a longer one of the same predicate ("galway n work") replaces it."""
    said = [*now_readings(ctx.clause, ctx.turn), *elided_readings(ctx.clause, ctx.turn)]
    now = [r for n in said for r in (n, *readings(n))]
    for reading in [*readings(ctx.clause, ctx.turn), *now]:  # "these days X" (thennow.py)
        sub = replace(ctx, clause=reading)
        found = [s for _n, rule, fallback in _RULES if not fallback for s in rule(sub)]
        if not found and reading not in ctx.clause:  # a frame said anew, not a piece
            found = [s for _n, rule, fallback in _RULES if fallback for s in rule(sub)][:1]
        for s in found:
            low = s.object.casefold()
            if low in _NOT_A_NAME | {"i", "we", "me", "us", "you"} or not re.search(
                rf"(?<!\w){re.escape(low)}(?!\w)", ctx.clause.casefold()
            ):
                continue  # the reading's own words, not the user's
            if re.match(rf"\W*{re.escape(low)}\b", ctx.clause.casefold()):
                s = replace(s, own=True)  # "Zwolle was home": the value first, the user's
            if reading in now and any(o.object.casefold() == low for o in specs):
                continue  # a value the clause itself types keeps its type
            same = [o for o in specs if o.predicate == s.predicate and o.subject == s.subject]
            if any(o.object.casefold() == low for o in same):
                continue
            # a longer value that runs into the next clause ("galway n work at X") gives way;
            # one that only goes on with the name ("ipswich bay" for "ipswich") does not
            longer = [o for o in same if low in o.object.casefold()]
            if longer and all(
                o.object.casefold().startswith(low)
                and _ONE_NAME_ON.match(o.object.casefold()[len(low) :])
                for o in longer
            ):
                continue
            specs = [o for o in specs if o not in longer] + [s]
    return specs


# ("my birthday's the 23rd of June": the contracted "'s" has no space before it)
_DANGLING_COPULA = re.compile(
    r"\b(?:my|our)\s+[\w\s'-]{2,40}?(?:\s(?:is|are)|'s|’s)(?:\s+the)?\s*$", re.I
)

# A lead-in before a colon that is no statement of its own ("Some context:", "since you
# keep asking about food:"), followed by one that is: the quote is the statement.
_COLON_LEAD = re.compile(
    r"^[^:;.!?\n]{1,60}?:\s+(?=(?:(?i:i\b|i'm|i've|i'd|we\b|we're|my\b|our\b)|"
    r"(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*(?:\s+[\w'’&-]+){0,3}\s+(?:is|are|gives|makes)\b))",
)
_LABEL_ONLY = re.compile(
    r"^\W*(?:(?:my|our)\s+)?(?:(?:current|new|present|day)\s+)?(?:job|role|position|title|"
    r"occupation)\W*$",
    re.IGNORECASE,
)
# "traded the Niro for a Jazz", "swapped Orbit for Nova", "went from A to B"
_SWAP = re.compile(
    r"(?:^|\b)(?i:traded|swapped|exchanged|switched|changed|went|moved)\s+(?i:in\s+)?"
    r"(?:(?i:from)\s+)?(?:(?i:the|my|our)\s+)?"
    r"(?P<old>(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’.&+-]*(?:\s+[\w'’.&+-]+){0,3}?)\s+(?i:for|to)\s+"
    r"(?:(?i:a|an|the)\s+)?(?P<new>(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’.&+-]*(?:\s+[\w'’.&+-]+){0,4})"
)
# a short list said again after a repair marker: "A and C", "A, C and D" (names)
_LIST_SAID = re.compile(
    r"(?-i:[A-Z][\w'’-]*)(?:\s+(?-i:[A-Z][\w'’-]*))?"
    r"(?:(?:\s*,\s*|\s+(?:and|&)\s+)(?-i:[A-Z][\w'’-]*)(?:\s+(?-i:[A-Z][\w'’-]*))?)+"
    r"(?=\s*(?:[,;:.!?\u2014\u2013)]|\s-\s|$))"
)
# a colon or a point between digits is part of a time or a number ("3:15", "2.5"), no break
_PIECE_BREAK = re.compile(r"(?:[,;!?\u2014\u2013]|(?<!\d)[:.]|[:.](?!\d))+\s*|\s+-{1,2}\s+")
_CORRECTS_TURN = re.compile(
    r"^\W*(?:(?P<lead>(?:(?:typo|sorry|oops|whoops|correction|my bad|my mistake|wait|no|"
    r"nope|edit|i'm sorry|ugh|hang on|hold on|hmm|er|erm|um|actually)\b[\s,.!:;—–-]*)+"
    # a short aside of its own before a colon: "my phone changed it:", "wrong city, sorry:"
    # (a colon between digits is a time: "at 6:40")
    r"(?:[^,;:.!?]{1,40}:(?!\d)\s*)?|[^;:.!?]{1,60}:(?!\d)\s*)"
    r"(?:(?:i\s+)?(?:meant|mean)\s+|make that\s+|"
    r"it's\s+|it is\s+|that's\s+|that should be\s+|should be\s+)?|i\s+(?:meant|mean)\s+)"
    r"(?P<new>[^,;.!?:]+?)\s*,?\s+(?:not|rather than|instead of)\s+(?P<old>[^,;.!?]+?)"
    # what follows is the user's aside ("; I typed too fast", "— my fingers slipped")
    r"\s*(?:[.!]*\s*$|[;—–]\s*.*$|[.!]\s+.*$)",
    re.IGNORECASE | re.DOTALL,
)


def _with_wrong_named(c: CandidateFact, text: str) -> CandidateFact:
    """``c`` as a correction when the turn names the value it replaces right after it
    ("my employer is actually X, not Y"): ``corrects`` is Y (#12)."""
    if c.polarity != "assert" or c.corrects or not (pair := wrong_after(text, c.object)):
        return c
    value, wrong = pair
    return c.model_copy(
        update={"object": value, "text": c.text.replace(c.object, value), "corrects": wrong}
    )


def _named_switches(
    found: list[CandidateFact], earlier: list[CandidateFact]
) -> list[CandidateFact]:
    """A switch that names no attribute ("traded the Niro for a Jazz") takes the predicate
    an earlier turn of the batch gave the old value; otherwise the write policy looks for
    the slot holding it (``attributes.UNNAMED``)."""
    out = []
    for c in found:
        said = (c.replaces or "").casefold()
        was = next((e for e in reversed(earlier) if c.predicate == UNNAMED and said
                    and e.polarity == "assert" and e.object.casefold() == said), None)  # fmt: skip
        if was is not None:
            swapped = with_value(was.text, said, c.object)
            text = c.text if swapped is None else swapped
            c = c.model_copy(update={"predicate": was.predicate, "text": text,
                                     "single_valued": was.single_valued or True})  # fmt: skip
        out.append(c)
    return out


_PLACES = frozenset({"city", "country"})

_KIN_MANY = frozenset({"pet", "child", "parent", "sibling", "family_member"})


def _without_replaced_retractions(found: list[CandidateFact]) -> list[CandidateFact]:
    """A turn that leaves one value and names the next ("I quit A and now work for B")
    says the new value; the retraction of the old one is left to the supersession. A turn
    that names the value it ends keeps that retraction, not a "whatever is current" one."""
    # one of several people or pets ending is no replacement by the next ("Pip died; we've
    # since taken in Bo"): each of a multi-valued relation is its own (#12)
    asserted = {
        (c.subject, c.predicate)
        for c in found
        if c.polarity == "assert" and c.predicate not in _KIN_MANY
    }
    named = {(c.subject, c.predicate) for c in found if c.polarity == "retract" and c.object != "*"}
    # "ditched X. Y from now on": the switch that replaces X says where X's slot goes
    replaced = {c.replaces.casefold() for c in found if c.polarity == "assert" and c.replaces}
    return [
        c
        for c in found
        if not (
            c.polarity == "retract" and c.object != "*" and (c.subject, c.predicate) in asserted
        )
        and not (c.polarity == "retract" and c.object.casefold() in replaced)
        # "I've ditched being X, I eat anything now": the named value is what ends, not
        # every value of the slot
        and not (c.polarity == "retract" and c.object == "*" and (c.subject, c.predicate) in named)
    ]
