"""The data of held-out split v8, part a (``benchmarks/truth/heldout_v8_a.py``, #12).

These tests check the split itself, not the product: it is deterministic, every kind has
enough probes (17 or more), every user has exactly one irrelevant request, every value a
probe expects was said by that user, every scripted candidate is a valid, grounded
``CandidateFact``, every scenario turn reaches a session of its user, a third of the turns
are one-offs, and the must-not-store scenarios carry enough scripted slips of every kind.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

import pytest

from benchmarks.truth import heldout_v8_a
from benchmarks.truth.conversations import HoConversation
from benchmarks.truth.heldout_v8_a import generate_heldout_v8_a
from benchmarks.truth.modes import SLIP_KINDS
from unit_tests.part_a_contract import StrictPartAContract
from unit_tests.split_checks import (
    check_a_wanted_value_is_the_last_its_slot_was_given,
    check_one_irrelevant_probe_per_user,
)


class TestHeldoutV8PartA(StrictPartAContract):
    generate = staticmethod(generate_heldout_v8_a)
    scenario_texts = staticmethod(heldout_v8_a.scenario_texts)
    one_off_share = staticmethod(heldout_v8_a.one_off_share)
    one_off_texts = heldout_v8_a.ONE_OFF_TEXTS
    kinds = heldout_v8_a.KINDS
    prefix = "h8a-"
    shape: ClassVar[dict[str, Any]] = {"probes": (140, 160), "per_kind": 17}


@pytest.fixture(scope="module")
def split() -> list[HoConversation]:
    return generate_heldout_v8_a(seed=0)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_wanted_one_at_a_time_value_is_the_last_its_slot_was_given(seed: int) -> None:
    check_a_wanted_value_is_the_last_its_slot_was_given(generate_heldout_v8_a(seed=seed))


def test_the_half_scripts_enough_slips_of_every_kind(split: list[HoConversation]) -> None:
    # a careless extractor is measured on at least 13 mistakes, of all five kinds
    slips = [s for c in split for _, turns in c.sessions for t in turns for s in t.slips]
    assert len(slips) >= 13, len(slips)
    assert {s.kind for s in slips} == set(SLIP_KINDS), Counter(s.kind for s in slips)


def test_must_not_store_probes_mix_every_category_beside_a_real_fact(
    split: list[HoConversation],
) -> None:
    # what must stay out covers hypotheticals, other people, pastes, instructions and
    # questions, and nearly every such probe also wants the one real fact of the user's
    probes = [p for c in split for p in c.probes if p.kind == "must_not_store"]
    categories = {k for p in probes for _, k in p.absent}
    assert {"hypothetical", "other_person", "pasted", "instruction", "question"} <= categories
    assert sum(bool(p.present) for p in probes) >= len(probes) - 2


def test_the_open_thread_forbids_the_value_given_up_before_it(
    split: list[HoConversation],
) -> None:
    # the open thread's first request wants what is still open and not the value dropped
    # on the way, which was said earlier in the same last session
    for c in split:
        if "open_thread" not in c.kinds:
            continue
        first = c.probes[0]
        assert first.present and first.absent, c.user_id
        last_session = " ".join(t.text for t in c.sessions[-1][1]).casefold()
        last_turn = c.sessions[-1][1][-1].text.casefold()
        for value, _ in first.absent:
            assert value.casefold() in last_session, (c.user_id, value)
            assert value.casefold() not in last_turn, (c.user_id, value)


def test_a_bigger_split_repeats_the_plan_without_clashes() -> None:
    # 30 users wrap around the 72 scenarios; each user still gets three different kinds
    convs = generate_heldout_v8_a(seed=4, users=30)
    assert [c.user_id for c in convs][-1] == "h8a-29"
    for c in convs:
        assert len(set(c.kinds) - {"irrelevant"}) == 3, c.user_id
    check_one_irrelevant_probe_per_user(convs)
