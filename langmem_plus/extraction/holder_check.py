"""Whose value is it: refuse a "user" candidate whose value only another person's clauses hold.

An extractor (a model above all) can propose another person's fact as the user's: "Dana's
new job at X" becomes *the user works at X*. ``other_persons_value`` checks a candidate
claimed for the user against the user's own words (outside pasted or quoted blocks),
whatever the extractor said. It finds every place the candidate's value occurs, reads the
clause around each, and says the value is someone else's only when **every** occurrence
sits in a clause whose subject or possessor nearest before the value is another person,
and **none** sits in a first-person clause:

* another person: "my cousin", "our landlord's", "my coworker Dana", "Dana's", a
  capitalised name before a finite verb ("Priya just got ..."), "he" / "she" / "they",
  "his" / "her" / "their" before a noun, a relative clause on a person ("my boss, who is
  allergic to X"), a value first in its clause with a person after it ("X is where my dad
  lives"), and a clause with no subject of its own after a person's ("her new employer, X,
  pays well");
* the user: "I", "we", "me and my brother", "my partner and I", "my flat in X", the user
  as an object ("Dana taught me X"), and the user's own verb of living, moving or working
  whoever is inside its phrase ("I moved in with my sister in X").

Anything else is ambiguous, and ambiguous stays the user's: a clause with no subject
("moved to X last week"), a person after a preposition ("I work with Noor at X"), a first-
person clause right after that takes the value on ("my partner got a job in X, so we moved
there", "... and so do I"). The people-of-the-user's-life predicates are judged only where
the value is named by someone else's possessive ("Dana's dog X", "my sister married X"):
"my son Leo" names the user's own child.

The check reads shape and closed-class words (pronouns, prepositions, conjunctions), the
relation words of ``vocab`` and a few verbs of the living/working frame; it knows no
places, employers or foods.

Example:
    >>> from datetime import datetime, timezone
    >>> from langmem_plus.facts.models import CandidateFact
    >>> at = datetime(2026, 1, 1, tzinfo=timezone.utc)
    >>> t = UserTurn("m1", "I live in Brno and my brother lives in Graz.", None, at)
    >>> c = CandidateFact(kind="fact", predicate="city", object="Graz",
    ...                   text="The user lives in Graz.", quote=t.text)
    >>> other_persons_value(c, [t])
    True
    >>> other_persons_value(c.model_copy(update={"object": "Brno"}), [t])
    False
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from langmem_plus.extraction.attributes import attribute_predicate
from langmem_plus.extraction.turns import EMOJI_RUN, UserTurn, value_hits
from langmem_plus.extraction.vocab import NOT_A_NAME, OTHER_PEOPLE, PETS, RELATIONS
from langmem_plus.facts.models import CandidateFact
from langmem_plus.facts.retrieval import ATTRIBUTE_WORDS

__all__ = [
    "contrast_clause",
    "ends_in_users_aside",
    "in_users_clause",
    "other_persons_value",
    "owner_of",
    "someone_elses_clause",
    "users_aside",
    "users_value_in",
    "value_sentence",
]


def _alts(words: object) -> str:
    items = sorted((str(w) for w in words), key=len, reverse=True)  # type: ignore[attr-defined]
    return "|".join(re.escape(w) for w in items)


_REL = _alts({*RELATIONS, *OTHER_PEOPLE, "bestie", "bff", "ex", "housemates"} - {"partner's"})
_PREP = (
    r"with|to|for|from|at|in|of|by|near|beside|like|unlike|than|about|around|behind|into|"
    r"onto|on|under|over|after|before|without|alongside|besides|including|except|between|"
    r"among|via|per|towards|toward|as|across|through|within|outside"
)
_PREP_BEFORE = re.compile(rf"(?:^|\W)(?:{_PREP})\s+$", re.IGNORECASE)
# "my cousin", "our landlord's", "my coworker Dana", "my best friend", "our neighbours'"
_MY_REL = re.compile(
    rf"\b(?:my|our)\s+(?:[\w-]+\s+){{0,2}}?(?:{_REL})(?:s|es)?\b"
    rf"(?P<poss>['\u2019]s\b|(?<=s)['\u2019](?=\s))?",
    re.IGNORECASE,
)
# "sister's", "landlord's" without "my" before them: a relation word as a possessor. Not
# after "a", "an", "any" or "every": "on a teacher's salary", "an intern's pay" name a kind
# of person, nobody in particular, and hold nobody's value (#12)
_REL_POSS = re.compile(
    rf"(?<!\ba )(?<!\ban )(?<!\bany )(?<!\bevery )"
    rf"\b(?:{_REL})(?:s|es)?(?:['\u2019]s\b|(?<=s)['\u2019](?=\s))",
    re.I,
)
_MY_THING = re.compile(r"\b(?:my|our)\s+(?!own\b)[\w-]+", re.IGNORECASE)
_FIRST = re.compile(
    r"(?<![\w-])(?<!\w['\u2019])(?:i|i['\u2019](?:m|ve|d|ll)|we|we['\u2019](?:re|ve|d|ll)|myself|"
    r"ourselves|me|us|im|ive)(?![\w'\u2019-])",
    re.IGNORECASE,
)
_THIRD = re.compile(
    r"(?<![\w'\u2019-])(?:he|she|they)(?:['\u2019](?:s|re|ve|d|ll))?(?![\w'\u2019-])", re.I
)
_THIRD_POSS = re.compile(r"(?<![\w'\u2019-])(?:his|her|their)\s+(?=[\w-])", re.IGNORECASE)
_TOKEN = re.compile(r"[^\W\d_][\w'\u2019-]*")
_CLOSED = frozenset(
    {*_PREP.split("|"), "and", "or", "but", "nor", "so", "yet", "the", "a", "an", "this",
     "that", "these", "those", "my", "our", "your", "his", "her", "their", "its", "i", "me",
     "we", "us", "you", "he", "him", "she", "they", "them", "it", "who", "whom", "which",
     "what", "where", "when", "why", "how", "if", "because", "while", "though", "although"}
)  # fmt: skip
_IRREGULAR = frozenset(
    {"is", "was", "has", "had", "got", "gets", "did", "does", "can", "could", "will", "would",
     "said", "told", "left", "went", "took", "made", "became", "came", "found", "thought",
     "kept", "bought", "sold", "began", "won", "lost", "met", "grew", "drove", "flew",
     "spoke", "speaks", "gave", "married", "isn't", "wasn't", "hasn't", "doesn't", "didn't",
     "can't", "cant", "won't"}
)  # fmt: skip
# "swells up around X", "moves back to X": a verb's particle after it
_PARTICLES = frozenset({"up", "down", "out", "off", "away", "back", "in", "over", "together"})
_NAMING = frozenset({"called", "named", "nicknamed", "known"})
_DETERMINER = re.compile(
    r"(?:^|\W)(?:a|an|the|this|that|these|those|some|any|every|each|no|another|one|which|"
    r"what)\s+$",
    re.IGNORECASE,
)
_ADVERB = re.compile(
    r"\s+(?:\w+ly|just|now|also|still|both|all|already|never|even|only|soon|then|too|"
    r"always|recently|finally)\b",
    re.IGNORECASE,
)
# Capitalised words that are not people.
_NOT_NAME = frozenset(
    {*NOT_A_NAME, "i", "we", "you", "he", "she", "they", "it", "there", "what", "who",
     "which", "why", "how", "where", "when", "the", "this", "that", "these", "those", "last",
     "next", "every", "each", "some", "any", "all", "both", "so", "and", "but", "or", "yes",
     "no", "yeah", "oh", "hey", "hi", "lol", "omg", "btw", "fyi", "well", "also", "still",
     "then", "maybe", "thanks", "sorry", "please", "like", "unlike", "since", "after",
     "before", "in", "on", "at", "for", "from", "with", "by", "as", "if", "once", "monday",
     "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january",
     "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december", "honestly", "apparently", "anyway", "actually", "quick",
     "update", "long", "work", "life", "everyone", "nobody", "someone", "one", "ok", "okay",
     "note", "news", "funny", "guess", "turns", "wait", "oops", "sadly", "luckily", "just",
     "now", "never", "always", "finally", "really", "only", "even", "soon", "recently",
     "already", "literally", "totally", "definitely", "basically", "seriously",
     # numbers and quantifiers open a measure, not a person ("Five years at X", "Two of us")
     "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
     "twelve", "twenty", "thirty", "forty", "fifty", "hundred", "dozen", "half", "few",
     "several", "many", "most", "first", "second", "third"}
)  # fmt: skip
# The user's own verb of living, moving or working: a person inside its phrase ("I moved in
# with my sister in X", "I joined my brother at X") does not take the value from the user.
_OWN_VERB = re.compile(
    r"(?:['\u2019](?:m|ve|d|re)\s*|\s+(?:am|are|have|had|was|were|been|just|recently|also|"
    r"now|still|finally|actually|both|all|do|did|even|only))*\s*(?:live|lives|living|lived|"
    r"reside\w*|mov\w+|relocat\w+|settled|based|work|works|working|worked|employed|joined|"
    r"started|speak|speaks|speaking|rent\w*|own|share|sharing|stay\w*)\b",
    re.IGNORECASE,
)
# A first-person clause after the value's that takes it on: "so we moved there", "and so
# do I", "me too", "I work there as well".
_TAKEN_ON = re.compile(
    r"\b(?:i|we)\b[^.!?;]{0,40}?\b(?:there|too|as well|the same)\b"
    r"|\b(?:so|as|and)\s+(?:do|am|did|have|does|are|is)\s+(?:i|we)\b|\bme too\b"
    r"|\bsame (?:here|for me|with me)\b|\b(?:i|we)\s+(?:do|did|am|are)\s+too\b"
    r"|\b(?:and|but)\s+(?:i|we)\s+(?:am|are|do|did|have|was|were)\b(?![ \t]+\w)",
    re.IGNORECASE,
)
# An emoji (pictograph or dingbat, with its joiners and variation selectors) before a new
# capitalised word ends a chat sentence as a stop does: "she died in May \U0001f494 Now it's
# the two cats, A and B" holds two sentences, and "she" is not the subject of the second (#12)
_EMOJI_STOP = EMOJI_RUN + r"(?=\s+[A-Z])"
_SENTENCE = re.compile(rf"(?:(?!{_EMOJI_STOP})[^.!?;\n])+(?:[.!?;]+|{_EMOJI_STOP}|$)")
# Where a clause ends inside a sentence: a comma, a colon, a dash, or a conjunction before
# a new subject.
_BREAK = re.compile(
    # a bracketed aside is a clause of its own: "Started at X (Y got my notice) ..." gives
    # X to nobody the aside names
    r"\s*(?:[,:()\u2014\u2013]|\s-\s)\s*"
    r"|\s+(?:and then|and|but|so|because|cause|cos|while|whilst|whereas|though|although|"
    r"plus|since|when)\s+(?=(?:i|i['\u2019]\w+|we|we['\u2019]\w+|he|she|they|he['\u2019]s|"
    r"she['\u2019]s|they['\u2019]re|my|our|his|her|their|[A-Z]\w*)\b)",
)
_TITLE = re.compile(r"\"[^\"\n]*\"|\u201c[^\u201d\n]*\u201d")
# Words in quotation marks: another speaker's "I" ("my cousin said 'I'm moving to X'").
_SPOKEN = re.compile(
    r"(?<![\w])'(?:[^'\n]|(?<=\w)'(?=\w))+'(?![\w])|\"[^\"\n]*\"|\u201c[^\u201d\n]*\u201d|\u2018[^\u2019\n]*\u2019"
)
_RELATIVE = re.compile(r"^\W*(?:who|whose|who['\u2019]s)\b", re.IGNORECASE)

USER = "user"
OTHER = "other"


@dataclass(frozen=True)
class _Mention:
    start: int
    end: int
    who: str  # USER or OTHER
    after_prep: bool = False
    bare_name: bool = False  # a capitalised name alone ("Dana works"), no relation word


def _is_name(word: str) -> bool:
    first = word[:1]
    caseless = first.isalpha() and first.lower() == first.upper()  # 李娜, no case at all
    if not (first.isupper() or caseless) or word.casefold().rstrip("'\u2019s") in _NOT_NAME:
        return False
    # "Employer-wise", "Long-term": a compound with a lowercase part is a word, not a name
    # ("Jean-Luc" keeps its capital); "Previously", "Apparently": an adverb by its suffix
    parts = word.split("-")
    if len(parts) > 1 and any(p[:1].islower() for p in parts[1:]):
        return False
    return not (word.casefold().endswith("ly") and len(word) >= 8)


def _next_word(text: str, at: int) -> str:
    m = re.match(r"\s*([\w'\u2019-]+)", text[at:])
    return m.group(1).casefold() if m else ""


def _finite_after(text: str, at: int) -> bool:
    """A third person's finite verb follows ``at`` ("Priya just got", "Dana works", "Dana's")."""
    if re.match(r"['\u2019]s\b", text[at:]):
        return True
    rest = text[at:]
    while m := _ADVERB.match(rest):
        rest = rest[m.end() :]
    at, text = 0, rest
    nxt = re.match(r"\s*([\w'\u2019-]+)", rest)
    if nxt and nxt.group(1)[:1].isupper():
        return False  # "Sundial Games", "Oakvane Labs": one name, no verb yet
    word = _next_word(text, at)
    if word in _NAMING:
        return False  # "a cat called Rex": a participle naming the noun, not a verb
    if word in _IRREGULAR or (len(word) > 3 and word.endswith("ed")):
        return True
    if "'" in word or "\u2019" in word:
        return False  # "Employer-wise it's X": another subject's contraction
    if len(word) <= 3 or not word.endswith("s") or word.endswith(("ss", "us", "is")):
        return False
    # "Dana works for X", "Dana speaks Greek": a verb; "Jira tickets look like X": a noun
    m = re.match(r"\s*[\w'\u2019-]+\s*([\w'\u2019-]*)", text[at:])
    after = m.group(1) if m else ""
    return (
        not after
        or after.casefold() in _CLOSED
        or after.casefold() in _PARTICLES
        or not after[:1].islower()
    )


