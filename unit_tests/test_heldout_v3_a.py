"""The held-out split v3, part a, is well formed: its labels are grounded in its own turns.

These tests are about the benchmark's data (issue 12), not the product: the split is
deterministic, covers every kind it names, gives every user one unrelated request, asks only
for values some turn of that user said, and scripts only valid, grounded candidates.
"""

from __future__ import annotations

from collections import Counter

import pytest

from benchmarks.truth.conversations import ABSENT_CATEGORIES, HoConversation
from benchmarks.truth.heldout_v3_a import KINDS, generate_heldout_v3_a
from benchmarks.truth.modes import SLIP_KINDS
from langmem_plus.facts.models import MODALITIES, POLARITIES, PROVENANCES, CandidateFact


@pytest.fixture(scope="module")
def split() -> list[HoConversation]:
    return generate_heldout_v3_a(seed=0)


def _turns(conv: HoConversation) -> list[str]:
    return [t.text for _, turns in conv.sessions for t in turns]


def test_same_seed_same_split_other_seed_other_split(split: list[HoConversation]) -> None:
    assert generate_heldout_v3_a(seed=0) == split
    assert generate_heldout_v3_a(seed=1) != split
    assert generate_heldout_v3_a(seed=5, users=3) == generate_heldout_v3_a(seed=5, users=3)


def test_shape_users_sessions_and_probe_count(split: list[HoConversation]) -> None:
    assert [c.user_id for c in split] == [f"h3a-{n}" for n in range(24)]
    assert 130 <= sum(len(c.probes) for c in split) <= 170
    for conv in split:
        assert len(conv.sessions) in (3, 4)
        times = [at for at, _ in conv.sessions]
        assert times == sorted(times) and len(set(times)) == len(times)
        assert conv.probe_at > times[-1]
        assert set(conv.kinds) == set(KINDS)


def test_every_kind_has_at_least_twelve_probes(split: list[HoConversation]) -> None:
    counts = Counter(p.kind for c in split for p in c.probes)
    assert set(counts) == set(KINDS)
    assert min(counts.values()) >= 12, counts


def test_every_user_has_exactly_one_irrelevant_probe(split: list[HoConversation]) -> None:
    for conv in split:
        off = [p for p in conv.probes if p.irrelevant]
        assert len(off) == 1, conv.user_id
        assert off[0].kind == "irrelevant" and not off[0].present and not off[0].absent
        assert all(not p.irrelevant for p in conv.probes if p.kind != "irrelevant")


def test_the_open_thread_is_probed_first(split: list[HoConversation]) -> None:
    # the probe right after the last statement session is the one its open thread reaches
    for conv in split:
        assert conv.probes[0].kind == "open_thread", conv.user_id
        last_text = conv.sessions[-1][1][-1].text.casefold()
        assert all(v.casefold() in last_text for v in conv.probes[0].present)


def test_present_and_absent_values_come_from_the_users_own_turns(
    split: list[HoConversation],
) -> None:
    for conv in split:
        said = " ".join(_turns(conv)).casefold()
        for probe in conv.probes:
            for value in probe.present:
                assert value.casefold() in said, (conv.user_id, value)
            for value, category in probe.absent:
                # a stale, another person's, pasted... value, or a clause a value must
                # not swallow: all said by this user, so the check can bite
                assert category in ABSENT_CATEGORIES
                assert value.casefold() in said, (conv.user_id, value)
            assert not set(v.casefold() for v in probe.present) & {
                v.casefold() for v, _ in probe.absent
            }
        for value, category in conv.forbidden:
            assert category in ABSENT_CATEGORIES and value.casefold() in said


def test_ideal_candidates_are_valid_and_grounded(split: list[HoConversation]) -> None:
    for conv in split:
        for at, turns in conv.sessions:
            for turn in turns:
                for c in turn.ideal:
                    assert isinstance(c, CandidateFact)
                    assert CandidateFact.model_validate(c.model_dump()) == c
                    assert c.modality in MODALITIES and c.polarity in POLARITIES
                    assert c.provenance in PROVENANCES
                    assert c.object.casefold() in turn.text.casefold() or c.object.startswith(
                        ("a ", "an ", "three ")
                    )
                    assert c.quote == turn.text
                    if c.holder == "user":
                        assert c.subject == "user"
                    else:
                        assert c.subject.startswith("person:") and c.subject != "person:user"
                    if c.valid_from is not None:
                        assert c.stated_time and c.valid_from <= at
                    if c.valid_to is not None:
                        assert c.valid_to <= at


def test_turn_texts_are_unique_across_the_split(split: list[HoConversation]) -> None:
    # the scripted extractor keys candidates by a turn's text: one text, one script
    scripted = [t for c in split for _, ts in c.sessions for t in ts if t.ideal or t.slips]
    assert len({t.text for t in scripted}) == len(scripted)


def test_slips_are_known_kinds_spoiling_a_value_the_turn_says(
    split: list[HoConversation],
) -> None:
    slips = [(t, s) for c in split for _, ts in c.sessions for t in ts for s in t.slips]
    assert len(slips) >= 24
    for turn, slip in slips:
        assert slip.kind in SLIP_KINDS
        assert slip.marker.casefold() in turn.text.casefold()
        assert slip.candidate.holder == "user" and slip.candidate.provenance == "own_words"
        assert slip.candidate.modality == "asserted"
