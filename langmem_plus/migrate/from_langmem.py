"""Carry an existing LangMem namespace of free-text memories into facts.

LangMem keeps each memory as one store item: its manage tool writes
``{"content": "User lives in Berlin"}`` (or ``{"content": {...}}`` with a pydantic schema),
its store manager writes ``{"kind": "Memory", "content": {"content": "..."}}``. The import
reads every item under a namespace, oldest first (by ``updated_at``), and sends each
memory's text through the same two steps a conversation goes through:

1. the **extractor** (``RuleExtractor`` unless you pass another, e.g. ``LLMExtractor``)
   proposes candidate facts, as if the person had said it, stamped with the item's
   ``updated_at``. LangMem's notes speak of "the user" in the third person; a note whose
   sentence starts with "User ..." / "The user's ..." is read as "I ..." / "My ...", so the
   extractor's patterns apply to it as they do to the person's own words;
2. the **write policy** (``FactMemory.remember``) decides, with ``source="imported"``: new,
   reconfirmed, superseded (a later memory of a single-valued slot replaces an earlier
   one), rejected or conflict, each with its reason code.

A memory the extractor turns into no fact is reported as ``not_a_fact`` (with the
extractor's reasons) and an item that is not a LangMem memory as ``unreadable``; none is
dropped silently. Importing again writes nothing new: each memory keeps its message id
(``langmem:<namespace>/<key>``) and its facts their ids, so a second run reconfirms them
(``replayed``), and a value that a later memory superseded is rejected as older.
Logs carry namespace, key, action, reason code and fact id, never memory text.

The logic is one plan without I/O (``_plan``); ``import_langmem`` and ``aimport_langmem``
only execute its steps (read a page, extract, remember).

Example:
    >>> from langgraph.store.memory import InMemoryStore
    >>> from langmem_plus.facts.memory import FactMemory
    >>> store = InMemoryStore()
    >>> store.put(("memories", "alice"), "m1", {"content": "User lives in Berlin"})
    >>> store.put(("memories", "alice"), "m2", {"content": "User asked about the weather"})
    >>> report = import_langmem(store, ("memories", "alice"), memory=FactMemory(store),
    ...                         user_id="alice")
    >>> report.counts()["new"], report.counts()["not_a_fact"]
    (1, 1)
    >>> [f.text for f in FactMemory(store).list("alice")]
    ['The user lives in Berlin.']
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Collection, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from langchain_core.messages import HumanMessage
from langgraph.store.base import BaseStore, InvalidNamespaceError, SearchItem

from langmem_plus.facts.models import CandidateFact, validate_user_id
from langmem_plus.facts.text_forms import elided_first_person, first_person

if TYPE_CHECKING:
    from langmem_plus.extraction.base import BaseExtractor, ExtractionResult
    from langmem_plus.facts.memory import FactMemory
    from langmem_plus.facts.policy import Decision

__all__ = [
    "ImportReport",
    "ImportedMemory",
    "aimport_langmem",
    "first_person",
    "import_langmem",
    "memory_text",
]

logger = logging.getLogger("langmem_plus.migrate")

Outcome = Literal["imported", "not_a_fact", "unreadable"]
"""What became of one LangMem memory: its text went to the write policy (``imported``, see
its decisions), the extractor found no fact in it, or it is not a LangMem memory."""

ACTIONS: tuple[str, ...] = ("new", "reconfirmed", "superseded", "rejected", "conflict")
"""The write policy's actions, in report order."""

NOT_A_FACT_REASONS: Mapping[str, str] = {
    "no_fact_found": "the extractor found no fact it can store in this memory",
    "not_langmem_shape": "the item has no 'content', so it is not a LangMem memory",
    "no_text": "the memory holds no text",
}
"""Fixed sentences for the reason codes of memories that became no fact (the extractor's
own drop reasons, such as ``question`` or ``sensitive:health``, are passed through)."""

Progress = Callable[[int, int], object]
"""Called as ``progress(done, total)`` after the namespace is read and after each memory."""


