"""Configuration types for the Qdrant stores.

``QdrantIndexConfig`` extends LangGraph's ``IndexConfig``: the same ``dims``/``embed``/
``fields`` keys work unchanged, and a few optional keys choose the distance and switch on
Qdrant's own BM25 relevance.

Example:
    >>> cfg: QdrantIndexConfig = {"fields": ["text"]}          # BM25 only, no model
    >>> normalize_distance(None), normalize_distance("l2")
    ('cosine', 'euclid')
"""

from __future__ import annotations

from typing import Literal

from langgraph.store.base import IndexConfig

__all__ = ["Distance", "QdrantIndexConfig", "normalize_distance"]

Distance = Literal["cosine", "dot", "euclid"]

_DISTANCE_ALIASES: dict[str, Distance] = {
    "cosine": "cosine",
    "dot": "dot",
    "inner_product": "dot",
    "euclid": "euclid",
    "euclidean": "euclid",
    "l2": "euclid",
}


class QdrantIndexConfig(IndexConfig, total=False):
    """LangGraph's ``IndexConfig`` plus Qdrant choices. Every key is optional.

    Without ``embed``, relevance comes from BM25 alone; with ``embed``, search is dense like
    LangGraph's own stores unless ``hybrid`` is set.
    """

    distance: str
    """Dense distance: ``"cosine"`` (default), ``"dot"`` or ``"euclid"``.

    LangGraph's Postgres names (``"inner_product"``, ``"l2"``) are accepted too, as is the
    Postgres key ``distance_type``. Scores follow LangGraph: similarity for cosine and dot,
    negative distance for euclid (higher is better in every case).
    """

    distance_type: str
    """Alias of ``distance`` for configs written for ``PostgresStore``."""

    lexical: bool
    """Keep a BM25 sparse vector (Qdrant's IDF modifier) for the indexed fields.

    Defaults to True when no ``embed`` is configured, so a store without an embedding model
    still ranks by real relevance. Items put with an explicit ``index=[...]`` field list always
    get one, which is how ``FactMemory`` switches relevance on for its own namespaces.
    """

    hybrid: bool
    """With ``embed`` set: fuse dense and BM25 rankings by reciprocal rank fusion (RRF).

    Scores are then RRF scores, not similarities. Default False (dense only, LangGraph's
    semantics).
    """


def normalize_distance(name: str | None) -> Distance:
    """Map a distance name (Qdrant's or Postgres's) to ``cosine``, ``dot`` or ``euclid``."""
    if name is None:
        return "cosine"
    try:
        return _DISTANCE_ALIASES[name.lower()]
    except KeyError:
        raise ValueError(
            f"unknown distance {name!r}: use one of 'cosine', 'dot', 'euclid' "
            "(or Postgres's 'inner_product', 'l2')"
        ) from None