def _slot_of(relation: str) -> str:
    word = relation.casefold().rstrip("'\u2019")
    word = re.sub(r"['\u2019]s$", "", word)
    for w in (word, re.sub(r"e?s$", "", word)):
        if w in RELATIONS:
            return RELATIONS[w]
        if w in PETS:
            return "pet"
    return word


def _names_the_slot(relation: str, predicate: str) -> bool:
    """The relation word is the candidate's own slot: "my kids" for ``child``, "my line
    manager" for ``manager``, "my phone carrier" for ``phone_plan`` (an attribute noun
    phrase folded the way the attribute reader folds it): the user's relation or attribute
    naming the value, not another person."""
    words = relation.split()[1:]
    # the everyday other names of the slot's own words: "my boss" names ``manager`` (#12)
    other_names = {n for w in predicate.split("_") for n in ATTRIBUTE_WORDS.get(w, ())}
    for i in range(len(words)):
        said = " ".join(words[i:])
        slot = _slot_of(said)
        if slot == predicate or slot in predicate.split("_"):
            return True
        # another name of the slot's word: "my flatmates" for ``housemate``
        stem = re.sub(r"['\u2019]s?$", "", said)
        if any(w in other_names for w in (slot, re.sub(r"s$", "", slot), stem.casefold())):
            return True
        if attribute_predicate(stem) == predicate:
            return True
    return False


