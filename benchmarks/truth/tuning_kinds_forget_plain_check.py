"""The generalisation check of ``tuning_kinds_forget_plain.py`` (issue 12, kind 6).

Forget wordings written at the same time as that module's, in other words, and never fixed
against: their figure before and after the fixes says whether the fixes generalise. Same
facts, same probes, same contract (``tuning_kinds.py`` collects ``SCENARIOS``).

Example:
    >>> len(SCENARIOS) == len(CASES)
    True
"""

from __future__ import annotations

from collections.abc import Sequence

from benchmarks.truth.tuning_kinds_forget_plain import Case, scenario

__all__ = ["CASES", "SCENARIOS"]

CASES: Sequence[Case] = (
    Case("delete everything you've learned about my children", ("kids",), ("partner",)),
    Case("Erase my {prel}'s name, please.", ("partner",), ("pet",)),
    Case("you can drop the stuff about where I live", ("city",), ("employer",)),
    Case("stop remembering my job, it's private", ("job",), ("city",), later=False),
    Case("i'd rather you didn't keep my diet", ("diet",), ("allergy",)),
    Case("Forget {pname}.", ("pet",), ("kids",)),
    Case("remove what I said about being allergic to {allergen}", ("allergy",), ("diet",)),
    Case("please forget my hometown 🙏", ("city",), ("hobby",)),
    Case("Wipe everything you have on me. Fresh start.", ("*",), ()),
    Case("nvm that last thing I said, delete it", ("hobby",), ("city",), same_session=True),
    Case("Can you stop keeping track of what I eat?", ("diet",), ("city",)),
    Case("My work stuff — you can let that go, I've retired.", ("job",), ("kids",)),
    Case("forget it, just give me the recipe", (), ("diet", "allergy")),
    Case("What's a good risotto? Don't forget the parmesan.", (), ("diet", "allergy")),
    Case("I forgot my umbrella on the bus, what should I do?", (), ("city", "employer")),
)
"""The check's forget wordings."""

SCENARIOS = [scenario(c) for c in CASES]
"""The check's scenarios, collected by ``tuning_kinds.generate_tuning_kinds``."""
