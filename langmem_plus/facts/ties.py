"""How another person stands to the user, in the user's own words: "Uncle Farid", "best
mate Rahul", "New manager is Beatriz Alves", "Saoirse's birthday ... (oldest friend)".

A fact about another person is held under the name the user gave (``person:farid``), and
the request that needs it names them by their tie to the user instead ("flights to visit my
uncle"). The words the fact came from (its ``quote``) say the tie; ``ties_in`` reads it by
structure, from a closed class of words (``TIE_WORDS``: every word for family, partners,
friends, neighbours, housemates and people at work), never from names:

* a tie word right before the name, or after it in apposition, is that person's ("Uncle
  Farid", "gf Elif", "Farid, my uncle");
* a tie word right before another cased word is that other person's ("my sister Ana said
  Jo ..." gives Jo no tie);
* a tie word said of someone else's ("his wife", "my sister's friend") is never the user's
  tie to the person;
* any other tie word in the sentence that names the person is theirs, unless the sentence
  ties another named person ("New manager is Beatriz Alves").

Pure: strings in, words out.

Example:
    >>> ties_in("Uncle Farid lives in Muscat and keeps inviting me over", "farid")
    ('uncle',)
    >>> ties_in("Saoirse's birthday is 3 March (oldest friend, never forget)", "saoirse")
    ('friend',)
    >>> ties_in("my sister Ana and Jo are both in Leeds", "jo")
    ()
    >>> ties_in("Rahul's wife Priya is vegan", "priya")
    ()
"""

from __future__ import annotations

import functools
import re

from langmem_plus.facts.profile import RELATION_WORDS

__all__ = ["TIE_WORDS", "names_tied", "tie_word", "ties_in"]

_OTHER_TIES: tuple[str, ...] = (
    # friends and partners as people write them
    "friend", "mate", "pal", "buddy", "bestie", "bff", "gf", "bf", "ex",
    # home and neighbourhood
    "neighbour", "neighbor", "flatmate", "roommate", "housemate", "landlord", "landlady",
    "lodger", "tenant",
    # work and school
    "colleague", "coworker", "co-worker", "workmate", "boss", "manager", "supervisor",
    "teammate", "classmate", "mentor", "client",
    # family words the people predicates leave out
    "stepbrother", "stepsister", "step-brother", "step-sister", "half-brother",
    "half-sister", "stepmum", "stepmom", "stepdad", "godmother", "godfather", "godson",
    "goddaughter", "godchild", "grandparent", "grandchild", "grandkid", "granddaughter",
    "grandson", "sister-in-law", "brother-in-law", "son-in-law", "daughter-in-law",
    "in-law", "great-aunt", "great-uncle", "grandmom", "nanna",
)  # fmt: skip

TIE_WORDS: frozenset[str] = frozenset(
    w.casefold()
    for predicate, (general, specific) in RELATION_WORDS.items()
    if predicate != "pet"  # a tie is between people: "allergic to cats" names no one's
    for w in (*general, *specific)
    if " " not in w
) | frozenset(_OTHER_TIES)
"""One-word nouns for how a person stands to the user: the people predicates' relation
words (``RELATION_WORDS``, but for animals) and every other word for a friend, a
partner, a neighbour, a housemate, someone at work or a member of the wider family."""

_TOKEN = re.compile(r"[^\W\d_]+(?:[-'\u2019][^\W\d_]+)*")
_SENTENCE_END = re.compile(r"[.!?;\n]+(?:\s|$)")
_APPOSITION = re.compile(r"\s*[,(]?\s*")
_OWNERS = frozenset({"his", "her", "their", "its", "your", "whose"})
"""Determiners that make a tie someone else's ("his wife")."""
_POSSESSIVE = re.compile(r"['\u2019]s$")


def tie_word(word: str) -> str | None:
    """The tie word ``word`` is (plural folded), or ``None``.

    Example:
        >>> tie_word("Uncles"), tie_word("mate"), tie_word("Muscat")
        ('uncle', 'mate', None)
    """
    w = word.casefold()
    if w in TIE_WORDS:
        return w
    if w.endswith("s") and w[:-1] in TIE_WORDS:
        return w[:-1]
    return None


