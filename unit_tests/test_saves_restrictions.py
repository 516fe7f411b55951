"""Explicit saves that set a rule without a verb of the user's own (issue 12, kind 8).

"Remember: bad knee, so nothing with stairs when you pick hotels" states a restriction by a
negative quantifier, a focus on what alone is allowed ("aisle seats only"), or a verdict on
a thing ("mushrooms = never"), often after its reason and before the scope in which the
assistant is to apply it ("when you ..."). Such a save is a constraint, so it reaches every
request it could constrain through the always-on profile, and never a note that falls below
the floor. Wordings and values are written for these tests.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from langchain_core.messages import HumanMessage
from langgraph.store.memory import InMemoryStore

from langmem_plus.extraction import RuleExtractor, remember_candidates
from langmem_plus.facts.memory import FactMemory
from unit_tests.test_memory_support import Clock

NOW = datetime(2026, 6, 2, 8, tzinfo=timezone.utc)

# (the save, a request it bears on, a word of the rule that must come back)
RULES = [
    ("Remember: bad knee, so nothing with stairs when you pick hotels",
     "a hotel in Porto for two nights?", "stairs"),
    ("pls remember: aisle seats only when you book flights", "flights to Oslo next month?",
     "aisle"),
    ("Keep this on file: no car, so walking distance only when you suggest restaurants",
     "somewhere for dinner on friday?", "walking distance"),
    ("note this one: mushrooms = never", "a risotto recipe for tonight", "mushrooms"),
    ("Please remember — early riser, so no meetings after 4pm when you book my calendar",
     "set up a call with the design team", "4pm"),
    ("please remember that my flat has no lift", "which sofa should I order?", "lift"),
]  # fmt: skip

# (a save of how a thing strikes the user, a request it bears on, the thing)
SENSED = [
    ("remember that coriander tastes like soap to me", "a salsa recipe for tacos?",
     "coriander"),
    ("remember: fennel makes me gag", "a salad for lunch tomorrow?", "fennel"),
]  # fmt: skip


@pytest.mark.parametrize(("said", "ask", "word"), SENSED, ids=[r[2] for r in SENSED])
def test_a_thing_that_strikes_the_senses_badly_is_a_dislike_that_comes_back(
    said: str, ask: str, word: str
) -> None:
    facts = RuleExtractor().extract([HumanMessage(said, id="m1")], now=NOW)
    assert [(c.predicate, c.object) for c in facts] == [("dislike", word)]
    assert word in _memory(said).recall("ines", ask).block


def test_a_thing_praised_is_no_dislike() -> None:
    facts = RuleExtractor().extract(
        [HumanMessage("note that the food here tastes great", id="m1")], now=NOW
    )
    assert not [c for c in facts if c.predicate == "dislike"]


def _memory(*said: str) -> FactMemory:
    clock = Clock(NOW)
    memory = FactMemory(InMemoryStore(), clock=clock)
    for i, text in enumerate(said):
        for c in RuleExtractor().extract([HumanMessage(text, id=f"m{i}")], now=NOW):
            memory.remember("ines", c)
    clock.now = NOW + timedelta(days=3)
    return memory


@pytest.mark.parametrize(("said", "ask", "word"), RULES, ids=[r[2] for r in RULES])
def test_a_rule_set_in_a_save_reaches_the_request_it_constrains(
    said: str, ask: str, word: str
) -> None:
    block = _memory(said).recall("ines", ask).block
    assert word.casefold() in block.casefold()


@pytest.mark.parametrize(("said", "ask", "word"), RULES, ids=[r[2] for r in RULES])
def test_a_rule_is_a_constraint_without_the_assistant_facing_scope(
    said: str, ask: str, word: str
) -> None:
    (fact,) = RuleExtractor().extract([HumanMessage(said, id="m1")], now=NOW)
    assert fact.predicate == "constraint"
    assert word.casefold() in fact.object.casefold()
    assert " you " not in f" {fact.text.casefold()} "  # "when you book ...": not the rule


def test_the_fast_path_keeps_a_verdict_after_a_pointer_word() -> None:
    found = remember_candidates(HumanMessage("remember this one: tofu = nope", id="m1"),
                                RuleExtractor())  # fmt: skip
    assert found is not None
    assert [(c.predicate, c.object) for c in found] == [("constraint", "no tofu")]


@pytest.mark.parametrize(
    "said", ["remember, no worries about the deadline", "note that not sure about Friday yet"]
)
def test_a_set_phrase_with_a_negative_is_no_rule(said: str) -> None:
    facts = RuleExtractor().extract([HumanMessage(said, id="m1")], now=NOW)
    assert not [c for c in facts if c.predicate == "constraint"]


@pytest.mark.parametrize("said", [r[0] for r in RULES], ids=[r[2] for r in RULES])
def test_an_irrelevant_request_gets_no_fact_line_from_a_rule(said: str) -> None:
    block = _memory(said).recall("ines", "how far away is the moon?").block
    assert not [ln for ln in block.splitlines() if ln.startswith("- ")]
