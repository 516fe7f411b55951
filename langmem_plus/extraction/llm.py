"""``LLMExtractor``: candidate facts from any LangChain chat model, by structured output.

The model sees the privacy policy (``prompt.SYSTEM_PROMPT``) and the user's own turns as
delimited data, and answers in the ``ExtractedFacts`` schema through
``model.with_structured_output``. For ``ChatOpenAI`` that is OpenAI's Structured Outputs
(``response_format`` of type ``json_schema`` with ``strict: true``), so the schema below is
strict-compatible: every field required, nullable fields typed ``X | None``, no defaults.

The model is trusted for language, never for arithmetic or provenance: it copies the time
phrase and the code resolves it (``timeparse``); it names the turn and the quote and the code
checks the quote is really the user's words (``filters``). A model error or unusable answer
loses only that batch: it is logged by error *type* (never the text) and never raised.

Example:
    >>> from langchain_core.language_models.fake_chat_models import FakeListChatModel
    >>> from langchain_core.messages import HumanMessage
    >>> from langchain_core.runnables import RunnableLambda
    >>> class Scripted(FakeListChatModel):  # a fake model that always proposes one fact
    ...     def with_structured_output(self, schema, **kwargs):
    ...         return RunnableLambda(lambda _: schema(facts=[dict(
    ...             turn="m1", kind="fact", subject="user", predicate="city", object="Berlin",
    ...             text="The user lives in Berlin.", scope=None, quote="I live in Berlin",
    ...             time_phrase=None, confidence=0.9, holder="user")]))
    >>> extractor = LLMExtractor(Scripted(responses=[""]))
    >>> [c.text for c in extractor.extract([HumanMessage("I live in Berlin now.")])]
    ['The user lives in Berlin.']
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Collection, Mapping
from typing import Any, Literal

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage, SystemMessage
from langchain_core.runnables import Runnable
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from langmem_plus.extraction.base import (
    BaseExtractor,
    DroppedCandidate,
    ExtractionResult,
    UserTurn,
)
from langmem_plus.extraction.grounding import person_subject
from langmem_plus.extraction.prompt import SYSTEM_PROMPT, render_turns
from langmem_plus.extraction.timeparse import resolve_time
from langmem_plus.facts.models import CandidateFact

__all__ = ["ExtractedFact", "ExtractedFacts", "LLMExtractor"]

logger = logging.getLogger("langmem_plus.extraction")


class ExtractedFact(BaseModel):
    """One fact as the model proposes it (the structured-output schema)."""

    model_config = ConfigDict(extra="ignore")

    turn: str = Field(description="id of the user turn it came from, e.g. 'm1'")
    kind: Literal["preference", "fact", "decision", "identifier"] = Field(
        description="preference | fact | decision | identifier (nothing else is allowed)"
    )
    subject: str = Field(description="'user', or '<project>.<topic>' such as 'atlas.database'")
    predicate: str = Field(description="snake_case attribute such as 'city' or 'allergy'")
    object: str = Field(description="the value, in the user's own words")
    text: str = Field(description="the fact as one self-standing third-person sentence")
    scope: str | None = Field(description="the project this is about, or null")
    quote: str = Field(description="the user's exact words stating it (verbatim substring)")
    time_phrase: str | None = Field(
        description="the user's phrase for when it became true ('in August'), or null"
    )
    confidence: float = Field(description="0.9 clearly stated, 0.6 vague")
    # ---- grounding (see prompt.GROUNDING_FIELDS). Defaults let an answer from a model that
    # omits them still parse; the wire schema marks every field required (strict mode).
    holder: str = Field(
        default="user",
        description="whose fact it is: 'user', or the other person it is about ('sister', "
        "'Ana', 'my manager')",
    )
    modality: Literal["asserted", "hypothetical", "question", "plan"] = Field(
        default="asserted",
        description="asserted | hypothetical (if/would/were I) | question | plan (a plan, "
        "hope or wish)",
    )
    polarity: Literal["assert", "retract"] = Field(
        default="assert",
        description="retract when the user says it stopped being true (left, died, no longer)",
    )
    provenance: Literal["own_words", "quoted", "tool"] = Field(
        default="own_words",
        description="own_words, or quoted when it comes from text the user pasted or quoted",
    )
    time_stated: bool | None = Field(
        default=None, description="true when the user said when it became true, else false"
    )
    single_valued: bool | None = Field(
        default=None,
        description="for a predicate not in the list: true when a person has one at a time "
        "(a car, a phone plan), false when several (hobbies); else null",
    )
    corrects: str | None = Field(
        default=None,
        description="when the user corrects a value they gave ('I meant X, not Y'): Y; else null",
    )
    ended: str | None = Field(
        default=None,
        description="for a past state that is over: the user's phrase for when it ended "
        "('until 2021'), or 'unknown'; null when it still holds",
    )


class ExtractedFacts(BaseModel):
    """Durable facts about the user, stated in their own messages. Empty when there are none."""

    facts: list[ExtractedFact] = Field(description="the facts; usually empty")


class UnusableOutputError(Exception):
    """The model answered, but not with the ``ExtractedFacts`` shape (logged by type only)."""


_SENTENCE = re.compile(r"[^.!?;\n]+[.!?]?")
_WORD = re.compile(r"[^\W_]+")


def _words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text)}


def _ground_quote(turn: UserTurn, quote: str) -> str | None:
    """The user's verbatim words for ``quote``: itself if verbatim, else the closest sentence."""
    words = quote.strip().strip(" .!?,;:").split()
    if words:
        exact = re.search(r"\s+".join(map(re.escape, words)), turn.text, re.IGNORECASE)
        if exact:
            return exact.group(0)  # verbatim, in the user's own spelling
    wanted = _words(quote)
    if not wanted:
        return None
    best, score = None, 0.0
    for m in _SENTENCE.finditer(turn.text):
        sentence = m.group(0).strip()
        overlap = len(wanted & _words(sentence)) / len(wanted)
        if overlap > score:
            best, score = sentence, overlap
    return best if score >= 0.6 else None