@functools.lru_cache(maxsize=4_096)
def ties_in(quote: str | None, who: str) -> tuple[str, ...]:
    """The tie words the user's words ``quote`` give the person ``who`` (a subject key,
    ``person:<who>``: ``"farid"``, ``"maria_josé"``), in order; none when ``who`` is
    itself a tie ("sister", "my_manager") or the quote does not name them.

    Example:
        >>> ties_in("New manager is Beatriz Alves, she's based in Porto.", "beatriz")
        ('manager',)
        >>> ties_in("best mate Rahul's lactose intolerant", "rahul")
        ('mate',)
        >>> ties_in("my cousin lives in Perth", "cousin")
        ()
    """
    parts = [p for p in who.casefold().split("_") if p]
    if not quote or not parts or any(tie_word(p) for p in parts):
        return ()
    names = frozenset(parts)
    out: dict[str, None] = {}
    start = 0
    for end in [m.end() for m in _SENTENCE_END.finditer(quote)] + [len(quote)]:
        sentence = quote[start:end]
        start = end
        for tie in _sentence_ties(sentence, names):
            out[tie] = None
    return tuple(out)


def _sentence_ties(sentence: str, names: frozenset[str]) -> list[str]:
    tokens = list(_TOKEN.finditer(sentence))
    words = [_POSSESSIVE.sub("", t.group()).casefold() for t in tokens]
    if not names & set(words):
        return []
    bound: list[str] = []
    loose: list[str] = []
    tied_elsewhere = False
    for i, tok in enumerate(tokens):
        text = tok.group()
        tie = tie_word(text)
        if tie is None or _POSSESSIVE.search(text):
            continue  # not a tie, or a tie's own ("my sister's friend")
        if i > 0 and (words[i - 1] in _OWNERS or _POSSESSIVE.search(tokens[i - 1].group())):
            continue  # someone else's tie ("his wife", "Rahul's wife")
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        joined = nxt is not None and _APPOSITION.fullmatch(sentence[tok.end() : nxt.start()])
        if nxt is not None and joined and words[i + 1] in names:
            bound.append(tie)  # "Uncle Farid", "gf Elif"
        elif nxt is not None and joined and nxt.group()[:1].isupper() and nxt.group() != "I":
            tied_elsewhere = tied_elsewhere or tie_word(nxt.group()) is None  # "sister Ana"
        elif i > 0 and words[i - 1] in names:
            bound.append(tie)  # "Farid uncle"
        else:
            loose.append(tie)  # "New manager is Beatriz", "Farid, my uncle"
    return bound + ([] if tied_elsewhere else loose)


_TITLES = frozenset({"mr", "mrs", "ms", "miss", "mx", "dr", "auntie", "aunty", "uncle"})


@functools.lru_cache(maxsize=4_096)
def names_tied(quote: str | None, tie: str) -> tuple[str, ...]:
    """The names the user's words ``quote`` give the person they call by the tie ``tie``
    (a subject key such as ``"brother"`` or ``"neighbour"``), casefolded: the cased word
    right after the tie in apposition ("my brother Kwame", "our neighbour, Mrs Adeyemi")
    or right before it ("Kwame, my brother"); none when ``tie`` is no tie word. The
    reverse of ``ties_in``: a fact held as ``person:brother`` is named by "Kwame" too.

    Example:
        >>> names_tied("my brother Kwame is vegetarian", "brother")
        ('kwame',)
        >>> names_tied("Our neighbour, Mrs Adeyemi, keeps hens", "neighbour")
        ('adeyemi',)
        >>> names_tied("Tomasz, my flatmate, cooks", "flatmate")
        ('tomasz',)
        >>> names_tied("my brother's friend Jo is vegan", "brother")
        ()
    """
    want = tie_word(tie.replace("_", "-")) if tie else None
    if not quote or want is None:
        return ()
    tokens = list(_TOKEN.finditer(quote))
    out: dict[str, None] = {}
    for i, tok in enumerate(tokens):
        if tie_word(tok.group()) != want or _POSSESSIVE.search(tok.group()):
            continue
        if i > 0 and tokens[i - 1].group().casefold() in _OWNERS:
            continue  # "his brother Jo" is someone else's brother
        j = i + 1
        while j < len(tokens) and tokens[j].group().casefold().rstrip(".") in _TITLES:
            j += 1
        gap = quote[tokens[j - 1].end() : tokens[j].start()] if j < len(tokens) else ""
        if j < len(tokens) and _APPOSITION.fullmatch(gap):
            name = tokens[j].group()
            if name[:1].isupper() and name != "I" and tie_word(name) is None:
                out[_POSSESSIVE.sub("", name).casefold()] = None
                continue
        before = quote[: tok.start()]
        m = re.search(r"([^\W\d_][\w'\u2019-]*),\s*(?:my|our)\s+$", before)
        if m and m.group(1)[:1].isupper() and tie_word(m.group(1)) is None:
            out[m.group(1).casefold()] = None
    return tuple(out)
