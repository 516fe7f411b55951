"""The scripted demo: several sessions of one user, on the embedded default, no API key.

``langmem-plus demo`` runs it: Qdrant Edge on disk (the default store ``.langmem_plus``
that the CLI and the web view open too, or ``--path``), the offline ``RuleExtractor``, a
deterministic responder (``ChatOpenAI`` instead when ``OPENAI_API_KEY`` is set and
``--offline`` is not given), and a SQLite checkpointer in the store's folder. It prints,
session by session, what was saved, superseded and rejected, the rendered profile, and the
memory a later session's model receives; it shows a move superseding the old city, two
allergies kept, a mood rejected, memory turned off and on, a turn through a hung store, a
project fact that does not leak into another project, and a forget (store, profile, prompt
and the old transcript). It ends with the commands that show its memories.

A run first clears what an earlier demo run left for its user (``alice``) and threads, so
it can be run again on the same store.

Example:
    >>> import io, tempfile
    >>> report = run_demo(tempfile.mkdtemp(), out=io.StringIO(), offline=True)
    >>> all(report.checks.values())
    True
"""

from __future__ import annotations

import contextlib
import os
import shlex
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any, TextIO

from langchain_core.messages import AIMessage
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import StateGraph
from langgraph.store.base import BaseStore, Op, Result

from langmem_plus.extraction import RuleExtractor, second_person
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.policy import REASONS
from langmem_plus.facts.retrieval import LEAD_LINE
from langmem_plus.nodes import MemoryState, SessionManager, add_memory, memory_messages
from langmem_plus.resilience import INTERACTIVE_DEFAULTS, protect
from langmem_plus.web.records import Records

__all__ = ["DEFAULT_PATH", "DemoReport", "deterministic_responder", "run_demo"]

DEFAULT_PATH = ".langmem_plus"
"""The store the demo writes when neither ``--path`` nor ``$LANGMEM_PLUS_PATH`` is given: the
one ``langmem-plus memories list`` and ``langmem-plus serve`` open by default."""
THREADS = ("alice-1", "alice-2", "alice-off", "alice-hung", "alice-atlas", "alice-beacon",
           "alice-5")

USER = "alice"
SYSTEM_PROMPT = "You are a helpful assistant. Answer in one or two sentences."
START = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)


@dataclass
class DemoReport:
    """What the demo showed: each named check passed or not, and how long it took."""

    checks: dict[str, bool] = field(default_factory=dict)
    seconds: float = 0.0
    responder: str = "offline"


class _Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


def deterministic_responder(state: MemoryState) -> dict[str, Any]:
    """A stand-in for the model: it answers only from what it was given (the memory
    context), so the demo shows exactly what a model would have seen.

    Example:
        >>> from langchain_core.messages import HumanMessage
        >>> out = deterministic_responder({"messages": [HumanMessage("Any tips?")],
        ...                                "memory_context": ""})
        >>> out["messages"][0].content
        'I have nothing saved about you that helps here.'
    """
    context = state.get("memory_context") or ""
    last = state["messages"][-1]
    asked = isinstance(last.content, str) and last.content.strip().endswith("?")
    parts: list[str] = []
    for line in context.splitlines():
        if "is that still right?" in line:
            parts.append(line.split("ask: ", 1)[-1])
    facts = []
    if LEAD_LINE in context:
        facts = [ln for ln in context.split(LEAD_LINE, 1)[1].splitlines() if ln.strip()]
    if asked:
        if facts:
            parts.append("Going by what I know (" + "; ".join(f.lstrip("- ") for f in facts) + ").")
        else:
            parts.append("I have nothing saved about you that helps here.")
    elif not parts:
        parts.append("Got it.")
    return {"messages": [AIMessage(" ".join(parts))]}


def _openai_responder() -> Callable[[MemoryState], dict[str, Any]]:
    from langchain_openai import ChatOpenAI

    model = ChatOpenAI(model=os.environ.get("LANGMEM_PLUS_DEMO_MODEL", "gpt-4o-mini"))

    def respond(state: MemoryState) -> dict[str, Any]:
        return {"messages": [model.invoke(memory_messages(state, system_prompt=SYSTEM_PROMPT))]}

    return respond


