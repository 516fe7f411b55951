"""People in the user's life, in the forms the core patterns of ``rules.py`` miss.

Each form is read by structure — a possessive noun phrase headed by a relation word, a name
in brackets or after a comma, a pet described by its breed before its name, "me and my X",
a list of names set off by dashes after a count — never by a list of names: a name is a
cased word (any script), the relation word comes from ``vocab.RELATIONS`` / ``vocab.PETS``.
Returns ``(relation, name)`` pairs (``name`` ``None`` when the user gave none); the rule
extractor makes them user facts (CONVENTIONS-12: ``partner`` single-valued; ``child``,
``pet``, ``parent``, ``sibling``, ``family_member`` multi-valued).

Example:
    >>> people_in("My dad (Bogdan) turns seventy soon")
    [('dad', 'Bogdan')]
    >>> people_in("our new pup is a whippet named Biscuit")
    [('pup', 'Biscuit')]
    >>> people_in("me and my partner are both terrible cooks")
    [('partner', None)]
"""

from __future__ import annotations

import itertools
import re

from langmem_plus.extraction.vocab import (
    KIN_ADJECTIVES,
    KIN_MODIFIER,
    NO_LETTER_AFTER,
    NOT_A_NAME,
    NOT_A_PARTNER_BEFORE,
    PETS,
    RELATIONS,
)

__all__ = [
    "EXTRA_RELATIONS",
    "activity_partner",
    "ending_said_of",
    "listed_members",
    "named_definitely",
    "names_after",
    "people_in",
    "people_name",
    "relation_predicate",
    "unnamed_relation",
]


EXTRA_RELATIONS: dict[str, str] = {
    "bro": "sibling", "sis": "sibling", "teenager": "child", "teen": "child",
    "newborn": "child", "infant": "child", "preschooler": "child", "eldest": "child",
    "youngest": "child", "oldest": "child", "firstborn": "child", "missus": "partner",
    "little one": "child", "wee one": "child",
}  # fmt: skip
"""Relation words beyond ``vocab.RELATIONS`` that people use for their own (a relation, never
a value): the predicate each names."""


def relation_predicate(rel: str) -> str | None:
    """The predicate of a relation word only this module knows ("bro" -> sibling), else None.

    Example:
        >>> relation_predicate("bro"), relation_predicate("3-year-old"), relation_predicate("sun")
        ('sibling', 'child', None)
        >>> relation_predicate("pet axolotl")
        'pet'
    """
    low = rel.casefold()
    if low in EXTRA_RELATIONS:
        return EXTRA_RELATIONS[low]
    if low.startswith("pet "):
        return "pet"  # "pet axolotl": an animal the user took in and named (``_NEWCOMER``)
    if re.fullmatch(r"\d+-(?:year|month|week)-old", low):
        return "child"
    return None


def _alt(words: object) -> str:
    return "|".join(re.escape(w) for w in sorted(map(str, words), key=len, reverse=True))  # type: ignore[call-overload]


_REL = (
    rf"(?:{_alt({*RELATIONS, *PETS, *EXTRA_RELATIONS})}|\d+-(?:year|month|week)-old)"
    rf"{NO_LETTER_AFTER}"  # never "mam" of "mamá"; a plural "s" or "es" may follow
)
_PET = rf"(?:{_alt(PETS)})"
_ADJ = rf"(?:(?:{_alt(KIN_ADJECTIVES)}|[a-z]+-year-old|{KIN_MODIFIER})\s+)*"
_NAME = r"(?:[A-Z]|[^\W\d_a-zA-Z])[\w'’-]*"
# names in a list, each maybe with an age ("Theo, 7, and Mila, 4")
_AGE = r"(?:\s*,\s*\d{1,2}(?![\d:])|\s*\(\s*\d{1,2}\s*\))?"
_NAMES = rf"{_NAME}{_AGE}(?:(?:\s*,\s*|\s+(?i:and|&|n)\s+|\s*,\s*(?i:and)\s+){_NAME}{_AGE})*"

