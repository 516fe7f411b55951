"""Undecided options: the choices the user says they have not made yet, read as plans.

A user who lays out options and says they have not chosen ("it's the Pescador Pro or the
Old Town Loon now, still torn", "Lisbon vs Porto for the trip, haven't decided", "torn
between the Farrow and the Lune") leaves those options open: each one becomes a
``weighing`` candidate with ``modality="plan"``, which the write policy keeps only as a plan,
never as a current value, and which the graph keeps as the session's open-thread items
(``nodes.open_items``). What this module reads, by structure and by closed classes of
words only (never a list of products, places or names):

* **options**, joined by a coordinator of choice: "X or Y" (and "X, Y or Z"), "X vs Y" /
  "versus", "between X and Y" (and "between X, Y and Z"), or "leaning towards X over Y"
  (X is the lean, both are still open, and the lean with a rival is itself the marker);
* **a marker of indecision** in the same sentence: "still torn", "undecided", "unsure",
  "haven't decided/settled/chosen", "can't decide/choose", "deciding/choosing between",
  "weighing (it up)", "not sure (yet)", "no idea which", "on the fence", "I'll decide
  tomorrow", "need to pick", "before I choose", "sleep on it", "up in the air", "can't
  make up my mind"; "leaning to X" with no rival is one open option only beside another
  marker ("leaning to a Moccamaster, haven't settled");
* each option a **bounded noun phrase** of the user's own words: a run of capitalised
  words ("the Old Town Loon" -> "Old Town Loon"), or in lowercase the words after the
  coordinator up to a function word, with the option before the coordinator as long as
  the one after it ("the red one or the blue one" -> "red one", "blue one"), a name
  after "of"/"at"/"in" kept with it ("staying at Glasgow").

What it refuses:

* **a decided choice**: "went with X over Y", "torn between X and Y but chose X", "ended
  up with X": a decision in the sentence closes it, whatever came before;
* **a question to the assistant about the options** ("should I get X or Y?", "X or Y —
  which is better?", "not sure if X or Y is better"): it asks the assistant to choose now,
  in this conversation, so it is the request, not an open item; an LLM extractor marks it
  ``question`` and the post-filters drop it. A statement of indecision with a question
  asked apart after it ("torn between X and Y, any thoughts?") is read: the user said
  they have not decided, and the options stay open whatever the answer;
* **another person's choice** ("my sister can't decide between Lisbon and Porto", "Priya
  is torn ...") and **an indecision that is over** ("I was torn between X and Y");
* **options not named** ("between two ryokans") and **quantities and fillers** that look
  like options: "one or two", "or so", "or not", "or something", "whether or not".

The reader also takes out of the turn's candidates any asserted fact read from the same
sentence whose value is one of the options: an option not chosen yet is never a value the
user holds now.

Example:
    >>> undecided_options("nah. it's the Pescador Pro or the Old Town Loon now, still torn")
    [('Pescador Pro', 'Old Town Loon')]
    >>> undecided_options("Lisbon vs Porto for the trip, haven't decided")
    [('Lisbon', 'Porto')]
    >>> undecided_options("went with the Loon over the Pescador")
    []
    >>> undecided_options("should I get the Loon or the Pescador?")
    []
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from langmem_plus.extraction.grounding import holder_of
from langmem_plus.extraction.turns import UserTurn
from langmem_plus.facts.models import CandidateFact
from langmem_plus.facts.text_rules import content_terms, is_question

__all__ = ["undecided_candidates", "undecided_options"]

MAX_OPTION_WORDS = 5
"""An option is a short noun phrase: more words and it is a clause, not an option."""

_NEG = r"(?:haven'?t|have\s+not|hasn'?t|has\s+not|not|n't|never|yet\s+to|still\s+(?:not|to))"
# The closed class of words of deliberation said of oneself, now.
_MARKER = re.compile(
    r"\b(?:"
    r"(?:still|i'?m|i\s+am|we'?re|we\s+are|so|really|totally|bit|kinda|properly)\s+torn\b"
    r"|torn\s+(?:between|on|over|about)\b|^\W*torn\b"
    r"|undecided|indecisive|unsure|no\s+idea\s+(?:yet|which)"
    r"|not\s+(?:\w+\s+)?sure(?:\s+(?:yet|which|what|whether))?"
    r"|(?:can'?t|cannot|can\s+not|couldn'?t|still\s+(?:can'?t|cannot))\s+(?:\w+\s+)?"
    r"(?:decide|choose|pick|make\s+up\s+(?:my|our)\s+minds?)"
    rf"|{_NEG}\s+(?:\w+\s+)?(?:decided|settled|chosen|picked|made\s+up\s+(?:my|our)\s+minds?)"
    r"|(?:still\s+)?(?:deciding|choosing|weighing|debating|dithering|mulling)\b"
    r"|weigh(?:ing)?\s+(?:it\s+)?up|on\s+the\s+fence|up\s+in\s+the\s+air|toss[-\s]?up"
    r"|going\s+back\s+and\s+forth|(?:50|fifty)\s*[/-]\s*(?:50|fifty)|split\s+between"
    # "I'll decide tomorrow", "need to pick", and with the subject dropped ", will decide"
    r"|(?:(?<=[,;:—–]\s)will|(?<=[,;:—–])will|^will|i'?ll|i\s+will|we'?ll|we\s+will|gonna"
    r"|going\s+to|need\s+to|have\s+to|got\s+to|must|still\s+(?:need|have)\s+to)"
    r"\s+(?:\w+\s+)?(?:decide|choose|pick)\b"
    r"|before\s+(?:i|we)\s+(?:decide|choose|pick|commit)\b|sleep(?:ing)?\s+on\s+it"
    r"|think\s+(?:it\s+)?over|still\s+thinking"
    r")",
    re.IGNORECASE,
)
# An indecision that is over: "I was torn between", "we couldn't decide, so we ...".
_OVER = re.compile(
    r"\b(?:was|were|had\s+been)\s+(?:so\s+|really\s+|a\s+bit\s+)?(?:torn|undecided|unsure"
    r"|deciding|choosing|weighing|debating|on\s+the\s+fence)\b",
    re.IGNORECASE,
)
# A decision in the sentence closes it: "went with", "chose", "ended up with".
_DECIDED = re.compile(
    r"\b(?:went\s+with|gone\s+with|going\s+with|go\s+with|chose"
    r"|picked|opted\s+for|settled\s+on|decided\s+(?:on|to|against)|ended\s+up\s+(?:with|"
    r"going|getting|choosing|picking|taking)|booked|bought|ordered|signed\s+up\s+for"
    r"|(?:decision|mind)\s+(?:is\s+)?made|in\s+the\s+end|made\s+(?:my|our|a)\s+(?:mind\s+up"
    r"|choice|decision))\b",
    re.IGNORECASE,
)
_NEGATED = re.compile(rf"{_NEG}\s+(?:\w+\s+)?$|\b(?:whether|if)\s+(?:\w+\s+){{0,3}}$", re.I)
_UNDECIDED_GO = re.compile(
    r"\b(?:whether|which|if)\s+(?:to\s+|i\s+|we\s+)?(?:should\s+|'?ll\s+)?go\s+with\b"
    r"|\b(?:decide|choose|pick|sure)\s+(?:\w+\s+)?(?:to\s+)?go\s+with\b",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+|(?<=[.!?])(?=[A-Z])")
_COORD = re.compile(
    r"\s*,?\s+(?:or|vs\.?|versus|v\.)\s+(?!(?:so|not|else|something|anything|whatever"
    r"|two|three|four|more|less|other|another|otherwise|rather|maybe|perhaps|even)\b)",
    re.IGNORECASE,
)
_BETWEEN = re.compile(r"\b(?:between|betwixt)\s+", re.IGNORECASE)
_LEAN = re.compile(
    r"\blean(?:ing|s)?\s+(?:more\s+|slightly\s+|heavily\s+|a\s+bit\s+)?(?:towards?|to)\s+",
    re.IGNORECASE,
)
_ARTICLE = frozenset({"the", "a", "an", "some", "either", "both"})
_DETERMINER = _ARTICLE | frozenset({"my", "our", "this", "that", "these", "those"})
# Words that end an option read forward and start none read backward: function words,
# pronouns, adverbs of time and degree, the verbs of being and of deliberation.
_STOP = frozenset(
    """
    in at on near by for with from since until till after before because as when while
    where which who whom whose that but so and or nor though although if unless than to into
    onto of about over under against via per without within vs versus v
    now these then there here again too also already still currently lately yet
    today tonight yesterday tomorrow this last next every each soon finally maybe perhaps
    probably honestly really just either neither both whether
    i i'm i've i'd i'll we we're we've we'd we'll my our me us you your he she they it its
    it's he's she's they're them him her his their
    is are was were be been being am 's 'm 're do does did have has had will would shall
    should can could may might must
    torn undecided unsure sure weighing debating leaning lean thinking
    tbh lol haha ngl idk imo
    """.split()
)
# Verbs that take the options as their object: an option read backward starts after one
# ("get the Loon or the Pescador"); read forward they are options ("renting or buying").
_TAKES = frozenset(
    """
    get getting got buy buying pick picking choose choosing decide deciding go going
    take taking try trying book booking order ordering want wanting need considering
    thinking keep keeping call calling name naming
    """.split()
)
_INNER = frozenset({"of", "de", "la", "da", "del", "von", "van", "&"})
_PLACE_OF = frozenset({"of", "at", "in", "on", "near", "from"})
_MINE = re.compile(r"^\W*(?:(?:i|we)\b|[^\w\s]|$)", re.IGNORECASE)


def _cased(word: str) -> bool:
    """A word written like a name: a capital or a digit in it, or a script without case."""
    return any(ch.isupper() or ch.isdigit() for ch in word) or (
        word[:1].isalpha() and not word[:1].islower() and not word[:1].isupper()
    )


def _clean(word: str) -> str:
    return word.strip(",.;:!?()[]\"“”‘’")


def _words(text: str) -> list[str]:
    return re.findall(r"(?:[^\s,;:()\"“”—–]|:(?=\w))+|[,;:()\"“”—–]", text)


def _punct(word: str) -> bool:
    return not any(ch.isalnum() for ch in word)


def _forward(words: list[str]) -> list[str]:
    """The option at the start of ``words``: a determiner, then a run of capitalised
    words (a name, with "of"/"de" inside it) or up to ``MAX_OPTION_WORDS`` lowercase
    words before a function word."""
    i = 0
    while i < len(words) and words[i].casefold() in _DETERMINER and not _cased(words[i]):
        i += 1
    out: list[str] = []
    if i < len(words) and _cased(words[i]):
        while i < len(words) and len(out) < MAX_OPTION_WORDS:
            w = words[i]
            if _punct(w) or (out and w.casefold() in _STOP and not _cased(w)):
                if w.casefold() in _INNER and i + 1 < len(words) and _cased(words[i + 1]):
                    out.append(w)
                    i += 1
                    continue
                break
            if not _cased(w):
                break
            if out and w.casefold() in ("i", "i'm", "i've", "i'd", "i'll"):
                break
            out.append(w)
            i += 1
        return out
    while i < len(words) and len(out) < MAX_OPTION_WORDS:
        w = words[i]
        if w.casefold() in _PLACE_OF and out and i + 1 < len(words) and _cased(words[i + 1]):
            # "a pair of KEF LSX", "staying at Glasgow", "a 10k in Copenhagen": the name
            # after the preposition tells this option from the others
            return [*out, w, *_forward(words[i + 1 :])][:MAX_OPTION_WORDS]
        if _punct(w) or w.casefold() in _STOP or w.casefold() in _DETERMINER:
            break
        out.append(w)
        i += 1
    return out


def _backward(words: list[str], like: list[str]) -> list[str]:
    """The option that ends ``words``, as long as ``like`` (the option after the
    coordinator) unless a determiner or a capitalised run says where it starts."""
    out: list[str] = []
    i = len(words) - 1
    if i >= 0 and _cased(words[i]) and words[i].casefold() not in ("i", "i'm"):
        while i >= 0 and len(out) < MAX_OPTION_WORDS:
            w = words[i]
            low = w.casefold()
            if _punct(w) or low in ("i", "i'm", "i've", "i'd", "i'll", "it's"):
                break
            if not _cased(w):
                if low in _INNER and out and i > 0 and _cased(words[i - 1]):
                    out.insert(0, w)
                    i -= 1
                    continue
                break
            out.insert(0, w)
            i -= 1
        # "a used Golf": lowercase modifiers back to a determiner belong to the name
        k = i
        while k >= 0 and i - k < 2 and not _punct(words[k]) and (
            words[k].casefold() not in _STOP | _TAKES | _DETERMINER
        ):
            k -= 1
        if k >= 0 and k < i and words[k].casefold() in _DETERMINER:
            out = [*words[k + 1 : i + 1], *out]
        return out
    limit = max(len(like), 1)
    while i >= 0 and len(out) < MAX_OPTION_WORDS:
        w = words[i]
        low = w.casefold()
        if _punct(w) or low in _DETERMINER or low in _STOP or low in _TAKES:
            break
        if len(out) >= limit:
            # "the Tallinn half or a 10k": modifiers back to a close determiner belong to it
            k = i
            while k >= 0 and i - k < 2 and not _punct(words[k]) and (
                words[k].casefold() not in _STOP | _TAKES | _DETERMINER
            ):
                k -= 1
            if k >= 0 and words[k].casefold() in _DETERMINER:
                out = [*words[k + 1 : i + 1], *out]
            break
        out.insert(0, w)
        i -= 1
    return out[-MAX_OPTION_WORDS:]


def _option(words: list[str]) -> str | None:
    value = _clean(" ".join(words)).strip()
    if not value or len(value.split()) > MAX_OPTION_WORDS:
        return None
    if not content_terms(value) - {"not", "no", "never", "without"}:
        return None
    return value


def _in_list(before: list[str], like: list[str]) -> list[str]:
    """The options of ``before`` that a list gives before the last one: "X, Y or Z" ->
    [X, Y] (each ending at a comma); [X] otherwise."""
    out: list[str] = []
    end = len(before)
    while True:
        option = _backward(before[:end], like)
        if not option:
            break
        out.insert(0, " ".join(option))
        start = end - len(option)
        if start >= 2 and before[start - 1] == "," and not _punct(before[start - 2]):
            end = start - 1
            continue
        break
    return out


def _leaning_over(clause: str) -> list[str]:
    """The lean and its rival of "leaning towards X over Y" (a lean with a rival is a
    choice still being made: a marker of its own), else ``[]``."""
    lean = _LEAN.search(clause)
    if lean is None:
        return []
    rest = _words(clause[lean.end() :])
    first = _forward(rest)
    after = rest[len(first) + _skipped(rest) :]
    if not first or not after or after[0].casefold() not in ("over", "rather", "instead"):
        return []
    k = 1 + (len(after) > 1 and after[1].casefold() in ("than", "of"))
    options = [v for v in (_option(first), _option(_forward(after[k:]))) if v]
    return options if len(options) == 2 else []


def _options_of(clause: str) -> list[str]:
    """The options ``clause`` lays out, in its order (none when it lays out none)."""
    if leaning := _leaning_over(clause):
        return leaning
    lean = _LEAN.search(clause)
    if lean is not None:
        # "leaning to X" with no rival: one open option (the sentence's own marker says
        # it is still open: "leaning to X, haven't settled")
        first = _forward(_words(clause[lean.end() :]))
        if first:
            tail = clause[lean.end() :]
            if not _COORD.search(tail):
                value = _option(first)
                return [value] if value else []
    between = _BETWEEN.search(clause)
    if between is not None:
        rest = _words(clause[between.end() :])
        # "between X and Y", "between X, Y and Z": the parts before "and", then the last
        parts: list[list[str]] = [[]]
        end = len(rest)
        for i, w in enumerate(rest):
            low = w.casefold()
            if low in ("and", "&"):
                end = i + 1
                break
            if low == "or" or w == ",":
                parts.append([])
            elif _punct(w):
                break
            else:
                parts[-1].append(w)
        if end == len(rest):
            return []  # "between two ryokans": the options are not named
        last = _forward(rest[end:])
        read = [_option(_forward(p)) for p in parts if p] + [_option(last)]
        found = [v for v in read if v]
        if len(found) >= 2:
            return _distinct(found)
    coords = list(_COORD.finditer(clause))
    if not coords:
        return []
    after = _words(clause[coords[-1].end() :])
    last = _forward(after)
    if not last:
        return []
    middle: list[str] = []
    for a, b in itertools.pairwise(coords):
        between_words = _words(clause[a.end() : b.start()])
        middle.append(" ".join(_forward(between_words)))
    before = _words(clause[: coords[0].start()])
    first = _in_list(before, last)
    said = [*first, *middle, " ".join(last)]
    found = [v for v in (_option(o.split()) for o in said) if v]
    found = _distinct(found)
    return found if len(found) >= 2 else []


def _skipped(words: list[str]) -> int:
    i = 0
    while i < len(words) and words[i].casefold() in _DETERMINER and not _cased(words[i]):
        i += 1
    return i


def _distinct(values: list[str]) -> list[str]:
    out: list[str] = []
    for v in values:
        if all(v.casefold() != o.casefold() for o in out):
            out.append(v)
    return out


def _sentences(text: str) -> Iterator[tuple[int, str]]:
    at = 0
    for m in [*_SENTENCE.finditer(text), None]:
        end = m.start() if m else len(text)
        part = text[at:end]
        if part.strip():
            yield at + (len(part) - len(part.lstrip())), part.strip()
        if m is not None:
            at = m.end()


def _someone_elses(sentence: str) -> bool:
    """True when the subject of ``sentence`` is another person ("my sister can't decide
    between ...", "Priya is torn between ..."): their choice, not the user's."""
    return holder_of(sentence) is not None and not _MINE.match(sentence)


def _asks(clause: str) -> bool:
    """True when the clause that lays the options out is itself a question to the
    assistant ("should I get X or Y?", "X or Y, which is better?")."""
    return is_question(clause) or clause.rstrip(" .!\"')").endswith("?")


def _options_clause(sentence: str) -> str:
    """The part of ``sentence`` before a question asked apart: "torn between X and Y,
    which would you pick?" -> "torn between X and Y"."""
    if not sentence.rstrip(" .!\"')").endswith("?"):
        return sentence
    parts = re.split(r"\s*(?:[,;:]|\s[—–-]\s|[—–])\s*", sentence)
    head: list[str] = []
    for part in parts:
        if is_question(part) or part.rstrip().endswith("?"):
            break
        head.append(part)
    return ", ".join(head)


def undecided_options(text: str) -> list[tuple[str, ...]]:
    """The options each sentence of ``text`` says the user has not chosen between yet,
    one tuple per sentence that lays out options with a marker of indecision.

    Example:
        >>> undecided_options("torn between the Farrow and the Lune tent, any thoughts?")
        [('Farrow', 'Lune')]
        >>> undecided_options("leaning towards the Kindle over the Kobo, not sure yet")
        [('Kindle', 'Kobo')]
        >>> undecided_options("I was torn between Lisbon and Porto but went with Porto")
        []
    """
    return [tuple(options) for _at, _sentence, options in _readings(text)]


def _decided(clause: str) -> bool:
    """True when ``clause`` says a choice was made ("went with X", "ended up with X"),
    not that it is still to make ("haven't settled on", "whether to go with")."""
    if _UNDECIDED_GO.search(clause):
        return False
    return any(
        not _NEGATED.search(clause[: m.start()]) for m in _DECIDED.finditer(clause)
    )


def _readings(text: str) -> Iterator[tuple[int, str, list[str]]]:
    for at, sentence in _sentences(text):
        clause = _options_clause(sentence)
        if not clause or _asks(clause):
            continue
        if not _MARKER.search(clause) and not _leaning_over(clause):
            continue
        if _OVER.search(clause) or _someone_elses(clause):
            continue
        if _decided(clause):
            continue
        options = _options_of(clause)
        if options:
            yield at, clause, options


def undecided_candidates(turn: UserTurn, found: list[CandidateFact]) -> list[CandidateFact]:
    """``found`` with a ``note`` plan for each undecided option ``turn`` states; a
    candidate of ``found`` read from the same sentence that makes an option a value the
    user holds now (an asserted fact with an option as its object) goes: an option not
    chosen yet is never a current value.

    Example:
        >>> from datetime import datetime, timezone
        >>> turn = UserTurn("m1", "Lisbon vs Porto for the trip, haven't decided", None,
        ...                 datetime(2026, 5, 1, tzinfo=timezone.utc))
        >>> [(c.object, c.modality) for c in undecided_candidates(turn, [])]
        [('Lisbon', 'plan'), ('Porto', 'plan')]
    """
    out = list(found)
    for _at, clause, options in _readings(turn.text):
        named = {o.casefold() for o in options}
        out = [
            c
            for c in out
            if not (
                c.modality == "asserted"
                and c.polarity == "assert"
                and c.quote
                and (c.quote in clause or clause in c.quote)
                and any(o in c.object.casefold() for o in named)
            )
        ]
        for option in options:
            out.append(
                CandidateFact(
                    kind="fact",
                    subject="user",
                    predicate="weighing",
                    object=option,
                    text=f"The user is weighing: {option}.",
                    quote=clause,
                    message_id=turn.message_id,
                    valid_from=turn.valid_from(None),
                    source="stated",
                    modality="plan",
                )
            )
    return out
