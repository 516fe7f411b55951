"""LangMem's own memory tools and store manager, unchanged, on ``QdrantStore`` in a graph.

People arriving from LangMem keep their code: ``create_manage_memory_tool``,
``create_search_memory_tool`` and ``create_memory_store_manager`` are used exactly as
LangMem documents them, inside a compiled LangGraph graph (``graph.compile(store=...)``),
with the namespace template ``("memories", "{langgraph_user_id}")`` filled from the run
config. The same scenarios run on LangGraph's ``InMemoryStore`` (the reference), on
``QdrantStore`` over Qdrant Edge (a temp path) and over qdrant-client's local mode
(``location=":memory:"``), and on ``AsyncQdrantStore`` for the async paths.

What is FAKE here, and only here:
    - the chat models: ``ScriptedChatModel`` returns the AI messages each test scripts
      (the agent's tool calls; for the store manager, the tool calls trustcall expects:
      ``Memory`` to insert, ``PatchDoc`` with a JSON patch to update, ``RemoveDoc`` to
      delete, each aimed at the instance id trustcall shows the model in its prompt);
    - the embeddings: ``unit_tests.fakes.FakeWordEmbeddings`` (texts sharing words are
      near), so dense search ranks by word overlap deterministically.
LangMem, trustcall, LangGraph and the stores are the real, installed ones.
"""

from __future__ import annotations

import json
import re
import uuid
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode, tools_condition
from langgraph.store.base import BaseStore
from langgraph.store.memory import InMemoryStore
from pydantic import Field

from langmem_plus.stores import AsyncQdrantStore, QdrantStore
from unit_tests.fakes import FakeWordEmbeddings

with warnings.catch_warnings():
    # trustcall (LangMem's dependency) imports Send from langgraph.constants, which LangGraph
    # 1.x deprecates; that is theirs, not a behaviour of the store under test.
    warnings.filterwarnings("ignore", message="Importing Send from langgraph.constants")
    langmem = pytest.importorskip("langmem", reason="needs the langmem extra")

NAMESPACE = ("memories", "{langgraph_user_id}")
ENGINES = ["inmemory", "qdrant_edge", "qdrant_local"]
DIMS = 32

Reply = AIMessage | Callable[[list[BaseMessage]], AIMessage]


class ScriptedChatModel(BaseChatModel):
    """FAKE chat model: answers each call with the next scripted reply.

    A reply is an ``AIMessage`` or a function of the prompt messages returning one (to aim
    a tool call at an id the model is shown). ``bind_tools`` binds like a real model does,
    but the script, not the tool schema, decides what is called.
    """

    replies: list[Any] = Field(default_factory=list)
    prompts: list[list[BaseMessage]] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "scripted-fake"

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None,
                  **kwargs: Any) -> ChatResult:
        self.prompts.append(list(messages))
        assert self.replies, "the fake model was called more often than the test scripted"
        reply = self.replies.pop(0)
        message = reply(messages) if callable(reply) else reply
        return ChatResult(generations=[ChatGeneration(message=message)])

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> Runnable[Any, AIMessage]:  # type: ignore[override]
        return self.bind(tools=list(tools), **kwargs)


def call(name: str, **args: Any) -> AIMessage:
    return AIMessage("", tool_calls=[{"name": name, "args": args, "id": f"call-{uuid.uuid4()}"}])


def index() -> dict[str, Any]:
    return {"dims": DIMS, "embed": FakeWordEmbeddings(DIMS)}


def open_store(engine: str, tmp_path: Path, **kwargs: Any) -> BaseStore:
    if engine == "inmemory":
        return InMemoryStore(**kwargs)
    if engine == "qdrant_edge":
        return QdrantStore(path=tmp_path / "edge", **kwargs)
    return QdrantStore(location=":memory:", **kwargs)


@pytest.fixture(params=ENGINES)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[BaseStore]:
    s = open_store(str(request.param), tmp_path, index=index())
    yield s
    if isinstance(s, QdrantStore):
        s.close()


