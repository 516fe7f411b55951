"""The benchmarks at a tiny size.

The truth benchmark: the generator is reproducible and the scoring tells a memory that stays
true from the baselines (a stale city after a move, leaks, no floor). The recall and store
benchmarks: a seconds-long run produces every row the docs render (first turn, held turns
with hit rates, both access patterns), with correct results and the tree's provenance; the
PostgreSQL part is skipped where PostgreSQL or the ``bench`` extra is not installed.
No timing is asserted."""

from __future__ import annotations

import json
from collections import Counter

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


def test_heldout_v2_is_seeded_covers_every_kind_and_shares_no_value_with_the_other_splits() -> None:
    from benchmarks.truth.heldout_v1 import generate_heldout_v1
    from benchmarks.truth.heldout_v2 import KINDS, generate_heldout_v2
    from benchmarks.truth.tuning_kinds import generate_tuning_kinds

    convs = generate_heldout_v2(seed=4, users=40)
    assert convs == generate_heldout_v2(seed=4, users=40)
    assert convs[:3] != generate_heldout_v2(seed=5, users=3)
    per_kind = Counter(p.kind for c in convs for p in c.probes)
    assert set(per_kind) == set(KINDS) >= {
        "dated_statement", "unseen_statement", "must_not_store", "retraction", "correction",
        "forget", "people", "explicit_save", "one_at_a_time", "past_state", "open_thread",
        "irrelevant",
    }  # fmt: skip
    assert min(per_kind.values()) >= 5  # enough probes of every kind for a per-kind figure
    assert all(sum(p.irrelevant for p in c.probes) == 1 for c in convs)
    slips = {s.kind for c in convs for _, ts in c.sessions for t in ts for s in t.slips}
    assert slips == {
        "hypothetical_as_fact", "other_person_as_user", "pasted_as_own",
        "instruction_as_preference", "question_as_fact",
    }  # fmt: skip
    # every ideal candidate quotes the turn it came from (the post-filters ground on it), and
    # a text says the same wherever it occurs (the scripted extractor looks turns up by text)
    script: dict[str, tuple] = {}
    for c in convs:
        for _, turns in c.sessions:
            for t in turns:
                for cand in t.ideal:
                    assert cand.quote and cand.quote in t.text
                assert script.setdefault(t.text, (t.ideal, t.slips)) == (t.ideal, t.slips)
    # its values appear nowhere in the tuning split, the tuning kinds or the retired split
    others = [t.text for u in generate(30, seed=4) for s in u.sessions for t in s.turns]
    for old in (generate_tuning_kinds(seed=4, users=40), generate_heldout_v1(seed=4, users=40)):
        others += [t.text for c in old for _, ts in c.sessions for t in ts]
        others += [p.request for c in old for p in c.probes]
    other_text = "\n".join(others)
    values = {v for c in convs for p in c.probes for v in p.present}
    values |= {v for c in convs for p in c.probes for v, _ in p.absent}
    assert values and not [v for v in values if has(other_text, v)]


def test_fair_baseline_replaces_a_moved_city_and_forgets_a_retraction() -> None:
    from benchmarks.truth.baselines import ProfileVectorUpdates
    from benchmarks.truth.embeddings import HashingEmbeddings
    from langmem_plus.facts.models import CandidateFact

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


