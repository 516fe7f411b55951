"""The rendered profile: what is always relevant, rendered deterministically from current facts.

Profile for what is always relevant, retrieval for what is sometimes relevant. The profile
is a handful of short lines in fixed sections, so it can sit in the stable part of a
prompt and be cached; it is rendered again only when the user's facts change.

Example:
    >>> from datetime import datetime, timezone
    >>> from langmem_plus.facts.models import Fact
    >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
    >>> def f(i, p, o, kind="fact"):
    ...     return Fact(fact_id=i, user_id="u1", kind=kind, subject="user", predicate=p,
    ...                 object=o, text=o, valid_from=t, asserted_at=t)
    >>> print(render_profile([f("1", "city", "Berlin"), f("2", "allergy", "peanuts"),
    ...                       f("3", "allergy", "shellfish"),
    ...                       f("4", "units", "metric", kind="preference")]))
    Location: city: Berlin
    Constraints: allergy: peanuts, shellfish
    Preferences: units: metric

People in the user's life are the user's own facts (``partner``, ``child``, ``pet``,
``parent``, ``sibling``, ``family_member``) and have their own section; what the user said
*about* another person (subject ``person:<who>``) is that person's, never the user's, and is
never in the profile.

The last section, **Attributes**, holds the user's other current values that hold one at a
time (``is_attribute``: a phone plan, a gym, a landlord, a dentist): the single-valued
predicates the write policy knows, and any other predicate a candidate declared
``single_valued=True`` (unless its extractor only guessed the attribute from the
words' shape, ``attribute=False``). A request rarely names them ("will data cost me extra
abroad?" is about the phone plan), and there is only ever one of each, so they are always
sent, within a bound (``pick_attributes``: at most ``limit`` values and ``budget`` length
units, the most recently confirmed kept); the others are ranked like any fact.

    >>> print(render_attributes([f("5", "gym", "Ironworks"), f("6", "phone_plan", "Talk 20")]))
    Attributes: gym: Ironworks; phone plan: Talk 20
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TypeVar

from langmem_plus.facts.models import Fact
from langmem_plus.facts.policy import DEFAULT_MULTI_VALUED, DEFAULT_SINGLE_VALUED
from langmem_plus.facts.text_rules import content_terms

__all__ = [
    "ATTRIBUTES_HEADING",
    "CONSTRAINT_PREDICATES",
    "INTEREST_PREDICATES",
    "NOTE_SECTION_PREDICATES",
    "PEOPLE_PREDICATES",
    "PROFILE_PREDICATES",
    "PROFILE_SECTIONS",
    "RELATION_SYNONYMS",
    "RELATION_WORDS",
    "ROUTINE_PREDICATES",
    "SAID_PREDICATES",
    "in_profile",
    "is_attribute",
    "is_other_person",
    "odd_attribute",
    "pick_attributes",
    "profile_facts",
    "profile_family",
    "relation_of",
    "render_attributes",
    "render_profile",
    "section_of",
    "with_section",
]

PEOPLE_PREDICATES: tuple[str, ...] = (
    "partner", "child", "pet", "parent", "sibling", "family_member",
)  # fmt: skip
"""The user's own facts about the people (and animals) in their life."""

CONSTRAINT_PREDICATES: tuple[str, ...] = (
    "allergy", "dietary_restriction", "intolerance", "accessibility_need",
    "dislike", "dislikes", "constraint",
)  # fmt: skip
"""What limits what the user can use, eat or do: always sent, so it reaches every request
it could constrain (a dislike of coriander reaches "a guacamole recipe, please")."""

ROUTINE_PREDICATES: tuple[str, ...] = ("routine",)
"""What the user does at fixed times: always sent, so a swim every weekday at 7am reaches
"when should I book the dentist?"."""

