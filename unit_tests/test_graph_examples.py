"""The example graphs in graphs/ load and run (as Studio would: with a store)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

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