def _verb_form(word: str) -> bool:
    """A clause's first word that reads as a verb form, not a name ("Got", "Switched",
    "Dislikes", "Moving")."""
    low = word.casefold()
    return low in _IRREGULAR or low.endswith(("ed", "ing", "s"))


def _mentions(clause: str, skip: tuple[int, int] = (0, 0), predicate: str = "") -> list[_Mention]:
    """The subjects and possessors of ``clause``, in order (overlaps resolved longest first);
    nothing inside ``skip`` (the value itself) counts."""
    found: list[_Mention] = []
    # a title in double quotes names nobody ("We Have Always Lived in the Castle")
    clause = _TITLE.sub(lambda m: " " * len(m.group(0)), clause)

    def add(start: int, end: int, who: str, bare: bool = False) -> None:
        if start < skip[1] and skip[0] < end:
            return
        if any(m.start <= start < m.end or start <= m.start < end for m in found):
            return
        prep = bool(_PREP_BEFORE.search(clause[:start]))
        found.append(_Mention(start, end, who, prep, bare))

    named: list[int] = []  # where a relation's own name would start ("my partner Ana")
    for m in _MY_REL.finditer(clause):
        before, after = clause[: m.start()], clause[m.end() :]
        if not m.group("poss"):
            named.append(m.end() + len(after) - len(after.lstrip(" ,")))
        joined = re.search(r"\b(?:me|i|myself)\s*,?\s*(?:and|&|\+)\s*$", before, re.I) or (
            re.match(r"\s*(?:and|&|\+)\s+(?:i|me|myself)\b", after, re.IGNORECASE)
        )
        own = not m.group("poss") and (
            _names_the_slot(m.group(0), predicate) or _role_equated(clause, m, skip, predicate)
        )
        # "my wife's son Leo", "my partner's dog": the household's, not someone else's
        shared = predicate in ("child", "pet") and _names_the_slot(
            re.sub(r"['\u2019]s?$", "", m.group(0)), "partner"
        )
        add(m.start(), m.end(), USER if joined or own or shared else OTHER)
    for m in _MY_AGENT.finditer(clause):
        if _agent_subject(clause, m, skip, predicate):
            add(m.start(), m.end(), OTHER)  # "my childminder joined X", "our lodger's job"
    for m in _REL_POSS.finditer(clause):
        add(m.start(), m.end(), OTHER)
    spoken = [m.span() for m in _SPOKEN.finditer(clause)]
    for m in _FIRST.finditer(clause):
        if not any(a <= m.start() < b for a, b in spoken):  # another speaker's "I"
            add(m.start(), m.end(), USER)
    for m in _THIRD.finditer(clause):
        add(m.start(), m.end(), OTHER)
    for m in _THIRD_POSS.finditer(clause):
        nxt = _next_word(clause, m.end())
        if m.group(0)[:3].casefold() == "her" and nxt in _CLOSED:
            continue  # "told her I live in X": "her" is an object
        add(m.start(), m.end(), OTHER)
    for m in _MY_THING.finditer(clause):
        add(m.start(), m.end(), USER)
    for m in _TOKEN.finditer(clause):
        word = m.group(0)
        if not _is_name(word):
            continue
        opening = not re.search(r"[^\W\d_]", clause[: m.start()])
        if _DETERMINER.search(_before_names(clause, m.start())):
            continue  # "a Maine Coon called X", "the Tate": a noun phrase, not a person
        if m.start() in named:
            continue  # "me and my partner Ana moved": the relation's name, one person (#12)
        poss = re.match(r"(.*?)(?:['\u2019]s|s['\u2019])$", word)
        name_end = m.start() + len(poss.group(1)) if poss else m.end()
        if poss and poss.group(1) and _is_name(poss.group(1)):
            add(m.start(), m.end(), OTHER, True)  # "Dana's", "Björn's"
        elif _finite_after(clause, name_end) and not (opening and _verb_form(word)):
            add(m.start(), m.end(), OTHER, True)  # "Priya just got", "Dana works"
    return sorted(found, key=lambda x: x.start)


