"""Reading a memory block the way the scorers do: whole-word values, fact lines, tokens.

Example:
    >>> has("- Lives in Porto.", "porto"), has("- Lives in Portobello.", "Porto")
    (True, False)
    >>> fact_lines("Memory:\\n- Lives in Porto.\\nnote"), tokens("abcde")
    (['- Lives in Porto.'], 2)
    >>> memory_seen({"memory_block": "M:\\n- Lives in Porto.", "memory_opening": "Open thread: x"})
    'M:\\n- Lives in Porto.\\nOpen thread: x'
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

__all__ = ["fact_lines", "has", "memory_seen", "tokens"]


@cache
def _pattern(value: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(value)}(?![\w-])", re.IGNORECASE)


def has(block: str, value: str) -> bool:
    """Whole-word, case-insensitive ``value`` in ``block``."""
    return bool(block) and _pattern(value).search(block) is not None


def tokens(block: str) -> int:
    """Memory tokens of a block, estimated as ``ceil(chars / 4)``."""
    return math.ceil(len(block) / 4)


def fact_lines(block: str) -> list[str]:
    return [ln for ln in block.splitlines() if ln.startswith("- ")]


def memory_seen(state: Mapping[str, Any]) -> str:
    """What the model was given of memory in one turn, as the scorers read it: the recalled
    block, then the opening context (how long since the last session, the open thread).
    The opening is scored too: a value superseded or forgotten since must not come back
    through it, and the open thread is where a resumed task's details may reach the model.
    It holds no ``- `` lines, so fact-line counts are the block's."""
    block = state.get("memory_block") or ""
    opening = state.get("memory_opening") or ""
    return "\n".join(p for p in (block, opening) if p)
