"""Past states: the words that say a state has ended, and present readings the rules know.

A past state ("back when I lived in X", "formerly at X", "my old car was a X", "years ago I
was a nurse") is kept as history (``valid_to`` set), never as a current value, and never
closes the value the user holds now (issue 12, kind 10). Two pieces, both read from the
clause's shape (tense, a possessive with an "old/previous" adjective, a subjectless "at"
phrase), never from a list of places or employers:

* ``ended_cue`` — the clause speaks of a state in the past: the simple past of being
  somewhere or something ("I was in", "I was a"), "formerly", "in my X days", "my
  old/previous/former X was", an adverb of a past time before a past-tense state.
* ``past_readings`` — the same clause said in the present tense of a frame the rule
  extractor already reads ("formerly at X" -> "I work at X", "my old car was a X" -> "my
  car is a X"), with the value's words unchanged; the candidate's ``valid_to`` comes from
  ``ended_cue`` on the user's own words, so the reading never makes a value current.

Example:
    >>> ended_cue("my old car was a Fiat Panda"), ended_cue("my car is a Fiat Panda")
    (True, False)
    >>> past_readings("Formerly at Dunmore Capital")
    ['I work at Dunmore Capital']
    >>> past_readings("my previous bike was a Brompton")
    ['my bike is a Brompton']
"""

from __future__ import annotations

import re

__all__ = ["base_forms", "clause_with", "ended_cue", "past_readings", "verb_readings"]

_OLD = r"(?:old|previous|former|last|ex|prior|first)"
_PAST_STATE = re.compile(
    # "I was in Coimbra", "we were based out of Leeds": the simple past of being somewhere
    r"\b(?:i|we)\s+(?:was|were)\s+(?:\w+ly\s+)?(?:in|at|with|out of|over in)\s+"
    r"(?-i:[A-Z]|[^\W\d_a-zA-Z])"
    r"|\b(?:i|we)\s+(?:was|were)\s+(?:previously|formerly|once|originally\s+)?\s*"
    r"(?:employed|based|living|working|a|an)\b"
    r"|\bformerly\b|\bonce upon a time\b|\bin a past life\b|\bages ago\b"
    # "previously banked with X", "I previously rented in X": an adverb of before, a past verb
    r"|\bpreviously\s+(?:\w+ed|was|were|had|lived|worked)\b"
    rf"|\bin my\s+(?:{_OLD}\s+)?(?-i:[A-Z]|[^\W\d_a-zA-Z])[\w'’.-]*(?:\s+[\w'’.-]+)?\s+"
    r"(?:days|years|time|era)\b"
    # "my previous laptop, the X, ...": the old attribute named in apposition
    rf"|\b(?:my|our)\s+{_OLD}\s+[\w-]+(?:\s+[\w-]+)?\s*(?:,|—|–|-|:)\s*(?:the\s+|a\s+|an\s+)?"
    r"(?-i:[A-Z]|[^\W\d_a-zA-Z])"
    rf"|\b(?:my|our)\s+{_OLD}\s+(?:[\w-]+\s+){{0,2}}?(?:was|were|used to be)\b"
    r"|\byears ago\b.*\b(?:i|we)\s+(?:was|were|lived|worked|had)\b"
    r"|\b(?:when|while|back when)\s+(?:i|we)\s+(?:was|were|lived|worked|had)\b"
    # "when my address was in X", "while our flat was in X"
    r"|\b(?:when|while|back when)\s+(?:my|our)\s+[\w-]+\s+(?:was|were)\b"
    # "X was home for a decade", "X was my base": a place that was home
    r"|^\W*(?:[\w'’.-]+\s+){1,3}(?:was|were)\s+(?:home|my home|my base|our home|our base)\b"
    # "I spent five years in X", "during my time at X", "X is where I used to live"
    r"|(?:\b(?:i|we)\s+|^\W*)spent\s+(?:\w+\s+){1,6}?(?:in|at|with)\s+(?-i:[A-Z]|[^\W\d_a-zA-Z])"
    r"|(?:\b(?:i|we)\s+|^\W*)spent\s+(?:\w+\s+){1,6}?as\s+(?:a|an)\s"
    # "after nine years at X I moved on": the years there are over
    r"|\bafter\s+(?:\w+\s+){0,2}(?:years|months|decades?)\s+(?:at|in|with|as)\s"
    # "lived in X until 2023", "worked at X till recently": a subjectless simple past
    r"|^\W*(?:lived|worked|was|were)\s+(?:in|at|for|with)\s"
    r"|\btil+\s+recently\b"
    # "I went to X for years", "had a X for ages": a simple past held for a long time
    r"|\b(?<!['’]ve\s)(?<!have\s)(?:went|had|drove|played|trained|belonged)\b[^,;.]*?\s"
    r"for\s+(?:years|ages|decades|a decade|a long time|(?:\w+\s+){1,2}years)\b"
    r"|\bduring my (?:time|years|days)\s+(?:in|at|with)\b"
    r"|\bwhere (?:i|we) used to\b",
    re.IGNORECASE,
)