def agent_graph(store: BaseStore, model: ScriptedChatModel, *, use_async: bool = False) -> Any:
    """A ReAct-style graph: the model node, LangMem's two tools in a ToolNode, a loop."""
    tools = [
        langmem.create_manage_memory_tool(namespace=NAMESPACE),
        langmem.create_search_memory_tool(namespace=NAMESPACE),
    ]

    def agent(state: MessagesState) -> dict[str, Any]:
        return {"messages": [model.invoke(state["messages"])]}

    async def aagent(state: MessagesState) -> dict[str, Any]:
        return {"messages": [await model.ainvoke(state["messages"])]}

    builder = StateGraph(MessagesState)
    builder.add_node("agent", aagent if use_async else agent)
    builder.add_node("tools", ToolNode(tools))
    builder.add_edge(START, "agent")
    builder.add_conditional_edges("agent", tools_condition)
    builder.add_edge("tools", "agent")
    return builder.compile(store=store)


def config(user: str) -> dict[str, Any]:
    return {"configurable": {"langgraph_user_id": user, "thread_id": f"t-{user}"}}


def tool_replies(messages: list[BaseMessage]) -> list[str]:
    return [str(m.content) for m in messages if isinstance(m, ToolMessage)]


def created_id(reply: str) -> str:
    m = re.fullmatch(r"created memory (\S+)", reply)
    assert m, reply
    return m.group(1)


# ---------------------------------------------------------------------------- the tools


def test_a_memory_written_by_the_manage_tool_is_found_by_search_tool_and_store(
    store: BaseStore,
) -> None:
    model = ScriptedChatModel()
    graph = agent_graph(store, model)
    model.replies += [
        call("manage_memory", content="User lives in Berlin"),
        call("manage_memory", content="User is allergic to peanuts"),
        AIMessage("Noted both."),
    ]
    out = graph.invoke({"messages": [("user", "I live in Berlin and can't eat peanuts")]},
                       config("alice"))
    assert [r.split()[0:2] for r in tool_replies(out["messages"])] == [["created", "memory"]] * 2

    model.replies += [call("search_memory", query="allergic to peanuts"), AIMessage("You are.")]
    out = graph.invoke({"messages": [("user", "Am I allergic to anything?")]}, config("alice"))
    found = json.loads(tool_replies(out["messages"])[-1])
    assert found[0]["value"] == {"content": "User is allergic to peanuts"}
    assert {f["value"]["content"] for f in found} == {
        "User lives in Berlin", "User is allergic to peanuts"}
    assert all(f["namespace"] == ["memories", "alice"] for f in found)

    hits = store.search(("memories", "alice"), query="lives in Berlin")
    assert hits[0].value == {"content": "User lives in Berlin"}
    assert hits[0].score is not None
    # the namespace came from the run config: another user sees nothing
    assert store.search(("memories", "bob"), query="Berlin") == []


def test_the_manage_tool_updates_and_deletes_by_id(store: BaseStore) -> None:
    model = ScriptedChatModel()
    graph = agent_graph(store, model)
    model.replies += [call("manage_memory", content="User lives in Berlin"), AIMessage("ok")]
    out = graph.invoke({"messages": [("user", "I live in Berlin")]}, config("alice"))
    key = created_id(tool_replies(out["messages"])[-1])
    created = store.get(("memories", "alice"), key)
    assert created is not None and created.value == {"content": "User lives in Berlin"}

    model.replies += [
        call("manage_memory", id=key, action="update", content="User lives in Munich"),
        AIMessage("Updated."),
    ]
    out = graph.invoke({"messages": [("user", "I moved to Munich")]}, config("alice"))
    assert tool_replies(out["messages"])[-1] == f"updated memory {key}"
    items = store.search(("memories", "alice"))
    assert [(i.key, i.value) for i in items] == [(key, {"content": "User lives in Munich"})]
    assert items[0].updated_at >= created.updated_at
    assert store.search(("memories", "alice"), query="Munich")[0].key == key

    model.replies += [call("manage_memory", id=key, action="delete"), AIMessage("Forgotten.")]
    out = graph.invoke({"messages": [("user", "forget where I live")]}, config("alice"))
    assert tool_replies(out["messages"])[-1] == f"Deleted memory {key}"
    assert store.get(("memories", "alice"), key) is None
    assert store.search(("memories", "alice"), query="Munich") == []

    model.replies += [call("search_memory", query="Munich"), AIMessage("Nothing.")]
    out = graph.invoke({"messages": [("user", "where do I live?")]}, config("alice"))
    assert json.loads(tool_replies(out["messages"])[-1]) == []


