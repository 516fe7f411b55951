"""The logic of ``FactMemory`` as plans that do no I/O.

Each operation is a generator: it yields a list of store ops, receives their results, and
finally returns its answer. ``FactMemory`` drives the same generator with ``store.batch``
(sync) or ``await store.abatch`` (async), so every rule exists once. Reads of one step go
in one batch; every write of one decision (current row, history rows, log entry, version
bump) goes in one batch too.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Collection, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, NamedTuple, TypeVar

from langgraph.store.base import (
    GetOp,
    Item,
    ListNamespacesOp,
    MatchCondition,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
)

from langmem_plus.facts import do_not_store
from langmem_plus.facts.layout import (
    EVERY_ROW,
    FACT_INDEX,
    SEARCH_INDEX,
    Layout,
    current_key,
    decode_facts,
    decode_trusted,
    encode_fact,
)
from langmem_plus.facts.models import CandidateFact, Fact, Verdict
from langmem_plus.facts.policy import Decision, HeldRows, WritePolicy
from langmem_plus.facts.profile import PROFILE_SECTIONS, section_of, with_section
from langmem_plus.facts.profile_row import bound_of, split_bounded
from langmem_plus.facts.recall_cache import RecallCache, fingerprint, witnessed, write_witness
from langmem_plus.facts.retrieval import (
    Recall,
    RetrievalPolicy,
    asked_terms,
    index_words,
    person_ties,
)
from langmem_plus.facts.text_rules import content_terms

__all__ = ["ForgetReceipt", "ListedFact", "LogEntry", "Planner", "Steps"]

_log = logging.getLogger("langmem_plus.memory")

PAGE = 500
CHUNK = 1024
"""Candidates of one ``remember_many`` step: one read batch and one write batch each (the
first step's read is the only one of the user's rows; see ``_Carry``). 256 before #14: a
step's fixed cost (its reads, the version and log rows) is spread over more facts now."""
SCAN_SLOTS = 8
LOG_TAIL = 16
"""Decisions the version row (``profile/meta``) holds under ``log`` before they go out to
a log row of their own. Every write of facts rewrites that row anyway, so its decisions
ride along instead of costing an engine point each (a third of a single ``remember``'s
points, #14); the write that would take the tail past this many entries writes the tail and
its own decisions as one log row instead, and the version row starts an empty tail. 16
entries are ~2 KB of JSON: the value check of the row and recall's read of it stay
small beside the point they save."""
"""A step that reads more slots than this reads the user's current facts in one scan
instead of one search per slot."""
T = TypeVar("T")
Steps = Generator[list[Op], list[Result], T]
"""A plan answering ``T``: it yields one batch of store ops at a time, is sent their
results, and returns its answer (``FactMemory.run`` / ``arun`` execute it)."""


class LogEntry(NamedTuple):
    """One decision in the log. It never holds fact text."""

    time: str
    action: str
    fact_id: str | None
    reason: str


class ListedFact(NamedTuple):
    """One stored memory, in plain language, as the user sees it."""

    fact_id: str
    text: str
    learned: str
    quote: str | None
    status: str
    session_id: str | None

    def __str__(self) -> str:
        words = f' (you said: "{self.quote}")' if self.quote else ""
        return f"{self.text} Learned {self.learned}{words}. Status: {self.status}."


@dataclass(frozen=True)
class ForgetReceipt:
    """What a deletion touched, so it can be shown and audited.

    Attributes:
        user_id: whose memory.
        fact_ids: the facts deleted.
        places: each place touched and how many rows/items there (current facts, their
            vectors, history versions, log entries, the re-rendered profile, the cache
            version).
        session_ids: threads whose transcripts hold the statements; purge them too.
        profile_version: the per-user version after the deletion.
    """

    user_id: str
    fact_ids: tuple[str, ...]
    places: Mapping[str, int] = field(default_factory=dict)
    session_ids: tuple[str, ...] = ()
    profile_version: int = 0

    def describe(self) -> str:
        """A plain-language summary (no fact text). A receipt that deleted no fact says so.

        Example:
            >>> ForgetReceipt("u1", ("f1",), {"current facts": 1}, ("t1",), 3).describe()
            'Deleted 1 fact(s): current facts 1. Transcripts to purge: t1.'
            >>> ForgetReceipt("u1", (), {"current facts": 0}).describe()
            'Nothing matched: 0 facts deleted.'
        """
        if not self.fact_ids:
            extra = ", ".join(
                f"{k} {v}" for k, v in self.places.items() if k == "other records" and v
            )
            return "Nothing matched: 0 facts deleted." + (
                f" Also removed: {extra}." if extra else ""
            )
        where = ", ".join(f"{k} {v}" for k, v in self.places.items())
        threads = ", ".join(self.session_ids) or "none"
        return f"Deleted {len(self.fact_ids)} fact(s): {where}. Transcripts to purge: {threads}."


def _iso(t: datetime) -> str:
    return t.isoformat()


def _etag(meta: Result) -> str | None:
    """The etag of a version row (``profile/meta``), if there is a well-formed one."""
    etag = meta.value.get("etag") if isinstance(meta, Item) else None
    return etag if isinstance(etag, str) else None


def _written(row: PutOp | None) -> PutOp:
    """The profile row a write path always writes (one without ``keep_unchanged``)."""
    assert row is not None
    return row


PROFILE_ETAG = "profile_etag"
"""The version row's field naming the profile row that is still that version's, when a
write changed no profile fact and so left the profile row as it was (#14). Absent (every
other write, and older releases): the profile row must carry the version's own etag."""


def _profile_etags(meta: Result) -> tuple[str, ...]:
    """The etags a profile row may carry to be the version ``meta``'s profile row: the
    version's own, and the one of an earlier version whose profile facts it still holds."""
    etag = _etag(meta)
    if etag is None:
        return ()
    kept = meta.value.get(PROFILE_ETAG) if isinstance(meta, Item) else None
    return (etag, kept) if isinstance(kept, str) and kept != etag else (etag,)


def _entries(item: Item) -> list[Mapping[str, Any]]:
    """The decisions of a log row: itself, or the ``entries`` of the one row a
    ``remember_many`` step writes for all its decisions."""
    batch = item.value.get("entries")
    if isinstance(batch, list):
        return [e for e in batch if isinstance(e, Mapping)]
    return [item.value]


def _is_audit(item: Item) -> bool:
    """A deletion audit entry: it records that facts were forgotten, not which ones."""
    return _is_audit_entry(item.value)


def _is_audit_entry(entry: Mapping[str, Any]) -> bool:
    """A deletion audit among a row's entries (``_is_audit`` of one decision)."""
    return entry.get("action") == "forgotten" and entry.get("fact_id") is None


def _tail(meta: Result) -> list[Mapping[str, Any]]:
    """The decisions the version row ``meta`` holds (``LOG_TAIL``), oldest first; none for
    a version row written before it held any."""
    log = meta.value.get("log") if isinstance(meta, Item) else None
    if not isinstance(log, list):
        return []
    return [e for e in log if isinstance(e, Mapping)]


class RankedSearchOp(SearchOp):
    """The ``SearchOp`` of recall's ranked candidates: ``matched_only`` asks a Qdrant store
    not to pad the answer with rows its query did not rank (``BaseStore`` semantics, kept
    for every other search; its padding scroll cost more than the query): recall's query
    holds every word a fact it could send is found by (``RetrievalPolicy.index_words``).
    ``exclude_keys`` (set with ``ranked_search``) names
    rows of the namespace itself that the answer leaves out, in the engine: the profile
    row's facts, which recall has read already, so no payload is read for them.
    ``scopes`` (also set with ``ranked_search``), when not empty, keeps the rows whose
    ``scope`` is one of them (``None``: no scope), so the user's facts and a project's
    come from one query rather than one per scope. Any other store treats it as a plain
    ``SearchOp`` (``RetrievalPolicy.select`` checks every fact's scope again)."""

    matched_only = True
    exclude_keys: tuple[str, ...] = ()
    scopes: tuple[str | None, ...] = ()