def ended_cue(clause: str) -> bool:
    """True when ``clause`` describes a state that ended, by a past-tense frame of its own
    (the cues ``grounding.is_past_state`` does not already read).

    Example:
        >>> ended_cue("Before I moved here I was in Coimbra for six years")
        True
        >>> ended_cue("back in my Halifax days I never cooked")
        True
        >>> ended_cue("I moved to Lisbon years ago")
        False
    """
    return bool(_PAST_STATE.search(clause.replace("\u2019", "'")))


_CASED = r"(?:[A-Z]|[^\W\d_a-zA-Z])"
_READINGS: tuple[tuple[re.Pattern[str], str], ...] = (
    # "formerly at X", "previously with X": a subjectless "at" phrase says where one worked
    (
        re.compile(
            rf"^\W*(?i:formerly|previously|before that|before this)\s*,?\s+(?i:at|with)\s+"
            rf"(?P<o>{_CASED}.*)$"
        ),
        r"I work at \g<o>",
    ),
    # "now at X" (after "formerly at Y"): where one works now
    (
        re.compile(
            rf"^\W*(?i:and\s+)?(?i:now|currently|these days)\s*,?\s+(?i:at|with)\s+"
            rf"(?P<o>{_CASED}.*)$"
        ),
        r"I work at \g<o>",
    ),
    # "used to work for X" with the subject left out
    (re.compile(r"^\W*(?P<v>used to\s+.+)$", re.I), r"I \g<v>"),
    # "I was in Coimbra", "we were over in Leeds": where one lived
    (
        re.compile(
            rf"^(?P<h>.*?\b(?i:i|we))\s+(?i:was|were)\s+(?:\w+ly\s+)?(?i:in|over in)\s+"
            rf"(?P<o>{_CASED}.*)$"
        ),
        r"\g<h> live in \g<o>",
    ),
    # "I was a paramedic", "years ago I was an editor": a role once held
    (re.compile(r"^(?P<h>.*?\b(?i:i|we))\s+(?i:was|were)\s+(?P<o>(?i:a|an)\s+.+)$"), r"I'm \g<o>"),
    # "I was previously employed by X": the adverb between
    (
        re.compile(
            r"^(?P<h>.*?\b(?i:i|we)\s+(?i:was|were))\s+(?i:previously|formerly|once)\s+"
            r"(?P<o>.+)$"
        ),
        r"\g<h> \g<o>",
    ),
    # "my old car was a X", "my previous bike was a Brompton": the attribute, as it was
    (
        re.compile(
            rf"^(?P<h>.*?\b(?i:my|our))\s+(?i:{_OLD})\s+"
            r"(?!(?i:job|role|position|employer|company|workplace|gig|office)\b)"
            # the attribute is a common noun ("my old Fiat was a tank" names a value)
            r"(?P<a>(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)\s+"
            r"(?i:was|were|used to be)\s+(?P<o>.+)$"
        ),
        r"my \g<a> is \g<o>",
    ),
    # "in my Halifax days", "back in my Montreal years": where one lived
    (
        re.compile(
            rf"\b(?i:in my)\s+(?P<o>{_CASED}[\w'’.-]*(?:\s+{_CASED}[\w'’.-]*)?)\s+"
            r"(?i:days|years|time|era)\b"
        ),
        r"I live in \g<o>",
    ),
    # "my previous laptop, the X, overheated": the old attribute named in apposition
    (
        re.compile(
            rf"^(?P<h>.*?\b(?i:my|our))\s+(?i:{_OLD})\s+"
            r"(?!(?i:job|role|position|employer|company|workplace|gig|office|place)\b)"
            r"(?P<a>[\w-]+(?:\s+[\w-]+)?)\s*(?:,|—|–|-|:)\s*(?P<d>(?i:the|a|an)\s+)?"
            rf"(?P<o>{_CASED}[\w'’.&-]*(?:\s+(?:{_CASED}|\d)[\w'’.&-]*){{0,3}})"
        ),
        r"my \g<a> is \g<o>",
    ),
    # "when I was living in X", "back when I was working at X"
    (
        re.compile(
            r"^(?:.*?\b)?(?i:when|while)\s+(?i:i|we)\s+(?i:was|were)\s+"
            r"(?P<v>(?i:living|working|based|staying)\s+.+)$"
        ),
        r"I'm \g<v>",
    ),
)


