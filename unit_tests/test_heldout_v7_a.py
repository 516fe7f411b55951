"""The data of held-out split v7, part a (``benchmarks/truth/heldout_v7_a.py``, #12).

These tests check the split itself, not the product: it is deterministic, every kind has
enough probes, every user has exactly one irrelevant request, every value a probe expects
was said by that user, every scripted candidate is a valid, grounded ``CandidateFact``,
every scenario turn reaches a session of its user, and a third of the turns are one-offs.
"""

from __future__ import annotations

from benchmarks.truth import heldout_v7_a
from unit_tests.part_a_contract import StrictPartAContract


class TestHeldoutV7PartA(StrictPartAContract):
    generate = staticmethod(heldout_v7_a.generate_heldout_v7_a)
    scenario_texts = staticmethod(heldout_v7_a.scenario_texts)
    one_off_share = staticmethod(heldout_v7_a.one_off_share)
    one_off_texts = heldout_v7_a.ONE_OFF_TEXTS
    kinds = heldout_v7_a.KINDS
    prefix = "h7a-"