class OwnPutOp(PutOp):
    """A ``PutOp`` of a row this package built from checked parts (a fact's pydantic
    fields, the version, profile and log rows): ``trusted`` lets a Qdrant store encode it
    without walking every container of the value, and ``known_created`` (set by
    ``_known_created``) that the plan knows the row's creation time, ``created_at`` (a
    POSIX time; ``None``: there is no row yet), so the store does not read it back before
    the upsert (#14: a remember's write was a read of the rows it had just read, then the
    upsert). Any other store treats it as a plain ``PutOp``."""

    trusted = True
    known_created = False
    created_at: float | None = None


def _own(
    namespace: tuple[str, ...],
    key: str,
    value: dict[str, Any],
    index: Literal[False] | list[str] = False,
) -> OwnPutOp:
    return OwnPutOp(namespace, key, value, index=index)


def _known_created(op: Op, when: float | None) -> None:
    """Mark ``op`` (an ``OwnPutOp``) as writing a row created at ``when`` (``None``: new)."""
    if isinstance(op, OwnPutOp):
        op.known_created = True
        op.created_at = when


class SmallSearchOp(SearchOp):
    """A ``SearchOp`` whose matches are expected to fit in one page (a slot's current rows,
    a fact id's versions): ``fits`` lets a Qdrant store read them in one engine call (#14).
    Any other store treats it as a plain ``SearchOp``."""

    fits = True


def ranked_search(
    namespace: tuple[str, ...],
    flt: dict[str, Any],
    *,
    limit: int,
    query: str,
    exclude_keys: tuple[str, ...] = (),
    scopes: tuple[str | None, ...] = (),
) -> RankedSearchOp:
    """A ``RankedSearchOp`` leaving out the rows ``exclude_keys`` of ``namespace``, of the
    ``scopes`` given (any, when none is)."""
    op = RankedSearchOp(namespace, flt, limit=limit, query=query)
    op.exclude_keys = exclude_keys
    op.scopes = scopes
    return op


def _rows(result: Result) -> Sequence[object]:
    """The rows of a search or a namespace listing; none for a get's answer or a missing one."""
    return result if isinstance(result, list) else ()


def _hits(pages: Iterable[Result]) -> list[Fact]:
    """Facts from search results (rows this package wrote: decoded without validation)."""
    out = []
    for page in pages:
        for item in _rows(page):
            if isinstance(item, Item):
                fact = decode_trusted(item.value)
                if fact is not None:
                    out.append(fact)
    return out


def _log_entry(now: datetime, action: str, fact_id: str | None, reason: str) -> dict[str, Any]:
    """One decision as the log keeps it (no fact text), logged as it is made."""
    _log.info("memory %s fact_id=%s reason=%s", action, fact_id, reason)
    return {"time": _iso(now), "action": action, "fact_id": fact_id, "reason": reason}


def _date(t: datetime | None) -> str:
    return t.date().isoformat() if t is not None else "unknown"


@dataclass
class _Carry:
    """What a ``remember_many`` step leaves the next one (#14): the current rows it read,
    as its decisions left them, and the rows it read and wrote besides (settings, version,
    profile row, history of its statements). The next step reads only the slots and
    history rows no step has read, never a slot (or the whole namespace) again: the plan
    holds the user's write lock throughout, so nothing else wrote them meanwhile."""

    settings: Result
    meta: Result
    rendered: Result
    blocked: Result
    by_slot: dict[tuple[str, str], HeldRows]
    slot_of: dict[str, tuple[str, str]]
    history: dict[str, Mapping[str, Any] | None]
    every: bool = False
    """Every current row was read (``by_slot`` holds them all)."""
    slots: frozenset[tuple[str, str]] | set[tuple[str, str]] = frozenset()
    """Slots whose rows were all read."""
    subjects: frozenset[str] | set[str] = frozenset()
    """Subjects whose rows were all read (a retraction's or correction's reach)."""


@dataclass
class _Made:
    """The rows one ``remember`` step read, so its writes can tell the store when each row
    they rewrite was created, and that a row they add is new (``OwnPutOp``), sparing the
    store's read of creation times before the upsert (#14). A current row is new when its
    slot was read (its key names its subject and predicate, ``current_key``) and held no row
    at that key; a history row is new when it is a version the step read as current (a
    current fact's id has no history row: a restore deletes it, ``verdict``) or a statement
    whose history the step read and found missing; the version and profile rows are the
    ones read; a log row's key is new by construction. Anything else is left for the store
    to read."""

    every: bool
    slots: set[tuple[str, str]]
    subjects: set[str]
    created: dict[tuple[tuple[str, ...], str], float] = field(default_factory=dict)
    current_ids: set[str] = field(default_factory=set)
    history: set[str] = field(default_factory=set)

    def saw(self, item: Item, current: bool = True) -> None:
        """Note a row read (``current``: a current fact's row)."""
        self.created[(item.namespace, item.key)] = item.created_at.timestamp()
        fid = item.value.get("fact_id") if current else None
        if isinstance(fid, str):
            self.current_ids.add(fid)

    def note(
        self, lay: Layout, user_id: str, writes: Sequence[Op], facts_of: Mapping[int, Fact]
    ) -> None:
        facts_ns, history_ns = lay.facts(user_id), lay.history(user_id)
        profile_ns, log_ns = lay.profile(user_id), lay.log(user_id)
        for op in writes:
            if not isinstance(op, OwnPutOp):
                continue
            when = self.created.get((op.namespace, op.key))
            if when is not None:
                _known_created(op, when)
            elif op.namespace == facts_ns:
                fact = facts_of.get(id(op))
                if fact is not None and (
                    self.every
                    or (fact.subject, fact.predicate) in self.slots
                    or fact.subject in self.subjects
                ):
                    _known_created(op, None)
            elif op.namespace == history_ns:
                if op.key in self.current_ids or op.key in self.history:
                    _known_created(op, None)
            elif op.namespace in (profile_ns, log_ns):
                _known_created(op, None)  # read above (so missing), or a fresh log key


def _row(namespace: tuple[str, ...], key: str, value: dict[str, Any], now: datetime) -> Item:
    """The item a step wrote, as the next step of the same plan reads it."""
    return Item(namespace=namespace, key=key, value=value, created_at=now, updated_at=now)


