"""Migrate: bring memories kept by other libraries into facts, through the write policy.

Modules:
    from_langmem   ``import_langmem`` / ``aimport_langmem``: a LangMem namespace of free-text
                   memories -> extractor -> ``FactMemory.remember`` (``source="imported"``),
                   with an ``ImportReport`` of what was kept, superseded, rejected and why

The ``langmem-plus import`` command (progress bar, report) is ``langmem_plus.cli.import_command``.

Neither needs LangMem installed: LangMem's memories are plain store items.

Example:
    >>> from langgraph.store.memory import InMemoryStore
    >>> from langmem_plus.facts.memory import FactMemory
    >>> from langmem_plus.migrate import import_langmem
    >>> store = InMemoryStore()
    >>> store.put(("memories", "u1"), "m1", {"content": "User prefers metric units"})
    >>> import_langmem(store, ("memories", "u1"), memory=FactMemory(store),
    ...                user_id="u1").counts()["new"]
    1
"""

from langmem_plus.migrate.from_langmem import (
    ImportedMemory,
    ImportReport,
    aimport_langmem,
    first_person,
    import_langmem,
    memory_text,
)

__all__ = [
    "ImportReport",
    "ImportedMemory",
    "aimport_langmem",
    "first_person",
    "import_langmem",
    "memory_text",
]
