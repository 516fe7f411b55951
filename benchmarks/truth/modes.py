"""Extractor modes of the truth benchmark, and the wrappers that record what reached memory.

Three modes put different candidates in front of the same write policy, through the same
graph (``add_memory``, ``FactMemory`` on ``QdrantStore(path=...)``):

* ``default``: ``RuleExtractor``, as shipped.
* ``perfect``: a scripted extractor that proposes, for each user turn, the candidates a
  careful LLM would (the split supplies them, grounding fields filled: holder, modality,
  polarity, provenance, time_stated, corrects, valid_to, single_valued). Whatever the
  memory still gets wrong here is the write and retrieval policies' doing.
* ``slips``: the same, plus the mistakes a careless LLM makes (a hypothetical marked as
  asserted, another person's fact marked as the user's, a pasted document's statement
  marked as the user's own words, an instruction as a preference, a question as a fact).

Scripted extractors go through ``BaseExtractor``'s pipeline, so the post-filters run on
their output exactly as they do on a model's. ``RecordingExtractor`` wraps any of them and
keeps, per user, what passed the post-filters (fed to every baseline) and what a post-filter
dropped (so a stopped slip can be attributed to the layer that stopped it);
``RecordingMemory`` keeps the write policy's decision for every candidate.

Example:
    >>> from langchain_core.messages import HumanMessage
    >>> from langmem_plus.facts.models import CandidateFact
    >>> c = CandidateFact(kind="fact", predicate="city", object="Tartu",
    ...                   text="The user lives in Tartu.", quote="I live in Tartu.")
    >>> ex = ScriptedExtractor({"I live in Tartu.": [c]})
    >>> [x.object for x in ex.extract([HumanMessage("I live in Tartu.")])]
    ['Tartu']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from benchmarks.truth.blocks import has
from langmem_plus.extraction import RuleExtractor
from langmem_plus.extraction.base import (
    BaseExtractor,
    DroppedCandidate,
    ExtractionResult,
    UserTurn,
)
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import CandidateFact

__all__ = [
    "MODES",
    "SLIP_KINDS",
    "RecordingExtractor",
    "RecordingMemory",
    "ScriptedExtractor",
    "Slip",
    "WriteRecord",
    "slip_layer",
    "slipped_script",
]

MODES = ("default", "perfect", "slips")


class ScriptedExtractor(BaseExtractor):
    """Proposes the candidates scripted for each user turn's text (none for other text).

    ``script`` maps a turn's exact text to its candidates. ``by_user`` maps a user id to that
    user's own script, read first for that user's turns (``user_id=`` of ``extract``): two
    users who say the same words at different times get their own stated dates, rather than
    whichever user the shared script kept. ``message_id`` is filled from the turn; a
    candidate without ``valid_from`` keeps none (the write policy then uses its clock and
    the candidate's time is *assumed*, as a model's would be).

    Example:
        >>> from langchain_core.messages import HumanMessage
        >>> c = CandidateFact(kind="fact", predicate="city", object="Pori",
        ...                   text="The user lives in Pori.", quote="I live here.")
        >>> ex = ScriptedExtractor({}, by_user={"u1": {"I live here.": [c]}})
        >>> [len(ex.extract([HumanMessage("I live here.")], user_id=u)) for u in ("u1", "u2")]
        [1, 0]
    """

    def __init__(
        self,
        script: Mapping[str, Sequence[CandidateFact]],
        *,
        by_user: Mapping[str, Mapping[str, Sequence[CandidateFact]]] | None = None,
    ) -> None:
        super().__init__()
        self.script = dict(script)
        self.by_user = {u: dict(s) for u, s in (by_user or {}).items()}
        self._user: ContextVar[str | None] = ContextVar("scripted_user", default=None)

    def extract_detailed(self, messages: Sequence[Any], **kw: Any) -> ExtractionResult:
        token = self._user.set(kw.get("user_id"))
        try:
            return super().extract_detailed(messages, **kw)
        finally:
            self._user.reset(token)

    async def aextract_detailed(self, messages: Sequence[Any], **kw: Any) -> ExtractionResult:
        token = self._user.set(kw.get("user_id"))
        try:
            return await super().aextract_detailed(messages, **kw)
        finally:
            self._user.reset(token)

    def _lookup(self, text: str) -> Sequence[CandidateFact]:
        """The turn's script, the user's own first; a remember-this command hands the
        extractor only the text after its trigger ("Remember that I'm ..." -> "I'm ..."), so
        a turn found inside scripted texts that all say the same gets their candidates."""
        user = self._user.get()
        for script in (self.by_user.get(user, {}) if user is not None else {}, self.script):
            found = _lookup_in(script, text)
            if found is not None:
                return found
        return ()

    def _propose(self, turns: list[UserTurn], scope: str | None) -> ExtractionResult:
        out: list[CandidateFact] = []
        for turn in turns:
            for c in self._lookup(turn.text):
                update: dict[str, Any] = {"message_id": turn.message_id}
                if c.quote and c.quote not in turn.text:
                    update["quote"] = turn.text.strip()  # the fast path's shortened turn
                if scope and c.scope is None and c.subject != "user":
                    update["scope"] = scope
                out.append(c.model_copy(update=update))
        return ExtractionResult(out)


def _lookup_in(
    script: Mapping[str, Sequence[CandidateFact]], text: str
) -> Sequence[CandidateFact] | None:
    """``text``'s candidates in one script (exact text, else the one script every scripted
    text containing it agrees on), or ``None`` when the script has nothing for it."""
    if text in script:
        return script[text]
    needle = text.strip()
    if len(needle) < 12:
        return None
    found = {
        tuple((c.predicate, c.object) for c in cs): cs for k, cs in script.items() if needle in k
    }
    return next(iter(found.values())) if len(found) == 1 else None


class RecordingExtractor(BaseExtractor):
    """Wraps an extractor; keeps per user what passed the post-filters and what was dropped."""

    def __init__(self, inner: BaseExtractor | None = None) -> None:
        super().__init__()
        self.inner = inner or RuleExtractor()
        self.proposed: dict[str, list[CandidateFact]] = {}
        self.dropped: dict[str, list[DroppedCandidate]] = {}
        self.all_proposed: dict[str, list[CandidateFact]] = {}

    def _propose(self, turns: list[UserTurn], scope: str | None) -> ExtractionResult:
        raise NotImplementedError  # never reached: extract_detailed delegates

    def _record(self, result: ExtractionResult, user: str) -> ExtractionResult:
        self.proposed.setdefault(user, []).extend(result.candidates)
        self.all_proposed.setdefault(user, []).extend(result.candidates)
        self.dropped.setdefault(user, []).extend(result.dropped)
        return result

    def extract_detailed(self, messages: Sequence[Any], **kw: Any) -> ExtractionResult:
        return self._record(self.inner.extract_detailed(messages, **kw), kw.get("user_id") or "?")

    async def aextract_detailed(self, messages: Sequence[Any], **kw: Any) -> ExtractionResult:
        result = await self.inner.aextract_detailed(messages, **kw)
        return self._record(result, kw.get("user_id") or "?")

    def take(self, user_id: str) -> list[CandidateFact]:
        """Candidates that passed the post-filters for the user since the last take."""
        return self.proposed.pop(user_id, [])


@dataclass(frozen=True)
class Slip:
    """A mistake a careless LLM extractor makes on one turn.

    Attributes:
        kind: ``hypothetical_as_fact`` | ``other_person_as_user`` | ``pasted_as_own`` |
            ``instruction_as_preference`` | ``question_as_fact``.
        candidate: the wrong candidate, as that extractor would emit it.
        marker: the value that must not become a current fact of the user.
    """

    kind: str
    candidate: CandidateFact
    marker: str


SLIP_KINDS = (
    "hypothetical_as_fact",
    "other_person_as_user",
    "pasted_as_own",
    "instruction_as_preference",
    "question_as_fact",
)


def slipped_script(
    ideal: Mapping[str, Sequence[CandidateFact]], slips: Mapping[str, Sequence[Slip]]
) -> dict[str, list[CandidateFact]]:
    """The careless extractor's script: each turn's ideal candidates with every slip put in
    place of the candidate it spoils (same predicate and value), or added (an instruction).

    Example:
        >>> c = CandidateFact(kind="fact", predicate="city", object="Oulu",
        ...                   text="The user lives in Oulu.", modality="hypothetical")
        >>> s = Slip("hypothetical_as_fact", c.model_copy(update={"modality": "asserted"}),
        ...          "Oulu")
        >>> [x.modality for x in slipped_script({"t": [c]}, {"t": [s]})["t"]]
        ['asserted']
    """
    out: dict[str, list[CandidateFact]] = {k: list(v) for k, v in ideal.items()}
    for text, turn_slips in slips.items():
        cands = out.setdefault(text, [])
        for slip in turn_slips:
            bad = slip.candidate
            for i, c in enumerate(cands):
                if (c.predicate, c.object) == (bad.predicate, bad.object):
                    cands[i] = bad
                    break
            else:
                cands.append(bad)
    return out


@dataclass(frozen=True)
class WriteRecord:
    """One candidate put through the write policy, and what it decided."""

    candidate: CandidateFact
    action: str
    code: str
    subject: str | None = None
    """The subject the stored fact got (``None`` when nothing was stored)."""


class RecordingMemory(FactMemory):
    """``FactMemory`` that keeps every write-policy decision, per user (benchmarks only)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.writes: dict[str, list[WriteRecord]] = {}

    def remember(self, user_id: str, candidate: Any, **kw: Any) -> Any:
        decision = super().remember(user_id, candidate, **kw)
        if isinstance(candidate, CandidateFact):
            self.writes.setdefault(user_id, []).append(
                WriteRecord(
                    candidate,
                    decision.action,
                    decision.code,
                    decision.fact.subject if decision.fact is not None else None,
                )
            )
        return decision


