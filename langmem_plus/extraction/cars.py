"""The user's car, read where a car maker's name says what the thing is (issue 12).

People rarely say "car" when they name theirs: "it's the Mazda CX-30 now", "Replaced it
with a Toyota Yaris Cross", "The Proton Persona is my daily driver". The structure alone
does not say which attribute such a clause is about; the maker's name does, as a country's
name says a place. A car is a thing the user has one of at a time (the ``car`` slot, which
the write policy keeps single-valued), so the newest one said replaces the one before.

Only the current car is read. A car said as the user's past ("had a Hyundai Bayon until
the spring", "my old BYD Dolphin finally died", "sold the Zafira") gives nothing here;
the clause that names the current one does.

Example:
    >>> current_car("had a Hyundai Bayon until the spring")
    >>> current_car("it's the Mazda CX-30 now")
    'Mazda CX-30'
    >>> current_car("Replaced it with a Toyota Yaris Cross.")
    'Toyota Yaris Cross'
    >>> current_car("I have a Toyota mug on my desk")
"""

from __future__ import annotations

import re

from langmem_plus.extraction.vocab import CAR_MAKES

__all__ = ["current_car", "names_a_car"]


def _cased_alternation(words: frozenset[str]) -> str:
    """The makes as people write them: capitalised ("Seat", "Land Rover") or in capitals
    ("BMW", "MG"); a maker's name in lowercase is too often a common word ("a seat at the
    bar", "a smart watch", "a mini fridge")."""
    forms = {" ".join(p[:1].upper() + p[1:] for p in w.split()) for w in words}
    forms |= {w.upper() for w in words}
    ordered = sorted(forms, key=len, reverse=True)
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in ordered)


# a model is one to three words that are capitalised or hold a digit ("Yaris Cross",
# "CX-30", "V60", "240", "e-Golf"); a lowercase word ends it ("a Toyota mug" is no car)
_MODEL = r"(?:\s+(?-i:[A-Z][\w-]*|[\w-]*\d[\w-]*)){0,3}"
_CAR = rf"(?P<car>(?:{_cased_alternation(CAR_MAKES)})\b{_MODEL})"
# what may follow the car: the clause's end, or a word that starts an adjunct or a new
# clause, never a noun the maker's name would only modify
_AFTER = (
    r"(?=\s*(?:$|[,.;:!?)—–-]|\s(?i:now|nowadays|these days|and|but|so|since|from|for|with|"
    r"which|that|as|in|on|at|lol|haha|instead|too|though|anyway)\b))"
)
_ARTICLE = r"(?:a|an|the|my|our)\s+(?:(?:new|used|secondhand|second-hand|little|old|own)\s+)?"
_CURRENT = tuple(
    re.compile(p)
    for p in (
        # "it's the Mazda CX-30 now", "nowadays it's a Subaru Forester"
        rf"\b(?i:it's|it’s|it is|its)\s+{_ARTICLE}{_CAR}\s+(?i:now)\b",
        rf"\b(?i:now|nowadays|these days)\s*,?\s+(?i:it's|it’s|it is)\s+{_ARTICLE}{_CAR}{_AFTER}",
        # "Replaced it with a Toyota Yaris Cross", "swapped it for a Kia Niro"
        rf"\b(?i:replaced (?:it|her|him) with|swapped (?:it|her|him) for|traded (?:it|her|him) "
        rf"(?:in )?for|upgraded to|went for|ended up with)\s+{_ARTICLE}{_CAR}{_AFTER}",
        # "I bought a Skoda Fabia", "picked up a secondhand Dacia Sandero", "we've got a Kia"
        rf"(?:^\W*|\b(?i:i|we)(?:'ve|’ve|\s+have)?\s+(?i:just\s+|finally\s+)?)(?i:bought|got|"
        rf"picked up|leased|own|have|drive|driving|run)\s+{_ARTICLE}{_CAR}{_AFTER}",
        # "The Proton Persona is my daily driver", "a Fiat Panda is my runaround now"
        rf"^\W*(?:(?i:the|a|an|my|our)\s+)?{_CAR}\s+(?i:is|'s|’s)\s+(?i:my|our)\s+"
        r"(?i:(?:new\s+)?(?:daily driver|daily|runaround|ride|wheels|motor|car))\b",
    )
)
# the car said as the user's past, or as someone else's
_NOT_CURRENT = re.compile(
    r"\b(?:had|used to|sold|got rid of|scrapped|wrote off|written off|until|till|"
    r"my old|our old|died|dad|mum|mom|father|mother|brother|sister|partner|wife|husband|"
    r"friend|neighbour|neighbor|boss|colleague|if|would|could|might|thinking of|"
    r"considering|want|wants|looking at)\b",
    re.IGNORECASE,
)


def current_car(clause: str) -> str | None:
    """The make and model of the car ``clause`` says the user has now, or ``None``."""
    m = next((m for p in _CURRENT if (m := p.search(clause))), None)
    if m is None or _NOT_CURRENT.search(clause[: m.start("car")]):
        return None
    return re.sub(r"\s+", " ", m.group("car")).strip()


_A_CAR = re.compile(rf"^(?:(?i:a|an|the)\s+)?{_CAR}$")


def names_a_car(value: str) -> bool:
    """Whether ``value`` is a car by its maker's name ("Daihatsu Terios", "a Kia Niro"):
    what a switch that names no attribute ("traded in the X for a Y") is about.

    Example:
        >>> names_a_car("Daihatsu Terios"), names_a_car("Netflix")
        (True, False)
    """
    return bool(_A_CAR.match(value.strip()))
