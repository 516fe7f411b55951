"""Run the generated conversations through the real graph and the baselines, side by side.

Per turn, in this order (so every system sees the same history):

1. each baseline renders its block for the turn's request (from facts extracted earlier);
2. the real graph runs the turn: ``memory_recall`` -> a deterministic responder that
   records the memory block it was given -> ``memory_extract`` (``RuleExtractor``, writes
   through ``FactMemory`` on ``QdrantStore`` -- Qdrant Edge, on disk);
3. whatever the extractor proposed in that turn (recorded by wrapping it) is appended to
   every baseline: same extractor output, no write policy.

The extractor is ``RuleExtractor`` unless another is given (the perfect and slips modes of
``benchmarks.truth.modes``); the graph's memory records every write-policy decision.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import StateGraph

from benchmarks.common import Progress
from benchmarks.truth.baselines import AppendLog, ProfileVectorUpdates, VectorTopK
from benchmarks.truth.blocks import OPENING, memory_seen
from benchmarks.truth.embeddings import HashingEmbeddings
from benchmarks.truth.generator import Probe, UserScript
from benchmarks.truth.modes import RecordingExtractor, RecordingMemory
from langmem_plus import QdrantStore
from langmem_plus.extraction.base import BaseExtractor
from langmem_plus.facts.layout import decode_facts
from langmem_plus.facts.models import Fact
from langmem_plus.facts.retrieval import RetrievalPolicy
from langmem_plus.nodes import MemoryState, add_memory, memory_messages

__all__ = [
    "FAIR",
    "GRAPH",
    "GRAPH_DENSE",
    "LOG",
    "VECTOR",
    "RequestRecord",
    "RunResult",
    "build_graph",
    "run",
]

GRAPH = "langmem-plus graph"
GRAPH_DENSE = "langmem-plus graph + hashing dense"
VECTOR = "vector top-k (k=5)"
LOG = "append-only log (last 10)"
FAIR = "profile + vector top-k with updates (k=5)"
START = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)
DIMS = 512


class _Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


@dataclass
class RequestRecord:
    """One request and the memory block each system sent with it."""

    user_id: str
    thread_id: str
    scope: str | None
    text: str
    kind: str
    probe: Probe | None
    blocks: dict[str, str]


@dataclass
class _Graph:
    name: str
    graph: Any
    store: QdrantStore
    extractor: RecordingExtractor
    memory: RecordingMemory
    seen: list[str] = field(default_factory=list)


@dataclass
class RunResult:
    records: list[RequestRecord]
    rows: dict[str, dict[str, int]]  # system -> user -> rows stored
    history_rows: dict[str, dict[str, int]]  # graph systems: user -> closed versions
    final_facts: dict[str, dict[str, list[Fact]]]  # graph systems: user -> current facts
    systems: list[str]
    seconds: dict[str, float]
    proposed: dict[str, list[tuple[str, str]]]  # user -> (slot, text) proposed
    graphs: list[Any] = field(default_factory=list)  # the graphs (stores closed)
    held_recalls: dict[str, tuple[int, int]] = field(default_factory=dict)  # hits, turns


RECALL_CACHE_FACTS: int | None = None
"""The graph's ``FactMemory(recall_cache_facts=...)``: ``None`` keeps its default (a user's
facts are held after each turn's writes, so most recalls are held ones); ``0`` makes every
recall the one a user's first turn in a process takes, the engine's ranked query
(``python -m benchmarks.truth --cold-recall``)."""


def build_graph(
    name: str,
    path: str,
    clock: Any,
    index: Any = None,
    inner: BaseExtractor | None = None,
    retrieval: RetrievalPolicy | None = None,
) -> _Graph:
    """The real graph on Qdrant Edge at ``path``: ``add_memory`` around a responder that
    records the system prompt it was given; ``inner`` is the extractor (``RuleExtractor``
    when ``None``), wrapped so every candidate and decision is recorded."""
    store = QdrantStore(path=path, index=index) if index else QdrantStore(path=path)
    extractor = RecordingExtractor(inner)
    cache = {} if RECALL_CACHE_FACTS is None else {"recall_cache_facts": RECALL_CACHE_FACTS}
    memory = RecordingMemory(store, clock=clock, retrieval=retrieval, **cache)
    g = _Graph(name, None, store, extractor, memory)

    def responder(state: MemoryState) -> dict[str, Any]:
        prompt = memory_messages(state, system_prompt="You are a helpful assistant.")
        g.seen.append(str(prompt[0].content))
        block = state.get("memory_block") or ""
        assert block in str(prompt[0].content)  # the model really was given the block
        return {"messages": [AIMessage("ok")]}

    g.graph = add_memory(
        StateGraph(MemoryState),
        model_node=responder,
        extractor=extractor,
        clock=clock,
        memory=memory,
    ).compile(checkpointer=InMemorySaver(), store=store)
    return g


def _messages(text: str, tool_output: str | None, n: int) -> list[BaseMessage]:
    if tool_output is None:
        return [HumanMessage(text)]
    call = {"name": "web_search", "args": {"q": "..."}, "id": f"call-{n}"}
    return [
        AIMessage("", tool_calls=[call]),
        ToolMessage(tool_output, tool_call_id=f"call-{n}"),
        HumanMessage(text),
    ]


def run(
    users: list[UserScript],
    *,
    dense: bool = False,
    progress: bool = True,
    on_user: Callable[[int], None] | None = None,
    inner: BaseExtractor | None = None,
    embeddings: Any = None,
    dims: int = DIMS,
    dense_floor: float | None = None,
    dense_name: str = GRAPH_DENSE,
) -> RunResult:
    """Run every user's sessions through every system; return what each system sent.

    Args:
        inner: the extractor (``RuleExtractor`` when ``None``); the baselines get whatever
            it proposed that passed the post-filters.
        embeddings: the embedding every vector path uses (``HashingEmbeddings(dims)`` when
            ``None``); with ``dense`` the graph also runs with it as a dense index.
        dense_floor: the dense graph's ``RetrievalPolicy.dense_floor`` (the default when
            ``None``).
    """
    import time

    clock = _Clock()
    emb = embeddings or HashingEmbeddings(dims)
    tmp = tempfile.mkdtemp(prefix="truth-bench-")
    graphs = [build_graph(GRAPH, f"{tmp}/edge", clock, inner=inner)]
    if dense:
        index = {"dims": dims, "embed": emb, "fields": ["text"]}
        policy = RetrievalPolicy(dense_floor=dense_floor) if dense_floor is not None else None
        graphs.append(
            build_graph(
                dense_name, f"{tmp}/edge-dense", clock, index, inner=inner, retrieval=policy
            )
        )
    vector, log = VectorTopK(emb, dims=dims, k=5), AppendLog(10)
    fair = ProfileVectorUpdates(emb, dims=dims, k=5)
    baselines: list[tuple[str, Any]] = [(VECTOR, vector), (LOG, log), (FAIR, fair)]
    systems = [g.name for g in graphs] + [name for name, _ in baselines]
    seconds = dict.fromkeys(systems, 0.0)
    records: list[RequestRecord] = []
    all_proposed: dict[str, list[tuple[str, str]]] = {}
    bar = Progress("truth users", total=len(users)) if progress else None
    n = 0
    try:
        for ui, user in enumerate(users):
            clock.now = START + timedelta(days=ui % 7)
            for session in user.sessions:
                clock.now += timedelta(days=session.gap_days)
                cfg: dict[str, Any] = {"thread_id": session.thread_id, "user_id": user.user_id}
                if session.scope:
                    cfg["scope"] = session.scope
                for turn in session.turns:
                    n += 1
                    clock.now += timedelta(minutes=2)
                    blocks: dict[str, str] = {}
                    for name, base in baselines:
                        t0 = time.perf_counter()
                        if name == FAIR:
                            blocks[name] = base.block(user.user_id, turn.text, session.scope)
                        else:
                            blocks[name] = base.block(user.user_id, turn.text)
                        seconds[name] += time.perf_counter() - t0
                    proposed: list[Any] = []
                    for g in graphs:
                        before = len(g.seen)
                        t0 = time.perf_counter()
                        out = g.graph.invoke(
                            {"messages": _messages(turn.text, turn.tool_output, n)},
                            {"configurable": cfg},
                        )
                        seconds[g.name] += time.perf_counter() - t0
                        # The block the responder was given; a memory command is answered
                        # by the recall node (no model call), so take it from state then.
                        blocks[g.name] = memory_seen(out)
                        if len(g.seen) > before:
                            for part in blocks[g.name].split(OPENING):
                                assert part in g.seen[-1]
                        taken = g.extractor.take(user.user_id)
                        if g is graphs[0]:
                            proposed = taken
                    all_proposed.setdefault(user.user_id, []).extend(
                        (f"{c.scope}.{c.predicate}" if c.scope else c.predicate, c.text)
                        for c in proposed
                    )
                    texts = [c.text for c in proposed]
                    vector.add(user.user_id, texts)
                    log.add(user.user_id, texts)
                    fair.add(user.user_id, proposed)
                    records.append(
                        RequestRecord(
                            user.user_id,
                            session.thread_id,
                            session.scope,
                            turn.text,
                            turn.kind,
                            turn.probe,
                            blocks,
                        )
                    )
            if bar:
                bar.update(note=f"{n} turns")
            if on_user:
                on_user(ui)
        if bar:
            bar.close(f"{n} turns")
        rows: dict[str, dict[str, int]] = {
            VECTOR: dict(vector.rows),
            LOG: log.rows,
            FAIR: dict(fair.rows),
        }
        history: dict[str, dict[str, int]] = {}
        final: dict[str, dict[str, list[Fact]]] = {}
        for g in graphs:
            rows[g.name], history[g.name], final[g.name] = {}, {}, {}
            for user in users:
                cur = g.store.search(("langmem_plus", user.user_id, "facts"), limit=10_000)
                old = g.store.search(("langmem_plus", user.user_id, "history"), limit=10_000)
                rows[g.name][user.user_id] = len(cur) + len(old)
                history[g.name][user.user_id] = len(old)
                final[g.name][user.user_id] = decode_facts(cur)
        held = {g.name: (g.memory.recall_cache.hits, n) for g in graphs}
        return RunResult(
            records,
            rows,
            history,
            final,
            systems,
            seconds,
            all_proposed,
            held_recalls=held,
            graphs=graphs,
        )
    finally:
        for g in graphs:
            g.store.close()
        shutil.rmtree(tmp, ignore_errors=True)
