"""Explicit saves: what the user asked to be kept, read as a typed fact where one fits.

"Please remember ...", "note that ...", "don't forget I ...", "keep in mind ...", "save
this: ...", and the weaker "for future reference ...", "for the record ...", "fyi I ...",
"heads up, I ..." all say the user wants the rest kept. ``save_lead`` finds such a lead
(with the politeness and texting people put before it: "pls", "kindly", "ok one more
thing -", a typo in "remember"), and returns the words to keep.

What is kept is read by its verb frame, so it reaches the requests it bears on through the
always-on profile (``facts/profile.py``: constraints and routines are always sent):

* a dislike — "can't abide / can't bear X", "not a fan of X", "not keen on X";
* a constraint — a negated or restricted ability or habit: "I can't / never / won't /
  am unable to / can only ..."; keeping off something ("staying off X", "avoiding X"); a
  bare "no X" after its reason ("I'm a light sleeper, so no X"); a fear ("terrified of X");
* an intolerance — "sensitive to X", "I react badly to X", "X doesn't agree with me";
* a routine — a clause with a recurrence in it ("every Thursday", "on Monday nights",
  "weekdays", "Tue-Thu"), also when it has no subject ("lessons every Saturday at 10"), or
  a habit said by its adverb ("I'm always in bed by 10");
* otherwise a note, whose words are searchable (``RetrievalPolicy.note_floor``).

A save's dates are part of what is kept ("my passport expires in February 2027"), not when
it started to hold, and a plan the user asked to keep ("remember we're moving on the 14th")
is kept as a note that the plan exists (``policy.INTENTIONS``) — never as a current value
of any slot.

This module reads words only; ``rules.py`` turns its findings into candidates.

Example:
    >>> save_lead("pls remember i dont do dairy")
    'i dont do dairy'
    >>> [(s.predicate, s.object) for s in saved_specs("I really can't abide fennel")]
    [('dislike', 'fennel')]
    >>> [(s.predicate, s.object) for s in saved_specs("I pick the kids up at 3:15 every weekday")]
    [('routine', 'pick the kids up at 3:15 every weekday')]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from langmem_plus.facts import text_rules

__all__ = [
    "SavedSpec",
    "bare_lead",
    "normalise",
    "save_lead",
    "save_list",
    "saved_after",
    "saved_specs",
    "verb_phrase",
    "weak_lead",
]


@dataclass(frozen=True)
class SavedSpec:
    """One thing an explicit save keeps: ``said`` is the user's first-person words for it
    (``rules.third_person`` makes the fact's text from them)."""

    kind: str
    predicate: str
    object: str
    said: str
    verbal: bool = False
    """The value is what the user does or cannot do ("never flies ..."): the fact's text
    without its subject is the value, so it never reads as a command to the assistant."""


# ---------------------------------------------------------------- contractions typed bare

_BARE = (
    (r"\bim\b", "I'm"), (r"\bive\b", "I've"), (r"\bid\b(?=\s+(?:rather|prefer|like)\b)", "I'd"),
    (r"\bcant\b", "can't"), (r"\bdont\b", "don't"), (r"\bwont\b", "won't"),
    (r"\bdoesnt\b", "doesn't"), (r"\bdidnt\b", "didn't"), (r"\bisnt\b", "isn't"),
    (r"\barent\b", "aren't"), (r"\bshouldnt\b", "shouldn't"), (r"\bmustnt\b", "mustn't"),
    (r"\bcouldnt\b", "couldn't"), (r"\bi\b", "I"),
)  # fmt: skip
_BARE_RX = tuple((re.compile(p, re.IGNORECASE), r) for p, r in _BARE)


def normalise(text: str) -> str:
    """Typed-bare contractions with their apostrophe, curly quotes straight, "i" as "I".

    Example:
        >>> normalise("i cant do stairs, im fine")
        "I can't do stairs, I'm fine"
    """
    out = text.replace("’", "'")
    for rx, repl in _BARE_RX:
        out = rx.sub(repl, out)
    return out


# ---------------------------------------------------------------------------- the leads

_OPENER = (
    r"(?:(?:ok(?:ay)?|so|oh|ah|and|also|hey|hi|right|one more thing|one last thing|"
    r"last thing|quick one|before i forget|while i remember|btw|by the way|for next time|"
    r"for the future|going forward)[\s,.!:;—–-]+)*"
)
# politeness, and the insistence people put before a keep verb ("always remember", "do
# note", "make sure you remember")
_POLITE = (
    r"(?:(?:please|pls|plz|plse|kindly|just|also|always|do|definitely|really|seriously"
    r"|absolutely|make\s+sure(?:\s+(?:you|u|to))?)[\s,]+)*"
)
_ASK = (
    r"(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+|kindly\s+)?|"
    r"i\s+(?:want|need)\s+you\s+to\s+|i'd\s+like\s+you\s+to\s+)?"
)
_KEEP_VERB = (
    r"(?:memori[sz]e|note(?:\s+down)?|make\s+a\s+note(?:\s+of)?|"
    r"take\s+(?:a\s+)?note(?:\s+of)?|keep\s+in\s+mind|bear\s+in\s+mind|"
    r"(?:don't|do\s+not|never)\s+forget|"
    # "don't let me forget: ...", "don't let me forget that ..."
    r"(?:don't|do\s+not|never)\s+let\s+(?:me|us)\s+forget|add\s+to\s+(?:my\s+)?(?:notes|memory)|"
    r"(?:save|store|log|record|file)(?=\s+that\b)|(?:don't|do\s+not|never)\s+let\s+(?:it|this|that)"
    r"\s+slip|(?P<rem>r[a-z]{3,9}))"
)
_KEEP_TAIL = (
    r"(?:\s+(?:of|that|this\s+(?:one|bit|too|as well)|this|the fact that|"
    r"for (?:next time|later|the future|future reference)|"
    r"for (?:all |any |every )?(?:future|later) "
    r"(?:requests|bookings|trips|chats|conversations|plans)|"
    r"(?:to|in|into|on|for) (?:your |my )?(?:memory|file|notes|records)|"
    r"for me|going forward|from now on|please|pls))*"
)
_TAIL_ONLY = re.compile(rf"^{_KEEP_TAIL}[\s:,\-–—.!]*$", re.IGNORECASE)
_STRONG = re.compile(
    rf"^\s*{_OPENER}{_POLITE}{_ASK}{_KEEP_VERB}{_KEEP_TAIL}\s*(?:->|=>|[:,\-–—])?\s+(?P<rest>\S.*?)\s*$",
    re.IGNORECASE | re.DOTALL,
)
_KEEP_THIS = re.compile(
    rf"^\s*{_OPENER}{_POLITE}(?:save|store|keep|file|log|jot|jot down|write down|note down|"
    r"write|record|bookmark|hang on to|hold on to|hold onto|don't lose|do not lose|"
    r"don't lose track of|do not lose track of|make a note of|add|put|commit|stick|stash)\s+"
    r"(?:(?:this|that|the following|it)(?:\s+(?:preference|rule|one|bit|detail|info))?"
    r"(?=\s*[:\-–—]|\s+(?:away|down|for|on|to|in|into|somewhere|please)\b)"
    r"|(?=(?:to|in|into|on)\s+(?:your\s+|my\s+)?(?:memory|file|notes|records)\b))"
    r"(?:\s+(?:away|down|for (?:later|next time|the future|me)|on file|somewhere|safe|please|"
    r"(?:to|in|into|on) (?:your |my )?(?:memory|file|notes|records)))*"
    r"\s*[:\-–—]\s*(?P<rest>\S.*?)\s*$",
    re.IGNORECASE | re.DOTALL,
)
# A keep verb straight before a colon ("please save: I take my coffee black"): a save only
# of what is about the user ("save: 20% on shoes today" is an advert, "keep: calm" a slogan).
_KEEP_BARE = re.compile(
    rf"^\s*{_OPENER}{_POLITE}(?:save|store|keep|bookmark)\s*:\s*(?P<rest>\S.*?)\s*$",
    re.IGNORECASE | re.DOTALL,
)
# "Note:", "Reminder:", "Note for the future:", "Things to remember:", "Stuff to keep in
# mind -": a short label that names keeping, then a colon or a dash.
_LABEL = re.compile(
    rf"^\s*{_OPENER}(?P<label>[^:\n.!?]{{0,40}}?\b(?:remember|note|notes|reminder|memo|"
    r"keep in mind|bear in mind|for later|for the future|for future reference|for the record|"
    r"for your records|don't forget|memory|(?:my|our|the\s+user's|user's|user|standing|house)"
    r"\s+(?:[\w-]+\s+)?(?:rules?|preferences?|constraints?|requirements?|polic(?:y|ies)))\b"
    r"[^:\n.!?]{0,20}?)\s*(?:[:—–]|-+>|=>)\s*(?P<rest>\S.*?)\s*$",
    re.IGNORECASE | re.DOTALL,
)
# Weaker leads: they say "worth keeping" only about the user ("fyi I ...", not "fyi the
# train is late").
_WEAK = re.compile(
    rf"^\s*{_OPENER}(?:for (?:future )?reference|for the record|for your (?:information|info)|"
    r"fyi|f\.y\.i\.|heads[- ]up|just so you(?:'re aware| know| have it)|so you know|"
    r"so you have it|for your records|you should know(?: that)?|good to know|"
    r"worth knowing)\b\s*[:,\-–—.!]?\s*(?P<rest>\S.*?)\s*$",
    re.IGNORECASE | re.DOTALL,
)
# A save said after what it keeps, pointing back at it: "... Please store this in memory.",
# "... keep that in mind going forward, yeah?", "... remember that for me".
_POINT_BACK = (
    rf"{_OPENER}{_POLITE}{_ASK}"
    r"(?:(?:remember|note|store|save|keep|log|file|record|memori[sz]e)\s+(?:this|that|it)"
    r"(?:\s+(?:in|to|into|on)\s+(?:your\s+|my\s+)?(?:memory|mind|notes|file|records))?"
    r"|(?:keep|bear)\s+(?:this|that|it)\s+in\s+mind|(?:don't|do\s+not)\s+forget\s+(?:this|that|it))"
    r"(?:[\s,]+(?:going\s+forward|from\s+now\s+on|for\s+(?:later|next\s+time|the\s+future|me)"
    r"|please|pls|ok(?:ay)?|yeah|yes|thanks|ta|cheers))*\W*$"
)
_STRONG_TAIL = re.compile(
    rf"^(?P<rest>.*?[^\s.!?,;:—–-])\s*[.!?,;:—–-]+\s*{_POINT_BACK}", re.IGNORECASE | re.DOTALL
)
_SAVED_AFTER = re.compile(rf"^\s*[.!?,;:—–-]*\s*{_POINT_BACK}", re.IGNORECASE | re.DOTALL)


def saved_after(after: str) -> bool:
    """True when the words after a clause, to the end of the message, only ask to keep
    what came before ("... Please store this in memory.", "... keep that in mind going
    forward, yeah?"): the clause is an explicit save.

    Example:
        >>> saved_after(". Please store this in memory."), saved_after(". keep that in mind, ok?")
        (True, True)
        >>> saved_after(". I'll note that."), saved_after(", and I keep bees")
        (False, False)
    """
    return bool(after.strip()) and _SAVED_AFTER.match(after.replace("’", "'")) is not None


_WEAK_TAIL = re.compile(
    r"^(?P<rest>.*?\S)[\s,;—–-]+(?:for (?:future )?reference|for the record|fyi|"
    r"just so you know|for later|for next time)\W*$",
    re.IGNORECASE | re.DOTALL,
)
# A lead that says the words are for later is a request to keep them, however casual
# ("fyi for the future, ...", "for future reference: ..."), never only news.
_FUTURE = re.compile(
    r"^\W*(?:for\s+(?:the\s+)?future(?:\s+reference)?|going\s+forward|from\s+now\s+on"
    r"|for\s+next\s+time)\b[\s,:;—–-]*",
    re.IGNORECASE,
)
_ABOUT_USER = re.compile(r"\b(?:i|i'm|i've|i'd|me|my|mine|we|we're|our|us)\b", re.IGNORECASE)
_REMEMBER = "remember"
_INFLECTED = frozenset({"remembers", "remembered", "remembering", "remembrance"})


def _near(word: str, target: str = _REMEMBER) -> bool:
    """``word`` is ``target`` typed with at most two slips (a letter left out, doubled,
    swapped or wrong), and not one of its inflections ("remembered" tells a memory)."""
    w = word.casefold()
    if w == target:
        return True
    if w in _INFLECTED or not w or w[0] != target[0]:
        return False
    prev2: list[int] | None = None
    prev = list(range(len(target) + 1))
    for i, a in enumerate(w, 1):
        row = [i]
        for j, b in enumerate(target, 1):
            cost = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a != b))
            if prev2 is not None and i > 1 and j > 1 and a == target[j - 2] and w[i - 2] == b:
                cost = min(cost, prev2[j - 2] + 1)
            row.append(cost)
        prev2, prev = prev, row
    return prev[-1] <= 2


