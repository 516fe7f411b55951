"""The data of held-out split v8, part b (benchmarks/truth/heldout_v8_b.py): deterministic,
every kind probed often enough, one irrelevant request per user, labels grounded in what
the user said, and ideal candidates the write policy can read (#12)."""

from __future__ import annotations

import re
from collections import Counter
from datetime import timedelta
from itertools import pairwise

import pytest

from benchmarks.truth import heldout_v8_b as split_module
from benchmarks.truth.heldout_v8_b import KINDS, generate_heldout_v8_b, one_off_share
from unit_tests.split_checks import (
    check_a_wanted_value_is_the_last_its_slot_was_given,
    check_candidates_are_valid_and_grounded,
    check_deterministic,
    check_irrelevant_request_shares_no_content_word,
    check_no_probe_request_is_a_turn,
    check_no_value_is_both_expected_and_forbidden,
    check_one_irrelevant_probe_per_user,
    check_one_script_per_text,
    check_shape,
    check_values_were_said_by_their_user,
)

SEEDS = (0, 1, 7)


@pytest.fixture(scope="module")
def split():
    return generate_heldout_v8_b(seed=0)


def test_deterministic_from_the_seed():
    check_deterministic(generate_heldout_v8_b)


@pytest.mark.parametrize("users", [0, -3])
def test_no_users_is_refused_naming_the_value(users):
    with pytest.raises(ValueError, match=str(users)):
        generate_heldout_v8_b(users=users)


def test_users_and_probe_counts(split):
    assert len(split) == 24
    check_shape(split, prefix="h8b-", kinds=KINDS)
    for c in split:
        assert set(c.kinds) == {*KINDS, "irrelevant"}


@pytest.mark.parametrize("seed", SEEDS)
def test_every_user_has_exactly_one_irrelevant_probe(seed):
    convs = generate_heldout_v8_b(seed=seed)
    check_one_irrelevant_probe_per_user(convs)
    check_irrelevant_request_shares_no_content_word(convs)


@pytest.mark.parametrize("seed", SEEDS)
def test_present_values_were_said_by_that_user(seed):
    convs = generate_heldout_v8_b(seed=seed)
    check_values_were_said_by_their_user(convs)
    check_no_value_is_both_expected_and_forbidden(convs)


@pytest.mark.parametrize("seed", SEEDS)
def test_no_request_gives_away_its_answer_or_repeats_a_turn(seed):
    # a request that names the value it expects (or one it forbids) measures nothing
    convs = generate_heldout_v8_b(seed=seed)
    check_no_probe_request_is_a_turn(convs)
    for c in convs:
        for p in c.probes:
            for v in (*p.present, *(v for v, _ in p.absent)):
                assert not re.search(rf"\b{re.escape(v)}\b", p.request, re.I), (p.request, v)


def test_sessions_are_ordered_and_probes_come_after(split):
    check_shape(split, prefix="h8b-", kinds=KINDS)
    for c in split:
        # days or weeks apart, each opened by a filler that states nothing
        times = [at for at, _ in c.sessions]
        assert all(b - a >= timedelta(days=1) for a, b in pairwise(times)), c.user_id
        assert all(not turns[0].ideal for _, turns in c.sessions), c.user_id


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
                        assert cand.subject == f"person:{cand.holder}"


def test_slips_are_never_the_ideal_and_are_probed(split):
    check_candidates_are_valid_and_grounded(split)
    slipped = 0
    for c in split:
        markers = {s.marker for _, ts in c.sessions for t in ts for s in t.slips}
        slipped += len(markers)
        absent = {v for p in c.probes for v, _ in p.absent}
        assert markers <= absent, c.user_id
    assert slipped


def test_a_third_of_turns_are_free_form_one_offs():
    for seed in SEEDS:
        one_offs, turns = one_off_share(seed=seed)
        assert 3 * one_offs >= turns, (seed, one_offs, turns)


def test_every_scripted_turn_lands_in_a_session_of_its_user():
    for seed in SEEDS:
        for conv, placed, planned in split_module._build(seed, 24):
            turns = [t for _, ts in conv.sessions for t in ts]
            assert len(placed) == len(turns), conv.user_id
            assert sorted(placed) == sorted(planned), conv.user_id
            # every scenario's probe has its statements: each present or absent value is
            # said in a session before the probes, and a value that must be gone was said
            # before what took it away (its first mention is not in the last turn said)
            said = [t.text.casefold() for t in turns]
            for p in conv.probes:
                for v, cat in p.absent:
                    if cat not in {"stale", "retracted", "forgotten"}:
                        # a hypothetical, another person's value, or a value corrected in
                        # the turn that said it: said anywhere
                        continue
                    first = next(i for i, s in enumerate(said) if v.casefold() in s)
                    assert first < len(said) - 1, (conv.user_id, v)


def test_a_change_comes_in_a_later_session_than_what_it_changes():
    # a switch, a later correction, a retraction or a forget is said days after the
    # statement it undoes (a same-turn correction is one turn)
    scenarios = [sc for deck in split_module._scenario_decks().values() for sc in deck]
    multi = [sc for sc in scenarios if len(sc.steps) > 1]
    assert len(multi) >= 30
    for seed in SEEDS:
        for c in generate_heldout_v8_b(seed=seed):
            session_of = {t.text: k for k, (_, ts) in enumerate(c.sessions) for t in ts}
            requests = {p.request for p in c.probes}
            for sc in multi:
                if sc.probe.request not in requests:
                    continue
                at = [session_of[s.turn.text] for s in sc.steps]
                for step, (before, after) in zip(sc.steps[1:], pairwise(at), strict=True):
                    assert after > before if step.later else after == before, sc.name


def test_each_user_has_one_scenario_of_every_kind(split):
    for c in split:
        kinds = Counter(p.kind for p in c.probes)
        assert kinds == Counter({k: 1 for k in (*KINDS, "irrelevant")}), c.user_id


def test_every_scenario_of_every_kind_is_used(split):
    used = {(p.kind, p.request) for c in split for p in c.probes}
    for kind in KINDS:
        assert sum(1 for k, _ in used if k == kind) >= 10, kind


@pytest.mark.parametrize("seed", SEEDS)
def test_a_wanted_value_is_the_last_one_its_slot_was_given(seed):
    check_a_wanted_value_is_the_last_its_slot_was_given(generate_heldout_v8_b(seed=seed))


def test_the_one_off_share_counts_wordings_not_filled_values():
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
    for seed in SEEDS:
        for c in generate_heldout_v8_b(seed=seed):
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
