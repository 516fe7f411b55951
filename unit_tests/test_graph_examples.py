"""The example graphs in graphs/ load and run (as Studio would: with a store)."""

from __future__ import annotations

import asyncio
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

from langmem_plus.errors import InvalidUserIdError, MissingUserIdError
from langmem_plus.resilience import ResilientStore
from langmem_plus.stores import QdrantStore

ROOT = Path(__file__).resolve().parents[1] / "graphs"


def load(path: str, attr: str) -> Any:
    spec = importlib.util.spec_from_file_location(Path(path).stem, ROOT / path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, attr)


def test_langgraph_json_points_at_importable_graphs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    config = json.loads((ROOT / "langgraph.json").read_text())
    for target in config["graphs"].values():
        path, attr = target.removeprefix("./").split(":")
        assert load(path, attr) is not None


def test_chatbot_graph_runs_with_a_store(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    graph = load("chatbot.py", "builder").compile(
        checkpointer=InMemorySaver(), store=InMemoryStore()
    )
    cfg = {"configurable": {"thread_id": "t", "user_id": "alice"}}
    graph.invoke({"messages": [("user", "I live in Rome.")]}, cfg)
    out = graph.invoke({"messages": [("user", "Where should I eat?")]}, cfg)
    assert "city: Rome" in out["messages"][-1].content


# ---------------------------------------------------------------- the platform (issue 15)


def platform_graphs(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Each graph of langgraph.json, compiled as the server would (checkpointer + store)."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    chatbot = load("chatbot.py", "builder").compile(
        checkpointer=InMemorySaver(), store=InMemoryStore()
    )
    agent = load("agent.py", "agent")
    agent.checkpointer, agent.store = InMemorySaver(), InMemoryStore()
    return {"chatbot": chatbot, "agent": agent}


@pytest.mark.parametrize("name", ["chatbot", "agent"])
def test_graphs_declare_the_user_id_in_their_context_schema(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    # What Studio reads to build its Context form.
    schema = platform_graphs(monkeypatch)[name].get_context_jsonschema()
    assert schema is not None
    assert set(schema["properties"]) == {"user_id", "scope"}
    assert schema["required"] == ["user_id"]


@pytest.mark.parametrize("name", ["chatbot", "agent"])
def test_graphs_run_with_the_user_id_in_the_context(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    graph = platform_graphs(monkeypatch)[name]
    out = graph.invoke(
        {"messages": [("user", "I live in Rome.")]},
        {"configurable": {"thread_id": "t"}},
        context={"user_id": "alice"},
    )
    assert out["memory_announcements"] == ["I'll remember that you live in Rome."]
    found = graph.store.search(("langmem_plus", "alice", "facts"))
    assert [i.value["object"] for i in found] == ["Rome"]


@pytest.mark.parametrize("name", ["chatbot", "agent"])
@pytest.mark.parametrize(
    ("config", "context"),
    [
        ({"configurable": {"thread_id": "t"}}, None),
        # What the LangGraph server passes for an empty Context form: the context is
        # mirrored into configurable, both with "".
        ({"configurable": {"thread_id": "t", "user_id": ""}}, {"user_id": ""}),
        ({"configurable": {"thread_id": "t"}}, {"user_id": "  ", "scope": "atlas"}),
    ],
)
def test_a_run_without_a_user_id_gets_the_clear_error(
    monkeypatch: pytest.MonkeyPatch, name: str, config: Any, context: Any
) -> None:
    graph = platform_graphs(monkeypatch)[name]
    with pytest.raises(MissingUserIdError, match=r"no 'user_id' for this run") as err:
        graph.invoke({"messages": [("user", "I live in Rome.")]}, config, context=context)
    assert "context={'user_id': 'alice'}" in str(err.value)
    assert list(graph.store.search(("langmem_plus",))) == []


def test_context_wins_over_configurable_and_blank_falls_through(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    graph = platform_graphs(monkeypatch)["chatbot"]
    both = {"configurable": {"thread_id": "t1", "user_id": "bob"}}
    graph.invoke({"messages": [("user", "I live in Rome.")]}, both, context={"user_id": "alice"})
    blank = {"configurable": {"thread_id": "t2", "user_id": "carol"}}
    graph.invoke({"messages": [("user", "I live in Oslo.")]}, blank, context={"user_id": ""})
    owners = {
        i.namespace[1]: i.value["object"]
        for i in graph.store.search(("langmem_plus",), limit=1000)
        if i.namespace[-1] == "facts"
    }
    assert owners == {"alice": "Rome", "carol": "Oslo"}


def test_a_malformed_user_id_in_the_context_is_still_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    graph = platform_graphs(monkeypatch)["chatbot"]
    with pytest.raises(InvalidUserIdError, match=r"user_id '\*' is not allowed"):
        graph.invoke(
            {"messages": [("user", "hi")]},
            {"configurable": {"thread_id": "t"}},
            context={"user_id": "*"},
        )


def test_langgraph_json_store_factory_yields_a_working_qdrant_store(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The factory langgraph.json names, entered as the server enters it, backs a graph run;
    the facts are on disk at LANGMEM_PLUS_PATH after the server closes it."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("LANGMEM_PLUS_URL", raising=False)
    monkeypatch.setenv("LANGMEM_PLUS_PATH", str(tmp_path / "store"))
    config = json.loads((ROOT / "langgraph.json").read_text())
    path, attr = config["store"]["path"].removeprefix("./").split(":")
    factory = load(path, attr)

    async def serve() -> Any:
        async with factory() as store:
            # Already protected (built off the event loop), on the QdrantStore it opened.
            assert isinstance(store, ResilientStore)
            assert isinstance(store.store, QdrantStore)
            graph = load("chatbot.py", "builder").compile(checkpointer=InMemorySaver(), store=store)
            cfg = {"configurable": {"thread_id": "t"}}
            await graph.ainvoke(
                {"messages": [("user", "I live in Rome.")]}, cfg, context={"user_id": "alice"}
            )
            return await graph.ainvoke(
                {"messages": [("user", "Where should I eat?")]}, cfg, context={"user_id": "alice"}
            )

    out = asyncio.run(serve())
    assert "city: Rome" in out["messages"][-1].content
    with QdrantStore(path=tmp_path / "store") as reopened:  # the path was freed on exit
        found = reopened.search(("langmem_plus", "alice", "facts"))
        assert [i.value["object"] for i in found] == ["Rome"]