# "my childminder", "our piano teacher", "my bandmate": a possessive noun phrase headed by
# an agent noun (by its suffix: -er, -or, -ist, -ian, -ant, -ent, -mate, -friend, ...) is
# a person even when ``vocab`` does not list the word; "-ment" heads a thing.
_MY_AGENT = re.compile(
    r"\b(?:my|our)\s+(?:[\w-]+\s+){0,2}?(?P<head>(?![\w-]*ment\b)[\w-]{2,}"
    r"(?:er|or|ist|ian|ant|ent|mate|friend|man|woman|person|guy|girl|boy|kid|lady|pal)"
    r"(?:s|es)?)(?P<poss>['\u2019]s\b|(?<=s)['\u2019](?=\s))?(?![\w'\u2019-])",
    re.IGNORECASE,
)
_COPULA = re.compile(
    r"\s*(?:['\u2019]s|\s+(?:is|are|was|were))(?:\s+(?:now|still|also|just|actually))*"
    r"\s+(?:(?:a|an|the)\s+)?",
    re.IGNORECASE,
)


def _agent_subject(clause: str, m: re.Match[str], skip: tuple[int, int], predicate: str) -> bool:
    """The agent-noun phrase ``m`` is another person as a subject or possessor: a finite
    verb or a possessive follows it. An equative copula whose complement is the value ("my
    employer is X") makes the phrase the user's own slot, and the candidate's own slot
    word ("my manager" for ``manager``) names the user's relation."""
    if _names_the_slot(m.group(0), predicate) or m.group("head").casefold() in RELATIONS:
        return False
    end = m.end("head")
    if m.group("poss"):
        return bool(re.match(r"\s+[a-z]", clause[m.end() :]))  # "my lodger's new job"
    cop = _COPULA.match(clause, end)
    if cop and skip != (0, 0) and cop.end() >= skip[0]:
        return False  # "my employer is X": the value is the phrase itself
    return _finite_after(clause, end)


def _role_equated(clause: str, m: re.Match[str], skip: tuple[int, int], predicate: str) -> bool:
    """ "My boss is X" for a role slot (``manager``): a role relation whose copula's
    complement is the value names the user's own slot, as "my employer is X" does; "my boss
    is vegan" (a slot that is no role) stays the boss's (#12)."""
    words = m.group(0).casefold().split()
    if words[-1] not in OTHER_PEOPLE or predicate.casefold() not in OTHER_PEOPLE:
        return False
    cop = _COPULA.match(clause, m.end())
    return cop is not None and skip != (0, 0) and cop.end() >= skip[0]


def _before_names(clause: str, at: int) -> str:
    """``clause`` before ``at`` with the capitalised words just before it taken off: what
    precedes a run of names ("a Maine Coon" -> "a ")."""
    head = clause[:at]
    while m := re.search(r"(?:^|\s)((?:[A-Z]|[^\W\d_a-zA-Z])[\w'\u2019-]*)\s+$", head):
        head = head[: m.start(1)]
    return head


def _segments(sentence: str) -> list[tuple[int, int]]:
    """Clause spans of ``sentence``; "my wife and I" and "me and my brother" stay whole."""
    cuts = [0]
    for m in _BREAK.finditer(sentence):
        piece = sentence[cuts[-1] : m.start()]
        word = m.group(0).strip().casefold()
        if word in ("and", "&") and (
            len(piece.split()) <= 3 and not re.search(rf"\b(?:{_PREP})\b", piece, re.I)
        ):
            continue  # a joined subject: "my wife and I live ..."
        cuts.append(m.start())
        cuts.append(m.end())
    cuts.append(len(sentence))
    spans = [(cuts[i], cuts[i + 1]) for i in range(0, len(cuts) - 1, 2)]
    return [(a, b) for a, b in spans if b > a]