@pytest.mark.parametrize("engine", ["qdrant_edge", "qdrant_local", "async_edge"])
async def test_the_tools_run_async_in_the_graph(engine: str, tmp_path: Path) -> None:
    store: QdrantStore | AsyncQdrantStore
    if engine == "async_edge":
        store = AsyncQdrantStore(path=tmp_path / "aedge", index=index())  # type: ignore[arg-type]
    else:
        store = open_store(engine, tmp_path, index=index())  # type: ignore[assignment]
    try:
        model = ScriptedChatModel()
        graph = agent_graph(store, model, use_async=True)
        model.replies += [call("manage_memory", content="User prefers metric units"),
                          AIMessage("ok")]
        out = await graph.ainvoke({"messages": [("user", "metric please")]}, config("carol"))
        key = created_id(tool_replies(out["messages"])[-1])
        model.replies += [call("manage_memory", id=key, action="update",
                               content="User prefers imperial units"), AIMessage("ok")]
        await graph.ainvoke({"messages": [("user", "imperial, actually")]}, config("carol"))
        model.replies += [call("search_memory", query="units"), AIMessage("imperial")]
        out = await graph.ainvoke({"messages": [("user", "which units?")]}, config("carol"))
        found = json.loads(tool_replies(out["messages"])[-1])
        assert [(f["key"], f["value"]) for f in found] == [
            (key, {"content": "User prefers imperial units"})]
        model.replies += [call("manage_memory", id=key, action="delete"), AIMessage("ok")]
        await graph.ainvoke({"messages": [("user", "forget it")]}, config("carol"))
        assert await store.asearch(("memories", "carol")) == []
    finally:
        if isinstance(store, AsyncQdrantStore):
            await store.aclose()
        else:
            store.close()


# ---------------------------------------------------------------------------- store manager

_INSTANCE = re.compile(r'<instance id=(\S+) schema_type="Memory">')


def patch_reply(content: str) -> Callable[[list[BaseMessage]], AIMessage]:
    """FAKE model step: patch the one instance trustcall shows, to ``content``."""

    def reply(messages: list[BaseMessage]) -> AIMessage:
        ids = _INSTANCE.findall(str(messages[0].content))
        assert len(ids) == 1, messages[0].content
        return call("PatchDoc", json_doc_id=ids[0], planned_edits="replace the content",
                    patches=[{"op": "replace", "path": "/content", "value": content}])

    return reply


def remove_reply(messages: list[BaseMessage]) -> AIMessage:
    """FAKE model step: remove the one instance trustcall shows."""
    ids = _INSTANCE.findall(str(messages[0].content))
    assert len(ids) == 1, messages[0].content
    return call("RemoveDoc", json_doc_id=ids[0])


def manager_graph(store: BaseStore, manager: Any, *, use_async: bool = False) -> Any:
    """A graph whose one node hands the conversation to LangMem's store manager."""

    def remember(state: MessagesState) -> dict[str, Any]:
        manager.invoke({"messages": state["messages"]})
        return {}

    async def aremember(state: MessagesState) -> dict[str, Any]:
        await manager.ainvoke({"messages": state["messages"]})
        return {}

    builder = StateGraph(MessagesState)
    builder.add_node("remember", aremember if use_async else remember)
    builder.add_edge(START, "remember")
    builder.add_edge("remember", END)
    return builder.compile(store=store)


