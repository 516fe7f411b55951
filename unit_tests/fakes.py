"""Fakes for tests, named as such. Nothing here is used by the library."""

from __future__ import annotations

import math
import re

from langchain_core.embeddings import Embeddings


class FakeWordEmbeddings(Embeddings):
    """FAKE embeddings for tests: each word maps to a fixed pseudo-random direction.

    Texts sharing words get similar vectors, which is enough to test ranking plumbing; it is
    not semantic and never used outside tests.
    """

    def __init__(self, dims: int = 32) -> None:
        self.dims = dims
        self.calls = 0

    def _word(self, word: str) -> list[float]:
        seed = sum((i + 1) * ord(c) for i, c in enumerate(word))
        return [math.sin(seed * (k + 1) * 12.9898) for k in range(self.dims)]

    def _embed(self, text: str) -> list[float]:
        vec = [0.0] * self.dims
        for w in re.findall(r"[a-z0-9]+", text.lower()):
            for k, x in enumerate(self._word(w)):
                vec[k] += x
        norm = math.sqrt(sum(x * x for x in vec)) or 1.0
        return [x / norm for x in vec]

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        self.calls += 1
        return [self._embed(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        self.calls += 1
        return self._embed(text)