def save_lead(text: str) -> str | None:
    """The words to keep when ``text`` opens (or, for a weak lead, ends) with a lead that
    asks to keep them; ``None`` otherwise.

    Example:
        >>> save_lead("Kindly make a note that I am unable to attend meetings before 10.")
        'I am unable to attend meetings before 10.'
        >>> save_lead("plz remeber i hate capers"), save_lead("Note: coconut is out for me.")
        ('i hate capers', 'coconut is out for me.')
        >>> save_lead("fyi I swim on Mondays"), save_lead("fyi the train is late") is None
        ('I swim on Mondays', True)
        >>> save_lead("I remember the old office") is None
        True
    """
    m = _lead(text)[0]
    if m is None:
        return None
    rest = text[m.start("rest") : m.end("rest")]  # the user's own characters (the quote)
    if _TAIL_ONLY.match(" " + rest):
        return None  # "Note for later —": the lead alone, what to keep comes after it
    if re.match(r"^\W*(?:can|could|would|will)\s+(?:you|u)\b", m.group(0), re.IGNORECASE):
        # a polite request, not a question about the fact ("...? ta" too)
        rest = _POLITE_TAIL.sub("", rest).rstrip(" ?")
    rest = _FUTURE.sub("", rest)  # "fyi for the future, ...": when, not what
    rest = rest.strip(" ,;:-—–")
    inner, weak_inner = _lead(rest)
    if inner is not None and not weak_inner and rest != text:
        # leads stack ("For future reference, kindly note that ..."): the innermost words
        return save_lead(rest) or rest or None
    return rest or None


