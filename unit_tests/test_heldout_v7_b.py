"""The data of held-out split v7, part b (benchmarks/truth/heldout_v7_b.py): deterministic,
every kind probed often enough, one irrelevant request per user, labels grounded in what
the user said, and ideal candidates the write policy can read (#12)."""

from __future__ import annotations

from collections import Counter

import pytest

from benchmarks.truth.heldout_v7_b import KINDS, generate_heldout_v7_b, one_off_share
from unit_tests.split_checks import (
    check_a_wanted_value_is_the_last_its_slot_was_given,
    check_candidates_are_valid_and_grounded,
    check_deterministic,
    check_one_irrelevant_probe_per_user,
    check_one_script_per_text,
    check_shape,
    check_values_were_said_by_their_user,
)


@pytest.fixture(scope="module")
def split():
    return generate_heldout_v7_b(seed=0)


def test_deterministic_from_the_seed():
    check_deterministic(generate_heldout_v7_b)


def test_users_and_probe_counts(split):
    assert len(split) == 24
    check_shape(split, prefix="h7b-", kinds=KINDS)
    for c in split:
        assert set(c.kinds) == {*KINDS, "irrelevant"}


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_every_user_has_exactly_one_irrelevant_probe(seed):
    check_one_irrelevant_probe_per_user(generate_heldout_v7_b(seed=seed))


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_present_values_were_said_by_that_user(seed):
    check_values_were_said_by_their_user(generate_heldout_v7_b(seed=seed))


def test_sessions_are_ordered_and_probes_come_after(split):
    check_shape(split, prefix="h7b-", kinds=KINDS)


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


def test_slips_are_never_the_ideal(split):
    check_candidates_are_valid_and_grounded(split)


def test_a_third_of_turns_are_free_form_one_offs():
    one_offs, turns = one_off_share(seed=0)
    assert 3 * one_offs >= turns


def test_every_scripted_turn_lands_in_a_session_of_its_user():
    from benchmarks.truth import heldout_v7_b as split_module

    for seed in (0, 1, 7):
        for conv, placed, planned in split_module._build(seed, 24):
            turns = [t for _, ts in conv.sessions for t in ts]
            assert len(placed) == len(turns), conv.user_id
            assert sorted(placed) == sorted(planned), conv.user_id
            # every scenario's probe has its statements: each present or absent value is
            # said in a session before the probes, and a value that must be gone was said
            # before what took it away (its first mention is not in the last turn said)
            said = [t.text.casefold() for t in turns]
            for p in conv.probes:
                for v, _ in p.absent:
                    first = next(i for i, s in enumerate(said) if v.casefold() in s)
                    assert first < len(said) - 1, (conv.user_id, v)


def test_each_user_has_one_scenario_of_every_kind(split):
    for c in split:
        kinds = Counter(p.kind for p in c.probes)
        assert kinds == Counter({k: 1 for k in (*KINDS, "irrelevant")}), c.user_id


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_a_wanted_value_is_the_last_one_its_slot_was_given(seed):
    check_a_wanted_value_is_the_last_its_slot_was_given(generate_heldout_v7_b(seed=seed))


def test_the_one_off_share_counts_wordings_not_filled_values():
    # a wording filled with different values for two users is one wording used twice
    from benchmarks.truth import heldout_v7_b as split_module

    built = split_module._build(0, 24)
    keys = Counter(k for _, placed, _ in built for k in placed)
    one_offs, turns = one_off_share(seed=0)
    assert turns == sum(keys.values())
    assert one_offs == sum(1 for n in keys.values() if n == 1)
    assert one_offs < turns  # scenario wordings are reused across users


def test_a_forget_everything_comes_before_every_other_statement():
    # a scenario said before "forget everything" would lose its values to it: the wipe's
    # user says nothing else with a fact in the first session, and nothing of it later
    wiped = 0
    for c in generate_heldout_v7_b(seed=0):
        gone = [v for p in c.probes for v, cat in p.absent if cat == "forgotten"]
        if len(gone) < 2:
            continue
        wiped += 1
        first = [t for t in c.sessions[0][1] if t.ideal]
        assert len(first) == 1, c.user_id
        assert all(v.casefold() in first[0].text.casefold() for v in gone), c.user_id
        assert not c.sessions[0][1][-1].ideal, c.user_id  # the wipe closes the session
        later = " ".join(t.text for _, ts in c.sessions[1:] for t in ts).casefold()
        assert not any(v.casefold() in later for v in gone), c.user_id
    assert wiped
