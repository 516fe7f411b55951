"""The user's turns as an extractor reads them, and the parts of them that are not the
user's own words (pasted or quoted blocks).

A leaf module: ``base`` (the pipeline) and ``filters`` (the post-filters) both use it, so
neither imports the other's internals.

Example:
    >>> from datetime import datetime, timezone
    >>> t = UserTurn("m1", "> we moved to Lyon\\nI live in Rome", None,
    ...              datetime(2026, 1, 1, tzinfo=timezone.utc))
    >>> t.is_quoted(0, 18), t.is_quoted(19, 33)
    (True, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from itertools import pairwise

from langmem_plus.facts.models import CandidateFact
from langmem_plus.facts.text_rules import value_hits

__all__ = ["EMOJI_CHAR", "EMOJI_RUN", "DroppedCandidate", "UserTurn", "quoted_spans", "value_hits"]

EMOJI_RUN = (
    r"[\u2600-\u27bf\U0001f000-\U0001faff][\u2600-\u27bf\U0001f000-\U0001faff\ufe0f\u200d]*"
)
EMOJI_CHAR = r"[\u2600-\u27bf\U0001f000-\U0001faff\ufe0f\u200d]"
"""One character of an emoji run (a fixed-width look-behind: "the sentence ends after it")."""
"""A pictograph or dingbat with the ones after it, their joiners and variation selectors:
the emoji that chat uses as punctuation (the post-filters' and the holder check's sentence
ends start from it)."""

_FENCE = re.compile(r"^[ \t]*(?:```|~~~)", re.MULTILINE)
# Text in tags or triple quotes: <email>...</email>, [quote]...[/quote], """...""".
_TAGGED = re.compile(
    r"<(?P<t>[a-z][\w-]{0,20})>.*?</(?P=t)>|\[(?P<b>quote|paste|email|text)\b[^\]]*\].*?\[/(?P=b)\]"
    r"|\"\"\"(?:(?!\"\"\").)*\"\"\"|\'\'\'(?:(?!\'\'\').)*\'\'\'",
    re.IGNORECASE | re.DOTALL,
)
_REPLY_LINE = re.compile(r"^[ \t]*>.*$", re.MULTILINE)
# Everything after one of these is someone else's text the user pasted or forwarded.
_FORWARD = re.compile(
    r"^[ \t]*(?:-{2,}\s*(?:original message|forwarded message|fwd?|forwarded)\s*-{2,}|"
    r"begin forwarded message:|forwarded message:|-{5,}\s*$|_{5,}\s*$)",
    re.IGNORECASE | re.MULTILINE,
)
# Two or more mail header lines in a row ("From: ...", "Subject: ...") open a pasted mail.
_HEADER = re.compile(
    r"^[ \t]*(?:from|to|cc|bcc|sent|date|subject|reply-to)[ \t]*:.*$", re.IGNORECASE | re.MULTILINE
)
# Someone else's words reported: "my landlord wrote:", "here's what HR sent: ...".
_SPEECH_VERB = (
    r"wrote|writes|said|says|texted|messaged|replied|posted|emailed|e-mailed|tweeted|sent|"
    r"forwarded|shared|announced|reads|stated|states|put it|told (?:me|us)|asked"
)
_WROTE = re.compile(
    rf"(?<![\w'])(?P<who>\w+\s+)?\b(?:{_SPEECH_VERB})(?:\s+(?:me|us|this|it|over))?"
    r"\s*:[ \t]*(?P<inline>\S?)"
    # a text handed over to work on: "proofread this pls: ...", "can you translate: ..."
    r"|(?P<task>(?:^|(?<=[.!?])\s+|\b(?:can|could|would) you\s+|\bplease\s+|\bpls\s+|"
    r"\bhelp me\s+)(?:please\s+|pls\s+)?(?:translate|proofread|rephrase|reword|rewrite|"
    r"summari[sz]e)\b[^:\n.?!]{0,25}|\b(?:translate|proofread|rephrase|reword|rewrite|"
    r"summari[sz]e)\s+(?:this|that|it|the following)\b[^:\n.?!]{0,15}):[ \t]*(?=\S)",
    re.IGNORECASE | re.MULTILINE,
)
# A line ending in ":" that names a document or a message introduces what follows it
# ("Pasting the job ad so you can compare:", "Relocation letter from work:").
_DOC_WORD = re.compile(
    rf"\b(?:{_SPEECH_VERB}|chat(?:ted|ting)?|e-?mails?|mail|messages?|msg|dm|texts?|letters?|"
    r"memo|notices?|notification|contract|lease|offer|agreement|announcement|post|thread|"
    r"log|transcript|excerpt|snippet|reply|response|screenshot|document|doc|pdf|newsletter|"
    r"invit(?:e|ation)|ad|advert|listing|posting|article|quote|verbatim|pasted|pasting|"
    r"copied|copying|forwarding|fwd?|below|quoting|copy-?paste|translat(?:e|ion)|proofread|"
    r"rephrase|reword|rewrite|reply to|respond to)\b",
    re.IGNORECASE,
)
# A line that points at a block below it without a colon ("see below", "FYI", "Fwd from
# a recruiter", "ugh. read this", "Got this in the post today").
_POINTER = re.compile(
    r"\bsee below\b|\b(?:pasted|copied|forwarded|quoted)\s+(?:it\s+|this\s+)?(?:below|here)\b"
    r"|\bbelow\s*:|^\W*(?:\w+[.!,]+\s+)?(?:fyi|fwd?|forwarding|pasting|copying|read this|"
    r"look at this|got this|received this|this (?:just )?(?:came|arrived))\b"
    r"|\b(?:sent|wrote|posted|shared|forwarded|texted|emailed|messaged)\s+(?:me\s+|us\s+)?"
    r"(?:this|the following)\b",
    re.IGNORECASE,
)
# "From the onboarding wiki:", "According to the lease:", "Copied from their site:".
_SOURCE = re.compile(
    r"^\W*(?:from|via|per|according to|quoting|(?:quoted|copied|taken|excerpt|straight) from)"
    r"\s+(?:the|my|our|his|her|their|a|an|this|that)\b",
    re.IGNORECASE,
)
# A block introduced as a short message ("texted me this:", "Sam's DM:") is one paragraph;
# a mail, letter or document may run on over several.
_SHORT = re.compile(
    r"\b(?:texted|messaged|said|says|dm(?:ed|'d)?|tweeted|whatsapp(?:ed)?|texts?|sms|"
    r"chat(?:ted|ting)?|message|msg|comment(?:ed)?)\b",
    re.IGNORECASE,
)
_LONG = re.compile(
    r"\b(?:wrote|writes|written|e-?mail(?:ed)?|mail|letter|contract|lease|document|doc|pdf|"
    r"article|newsletter|policy|notice|terms|minutes|report|agreement|offer|forward(?:ed|ing)?|"
    r"fwd?|paste[sd]?|pasting|copied|copying|below|verbatim|excerpt|thread|post(?:ed)?|ad)\b",
    re.IGNORECASE,
)
# "Here's the text from my landlord" / "This is the e-mail" (with a document word).
_HERE = re.compile(r"^\W*(?:here'?s|here is|this is|below is|attached is)\b", re.IGNORECASE)
_FIRST_PERSON_SAYS = re.compile(r"^(?:i|we|as i|like i)\s+$", re.IGNORECASE)
# A letter or mail body: a greeting line ("Dear tenant,", "Hi all, ...") after other text.
_GREETING = re.compile(
    r"^[ \t]*(?:dear|hi|hello|hey|good (?:morning|afternoon|evening)|to whom it may concern)"
    r"\b[^\n,:!]{0,40}[,:!]",
    re.IGNORECASE | re.MULTILINE,
)
_SIGN_OFF = re.compile(
    r"^[ \t]*(?:best(?: wishes| regards)?|kind(?:est)? regards|warm(?:est)? regards|regards|"
    r"(?:yours )?sincerely|yours (?:faithfully|truly|sincerely)|cheers|thanks|thank you|"
    r"many thanks|all the best|love|take care|br)\b[ \t]*[,.!]?[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
# The user's words again after a block: "Anyway, ...", "So yes, ...", "Can you ...".
_RETURN = re.compile(
    r"^\W*(?:anyway|anyhow|so\b|ok\b|okay\b|well,|basically|long story short|tl;?dr|"
    r"bottom line|in short|as you can see|that's|this means|thoughts|any (?:ideas|thoughts|"
    r"advice|tips)|what do you think|what should|can you|could you help|help me|please help|"
    r"my question|question:|end of|\(end|</|-+ ?end|p\.?s\b|me again|back to me|btw|"
    r"by the way|for context|context:|sorry for)",
    re.IGNORECASE,
)
# ... or a paragraph in the user's register, or asking the assistant about the block.
_USER_VOICE = re.compile(
    r"\b(?:btw|lol|lmao|haha+|ugh+|tbh|imo|fwiw|idk|omg|wtf)\b|\b(?:should i|do you think|"
    r"what do you (?:think|make)|is (?:it|this|that) (?:legit|normal|legal|fair|smart|worth)|"
    r"am i (?:right|wrong|obliged)|can they)\b",
    re.IGNORECASE,
)
_LIST_LINE = re.compile(r"^[ \t]*(?:[-*•–]|\d{1,2}[.)])[ \t]+\S")
# Chat lines: "[10:42] Sam: ...", "12/03/26, 10:42 - Sam: ...", and runs of "Sam: ..." lines.
_CHAT_STAMP = re.compile(
    r"^[ \t]*\[?(?:\d{1,4}[./-]\d{1,2}[./-]\d{2,4},?\s*)?\d{1,2}[:.]\d{2}(?::\d{2})?"
    r"(?:\s*[ap]\.?m\.?)?\]?\s*(?:-\s*)?(?P<who>[^:\n]{1,40}):\s*\S",
    re.IGNORECASE,
)
_SPEAKER = re.compile(r"^[ \t]*(?P<who>[A-Za-zÀ-ÿ][\w'’.-]*(?: [A-Za-zÀ-ÿ][\w'’.-]*){0,2}):\s+\S")
_NOT_SPEAKER = frozenset(
    {"note", "update", "edit", "ps", "p.s", "also", "btw", "fyi", "context", "question",
     "background", "summary", "re", "tl;dr", "tldr", "answer", "reason", "goal", "plan"}
)  # fmt: skip
_ME = frozenset({"me", "i", "myself"})
_QUOTES = {'"': '"', "“": "”", "„": "“”", "«": "»", "'": "'", "‘": "’"}
_INLINE_QUOTE = re.compile(
    r"\"(?P<a>[^\"\n]+)\"|“(?P<b>[^”\n]+)”|„(?P<c>[^“”\n]+)[“”]|«(?P<d>[^»\n]+)»"
    r"|(?<![\w])'(?P<e>(?:[^'\n]|(?<=\w)'(?=\w)){2,}?)'(?![\w])|‘(?P<f>[^’\n]+)’"
)
# A quotation is reported speech (not the user's words) when it is itself a clause: it has
# a person or a finite verb in it ("she said 'I live in Nantes'"), or when a verb of saying
# introduces it ("the ad says «fluent Czech required»"). A short quoted value ('call me
# "Bear"', "a band called 'Blue Door'") or a title in title case is the user naming it.
_CLAUSE_WORD = re.compile(
    r"\b(?:i|i'm|i've|i'll|i'd|we|we're|you|he|she|they|it's|is|are|am|was|were|will|"
    r"my|our|your|his|her|their|have|has|had|must|should|would)\b",
    re.IGNORECASE,
)
_SAYS_BEFORE = re.compile(
    rf"\b(?:{_SPEECH_VERB}|goes|reads|read|translate|proofread|rephrase|reword|rewrite)"
    r"(?:\s+(?:this|it|me|us))?\s*[:,]?\s*$",
    re.IGNORECASE,
)
_SAYS_AFTER = re.compile(
    r"[\s,]*(?:[\w'’-]+\s+){0,3}?(?:said|says|wrote|writes|added|adds|replied|asked|texted|"
    r"posted|tweeted|insists|insisted)\b",
    re.IGNORECASE,
)
# A quotation that follows a colon on its line, in a clause that names a document or the
# act of copying it ("copying the menu card: '...'", "from the lease: '...'", "the job ad:
# '...'"), is that document's text shown inline, as a block under such a line is (#12)
_DOC_INTRO_BEFORE = re.compile(r"(?:^|[.!?;\n])(?P<clause>[^.!?;:\n]{1,60}):[ \t]*$")
_I_SAID = re.compile(
    r"\b(?:i|we)\s+(?:\w+\s+)?(?:said|say|told|tell|wrote|write|texted|replied|answered)"
    r"(?:\s+\w+){0,2}\s*[:,]?\s*$",
    re.IGNORECASE,
)
_SMALL_WORDS = frozenset(
    "a an the of in on at to and or for but nor by with from as is it's its".split()
)


def _is_title(inner: str) -> bool:
    """'The Man Who Was Thursday', "It's Kind of a Funny Story": a name, not speech."""
    words = re.findall(r"[^\W\d_][\w'’-]*", inner)
    if len(words) < 2 or inner.isupper():
        return False
    return (
        all(w[0].isupper() or w.casefold() in _SMALL_WORDS for w in words) and words[0][0].isupper()
    )


def _line_bounds(text: str, at: int) -> tuple[int, int]:
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    return start, len(text) if end < 0 else end


def _paragraphs(text: str, start: int) -> list[tuple[int, int]]:
    """The paragraphs (blocks between blank lines) of ``text`` from ``start`` on."""
    out: list[tuple[int, int]] = []
    pos = start
    for m in re.finditer(r"\n[ \t]*\n", text[start:]):
        a, b = pos, start + m.start()
        if text[a:b].strip():
            out.append((a, b))
        pos = start + m.end()
    if text[pos:].strip():
        out.append((pos, len(text)))
    return out


def _lines_of(text: str, a: int, b: int) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    pos = a
    for line in text[a:b].split("\n"):
        out.append((pos, pos + len(line)))
        pos += len(line) + 1
    return out


def _is_chat_line(line: str) -> bool:
    return bool(_CHAT_STAMP.match(line) or _SPEAKER.match(line))


def _block_end(text: str, start: int, *, long: bool = True) -> int:
    """Where a pasted block that starts at ``start`` ends: a list or a chat log at the end of
    its lines, a quotation at its closing mark, prose after the signature of a letter or
    before a paragraph in which the user speaks again ("Anyway, ..."), else at the end;
    ``long=False``: the intro did not name a document (a mail, a letter, "below"), so prose
    that is not laid out as a letter (a greeting, a sign-off) is one paragraph."""
    paras = _paragraphs(text, start)
    if not paras:
        return start
    first = text[paras[0][0] : paras[0][1]]
    lead = first.lstrip()
    if lead[:1] in _QUOTES:
        close = _QUOTES[lead[0]]
        at = paras[0][0] + (len(first) - len(lead)) + 1
        ends = [i for i in (text.find(c, at) for c in close) if i >= 0]
        if ends:
            return min(ends) + 1
    if lead.startswith(">"):
        # lines marked as quoted one by one: the marks say where the block ends, and the
        # user speaks again on the first unmarked line ("> ...\n\nLooks like a scam.")
        end = paras[0][0]
        for a, b in _lines_of(text, paras[0][0], len(text)):
            if text[a:b].strip() and not text[a:b].lstrip().startswith(">"):
                break
            if text[a:b].strip():
                end = b
        return end
    if _LIST_LINE.match(lead) or _is_chat_line(lead):
        # a list or a log: its lines, also across blank lines, up to the first other line
        end = paras[0][0]
        for a, b in _lines_of(text, paras[0][0], len(text)):
            line = text[a:b]
            if line.strip() and not (_LIST_LINE.match(line) or _is_chat_line(line)):
                break
            if line.strip():
                end = b
        return end
    if not long:
        head = text[paras[0][0] : paras[min(1, len(paras) - 1)][1]]
        long = bool(_GREETING.search(head) or _SIGN_OFF.search(text, start))
    end = start
    for i, (a, b) in enumerate(paras):
        if i and (_RETURN.match(text[a:b]) or _USER_VOICE.search(text, a, b)):
            break
        end = b
        sign = _SIGN_OFF.search(text, a, b)
        if not long:
            return end
        if sign is not None:
            # the signature: the sign-off line and up to four short lines after it
            stop = sign.end()
            for la, lb in _lines_of(text, sign.end() + 1, b)[:4]:
                if len(text[la:lb].split()) > 6:
                    break
                stop = lb
            return stop
    return end


def _next_line(text: str, at: int) -> int | None:
    """The start of the first non-blank line after the line holding ``at``."""
    _, end = _line_bounds(text, at)
    m = re.compile(r"\S").search(text, end)
    return None if m is None else _line_bounds(text, m.start())[0]


def _introduced_blocks(text: str) -> list[tuple[int, int]]:
    """Blocks under a line that introduces pasted text (``_DOC_WORD`` + ":" or a pointer)."""
    spans = []
    for a, b in _lines_of(text, 0, len(text)):
        line = text[a:b]
        ends = line.rstrip().endswith((":", "—", "–", " -", "...", "…"))
        colon = ends and (_DOC_WORD.search(line) or _SOURCE.match(line))
        pointer = _POINTER.search(line) or (_HERE.match(line) and _DOC_WORD.search(line))
        if not (colon or pointer):
            continue
        start = _next_line(text, a)
        if start is None:
            continue
        if not colon and not _blank_between(text, b, start) and not _looks_pasted(text, start):
            continue  # "FYI I moved to Lyon" / "I forwarded it.\nI live in Rome": the user's
        long = bool(_LONG.search(line)) and not _SHORT.search(line)
        spans.append((start, _block_end(text, start, long=long)))
    return spans


def _blank_between(text: str, a: int, b: int) -> bool:
    return text.count("\n", a, b) >= 2


def _looks_pasted(text: str, start: int) -> bool:
    line = text[start : _line_bounds(text, start)[1]]
    return bool(
        _GREETING.match(line)
        or _HEADER.match(line)
        or _is_chat_line(line)
        or _LIST_LINE.match(line)
        or line.lstrip()[:1] in _QUOTES
    )


def _chat_lines(text: str) -> list[tuple[int, int]]:
    """Lines of a chat log, except the user's own ("Me: ...")."""
    lines = _lines_of(text, 0, len(text))
    spans: list[tuple[int, int]] = []
    run: list[tuple[int, int, str]] = []

    def flush() -> None:
        labels = {who for _, _, who in run}
        clauses = sum(bool(_CLAUSE_WORD.search(text[a:b])) for a, b, _ in run)
        if len(run) >= 2 and len(labels) >= 2 and clauses >= 2:
            spans.extend((a, b) for a, b, who in run if who not in _ME)
        run.clear()

    for a, b in lines:
        line = text[a:b]
        if m := _CHAT_STAMP.match(line):
            who = m.group("who").strip().casefold()
            if who not in _ME:
                spans.append((a, b))
            continue
        m = _SPEAKER.match(line)
        if m and m.group("who").casefold().rstrip(".") not in _NOT_SPEAKER:
            run.append((a, b, m.group("who").casefold()))
        elif line.strip():
            flush()
    flush()
    return spans