# ---------------------------------------------------------------------------- reading


def memory_text(value: Any) -> str | None:
    """The text of one LangMem memory value, or ``None`` if it is not LangMem's shape.

    Handles what LangMem writes: ``{"content": str}`` (manage tool), ``{"content": {...}}``
    (manage tool with a pydantic schema), and ``{"kind": ..., "content": {...}}`` (store
    manager). Structured content gives its text fields in order, one per line.

    Example:
        >>> memory_text({"content": "User prefers dark mode"})
        'User prefers dark mode'
        >>> memory_text({"kind": "Memory", "content": {"content": "User likes tea"}})
        'User likes tea'
        >>> print(memory_text({"content": {"name": "Will", "notes": ["Likes AI", "Is 60"]}}))
        Will
        Likes AI
        Is 60
        >>> memory_text({"text": "not LangMem"}) is None
        True
    """
    if not isinstance(value, Mapping) or "content" not in value:
        return None
    return "\n".join(_texts(value["content"]))


def _texts(content: Any) -> list[str]:
    if isinstance(content, str):
        return [content.strip()] if content.strip() else []
    if isinstance(content, Mapping):
        return [t for v in content.values() for t in _texts(v)]
    if isinstance(content, (list, tuple)):
        return [t for v in content for t in _texts(v)]
    return []


class _Memory(NamedTuple):
    namespace: tuple[str, ...]
    key: str
    value: Any
    updated_at: datetime

    @property
    def message_id(self) -> str:
        return "langmem:" + "/".join((*self.namespace, self.key))


def _utc(t: datetime) -> datetime:
    return t.replace(tzinfo=timezone.utc) if t.tzinfo is None else t.astimezone(timezone.utc)


# ---------------------------------------------------------------------------- the report


@dataclass(frozen=True)
class ImportedMemory:
    """What became of one LangMem memory.

    Attributes:
        namespace: the item's namespace (under the one imported).
        key: the item's key (LangMem's memory id).
        text: the memory's text as LangMem stored it (``""`` when unreadable). Shown to the
            person; never logged.
        outcome: ``imported``, ``not_a_fact`` or ``unreadable``.
        decisions: the write policy's decisions for the facts found in it (``imported``).
        reasons: reason codes when no fact was stored from it: the extractor's drop reasons
            (``question``, ``sensitive:health``, ...) or ``no_fact_found`` (``not_a_fact``);
            ``not_langmem_shape`` or ``no_text`` (``unreadable``).
    """

    namespace: tuple[str, ...]
    key: str
    text: str
    outcome: Outcome
    decisions: tuple[Decision, ...] = ()
    reasons: tuple[str, ...] = ()


