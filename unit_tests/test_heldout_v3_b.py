"""The held-out split v3, part b, is well-formed data: deterministic, every kind measured by
enough probes, one irrelevant request per user, labels grounded in what the user said, and
ideal candidates the write policy can read. (These tests check the benchmark's data, not the
product.)"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from benchmarks.truth.conversations import ABSENT_CATEGORIES, HoConversation
from benchmarks.truth.heldout_v3_b import _STOP, KINDS_V3_B, generate_heldout_v3_b
from benchmarks.truth.modes import SLIP_KINDS
from langmem_plus.facts.models import MODALITIES, POLARITIES, PROVENANCES, CandidateFact


@pytest.fixture(scope="module")
def split() -> list[HoConversation]:
    return generate_heldout_v3_b(seed=0)


def _said(conv: HoConversation) -> str:
    return "\n".join(t.text for _, turns in conv.sessions for t in turns).casefold()


def _has(text: str, value: str) -> bool:
    pattern = r"(?<!\w)" + re.escape(value.casefold()) + r"(?!\w)"
    return re.search(pattern, text.casefold()) is not None


def test_deterministic_from_the_seed() -> None:
    assert generate_heldout_v3_b(seed=0) == generate_heldout_v3_b(seed=0)
    assert generate_heldout_v3_b(seed=1) != generate_heldout_v3_b(seed=0)


def test_users_and_size(split: list[HoConversation]) -> None:
    assert [c.user_id for c in split] == [f"h3b-{n}" for n in range(24)]
    assert 130 <= sum(len(c.probes) for c in split) <= 170
    assert all(3 <= len(c.sessions) <= 4 for c in split)
    assert len(generate_heldout_v3_b(seed=2, users=5)) == 5


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_kind_has_at_least_twelve_probes(seed: int) -> None:
    counts = Counter(p.kind for c in generate_heldout_v3_b(seed=seed) for p in c.probes)
    assert set(counts) == {*KINDS_V3_B, "irrelevant"}
    assert all(counts[k] >= 12 for k in KINDS_V3_B), counts


def test_one_irrelevant_probe_per_user(split: list[HoConversation]) -> None:
    for c in split:
        irrelevant = [p for p in c.probes if p.irrelevant]
        assert len(irrelevant) == 1, c.user_id
        assert irrelevant[0].kind == "irrelevant"
        assert not irrelevant[0].present and not irrelevant[0].absent
        assert all(not p.irrelevant for p in c.probes if p.kind != "irrelevant")


def test_kinds_listed_on_each_conversation(split: list[HoConversation]) -> None:
    for c in split:
        assert set(c.kinds) == {p.kind for p in c.probes}


def test_probe_values_are_grounded_in_the_conversation(split: list[HoConversation]) -> None:
    for c in split:
        said = _said(c)
        for p in c.probes:
            assert p.present or p.absent or p.irrelevant, p.request
            for v in p.present:
                assert _has(said, v), (c.user_id, v)
            for v, cat in p.absent:
                assert cat in ABSENT_CATEGORIES
                assert _has(said, v), (c.user_id, v)
                assert not any(_has(v, x) or _has(x, v) for x in p.present), (c.user_id, v)
        for v, cat in c.forbidden:
            assert cat in ABSENT_CATEGORIES
            assert _has(said, v), (c.user_id, v)


def test_ideal_candidates_are_valid_and_grounded(split: list[HoConversation]) -> None:
    seen: dict[str, tuple[CandidateFact, ...]] = {}
    for c in split:
        for at, turns in c.sessions:
            assert at.tzinfo is not None
            for t in turns:
                # one text, one script: the scripted extractor keys candidates by text
                assert seen.setdefault(t.text, t.ideal) == t.ideal, t.text
                for cand in t.ideal:
                    assert CandidateFact.model_validate(cand.model_dump()) == cand
                    assert cand.modality in MODALITIES
                    assert cand.polarity in POLARITIES
                    assert cand.provenance in PROVENANCES
                    assert cand.time_stated is not None
                    assert cand.quote and cand.quote in t.text
                    if cand.object not in ("", "*") or cand.polarity != "retract":
                        assert _has(t.text, cand.object), (t.text, cand.object)
                    if cand.holder != "user":
                        assert cand.subject.startswith("person:")
                    if cand.corrects:
                        assert _has(t.text, cand.corrects)
                    if cand.replaces:
                        assert _has(t.text, cand.replaces)
                for slip in t.slips:
                    assert slip.kind in SLIP_KINDS
                    assert _has(t.text, slip.marker)
                    assert _has(slip.candidate.object, slip.marker)


def test_sessions_are_ordered_and_probed_after(split: list[HoConversation]) -> None:
    for c in split:
        times = [at for at, _ in c.sessions]
        assert times == sorted(times)
        assert c.probe_at > times[-1]


def test_irrelevant_requests_share_no_word_with_the_user(split: list[HoConversation]) -> None:
    for c in split:
        said = set(re.findall(r"\w{4,}", _said(c)))
        for p in c.probes:
            if p.irrelevant:
                words = set(re.findall(r"\w{4,}", p.request.casefold())) - _STOP
                assert not (words & said), (c.user_id, words & said)