# "my dad (Bogdan)", "our eldest (Ana, 9)": a name in brackets after the relation
_BRACKETED = re.compile(
    # "my dad (Bogdan)", and at a sentence's start without "my": "husband (Kwame) works nights"
    rf"(?:\b(?i:my|our)\s+|(?:^|(?<=[.!?]\s))\W*)(?i:{_ADJ})(?P<rel>(?i:{_REL}))\s*\(\s*"
    rf"(?P<names>{_NAMES})"
)
# "our puppy, a collie called Yuzu", "our new pup is a whippet named Biscuit"
_BREED_NAMED = re.compile(
    rf"\b(?i:my|our)\s+(?i:{_ADJ})(?P<rel>(?i:{_PET}))(?:\s*,\s*|\s+(?i:is|'s|’s)\s+)"
    r"(?i:a|an)\s+(?:[\w-]+\s+){0,3}?(?i:called|named)\s+"
    rf"(?P<names>{_NAME})"
)
# "Dad's name is Bogdan", "Mum's called Ngozi", "my wife's called Ana": "'s" is "is"
_REL_NAME_IS = re.compile(
    rf"(?:^|[.!?;:]\s+)\W*(?:(?i:(?:so|and|oh|btw|also)\W+)*(?i:my|our)\s+(?i:{_ADJ}))?"
    rf"(?P<rel>(?i:{_REL}))(?:'s|’s)\s+(?i:name is|name's|called|named)\s+"
    rf"(?P<names>{_NAME})"
)
# "my partner and I", "me and my husband", "my sister & I": the user and one unnamed person
_AND_I = re.compile(
    rf"(?:\b(?i:my|our)\s+(?i:{_ADJ})(?P<rel>(?i:{_REL}))\s+(?i:and|&|n)\s+(?i:i|me|myself)\b"
    rf"|\b(?i:me|i)\s+(?i:and|&|n)\s+(?i:my)\s+(?i:{_ADJ})(?P<rel2>(?i:{_REL}))\b)"
    rf"(?!\s*,?\s*{_NAME})"
)
# "Greta, our eldest, ...": a child named by birth order
_ORDER = r"(?:eldest|oldest|youngest|middle one|middle child|firstborn|first-born|baby)"
_NAME_OUR_ORDER = re.compile(
    rf"(?:^|[,:;.!]\s*|\b(?i:and|with)\s+)(?P<names>{_NAME}),\s+(?i:my|our)\s+(?i:{_ORDER})\b"
)
# "taking the dog, Pretzel, camping", "the kids, Milo and Tess": the household's, named
_THE_NAMED = re.compile(
    rf"\b(?i:the)\s+(?P<rel>(?i:{_PET}|kids|children|boys|girls|twins|little ones))\s*[,(]\s*"
    rf"(?P<names>{_NAMES})"
)
# "I've got twin boys, Osian and Gethin", "we have daughters: Ana and Bea" (no count)
_HAVE_PLURAL = re.compile(
    rf"\b(?i:i|we)(?:'ve|\s+have|\s+(?i:also))?\s+(?i:have|got|have got)\s+(?i:{_ADJ})"
    rf"(?P<rel>(?i:{_REL}))\s*[,:—–-]\s*(?P<names>{_NAMES})"
)
# "my bro Dev": a relation word only this module knows, then the name
_MY_EXTRA_NAMED = re.compile(
    rf"\b(?i:my|our)\s+(?i:{_ADJ})(?P<rel>(?i:{_alt(EXTRA_RELATIONS)}))(?:\s*,\s*|\s+)"
    rf"(?P<names>{_NAMES})"
)
# "My youngest, Pip, ...": a child by birth order, then the name
_MY_ORDER_NAME = re.compile(rf"\b(?i:my|our)\s+(?P<rel>(?i:{_ORDER}))\s*,\s*(?P<names>{_NAMES})")
# "Priya, my girlfriend, ...": the name, then the relation in apposition
_NAME_COMMA_REL = re.compile(
    rf"(?:^|[.!?;:]\s+|\b(?i:and|with|me and)\s+)(?P<names>{_NAME})(?:,|\s*\()\s*(?i:my|our)\s+"
    rf"(?i:{_ADJ})(?P<rel>(?i:{_REL}))\b"
)
# "Dad (Bogdan) has moved in", "Mam - Ngozi to her friends -": a relation word said as a
# name (capitalised, no article), the name beside it in brackets or after a dash
_KIN_AS_NAME = re.compile(
    rf"(?:^|[.!?;:]\s+)\W*(?P<rel>(?=(?-i:[A-Z]))(?i:{_REL}))"
    rf"(?:\s*\(\s*|\s+[-\u2014\u2013]\s*|[\u2014\u2013]\s*)(?P<names>{_NAME})"
)
# "the rabbit we took in last year, Crumpet, ...": the animal of a first-person relative
# clause, then its name set off by commas
_THE_PET_WE = re.compile(
    rf"\b(?i:the)\s+(?P<rel>(?i:{_PET}))\s+(?i:we|i)(?:['\u2019](?:ve|d))?\s+[^,.;!?()]{{1,50}}?"
    rf",\s*(?P<names>{_NAME})\s*(?:,|\(|$)"
)
# another person's, before a name in its sentence: "my neighbour's", "his", "she", "Dana's"
_SOMEONE_ELSES = re.compile(
    r"[\w-]['\u2019]s\b|\b(?i:his|her|their|he|she|they)\b|\b(?i:my|our)\s+[\w-]+\s+(?:\w+\s+){0,2}?"
    r"(?i:adopted|got|has|owns)\b"
)


def _sentence_before(text: str, at: int) -> str:
    start = max(text.rfind(p, 0, at) for p in (".", "!", "?", "\n", ";"))
    return text[start + 1 : at]