@dataclass
class ImportReport:
    """What an import did, memory by memory.

    ``counts()`` and ``reasons()`` hold codes only (safe to log); ``lines()`` is for the
    person and shows the memories' and facts' text.

    Example:
        >>> report = ImportReport(namespace=("memories", "u1"), user_id="u1")
        >>> report.counts()  # doctest: +NORMALIZE_WHITESPACE
        {'new': 0, 'reconfirmed': 0, 'superseded': 0, 'rejected': 0, 'conflict': 0,
         'not_a_fact': 0, 'unreadable': 0}
    """

    namespace: tuple[str, ...]
    user_id: str
    memories: list[ImportedMemory] = field(default_factory=list)

    def decisions(self) -> list[tuple[ImportedMemory, Decision]]:
        """Every policy decision, with the memory it came from, in import order."""
        return [(m, d) for m in self.memories for d in m.decisions]

    def counts(self) -> dict[str, int]:
        """Decisions per policy action, then memories that were no fact or unreadable."""
        counts = dict.fromkeys((*ACTIONS, "not_a_fact", "unreadable"), 0)
        for _, d in self.decisions():
            counts[d.action] = counts.get(d.action, 0) + 1
        for m in self.memories:
            if m.outcome != "imported":
                counts[m.outcome] += 1
        return counts

    def reasons(self) -> Counter[tuple[str, str]]:
        """How often each ``(action or outcome, reason code)`` occurred. No text."""
        found: Counter[tuple[str, str]] = Counter()
        for _, d in self.decisions():
            found[(d.action, d.code)] += 1
        for m in self.memories:
            for code in m.reasons:
                found[(m.outcome, code)] += 1
        return found

    def summary(self) -> str:
        """One line of counts, e.g. ``'3 new, 0 reconfirmed, 1 superseded, ...'``."""
        c = self.counts()
        return (
            f"{c['new']} new, {c['reconfirmed']} reconfirmed, {c['superseded']} superseded, "
            f"{c['rejected']} rejected, {c['conflict']} in conflict; "
            f"{c['not_a_fact']} not a fact, {c['unreadable']} unreadable"
        )

    def lines(self) -> list[str]:
        """One line per decision or unimported memory, for the person (shows text)."""
        out: list[str] = []
        for m in self.memories:
            source = f'memory {m.key}: "{_one_line(m.text)}"' if m.text else f"memory {m.key}"
            if m.outcome != "imported":
                why = "; ".join(f"{c} ({_reason(c)})" for c in m.reasons)
                out.append(f"- {m.outcome.replace('_', ' ')}: {source} - {why}")
                continue
            for d in m.decisions:
                fact = d.fact.text if d.fact is not None else None
                what = f"{d.action}: {fact}" if fact and d.action != "rejected" else d.action
                if d.action == "superseded" and d.other is not None:
                    what += f" (replaces: {d.other.text})"
                elif d.action in ("rejected", "conflict") and d.other is not None:
                    what += f" (kept: {d.other.text})"
                out.append(f"- {what} - from {source} - {d.code} ({d.reason})")
        return out

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data (with text: it is the person's own data)."""
        return {
            "namespace": list(self.namespace),
            "user_id": self.user_id,
            "counts": self.counts(),
            "memories": [
                {
                    "namespace": list(m.namespace),
                    "key": m.key,
                    "text": m.text,
                    "outcome": m.outcome,
                    "reasons": list(m.reasons),
                    "decisions": [
                        {
                            "action": d.action,
                            "code": d.code,
                            "reason": d.reason,
                            "fact_id": d.fact_id,
                            "text": d.fact.text if d.fact is not None else None,
                            "other_fact_id": d.other.fact_id if d.other is not None else None,
                        }
                        for d in m.decisions
                    ],
                }
                for m in self.memories
            ],
        }


def _one_line(text: str, limit: int = 120) -> str:
    flat = " / ".join(" ".join(line.split()) for line in text.splitlines() if line.strip())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _reason(code: str) -> str:
    if code in NOT_A_FACT_REASONS:
        return NOT_A_FACT_REASONS[code]
    if code.startswith("sensitive"):
        return "a sensitive category this deployment does not store"
    return f"the extractor left it out: {code}"


# ---------------------------------------------------------------------------- the plan


class _Read(NamedTuple):
    namespace: tuple[str, ...]
    offset: int
    limit: int


class _Extract(NamedTuple):
    messages: list[HumanMessage]
    now: datetime
    user_id: str


class _Remember(NamedTuple):
    user_id: str
    candidate: CandidateFact


class _Tick(NamedTuple):
    done: int
    total: int


_Step = _Read | _Extract | _Remember | _Tick
_Plan = Generator[_Step, Any, ImportReport]


def _check_namespace(namespace: Sequence[str], facts_prefix: tuple[str, ...]) -> tuple[str, ...]:
    ns = tuple(namespace)
    if not ns or not all(isinstance(label, str) and label for label in ns):
        raise InvalidNamespaceError(
            f"namespace {ns!r} cannot be imported: name the LangMem namespace to read, "
            "e.g. ('memories', 'alice')"
        )
    if ns[: len(facts_prefix)] == facts_prefix or facts_prefix[: len(ns)] == ns:
        raise InvalidNamespaceError(
            f"namespace {ns!r} overlaps the facts' own namespaces {facts_prefix!r}: import "
            "reads LangMem memories, e.g. ('memories', 'alice')"
        )
    return ns


def _plan(
    namespace: tuple[str, ...], user_id: str, names: Collection[str], page_size: int
) -> _Plan:
    """The import as steps; the drivers answer each step and send the result back."""
    report = ImportReport(namespace=namespace, user_id=user_id)
    items: list[SearchItem] = []
    while True:
        page: list[SearchItem] = yield _Read(namespace, len(items), page_size)
        items.extend(page)
        if len(page) < page_size:
            break
    memories = sorted(
        (_Memory(tuple(i.namespace), i.key, i.value, _utc(i.updated_at)) for i in items),
        key=lambda m: (m.updated_at, m.namespace, m.key),
    )
    total = len(memories)
    if total:
        yield _Tick(0, total)
    for done, mem in enumerate(memories, 1):
        result = yield from _import_one(mem, user_id, names)
        report.memories.append(result)
        logger.info(
            "langmem import %s/%s: %s %s", "/".join(mem.namespace), mem.key, result.outcome,
            ", ".join(f"{d.action}:{d.code}:{d.fact_id}" for d in result.decisions)
            or ",".join(result.reasons),
        )
        yield _Tick(done, total)
    return report


def _import_one(
    mem: _Memory, user_id: str, names: Collection[str]
) -> Generator[_Step, Any, ImportedMemory]:
    text = memory_text(mem.value)
    if text is None or not text:
        code = "not_langmem_shape" if text is None else "no_text"
        return ImportedMemory(mem.namespace, mem.key, "", "unreadable", reasons=(code,))
    result: ExtractionResult = yield _Extract(
        [_message(first_person(text, names=names), mem)], mem.updated_at, user_id
    )
    if not result.candidates:
        elided = elided_first_person(text)
        if elided is not None:
            retry: ExtractionResult = yield _Extract([_message(elided, mem)], mem.updated_at,
                                                     user_id)
            if retry.candidates:
                result = retry
    if not result.candidates:
        reasons = tuple(dict.fromkeys(d.reason for d in result.dropped)) or ("no_fact_found",)
        return ImportedMemory(mem.namespace, mem.key, text, "not_a_fact", reasons=reasons)
    decisions = []
    for candidate in result.candidates:
        decision: Decision = yield _Remember(user_id, _imported(candidate, mem, text))
        decisions.append(decision)
    return ImportedMemory(mem.namespace, mem.key, text, "imported", tuple(decisions))


def _message(text: str, mem: _Memory) -> HumanMessage:
    return HumanMessage(
        text, id=mem.message_id, additional_kwargs={"timestamp": mem.updated_at.isoformat()}
    )


def _imported(candidate: CandidateFact, mem: _Memory, text: str) -> CandidateFact:
    """The candidate as an imported fact: LangMem's words as the quote, and a time taken
    from the item's clock marked as assumed (a time phrase in the memory stays stated)."""
    assumed = candidate.valid_from is None or candidate.valid_from == mem.updated_at
    return candidate.model_copy(
        update={
            "source": "imported",
            "quote": text,
            "message_id": mem.message_id,
            "time_stated": False if assumed else candidate.time_stated,
        }
    )


# ---------------------------------------------------------------------------- drivers


def _setup(
    store: BaseStore | None,
    namespace: Sequence[str],
    memory: FactMemory,
    user_id: str,
    extractor: BaseExtractor | None,
) -> tuple[BaseStore, tuple[str, ...], str, BaseExtractor]:
    user = validate_user_id(user_id)
    ns = _check_namespace(namespace, memory.layout.prefix)
    if extractor is None:
        from langmem_plus.extraction.rules import RuleExtractor

        extractor = RuleExtractor()
    return (store if store is not None else memory.store), ns, user, extractor


def import_langmem(
    store: BaseStore | None,
    namespace: Sequence[str],
    *,
    memory: FactMemory,
    user_id: str,
    extractor: BaseExtractor | None = None,
    names: Collection[str] = (),
    progress: Progress | None = None,
    page_size: int = 100,
) -> ImportReport:
    """Import every LangMem memory under ``namespace`` of ``store`` as facts of ``user_id``.

    Args:
        store: the store holding the LangMem memories (any ``BaseStore``: ``QdrantStore``,
            ``InMemoryStore``, ``PostgresStore``...); ``None``: ``memory.store``.
        namespace: the LangMem namespace, filled in, e.g. ``("memories", "alice")``; items
            in namespaces below it are read too (as ``store.search`` does).
        memory: the ``FactMemory`` the facts go to (its write policy decides).
        user_id: whose facts they become; validated before any I/O.
        extractor: what reads each memory's text (default ``RuleExtractor()``).
        names: other words the memories use for this person (their name), read like "User".
        progress: called as ``progress(done, total)`` (e.g. the CLI's ``ProgressBar``).
        page_size: items read per ``store.search`` call.

    Returns:
        The ``ImportReport``: every memory, what the policy decided for each fact in it and
        why, and the memories that were no fact or unreadable.

    Raises:
        InvalidUserIdError: ``user_id`` is not a valid id.
        InvalidNamespaceError: ``namespace`` is empty or overlaps the facts' own namespaces.

    Example:
        >>> from langgraph.store.memory import InMemoryStore
        >>> from langmem_plus.facts.memory import FactMemory
        >>> store = InMemoryStore()
        >>> store.put(("memories", "bo"), "k1", {"kind": "Memory",
        ...           "content": {"content": "User is allergic to peanuts"}})
        >>> report = import_langmem(None, ("memories", "bo"), memory=FactMemory(store),
        ...                         user_id="bo")
        >>> report.summary()
        '1 new, 0 reconfirmed, 0 superseded, 0 rejected, 0 in conflict; 0 not a fact, 0 unreadable'
    """
    source, ns, user, ex = _setup(store, namespace, memory, user_id, extractor)
    plan = _plan(ns, user, names, max(1, int(page_size)))
    answer: Any = None
    try:
        while True:
            step = plan.send(answer)
            if isinstance(step, _Read):
                answer = source.search(step.namespace, limit=step.limit, offset=step.offset)
            elif isinstance(step, _Extract):
                answer = ex.extract_detailed(step.messages, now=step.now, user_id=step.user_id)
            elif isinstance(step, _Remember):
                answer = memory.remember(step.user_id, step.candidate)
            else:
                answer = progress(step.done, step.total) if progress is not None else None
    except StopIteration as done:
        report: ImportReport = done.value
        return report


async def aimport_langmem(
    store: BaseStore | None,
    namespace: Sequence[str],
    *,
    memory: FactMemory,
    user_id: str,
    extractor: BaseExtractor | None = None,
    names: Collection[str] = (),
    progress: Progress | Callable[[int, int], Awaitable[object]] | None = None,
    page_size: int = 100,
) -> ImportReport:
    """Async ``import_langmem`` (``asearch``, ``aextract_detailed``, ``aremember``); a
    ``progress`` that returns an awaitable is awaited."""
    source, ns, user, ex = _setup(store, namespace, memory, user_id, extractor)
    plan = _plan(ns, user, names, max(1, int(page_size)))
    answer: Any = None
    try:
        while True:
            step = plan.send(answer)
            if isinstance(step, _Read):
                answer = await source.asearch(step.namespace, limit=step.limit,
                                              offset=step.offset)
            elif isinstance(step, _Extract):
                answer = await ex.aextract_detailed(step.messages, now=step.now,
                                                    user_id=step.user_id)
            elif isinstance(step, _Remember):
                answer = await memory.aremember(step.user_id, step.candidate)
            else:
                answer = progress(step.done, step.total) if progress is not None else None
                if isinstance(answer, Awaitable):
                    await answer
    except StopIteration as done:
        report: ImportReport = done.value
        return report
