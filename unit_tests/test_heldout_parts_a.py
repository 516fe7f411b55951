"""Structural checks of the blind held-out splits' part a written on v9's machinery (v9, v10).

One module, each check run on each split (``Part``, one contract class per split); a later
split's part a is one more entry in ``PARTS`` and one more class.

Part a is the shared :class:`StrictPartAContract`, run on the split at 24 users (where every
scenario is used exactly once); part b runs the ``split_checks`` functions on the default
run of 20 users and checks what is this split's own: its one-off share, its per-kind counts,
no scenario repeated, the irrelevant request last. They check the data, never the product.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from types import ModuleType
from typing import Any

import pytest

from benchmarks.truth.blocks import has
from benchmarks.truth.conversations import HoConversation
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


def _module(version: str) -> ModuleType:
    return importlib.import_module(f"benchmarks.truth.heldout_{version}_a")


@dataclass(frozen=True)
class Part:
    """One split's part a: its module and the names every part a has."""

    version: str
    module: ModuleType

    @property
    def generate(self) -> Callable[..., list[HoConversation]]:
        return getattr(self.module, f"generate_heldout_{self.version}_a")

    @property
    def prefix(self) -> str:
        return f"h{self.version[1:]}a-"

    def __getattr__(self, name: str) -> Any:
        names = {"scenarios": "SCENARIOS", "kinds": "KINDS", "one_off_share": "one_off_share",
                 "scenario_texts": "scenario_texts"}  # fmt: skip
        if name not in names:
            raise AttributeError(name)
        return getattr(self.module, names[name])


PARTS = ("v9", "v10")


@pytest.fixture(scope="module", params=PARTS)
def part(request: pytest.FixtureRequest) -> Part:
    return Part(request.param, _module(request.param))


class TestHeldoutV9PartA(StrictPartAContract):
    # the contract's split is 24 users (every scenario once); the default run is 20
    generate = staticmethod(partial(_module("v9").generate_heldout_v9_a, users=24))
    scenario_texts = staticmethod(partial(_module("v9").scenario_texts, users=24))
    one_off_share = staticmethod(_module("v9").one_off_share)
    one_off_texts = _module("v9").ONE_OFF_TEXTS
    kinds = _module("v9").KINDS
    prefix = "h9a-"


class TestHeldoutV10PartA(StrictPartAContract):
    # the contract's split is 24 users (every scenario once); the default run is 20
    generate = staticmethod(partial(_module("v10").generate_heldout_v10_a, users=24))
    scenario_texts = staticmethod(partial(_module("v10").scenario_texts, users=24))
    one_off_share = staticmethod(_module("v10").one_off_share)
    one_off_texts = _module("v10").ONE_OFF_TEXTS
    kinds = _module("v10").KINDS
    prefix = "h10a-"


@pytest.fixture(scope="module")
def default_split(part: Part) -> list[HoConversation]:
    return part.generate()


def test_the_default_run_is_20_users_and_deterministic(
    part: Part,
    default_split: list[HoConversation],
) -> None:
    assert len(default_split) == 20
    check_deterministic(part.generate)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_shared_checks_pass_at_the_default_size(part: Part, seed: int) -> None:
    convs = part.generate(seed=seed)
    check_shape(convs, prefix=part.prefix, kinds=part.kinds)
    check_one_irrelevant_probe_per_user(convs)
    check_values_were_said_by_their_user(convs)
    check_candidates_are_valid_and_grounded(convs)
    check_slips_quote_their_turn(convs)
    check_one_script_per_text(convs)
    check_no_value_is_both_expected_and_forbidden(convs)
    check_irrelevant_request_shares_no_content_word(convs)
    check_no_probe_request_is_a_turn(convs)
    check_a_wanted_value_is_the_last_its_slot_was_given(convs)


def test_at_24_users_a_wanted_value_is_the_last_its_slot_was_given(part: Part) -> None:
    check_a_wanted_value_is_the_last_its_slot_was_given(part.generate(users=24))


def test_every_kind_has_at_least_12_scenarios_of_two_probes(part: Part) -> None:
    assert set(part.scenarios) == set(part.kinds) - {"irrelevant"}
    for kind, scenarios in part.scenarios.items():
        assert len(scenarios) >= 12, kind
        assert all(s.kind == kind and len(s.probes) == 2 for s in scenarios), kind
    names = [s.name for ss in part.scenarios.values() for s in ss]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_no_scenario_repeats_at_20_users_and_each_user_has_three_kinds(
    part: Part, seed: int
) -> None:
    planned = part.scenario_texts(seed=seed)
    used = [s for scenarios in planned.values() for s in scenarios]
    assert len(used) == len(set(used)) == 60
    for c in part.generate(seed=seed):
        assert len(c.kinds) == 4 and c.kinds[-1] == "irrelevant", c.user_id
        assert c.probes[-1].irrelevant, c.user_id
        assert len(c.probes) == 7, c.user_id


def test_per_kind_probe_counts_at_the_default_size(
    part: Part, default_split: list[HoConversation]
) -> None:
    counts = Counter(p.kind for c in default_split for p in c.probes)
    assert counts["irrelevant"] == 20
    assert sum(counts.values()) == 140
    assert all(counts[k] == 20 for k in part.kinds if k != "irrelevant"), counts


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_one_off_share_is_at_least_40_percent(part: Part, seed: int) -> None:
    convs = part.generate(seed=seed)
    assert part.one_off_share(convs) >= 0.4
    assert part.one_off_share(convs + convs[:1]) < part.one_off_share(convs)


def test_a_bad_user_count_is_refused(part: Part) -> None:
    with pytest.raises(ValueError, match="-3"):
        part.generate(users=-3)
    with pytest.raises(ValueError, match="0"):
        part.scenario_texts(users=0)


@pytest.mark.parametrize(("seed", "users"), [(0, 20), (1, 20), (0, 24), (2, 24)])
def test_no_scenario_could_show_a_value_another_of_its_user_must_not_show(
    part: Part, seed: int, users: int
) -> None:
    # "staying in Lisbon" said in one scenario would fail another's hypothetical "Lisbon"
    by_text = {s.texts: s for ss in part.scenarios.values() for s in ss}
    planned = part.scenario_texts(seed=seed, users=users)
    for c in part.generate(seed=seed, users=users):
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
