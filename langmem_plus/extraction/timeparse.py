"""Resolve the relative times people use ("in August", "since last week") into datetimes.

One implementation, used by every extractor: the rule extractor finds the phrase in the
sentence; the model-based extractor asks the model only to copy the phrase, and the date
arithmetic happens here, against the time of the message that said it. A model is never
trusted to do calendar arithmetic.

Resolution is to the *start* of the period named, in the message time's timezone:

==========================================  ==============================================
phrase (case-insensitive)                   resolves to (message sent Wed 2026-11-11)
==========================================  ==============================================
today, this morning/afternoon/evening       2026-11-11 00:00
yesterday / the day before yesterday        2026-11-10 / 2026-11-09
N days/weeks/fortnights ago ("a couple of") message day minus N days / 7N / 14N days
N months/years ago ("a month ago")          same day N months / years earlier (clamped)
last week / last month / last year          message day - 7 days / 1 Oct 2026 / 1 Jan 2025
this week / this month / this year          Mon 2026-11-09 / 1 Nov 2026 / 1 Jan 2026
last Monday / on Monday / since Friday      the most recent such weekday before the message
in August / since March / in Aug 2024       1st of the most recent such month not after
                                            the message (2026-08-01; 2024-08-01)
March last year / in June this year         1st of that month of the year named
end of Feb / mid-June / early March         the part's day of that month: last / 15th / 1st
"August was a blur ..." (month as subject)  1st of that month (as "in August")
on 3 March / March 3rd (2025)               that day (most recent not after the message)
on the first of March / the fourteenth      ordinal words too; "on the 3rd", "since the
of last month                               14th of last month": that day of this month
                                            (of the last one when said, or still to come)
in 2019 / since 2019                        2019-01-01
it's been N weeks since (we moved)          as "N weeks ago"
since new year / from New Year's Day        2026-01-01
since last winter / the summer              1 Dec 2025 / 1 Jun 2026 (a season's start)
2024-03-01 (ISO date)                       that day
==========================================  ==============================================

Future phrases ("next week", "in two days") are not resolved: a plan is not yet true.

Example:
    >>> from datetime import datetime, timezone
    >>> sent = datetime(2026, 11, 11, 15, 30, tzinfo=timezone.utc)
    >>> resolve_time("I moved to Berlin in August", sent).date().isoformat()
    '2026-08-01'
    >>> resolve_time("vegan since last week", sent).date().isoformat()
    '2026-11-04'
    >>> resolve_time("I live in Berlin", sent) is None
    True
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import datetime, timedelta

__all__ = ["TimeExpression", "find_time_expression", "resolve_time"]

_MONTHS = (
    {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
    | {name.lower(): i for i, name in enumerate(calendar.month_abbr) if name}
    | {"sept": 9}
)
_WEEKDAYS = {name.lower(): i for i, name in enumerate(calendar.day_name)}
_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "a couple of": 2, "a couple": 2, "couple of": 2, "a few": 3, "few": 3, "several": 3,
}  # fmt: skip

_ORDINAL_WORDS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
).split()
_ORDINALS = {w: i for i, w in enumerate(_ORDINAL_WORDS, 1)} | {
    f"{tens}{sep}{w}": base + i
    for tens, base in (("twenty", 20), ("thirty", 30))
    for sep in ("-", " ", "")
    for i, w in enumerate(_ORDINAL_WORDS[:9], 1)
    if base + i <= 31
} | {"thirtieth": 30}
"""Ordinal day words ("the fourteenth", "the twenty-first"): a closed class."""
_ORD_RE = "|".join(sorted(_ORDINALS, key=len, reverse=True))
_DAY_RE = rf"(?:(?P<d>\d{{1,2}})(?:st|nd|rd|th)?|(?P<dw>{_ORD_RE}))"
_MONTH_RE = "|".join(sorted(_MONTHS, key=len, reverse=True))
_WEEKDAY_RE = "|".join(_WEEKDAYS)
_NUM_RE = r"\d{1,3}|" + "|".join(sorted((re.escape(k) for k in _NUMBERS), key=len, reverse=True))
_SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
"""The month each season starts in (meteorological, northern hemisphere)."""
_SEASON_RE = "|".join(_SEASONS)
_LEAD = r"(?:(?:ever\s+)?since|from|starting|as\s+of|in|on|back\s+in|at\s+the\s+start\s+of)\s+"

_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("iso", re.compile(rf"\b(?:{_LEAD})?(?P<y>\d{{4}})-(?P<m>\d{{1,2}})-(?P<d>\d{{1,2}})\b", re.I)),
    (
        "day_month",
        re.compile(
            rf"\b(?:{_LEAD})?(?:the\s+)?{_DAY_RE}\s+(?:of\s+)?"
            rf"(?P<mon>{_MONTH_RE})\.?(?:,?\s+(?P<y>\d{{4}}))?\b",
            re.I,
        ),
    ),
    (
        "month_day",
        re.compile(
            rf"\b(?:{_LEAD})?(?P<mon>{_MONTH_RE})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?"
            rf"(?:,?\s+(?P<y>\d{{4}}))?\b(?!\s*(?:am|pm|%))",
            re.I,
        ),
    ),
    (
        # "march last year", "in June this year": the month of the year named (#12)
        "month_rel_year",
        re.compile(
            rf"\b(?:{_LEAD})?(?P<mon>{_MONTH_RE})\.?\s+(?:of\s+)?(?P<rely>last|this)\s+year\b",
            re.I,
        ),
    ),
    (
        "month",
        re.compile(
            rf"\b(?:{_LEAD}|(?:last|this\s+past)\s+)(?P<mon>{_MONTH_RE})\b(?:,?\s+(?P<y>\d{{4}}))?",
            re.I,
        ),
    ),
    (
        # "end of Feb", "the first week of March", "mid-June", "late May 2025": a part of
        # a month, resolved to the part's first day (an end to the month's last day)
        "month_part",
        re.compile(
            rf"\b(?:{_LEAD}|by\s+|around\s+|towards?\s+)?(?:the\s+)?(?:(?P<part>start|"
            r"beginning|end|tail end|middle|first week|second week|third week|last week|"
            r"first half|second half|first days|last days)\s+of\s+(?:the\s+month\s+of\s+)?"
            rf"|(?P<adj>early|mid|late)(?:\s*-\s*|\s+))(?P<mon>{_MONTH_RE})\b\.?"
            r"(?:,?\s+(?P<y>\d{4}))?",
            re.I,
        ),
    ),
    (
        # "August was a blur of boxes", "march was when we left": the month a clause is
        # about, as its subject (a clause's first word, before a past "was")
        "month_subject",
        re.compile(
            r"(?:^|[.;!?,:(]\s*|\s[—–-]\s*|\b(?:but|and|so|then)\s+)"
            rf"(?P<t>(?P<mon>{_MONTH_RE})\b(?:\s+(?P<y>\d{{4}}))?)\s+(?:was|saw|brought)\b",
            re.I,
        ),
    ),
    (
        # "on the 3rd", "since the fourteenth of last month": a day of this month (or of
        # the last one, said or when the day is still to come); a lead word or "of
        # last/this month" is needed ("the first time" is no date)
        "day_of_month",
        re.compile(
            rf"\b(?:(?:{_LEAD})the\s+{_DAY_RE}(?:\s+of\s+(?P<rel>last|this)\s+month)?"
            rf"|the\s+{_DAY_RE.replace('P<d>', 'P<d2>').replace('P<dw>', 'P<dw2>')}"
            r"\s+of\s+(?P<rel2>last|this)\s+month)\b"
            # then a clause goes on (a stop, a subject, a conjunction, a preposition): "on
            # the 3rd floor", "the second time" name no day
            r"(?=\s*(?:$|[,.;:!?)\u2014\u2013]|\s-\s|(?:i|we|my|our|he|she|they|it|the|a|an|this|and|but|so|"
            r"then|when|as|at|in|with|for|to|is|was|i['\u2019]m|i['\u2019]ve|we['\u2019]ve|"
            r"we['\u2019]re)\b))",
            re.I,
        ),
    ),
    ("year", re.compile(rf"\b(?:{_LEAD})(?P<y>(?:19|20)\d{{2}})\b", re.I)),
    (
        "ago",
        re.compile(
            rf"\b(?:{_LEAD})?(?P<n>{_NUM_RE})\s+(?P<unit>day|week|fortnight|month|year)s?\s+"
            r"(?:ago|back)\b",
            re.I,
        ),
    ),
    (
        # "it's been three weeks since we moved", "been a month since I started": the event
        # is that long ago (the span is counted back from the message, as "ago")
        "ago",
        re.compile(
            r"\b(?:it(?:['\u2019]s|\s+is|\s+has)\s+)?(?:been\s+)?(?:(?:exactly|nearly|almost|"
            r"about|around|over|just\s+over|roughly|only|already)\s+)?"
            rf"(?P<n>{_NUM_RE})\s+(?P<unit>day|week|fortnight|month|year)s?\s+since\b",
            re.I,
        ),
    ),
    # "since new year", "from New Year's Day": the first of January of the message's year
    (
        "new_year",
        re.compile(rf"\b(?:{_LEAD})(?:the\s+)?new\s+year(?:['\u2019]s(?:\s+day)?)?\b", re.I),
    ),
    ("day_before", re.compile(rf"\b(?:{_LEAD})?the\s+day\s+before\s+yesterday\b", re.I)),
    ("yesterday", re.compile(rf"\b(?:{_LEAD})?yesterday\b", re.I)),
    (
        "today",
        re.compile(
            rf"\b(?:{_LEAD})?(?:today|this\s+(?:morning|afternoon|evening)|tonight)\b", re.I
        ),
    ),
    (
        "last_unit",
        re.compile(rf"\b(?:{_LEAD})?(?:last|past|previous)\s+(?P<unit>week|month|year)\b", re.I),
    ),
    ("this_unit", re.compile(rf"\b(?:{_LEAD})?this\s+(?P<unit>week|month|year)\b", re.I)),
    (
        "season",
        re.compile(
            rf"\b(?:{_LEAD})?(?:(?P<rel>last|this|this\s+past|past)\s+|the\s+)"
            rf"(?P<season>{_SEASON_RE})\b(?:\s+(?:of\s+)?(?P<y>\d{{4}}))?",
            re.I,
        ),
    ),
    (
        "weekday",
        re.compile(rf"\b(?:{_LEAD}|last\s+|this\s+past\s+)(?P<wd>{_WEEKDAY_RE})\b", re.I),
    ),
]


@dataclass(frozen=True)
class TimeExpression:
    """A time phrase found in a text: where it is and what it resolves to."""

    phrase: str
    """The words as the user wrote them, e.g. ``"since last week"``."""
    start: int
    end: int
    when: datetime
    """The start of the period named, in the reference time's timezone."""


