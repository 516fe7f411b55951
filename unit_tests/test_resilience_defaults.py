"""Protected by default (issue 13, item 7): the node pair, the middleware and the tools run
their store calls under the deadline and breaker unless the caller says ``resilience=False``.

The graphs are built exactly as the README shows them; the store is a real one (LangGraph's
``InMemoryStore`` or Qdrant Edge) behind a switch that makes its calls hang.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.messages import AIMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import StateGraph
from langgraph.store.base import BaseStore, Op, PutOp, Result
from langgraph.store.memory import InMemoryStore

from langmem_plus.middleware import MemoryMiddleware
from langmem_plus.nodes import MemoryState, add_memory, create_memory_nodes
from langmem_plus.resilience import INTERACTIVE_DEFAULTS, ResilientStore, protect
from langmem_plus.resilience.defaults import OUTBOX_FILE
from langmem_plus.stores import QdrantStore
from langmem_plus.tools import NOTHING_RELEVANT, create_memory_tools
from unit_tests.test_graph_support import RecordingModel

DEADLINE = float(INTERACTIVE_DEFAULTS["read_timeout"])
SLACK = 0.05  # what the issue allows on top of the default deadline


class Hangable(BaseStore):
    """A real store whose calls block while ``hang`` is set (``writes_only``: only batches
    with a write block), and go through once it is cleared."""

    def __init__(self, inner: BaseStore) -> None:
        self.inner = inner
        self.hang = threading.Event()
        self.writes_only = False
        self.released = threading.Event()
        self.released.set()
        self.in_flight = 0
        self.supports_ttl = inner.supports_ttl
        self.ttl_config = inner.ttl_config

    def start_hanging(self, *, writes_only: bool = False) -> None:
        self.writes_only = writes_only
        self.released.clear()
        self.hang.set()

    def come_back(self) -> None:
        self.hang.clear()
        self.released.set()

    def _blocks(self, ops: list[Op]) -> bool:
        if not self.hang.is_set():
            return False
        return not self.writes_only or any(isinstance(op, PutOp) for op in ops)

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        ops = list(ops)
        if self._blocks(ops):
            self.in_flight += 1
            self.released.wait(timeout=10)  # a test that waits on it fails, not hangs
            self.in_flight -= 1
        return self.inner.batch(ops)

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        ops = list(ops)
        if self._blocks(ops):
            self.in_flight += 1
            try:
                while not self.released.is_set():
                    await asyncio.sleep(0.005)
            finally:
                self.in_flight -= 1
        return self.inner.batch(ops)


@pytest.fixture(params=["inmemory", "qdrant_edge"])
def inner(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[BaseStore]:
    if request.param == "inmemory":
        yield InMemoryStore()
        return
    with QdrantStore(path=tmp_path / "memory") as s:
        yield s


@pytest.fixture
def store(inner: BaseStore) -> Iterator[Hangable]:
    s = Hangable(inner)
    yield s
    s.come_back()  # let abandoned calls finish
    protect(s).close()


def model(state: MemoryState) -> dict[str, Any]:
    """The README's model node, with a fixed answer instead of an LLM."""
    return {"messages": [AIMessage("ok")]}


def cfg(thread: str, user: str = "alice") -> dict[str, Any]:
    return {"configurable": {"thread_id": thread, "user_id": user}}


def cities(store: BaseStore, user: str = "alice") -> list[str]:
    return sorted(
        i.value["object"]
        for i in store.search(("langmem_plus", user, "facts"), limit=100)
        if i.value.get("predicate") == "city" and i.value.get("valid_to") is None
    )


def readme_graph(store: BaseStore) -> Any:
    return add_memory(StateGraph(MemoryState), model_node=model).compile(
        checkpointer=InMemorySaver(), store=store
    )