# "we got a dog, her name is Juniper": the name of the one just mentioned
_PRONOUN_NAME = re.compile(
    rf"\b(?i:his|her|their|its)\s+(?i:name is|name's|name’s|names are)\s+(?P<names>{_NAMES})"
    # "named him Bruno", "we're calling her Fig": the name given to the one just mentioned
    rf"|\b(?i:named|called|calling|naming|name)\s+(?i:him|her|them|it)\s+(?P<names2>{_NAMES})"
    # "we got a kitten, she's called Miso", "they're named Ada and Finn": said of them
    r"|\b(?i:he|she|it|they)(?:['’]s|['’]re|\s+is|\s+are)\s+(?:(?i:now|both)\s+)?"
    rf"(?i:called|named)\s+(?P<names3>{_NAMES})"
)
# "we named the kitten Sushi": a name given to the user's own, by the verb of naming
_NAMED_THE = re.compile(
    rf"\b(?i:i|we)(?:['’]ve|\s+have)?\s+(?i:named|called)\s+(?i:the|our|my)\s+(?i:{_ADJ})"
    rf"(?P<rel>(?i:{_REL}))\s+(?P<names>{_NAMES})"
)
# "Kids: Ada (8) and Finn (5)", "My dogs: Bear, Juno": a relation as a label, then names
_LABEL_NAMES = re.compile(
    rf"(?:^|\n)\W*(?:(?i:my|our)\s+)?(?P<rel>(?i:{_REL})(?i:s|es)?)\s*:\s*(?P<names>{_NAMES})"
)
# "We have a spaniel named Biscuit and a cat named Tiger", "I've got a stepson, Jamal, and
# a stepdaughter, Keisha": each member of a list the user's have-clause opened
_HAVE_LEAD = re.compile(
    r"\b(?i:i|we)(?:['’]ve|\s+have|\s+also\s+have)?\s+(?i:have|got|have got|adopted|own)\b"
    r"|\b(?i:i|we)['’]ve(?=\s+(?i:a|an)\s)"  # "we've a collie": the 've is the verb
)
_LIST_NAMED = re.compile(
    rf"\b(?i:a|an)\s+(?:[\w-]+\s+){{0,2}}?(?P<rel>(?i:{_REL}))(?:\s+(?i:named|called)\s+|\s*,\s*)"
    rf"(?P<names>{_NAME})"
)


def _have_list(text: str) -> list[tuple[str, str, int]]:
    """``(relation, name, where)`` for each "a <relation> named X" / "a <relation>, X" of a
    list that a first-person have-clause opened, in its sentence."""
    out: list[tuple[str, str, int]] = []
    for lead in _HAVE_LEAD.finditer(text):
        stop = re.compile(r"[.!?\n]").search(text, lead.end())
        end = stop.start() if stop else len(text)
        for m in _LIST_NAMED.finditer(text, lead.end(), end):
            name = m.group("names")
            if people_name(name) and name.casefold() not in RELATIONS:
                out.append((m.group("rel").casefold(), name, m.start("names")))
    return out


# "Two dogs at home: Bear and Juno": a count of relations, then their names
_COUNT_NAMES = re.compile(
    rf"(?:^|[.!?;]\s+)\W*(?i:two|three|four|five|\d+)\s+(?i:{_ADJ})(?P<rel>(?i:{_REL}))(?i:s|es)?"
    r"(?:\s+(?i:at home|of (?:my|our) own|here))?\s*[:\u2014\u2013-]\s*"
    rf"(?P<names>{_NAMES})"
)
# "Mia lost a shoe and Leo forgot his kit (my two boys)": a bracketed afterthought that
# says whose the people just named are (a plural relation, the names before it)
_AFTERTHOUGHT = re.compile(
    rf"\(\s*(?:(?i:both|all)\s+)?(?i:my|our)\s+(?:(?i:pair|couple|trio|two|three|four|\d+)"
    rf"\s+(?:(?i:of)\s+)?)?(?i:{_ADJ})(?P<rel>(?i:{_REL})(?:s|es)?)\s*\)"
)
# a name that opens a clause: after a comma or a conjunction, before a lowercase word
_OPENING_NAME = re.compile(
    rf"(?:[,;:]\s*|\b(?i:and|but|while|whilst|then|so|plus)\s+)(?P<name>{_NAME})"
    r"(?=(?:['’]s)?\s+[a-z])"
)
# two names that open the sentence: "Mia and Leo both ..."
_OPENING_PAIR = re.compile(rf"^\W*(?P<a>{_NAME})\s+(?i:and|&)\s+(?P<b>{_NAME})\b")
_OPENING_ONE = re.compile(rf"^\W*(?P<name>{_NAME})(?=(?:['’]s)?\s+[a-z])")