def test_the_kinds_split_runs_like_the_heldout_split_and_keeps_its_misses() -> None:
    from benchmarks.truth.runner import GRAPH
    from benchmarks.truth.splits import SPLITS, render_splits, run_splits, split_off_heldout_misses
    from benchmarks.truth.tuning_kinds import generate_tuning_kinds

    assert "kinds" in SPLITS
    convs = generate_tuning_kinds(seed=3, users=3)
    results = run_splits(
        ["kinds"],
        ["default"],
        tuning_users=0,
        heldout_users=0,
        kinds_users=3,
        seed=3,
        progress=False,
    )
    g = results["runs"]["kinds"]["default"]["systems"][GRAPH]
    assert g["probes"] == sum(1 for c in convs for p in c.probes if not p.irrelevant)
    assert sum(v["n"] for v in g["by_kind"].values()) == g["probes"]
    assert "misses" in g  # tuning data: its misses are not hidden like the held-out ones
    assert split_off_heldout_misses(results) == {} and "misses" in g
    text = render_splits(
        {
            **results,
            "command": "python -m benchmarks.truth --split kinds --mode default",
            "machine": {"date": "d", "commit": "c", "cpu": "cpu", "cores": 2, "os": "os"},
            "wall_seconds": 1.0,
            "seed": 3,
            "tuning_users": 0,
            "heldout_users": 0,
            "kinds_users": 3,
            "embeddings": "lexical",
        }
    )
    assert "| kinds / default " in text
    assert "**kinds split, default mode**" in text and "By kind (probes right):" in text
    # the memory block's size beside its truth: a longer block is a cost the page must show
    assert g["tokens_p95"] >= g["tokens_mean"] > 0
    assert f"{g['tokens_mean']:.1f} / {g['tokens_p95']}" in text


@pytest.mark.parametrize(
    "split",
    [
        "retired", "retired_v2", "retired_v3", "retired_v4", "retired_v5", "retired_v6",
        "retired_v7", "retired_v8", "retired_v9",
    ],
)
def test_the_retired_splits_run_like_the_kinds_split_and_keep_their_misses(split: str) -> None:
    from benchmarks.truth.heldout_v1 import generate_heldout_v1
    from benchmarks.truth.heldout_v2 import generate_heldout_v2
    from benchmarks.truth.heldout_v3 import generate_heldout_v3
    from benchmarks.truth.heldout_v4 import generate_heldout_v4
    from benchmarks.truth.heldout_v5 import generate_heldout_v5
    from benchmarks.truth.heldout_v6 import generate_heldout_v6
    from benchmarks.truth.heldout_v7 import generate_heldout_v7
    from benchmarks.truth.heldout_v8 import generate_heldout_v8
    from benchmarks.truth.heldout_v9 import generate_heldout_v9
    from benchmarks.truth.runner import GRAPH
    from benchmarks.truth.splits import SPLITS, run_splits, split_off_heldout_misses

    # the order --split all runs
    assert SPLITS == (
        "tuning", "kinds", "retired", "retired_v2", "retired_v3", "retired_v4", "retired_v5",
        "retired_v6", "retired_v7", "retired_v8", "retired_v9", "heldout",
    )  # fmt: skip
    make = {
        "retired": generate_heldout_v1,
        "retired_v2": generate_heldout_v2,
        "retired_v3": generate_heldout_v3,
        "retired_v4": generate_heldout_v4,
        "retired_v5": generate_heldout_v5,
        "retired_v6": generate_heldout_v6,
        "retired_v7": generate_heldout_v7,
        "retired_v8": generate_heldout_v8,
        "retired_v9": generate_heldout_v9,
    }[split]
    convs = make(seed=3, users=2)
    results = run_splits(
        [split], ["default"], tuning_users=0, heldout_users=0, retired_users=2, seed=3,
        progress=False,
    )  # fmt: skip
    g = results["runs"][split]["default"]["systems"][GRAPH]
    assert g["probes"] == sum(1 for c in convs for p in c.probes if not p.irrelevant)
    assert split_off_heldout_misses(results) == {} and "misses" in g  # tuning material now


def test_the_heldout_v10_split_joins_its_two_blind_halves_and_hides_its_misses() -> None:
    from benchmarks.truth.heldout_v10 import generate_heldout_v10
    from benchmarks.truth.runner import GRAPH
    from benchmarks.truth.splits import run_splits, split_off_heldout_misses

    convs = generate_heldout_v10(seed=2, users=3)
    assert [c.user_id[:4] for c in convs] == ["h10a", "h10a", "h10b"]
    results = run_splits(
        ["heldout"], ["perfect"], tuning_users=0, heldout_users=3, seed=2, progress=False
    )
    g = results["runs"]["heldout"]["perfect"]["systems"][GRAPH]
    assert g["probes"] == sum(1 for c in convs for p in c.probes if not p.irrelevant)
    hidden = split_off_heldout_misses(results)
    assert "misses" not in g and set(hidden) == {"perfect"}  # never in the shared file


