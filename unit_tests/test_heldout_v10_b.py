"""The blind held-out split v10, part b: its data's structure (not the product's scores).

The checks every split keeps come from ``split_checks``; what is this half's own is below:
its one-off share, its per-kind counts at 20 users, every scenario once at 20 users, and
the scenario plan (three kinds per user, no shared one-at-a-time attribute, nothing a
forget request touches in another scenario, a forget-everything said before the rest).
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise

import pytest

from benchmarks.truth.conversations import HoConversation
from benchmarks.truth.heldout_v10_b import (
    _SCENARIOS,
    KINDS,
    ONE_OFF_TEXTS,
    PREFIX,
    generate_heldout_v10_b,
    one_off_share,
    scenario_texts,
)
from langmem_plus.facts.models import CandidateFact
from langmem_plus.facts.policy import (
    DEFAULT_MULTI_VALUED,
    DEFAULT_PREDICATE_ALIASES,
    DEFAULT_SINGLE_VALUED,
    INTENTIONS,
)
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
    check_slips_quote_their_turn,
    check_values_were_said_by_their_user,
    turn_texts,
)

SEEDS = [0, 1, 2]
KNOWN = DEFAULT_SINGLE_VALUED | DEFAULT_MULTI_VALUED | INTENTIONS | set(DEFAULT_PREDICATE_ALIASES)


@pytest.fixture(scope="module")
def split() -> list[HoConversation]:
    return generate_heldout_v10_b(seed=0)


def test_the_public_names() -> None:
    import benchmarks.truth.heldout_v10_b as mod

    assert set(mod.__all__) == {
        "KINDS",
        "ONE_OFF_TEXTS",
        "PREFIX",
        "generate_heldout_v10_b",
        "one_off_share",
        "scenario_texts",
    }
    assert KINDS[-1] == "irrelevant" and len(set(KINDS)) == 6


def test_the_same_seed_gives_the_same_split_and_another_seed_another() -> None:
    check_deterministic(generate_heldout_v10_b)
    assert generate_heldout_v10_b(seed=1) != generate_heldout_v10_b(seed=0)


def test_a_bad_user_count_is_refused_with_the_value() -> None:
    with pytest.raises(ValueError, match="0"):
        generate_heldout_v10_b(users=0)


@pytest.mark.parametrize("seed", SEEDS)
def test_shape_and_per_kind_counts_at_20_users(seed: int) -> None:
    convs = generate_heldout_v10_b(seed=seed)
    assert len(convs) == 20
    check_shape(convs, prefix=PREFIX, kinds=KINDS)
    per_kind = Counter(p.kind for c in convs for p in c.probes)
    assert per_kind == {k: 24 for k in KINDS[:-1]} | {"irrelevant": 20}, per_kind
    for c in convs:
        assert len(set(c.kinds) - {"irrelevant"}) == 3, c.user_id
        assert c.probes[-1].irrelevant, c.user_id


@pytest.mark.parametrize("seed", SEEDS)
def test_at_20_users_every_scenario_is_used_exactly_once(seed: int) -> None:
    planned = scenario_texts(seed=seed)
    used = [s for scenarios in planned.values() for s in scenarios]
    assert len(used) == len(set(used)) == 60
    assert {t for s in used for t in s} == set(ONE_OFF_TEXTS)
    assert all(len(s) == 3 for s in planned.values())


@pytest.mark.parametrize("seed", SEEDS)
def test_every_scenario_turn_lands_in_a_session_of_its_user(seed: int) -> None:
    planned = scenario_texts(seed=seed)
    for c in generate_heldout_v10_b(seed=seed):
        wanted = Counter(t for scenario in planned[c.user_id] for t in scenario)
        assert wanted <= Counter(turn_texts(c)), c.user_id


@pytest.mark.parametrize("seed", SEEDS)
def test_every_user_has_exactly_one_irrelevant_probe(seed: int) -> None:
    check_one_irrelevant_probe_per_user(generate_heldout_v10_b(seed=seed))


@pytest.mark.parametrize("seed", SEEDS)
def test_expected_and_forbidden_values_were_said_by_their_user(seed: int) -> None:
    check_values_were_said_by_their_user(generate_heldout_v10_b(seed=seed))


@pytest.mark.parametrize("seed", SEEDS)
def test_candidates_and_slips_are_valid_and_grounded(seed: int) -> None:
    convs = generate_heldout_v10_b(seed=seed)
    check_candidates_are_valid_and_grounded(convs)
    check_slips_quote_their_turn(convs)
    for c in convs:
        last = c.sessions[-1][0]
        for _, turns in c.sessions:
            for t in turns:
                for cand in t.ideal:
                    assert cand.object.casefold() in cand.text.casefold(), cand.text
                    assert cand.time_stated == (cand.valid_from is not None)
                    if cand.predicate not in KNOWN:
                        assert cand.single_valued is not None, cand.predicate
                    if cand.valid_from is not None:
                        assert cand.valid_from <= last
                for slip in t.slips:
                    assert slip.candidate.holder == "user"
                    assert slip.candidate.provenance == "own_words"
                    assert slip.candidate.modality == "asserted"
                    assert any(slip.marker == v for v, _ in c.forbidden), slip.marker


@pytest.mark.parametrize("seed", SEEDS)
def test_a_text_said_twice_has_one_script(seed: int) -> None:
    convs = generate_heldout_v10_b(seed=seed)
    check_one_script_per_text(convs)


@pytest.mark.parametrize("seed", SEEDS)
def test_no_value_is_both_expected_and_forbidden(seed: int) -> None:
    check_no_value_is_both_expected_and_forbidden(generate_heldout_v10_b(seed=seed))


@pytest.mark.parametrize("seed", SEEDS)
def test_the_irrelevant_request_shares_no_content_word(seed: int) -> None:
    convs = generate_heldout_v10_b(seed=seed)
    check_irrelevant_request_shares_no_content_word(convs)
    # stronger: not even a three-letter word ("cats" for a user who said "cat")
    stop = {"the", "and", "how", "why", "what", "who", "are", "for", "does", "many", "far"}

    def words(text: str) -> set[str]:
        found = {w.removesuffix("s") for w in re.findall(r"[^\W\d_]{3,}", text.casefold())}
        return found - stop

    for c in convs:
        (probe,) = [p for p in c.probes if p.irrelevant]
        assert not words(probe.request) & words(" ".join(turn_texts(c))), c.user_id


@pytest.mark.parametrize("seed", SEEDS)
def test_no_probe_request_is_a_turn(seed: int) -> None:
    check_no_probe_request_is_a_turn(generate_heldout_v10_b(seed=seed))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_wanted_value_is_the_last_its_slot_was_given(seed: int) -> None:
    check_a_wanted_value_is_the_last_its_slot_was_given(generate_heldout_v10_b(seed=seed))


@pytest.mark.parametrize("seed", SEEDS)
def test_two_scenarios_of_one_user_never_set_the_same_one_at_a_time_attribute(
    seed: int,
) -> None:
    one_at_a_time = DEFAULT_SINGLE_VALUED | {"dietary_restriction"}
    planned = scenario_texts(seed=seed)
    for c in generate_heldout_v10_b(seed=seed):
        ideal = {t.text: t.ideal for _, turns in c.sessions for t in turns}
        seen: set[str] = set()
        for scenario in planned[c.user_id]:
            mine = {
                cand.predicate
                for text in scenario
                for cand in ideal[text]
                if cand.holder == "user"
                and (cand.predicate in one_at_a_time or cand.single_valued)
                and cand.modality in ("asserted", "plan")
                and cand.provenance == "own_words"
            }
            assert not mine & seen, (c.user_id, mine & seen)
            seen |= mine


@pytest.mark.parametrize("seed", SEEDS)
def test_sessions_are_weeks_apart_and_dates_fall_after_the_session_before(seed: int) -> None:
    for c in generate_heldout_v10_b(seed=seed):
        times = [at for at, _ in c.sessions]
        assert all(b.month > a.month and b.day >= 10 for a, b in pairwise(times))
        assert all((b - a).days >= 14 for a, b in pairwise(times)), c.user_id
        for k, (at, turns) in enumerate(c.sessions[1:], start=1):
            for t in turns:
                for cand in t.ideal:
                    if cand.valid_from is not None:
                        assert times[k - 1] < cand.valid_from <= at, (c.user_id, t.text)


def _said_before(c: HoConversation, first: str) -> list[CandidateFact]:
    out: list[CandidateFact] = []
    for _, turns in c.sessions:
        for t in turns:
            if t.text == first:
                return out
            out.extend(t.ideal)
    raise AssertionError(first)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_forget_everything_request_follows_only_its_own_scenario(seed: int) -> None:
    # "forget everything" must not wipe another scenario's values the probes still expect
    wipes = [s.steps[0][-1].text for s in _SCENARIOS["forget"] if s.first]
    assert len(wipes) == 2
    planned = scenario_texts(seed=seed)
    for c in generate_heldout_v10_b(seed=seed):
        for wipe in [w for w in wipes if w in turn_texts(c)]:
            (own,) = [s for s in planned[c.user_id] if wipe in s]
            ideal = {t.text: t.ideal for _, turns in c.sessions for t in turns}
            own_cands = [cand for text in own for cand in ideal[text]]
            assert all(cand in own_cands for cand in _said_before(c, wipe)), c.user_id


@pytest.mark.parametrize("seed", SEEDS)
def test_at_least_40_percent_of_the_turns_are_one_offs(seed: int) -> None:
    convs = generate_heldout_v10_b(seed=seed)
    texts = [t for c in convs for t in turn_texts(c)]
    once = Counter(texts)
    share = sum(t in ONE_OFF_TEXTS and once[t] == 1 for t in texts) / len(texts)
    assert one_off_share(convs) == share
    assert share >= 0.4, share


def test_one_off_share_counts_a_repeated_one_off_as_none() -> None:
    convs = generate_heldout_v10_b(seed=0, users=6)
    assert one_off_share(convs + convs) == 0.0
    assert one_off_share([]) == 0.0


def test_twelve_scenarios_per_kind_each_probed(split: list[HoConversation]) -> None:
    assert {k: len(v) for k, v in _SCENARIOS.items()} == {k: 12 for k in KINDS[:-1]}
    kinds_of = Counter(k for c in split for k in c.kinds if k != "irrelevant")
    assert kinds_of == {k: 12 for k in KINDS[:-1]}, kinds_of