# "..., they're my kids", "both are our rescues": a plural "they" said to be the user's
_THEY_ARE_MINE = re.compile(
    r"\b(?i:they(?:['’]re| are)|both are|those are|these are)\s+(?:(?i:both|all)\s+)?"
    rf"(?i:my|our)\s+(?:(?i:{_ADJ}))(?P<rel>(?i:{_REL})(?i:s|es)?)\b"
    # the relation ends the clause: not "they're my sisters' friends", "my kids' mates"
    r"(?=\s*(?:[,.;:!?)\u2014\u2013]|$|\s(?i:and|so|but|too|lol|haha|btw|now)\b))"
)
# "my two, Ana and Bea, ...": a count with no noun, then the names (the user's children)
_MY_COUNT_NAMED = re.compile(
    r"\b(?i:my|our)\s+(?i:two|three|four|five|2|3|4|5)\s*[,:(—–-]\s*"
    rf"(?P<names>{_NAMES})"
)


def _theirs_named(text: str) -> list[tuple[str, str, int]]:
    """``(relation, name, where)`` for the names a plural "they" after them says are the
    user's ("school run with Ana (7) and Bea (4), they're my kids"): the last list of two
    or more names before it in the message; and for "my two, Ana and Bea" (children)."""
    out: list[tuple[str, str, int]] = []
    for m in _THEY_ARE_MINE.finditer(text):
        one = _plural_one(m.group("rel"))
        if one is None:
            continue
        lists = [
            x
            for x in re.finditer(_NAMES, text[: m.start()])
            if len(_split(x.group(0))) >= 2 and text[max(0, x.start() - 1) : x.start()] != "'"
        ]
        if lists:
            last = lists[-1]
            out += [(one, n, last.start() + last.group(0).find(n)) for n in _split(last.group(0))]
    for m in _MY_COUNT_NAMED.finditer(text):
        names = _split(m.group("names"))
        if len(names) >= 2:
            out += [("child", n, m.start("names") + m.group("names").find(n)) for n in names]
    return [(r, n, at) for r, n, at in out if people_name(n) and n.casefold() not in RELATIONS]


def _plural_one(rel: str) -> str | None:
    """The singular relation of a plural one ("boys" -> child, "cats" -> cat), else None."""
    low = rel.casefold()
    if RELATIONS.get(low) == "child" and (low.endswith("s") or low == "children"):
        return "child"
    for cut in ("es", "s"):
        one = low.removesuffix(cut)
        if one != low and (one in RELATIONS or one in PETS):
            return one
    return None


def _afterthought(text: str) -> list[tuple[str, str, int]]:
    """``(relation, name, where)`` for the names a bracketed afterthought makes the user's
    ("Mia lost a shoe and Leo forgot his kit (my two boys)"): the names that open the
    clauses of the sentence before the bracket."""
    out: list[tuple[str, str, int]] = []
    for m in _AFTERTHOUGHT.finditer(text):
        one = _plural_one(m.group("rel"))
        if one is None:
            continue  # "(my sister)": one person, not a list of the names before it
        head = text[: m.start()].rstrip()
        head = head.rstrip(".!?… ") if head.endswith((".", "!", "?", "…")) else head
        start = max(head.rfind(c) for c in ".!?\n") + 1
        sentence = head[start:]
        found = [
            (x.group("name"), start + x.start("name")) for x in _OPENING_NAME.finditer(sentence)
        ]
        if pair := _OPENING_PAIR.match(sentence):
            found += [(pair.group(k), start + pair.start(k)) for k in ("a", "b")]
        elif found and (first := _OPENING_ONE.match(sentence)):
            # the list the plural asks for: the sentence's own subject is one of them
            found.insert(0, (first.group("name"), start + first.start("name")))
        out += [(one, n, at) for n, at in found if people_name(n) and n.casefold() not in RELATIONS]
    return out


# "two kids: a teenage son ..., and Elowen, my daughter": a count of relations, then the
# list of them after a colon or a dash; an unnamed member is said by its relation word
_COUNT_LIST = re.compile(
    rf"\b(?i:two|three|four|five|\d+)\s+(?i:{_ADJ})(?i:{_REL})(?i:s|es)?\s*[:\u2014\u2013-]\s*"
)
_LIST_ITEM = re.compile(
    rf"(?:^|[,;]\s*|\b(?i:and|&|plus)\s+)(?P<n>(?i:a|an|one))\s+(?P<adj>(?i:{_ADJ}))"
    rf"(?P<rel>(?i:{_REL}))\b"
)


def listed_members(clause: str, turn: str = "") -> dict[str, tuple[str, str]]:
    """The unnamed members a counted list of the user's gives in ``clause`` (placed in
    ``turn`` when given), as relation word -> (article, kin adjectives) in the user's
    words: each is a relation the user has, whoever else the list names.

    Example:
        >>> listed_members("Two kids: Ivo and a teenage son")
        {'son': ('a', 'teenage')}
        >>> listed_members("My brother has two dogs: a pug and a collie")
        {}
    """
    text = turn or clause
    at = text.find(clause.strip(" ,.;:!?")) if turn else 0
    lo, hi = (at, at + len(clause)) if at >= 0 else (0, len(text))
    return {rel: said for rel, where, said in _listed(text) if lo <= where < hi}


