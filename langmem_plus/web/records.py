"""What is held about one person, read for people: shared by the CLI and the web view.

``Records`` wraps a ``FactMemory`` and answers the questions a person (or an operator acting
for them) asks: every version of every memory, grouped so a fact's history sits under it;
one fact by id; who a fact id belongs to; whether memory is on; and an export of everything
stored under the person's namespaces. It only reads, and it needs no web framework.

Every method that takes a ``user_id`` reads *only* that user's namespaces, so a fact id of
another user is simply "not found".

Example:
    >>> from langgraph.store.memory import InMemoryStore
    >>> from langmem_plus.facts.memory import FactMemory
    >>> memory = FactMemory(InMemoryStore())
    >>> d = memory.remember("alice", {"kind": "preference", "subject": "user",
    ...     "predicate": "units", "object": "metric", "text": "Prefers metric units."})
    >>> records = Records(memory)
    >>> [g.latest.fact.text for g in records.groups("alice")]
    ['Prefers metric units.']
    >>> records.find("bob", d.fact_id) is None
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from langchain_core.embeddings import Embeddings
from langgraph.store.base import BaseStore, Item

from langmem_plus.errors import EmbeddingModelRequiredError
from langmem_plus.facts.layout import current_key, decode_facts
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import Fact, utcnow, validate_user_id
from langmem_plus.facts.planner import ListedFact, LogEntry

__all__ = ["MemoryGroup", "MemoryRow", "NoEmbeddingModel", "Records", "count_line"]

_PAGE = 500


@dataclass(frozen=True)
class MemoryRow:
    """One stored version of a memory: the fact and how it reads to the person."""

    fact: Fact
    listed: ListedFact

    @property
    def fact_id(self) -> str:
        """The id used to delete or judge this version."""
        return self.fact.fact_id

    @property
    def current(self) -> bool:
        """True when this version is what we believe now."""
        return self.fact.is_current


@dataclass(frozen=True)
class MemoryGroup:
    """A memory with its history: the newest version first, then the earlier ones.

    Versions share a group when they fill the same slot (a single-valued predicate such as
    ``city``) or hold the same value of a multi-valued one (one ``allergy``).
    """

    key: str
    rows: tuple[MemoryRow, ...]
    log: tuple[LogEntry, ...]

    @property
    def latest(self) -> MemoryRow:
        """The newest version."""
        return self.rows[0]

    @property
    def earlier(self) -> tuple[MemoryRow, ...]:
        """Older versions, newest first."""
        return self.rows[1:]


def count_line(groups: Sequence[MemoryGroup]) -> str:
    """How many memories a person has, said the same way by the CLI and the web page:
    the current memories (one per group, as recall sees them), then the earlier versions
    kept as their history.

    Example:
        >>> count_line([])
        '0 memories'
    """
    n = len(groups)
    line = f"{n} {'memory' if n == 1 else 'memories'}"
    earlier = sum(len(g.earlier) for g in groups)
    if earlier:
        line += f", {earlier} earlier {'version' if earlier == 1 else 'versions'} in their history"
    return line


class NoEmbeddingModel(Embeddings):
    """Stands in for the embedding model when a store built with an index is opened only to
    read, correct and delete (the CLI and the web view): every embedding request is refused.

    Listing, showing, forgetting, marking a memory wrong and turning memory off never embed.
    Writing a current fact again (marking it right, restoring it) would need a vector from the
    model the index was built with; rather than leave that fact without one, or with a vector
    of another text, the write is refused with ``EmbeddingModelRequiredError`` and nothing is
    changed. Do that from your app, which has the model.

    Example:
        >>> NoEmbeddingModel(dims=3).embed_query("hi")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        langmem_plus.errors.EmbeddingModelRequiredError: ...
    """

    def __init__(self, dims: int) -> None:
        self.dims = dims

    def _refuse(self, what: str) -> EmbeddingModelRequiredError:
        return EmbeddingModelRequiredError(
            f"{what} needs the embedding model this store's index was built with "
            f"(dims={self.dims}), and this view opened the store without one; nothing was "
            "changed. Do it from your app, which opens the store with its model"
        )

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        """Refused: writing a fact's vector needs the real model."""
        raise self._refuse(f"writing {len(texts)} text(s) into the search index")

    def embed_query(self, text: str) -> list[float]:
        """Refused: a search by meaning needs the real model."""
        raise self._refuse("searching by meaning")


def _scan(store: BaseStore, ns: tuple[str, ...], flt: dict[str, Any] | None = None) -> list[Item]:
    out: list[Item] = []
    offset = 0
    while True:
        page = store.search(ns, filter=flt, limit=_PAGE, offset=offset)
        out.extend(page)
        if len(page) < _PAGE:
            return out
        offset += _PAGE


