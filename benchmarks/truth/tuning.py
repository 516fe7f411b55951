"""The tuning split: ``generator.py``'s conversations, plus its perfect candidates and slips.

The tuning split is the one product changes may be tuned on (it has been: 70% -> 91% ->
100% on the default path, see docs/benchmarks.md). Its wordings, names and values are
visible to everyone; the prompt examples of the LLM extractor come from here, never from
the held-out split (``heldout_v4.py``, which only the benchmark's owner reads).

For the ``perfect`` mode each statement's ``asserts`` become the candidates a careful
extractor would propose; for ``slips``, a question naming a city becomes an asserted city
and another person's move becomes the user's (the two kinds of junk the generator makes
that a model can misread from the user's own words).

Example:
    >>> from benchmarks.truth.generator import generate
    >>> ideal, slips = tuning_scripts(generate(2, seed=0))
    >>> all(c.quote for cs in ideal.values() for c in cs), bool(slips)
    (True, True)
"""

from __future__ import annotations

import re

from benchmarks.truth.generator import UserScript
from benchmarks.truth.modes import Slip
from langmem_plus.facts.models import CandidateFact

__all__ = ["candidate_for", "tuning_scripts"]

_TEXT = {
    "city": "The user lives in {v}.",
    "employer": "The user works at {v}.",
    "allergy": "The user is allergic to {v}.",
    "language": "The user speaks {v}.",
    "units": "The user prefers {v} units.",
    "database": "{p} runs on {v}.",
    "deploy_target": "{p} is deployed to {v}.",
}


def candidate_for(slot: str, value: str, quote: str, **extra: object) -> CandidateFact:
    """The candidate a careful extractor proposes for ``slot`` = ``value``.

    Example:
        >>> c = candidate_for("heron.database", "Redis", "Heron now runs on Redis.")
        >>> (c.subject, c.predicate, c.scope, c.text)
        ('heron.database', 'database', 'heron', 'Heron runs on Redis.')
    """
    project, _, predicate = slot.rpartition(".")
    text = _TEXT.get(predicate, "The user's {pred} is {v}.").format(
        v=value, p=project.capitalize(), pred=predicate.replace("_", " ")
    )
    fields: dict[str, object] = {
        "kind": "preference" if predicate == "units" else "fact",
        "subject": slot if project else "user",
        "predicate": predicate,
        "object": value,
        "text": text,
        "quote": quote,
        "scope": project or None,
        **extra,
    }
    return CandidateFact.model_validate(fields)


def _holder(text: str) -> str:
    m = re.match(
        r"my ([a-z][a-z -]*?)(?:'s\b| just\b| is\b| has\b| works\b| lives\b)", text.lower()
    )
    return m.group(1) if m else "someone"


def _junk_slot(text: str) -> str:
    low = text.lower()
    if "allerg" in low:
        return "allergy"
    if "work" in low or "job" in low:
        return "employer"
    return "city"


def tuning_scripts(
    users: list[UserScript],
) -> tuple[dict[str, list[CandidateFact]], dict[str, list[Slip]]]:
    """``(ideal, slips)``: per user-turn text, the careful candidates and the slips."""
    ideal: dict[str, list[CandidateFact]] = {}
    slips: dict[str, list[Slip]] = {}
    for user in users:
        for session in user.sessions:
            for turn in session.turns:
                if turn.text in ideal:
                    continue
                if turn.asserts:
                    ideal[turn.text] = [candidate_for(s, v, turn.text) for s, v in turn.asserts]
                elif turn.kind in ("question", "third_party") and turn.junk:
                    slot = _junk_slot(turn.text)
                    cands, bad = [], []
                    for _, value in turn.junk:
                        if turn.kind == "question":
                            careful = candidate_for(slot, value, turn.text, modality="question")
                            kind = "question_as_fact"
                        else:
                            who = _holder(turn.text)
                            careful = candidate_for(
                                slot,
                                value,
                                turn.text,
                                holder=who,
                                subject="person:" + who.replace(" ", "_"),
                            )
                            kind = "other_person_as_user"
                        cands.append(careful)
                        spoiled = careful.model_copy(
                            update={"modality": "asserted", "holder": "user", "subject": "user"}
                        )
                        bad.append(Slip(kind, spoiled, value))
                    ideal[turn.text] = cands
                    slips[turn.text] = bad
    return ideal, slips