def test_readme_graph_answers_within_the_default_deadline_and_catches_up(
    store: Hangable, inner: BaseStore
) -> None:
    graph = readme_graph(store)
    graph.invoke({"messages": [("user", "Hello.")]}, cfg("warm", "warmup"))  # imports, JIT
    store.start_hanging()
    t0 = time.perf_counter()
    out = graph.invoke({"messages": [("user", "I live in Berlin.")]}, cfg("t1"))
    elapsed = time.perf_counter() - t0
    assert store.in_flight >= 1  # the store has still not answered: the turn did not wait
    assert out["messages"][-1].content == "ok"
    assert out["memory_degraded"] is True
    assert elapsed < DEADLINE + SLACK, f"{elapsed * 1000:.0f} ms"
    assert cities(inner) == []

    store.come_back()
    out = graph.invoke({"messages": [("user", "Thanks!")]}, cfg("t1"))
    assert out["memory_degraded"] is False
    assert out["memory_announcements"] == ["I'll remember that you live in Berlin."]
    assert cities(inner) == ["Berlin"]


def test_async_readme_graph_answers_within_the_default_deadline_and_catches_up(
    store: Hangable, inner: BaseStore
) -> None:
    graph = readme_graph(store)

    async def run() -> tuple[float, dict[str, Any], dict[str, Any]]:
        await graph.ainvoke({"messages": [("user", "Hello.")]}, cfg("warm", "warmup"))
        store.start_hanging()
        t0 = time.perf_counter()
        first = await graph.ainvoke({"messages": [("user", "I live in Oslo.")]}, cfg("a1"))
        elapsed = time.perf_counter() - t0
        store.come_back()
        second = await graph.ainvoke({"messages": [("user", "Thanks!")]}, cfg("a1"))
        return elapsed, first, second

    elapsed, first, second = asyncio.run(run())
    assert first["memory_degraded"] is True and first["messages"][-1].content == "ok"
    assert elapsed < DEADLINE + SLACK, f"{elapsed * 1000:.0f} ms"
    assert second["memory_announcements"] == ["I'll remember that you live in Oslo."]
    assert cities(inner) == ["Oslo"]


def test_writes_that_miss_their_deadline_wait_in_the_outbox_and_land_when_the_store_is_back(
    store: Hangable, inner: BaseStore
) -> None:
    graph = readme_graph(store)
    store.start_hanging(writes_only=True)
    out = graph.invoke({"messages": [("user", "I live in Lisbon.")]}, cfg("t1"))
    assert out["messages"][-1].content == "ok"
    wrapper = protect(store)  # the graph's own wrapper: one per store
    assert wrapper.outbox.depth >= 1  # kept, not lost
    assert cities(inner) == []
    store.come_back()
    wrapper.flush()
    assert wrapper.outbox.depth == 0
    assert cities(inner) == ["Lisbon"]


def test_the_outbox_of_a_store_on_disk_is_a_file_in_its_folder(tmp_path: Path) -> None:
    with QdrantStore(path=tmp_path / "memory") as s:
        wrapper = protect(s)
        try:
            assert wrapper.outbox.path == str(tmp_path / "memory" / OUTBOX_FILE)
        finally:
            wrapper.close()
    mem = InMemoryStore()
    with protect(mem) as wrapper:
        assert wrapper.outbox.path == ":memory:"  # documented: survives outages, not restarts


def test_middleware_answers_without_memory_while_the_store_hangs_and_catches_up(
    store: Hangable, inner: BaseStore
) -> None:
    agent = create_agent(RecordingModel(), tools=[], system_prompt="You are helpful.",
                         middleware=[MemoryMiddleware()], checkpointer=InMemorySaver(),
                         store=store)  # fmt: skip
    agent.invoke({"messages": [("user", "Hello.")]}, cfg("warm", "warmup"))
    t0 = time.perf_counter()
    agent.invoke({"messages": [("user", "Hello.")]}, cfg("warm2", "warmup"))
    agent_time = time.perf_counter() - t0  # the agent's own work on a healthy store
    store.start_hanging()
    t0 = time.perf_counter()
    out = agent.invoke({"messages": [("user", "I live in Rome.")]}, cfg("t1"))
    elapsed = time.perf_counter() - t0
    assert store.in_flight >= 1
    assert out["memory_degraded"] is True and out["messages"][-1].content == "ok"
    assert elapsed - agent_time < DEADLINE + SLACK, f"{elapsed * 1000:.0f} ms"
    store.come_back()
    out = agent.invoke({"messages": [("user", "Thanks!")]}, cfg("t1"))
    assert out["memory_announcements"] == ["I'll remember that you live in Rome."]
    assert cities(inner) == ["Rome"]


