"""The errors langmem-plus raises, one small tree with a single base.

Every message names the offending value and says how to fix it::

    LangmemPlusError
    ├── InvalidUserIdError (ValueError)     empty, not a str, wildcard or separator
    │   └── MissingUserIdError              a graph run with no user id anywhere
    ├── InvalidFactError (ValueError)       a fact/candidate that cannot be stored as given
    ├── ValueNotSerializableError (TypeError, ValueError)  a store value refused before any
    │                                       write: not JSON or past a limit (stores/values.py)
    ├── EmbeddingDimensionError (ValueError)    embedding size differs from the index
    ├── EmbeddingModelRequiredError         a write needing the model, on a store opened without
    ├── StoreConfigMismatchError            existing path/collection has another config
    ├── StoreInUseError                     an Edge path already open in another store
    ├── StoreRecoveryError                  an Edge path a crash left in a state not repaired
    ├── StoreUnavailableError               the store timed out or is down (resilience)
    │   └── OutboxFullError                 the durable write outbox reached its bound
    └── OutboxInUseError                    outbox path held by another live store

LangGraph's own ``InvalidNamespaceError`` is raised unchanged for bad namespaces, so code
written against LangGraph's stores keeps catching what it already catches.

Example:
    >>> from langmem_plus.errors import InvalidUserIdError, LangmemPlusError
    >>> issubclass(InvalidUserIdError, (LangmemPlusError, ValueError))
    True
"""

from __future__ import annotations

__all__ = [
    "EmbeddingDimensionError",
    "EmbeddingModelRequiredError",
    "InvalidFactError",
    "InvalidUserIdError",
    "LangmemPlusError",
    "MissingUserIdError",
    "OutboxFullError",
    "OutboxInUseError",
    "StoreConfigMismatchError",
    "StoreInUseError",
    "StoreRecoveryError",
    "StoreUnavailableError",
    "ValueNotSerializableError",
]


class LangmemPlusError(Exception):
    """Base class of every error raised by langmem-plus."""


class InvalidUserIdError(LangmemPlusError, ValueError):
    """A user id that would scope memory wrongly (empty, not a string, wildcard or separator)."""


class MissingUserIdError(InvalidUserIdError):
    """A graph or agent run that carries no user id: none (or only ``""``) in the runtime
    context, in ``config["configurable"]`` and in the thread's own state.

    A subclass of ``InvalidUserIdError``, so code that already catches that keeps working.
    """


class InvalidFactError(LangmemPlusError, ValueError):
    """A fact or candidate fact that cannot be stored as given."""


class ValueNotSerializableError(LangmemPlusError, TypeError, ValueError):
    """A store value refused before anything is written; the one error every refusal raises.

    Raised when the value is not a dict of JSON types with string keys, holds a lone
    surrogate, NaN or infinity, an integer outside signed 64-bit, is nested deeper than
    ``MAX_DEPTH`` or larger than ``MAX_VALUE_BYTES`` (``langmem_plus.stores.values``). The
    message names the key, the namespace, the place in the value and the limit. A
    ``TypeError`` as before, and a ``ValueError`` for the limits.
    """


class EmbeddingDimensionError(LangmemPlusError, ValueError):
    """An embedding whose length differs from the index's configured dimension."""


class StoreConfigMismatchError(LangmemPlusError):
    """An existing Qdrant collection or Edge shard was created with a different configuration."""


class EmbeddingModelRequiredError(LangmemPlusError):
    """A write or search that needs an embedding model, on a store opened without one (the
    CLI and the web view open a store built with an embedding index read-and-delete only)."""


class StoreInUseError(LangmemPlusError):
    """A Qdrant Edge path is already open in another store (this process or another one)."""


class StoreRecoveryError(LangmemPlusError):
    """A Qdrant Edge path that a crash left half-created or half-written, in a state the next
    open could not repair by itself; the message names the path and what to do."""


class StoreUnavailableError(LangmemPlusError):
    """The memory store did not answer in time or is failing; memory is degraded, not the app."""


class OutboxFullError(StoreUnavailableError):
    """The durable outbox of pending writes reached its bound; further writes are refused loudly."""


class OutboxInUseError(LangmemPlusError):
    """An outbox file is already held by another live ``ResilientStore`` (this or another
    process); each process needs its own ``outbox_path``."""