@contextlib.contextmanager
def _checkpointer(directory: str) -> Iterator[BaseCheckpointSaver[Any]]:
    try:
        from langgraph.checkpoint.sqlite import SqliteSaver
    except ImportError:
        yield InMemorySaver()
        return
    with SqliteSaver.from_conn_string(os.path.join(directory, "checkpoints.sqlite")) as saver:
        yield saver


class _Switchable(BaseStore):
    """The demo's store behind a switch that makes its calls hang, as a store that stopped
    answering would (a stuck disk, a server behind a dead connection)."""

    def __init__(self, inner: BaseStore) -> None:
        self.inner = inner
        self.answering = threading.Event()
        self.answering.set()
        self.supports_ttl = inner.supports_ttl
        self.ttl_config = inner.ttl_config
        self.index_config = getattr(inner, "index_config", None)

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        self.answering.wait(timeout=30)
        return self.inner.batch(ops)

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        return self.batch(ops)


_LABEL = {
    "new": "saved",
    "superseded": "superseded",
    "reconfirmed": "already known",
    "rejected": "rejected",
    "conflict": "conflict",
    "pending": "noted",
}


def run_demo(
    path: str | None = None, *, out: TextIO | None = None, offline: bool = False
) -> DemoReport:
    """Run the scripted multi-session conversation and print what memory did.

    Args:
        path: directory for the Qdrant Edge store and the checkpoints (default: a new
            temporary directory, removed afterwards).
        out: where to print (default stdout).
        offline: never use ``ChatOpenAI``, even when ``OPENAI_API_KEY`` is set.

    Returns:
        A ``DemoReport`` whose ``checks`` say whether each promised behaviour was seen.
    """
    out = out or sys.stdout
    started = time.perf_counter()
    path = path or os.environ.get("LANGMEM_PLUS_PATH") or DEFAULT_PATH
    with contextlib.ExitStack() as stack:
        os.makedirs(path, exist_ok=True)
        report = _run(path, out, offline, stack)
    report.seconds = time.perf_counter() - started
    print(f"\nDone in {report.seconds:.1f} s. The memories stay in {path}; see them with:",
          file=out)
    for line in next_commands(path):
        print(f"  {line}", file=out)
    return report


def next_commands(path: str) -> list[str]:
    """The commands that show the demo's memories, as the demo prints them: the
    ``langmem-plus`` of the running environment (``.venv/bin/langmem-plus`` after
    ``./dev demo``), so they work without activating the virtual environment.

    Example:
        >>> [c.split("langmem-plus ", 1)[1] for c in next_commands(".langmem_plus")]
        ['memories list alice', 'serve --user alice']
        >>> next_commands("/tmp/x")[1].endswith("serve --user alice --path /tmp/x")
        True
    """
    where = "" if os.path.normpath(path) == DEFAULT_PATH else f" --path {shlex.quote(path)}"
    program = "langmem-plus"
    beside = os.path.join(os.path.dirname(sys.executable), "langmem-plus")
    if os.path.exists(beside):
        relative = os.path.relpath(beside)
        program = shlex.quote(beside if relative.startswith("..") else relative)
    return [f"{program} memories list {USER}{where}", f"{program} serve --user {USER}{where}"]


