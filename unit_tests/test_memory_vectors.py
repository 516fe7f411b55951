"""With an embedding index: superseded and retracted facts lose their vector in the same write,
and the store's dense scores reach the retrieval floor."""

from __future__ import annotations

import hashlib
import math

from langchain_core.embeddings import Embeddings
from langgraph.store.memory import InMemoryStore

from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.retrieval import RetrievalPolicy
from unit_tests.test_memory_support import Clock, cand


class BagOfWords(Embeddings):
    """Deterministic toy embeddings: hashed lower-case words, L2-normalised."""

    dims = 64

    def _one(self, text: str) -> list[float]:
        v = [0.0] * self.dims
        for w in text.lower().replace(".", " ").split():
            v[int(hashlib.md5(w.encode()).hexdigest(), 16) % self.dims] += 1.0
        n = math.sqrt(sum(x * x for x in v)) or 1.0
        return [x / n for x in v]

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [self._one(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return self._one(text)


def _store() -> InMemoryStore:
    return InMemoryStore(index={"dims": BagOfWords.dims, "embed": BagOfWords()})


def test_superseded_fact_has_no_vector_anywhere() -> None:
    store = _store()
    memory = FactMemory(store, clock=Clock())
    memory.remember("mia", cand("city", "Munich", "Lives in Munich."))
    memory.remember("mia", cand("city", "Berlin", "Lives in Berlin."))
    hits = store.search(memory.layout.user("mia"), query="Lives in Munich.", limit=50)
    scored = [(h.value.get("object"), h.score) for h in hits if h.score is not None]
    assert ("Munich", None) not in scored and all(obj != "Munich" for obj, _ in scored)
    assert store._vectors[memory.layout.history("mia")] == {}


def test_retracted_fact_has_no_vector() -> None:
    store = _store()
    memory = FactMemory(store, clock=Clock())
    d = memory.remember("mia", cand("employer", "Acme Ltd", "Works at Acme Ltd."))
    assert d.fact_id is not None
    memory.verdict("mia", d.fact_id, "rejected")
    hits = store.search(memory.layout.user("mia"), query="Works at Acme Ltd.", limit=50)
    assert all(h.score is None for h in hits)


def test_dense_scores_from_an_indexed_store_reach_the_floor() -> None:
    lexical_off = RetrievalPolicy(floor=1.01, dense_floor=0.5)  # only dense can pass
    memory = FactMemory(_store(), retrieval=lexical_off, clock=Clock())
    assert memory.plans.use_store_scores
    memory.remember(
        "mia", cand("database", "PostgreSQL 16", "Atlas runs on PostgreSQL 16.", subject="atlas.db")
    )
    r = memory.recall("mia", "atlas runs on PostgreSQL 16?", scope="atlas")
    assert [k.why for k in r.kept] == ["relevant"]
    assert memory.recall("mia", "how tall is the Eiffel tower?", scope="atlas").kept == ()
