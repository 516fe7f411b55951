"""A clause's constituents put back into the plain frame they came from (#12).

The rules read "I work for X", "my allergies are X": a main clause, its subject first.
People often move the constituents around, and a wording no rule foresaw then reads
nothing. This module undoes four such moves by their structure, using closed classes only
(pronouns, determiners, the copula, subordinators), and hands the plain frame back to the
rules as another reading of the same clause (``readings.readings``); the value stays the
user's own words.

* a relative clause on the subject: "the company I work for is X" -> "I work for X" and
  "my company is X" (the head noun is the object of the relative clause's verb);
* a cleft: "it's X I'm allergic to" -> "I'm allergic to X";
* a leading adverbial clause of time: "whenever I travel I fly from X" -> "I fly from X";
* an elided possessive after a lead-in: "Before I forget: allergies are X and Y" -> "my
  allergies are X and Y" (only when the bare noun names an attribute and the lead-in is
  the user speaking).

A person's noun is never reshaped ("the guy I work with is Tom" is about Tom), nor a value
that is no name ("the company I work for is great").

Example:
    >>> reshaped("the company I work for is Norrvik Labs")
    ['I work for Norrvik Labs', 'my company is Norrvik Labs']
    >>> reshaped("whenever we travel we fly from Knock")
    ['we fly from Knock']
    >>> reshaped("the guy I work with is Tom")
    []
"""

from __future__ import annotations

import re

from langmem_plus.extraction.clauses import main_clause_start, predicate_named
from langmem_plus.extraction.vocab import OTHER_PEOPLE, PETS, RELATIONS, SINGLE_PEOPLE

__all__ = ["reshaped"]

_CASED = r"(?:[A-Z]|[^\W\d_a-zA-Z]|\d)"
_WORD = r"[a-z][\w-]*"
_ADVERBS = r"(?:(?:usually|always|normally|now|currently|still|mostly|just)\s+)*"

# "the company I work for is X", "the gym we go to is X", "the bank that I use is X"
_RELATIVE_SUBJECT = re.compile(
    rf"^\W*(?i:the|my|our)\s+(?P<n>(?i:{_WORD}(?:\s+{_WORD})?))\s+"
    r"(?:(?i:that|which)\s+)?(?P<who>(?i:i|we))\s+"
    rf"(?P<vp>(?i:{_ADVERBS}{_WORD}(?:\s+{_WORD})?))\s+"
    r"(?i:is|are|'s|’s)\s+(?:(?i:now|still|currently|actually|called)\s+)?"
    rf"(?P<v>{_CASED}.*)$"
)
# "it's peaches I'm allergic to", "it's Corvid that I work for"
_CLEFT = re.compile(
    r"^\W*(?i:it's|it’s|it is)\s+(?P<v>[^,;]{1,40}?)\s+(?:(?i:that)\s+)?"
    r"(?P<who>(?i:i|i'm|i’m|i am|we|we're|we’re))\s+"
    r"(?P<vp>[^,;.!?]+?(?i:\s(?:to|for|with|at|in|on|from|by)))"
    r"(?:\s+(?i:now|these days|nowadays|at the moment))?\s*(?:$|[,;.!?])"
)
# a lead-in before a colon that the user speaks ("Before I forget to mention it:")
_LEAD = re.compile(r"^(?P<lead>[^:;.!?\n]{1,60}?):\s+(?P<rest>.+)$", re.DOTALL)
_FIRST_PERSON = re.compile(r"(?<![\w'’])(?i:i|i'm|i’m|i've|i’ve|me|my|we|our|us)(?![\w'’])")
_BARE_TOPIC = re.compile(rf"^(?P<n>(?i:{_WORD}(?:\s+{_WORD})?))\s+(?P<cop>(?i:is|are))\s+\S")
_NOT_A_VALUE_START = re.compile(
    r"^(?i:my|our|his|her|their|your|it|this|that|he|she|they|you|there)\b"
)


def _person(noun: str) -> bool:
    """A noun for a person or a pet: the people rules read what is said of them."""
    words = noun.casefold().split()
    people = RELATIONS.keys() | PETS.keys() | SINGLE_PEOPLE | OTHER_PEOPLE
    people |= {"guy", "girl", "man", "woman", "lady", "bloke", "person", "people"}
    return any(w in people or w.removesuffix("s") in people for w in words)


def reshaped(clause: str) -> list[str]:
    """The plain frames ``clause`` says in a moved order; empty when it says none.

    Example:
        >>> reshaped("it's Corvid Ltd that I work for")
        ['I work for Corvid Ltd']
        >>> reshaped("Before I forget: allergies are celery and lupin")
        ['my allergies are celery and lupin']
        >>> reshaped("the company I work for is great"), reshaped("allergies are common")
        ([], [])
    """
    said = clause.strip()
    lead = _LEAD.match(said)
    out: list[str] = []
    for part in [said, lead.group("rest").strip()] if lead else [said]:
        out += [r for r in _moved(part) if r not in out]
    if lead and _FIRST_PERSON.search(lead.group("lead")):
        rest = lead.group("rest").strip()
        topic = _BARE_TOPIC.match(rest)
        if topic and not _person(topic.group("n")) and predicate_named(topic.group("n")):
            out.append(f"my {rest}")
    return out


def _moved(said: str) -> list[str]:
    """The relative clause, cleft and time-lead frames of one clause."""
    out: list[str] = []
    if (m := _RELATIVE_SUBJECT.match(said)) and not _person(m.group("n")):
        who, vp, value = m.group("who"), m.group("vp"), m.group("v").strip()
        out.append(f"{who} {vp} {value}")
        if predicate_named(m.group("n")):  # "the company": the attribute it names
            out.append(f"{'my' if who.casefold() == 'i' else 'our'} {m.group('n')} is {value}")
    if (m := _CLEFT.match(said)) and not _NOT_A_VALUE_START.match(m.group("v")):
        out.append(f"{m.group('who')} {m.group('vp')} {m.group('v')}")
    if at := main_clause_start(said):
        out.append(said[at:])
    return out