def _listed(text: str) -> list[tuple[str, int, tuple[str, str]]]:
    """``(relation, where)`` for each unnamed member of a counted list of the user's own
    ("two kids: a teenage son who ..., and Elowen"); nothing when another person's clause
    holds the count ("my sister has two kids: a son and ...")."""
    from langmem_plus.extraction.holder_check import OTHER, owner_of

    out: list[tuple[str, int, tuple[str, str]]] = []
    for m in _COUNT_LIST.finditer(text):
        if owner_of(text, m.start(), 1, "child") == OTHER:
            continue
        stop = re.compile(r"[.!?\n]").search(text, m.end())
        part = text[m.end() : stop.start() if stop else len(text)]
        out += [
            (
                x.group("rel").casefold(),
                m.end() + x.start("rel"),
                (x.group("n").casefold(), x.group("adj").strip()),
            )
            for x in _LIST_ITEM.finditer(part)
        ]
    return out


_REL_WORD = re.compile(rf"\b(?P<rel>(?i:{_REL}))(?:s|es)?\b")
# "Brought home an axolotl yesterday!", "we took in a stray greyhound-cross": a newcomer to
# the household, brought in by a verb of that frame; "her name is X" after it names it,
# whatever the animal (no list of species: the noun phrase is kept as the user said it)
_NEWCOMER = re.compile(
    r"\b(?i:adopted|adopting|brought home|bringing home|took in|taking in|rescued|"
    r"welcomed|picked up|got|getting|bought|fostering|fostered|have|has|got ourselves|"
    r"got myself)\s+(?i:a|an)\s+(?P<np>[\w'’-]+(?:\s+[\w'’-]+){0,2})"
)
_NP_STOP = frozenset(
    {"yesterday", "today", "tonight", "last", "this", "on", "in", "at", "from", "with", "for",
     "and", "but", "so", "who", "which", "that", "to", "of", "recently", "finally", "just",
     "now", "home", "back", "called", "named", "over", "the", "a", "an", "my", "our", "she",
     "he", "they", "it", "her", "his", "its", "their", "is", "was"}
)  # fmt: skip
# a person, not an animal: an agent noun or a person word ("a guy", "a lodger")
_PERSON_NOUN = re.compile(
    r"(?:er|or|ist|ian|ant|ent|mate|friend|man|woman|men|women|person|people|guy|girl|boy|"
    r"kid|lady|baby|child|son|daughter)s?$",
    re.IGNORECASE,
)


# "we've since taken in a rescue terrier called Major Tom", "adopted an old greyhound named
# Dot": a newcomer brought in by the verb of that frame and named at once; the name may be
# more than one cased word
_NEWCOMER_NAMED = re.compile(
    r"\b(?i:adopted|adopting|brought home|bringing home|took in|taken in|taking in|rescued|"
    r"welcomed|got|getting|bought|fostering|fostered|got ourselves|got myself)\s+"
    r"(?P<np>(?i:a|an)\s+[\w'’-]+(?:\s+[\w'’-]+){0,3}?)\s*,?\s+(?i:called|named)\s+"
    rf"(?P<names>{_NAME}(?:\s+{_NAME}){{0,2}})"
)


def _newcomers_named(text: str) -> list[tuple[str, str, int]]:
    """``(relation, name, where)`` for each newcomer the user brought in and named in the
    same breath ("we've since taken in a rescue whippet called Lady Grey"); the relation is
    the noun phrase as the user said it when no relation word heads it ("pet whippet")."""
    out: list[tuple[str, str, int]] = []
    for m in _NEWCOMER_NAMED.finditer(text):
        name = m.group("names")
        words = m.group("np").split()[1:]
        if not people_name(name.split()[0]) or name.casefold() in RELATIONS:
            continue
        from langmem_plus.extraction.holder_check import OTHER, owner_of

        if not words or _PERSON_WORD.search(words[-1]):
            continue  # "a lodger called Dave": a person, not a pet
        if owner_of(text, m.start("np"), 1, "pet") == OTHER:
            continue  # "my cousin adopted a cat called X": the cousin's
        head = words[-1].casefold()
        rel = head if head in PETS or head in RELATIONS else "pet " + " ".join(words)
        out.append((rel, name, m.start("names")))
    return out


# a person taken in, by the nouns for people a household takes in (not the agent-noun
# suffix: a "lurcher" or a "pointer" is a dog)
_PERSON_WORD = re.compile(
    r"(?:mate|friend|sitter)s?$|(?:^|-)(?:man|woman|men|women|person|people|guy|girl|boy|kid|lady|baby|"
    r"child|son|daughter|lodger|tenant|boarder|student|nanny|pair|refugee|teen|teenager|"
    r"toddler|foster)s?$",
    re.IGNORECASE,
)


def _newcomers(text: str, upto: int) -> list[re.Match[str]]:
    """The newcomers brought in before ``upto`` in ``text``, in order."""
    return list(_NEWCOMER.finditer(text, 0, upto))