# ---- recall and store benchmarks: tiny runs (seconds), shapes and provenance, no timing


def test_recall_bench_reports_first_turns_held_turns_and_the_bare_search(tmp_path) -> None:
    from benchmarks import recall_bench

    out = tmp_path / "recall.json"
    docs_before = recall_bench.DOCS.read_text(encoding="utf-8")
    args = "--users 12 --facts 3,12 --samples 5 --warmup 8 --allow-dirty --json"
    results = recall_bench.main([*args.split(), str(out)])
    assert recall_bench.DOCS.read_text(encoding="utf-8") == docs_before  # no --docs
    assert json.loads(out.read_text(encoding="utf-8"))["rows"] == results["rows"]
    seen = {(r["facts_per_user"], r["row"], r["mix"]) for r in results["rows"]}
    for per_user in (3, 12):
        for row, mix in (
            ("first turn", "each user once"),
            ("cache off", "uniform"),
            ("node, cache off", "uniform"),
            ("held", "uniform"),
            ("held", f"Zipf s={recall_bench.ZIPF_S:g}"),
        ):
            assert (per_user, row, mix) in seen
    for r in results["rows"]:
        assert r["recall_ms"]["n"] == r["bare_ms"]["n"] == 5
        assert r["facts"] == 12 * r["facts_per_user"]
        assert r["ratio_p95"] == r["recall_ms"]["p95"] / r["bare_ms"]["p95"]
        if r["row"] != "held":
            assert r["hit_rate"] == 0.0
    for r in results["rows"]:
        if r["row"] == "held":  # every measured turn is counted as a hit or a miss
            assert r["hits_ms"].get("n", 0) + r["misses_ms"].get("n", 0) == 5
            assert r["hit_rate"] == r["hits_ms"].get("n", 0) / 5
    assert all(w["facts"] == 12 * w["facts_per_user"] for w in results["writes"])
    # a single remember beside a bare put of the same row, in the same run, for each size
    singles = results["single_writes"]
    assert [w["facts_per_user"] for w in singles] == [3, 12]
    for w in singles:
        assert w["remember_ms"]["n"] == w["put_ms"]["n"] == 5
        assert w["ratio_p50"] == w["remember_ms"]["p50"] / w["put_ms"]["p50"]
        assert set(w["actions"]) <= {"new", "superseded"}
    block = recall_bench.render(results)
    assert "remember / put p50" in block and "single remember <= 4x a bare put" in block
    # the block says which tree it measured (a clean clone in CI, local edits at a desk)
    tree = "dirty tree" if results["git"]["dirty"] else "clean tree"
    assert tree in block and "Zipf" in block and "first turn" in block


def _git(cwd, *args: str) -> None:
    import subprocess

    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def test_a_run_refuses_a_dirty_tree_unless_allowed_and_then_says_so(tmp_path, monkeypatch):
    from benchmarks import common

    _git(tmp_path, "init", "-q")
    (tmp_path / "a.txt").write_text("a", encoding="utf-8")
    _git(tmp_path, "add", "a.txt")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "a")
    monkeypatch.setattr(common, "ROOT", tmp_path)
    clean = common.git_state()
    assert clean["dirty"] is False and len(clean["head"]) == 40
    assert "clean tree" in common.provenance({"git": clean})
    (tmp_path / "b.txt").write_text("b", encoding="utf-8")  # untracked counts
    with pytest.raises(SystemExit, match="dirty tree"):
        common.git_state()
    dirty = common.git_state(allow_dirty=True)
    assert dirty["dirty"] is True and dirty["status"] == ["?? b.txt"]
    assert "dirty tree" in common.provenance({"git": dirty})


def test_rendered_blocks_replace_only_their_own_markers(tmp_path) -> None:
    from benchmarks.common import replace_block

    page = tmp_path / "b.md"
    page.write_text("intro\n<!-- x:start -->\nold 1.23\n<!-- x:end -->\nprose\n", "utf-8")
    replace_block(page, "x", "new", "")
    assert page.read_text("utf-8") == "intro\n<!-- x:start -->\nnew\n<!-- x:end -->\nprose\n"


