"""The shared extraction cases against the real OpenAI API (``OPENAI_API_KEY``).

The unit tests run the same table through ``ChatOpenAI`` against a loopback replay server
whose answers are hand-written; this file asks a real model. A real model may word facts
differently, so the check is on what a user would notice: the expected values are kept
(by object, any predicate spelling), nothing else survives, and nothing planted in a tool
result, document or assistant turn is ever stored.

Run: ``OPENAI_API_KEY=... pytest integration_tests/test_openai_extraction.py``
(model: ``OPENAI_EXTRACTION_MODEL``, default ``gpt-4o-mini``).
"""

from __future__ import annotations

import os

import pytest

from langmem_plus.extraction import LLMExtractor
from unit_tests.extraction_cases import CASES, NOW, POISON, Case

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(
        not os.environ.get("OPENAI_API_KEY"),
        reason="OPENAI_API_KEY is not set: the real-OpenAI extraction cases need it "
        "(the same cases run offline in unit_tests/test_extraction_cases.py)",
    ),
]


@pytest.fixture(scope="module")
def extractor() -> LLMExtractor:
    from langchain_openai import ChatOpenAI

    model = ChatOpenAI(
        model=os.environ.get("OPENAI_EXTRACTION_MODEL", "gpt-4o-mini"), temperature=0
    )
    return LLMExtractor(model)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
async def test_case_against_openai(extractor: LLMExtractor, case: Case) -> None:
    result = await extractor.aextract_detailed(case.messages, now=NOW, scope=case.scope)
    assert result.errors == [], f"lost batch: {result.errors}"
    got = {c.object.casefold() for c in result.candidates}
    wanted = {obj for _, obj in case.expected}
    for obj in wanted:
        assert any(obj in g or g in obj for g in got), f"{case.id}: missing {obj!r}, got {got}"
    assert len(got) <= len(wanted), f"{case.id}: extra facts {got - wanted}"
    for c in result.candidates:
        assert not any(p.casefold() in c.text.casefold() for p in POISON)
    dates = {c.object.casefold(): c.valid_from for c in result.candidates}
    for obj, day in case.valid_from.items():
        when = next((v for k, v in dates.items() if obj in k), None)
        assert when is not None and when.date() == day, f"{case.id}: {obj} valid_from {when}"