INTEREST_PREDICATES: tuple[str, ...] = ("hobby", "interest")
"""What the user does or follows for its own sake: always sent, like a preference (which an
extractor may as well have called it), so the requests that are about the user's free time
and never name the hobby reach it ("plan me a weekend out of the house" -> the allotment, "a
gift for myself I'd actually use" -> the wheel-throwing class) (#12)."""

NOTE_SECTION_PREDICATES: tuple[str, ...] = ("note",)
"""What the user asked to keep that no typed predicate fits ("remember I'm left-handed"):
always sent, within a bound (``RetrievalPolicy.max_notes``), since the user asked for it to
be kept and a request it bears on rarely shares its words ("which scissors should I get?")
(#12)."""

PROFILE_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Identity", ("preferred_name", "pronouns", "language", "timezone")),
    ("Location", ("city", "country")),
    ("Work", ("employer", "job_title")),
    ("People", PEOPLE_PREDICATES),
    ("Constraints", CONSTRAINT_PREDICATES),
    ("Routines", ROUTINE_PREDICATES),
    ("Active projects", ("current_project", "current_goal")),
    ("Interests", INTEREST_PREDICATES),
    ("Notes", NOTE_SECTION_PREDICATES),
)
"""Sections and the predicates they show, in order. Preferences follow in their own section."""

PROFILE_PREDICATES: frozenset[str] = frozenset(p for _, ps in PROFILE_SECTIONS for p in ps)
"""Predicates that are always sent (with every preference), never ranked."""

RELATION_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "partner": (("partner", "husband", "wife", "spouse", "boyfriend", "girlfriend",
                 "fiance", "fiancee", "fiancé", "fiancée", "other half", "better half",
                 "hubby", "wifey", "missus", "significant other"), ()),
    "child": (("child", "children", "kid", "kids", "little ones"),
              ("daughter", "son", "stepdaughter", "stepson", "baby", "toddler", "girl", "boy",
               "lad", "lass")),
    "pet": (("pet", "pets", "animal", "animals"),
            ("dog", "cat", "puppy", "pup", "kitten", "kitty", "rabbit", "bunny", "hamster",
             "parrot", "bird", "horse", "pony", "tortoise", "turtle", "guinea pig", "fish",
             "lizard", "snake")),
    "parent": (("parent", "parents"),
               ("mother", "father", "mom", "mum", "mam", "mama", "mommy", "mummy", "dad", "daddy",
                "papa", "stepmother", "stepfather")),
    "sibling": (("sibling", "siblings"), ("brother", "sister", "twin", "bro", "sis")),
    "family_member": (("relative", "relatives"),
                      ("grandmother", "grandfather", "grandma", "grandpa", "granny", "gran",
                       "nan", "nana", "grandad", "granddad", "grandson", "granddaughter",
                       "grandchild", "aunt", "auntie", "uncle", "cousin", "niece", "nephew",
                       "in-law", "mother-in-law", "father-in-law")),
}  # fmt: skip
"""For each people predicate: the words that name any of them ("my kids"), and the words
that name some of them ("my daughters" names the daughters, not the sons). "family" names
all of them."""

RELATION_SYNONYMS: tuple[tuple[str, ...], ...] = (
    ("daughter", "girl", "lass"),
    ("son", "boy", "lad"),
    ("stepdaughter", "stepson", "stepchild"),
    ("mother", "mum", "mom", "mam", "mummy", "mommy"),
    ("father", "dad", "daddy", "papa"),
    ("grandmother", "grandma", "granny", "gran", "nan", "nana"),
    ("grandfather", "grandpa", "grandad", "granddad"),
    ("brother", "bro"),
    ("sister", "sis"),
    ("aunt", "auntie"),
    ("dog", "puppy", "pup"),
    ("cat", "kitten", "kitty"),
    ("rabbit", "bunny"),
    ("partner", "husband", "wife", "spouse", "boyfriend", "girlfriend", "fiance", "fiancee",
     "fiancé", "fiancée", "other half", "better half", "hubby", "wifey", "missus",
     "significant other"),
    ("girlfriend", "gf"),
    ("boyfriend", "bf"),
    ("friend", "mate", "pal", "buddy", "bestie", "bff"),
    ("colleague", "coworker", "co-worker", "workmate"),
    ("manager", "boss", "supervisor", "line manager"),
    ("neighbour", "neighbor"),
    ("flatmate", "roommate", "housemate"),
)  # fmt: skip
"""Words that name the same relation: a fact that says "daughter" is about "my girls", one
about ``person:mum`` about "my mother", a person the user called "best mate Rahul" about
"my friend"."""


