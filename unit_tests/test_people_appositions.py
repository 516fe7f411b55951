"""People of the user's life named in apposition, read by structure by the rule extractor
(issue 12): any modifier between "my" and the relation word, a relation word said as a
name beside the name, and "the <animal> we ..., <name>," — and
another person's animal stays theirs."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from langchain_core.messages import HumanMessage

from langmem_plus.extraction import RuleExtractor

NOW = datetime(2026, 6, 3, 10, 0, tzinfo=timezone.utc)


def people(said: str) -> set[tuple[str, str]]:
    found = RuleExtractor().extract([HumanMessage(said)], now=NOW)
    return {(c.predicate, c.object) for c in found if c.holder == "user" and c.subject == "user"}


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("me and my kid brother Torvald are repainting the shed", ("sibling", "Torvald")),
        ("Saoirse (my ever-patient wife) booked the ferry", ("partner", "Saoirse")),
        ("Mum (Adaeze) is flying in on Thursday for a fortnight", ("parent", "Adaeze")),
        ("Mam - Gwenllian to the neighbours - has taken up bowls", ("parent", "Gwenllian")),
        ("The ferret we got from a rescue, Bramble, bit the postman", ("pet", "Bramble")),
    ],
)
def test_apposed_person_is_the_users(said: str, fact: tuple[str, str]) -> None:
    assert fact in people(said)


@pytest.mark.parametrize(
    "said",
    [
        "my landlord's lurcher, the one he got last year, Bosun, howls at the bins",
        "The lurcher my cousin adopted, Bosun, is enormous",
        "my boss and her son Kwabena came to the barbecue",
    ],
)
def test_another_persons_stays_theirs(said: str) -> None:
    assert not {f for f in people(said) if f[1] in ("Bosun", "Kwabena")}
