"""The structural contract every held-out part a (dated, unseen, must-not-store, people,
past state, open thread) keeps, written once: deterministic, enough probes of every kind,
one irrelevant request per user sharing no word with them, values said by their user,
valid grounded candidates and slips, every scenario turn in a session of its user, one
script per text, a third of the turns one-offs, dates after the session before.

A split's test file subclasses :class:`StrictPartAContract` (v7 on; v6, written before the
stricter checks, subclasses :class:`PartAContract`) with its generator and data, and adds
what is its own:

    class TestHeldoutV9PartA(StrictPartAContract):
        generate = staticmethod(generate_heldout_v9_a)
        ...
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any, ClassVar

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
    check_candidates_are_valid_and_grounded,
    check_deterministic,
    check_irrelevant_request_shares_no_content_word,
    check_no_probe_request_is_a_turn,
    check_no_value_is_both_expected_and_forbidden,
    check_one_irrelevant_probe_per_user,
    check_one_script_per_text,
    check_shape,
    check_values_were_said_by_their_user,
    turn_texts,
)

KNOWN = DEFAULT_SINGLE_VALUED | DEFAULT_MULTI_VALUED | INTENTIONS | set(DEFAULT_PREDICATE_ALIASES)


class PartAContract:
    """The checks; a subclass named ``Test...`` sets the class attributes and is collected."""

    generate: Callable[..., list[HoConversation]]
    scenario_texts: Callable[..., dict[str, Any]]
    one_off_share: Callable[[Sequence[HoConversation]], float]
    one_off_texts: ClassVar[frozenset[str] | set[str]]
    kinds: ClassVar[tuple[str, ...]]
    prefix: ClassVar[str]
    shape: ClassVar[dict[str, Any]] = {}
    """Extra bounds for ``check_shape`` (``probes=``, ``per_kind=``)."""
    users: ClassVar[int] = 24
    """How many conversations the generator makes by default."""

    @pytest.fixture(scope="class")
    @classmethod
    def split(cls) -> list[HoConversation]:
        return cls.generate(seed=0)

    def test_the_same_seed_gives_the_same_split_and_another_seed_another(self) -> None:
        check_deterministic(self.generate)
        assert self.generate(seed=1) != self.generate(seed=0)

    def test_a_bad_user_count_is_refused_with_the_value(self) -> None:
        with pytest.raises(ValueError, match="0"):
            self.generate(users=0)

    def test_users_sessions_and_probe_counts(self, split: list[HoConversation]) -> None:
        assert len(split) == self.users
        check_shape(split, prefix=self.prefix, kinds=self.kinds, **self.shape)
        # self.kinds names "irrelevant" too: it is probed, and at least as often as every other kind
        per_kind = Counter(p.kind for c in split for p in c.probes)
        assert per_kind["irrelevant"] >= 12, per_kind
        for c in split:
            assert len(set(c.kinds) - {"irrelevant"}) >= 3, c.user_id

    @pytest.mark.parametrize("seed", [0, 1, 2])
    def test_every_user_has_exactly_one_irrelevant_probe(self, seed: int) -> None:
        check_one_irrelevant_probe_per_user(self.generate(seed=seed))

    @pytest.mark.parametrize("seed", [0, 1, 2])
    def test_expected_values_were_said_by_that_user(self, seed: int) -> None:
        check_values_were_said_by_their_user(self.generate(seed=seed))

    @pytest.mark.parametrize("seed", [0, 1, 2])
    def test_every_scenario_turn_lands_in_a_session_of_its_user(self, seed: int) -> None:
        # a turn put in a 4th session that a 3-session user never had would be lost silently
        planned = self.scenario_texts(seed=seed)
        for c in self.generate(seed=seed):
            wanted = Counter(t for scenario in planned[c.user_id] for t in scenario)
            assert len(planned[c.user_id]) == 3
            assert wanted <= Counter(turn_texts(c)), c.user_id

    @pytest.mark.parametrize("seed", [0, 1, 2])
    def test_two_scenarios_of_one_user_never_set_the_same_one_at_a_time_attribute(
        self,
        seed: int,
    ) -> None:
        # a second city from another scenario would make the first one's probes wrong
        one_at_a_time = DEFAULT_SINGLE_VALUED | {"dietary_restriction"}
        planned = self.scenario_texts(seed=seed)
        for c in self.generate(seed=seed):
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

    @pytest.mark.parametrize("seed", [0, 1, 2])
    def test_no_value_is_both_expected_and_forbidden_for_one_user(self, seed: int) -> None:
        check_no_value_is_both_expected_and_forbidden(self.generate(seed=seed))

    @pytest.mark.parametrize("seed", [0, 1, 2])
    def test_the_irrelevant_request_shares_no_content_word_with_the_user(self, seed: int) -> None:
        check_irrelevant_request_shares_no_content_word(self.generate(seed=seed))

    def test_the_open_thread_is_the_last_session_and_its_probe_comes_first(
        self,
        split: list[HoConversation],
    ) -> None:
        for c in split:
            if "open_thread" in c.kinds:
                assert c.probes[0].kind == "open_thread", c.user_id
                # what was left open is the last thing said, not a filler after it
                assert c.sessions[-1][1][-1].ideal, c.user_id

    @pytest.mark.parametrize("seed", [0, 1, 2])
    def test_ideal_candidates_and_slips_are_valid_and_grounded(self, seed: int) -> None:
        convs = self.generate(seed=seed)
        check_candidates_are_valid_and_grounded(convs)
        for c in convs:
            for _, turns in c.sessions:
                for t in turns:
                    for cand in t.ideal:
                        assert cand.object.casefold() in cand.text.casefold(), cand.text
                        assert cand.time_stated == (cand.valid_from is not None)
                        if cand.predicate not in KNOWN:
                            assert cand.single_valued is not None, cand.predicate
                        if cand.valid_to is not None:
                            assert cand.valid_to <= c.sessions[-1][0]
                            assert cand.valid_from is None or cand.valid_from < cand.valid_to
                        if cand.valid_from is not None:
                            assert cand.valid_from <= c.sessions[-1][0]
                    for slip in t.slips:
                        assert slip.candidate.holder == "user"
                        assert slip.candidate.provenance == "own_words"
                        assert slip.candidate.modality == "asserted"
                        assert any(slip.marker == v for v, _ in c.forbidden), slip.marker

    @pytest.mark.parametrize("seed", [0, 1, 2])
    def test_a_text_said_twice_has_one_script(self, seed: int) -> None:
        convs = self.generate(seed=seed)
        check_one_script_per_text(convs)
        # stronger than the per-user script the harness needs: one text means one script for
        # every user of this split
        script: dict[str, tuple[CandidateFact, ...]] = {}
        for c in convs:
            for _, turns in c.sessions:
                for t in turns:
                    assert script.setdefault(t.text, t.ideal) == t.ideal, t.text

    def test_no_probe_request_is_also_a_turn(self, split: list[HoConversation]) -> None:
        check_no_probe_request_is_a_turn(split)

    @pytest.mark.parametrize("seed", [0, 1, 2])
    def test_a_third_of_the_turns_are_one_offs(self, seed: int) -> None:
        convs = self.generate(seed=seed)
        texts = [t for c in convs for t in turn_texts(c)]
        once = Counter(texts)
        share = sum(t in self.one_off_texts and once[t] == 1 for t in texts) / len(texts)
        assert self.one_off_share(convs) == share
        assert share >= 1 / 3, share

    def test_one_off_share_counts_a_repeated_one_off_as_none(self) -> None:
        convs = self.generate(seed=0, users=6)
        doubled = convs + convs
        assert self.one_off_share(doubled) == 0.0
        assert self.one_off_share([]) == 0.0


class StrictPartAContract(PartAContract):
    """What every part a keeps from v7 on, on top of :class:`PartAContract`: not even a short
    word shared with the irrelevant request, a day of the month after the session before, and
    every scenario used exactly once at the default user count."""

    scenarios: ClassVar[int] = 72
    """How many scenarios the split holds: each used once at ``users`` conversations."""

    @pytest.mark.parametrize("seed", [0, 1, 2])
    def test_the_irrelevant_request_shares_not_even_a_short_word_with_the_user(
        self, seed: int
    ) -> None:
        # "why do cats purr?" is not unrelated for a user who said "the cat"
        stop = {"the", "and", "how", "why", "what", "who", "are", "for", "does", "many", "far"}

        def words(text: str) -> set[str]:
            found = {w.removesuffix("s") for w in re.findall(r"[^\W\d_]{3,}", text.casefold())}
            return found - stop

        for c in self.generate(seed=seed):
            (probe,) = [p for p in c.probes if p.irrelevant]
            assert not words(probe.request) & words(" ".join(turn_texts(c))), c.user_id

    @pytest.mark.parametrize("seed", [0, 1, 2])
    def test_a_day_of_the_month_named_in_a_session_falls_after_the_session_before(
        self, seed: int
    ) -> None:
        # "upgraded on the 5th" must not predate what the user said in the previous session
        for c in self.generate(seed=seed):
            times = [at for at, _ in c.sessions]
            assert all(b.month > a.month and b.day >= 10 for a, b in pairwise(times))
            for k, (at, turns) in enumerate(c.sessions[1:], start=1):
                for t in turns:
                    for cand in t.ideal:
                        vf = cand.valid_from
                        if vf is not None and (vf.year, vf.month) == (at.year, at.month):
                            assert times[k - 1] < vf <= at, (c.user_id, t.text)

    def test_at_the_default_user_count_every_scenario_is_used_exactly_once(
        self,
        split: list[HoConversation],
    ) -> None:
        # each scenario of the split is used once at the default count: the split holds all of them
        planned = self.scenario_texts(seed=0)
        used = [s for scenarios in planned.values() for s in scenarios]
        assert len(used) == len(set(used)) == self.scenarios
        assert {t for s in used for t in s} == set(self.one_off_texts)