def _day(t: datetime) -> datetime:
    return t.replace(hour=0, minute=0, second=0, microsecond=0)


def _months_back(t: datetime, n: int) -> datetime:
    month0 = t.month - 1 - n
    year = t.year + month0 // 12
    month = month0 % 12 + 1
    day = min(t.day, calendar.monthrange(year, month)[1])
    return _day(t).replace(year=year, month=month, day=day)


def _safe_date(ref: datetime, year: int, month: int, day: int) -> datetime | None:
    if not 1 <= month <= 12 or not 1 <= day <= calendar.monthrange(year, month)[1]:
        return None
    return _day(ref).replace(year=year, month=month, day=day)


def _resolve(kind: str, m: re.Match[str], ref: datetime) -> datetime | None:
    g = m.groupdict()
    if kind == "iso":
        return _safe_date(ref, int(g["y"]), int(g["m"]), int(g["d"]))
    if kind in ("day_month", "month_day", "month", "month_part", "month_subject"):
        month = _MONTHS[g["mon"].lower()]
        day = _day_of(g) or 1
        if kind == "month_part":
            day = _part_day(g, ref, month)
        if g.get("y"):
            return _safe_date(ref, int(g["y"]), month, day)
        when = _safe_date(ref, ref.year, month, day)
        if when is not None and when > ref:
            last = calendar.monthrange(ref.year - 1, month)[1]
            when = _safe_date(
                ref, ref.year - 1, month, min(day, last) if kind == "month_part" else day
            )
        return when
    if kind == "month_rel_year":
        year = ref.year - 1 if g["rely"].lower() == "last" else ref.year
        return _safe_date(ref, year, _MONTHS[g["mon"].lower()], 1)
    if kind == "day_of_month":
        day = _day_of(g) or 0
        year, month = ref.year, ref.month
        if (g.get("rel") or g.get("rel2") or "").lower() == "last" or day > ref.day:
            year, month = (year, month - 1) if month > 1 else (year - 1, 12)
        return _safe_date(ref, year, month, day)
    if kind == "year":
        year = int(g["y"])
        return _day(ref).replace(year=year, month=1, day=1) if year <= ref.year else None
    if kind == "ago":
        raw = g["n"].lower()
        n = int(raw) if raw.isdigit() else _NUMBERS[re.sub(r"\s+", " ", raw)]
        unit = g["unit"].lower()
        if unit == "day":
            return _day(ref) - timedelta(days=n)
        if unit in ("week", "fortnight"):
            return _day(ref) - timedelta(weeks=n * (2 if unit == "fortnight" else 1))
        return _months_back(ref, n * (12 if unit == "year" else 1))
    if kind == "day_before":
        return _day(ref) - timedelta(days=2)
    if kind == "yesterday":
        return _day(ref) - timedelta(days=1)
    if kind == "today":
        return _day(ref)
    if kind == "last_unit":
        unit = g["unit"].lower()
        if unit == "week":
            return _day(ref) - timedelta(weeks=1)
        if unit == "month":
            return _months_back(ref, 1).replace(day=1)
        return _day(ref).replace(year=ref.year - 1, month=1, day=1)
    if kind == "this_unit":
        unit = g["unit"].lower()
        if unit == "week":
            return _day(ref) - timedelta(days=ref.weekday())
        if unit == "month":
            return _day(ref).replace(day=1)
        return _day(ref).replace(month=1, day=1)
    if kind == "season":
        return _season(g, ref)
    if kind == "new_year":
        return _day(ref).replace(month=1, day=1)
    if kind == "weekday":
        back = (ref.weekday() - _WEEKDAYS[g["wd"].lower()]) % 7 or 7
        return _day(ref) - timedelta(days=back)
    return None  # pragma: no cover - every pattern kind is handled above