def _same(a: CandidateFact, b: CandidateFact) -> bool:
    return (a.predicate, a.object.casefold()) == (b.predicate, b.object.casefold())


def slip_layer(slip: Slip, graph: Any, user: str, user_values: Sequence[str]) -> str:
    """Which layer stopped ``slip`` for ``user`` in ``graph`` (a ``runner.build_graph``
    result): ``"post-filter: <reason>"``, ``"write policy: <code>"``, or ``"stored"`` /
    ``"stored, closed later"`` when none did. ``user_values`` are the texts of the user's
    current facts at the end (subject ``user``)."""
    # Strict: a slip the extractor proposed more than once (the same mistake on two turns)
    # is stopped only if *no* copy reached the user's slots. Look for a stored copy first.
    if any(has(v, slip.marker) for v in user_values):
        return "stored"
    layers: list[str] = []
    for w in graph.memory.writes.get(user, []):
        if _same(w.candidate, slip.candidate) and w.candidate.text == slip.candidate.text:
            if w.action in ("rejected", "conflict"):
                layers.append(f"write policy: {w.code}")
            elif w.subject not in (None, "user"):
                layers.append("write policy: kept as another person's fact")
            else:
                return "stored, closed later"
    for d in graph.extractor.dropped.get(user, []):
        if _same(d.candidate, slip.candidate):
            layers.append(f"post-filter: {d.reason}")
    if layers:
        return layers[0]
    return "never proposed"
