"""Reading an open thread by its structure: what refers back, what repairs, what is a choice.

Four readers of closed-class words, used by the session lifecycle (``lifecycle.topic_of``,
``lifecycle.shows_thread``) so that neither depends on how one user words a defer:

* ``refers_back``: a request with no topic of its own that leans on an earlier one: an
  object pronoun with no noun of its own ("talk me through it"), a choice with the
  options left out ("which should I go with?", "which of the two"), deixis to an earlier
  conversation ("since last time"), the aspect adverb of a state that goes on ("still
  can't decide"), or a question after what remains ("what's left?"). Pronouns,
  determiners, wh-words, modal auxiliaries, temporal deixis and words of remaining only.
* ``repair``: a sentence that takes back what was just said ("oh wait", "actually no",
  "hang on", "sorry, I meant"): discourse repair markers only.
* ``is_choice``: a statement of options still to choose between ("A or B", "A vs B",
  "between A and B"): coordinators and the preposition of a choice only.
* ``small_talk``: a request with no topic at all ("hey there", "morning! how are you?"):
  greetings, thanks and how-are-yous only.

Example:
    >>> refers_back("ok, decision time, talk me through it")
    True
    >>> refers_back("how does a fridge keep things cold?")
    False
    >>> repair("actually no, the Friday one")
    'the Friday one'
    >>> is_choice("it's the Corran or the Boathouse"), is_choice("I love the Corran")
    (True, False)
"""

from __future__ import annotations

import re

from langmem_plus.facts.text_rules import content_terms

__all__ = [
    "MAX_OWN_TERMS",
    "bounded",
    "is_choice",
    "leans_back",
    "refers_back",
    "repair",
    "small_talk",
]

MAX_OWN_TERMS = 3
"""A request that refers back names at most this many content words of its own: more
and it has a topic of its own ("climate vs weather, my nephew asked and I fumbled it")."""

# An object pronoun with nothing after it in its clause but a particle or an adverb of
# time or manner: "finish it off", "slept on it.", "talk me through it", "do that now".
_OBJECT_PRONOUN = (
    r"\b(?:it|that|this|them|those|these|both|either)\b"
    r"(?=\s*(?:[.,!?;:…—–)]|$)|\s+(?:up|off|through|over|out|again|now|then|done|finished"
    r"|tomorrow|today|tonight|overnight|later|next|first|properly|together|and|or|but|so"
    r"|till|until|after|before)\b)"
)
_LEANS_BACK = re.compile(_OBJECT_PRONOUN, re.IGNORECASE)
_REFERS = re.compile(
    _OBJECT_PRONOUN
    # a choice whose options are not in the request: "which of the two", "which would
    # you pick", "which garage should I go with"
    + r"|\bthe\s+(?:two|three|both|other\s+one|other)\b|\bwhich\s+(?:one|ones|of)\b"
    r"|\bwhich\s+(?P<noun>(?:\w+\s+){0,2}?)(?:should|would|shall|do|did)\s+(?:i|we|you)\b"
    # deixis to the earlier conversation
    r"|\blast\s+(?:time|night|session|chat)\b|\byesterday\b|\bearlier\b"
    # a state that goes on: "still can't decide", "still stuck"
    r"|^\W*(?:\w+\W+){0,2}?still\b"
    # earlier work by a free relative in the past: "what we started", "where I'd got to"
    r"|\b(?:what|where)\s+(?:we|i)(?:\s+(?:had|were|was)|'d)?\s+(?:\w+ed|got|left|began|did)\b"
    # what remains of earlier work: "what's left?", "what's outstanding?"
    r"|\bwhat(?:'s|\s+is|\s+was|\s+were|\s+are)?\s+(?:left|outstanding|remaining|pending"
    r"|next)\b",
    re.IGNORECASE,
)
_OWN_OPTIONS = re.compile(r"\bor\b|\bvs\.?\s|\bversus\b", re.IGNORECASE)
# Greetings and discourse markers that open a message: no topic of the request's own.
_OPENERS = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|right|so|well|now|and|alright|yes|yeah|hi|hiya|hey|hello"
    r"|(?:good\s+)?(?:morning|afternoon|evening))\b\W*)+",
    re.IGNORECASE,
)


def refers_back(request: str) -> bool:
    """True when ``request`` leans on an earlier conversation for its topic: it refers
    back by a closed-class word (``_REFERS``) and names at most ``MAX_OWN_TERMS``
    content words of its own. A choice that lists its own options ("tea or coffee?") is
    its own topic.

    Example:
        >>> refers_back("right, I slept on it. which of the two should I go with?")
        True
        >>> refers_back("so, which garage should I go with?")
        True
        >>> refers_back("which is healthier, tea or coffee?")
        False
        >>> refers_back("is it ok to keep going to the gym with a cold?")
        False
    """
    match = _REFERS.search(request)
    if match is None:
        return False
    if match.group(0).casefold().startswith("which") and _OWN_OPTIONS.search(request):
        return False
    # the words that refer back are not the request's own; the noun of "which garage" is
    own = _REFERS.sub(lambda m: f" {m.group('noun') or ''} ", _OPENERS.sub("", request))
    return len(content_terms(own) - {"not", "no"}) <= MAX_OWN_TERMS