def _day_of(g: dict[str, str | None]) -> int | None:
    """The day a match names, by digits ("3rd") or in words ("the fourteenth")."""
    digits = g.get("d") or g.get("d2")
    if digits:
        return int(digits)
    word = g.get("dw") or g.get("dw2")
    return _ORDINALS[re.sub(r"\s+", " ", word.lower())] if word else None


def _part_day(g: dict[str, str | None], ref: datetime, month: int) -> int:
    """The day of ``month`` a part names: its start for "early", "start", "first week";
    the 15th for "mid", "middle", "second half"; the last day for "late", "end"."""
    part = re.sub(r"\s+", " ", (g.get("part") or g.get("adj") or "").lower())
    if part in ("mid", "middle", "second week", "third week", "second half"):
        return 15
    if part in ("late", "end", "tail end", "last week", "last days"):
        year = int(g["y"] or ref.year)
        return calendar.monthrange(year, month)[1]
    return 1


def _season(g: dict[str, str | None], ref: datetime) -> datetime | None:
    """The start of the season named: the most recent one that has begun ("this winter",
    "the summer"), or the one before it ("last winter"); a given year is that year's."""
    month = _SEASONS[(g["season"] or "").lower()]
    if g.get("y"):
        return _safe_date(ref, int(g["y"] or 0), month, 1)
    year = ref.year if ref.month >= month else ref.year - 1
    if (g.get("rel") or "").lower().startswith(("last", "past")) or (
        (g.get("rel") or "").lower().startswith("this past")
    ):
        current_start = _safe_date(ref, year, month, 1)
        # "last winter" while it is winter means the one before this one
        in_it = current_start is not None and (ref - current_start).days < 90
        year -= 1 if in_it else 0
    return _safe_date(ref, year, month, 1)