def _as_facts(output: Any) -> ExtractedFacts:
    if isinstance(output, ExtractedFacts):
        return output
    if isinstance(output, Mapping) and "parsed" in output and "raw" in output:
        output = output["parsed"]  # include_raw=True
    if isinstance(output, BaseModel):
        output = output.model_dump()
    if isinstance(output, Mapping):
        try:
            return ExtractedFacts.model_validate(output)
        except ValidationError as exc:
            raise UnusableOutputError(type(exc).__name__) from None
    raise UnusableOutputError(type(output).__name__)


class LLMExtractor(BaseExtractor):
    """Propose candidate facts with any LangChain chat model, by structured output.

    Args:
        model: a chat model that supports ``with_structured_output`` (``ChatOpenAI``,
            ``ChatAnthropic``, ...). Use a small, cheap one: extraction is fuzzy work.
        max_turns_per_call: user turns sent per model call; a failed call loses only its
            batch.
        structured_output_kwargs: passed to ``with_structured_output`` (e.g.
            ``{"method": "function_calling"}`` for a provider without JSON-schema output).
        system_prompt: the privacy policy and rules; change it only on purpose and with
            a review (see ``prompt.py``).
        max_concurrency: in ``aextract``, how many batches run at once.
        allow_sensitive: see ``BaseExtractor``.
        other_user_ids: see ``BaseExtractor``.

    Example:
        >>> from langchain_openai import ChatOpenAI  # doctest: +SKIP
        >>> extractor = LLMExtractor(ChatOpenAI(model="gpt-4o-mini"))  # doctest: +SKIP
        >>> extractor.extract([HumanMessage("I moved to Berlin in August")])  # doctest: +SKIP
        [CandidateFact(kind='fact', subject='user', predicate='city', object='Berlin', ...)]
    """

    def __init__(
        self,
        model: BaseChatModel | Runnable[Any, Any],
        *,
        max_turns_per_call: int = 12,
        structured_output_kwargs: Mapping[str, Any] | None = None,
        system_prompt: str = SYSTEM_PROMPT,
        max_concurrency: int = 4,
        allow_sensitive: Collection[str] = (),
        other_user_ids: Collection[str] = (),
    ) -> None:
        super().__init__(allow_sensitive=allow_sensitive, other_user_ids=other_user_ids)
        if max_turns_per_call < 1:
            raise ValueError(f"max_turns_per_call must be >= 1, got {max_turns_per_call!r}")
        self.model = model
        self.max_turns_per_call = max_turns_per_call
        self.system_prompt = system_prompt
        self.max_concurrency = max(1, max_concurrency)
        kwargs = dict(structured_output_kwargs or {})
        self._runnable: Runnable[Any, Any] = model.with_structured_output(  # type: ignore[union-attr]
            ExtractedFacts, **kwargs
        )

    # ---- pure steps (shared by sync and async) ---------------------------------------

    def _batches(self, turns: list[UserTurn]) -> list[list[UserTurn]]:
        n = self.max_turns_per_call
        context = [t for t in turns if t.context][-n:]  # the nearest earlier turns
        new = [t for t in turns if not t.context]
        return [context + new[i : i + n] for i in range(0, len(new), n)]

    def _prompt(self, batch: list[UserTurn], scope: str | None) -> list[Any]:
        return [SystemMessage(self.system_prompt), HumanMessage(render_turns(batch, scope))]

    def _convert(self, output: Any, batch: list[UserTurn], scope: str | None) -> ExtractionResult:
        proposed = _as_facts(output)
        by_ref = {turn.ref: turn for turn in batch}
        result = ExtractionResult()
        for item in proposed.facts:
            ref = item.turn.strip()
            turn = by_ref.get(ref) or by_ref.get(f"m{ref}" if ref.isdigit() else ref)
            if turn is None and len(batch) == 1:
                turn = batch[0]
            if turn is not None and turn.context:
                continue  # an earlier turn, shown only to read the new ones
            quote = _ground_quote(turn, item.quote) if turn is not None else None
            if turn is None or quote is None:
                # Not traceable to the user's own words (a planted tool result, document or
                # assistant text the model saw elsewhere, or an invention): never a candidate.
                proposal = CandidateFact(
                    kind=item.kind, subject=item.subject, predicate=item.predicate,
                    object=item.object, text=item.text, scope=item.scope, quote=item.quote,
                )  # fmt: skip
                result.dropped.append(DroppedCandidate(proposal, "ungrounded"))
                continue
            said = item.time_phrase and item.time_phrase.casefold() in turn.text.casefold()
            phrase = item.time_phrase if said else quote  # never a phrase the user did not write
            valid_from = resolve_time(phrase, turn.sent_at)
            if valid_from is None and phrase is not quote:
                valid_from = resolve_time(quote, turn.sent_at)
            valid_to = None
            if item.ended:
                # The end of a past state: the phrase the user gave, else "over by now".
                valid_to = resolve_time(re.sub(r"^(?:until|till)\s+", "in ", item.ended),
                                        turn.sent_at) or turn.sent_at  # fmt: skip
            holder = item.holder.strip() or "user"
            if holder.casefold() in ("user", "the user", "me", "i", "myself"):
                holder = "user"
            subject = item.subject
            if holder != "user" and subject.casefold() == "user":
                subject = person_subject(holder)
            result.candidates.append(
                CandidateFact(
                    kind=item.kind,
                    subject=subject,
                    predicate=re.sub(r"[^a-z0-9]+", "_", item.predicate.casefold()).strip("_"),
                    object=item.object,
                    text=item.text,
                    scope=item.scope or (scope if item.subject != "user" else None),
                    valid_from=turn.valid_from(valid_from),
                    message_id=turn.message_id,
                    quote=quote,
                    confidence=min(1.0, max(0.0, item.confidence)),
                    source="stated",
                    holder=holder,
                    modality=item.modality,
                    polarity=item.polarity,
                    provenance=item.provenance,
                    # A stated time needs the user's phrase; the filters check it is there.
                    time_stated=bool(item.time_stated or item.time_phrase)
                    and valid_from is not None,
                    single_valued=item.single_valued,
                    corrects=item.corrects or None,
                    valid_to=valid_to,
                )
            )
        return result

    def _lost(self, batch: list[UserTurn], error: BaseException) -> ExtractionResult:
        name = type(error).__name__
        if isinstance(error, UnusableOutputError):
            name = f"UnusableOutputError({error.args[0] if error.args else '?'})"
        # The type only: messages and tracebacks can carry the user's text.
        logger.warning("extraction batch of %d turn(s) lost: %s", len(batch), name)
        return ExtractionResult(errors=[name])

    # ---- the only I/O: one model call per batch ---------------------------------------

    def _run_batch(self, batch: list[UserTurn], scope: str | None) -> ExtractionResult:
        try:
            output = self._runnable.invoke(self._prompt(batch, scope))
            return self._convert(output, batch, scope)
        except Exception as error:  # a model failure must never reach the graph
            return self._lost(batch, error)

    async def _arun_batch(
        self, batch: list[UserTurn], scope: str | None, gate: asyncio.Semaphore
    ) -> ExtractionResult:
        try:
            async with gate:
                output = await self._runnable.ainvoke(self._prompt(batch, scope))
            return self._convert(output, batch, scope)
        except Exception as error:  # a model failure must never reach the graph
            return self._lost(batch, error)

    @staticmethod
    def _merge(results: list[ExtractionResult]) -> ExtractionResult:
        merged = ExtractionResult()
        for r in results:
            merged.candidates.extend(r.candidates)
            merged.dropped.extend(r.dropped)
            merged.errors.extend(r.errors)
        return merged

    def _propose(self, turns: list[UserTurn], scope: str | None) -> ExtractionResult:
        return self._merge([self._run_batch(b, scope) for b in self._batches(turns)])

    async def _apropose(self, turns: list[UserTurn], scope: str | None) -> ExtractionResult:
        gate = asyncio.Semaphore(self.max_concurrency)
        batches = self._batches(turns)
        results = await asyncio.gather(*(self._arun_batch(b, scope, gate) for b in batches))
        return self._merge(list(results))