@dataclass
class Planner:
    """Plans every ``FactMemory`` operation; shared by the sync and async faces."""

    layout: Layout
    policy: WritePolicy
    retrieval: RetrievalPolicy
    clock: Callable[[], datetime]
    use_store_scores: bool = False
    cache: RecallCache = field(default_factory=RecallCache)
    _sig: str = field(default="", init=False, repr=False)
    _tier_profile: str = field(default="", init=False, repr=False)
    ranked: bool = False
    """The store ranks a BM25 query over the ``search`` text of current rows under engine
    filters (``QdrantStore`` without a dense model): recall then asks it for the
    candidates instead of reading every current fact (see ``recall``)."""
    hold_ranked: bool = False
    """Recall on a ranking store may hold each request's candidates for the version it
    read them at (``RecallCache.put_ranked``): only where the store shows every write
    batch's rows together with its version row (Qdrant Edge in this process), since a
    ranked query, unlike a full scan, cannot prove it saw the version's write."""

    # ------------------------------------------------------------------ reading helpers

    def _scan(
        self,
        namespaces: Sequence[tuple[tuple[str, ...], dict[str, Any] | None]],
        extra: Sequence[Op] = (),
        small: bool = False,
    ) -> Steps[tuple[list[Result], list[list[Item]]]]:
        """Read ``extra`` ops and every item of each (namespace, filter), in as few batches
        as paging allows; ``small``: each is expected to fit in one page (``SmallSearchOp``)."""
        search = SmallSearchOp if small else SearchOp
        offsets = [0] * len(namespaces)
        out: list[list[Item]] = [[] for _ in namespaces]
        open_ = list(range(len(namespaces)))
        first = True
        extra_results: list[Result] = []
        while open_ or first:
            ops: list[Op] = list(extra) if first else []
            ops += [
                search(namespaces[i][0], namespaces[i][1], limit=PAGE, offset=offsets[i])
                for i in open_
            ]
            results = yield ops
            if first:
                extra_results, results = results[: len(extra)], results[len(extra) :]
                first = False
            still = []
            for i, page in zip(open_, results, strict=True):
                items = [i for i in _rows(page) if isinstance(i, Item)]
                out[i].extend(items)
                if len(items) == PAGE:
                    offsets[i] += PAGE
                    still.append(i)
            open_ = still
        return extra_results, out

    def _enabled(self, item: Result) -> bool:
        return not (isinstance(item, Item) and item.value.get("enabled") is False)

    def _version(self, item: Result) -> int:
        return int(item.value.get("version", 0)) if isinstance(item, Item) else 0

    def _bump(
        self,
        user_id: str,
        meta: Result,
        writes: Sequence[Op],
        by: int = 1,
        entries: Sequence[Mapping[str, Any]] = (),
        now: datetime | None = None,
        tail: Sequence[Mapping[str, Any]] | None = None,
    ) -> tuple[PutOp, int, PutOp | None]:
        """The version row after ``writes`` (``by`` decisions' worth): a fresh etag, the
        witness of those writes (see ``recall_cache``), and the log tail (``LOG_TAIL``):
        ``tail`` (default: the one ``meta`` holds) followed by ``entries``, the decisions
        of this write. It must go in the same batch, after the writes. The third answer is
        the log row to write too when the tail is full (at ``now``): the tail and
        ``entries`` as one row, the version row's tail then empty."""
        version = self._version(meta) + by
        ns = self.layout.facts(user_id)
        value: dict[str, Any] = {
            "version": version,
            "etag": uuid.uuid4().hex,
            "witness": write_witness(writes, ns),
        }
        log = [*(_tail(meta) if tail is None else tail), *entries]
        flushed = None
        if len(log) > LOG_TAIL:
            assert now is not None, "a write that logs passes its time"
            flushed = self._log_row(user_id, now, {"entries": log})
        elif log:
            value["log"] = log
        put = _own(self.layout.profile(user_id), "meta", value)
        return put, version, flushed

    def _log_row(self, user_id: str, now: datetime, value: dict[str, Any]) -> PutOp:
        """The log row of one step, keyed by its time (``value``: one entry, or
        ``{"entries": [...]}``)."""
        key = f"{now.strftime('%Y%m%dT%H%M%S.%f')}-{uuid.uuid4().hex[:8]}"
        return _own(self.layout.log(user_id), key, value)

    def _key(self, fact: Fact) -> str:
        """The current-row key of ``fact``: its slot when single-valued (by the policy, or
        declared on the fact for a predicate the policy does not know), else slot + value."""
        single = self.policy.is_single_valued(fact.predicate, fact.single_valued)
        return current_key(fact, single_valued=single)

    # ------------------------------------------------------------------ the profile row
    #
    # ``profile/rendered`` holds, for one version (etag) of the user's facts, the rendered
    # profile text and the profile's facts themselves (keyed by their current key; every
    # scope, since a project's preferences are always sent in that project): whole those
    # the profile shows, and slim records (``left``) of the hobbies and attributes beyond
    # their sections' bounds, which recall ranks like any fact (``profile_row``). Every write
    # path keeps it in the batch that bumps the version, so recall reads the profile with
    # one get instead of every fact. ``sig`` names the retrieval policy's profile
    # predicates and sections the row was made for; a row of another configuration, or of
    # another version, is not used (a full read replaces it). A remember that changes no
    # profile fact (a skill, a note) does not rewrite the row: its version row names
    # the row's etag in ``profile_etag`` instead, one point fewer per write (#14). A
    # reader of an older release sees a row of another version then and reads every fact.

    def __post_init__(self) -> None:
        sections = self.retrieval.sections or PROFILE_SECTIONS
        self._sig = fingerprint(
            {
                "predicates": sorted(self.retrieval.profile_predicates),
                "sections": [[name, list(ps)] for name, ps in sections],
                "interests": [self.retrieval.max_interests, self.retrieval.interest_budget],
                "notes": [self.retrieval.max_notes, self.retrieval.note_budget],
                "row": "left-slim",  # values beyond a bound kept slim, ranked by the engine
                "attributes": [
                    self.retrieval.max_attributes,
                    self.retrieval.attribute_budget,
                    sorted(self.retrieval.single_valued),
                    sorted(self.retrieval.multi_valued),
                ],
            }
        )
        self._tier_profile = f"profile:{self._sig}"

    def _is_profile(self, fact: Fact) -> bool:
        """Whether recall always sends ``fact`` (in its scope): the retrieval policy's rule."""
        return self.retrieval.is_always(fact)

    def _search_text(self, fact: Fact) -> str:
        """What a ranking store indexes: the fact's words, its attribute's other names and,
        for another person's fact, the ties the user's words gave them ("Uncle Farid":
        "uncle", ``person_ties``), so "flights to visit my uncle" ranks it."""
        subject = fact.subject.replace(".", " ").replace(":", " ").replace("_", " ")
        names = " ".join((*self.retrieval.other_names(fact), *person_ties(fact)))
        words = (fact.text, subject, fact.predicate.replace("_", " "), fact.object, names)
        return " ".join((*words, EVERY_ROW))

    def _current_put(self, user_id: str, key: str, fact: Fact) -> PutOp:
        """The write of a current row; on a ranking store with its search text and tier
        (``profile:<sig>`` for a profile fact, which recall takes from the profile row)."""
        if not self.ranked:
            return _own(self.layout.facts(user_id), key, encode_fact(fact), FACT_INDEX)
        tier = self._tier_profile if self._is_profile(fact) else "ranked"
        value = encode_fact(fact, search=self._search_text(fact), tier=tier)
        return _own(self.layout.facts(user_id), key, value, SEARCH_INDEX)

    def _row_facts(self, meta: Result, rendered: Result) -> dict[str, Any] | None:
        """The profile facts the row for the version ``meta`` keeps whole (those the
        profile shows), or ``None`` when the row is not that version's. No version row: no
        facts (every write of facts makes one)."""
        etag = _etag(meta)
        if etag is None:
            return {}
        if not isinstance(rendered, Item):
            return None
        value = rendered.value
        facts = value.get("facts")
        if value.get("etag") not in _profile_etags(meta) or value.get("sig") != self._sig:
            return None
        if not isinstance(facts, dict):
            return None
        return facts

    @staticmethod
    def _row_left(rendered: Result) -> dict[str, Any]:
        """The slim records of the row read (``_row_facts`` says whether it is usable)."""
        left = rendered.value.get("left") if isinstance(rendered, Item) else None
        return dict(left) if isinstance(left, dict) else {}

    def _profile_value(
        self, value: Mapping[str, Any], fact: Fact | None = None
    ) -> dict[str, Any] | None:
        """A current row's value as the profile row keeps it, or ``None`` if not profile;
        ``fact`` is the row's fact when the caller has it (else it is decoded)."""
        if fact is None:
            fact = decode_trusted(value)
        if fact is None or not self._is_profile(fact):
            return None
        return {k: v for k, v in value.items() if k not in ("search", "tier")}

    def _profile_row(
        self,
        user_id: str,
        facts: Mapping[str, Any],
        etag: str | None,
        version: int,
        text: str | None = None,
        left: Mapping[str, Any] | None = None,
    ) -> PutOp:
        """The profile row: ``facts`` whole, ``left`` slim; ``text`` is its rendering when
        known, else ``facts`` are rendered here. Without ``left``, ``facts`` are every
        profile fact, whole, and those beyond a bound are made slim here."""
        if left is None:
            left = split_bounded(self.retrieval, facts, ()).left
            facts = {k: v for k, v in facts.items() if k not in left}
        if text is None:
            decoded = [f for f in map(decode_trusted, facts.values()) if f is not None]
            text = self._render(decoded)
        value = {
            "etag": etag,
            "version": version,
            "text": text,
            "facts": dict(facts),
            "left": dict(left),
            "sig": self._sig,
        }
        return _own(self.layout.profile(user_id), "rendered", value)

    def _profile_upkeep(
        self,
        user_id: str,
        meta: Result,
        rendered: Result,
        writes: Sequence[Op],
        rows: Sequence[Item] | None = None,
        facts_of: Mapping[int, Fact] | None = None,
        keep_unchanged: bool = False,
    ) -> Steps[PutOp | None]:
        """The profile row after ``writes``, whose last op is the version bump: the row
        read (``rendered``) with the writes applied; when it is not the version's, the
        current rows (``rows``, else a scan, before the writes) instead. ``facts_of`` maps
        ``id(op)`` of a write to the fact it encodes, so it is not decoded again. When no
        write changes a profile fact, the row's rendered text is kept, not redone; with
        ``keep_unchanged`` it is ``None`` then: the row read stays as it is, and the
        caller's bump names that row's etag (``profile_etag``). When a write changes a
        bounded section, its values are picked again; a slim value now shown is read
        whole (one read, only then)."""
        ns = self.layout.facts(user_id)
        held = None if rows is not None else self._row_facts(meta, rendered)
        text: str | None = None
        slim_keys: set[str] = set()
        if held is None:
            if rows is None:
                _, (rows,) = yield from self._scan([(ns, None)])
            held = {}
            for item in rows:
                kept = self._profile_value(item.value)
                if kept is not None:
                    held[item.key] = kept
            regroup = True
        else:
            left = self._row_left(rendered)
            held = {**held, **left}
            slim_keys = set(left)
            regroup = False
            if isinstance(rendered, Item) and isinstance(rendered.value.get("text"), str):
                text = rendered.value["text"]
        facts = dict(held)
        decoded: dict[str, Fact] = {}  # whole entries' facts the writes carry
        changed = text is None
        before = text  # the row's rendering, when it is this version's
        touched: set[str] = set()  # predicates of the profile facts the writes change
        for op in writes:
            if isinstance(op, PutOp) and op.namespace == ns:
                kept = None
                known = facts_of.get(id(op)) if facts_of is not None else None
                if op.value is not None:
                    known = known or decode_trusted(op.value)  # once, for both uses below
                    kept = self._profile_value(op.value, known)
                gone = facts.pop(op.key, None)
                if gone is not None:
                    regroup = regroup or self._bounded(gone, op.key in slim_keys)
                    slim_keys.discard(op.key)
                    decoded.pop(op.key, None)
                    touched.add(str(gone.get("predicate")))
                    text, changed = None, True
                if kept is not None:
                    facts[op.key] = kept
                    if known is not None:
                        decoded[op.key] = known
                    regroup = regroup or self._bounded(kept, False, known)
                    touched.add(str(kept.get("predicate")))
                    text, changed = None, True
        bump = writes[-1]
        assert isinstance(bump, PutOp) and bump.value is not None
        if keep_unchanged and not changed and isinstance(rendered, Item):
            return None  # the row read is this version's and no write touches its facts
        if regroup:
            split = split_bounded(self.retrieval, facts, slim_keys, decoded)
            for key in slim_keys - split.left.keys() - split.shown:
                facts.pop(key)  # a slim record no release wrote: not kept (never sent whole)
            wanted = sorted(split.shown & slim_keys)  # slim values the profile now shows
            if wanted:
                found = yield [GetOp(ns, key) for key in wanted]
                for key, read in zip(wanted, found, strict=True):
                    whole = self._profile_value(read.value) if isinstance(read, Item) else None
                    slim_keys.discard(key)
                    if whole is None:
                        facts.pop(key)  # gone under us: not shown (the next write regroups)
                    else:
                        facts[key] = whole
            left = dict(split.left)
        else:
            left = {k: facts[k] for k in slim_keys}
        shown = {k: v for k, v in facts.items() if k not in left}
        if text is None and before is not None:
            text = self._rerendered(before, shown, touched)
        return self._profile_row(
            user_id, shown, bump.value["etag"], bump.value["version"], text, left
        )

    def _bounded(self, value: Mapping[str, Any], is_slim: bool, fact: Fact | None = None) -> bool:
        """Whether a profile row entry is a value of a bounded section (its change picks
        the section's values again)."""
        if is_slim:
            return True
        if fact is None:
            fact = decode_trusted(value)
        return fact is not None and bound_of(self.retrieval, fact) is not None

    def _rerendered(
        self, text: str, facts: Mapping[str, Any], touched: Iterable[str]
    ) -> str | None:
        """``text`` with only the sections of the ``touched`` predicates rendered again,
        from the profile facts of those sections (``facts``, as the row keeps them): a new
        hobby decodes the hobbies, not the whole profile (#14). ``None`` (render it whole)
        when a touched predicate is in no one section (a preference of its own, an
        attribute, whose Attributes line is picked from every attribute)."""
        sections = self.retrieval.sections or PROFILE_SECTIONS
        listed = [p for _, ps in sections for p in ps]
        if len(listed) != len(set(listed)):
            return None  # a predicate in two sections shows in the first: render it whole
        wanted: set[int] = set()
        for predicate in touched:
            index = section_of(predicate, sections)
            if index is None:
                return None
            wanted.add(index)
        for index in sorted(wanted):
            rows = [
                v
                for v in facts.values()
                if section_of(str(v.get("predicate")), sections) == index
            ]
            decoded = [f for f in map(decode_trusted, rows) if f is not None]
            user_level = [f for f in decoded if f.scope is None and f.is_current]
            redone = with_section(text, self.retrieval.shown_of(user_level), index, sections)
            if redone is None:
                return None
            text = redone
        return text

    # ------------------------------------------------------------------ remember

    def remember(
        self, user_id: str, candidate: CandidateFact | Mapping[str, Any], session_id: str | None
    ) -> Steps[Decision]:
        """Plan: read settings, version, profile row and the slot; decide; write it all in
        one batch (``remember_many`` of one candidate)."""
        decisions = yield from self.remember_many(user_id, [candidate], session_id)
        return decisions[0]

    def remember_many(
        self,
        user_id: str,
        candidates: Sequence[CandidateFact | Mapping[str, Any]],
        session_id: str | None,
    ) -> Steps[list[Decision]]:
        """Plan: per ``CHUNK`` of candidates, one read batch (settings, version, profile
        row, the slots they touch and their history rows) and one write batch; a first
        step over several slots reads the version row before the slots, and none of them
        when there is no version row (a new user). Decisions are taken in order against
        the rows as the earlier decisions of the chunk left them, so the outcome is that
        of one ``remember`` after another. The decisions of a step go in the version row's
        log tail (``LOG_TAIL``), or as one log row (``entries``) when the tail is full;
        ``read_log`` lists them one by one and ``forget`` removes a forgotten fact's
        entries from either."""
        out: list[Decision] = []
        carry: list[_Carry] = []  # the last step's, when it read every current row
        for start in range(0, len(candidates), CHUNK):
            chunk = candidates[start : start + CHUNK]
            out += yield from self._remember_chunk(user_id, chunk, session_id, carry)
        return out

    def _remember_chunk(
        self,
        user_id: str,
        candidates: Sequence[CandidateFact | Mapping[str, Any]],
        session_id: str | None,
        carry: list[_Carry] | None = None,
    ) -> Steps[list[Decision]]:
        lay = self.layout
        facts_ns = lay.facts(user_id)
        staged: list[tuple[datetime, CandidateFact | None, Fact | None]] = []
        for candidate in candidates:
            now = self.clock()
            parsed: CandidateFact | None
            try:
                parsed = (
                    candidate
                    if isinstance(candidate, CandidateFact)
                    else CandidateFact.model_validate(candidate)
                )
            except (ValueError, TypeError):
                parsed = None
            # the slot this candidate would touch, to read it; whether it is admissible at
            # all is the policy's ``decide`` (which screens it), not guessed here
            proto = None
            if parsed is not None:
                try:
                    proto = self.policy.to_fact(
                        parsed, user_id=user_id, now=now, session_id=session_id
                    )
                except (ValueError, TypeError):
                    proto = None
            staged.append((now, parsed, proto))
        slots = list(dict.fromkeys((p.subject, p.predicate) for *_, p in staged if p is not None))
        # a retraction or correction may name a value held under another predicate of the
        # same subject ("I left the choir" for a hobby): those read the whole subject
        wide = {
            p.subject
            for _, c, p in staged
            if p is not None and c is not None and self.policy.reaches_other_slots(c)
        }
        # A lone retraction reads its slot only: the policy looks under the subject's other
        # predicates only when the slot holds nothing it names (``nothing_to_retract``), and
        # then the subject is read and the retraction decided again (#14: reading every
        # row of the subject cost a retraction most of its time).
        later: set[str] = set()
        if len(staged) == 1 and wide:
            _, c, p = staged[0]
            if c is not None and p is not None and c.polarity.strip().lower() == "retract":
                later, wide = wide, set()
        # the history row of a statement, if it was closed: a replay of it (late
        # consolidation) must not bring a retracted value back. Only a statement with a
        # message id can be a replay (``WritePolicy.decide``), so only those are read.
        held = carry[-1] if carry else None
        seen = held.history if held is not None else {}
        priors = list(
            dict.fromkeys(
                p.fact_id
                for *_, p in staged
                if p is not None and p.message_id and p.fact_id not in seen
            )
        )
        reads: list[Op] = [GetOp(lay.history(user_id), fid) for fid in priors]
        if held is None:
            reads[:0] = [
                GetOp(lay.settings(user_id), "memory"),
                GetOp(lay.profile(user_id), "meta"),
                GetOp(lay.profile(user_id), "rendered"),
                GetOp(lay.settings(user_id), do_not_store.KEY),  # "stop storing X" (#12)
            ]
        # the current rows to read: the slots (and whole subjects) no earlier step of
        # this plan has read, or every row when there are more such slots than SCAN_SLOTS
        every = held is not None and held.every
        known_slots = held.slots if held is not None else frozenset()
        known_subjects = held.subjects if held is not None else frozenset()
        need_wide = sorted(s for s in wide if not every and s not in known_subjects)
        need = [
            s
            for s in slots
            if not every and s not in known_slots and s[0] not in known_subjects
        ]
        scan_all = len(need) > SCAN_SLOTS
        scans: list[tuple[tuple[str, ...], dict[str, Any] | None]]
        if scan_all:
            scans = [(facts_ns, None)]
        else:
            scans = [
                (facts_ns, {"subject": s, "predicate": p}) for s, p in need if s not in need_wide
            ]
            scans += [(facts_ns, {"subject": s}) for s in need_wide]
        head: Sequence[Result] = []
        pages: list[list[Item]] = []
        if held is None and len(scans) > 1:
            # A step that reads several slots reads the version row first: without one the
            # user has no current row (every write of facts writes it, forget_all deletes
            # both), so a back-fill of a new user reads no slot at all (#14); one slot is
            # read in the same batch as the version row (a single remember).
            head = yield reads
            if _etag(head[1]) is None:
                scans, scan_all = [], True
        if scans or (reads and not head):
            got, pages = yield from self._scan(
                scans, reads if not head else [], small=not scan_all
            )
            head = head or got
        if held is None:
            settings, meta, rendered, blocked = head[:4]
            head = head[4:]
            # the current rows of the slots read, as stored (key -> fact, by slot); each
            # decision's writes update it, so the next candidate decides on what it left
            by_slot: dict[tuple[str, str], HeldRows] = {}
            slot_of: dict[str, tuple[str, str]] = {}
            history: dict[str, Mapping[str, Any] | None] = {}
        else:  # what the last step read and left (it held the lock since)
            settings, meta, rendered, blocked = (
                held.settings, held.meta, held.rendered, held.blocked
            )
            by_slot, slot_of, history = held.by_slot, held.slot_of, held.history
        if scan_all:  # every row, as stored: what the rows held said, and the rest
            by_slot.clear()
            slot_of.clear()
        wanted = set(need)
        reach = set(need_wide)
        # what this step read, for the creation times of the rows it rewrites (``Made``)
        made = _Made(every=scan_all, slots=wanted, subjects=set(reach))
        for page in pages:
            for item in page:
                v = item.value
                made.saw(item)
                slot = (str(v.get("subject")), str(v.get("predicate")))
                if scan_all or slot in wanted or slot[0] in reach:
                    fact = decode_trusted(v)
                    if fact is not None:
                        by_slot.setdefault(slot, HeldRows())[item.key] = fact
                        slot_of[item.key] = slot
        for s in slots:
            by_slot.setdefault(s, HeldRows())
        if not self._enabled(settings):
            return [Decision(action="rejected", code="memory_off") for _ in staged]
        history.update(
            (fid, r.value if isinstance(r, Item) else None)
            for fid, r in zip(priors, head, strict=True)
        )
        for r in head:
            if isinstance(r, Item):
                made.saw(r, current=False)
        made.history.update(priors)
        decisions: list[Decision] = []
        writes: list[Op] = []
        logs: list[tuple[datetime, dict[str, Any]]] = []
        facts_of: dict[int, Fact] = {}  # id(op) -> the fact it writes (kept alive by writes)
        changed = 0
        for now, parsed, proto in staged:
            if parsed is None:
                decision = Decision(action="rejected", code="malformed")
            elif proto is not None and do_not_store.blocking_topic(blocked, proto) is not None:
                decision = Decision(action="rejected", code="not_wanted")
            else:
                current: list[Fact] = []
                past: list[Fact] = []
                if proto is not None:
                    # in key order: the same whether the rows were read (in the store's
                    # order) or left by an earlier decision of the plan (#14)
                    held_rows = by_slot[(proto.subject, proto.predicate)]
                    if self.policy.narrows(parsed, proto):  # a note added to many (#14)
                        current = held_rows.narrowed(proto)
                    else:
                        current = held_rows.ordered()
                    if proto.subject in wide and self.policy.reaches_other_slots(parsed):
                        other_rows = {
                            k: f
                            for (subject, predicate), rows in by_slot.items()
                            if subject == proto.subject and predicate != proto.predicate
                            for k, f in rows.items()
                        }
                        current += [other_rows[k] for k in sorted(other_rows)]
                    prior = history.get(proto.fact_id)
                    past = [f for f in [decode_trusted(prior)] if f is not None] if prior else []
                decision = self.policy.decide(
                    parsed,
                    user_id=user_id,
                    current=current,
                    now=now,
                    session_id=session_id,
                    past=past,
                    built=proto,
                )
                if proto is not None and decision.code == "nothing_to_retract" and later:
                    # the slot names nothing: decide on the whole subject, as it is read
                    subject = proto.subject
                    _, (rows,) = yield from self._scan(
                        [(facts_ns, {"subject": subject})], small=True
                    )
                    made.subjects.add(subject)
                    for item in rows:
                        made.saw(item)
                        v = item.value
                        fact = decode_trusted(v)
                        if fact is not None and item.key not in slot_of:
                            slot = (str(v.get("subject")), str(v.get("predicate")))
                            by_slot.setdefault(slot, HeldRows())[item.key] = fact
                            slot_of[item.key] = slot
                    wide, later = {subject}, set()
                    other_rows = {
                        k: f
                        for (s, predicate), held in by_slot.items()
                        if s == subject and predicate != proto.predicate
                        for k, f in held.items()
                    }
                    decision = self.policy.decide(
                        parsed,
                        user_id=user_id,
                        current=current + [other_rows[k] for k in sorted(other_rows)],
                        now=now,
                        session_id=session_id,
                        past=past,
                        built=proto,
                    )
            step = self._decision_writes(user_id, decision, facts_of)
            if step:
                changed += 1
                for op in step:
                    assert isinstance(op, PutOp)
                    if op.namespace == facts_ns:
                        was = slot_of.pop(op.key, None)
                        fact = None
                        if op.value is not None:
                            fact = facts_of.get(id(op)) or decode_trusted(op.value)
                        if was is not None:
                            by_slot[was].pop(op.key, None)
                        if fact is not None:
                            slot = (fact.subject, fact.predicate)
                            by_slot.setdefault(slot, HeldRows())[op.key] = fact
                            slot_of[op.key] = slot
                    else:
                        history[op.key] = op.value
                writes += step
            if decision.code != "replayed":
                entry = _log_entry(now, decision.action, decision.fact_id, decision.code)
                logs.append((now, entry))
            decisions.append(decision)
        entries = [entry for _, entry in logs]
        if writes:
            # the step's decisions ride in the version row it rewrites (``LOG_TAIL``)
            first = logs[0][0] if logs else staged[-1][0]
            bump, _, flushed = self._bump(
                user_id, meta, writes, by=changed, entries=entries, now=first
            )
            writes.append(bump)
            row = yield from self._profile_upkeep(
                user_id, meta, rendered, writes, None, facts_of, keep_unchanged=True
            )
            if row is not None:
                writes.append(row)
            elif isinstance(rendered, Item):  # the profile row read stays this version's
                value = {**(bump.value or {}), PROFILE_ETAG: rendered.value["etag"]}
                writes[-1] = bump._replace(value=value)
            if flushed is not None:
                writes.append(flushed)
        elif len(logs) == 1:  # nothing stored (a rejection): the version row stays as read
            writes.append(self._log_row(user_id, logs[0][0], logs[0][1]))
        elif logs:
            # one log row for the step's decisions: a point per decision cost as much as
            # the fact it logs (``read_log`` and ``forget`` read every shape)
            writes.append(self._log_row(user_id, logs[0][0], {"entries": entries}))
        if writes and held is None:  # rows read in this step (a carried row's time is not)
            for read in (meta, rendered):
                if isinstance(read, Item):
                    made.saw(read, current=False)
            made.note(lay, user_id, writes, facts_of)
        if writes:
            yield writes
            if changed:  # the facts changed: the next recall reads them in its batch
                self.cache.drop(facts_ns)
        if carry is not None:
            last = staged[-1][0]  # the step's last time (the clock is not read again)
            meta, rendered = self._written_rows(user_id, last, writes, meta, rendered)
            carry[:] = [
                _Carry(
                    settings, meta, rendered, blocked, by_slot, slot_of, history,
                    every=every or scan_all,
                    slots=known_slots | set(slots),
                    subjects=known_subjects | wide,
                )
            ]
        return decisions

    def _written_rows(
        self, user_id: str, now: datetime, writes: Sequence[Op], meta: Result, rendered: Result
    ) -> tuple[Result, Result]:
        """The version and profile rows after ``writes`` (those read, where it wrote none),
        as the next step of the plan would read them."""
        ns = self.layout.profile(user_id)
        for op in writes:
            if isinstance(op, PutOp) and op.value is not None and op.namespace == ns:
                if op.key == "meta":
                    meta = _row(ns, op.key, dict(op.value), now)
                elif op.key == "rendered":
                    rendered = _row(ns, op.key, dict(op.value), now)
        return meta, rendered

    def _decision_writes(
        self, user_id: str, decision: Decision, facts_of: dict[int, Fact] | None = None
    ) -> list[Op]:
        """The store writes one decision implies (without the version bump and the log).

        Every closed version leaves the current namespace (its key deleted, unless the new
        row overwrites that same slot key) and goes to history, unindexed. The decision's
        fact, when there is one, is written as the current row if it is current, and to
        history only when it is not (a past state): it never gets a current key or vector.
        A retraction has closed rows and no fact; a rejection or conflict writes nothing.
        ``facts_of``, when given, gets ``id(op) -> fact`` for every write of a fact.
        """
        if not decision.write:
            return []
        lay = self.layout
        fact = decision.fact
        new_key = self._key(fact) if fact is not None and fact.is_current else None
        writes: list[Op] = []
        noted: list[tuple[Op, Fact]] = []
        for old in decision.closed:
            old_key = self._key(old)
            if old_key != new_key:
                writes.append(PutOp(lay.facts(user_id), old_key, None))
            writes.append(_own(lay.history(user_id), old.fact_id, encode_fact(old)))
            noted.append((writes[-1], old))
        if fact is not None and new_key is not None:
            writes.append(self._current_put(user_id, new_key, fact))
            noted.append((writes[-1], fact))
        elif fact is not None:
            writes.append(_own(lay.history(user_id), fact.fact_id, encode_fact(fact)))
            noted.append((writes[-1], fact))
        if facts_of is not None:
            for op, f in noted:
                facts_of[id(op)] = f
        return writes

    # ------------------------------------------------------------------ recall / profile

    def recall(self, user_id: str, request: str, scope: str | None) -> Steps[Recall]:
        """Plan: on a store that ranks (``ranked``), one batch of settings, version and
        the profile row, then one of filtered BM25 queries, one per scope asked (the
        user's facts without scope, and the request's scope), each limited to a few times
        the policy's ``max_facts`` plus the profile row's facts of its scope (the rows it
        may return that recall has already); the policy's floor and budget then choose
        among the profile row's facts and those candidates only. The cost does not grow
        with the user's history. A third batch only when the request names people of the
        user whose own facts may hold more (``person:<name>``); a full read only when the
        profile row is not the version row's (written by an older release, or lost a
        race to ``profile``).

        Elsewhere, settings, version, store scores (if trusted) and, unless this process
        holds the user's facts already, every current fact, in one batch; a second batch
        only when the held facts turn out to be older than the version read."""
        if not self.ranked:
            return (yield from self._recall_scan(user_id, request, scope))
        lay = self.layout
        ns = lay.facts(user_id)
        head = yield [
            GetOp(lay.settings(user_id), "memory"),
            GetOp(lay.profile(user_id), "meta"),
            GetOp(lay.profile(user_id), "rendered"),
        ]
        if not self._enabled(head[0]):
            return Recall("", "", (), (), 0)
        _, meta, rendered = head
        etag = _etag(meta)
        asked = (request, scope)
        if ns in self.cache and etag is not None:
            held_facts = self.cache.get(ns, etag)
            if held_facts is not None:
                return self._select(request, held_facts, scope)
        if self.hold_ranked and etag is not None:
            held_facts = self.cache.get_ranked(ns, etag, asked)
            if held_facts is not None:
                return self._select(request, held_facts, scope)
        row = self._row_facts(meta, rendered)
        if row is None:
            facts = yield from self._current_facts(user_id, meta)
            return self._select(request, facts, scope)
        chosen = [f for f in map(decode_trusted, row.values()) if f is not None]
        # The profile row's facts are read already: the ranked queries leave their rows
        # out in the engine, by point id (cheap, unlike a filter on an unindexed field), so
        # every row a query returns is one recall needs and no payload is read twice (#14).
        skip = tuple(row)
        searches = self._ranked_ops(user_id, request, scope, skip)
        if searches:
            chosen += self._ranked_hits(searches, (yield searches), row)
        q = content_terms(request)
        if scope:
            q = q - content_terms(scope)
        known = self.retrieval._named_people(request, q, chosen)
        if known:  # facts about the people the request names by relation ("my daughters")
            more = self._ranked_ops(user_id, " ".join(sorted(known)), scope, skip)
            chosen += self._ranked_hits(more, (yield more), row)
        if self.hold_ranked and etag is not None:
            self.cache.put_ranked(ns, etag, asked, chosen)
        return self._select(request, chosen, scope)

    def _select(self, request: str, facts: Iterable[Fact], scope: str | None) -> Recall:
        return self.retrieval.select(request, facts, scope=scope, now=self.clock())

    def _ranked_hits(
        self, ops: Sequence[Op], pages: Sequence[Result], held: Collection[str]
    ) -> list[Fact]:
        """The facts of the ``ops``' answers: per query, its first ``limit`` rows that the
        profile row does not hold whole (``held``, its keys; the engine left them out, see
        ``_ranked_ops``), in rank order. A hobby beyond the Interests bound is among them
        when the request ranks it, like any fact."""
        out: list[Fact] = []
        for op, page in zip(ops, pages, strict=True):
            assert isinstance(op, SearchOp)
            rows = [
                item
                for item in page or []  # type: ignore[union-attr]
                if isinstance(item, Item) and item.key not in held
            ]
            out += _hits([rows[: op.limit]])
        return out

    def _ranked_ops(
        self,
        user_id: str,
        query: str,
        scope: str | None,
        exclude_keys: tuple[str, ...] = (),
    ) -> list[Op]:
        """The ranked candidate query for ``query`` (the request, or the names of the
        people it names): current rows of the user, of no scope and of ``scope``, without
        the rows ``exclude_keys`` (the profile row's, read already), in one engine query;
        none for a query with nothing to rank by."""
        terms = asked_terms(query)
        if not terms:
            return []  # no word to rank by: no fact can pass the floor (``select``)
        base: dict[str, Any] = {"user_id": user_id, "valid_to": None, "expired_at": None}
        asked = scope.strip().lower() if scope is not None else ""
        limit = max(2 * self.retrieval.max_facts, self.retrieval.max_facts + 8)
        ns = self.layout.facts(user_id)
        # The request's words and the index words it names without saying them (an
        # attribute's everyday names, a relation's words: ``index_words``), so every row
        # ``select`` could let over the floor is among the rows ranked. Rows that share no
        # word with either are not returned at all: each returned row costs ~10 us to
        # read and decode, and padding the answer with them (the every-row word this
        # query held until #14's fifth session) tripled the query's cost for facts the
        # policy then dropped below the floor.
        query = " ".join((query, *index_words(terms)))
        if not asked:
            flt = {**base, "scope": None}
            return [ranked_search(ns, flt, limit=limit, query=query, exclude_keys=exclude_keys)]
        op = ranked_search(
            ns, base, limit=limit, query=query, exclude_keys=exclude_keys, scopes=(None, asked)
        )
        return [op]

    def _recall_scan(self, user_id: str, request: str, scope: str | None) -> Steps[Recall]:
        """Recall on a store that cannot rank: read every current fact (or the held ones)."""
        lay = self.layout
        ns = lay.facts(user_id)
        reads: list[Op] = [
            GetOp(lay.settings(user_id), "memory"),
            GetOp(lay.profile(user_id), "meta"),
        ]
        if self.use_store_scores and request.strip():
            reads.append(SearchOp(ns, None, limit=50, query=request))
        rows: list[Item] | None = None
        if ns in self.cache:
            head = yield reads
        else:
            head, (rows,) = yield from self._scan([(ns, None)], reads)
        if not self._enabled(head[0]):
            return Recall("", "", (), (), 0)
        facts: Sequence[Fact]
        if rows is None:
            facts = yield from self._current_facts(user_id, head[1])
        else:
            facts = self._keep(ns, head[1], rows)
        scores: dict[str, float] = {}
        if len(head) > 2:
            for item in _rows(head[2]):
                if isinstance(item, SearchItem) and item.score is not None:
                    fid = item.value.get("fact_id")
                    if isinstance(fid, str):
                        scores[fid] = float(item.score)
        return self.retrieval.select(
            request, facts, scope=scope, now=self.clock(), dense_scores=scores
        )

    def prefetch(self, user_id: str) -> Steps[None]:
        """Plan: read the user's version and current facts in one batch, and hold them."""
        ns = self.layout.facts(user_id)
        head, (rows,) = yield from self._scan(
            [(ns, None)], [GetOp(self.layout.profile(user_id), "meta")]
        )
        self._keep(ns, head[0], rows)
        return None

    def _current_facts(
        self, user_id: str, meta: Result
    ) -> Steps[Sequence[Fact]]:
        """Every current fact of the user, given the version row ``meta`` already read: the
        facts held for that version, else a scan (which, coming after the version read, can
        only be as new or newer). No version row means no facts: every write of facts
        writes one, and a store that could not answer returns none either."""
        ns = self.layout.facts(user_id)
        etag = _etag(meta)
        if etag is None:
            self.cache.drop(ns)
            return ()
        cached = self.cache.get(ns, etag)
        if cached is not None:
            return cached
        _, (rows,) = yield from self._scan([(ns, None)])
        return self._keep(ns, meta, rows)

    def _keep(self, ns: tuple[str, ...], meta: Result, rows: Sequence[Item]) -> list[Fact]:
        """Decode a scan of current facts, and hold it for its version when it provably
        shows that version's write (see ``recall_cache``)."""
        facts = decode_facts(rows)
        etag = _etag(meta)
        if etag is not None and isinstance(meta, Item) and witnessed(meta.value, rows):
            self.cache.put(ns, etag, facts)
        return facts

    def profile(self, user_id: str) -> Steps[str]:
        """Plan: the cached profile when its version is current, else render and cache it."""
        lay = self.layout
        settings, meta, cached = yield [
            GetOp(lay.settings(user_id), "memory"),
            GetOp(lay.profile(user_id), "meta"),
            GetOp(lay.profile(user_id), "rendered"),
        ]
        if not self._enabled(settings):
            return ""
        etag = _etag(meta)
        if etag is None:  # no version row: no facts
            return ""
        if self._row_facts(meta, cached) is not None:
            assert isinstance(cached, Item)
            return str(cached.value.get("text", ""))
        facts = yield from self._current_facts(user_id, meta)
        held = {self._key(f): encode_fact(f) for f in facts if self._is_profile(f)}
        row = self._profile_row(user_id, held, etag, self._version(meta))
        yield [row]
        return str(row.value["text"]) if row.value else ""

    def _render(self, facts: Sequence[Fact]) -> str:
        user_level = [f for f in facts if f.scope is None]
        # no sections configured: the default ones
        return self.retrieval.profile_text(user_level, self.retrieval.sections or PROFILE_SECTIONS)

    # ------------------------------------------------------------------ time questions

    def all_versions(self, user_id: str) -> Steps[list[Fact]]:
        """Plan: every stored version of every fact of the user (current and history)."""
        lay = self.layout
        _, (cur, hist) = yield from self._scan(
            [(lay.facts(user_id), None), (lay.history(user_id), None)]
        )
        facts = decode_facts(cur) + decode_facts(hist)
        return sorted(facts, key=lambda f: (f.valid_from, f.asserted_at, f.fact_id))

    def as_of(self, user_id: str, t: datetime) -> Steps[list[Fact]]:
        """World time: what we now hold was true at ``t`` (retracted facts excluded)."""
        versions = yield from self.all_versions(user_id)
        return [
            f
            for f in versions
            if f.valid_from <= t
            and (f.valid_to is None or f.valid_to > t)
            and f.verdict not in ("rejected", "inaccurate")
        ]

    def believed_at(self, user_id: str, t: datetime) -> Steps[list[Fact]]:
        """System time: what we believed was current at ``t``, as we believed it then."""
        versions = yield from self.all_versions(user_id)
        out = []
        for f in versions:
            if f.asserted_at <= t and (f.expired_at is None or f.expired_at > t):
                if f.expired_at is not None:  # at t we did not yet know it would end
                    f = f.model_copy(update={"valid_to": None, "expired_at": None})
                out.append(f)
        return out

    def listing(self, user_id: str) -> Steps[list[ListedFact]]:
        """Every stored memory, in plain language, newest first."""
        versions = yield from self.all_versions(user_id)
        # A version was replaced when another version of its slot was written in the same
        # batch that closed it; closed with no successor, it was retracted ("our dog died").
        written: dict[str, set[tuple[datetime, str]]] = {}
        for f in versions:
            written.setdefault(self._key(f), set()).add((f.asserted_at, f.fact_id))
        out = []
        for f in sorted(versions, key=lambda f: (f.asserted_at, f.fact_id), reverse=True):
            if f.verdict in ("rejected", "inaccurate"):
                status = f"marked {f.verdict} by you"
            elif f.valid_to is not None and f.expired_at is None:
                status = f"ended on {_date(f.valid_to)}"  # a past state, kept as history
            elif f.valid_to is not None:
                replaced = any(
                    at == f.expired_at and fid != f.fact_id
                    for at, fid in written.get(self._key(f), ())
                )
                word = "replaced" if replaced else "retracted"
                status = f"{word} on {_date(f.expired_at or f.valid_to)}"
            elif f.expired_at is not None:
                status = f"no longer believed since {_date(f.expired_at)}"
            elif f.source == "confirmed":
                status = "current, confirmed by you"
            else:
                status = "current" + (f", said {f.seen} times" if f.seen > 1 else "")
            out.append(
                ListedFact(f.fact_id, f.text, _date(f.asserted_at), f.quote, status, f.session_id)
            )
        return out

    def read_log(self, user_id: str) -> Steps[list[LogEntry]]:
        """The decision log, oldest first."""
        (meta,), (rows,) = yield from self._scan(
            [(self.layout.log(user_id), None)], [GetOp(self.layout.profile(user_id), "meta")]
        )
        logged = [e for r in rows for e in _entries(r)] + _tail(meta)  # rows, then the tail
        entries = [
            LogEntry(
                str(e.get("time")), str(e.get("action")), e.get("fact_id"), str(e.get("reason"))
            )
            for e in logged
        ]
        return sorted(entries, key=lambda e: e.time)

    # ------------------------------------------------------------------ verdicts

    def verdict(self, user_id: str, fact_id: str, verdict: Verdict) -> Steps[Fact | None]:
        """Record a verdict as history (latest wins); retract or restore as it implies."""
        now = self.clock()
        lay = self.layout
        flt = {"fact_id": fact_id}
        (meta, rendered), (cur, hist) = yield from self._scan(
            [(lay.facts(user_id), flt), (lay.history(user_id), flt)],
            [GetOp(lay.profile(user_id), "meta"), GetOp(lay.profile(user_id), "rendered")],
            small=True,
        )
        current, history = decode_facts(cur), decode_facts(hist)
        if not current and not history:
            return None
        row = (current or history)[0]
        stamp = {"verdict": verdict, "at": _iso(now)}
        update: dict[str, Any] = {"verdict": verdict, "verdicts": [*row.verdicts, stamp]}
        writes: list[Op] = []
        if verdict == "confirmed":
            update["source"] = "confirmed"
        if current:
            if verdict == "confirmed":
                fact = row.model_copy(update=update)
                writes.append(self._current_put(user_id, cur[0].key, fact))
            else:
                fact = row.model_copy(update={**update, "expired_at": now})
                writes.append(PutOp(lay.facts(user_id), cur[0].key, None))
                writes.append(PutOp(lay.history(user_id), fact_id, encode_fact(fact), index=False))
        else:
            fact = row.model_copy(update=update)
            retracted = row.valid_to is None and row.verdict in ("rejected", "inaccurate")
            restore = verdict == "confirmed" and retracted
            if restore:
                key = self._key(row)
                (occupant,) = yield [GetOp(lay.facts(user_id), key)]
                restore = occupant is None
            if restore:
                fact = fact.model_copy(update={"expired_at": None})
                writes.append(PutOp(lay.history(user_id), fact_id, None))
                writes.append(self._current_put(user_id, self._key(fact), fact))
            else:
                writes.append(PutOp(lay.history(user_id), fact_id, encode_fact(fact), index=False))
        entry = _log_entry(now, f"verdict:{verdict}", fact_id, "user_verdict")
        bump, _, flushed = self._bump(user_id, meta, writes, entries=[entry], now=now)
        writes.append(bump)
        writes.append(_written((yield from self._profile_upkeep(user_id, meta, rendered, writes))))
        if flushed is not None:
            writes.append(flushed)
        yield writes
        self.cache.drop(lay.facts(user_id))
        return fact

    # ------------------------------------------------------------------ deletion

    def forget(self, user_id: str, fact_ids: Sequence[str] | None) -> Steps[ForgetReceipt]:
        """Hard-delete the facts (every version, vector, log entry), re-render the profile,
        bump the version; ``fact_ids=None`` deletes everything of the user."""
        now = self.clock()
        lay = self.layout
        everything = fact_ids is None
        nss = [lay.facts(user_id), lay.history(user_id), lay.log(user_id)]
        (meta, rendered), (cur, hist, logs) = yield from self._scan(
            [(ns, None) for ns in nss],
            [GetOp(lay.profile(user_id), "meta"), GetOp(lay.profile(user_id), "rendered")],
        )
        wanted = set(fact_ids or ())

        def hit(item: Item) -> bool:
            return everything or item.value.get("fact_id") in wanted

        doomed_cur = [i for i in cur if hit(i)]
        doomed_hist = [i for i in hist if hit(i)]
        # A full erase keeps the deletion audit trail (``forgotten`` entries: a time and a
        # count, never a fact id or text), so "was my data erased, and when?" stays
        # answerable; every other log entry goes.
        doomed_log: list[Item] = []
        trimmed_log: list[Op] = []  # a step's log row that keeps some of its decisions
        log_hits = 0
        def gone(entry: Mapping[str, Any]) -> bool:
            if _is_audit_entry(entry):
                return False
            return everything or entry.get("fact_id") in wanted

        for item in logs:
            if _is_audit(item):
                continue
            entries = _entries(item)
            kept = [e for e in entries if not gone(e)]
            log_hits += len(entries) - len(kept)
            if not kept:
                doomed_log.append(item)
            elif len(kept) < len(entries):
                value = {**item.value, "entries": kept}
                trimmed_log.append(PutOp(item.namespace, item.key, value, index=False))
        others: list[Item] = []
        if everything:
            # Everything else kept under the user's prefix (session records, working sets
            # written by the graph layer, app data) goes too; only the on/off setting and
            # the deletion audit entries stay.
            (listed,) = yield [
                ListNamespacesOp((MatchCondition("prefix", lay.user(user_id)),), None, limit=10_000)
            ]
            keep = {*nss, lay.profile(user_id), lay.settings(user_id)}
            extra_ns: list[tuple[str, ...]] = [
                tuple(ns)
                for ns in _rows(listed)
                if isinstance(ns, tuple) and ns not in keep
            ]
            if extra_ns:
                _, pages = yield from self._scan([(ns, None) for ns in extra_ns])
                others = [i for page in pages for i in page if i.namespace in extra_ns]
        # the version row's own decisions (``LOG_TAIL``): the same rule
        tail = _tail(meta)
        tail_kept = [e for e in tail if not gone(e)]
        log_hits += len(tail) - len(tail_kept)
        facts = decode_facts(doomed_cur) + decode_facts(doomed_hist)
        found = {f.fact_id for f in facts}
        if not everything and not found:  # unknown ids: nothing to delete, nothing written
            return ForgetReceipt(
                user_id,
                (),
                {"current facts": 0, "vectors": 0, "history versions": 0, "log entries": 0},
                (),
                self._version(meta),
            )
        sessions: list[str] = []
        for f in facts:
            for s in [f.session_id, *f.seen_sessions]:
                if s and s not in sessions:
                    sessions.append(s)
        writes: list[Op] = [
            PutOp(i.namespace, i.key, None) for i in doomed_cur + doomed_hist + doomed_log + others
        ]
        writes += trimmed_log
        places = {
            "current facts": len(doomed_cur),
            "vectors": len(doomed_cur),
            "history versions": len(doomed_hist),
            "log entries": log_hits,
        }
        if everything:
            writes += [
                PutOp(lay.profile(user_id), "rendered", None),
                PutOp(lay.profile(user_id), "meta", None),
            ]
            places["profile"] = 1
            if others:
                places["other records"] = len(others)
            version = 0
            audits: list[Mapping[str, Any]] = list(tail_kept)  # earlier erasures' audits
            if facts or log_hits or others:
                reason = f"all {len(found)} fact(s) at user request"
                audits.append(_log_entry(now, "forgotten", None, reason))
            # the version row goes: its audits move out, each an audit row of its own (the
            # shape an erasure's audit always had; an erase is rare, points do not matter)
            writes += [self._log_row(user_id, now, dict(a)) for a in audits]
        else:
            entry = _log_entry(now, "forgotten", None, f"{len(found)} fact(s) at user request")
            bump, version, flushed = self._bump(
                user_id, meta, writes, entries=[entry], now=now, tail=tail_kept
            )
            writes.append(bump)
            row = yield from self._profile_upkeep(user_id, meta, rendered, writes, cur)
            writes.append(_written(row))
            places["profile"] = 1
            places["cache version"] = version
            if flushed is not None:
                writes.append(flushed)
        if writes:
            yield writes
        self.cache.drop(lay.facts(user_id))
        return ForgetReceipt(user_id, tuple(sorted(found)), places, tuple(sessions), version)

    def set_memory(self, user_id: str, on: bool, delete: bool) -> Steps[ForgetReceipt | None]:
        """Plan: store the setting; optionally delete everything in the same call."""
        now = self.clock()
        receipt = None
        if not on and delete:
            receipt = yield from self.forget(user_id, None)
        yield [
            PutOp(
                self.layout.settings(user_id),
                "memory",
                {"enabled": on, "changed_at": _iso(now)},
                index=False,
            )
        ]
        return receipt
