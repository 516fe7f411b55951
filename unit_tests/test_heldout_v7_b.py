"""The data of held-out split v7, part b (benchmarks/truth/heldout_v7_b.py): deterministic,
every kind probed often enough, one irrelevant request per user, labels grounded in what
the user said, and ideal candidates the write policy can read (#12)."""

from __future__ import annotations

from collections import Counter

import pytest

from benchmarks.truth.conversations import ABSENT_CATEGORIES
from benchmarks.truth.heldout_v7_b import KINDS, generate_heldout_v7_b, one_off_share
from benchmarks.truth.modes import SLIP_KINDS
from langmem_plus.facts.models import MODALITIES, POLARITIES, PROVENANCES, CandidateFact
from langmem_plus.facts.policy import DEFAULT_SINGLE_VALUED


@pytest.fixture(scope="module")
def split():
    return generate_heldout_v7_b(seed=0)


def _said(conv) -> str:
    return " ".join(t.text for _, ts in conv.sessions for t in ts).casefold()


def test_deterministic_from_the_seed():
    assert generate_heldout_v7_b(seed=5, users=6) == generate_heldout_v7_b(seed=5, users=6)
    assert generate_heldout_v7_b(seed=5, users=6) != generate_heldout_v7_b(seed=6, users=6)


def test_users_and_probe_counts(split):
    assert [c.user_id for c in split] == [f"h7b-{n}" for n in range(24)]
    kinds = Counter(p.kind for c in split for p in c.probes)
    assert 130 <= sum(kinds.values()) <= 170
    for kind in KINDS:
        assert kinds[kind] >= 12, kind
    assert set(kinds) == {*KINDS, "irrelevant"}
    for c in split:
        assert set(c.kinds) == {*KINDS, "irrelevant"}


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_every_user_has_exactly_one_irrelevant_probe(seed):
    for c in generate_heldout_v7_b(seed=seed):
        irrelevant = [p for p in c.probes if p.irrelevant]
        assert len(irrelevant) == 1, c.user_id
        assert irrelevant[0].kind == "irrelevant"
        assert not irrelevant[0].present and not irrelevant[0].absent


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_present_values_were_said_by_that_user(seed):
    for c in generate_heldout_v7_b(seed=seed):
        said = _said(c)
        for p in c.probes:
            for v in p.present:
                assert v.casefold() in said, (c.user_id, v)
            for v, cat in p.absent:
                assert cat in ABSENT_CATEGORIES
                assert v.casefold() in said, (c.user_id, v)
                assert v not in p.present
        for v, cat in c.forbidden:
            assert cat in ABSENT_CATEGORIES
            assert v.casefold() in said, (c.user_id, v)


def test_sessions_are_ordered_and_probes_come_after(split):
    for c in split:
        assert 3 <= len(c.sessions) <= 4
        times = [at for at, _ in c.sessions]
        assert times == sorted(times)
        assert all(turns for _, turns in c.sessions)
        assert c.probe_at > times[-1]


def test_ideal_candidates_are_valid_and_grounded(split):
    for c in split:
        for _, turns in c.sessions:
            for t in turns:
                for cand in t.ideal:
                    assert isinstance(cand, CandidateFact)
                    CandidateFact.model_validate(cand.model_dump())
                    assert cand.modality in MODALITIES
                    assert cand.polarity in POLARITIES
                    assert cand.provenance in PROVENANCES
                    assert cand.kind in {"fact", "preference"}
                    assert cand.quote == t.text
                    if cand.object:
                        assert cand.object.casefold() in t.text.casefold(), cand.object
                    if cand.holder != "user":
                        assert cand.subject.startswith("person:")
                    else:
                        assert cand.subject == "user"
                for slip in t.slips:
                    assert slip.kind in SLIP_KINDS
                    assert slip.marker.casefold() in t.text.casefold()
                    assert (slip.marker, slip.kind) != ("", "")