def _stem_word(word: str) -> str:
    w = word.casefold()
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    return w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 3 else w


_RELATION_OF_WORD: dict[str, str] = {
    _stem_word(w.replace(" ", "_").replace("-", "_")): p
    for p, (general, specific) in RELATION_WORDS.items()
    for w in (*general, *specific)
}
_NAMING_WORDS = frozenset({"has", "have", "my", "name", "names", "named", "called"})
_CONSTRAINT_HEADS: dict[str, str] = {}
for _p in (*CONSTRAINT_PREDICATES, *ROUTINE_PREDICATES, *INTEREST_PREDICATES):
    if not _p.endswith("_need"):  # "need" alone names too much ("current_need")
        _CONSTRAINT_HEADS.setdefault(_stem_word(_p.rsplit("_", 1)[-1]), _p)


@functools.lru_cache(maxsize=4_096)
def profile_family(predicate: str) -> str | None:
    """The profile predicate whose section a predicate belongs to, or ``None``.

    A profile predicate is its own family; a predicate an extractor named after a relation
    ("daughter", "dog_name", "has_wife") belongs to that relation's people predicate; one
    that narrows a constraint or a routine by a leading word ("food_allergy",
    "music_dislikes", "sleep_routine", "travel_restriction") to that predicate.

    Memoised per predicate: recall asks for every candidate fact (#14).

    Example:
        >>> [profile_family(p) for p in ("child", "daughter", "dog_name", "food_allergy",
        ...                              "sleep_routine", "pet_peeve", "phone_plan")]
        ['child', 'child', 'pet', 'allergy', 'routine', None, None]
    """
    if predicate in PROFILE_PREDICATES:
        return predicate
    words = [w for w in predicate.casefold().split("_") if w]
    named = [w for w in words if w not in _NAMING_WORDS]
    if 0 < len(named) <= 3:
        relation = _RELATION_OF_WORD.get(_stem_word("_".join(named)))
        if relation is not None:
            return relation
    if len(words) > 1:
        return _CONSTRAINT_HEADS.get(_stem_word(words[-1]))
    return None


def in_profile(fact: Fact, predicates: frozenset[str] = PROFILE_PREDICATES) -> bool:
    """Whether ``fact`` is always sent: every preference, and the user's own facts whose
    predicate (or its family, ``profile_family``) is a profile predicate.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> f = Fact(fact_id="f", user_id="u", kind="fact", subject="user",
        ...          predicate="nut_allergy", object="cashews", text="Allergic to cashews.",
        ...          valid_from=t, asserted_at=t)
        >>> in_profile(f), in_profile(f, frozenset({"city"}))
        (True, False)
    """
    if is_other_person(fact):
        return False
    if fact.predicate in NOTE_SECTION_PREDICATES and fact.subject != "user":
        return False  # a project's note ("atlas.db"): ranked, never the user's Notes
    if fact.kind == "preference" or fact.predicate in predicates:
        return True
    family = profile_family(fact.predicate)
    return family is not None and family in predicates


def is_other_person(fact: Fact) -> bool:
    """True for a fact about another person (subject ``person:<who>``), not the user.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> f = Fact(fact_id="f", user_id="u", kind="fact", subject="person:sister",
        ...          predicate="city", object="Perth", text="The user's sister lives in Perth.",
        ...          valid_from=t, asserted_at=t)
        >>> is_other_person(f)
        True
    """
    return fact.subject.startswith("person:")


