"""The data of held-out split v5, part a (``benchmarks/truth/heldout_v5_a.py``).

These tests check the split itself, not the product: it is deterministic, every kind has
enough probes, every user has exactly one irrelevant request, every value a probe expects
was said by that user, and every scripted candidate is a valid, grounded ``CandidateFact``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from benchmarks.truth.conversations import HoConversation
from benchmarks.truth.heldout_v5_a import KINDS, ONE_OFF_TEXTS, generate_heldout_v5_a
from unit_tests.split_checks import (
    check_candidates_are_valid_and_grounded,
    check_deterministic,
    check_one_irrelevant_probe_per_user,
    check_one_script_per_text,
    check_values_were_said_by_their_user,
    turn_texts,
)


@pytest.fixture(scope="module")
def split() -> list[HoConversation]:
    return generate_heldout_v5_a(seed=0)


def test_the_same_seed_gives_the_same_split_and_another_seed_another() -> None:
    check_deterministic(generate_heldout_v5_a)


def test_users_sessions_and_probe_counts(split: list[HoConversation]) -> None:
    assert [c.user_id for c in split] == [f"h5a-{n}" for n in range(24)]
    probes = [p for c in split for p in c.probes]
    assert 130 <= len(probes) <= 170
    per_kind = Counter(p.kind for p in probes)
    assert set(per_kind) == set(KINDS)
    assert all(n >= 12 for n in per_kind.values()), per_kind
    for c in split:
        assert 3 <= len(c.sessions) <= 4
        times = [at for at, _ in c.sessions]
        assert times == sorted(times) and c.probe_at > times[-1]
        assert set(c.kinds) == {p.kind for p in c.probes}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_user_has_exactly_one_irrelevant_probe(seed: int) -> None:
    check_one_irrelevant_probe_per_user(generate_heldout_v5_a(seed=seed))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_expected_values_were_said_by_that_user(seed: int) -> None:
    check_values_were_said_by_their_user(generate_heldout_v5_a(seed=seed))


def test_the_open_thread_probe_is_the_first_session_after_the_statements(
    split: list[HoConversation],
) -> None:
    for c in split:
        if "open_thread" in c.kinds:
            assert c.probes[0].kind == "open_thread", c.user_id


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_ideal_candidates_and_slips_are_valid_and_grounded(seed: int) -> None:
    convs = generate_heldout_v5_a(seed=seed)
    check_candidates_are_valid_and_grounded(convs)
    for c in convs:
        for _, turns in c.sessions:
            for t in turns:
                for cand in t.ideal:
                    assert cand.time_stated == (cand.valid_from is not None)
                for slip in t.slips:
                    assert slip.candidate.holder == "user"
                    assert slip.candidate.provenance == "own_words"
                    assert slip.candidate.modality == "asserted"
                    assert any(slip.marker == v for v, _ in c.forbidden), slip.marker


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_text_said_twice_has_one_script(seed: int) -> None:
    check_one_script_per_text(generate_heldout_v5_a(seed=seed))


def test_a_third_of_the_turns_follow_no_template(split: list[HoConversation]) -> None:
    texts = [t for c in split for t in turn_texts(c)]
    assert 3 * sum(t in ONE_OFF_TEXTS for t in texts) >= len(texts)
