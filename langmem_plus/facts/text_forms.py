"""Verb and person forms for sentences about the user: one implementation for every part
that rewrites them.

Fact sentences are written in the third person ("The user lives in Oslo."). Three parts
turn such text around: the ``remember`` tool and the LangMem import read a model's or
LangMem's note as the user's own words (``first_person``), and the announcements address
the user (``extraction.announce.second_person``). All of them need the verb's base form
("lives" -> "live") and the person's forms of "to be" and "to have" (``base_form``).

Example:
    >>> base_form("lives"), base_form("is"), base_form("is", person="second")
    ('live', 'am', 'are')
    >>> first_person("The user mentioned they are vegetarian.")
    'I am vegetarian.'
    >>> elided_first_person("Prefers window seats.")
    'I prefer window seats.'
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Literal

__all__ = ["base_form", "elided_first_person", "first_person", "with_part", "with_value"]

_IRREGULAR: dict[str, dict[str, str]] = {
    "first": {"is": "am", "was": "was", "has": "have", "does": "do", "doesn't": "don't",
              "isn't": "am not", "wasn't": "wasn't", "hasn't": "haven't", "goes": "go",
              "'s": "'m"},
    "second": {"is": "are", "was": "were", "has": "have", "does": "do", "doesn't": "don't",
               "isn't": "aren't", "wasn't": "weren't", "hasn't": "haven't", "goes": "go",
               "'s": "'re"},
}  # fmt: skip
_NOT_VERBS = frozenset(
    "always never also still just really often usually only now no not recently already "
    "sometimes currently actually".split()
)


def base_form(verb: str, *, person: Literal["first", "second"] = "first") -> str:
    """The verb as it follows "I" (``first``) or "you" (``second``): "lives" -> "live",
    "watches" -> "watch", "carries" -> "carry", "is" -> "am" / "are". Words that are not a
    third-person verb form ("moved", "always", "focus") come back unchanged.

    Example:
        >>> [base_form(v) for v in ("works", "watches", "carries", "dies", "moved", "has")]
        ['work', 'watch', 'carry', 'die', 'moved', 'have']
        >>> base_form("wasn't", person="second"), base_form("always")
        ("weren't", 'always')
    """
    low = verb.casefold().replace("’", "'")
    if low in _IRREGULAR[person]:
        return _IRREGULAR[person][low]
    if low in _NOT_VERBS or len(low) <= 3 or not low.endswith("s") or low.endswith(
        ("ss", "us", "is")
    ):
        return verb
    if len(low) > 4 and re.search(r"[^aeiou]ies$", low):
        return verb[:-3] + "y"
    if re.search(r"(?:ss|sh|ch|x|z|o)es$", low):
        return verb[:-2]
    return verb[:-1]


_LEAD = r"(?:^|(?<=[.!?;:\n])[ \t]*|^[ \t]*[-*•][ \t]*)"
_ADVERB = r"(?:(?:also|still|now|never|always|often|sometimes|just|already|no longer|\w+ly)\s+)*"
_USER = r"(?:the\s+)?user"
_REPORTING = (
    r"(?:has\s+|had\s+)?(?:said|says|mentioned|mentions|stated|states|told\s+(?:me|us|you)"
    r"|tells\s+(?:me|us|you)|explained|explains|noted|notes|shared|shares|reported|reports"
    r"|indicated|indicates|confirmed|confirms|wrote|writes)(?:\s+that)?"
)
# "The user mentioned they are vegetarian": the reported clause is the user's statement.
_REPORTED = re.compile(
    rf"\b{_USER}\s+{_REPORTING}\s+(?P<who>they|he|she)(?P<contr>'re|'s|’re|’s)?\s+"
    rf"(?P<adv>{_ADVERB})(?P<verb>[\w']+)?",
    re.IGNORECASE,
)
# "... and works at Acme": a second verb of the same subject, known as a verb (not a plural
# noun, as in "cats and dogs") by the function word after it.
_AND_VERB = re.compile(
    rf"(?P<pre>(?:,\s*|\s+)(?:and|but)\s+{_ADVERB})(?P<verb>[a-z][a-z']+)"
    r"(?=\s+(?:at|in|on|for|as|with|to|from|about|into|near|by|the|a|an|my|his|her|their"
    r"|our|two|three|several|many|no)\b)"
)
_MID_SUBJECT = re.compile(
    rf"\b{_USER}\s+((?:(?:always|never|also|still|just|really|often|usually|only|now"
    r"|recently|already|currently|no longer|actually)\s+)*)((?-i:[a-z']+))\b",
    re.IGNORECASE,
)


def _subject_pattern(names: Collection[str]) -> re.Pattern[str]:
    who = "|".join(
        re.escape(n)
        for n in sorted(
            {"the user", "user", *(n.strip() for n in names if n.strip())}, key=len, reverse=True
        )
    )
    return re.compile(
        rf"{_LEAD}(?P<who>{who})(?:(?P<poss>'s|’s)\b"
        rf"|\s+(?P<adv>{_ADVERB})(?P<verb>[\w']+)(?P<rest>[^.!?;\n]*))",
        re.IGNORECASE | re.MULTILINE,
    )


def _reported(m: re.Match[str]) -> str:
    adv, verb = m.group("adv") or "", m.group("verb") or ""
    if m.group("contr"):
        return f"I'm {adv}{verb}"
    if m.group("who").lower() == "they":
        verb = {"are": "am", "were": "was", "aren't": "am not", "weren't": "wasn't"}.get(
            verb.lower(), verb
        )
    else:
        verb = base_form(verb)
    return f"I {adv}{verb}"


def first_person(text: str, *, names: Collection[str] = ()) -> str:
    """Text about the user, as models and LangMem write it, in the user's own voice, so the
    extractor reads it as the user's statement. A sentence whose subject is the user ("User",
    "The user", or one of ``names``, such as the person's name) takes the first person, and
    so does a second verb joined by "and"/"but" ("... and works at Acme"); "the user's" is
    "my"; a clause the user is reported to have said ("The user mentioned they are vegan")
    is that clause; "the user" elsewhere is "me". First-person text, and text about anyone
    else, is returned unchanged.

    Example:
        >>> first_person("The user is allergic to peanuts.")
        'I am allergic to peanuts.'
        >>> first_person("User's daughter is called Mila; the user really dislikes olives.")
        'My daughter is called Mila; I really dislike olives.'
        >>> first_person("User lives in Berlin and works at Acme; user likes cats and dogs")
        'I live in Berlin and work at Acme; I like cats and dogs'
        >>> first_person("Alice recently moved to Munich", names=["Alice"])
        'I recently moved to Munich'
        >>> first_person("User said she lives in Oslo. Call the user Sam, as the user prefers.")
        'I live in Oslo. Call me Sam, as I prefer.'
        >>> first_person("Project Atlas uses Postgres 16"), first_person("I prefer tea.")
        ('Project Atlas uses Postgres 16', 'I prefer tea.')
    """
    out = _REPORTED.sub(_reported, text)

    def swap(m: re.Match[str]) -> str:
        lead = m.group(0)[: m.start("who") - m.start(0)]
        if m.group("poss"):
            return f"{lead}My"
        rest = _AND_VERB.sub(lambda v: v.group("pre") + base_form(v.group("verb")),
                             m.group("rest"))  # fmt: skip
        return f"{lead}I {m.group('adv') or ''}{base_form(m.group('verb'))}{rest}"

    out = _subject_pattern(names).sub(swap, out)
    out = re.sub(rf"\b{_USER}'s\b", "my", out, flags=re.IGNORECASE)

    def mid(m: re.Match[str]) -> str:
        verb = m.group(2)
        if base_form(verb) == verb and not verb.endswith("ed"):
            return m.group(0)  # not a verb after it ("call the user Sam", "greet the user
            # warmly"): "the user" is an object, "me" below
        return f"I {m.group(1)}{base_form(verb)}"

    out = _MID_SUBJECT.sub(mid, out)
    return re.sub(rf"\b{_USER}\b", "me", out, flags=re.IGNORECASE)


_ELIDED = re.compile(r"^(?P<verb>[A-Z][a-z']+)(?P<rest>\s+\S.*)$", re.DOTALL)


def elided_first_person(text: str) -> str | None:
    """A note with no subject, as models and LangMem write them ("Lives in Berlin."), as
    the user's words ("I live in Berlin."), or ``None`` when it does not start with a
    third-person verb.

    Example:
        >>> elided_first_person("Lives in Berlin."), elided_first_person("Berlin is nice.")
        ('I live in Berlin.', None)
    """
    m = _ELIDED.match(text.strip())
    if m is None:
        return None
    verb = base_form(m.group("verb"))
    if verb == m.group("verb"):
        return None  # not a third-person verb form: not an elided subject
    return f"I {verb.lower()}{m.group('rest')}"


def with_value(text: str, old: str, new: str) -> str | None:
    """A fact sentence with its value ``old`` (first match, any case) replaced by ``new``, so
    a value moved into a held slot is said in that slot's words; ``None`` when ``text``
    does not hold ``old``.

    >>> with_value("Has a Niro.", "niro", "Jazz"), with_value("Has a car.", "Niro", "Jazz")
    ('Has a Jazz.', None)
    """
    at = text.casefold().find(old.casefold())
    if at < 0:
        return None
    return text[:at] + new + text[at + len(old) :]


def with_part(value: str, part: str, new: str) -> str | None:
    """``value`` with its part ``part`` (whole words, any case) set right to ``new``: a
    correction that names only part of a held value ("June" of "23rd of June", "July":
    "23rd of July"). A ``new`` that says the whole again (it holds a word of ``value``
    besides ``part``: "5th of May" for the "March" of "5th of March") is ``new`` itself;
    ``None`` when ``part`` is not a part of ``value``.

    >>> with_part("23rd of June", "June", "July"), with_part("5th of March", "March", "5th of May")
    ('23rd of July', '5th of May')
    >>> with_part("Leeds", "York", "Hull") is None
    True
    """
    whole = re.compile(rf"(?<![\w'’-]){re.escape(part)}(?![\w'’-])", re.IGNORECASE)
    if not part or not whole.search(value):
        return None
    rest = {w.casefold() for w in whole.sub(" ", value).split()}
    if rest & {w.casefold() for w in new.split()}:
        return new
    return whole.sub(new, value, count=1)
