"""Reading a memory block the way the scorers do: whole-word values, fact lines, tokens.

Example:
    >>> has("- Lives in Porto.", "porto"), has("- Lives in Portobello.", "Porto")
    (True, False)
    >>> fact_lines("Memory:\\n- Lives in Porto.\\nnote"), tokens("abcde")
    (['- Lives in Porto.'], 2)
    >>> seen = memory_seen({"memory_block": "M:\\n- Lives in Porto.", "memory_opening": "Open: x"})
    >>> seen.splitlines(), recalled(seen)
    (['M:', '- Lives in Porto.', 'Open: x'], 'M:\\n- Lives in Porto.')
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

__all__ = ["OPENING", "fact_lines", "has", "memory_seen", "recalled", "tokens"]


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


OPENING = "\f"
"""Where the opening context starts in ``memory_seen``'s text: a line break to
``splitlines`` and to a whole-word match, and a mark for ``recalled``."""


def memory_seen(state: Mapping[str, Any]) -> str:
    """What the model was given of memory in one turn, as the scorers read it: the recalled
    block, then (after ``OPENING``) the opening context: how long since the last session
    and the open thread. The opening is scored for what must reach the model and for what
    must not come back (a superseded, retracted, corrected or forgotten value), and the
    open thread is where a resumed task's details may reach it. It holds no ``- `` lines,
    so fact-line counts are the block's."""
    block = state.get("memory_block") or ""
    opening = state.get("memory_opening") or ""
    return f"{block}{OPENING}{opening}" if opening else block


def recalled(seen: str) -> str:
    """The recalled block of a ``memory_seen`` text, without the opening context: what is
    scored for values that were said but are nobody's fact (a question, a hypothetical,
    another person's, a pasted or an instruction's value), which the open thread may
    quote as what the user asked."""
    return seen.partition(OPENING)[0]
