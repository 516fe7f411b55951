"""The data of held-out split v5, part b (benchmarks/truth/heldout_v5_b.py): deterministic,
every kind probed often enough, one irrelevant request per user, labels grounded in what
the user said, and ideal candidates the write policy can read (#12)."""

from __future__ import annotations

from collections import Counter

import pytest

from benchmarks.truth.heldout_v5_b import KINDS, generate_heldout_v5_b, one_off_share
from unit_tests.split_checks import (
    check_candidates_are_valid_and_grounded,
    check_deterministic,
    check_one_irrelevant_probe_per_user,
    check_one_script_per_text,
    check_values_were_said_by_their_user,
)


@pytest.fixture(scope="module")
def split():
    return generate_heldout_v5_b(seed=0)


def test_deterministic_from_the_seed():
    check_deterministic(generate_heldout_v5_b)


def test_users_and_probe_counts(split):
    assert [c.user_id for c in split] == [f"h5b-{n}" for n in range(24)]
    kinds = Counter(p.kind for c in split for p in c.probes)
    assert 130 <= sum(kinds.values()) <= 170
    for kind in KINDS:
        assert kinds[kind] >= 12, kind
    assert set(kinds) == {*KINDS, "irrelevant"}
    for c in split:
        assert set(c.kinds) == {*KINDS, "irrelevant"}


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_every_user_has_exactly_one_irrelevant_probe(seed):
    check_one_irrelevant_probe_per_user(generate_heldout_v5_b(seed=seed))


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_present_values_were_said_by_that_user(seed):
    check_values_were_said_by_their_user(generate_heldout_v5_b(seed=seed))


def test_sessions_are_ordered_and_probes_come_after(split):
    for c in split:
        assert 3 <= len(c.sessions) <= 4
        times = [at for at, _ in c.sessions]
        assert times == sorted(times)
        assert all(turns for _, turns in c.sessions)
        assert c.probe_at > times[-1]


def test_ideal_candidates_are_valid_and_grounded(split):
    check_candidates_are_valid_and_grounded(split)
    check_one_script_per_text(split)
    for c in split:
        for _, turns in c.sessions:
            for t in turns:
                for cand in t.ideal:
                    assert cand.kind in {"fact", "preference"}
                    assert cand.quote == t.text
                    if cand.holder != "user":
                        assert cand.subject.startswith("person:")


def test_a_third_of_turns_are_free_form_one_offs():
    one_offs, turns = one_off_share(seed=0)
    assert 3 * one_offs >= turns
