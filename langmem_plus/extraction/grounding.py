"""Grounding: what a clause *is* — whose, how meant, kept or taken back — read from structure.

Shared by the rule extractor (to fill a candidate's grounding fields) and the post-filters
(to verify what any extractor, a model included, claimed). Every rule here reads the
*shape* of a clause, not its vocabulary of places or products:

* **modality** — a question (``?``, a question word, an inverted auxiliary), a hypothetical
  (``if``/``unless``, an inverted conditional "Were I ...", ``would``/``I'd`` that is not a
  preference, ``I wish``), or a plan or wish (``going to``, ``planning``, ``hoping to``,
  ``might``, ``will move``, "I'm moving ...", a future time phrase);
* **polarity** — negation before the value ("I no longer live in X", "not ... after all"),
  an ending ("our dog died", "I left Acme");
* **past state** — ``used to``, "back when", ``previously``, or the simple past of a state
  verb ("I lived in X", "I was based in X"), with its end when one is given ("until 2023");
* **holder** — the clause's subject when it is another person: "my cousin", "my older
  sister Ana", "my manager's ...", a capitalised name before a verb, or a pronoun that
  refers back to a person named earlier in the turn.

Example:
    >>> modality("Were I living in Vienna, I'd take the tram")
    'hypothetical'
    >>> modality("I'm thinking about moving to Bergen")
    'plan'
    >>> modality("I'd like replies in German")
    'asserted'
    >>> holder_of("my older sister Ana just moved to Perth").holder
    'Ana'
    >>> person_subject("my manager")
    'person:manager'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from langmem_plus.extraction.past import ended_cue
from langmem_plus.extraction.timeparse import find_time_expression
from langmem_plus.extraction.vocab import (
    NO_LETTER_AFTER,
    NOT_A_NAME,
    OTHER_PEOPLE,
    PETS,
    RELATIONS,
)
from langmem_plus.facts import text_rules

__all__ = [
    "Holder",
    "describe_holder",
    "holder_of",
    "is_past_state",
    "modality",
    "negated_before",
    "person_subject",
    "retraction_cue",
    "valid_to_of",
]


def _words_re(words: object) -> str:
    items = sorted((str(w) for w in words), key=len, reverse=True)  # type: ignore[attr-defined]
    return "|".join(re.escape(w) for w in items)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u2019", "'").replace("\u2018", "'")).strip()


# --------------------------------------------------------------------------- modality

# "if that matters", "even if", "as if": an aside, not a condition on the statement.
_ASIDE_IF = re.compile(
    r"\b(?:even if|as if|if (?:that|it) (?:matters|helps)|if you (?:must know|need to know|"
    r"care|ask me|want to know|wondered|were wondering)|if relevant|if anything|if any|"
    r"if so|if not|if possible|if needed|if necessary|if you can|if you could)\b"
    # a condition on the assistant's own need, not on the statement: "if you ever need an
    # address, it's X", "in case you need my postcode" (#12)
    r"|\b(?:if|in case) you (?:ever |should |do )?(?:need|want|require)\b(?!\s+me\b)",
    re.IGNORECASE,
)
_CONDITIONAL = re.compile(
    r"\b(?:if|unless|suppose|supposing|imagine|imagining|hypothetically|in case|"
    r"what if|if only|i wish|we wish|wish i|wish we|assuming)\b"
    # a world set up to be other than this one: "in a world where I lived in X, ...", "in
    # an ideal world", "in another life", "in my dreams", "let's say I ..." (#12)
    r"|\bin (?:a|an|another|some|one)\s+(?:\w+\s+)?(?:world|universe|life|reality|timeline)"
    r"\s+(?:where|in which|whe?re)\b"
    r"|\bin (?:an ideal|a perfect|a dream|another|a parallel|an alternate|a different|an "
    r"alternative)\s+(?:world|universe|life|lifetime|reality|timeline)\b|\bin my dreams\b"
    r"|\blet(?:'s| us) say\b|^\W*say (?:i|we)\b"
    r"|^(?:\W*)(?:were|had|should)\s+(?:i|we)\b"
    r"|\bwould(?:n't)?\b(?!\s+(?:like|love|prefer|rather|appreciate|enjoy)\b)"
    r"|\b(?:i|we)'d\b(?!\s+(?:like|love|prefer|rather|appreciate|enjoy)\b)"
    r"|\bcould(?:n't)? have\b",
    re.IGNORECASE,
)
_PLAN = re.compile(
    r"\b(?:i|we|they)\s+(?:\w+\s+)?plans?\s+(?:to|on)\b"
    # "going to" of the future, not of going somewhere: "I've been going to the Y since
    # May", "kept going to Acme" go there (an aspect word before, a noun phrase after)
    r"|\b(?:(?<!been )(?<!was )(?<!were )(?<!kept )(?<!keep )(?<!keeps )(?<!started )"
    r"(?<!stopped )(?<!still )going to"
    r"|(?:been|was|were|kept|keep|keeps|started|stopped|still) going to"
    r"(?!\s+(?:(?:the|a|an|my|our|this|that)\b|(?-i:[A-Z])))"
    r"|gonna|planning (?:to|on)|hoping to|hope to|"
    r"hopefully|want to|wanna|wanted to|would like to|'d like to(?! be (?:called|addressed))|"
    r"'d love to|would love to|thinking (?:of|about)|considering|intend(?:ing|s)? to|"
    r"about to|aiming to|aim to|looking to|trying to|dream of|someday|one day|"
    r"might|eventually)\b"
    # "may" the modal, not the month ("in May", "since May 3")
    r"|(?<!in )(?<!since )(?<!of )(?<!from )(?<!until )(?<!last )(?<!this )(?<!next )"
    r"(?<!early )(?<!late )(?<!mid-)(?-i:\bmay\b)(?! be\b)(?!\s+\d)"
    r"|\b(?:will|'ll|shall)\s+(?:\w+\s+)?(?:be\s+)?(?:mov|relocat|liv|work|start|join|leav|"
    r"quit|switch|chang|becom|based|stay|emigrat|retir|marr|adopt|get)\w*"
    r"|\b(?:i'm|i am|we're|we are|is|are|'s)\s+(?:\w+\s+)?(?:moving|relocating|emigrating|starting|"
    r"joining|switching|changing jobs|leaving|quitting|retiring|getting married|adopting)\b",
    re.IGNORECASE,
)
# "I stopped going to the gym", "gave up on trying to run": the plan words follow a verb
# that ends something, so they say what ended, not what is planned (#12)
_ENDED_PLAN = re.compile(
    r"\b(?:stopped|stop|quit|gave up(?: on)?|given up(?: on)?|give up(?: on)?|no longer)\s+"
    r"(?:going to|trying to|hoping to|planning (?:to|on)|aiming to|wanting to|looking to)\b",
    re.IGNORECASE,
)
_FUTURE_TIME = re.compile(
    r"\b(?:next (?:week|month|year|spring|summer|autumn|fall|winter|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|"
    r"august|september|october|november|december)|tomorrow|soon|later this (?:week|month|"
    r"year)|in (?:a|one|two|three|four|five|six|a few|a couple of|\d+) "
    r"(?:days?|weeks?|months?|years?)(?! ago)|from next \w+)\b",
    re.IGNORECASE,
)


# "Guess who got promoted?": an announcement, not a question to answer.
_ANNOUNCED = re.compile(r"^\W*(?:(?:so|and|oh|well)[\s,]+)?guess\s+(?:who|what)\b", re.IGNORECASE)
_CLAUSE_SEP = re.compile(r"\s*(?:[,;:—–]|\s-\s)\s*")


def _asked_elsewhere(clause: str, sentence: str) -> bool:
    """The sentence's "?" belongs to a later clause of its own, not to ``clause``: in "I
    live in Tampere and I'm not keen on moving, can you help?" only "can you help" asks.

    Example:
        >>> _asked_elsewhere("I live in Tampere", "I live in Tampere, can you help?")
        True
        >>> _asked_elsewhere("Do I live in Tampere", "Do I live in Tampere, really?")
        False
    """
    parts = [p for p in _CLAUSE_SEP.split(sentence) if p.strip()]
    if len(parts) < 2 or text_rules.is_question(clause):
        return False
    tail = parts[-1]
    low = clause.casefold().strip(" .!?")
    return (
        bool(low)
        and low not in tail.casefold()
        and text_rules.is_question(tail)
        and not text_rules.is_question(sentence[: len(sentence) - len(tail)].rstrip(" ,;:—–-"))
    )


def without_asked_tail(text: str) -> str:
    """``text`` without a closing question that is a clause of its own: "I live in Tulle,
    any tips?" -> "I live in Tulle"; a question about the statement itself stays.

    Example:
        >>> without_asked_tail("I live in Tulle and commute by train, any tips?")
        'I live in Tulle and commute by train'
        >>> without_asked_tail("Do I live in Tulle, really?")
        'Do I live in Tulle, really?'
    """
    parts = [p for p in _CLAUSE_SEP.split(text) if p.strip()]
    if len(parts) < 2 or not text.rstrip(" .!\"')").endswith("?"):
        return text
    head = text[: text.rfind(parts[-1])].rstrip(" ,;:—–-")
    return head if head and _asked_elsewhere(head, text) else text


# Where the speaker starts a clause of their own after the value's: "..., I'll finish it
# tomorrow", "... and we're off next week", a spaced dash, a sentence end.
_OWN_CLAUSE = re.compile(
    r"(?:,\s*(?:(?:and|but|so|then)\s+)?|\s+(?:and|but|so|then)\s+)"
    r"(?=(?:i|we)(?:['\u2019](?:m|re|ve|ll|d))?\b)"
    r"|\s[-\u2014\u2013]\s|[\u2014\u2013]|[.;!?]+\s",
    re.IGNORECASE,
)


def _value_part(clause: str, upto: int | None) -> str:
    """``clause`` up to the end of the value's own part: with ``upto`` (where the value
    ends), a later clause the speaker starts ("..., I'll sort the rest tomorrow") is cut
    off, so its time speaks of that clause, not of the value.

    Example:
        >>> c = "since we left Rome for Turin the office is far, I'll call you tomorrow"
        >>> _value_part(c, c.index("Turin") + 5)
        'since we left Rome for Turin the office is far'
        >>> _value_part("I start at Acme next week", 15)
        'I start at Acme next week'
    """
    if upto is None:
        return clause
    m = _OWN_CLAUSE.search(clause, upto)
    return clause[: m.start()] if m else clause


# A new clause with a subject of its own, after a comma or a coordinating conjunction ("...
# in two weeks and she doesn't eat pork", "... next week, he's pescatarian"): what is
# planned before it is that earlier clause's, not the value's (#12)
_NEW_SUBJECT = re.compile(
    r"(?:,\s*(?:(?:and|but|so|then)\s+)?|\s+(?:and|but|so|then)\s+)"
    r"(?=(?:i|we|he|she|they)(?:['\u2019](?:m|re|s|ve|ll|d))?\s)",
    re.IGNORECASE,
)


def _value_start(clause: str, upto: int | None) -> int:
    """Where the value's own clause starts in ``clause`` (``upto``: where the value ends):
    after the last comma or conjunction before it that opens a clause with its own subject,
    unless what it follows is only a fronted time phrase ("in two weeks, I start at X" is
    one clause).

    Example:
        >>> c = "my aunt visits in two weeks and she is vegan"
        >>> c[_value_start(c, len(c)):]
        'she is vegan'
        >>> c = "in two weeks, I start at Acme"
        >>> _value_start(c, len(c))
        0
    """
    if upto is None:
        return 0
    start = 0
    for m in _NEW_SUBJECT.finditer(clause, 0, upto):
        if m.end() >= upto:
            break
        before = _FUTURE_TIME.sub(" ", clause[start : m.start()])
        if len(re.findall(r"[^\W\d_][\w'\u2019-]*", before)) >= 3:
            start = m.end()
    return start


def modality(clause: str, sentence: str | None = None, upto: int | None = None) -> str:
    """How ``clause`` (within ``sentence``) is meant: asserted, question, hypothetical, plan.

    With ``upto`` (where the value ends in ``clause``), conditional and plan words count
    only before it: in "I live in Oslo, which I'd recommend" the "I'd" is about the
    recommending. A future time phrase counts anywhere ("I start at Acme next week").

    Example:
        >>> modality("If I lived in Oslo I'd ski every day")
        'hypothetical'
        >>> modality("I live in Oslo, if that matters")
        'asserted'
        >>> modality("Do I live in Oslo?")
        'question'
        >>> modality("I'm moving to Paris next month")
        'plan'
        >>> modality("got made team lead", "Guess who got made team lead?")
        'asserted'
        >>> modality("I stopped going to the climbing gym")
        'asserted'
    """
    t = _norm(clause)
    whole = _norm(sentence) if sentence else t
    inverted_if = re.match(r"^\W*(?:were|had|should)\s+(?:i|we)\b", t, re.IGNORECASE)
    if (text_rules.is_question(t) and not (inverted_if and not t.endswith("?"))) or (
        whole.rstrip(" .!\"')").endswith("?")
        and text_rules.is_question(whole)
        and not _asked_elsewhere(t, whole)
        and not _ANNOUNCED.match(whole)
    ):
        return "question"
    # a plan word or a future time counts in the value's own clause only: "my aunt visits
    # next week, she is vegan" plans the visit, not the diet
    start = _value_start(clause, upto)
    future = _FUTURE_TIME.search(_ASIDE_IF.sub(" ", _value_part(clause, upto)[start:]))
    if upto is not None:
        t = _norm(clause[:upto])
    bare = _ASIDE_IF.sub(" ", t)
    own = _ASIDE_IF.sub(" ", _norm(clause[start:upto])) if start else bare
    opener = re.match(
        r"^\W*(?:if|unless|suppose|imagine|were (?:i|we)|had (?:i|we)|what if)\b",
        _ASIDE_IF.sub(" ", whole),
        re.IGNORECASE,
    )
    if _CONDITIONAL.search(bare) or opener:
        return "hypothetical"
    if _PLAN.search(_ENDED_PLAN.sub(" ", own)) or future:
        return "plan"
    return "asserted"


# --------------------------------------------------------------------------- polarity

_NEGATION = re.compile(r"\b(?:not|no longer|never|no more|cannot)\b|n't\b", re.IGNORECASE)
_SUBJECT_PRONOUN = re.compile(r"\b(?:i|we|i'm|we're|i've|we've|i'd|we'd|i'll)\b", re.I)
_RETRACT_CUE = re.compile(
    r"\b(?:no longer|any ?more|not\b.*\bafter all|turns? out (?:i'm|i am|we're|we are) not|"
    r"(?:has |have |just |sadly |recently )*(?:died|passed away|passed on|was put down|"
    r"was put to sleep|went missing|ran away)|(?:i|we) lost (?:our|my)|"
    r"stopped|gave up|given up|(?:i|we) (?:left|quit)|got (?:laid off|fired|let go)|"
    r"was (?:laid off|fired|let go)|broke up|split up|got divorced|moved out of|"
    r"moved away from)\b",
    re.IGNORECASE,
)


def negated_before(clause: str, at: int) -> bool:
    """True when the words of ``clause`` before offset ``at`` negate it ("I'm not ...").

    Example:
        >>> c = "I'm not allergic to cats after all"
        >>> negated_before(c, c.index("cats"))
        True
        >>> c = "I live in Berlin now, not Munich"
        >>> negated_before(c, c.index("Berlin"))
        False
    """
    head = clause[: max(0, at)].replace("\u2019", "'")
    # Only the verb group of the value's own subject: "I can't believe I live in X" is not
    # a negation of living in X.
    subjects = list(_SUBJECT_PRONOUN.finditer(head))
    if subjects:
        head = head[subjects[-1].start() :]
    return bool(_NEGATION.search(head))


def retraction_cue(clause: str) -> bool:
    """True when ``clause`` says something stopped being true ("no longer", "died", "left").

    Example:
        >>> retraction_cue("our dog Rex died last week"), retraction_cue("I live in Rome")
        (True, False)
    """
    return bool(_RETRACT_CUE.search(_norm(clause)))


# --------------------------------------------------------------------------- past states

_PAST = re.compile(
    # "I was vegetarian for ages", "we were married for 12 years": a state held for a span
    # and said in the past, so it is over
    r"\b(?:i|we)\s+(?:was|were)\s+[\w-]+\s+for\s+(?:ages|years|decades?|a decade|a while|"
    r"a long time|(?:\w+\s+){1,2}years)\b|"
    r"\b(?:used to|back when|back in the day|previously|formerly|at the time|in my (?:old|"
    r"previous|last|former) (?:job|role|life|flat|home|place)|before (?:i|we) (?:moved|left)|"
    r"(?:i|we)\s+(?:lived|resided|worked|was (?:based|living|working|employed|located|"
    r"residing)|were (?:based|living|working|employed|located|residing)))\b"
    r"|\b(?:i|we)\s+was\s+(?:a|an)\s+\w+|\buntil\s+(?:recently|last|\d{4}|(?:january|"
    r"february|march|april|may|june|july|august|september|october|november|december))",
    re.IGNORECASE,
)
_UNTIL = re.compile(r"\b(?:until|till|up to|through)\s+(?P<t>[\w ]{2,30})", re.IGNORECASE)


def is_past_state(clause: str) -> bool:
    """True when ``clause`` describes a state that has ended ("used to", "back when I was
    based in X", "I lived in X"); "I've lived in X for years" is still true.

    Example:
        >>> is_past_state("back when I was based in Lyon"), is_past_state("I've lived in Lyon")
        (True, False)
    """
    return bool(_PAST.search(_norm(clause))) or ended_cue(_norm(clause))


def valid_to_of(clause: str, sent_at: datetime) -> tuple[datetime, bool]:
    """When a past state ended: the time after "until"/"till" if the user gave one (and
    ``True``: stated), else the message time (and ``False``: only known to be over by then).

    Example:
        >>> from datetime import datetime, timezone
        >>> when, stated = valid_to_of("I lived in Lyon until 2021",
        ...                            datetime(2026, 1, 1, tzinfo=timezone.utc))
        >>> when.date().isoformat(), stated
        ('2021-01-01', True)
    """
    if m := _UNTIL.search(clause):
        found = find_time_expression("in " + m.group("t"), sent_at)
        if found is None:
            found = find_time_expression(m.group("t"), sent_at)
        if found is not None and found.start <= 3:
            return found.when, True
    return sent_at, False


# --------------------------------------------------------------------------- holders

_ADJ = (
    r"(?:older|younger|little|big|baby|eldest|oldest|youngest|twin|best|new|old|ex-?|"
    r"lovely|dear|late|current|former|direct|line|step-?)"
)
# not the start of a longer word ("mam" of "mamá")
_PEOPLE = rf"(?:{_words_re({*RELATIONS, *OTHER_PEOPLE, *PETS})}){NO_LETTER_AFTER}"
_NAME = r"(?:[^\W\d_][\w'’-]*)"
_LEAD_IN = (
    r"^(?:\W*(?:guess what|fun fact|news|big news|update|so|well|oh|ok|okay|also|and|but|btw|"
    r"by the way|anyway|yeah|yes|hey|hi|fyi|actually|ps|i think|i believe|i heard|"
    r"apparently|turns out|it turns out)\b[\s,!:.—–-]*)*"
)
_POSSESSOR = re.compile(
    rf"{_LEAD_IN}\W*(?P<np>(?:my|our)\s+(?:{_ADJ}\s+)*(?P<rel>{_PEOPLE})"
    rf"(?:\s*,?\s*(?P<name>(?-i:[A-Z]|[^\W\d_a-z])[\w'’-]*)(?=[\s,]|$))?)"
    rf"(?P<poss>'s|’s)?(?:\s+(?P<rel2>{_PEOPLE})\b)?(?=\s|,|$)",
    re.IGNORECASE,
)
# What follows a contracted "'s" that is "is"/"has", not a possessive: a state only a
# person is in ("Mum's allergic to X", "Dad's retired"), then, after a word that names a
# person for sure (a relation), also an article, a participle of "have" or a place ("my
# sister's a nurse", "my brother's in Leeds now", "my aunt's been ill"): after a bare name
# those say nothing of a person ("Kerala's off", "Lisbon's in the running")
_PERSON_STATE = (
    r"(?:(?:[\w-]+\s+)?(?:allergic|intolerant)|vegan|vegetarian|pescatarian|coeliac|celiac|"
    r"diabetic|married|engaged|divorced|single|pregnant|retired)"
)
_COPULA_NEXT = (
    rf"(?:{_PERSON_STATE}|a|an|been|got|gone|now|just|still|also|always|never|not|no longer|"
    r"finally|based|from|in|at|into|off|moved|started|back|obsessed|terrified|afraid|scared)"
)
_COPULA_AFTER = re.compile(rf"(?:'s|’s)\s+{_COPULA_NEXT}\b", re.IGNORECASE)
# "best mate Rahul's lactose intolerant", "husband (Kwame) works nights": the relation
# said without "my" at the clause's start, then the person's name
_BARE_RELATION = re.compile(
    rf"{_LEAD_IN}\W*(?P<np>(?:{_ADJ}\s+)*(?P<rel>{_PEOPLE})\s*(?:\(\s*)?"
    r"(?P<name>(?-i:[A-Z]|[^\W\d_a-z])(?:[\w-]|['’](?!s\b))*)(?:\s*\))?)(?=\s|'s\b|’s\b)",
    re.IGNORECASE,
)
_NAMED_SUBJECT = re.compile(
    rf"{_LEAD_IN}\W*(?P<np>(?P<name>[A-Z][\w'’-]+|[^\W\d_a-zA-Z][\w'’-]*)"
    rf"(?:\s+(?P<last>[A-Z][\w'’-]+))?(?:,\s*(?:my|our)\s+[\w-]+(?:\s+[\w-]+)?,"
    # "Aiyana (my partner) can't stand X": the relation in brackets, as after commas
    r"|\s*\(\s*(?:my|our)\s+[\w-]+(?:\s+[\w-]+)?\s*\))?)"
    r"(?=\s+(?:\w+ly\s+|just\s+|now\s+|also\s+|still\s+)?(?:lives|moved|works|is|was|has|"
    r"started|joined|relocated|became|quit|left|got|'s|’s|loves|likes|hates|adores|runs|plays|"
    r"teaches|studies|speaks|drives|owns|prefers|avoids|eats|can't|cannot|doesn't|won't)\b"
    # "Mum's living in Dundee": "'s" for "is"/"has" before a verb or an article
    rf"|(?:'s|’s)\s+(?:\w+ing|been|got|gone|a|an|the|now|just|still|also|{_PERSON_STATE})\b)",
)
_PRONOUN_SUBJECT = re.compile(rf"{_LEAD_IN}\W*(?P<np>he|she|they)\b(?P<poss>)", re.IGNORECASE)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|we|we're|we've|us)\b", re.IGNORECASE)
_NOT_A_PERSON = frozenset(
    {*NOT_A_NAME, "i", "we", "you", "he", "she", "they", "there", "what", "who", "which",
     "everyone", "everybody", "nobody", "someone", "somebody", "mine", "ours", "user",
     "the", "this", "that", "these", "those", "our", "my", "your", "today", "tomorrow",
     "just", "now", "also", "still", "then", "soon", "already", "finally", "recently",
     "currently", "actually", "yesterday", "tonight", "lately", "anyway", "well", "so",
     "and", "but", "or", "yes", "no", "yeah", "ok", "okay", "never", "always", "maybe",
     "sadly", "luckily", "hopefully", "basically", "honestly", "really", "everything",
     "nothing", "it", "here", "home", "work", "life"}
)  # fmt: skip


@dataclass(frozen=True)
class Holder:
    """Another person a clause is about.

    Attributes:
        holder: who, as the candidate's ``holder`` says it: the name when given, else the
            relation ("cousin", "manager"), else the pronoun's referent.
        relation: the relation word ("sister", "dog"), or ``None`` for a bare name.
        name: the person's (or pet's) name, when the clause gives one.
        start: where the subject phrase starts in the clause.
        end: where it ends (after a possessive "'s" when there is one).
        possessive: the phrase is a possessor ("my manager's allergy"), not the subject.
    """

    holder: str
    relation: str | None
    name: str | None
    start: int
    end: int
    possessive: bool = False


def holder_of(clause: str, earlier: str = "") -> Holder | None:
    """The other person ``clause`` is about, when its subject is not the user.

    ``earlier`` is the text of the turn before the clause, to resolve "she"/"they" to the
    person last named ("My sister visited. She lives in Perth now." -> sister).

    Example:
        >>> holder_of("My cousin just moved to Perth").holder
        'cousin'
        >>> holder_of("my manager's peanut allergy is bad").possessive
        True
        >>> holder_of("My sister and I moved to Perth") is None
        True
        >>> holder_of("They made me team lead") is None
        True
        >>> holder_of("she moved to Perth", earlier="My aunt called.").holder
        'aunt'
    """
    for pattern in (_POSSESSOR, _BARE_RELATION, _NAMED_SUBJECT, _PRONOUN_SUBJECT):
        m = pattern.match(clause)
        if not m:
            continue
        rest = clause[m.end() :]
        if re.match(r"\s*(?:and|&|\+)\s+(?:i|me|we|myself)\b", rest, re.IGNORECASE):
            return None  # "my sister and I": the user too
        if re.match(r"\s*(?:[\w'’]+\s+){1,2}me\b", rest, re.IGNORECASE):
            return None  # "my manager promoted me to ...": the user is the one it is about
        groups = m.groupdict()
        rel = (groups.get("rel") or "").casefold() or None
        name = groups.get("name")
        if pattern is _NAMED_SUBJECT:
            base = re.split(r"['’]", name or "")[0].casefold()
            if base in _NOT_A_PERSON or base.endswith("ly"):
                continue  # "I've", "We're", "There's": not a person's name
            full = " ".join(p for p in (name, groups.get("last")) if p)
            return Holder(full, None, full, m.start("np"), m.end("np"))
        if pattern is _BARE_RELATION:
            if name is None or name.casefold() in _NOT_A_PERSON:
                continue
            if re.match(r"['’]s\b", rest) and not _COPULA_AFTER.match(rest):
                # "best mate Rahul's car is a Golf": whose, not who
                return Holder(name, rel, name, m.start("np"), m.end() + 2, possessive=True)
            return Holder(name, rel, name, m.start("np"), m.end("np"))
        if pattern is _PRONOUN_SUBJECT:
            if _FIRST_PERSON.search(rest):
                return None  # "they made me team lead": about the user
            back = _last_person(earlier)
            who = back or "someone"
            return Holder(who, back, None, m.start("np"), m.end("np"))
        end = m.end()
        if name and (name.casefold() in _NOT_A_PERSON or not name[:1].isalpha()):
            name, end = None, m.end("rel")
        poss = bool(groups.get("poss"))
        if poss and not groups.get("rel2") and _COPULA_AFTER.match(clause, m.start("poss")):
            # "my mum's allergic to X": the "'s" is "is", so the person is the subject
            return Holder(name or rel or "someone", rel, name, m.start("np"), m.start("poss"))
        if poss and groups.get("rel2"):  # "my sister's husband": the husband, the sister's
            rel2 = groups["rel2"].casefold()
            both = f"{rel}'s {rel2}"
            return Holder(both, both, None, m.start("np"), m.end("rel2"))
        who = name or rel or "someone"
        return Holder(who, rel, name, m.start("np"), end, possessive=poss)
    return None


_MENTION = re.compile(rf"\b(?:my|our)\s+(?:{_ADJ}\s+)*(?P<rel>{_PEOPLE})\b", re.IGNORECASE)


# a relation said without "my" where a sentence starts, then a name: "mum (Inés) comes to
# stay", "flatmate Josie is away" (as ``_BARE_RELATION`` reads a subject)
_BARE_MENTION = re.compile(
    rf"(?:^|(?<=[.!?;])\s+)\W*(?P<rel>{_PEOPLE})(?=\s*\(\s*{_NAME}\s*\)|\s+(?-i:[A-Z]))",
    re.IGNORECASE,
)


def _last_person(text: str) -> str | None:
    found = [*_MENTION.finditer(text), *_BARE_MENTION.finditer(text)]
    last = max(found, key=lambda m: m.start("rel"), default=None)
    return last.group("rel").casefold() if last is not None else None


def person_subject(holder: str) -> str:
    """The subject for facts about another person: ``person:<holder normalised>``.

    Example:
        >>> person_subject("Ana"), person_subject("my older sister"), person_subject("Zoë L")
        ('person:ana', 'person:sister', 'person:zoë_l')
    """
    low = re.sub(r"^(?:my|our|the)\s+", "", holder.strip().casefold())
    low = re.sub(rf"^(?:{_ADJ}\s+)+", "", low)
    return "person:" + (re.sub(r"[^\w]+", "_", low).strip("_") or "someone")


def describe_holder(holder: Holder) -> str:
    """How a sentence about ``holder`` opens: "The user's sister Ana", "Ana", "The user's
    manager" (so the fact never reads as the user's own).

    Example:
        >>> describe_holder(holder_of("my sister Ana lives in Lisbon"))
        "The user's sister Ana"
    """
    if holder.relation and holder.name:
        return f"The user's {holder.relation} {holder.name}"
    if holder.relation:
        return f"The user's {holder.relation}"
    if holder.name:
        return holder.name
    return "Someone"