def test_slips_are_never_the_ideal(split):
    for c in split:
        for _, turns in c.sessions:
            for t in turns:
                for slip in t.slips:
                    assert slip.candidate not in t.ideal


def test_a_third_of_turns_are_free_form_one_offs():
    one_offs, turns = one_off_share(seed=0)
    assert 3 * one_offs >= turns


def test_every_scripted_turn_lands_in_a_session_of_its_user():
    from benchmarks.truth import heldout_v7_b as split_module

    for seed in (0, 1, 7):
        for conv, placed, planned in split_module._build(seed, 24):
            turns = [t for _, ts in conv.sessions for t in ts]
            assert len(placed) == len(turns), conv.user_id
            assert sorted(placed) == sorted(planned), conv.user_id
            # every scenario's probe has its statements: each present or absent value is
            # said in a session before the probes, and a value that must be gone was said
            # before what took it away (its first mention is not in the last turn said)
            said = [t.text.casefold() for t in turns]
            for p in conv.probes:
                for v, _ in p.absent:
                    first = next(i for i, s in enumerate(said) if v.casefold() in s)
                    assert first < len(said) - 1, (conv.user_id, v)


def test_each_user_has_one_scenario_of_every_kind(split):
    for c in split:
        kinds = Counter(p.kind for p in c.probes)
        assert kinds == Counter({k: 1 for k in (*KINDS, "irrelevant")}), c.user_id


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_a_wanted_value_is_the_last_one_its_slot_was_given(seed):
    # two scenarios of one user never share a one-at-a-time slot: replaying the scripted
    # candidates, each wanted value of such a slot is the slot's last value
    for c in generate_heldout_v7_b(seed=seed):
        last: dict[tuple[str, str], str] = {}
        for _, turns in c.sessions:
            for t in turns:
                for cand in t.ideal:
                    one = cand.predicate in DEFAULT_SINGLE_VALUED or cand.single_valued
                    if one and cand.polarity == "assert" and cand.modality == "asserted":
                        last[(cand.subject, cand.predicate)] = cand.object.casefold()
        slots_of = {}
        for _, turns in c.sessions:
            for t in turns:
                for cand in t.ideal:
                    if (cand.subject, cand.predicate) in last:
                        slots_of.setdefault(cand.object.casefold(), set()).add(
                            (cand.subject, cand.predicate)
                        )
        for p in c.probes:
            for v in p.present:
                for slot in slots_of.get(v.casefold(), ()):
                    assert last[slot] == v.casefold(), (c.user_id, v, slot)


def test_the_one_off_share_counts_wordings_not_filled_values():
    # a wording filled with different values for two users is one wording used twice
    from benchmarks.truth import heldout_v7_b as split_module

    built = split_module._build(0, 24)
    keys = Counter(k for _, placed, _ in built for k in placed)
    one_offs, turns = one_off_share(seed=0)
    assert turns == sum(keys.values())
    assert one_offs == sum(1 for n in keys.values() if n == 1)
    assert one_offs < turns  # scenario wordings are reused across users


def test_a_forget_everything_comes_before_every_other_statement():
    # a scenario said before "forget everything" would lose its values to it: the wipe's
    # user says nothing else with a fact in the first session, and nothing of it later
    wiped = 0
    for c in generate_heldout_v7_b(seed=0):
        gone = [v for p in c.probes for v, cat in p.absent if cat == "forgotten"]
        if len(gone) < 2:
            continue
        wiped += 1
        first = [t for t in c.sessions[0][1] if t.ideal]
        assert len(first) == 1, c.user_id
        assert all(v.casefold() in first[0].text.casefold() for v in gone), c.user_id
        assert not c.sessions[0][1][-1].ideal, c.user_id  # the wipe closes the session
        later = " ".join(t.text for _, ts in c.sessions[1:] for t in ts).casefold()
        assert not any(v.casefold() in later for v in gone), c.user_id
    assert wiped