def relation_of(fact: Fact) -> str | None:
    """The specific relation word a people fact's text uses ("daughter", "dog"), if any.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> f = Fact(fact_id="f", user_id="u", kind="fact", subject="user", predicate="child",
        ...          object="Ana", text="Has a daughter named Ana.", valid_from=t,
        ...          asserted_at=t)
        >>> relation_of(f)
        'daughter'
    """
    words = RELATION_WORDS.get(profile_family(fact.predicate) or fact.predicate)
    if words is None:
        return None
    text = fact.text.casefold()
    for word in (*words[1], *words[0]):
        if re.search(rf"\b{re.escape(word)}s?\b", text):
            return word
    return None


SAID_PREDICATES: frozenset[str] = frozenset({"constraint"})
"""Predicates whose name says that a limit holds, not which one: "constraint: KLM" could
be the only airline or a banned one, and "The user only flies Finnair or KLM." holds a
value its object leaves out. The profile shows such a fact as its sentence said it
("constraint: only flies Finnair or KLM"), not its object. A note is shown as its sentence
alone (``NOTE_SECTION_PREDICATES``): the sentence is what the user asked to keep, and an
extractor's object for it may be the user's own first-person words."""

_THE_USER = re.compile(r"^\s*(?:the user|user)(?:'s)?\s+(?=\S)", re.IGNORECASE)


def _as_said(fact: Fact) -> str:
    """A ``SAID_PREDICATES`` fact as its sentence said it, without its subject and final
    stop ("only flies Finnair or KLM"), led by its object when the sentence leaves some of
    the object's words out ("Sundays are family days (does not work on Sundays)"); its
    object alone when the sentence adds nothing to it.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> def f(o, text):
        ...     return Fact(fact_id="c", user_id="u", kind="preference", subject="user",
        ...                 predicate="constraint", object=o, text=text, valid_from=t,
        ...                 asserted_at=t)
        >>> _as_said(f("Finnair", "The user only flies Finnair or KLM."))
        'only flies Finnair or KLM'
        >>> _as_said(f("quiet Mondays", "Keeps Mondays free of meetings."))
        'quiet Mondays (Keeps Mondays free of meetings)'
        >>> _as_said(f("no stairs", "No stairs."))
        'no stairs'
    """
    said = _said(fact)
    value, words = content_terms(fact.object), content_terms(said)
    if not said or words <= value:
        return fact.object
    return said if value <= words else f"{fact.object} ({said})"


def _said(fact: Fact) -> str:
    """The fact's sentence without its subject and final stop ("is left-handed")."""
    return _THE_USER.sub("", fact.text.strip()).rstrip(" .")


def _label(predicate: str) -> str:
    return predicate.replace("_", " ")


def _clean(value: str) -> str:
    """One line, no structure a value could smuggle in."""
    return " ".join(value.split()).replace(";", ",")


def profile_facts(
    facts: Iterable[Fact], predicates: frozenset[str] = PROFILE_PREDICATES
) -> list[Fact]:
    """The current facts the profile shows: the user's own facts of the profile predicates
    and every preference (never another person's facts)."""
    return [f for f in facts if f.is_current and in_profile(f, predicates)]


def section_of(
    predicate: str, sections: Sequence[tuple[str, Sequence[str]]] = PROFILE_SECTIONS
) -> int | None:
    """The index of the one section of ``sections`` that shows ``predicate`` (by its
    family, ``profile_family``), or ``None`` when no section or more than one does (a
    preference of its own, an attribute, a configuration that lists it twice).

    Example:
        >>> [section_of(p) for p in ("daughter", "hobby", "tone")]
        [3, 7, None]
    """
    home = profile_family(predicate) or predicate
    found = [i for i, (_, predicates) in enumerate(sections) if home in predicates]
    return found[0] if len(found) == 1 else None