def _newcomer_relation(text: str, m: re.Match[str]) -> str | None:
    """A newcomer's noun phrase as a relation ("Brought home a Maine Coon yesterday" ->
    "pet Maine Coon"); ``None`` when it is a person, a known relation word (the core
    patterns read those), or someone else brought it in ("my cousin got a cat")."""
    from langmem_plus.extraction.holder_check import OTHER, owner_of

    words: list[str] = []
    for w in m.group("np").split():
        if w.casefold() in _NP_STOP or w.casefold() in RELATIONS or w.endswith("ly"):
            break
        words.append(w.strip("'’"))
    if not words or _PERSON_NOUN.search(words[-1]):
        return None
    if words[-1].casefold() in PETS:
        return words[-1].casefold()
    if owner_of(text, m.start("np"), 1, "pet") == OTHER:
        return None  # "my cousin got an axolotl": the cousin's
    return "pet " + " ".join(words)


# "I have a 3-year-old", "I've got a teenager": a child by age, unnamed
_HAVE_CHILD_NOUN = re.compile(
    r"\b(?i:i|we)(?:'ve|\s+have)?\s+(?i:have|got|have got)\s+(?P<n>(?i:a|an|one|two|three|\d+))"
    r"\s+(?P<rel>(?i:teenagers?|teens?|newborns?|infants?|preschoolers?|\d+-(?:year|month)-olds?))\b"
)
# "My daughter turns ten", "our dog hates the rain": the user's relation, unnamed
_MY_REL_SUBJECT = re.compile(
    rf"^\W*(?:(?i:so|and|but|well|oh|also|btw|fyi|honestly|anyway)\W+)*(?i:my|our)\s+"
    rf"(?!(?i:ex|late|former|future|would-be|dead)\b)(?i:{_ADJ})(?P<rel>(?i:{_REL}))"
    # "'s" as "is"/"has" ("my son's starting"), not a possessive ("my partner's office")
    r"(?:(?:'s|’s)(?=\s+(?:\w+ing|a|an|the|not|been|got|gone|just|so|very|really|now|still|"
    r"also|always|never|back|home|off|away|here|there|\d+)\b)|(?![\w'’-]))"
)
_DASHED = re.compile(rf"^\s*[—–-]+\s*(?P<names>{_NAMES})")
_NOT = {
    *NOT_A_NAME, "i", "and", "is", "was", "we", "he", "she", "they", "it", "the", "me",
    "anyway", "well", "so", "also", "but", "honestly", "sadly", "luckily", "yes", "no",
    "oh", "ok", "okay", "hi", "hey", "update", "news", "btw", "fyi", "today", "yesterday",
}  # fmt: skip


def _split(names: str) -> list[str]:
    parts = re.split(r"\s*,\s*(?:and\s+)?|\s+(?:and|&|n)\s+", names, flags=re.IGNORECASE)
    parts = [re.sub(r"\s*\(\s*\d+\s*\)$", "", p) for p in parts if not p.strip().isdigit()]
    parts = [re.sub(r"['’]s$", "", p) for p in parts]  # an age above, "Zara's": Zara
    return [
        p
        for p in parts
        if p and p.casefold() not in _NOT and p.casefold() not in RELATIONS and not p.endswith("ly")
    ]


