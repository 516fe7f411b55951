"""langmem-plus: long-term memory for LangGraph apps that stays true.

Facts are stored as triples with two clocks on Qdrant (embedded Qdrant Edge by default),
superseded when the world changes, recalled under a budget, and shown to and deletable by
the person they are about.
"""

from langmem_plus.errors import (
    EmbeddingDimensionError,
    InvalidFactError,
    InvalidUserIdError,
    LangmemPlusError,
    OutboxFullError,
    StoreConfigMismatchError,
    StoreUnavailableError,
    ValueNotSerializableError,
)
from langmem_plus.models import CandidateFact, Fact, validate_user_id

__all__ = [
    "CandidateFact",
    "EmbeddingDimensionError",
    "Fact",
    "InvalidFactError",
    "InvalidUserIdError",
    "LangmemPlusError",
    "OutboxFullError",
    "StoreConfigMismatchError",
    "StoreUnavailableError",
    "ValueNotSerializableError",
    "validate_user_id",
]