def with_section(
    text: str,
    facts: Iterable[Fact],
    index: int,
    sections: Sequence[tuple[str, Sequence[str]]] = PROFILE_SECTIONS,
) -> str | None:
    """``text`` (a ``render_profile`` of ``sections``, maybe followed by lines of no
    section) with section ``index``'s line rendered again from ``facts``, every current fact
    of that section's families: what a write that changes one section needs, without
    decoding and rendering every other fact of the profile (#14). The same text as
    rendering the whole profile again; ``None`` when ``text`` is not laid out as expected
    (a heading twice), so the caller renders it whole.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> def f(i, p, o):
        ...     return Fact(fact_id=i, user_id="u", kind="fact", subject="user",
        ...                 predicate=p, object=o, text=o, valid_from=t, asserted_at=t)
        >>> print(with_section("Location: city: Oslo", [f("h", "hobby", "chess")], 7))
        Location: city: Oslo
        Interests: hobby: chess
    """
    heading = sections[index][0]
    order = {h: i for i, (h, _) in enumerate(sections)}
    if len(order) != len(sections):
        return None
    line = render_profile(facts, [sections[index]])
    lines = text.split("\n") if text else []
    at = [i for i, ln in enumerate(lines) if ln.startswith(f"{heading}: ")]
    if len(at) > 1:
        return None
    if at:
        lines[at[0] : at[0] + 1] = [line] if line else []
    elif line:
        later = (
            i
            for i, ln in enumerate(lines)
            if order.get(ln.partition(": ")[0], len(sections)) > index
        )
        lines.insert(next(later, len(lines)), line)
    return "\n".join(lines)


def render_profile(
    facts: Iterable[Fact],
    sections: Sequence[tuple[str, Sequence[str]]] = PROFILE_SECTIONS,
) -> str:
    """Render the profile lines from current facts. Same facts in, same text out.

    Values of one predicate are joined in a stable order (case-folded value, then id); a
    section with nothing to show is left out; preferences not named by a section are
    listed last under "Preferences". A person in the user's life is shown with the
    relation the fact names ("child: Ana (daughter)").

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> def f(i, p, o, text, subject="user"):
        ...     return Fact(fact_id=i, user_id="u1", kind="fact", subject=subject,
        ...                 predicate=p, object=o, text=text, valid_from=t, asserted_at=t)
        >>> print(render_profile([f("1", "child", "Ana", "Has a daughter named Ana."),
        ...                       f("2", "dislike", "coriander", "Dislikes coriander."),
        ...                       f("3", "city", "Perth", "The user's sister lives in Perth.",
        ...                         subject="person:sister")]))
        People: child: Ana (daughter)
        Constraints: dislike: coriander

    Args:
        facts: the user's facts; non-current ones and other people's are ignored.
        sections: ``(heading, predicates)`` pairs, in display order.

    Returns:
        The profile text, one line per section, or ``""`` when there is nothing to show.
    """
    current = [f for f in facts if f.is_current and not is_other_person(f)]
    by_predicate: dict[str, list[Fact]] = {}
    family: dict[str, list[str]] = {}  # a section's predicate -> the predicates it shows
    for fact in current:
        if fact.predicate not in by_predicate:
            home = profile_family(fact.predicate) or fact.predicate
            family.setdefault(home, []).append(fact.predicate)
        by_predicate.setdefault(fact.predicate, []).append(fact)
    for members in family.values():
        members.sort(key=lambda p: (p not in PROFILE_PREDICATES, p))
    shown: set[str] = set()
    lines: list[str] = []

    def values(predicate: str) -> str:
        rows = sorted(by_predicate[predicate], key=lambda f: (f.object.casefold(), f.fact_id))
        seen: list[str] = []
        for row in rows:
            if predicate in NOTE_SECTION_PREDICATES:
                value = _clean(_said(row) or row.object)
            else:
                value = _clean(_as_said(row) if predicate in SAID_PREDICATES else row.object)
            relation = relation_of(row)
            if relation and relation not in value.casefold() and relation != _label(predicate):
                value += f" ({relation})"
            if value not in seen:
                seen.append(value)
        return ", ".join(seen)

    for heading, predicates in sections:
        members = [m for p in predicates for m in family.get(p, ()) if m not in shown]
        parts = [f"{_label(p)}: {values(p)}" for p in members]
        shown.update(members)
        if parts:
            lines.append(f"{heading}: " + "; ".join(parts))
    prefs = sorted({f.predicate for f in current if f.kind == "preference"} - shown)
    if prefs:
        lines.append("Preferences: " + "; ".join(f"{_label(p)}: {values(p)}" for p in prefs))
    return "\n".join(lines)


