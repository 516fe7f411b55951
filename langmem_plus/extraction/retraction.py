"""Endings and next-turn corrections the rule extractor reads by structure (issue 12).

Two readings, both for ``RuleExtractor`` (``rules.py`` calls them):

* ``ended``: a clause that says something the user had is over, where no typed rule read
  it: a membership ended ("I cancelled my gym membership", "not a member of the Harbour
  Choir any more"), a state that is "no longer" / "not ... any more" ("no longer
  pescatarian", "I'm not in the band any more"), a diet given up as a whole ("eating
  everything again"). Each gives ``(predicate, object, text)`` for a retraction. The
  predicate is the slot the words name when they name one ("gym" for "my gym
  membership", object ``"*"``: whatever is current); otherwise it is only a hint
  (``"status"``, ``"membership"``) and the object is the value by name, which the write
  policy looks for under every predicate of the user (``WritePolicy.reaches_other_slots``).
* ``bare_correction``: a turn that only gives the right value, the wrong one unnamed
  ("no wait, Limerick", "typo: Limerick", "correction — it's Limerick", "my mistake —
  Corvid Labs"): the new value; the caller pairs it with the value of the turn before.

Example:
    >>> ended("I cancelled my gym membership this week.")
    [('gym', '*', 'The user is no longer a gym member.')]
    >>> ended("no longer pescatarian since the new year")
    [('status', 'pescatarian', 'The user is no longer pescatarian.')]
    >>> bare_correction("correction — it's Limerick")
    'Limerick'
    >>> bare_correction("no, thanks") is None
    True
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from langmem_plus.extraction.endings import endings
from langmem_plus.extraction.turns import EMOJI_CHAR
from langmem_plus.extraction.vocab import PETS, RELATIONS

__all__ = [
    "SLIP_OWNED",
    "bare_correction",
    "closest",
    "corrected_value",
    "ended",
    "ended_by_event",
    "ending_of",
    "given_up",
    "joined",
    "named_correction",
    "said_in_error",
    "set_aside",
    "stated_correction",
    "stated_value",
    "wrong_after",
]

_ANY_MORE = r"(?:any\s?more|any\s+longer|these\s+days|now)"
# the user is the subject: said with "I"/"we", or with no subject at all ("no longer X")
_I = r"(?:^\W*|\b(?:i(?:'m|\s+am|\s+was|'ve|\s+have)?|we(?:'re|\s+are|'ve|\s+have)?)\s+)"
# "my gym membership", "the membership at the gym", "our membership of the Harbour Choir"
_MEMBERSHIP_ENDED = re.compile(
    rf"{_I}(?:just\s+|finally\s+)?(?:cancel(?:l)?ed|ended|stopped|quit|dropped|gave\s+up|"
    r"terminated|let\s+(?:go\s+of\s+)?|didn't\s+renew|did\s+not\s+renew)\s+(?:my|our|the)\s+"
    r"(?:(?P<what>[a-z][\w-]*)\s+)?membership\b(?:\s+(?:at|with|of|to)\s+(?P<at>[^,;.!?]+))?",
    re.IGNORECASE,
)
# "I let my membership at the Lakeside Rowing Club lapse"
_MEMBERSHIP_LAPSED = re.compile(
    rf"{_I}(?:just\s+)?let\s+(?:my|our|the)\s+(?:(?P<what>[\w-]+)\s+)?membership\b"
    r"(?:\s+(?:at|with|of|to)\s+(?P<at>[^,;.!?]+?))?\s+(?:lapse|expire|run\s+out)\b",
    re.IGNORECASE,
)
_NOT_MEMBER = re.compile(
    rf"{_I}(?:no\s+longer|not)\s+(?:a\s+|an\s+)?(?:(?P<what>[a-z][\w-]*)\s+)?member\b"
    rf"(?:\s+(?:at|with|of)\s+(?P<at>[^,;.!?]+?)(?=\s+{_ANY_MORE}\b|\s*[,;.!?]|\s*$))?",
    re.IGNORECASE,
)
# "no longer pescatarian", "I'm not in the band any more", "I'm not vegan anymore"
_NO_LONGER = re.compile(
    rf"{_I}no\s+longer\s+(?:a\s+|an\s+)?(?P<o>[^\W\d_][\w-]*)\b"
    rf"|{_I}not\s+(?:a\s+|an\s+)?(?P<o2>[^\W\d_][\w-]*)\s+{_ANY_MORE}\b",
    re.IGNORECASE,
)
_NOT_IN = re.compile(
    rf"{_I}(?:no\s+longer|not)\s+(?:in|with|part\s+of|playing\s+(?:in|with)"
    # "no longer at Pinecrest Logistics": a named place the user was at (#12)
    r"|(?:working\s+)?at(?=\s+(?:the\s+)?(?-i:[A-Z])))\s+"
    rf"(?P<o>(?:the\s+)?[^,;.!?]+?)\s*(?:{_ANY_MORE}\b|$|[,;.!?])",
    re.IGNORECASE,
)
# "I stopped going to Apex Yoga", "gave up on trying to make it to the Lido": a place the
# user went to, named (capitalised), is over
_STOPPED_TO = (
    rf"{_I}(?:just\s+)?(?:stopped|quit|gave\s+up(?:\s+on)?|given\s+up(?:\s+on)?)\s+"
    r"(?:trying\s+to\s+)?(?:going|go|get(?:ting)?|mak(?:e|ing)\s+it)\s+(?:to|down\s+to)\s+"
)
# words after the place that make the ending partial: "stopped going to the gym on Sundays",
# "... as often", "... every day" end only a part of the habit, not the place (#12)
_PARTLY = (
    r"(?!\s+(?:on|every|each|as\s+(?:often|much)|so\s+(?:often|much)|that\s+(?:often|much)|"
    r"in\s+the\s+(?:morning|evening|afternoon)s?|at\s+(?:night|weekends|lunch)|before|after|"
    r"during|twice|once|three\s+times|more\s+than)\b)"
)
_STOPPED_GOING = re.compile(
    rf"{_STOPPED_TO}(?:the\s+)?(?-i:(?P<o>[A-Z][\w'’&-]*(?:\s+[A-Z][\w'’&-]*)*)){_PARTLY}"
    rf"|{_STOPPED_TO}(?P<kind>(?:the|a|an)\s+[a-z][\w-]*)\b{_PARTLY}",
    re.IGNORECASE,
)
# "I don't go to the gym any more", "we no longer volunteer at the Eastside Food Bank": a
# habit that is over, said by negating it; it ends what "I stopped going to ..." ends (#12).
# "don't" needs its subject ("Don't book Fridays any more" is said to the assistant).
_NEGATED_HABIT = re.compile(
    r"(?:^\W*|\b)(?:(?:i|we)\s+(?P<neg>don['’]?t|do\s+not|no\s+longer)|^\W*no\s+longer)\s+"
    r"(?:really\s+)?(?P<verb>[a-z]+)\s+(?P<rest>[^,;.!?\u2014\u2013()]+)",
    re.IGNORECASE,
)
_MORE = re.compile(rf"\s+{_ANY_MORE}\b", re.IGNORECASE)
_NOT_A_HABIT = frozenset(
    "have has be am is are was were do does did get got want need like love know think feel "
    "mind care remember see".split()
)


def _ing(verb: str) -> str:
    """The -ing form of a plain verb: go -> going, drive -> driving, swim -> swimming."""
    v = verb.casefold()
    if v.endswith("ie"):
        return v[:-2] + "ying"
    if v.endswith("e") and not v.endswith(("ee", "ye", "oe")):
        return v[:-1] + "ing"
    if re.fullmatch(r"[^aeiou]*[aeiou][^aeiouwxy]", v):
        return v + v[-1] + "ing"
    return v + "ing"


def _as_stopped(clause: str) -> str | None:
    """A negated habit ("I don't go to X any more", "no longer sing in X") said as the
    habit stopped ("I stopped going to X"), or ``None``. Without "no longer", the clause
    must say "any more" / "any longer": "I don't go to the gym" is no ending."""
    m = _NEGATED_HABIT.search(clause)
    if m is None or m.group("verb").casefold() in _NOT_A_HABIT:
        return None
    neg = (m.group("neg") or "no longer").casefold()
    rest = m.group("rest")
    more = _MORE.search(rest)
    if more is not None:
        rest = rest[: more.start()]
    elif not neg.startswith("no"):
        return None
    return f"I stopped {_ing(m.group('verb'))} {rest.strip()}"


_EAT_EVERYTHING = re.compile(
    r"\b(?:back\s+to\s+eating|(?:i\s+)?eat(?:ing)?)\s+(?:everything|anything|it\s+all)"
    r"(?:\s+again)?\b",
    re.IGNORECASE,
)
# words that end "no longer ..." without naming a value (places: "no longer home")
_NOT_A_VALUE = frozenset(
    "the a an my our your his her their it this that there here sure able going doing "
    "working living so as very really too just that's home away around".split()
)

# Words before a clause that are no part of it
_LEAD_IN = re.compile(
    r"^\W*(?:(?:fyi|btw|so|well|ok|okay|update|news|honestly|tbh|anyway|oh|ah|and|also|"
    r"plus|just\s+so\s+you\s+know|quick\s+update|heads\s+up)\b[\s,.!:;—–-]*)+",
    re.IGNORECASE,
)
# What follows an ending verb: a name ("the Mazda", "Biscotti", "Сокол") or a kind ("the van")
_DET = r"(?:(?:the|my|our|a|an)\s+)?"
_WORD = r"[^\W\d_][\w'’&.-]*"
# "we sold the van", "had to rehome Biscotti", "gave away our old Kia", "got rid of the car"
_PARTED = re.compile(
    rf"{_I}(?:just\s+|finally\s+|(?:had|have)\s+to\s+)?(?:sold|sell|got\s+rid\s+of|"
    r"gave\s+away|give\s+away|re-?homed|re-?home|scrapped|traded\s+in)\s+"
    rf"(?P<rest>{_DET}.*)$",
    re.IGNORECASE,
)
# "done with keto", "I'm finished with the choir", "gave up being vegan", "quit the band"
_DONE_WITH = re.compile(
    rf"{_I}?(?:(?:am|'m)\s+)?(?:so\s+|totally\s+|officially\s+)?(?:done|finished|through)\s+with\s+"
    rf"(?P<rest>{_DET}.*)$"
    rf"|{_I}(?:have\s+|'ve\s+)?(?:just\s+|finally\s+)?(?:gave|given)\s+up\s+(?:on\s+)?being\s+"
    rf"(?P<being>(?:a\s+|an\s+)?.*)$",
    re.IGNORECASE,
)
# "I'm not at Brightwater anymore", "no longer at Foo", "not with Acme any more"
_NOT_AT = re.compile(
    rf"{_I}(?:(?:am|'m)\s+)?(?:not|no\s+longer)\s+(?:at|with)\s+(?P<rest>{_DET}.*?)"
    rf"(?:\s+{_ANY_MORE})?\s*$",
    re.IGNORECASE,
)
# "I quit", "I resigned last week", "quit my job": the job, whatever it was
_QUIT = re.compile(
    rf"{_I}(?:just\s+|finally\s+)?(?:quit|resigned)(?:\s+(?:my|the)\s+(?:job|position|role))?"
    r"\s*(?:[,;.!—–]|$)",
    re.IGNORECASE,
)
# "the engagement is off", "we called off the engagement", "the wedding's off"
_ENGAGEMENT_OFF = re.compile(
    r"\b(?:(?:the|our)\s+(?:engagement|wedding)\s+(?:is|'s|was)\s+(?:off|over|cancelled|canceled)"
    r"|call(?:ed|ing)?\s+off\s+(?:the|our)\s+(?:engagement|wedding)"
    r"|(?:broke|broken)\s+off\s+(?:the|our)\s+engagement)\b",
    re.IGNORECASE,
)
# "I'm not married any more", "no longer together", "we're not a couple now"
_UNCOUPLED = re.compile(
    rf"{_I}(?:(?:am|'m|are|'re)\s+)?(?:not|no\s+longer)\s+(?:married|engaged|together|"
    r"a\s+couple|seeing\s+anyone|in\s+a\s+relationship)\b",
    re.IGNORECASE,
)
# "stopped volunteering at the Eastside Food Bank", "quit coaching with Harbour Juniors"
_STOPPED_DOING_AT = re.compile(
    rf"{_I}(?:have\s+|'ve\s+)?(?:just\s+)?(?:stopped|quit|gave\s+up|given\s+up)\s+"
    r"[a-z]+ing\s+(?:at|with|for|in)\s+(?P<rest>.*)$",
    re.IGNORECASE,
)
# "moved out of Košice", "moved away from Leeds"
_MOVED_OUT = re.compile(
    rf"{_I}?(?:(?:have|'ve)\s+)?(?:just\s+|finally\s+)?moved\s+(?:out\s+of|away\s+from)\s+"
    r"(?P<rest>.*)$",
    re.IGNORECASE,
)
# "our cat passed away", "my grandmother died", "our old dog Rex was put to sleep"
_KIN_DIED = re.compile(
    r"\b(?:my|our)\s+(?P<np>(?:[\w'’-]+\s+){0,3}?)"
    r"(?:has\s+|had\s+|just\s+|sadly\s+|finally\s+|recently\s+)*"
    r"(?:died|passed\s+away|passed\s+on|was\s+put\s+down|was\s+put\s+to\s+sleep|"
    r"is\s+no\s+longer\s+with\s+us)\b",
    re.IGNORECASE,
)
# "Сокол passed away", "miso died on tuesday": a name in the subject slot, in any script or case
_NAME_DIED = re.compile(
    r"^\W*(?P<name>[^\W\d_][\w'’-]*)\s+(?:has\s+|had\s+|just\s+|sadly\s+)*"
    r"(?:died|passed\s+away|passed\s+on|was\s+put\s+down|was\s+put\s+to\s+sleep)\b",
)
# "the shellfish allergy was a false alarm", "my gluten intolerance got ruled out"
_HEALTH_WRONG = re.compile(
    r"\b(?:the|my)\s+(?P<what>[\w'’-]+(?:\s+[\w'’-]+)?)\s+(?P<kind>allergy|intolerance)\s+"
    r"(?:(?:was|is|'s|got|has\s+been|turned\s+out\s+to\s+be)\s+(?:just\s+)?(?:a\s+)?"
    r"(?:false\s+alarm|false\s+positive|ruled\s+out|misdiagnos\w+|mistake|wrong|nothing)"
    # "the kiwi allergy isn't real", "my dairy intolerance was never a thing" (#12)
    r"|(?:isn['’]?t|is\s+not|wasn['’]?t|was\s+not|'s\s+not|was\s+never|is\s+no\s+longer)\s+"
    r"(?:really\s+|actually\s+)?(?:real|true|a\s+thing|an?\s+(?:allergy|intolerance)))\b",
    re.IGNORECASE,
)
# "I don't speak German any more", "no longer speak Greek"
_NO_LONGER_SPEAK = re.compile(
    rf"{_I}(?:(?:don't|do\s+not|can't|cannot|no\s+longer)\s+)speak\s+(?P<rest>.*?)"
    rf"(?:\s+{_ANY_MORE})?\s*$",
    re.IGNORECASE,
)
# function words that end a named value ("the Mazda last month" -> "Mazda")
_VALUE_END = frozenset(
    "in at on by for with from since until after before because as when while so and but or "
    "to last this next yesterday today on again now any anymore either too though".split()
)


def _value(rest: str) -> tuple[str, bool] | None:
    """The value at the start of ``rest`` and whether it is a name: the cased words ("our
    old Kia Ceed" -> ``("Kia Ceed", True)``), else one lowercase noun ("the van" ->
    ``("van", False)``). ``None`` for a pronoun or nothing."""
    words = re.findall(r"[^\s,;:.!?()]+", rest)
    while words and words[0].casefold() in ("the", "my", "our", "a", "an", "old", "poor"):
        words = words[1:]
    if not words:
        return None
    if words[0][:1].isupper():
        name = [words[0]]
        for w in words[1:]:
            if w[:1].isupper() or w == "&" or (w[:1].isdigit() and len(name) < 4):
                name.append(w)
            else:
                break
        return " ".join(name).strip("'’"), True
    word = words[0].casefold()
    if word in _NOT_A_VALUE or word in _VALUE_END or not re.fullmatch(r"[^\W\d_][\w-]*", word):
        return None
    return word, False


def _the_kind(value: str) -> str | None:
    """``"gym"`` for "the gym": a lowercase noun after "the" names a kind, not a place."""
    m = re.fullmatch(r"(?:the|a|an)\s+([a-z][\w-]*)", value.strip())
    return m.group(1) if m else None


# "the pescatarian era is over", "my vegetarian days are done": a state said as a period
# of the user's life that has ended; the period noun is not the value
_PERIOD_OVER = re.compile(
    r"(?:^|[,;:.!?\u2014\u2013]\s*|\b(?:and|but|so)\s+)(?:the|my|our)\s+"
    r"(?P<o>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?)\s+(?:era|phase|days|years|stage|chapter|streak)\s+"
    r"(?:is|are|was|were|has\s+been|have\s+been)?\s*(?:(?:well\s+and\s+truly|officially|finally|now)\s+)?"
    r"(?:over|done|finished|behind\s+me|behind\s+us|ended|at\s+an\s+end)\b",
    re.IGNORECASE,
)
# "Tellyhive: cancelled.", "Gym membership — cancelled": a named thing, then its end
_NAMED_THEN_ENDED = re.compile(
    r"^\W*(?P<o>(?-i:[A-Z])[\w'’&.-]*(?:\s+(?-i:[A-Z])[\w'’&.-]*){0,3})\s*[:\u2014\u2013-]\s*"
    r"(?:(?:now|officially|finally)\s+)?(?:cancel(?:l)?ed|gone|over|ended|done|sold|finished)\b",
    re.IGNORECASE,
)
# "I've ended my Cinevault subscription", "cancelled the Brightline membership": a named
# subscription ended; the value is the name
_SUBSCRIPTION_ENDED = re.compile(
    r"(?:^\W*|\b(?:i|we)(?:'ve|\s+have|'d|\s+had)?\s+)(?:(?:just|finally|now|officially)\s+)?"
    r"(?:cancel(?:l)?ed|ended|stopped|quit|dropped|terminated|unsubscribed\s+from)\s+"
    r"(?:my|our|the)\s+(?P<o>(?-i:[A-Z])[\w'’&.+-]*(?:\s+(?-i:[A-Z])[\w'’&.+-]*){0,3})\s+"
    r"(?:subscription|sub|membership|account|plan|contract)\b",
    re.IGNORECASE,
)
# "no egg white intolerance after all", "the dietitian says no fructose intolerance": the
# health attribute denied; the words between "no" and its noun are the value
_NO_CONDITION = re.compile(
    r"(?:^|[,;:.!?\u2014\u2013]\s*|\b(?:says?|said|confirmed|turns\s+out|so|and|but)\s+)no\s+"
    r"(?P<o>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*){0,2}?)\s+(?P<noun>allergy|intolerance)\b",
    re.IGNORECASE,
)
# "No more Hollins Choir for me", "said goodbye to the Fiat Uno": a named thing the user
# is done with
_NO_MORE_NAMED = re.compile(
    r"(?:^\W*|[,;:.!?\u2014\u2013]\s*)(?:no\s+more|(?:i\s+|we\s+)?said\s+goodbye\s+to\s+(?:the|my|our))\s+"
    r"(?P<o>(?-i:[A-Z])[\w'’&.+-]*(?:\s+(?-i:[A-Z])[\w'’&.+-]*){0,3})"
    r"(?=\s+for\s+(?:me|us)\b|\s*(?:[,;:.!?\u2014\u2013]|\s-\s|$)|\s+(?:this|last|on|today|yesterday)\b)",
    re.IGNORECASE,
)
# "me and Clodagh broke up", "Ines and I split up": the partner named in the breakup
_NAMED_BREAKUP = re.compile(
    r"\b(?:(?:me|i)\s+(?:and|&)\s+(?P<o>(?-i:[A-Z])[\w'’-]*)|(?P<o2>(?-i:[A-Z])[\w'’-]*)\s+"
    r"(?:and|&)\s+(?:i|me))\s+(?:have\s+|just\s+|finally\s+)*(?:broke|broken|split)\s+up\b",
    re.IGNORECASE,
)
# "we had to have Pickwick put to sleep": a pet's death said with the causative
_HAD_PUT_DOWN = re.compile(
    r"\b(?:have|had|having|get|got)\s+(?P<o>(?-i:[A-Z])[\w'’-]*)\s+put\s+(?:down|to\s+sleep)\b",
    re.IGNORECASE,
)


def _over(clause: str) -> list[tuple[str, str, str]]:
    """What ``clause`` says is over in the shapes an ending is told by its event or its
    period, not by "no longer": a period of the user's life that ended ("the pescatarian
    era is over"), a named thing then its end ("Tellyhive: cancelled."), a named
    subscription ended ("I've ended my Cinevault subscription"), a condition denied ("no
    egg white intolerance after all"), a pet's death with the causative ("had Pickwick
    put to sleep"). The value is only the name; the write policy closes it only where a
    held value of the user's has that name.

    Example:
        >>> _over("the keto phase is officially over")
        [('status', 'keto', 'The user is no longer keto.')]
        >>> _over("turns out no sesame allergy, the test was clear")
        [('allergy', 'sesame', 'The user has no sesame allergy.')]
        >>> _over("my Lisbon trip is cancelled"), _over("no more allergy tests for me")
        ([], [])
    """
    if m := _PERIOD_OVER.search(clause):
        value = m.group("o").strip()
        return [("status", value, f"The user is no longer {value}.")]
    if m := _NAMED_THEN_ENDED.match(clause) or _SUBSCRIPTION_ENDED.search(clause):
        value = m.group("o").strip()
        return [("status", value, f"The user no longer has {value}.")]
    if m := _NO_CONDITION.search(clause):
        value, noun = m.group("o").strip(), m.group("noun").casefold()
        if value.split()[0].casefold() not in _NOT_A_CONDITION:
            return [(noun, value, f"The user has no {value} {noun}.")]
    if m := _HAD_PUT_DOWN.search(clause):
        value = m.group("o")
        return [("pet", value, f"The user's {value} died.")]
    if m := _NO_MORE_NAMED.search(clause):
        value = m.group("o").strip()
        return [("status", value, f"The user no longer has {value}.")]
    if m := _NAMED_BREAKUP.search(clause):
        value = m.group("o") or m.group("o2")
        return [("partner", value, f"The user is no longer with {value}.")]
    return []


_NOT_A_CONDITION = frozenset("more such other real known food further new".split())


def ended_by_event(clause: str, said: Iterable[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """The endings ``_over`` reads in ``clause`` when they name every value a typed rule
    read in it (``said``: ``(predicate, object)``), so those readings are the ending's words
    misread as a value ("Confession: the keto era is over" is no attribute "confession";
    "Tellyhive: cancelled" no attribute "tellyhive"); ``[]`` otherwise.

    Example:
        >>> ended_by_event("Confession: the keto era is over", [("confession", "keto era is over")])
        [('status', 'keto', 'The user is no longer keto.')]
        >>> ended_by_event("I live in Oslo, the keto era is over", [("city", "Oslo")])
        []
    """
    gone = _over(clause)
    pairs = list(said)
    if not gone or not pairs:
        return []
    value = _fold(gone[0][1])
    for predicate, obj in pairs:
        words = _fold(f"{predicate.replace('_', ' ')} {obj}")
        if not re.search(rf"(?<!\w){re.escape(value)}(?!\w)", words):
            return []
    return gone


def ended(clause: str, before: str = "", turn: str = "") -> list[tuple[str, str, str]]:
    """``(predicate, object, text)`` of what ``clause`` says is over, if anything;
    ``before`` is what the turn said before it, where "it" in "I don't speak it any more"
    points; ``turn`` the whole message, for the cue an ending told by its event needs
    (``endings.py``: "worked my last shift at X", "X didn't make it").

    Example:
        >>> ended("Ended my membership at the gym.")
        [('gym', '*', 'The user is no longer a gym member.')]
        >>> ended("not a member of the Harbour Choir any more")
        [('membership', 'Harbour Choir', 'The user is no longer a member of Harbour Choir.')]
        >>> ended("I'm not in the band any more.")
        [('membership', 'band', 'The user is no longer in the band.')]
        >>> ended("I stopped going to Apex Yoga Loft when the prices went up.")
        [('membership', 'Apex Yoga Loft', 'The user no longer goes to Apex Yoga Loft.')]
        >>> ended("I live in Oslo.")
        []
    """
    clause = _LEAD_IN.sub("", clause)  # "fyi not at X any more": the clause after it
    if (stopped := _as_stopped(clause)) is not None and (said := ended(stopped, before, turn)):
        return said
    for pattern in (_MEMBERSHIP_ENDED, _MEMBERSHIP_LAPSED, _NOT_MEMBER):
        if m := pattern.search(clause):
            what = (m.group("what") or "").casefold()
            at = (m.group("at") or "").strip()
            kind = _the_kind(at) if at else None
            if at and kind is None:
                name = re.sub(r"^the\s+", "", at, flags=re.IGNORECASE)
                return [("membership", name, f"The user is no longer a member of {name}.")]
            raw = m.group("what") or ""
            if raw[:1].isupper() and not kind and m.start("what") > m.start():
                # "my Lakeside membership": a name, not a kind of membership
                return [("membership", raw, f"The user is no longer a member of {raw}.")]
            slot = kind or what
            if slot and slot not in _NOT_A_VALUE:
                return [(slot, "*", f"The user is no longer {_a(slot)} {slot} member.")]
            return []
    if m := _STOPPED_GOING.search(clause):
        if m.group("o"):
            value = m.group("o").strip()
            return [("membership", value, f"The user no longer goes to {value}.")]
        kind = _the_kind(m.group("kind")) or ""
        if kind and kind not in _NOT_A_VALUE:
            return [(kind, "*", f"The user no longer goes to the {kind}.")]
    if m := _NOT_IN.search(clause):
        value = re.sub(r"^the\s+", "", m.group("o").strip(), flags=re.IGNORECASE)
        if value and value.split()[0].casefold() not in _NOT_A_VALUE and len(value.split()) <= 5:
            return [("membership", value, f"The user is no longer in the {value}.")]
    if m := _NO_LONGER.search(clause):
        value = (m.group("o") or m.group("o2") or "").casefold()
        if value and value not in _NOT_A_VALUE and not value.endswith(("ing", "ed")):
            return [("status", value, f"The user is no longer {value}.")]
    if _EAT_EVERYTHING.search(clause):
        return [("dietary_restriction", "*", "The user no longer keeps a diet.")]
    return _parted(clause, before) or endings(clause, turn or clause) or _over(clause)


def ending_of(
    clause: str, values: Iterable[tuple[str, str]], before: str = "", turn: str = ""
) -> dict[int, tuple[str, str, str]]:
    """The values a typed rule read in ``clause`` (``(predicate, object)`` pairs) that the
    clause says are over or were never so, by position, with the retraction to put in
    their place: "my kiwi allergy was a false alarm" names the allergy only to deny it.
    A value is over when an ending of the clause names it; a value the ending does not
    name stays as read, and so does a new value of a slot the ending names only by its
    noun ("traded in my old scooter for a Vespa": the Vespa is the new scooter).

    Example:
        >>> ending_of("the doctor says my kiwi allergy was a false alarm",
        ...           [("allergy", "kiwi")])
        {0: ('allergy', 'kiwi', 'The user has no kiwi allergy.')}
        >>> ending_of("I sold the van and drive a Fiat Panda now", [("car", "Fiat Panda")])
        {}
    """
    pairs = list(values)
    if not pairs:
        return {}
    gone = ended(clause, before, turn)
    out: dict[int, tuple[str, str, str]] = {}
    for i, (predicate, obj) in enumerate(pairs):
        value = _fold(obj)
        for g in gone:
            if g[1] != "*" and value and _fold(g[1]) == value:
                out[i] = (predicate, obj, g[2])
                break
    return out


def _fold(value: str) -> str:
    return re.sub(r"^(?:the|my|our|a|an)\s+", "", value.strip(), flags=re.IGNORECASE).casefold()


def _parted(clause: str, before: str = "") -> list[tuple[str, str, str]]:
    """Endings told by what was parted with, left or lost, the value named or the slot
    only: a thing sold or rehomed, a state one is "done with", a place moved out of, an
    employer one is "not at" any more, a bare "I quit", an engagement off, a pet or
    relative who died (by name or by "our cat"), an allergy found wrong, a language no
    longer spoken. A named value is looked for under every predicate (``"status"``)
    unless the words name its slot.

    Example:
        >>> _parted("we sold the Mazda last month")
        [('status', 'Mazda', 'The user no longer has Mazda.')]
        >>> _parted("our cat passed away last spring")
        [('pet', 'cat', 'The user no longer has a cat.')]
        >>> _parted("the engagement is off")
        [('partner', '*', 'The user is no longer engaged.')]
    """
    if _QUIT.search(clause):  # "I quit my job yesterday, done with kitchens": the job ends
        return [
            ("employer", "*", "The user no longer works there."),
            ("job_title", "*", "The user no longer has that job."),
        ]
    if m := _LEFT_GROUP.search(clause):
        found = _value(m.group("rest"))
        if found is not None and found[1]:
            return [("status", found[0], f"The user left {found[0]}.")]
    if m := _PARTED.search(clause):
        found = _value(m.group("rest"))
        if found is not None:
            value, named = found
            if named or value in PETS:
                pred = "pet" if value in PETS else "status"
                return [(pred, value, f"The user no longer has {_a_or_name(value, named)}.")]
            return [(value, "*", f"The user no longer has {_a(value)} {value}.")]
    if m := _DONE_WITH.search(clause):
        rest = m.group("rest") if m.group("rest") is not None else m.group("being")
        found = _value(rest)
        if found is not None:
            return [("status", found[0], f"The user is done with {found[0]}.")]
    if m := _NOT_AT.search(clause):
        found = _value(m.group("rest"))
        if found is not None and found[1]:
            return [("status", found[0], f"The user is no longer at {found[0]}.")]
    if m := _STOPPED_DOING_AT.search(clause):
        found = _value(m.group("rest"))
        if found is not None and found[1]:
            return [("status", found[0], f"The user no longer goes to {found[0]}.")]
    if _ENGAGEMENT_OFF.search(clause):
        return [("partner", "*", "The user is no longer engaged.")]
    if _UNCOUPLED.search(clause):
        return [("partner", "*", "The user no longer has a partner.")]
    if m := _MOVED_OUT.search(clause):
        found = _value(m.group("rest"))
        if found is not None and found[1]:
            return [("city", found[0], f"The user no longer lives in {found[0]}.")]
    if m := _KIN_DIED.search(clause):
        words = m.group("np").split()
        name = next((w for w in reversed(words) if w[:1].isupper()), None)
        kinds = [w.casefold() for w in words if w.casefold() in PETS or w.casefold() in RELATIONS]
        if name and kinds:
            pred = "pet" if kinds[-1] in PETS else RELATIONS[kinds[-1]]
            return [(pred, name, f"The user's {kinds[-1]} {name} died.")]
        if kinds:
            kind = kinds[-1]
            pred = "pet" if kind in PETS else RELATIONS[kind]
            return [(pred, kind, f"The user no longer has {_a(kind)} {kind}.")]
    if m := _NAME_DIED.search(clause):
        name, low = m.group("name"), m.group("name").casefold()
        if low in PETS or low in RELATIONS:  # "dog died": the kind, no name
            pred = "pet" if low in PETS else RELATIONS[low]
            return [(pred, low, f"The user no longer has {_a(low)} {low}.")]
        lowercase = name.isascii() and not name[:1].isupper()
        if low not in _NOT_A_VALUE | _NOT_A_SUBJECT | _VALUE_END and not (
            lowercase and not re.search(r"passed|put\s+(?:down|to\s+sleep)", m.group(0))
        ):
            # a name in any script ("Сокол passed away"); a lowercase one only with words
            # said of a life ("miso passed away"), since "laptop died" is no pet. Only a
            # held value by that name is closed
            return [("pet", name, f"The user's {name} died.")]
    if m := _HEALTH_WRONG.search(clause):
        what = m.group("what").casefold()
        if what.split()[0] not in _NOT_A_VALUE:
            kind = m.group("kind").casefold()
            return [(kind, what, f"The user has no {what} {kind}.")]
    if m := _NO_LONGER_SPEAK.search(clause):
        found = _value(m.group("rest")) or _antecedent(m.group("rest"), before)
        if found is not None and found[1]:
            return [("language", found[0], f"The user no longer speaks {found[0]}.")]
    return []


def _antecedent(rest: str, before: str) -> tuple[str, bool] | None:
    """The name "it" stands for: the last cased word of the words said before it in the
    turn ("my German is gone, I don't speak it any more" -> German); ``None`` when
    ``rest`` is no pronoun or nothing cased was said (the sentence's first word is no
    name: it is cased by position)."""
    if not re.match(r"^\W*(?:it|that|them)\b", rest, re.IGNORECASE):
        return None
    words = [
        w
        for sentence in re.split(r"[.!?]\s+", before)[-1:]
        for i, w in enumerate(re.findall(r"[^\W\d_][\w'’-]*", sentence))
        if i > 0 or not w[:1].isupper()
    ]
    cased = [w for w in words if w[:1].isupper() and w.casefold() not in ("i", "i'm", "i've")]
    return (cased[-1], True) if cased else None


# "quit the Bellwether choir", "left the Old Mill Tennis Club", "dropped out of Quill Writers"
_LEFT_GROUP = re.compile(
    rf"{_I}(?:just\s+|finally\s+)?(?:quit|left|dropped\s+out\s+of|walked\s+away\s+from)\s+"
    r"(?P<rest>(?:the|my|our)\s+.*)$",
    re.IGNORECASE,
)
_GIVEN_UP = re.compile(
    rf"{_I}(?:have\s+|'ve\s+)?(?:just\s+|finally\s+|officially\s+)?(?:gave|given|giving)\s+up\s+"
    r"(?!on\b|being\b|trying\b|hope\b|the\s+idea\b)(?P<rest>.+)$",
    re.IGNORECASE,
)


def given_up(clause: str) -> list[tuple[str, str, str]]:
    """A thing given up ("I gave up espresso in lent", "given up smoking"): a habit or a
    state that ended, named, with no new value. Not a diet said the other way round:
    the value ends, nothing is avoided from now on in its place.

    Example:
        >>> given_up("I gave up espresso in lent and never went back")
        [('status', 'espresso', 'The user gave up espresso.')]
        >>> given_up("I gave up on the marathon plan")
        []
    """
    m = _GIVEN_UP.search(_LEAD_IN.sub("", clause))
    if not m or re.search(r"\bmembership\b", m.group("rest"), re.IGNORECASE):
        return []
    found = _value(m.group("rest"))
    if found is None:
        return []
    return [("status", found[0], f"The user gave up {found[0]}.")]


_NOT_A_SUBJECT = frozenset("i we he she they it everything everyone nothing something".split())


def _a_or_name(value: str, named: bool) -> str:
    return value if named else f"{_a(value)} {value}"


def _a(word: str) -> str:
    return "an" if word[:1].casefold() in "aeiou" else "a"


SLIP_OWNED = (
    r"typo|sorry|oops|whoops|correction|my\s+bad|my\s+mistake|i'm\s+sorry|scratch\s+that|"
    r"autocorrect|auto-correct|"
    # "Sorry, I had that wrong: B negative", "I spelled my own name wrong earlier"
    r"i\s+(?:had|got)\s+(?:that|it|this)\s+wrong|i\s+was\s+wrong|"
    r"that\s+was\s+wrong|that's\s+wrong|i\s+misspoke|i\s+misspelled|i\s+misspelt|"
    r"i\s+(?:spelled|spelt|typed|wrote)\s+(?:that|it|this|my\s+(?:own\s+)?\w+)\s+wrong"
)
"""The words of a correction's lead that own a slip; a bare correction's lead may also be a
hesitation ("wait", "ugh", "actually") that owns none (``_BARE_CORRECTION``)."""

_BARE_CORRECTION = re.compile(
    # a hesitation before the lead ("hm, I spelled it wrong"), never a lead on its own
    r"^\W*(?:(?:hm+|oh|ah)[\s,.!]+(?=\w))?"
    rf"(?:(?:{SLIP_OWNED}|wait|no\s+wait|edit|ugh|argh|actually)\b"
    # where the slip stands: "typo up there:", "sorry, above" (#12)
    r"(?:\s+(?:up\s+there|above|earlier|back\s+there|before))?"
    rf"(?:[\s,.!:;—–-]|{EMOJI_CHAR})*)+"
    r"(?:(?:i\s+)?meant\s+(?:to\s+(?:say|write|type|put)\s+)?|i\s+mean\s+|it's\s+|it\s+is\s+|"
    r"it\s+was\s+|that's\s+|that\s+should\s+be\s+|it\s+should\s+be\s+|"
    r"should\s+be\s+|make\s+that\s+|actually\s+)*"
    # what follows a full stop is an aside of the user's ("scratch that, Graz. long day")
    r"(?P<new>[^,;.!?—–:]+?)"
    # how it is spelt, said after it: "Matteo, double t", "Zoë with the two dots" (#12)
    r"(?:,?\s+(?:double\s+[^\W\d_]|with\s+(?:the|an?|one|two)\s+[^\s,.!?]+(?:\s+[^\W\d_]+)?))?"
    r"\s*(?:[.!]+(?:\s+[^.!?]{0,40}[.!]*)?)?\s*$"
    # texted: "*Graz", "*Graz lol", "Graz*"
    r"|^\s*\*\s*(?P<star>[^\s*][^,;.!?*]*?)\s*(?:\b(?:lol|haha|sorry|oops)\b)?[\s.!]*$"
    r"|^\s*(?P<star2>[^\s*][^,;.!?*]*?)\*\s*(?:\b(?:lol|haha|sorry|oops)\b)?[\s.!]*$",
    re.IGNORECASE,
)
_NOT_A_CORRECTED_VALUE = re.compile(
    r"\b(?:i|i'm|me|my|you|your|it|that|this|thanks|thank|problem|worries|okay|ok|fine|"
    r"never\s*mind|nevermind|not|not\s+sure|no)\b",
    re.IGNORECASE,
)


def bare_correction(text: str) -> str | None:
    """The value a turn gives that only corrects the turn before, naming no wrong value
    ("typo: Lyon", "no wait, Saltmarsh Media"); ``None`` for anything else.

    Example:
        >>> bare_correction("typo: Peregrine Rail")
        'Peregrine Rail'
        >>> bare_correction("sorry, I meant Ghent")
        'Ghent'
        >>> bare_correction("sorry, my mistake") is None
        True
    """
    m = _BARE_CORRECTION.match(text.strip())
    if not m:
        return None
    new = (m.group("new") or m.group("star") or m.group("star2") or "").strip()
    if not new or len(new.split()) > 4 or _NOT_A_CORRECTED_VALUE.search(new):
        return None
    if re.search(r"\bnot\b|\brather than\b|\binstead of\b", text, re.IGNORECASE):
        return None  # "X, not Y" names the wrong value: the caller's own pattern reads it
    return new


_LEAD = re.compile(
    # "ah and it's Ingrida, not Ingrid": the interjections before the frame go too
    r"^(?:\s*(?:it's|it’s|it\s+is|i\s+meant|i\s+mean|that's|wait|sorry|oops|no|ah|oh|and|"
    r"so|also|um|er|erm|well|ok|okay|hm|hmm)\b[\s,]*)+",
    re.IGNORECASE,
)


def named_correction(text: str, said: Iterable[str]) -> tuple[str, str] | None:
    """``(new, old)`` when ``text`` corrects a value said before with "X, not Y" anywhere
    in it, whatever comes around ("Misspoke there: Ghent, not Tartu; long day"): ``Y`` must
    be one of the values ``said`` earlier, and ``X`` a value on its own (no clause).

    The right value is the piece of the turn before "not Y" that reads as a value, not
    always the nearest one: an apology may sit between ("*Ghent -- typo, sorry, not
    Tartu"). A piece starred by the typist comes first, then one spelled like ``Y`` (a
    typo), then the nearest of ``Y``'s case shape, then the nearest.

    Example:
        >>> named_correction("Ugh, my phone filled that in wrong — Ghent, not Tartu.", ["Tartu"])
        ('Ghent', 'Tartu')
        >>> named_correction("*Rowan Vale -- autocorrect, my bad, not Rowan Dale", ["Rowan Dale"])
        ('Rowan Vale', 'Rowan Dale')
        >>> named_correction("I work in Ghent, not Tartu.", ["Tartu"]) is None
        True
    """
    for old in sorted({v for v in said if v and v not in ("*",)}, key=len, reverse=True):
        wrong = rf"{re.escape(old)}(?![\w'’-])"
        m = re.search(rf"\s*,?\s+(?:not|rather\s+than|instead\s+of)\s+{wrong}", text, re.IGNORECASE)
        if m and text[: m.start()].strip():
            if (new := _corrected_piece(text[: m.start()], old)) is not None:
                return new, old
        # the wrong value first: "not Y -- X", "Y should have been X", "Y? I meant X"
        m = re.search(
            rf"(?:^|[\s,;:.!—–-])not\s+{wrong}\s*[,;:.!—–-]+\s*"
            rf"|(?<![\w'’-]){wrong}\s+(?:should\s+(?:have\s+been|be|read|say)|was\s+meant\s+to\s+be|"
            r"is\s+wrong|was\s+wrong|was\s+a\s+typo|is\s+a\s+typo)\s*[,:—–-]*\s*",
            text,
            re.IGNORECASE,
        )
        if m and (new := _corrected_piece(_first_piece(text[m.end() :]), old)) is not None:
            return new, old
    return None


# the speaker's own frame around a value set right: "I'm a chandler", "it's Odense"
_OWN_FRAME = re.compile(
    r"^\W*(?:(?:i'm|i\s+am|we're|we\s+are|it's|it\s+is|that's|that\s+is)\s+)?"
    # the article of a common noun, never of a name ("The Hague")
    r"(?:(?:actually|really|in\s+fact)\s+)?(?:(?:a|an|the)\s+(?=(?-i:[a-z])))?",
    re.IGNORECASE,
)


def corrected_value(said: str) -> str:
    """The value in the words a correction says it with, the speaker's copula and the
    article taken off: what the write policy matches against a held value.

    Example:
        >>> corrected_value("I'm a chandler"), corrected_value("a candle maker")
        ('chandler', 'candle maker')
        >>> corrected_value("it's actually Odense"), corrected_value("The Hague")
        ('Odense', 'The Hague')
    """
    value = _OWN_FRAME.sub("", said.strip(), count=1).strip()
    return value or said.strip()


def _first_piece(tail: str) -> str:
    """The words of ``tail`` up to the first break, with what the typist adds after."""
    return re.split(r"[,;:.!?—–]|\s+-{1,2}\s+", tail, maxsplit=1)[0]


# the typist's own slip, said beside a correction: no value ("fat fingers", "autocorrect")
_SLIP = re.compile(
    r"\b(?:typo|typos|sorry|soz|oops|whoops|autocorrect\w*|auto-correct\w*|fingers?|"
    r"keyboard|phone|mistake|misspel\w*|mistyp\w*|my\s+bad|long\s+day|tired|brain)\b",
    re.IGNORECASE,
)


def _corrected_piece(head: str, old: str) -> str | None:
    """The piece of ``head`` (the words before "not OLD") that is the right value."""
    from difflib import SequenceMatcher

    pieces = [p.strip() for p in re.split(r"[,;:.!?—–]+|\s+-{1,2}\s+", head)]
    last = pieces[-1] if pieces else ""
    values: list[tuple[str, bool]] = []
    for piece in reversed(pieces):
        starred = piece.startswith("*") or piece.endswith("*")  # "*Ghent", "Ghent*"
        value = _LEAD.sub("", piece.strip("*").strip()).strip()
        if (
            value
            and len(value.split()) <= 4
            and not _NOT_A_CORRECTED_VALUE.search(value)
            and not _SLIP.search(value)
            and value.casefold() != old.casefold()
        ):
            values.append((value, starred))
        elif piece is last and piece and not _SLIP.search(piece) and not starred:
            # the words right before "not" are a clause ("I work in Ghent, not Tartu"):
            # the correction is said in the user's own frame, which the patterns read
            if not _LEAD.fullmatch(piece + " "):
                return None
    if not values:
        return None
    for value, starred in values:
        if starred:
            return value
    for value, _ in values:
        if SequenceMatcher(None, value.casefold(), old.casefold()).ratio() >= 0.6:
            return value
    cased = old[:1].isupper()
    for value, _ in values:
        if value[:1].isupper() == cased:
            return value
    return values[0][0]


_VALUE = r"[^,;:.!?—–*]+?"
# where a value said in a correction ends: a clause break, a dash, or the end
_ENDS = r"(?:[,;:.!?—–]|\s-\s|$)"
# "I said Esbjerg last time but it's Odense", "I wrote Tartu earlier, but I meant Ghent"
# how the right value is said after the wrong one: "it's X", "I meant X", or in the frame of
# its attribute ("... but my birthday is 14 June")
_RIGHT_FRAME = (
    r"(?:it's|it\s+is|it\s+was|it\s+should\s+be|i\s+meant|we\s+meant|actually"
    r"|(?:my|our)\s+[\w'’-]+(?:\s+[\w'’-]+)?\s+(?:is|was))\s+"
)
_SAID_BUT = re.compile(
    rf"\b(?:i|we)\s+(?:said|wrote|typed|put|told\s+you)\s+(?P<old>{_VALUE})"
    # what the value was for: "I told you June for my birthday - it's July"
    r"(?:\s+(?:for|as)\s+(?:my|our|the)\s+[\w'’-]+(?:\s+[\w'’-]+)?)?"
    r"(?:\s+(?:earlier|before|last\s+time|the\s+other\s+day|by\s+mistake))?"
    # "..., but I meant X", or the repair in a sentence of its own: "... . I meant X."
    r"(?:\s*,?\s+but\s+|\s*[.;—–]\s*|\s+-\s+)"
    rf"{_RIGHT_FRAME}(?:actually\s+|really\s+)?(?P<new>{_VALUE})\s*{_ENDS}",
    re.IGNORECASE,
)
# the same after a bare comma ("I told you Leeds last time, it's Leicester"), where both
# values must be names or numbers: "we said Friday, it's too late now" corrects nothing
_SAID_COMMA = re.compile(
    rf"\b(?:i|we)\s+(?:said|wrote|typed|put|told\s+you)\s+(?=(?-i:[A-Z\d]))(?P<old>{_VALUE})"
    r"(?:\s+(?:earlier|before|last\s+time|the\s+other\s+day|by\s+mistake))?\s*,\s*"
    rf"{_RIGHT_FRAME}(?:actually\s+|really\s+)?(?=(?-i:[A-Z\d]))(?P<new>{_VALUE})\s*{_ENDS}",
    re.IGNORECASE,
)
# "Bergen? no, Stavanger": the wrong value asked back, then the right one; the question
# may ask whether it was said, in the user's frame ("did I say I work at X?? no. Y")
_ASKED_BACK = re.compile(
    r"^\W*(?:(?:wait|hang\s+on|hold\s+on|hmm+|um+|er+m?|oh|oops)\W+)*"
    r"(?:(?:did|have)\s+i\s+(?:just\s+)?(?:say|said|write|wrote|type|typed|put|tell\s+you|told\s+you)"
    r"\s+(?:that\s+)?(?:(?:i|i'm|i\s+am|we|we're|my\s+[\w-]+(?:\s+is)?)\s+(?:[\w'-]+\s+){0,2}?"
    r"(?:at|in|for|with|from|to|as|is|a|an|the|on)\s+)?)?"
    rf"(?P<old>{_VALUE})\s*\?+\s*(?:no|nope|nah|not)\b[\s,.!—–-]*"
    rf"(?:(?:it's|it\s+is|i\s+meant)\s+)?(?P<new>{_VALUE})\s*{_ENDS}",
    re.IGNORECASE,
)


# "did I say Tarrow Mills last week? it's Penlow Mills": the speaker asks whether they said
# the wrong value, then gives the right one in a frame of its own (no "no" needed)
_SAID_ASKED = re.compile(
    r"\b(?:did|have)\s+i\s+(?:just\s+|really\s+)?(?:say|said|write|wrote|type|typed|put"
    r"|tell\s+you|told\s+you)\s+"
    rf"(?!(?:about|of|that|if|whether|so|anything|something)\b)(?P<old>{_VALUE})"
    r"(?:\s+(?:earlier|before|last\s+(?:week|time|month|night)"
    r"|the\s+other\s+day|yesterday|by\s+mistake))?\s*\?+\s*"
    r"(?:(?:no|nope|nah|oops|sorry|whoops)\W+)*"
    r"(?:it's|it\s+is|it\s+was|i\s+meant|that\s+should\s+be|should\s+be)\s+"
    rf"(?:actually\s+|really\s+)?(?P<new>{_VALUE})\s*{_ENDS}",
    re.IGNORECASE,
)


# what the typist adds after a corrected value: "Hull actually", "Odense then lol"
_AFTERWORD = re.compile(
    r"(?:\s+(?:actually|really|instead|then|lol|haha|sorry|soz|oops))+$", re.IGNORECASE
)


def stated_correction(text: str) -> tuple[str, str] | None:
    """``(new, old)`` when ``text`` alone says which value was wrong and which is right,
    whatever was said before ("I said Esbjerg last time but it's Odense", "Bergen? no,
    Stavanger"): the caller pairs ``old`` with a held value, in this batch or in the
    store (a correction in a later session).

    Example:
        >>> stated_correction("I said Esbjerg last time but it's Odense, sorry.")
        ('Odense', 'Esbjerg')
        >>> stated_correction("Bergen? no, Stavanger. I always mix them up")
        ('Stavanger', 'Bergen')
        >>> stated_correction("I said no but it's fine") is None
        True
        >>> stated_correction("wait, did I say Tarrow Mills yesterday? it's Penlow Mills")
        ('Penlow Mills', 'Tarrow Mills')
    """
    for pattern in (_SAID_BUT, _SAID_COMMA, _ASKED_BACK, _SAID_ASKED):
        if m := pattern.search(text.strip()):
            new = _AFTERWORD.sub("", m.group("new").strip())
            old = m.group("old").strip()
            if (
                new
                and old
                and len(new.split()) <= 4
                and len(old.split()) <= 4
                and not _NOT_A_CORRECTED_VALUE.search(new)
                and not _NOT_A_CORRECTED_VALUE.search(old)
                and new.casefold() != old.casefold()
                # asked back, the right value is spelled like the wrong one: a name for
                # a name ("did I say Tarrow Mills? it's lovely there" corrects nothing)
                and (pattern is not _SAID_ASKED or new[:1].isupper() == old[:1].isupper())
            ):
                return new, old
    return _unanchored(text)


# the wrong value as the words name it: after "not", or before "should have been"
_WRONG_NAMED = re.compile(
    r"(?:^|[\s,;:.!—–-])(?:not|rather\s+than|instead\s+of)\s+(?P<old>[^,;:.!?—–*]+?)\s*(?:[,;:.!?—–]|$)"
    r"|^\W*(?:(?:sorry|oops|typo|ugh|argh|wait)\W+)*(?P<old2>[^,;:.!?—–*]+?)\s+"
    r"(?:should\s+(?:have\s+been|be|read|say)|was\s+meant\s+to\s+be|was\s+a\s+typo|is\s+a\s+typo)\b",
    re.IGNORECASE,
)
# what marks a turn as a correction of the typist's own words
_FIX_CUE = re.compile(
    r"^\s*\*|\*\s*$|(?<=\w)\*(?=[\s,.!;:]|$)|\b(?:sorry|soz|oops|whoops|typo|autocorrect\w*|auto-correct\w*|fingers?|"
    r"keyboard|misspel\w*|mistyp\w*|my\s+bad|my\s+mistake|meant|correction|hang\s+on|"
    r"wait|argh|ugh|should\s+have\s+been|mix(?:ed)?\s+(?:those|them|these)\s+up)\b",
    re.IGNORECASE,
)


def _unanchored(text: str) -> tuple[str, str] | None:
    """``(new, old)`` from a turn that corrects the typist's own earlier words ("*X --
    typo, not Y", "sorry: not Y, X", "Y should have been X") with no earlier value to
    match: the wrong value is the one the words name. Only with a cue of a fix in the
    turn, so a choice said with "not" ("tea, not coffee, please") is no correction."""
    if not _FIX_CUE.search(text):
        return None
    for m in _WRONG_NAMED.finditer(text):
        old = _LEAD.sub("", (m.group("old") or m.group("old2") or "").strip()).strip()
        if (
            not old
            or len(old.split()) > 4
            or _NOT_A_CORRECTED_VALUE.search(old)
            or _SLIP.search(old)
        ):
            continue
        if pair := named_correction(text, [old]):
            return pair
    return None


def closest(new: str, said: list[str]) -> int:
    """The index in ``said`` of the value a bare correction ``new`` most likely replaces:
    the one spelled most like it ("Halbert Tech" for "Halberd Tech": a typo), else the
    latest said in the same case shape (a name for a name), else the latest.

    Example:
        >>> closest("Halbert Tech", ["Halberd Tech", "QA engineer"])
        0
        >>> closest("Lyon", ["Tartu", "data engineer"])
        0
        >>> closest("Lyon", ["Tartu", "Ghent"])
        1
    """
    from difflib import SequenceMatcher

    if not said:
        return -1
    scores = [SequenceMatcher(None, new.casefold(), v.casefold()).ratio() for v in said]
    best = max(range(len(said)), key=lambda i: (scores[i], i))
    if scores[best] >= 0.6:
        return best
    cased = new[:1].isupper()
    for i in range(len(said) - 1, -1, -1):
        if said[i][:1].isupper() == cased:
            return i
    return len(said) - 1


_ADVERB_LEAD = re.compile(r"^(?:actually|really|in\s+fact)\s+(?=[^\W\d_])", re.IGNORECASE)


# "I wrote Anvil by mistake", "i typed cashews earlier in error", "I accidentally said Leeds":
# the speaker owning a slip in what they said or wrote names the wrong value (#12)
_IN_ERROR = r"(?:by\s+mistake|in\s+error|by\s+accident|wrongly|mistakenly|accidentally)"
_SAID_IN_ERROR = re.compile(
    r"\b(?:i|we)\s+(?:(?:accidentally|mistakenly|wrongly)\s+)?"
    r"(?P<verb>wrote|typed|said|put(?:\s+down)?|told\s+you|gave\s+you|entered|mentioned)\s+"
    rf"(?P<old>{_VALUE})(?:\s+(?:earlier|before|last\s+time|there|above))?"
    rf"(?:\s+(?P<err>{_IN_ERROR}))?(?:\s+(?:lol|haha|sorry|soz|oops|tbh|ugh|again))*"
    r"\s*(?:[,;:.!?\u2014\u2013)]|$)",
    re.IGNORECASE,
)


def said_in_error(text: str, value: str) -> str | None:
    """The value ``text`` says the speaker wrote or said by mistake, when ``text`` also
    states ``value`` in its place ("my gym is Pumice Loft. I wrote Anvil by mistake."), or
    ``None``. The slip must be owned as one: a mistake adverb ("by mistake", "in error",
    "accidentally"), never a plain "I said X".

    Example:
        >>> said_in_error("my allergy is to hazelnuts - I typed cashews earlier by mistake",
        ...               "hazelnuts")
        'cashews'
        >>> said_in_error("I live in Leeds. I said Hull last time.", "Leeds") is None
        True
    """
    if not value or value in ("*",):
        return None
    for m in _SAID_IN_ERROR.finditer(text):
        adverb = m.group("err") or re.search(_IN_ERROR, m.group(0)[: m.start("verb") - m.start()])
        old = m.group("old").strip().strip("'\"‘’“”")
        if (
            adverb
            and old
            and len(old.split()) <= 4
            and old.casefold() != value.casefold()
            and value.casefold() not in old.casefold()
            and not _NOT_A_CORRECTED_VALUE.search(old)
            and value_in(text, value)
        ):
            return old
    return None


def value_in(text: str, value: str) -> bool:
    """``value`` occurs in ``text`` as whole words, in any case."""
    return re.search(rf"(?<![\w'’-]){re.escape(value)}(?![\w'’-])", text, re.IGNORECASE) is not None


def wrong_after(text: str, value: str) -> tuple[str, str] | None:
    """``(value, wrong)`` when ``text`` states ``value`` and names the value it replaces
    right after it ("my employer is actually Nimbus Row, not Nimbus Rail"): a correction
    with its attribute named. ``value`` comes back without a leading "actually".

    Example:
        >>> wrong_after("my employer is actually Nimbus Row, not Nimbus Rail — sorry",
        ...             "actually Nimbus Row")
        ('Nimbus Row', 'Nimbus Rail')
        >>> wrong_after("I eat fish, not meat", "fish") is None
        True
        >>> wrong_after("our town is Ilford, not Ilkley as I typed", "Ilford")
        ('Ilford', 'Ilkley')
    """
    clean = _ADVERB_LEAD.sub("", value.strip())
    if (old := said_in_error(text, clean)) is not None:
        return clean, old
    if not clean[:1].isupper():
        return None  # a name corrected, not a choice between kinds ("fish, not meat")
    m = re.search(
        rf"(?<![\w'’-]){re.escape(clean)}\s*,?\s+(?:not|rather\s+than|instead\s+of)\s+"
        rf"(?P<old>{_VALUE})\s*(?:[,;.!?—–]|$)",
        text,
        re.IGNORECASE,
    )
    if not m:
        return None
    old = without_own_clause(m.group("old"))
    if not old[:1].isupper() or len(old.split()) > 4 or old.casefold() == clean.casefold():
        return None
    return clean, old


# a clause of the speaker's after the wrong value: "not Ilford as I wrote", "not Ilford
# like I said earlier": the value ends where a subject pronoun starts a clause
_OWN_CLAUSE_AFTER = re.compile(
    r"\s+(?:(?:as|like|which|that|because|since|when|where)\s+)?(?:i|we|you)\b.*$",
    re.IGNORECASE | re.DOTALL,
)


# the last clause of a correction's right side and its copula: "I got my own job wrong -
# the title is X": X is the value the clause states (#12)
_PIECES = re.compile(r"[,;:.!?\u2014\u2013]+|\s+-{1,2}\s+")
_COPULA = re.compile(r"\b(?:is|are|was|were)\s+|(?<=\w)['’]s\s+", re.IGNORECASE)


def stated_value(said: str) -> str:
    """The value a correction's right side states when that side is a clause of its own
    with a copula ("the title is X", "the one we use is X"), else ``said``: the complement
    of the last piece's copula, so the value is not the clause's first word.

    Example:
        >>> stated_value("I got it wrong last time - the title is tram conductor")
        'tram conductor'
        >>> stated_value("the one we use is Leeds Bradford"), stated_value("Tartu")
        ('Leeds Bradford', 'Tartu')
    """
    pieces = [p for p in _PIECES.split(said) if p.strip()]
    if not pieces:
        return said
    last = pieces[-1].strip()
    copulas = list(_COPULA.finditer(last))
    if not copulas or (len(pieces) == 1 and len(said.split()) <= 4):
        return said
    value = last[copulas[-1].end() :].strip()
    value = re.sub(r"^(?:actually|really|in\s+fact)\s+", "", value, flags=re.IGNORECASE)
    return value if value and len(value.split()) <= 5 else said


# "ignore what I said before about X, the one we use is Y", "disregard what I told you
# about X — it's Y": the speaker sets a value they said aside and states the right one
_SET_ASIDE = re.compile(
    r"\b(?:ignore|disregard|scratch|strike|forget)\s+(?:what|everything|the\s+bit)\s+"
    r"(?:i|we)\s+(?:said|wrote|typed|told\s+you|put|mentioned)"
    r"(?:\s+(?:before|earlier|last\s+time|the\s+other\s+day|yesterday))?\s+about\s+"
    rf"(?P<old>{_VALUE})\s*(?:[,;:.!\u2014\u2013]|\s-\s)\s*(?P<new>[^.;!?\n]+)",
    re.IGNORECASE,
)


def set_aside(text: str) -> tuple[str, str] | None:
    """``(new, old)`` when ``text`` sets aside what the speaker said about a value and
    states the right one in the clause after it; ``None`` otherwise (a topic such as "my
    job" is no value, and a clause with no copula names no value).

    Example:
        >>> set_aside("ignore what I said before about Hull, the one we use is Leeds.")
        ('Leeds', 'Hull')
        >>> set_aside("ignore what I said about my job, I'm tired") is None
        True
    """
    m = _SET_ASIDE.search(text)
    if not m:
        return None
    old = m.group("old").strip()
    new = stated_value(m.group("new").strip())
    if (
        new == m.group("new").strip()
        or not old
        or len(old.split()) > 4
        or _NOT_A_CORRECTED_VALUE.search(old)
        or _NOT_A_CORRECTED_VALUE.search(new)
        or new.casefold() == old.casefold()
    ):
        return None
    return new, old


def without_own_clause(value: str) -> str:
    """A wrong value named in a correction without the speaker's clause after it.

    Example:
        >>> without_own_clause("Ilkley as I wrote"), without_own_clause("Ilkley")
        ('Ilkley', 'Ilkley')
    """
    return _OWN_CLAUSE_AFTER.sub("", value).strip() or value.strip()


_NAME = r"(?-i:(?P<name>[A-Z][\w'’&.-]*(?:\s+(?:of\s+|&\s+)?[A-Z][\w'’&.-]*)*))"
# "I'm a member of the Harrowgate Chess Society", "I sing in the Saltcote Community Choir"
_JOINED = (
    re.compile(
        rf"{_I}(?:(?:am|'m)\s+)?(?:a\s+)?(?:(?:proud|paid-up|paying|new)\s+)?member\s+"
        rf"(?:of|at)\s+(?:the\s+)?{_NAME}",
        re.IGNORECASE,
    ),
    re.compile(
        rf"{_I}(?:sing|play|perform|row|dance)\s+(?:\w+\s+)?(?:in|with|for)\s+(?:the\s+)?{_NAME}",
        re.IGNORECASE,
    ),
)


def joined(clause: str) -> list[tuple[str, str, str]]:
    """A group the user belongs to, by its name, when no typed rule read the clause: the
    value a later "I left the choir" / "cancelled my membership" ends.

    Example:
        >>> joined("I'm a member of the Quillfield Chess Society.")[0][:2]
        ('membership', 'Quillfield Chess Society')
        >>> joined("I'm a member of staff")
        []
    """
    said = _LEAD_IN.sub("", clause)
    m = next((m for p in _JOINED if (m := p.search(said))), None)
    if not m or not m.group("name"):
        return []
    name = m.group("name").strip(".")
    return [("membership", name, f"The user is a member of {name}.")]
