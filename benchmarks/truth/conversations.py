"""The shape of a scripted conversation and its known answers, shared by both splits.

The held-out split (``heldout_v4.py``), the retired ones (``heldout_v1.py`` to
``heldout_v3.py``) and the tuning split's scenarios of the same kinds (``tuning_kinds.py``)
are written in these types and run by ``heldout_run.run_heldout``, so all are scored by one
rule. Reading this module tells nothing about any split's wordings or values.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from benchmarks.truth.modes import Slip
from langmem_plus.facts.models import CandidateFact

__all__ = ["ABSENT_CATEGORIES", "HoConversation", "HoProbe", "HoTurn"]

ABSENT_CATEGORIES = (
    "stale",
    "retracted",
    "forgotten",
    "corrected",
    "other_person",
    "hypothetical",
    "pasted",
    "instruction",
    "question",
)
"""Why a value must be missing from a memory block (or from the user's current facts)."""


@dataclass(frozen=True)
class HoTurn:
    """One user message, what a careful extractor proposes for it, and the slips."""

    text: str
    ideal: tuple[CandidateFact, ...] = ()
    slips: tuple[Slip, ...] = ()


@dataclass(frozen=True)
class HoProbe:
    """A request and its known answer.

    Attributes:
        request: the user's request (sent in a new session after all the statements).
        present: values that must occur in the memory block.
        absent: ``(value, category)`` pairs that must not occur in it.
        irrelevant: the request has nothing to do with anything the user said: no facts.
        kind: the scenario kind the probe measures (for the per-kind table).
    """

    request: str
    present: tuple[str, ...] = ()
    absent: tuple[tuple[str, str], ...] = ()
    irrelevant: bool = False
    kind: str = ""
    holder: str = ""
    """For another person's values: a block line naming that person ("stepbrother") and the
    value attributes it to them, which is not a mistake; the value anywhere else is."""


@dataclass(frozen=True)
class HoConversation:
    """One simulated user: sessions of turns (each with a send time), then probes."""

    user_id: str
    sessions: tuple[tuple[datetime, tuple[HoTurn, ...]], ...]
    probes: tuple[HoProbe, ...]
    probe_at: datetime
    forbidden: tuple[tuple[str, str], ...] = ()
    """``(value, category)`` that must never be a current fact of the user at the end."""
    kinds: tuple[str, ...] = ()