def people_in(clause: str, turn: str = "") -> list[tuple[str, str | None]]:
    """``(relation, name)`` for each person or pet of the user's ``clause`` names in a form
    the core patterns miss (``name`` is ``None`` when the relation comes without one).

    With ``turn`` (the whole message the clause is in), a form that spans the clause's
    edges counts when it overlaps the clause: "My partner and I ..." is split before "I",
    and "my dad (Bogdan)" has lost its brackets by the time the clause is matched.

    Example:
        >>> people_in("Dad's name is Haruto, if that helps")
        [('dad', 'Haruto')]
        >>> people_in("Our puppy, a beagle called Pip, chewed my shoes")
        [('puppy', 'Pip')]
        >>> people_in("My partner", turn="My partner and I just moved")
        [('partner', None)]
    """
    text, lo, hi = clause, 0, len(clause)
    head = clause.strip(" ,.;:!?")
    at = turn.find(head) if turn and head else -1
    if at < 0 and turn and (bare := re.sub(r"^(?:I|We)\s+", "", head)) != head:
        at, head = turn.find(bare), bare  # "got a kitten" read as "I got a kitten"
    if head and at < 0:  # a clause without its brackets: place it by its first words
        at = turn.find(" ".join(head.split()[:2])) if turn else -1
        first = head.split()[0]
        if at < 0 and turn and turn.count(first) == 1:
            at = turn.find(first)  # "Ana (my wife) hates flying": by its first word
    if at >= 0:
        text, lo, hi = turn, at, at + len(head)
        tail = " ".join(head.split()[-2:])
        if turn[at : at + len(head)] != head and (end := turn.find(tail, at)) >= 0:
            hi = max(hi, end + len(tail))  # a time phrase cut from the middle ("died last week")
    out: list[tuple[str, str | None]] = []
    for pattern in (_BRACKETED, _BREED_NAMED, _REL_NAME_IS, _NAME_OUR_ORDER, _THE_NAMED,
                    _HAVE_PLURAL, _MY_ORDER_NAME, _NAME_COMMA_REL, _MY_EXTRA_NAMED,
                    _NAMED_THE, _COUNT_NAMES, _LABEL_NAMES, _KIN_AS_NAME, _THE_PET_WE):  # fmt: skip
        for m in pattern.finditer(text):
            if m.end() <= lo or m.start() >= hi:
                continue
            if pattern is _THE_PET_WE and _SOMEONE_ELSES.search(
                _sentence_before(text, m.start("names"))
            ):
                continue  # "the dog my neighbour adopted, Rex, ...": not the user's
            rel = (m.groupdict().get("rel") or "child").casefold()
            rel = _plural_one(rel) or rel if pattern is _LABEL_NAMES else rel
            out += [(rel, n) for n in _split(m.group("names")) if (rel, n) not in out]
    for rel, name, where in _have_list(text) + _newcomers_named(text) + _theirs_named(text):
        if lo <= where < hi and (rel, name) not in out:
            out.append((rel, name))
    for rel, where, _said in _listed(text):
        if lo <= where < hi and (rel, None) not in out:
            out.append((rel, None))
    for rel, name, where in _afterthought(text):
        if lo <= where < hi and (rel, name) not in out:
            out.append((rel, name))
    for m in _PRONOUN_NAME.finditer(text):
        names = m.group("names") or m.group("names2") or m.group("names3")
        # the relation last mentioned before "her name is", in the same message
        before = list(_REL_WORD.finditer(text[: m.start()]))
        new = _newcomers(text, m.start())
        if new and (not before or new[-1].start("np") > before[-1].start()):
            # "My cousin got an axolotl, her name is X": the newcomer last brought in
            if lo <= new[-1].start("np") < hi and (rel := _newcomer_relation(text, new[-1])):
                out += [(rel, n) for n in _split(names) if (rel, n) not in out]
        elif before and lo <= before[-1].start() < hi:
            rel = before[-1].group("rel").casefold()
            out += [(rel, n) for n in _split(names) if (rel, n) not in out]
    if not out and (aged := _HAVE_CHILD_NOUN.search(clause)):
        out.append((aged.group("rel").casefold().removesuffix("s"), None))
    if not out:
        for m in _AND_I.finditer(text):
            rel_at = m.start("rel") if m.group("rel") else m.start("rel2")
            if lo <= rel_at < hi:
                out.append(((m.group("rel") or m.group("rel2")).casefold(), None))
                break
    return out


def names_after(turn: str, clause: str) -> list[str]:
    """The names set off by a dash right after ``clause`` in ``turn`` ("a dad of two —
    Ilan and Teo —"): the list a count announced, cut off from its clause by the dash.

    Example:
        >>> names_after("I've got 2 kittens — Miso & Nori 😻", "I've got 2 kittens")
        ['Miso', 'Nori']
    """
    at = turn.find(clause.rstrip(" ,:;"))
    if at < 0 or not clause.strip():
        return []
    m = _DASHED.match(turn[at + len(clause.rstrip(" ,:;")) :])
    return _split(m.group("names")) if m else []


_ACTIVITY_PARTNER = re.compile(
    rf"\b(?:{_alt(NOT_A_PARTNER_BEFORE)})\s+partners?\b", re.IGNORECASE
)


def activity_partner(text: str) -> bool:
    """True when ``text`` names a partner in something the user does ("my tandem partner",
    "my climbing partner"): someone they do it with, not the user's partner.

    Example:
        >>> activity_partner("my tandem partner asked"), activity_partner("my partner asked")
        (True, False)
    """
    return bool(_ACTIVITY_PARTNER.search(text))


def unnamed_relation(clause: str) -> str | None:
    """The relation word when ``clause`` is about the user's person named by relation only
    ("My daughter turns ten on Saturday", "our dog hates baths"): the user has one.

    Example:
        >>> unnamed_relation("My son's starting at a new school")
        'son'
        >>> unnamed_relation("my ex-wife moved to Leeds") is None
        True
        >>> unnamed_relation("My dog walker is away this week") is None
        True
    """
    m = _MY_REL_SUBJECT.match(clause)
    if m is None:
        # the relation as the object of a verb of losing ("we had to put our ferret down",
        # "I lost my dad in May"): the user had one
        lost = _LOST_OBJECT.search(clause)
        return (lost.group("rel") or lost.group("rel2")).casefold() if lost else None
    if _COMPOUND_HEAD.match(clause, m.end()):
        return None  # "my dog walker is ...": the relation word only modifies the subject
    rel = m.group("rel").casefold()
    if rel == "partner" and activity_partner(clause[: m.end("rel")]):
        return None  # "my tandem partner asked ...": someone the user does something with
    if rel in _EVERYONE_HAS:
        return None  # "our parents don't know yet": everyone has them, it is no news
    return rel