def save_list(text: str) -> bool:
    """True when ``text`` opens with a save lead that ends in a colon or a dash ("Things to
    remember: ...", "Please note - ..."): every clause after it is kept, not only the first.

    Example:
        >>> save_list("Couple of things to remember: I hate figs, I work Sundays")
        True
        >>> save_list("Please remember I hate figs and I work Sundays")
        False
    """
    m, weak = _lead(text)
    return m is not None and not weak and bool(re.search(r"[:—–-]\s*$", text[: m.start("rest")]))


def bare_lead(before: str) -> bool:
    """True when a clause is under a save lead the clause splitter cut from it: the words
    before it in its sentence end with a lead standing alone ("Please remember — "), or open
    with a strong lead and reach it across a dash ("Remember I'm a night owl — ").

    Example:
        >>> bare_lead("Please remember — "), bare_lead("I was saying — "), bare_lead("")
        (True, False, False)
        >>> bare_lead("remember I work nights — "), bare_lead("fyi I work nights — ")
        (True, False)
    """
    piece = re.split(r"[.!?\n]\s", before.rstrip())[-1].strip()
    if not piece or not re.search(r"[:—–-]$", piece):
        return False
    probe = f"{piece} x"
    if save_list(probe) and save_lead(probe) == "x":
        return True
    return save_lead(piece) is not None and not weak_lead(piece)