class Records:
    """Read-only views over a ``FactMemory`` for showing people what is held about them.

    Args:
        memory: the ``FactMemory`` whose store and namespace layout are read.
    """

    def __init__(self, memory: FactMemory) -> None:
        self.memory = memory
        self.store = memory.store
        self.layout = memory.layout

    # ---------------------------------------------------------------- versions

    def versions(self, user_id: str) -> list[Fact]:
        """Every stored version of every fact of ``user_id`` (current and history),
        newest first."""
        user = validate_user_id(user_id)
        rows = _scan(self.store, self.layout.facts(user)) + _scan(
            self.store, self.layout.history(user)
        )
        facts = [f for f in decode_facts(rows) if f.user_id == user]
        return sorted(facts, key=lambda f: (f.asserted_at, f.fact_id), reverse=True)

    def find(self, user_id: str, fact_id: str) -> Fact | None:
        """The fact ``fact_id`` if it belongs to ``user_id``, else ``None``."""
        user = validate_user_id(user_id)
        for ns in (self.layout.facts(user), self.layout.history(user)):
            for fact in decode_facts(_scan(self.store, ns, {"fact_id": fact_id})):
                if fact.fact_id == fact_id and fact.user_id == user:
                    return fact
        return None

    def owner(self, fact_id: str) -> str | None:
        """Whose fact ``fact_id`` is (searches every user; for operators, never the web)."""
        prefix = self.layout.prefix
        for item in _scan(self.store, prefix, {"fact_id": fact_id}):
            ns = tuple(item.namespace)
            if len(ns) == len(prefix) + 2 and ns[-1] in ("facts", "history"):
                return ns[len(prefix)]
        return None

    def group_key(self, fact: Fact) -> str:
        """The key shared by every version of the same memory: the slot for a single-valued
        predicate, by the policy or as declared on the fact (a phone plan the policy does not
        know), else the slot and the value."""
        single = self.memory.policy.is_single_valued(fact.predicate, fact.single_valued)
        return current_key(fact, single_valued=single)

    def history(self, user_id: str, fact_id: str) -> MemoryGroup | None:
        """The memory that ``fact_id`` is a version of, with every version and its log."""
        fact = self.find(user_id, fact_id)
        if fact is None:
            return None
        key = self.group_key(fact)
        for group in self.groups(user_id):
            if group.key == key:
                return group
        return None

    def groups(self, user_id: str) -> list[MemoryGroup]:
        """Every memory of ``user_id`` with its history, newest memory first."""
        user = validate_user_id(user_id)
        listed = {row.fact_id: row for row in self.memory.list(user)}
        log = self.memory.decision_log(user)
        grouped: dict[str, list[MemoryRow]] = {}
        for fact in self.versions(user):
            row = listed.get(fact.fact_id)
            if row is None:
                continue
            grouped.setdefault(self.group_key(fact), []).append(MemoryRow(fact, row))
        out = []
        for key, rows in grouped.items():
            ids = {r.fact_id for r in rows}
            out.append(
                MemoryGroup(key, tuple(rows), tuple(e for e in log if e.fact_id in ids))
            )
        return out

    # ---------------------------------------------------------------- settings

    def memory_enabled(self, user_id: str) -> bool:
        """Whether memory is on for ``user_id`` (on unless they turned it off)."""
        user = validate_user_id(user_id)
        item = self.store.get(self.layout.settings(user), "memory")
        return not (item is not None and item.value.get("enabled") is False)

    # ---------------------------------------------------------------- export

    def export(self, user_id: str, *, now: datetime | None = None) -> dict[str, Any]:
        """Everything held about ``user_id`` as JSON-ready data.

        ``memories`` is the plain-language list; ``facts`` every version in full;
        ``decision_log`` the decisions (no fact text); ``stored_items`` every item of every
        namespace under the user's prefix, raw, so nothing held in this store is left out.
        """
        user = validate_user_id(user_id)
        items: dict[str, list[dict[str, Any]]] = {}
        for ns in self._namespaces(self.layout.user(user)):
            items["/".join(ns)] = [
                {
                    "key": i.key,
                    "value": i.value,
                    "created_at": i.created_at.isoformat(),
                    "updated_at": i.updated_at.isoformat(),
                }
                for i in _scan(self.store, ns)
                if tuple(i.namespace) == ns
            ]
        return {
            "user_id": user,
            "exported_at": (now or utcnow()).isoformat(),
            "memory_enabled": self.memory_enabled(user),
            "memories": [row._asdict() for row in self.memory.list(user)],
            "facts": [f.model_dump(mode="json") for f in self.versions(user)],
            "decision_log": [e._asdict() for e in self.memory.decision_log(user)],
            "stored_items": items,
        }

    def _namespaces(self, prefix: Sequence[str]) -> list[tuple[str, ...]]:
        out: list[tuple[str, ...]] = []
        offset = 0
        while True:
            page = self.store.list_namespaces(prefix=tuple(prefix), limit=_PAGE, offset=offset)
            out.extend(tuple(ns) for ns in page)
            if len(page) < _PAGE:
                return sorted(set(out))
            offset += _PAGE
