"""The blind held-out splits' part b (v9, v10): their data's structure (not the product's scores).

One module for every part b written on v9's machinery, each check run on each split
(``Part``); a new split's part b is one more entry in ``PARTS``.

The checks every split keeps come from ``split_checks``; what is this half's own is below:
its one-off share, its per-kind counts at 20 users, every scenario once at 20 users, and
the scenario plan (three kinds per user, no shared one-at-a-time attribute, nothing a
forget request touches in another scenario, a forget-everything said before the rest).
"""

from __future__ import annotations

import importlib
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from types import ModuleType
from typing import Any

import pytest

from benchmarks.truth.conversations import HoConversation
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


@dataclass(frozen=True)
class Part:
    """One split's part b: its module and the names every part b has."""

    version: str
    module: ModuleType

    @property
    def generate(self) -> Callable[..., list[HoConversation]]:
        return getattr(self.module, f"generate_heldout_{self.version}_b")

    def __getattr__(self, name: str) -> Any:
        names = {"scenarios": "_SCENARIOS", "kinds": "KINDS", "one_off_texts": "ONE_OFF_TEXTS",
                 "prefix": "PREFIX", "one_off_share": "one_off_share",
                 "scenario_texts": "scenario_texts"}  # fmt: skip
        if name not in names:
            raise AttributeError(name)
        return getattr(self.module, names[name])


PARTS = ("v9", "v10")


@pytest.fixture(scope="module", params=PARTS)
def part(request: pytest.FixtureRequest) -> Part:
    version = request.param
    return Part(version, importlib.import_module(f"benchmarks.truth.heldout_{version}_b"))


@pytest.fixture(scope="module")
def split(part: Part) -> list[HoConversation]:
    return part.generate(seed=0)


def test_the_public_names(part: Part) -> None:
    assert set(part.module.__all__) == {
        "KINDS",
        "ONE_OFF_TEXTS",
        "PREFIX",
        f"generate_heldout_{part.version}_b",
        "one_off_share",
        "scenario_texts",
    }
    assert part.kinds[-1] == "irrelevant" and len(set(part.kinds)) == 6


def test_the_same_seed_gives_the_same_split_and_another_seed_another(part: Part) -> None:
    check_deterministic(part.generate)
    assert part.generate(seed=1) != part.generate(seed=0)


def test_a_bad_user_count_is_refused_with_the_value(part: Part) -> None:
    with pytest.raises(ValueError, match="0"):
        part.generate(users=0)


@pytest.mark.parametrize("seed", SEEDS)
def test_shape_and_per_kind_counts_at_20_users(part: Part, seed: int) -> None:
    convs = part.generate(seed=seed)
    assert len(convs) == 20
    check_shape(convs, prefix=part.prefix, kinds=part.kinds)
    per_kind = Counter(p.kind for c in convs for p in c.probes)
    assert per_kind == {k: 24 for k in part.kinds[:-1]} | {"irrelevant": 20}, per_kind
    for c in convs:
        assert len(set(c.kinds) - {"irrelevant"}) == 3, c.user_id
        assert c.probes[-1].irrelevant, c.user_id


@pytest.mark.parametrize("seed", SEEDS)
def test_at_20_users_every_scenario_is_used_exactly_once(part: Part, seed: int) -> None:
    planned = part.scenario_texts(seed=seed)
    used = [s for scenarios in planned.values() for s in scenarios]
    assert len(used) == len(set(used)) == 60
    assert {t for s in used for t in s} == set(part.one_off_texts)
    assert all(len(s) == 3 for s in planned.values())


@pytest.mark.parametrize("seed", SEEDS)
def test_every_scenario_turn_lands_in_a_session_of_its_user(part: Part, seed: int) -> None:
    planned = part.scenario_texts(seed=seed)
    for c in part.generate(seed=seed):
        wanted = Counter(t for scenario in planned[c.user_id] for t in scenario)
        assert wanted <= Counter(turn_texts(c)), c.user_id