def _store_patterns(tmp_path, stores: str) -> dict:
    from benchmarks import store_bench

    out = tmp_path / "store.json"
    args = "--part patterns --users 6 --per-user 4,15 --pattern-samples 6 --allow-dirty"
    assert store_bench.main([*args.split(), "--pattern-stores", stores, "--json", str(out)]) == 0
    return json.loads(out.read_text(encoding="utf-8"))


def test_store_bench_runs_both_access_patterns_with_correct_results(tmp_path) -> None:
    from benchmarks import store_bench

    saved = _store_patterns(tmp_path, "edge,inmemory")
    rows = saved["patterns"]["rows"]
    assert {(r["store"], r["pattern"], r["per_user"]) for r in rows} == {
        (s, p, n) for s in ("edge", "inmemory") for p in store_bench.PATTERNS for n in (4, 15)
    }
    for r in rows:
        assert r["wrong_results"] == 0, r
        assert r["put_ms"]["n"] == r["get_ms"]["n"] == r["search_ms"]["n"] == 6
        assert r["bulk_put_rate"] > 0
    blocks = store_bench.blocks(saved)
    assert set(blocks) == {"store_patterns"}
    assert "per-user" in blocks["store_patterns"] and "shared" in blocks["store_patterns"]


def test_store_bench_runs_postgres_store_on_a_server_it_starts(tmp_path) -> None:
    from benchmarks.common import find_pg_bin

    pytest.importorskip("langgraph.store.postgres", reason="the bench extra is not installed")
    pytest.importorskip("psycopg", reason="the bench extra is not installed")
    if find_pg_bin() is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    saved = _store_patterns(tmp_path, "postgres")
    assert saved["patterns"]["postgres"] == "ran"
    rows = saved["patterns"]["rows"]
    assert len(rows) == 4 and all(r["store"] == "postgres" for r in rows)
    assert all(r["wrong_results"] == 0 for r in rows)


def test_store_bench_vector_part_matches_exact_search_and_skips_what_is_missing(tmp_path):
    from benchmarks import store_bench

    out = tmp_path / "vector.json"
    args = "--part vector --sizes 300 --stores edge,inmemory,peer --queries 6 --min-queries 6"
    assert store_bench.main([*args.split(), "--allow-dirty", "--json", str(out)]) == 0
    saved = json.loads(out.read_text(encoding="utf-8"))
    rows = {r["store"]: r for r in saved["results"]}
    for name in ("edge", "inmemory"):
        assert rows[name]["status"] == "ok"
        assert rows[name]["recall"] == 1.0 and rows[name]["wrong_hits"] == 0
    try:
        import langgraph.store.qdrant  # noqa: F401
    except ImportError:  # the peer is optional: a row that says so, not a crash
        assert rows["peer"]["status"] == "skipped"
        assert "not installed" in rows["peer"]["note"]
    assert saved["patterns"] is None and set(store_bench.blocks(saved)) == {"store_bench"}


def _docs_block(name: str) -> str:
    from benchmarks.common import DOCS

    text = DOCS.read_text(encoding="utf-8")
    start, end = f"<!-- {name}:start -->\n", f"\n<!-- {name}:end -->"
    return text.split(start, 1)[1].split(end, 1)[0]


def test_the_recall_and_store_figures_in_the_docs_are_rendered_from_committed_results():
    """A hand edit inside a block, or a block left from an older results file, fails here."""
    from benchmarks import recall_bench, store_bench
    from benchmarks.common import RESULTS

    def saved(*names: str) -> list[dict]:
        return [
            json.loads((RESULTS / n).read_text("utf-8")) for n in names if (RESULTS / n).exists()
        ]

    recall = saved("recall_bench.json", "recall_bench_quick.json")
    assert _docs_block("recall_bench") in [recall_bench.render(r) for r in recall]
    stores = saved("store_bench.json", "store_bench_quick.json")
    for name in ("store_bench", "store_patterns"):
        assert _docs_block(name) in [store_bench.blocks(s).get(name) for s in stores]