def weak_lead(text: str) -> bool:
    """True when ``text`` opens with a weak lead ("fyi", "for the record", "heads up"):
    what follows is kept only when a frame types it (a dislike, a constraint, a routine),
    never as a note ("fyi my flight got cancelled" is news, not something to keep).

    Example:
        >>> weak_lead("fyi I swim on Mondays"), weak_lead("remember I swim on Mondays")
        (True, False)
    """
    return _lead(text)[1]


def _lead(text: str) -> tuple[re.Match[str] | None, bool]:
    said = text.replace("’", "'")  # one character for one: offsets stay the same
    for rx in (_KEEP_THIS, _STRONG):
        m = rx.match(said)
        if m and (rx is _KEEP_THIS or m.group("rem") is None or _near(m.group("rem"))):
            return m, False
    if (m := _LABEL.match(said)) and len(m.group("label").split()) <= 6:
        return m, False
    if (m := _KEEP_BARE.match(said)) and _ABOUT_USER.search(m.group("rest")):
        return m, False
    if m := _STRONG_TAIL.match(said):
        return m, False
    m = _WEAK.match(said) or _WEAK_TAIL.match(said)
    if m and re.search(r"\b(?:future|records|have it)\b", said[: m.start("rest")], re.I):
        # "for future reference ...", "for your records, ...", "so you have it: ...": for
        # later, so kept
        return m, False
    if m and _FUTURE.match(m.group("rest")):
        return m, False
    if m and _ABOUT_USER.search(m.group("rest")):
        return m, True
    return None, False


# ---------------------------------------------------------------------------- the frames

_SUBJ = r"^\W*(?:i|we)"
_ADV = r"(?:\s+(?:really|truly|just|honestly|absolutely|totally|simply|genuinely|still|also|" \
       r"always|generally|usually|normally|typically|literally|seriously))*"  # fmt: skip
