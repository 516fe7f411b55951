"""The screen's cheaper tests say exactly what the rules said before them (issue #14).

``langmem_plus.facts.screen`` runs the content rules cheapest first and skips rewrites that
cannot apply; the policy's normalisers are memoised. None of it may change an answer: each
fast path is compared here with the plain rule it stands for, on every sentence the test
suite knows (its own literals and the rules' docs) and on generated text built from the
words the skipped rewrites look for.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from langmem_plus.facts import policy, screen, text_rules
from unit_tests.test_policy_screen import SENTENCES, _variants


def _spoken_plain(text: str) -> str:
    """``text_rules._spoken`` as it was: every rewrite run on every text."""
    s = text_rules._NOT.sub(" not", text_rules._norm(text).lower())
    for pattern, word in text_rules._TEXTING:
        s = pattern.sub(word, s)
    return s


def _instruction_plain(text: str, obj: str, predicate: str, quote: str | None) -> bool:
    """The screen's instruction test in the order it was written before #14."""
    return bool(
        text_rules.is_instruction(text)
        or (obj != "*" and text_rules.is_instruction(obj))
        or text_rules.is_injection(re.sub(r"[_\s]+", " ", predicate))
        or (bool(quote) and screen.quote_overrides.__wrapped__(quote or "", obj))
    )


def test_spoken_reads_every_sentence_as_before() -> None:
    variants = [v for s in SENTENCES for v in _variants(s)]
    wrong = [v for v in variants if text_rules._spoken(v) != _spoken_plain(v)]
    assert wrong == []


TEXTING = ["ur", "u", "dont", "doesnt", "cant", "wont", "isnt", "can't", "won't", "U", "UR"]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(st.sampled_from(TEXTING), st.sampled_from(["you", "the", "rules", "I", "x"])),
        min_size=1,
        max_size=8,
    ),
    st.sampled_from([" ", ", ", "'", "-", "."]),
)
def test_generated_texting_reads_as_before(words: list[str], sep: str) -> None:
    text = sep.join(words)
    assert text_rules._spoken(text) == _spoken_plain(text)
    assert text_rules.is_injection(text) == bool(
        [m for m in text_rules._SENTENCE_SPAN.finditer(text)
         if (s := _spoken_plain(m.group(0))) and text_rules._overrides(s)]
    )


def test_instruction_in_answers_as_the_old_order_does() -> None:
    texts = SENTENCES[::3]
    objs = ["Oslo", "*", "Sam", "the rules", *SENTENCES[1::97]]
    predicates = ["city", "call_me", "ignore_rules", "system prompt", "units"]
    for i, text in enumerate(texts):
        obj = objs[i % len(objs)]
        predicate = predicates[i % len(predicates)]
        quote = SENTENCES[(i * 7) % len(SENTENCES)] if i % 2 else None
        fast = screen.instruction_in(text=text, obj=obj, predicate=predicate, quote=quote)
        assert fast == _instruction_plain(text, obj, predicate, quote), (text, obj, quote)


def _holder_plain(holder: str) -> str | None:
    key = " ".join(holder.replace("\u2019", "'").split()).casefold()
    if key.startswith(policy.PERSON_PREFIX):
        key = key[len(policy.PERSON_PREFIX) :]
    if "_".join(key.split()) in policy._SELF_SUBJECTS:
        return "user"
    key = policy._HOLDER_DETERMINERS.sub("", key)
    key = "_".join(re.findall(r"[^\W_]+", re.sub(r"'s\b", "", key)))
    if key in policy._SELF_SUBJECTS:
        return "user"
    if not key or key in policy._PRONOUNS or key in policy._VAGUE_SUBJECTS:
        return None
    return key


@pytest.mark.parametrize("name", ["holder", "subject", "predicate"])
def test_memoised_normalisers_fold_as_before(name: str) -> None:
    words = [w for s in SENTENCES[::5] for w in (s[:30], s.split(" ")[0], s.title()[:12])]
    words += ["My Sister", "the user", "Lives in", "home-town", "person:Maria", "me", "  she "]
    for w in words:
        if name == "holder":
            assert policy.normalize_holder(w) == _holder_plain(w), w
        elif name == "subject":
            key = re.sub(r"\s+", "_", w.strip().lower())
            assert policy.normalize_subject(w) == ("user" if key in policy._SELF_SUBJECTS else key)
        else:
            key = re.sub(r"[\s\-]+", "_", w.strip().lower())
            aliases = policy.DEFAULT_PREDICATE_ALIASES
            assert policy.normalize_predicate(w) == aliases.get(key, key), w
