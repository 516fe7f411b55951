"""Extraction: candidate facts from the user's own turns, by a chat model or offline rules.

The extractor proposes; only the write policy decides what is stored. Every extractor reads
only ``HumanMessage`` turns, carries the message id and the user's own words, resolves
relative times against the message time, and runs the same post-filters in code.

Modules:
    base        the interface (``BaseExtractor``: ``extract`` / ``aextract``), user turns
    llm         ``LLMExtractor`` over any LangChain chat model (structured output)
    prompt      the privacy policy and how user turns are delimited as data
    rules       ``RuleExtractor``: offline, deterministic English patterns
    grounding   whose a clause is, how it is meant, retractions and past states (structure)
    vocab       the closed word classes the rules use (relations, pets, verb forms)
    turns       ``UserTurn`` and the pasted/quoted blocks that are not the user's words
    filters     post-filters behind every extractor (they verify the grounding fields)
    timeparse   "in August", "since last week" -> datetimes
    fast_path   "Remember that ..." handled at once, with an honest reply
    announce    "I'll remember that ..." / "Updated: ..." lines from the policy's decisions

Example:
    >>> from langchain_core.messages import HumanMessage
    >>> from langmem_plus.extraction import PolicyOutcome, RuleExtractor, announcements
    >>> [c] = RuleExtractor().extract([HumanMessage("I prefer morning meetings.")])
    >>> announcements([PolicyOutcome("new", c)])
    ["I'll remember that you prefer morning meetings."]
"""

from langmem_plus.extraction.announce import (
    FactLike,
    PolicyOutcome,
    announcement,
    announcements,
    second_person,
)
from langmem_plus.extraction.base import (
    BaseExtractor,
    DroppedCandidate,
    ExtractionResult,
    UserTurn,
    message_time,
    user_turns,
)
from langmem_plus.extraction.fast_path import (
    aremember_candidates,
    is_remember_request,
    remember_candidates,
    remember_reply,
    strip_remember_prefix,
)
from langmem_plus.extraction.filters import post_filter
from langmem_plus.extraction.llm import ExtractedFact, ExtractedFacts, LLMExtractor
from langmem_plus.extraction.prompt import FORBIDDEN_CATEGORIES, SYSTEM_PROMPT
from langmem_plus.extraction.rules import RuleExtractor, third_person
from langmem_plus.extraction.timeparse import find_time_expression, resolve_time

__all__ = [
    "FORBIDDEN_CATEGORIES",
    "SYSTEM_PROMPT",
    "BaseExtractor",
    "DroppedCandidate",
    "ExtractedFact",
    "ExtractedFacts",
    "ExtractionResult",
    "FactLike",
    "LLMExtractor",
    "PolicyOutcome",
    "RuleExtractor",
    "UserTurn",
    "announcement",
    "announcements",
    "aremember_candidates",
    "find_time_expression",
    "is_remember_request",
    "message_time",
    "post_filter",
    "remember_candidates",
    "remember_reply",
    "resolve_time",
    "second_person",
    "strip_remember_prefix",
    "third_person",
    "user_turns",
]