# words that open a sentence without being its subject ("honestly, X is ...")
_DISCOURSE = (
    r"(?:(?:honestly|frankly|tbh|ngl|seriously|literally|and|but|so|also|oh|ok|okay|well)"
    r"[\s,]+)*"
)
_DISLIKE = re.compile(
    rf"{_SUBJ}{_ADV}\s+(?:(?:can't|cannot|can not|couldn't)\s+(?:stand|abide|bear|stomach|"
    r"tolerate|handle|deal with|face)|hate|loathe|detest|despise|dislike|abhor|"
    r"(?:don't|do not|never)\s+(?:like|enjoy|care for|fancy|get on with))\s+(?P<o>.+)"
    rf"|^\W*i(?:'m|\s+am){_ADV}\s+(?:not|no)\s+(?:(?:really|exactly|much of|a|the|big|huge|"
    r"great|biggest)\s+)*(?:fan|lover|fond|keen|big|into|partial)\b(?:\s+(?:of|on|to))?\s+(?P<o2>.+)"
    rf"|^\W*{_DISCOURSE}(?P<o3>[^\W\d][\w'-]*(?:\s+[\w'-]+){{0,3}}?)\s+(?:is|are)(?:n't|\s+not)\s+"
    r"(?:really\s+)?(?:for me|my thing|my cup of tea)\b"
    # an aversion said by its evaluation (the frame's words, never the thing's): "I find X
    # revolting", "X is my idea of hell", "X are a hard no from me", "X is the one food I
    # won't touch", "I can't sit through X"
    rf"|{_SUBJ}{_ADV}\s+find\s+(?P<o4>[^,;.!?]+?)\s+(?:(?:really|utterly|totally|just|so|pretty"
    r"|absolutely|quite)\s+)*(?:revolting|disgusting|gross|vile|repulsive|repellent|unbearable"
    r"|intolerable|awful|horrible|horrid|nauseating|off-putting|inedible|unwatchable"
    r"|insufferable|dreadful|grim)\b"
    rf"|^\W*{_DISCOURSE}(?P<o5>[^\W\d][\w'-]*(?:\s+[\w'-]+){{0,3}}?)\s+(?:is|are|'s)\s+(?:(?:my|our)\s+"
    r"idea\s+of\s+(?:hell|torture|a\s+nightmare)|(?:pure\s+|absolute\s+)?(?:hell|torture"
    r"|a\s+nightmare)\s+(?:for|to)\s+me)\b"
    rf"|^\W*{_DISCOURSE}(?P<o6>[^\W\d][\w'-]*(?:\s+[\w'-]+){{0,3}}?)\s+(?:is|are|'s|'re)\s+(?:a\s+)?"
    r"(?:(?:hard|big|firm|definite|solid|flat)\s+)?(?:no|nope|pass|no-go)\s+(?:from|for)\s+me\b"
    rf"|^\W*{_DISCOURSE}(?P<o7>[^\W\d][\w'-]*(?:\s+[\w'-]+){{0,3}}?)\s+(?:is|are)\s+the\s+(?:one|only)\s+"
    r"[\w-]+\s+(?:i|we)\s+(?:won't|will\s+not|can't|cannot|don't|do\s+not|never|refuse\s+to)"
    r"\s+[\w-]+"
    rf"|{_SUBJ}{_ADV}\s+(?:can't|cannot|can\s+not|couldn't)\s+(?:sit\s+through|be\s+doing\s+with"
    r"|get\s+on\s+with|put\s+up\s+with)\s+(?P<o8>.+)",
    re.IGNORECASE,
)
_FEAR = re.compile(
    rf"^\W*i(?:'m|\s+am){_ADV}\s+(?P<o>(?:terrified|scared|afraid|frightened|petrified|phobic|"
    r"wary|nervous)\s+(?:of|about)\s+.+)",
    re.IGNORECASE,
)
_INTOLERANCE = re.compile(
    rf"^\W*i(?:'m|\s+am){_ADV}\s+(?:sensitive|intolerant|reactive|allergic)\s+(?:to|of)\s+(?P<o>.+)"
    rf"|{_SUBJ}{_ADV}\s+react(?:\s+(?:badly|poorly|strongly))?\s+to\s+(?P<o2>.+)"
    r"|^\W*(?P<o3>[^\W\d][\w'-]*(?:\s+[\w'-]+){0,3}?)\s+(?:doesn't|does not|don't|do not|never)"
    r"\s+agrees?\s+with\s+me\b",
    re.IGNORECASE,
)
# Keeping off something, now or for a while: "I'm staying off alcohol", "avoiding gluten".
_GOING_WITHOUT = re.compile(
    rf"^\W*i(?:'m|\s+am){_ADV}\s+(?P<o>(?:trying\s+to\s+|going\s+to\s+)?(?:staying|stay|keeping|"
    r"keep)\s+(?:off|away\s+from)\s+.+|(?:trying\s+to\s+)?(?:avoiding|avoid|giving\s+up|give\s+up|"
    r"going\s+without|go\s+without|off)\s+.+)",
    re.IGNORECASE,
)
# "..., so no rooms near the lift": a bare negative noun phrase after the reason for it.
_NONE_OF = re.compile(r"^\W*(?:so\s+|and\s+)?(?:no|never\s+any)\s+[^\W\d]", re.IGNORECASE)
# A restriction said without a verb: a negative quantifier opening the words ("nothing
# before noon", "no calls after 8", "never anything spicy"), a focus on what alone is
# allowed ("trains only", "only window seats"), or a bound ("at most two hours").
_RESTRICTION = re.compile(
    r"^\W*(?:(?:so|and|but|hence|which means|meaning|therefore)\s+)?(?:(?:no|nothing|none|"
    r"never|nobody|no one|zero|don't|do not|dont)\b|not\s+(?:before|after|earlier|later|more|"
    r"less|on|until)\b)"
    r"|\bonly\b|\b(?:at most|at the latest|no more than|no later than|no earlier than)\b"
    r"|\b(?:under|below|less than|up to|within|max(?:imum)?|tops)\s+(?:[£$€]?\d|(?:one|two|three"
    r"|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|fifty|sixty"
    r"|seventy|eighty|ninety|a\s+hundred|hundred)\b)",
    re.IGNORECASE,
)
_NOT_A_RESTRICTION = re.compile(
    r"^\W*(?:(?:so|and|but)\s+)?(?:no\s+(?:worries|problem|prob|rush|idea|clue|biggie|"
    r"pressure|thanks)|not\s+sure|nothing\s+(?:else|much|special|new))\b"
    r"|\b(?:not only|if only|only just|the only)\b",
    re.IGNORECASE,
)
# The part of a rule that says when the assistant is to apply it ("... when you plan my
# days", "... whenever you suggest a route"): the scope of the rule, not what it rules.
_ADDRESSEE_SCOPE = re.compile(
    r"\s*,?\s+(?:when|whenever|if|any\s*time|each time|every time)\s+(?:you|u)\b.*$",
    re.IGNORECASE | re.DOTALL,
)
# "X = absolutely not", "X: never", "X is a no-go", "X's off-limits": the thing first, then
# a negative verdict on it
_VERDICT = re.compile(
    r"^\W*(?P<o>[^\W\d][\w'-]*(?:\s+[\w'-]+){0,3}?)\s*(?:=|:|\s(?:is|are)|'s|’s)\s*"
    r"(?:(?:absolutely|definitely|totally|strictly|a\s+(?:hard|firm|big)|an?)\s+)*"
    r"(?:not|no|never|nope|no-go|no\s+go|off-limits|off\s+limits|off\s+the\s+(?:table|menu)|"
    r"out|banned|forbidden|verboten|a\s+no)\b",
    re.IGNORECASE,
)
# A habit said by its adverb: "I'm always in bed by 10", "I normally have lunch at 12:30".
_HABIT = re.compile(
    rf"{_SUBJ}(?:'m|'re|\s+am|\s+are)?\s+(?:always|usually|normally|typically|generally|mostly|"
    r"regularly|often)\b",
    re.IGNORECASE,
)
_CONSTRAINT = re.compile(
    rf"{_SUBJ}{_ADV}(?P<o>(?:'m|\s+am)\s+(?:not\s+able|unable|not\s+allowed|forbidden)\s+to\s+.+|"
    r"\s+(?:can't|cannot|can not|couldn't|don't|do not|never|won't|will not|must not|mustn't|"
    r"shouldn't|should not|can only|only|need to|have to|must|have got to|avoid)\s+.+)",
    re.IGNORECASE,
)
# "I never said that", "I never went there": a past event, not a standing constraint.
_PAST = re.compile(
    r"^\s*(?:never|don't|do not|can't|cannot|won't|only|avoid)\s+(?:[a-z]+ed|said|went|was|were|"
    r"had|did|got|told|thought|saw|made|knew|took|came|gave|left|met|ate|drank|wrote|broke|found|"
    r"heard|paid|sent|sold|bought|brought|spoke|forgot)\b",
    re.IGNORECASE,
)
_DAYNAME = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_DAY = rf"(?:{_DAYNAME}|mon|tues|tue|wed|thurs|thur|thu|fri|sat|sun)"
_UNIT = (
    rf"(?:morning|afternoon|evening|night|day|weekday|weekend|workday|week|fortnight|month|"
    rf"year|{_DAY})"
)
RECURRENCE = re.compile(
    rf"\b(?:every|each)\s+(?:other\s+|single\s+|second\s+|\d+\s+)?{_UNIT}s?\b"
    rf"|\bon\s+(?:weekdays|weekends|weeknights)\b|\b{_DAYNAME}s\b"
    rf"|\bon\s+{_DAYNAME}\s+(?:mornings|afternoons|evenings|nights|lunchtimes)\b"
    r"|\b(?:daily|nightly|weekly|fortnightly|monthly|weekdays|weeknights|at weekends)\b"
    r"|\b(?:once|twice|three times|\d+\s+times)\s+(?:a|per|every)\s+(?:day|week|month|year)\b"
    rf"|\b{_DAY}\.?\s*(?:-|–|to|through|thru|till|until)\s*{_DAY}\b"
    # a habit anchored to a point of the day ("before bed", "after lunch", "first thing")
    r"|\b(?:before|after)\s+(?:bed|bedtime|breakfast|lunch|dinner|supper|work|school)\b"
    r"|\bat\s+bedtime\b|\bfirst\s+thing\s+in\s+the\s+morning\b",
    re.IGNORECASE,
)
_SEGMENT = re.compile(r"\s*(?:[,;]|\s-\s|—|–|\band\b|\bbut\b)\s*", re.IGNORECASE)
_LEAD_SUBJ = re.compile(
    r"^\W*(?:i|we)(?:'m|'re|\s+am|\s+are|(?:'ve|\s+have)\s+got)?\s+(?P<rest>.+)$", re.IGNORECASE
)