@pytest.mark.parametrize("seed", SEEDS)
def test_every_user_has_exactly_one_irrelevant_probe(part: Part, seed: int) -> None:
    check_one_irrelevant_probe_per_user(part.generate(seed=seed))


@pytest.mark.parametrize("seed", SEEDS)
def test_expected_and_forbidden_values_were_said_by_their_user(part: Part, seed: int) -> None:
    check_values_were_said_by_their_user(part.generate(seed=seed))


@pytest.mark.parametrize("seed", SEEDS)
def test_candidates_and_slips_are_valid_and_grounded(part: Part, seed: int) -> None:
    convs = part.generate(seed=seed)
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
def test_a_text_said_twice_has_one_script(part: Part, seed: int) -> None:
    convs = part.generate(seed=seed)
    check_one_script_per_text(convs)


@pytest.mark.parametrize("seed", SEEDS)
def test_no_value_is_both_expected_and_forbidden(part: Part, seed: int) -> None:
    check_no_value_is_both_expected_and_forbidden(part.generate(seed=seed))


@pytest.mark.parametrize("seed", SEEDS)
def test_the_irrelevant_request_shares_no_content_word(part: Part, seed: int) -> None:
    convs = part.generate(seed=seed)
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
def test_no_probe_request_is_a_turn(part: Part, seed: int) -> None:
    check_no_probe_request_is_a_turn(part.generate(seed=seed))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_wanted_value_is_the_last_its_slot_was_given(part: Part, seed: int) -> None:
    check_a_wanted_value_is_the_last_its_slot_was_given(part.generate(seed=seed))


@pytest.mark.parametrize("seed", SEEDS)
def test_two_scenarios_of_one_user_never_set_the_same_one_at_a_time_attribute(
    part: Part,
    seed: int,
) -> None:
    one_at_a_time = DEFAULT_SINGLE_VALUED | {"dietary_restriction"}
    planned = part.scenario_texts(seed=seed)
    for c in part.generate(seed=seed):
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
def test_sessions_are_weeks_apart_and_dates_fall_after_the_session_before(
    part: Part, seed: int
) -> None:
    for c in part.generate(seed=seed):
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
def test_a_forget_everything_request_follows_only_its_own_scenario(part: Part, seed: int) -> None:
    # "forget everything" must not wipe another scenario's values the probes still expect
    wipes = [s.steps[0][-1].text for s in part.scenarios["forget"] if s.first]
    assert len(wipes) == 2
    planned = part.scenario_texts(seed=seed)
    for c in part.generate(seed=seed):
        for wipe in [w for w in wipes if w in turn_texts(c)]:
            (own,) = [s for s in planned[c.user_id] if wipe in s]
            ideal = {t.text: t.ideal for _, turns in c.sessions for t in turns}
            own_cands = [cand for text in own for cand in ideal[text]]
            assert all(cand in own_cands for cand in _said_before(c, wipe)), c.user_id


@pytest.mark.parametrize("seed", SEEDS)
def test_at_least_40_percent_of_the_turns_are_one_offs(part: Part, seed: int) -> None:
    convs = part.generate(seed=seed)
    texts = [t for c in convs for t in turn_texts(c)]
    once = Counter(texts)
    share = sum(t in part.one_off_texts and once[t] == 1 for t in texts) / len(texts)
    assert part.one_off_share(convs) == share
    assert share >= 0.4, share


def test_one_off_share_counts_a_repeated_one_off_as_none(part: Part) -> None:
    convs = part.generate(seed=0, users=6)
    assert part.one_off_share(convs + convs) == 0.0
    assert part.one_off_share([]) == 0.0


def test_twelve_scenarios_per_kind_each_probed(part: Part, split: list[HoConversation]) -> None:
    assert {k: len(v) for k, v in part.scenarios.items()} == {k: 12 for k in part.kinds[:-1]}
    kinds_of = Counter(k for c in split for k in c.kinds if k != "irrelevant")
    assert kinds_of == {k: 12 for k in part.kinds[:-1]}, kinds_of
