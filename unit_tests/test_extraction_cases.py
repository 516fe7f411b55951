"""The shared table of cases (``extraction_cases.py``), run against both extractors.

* ``rules``: ``RuleExtractor``, offline patterns.
* ``chatopenai``: ``LLMExtractor(ChatOpenAI(...))`` pointed at the loopback replay server.
  The ChatOpenAI request/parsing code is real; the model is FAKE: its answer is the case's
  hand-written ``model_answer`` (several deliberately slip, so the post-filters are tested).

Both must leave the user with exactly the same facts.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from langchain_openai import ChatOpenAI
from pydantic import SecretStr

from langmem_plus.extraction import BaseExtractor, ExtractionResult, LLMExtractor, RuleExtractor
from unit_tests.extraction_cases import CASES, NOW, POISON, Case, can_be_current
from unit_tests.replay_server import ReplayServer, completion_json, queue_responder

EXTRACTORS = ["rules", "chatopenai"]


class Harness:
    """Builds the extractor for a case; for ``chatopenai`` also owns the replay server."""

    def __init__(self, kind: str, case: Case) -> None:
        self.kind = kind
        self.case = case
        self.server: ReplayServer | None = None

    def __enter__(self) -> Harness:
        if self.kind == "chatopenai":
            body = completion_json({"facts": self.case.model_answer})
            self.server = ReplayServer(queue_responder([body])).__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.server is not None:
            self.server.__exit__(*exc)

    def extractor(self) -> BaseExtractor:
        if self.server is None:
            return RuleExtractor()
        model = ChatOpenAI(
            model="gpt-4o-mini",
            base_url=self.server.base_url,
            api_key=SecretStr("test"),
            max_retries=0,
        )
        return LLMExtractor(model)

    def sent_user_data(self) -> str:
        """Everything the extractor sent to the model as data (the human messages)."""
        assert self.server is not None
        return json.dumps(
            [
                m["content"]
                for r in self.server.requests
                for m in r["messages"]
                if m["role"] == "user"
            ]
        )


@pytest.fixture(params=EXTRACTORS)
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def _check(case: Case, result: ExtractionResult) -> None:
    # What the user ends up with: the candidates the policy may make current (the others
    # carry grounding that makes the policy turn them down, e.g. a plan).
    got = {(c.predicate, c.object.casefold()) for c in result.candidates if can_be_current(c)}
    assert got == case.expected, (
        f"{case.id}: kept {got}, dropped {[d.reason for d in result.dropped]}"
    )
    assert result.errors == []
    user_texts = {
        m.id: (m.content if isinstance(m.content, str) else "")
        for m in case.messages
        if m.type == "human"
    }
    for c in result.candidates:
        # Every fact points at the user message it came from, with the user's own words.
        assert c.message_id in user_texts
        assert c.quote and c.quote.casefold().strip(" .!") in user_texts[c.message_id].casefold()
        assert c.source == "stated"
        assert not any(p.casefold() in c.text.casefold() for p in POISON)
    dates = {c.object.casefold(): c.valid_from for c in result.candidates if can_be_current(c)}
    for obj, day in case.valid_from.items():
        when = dates[obj]
        assert when is not None and when.date() == day, f"{case.id}: {obj} valid_from {when}"


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_case_sync(kind: str, case: Case) -> None:
    with Harness(kind, case) as h:
        result = h.extractor().extract_detailed(case.messages, now=NOW, scope=case.scope)
        _check(case, result)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
async def test_case_async(kind: str, case: Case) -> None:
    with Harness(kind, case) as h:
        result = await h.extractor().aextract_detailed(case.messages, now=NOW, scope=case.scope)
        _check(case, result)


# The planted text is outside the user's turns in these (in the others the user typed it).
INJECTIONS = [
    c
    for c in CASES
    if c.category == "injection" and c.id not in {"inject-in-users-words", "inject-pasted-negation"}
]


@pytest.mark.parametrize("case", INJECTIONS, ids=[c.id for c in INJECTIONS])
def test_planted_text_never_reaches_the_model(case: Case) -> None:
    """Tool results, assistant turns, system prompts and attachments are never sent as data."""
    with Harness("chatopenai", case) as h:
        h.extractor().extract(case.messages, now=NOW)
        sent = h.sent_user_data().casefold()
        assert h.server is not None and len(h.server.requests) == 1
        for phrase in POISON:
            assert phrase.casefold() not in sent


def test_table_covers_every_category() -> None:
    categories: dict[str, Any] = {}
    for c in CASES:
        categories.setdefault(c.category, []).append(c.id)
    assert set(categories) == {
        "statement",
        "correction",
        "question",
        "mood",
        "sensitive",
        "injection",
        "relative_date",
    }
    assert len(categories["injection"]) >= 5