def _clean(value: str) -> str:
    value = re.sub(r"\s+", " ", value)
    return value.strip(" .!?,;:-—–\"'“”")


def _cut(value: str) -> str:
    """A value up to a clause break (a comma, "because", "so", "but", an emoji)."""
    value = re.split(r"[^\w\s'’.&+/()@:-]|\s*[,;]\s*|\s+(?:because|since|as|but|so|cause|cos)\s+",
                     value, maxsplit=1)[0]  # fmt: skip
    return _clean(value)


_COPULA_SUBJECT = re.compile(
    r"^\W*(?:my|our)\s+(?P<np>[^\W\d][\w'-]*(?:\s+[^\W\d][\w'-]*){0,3}?)\s+(?:is|are|was|were)\b",
    re.IGNORECASE,
)


def _routine(segment: str, clause: str = "") -> SavedSpec | None:
    """The routine a segment with a recurrence in it states. A segment without a subject
    ("lessons every Saturday at 10") means something only with the clause it is in: it
    takes the subject of the clause's copula ("my piano teacher is ...") as its topic."""
    seg = _clean(segment)
    if not seg or not (RECURRENCE.search(seg) or _HABIT.match(seg)):
        return None
    if m := _LEAD_SUBJ.match(seg):
        return SavedSpec("fact", "routine", _clean(m.group("rest")), seg, verbal=True)
    if seg != _clean(clause) and (m := _COPULA_SUBJECT.match(clause)):
        seg = f"{seg} ({m.group('np')})"
    return SavedSpec("fact", "routine", seg, f"I have {seg}")


# The thing first, then how it strikes the user's senses: "coriander tastes like soap to
# me", "fennel makes me gag", "the smell of X turns my stomach"
_SENSED = re.compile(
    r"^\W*(?:the\s+(?:taste|smell|texture)\s+of\s+)?(?P<o>[^\W\d][\w'-]*(?:\s+[\w'-]+){0,3}?)\s+"
    r"(?:(?:tastes?|smells?|feels?)\s+(?:like\s+[\w'-]+|awful|horrible|disgusting|vile|gross|"
    r"foul|revolting|wrong)\b|(?:makes?|make)\s+me\s+(?:gag|retch|heave|wince|shudder)\b|"
    r"(?:turns?|turn)\s+my\s+stomach\b)",
    re.IGNORECASE,
)
# A thing the user or their place lacks: "my flat has no lift", "our car hasn't got a roof
# rack", "the house has no garden" — a limit on what fits them
_LACKS = re.compile(
    r"^\W*(?:my|our|the)\s+[^\W\d][\w'-]*(?:\s+[\w'-]+){0,2}?\s+(?:has|have)\s*(?:no|n't\s+got"
    r"|not\s+got)\b",
    re.IGNORECASE,
)


# "it's no dairy for me", "that's a no to X": a dummy subject before the restriction
_DUMMY = re.compile(
    r"^\W*(?:it's|it\s+is|it'll\s+be|that's|that\s+is)\s+(?=(?:no|never|nothing|only)\b)",
    re.IGNORECASE,
)
# What the user wants, said by a verb of wanting with a thing (never "to <verb>", a plan):
# "I'd like a seat near the front", "we always want a quiet room", "I need a desk by a
# window". In an explicit save it is a standing preference, always sent.
_WANTS = re.compile(
    r"^\W*(?:i|we)(?:'d|\s+would)?(?:\s+(?:really|always|usually|much|definitely|just))*\s+"
    r"(?:like|prefer|want|need|rather\s+have|insist\s+on)\s+"
    r"(?!to\b|you\b|u\b|it\b|that\b|this\b)(?P<o>[^\W\d].+)",
    re.IGNORECASE,
)
# An ultimatum: the thing, then "or" and what the user does without it ("aisle seat or I
# riot", "quiet rooms or else", "window seat or nothing"): the thing is a must.
_ULTIMATUM = re.compile(
    r"^(?!\W*(?:i|we|you|u)\b)\W*(?P<o>[^\W\d][^,;]*?)\s*,?\s+or\s+"
    r"(?:else\b|nothing\b|bust\b|i\b|i'll\b|i'm\b|we\b|we'll\b)",
    re.IGNORECASE,
)