# a clause that opens by making the user its topic: "for me (it's X)", "as for me", "with
# me", "in my case", "me, I ..."
_USER_TOPIC = re.compile(
    r"^\W*(?:(?:and|but|whereas|while|though)\s+)?(?:(?:as\s+)?for\s+me|with\s+me|"
    r"in\s+my\s+case|me(?=\s*,))\b",
    re.IGNORECASE,
)


_OWN_SUBJECT = re.compile(
    r"^\W*(?:the|a|an|this|that|these|those)\s+[a-z][\w'\u2019-]*(?:\s+[\w'\u2019-]+){0,5}?\s*$"
)
"""A clause opening on a determiner's noun phrase, which runs up to the value."""


def _segment_owner(
    sentence: str,
    seg: tuple[int, int],
    value: tuple[int, int] | None,
    prev: list[_Mention],
    prev_owner: str | None,
    predicate: str,
) -> tuple[str | None, list[_Mention]]:
    """Who holds the value at ``value`` (start, end in ``sentence``) in segment ``seg``, or,
    with ``value=None``, who the segment's own subject is: USER, OTHER or ``None``."""
    a, b = seg
    clause = sentence[a:b]
    rel, skip = (
        (len(clause), (0, 0)) if value is None else (value[0] - a, (value[0] - a, value[1] - a))
    )
    mentions = _mentions(clause, skip, predicate)
    if _USER_TOPIC.match(clause):
        return USER, mentions  # "..., and for me it's X", "Me, I'm in X": the user's clause
    before = [x for x in mentions if x.end <= rel and not x.after_prep]
    if before:
        last = before[-1]
        firsts = [x for x in before if x.who == USER]
        if last.who == OTHER and firsts and _OWN_VERB.match(clause, firsts[-1].end):
            return USER, mentions  # "I moved in with my sister in X"
        return last.who, mentions
    if _RELATIVE.match(clause) and prev:
        return prev[-1].who, mentions  # "my boss, who is allergic to X"
    after = [x for x in mentions if x.start >= rel and not x.after_prep]
    if after:
        return after[0].who, mentions  # "X is where my dad lives"
    if (
        value is not None
        and prev
        and prev[-1].bare_name
        and _OWN_SUBJECT.match(clause[:rel])
        and _verb_form(_next_word(clause, skip[1]))
    ):
        # "... and Corvane doesn't, the flyer for the X fair needs redoing": a clause with a
        # noun phrase subject and verb of its own; a bare capitalised name before it may be
        # a firm as well as a person, so it does not lend the clause a holder (#12)
        return None, mentions
    if (
        value is not None
        and not re.search(r"[^\W\d_]", clause[:rel])
        and _finite_after(clause, skip[1])
    ):
        # "A is out, B is in": the value is its own clause's subject, not the previous
        # clause's holder's (an appositive, "her employer, X, pays well", has no verb)
        return None, mentions
    return prev_owner, mentions


def owner_of(text: str, at: int, length: int = 0, predicate: str = "") -> str | None:
    """Who holds the words ``text[at:at+length]``: ``"user"``, ``"other"`` (another
    person's clause), or ``None`` (nobody said; the caller keeps it the user's).
    ``predicate`` is the candidate's ("my kids" names the user's own ``child``).

    Example:
        >>> s = "went to see my sister last week, her flat in Graz is tiny lol"
        >>> owner_of(s, s.index("Graz"), 4)
        'other'
        >>> s = "I work with Dana at Fernhill Robotics."
        >>> owner_of(s, s.index("Fernhill"), 17)
        'user'
        >>> s = "Moved to Graz last week!"
        >>> owner_of(s, s.index("Graz"), 4) is None
        True
    """
    for sm in _SENTENCE.finditer(text):
        if not (sm.start() <= at < sm.end()):
            continue
        sentence, base = sm.group(0), sm.start()
        if sentence.rstrip(" \"')").endswith("?"):
            return None  # a question's subject is not its answer's ("Who got it? Me!")
        prev: list[_Mention] = []
        prev_owner: str | None = None
        span = (at - base, at - base + length)
        for seg in _segments(sentence):
            inside = seg[0] <= span[0] < seg[1]
            owner, mentions = _segment_owner(
                sentence, seg, span if inside else None, prev, prev_owner, predicate
            )
            if inside:
                return owner
            prev, prev_owner = mentions or prev, owner
        return None
    return None


# Only these people predicates can be another person's by mistake ("Dana's dog X", "my
# sister married X"); a sibling, parent or wider family member named through another
# relative ("my sister's husband Tom") is still family of the user's.
_JUDGED_PEOPLE = frozenset({"pet", "child", "partner"})
_PEOPLE = frozenset({"partner", "child", "pet", "parent", "sibling", "family_member"})
# "my son Leo", "our dog, Biscuit", "my wife is called Ana": the user's own relation names it
_NAMED_BY_MINE = re.compile(
    rf"\b(?:my|our)\s+(?:[\w-]+\s+){{0,2}}?(?:{_REL}|{_alts(PETS)})(?:s|es)?"
    # "my wife's called X": the contracted copula names her as "is called" does
    r"(?:(?:['\u2019]s\s+name)?,?\s+(?:(?:is\s+|are\s+)?(?:called|named)\s+|is\s+)?"
    r"|['\u2019]s\s+(?:called|named)\s+"
    # "my son's name earlier: X", "my wife's name wrong - it's X": the name set right
    r"|['\u2019]s\s+names?\b[^.!?;\n]{0,40}?(?:[:\u2014\u2013]|\s-|\bit['\u2019]s|\bit is)\s+"
    r"(?:(?:actually|really|in fact)\s+)?)$",
    re.IGNORECASE,
)

# "Two dogs at home: Bear and Juno": a count of relations, then the names listed after it
_COUNTED_BEFORE = re.compile(
    rf"(?:^|[.!?;]\s+)\W*(?:two|three|four|five|\d+)\s+(?:[\w-]+\s+){{0,2}}?"
    rf"(?:{_REL}|{_alts(PETS)})(?:s|es)?(?:\s+(?:at home|of (?:my|our) own|here))?\s*"
    r"[:\u2014\u2013-]\s*(?:[^\W\d_][\w'\u2019-]*(?:\s*,\s*\d{1,2})?(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*))*$",
    re.IGNORECASE,
)