def quoted_spans(text: str) -> list[tuple[int, int]]:
    """Offsets of the parts of ``text`` that are not the user's own words.

    Text the user pasted or quoted speaks for someone else: lines starting with ``>``,
    fenced code blocks, a forwarded or replied-to e-mail (from "-----Original Message-----",
    "Begin forwarded message:", or a block of header lines such as ``From:``/``Subject:``),
    a block under a line that introduces it ("my landlord wrote:", "Pasting the job ad:",
    "see below", "FYI", "Fwd from ..."), a letter (from its greeting, when something came
    before it, to its signature), the lines of a chat log ("[10:42] Sam: ..."), whatever
    follows "... wrote:" / "... said:" on its line, and quotations that are themselves a
    clause or that a verb of saying introduces ("she said 'I moved to Nantes'"). A block
    ends where the user speaks again: after a list, a log, a closing quotation mark or a
    signature, or at a paragraph such as "Anyway, ...". A short quoted value ('call me
    "Bear"') or a quoted title stays the user's own.

    Example:
        >>> text = 'I live in Rome. My boss wrote: "from June you will be based in Nantes"'
        >>> [text[a:b] for a, b in quoted_spans(text)]
        [' "from June you will be based in Nantes"']
        >>> quoted_spans("Please call me 'Bear'.")
        []
        >>> text = "My landlord wrote:\\n\\nI am moving to Graz.\\n\\nAnyway, I live in Brno."
        >>> [text[a:b] for a, b in quoted_spans(text)]
        ['I am moving to Graz.']
    """
    spans: list[tuple[int, int]] = []
    fences = [m.start() for m in _FENCE.finditer(text)]
    for i in range(0, len(fences), 2):
        if i + 1 < len(fences):
            close = text.find("\n", fences[i + 1])
            end = len(text) if close < 0 else close
        else:
            end = len(text)  # an unclosed fence quotes the rest
        spans.append((fences[i], end))
    spans += [(m.start(), m.end()) for m in _REPLY_LINE.finditer(text)]
    spans += [(m.start(), m.end()) for m in _TAGGED.finditer(text)]
    if m := _FORWARD.search(text):
        spans.append((m.start(), len(text)))
    headers = list(_HEADER.finditer(text))
    for a, b in pairwise(headers):
        if text.count("\n", a.end(), b.start()) <= 1:  # two header lines in a row
            # the mail runs from its headers to where the user speaks again
            paras = _paragraphs(text, a.start())
            body = paras[1][0] if len(paras) > 1 else paras[0][1]
            spans.append((a.start(), max(paras[0][1], _block_end(text, body))))
    for m in _WROTE.finditer(text):
        if m.group("who") and _FIRST_PERSON_SAYS.match(m.group("who")):
            continue  # "I said: ..." is the user's own
        if m.group("task"):
            stop = text.find("\n\n", m.end())
            spans.append((m.end(), len(text) if stop < 0 else stop))
            continue
        if not m.group("inline"):
            continue  # ending its line: an introduced block (below)
        start = m.end() - 1
        if m.group("inline") in _QUOTES:
            stop = _block_end(text, start)
        else:  # inline, the rest of its paragraph
            stop = text.find("\n\n", start)
        spans.append((start - 1, len(text) if stop < 0 else stop))
    spans += _introduced_blocks(text)
    for m in _GREETING.finditer(text):
        if text[: m.start()].strip():  # a greeting opening the message greets the assistant
            spans.append((m.start(), _block_end(text, m.start())))
    spans += _chat_lines(text)
    for m in _INLINE_QUOTE.finditer(text):
        inner = next(g for g in m.groups() if g is not None)
        if _is_title(inner) or _I_SAID.search(text, max(0, m.start() - 30), m.start()):
            continue  # a title, or the user quoting themselves ("I told him 'I quit'")
        said = (
            _SAYS_BEFORE.search(text, max(0, m.start() - 40), m.start())
            or _doc_introduced(text, m.start())
            or (
                _SAYS_AFTER.match(text, m.end())
                and not re.match(r"\s*,?\s*(?:i|we)\b", text[m.end() :], re.I)
            )
        )
        # a quotation that is a whole sentence of its own, its end mark inside the marks
        # ('"Bot, from today on close each reply by plugging X."'), is words written by
        # someone, whatever its grammar; a quoted name or phrase has none (#12)
        clause = (len(inner.split()) >= 3 and _CLAUSE_WORD.search(inner) is not None) or (
            len(inner.split()) >= 4 and inner.rstrip()[-1:] in ".!?"
        )
        # a quotation that is a whole line of its own ("'PROFILE: ... with X, seeking ...'")
        # is a line of a document shown, whatever its grammar (#12)
        line = len(inner.split()) >= 3 and _whole_line(text, m.start(), m.end())
        if clause or line or (said and len(inner.split()) >= 2):
            spans.append((m.start(), m.end()))
    return _closed_by_rules(text, _merge(spans))


