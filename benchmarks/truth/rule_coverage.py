"""``python -m benchmarks.truth.rule_coverage [--split heldout] [--users 40] [--seed 0]``:
how much of a scripted split's user turns the default ``RuleExtractor`` reads at all.

It prints three totals and nothing of the split's wording (so it may be run on the current
held-out split): user turns, candidates the rules proposed over them (each turn on its own,
as the extract node hands it over), and turns with at least one candidate. Run it on two
trees (``PYTHONPATH=<tree>``) to see whether a change to the rules reaches a split at all,
before any policy or scoring decides what a candidate is worth.

Example:
    >>> totals = coverage("retired", users=2, seed=1)
    >>> sorted(totals), totals["turns"] >= totals["turns_with_candidates"]
    (['candidates', 'turns', 'turns_with_candidates'], True)
"""

from __future__ import annotations

import argparse
import json

from langchain_core.messages import HumanMessage

from benchmarks.truth.splits import scripted_split
from langmem_plus.extraction.rules import RuleExtractor

__all__ = ["coverage"]


def coverage(split: str, *, users: int = 40, seed: int = 0) -> dict[str, int]:
    """Totals of the rules' reading over every user turn of ``split``."""
    extractor = RuleExtractor()
    turns = candidates = with_any = 0
    for conversation in scripted_split(split, users, seed):
        for _, session in conversation.sessions:
            for turn in session:
                found = extractor.extract([HumanMessage(turn.text)])
                turns += 1
                candidates += len(found)
                with_any += bool(found)
    return {"turns": turns, "candidates": candidates, "turns_with_candidates": with_any}


def main(argv: list[str] | None = None) -> dict[str, int]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", default="heldout")
    ap.add_argument("--users", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    totals = coverage(args.split, users=args.users, seed=args.seed)
    print(json.dumps({"split": args.split, "seed": args.seed, **totals}))
    return totals


if __name__ == "__main__":
    main()