# "We got a rescue cat, her name is Tansy": a pronoun names the user's own relation or pet
_NAMED_BY_PRONOUN = re.compile(
    r"(?:\b(?:his|her|their|its)\s+names?\s*(?:is|was|are|['\u2019]s|:)?"
    r"|\b(?:he|she|it|they)(?:['\u2019]s|['\u2019]re|\s+is|\s+are|\s+was)?\s+(?:called|named)"
    r"|\b(?:named|called|calling|naming)\s+(?:him|her|them|it))"
    # the names said before it in the same list: "their names are Bruno and " + "Zuzu"
    r"(?:\s+(?-i:[A-Z]|[^\W\d_a-z])[\w'\u2019-]*(?:\s*,|\s+and|\s*&))*\s+$",
    re.IGNORECASE,
)


def _users_own_before(noun: str) -> re.Pattern[str]:
    return re.compile(
        rf"(?:\b(?:my|our)\s+|\b(?:we|i)\b[^.!?;]{{0,40}}?\b(?:a|an|two|three)\s+)"
        rf"(?:[\w-]+\s+){{0,2}}?(?:{noun})(?:s|es)?\b[^.!?;]*$",
        re.IGNORECASE,
    )


_OWN_PET_BEFORE = _users_own_before(_alts(PETS))
_OWN_KIN_BEFORE = _users_own_before(_REL)


def _named_by_pronoun(before: str, predicate: str) -> bool:
    """The value follows "her name is" and the same sentence introduced the user's own pet
    (for a pet) or relation (for a person) before it ("we adopted a kitten, his name is
    Miso"); "my cousin got a cat, her name is ..." names no pet of the user's."""
    m = _NAMED_BY_PRONOUN.search(before)
    if m is None:
        return False
    head = re.split(r"[.!?\n]", before[: m.start()])[-1]
    own = _OWN_PET_BEFORE if predicate == "pet" else _OWN_KIN_BEFORE
    if own.search(head) is not None:
        return True
    # "Brought home a chinchilla yesterday!! Her name is X": the one the user's (or an
    # unsaid subject's) clause just introduced, whatever the noun, in this sentence or
    # the one before; "My cousin got a cat, her name is X" introduced someone else's
    lead = before[: m.start()]
    sentences = [x for x in re.finditer(r"[^.!?\n]+", lead) if x.group(0).strip()]
    if not sentences:
        return False
    span_start = sentences[-2].start() if len(sentences) > 1 else sentences[-1].start()
    intro = list(re.finditer(r"\b(?:a|an)\s+(?=[\w-])", lead[span_start:], re.IGNORECASE))
    if not intro:
        return False
    at = span_start + intro[-1].end()
    return owner_of(lead, at, 1, predicate) != OTHER


# "her name is", "his name: it's", "their names were wrong - it's": a pronoun's name
_PRONOUN_NAME = re.compile(
    r"\b(?:his|her|their)\s+names?\b[^.!?;\n]{0,40}?"
    r"(?:[:\u2014\u2013]|\s-|\bit['\u2019]s|\bit is|\bis|\bwas|\bare)\s+"
    r"(?:(?:actually|really|in fact)\s+)?$",
    re.IGNORECASE,
)


def _named_back(before: str, predicate: str) -> bool:
    """The value follows a pronoun's name ("ugh, autocorrect mangled his name: it's X")
    and neither that sentence nor the one before introduces anybody (no relation, name or
    "a/an" noun): the pronoun refers to someone the user spoke of in an earlier message,
    which the text does not say is another person's, so it stays ambiguous (#12).

    Example:
        >>> _named_back("typo earlier. his name is ", "child")
        True
        >>> _named_back("my cousin's son, his name is ", "child")
        False
    """
    m = _PRONOUN_NAME.search(before)
    if m is None:
        return False
    lead = before[: m.start()]
    sentences = [x for x in re.finditer(r"[^.!?\n]+", lead) if x.group(0).strip()]
    lead = lead[sentences[-2].start() if len(sentences) > 1 else 0 :]
    if re.search(r"\b(?:a|an)\s+(?=[\w-])", lead, re.IGNORECASE):
        return False  # "we got a kitten, her name is X": the noun it introduced decides
    return not any(
        x.who == OTHER
        and not _THIRD.fullmatch(lead[x.start : x.end].strip())
        and not _THIRD_POSS.match(lead[x.start : x.end])
        for x in _mentions(lead, (0, 0), predicate)
    )


# nothing but a clause boundary (or the start) before a word: it opens its clause
_OPENS_CLAUSE = re.compile(
    r"(?:^|[.!?;:,\n(\u2014\u2013-]|\b(?:and|but|while|whereas|plus|then))\s*$", re.IGNORECASE
)


_VERB_NEXT = re.compile(r"(?:['\u2019]s\b|\s+(?:[a-z][\w'\u2019-]*))")  # "Ana is", "Leo's"