def leans_back(sentence: str) -> bool:
    """True when ``sentence`` has an object pronoun and names at most ``MAX_OWN_TERMS``
    content words besides ("I'll finish it tomorrow"): what it is about was said before
    it. "The bio needs redoing, let's pick it up next time" names its own.

    Example:
        >>> leans_back("let me think about it overnight"), leans_back("I'll do the invites")
        (True, False)
        >>> leans_back("the bio for the podcast pilot needs redoing, let's pick it up next time")
        False
    """
    if not _LEANS_BACK.search(sentence):
        return False
    return len(content_terms(_LEANS_BACK.sub(" ", sentence))) <= MAX_OWN_TERMS


_REPAIR = re.compile(
    r"^\W*(?:(?:oh|no|um+|erm+|ah|ok(?:ay)?|hmm+)\W+)*"
    r"(?:wait|actually|hang\s+on|hold\s+on|sorry|scratch\s+that|correction|i\s+mean(?:t)?)"
    r"\b(?:\W+no\b)?[\s,:;.!—–-]*",
    re.IGNORECASE,
)


def repair(sentence: str) -> str | None:
    """``sentence`` without the repair marker it opens with ("oh wait, ...", "actually
    no, ...", "hang on, ..."), or ``None`` when it opens with none: what follows the
    marker replaces what was said just before it.

    Example:
        >>> repair("oh wait, they've pushed it to the 9th")
        "they've pushed it to the 9th"
        >>> repair("the waiter was actually lovely") is None
        True
    """
    m = _REPAIR.match(sentence)
    if m is None:
        return None
    rest = sentence[m.end() :].strip()
    return rest or None


_CHOICE = re.compile(
    r"\bor\b(?!\s+(?:so|two|three|not|else|something|anything)\b)|\bvs\.?\s|\bversus\b"
    r"|\bbetween\s+[^.!?]+?\s+and\s+",
    re.IGNORECASE,
)


def is_choice(sentence: str) -> bool:
    """True when ``sentence`` lays out options still to choose between ("A or B", "A vs
    B", "between A and B"); "or so" and "one or two" are quantities, not options.

    Example:
        >>> is_choice("Bramble vs Juno then"), is_choice("three or so times a week")
        (True, False)
    """
    return bool(_CHOICE.search(sentence))


# Greetings, thanks and the formulas of asking after someone: the words of a message that
# opens a conversation without saying what about. Never a noun of a task.
_SMALL_TALK = re.compile(
    r"\b(?:hi+|hiya|he+y+a?|hell+o+|howdy|yo|greetings|g'?day|morning|afternoon|evening"
    r"|good\s+(?:morning|afternoon|evening|day|night)|everyone|folks|thanks|thank\s+you|thx"
    r"|cheers|ta|how(?:'s|\s+is)\s+(?:it\s+going|things|life|everything|your\s+day)"
    r"|how\s+(?:are|r)\s+(?:you|u|things)(?:\s+(?:doing|going))?|how\s+(?:have\s+)?you\s+been"
    r"|how\s+you\s+doing|what'?s\s+up|wh?at\s+up|sup|hope\s+(?:you(?:'re|\s+are)\s+)?"
    r"(?:well|good|ok(?:ay)?)|(?:i'?m|i\s+am|we'?re|we\s+are)\s+back|long\s+time(?:\s+no\s+see)?"
    r"|(?:nice|good)\s+to\s+(?:see|hear\s+from)\s+you|um+|erm+|hm+)\b",
    re.IGNORECASE,
)


def small_talk(request: str) -> bool:
    """True when ``request`` has no topic of its own: once its greetings, thanks and
    how-are-yous are set aside, no content word is left. "hey there" opens a
    conversation; "hey, how do volcanoes form?" asks about something.

    Example:
        >>> small_talk("hey there"), small_talk("morning! how are you doing?")
        (True, True)
        >>> small_talk("hi, how do volcanoes form?"), small_talk("what's 15% of 80?")
        (False, False)
    """
    return not content_terms(_SMALL_TALK.sub(" ", request))


def bounded(thread: str, limit: int) -> str:
    """``thread`` within ``limit`` characters, whole sentences from its end (the latest
    is what was left open); one sentence longer than the limit is cut with "…".

    Example:
        >>> bounded("Venue is booked. Menu next time.", 20)
        'Menu next time.'
    """
    thread = " ".join(thread.split())
    if len(thread) <= limit:
        return thread
    sentences = re.findall(r"[^.!?…]+[.!?…]*", thread)
    kept: list[str] = []
    for sentence in reversed(sentences):
        candidate = " ".join([sentence.strip(), *kept])
        if len(candidate) > limit:
            break
        kept.insert(0, sentence.strip())
    if kept:
        return " ".join(kept)
    return thread[: limit - 1].rstrip() + "…"