def find_time_expression(text: str, ref: datetime) -> TimeExpression | None:
    """Find the first (leftmost, longest) past time phrase in ``text`` and resolve it.

    Args:
        text: the user's words.
        ref: when the message was sent; relative phrases count back from it.

    Returns:
        The phrase, its span and the resolved datetime, or ``None`` when there is none.

    Example:
        >>> from datetime import datetime, timezone
        >>> ref = datetime(2026, 3, 15, tzinfo=timezone.utc)
        >>> found = find_time_expression("I joined Acme two months ago", ref)
        >>> found.phrase, found.when.date().isoformat()
        ('two months ago', '2026-01-15')
    """
    best: tuple[int, int, str, re.Match[str]] | None = None
    for kind, pattern in _PATTERNS:
        for m in pattern.finditer(text):
            a, b = _span(m)
            key = (a, -(b - a))
            if best is None or key < (best[0], best[1]):
                best = (a, -(b - a), kind, m)
            break
    if best is None:
        return None
    _, _, kind, m = best
    when = _resolve(kind, m, ref)
    if when is None:
        return None
    a, b = _span(m)
    return TimeExpression(phrase=text[a:b], start=a, end=b, when=when)


def _span(m: re.Match[str]) -> tuple[int, int]:
    """The time phrase's span: the ``t`` group when the pattern reads context around it."""
    return m.span("t") if "t" in m.groupdict() else m.span()


def resolve_time(text: str | None, ref: datetime) -> datetime | None:
    """Resolve the first past time phrase in ``text`` against ``ref``; ``None`` if there is none.

    Example:
        >>> from datetime import datetime, timezone
        >>> resolve_time("yesterday", datetime(2026, 1, 1, 9, tzinfo=timezone.utc)).isoformat()
        '2025-12-31T00:00:00+00:00'
    """
    if not text:
        return None
    found = find_time_expression(text, ref)
    return found.when if found else None
