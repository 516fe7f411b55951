"""The data of held-out split v4, part a (issue 12): deterministic, every kind measured,
labels grounded in what each user said, and candidates the write policy can read.

These tests are about the benchmark's data, not the product: they run no graph."""

from __future__ import annotations

from collections import Counter

import pytest

from benchmarks.truth.blocks import has
from benchmarks.truth.conversations import ABSENT_CATEGORIES
from benchmarks.truth.heldout_v4_a import KINDS, generate_heldout_v4_a
from benchmarks.truth.modes import SLIP_KINDS
from langmem_plus.facts.models import MODALITIES, POLARITIES, PROVENANCES, CandidateFact

CONVS = generate_heldout_v4_a(seed=0)


def _turns(conv):
    return [t for _, ts in conv.sessions for t in ts]


def test_deterministic_from_the_seed() -> None:
    assert generate_heldout_v4_a(seed=0) == CONVS
    assert generate_heldout_v4_a(seed=5, users=6) == generate_heldout_v4_a(seed=5, users=6)
    assert generate_heldout_v4_a(seed=5, users=6) != generate_heldout_v4_a(seed=6, users=6)


def test_size_and_every_kind_measured() -> None:
    kinds = Counter(p.kind for c in CONVS for p in c.probes)
    assert [c.user_id for c in CONVS] == [f"h4a-{n}" for n in range(24)]
    assert 130 <= sum(kinds.values()) <= 170
    assert set(kinds) == set(KINDS)
    assert all(n >= 12 for n in kinds.values()), kinds
    for c in CONVS:
        assert set(c.kinds) == {p.kind for p in c.probes}


def test_one_irrelevant_probe_per_user_and_it_expects_nothing() -> None:
    for c in CONVS:
        irr = [p for p in c.probes if p.irrelevant]
        assert len(irr) == 1, c.user_id
        assert irr[0].kind == "irrelevant" and not irr[0].present and not irr[0].absent
    requests = [p.request for c in CONVS for p in c.probes if p.irrelevant]
    assert len(set(requests)) == len(requests)


def test_three_or_four_sessions_then_probes_after_them() -> None:
    for c in CONVS:
        assert 3 <= len(c.sessions) <= 4, c.user_id
        times = [t for t, _ in c.sessions]
        assert times == sorted(times) and c.probe_at > times[-1]
        assert all(turns for _, turns in c.sessions)


def test_labels_are_grounded_in_the_users_own_turns() -> None:
    for c in CONVS:
        said = "\n".join(t.text for t in _turns(c))
        for p in c.probes:
            for v in p.present:
                assert has(said, v), (c.user_id, v)
            # (a must-not value may be glued to a prefix, "ex-Acme", so: as a substring)
            for v, cat in p.absent:
                assert cat in ABSENT_CATEGORIES and v.casefold() in said.casefold(), (c.user_id, v)
            assert not (set(p.present) & {v for v, _ in p.absent})
        for v, cat in c.forbidden:
            assert cat in ABSENT_CATEGORIES and v.casefold() in said.casefold(), (c.user_id, v)


def test_a_present_value_is_never_a_must_not_value_of_the_same_user() -> None:
    for c in CONVS:
        bad = {v.casefold() for v, _ in c.forbidden}
        for p in c.probes:
            assert not {v.casefold() for v in p.present} & bad, c.user_id


def test_open_thread_is_probed_first_after_its_session() -> None:
    for c in CONVS:
        kinds = [p.kind for p in c.probes]
        if "open_thread" in kinds:
            assert kinds[0] == "open_thread", c.user_id
            # the thread's value was said in the last session's last turn
            last = c.sessions[-1][1][-1].text
            assert all(has(last, v) for v in c.probes[0].present), c.user_id


@pytest.mark.parametrize("conv", CONVS, ids=lambda c: c.user_id)
def test_ideal_candidates_are_valid_and_grounded(conv) -> None:
    for at, turns in conv.sessions:
        for t in turns:
            for cand in t.ideal:
                assert CandidateFact.model_validate(cand.model_dump()) == cand
                assert cand.modality in MODALITIES
                assert cand.polarity in POLARITIES
                assert cand.provenance in PROVENANCES
                assert cand.time_stated is not None and cand.single_valued is not None
                assert (cand.subject == "user") == (cand.holder == "user")
                if cand.subject != "user":
                    assert cand.subject.startswith("person:")
                # the value is in the user's words (an unnamed person's description,
                # "a daughter", word by word)
                words = [w for w in cand.object.casefold().split() if w not in ("a", "an")]
                assert all(w in t.text.casefold() for w in words), (conv.user_id, cand.object)
                # a stated start or end is never after the message that states it
                for when in (cand.valid_from, cand.valid_to):
                    assert when is None or when <= at, (conv.user_id, t.text)
                assert cand.time_stated == (cand.valid_from is not None)


def test_slips_are_the_named_mistakes_and_spoil_a_must_not_value() -> None:
    n: Counter[str] = Counter()
    for c in CONVS:
        bad = {v for v, _ in c.forbidden}
        for t in _turns(c):
            for s in t.slips:
                n[s.kind] += 1
                assert s.kind in SLIP_KINDS
                assert s.candidate.holder == "user" and s.candidate.modality == "asserted"
                assert s.candidate.provenance == "own_words"
                assert s.marker in bad and has(t.text, s.marker), (c.user_id, s.marker)
    assert set(n) == set(SLIP_KINDS), n


def test_the_same_text_always_gets_the_same_candidates() -> None:
    seen: dict[str, object] = {}
    for c in CONVS:
        for t in _turns(c):
            key = tuple(x.model_dump_json() for x in t.ideal)
            assert seen.setdefault(t.text, key) == key, t.text