def _owners(c: CandidateFact, turns: Sequence[UserTurn]) -> list[str | None]:
    """Who holds each own-words occurrence of ``c``'s value (USER for "my son Leo" and for
    a value a first-person clause after it takes on)."""
    value = c.object.strip()
    owners: list[str | None] = []
    if not value or value == "*":
        return owners
    for turn in turns:
        for h in value_hits(value, turn.text):
            if turn.is_quoted(h, h + len(value)):
                continue
            before = turn.text[:h]
            # a correction that names no slot may set a person's name right ("my son's
            # name earlier: X, not Y"): the user's relation names it as for a person
            people = c.predicate in _PEOPLE or (c.predicate == "correction" and c.corrects)
            if people and (
                _NAMED_BY_MINE.search(before)
                or _named_by_pronoun(before, c.predicate)
                or _COUNTED_BEFORE.search(before)
            ):
                owners.append(USER)  # "my son Leo": the user's own
                continue
            if people and _named_back(before, c.predicate):
                owners.append(None)  # "his name, it's X": someone the user spoke of before
                continue
            role = _own_role_named(c.predicate)
            if role is not None and role.search(before):
                owners.append(USER)  # "the landlord's name is X": the user's landlord is X
                continue
            after = turn.text[h + len(value) :]
            if c.predicate in _PEOPLE and _OPENS_CLAUSE.search(before) and _VERB_NEXT.match(after):
                # "We have two kids. Leo is five and Ana is three": the person is the
                # clause's own subject, which says nothing of whose relative they are
                owners.append(None)
                continue
            owner = owner_of(_without(turn.text, _old_value(c)), h, len(value), c.predicate)
            if owner == OTHER and _taken_on(turn.text, h + len(value)):
                owner = USER
            owners.append(owner)
    return owners


@functools.lru_cache(maxsize=1024)
def _own_role_named(predicate: str) -> re.Pattern[str] | None:
    """For a slot that is a person in a role of the user's (``landlord``, ``dentist``,
    ``manager``: a word of ``OTHER_PEOPLE`` or one of its other names), the words that
    give that person's name right before it ("my landlord's name is ", "the dentist is
    called "): the name is the slot's value, the user's, not the person's attribute."""
    words = set(predicate.casefold().split("_")) & OTHER_PEOPLE
    if not words:
        return None
    names = sorted({n for w in words for n in (w, *ATTRIBUTE_WORDS.get(w, ()))}, key=len)
    role = "|".join(re.escape(n) for n in reversed(names))
    return re.compile(
        rf"\b(?:my|our|the)\s+(?:[\w-]+\s+){{0,2}}?(?:{role})"
        r"(?:['\u2019]s\s+(?:(?:real|full|actual)\s+)?names?\s*(?:is|was|:)"
        r"|(?:['\u2019]s|\s+is|\s+was)\s+(?:called|named))"
        r"\s+(?:(?:actually|really|in fact)\s+)?$",
        re.IGNORECASE,
    )


def _old_value(c: CandidateFact) -> str:
    """The value ``c`` says it takes the place of (``replaces``, else ``corrects``)."""
    return (c.replaces or c.corrects or "").strip()


def _without(text: str, old: str) -> str:
    """``text`` with the words of the value ``old`` blanked (same length): the slot's old
    value is not a person whose clause holds the new one. In "Mira has moved away, so it's
    Tove who walks the dog now" Mira is the dog walker being replaced, not Tove's holder
    (#12)."""
    if len(old) < 2:
        return text
    return re.sub(rf"(?<![\w]){re.escape(old)}(?![\w])", " " * len(old), text, flags=re.I)


def in_users_clause(c: CandidateFact, turns: Sequence[UserTurn]) -> bool:
    """True when the user's own words give ``c``'s value in a first-person clause ("my wife
    and I live in X"), or a first-person clause right after takes it on ("my parents live
    in X, and so do I"): whoever else the sentence names, the value is (also) the user's.

    Example:
        >>> from datetime import datetime, timezone
        >>> at = datetime(2026, 1, 1, tzinfo=timezone.utc)
        >>> t = UserTurn("m1", "My partner got a job in Tartu, so we moved there.", None, at)
        >>> c = CandidateFact(kind="fact", predicate="city", object="Tartu",
        ...                   text="The user lives in Tartu.", quote=t.text)
        >>> in_users_clause(c, [t])
        True
    """
    return USER in _owners(c, turns)


def other_persons_value(c: CandidateFact, turns: Sequence[UserTurn]) -> bool:
    """True when ``c``, claimed for the user, holds a value that the user's own words give
    only inside other people's clauses (never in a first-person clause), so it must not
    become the user's. ``False`` whenever in doubt.

    Example:
        >>> from datetime import datetime, timezone
        >>> at = datetime(2026, 1, 1, tzinfo=timezone.utc)
        >>> t = UserTurn("m1", "Had dinner with my boss, who is allergic to sesame.", None, at)
        >>> c = CandidateFact(kind="fact", predicate="allergy", object="sesame",
        ...                   text="The user is allergic to sesame.", quote=t.text)
        >>> other_persons_value(c, [t])
        True
        >>> t2 = UserTurn("m2", "me and my brother are both allergic to sesame", None, at)
        >>> other_persons_value(c.model_copy(update={"quote": t2.text}), [t2])
        False
    """
    if (
        c.holder != "user"
        or c.subject != "user"
        or c.provenance != "own_words"
        or c.polarity != "assert"
        or (c.predicate in _PEOPLE and c.predicate not in _JUDGED_PEOPLE)
    ):
        return False
    owners = _owners(c, turns)
    return bool(owners) and all(o == OTHER for o in owners)


def _taken_on(text: str, end: int) -> bool:
    """A first-person clause after the value, in its sentence or the next, takes the value
    on ("..., so we moved there", "and so do I")."""
    rest = text[end:]
    m = re.match(r"[^.!?;\n]*[.!?;\n]*[^.!?;\n]*", rest)
    return bool(m and _TAKEN_ON.search(m.group(0)))


def someone_elses_clause(clause: str) -> bool:
    """True when ``clause``'s own subject is another person ("Dana works for X now"):
    what the rule extractor needs to cut a message before the user's next clause ("...,
    I work at Y").

    Example:
        >>> someone_elses_clause("Dana works for Oakvane Labs now")
        True
        >>> someone_elses_clause("Honestly, work was chaos")
        False
    """
    mentions = [m for m in _mentions(clause) if not m.after_prep]
    if not mentions or any(m.who == USER for m in mentions):
        return False  # "I've left Sundial Games": the user's own clause
    first = mentions[0]
    if _THIRD.fullmatch(clause[first.start : first.end]):
        return False  # "She's been ...": nobody named to give the fact to
    return first.who == OTHER and len(clause[: first.start].split()) <= 3