# A condition said by its noun: "I have an allergy to X", "we've got a mild intolerance to
# X", "X allergy!! important", "a serious X intolerance" (the relation nouns only)
_CONDITION_NOUN = r"(?P<n>allerg(?:y|ies|ic\s+reactions?)|intolerances?)"
_HAS_CONDITION = re.compile(
    rf"{_SUBJ}(?:'ve|\s+have|\s+had|\s+get)?(?:\s+got)?\s+(?:an?\s+)?(?:[\w-]+\s+)?{_CONDITION_NOUN}"
    r"\s+(?:to|with)\s+(?P<o>.+)",
    re.IGNORECASE,
)
_BARE_CONDITION = re.compile(
    rf"^\W*(?:(?:an?|my)\s+)?(?:(?:serious|severe|mild|bad|real)\s+)?"
    rf"(?P<o>[^\W\d][\w'-]*(?:\s+[^\W\d][\w'-]*)?)\s+{_CONDITION_NOUN}\b",
    re.IGNORECASE,
)
_CONDITION_PREDICATE = {"allerg": "allergy", "intole": "intolerance"}


def _condition(clause: str) -> SavedSpec | None:
    """An allergy or an intolerance said by its noun (``_HAS_CONDITION``,
    ``_BARE_CONDITION``): a safety constraint, typed so it is always sent."""
    m = _HAS_CONDITION.match(clause) or _BARE_CONDITION.match(clause)
    if m is None or not (value := _cut(m.group("o"))):
        return None
    if value.casefold() in ("it", "that", "this", "the", "an", "a", "my", "no", "any"):
        return None
    predicate = _CONDITION_PREDICATE[m.group("n")[:6].casefold()]
    said = f"I'm allergic to {value}" if predicate == "allergy" else f"I'm intolerant to {value}"
    return SavedSpec("fact", predicate, value, said)


def _typed(clause: str) -> SavedSpec | None:
    clause = _DUMMY.sub("", clause)
    if found := _condition(clause):
        return found
    if (m := _ULTIMATUM.match(clause)) and (value := _cut(m.group("o"))):
        return SavedSpec("preference", "prefers", value, f"I insist on {value}")
    if (m := _SENSED.match(clause)) and (value := _cut(m.group("o"))):
        return SavedSpec("preference", "dislike", value, f"I dislike {value}")
    if _LACKS.match(clause):
        said = _clean(_POLITE_TAIL.sub("", _ADDRESSEE_SCOPE.sub("", clause)))
        return SavedSpec("fact", "constraint", said, said)
    if m := _DISLIKE.search(clause):
        value = _cut(next((g for g in m.groups() if g), ""))
        if value:
            return SavedSpec("preference", "dislike", value, f"I dislike {value}")
    if m := _INTOLERANCE.search(clause):
        value = _cut(m.group("o") or m.group("o2") or m.group("o3") or "")
        if value:
            return SavedSpec("fact", "intolerance", value, f"I'm sensitive to {value}")
    if m := _GOING_WITHOUT.search(clause):
        return SavedSpec("fact", "constraint", _cut(m.group("o")), _clean(clause), verbal=True)
    if m := _FEAR.search(clause):
        value = _cut(m.group("o"))
        return SavedSpec("fact", "constraint", value, f"I'm {value}")
    if (m := _CONSTRAINT.search(clause)) and not _PAST.match(m.group("o")):
        said = _clean(clause)
        value = _clean(m.group("o"))
        if value.startswith("'m"):
            value = "am" + value[2:]
        return SavedSpec("fact", "constraint", value, said, verbal=True)
    if (m := _WANTS.match(clause)) and not RECURRENCE.search(clause):  # else a routine
        value = _cut(_POLITE_TAIL.sub("", _ADDRESSEE_SCOPE.sub("", m.group("o"))))
        if value and text_rules.content_terms(value):
            said = _clean(_POLITE_TAIL.sub("", _ADDRESSEE_SCOPE.sub("", clause)))
            return SavedSpec("preference", "prefers", value, said)
    for part in _SEGMENT.split(clause)[1:]:
        if part and _NONE_OF.match(part):  # the reason and what it rules out, together
            said = _clean(_ADDRESSEE_SCOPE.sub("", clause))  # not "... when you book"
            return SavedSpec("fact", "constraint", said, said)
    return _restriction(clause) or _routine(clause)