def test_resilience_bench_writes_its_results_and_renders_its_tables_from_them(tmp_path) -> None:
    from benchmarks import resilience_bench

    out = tmp_path / "resilience.json"
    docs_before = resilience_bench.DOCS.read_text(encoding="utf-8")
    args = "--calls 20 --turns 2 --writes 30 --deadlines 0.02 --allow-dirty --json"
    results = resilience_bench.main([*args.split(), str(out)])
    assert resilience_bench.DOCS.read_text(encoding="utf-8") == docs_before  # no --docs
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert saved["overhead"] == results["overhead"] and saved["git"] == results["git"]
    assert saved["git"]["dirty"] in (True, False) and saved["machine"]["cores"] >= 1
    cases = {r["case"] for r in saved["overhead"]}
    for store in ("Edge", "InMemory"):
        for call in ("sync get", "sync search", "async aget", "async asearch"):
            assert f"{store} {call}, deadline 300 ms" in cases
    assert all(case in cases for _, case in resilience_bench._TARGET_ROWS)
    assert len(saved["handoff"]) == 2
    assert {r["deadline_ms"] for r in saved["hang"]} == {20.0} and len(saved["hang"]) == 5
    closed = [r for r in saved["hang"] if "closed" in r["case"]]
    assert closed and all(r["p50_ms"] >= 20.0 for r in closed)  # each waited its deadline
    assert [r["case"].split()[0] for r in saved["outbox"]] == ["queue", "drain"]
    # the page's block is rendered from the file alone, into its own markers only
    page = tmp_path / "resilience.md"
    page.write_text(docs_before, encoding="utf-8")
    resilience_bench.publish(saved, page)
    text = page.read_text(encoding="utf-8")
    block = _block_of(text).strip("\n")
    assert block == resilience_bench.render(saved)
    tree = "dirty tree" if saved["git"]["dirty"] else "clean tree"
    assert tree in block and "target" in block and "Outbox" in block
    for marker, side in (("<!-- resilience_bench:start -->", 0), ("<!-- resilience_bench:end", 1)):
        assert text.split(marker)[side] == docs_before.split(marker)[side]  # prose untouched


def _block_of(text: str) -> str:
    start, end = "<!-- resilience_bench:start -->\n", "<!-- resilience_bench:end"
    return text.split(start, 1)[1].split(end, 1)[0]


def test_the_resilience_figures_in_the_docs_are_rendered_from_committed_results() -> None:
    """docs/resilience.md holds no figure typed by hand: its block is empty until a results
    file is committed, and then it is that file's rendering."""
    from benchmarks import resilience_bench
    from benchmarks.common import RESULTS

    block = _block_of(resilience_bench.DOCS.read_text(encoding="utf-8")).strip("\n")
    files = [RESULTS / n for n in ("resilience_bench.json", "resilience_bench_quick.json")]
    renders = [
        resilience_bench.render(json.loads(f.read_text("utf-8"))) for f in files if f.exists()
    ]
    assert block in renders or (block == "" and not renders)


def test_recall_split_accounts_for_the_whole_first_recall(tmp_path) -> None:
    from benchmarks.recall_split import main as split_main

    out = split_main(
        ["--users", "12", "--facts", "8", "--samples", "5", "--json", str(tmp_path / "s.json")]
    )
    assert out["samples"] == 5 and json.loads((tmp_path / "s.json").read_text()) == out
    parts = out["parts_us_mean"]
    assert {"engine: Retrieve", "engine: Query", "store, Python", "retrieval policy"} <= set(parts)
    assert abs(sum(out["parts_share"].values()) - 1.0) < 1e-6
    # the version and profile rows, and at most one ranked query's limit; never a whole
    # history (a request that shares no word with a row reads no row: 0 is possible)
    rows = out["rows_per_recall"]
    assert 0 < rows["engine: Retrieve"] <= 3 and rows["engine: Query"] <= 16
