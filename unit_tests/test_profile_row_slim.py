"""The profile row keeps whole only what the profile shows (issue #14).

A user with many hobbies: the Interests section shows a few (``max_interests``), and the
rest are ranked like any fact. The profile row keeps the shown ones whole and only a slim
record of the others, so recall reads and decodes what it may send, and a new hobby does
not rewrite a hundred payloads. What the user sees must not change: the same profile, an
old hobby still found by a request that names it, the next hobby shown when one goes.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from langgraph.store.base import BaseStore, Item

from langmem_plus.facts.layout import decode_facts
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.profile import bound_order, in_profile
from langmem_plus.facts.retrieval import RetrievalPolicy
from unit_tests.conftest import make_store
from unit_tests.test_memory_support import Clock, cand

HOBBIES = [
    "bouldering", "birdwatching", "calligraphy", "canoeing", "darts", "fencing",
    "gardening", "juggling", "knitting", "origami", "orienteering", "pottery", "rowing",
    "sailing", "snooker", "tatting", "woodturning", "yodelling", "archery", "beekeeping",
]  # fmt: skip


def row(store: BaseStore, memory: FactMemory, user: str) -> Item:
    item = store.get(memory.layout.profile(user), "rendered")
    assert isinstance(item, Item)
    return item


def current(store: BaseStore, memory: FactMemory, user: str) -> list:
    return decode_facts(store.search(memory.layout.facts(user), limit=1000))


def assert_row_is_right(store: BaseStore, memory: FactMemory, user: str) -> None:
    """The row is this version's, renders every current fact, holds whole exactly what the
    profile shows, and a slim record of every other profile fact."""
    item = row(store, memory, user)
    meta = store.get(memory.layout.profile(user), "meta")
    facts = current(store, memory, user)
    policy = memory.plans.retrieval
    assert memory.plans._row_facts(meta, item) is not None
    assert item.value["text"] == memory.plans._render(facts)
    profile = [f for f in facts if policy.is_always(f)]
    user_level = [f for f in profile if f.scope is None and f.is_current]
    hobbies = [f for f in user_level if in_profile(f) and policy.is_interest(f)]
    attributes = [f for f in user_level if not in_profile(f) and policy.is_attribute(f)]
    beyond = (
        policy.pick_bound("interest", hobbies, bound_order)[1]
        + policy.pick_bound("attribute", attributes, bound_order)[1]
    )
    shown = {f.fact_id for f in profile} - {f.fact_id for f in beyond}
    whole = {v["fact_id"] for v in item.value["facts"].values()}
    slim = {v["fact_id"] for v in item.value["left"].values()}
    assert whole == shown
    assert slim == {f.fact_id for f in profile} - shown
    assert all("text" not in v and "quote" not in v for v in item.value["left"].values())


@pytest.mark.parametrize("engine", ["inmemory", "qdrant_edge"])
def test_many_hobbies_keep_the_row_small_and_every_hobby_reachable(
    engine: str, tmp_path: Path
) -> None:
    store = make_store(engine, tmp_path)
    clock = Clock()
    memory = FactMemory(store, clock=clock, recall_cache_facts=0)
    memory.remember("noor", cand("city", "Oslo", "Lives in Oslo."))
    for hobby in HOBBIES:
        clock.advance(days=1)
        memory.remember("noor", cand("hobby", hobby, f"Took up {hobby}."))
    assert_row_is_right(store, memory, "noor")
    assert len(row(store, memory, "noor").value["facts"]) == 1 + 8  # the city, 8 hobbies

    # the oldest hobby is beyond the bound: not in the profile, found when asked about
    assert "bouldering" not in memory.profile("noor")
    block = memory.recall("noor", "any tips for bouldering?").block
    assert "bouldering" in block and "Oslo" in block
    assert "bouldering" not in memory.recall("noor", "what's a good pasta sauce?").block

    # a shown hobby goes: the next most recent one is shown, whole, in the same write
    newest = [f for f in current(store, memory, "noor") if f.object == "beekeeping"]
    memory.forget("noor", newest[0].fact_id)
    assert_row_is_right(store, memory, "noor")
    assert "beekeeping" not in memory.profile("noor")
    assert "sailing" in memory.profile("noor")  # the ninth most recent, shown now

    # stating an old hobby again confirms it: it is shown again
    clock.advance(days=1)
    memory.remember("noor", cand("hobby", "bouldering", "Still bouldering every week."))
    assert_row_is_right(store, memory, "noor")
    assert "bouldering" in memory.profile("noor")


@pytest.mark.parametrize("engine", ["inmemory", "qdrant_edge"])
def test_the_row_stays_right_through_a_random_mix_of_bounded_writes(
    engine: str, tmp_path: Path
) -> None:
    """Adds, restatements, retractions, forgets and verdicts of hobbies and attributes,
    beyond both bounds (set low here): after each, the row is what a whole rebuild would
    be, and recall on a ranking store sends what reading every fact sends."""
    store = make_store(engine, tmp_path)
    clock = Clock()
    bounds = RetrievalPolicy(max_attributes=4, max_interests=5)
    memory = FactMemory(store, clock=clock, retrieval=bounds, recall_cache_facts=0)
    rng = random.Random(5)
    attributes = [("gym", ["Basalt", "Ironworks"]), ("car", ["Leaf", "Zoe"]),
                  ("barber", ["Sven", "Kari"]), ("dentist", ["Dr Obi", "Dr Lund"]),
                  ("phone_plan", ["Unlimited", "Basic"]), ("bank", ["Nordea", "DNB"]),
                  ("landlord", ["Pell", "Moss"]), ("vet", ["Paws", "Claws"]),
                  ("school", ["Ruse", "Holt"])]  # fmt: skip
    beyond: set[str] = set()  # the bounded sections seen beyond their bound
    for step in range(90):
        clock.advance(hours=rng.randint(1, 48))
        roll = rng.random()
        hobby = rng.choice(HOBBIES)
        predicate, values = rng.choice(attributes)
        if roll < 0.45:
            memory.remember("noor", cand("hobby", hobby, f"Took up {hobby}."))
        elif roll < 0.7:
            value = rng.choice(values)
            memory.remember(
                "noor", cand(predicate, value, f"My {predicate} is {value}.", single_valued=True)
            )
        elif roll < 0.8:
            memory.remember("noor", cand("hobby", hobby, f"Gave up {hobby}.", polarity="retract"))
        else:
            held = [f for f in current(store, memory, "noor") if f.is_current]
            if held and roll < 0.9:
                memory.forget("noor", rng.choice(held).fact_id)
            elif held:
                memory.verdict("noor", rng.choice(held).fact_id, "rejected")
        if store.get(memory.layout.profile("noor"), "rendered") is not None:
            assert_row_is_right(store, memory, "noor")
            beyond |= {v["bound"] for v in row(store, memory, "noor").value["left"].values()}
        if step % 10 == 9:
            facts = current(store, memory, "noor")
            for request in (f"any tips for {hobby}?", f"is my {predicate} open today?"):
                now = clock()
                want = memory.plans.retrieval.select(request, facts, scope=None, now=now)
                got = memory.recall("noor", request)
                assert got.profile == want.profile, (step, request)
                assert {k.fact.fact_id for k in got.kept} == {
                    k.fact.fact_id for k in want.kept
                }, (step, request)
    assert beyond == {"interest", "attribute"}