def _tool_agent(store: BaseStore, *script: AIMessage) -> Any:
    return create_agent(RecordingModel(script=[*script, AIMessage("done")]),
                        tools=create_memory_tools(), checkpointer=InMemorySaver(),
                        store=store)  # fmt: skip


def _tool_outputs(agent: Any) -> list[str]:
    out = agent.invoke({"messages": [("user", "go")]}, cfg("t"))
    return [str(m.content) for m in out["messages"] if isinstance(m, ToolMessage)]


def _call(name: str, **args: Any) -> AIMessage:
    return AIMessage("", tool_calls=[{"name": name, "args": args, "id": f"c-{name}"}])


def test_tools_search_without_memory_while_the_store_hangs_and_writes_land_later(
    store: Hangable, inner: BaseStore
) -> None:
    _tool_outputs(_tool_agent(store, _call("search_memory", query="warm up")))
    healthy = _tool_agent(store, _call("search_memory", query="where do I live?"))
    t0 = time.perf_counter()
    _tool_outputs(healthy)
    agent_time = time.perf_counter() - t0  # the agent's own two model calls and tool node
    agent = _tool_agent(store, _call("search_memory", query="where do I live?"))
    store.start_hanging()
    t0 = time.perf_counter()
    [found] = _tool_outputs(agent)
    elapsed = time.perf_counter() - t0
    assert found == NOTHING_RELEVANT
    assert store.in_flight >= 1
    # the hung store costs the agent at most the default deadline (+ the 50 ms)
    assert elapsed - agent_time < DEADLINE + SLACK, f"{elapsed * 1000:.0f} ms"
    store.come_back()
    agent = _tool_agent(store, _call("remember", fact="I live in Madrid"))
    store.start_hanging(writes_only=True)
    [saved] = _tool_outputs(agent)
    assert "Madrid" in saved
    store.come_back()
    protect(store).flush()
    assert cities(inner) == ["Madrid"]


def test_a_resilient_store_is_used_as_given_and_one_wrapper_serves_every_face() -> None:
    raw = InMemoryStore()
    mine = ResilientStore(raw, read_timeout=0.05)
    recall, _ = create_memory_nodes()
    assert recall.core.memory_for(mine).store is mine
    with pytest.raises(AttributeError):
        _ = mine.store.store  # type: ignore[attr-defined]  # not wrapped twice
    node_store = recall.core.memory_for(raw).store
    middleware_store = MemoryMiddleware().core.memory_for(raw).store
    assert isinstance(node_store, ResilientStore) and node_store.store is raw
    assert middleware_store is node_store  # one breaker and one outbox per store
    mine.close()
    node_store.close()


def test_resilience_false_opts_out() -> None:
    raw = InMemoryStore()
    recall, _ = create_memory_nodes(resilience=False)
    assert recall.core.memory_for(raw).store is raw
    assert MemoryMiddleware(resilience=False).core.memory_for(raw).store is raw


def test_the_wrapper_shows_the_stores_index_so_ranking_does_not_change(tmp_path: Path) -> None:
    from langchain_core.embeddings import DeterministicFakeEmbedding

    embeddings = DeterministicFakeEmbedding(size=8)
    with QdrantStore(path=tmp_path / "m", index={"dims": 8, "embed": embeddings}) as s:
        with ResilientStore(s) as wrapper:
            assert wrapper.embeddings is s.embeddings is not None
            assert wrapper.index_config == s.index_config
            assert wrapper.hybrid == bool(getattr(s, "hybrid", False))



def test_a_wrapper_nobody_closed_lets_its_outbox_file_go_when_collected(tmp_path: Path) -> None:
    import gc

    from langmem_plus.resilience import Outbox

    path = tmp_path / "outbox.sqlite"
    wrapper = ResilientStore(InMemoryStore(), outbox_path=path)
    wrapper.put(("memories", "u1"), "k", {"text": "x"})
    del wrapper
    gc.collect()
    Outbox(path).close()  # the file is free for the next store (no OutboxInUseError)
