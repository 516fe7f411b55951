"""A note added to a slot that holds many is decided against the few rows that can hold its
value (``HeldRows.narrowed``), with the decision the whole slot gives (#14)."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import CandidateFact, Fact
from langmem_plus.facts.policy import HeldRows, WritePolicy
from unit_tests.conftest import make_store
from unit_tests.test_memory_batch import decisions, state
from unit_tests.test_memory_support import Clock

NOW = datetime(2026, 3, 1, tzinfo=timezone.utc)
WORDS = ["chess", "sailing", "jazz", "bread", "rowing", "go", "tango", "kites", "maps"]


def note(rng: random.Random, i: int) -> dict[str, Any]:
    """A hobby said in a few ways: new values, the same value in other words or case, a
    shorter or longer phrasing of a held one, now and then declared one-at-a-time or of
    another kind or scope."""
    word = rng.choice(WORDS)
    shape = rng.randrange(6)
    if shape == 0:
        obj, text = word.upper(), f"Still into {word}."
    elif shape == 1:
        obj, text = f"{word} club", f"Goes to the {word} club on Fridays."
    elif shape == 2:
        obj, text = word, f"Goes to the {word} club."
    else:
        obj, text = f"{word} {i}", f"Took up {word} {i}."
    c: dict[str, Any] = {"kind": "fact", "predicate": "hobby", "object": obj, "text": text}
    roll = rng.random()
    if roll < 0.05:
        c["single_valued"] = True
    elif roll < 0.1:
        c["kind"] = "preference"
    elif roll < 0.15:
        c["scope"] = "atlas"
    return c


def test_a_narrowed_slot_decides_every_note_as_the_whole_slot() -> None:
    policy = WritePolicy()
    rng = random.Random(14)
    rows = HeldRows()
    whole: dict[str, Fact] = {}
    narrowed_some = False
    for i in range(300):
        candidate = CandidateFact(**note(rng, i))
        now = NOW + timedelta(minutes=i)
        fact = policy.to_fact(candidate, user_id="u", now=now)
        assert policy.narrows(candidate, fact)
        few = rows.narrowed(fact)
        everything = [whole[k] for k in sorted(whole)]
        narrowed_some = narrowed_some or len(few) < len(everything)
        got = policy.decide(candidate, user_id="u", current=few, now=now, built=fact)
        want = policy.decide(candidate, user_id="u", current=everything, now=now, built=fact)
        assert got == want, (i, candidate)
        if got.fact is not None and got.write:
            key = f"{got.fact.scope}|{got.fact.kind}|{got.fact.object.casefold()}|{i}"
            if got.other is not None:  # a reconfirmation rewrites the row it names
                key = next(k for k, f in whole.items() if f.fact_id == got.other.fact_id)
            rows[key] = whole[key] = got.fact
        if i % 37 == 36:  # a row leaves (a forget, a retraction elsewhere)
            gone = sorted(whole)[rng.randrange(len(whole))]
            del whole[gone]
            rows.pop(gone)
    assert narrowed_some and len(whole) > 100


def test_slots_held_one_at_a_time_and_retractions_are_never_narrowed() -> None:
    policy = WritePolicy()
    city = CandidateFact(kind="fact", predicate="city", object="Oslo", text="Lives in Oslo.")
    gone = CandidateFact(kind="fact", predicate="hobby", object="chess",
                         text="No longer plays chess.", polarity="retract")
    fixed = CandidateFact(kind="fact", predicate="hobby", object="chess",
                          text="I meant chess, not go.", corrects="go")
    for c in (city, gone, fixed):
        assert not policy.narrows(c, policy.to_fact(c, user_id="u", now=NOW))


@pytest.mark.parametrize("engine", ["inmemory", "qdrant_edge"])
def test_an_import_into_one_big_slot_stores_what_one_remember_after_another_stores(
    engine: str, tmp_path: Path
) -> None:
    rng = random.Random(engine)
    batch = [note(rng, i) for i in range(120)]
    one_by_one = FactMemory(make_store(engine, tmp_path / "a"), clock=Clock())
    batched = FactMemory(make_store(engine, tmp_path / "b"), clock=Clock())
    seq = [one_by_one.remember("imp", c) for c in batch]
    many = batched.remember_many("imp", batch)
    assert decisions(many) == decisions(seq)
    assert {d.action for d in many} >= {"new", "reconfirmed"}
    assert state(batched, "imp") == state(one_by_one, "imp")