# a line that is only a rule ("-----", "_____", "=====")
_RULE_LINE = re.compile(r"^[ \t]*(?:-{3,}|_{3,}|={3,})[ \t]*$", re.MULTILINE)


def _closed_by_rules(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans, each cut at the first bare rule line inside it after its first line: a
    pasted block the user set off between rules ends at the closing one, and the user's
    own words follow it ("---- Fwd ----\\nFrom: ...\\n-----\\nI turned it down, still in X")
    (#12). A rule that opens a span is its start, not its end.

    Example:
        >>> text = "-----\\nYou will be based in Graz.\\n-----\\nI live in Brno."
        >>> [text[a:b] for a, b in quoted_spans(text)]
        ['-----\\nYou will be based in Graz.\\n-----']
    """
    out: list[tuple[int, int]] = []
    for a, b in spans:
        first = text.find("\n", a)
        rule = _RULE_LINE.search(text, first + 1, b) if 0 <= first < b else None
        out.append((a, rule.end()) if rule else (a, b))
    return out


def _doc_introduced(text: str, start: int) -> bool:
    """True when the quotation opening at ``start`` follows a colon whose clause names a
    document or the act of copying one ("copying the menu card: '...'").

    Example:
        >>> t = "copying the label: 'contains milk, egg' - not mine"
        >>> _doc_introduced(t, t.index("'"))
        True
        >>> t = "my nickname: 'Bear'"
        >>> _doc_introduced(t, t.index("'"))
        False
    """
    m = _DOC_INTRO_BEFORE.search(text, 0, start)
    if m is None:
        return False
    clause = m.group("clause")
    return bool(_DOC_WORD.search(clause) or _SOURCE.match(clause))


def _whole_line(text: str, start: int, end: int) -> bool:
    """True when ``text[start:end]`` is alone on its line (but for spaces and a stop)."""
    before = text[: start].rsplit("\n", 1)[-1]
    after = text[end:].split("\n", 1)[0]
    return not before.strip() and not after.strip(" \t.,;:!?")


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        elif b > a:
            out.append((a, b))
    return out


@dataclass(frozen=True)
class UserTurn:
    """One user message, reduced to what an extractor may read.

    Attributes:
        ref: a short reference (``"m1"``, ``"m2"``...) used to point at this turn in prompts.
        text: the user's own text (text content blocks only, joined by newlines).
        message_id: the LangChain message id, if the message had one.
        sent_at: when the message was sent (from its metadata, else the ``now`` given).
        explicit: the user explicitly asked to remember this text (the fast path).
        stamped: ``sent_at`` came from the message's own metadata (not the ``now`` given).
        context: an earlier turn, given only so later turns can be read (what a correction
            corrects); no candidate comes from it.
    """

    ref: str
    text: str
    message_id: str | None
    sent_at: datetime
    explicit: bool = False
    stamped: bool = False
    context: bool = False

    @cached_property
    def quoted(self) -> list[tuple[int, int]]:
        """Offsets of the text in this turn that the user pasted or quoted
        (``quoted_spans``): it is never the user speaking about themselves."""
        return quoted_spans(self.text)

    def is_quoted(self, start: int, end: int) -> bool:
        """True when the span ``start:end`` of ``text`` lies inside a quoted block."""
        return any(a <= start and end <= b for a, b in self.quoted)

    def valid_from(self, phrase_time: datetime | None) -> datetime | None:
        """When a fact said in this turn became true: the time phrase the user gave, else the
        message's own timestamp, else ``None`` (the write policy then uses its clock, and a
        replayed message keeps the same fact id)."""
        if phrase_time is not None:
            return phrase_time
        return self.sent_at if self.stamped else None


@dataclass(frozen=True)
class DroppedCandidate:
    """A candidate a post-filter removed, and why (``"question"``, ``"sensitive:health"``...)."""

    candidate: CandidateFact
    reason: str


