"""The two baselines, fed the same extractor output as the real graph.

* ``VectorTopK``: what most memory systems do. Every extracted fact is appended to
  LangGraph's ``InMemoryStore`` (one namespace per user, an embedding index over the fact
  text) and the top ``k`` by similarity to the request are recalled. No supersession, no
  scope, no floor.
* ``AppendLog``: every extracted fact appended to a per-user list; the most recent ``n``
  lines are sent with every request.

Both render their block with the same lead line as ``FactMemory`` so the token counts
compare like with like.
"""

from __future__ import annotations

import itertools

from langchain_core.embeddings import Embeddings
from langgraph.store.memory import InMemoryStore

from langmem_plus.retrieval import LEAD_LINE

__all__ = ["AppendLog", "VectorTopK", "render"]


def render(texts: list[str]) -> str:
    """The block a baseline sends: the lead line and one fact per line ("" when empty)."""
    if not texts:
        return ""
    return "\n".join([LEAD_LINE, *(f"- {' '.join(t.split())}" for t in texts)])


class VectorTopK:
    """Append-every-fact vector memory on ``InMemoryStore``; recall = top ``k``."""

    name = "vector top-k"

    def __init__(self, embeddings: Embeddings, *, dims: int, k: int = 5) -> None:
        self.k = k
        self.store = InMemoryStore(index={"dims": dims, "embed": embeddings, "fields": ["text"]})
        self._ids = itertools.count()
        self.rows: dict[str, int] = {}

    def add(self, user_id: str, texts: list[str]) -> None:
        for text in texts:
            self.store.put(("vec", user_id), f"m{next(self._ids)}", {"text": text})
            self.rows[user_id] = self.rows.get(user_id, 0) + 1

    def block(self, user_id: str, request: str) -> str:
        hits = self.store.search(("vec", user_id), query=request, limit=self.k)
        return render([h.value["text"] for h in hits])


class AppendLog:
    """Append-only log of facts; recall = the last ``n`` lines, whatever the request."""

    name = "append-only log"

    def __init__(self, n: int = 10) -> None:
        self.n = n
        self.lines: dict[str, list[str]] = {}

    @property
    def rows(self) -> dict[str, int]:
        return {u: len(v) for u, v in self.lines.items()}

    def add(self, user_id: str, texts: list[str]) -> None:
        self.lines.setdefault(user_id, []).extend(texts)

    def block(self, user_id: str, request: str) -> str:
        return render(self.lines.get(user_id, [])[-self.n :])