def test_the_store_manager_writes_into_the_namespace_filled_from_the_config(
    store: BaseStore,
) -> None:
    model = ScriptedChatModel()
    manager = langmem.create_memory_store_manager(model, namespace=NAMESPACE,
                                                  enable_deletes=True)
    graph = manager_graph(store, manager)

    model.replies += [call("Memory", content="User is allergic to peanuts")]
    graph.invoke({"messages": [("user", "I'm allergic to peanuts")]}, config("bob"))
    [item] = store.search(("memories", "bob"))
    assert item.value == {"kind": "Memory", "content": {"content": "User is allergic to peanuts"}}
    assert store.search(("memories", "alice")) == []
    assert store.search(("memories",), query="peanuts")[0].namespace == ("memories", "bob")

    # the next run finds it (store.search with the conversation as query) and patches it
    model.replies += [patch_reply("User is allergic to peanuts and shellfish")]
    graph.invoke({"messages": [("user", "shellfish too")]}, config("bob"))
    [updated] = store.search(("memories", "bob"))
    assert updated.key == item.key
    assert updated.value["content"] == {"content": "User is allergic to peanuts and shellfish"}
    hits = manager.search(query="shellfish", config=config("bob"))
    assert [h.key for h in hits] == [item.key]

    model.replies += [remove_reply]
    graph.invoke({"messages": [("user", "forget my allergies")]}, config("bob"))
    assert store.search(("memories", "bob")) == []


@pytest.mark.parametrize("engine", ["qdrant_edge", "async_edge"])
async def test_the_store_manager_runs_async(engine: str, tmp_path: Path) -> None:
    store: QdrantStore | AsyncQdrantStore = (
        AsyncQdrantStore(path=tmp_path / "a", index=index())  # type: ignore[arg-type]
        if engine == "async_edge"
        else QdrantStore(path=tmp_path / "s", index=index())  # type: ignore[arg-type]
    )
    try:
        model = ScriptedChatModel()
        manager = langmem.create_memory_store_manager(model, namespace=NAMESPACE)
        graph = manager_graph(store, manager, use_async=True)
        model.replies += [call("Memory", content="User works at Acme")]
        await graph.ainvoke({"messages": [("user", "I work at Acme")]}, config("dave"))
        model.replies += [patch_reply("User works at Globex")]
        await graph.ainvoke({"messages": [("user", "I joined Globex")]}, config("dave"))
        [item] = await store.asearch(("memories", "dave"), query="employer")
        assert item.value == {"kind": "Memory", "content": {"content": "User works at Globex"}}
    finally:
        if isinstance(store, AsyncQdrantStore):
            await store.aclose()
        else:
            store.close()


def test_the_store_manager_with_a_query_model_a_default_and_parallel_writes(
    store: BaseStore,
) -> None:
    """The query model's searches (with a filter) reach the store; the default profile is
    put under ``"default"``; the five inserts LangMem writes from its thread pool all land."""
    model, query_model = ScriptedChatModel(), ScriptedChatModel()
    manager = langmem.create_memory_store_manager(
        model, namespace=NAMESPACE, query_model=query_model, default="Nothing known yet")
    graph = manager_graph(store, manager)
    query_model.replies += [AIMessage("", tool_calls=[
        {"name": "search_memory", "args": {"query": "allergies"}, "id": "q1"},
        {"name": "search_memory", "args": {"query": "city", "filter": {"kind": "Memory"}},
         "id": "q2"},
    ])]
    model.replies += [AIMessage("", tool_calls=[
        {"name": "Memory", "args": {"content": f"User note number {i}"}, "id": f"m{i}"}
        for i in range(5)
    ])]
    graph.invoke({"messages": [("user", "hello")]}, config("erin"))
    items = store.search(("memories", "erin"), limit=20)
    assert sorted((i.key == "default", i.value["content"]["content"]) for i in items) == [
        *((False, f"User note number {i}") for i in range(5)), (True, "Nothing known yet")]