# the relations every person has, named in the plural: saying them says no fact
_EVERYONE_HAS = frozenset({"parents", "grandparents"})
_LOST_OBJECT = re.compile(
    rf"\b(?i:put|putting|lost|losing|rehomed|rehoming|re-homed|gave|giving)\s+(?i:my|our)\s+"
    rf"(?i:{_ADJ})(?P<rel>(?i:{_REL}))\s+(?i:down|to sleep|away|up)\b"
    rf"|\b(?i:lost|rehomed|re-homed)\s+(?i:my|our)\s+(?i:{_ADJ})(?P<rel2>(?i:{_REL}))\b"
)
# the word after the relation is the head of the subject when a verb follows it
_COMPOUND_HEAD = re.compile(
    r"\s+(?!(?:really|also|just|still|now|never|always|finally|actually|already)\b)"
    r"[a-z][\w-]*\s+(?:is|are|was|were|has|have|'s|’s)\b",
    re.IGNORECASE,
)


def named_definitely(clause: str, name: str) -> bool:
    """True when ``clause`` names ``name`` as the user's own by a possessive or definite
    phrase ("our twins, Ada and Ezra", "my son Teo"), so what the clause plans or asks
    for them does not undo the relation; "a dog named Rex" (indefinite) is what is planned.

    Example:
        >>> named_definitely("Our twins, Ada and Ezra, turn five next week", "Ezra")
        True
        >>> named_definitely("We're adopting a dog named Rex next month", "Rex")
        False
    """
    at = clause.casefold().find(name.casefold())
    if at < 0:
        return False
    head = clause[:at]
    if re.search(r"\b(?:a|an)\s+(?:[\w-]+\s+){0,3}(?:named|called)\s*$", head, re.IGNORECASE):
        return False
    return bool(re.search(r"\b(?:my|our|the)\s+[^.!?;]{0,40}$", head, re.IGNORECASE))


# where one clause of a message ends and the next begins: a stop, a dash set off by spaces,
# an emoji or other symbol, or a comma before a new subject ("..., we've since ...")
_CLAUSE_EDGE = re.compile(
    r"[.;!?\n]+\s*|\s[\u2014\u2013-]\s*|[^\w\s,'’&()/:-]+\s*"
    r"|,\s*(?:(?i:and|but|so|then|though)\s+)?(?=(?i:i|we|he|she|they)\b)"
)


def ending_said_of(clause: str, value: str, ending: re.Pattern[str]) -> bool:
    """True when ``ending`` (a death, a break-up) is said in the part of ``clause`` that
    names ``value``: a message can tell of one pet's death and of the next one's arrival
    ("sad news, Pip died 😢 we've since taken in a terrier called Bo"), and only the one the
    ending is said of is ended (#12). Without the value in the clause, any ending counts.

    Example:
        >>> import re
        >>> died = re.compile("died")
        >>> ending_said_of("Pip died 😢 we've since taken in a terrier called Bo", "Bo", died)
        False
        >>> ending_said_of("Pip died 😢 we've since taken in a terrier called Bo", "Pip", died)
        True
        >>> ending_said_of("our old cat, Pip - she died in May", "Pip", died)
        True
    """
    at = clause.casefold().find(value.casefold()) if value.strip(" *") else -1
    if at < 0:
        return bool(ending.search(clause))
    cuts = [0, *(m.end() for m in _CLAUSE_EDGE.finditer(clause)), len(clause) + 1]
    pieces = list(itertools.pairwise(cuts))
    for i, (a, b) in enumerate(pieces):
        if a <= at < b:
            if ending.search(clause[a:b]):
                return True
            # "a retriever, Nala - she died in May": the next clause's pronoun subject is
            # the one just named, when no other name comes between them (#12)
            piece = clause[a:b]
            if (
                i + 1 < len(pieces)
                and not re.search(r"[.!?\n]\s*$", piece)  # within the sentence
                and not _NAME_AFTER.search(clause, at + len(value), b)
            ):
                nxt = clause[pieces[i + 1][0] : pieces[i + 1][1]]
                own = re.split(r"[,;:]|\s(?:and|but|so|while|whereas)\s", nxt, maxsplit=1)[0]
                return bool(_PRONOUN_SUBJECT.match(own) and ending.search(own))
            return False
    return bool(ending.search(clause))


_PRONOUN_SUBJECT = re.compile(
    r"^\W*(?:(?:and|but|so|sadly|then)\s+)?(?:he|she|it|they)(?:['\u2019]s)?\b", re.IGNORECASE
)
"""A clause whose subject is a third-person pronoun."""
_NAME_AFTER = re.compile(r"\b[A-Z][\w'\u2019-]+")
"""A capitalised word: another name said after the value, which a pronoun could mean."""


def people_name(word: str) -> bool:
    """True when ``word`` can be a person's name here: not a lead-in or discourse word
    ("Anyway", "Sadly", "Update") that happens to be capitalised before a comma.

    Example:
        >>> people_name("Priya"), people_name("Anyway"), people_name("Honestly")
        (True, False, False)
    """
    low = word.casefold()
    return bool(word) and low not in _NOT and not low.endswith("ly")