ATTRIBUTES_HEADING = "Attributes"
"""The heading of the profile's last section: the user's one-at-a-time values."""


def is_attribute(
    fact: Fact,
    single_valued: frozenset[str] = DEFAULT_SINGLE_VALUED,
    multi_valued: frozenset[str] = DEFAULT_MULTI_VALUED,
    predicates: frozenset[str] = PROFILE_PREDICATES,
) -> bool:
    """Whether ``fact`` is one of the user's one-at-a-time values for the Attributes section.

    The user's own fact (subject ``user``, never another person's) with a value, not
    already in another section (``in_profile``), whose predicate holds one value at a time
    by the write policy's rule: it is in ``single_valued``, or it is not in
    ``multi_valued`` and the candidate declared it ``single_valued=True`` without its
    extractor saying it only guessed the attribute from the words' shape
    (``attribute=False``: "some context: Leeds" read as a one-at-a-time "some context"
    is stored, superseded and found by a request that names it, never always sent).
    Currency and validity are checked by the caller (``RetrievalPolicy.select`` drops
    non-current and not-yet-valid facts first).

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> def f(p, o, subject="user", sv=None, attribute=None):
        ...     return Fact(fact_id=p, user_id="u", kind="fact", subject=subject, predicate=p,
        ...                 object=o, text=o, valid_from=t, asserted_at=t, single_valued=sv,
        ...                 attribute=attribute)
        >>> [is_attribute(x) for x in (f("gym", "Ironworks"), f("locker_code", "4471", sv=True),
        ...                            f("hobby", "chess", sv=True), f("city", "Oslo"),
        ...                            f("gym", "Ironworks", subject="person:sister"),
        ...                            f("some_context", "Leeds", sv=True, attribute=False))]
        [True, True, False, False, False, False]
    """
    if fact.subject != "user" or fact.holder != "user" or not fact.object.strip():
        return False
    if fact.predicate in single_valued:
        is_single = True
    else:
        is_single = (
            fact.single_valued is True
            and fact.attribute is not False
            and fact.predicate not in multi_valued
        )
    return is_single and not in_profile(fact, predicates)


def odd_attribute(
    fact: Fact,
    single_valued: frozenset[str] = DEFAULT_SINGLE_VALUED,
    multi_valued: frozenset[str] = DEFAULT_MULTI_VALUED,
) -> bool:
    """Whether ``fact`` is held under an attribute no reader knows by name: one its
    extractor guessed from the words' shape (``attribute=False``), or a predicate that is
    neither the write policy's nor of a profile section's family ("important", "some
    context"). A value the user had forgotten or retracted may hide in such a fact's value
    ("important: sumac allergy"): a forget or a retraction reaches it by the value.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> def f(p, o):
        ...     return Fact(fact_id=p, user_id="u", kind="fact", subject="user", predicate=p,
        ...                 object=o, text=o, valid_from=t, asserted_at=t)
        >>> [odd_attribute(f(p, "x")) for p in ("important", "allergy", "nut_allergy", "gym")]
        [True, False, False, False]
    """
    if fact.attribute is False:
        return True
    p = fact.predicate
    return p not in single_valued and p not in multi_valued and profile_family(p) is None