def users_value_in(clause: str, value: str, predicate: str = "") -> bool:
    """True when ``value`` sits in a first-person part of ``clause`` ("Dana and I just
    moved into a flat in X"): the user's, whoever else opens the sentence.

    Example:
        >>> users_value_in("Dana and I just moved into a flat in Graz!", "Graz", "city")
        True
        >>> users_value_in("Dana just moved into a flat in Graz!", "Graz", "city")
        False
    """
    value = value.strip()
    if not value or not _FIRST.search(clause):
        return False
    quoted = [m.span() for m in _SPOKEN.finditer(clause)]
    return any(
        owner_of(clause, h, len(value), predicate) == USER
        and not any(a <= h < b for a, b in quoted)  # "my cousin said 'I'm moving to X'"
        for h in value_hits(value, clause)
    )


def value_sentence(quote: str, value: str, *, first_person: bool = False) -> tuple[int, int] | None:
    """The span of the one sentence of ``quote`` that holds ``value``, when ``quote`` has
    more than one sentence: what a check of the value's speaker (who holds it, whether it
    overrides the assistant) must read, rather than the quote's first words. ``None`` when
    the quote is one sentence, or the value is not in it or sits in several sentences.

    With ``first_person``, only a sentence in which the user speaks of themselves ("For me
    it's X", "I'm at X") counts: a bare continuation ("Shellfish too.") carries on the
    previous sentence's subject, so it is not read apart from it.

    Example:
        >>> q = "My partner reacts badly to kiwi. For me it's mango."
        >>> a, b = value_sentence(q, "mango")
        >>> q[a:b]
        "For me it's mango."
        >>> value_sentence("My partner is allergic to kiwi. Mango too.", "Mango",
        ...                first_person=True) is None
        True
        >>> value_sentence("I live in Oslo", "Oslo") is None
        True
    """
    value = value.strip()
    if not value or value == "*":
        return None
    spans = [m.span() for m in _SENTENCE.finditer(quote) if m.group(0).strip()]
    if len(spans) < 2 and first_person and len(spans) == 1:
        # one sentence: the clause of it that holds the value, when a later clause speaks
        # in the first person ("My partner reacts to kiwi, and for me it's mango")
        base = spans[0][0]
        segs = _segments(quote[spans[0][0] : spans[0][1]])
        spans = [(base + a, base + b) for a, b in segs][1:]
        if not spans:
            return None
    elif len(spans) < 2:
        return None
    hits = value_hits(value, quote)
    held = {next((s for s in spans if s[0] <= h < s[1]), (-1, -1)) for h in hits}
    if len(held) != 1 or (-1, -1) in held:
        return None
    a, b = held.pop()
    if first_person and not _FIRST.search(quote, a, b):
        return None
    while a < b and quote[a].isspace():
        a += 1
    return a, b


# a relative clause set off after a value, whose subject is the user: "X, where I live now",
# "X (which is where we moved)", "X — who I married —"
_ASIDE = re.compile(
    r"\s*[,(\u2014\u2013]\s*(?:(?:which|that)(?:['\u2019]s|\s+is)\s+)?(?:where|which|who|whom)\s+"
    r"(?:i|we)(?:['\u2019](?:m|ve|re|d))?(?![\w'\u2019-])",
    re.IGNORECASE,
)


def users_aside(text: str, value: str) -> bool:
    """True when ``value`` in ``text`` is followed by a relative clause set off by a comma,
    a bracket or a dash whose subject is the user ("Tampere, where I live now"): an aside
    the speaker asserts, even inside a question ("is Oulu pricier than Tampere, where I
    live now?" states where they live).

    Example:
        >>> users_aside("is rent higher in Oulu than Tampere, where I live now?", "Tampere")
        True
        >>> users_aside("is rent higher in Oulu than Tampere, where I live now?", "Oulu")
        False
        >>> users_aside("should I move to Tampere, where my sister lives?", "Tampere")
        False
    """
    value = value.strip()
    if not value or value == "*":
        return False
    return any(_ASIDE.match(text, h + len(value)) for h in value_hits(value, text))


def ends_in_users_aside(text: str) -> bool:
    """True when ``text`` ends in a relative clause set off with the user as its subject
    ("..., where we live?"): a statement about the value before it, not a closing question
    of its own to cut off.

    Example:
        >>> ends_in_users_aside("is Oulu dearer than Joensuu, where we live?")
        True
        >>> ends_in_users_aside("I live in Joensuu, where should I eat?")
        False
    """
    parts = re.split(r"[,(\u2014\u2013]", text)
    return len(parts) > 1 and bool(_ASIDE.match("," + parts[-1]))


# where a conditional or a wish stops: a contrastive conjunction or a semicolon before a
# new first-person clause ("If I moved I'd pick X, but for now I'm in Y")
_CONTRAST = re.compile(
    r"(?:[,;]\s*|\s+)(?:but|though|although|yet|whereas|while|except)\s+|;\s*", re.IGNORECASE
)


def contrast_clause(text: str, value: str) -> str | None:
    """The clause of ``text`` after the last contrastive break before ``value``, when the
    user speaks in it ("..., but for now I'm in Y"): a conditional or a wish before the
    break does not reach it. ``None`` when there is no such break.

    Example:
        >>> contrast_clause("If I moved I'd pick Lisbon, but for now I'm in Porto", "Porto")
        "for now I'm in Porto"
        >>> contrast_clause("If I moved I'd pick Lisbon, but for now I'm in Porto", "Lisbon")
    """
    value = value.strip()
    hits = value_hits(value, text) if value and value != "*" else []
    if not hits:
        return None
    cuts = [m.end() for m in _CONTRAST.finditer(text, 0, hits[0])]
    if not cuts:
        return None
    part = text[cuts[-1] :]
    return part if _FIRST.search(part[: hits[0] - cuts[-1]]) else None
