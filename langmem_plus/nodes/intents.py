"""Memory commands a user can give in the conversation, recognised without a model.

Three kinds of message are answered by the memory layer itself, not by the model:

* **remember** — "Remember that my sister lives in London." (only that): stored at once,
  replied to with exactly what was saved (``extraction.fast_path``);
* **recall** — "What did I tell you?", "What do you know about me?": answered from the
  stored facts alone, with a fixed line when there are none;
* **forget** — "Forget that I told you about my employer", "Forget everything": the
  deletion cascade, and the user is told what was removed.

Everything here is pure (text in, decision out), so it is cheap to test.

Example:
    >>> detect_command("What did I tell you?").kind
    'recall'
    >>> detect_command("Forget that I told you about my employer.").about
    'my employer'
    >>> detect_command("Forget everything you know about me").everything
    True
    >>> detect_command("How do I forget a password?") is None
    True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from langmem_plus.extraction import is_remember_request, second_person
from langmem_plus.models import Fact
from langmem_plus.text_rules import content_terms

__all__ = [
    "NOTHING_SAVED",
    "MemoryCommand",
    "describe_facts",
    "detect_command",
    "match_facts",
]

NOTHING_SAVED = (
    "I don't have anything saved about you yet. If you'd like me to keep something, "
    'start with "Remember that ...", for example "Remember that I prefer metric units."'
)
"""The fixed reply to "what did I tell you?" when no fact is stored."""

MEMORY_OFF = "Memory is off for you, so I haven't kept anything from our conversations."
"""The fixed reply to "what did I tell you?" for a user who turned memory off."""

_RECALL = re.compile(
    r"^\s*(?:(?:hey|hi|ok|okay|so)[,!]?\s+)?(?:please\s+)?(?:"
    r"what (?:did|have) i (?:ever )?(?:tell|told|say|said to) (?:to )?you(?: about (?:me|myself))?"
    r"|what do you (?:know|remember|have(?: saved| stored| on file)?) about me"
    r"|what have you (?:saved|stored|remembered|kept)(?: about me)?"
    r"|what do you remember"
    r"|(?:show|list|tell) me (?:what|everything) you (?:know|remember|have saved|"
    r"have stored|keep) about me"
    r"|(?:show|list) (?:me )?my (?:memories|saved facts)"
    r")\s*[?.!]*\s*$",
    re.IGNORECASE,
)

_FORGET = re.compile(
    r"^\s*(?:(?:hey|hi|ok|okay|and|also)[,!]?\s+)?(?:please[,]?\s+)?"
    r"(?:(?:can|could|would) you (?:please )?)?"
    r"(?:forget|delete|erase|remove|wipe)\s+"
    r"(?:(?:that|what) i (?:told|said to|mentioned to) you\s*(?:about|regarding|on)?\s*"
    r"|(?:what you know|what you have saved|everything you know|anything you know)\s*"
    r"(?:about|regarding|on)\s+"
    r"|(?:about|the fact that)\s+)?"
    r"(?P<about>.*?)\s*(?:,?\s*please)?\s*[.!?]*\s*$",
    re.IGNORECASE | re.DOTALL,
)

_EVERYTHING = re.compile(
    r"^(?:everything|all of (?:it|that)|all(?: my)? (?:memories|data|facts)|it all|"
    r"everything (?:you know )?about me|(?:about )?me|all about me|my data)$",
    re.IGNORECASE,
)

# What the user names is a topic, not a fact: "my employer" means the employer fact.
_OWN = re.compile(r"^(?:my|our|the|that|about)\s+", re.IGNORECASE)


@dataclass(frozen=True)
class MemoryCommand:
    """A memory command found in a user message.

    Attributes:
        kind: ``remember`` | ``recall`` | ``forget``.
        about: for ``forget``, what the user named ("my employer"); for ``remember``, the
            text to remember.
        everything: for ``forget``, the user asked to delete everything.
    """

    kind: Literal["remember", "recall", "forget"]
    about: str = ""
    everything: bool = False


def detect_command(text: str) -> MemoryCommand | None:
    """The memory command in ``text``, or ``None`` for an ordinary message.

    Example:
        >>> detect_command("Remember that I'm vegan.")
        MemoryCommand(kind='remember', about="I'm vegan.", everything=False)
        >>> detect_command("Remember I'm vegan. What should I cook?") is None
        True
    """
    text = text.replace("’", "'").strip()
    if not text:
        return None
    if _RECALL.match(text):
        return MemoryCommand("recall")
    m = _FORGET.match(text)
    if m:
        about = m.group("about").strip().strip("\"'“”")
        if _EVERYTHING.match(about):
            return MemoryCommand("forget", about="everything", everything=True)
        named = content_terms(_OWN.sub("", about))
        if named and "?" not in about and len(about) <= 200:
            return MemoryCommand("forget", about=about)
    rest = is_remember_request(text)
    if rest is not None:
        return MemoryCommand("remember", about=rest)
    return None


def _fact_terms(fact: Fact) -> frozenset[str]:
    words = " ".join(
        (fact.text, fact.subject.replace(".", " "), fact.predicate.replace("_", " "), fact.object)
    )
    return content_terms(words)


def match_facts(about: str, facts: Iterable[Fact]) -> list[Fact]:
    """The facts (any version) that ``about`` names: every content term of ``about`` must
    be in the fact's text, subject, predicate or object.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> f = Fact(fact_id="f1", user_id="u", kind="fact", subject="user",
        ...          predicate="employer", object="Acme", text="The user works at Acme.",
        ...          valid_from=t, asserted_at=t)
        >>> [x.fact_id for x in match_facts("my employer", [f])], match_facts("my cat", [f])
        (['f1'], [])
    """
    wanted = content_terms(_OWN.sub("", about.strip()))
    if not wanted:
        return []
    return [f for f in facts if wanted <= _fact_terms(f)]


def describe_facts(facts: Sequence[Fact]) -> str:
    """The reply to "what did I tell you?": one line per current fact, addressed to the user.

    Example:
        >>> from datetime import datetime, timezone
        >>> t = datetime(2026, 5, 1, tzinfo=timezone.utc)
        >>> f = Fact(fact_id="f1", user_id="u", kind="fact", subject="user",
        ...          predicate="city", object="Berlin", text="The user lives in Berlin.",
        ...          valid_from=t, asserted_at=t)
        >>> print(describe_facts([f]))
        Here is what you've told me (kept as data, and you can ask me to forget any of it):
        - you live in Berlin (since 2026-05-01)
        >>> describe_facts([]) == NOTHING_SAVED
        True
    """
    if not facts:
        return NOTHING_SAVED
    lines = ["Here is what you've told me (kept as data, and you can ask me to forget any of it):"]
    for f in sorted(facts, key=lambda f: (f.scope or "", f.valid_from, f.fact_id)):
        where = f" [project {f.scope}]" if f.scope else ""
        lines.append(f"- {second_person(f.text)} (since {f.valid_from.date().isoformat()}){where}")
    return "\n".join(lines)
