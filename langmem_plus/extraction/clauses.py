"""A generic clause reader: structure first, vocabulary last (#12).

The rule extractor's patterns each know one attribute's wordings; a wording no pattern
foresaw reads nothing. This module reads a clause by its *structure* instead, using closed
classes only (pronouns, possessives, auxiliaries, modals, conjunctions):

* ``split_clauses`` cuts a message into clauses at sentence ends, semicolons, dashes and
  clause-joining conjunctions, leaving quoted and pasted blocks out (they are not the
  user speaking);
* ``markers`` says who the clause is about (a first-person word or not), whether it is
  negated, conditional or hypothetical, a question, and its tense;
* ``read_clause`` finds a first-person attribute in three shapes whose value is a named
  entity (a capitalised span), and maps the attribute's head noun to a predicate through the
  same naming machinery recall and forget use (``retrieval.names_slot``):

  - possessive complement: ``<Name> has been / 's our <noun>``;
  - attribute noun as topic, the owner in a locative or "-wise": ``<noun> at ours is
    <Name>``, ``<noun>-wise it's <Name> for us``, ``for me the <noun> is <Name>``;
  - a verb and its preposition that name a slot, the value after them: ``I usually fly
    from <Name>`` (recall's other names of ``home_airport`` hold "fly from");
  - agent of a service on something of the user's: ``<Name> ... does my <noun>``, where the
    noun is an everyday other name of a role (``hair`` of a hairdresser, ``teeth`` of a
    dentist, ``ATTRIBUTE_WORDS``).

It proposes only when the mapping is confident (one predicate named, or the noun is a
predicate's own name) and the clause is asserted, affirmative, present and the user's;
anything else reads nothing (a wrong candidate is worse than none).

Example:
    >>> [(f.predicate, f.object) for f in read_clause("broadband at ours is Zapnet")]
    [('internet_provider', 'Zapnet')]
    >>> [(f.predicate, f.object) for f in read_clause("Ines on Dock Road cuts my hair")]
    [('hairdresser', 'Ines')]
    >>> read_clause("if broadband at ours were Zapnet I'd be happier")
    []
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Literal

from langmem_plus.extraction.vocab import (
    ATTRIBUTE_ALIASES,
    ATTRIBUTE_NOT,
    NOT_A_TITLE_BEFORE,
    OTHER_PEOPLE,
    RELATIONS,
)
from langmem_plus.facts.models import Fact
from langmem_plus.facts.policy import DEFAULT_PREDICATE_ALIASES
from langmem_plus.facts.profile import PROFILE_PREDICATES, RELATION_WORDS
from langmem_plus.facts.retrieval import ATTRIBUTE_WORDS, SLOT_NAMES, asked_terms, names_slot
from langmem_plus.facts.text_rules import content_terms

__all__ = [
    "Clause",
    "ClauseFact",
    "main_clause_start",
    "markers",
    "predicate_named",
    "read_clause",
    "read_message",
    "slot_of",
    "split_clauses",
]

Tense = Literal["past", "present", "future"]


@dataclass(frozen=True)
class Clause:
    """One clause of a message and what its closed-class words say about it.

    Attributes:
        text: the clause, a verbatim substring of the message.
        start: where it starts in the message.
        first_person: a first-person pronoun or possessive is in it ("I", "my", "ours").
        negated: a negation is in it ("not", "n't", "never", "no longer").
        conditional: a conditional or hypothetical marker ("if", "would", "'d", "suppose").
        question: it asks (a question mark, or a clause-initial auxiliary or wh-word).
        tense: ``past``, ``present`` (present perfect included) or ``future``.
    """

    text: str
    start: int
    first_person: bool
    negated: bool
    conditional: bool
    question: bool
    tense: Tense


@dataclass(frozen=True)
class ClauseFact:
    """An attribute of the user read from a clause's structure.

    Attributes:
        predicate: the attribute, named through ``predicate_named``.
        object: the value, the user's own words.
        text: a third-person sentence saying it.
        noun: the words of the clause that named the attribute.
        single_valued: ``True`` for an attribute the write policy may not know (one value at
            a time, like the attribute rule's "my X is Y"); ``None`` for a default one.
        said: how many characters of the clause say it (the quote; an aside after it,
            "..., lovely but always late", is about something else).
    """

    predicate: str
    object: str
    text: str
    noun: str
    single_valued: bool | None
    said: int = 0


# ---- closed classes

_FIRST = re.compile(
    r"(?<![\w'’])(?:i|i'm|i’m|im|i've|i’ve|ive|i'd|i’d|i'll|i’ll|me|my|mine|myself|we|we're|"
    r"we’re|we've|we’ve|we'd|we’d|we'll|we’ll|us|our|ours|ourselves)(?![\w'’])",
    re.IGNORECASE,
)
_NEGATION = re.compile(
    r"(?<![\w'’])(?:not|no|never|nothing|nobody|none|neither|nor|no longer|anymore|any more|"
    r"without)(?![\w'’])|n['’]t\b",
    re.IGNORECASE,
)
_CONDITIONAL = re.compile(
    r"(?<![\w'’])(?:if|unless|suppose|supposing|imagine|imagining|whether|would|could|might|"
    r"should|wish|hypothetically|maybe|perhaps|probably|were i|were we|in another life|"
    r"someday|one day)(?![\w'’])|['’]d\b",
    re.IGNORECASE,
)
_QUESTION_START = re.compile(
    r"^\W*(?:is|are|am|was|were|do|does|did|can|could|will|would|should|shall|have|has|"
    r"what|which|who|whom|whose|how|where|when|why)\b",
    re.IGNORECASE,
)
_ENDED = re.compile(
    r"(?<![\w'’])(?:no longer|not any ?more|anymore|until|till|used to|not now|"
    r"ended|finished|cancelled|canceled|former|ex)(?![\w'’])",
    re.IGNORECASE,
)
"""Words of an ending anywhere in the clause: what it states is no current value."""
_PAST = re.compile(
    r"(?<![\w'’])(?:was|were|had|did|used to|ago|formerly|back then|last year)(?![\w'’])",
    re.IGNORECASE,
)
_FUTURE = re.compile(
    r"(?<![\w'’])(?:will|shall|going to|gonna|about to)(?![\w'’])|['’]ll\b",
    re.IGNORECASE,
)

# where one clause ends and the next begins: sentence ends, semicolons, dashes, a line
# break, and the conjunctions that join clauses (closed class)
_BREAK = re.compile(
    # a title's point is no sentence end ("I see Dr. Moreau for my teeth")
    rf"{NOT_A_TITLE_BEFORE}[.!?]+(?=\s|$)|[;\n]|\s[—–-]\s|,?\s+(?:but|because|so|though|although|while|whereas|"
    r"since|as|and then|and)\s+(?=(?:i|i'm|im|i've|we|we're|my|our|it|it's|he|she|they)\b)",
    re.IGNORECASE,
)
# what is not the user speaking: a quoted passage, a pasted or e-mail-quoted line
_QUOTED = re.compile(
    r"\"[^\"]{12,}\"|“[^”]{12,}”|(?:^|\n)[ \t]*>[^\n]*|(?:^|\n)(?:[ \t]{2,}|\t)[^\n]+"
)


# "whenever I travel, I fly from X": a leading adverbial clause of time, then the main one
_TIME_LEAD = re.compile(
    r"^\W*(?i:whenever|when|every time|each time|any time|anytime)\s+(?i:i|we)\s+"
    r"(?i:[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s*,?\s+(?=(?i:i|we)\b)"
)


def main_clause_start(clause: str) -> int:
    """Where the main clause starts after a leading adverbial clause of time (0: none).

    Example:
        >>> text = "whenever we travel we fly from Knock"
        >>> text[main_clause_start(text):], main_clause_start("we fly from Knock")
        ('we fly from Knock', 0)
    """
    m = _TIME_LEAD.match(clause)
    return m.end() if m else 0


def _masked(text: str) -> str:
    """``text`` with quoted and pasted blocks blanked (same length, so offsets hold)."""
    return _QUOTED.sub(lambda m: " " * len(m.group()), text)


def markers(text: str) -> Clause:
    """The closed-class reading of one clause.

    Example:
        >>> m = markers("if I'd stayed I would be at Corbo")
        >>> (m.first_person, m.conditional, m.negated)
        (True, True, False)
        >>> markers("we don't have the van any more").negated
        True
        >>> markers("is the dentist any good?").question
        True
    """
    stripped = text.strip()
    if _FUTURE.search(text):
        tense: Tense = "future"
    elif _PAST.search(text):
        tense = "past"
    else:
        tense = "present"
    return Clause(
        text=text,
        start=0,
        first_person=bool(_FIRST.search(text)),
        negated=bool(_NEGATION.search(text)),
        conditional=bool(_CONDITIONAL.search(text)),
        question=stripped.endswith("?") or bool(_QUESTION_START.match(stripped)),
        tense=tense,
    )


def split_clauses(text: str) -> list[Clause]:
    """The clauses of ``text``, quoted and pasted blocks left out, each with its markers.

    Example:
        >>> [c.text for c in split_clauses("broadband at ours is Zapnet; it drops at 8")]
        ['broadband at ours is Zapnet', 'it drops at 8']
        >>> [c.text for c in split_clauses('fix this: "my bank is Monzo and always was"')]
        ['fix this:']
    """
    masked = _masked(text)
    out: list[Clause] = []
    start = 0
    for brk in [*_BREAK.finditer(masked), None]:
        end = brk.start() if brk else len(masked)
        piece = masked[start:end]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            said = text[start + lead : start + len(piece.rstrip())]
            asked = brk is not None and "?" in brk.group()
            m = markers(said + ("?" if asked else ""))
            out.append(
                Clause(
                    said,
                    start + lead,
                    m.first_person,
                    m.negated,
                    m.conditional,
                    m.question,
                    m.tense,
                )
            )
        if brk is not None:
            start = brk.end()
    return out


# ---- from a noun to a predicate

_EPOCH = datetime(2000, 1, 1, tzinfo=timezone.utc)
# the people the user lives with are people too, though recall names them as a slot
_PEOPLE = frozenset(RELATION_WORDS) | {"housemate", *ATTRIBUTE_WORDS.get("housemate", ())}
_NOT_ATTRIBUTES = frozenset(
    {"constraint", "routine", "dislike", "dislikes", "interest", "note", "weighing"}
)


@functools.lru_cache(maxsize=1)
def _inventory() -> tuple[str, ...]:
    """The predicates a noun may name: recall's named slots, the profile's predicates, the
    attribute words and the write policy's alias targets; people (their own readers) and
    the open-ended kinds (a constraint, a routine) left out."""
    every = {
        *SLOT_NAMES,
        *PROFILE_PREDICATES,
        *ATTRIBUTE_WORDS,
        *DEFAULT_PREDICATE_ALIASES.values(),
    }
    return tuple(sorted(p for p in every if p not in _PEOPLE and p not in _NOT_ATTRIBUTES))


def _probe(predicate: str) -> Fact:
    return Fact(fact_id="probe", user_id="probe", kind="fact", subject="user",
                predicate=predicate, object="", text="", valid_from=_EPOCH,
                asserted_at=_EPOCH)  # fmt: skip


@functools.lru_cache(maxsize=4_096)
def predicate_named(noun: str) -> str | None:
    """The one predicate ``noun`` names, through recall's slot naming (``names_slot``), or
    ``None`` when it names none or several (not confident).

    Example:
        >>> predicate_named("broadband"), predicate_named("dentist")
        ('internet_provider', 'dentist')
        >>> predicate_named("work") is None, predicate_named("weather") is None
        (True, True)
    """
    words = noun.casefold().replace("-", " ").split()
    if words and words[0] in ("new", "current", "present"):
        words = words[1:]  # "my new dentist" is my dentist
    if not words:
        return None
    if (said := " ".join(words)) in ATTRIBUTE_ALIASES:
        return ATTRIBUTE_ALIASES[said]  # the rule extractor's own slot for the noun
    own = "_".join(words)
    inventory = _inventory()
    if own in inventory:
        return _slot_of(own)  # "internet at ours": the one default slot named with it
    if own in DEFAULT_PREDICATE_ALIASES:
        return DEFAULT_PREDICATE_ALIASES[own]
    terms = asked_terms(" ".join(words))  # with its two-word phrases ("fly+from")
    if not content_terms(" ".join(words)):
        return None
    named = sorted({_slot_of(p) for p in inventory if names_slot(terms, _probe(p))})
    if len(named) == 1:
        return named[0]
    # one family named at two lengths ("internet", "internet_provider"): the longer one;
    # two attributes ("employer", "job_title" for "job") are not a confident reading
    longest = max(named, key=lambda p: (len(p.split("_")), p), default=None)
    if longest and all(set(p.split("_")) <= set(longest.split("_")) for p in named):
        return longest
    return None


def slot_of(word: str) -> str:
    """The one default slot named with a bare attribute word, else the word.

    Example:
        >>> slot_of("airport"), slot_of("internet"), slot_of("laptop")
        ('home_airport', 'internet_provider', 'laptop')
    """
    return _slot_of(word)


def _slot_of(word: str) -> str:
    """A bare attribute word as the one default slot named with it ("airport" ->
    ``home_airport``), so two wordings of one attribute share its slot; else the word."""
    if word in SLOT_NAMES or word in PROFILE_PREDICATES:
        return word
    slots = [p for p in (*SLOT_NAMES, *PROFILE_PREDICATES) if word in p.split("_")]
    return slots[0] if len(set(slots)) == 1 else word


@functools.lru_cache(maxsize=1)
def _role_other_names() -> dict[str, str]:
    """Everyday words for what a person in a role looks after (``hair`` -> ``hairdresser``):
    the other names ``ATTRIBUTE_WORDS`` gives an agent noun, one role per word."""
    roles: dict[str, set[str]] = {}
    for word, others in ATTRIBUTE_WORDS.items():
        if word in _PEOPLE or not _AGENT.search(word):
            continue
        for other in others:
            if " " not in other:
                roles.setdefault(other, set()).add(word)
    return {other: next(iter(ws)) for other, ws in roles.items() if len(ws) == 1}


_AGENT = re.compile(r"(?:er|or|ist|ian|ant|ent)$")


# ---- the shapes

_CASED = r"(?:[A-Z]|[^\W\d_a-zA-Z])"
_TITLE = r"(?:(?:Dr|Mr|Mrs|Ms|Mx|Prof)\.?\s+)?"
_NAME = rf"(?P<v>{_TITLE}{_CASED}[\w'’.&+-]*(?:\s+(?:&\s+)?(?:{_CASED}|\d)[\w'’.&+-]*){{0,3}})"
_NOUN = r"(?P<n>(?i:[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?))"
_OURS = r"(?i:at ours|at home|at our place|at my place|in our house|for us|for me)"
_BE = r"(?i:is|are|'s|’s|has been|have been|'ve been|’ve been)"

_MINE = r"(?i:my|our)"
_END = r"(?=\s*(?:$|[,()!.;:?]|\s(?i:for|since|now|these|too|as well|in case|at the moment)\b))"

# "Zapnet has been our broadband for years", "Monzo's my bank": the value first
_VALUE_IS_MINE = re.compile(
    rf"^\W*{_NAME}\s*{_BE}\s+(?i:(?:still|now|also|always)\s+)?{_MINE}\s+{_NOUN}{_END}"
)
# "Linnet Mobile - that's my phone plan", "Quayhead, which is our dentist": value, then the
# demonstrative that says what it is
_VALUE_THAT_IS_MINE = re.compile(
    rf"^\W*{_NAME}\s*(?:[—–:,-]+\s*)?(?i:that's|that’s|that is|which is|who is|who's|who’s)\s+"
    rf"{_MINE}\s+{_NOUN}{_END}"
)
# "we're with Fennec for the phone plan", "I'm on Nimbo for my mobile": the value by a
# preposition, the attribute after "for"
_WITH_VALUE_FOR = re.compile(
    r"^\W*(?i:i'm|i’m|im|i am|we're|we’re|we are)\s+(?i:(?:still|now|currently|just)\s+)?"
    rf"(?i:with|on|through)\s+{_NAME}\s*,?\s+(?i:for)\s+(?i:(?:the|my|our)\s+){_NOUN}{_END}"
)
# "moved over to Vexa for my phone plan", "switched to Corvo for the energy": a switch whose
# attribute is named after "for" (the value is no place, whatever the verb of motion)
_SWITCH_TO_FOR = re.compile(
    r"^\W*(?:(?i:i|we)(?:'ve|’ve|\s+have)?\s+)?(?i:(?:just|finally|now|recently)\s+)*"
    r"(?P<verb>(?i:moved|switched|changed|gone|went|swapped|upgraded|jumped)"
    r"(?:\s+(?i:over|across|ship))?)\s+(?i:to|onto|with)\s+(?i:(?:a|an|the)\s+)?"
    rf"{_NAME}\s*,?\s+(?i:for)\s+(?P<det>(?i:the|my|our))\s+{_NOUN}{_END}"
)
# "our internet is through Zephyrlink", "my energy's with Voltco"
_MINE_IS_WITH = re.compile(
    rf"^\W*{_MINE}\s+{_NOUN}\s*{_BE}\s+(?i:(?:still|now|currently|all)\s+)?"
    rf"(?i:with|through|from|via)\s+{_NAME}"
)
# "broadband at ours is Zapnet", "bank-wise it's Monzo", "for us, the gym is Pumpworks"
_TOPIC_IS_VALUE = re.compile(
    rf"^\W*(?:(?P<own>{_OURS}),?\s+)?(?i:the\s+)?{_NOUN}"
    rf"(?:-wise,?\s+(?i:it's|it’s|it is|we're|we’re|we are|i'm|i’m|i am)"
    rf"|(?:\s+(?P<own2>{_OURS}))?\s*{_BE})"
    rf"\s+(?i:(?:just|still|now|currently)\s+)?(?i:(?:with|on)\s+)?{_NAME}"
)
# "new dentist — Dr Lund", "new gym!! Kettlebox", "changed banks: it's Monzo now"
_NEW_NOUN_VALUE = re.compile(
    r"^\W*(?i:(?:got|found|registered with|signed up with|joined)\s+)?(?i:(?:a|my|our)\s+)?"
    r"(?i:new|changed|switched)\s+(?P<n>(?i:[a-z][a-z-]*))(?i:\s+day)?"
    r"(?:\s+(?i:near|at|by|for)\s+[a-z ]{1,20}?)?"
    r"\s*(?:!+|:|[—–]|-\s|,)\s*(?i:(?:it's|it’s|it is|now|i'm|i’m|im|i am|we're|we’re|we are)\s+)?"
    rf"(?i:(?:now|with|on)\s+)?(?i:(?:a|an)\s+)?{_NAME}"
)
# "I usually fly from Islay", "we bank with Mossbank": the verb and its preposition name
# the attribute (recall's other names of a slot hold such phrases: "fly from")
_VERB_PREP_VALUE = re.compile(
    r"^\W*(?i:i|we)\s+(?i:(?:usually|always|normally|mostly|generally|still|now|just|tend to)\s+)*"
    rf"(?P<n>(?![a-z]+ed\b)[a-z]+(?:\s+[a-z]+){{1,2}}?)\s+(?i:the\s+)?{_NAME}{_END}"
)  # a simple past ("I banked with X for a while") is no current value
# "Ines on Dock Road cuts my hair", "Dr Olu at Brightsmile does my teeth"
_AGENT_OF_MINE = re.compile(
    rf"^\W*{_NAME}(?:\s+(?i:at|on|from|in)\s+[^,;]{{1,40}}?)?"
    r"(?:\s+(?i:has|have|'s|’s|always|usually|now|still|also)){0,2}\s+"
    r"(?P<verb>[a-z]+)\s+(?i:my|our)\s+(?P<n>[a-z]+)\b"
)
# "I get my hair cut at Sal's", "we have our teeth checked by Dr Ang": a causative, the
# service on something of the user's done at or by the value
_DONE_FOR_ME = re.compile(
    r"^\W*(?i:i|we)\s+(?i:(?:usually|always|normally|now|still|just)\s+)?(?i:get|have)\s+"
    rf"(?i:my|our)\s+(?P<n>[a-z]+)\s+(?P<verb>[a-z]+)\s+(?i:at|by|with)\s+(?:the\s+)?{_NAME}"
)
# "I see Dr Moreau for my teeth", "we go to Ines for our hair": whom the user goes to for
# a service on something of theirs
_SEEN_FOR_MINE = re.compile(
    r"^\W*(?i:i|we)\s+(?i:(?:usually|always|normally|now|still|just|mostly)\s+)?"
    rf"(?P<verb>(?i:see|go to|use|visit))\s+(?:the\s+)?{_NAME}\s+(?i:for)\s+(?i:my|our)\s+"
    r"(?P<n>[a-z]+)\b"
)
_NOT_A_VALUE = frozenset(
    {"i", "it", "this", "that", "there", "here", "he", "she", "they", "we", "you", "my",
     "our", "the", "a", "an", "me", "everyone", "everything", "nothing", "someone",
     "something", "mine", "ours", "what", "which", "who", "how", "yes", "no", "ok", "so"}
)  # fmt: skip
_VERB_NOT_SERVICE = frozenset({"is", "are", "was", "were", "be", "been", "of", "with"})


_RELATION_NOUNS = frozenset(w for general, specific in RELATION_WORDS.values()
                            for w in (*general, *specific))  # fmt: skip


def _possessed(noun: str) -> str | None:
    """The predicate of an attribute the user calls "my <noun>": the one it names, else,
    for a single noun that names nobody and is no opinion word ("my point", "my worry"),
    the noun itself (an attribute the write policy may not know, as "my X is Y" reads)."""
    if (named := predicate_named(noun)) is not None:
        return named
    words = noun.casefold().split()
    if len(words) != 1 or words[0] in ATTRIBUTE_NOT or words[0] in _RELATION_NOUNS:
        return None
    if words[0] in OTHER_PEOPLE or words[0] in RELATIONS:
        return None  # "Noor is my colleague": a person in the user's life, no attribute
    return words[0] if len(words[0]) > 2 else None


def _value(raw: str) -> str | None:
    value = raw.strip(" .,'’")
    words = value.split()
    named_the = len(words) > 1 and words[0] == "The"  # "The Chop House": a name's own "The"
    if not words or (re.split(r"['’]", words[0].casefold())[0] in _NOT_A_VALUE and not named_the):
        return None
    while words and words[-1].casefold() in _NOT_A_VALUE:
        words.pop()
    return " ".join(words) or None


def _fact(predicate: str, value: str, noun: str, said: int) -> ClauseFact:
    known = predicate in SLOT_NAMES or predicate in PROFILE_PREDICATES
    label = predicate.replace("_", " ")
    return ClauseFact(predicate, value, f"The user's {label} is {value}.", noun,
                      None if known else True, said)  # fmt: skip


def read_clause(clause: str) -> list[ClauseFact]:
    """The user's attribute a clause states by its structure, or nothing.

    ``clause`` is one clause (``split_clauses``); nothing is read unless it is the user's
    (a first-person word), asserted (no conditional or question marker), affirmative and
    present, and its noun names one predicate.

    Example:
        >>> [(f.predicate, f.object) for f in read_clause("Monzo has been my bank for years")]
        [('bank', 'Monzo')]
        >>> read_clause("Monzo isn't my bank any more"), read_clause("is Monzo your bank?")
        ([], [])
    """
    whole = markers(clause)
    if whole.question or _ENDED.search(clause):
        return []  # "..., or is it?", "X was my bank, not any more": not a current value
    for shape, possessed, needs_person in _SHAPES:
        if not (hit := shape.match(clause)):
            continue
        # the words that say it decide ("we're with X for the energy, no complaints":
        # the negation after the comma is about something else)
        m = markers(clause[: hit.end()])
        if m.negated or m.conditional or m.tense != "present":
            return []
        owner = hit.groupdict().get("own") or hit.groupdict().get("own2")  # "at home"
        if needs_person and not whole.first_person and not owner:
            continue
        noun = hit.group("n")
        if shape is _AGENT_OF_MINE or shape is _DONE_FOR_ME or shape is _SEEN_FOR_MINE:
            if hit.group("verb") in _VERB_NOT_SERVICE:
                continue
            role = _role_other_names().get(noun.casefold())
            predicate = predicate_named(role) if role else None
        else:
            predicate = _possessed(noun) if possessed else predicate_named(noun)
        if shape is _SWITCH_TO_FOR:
            # "moved over to X for my laptop": an attribute nobody configured is the
            # user's when said as theirs by a switch ("moved to Leeds for my studies" is
            # a move: a bare "moved" names no switch)
            if (
                predicate is None
                and hit.group("det").casefold() != "the"
                and hit.group("verb").casefold() != "moved"
                and not noun.casefold().endswith("s")  # "for my studies": no one-at-a-time
            ):
                predicate = _possessed(noun)
            if predicate in PROFILE_PREDICATES:
                continue  # "moved to Berlin for my job": a move, the rules' to read
        value = _value(hit.group("v"))
        if predicate is None or value is None:
            continue
        return [_fact(predicate, value, noun, hit.end())]
    return []


_SHAPES: tuple[tuple[re.Pattern[str], bool, bool], ...] = (
    # (shape, the noun is the user's own "my <noun>", a first-person word is required)
    (_VALUE_IS_MINE, True, True),
    (_VALUE_THAT_IS_MINE, True, True),
    (_WITH_VALUE_FOR, False, True),
    (_SWITCH_TO_FOR, False, True),
    (_MINE_IS_WITH, True, True),
    (_TOPIC_IS_VALUE, False, True),
    (_NEW_NOUN_VALUE, False, False),  # "new dentist!" is the speaker's news
    (_VERB_PREP_VALUE, False, True),
    (_AGENT_OF_MINE, False, True),
    (_DONE_FOR_ME, False, True),
    (_SEEN_FOR_MINE, False, True),
)


_ACROSS = (_NEW_NOUN_VALUE, _VALUE_THAT_IS_MINE)
"""The shapes whose words run over a clause break: "new gym!! Kettlebox", "X — that's my Y"."""


def read_message(text: str) -> list[tuple[int, int, ClauseFact]]:
    """What ``read_clause`` finds in each clause of ``text`` (quoted and pasted blocks left
    out), with the start and end of the words that say it; a clause that reads nothing on
    its own is read again with the next one, for the shapes that run over a break.

    Example:
        >>> [(text[s:e], f.predicate) for text in ["new dentist!! Dr Lund. so far so good"]
        ...  for s, e, f in read_message(text)]
        [('new dentist!! Dr Lund', 'dentist')]
    """
    clauses = split_clauses(text)
    out: list[tuple[int, int, ClauseFact]] = []
    skip = False
    for i, clause in enumerate(clauses):
        if skip:
            skip = False
            continue
        if said := read_clause(clause.text):
            out.extend((clause.start, clause.start + f.said, f) for f in said)
            continue
        if (at := main_clause_start(clause.text)) and (said := read_clause(clause.text[at:])):
            # "whenever I travel I fly from X": the main clause after the time clause
            out.extend((clause.start + at, clause.start + at + f.said, f) for f in said)
            continue
        if i + 1 < len(clauses):
            nxt = clauses[i + 1]
            joined = text[clause.start : nxt.start + len(nxt.text)]
            if any(shape.match(joined) for shape in _ACROSS) and (said := read_clause(joined)):
                out.extend((clause.start, clause.start + f.said, f) for f in said)
                skip = True
    return out