_MORE_READINGS: tuple[tuple[re.Pattern[str], str], ...] = (
    # "my last job was at X", "my previous employer was X": where one worked
    (
        re.compile(
            rf"\b(?i:my|our)\s+(?i:{_OLD})\s+(?i:job|role|position|employer|company|workplace|"
            r"gig|office)\s+(?i:was|were)\s+(?:(?i:at|with)\s+)?(?P<o>(?:[A-Z]|[^\W\d_a-zA-Z]).*)$"
        ),
        r"I work at \g<o>",
    ),
    # "I was with X for six years", "I was at X before": where one worked; a household's
    # "we were with X" is a provider it had, not a job (#12)
    (
        re.compile(rf"\b(?i:i)\s+(?i:was)\s+(?i:with|at)\s+(?P<o>{_CASED}.*)$"),
        r"I work at \g<o>",
    ),
    # "when my address was in X", "my flat was in X back then": where one lived
    (
        re.compile(
            r"\b(?i:my|our)\s+(?i:address|home|flat|apartment|place|house|base)\s+"
            rf"(?i:was|were)\s+(?i:in)\s+(?P<o>{_CASED}.*)$"
        ),
        r"I live in \g<o>",
    ),
    # "X was home for a decade", "X was my base"
    (
        re.compile(
            rf"^\W*(?P<o>{_CASED}[\w'’.-]*(?:\s+{_CASED}[\w'’.-]*)?)\s+(?i:was|were)\s+"
            r"(?i:home|my home|my base|our home|our base)\b"
        ),
        r"I live in \g<o>",
    ),
    # "I spent five years in X", "we spent a decade at X"
    (
        re.compile(
            r"\b(?i:i|we)\s+(?i:spent)\s+(?:[\w-]+\s+){1,3}(?P<p>(?i:in|at|with))\s+"
            rf"(?P<o>{_CASED}.*)$"
        ),
        r"I \g<p> \g<o>",
    ),
    # "spent the best part of a decade at X": the subject left out
    (
        re.compile(
            r"^\W*(?i:spent)\s+(?:[\w-]+\s+){1,6}?(?P<p>(?i:in|at|with))\s+"
            rf"(?P<o>{_CASED}.*)$"
        ),
        r"I \g<p> \g<o>",
    ),
    # "I spent a decade as an actuarial analyst": a role held then
    (
        re.compile(
            r"(?:\b(?i:i|we)\s+|^\W*)(?i:spent)\s+(?:[\w-]+\s+){1,6}?(?i:as)\s+"
            r"(?P<o>(?i:a|an)\s+.+)$"
        ),
        r"I work as \g<o>",
    ),
    # "after nine years at X i moved on": where one worked (or lived)
    (
        re.compile(
            r"\b(?i:after)\s+(?:[\w-]+\s+){0,2}(?i:years|months|decades?)\s+"
            rf"(?P<p>(?i:in|at|with))\s+(?P<o>{_CASED}[\w'’.&-]*(?:\s+{_CASED}[\w'’.&-]*){{0,4}})"
        ),
        r"I \g<p> \g<o>",
    ),
    # "used to be at X", "used to be with X": where one worked; "used to be in X": lived
    (
        re.compile(rf"\b(?i:used to be)\s+(?P<p>(?i:at|with|in))\s+(?P<o>{_CASED}.*)$"),
        r"I \g<p> \g<o>",
    ),
    # "lived in X until 2023": the subject left out of a simple past
    (
        re.compile(rf"^\W*(?i:lived)\s+(?i:in)\s+(?P<o>{_CASED}.*)$"),
        r"I live in \g<o>",
    ),
    # "during my time in X"
    (
        re.compile(
            rf"\b(?i:during my (?:time|years|days))\s+(?P<p>(?i:in|at|with))\s+(?P<o>{_CASED}.*)$"
        ),
        r"I \g<p> \g<o>",
    ),
    # "X is where I used to live"
    (
        re.compile(
            rf"^\W*(?P<o>{_CASED}[\w'’.-]*(?:\s+{_CASED}[\w'’.-]*)?)\s+(?i:is|was)\s+"
            r"(?i:where)\s+(?i:i|we)\s+(?i:used to)\s+(?P<v>(?i:live|work))\b"
        ),
        r"I \g<v> in \g<o>",
    ),
)
_VERB_OF = {"in": "live in", "at": "work at", "with": "work at"}
# what follows the value: a duration or another clause of time, not part of it
_TAIL = re.compile(
    r"\s*(?:,|\s(?:for|before|after|until|till|when|while|since)\s).*$|\s+(?:lol|haha|tbh)\W*$",
    re.IGNORECASE,
)