def _run(path: str, out: TextIO, offline: bool, stack: contextlib.ExitStack) -> DemoReport:
    def say(text: str = "") -> None:
        print(text, file=out)

    report = DemoReport()
    use_openai = bool(os.environ.get("OPENAI_API_KEY")) and not offline
    responder = _openai_responder() if use_openai else deterministic_responder
    report.responder = "ChatOpenAI" if use_openai else "offline"
    from langmem_plus.stores import QdrantStore

    store = QdrantStore(path=path)
    stack.callback(store.close)
    # The node pair's default protection (resilience/defaults.py), over a store that the
    # demo can make hang for one turn.
    switch = _Switchable(store)
    protected = protect(switch)
    stack.callback(protected.close)
    saver = stack.enter_context(_checkpointer(path))
    clock = _Clock()
    memory = FactMemory(protected, clock=clock)
    extractor = RuleExtractor()
    graph = add_memory(
        StateGraph(MemoryState),
        model_node=responder,
        memory=memory,
        extractor=extractor,
        checkpointer=saver,
        purge_threads=True,
        clock=clock,
    ).compile(checkpointer=saver, store=protected)
    sessions = SessionManager(memory, saver, extractor=extractor, clock=clock)

    say("langmem-plus demo: one user, several sessions, long-term memory on Qdrant Edge")
    say(f"store: Qdrant Edge at {path}; extractor: RuleExtractor; "
        f"responder: {report.responder}")
    earlier = len(Records(memory).groups(USER))
    memory.forget_all(USER)
    memory.set_memory(USER, True)
    for thread in THREADS:
        saver.delete_thread(thread)
    if earlier:
        say(f"(cleared {earlier} memories an earlier demo run left for {USER})")

    seen: dict[str, dict[str, Any]] = {}

    def session(title: str, thread: str, texts: list[str], scope: str | None = None) -> None:
        say()
        say(f"=== {title} · {clock.now:%a %Y-%m-%d %H:%M} · thread {thread}"
            + (f" · project {scope}" if scope else "") + " ===")
        configurable: dict[str, Any] = {"thread_id": thread, "user_id": USER}
        if scope:
            configurable["scope"] = scope
        cfg: RunnableConfig = {"configurable": configurable}
        for text in texts:
            state = graph.invoke({"messages": [("user", text)]}, cfg)
            seen[text] = state
            say(f"you:       {text}")
            for line in str(state["messages"][-1].content).splitlines():
                say(f"assistant: {line}")
            for d in state.get("memory_decisions") or []:
                label = _LABEL.get(d["action"], d["action"])
                if d["action"] == "rejected":
                    why = REASONS.get(d["code"], d["code"])
                    say(f"  memory · {label:<13} \"{d['text']}\" ({d['code']}: {why})")
                elif d["action"] == "superseded":
                    say(f"  memory · {label:<13} {second_person(d['text'])} (old value kept "
                        "as history, out of recall)")
                else:
                    say(f"  memory · {label:<13} {second_person(d['text'])}")
            clock.now += timedelta(minutes=2)
        clock.now += timedelta(minutes=31)
        for r in sessions.sweep():
            new = sum(1 for d in r.decisions if d["action"] not in ("reconfirmed", "rejected"))
            found = (f"{new} more thing(s) kept" if new
                     else "nothing new: every turn was saved as it happened")
            say(f"  session end (idle 30 min): re-read the whole conversation · {found}")
        if Records(memory).memory_enabled(USER):
            say("  profile now:")
            for line in (memory.profile(USER) or "(empty)").splitlines():
                say(f"    {line}")

    def show_context(text: str) -> None:
        say(f"  the memory context the model received for \"{text}\":")
        for line in (seen[text].get("memory_context") or "(none)").splitlines():
            say(f"  | {line}")

    session(
        "Session 1",
        "alice-1",
        [
            "Hi! I live in Munich and I work at Acme.",
            "I'm allergic to peanuts.",
            "Remember that I'm exhausted today.",
        ],
    )
    clock.now += timedelta(days=3)
    session(
        "Session 2 (3 days later)",
        "alice-2",
        ["I've just moved from Munich to Berlin.", "Oh, and I'm also allergic to shellfish."],
    )
    clock.now += timedelta(hours=2)
    say()
    say(f"(alice turns memory off: `langmem-plus off {USER}`, or the switch on her page)")
    memory.set_memory(USER, False)
    before_off = {r.fact_id for r in memory.list(USER)}
    session("Session 2b (memory off)", "alice-off", ["I speak Spanish."])
    kept_while_off = {r.fact_id for r in memory.list(USER)} - before_off
    say(f"  stored while memory was off: {len(kept_while_off)} memories")
    memory.set_memory(USER, True)
    say(f"(alice turns memory back on: `langmem-plus on {USER}`)")

    clock.now += timedelta(hours=2)
    say()
    say(f"=== Session 2c (the memory store stops answering) · {clock.now:%a %Y-%m-%d %H:%M} "
        "· thread alice-hung ===")
    hung_cfg: RunnableConfig = {"configurable": {"thread_id": "alice-hung", "user_id": USER}}
    deadline = float(INTERACTIVE_DEFAULTS["read_timeout"])
    switch.answering.clear()
    t0 = time.perf_counter()
    hung = graph.invoke({"messages": [("user", "I am vegetarian.")]}, hung_cfg)
    waited = time.perf_counter() - t0
    say("you:       I am vegetarian.")
    say(f"assistant: {hung['messages'][-1].content}")
    say(f"  memory · the store did not answer: the turn went on without memory after the "
        f"{deadline * 1000:.0f} ms read deadline (answered in {waited:.1f} s; "
        f"memory_degraded={hung.get('memory_degraded')})")
    switch.answering.set()
    protected.flush()
    clock.now += timedelta(minutes=2)
    back = graph.invoke({"messages": [("user", "Thanks!")]}, hung_cfg)
    say("you:       Thanks!")
    say(f"assistant: {back['messages'][-1].content}")
    caught_up = any("vegetarian" in r.text for r in memory.list(USER))
    say("  memory · the store answers again; the missed turn was read now: "
        + ("you are vegetarian (saved)" if caught_up else "nothing saved (FAILED)"))
    for line in back.get("memory_announcements") or []:
        say(f"  memory · told the user: {line}")

    clock.now += timedelta(days=1)
    session("Session 3 (project Atlas)", "alice-atlas", ["Atlas is on postgres 16."], scope="atlas")
    session(
        "Session 4 (project Beacon)",
        "alice-beacon",
        ["Which database should Beacon use?"],
        scope="beacon",
    )
    show_context("Which database should Beacon use?")
    beacon = seen["Which database should Beacon use?"].get("memory_context") or ""
    leaked = "postgres" in beacon.lower()
    say(f"  Atlas's database in Beacon's context: {'yes (LEAK)' if leaked else 'no'} "
        "(project facts stay in their project)")
    clock.now += timedelta(days=40)
    session(
        "Session 5 (40 days later)",
        "alice-5",
        [
            "Can you recommend a dentist?",
            "What did I tell you?",
            "Forget that I told you about my employer.",
            "What did I tell you?",
            "Any lunch ideas?",
        ],
    )
    show_context("Can you recommend a dentist?")
    first = seen["Can you recommend a dentist?"].get("memory_context") or ""
    last = seen["Any lunch ideas?"]
    rows = store.search(memory.layout.facts(USER), limit=100)
    history = store.search(memory.layout.history(USER), limit=100)
    in_store = any("Acme" in str(i.value) for i in [*rows, *history])
    old_thread = saver.get_tuple({"configurable": {"thread_id": "alice-1"}})
    after = str(last.get("memory_context") or "") + "\n".join(
        str(m.content) for m in last["messages"]
    )
    say()
    say("=== After the forget ===")
    say(f"  'Acme' in the store (current or history): {'yes' if in_store else 'no'}")
    say(f"  'Acme' in the next prompt: {'yes' if 'Acme' in after else 'no'}")
    say(f"  session 1 transcript (thread alice-1): {'kept' if old_thread else 'deleted'}")
    allergies = [i for i in rows if i.value.get("predicate") == "allergy"]
    report.checks = {
        "move supersedes the old city": "Berlin" in first and "Munich" not in first,
        "two allergies kept": len(allergies) == 2,
        "mood rejected": any(
            d["code"] == "transient"
            for d in seen["Remember that I'm exhausted today."]["memory_decisions"]
        ),
        "memory off stores nothing": not kept_while_off,
        "a hung store: answered without memory, write caught up": bool(
            hung.get("memory_degraded")) and caught_up,
        "project fact does not leak": not leaked,
        "long gap asks to confirm": "I have you in Berlin — is that still right?" in first,
        "forget: store, prompt and transcript": not in_store
        and "Acme" not in after
        and old_thread is None,
    }
    say()
    say("Checks:")
    for name, ok in report.checks.items():
        say(f"  [{'ok' if ok else 'FAILED'}] {name}")
    return report
