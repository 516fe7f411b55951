"""The held-out split v4, part b, is well-formed data (issue 12).

These tests are about the benchmark's labels, not the product: the split is deterministic,
covers every kind with enough probes, gives each user one irrelevant request, grounds every
expected value in what that user said, and scripts only valid, grounded candidates.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from benchmarks.truth.conversations import ABSENT_CATEGORIES
from benchmarks.truth.heldout_v4_b import KINDS, generate_heldout_v4_b
from benchmarks.truth.modes import SLIP_KINDS
from langmem_plus.facts.models import MODALITIES, POLARITIES, PROVENANCES, CandidateFact


def _said(conv: object, value: str) -> bool:
    pattern = re.compile(r"(?<!\w)" + re.escape(value.casefold()) + r"(?!\w)")
    return any(
        pattern.search(t.text.casefold())
        for _, turns in conv.sessions  # type: ignore[attr-defined]
        for t in turns
    )


@pytest.fixture(scope="module")
def split() -> list:
    return generate_heldout_v4_b(seed=0)


def test_the_split_is_deterministic_from_its_seed() -> None:
    assert generate_heldout_v4_b(seed=0) == generate_heldout_v4_b(seed=0)
    assert generate_heldout_v4_b(seed=5, users=6) == generate_heldout_v4_b(seed=5, users=6)
    assert generate_heldout_v4_b(seed=1) != generate_heldout_v4_b(seed=2)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_kind_has_at_least_twelve_probes_and_the_total_is_in_range(seed: int) -> None:
    convs = generate_heldout_v4_b(seed=seed)
    counts = Counter(p.kind for c in convs for p in c.probes)
    assert set(counts) == set(KINDS)
    assert all(counts[k] >= 12 for k in KINDS), counts
    assert 130 <= sum(counts.values()) <= 170, counts


def test_users_are_named_and_shaped_as_the_runner_expects(split: list) -> None:
    assert [c.user_id for c in split] == [f"h4b-{n}" for n in range(24)]
    for c in split:
        assert 3 <= len(c.sessions) <= 4, c.user_id
        times = [at for at, _ in c.sessions]
        assert times == sorted(times) and len(set(times)) == len(times)
        assert all(turns for _, turns in c.sessions)
        assert c.probe_at > times[-1]
        assert set(c.kinds) == {p.kind for p in c.probes}


def test_every_user_has_exactly_one_irrelevant_probe(split: list) -> None:
    for c in split:
        irrelevant = [p for p in c.probes if p.irrelevant]
        assert len(irrelevant) == 1, c.user_id
        assert irrelevant[0].kind == "irrelevant"
        assert not irrelevant[0].present and not irrelevant[0].absent
        assert all(p.kind != "irrelevant" for p in c.probes if not p.irrelevant)
    requests = [p.request for c in split for p in c.probes if p.irrelevant]
    assert len(set(requests)) == len(requests)


def test_expected_values_are_grounded_in_what_the_user_said(split: list) -> None:
    for c in split:
        for p in c.probes:
            for value in p.present:
                assert _said(c, value), (c.user_id, value)
            for value, category in p.absent:
                assert category in ABSENT_CATEGORIES
                assert _said(c, value), (c.user_id, value)
                assert value not in p.present
            if p.holder:
                assert any(cat == "other_person" for _, cat in p.absent)
        for value, category in c.forbidden:
            assert category in ABSENT_CATEGORIES
            assert _said(c, value), (c.user_id, value)


def test_non_irrelevant_probes_expect_something(split: list) -> None:
    for c in split:
        for p in c.probes:
            if not p.irrelevant:
                assert p.present or p.absent, (c.user_id, p.request)
                if p.kind in ("correction", "explicit_save", "one_at_a_time"):
                    assert p.present, (c.user_id, p.request)
                if p.kind in ("retraction", "correction", "forget", "one_at_a_time"):
                    assert p.absent, (c.user_id, p.request)


def test_ideal_candidates_are_valid_and_grounded(split: list) -> None:
    for c in split:
        for _, turns in c.sessions:
            for t in turns:
                for cand in t.ideal:
                    assert isinstance(cand, CandidateFact)
                    again = CandidateFact.model_validate(cand.model_dump())
                    assert again == cand
                    assert cand.kind in ("fact", "preference")
                    assert cand.modality in MODALITIES
                    assert cand.polarity in POLARITIES
                    assert cand.provenance in PROVENANCES
                    assert cand.time_stated is not None
                    assert cand.time_stated == (cand.valid_from is not None)
                    if cand.holder == "user":
                        assert cand.subject == "user"
                    else:
                        assert cand.subject.startswith("person:")
                    if cand.object not in ("", "*"):
                        assert cand.object.casefold() in t.text.casefold(), cand
                    for other in (cand.corrects, cand.replaces):
                        if other:
                            assert other.casefold() in t.text.casefold(), cand
                for slip in t.slips:
                    assert slip.kind in SLIP_KINDS
                    assert slip.marker.casefold() in t.text.casefold()
                    assert (slip.marker, slip.kind) and any(
                        v == slip.marker for v, _ in c.forbidden
                    )


def test_stated_times_are_not_in_the_future_of_their_message(split: list) -> None:
    for c in split:
        for at, turns in c.sessions:
            for t in turns:
                for cand in t.ideal:
                    if cand.valid_from is not None:
                        assert cand.valid_from <= at, (c.user_id, t.text)


def test_one_wording_is_scripted_one_way_across_users(split: list) -> None:
    seen: dict[str, tuple] = {}
    for c in split:
        for _, turns in c.sessions:
            for t in turns:
                assert seen.setdefault(t.text, (t.ideal, t.slips)) == (t.ideal, t.slips)


def test_templates_vary_in_structure(split: list) -> None:
    # many different openings per kind of statement, not one sentence with new nouns
    openings = {t.text.split()[0].casefold() for c in split for _, ts in c.sessions for t in ts}
    assert len(openings) >= 40