# "I've banked with X", "previously banked with X", "we've shopped at X": a past form of a
# verb before a preposition and a name; the present reading is the verb's base form, and
# the base is guessed from the spelling (several guesses: only a frame the rules know reads)
_PAST_VERB = re.compile(
    r"^(?P<h>\W*(?:.*?\b)?)(?:(?P<s>(?i:i|we))(?P<have>'ve|’ve|\s+have)?\s+)?"
    r"(?:(?i:always|long|just|recently|mostly|only|also)\s+)?"
    r"(?P<adv>(?i:previously|formerly|once)\s+)?"
    r"(?P<v>(?i:[a-z]+ed))\s+(?P<p>(?i:with|at|for|in|on|from))\s+"
    rf"(?P<o>(?:(?i:the)\s+)?{_CASED}.*)$"
)


def base_forms(verb: str) -> list[str]:
    """Base forms ``verb`` (a past form) may come from: "banked" -> bank, "lived" -> live,
    "shopped" -> shop, "studied" -> study."""
    low = verb.casefold()
    stem = low[:-2]
    out = [stem, low[:-1]]
    if len(stem) > 2 and stem[-1] == stem[-2]:
        out.append(stem[:-1])
    if stem.endswith("i"):
        out.append(stem[:-1] + "y")
    return list(dict.fromkeys(out))


def verb_readings(clause: str) -> list[str]:
    """``clause`` with a past form of its verb said in the present ("I've banked with X"
    -> "I bank with X"), for each base the verb may have; empty when no such verb is
    there. The tense is read apart: "since 2022" keeps it current, "previously" ends it
    (``ended_cue``).

    Example:
        >>> verb_readings("Previously banked with Northwold Mutual")[0]
        'I bank with Northwold Mutual'
        >>> verb_readings("I live in Porto")
        []
    """
    m = _PAST_VERB.match(clause)
    if not m or (m.group("h").strip() and not m.group("s")):
        return []
    if not m.group("have") and not m.group("adv"):
        return []  # a bare simple past ("I stayed in X") says neither now nor over
    if m.group("v").casefold() in ("based", "used", "employed", "located", "called", "named"):
        return []  # a participle the rules read as it is ("based in X", "employed at X")
    rest = f"{m.group('p')} {_TAIL.sub('', m.group('o')).strip() or m.group('o')}"
    return [f"I {base} {rest}" for base in base_forms(m.group("v"))]


def past_readings(clause: str) -> list[str]:
    """``clause`` said in a present-tense frame the rules read, for each past frame it
    matches (the value's words kept as written); empty when it matches none.

    Example:
        >>> past_readings("years ago i was a paramedic lol")
        ["I'm a paramedic"]
        >>> past_readings("I spent five years in Zwolle before moving here")
        ['I live in Zwolle']
        >>> past_readings("I live in Porto")
        []
    """
    out = [r for r in verb_readings(clause)]
    for pattern, template in (*_READINGS, *_MORE_READINGS):
        if m := pattern.search(clause):
            if "p" in m.groupdict():  # "spent ... in X": lived in X; "at X": worked there
                template = template.replace(r"\g<p>", _VERB_OF[m.group("p").casefold()])
            reading = m.expand(template)
            head, value = reading, ""
            if "o" in m.groupdict() and m.group("o"):
                value = m.group("o")
                head = reading[: len(reading) - len(value)] if reading.endswith(value) else ""
            if head and value:
                cut = _TAIL.sub("", value).strip()
                reading = head + cut if cut else reading
            if reading not in out:
                out.append(reading)
    return out


