"""Reading a memory block the way the scorers do: whole-word values, fact lines, tokens.

Example:
    >>> has("- Lives in Porto.", "porto"), has("- Lives in Portobello.", "Porto")
    (True, False)
    >>> fact_lines("Memory:\\n- Lives in Porto.\\nnote"), tokens("abcde")
    (['- Lives in Porto.'], 2)
"""

from __future__ import annotations

import math
import re
from functools import cache

__all__ = ["fact_lines", "has", "tokens"]


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
