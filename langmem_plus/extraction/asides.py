"""What a turn states about the speaker on its way to asking something else (issue 12).

A question often opens with the facts it rests on: "I have a peanut allergy, what can I
snack on?", "as somebody who keeps bees and lives near Tromsø, what should I plant?",
"being lactose intolerant, which cheeses are safe?". Only the last piece asks; the pieces
before it state, and what they state about the speaker is as true as any statement. The
post-filters judge a value on the clause that holds it; a clause running to a "?" through
commas or dashes is not one question, and ``stated_before_question`` finds the statement
inside it.

Structure, not words: the clause is cut at its clause boundaries (comma, semicolon, colon,
dash); the last piece must ask on its own; the pieces before it must hold the value, ask
nothing themselves, and speak of the speaker (a first-person word, a fronted description
of the speaker: "as someone who", "as a", "being", or a subject dropped before a verb in
the past: "been ...", "moved to ..."). A fronted topic with no speaker in it
("Lisbon, is it nice?", "the Fiat Panda — reliable?") is asked about, not stated.

Example:
    >>> stated_before_question("I have a peanut allergy, what can I snack on?", "peanut")
    'I have a peanut allergy'
    >>> stated_before_question("as somebody who keeps bees, what should I plant?", "bees")
    'as somebody who keeps bees'
    >>> stated_before_question("Lisbon, is it nice to live in?", "Lisbon") is None
    True
    >>> stated_before_question("Should I move to Lisbon, what do you think?", "Lisbon") is None
    True
"""

from __future__ import annotations

import re

from langmem_plus.extraction.turns import value_hits
from langmem_plus.extraction.vocab import CLAUSE_COLON
from langmem_plus.facts import text_rules

__all__ = ["described_in_question", "stated_before_question"]

# A boundary between the pieces of a clause: comma, semicolon, colon, a dash, or a
# pictograph typed between words as chat punctuation ("I'm a welder now 😅 not sure ...?")
_PIECE_BREAK = re.compile(
    rf"\s*(?:[,;\u2014\u2013]|{CLAUSE_COLON}|\s-\s|\s[\u2600-\u27bf\U0001f300-\U0001faff]+"
    r"[\ufe0f\u200d\U0001f3fb-\U0001f3ff]*(?=\s))\s*"
)
# The speaker in a piece: a first-person word ("I", "I'm", "my", "we've", "me")
_SPEAKER = re.compile(
    r"(?<![\w'\u2019])(?:i|im|i['\u2019](?:m|ve|d|ll)|me|my|myself|mine|we|we['\u2019](?:re|ve|d|ll)"
    r"|us|our|ourselves)(?![\w'\u2019])",
    re.IGNORECASE,
)
# A fronted description of the speaker: "as someone who ...", "as somebody with ...",
# "as a person who ...", "as a vegan", "being coeliac", "as one who ..."
_DESCRIBED = re.compile(
    r"^\W*(?:(?:so|and|but|well|ok|okay|hey|hi|also)\W+)*"
    r"(?:as\s+(?:someone|somebody|a\s+person|one|an?(?=\s))|being(?=\s))",
    re.IGNORECASE,
)

# A piece that drops its first-person subject, as chat does: it opens with a verb in the
# past ("been typing on X since uni, any ...?", "moved to X last month - tips?", "just
# started at X, how do I ...?"). Only past forms: an "-ing" opener is as often a noun
# ("wedding in X, any ideas?") (#12)
_ELIDED_SPEAKER = re.compile(
    r"^\W*(?:(?:so|and|but|well|ok|okay|hey|hi|also|btw|just|finally|recently|only|literally)"
    r"\W+)*(?:been|got|went|took|made|became|began|bought|sold|left|quit|joined|won|lost|met|"
    r"grew|kept|found|gave|[^\W\d_]{2,}ed)(?![\w'\u2019-])",
    re.IGNORECASE,
)


def stated_before_question(clause: str, value: str) -> str | None:
    """The pieces of ``clause`` before the one that asks, when they hold ``value``, ask
    nothing and speak of the speaker; ``None`` otherwise (the value is asked about, or the
    clause asks no later question of its own).

    Args:
        clause: a clause of the user's words that may run on to a question.
        value: the value a candidate takes from it.

    Example:
        >>> stated_before_question("being lactose intolerant - which cheeses are safe?",
        ...                        "lactose")
        'being lactose intolerant'
        >>> stated_before_question("what's a good lunch, I'm vegan?", "vegan") is None
        True
    """
    if not value or value.strip() in ("", "*"):
        return None
    cuts = list(_PIECE_BREAK.finditer(clause))
    if not cuts:
        return None
    last = cuts[-1]
    head, tail = clause[: last.start()], clause[last.end() :]
    if not tail.strip() or not text_rules.is_question(tail):
        return None
    if not value_hits(value.strip(), head):
        return None
    if text_rules.is_question(head) or any(
        text_rules.is_question(p) for p in _PIECE_BREAK.split(head) if p.strip()
    ):
        return None
    if not (_SPEAKER.search(head) or _DESCRIBED.match(head) or _ELIDED_SPEAKER.match(head)):
        return None
    return head.strip()


# The speaker described inside a question: "my rights as a tenant in X", "for me as a
# student at X", "my taxes as a freelancer in X". The description runs from "as a" to the
# end of its piece; a conditional or unreal question ("what would my life be like as a
# tenant in X?", "if I were ...") describes nobody (#12)
_DESCRIBED_IN = re.compile(
    r"(?<![\w'\u2019])(?:my\s+(?:[^\W\d_]+\s+){1,2}?|(?:for|to)\s+me\s+)as\s+an?\s+"
    r"(?P<said>[^,;:?!.\u2014\u2013]{1,60})",
    re.IGNORECASE,
)
_UNREAL = re.compile(r"(?<![\w'\u2019])(?:would|were|if|imagine|suppose)(?![\w'\u2019])", re.I)


def described_in_question(clause: str, value: str) -> bool:
    """Whether ``value`` is part of a description of the speaker that a question takes as
    given ("what are my rights as a tenant in Leith?" says the user is a tenant in Leith);
    never in an unreal or conditional question.

    Example:
        >>> described_in_question("what are my rights as a tenant in Leith?", "Leith")
        True
        >>> described_in_question("what would my rights be as a tenant in Leith?", "Leith")
        False
        >>> described_in_question("is Leith nice for a tenant?", "Leith")
        False
    """
    value = value.strip()
    if not value or value == "*" or _UNREAL.search(clause):
        return False
    return any(value_hits(value, m.group("said")) for m in _DESCRIBED_IN.finditer(clause))