_CLAUSE_EDGE = re.compile(
    r"[.;!?]+\s+|\s+[—–]\s+|\n+|,?\s+(?:but|whereas|while)\s+"
    r"|,?\s+(?=(?:before|after|until|till)\s+(?:i|we|moving|joining|starting)\b)"
    r"|,\s+(?:and\s+)?(?=(?:now|these days|currently|today|nowadays|i|i'm|we|we're)\b)"
    # "we were with A from 2021 until spring and we've been on B since": a clause of its
    # own, opened by "and" with a present or perfect subject (#12)
    r"|\s+and\s+(?=(?:now|these days|currently|nowadays)\b|(?:i|we)(?:'ve|'m|'re|\s+have|"
    r"\s+am|\s+are)\b)"
    # "lived in A until 2023, moved to B after that": a change with its subject left out
    r"|,\s+(?:and\s+|then\s+)?(?=(?:moved|relocated|joined|started|switched|went|became|"
    r"took)\b)",
    re.IGNORECASE,
)


# "before X", "prior to joining X": the value is the object of "before", the later state
_BEFORE_VALUE = re.compile(
    r"\b(?:before|prior to)\s+(?:(?:joining|starting(?:\s+at|\s+with)?|moving(?:\s+to)?|"
    r"going(?:\s+to)?|switching(?:\s+to)?|working\s+(?:at|for)|coming\s+to|the)\s+"
    # any verb of arriving with its particles or article: "before landing here at X",
    # "before settling down over in X", "before becoming a T"; not one of leaving ("before
    # leaving the X": X is the earlier state)
    r"|(?!(?:leav|quitt|sell|ditch|dropp|los|clos)ing\b)[a-z]+ing"
    r"(?:\s+(?:here|there|up|down|over|out|back|on|in|at|to|with|for|into|onto|a|an|the))+"
    r"\s+)?$",
    re.IGNORECASE,
)
# a segment's own present time: "X since March", "a Y these days", "Z now"
_PRESENT_MARK = re.compile(
    r"\b(?:now|nowadays|these days|currently|at the moment|at present|since|as of)\b",
    re.IGNORECASE,
)
_SEGMENT_EDGE = re.compile(r"\s*(?:,|\(|\))\s*")


def _own_segment(clause: str, at: int, end: int) -> str:
    """The comma- or bracket-delimited piece of ``clause`` holding ``[at, end)`` when that
    piece carries its own present time ("..., Corvid Mobile since March"), else ``clause``:
    a past cue elsewhere in the clause speaks of the other side of the change."""
    start, stop = 0, len(clause)
    for m in _SEGMENT_EDGE.finditer(clause):
        if m.end() <= at:
            start = m.end()
        elif m.start() >= end:
            stop = m.start()
            break
    piece = clause[start:stop]
    if (start, stop) != (0, len(clause)) and _PRESENT_MARK.search(piece):
        return piece
    return clause


def clause_with(text: str, value: str) -> str:
    """The clause of ``text`` that holds ``value`` (the whole text when it is not found), so
    a past state said beside a current one marks only its own value.

    Two shapes put both sides of a change in one clause: the value as the object of
    "before" ("Before X I spent years at Y": X is the later state), and the value in a
    segment with its own present time ("was with Y for ages, X since March"); for those
    the clause is the value's own part.

    Example:
        >>> clause_with("I used to live in Graz but now I'm in Olomouc", "Olomouc")
        "now I'm in Olomouc"
        >>> clause_with("I live in Porto. Before I moved here I was in Aveiro", "Porto")
        'I live in Porto'
        >>> clause_with("was on Tarn Mobile for years, Vell since June", "Vell")
        'Vell since June'
        >>> clause_with("Before Ardley I was at Wexford Mills", "Ardley")
        'Before Ardley'
        >>> clause_with("we were on Tarn until May and we've been on Vell since", "Vell")
        "we've been on Vell since"
    """
    low, at = text.casefold(), text.casefold().find(value.casefold()) if value else -1
    if at < 0 or not low:
        return text
    start, end = 0, len(text)
    for m in _CLAUSE_EDGE.finditer(text):
        if m.end() <= at:
            start = m.end()
        elif m.start() >= at + len(value):
            end = m.start()
            break
    if before := _BEFORE_VALUE.search(text[start:at]):
        return text[start + before.start() : at + len(value)]
    clause = text[start:end]
    return _own_segment(clause, at - start, at - start + len(value))