class Ranked(Protocol):
    """What bounding a section renders of a value (``pick_bounded``): a ``Fact``, or the
    slim record the profile row keeps of a value beyond its bound (``profile_row``)."""

    @property
    def fact_id(self) -> str: ...
    @property
    def predicate(self) -> str: ...
    @property
    def object(self) -> str: ...


RankedT = TypeVar("RankedT", bound=Ranked)


def _confirmed(fact: Fact) -> float:
    return (fact.last_seen_at or fact.asserted_at).timestamp()


def bound_order(fact: Fact) -> tuple[float, float, str]:
    """The order in which a bounded section takes values: the most recently confirmed
    first (``last_seen_at``, else ``asserted_at``), then the most recent ``valid_from``,
    then the fact id."""
    return (-_confirmed(fact), -fact.valid_from.timestamp(), fact.fact_id)


def render_attributes(facts: Iterable[Ranked]) -> str:
    """The Attributes line of ``facts`` (every one shown; bound them with
    ``pick_attributes``), in the order of their labels; ``""`` for none.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> def f(p, o):
        ...     return Fact(fact_id=p, user_id="u", kind="fact", subject="user", predicate=p,
        ...                 object=o, text=o, valid_from=t, asserted_at=t)
        >>> render_attributes([f("landlord", "Pell & Co"), f("car", "a grey Leaf")])
        'Attributes: car: a grey Leaf; landlord: Pell & Co'
    """
    rows = sorted(facts, key=lambda f: (_label(f.predicate), f.object.casefold(), f.fact_id))
    parts: list[str] = []
    for row in rows:
        part = f"{_label(row.predicate)}: {_clean(row.object)}"
        if part not in parts:
            parts.append(part)
    return f"{ATTRIBUTES_HEADING}: " + "; ".join(parts) if parts else ""


def pick_attributes(
    facts: Iterable[Fact],
    *,
    limit: int,
    budget: int,
    length: Callable[[str], int] = len,
) -> tuple[list[Fact], list[Fact]]:
    """Bound the Attributes section: ``(shown, left)``.

    The most recently confirmed values (``last_seen_at``, else ``asserted_at``; then the
    most recent ``valid_from``; then the fact id) are taken first while the rendered line
    stays within ``budget`` (in ``length`` units) and ``limit`` values; the rest are
    ``left`` for ranking, where a request that names them still finds them. Same facts in,
    same choice out, whatever their order.

    Example:
        >>> from datetime import datetime, timedelta, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> def f(p, o, days):
        ...     at = t + timedelta(days=days)
        ...     return Fact(fact_id=p, user_id="u", kind="fact", subject="user", predicate=p,
        ...                 object=o, text=o, valid_from=at, asserted_at=at)
        >>> shown, left = pick_attributes([f("gym", "Ironworks", 1), f("car", "Leaf", 3),
        ...                                f("landlord", "Pell", 2)], limit=2, budget=200)
        >>> render_attributes(shown), [x.predicate for x in left]
        ('Attributes: car: Leaf; landlord: Pell', ['gym'])
    """
    return pick_bounded(facts, bound_order, limit=limit, budget=budget, length=length)


def pick_bounded(
    values: Iterable[RankedT],
    order: Callable[[RankedT], tuple[float, float, str]],
    *,
    limit: int,
    budget: int,
    length: Callable[[str], int] = len,
) -> tuple[list[RankedT], list[RankedT]]:
    """``pick_attributes`` of any values that render (``Ranked``), taken in ``order``
    (``bound_order`` of each value's fact: the profile row keeps it with a slim record)."""
    shown: list[RankedT] = []
    left: list[RankedT] = []
    for fact in sorted(values, key=order):
        if len(shown) >= limit:
            left.append(fact)  # full: no later value can be shown (no line to render)
        elif length(render_attributes([*shown, fact])) <= budget:
            shown.append(fact)
        else:
            left.append(fact)
    return shown, left
