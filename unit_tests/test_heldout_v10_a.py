"""Structural checks of the blind held-out split v10, part a (``heldout_v10_a.py``).

Part a is the shared :class:`StrictPartAContract`, run on the split at 24 users (where every
scenario is used exactly once); part b runs the ``split_checks`` functions on the default
run of 20 users and checks what is this split's own: its one-off share, its per-kind counts,
no scenario repeated, the irrelevant request last. They check the data, never the product.
"""

from __future__ import annotations

from collections import Counter
from functools import partial

import pytest

from benchmarks.truth.blocks import has
from benchmarks.truth.conversations import HoConversation
from benchmarks.truth.heldout_v10_a import (
    KINDS,
    ONE_OFF_TEXTS,
    SCENARIOS,
    generate_heldout_v10_a,
    one_off_share,
    scenario_texts,
)
from unit_tests.part_a_contract import StrictPartAContract
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
)


class TestHeldoutV10PartA(StrictPartAContract):
    # the contract's split is 24 users (every scenario once); the default run is 20
    generate = staticmethod(partial(generate_heldout_v10_a, users=24))
    scenario_texts = staticmethod(partial(scenario_texts, users=24))
    one_off_share = staticmethod(one_off_share)
    one_off_texts = ONE_OFF_TEXTS
    kinds = KINDS
    prefix = "h10a-"


@pytest.fixture(scope="module")
def default_split() -> list[HoConversation]:
    return generate_heldout_v10_a()


def test_the_default_run_is_20_users_and_deterministic(
    default_split: list[HoConversation],
) -> None:
    assert len(default_split) == 20
    check_deterministic(generate_heldout_v10_a)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_shared_checks_pass_at_the_default_size(seed: int) -> None:
    convs = generate_heldout_v10_a(seed=seed)
    check_shape(convs, prefix="h10a-", kinds=KINDS)
    check_one_irrelevant_probe_per_user(convs)
    check_values_were_said_by_their_user(convs)
    check_candidates_are_valid_and_grounded(convs)
    check_slips_quote_their_turn(convs)
    check_one_script_per_text(convs)
    check_no_value_is_both_expected_and_forbidden(convs)
    check_irrelevant_request_shares_no_content_word(convs)
    check_no_probe_request_is_a_turn(convs)
    check_a_wanted_value_is_the_last_its_slot_was_given(convs)


def test_at_24_users_a_wanted_value_is_the_last_its_slot_was_given() -> None:
    check_a_wanted_value_is_the_last_its_slot_was_given(generate_heldout_v10_a(users=24))


def test_every_kind_has_at_least_12_scenarios_of_two_probes() -> None:
    assert set(SCENARIOS) == set(KINDS) - {"irrelevant"}
    for kind, scenarios in SCENARIOS.items():
        assert len(scenarios) >= 12, kind
        assert all(s.kind == kind and len(s.probes) == 2 for s in scenarios), kind
    names = [s.name for ss in SCENARIOS.values() for s in ss]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_no_scenario_repeats_at_20_users_and_each_user_has_three_kinds(seed: int) -> None:
    planned = scenario_texts(seed=seed)
    used = [s for scenarios in planned.values() for s in scenarios]
    assert len(used) == len(set(used)) == 60
    for c in generate_heldout_v10_a(seed=seed):
        assert len(c.kinds) == 4 and c.kinds[-1] == "irrelevant", c.user_id
        assert c.probes[-1].irrelevant, c.user_id
        assert len(c.probes) == 7, c.user_id


def test_per_kind_probe_counts_at_the_default_size(default_split: list[HoConversation]) -> None:
    counts = Counter(p.kind for c in default_split for p in c.probes)
    assert counts["irrelevant"] == 20
    assert sum(counts.values()) == 140
    assert all(counts[k] == 20 for k in KINDS if k != "irrelevant"), counts


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_one_off_share_is_at_least_40_percent(seed: int) -> None:
    convs = generate_heldout_v10_a(seed=seed)
    assert one_off_share(convs) >= 0.4
    assert one_off_share(convs + convs[:1]) < one_off_share(convs)


def test_a_bad_user_count_is_refused() -> None:
    with pytest.raises(ValueError, match="-3"):
        generate_heldout_v10_a(users=-3)
    with pytest.raises(ValueError, match="0"):
        scenario_texts(users=0)


@pytest.mark.parametrize(("seed", "users"), [(0, 20), (1, 20), (0, 24), (2, 24)])
def test_no_scenario_could_show_a_value_another_of_its_user_must_not_show(
    seed: int, users: int
) -> None:
    # "staying in Lisbon" said in one scenario would fail another's hypothetical "Lisbon"
    by_text = {s.texts: s for ss in SCENARIOS.values() for s in ss}
    planned = scenario_texts(seed=seed, users=users)
    for c in generate_heldout_v10_a(seed=seed, users=users):
        ideal = {t.text: t.ideal for _, turns in c.sessions for t in turns}
        mine = [by_text[texts] for texts in planned[c.user_id]]
        for s in mine:
            taboo = {v for p in s.probes for v, _ in p.absent} | {v for v, _ in s.forbidden}
            for other in mine:
                if other is s:
                    continue
                said = [
                    x
                    for text in other.texts
                    for cand in ideal[text]
                    for x in (cand.object, cand.text)
                ]
                for value in taboo:
                    assert not any(has(x, value) for x in said), (c.user_id, value)
