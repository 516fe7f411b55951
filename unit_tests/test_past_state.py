"""Past states are history, never the current value, and never replace it (#12, kind 10).

"Formerly at X", "my old car was a X", "before I moved here I was in X", "back in my X
days", "when I was living in X": the extractor reads the value and marks it ended
(``valid_to``), whether the current value comes in the same message, an earlier one or a
later one; what the user then sees is the current value, not the past one.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from langchain_core.messages import HumanMessage
from langgraph.store.base import BaseStore

from langmem_plus.extraction.rules import RuleExtractor
from langmem_plus.facts.memory import FactMemory
from unit_tests.test_memory_support import START, Clock


def read(text: str) -> list[tuple[str, str, bool]]:
    """``(predicate, object, ended)`` for each of the user's asserted candidates."""
    found = RuleExtractor().extract([HumanMessage(text)])
    return [
        (c.predicate, c.object, c.valid_to is not None)
        for c in found
        if c.subject == "user" and c.polarity == "assert"
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Formerly at Ridgeback Optics, now at Lumenfold.",
         [("employer", "Ridgeback Optics", True), ("employer", "Lumenfold", False)]),
        ("My old van was a Ford Transit, a real workhorse.", [("van", "Ford Transit", True)]),
        ("I live in Tartu. Before I moved here I was in Pärnu for years.",
         [("city", "Tartu", False), ("city", "Pärnu", True)]),
        ("back in my Winnipeg days I skated to work", [("city", "Winnipeg", True)]),
        ("When I was living in Dunedin I surfed a lot.", [("city", "Dunedin", True)]),
        ("I used to live in Cádiz but now I'm in Sevilla.",
         [("city", "Cádiz", True), ("city", "Sevilla", False)]),
        ("used to work for Hollowell Press, ages ago", [("employer", "Hollowell Press", True)]),
        ("I was previously employed by Ashgrove Mills.", [("employer", "Ashgrove Mills", True)]),
        ("Kilkenny was home for a decade before that.", [("city", "Kilkenny", True)]),
        ("I spent six years in Malmö before moving here.", [("city", "Malmö", True)]),
        ("when my address was in Lund, I cycled everywhere", [("city", "Lund", True)]),
        ("My last job was at Fernwood Logistics.", [("employer", "Fernwood Logistics", True)]),
        ("I was with Quillon for years before I joined Arbor Bank.",
         [("employer", "Quillon", True), ("employer", "Arbor Bank", False)]),
    ],
)  # fmt: skip
def test_a_past_state_is_read_as_ended(text: str, expected: list[tuple[str, str, bool]]) -> None:
    got = read(text)
    for item in expected:
        assert item in got
    assert len({(p, o) for p, o, _ in got}) == len(got)


@pytest.mark.parametrize("current_first", [True, False])
def test_a_past_state_never_hides_the_current_value(
    base_store: BaseStore, current_first: bool
) -> None:
    clock = Clock(START)
    memory = FactMemory(base_store, clock=clock)
    ex = RuleExtractor()
    turns = ["I live in Trondheim.", "Back in my Stavanger days I never owned a coat."]
    for text in turns if current_first else turns[::-1]:
        for c in ex.extract([HumanMessage(text)], now=clock.now):
            memory.remember("kai", c)
        clock.advance(days=3)
    block = memory.recall("kai", "any good bakeries near where I live?").block
    assert "Trondheim" in block
    assert "Stavanger" not in block


def test_a_past_and_a_current_value_in_one_quote_stay_apart(base_store: BaseStore) -> None:
    """An extractor that quotes the whole message for both values: only the value in the
    past clause is marked ended by the post-filter."""
    from langmem_plus.extraction import post_filter, user_turns
    from langmem_plus.facts.models import CandidateFact

    text = "I'm based in Ghent now, I used to be based in Namur."
    msgs = [HumanMessage(text, id="m1")]
    turns = user_turns(msgs, now=START)
    cands = [
        CandidateFact(kind="fact", predicate="city", object=v, text=f"Lives in {v}.", quote=text)
        for v in ("Ghent", "Namur")
    ]
    kept = {c.object: c.valid_to is not None for c in post_filter(cands, turns)[0]}
    assert kept == {"Ghent": False, "Namur": True}
    clock = Clock(START + timedelta(days=1))
    memory = FactMemory(base_store, clock=clock)
    for c in post_filter(cands, turns)[0]:
        memory.remember("noa", c)
    block = memory.recall("noa", "suggest an evening walk close to home").block
    assert "Ghent" in block and "Namur" not in block
