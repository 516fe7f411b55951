"""The scripted demo: several sessions of one user, on the embedded default, no API key.

``langmem-plus demo`` runs it: Qdrant Edge on disk (a temporary directory, or ``--path``),
the offline ``RuleExtractor``, a deterministic responder (``ChatOpenAI`` instead when
``OPENAI_API_KEY`` is set and ``--offline`` is not given), and a SQLite checkpointer beside
the store. It prints, session by session, what was saved, superseded and rejected, the
rendered profile, and the memory a later session's model receives; it shows a move
superseding the old city, two allergies kept, a mood rejected, a project fact that does not
leak into another project, and a forget (store, profile, prompt and the old transcript).

Example:
    >>> import io, tempfile
    >>> report = run_demo(tempfile.mkdtemp(), out=io.StringIO(), offline=True)
    >>> all(report.checks.values())
    True
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any, TextIO

from langchain_core.messages import AIMessage
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import StateGraph
from langgraph.store.base import BaseStore

from langmem_plus.extraction import RuleExtractor, second_person
from langmem_plus.memory import FactMemory
from langmem_plus.nodes import MemoryState, SessionManager, add_memory, memory_messages
from langmem_plus.policy import REASONS
from langmem_plus.retrieval import LEAD_LINE

__all__ = ["DemoReport", "deterministic_responder", "run_demo"]

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


def _store(directory: str) -> BaseStore:
    from langmem_plus.stores import QdrantStore

    return QdrantStore(path=os.path.join(directory, "memory"))


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
    with contextlib.ExitStack() as stack:
        if path is None:
            path = stack.enter_context(tempfile.TemporaryDirectory(prefix="langmem-plus-demo-"))
        os.makedirs(path, exist_ok=True)
        report = _run(path, out, offline, stack)
    report.seconds = time.perf_counter() - started
    print(f"\nDone in {report.seconds:.1f} s. Store and checkpoints: {path}", file=out)
    return report


def _run(path: str, out: TextIO, offline: bool, stack: contextlib.ExitStack) -> DemoReport:
    def say(text: str = "") -> None:
        print(text, file=out)

    report = DemoReport()
    use_openai = bool(os.environ.get("OPENAI_API_KEY")) and not offline
    responder = _openai_responder() if use_openai else deterministic_responder
    report.responder = "ChatOpenAI" if use_openai else "offline"
    store = _store(path)
    stack.callback(getattr(store, "close", lambda: None))
    saver = stack.enter_context(_checkpointer(path))
    clock = _Clock()
    memory = FactMemory(store, clock=clock)
    extractor = RuleExtractor()
    graph = add_memory(
        StateGraph(MemoryState),
        model_node=responder,
        memory=memory,
        extractor=extractor,
        checkpointer=saver,
        purge_threads=True,
        clock=clock,
    ).compile(checkpointer=saver, store=store)
    sessions = SessionManager(memory, saver, extractor=extractor, clock=clock)

    say("langmem-plus demo: one user, five sessions, long-term memory on Qdrant Edge")
    say(f"store: Qdrant Edge at {os.path.join(path, 'memory')}; extractor: RuleExtractor; "
        f"responder: {report.responder}")

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
            new = sum(1 for d in r.decisions if d["action"] != "reconfirmed")
            say(f"  session end (idle 30 min): consolidated {r.thread_id} from its transcript"
                f" · {new} new decision(s) (per-turn writes already made them)")
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
