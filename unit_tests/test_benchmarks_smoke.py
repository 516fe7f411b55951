"""The truth benchmark at a tiny size: the generator is reproducible and the scoring tells
a memory that stays true from the baselines (a stale city after a move, leaks, no floor)."""

from __future__ import annotations

import pytest

from benchmarks.truth.generator import generate
from benchmarks.truth.runner import GRAPH, LOG, VECTOR, run
from benchmarks.truth.scoring import has, score


def test_generator_is_seeded_and_independent_of_the_user_count() -> None:
    assert generate(3, seed=5) == generate(3, seed=5)
    assert generate(5, seed=5)[:3] == generate(3, seed=5)
    assert generate(2, seed=5) != generate(2, seed=6)


@pytest.fixture(scope="module")
def tiny() -> tuple[list, object, dict]:
    users = generate(3, seed=0)
    result = run(users, progress=False)
    return users, result, score(users, result)


def test_scoring_catches_a_stale_city_in_the_log_but_not_in_the_graph(tiny) -> None:
    _users, result, _ = tiny
    moved = [
        r
        for r in result.records
        if r.probe is not None
        and r.probe.slot == "city"
        and r.probe.truth.stale.get("city")
        and any(has(r.blocks[LOG], v) for v in r.probe.truth.stale["city"])
    ]
    assert moved, "the append-only log should send a superseded city after a move"
    for r in moved:
        (current,) = r.probe.truth.current["city"]
        assert has(r.blocks[GRAPH], current)
        assert not any(has(r.blocks[GRAPH], v) for v in r.probe.truth.stale["city"])


def test_graph_beats_the_baselines_where_the_memory_decides(tiny) -> None:
    _, _, scores = tiny
    graph, vector, log = (scores[n].summary() for n in (GRAPH, VECTOR, LOG))
    # misses the memory itself caused (the extractor's own misses are reported separately)
    memory_stale = [
        m
        for m in scores[GRAPH].misses
        if m["what"] == "stale value recalled" and m["cause"] == "memory"
    ]
    assert memory_stale == []
    assert graph["leak_probes"] == 0 < log["leak_probes"]
    assert graph["irrelevant_with_facts"] == 0
    assert vector["irrelevant_with_facts"] == vector["irrelevant"] > 0  # top-k has no floor
    assert graph["junk_requests"] == 0
    assert graph["stale_probes"] < min(vector["stale_probes"], log["stale_probes"])
    assert graph["multi_lost"] < vector["multi_lost"]
    assert graph["rows_per_user"] <= graph["statements_per_user"]
    for cat in ("city", "allergy"):
        n, correct = scores[GRAPH].by_category[cat]
        assert correct == n > 0


# ---- issue 12: the held-out split, the modes, the fair baseline -----------------------------


def test_heldout_is_seeded_covers_every_kind_and_shares_no_value_with_the_tuning_split() -> None:
    from benchmarks.truth.heldout import generate_heldout

    convs = generate_heldout(seed=4, users=40)
    assert convs == generate_heldout(seed=4, users=40)
    assert convs[:3] != generate_heldout(seed=5, users=3)
    kinds = {p.kind for c in convs for p in c.probes}
    assert kinds >= {
        "dated_statement", "unseen_statement", "must_not_store", "retraction", "correction",
        "forget", "people", "explicit_save", "one_at_a_time", "past_state", "irrelevant",
    }  # fmt: skip
    slips = {s.kind for c in convs for _, ts in c.sessions for t in ts for s in t.slips}
    assert slips == {
        "hypothetical_as_fact", "other_person_as_user", "pasted_as_own",
        "instruction_as_preference", "question_as_fact",
    }  # fmt: skip
    # every ideal candidate quotes the turn it came from (the post-filters ground on it)
    for c in convs:
        for _, turns in c.sessions:
            for t in turns:
                for cand in t.ideal:
                    assert cand.quote and cand.quote in t.text
    # the held-out values appear nowhere in the tuning split's conversations
    tuning_text = " ".join(
        t.text for u in generate(30, seed=4) for s in u.sessions for t in s.turns
    ).casefold()
    values = {v for c in convs for p in c.probes for v in p.present}
    values |= {v for c in convs for p in c.probes for v, _ in p.absent}
    assert values and not [v for v in values if v.casefold() in tuning_text]


def test_fair_baseline_replaces_a_moved_city_and_forgets_a_retraction() -> None:
    from benchmarks.truth.baselines import ProfileVectorUpdates
    from benchmarks.truth.embeddings import HashingEmbeddings
    from langmem_plus.models import CandidateFact

    def city(v: str, **kw: object) -> CandidateFact:
        return CandidateFact.model_validate(
            {"kind": "fact", "predicate": "city", "object": v,
             "text": f"The user lives in {v}.", **kw}
        )  # fmt: skip

    b = ProfileVectorUpdates(HashingEmbeddings(64), dims=64)
    pet = CandidateFact(kind="fact", predicate="pet", object="Bramble", text="Has a dog.")
    b.add("u", [city("Tartu"), city("Oulu"), pet])
    block = b.block("u", "where do I live")
    assert "Oulu" in block and "Tartu" not in block
    b.add("u", [pet.model_copy(update={"polarity": "retract"})])
    assert "dog" not in b.block("u", "my dog")


@pytest.fixture(scope="module")
def heldout_slips() -> dict:
    from benchmarks.truth.splits import run_splits

    return run_splits(
        ["heldout"], ["slips"], tuning_users=0, heldout_users=2, seed=2, progress=False
    )


def test_slips_mode_traces_every_injected_mistake_to_a_layer_or_the_store(heldout_slips) -> None:
    from benchmarks.truth.runner import FAIR, GRAPH, LOG, VECTOR

    systems = heldout_slips["runs"]["heldout"]["slips"]["systems"]
    assert set(systems) == {GRAPH, FAIR, VECTOR, LOG}
    g = systems[GRAPH]
    assert g["slips"] > 0
    assert sum(g["slips_by_layer"].values()) == g["slips"]
    stored = sum(n for k, n in g["slips_by_layer"].items() if k.startswith("stored"))
    assert g["slips_stopped"] == g["slips"] - stored
    assert all(
        k.split(":")[0]
        in ("post-filter", "write policy", "stored", "stored, closed later", "never proposed")
        for k in g["slips_by_layer"]
    )
    for s in systems.values():
        assert 0 <= s["probes_right"] <= s["probes"] > 0
        assert s["irrelevant"] == 2


def test_the_docs_block_is_rendered_from_the_results(heldout_slips) -> None:
    from benchmarks.truth.runner import GRAPH
    from benchmarks.truth.splits import render_splits

    results = {
        **heldout_slips,
        "command": "python -m benchmarks.truth --split heldout --mode slips",
        "machine": {"date": "d", "commit": "c", "cpu": "cpu", "cores": 2, "os": "os"},
        "wall_seconds": 1.0,
        "seed": 2,
        "tuning_users": 0,
        "heldout_users": 2,
        "embeddings": "lexical",
    }
    text = render_splits(results)
    g = heldout_slips["runs"]["heldout"]["slips"]["systems"][GRAPH]
    assert "| heldout / slips " in text
    assert f"({g['probes_right']} / {g['probes']})" in text
    assert f"{g['slips_stopped']} / {g['slips']}" in text