def _restriction(clause: str) -> SavedSpec | None:
    """A rule the user sets without a verb of their own: "graveyard shifts, so nothing
    before noon when you plan my day" keeps "nothing before noon" (the reason stays in the
    fact's words, the assistant-facing scope "when you ..." does not).

    Example:
        >>> s = _restriction("night shifts for me, so nothing before noon when you plan my week")
        >>> s.object, s.said
        ('nothing before noon', 'night shifts for me, so nothing before noon')
        >>> _restriction("no worries, I'll sort it") is None
        True
    """
    said = _clean(_POLITE_TAIL.sub("", _ADDRESSEE_SCOPE.sub("", clause)))
    if m := _VERDICT.match(said):
        value = _cut(m.group("o"))
        if value and value.casefold() not in ("it", "that", "this", "which", "there"):
            return SavedSpec("fact", "constraint", f"no {value}", f"I avoid {value}")
    rules = []
    for part in re.split(r"\s*(?:[,;]|\s-\s|—|–)\s*", said):
        part = _clean(part)
        if part and _RESTRICTION.search(part) and not _NOT_A_RESTRICTION.search(part):
            value = _clean(_POLITE_TAIL.sub("", _CONSEQUENCE.sub("", part)))
            if text_rules.content_terms(value):
                rules.append((bool(_CONSEQUENCE.match(part)), value))
    if not rules:
        return None
    # "no licence, so trains only": what follows "so" is the rule, the rest its reason
    consequence, value = next(((c, v) for c, v in rules if c), rules[0])
    if consequence and _ANAPHOR.search(value):
        # "I've got choir on Thursdays, so don't book anything then": the rule points back
        # at its reason, so the reason is part of what is kept
        value = _clean(_OWN_SUBJECT.sub("", said))
    return SavedSpec("fact", "constraint", value, said)


_ANAPHOR = re.compile(r"\b(?:then|those|them|that|it|there|these)\b", re.IGNORECASE)
_OWN_SUBJECT = re.compile(
    r"^\W*(?:i|we)(?:'ve|\s+have)?(?:\s+got)?\s+(?=[^\W\d])", re.IGNORECASE
)


_POLITE_TAIL = re.compile(
    r"(?:\s+(?:please|pls|plz|thanks|thank you|ta|thx|ty|cheers))+\W*$", re.IGNORECASE
)
_CONSEQUENCE = re.compile(
    r"^\W*(?:so|hence|which means|meaning|therefore|and so|thus)\s+", re.IGNORECASE
)


def saved_specs(
    clause: str,
    typed: Sequence[tuple[str, bool]] = (),
    *,
    others: bool = False,
    notes: bool = True,
) -> list[SavedSpec]:
    """What an explicit save of ``clause`` keeps besides what the typed rules found.

    Args:
        clause: the words to keep, in the first person (``save_lead``'s answer).
        typed: what the extractor's typed rules found in it, as ``(object, by_name)``;
            ``by_name`` is true for a person named inside a noun phrase ("my sister
            Ingrid's birthday is ..."), where the clause says something else about them.
        others: the clause is about someone else ("my boss hates being late"): whatever
            its frame, it is kept as a note only, never as the user's dislike or routine.
        notes: whether what no frame types is kept as a note (not after a weak lead).

    Returns:
        Nothing typed: the clause's dislike, constraint or routine, else a note. Typed:
        a routine for each part of the clause they do not cover that has a recurrence
        ("my piano teacher is Zoë, lessons every Saturday"), and a note of the clause when
        every typed fact only named a person in it.

    Example:
        >>> [(s.predicate, s.object) for s in saved_specs("my teacher is Zoë, lessons every "
        ...                                               "Saturday at 10", [("Zoë", False)])]
        [('routine', 'lessons every Saturday at 10 (teacher)')]
        >>> [s.predicate for s in saved_specs("my sister Ingrid's birthday is 3 March",
        ...                                   [("Ingrid", True)])]
        ['note']
        >>> [(s.predicate, s.object) for s in saved_specs("our office wifi is Orchard-Guest")]
        [('note', 'our office wifi is Orchard-Guest')]
    """
    clause = _POINTER.sub("", normalise(clause)).strip()
    if not _clean(clause):
        return []
    if not typed:
        found = None if others else _typed(clause)
        if found is not None:
            return [found]
        note = _clean(clause)
        return [SavedSpec("fact", "note", note, note)] if notes and _says(note) else []
    out: list[SavedSpec] = []
    covered = [o.casefold() for o, _ in typed if o]
    for part in _SEGMENT.split(clause):
        if part and not any(o in part.casefold() for o in covered):
            if (r := _routine(part, clause)) is not None:
                out.append(r)
    if all(by_name for _, by_name in typed) and not out and notes and _says(note := _clean(clause)):
        out.append(SavedSpec("fact", "note", note, note))
    return out


# "(remember this) one: ...", "(note) the following: ...": words that point at what follows
_POINTER = re.compile(
    r"^\W*(?:this\s+)?(?:one|bit|too|the following|following|as well)\s*[:\-–—]\s*",
    re.IGNORECASE,
)


def _says(note: str) -> bool:
    """A note holds at least one word that says something ("I'm" alone says nothing)."""
    return bool(text_rules.content_terms(note))


def verb_phrase(value: str, text: str) -> str:
    """The value of what the user does or cannot do: their own words ("never take sleeper
    trains"), unless those read as a command to the assistant ("pick the kids up at 3"),
    then the fact's text without its subject ("picks the kids up at 3").

    Example:
        >>> verb_phrase("never take night buses", "The user never takes night buses.")
        'never take night buses'
        >>> verb_phrase("pick the kids up at 3", "The user picks the kids up at 3.")
        'picks the kids up at 3'
    """
    if not text_rules.is_instruction(value):
        return value
    return _clean(re.sub(r"^\W*the user(?:'s team)?\s+", "", text, flags=re.IGNORECASE))
