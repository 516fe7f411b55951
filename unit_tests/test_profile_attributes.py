"""The profile's Attributes section: the user's one-at-a-time values reach every request,
within a bound, and never a replaced, future or other person's value (issue 12, recall)."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import CandidateFact, Fact
from langmem_plus.facts.policy import WritePolicy
from langmem_plus.facts.retrieval import RetrievalPolicy
from unit_tests.conftest import make_store
from unit_tests.test_memory_support import Clock, cand

T = datetime(2026, 2, 2, tzinfo=timezone.utc)
NOW = T + timedelta(days=60)
POLICY = RetrievalPolicy()


def fact(i: str, predicate: str, obj: str, *, days: float = 0, **kw: object) -> Fact:
    at = T + timedelta(days=days)
    kw.setdefault("subject", "user")
    return Fact(
        fact_id=i,
        user_id="mirela",
        kind="fact",
        predicate=predicate,
        object=obj,
        text=f"The user's {predicate.replace('_', ' ')} is {obj}.",
        valid_from=at,
        asserted_at=at,
        **kw,  # type: ignore[arg-type]
    )


def stored(*said: tuple[CandidateFact, datetime]) -> list[Fact]:
    """What the write policy keeps current after these statements, in order."""
    held: list[Fact] = []
    for c, at in said:
        d = WritePolicy().decide(c, user_id="mirela", current=held, now=at, session_id="s")
        closed = {x.fact_id for x in d.closed}
        held = [f for f in held if f.fact_id not in closed]
        if d.fact is not None:
            held.append(d.fact)
    return held


def test_after_a_switch_of_plans_only_the_new_plan_reaches_an_unrelated_request() -> None:
    def plan(name: str) -> CandidateFact:
        return CandidateFact(kind="fact", subject="user", predicate="phone_plan", object=name,
                             text=f"The user is on the {name} plan.")  # fmt: skip

    held = stored((plan("Koru Talk 15"), T), (plan("Koru Data 40"), T + timedelta(days=20)))
    recall = POLICY.select(
        "off to Santiago for three weeks, anything to sort out before I fly?",
        held,
        scope=None,
        now=NOW,
    )
    assert "Attributes: phone plan: Koru Data 40" in recall.profile
    assert "Koru Talk 15" not in recall.block
    # it is profile, not a fact line: a request about nothing of the user's has no "- " line
    assert not [ln for ln in recall.block.splitlines() if ln.startswith("- ")]


def test_a_value_declared_one_at_a_time_is_an_attribute_and_a_skill_is_not() -> None:
    facts = [
        fact("bike", "commuter_bike", "a blue Brompton", single_valued=True),
        fact("weld", "skill", "welding", single_valued=True),  # skills accumulate
        fact("loose", "favourite_tea", "rooibos"),  # nobody said one at a time
    ]
    profile = POLICY.select("what's a good podcast?", facts, scope=None, now=NOW).profile
    assert "Attributes: commuter bike: a blue Brompton" in profile
    assert "welding" not in profile and "rooibos" not in profile


def test_a_replaced_a_future_and_another_persons_value_never_show() -> None:
    facts = [
        fact("old", "landlord", "Quill Lettings", expired_at=T + timedelta(days=9)),
        fact("new", "landlord", "Harbourside Homes", days=9),
        fact("later", "gym", "Basalt Climbing", days=90),  # valid only from after NOW
        fact("sis", "gym", "Cobalt Fitness", subject="person:sister", holder="sister"),
        fact("wrong", "car", "Skoda Fabia", verdict="inaccurate"),
    ]
    recall = POLICY.select("the radiator is leaking, who do I tell?", facts, scope=None, now=NOW)
    assert recall.profile == "Attributes: landlord: Harbourside Homes"
    for value in ("Quill", "Basalt", "Cobalt", "Skoda"):
        assert value not in recall.block


def test_a_user_with_forty_attributes_gets_a_bounded_block() -> None:
    facts = [
        fact(f"a{i:02d}", f"thing_{i:02d}", f"value number {i:02d}", days=i, single_valued=True)
        for i in range(40)
    ]
    recall = POLICY.select("what's a good podcast?", facts, scope=None, now=NOW)
    line = recall.profile.splitlines()[-1]
    assert line.startswith("Attributes: ")
    assert len(line) <= POLICY.attribute_budget and recall.used <= POLICY.budget
    shown = [k.fact.fact_id for k in recall.kept]
    assert 0 < len(shown) <= POLICY.max_attributes
    # the most recently confirmed are kept; the others are ranked, so naming one finds it
    assert shown == [f"a{i:02d}" for i in range(39, 39 - len(shown), -1)]
    named = POLICY.select("what is my thing 03?", facts, scope=None, now=NOW)
    assert "- The user's thing 03 is value number 03." in named.block.splitlines()


def test_a_tight_bound_keeps_the_most_recently_confirmed_value() -> None:
    facts = [
        fact("car", "car", "a red Zoe", days=1),
        fact("gym", "gym", "Basalt Climbing", days=5),
        fact("isp", "internet_provider", "Kestrel Fibre", days=3, last_seen_at=NOW),
    ]
    tight = RetrievalPolicy(max_attributes=2)
    profile = tight.select("any podcast tips?", facts, scope=None, now=NOW).profile
    assert profile == "Attributes: gym: Basalt Climbing; internet provider: Kestrel Fibre"
    off = RetrievalPolicy(max_attributes=0).select("any podcast tips?", facts, scope=None, now=NOW)
    assert off.block == ""


def test_the_attributes_line_does_not_depend_on_input_order() -> None:
    facts = [
        fact(f"f{i}", p, o, days=i % 3)
        for i, (p, o) in enumerate(
            [("car", "a red Zoe"), ("gym", "Basalt Climbing"), ("landlord", "Harbourside"),
             ("mobile_carrier", "Tarn Mobile"), ("energy_provider", "Lumo Energy")]
        )
    ]  # fmt: skip
    expected = POLICY.select("hi", facts, scope=None, now=NOW).block
    rng = random.Random(3)
    for _ in range(10):
        rng.shuffle(facts)
        assert POLICY.select("hi", facts, scope=None, now=NOW).block == expected


def test_a_bound_below_zero_is_refused_with_the_value() -> None:
    with pytest.raises(ValueError, match="max_attributes=-1"):
        RetrievalPolicy(max_attributes=-1)


@pytest.mark.parametrize("engine", ["inmemory", "qdrant_edge"])
def test_memory_recall_sends_the_attribute_for_a_request_sharing_no_word(
    engine: str, tmp_path: Path
) -> None:
    memory = FactMemory(make_store(engine, tmp_path), clock=Clock())
    memory.remember("mirela", cand("energy_provider", "Lumo Energy",
                                   "The user's energy supplier is Lumo Energy."))  # fmt: skip
    memory.remember("mirela", cand("city", "Ghent", "Lives in Ghent."))
    memory.remember("mirela", cand("energy_provider", "Volt Co-op",
                                   "The user's energy supplier is Volt Co-op."))  # fmt: skip
    block = memory.recall("mirela", "the meter reading looks way off, what do I do?").block
    assert "Attributes: energy provider: Volt Co-op" in block and "Lumo" not in block
    profile = memory.profile("mirela")
    assert profile == "Location: city: Ghent\nAttributes: energy provider: Volt Co-op"
