"""Values the store refuses before any write, on both engines, and a store that stays usable.

Each refused value must raise ``ValueNotSerializableError`` naming the key, the namespace and
the limit, write nothing (not even the other puts of its batch), and leave an Edge store that
reopens with every namespace and prefix readable.
"""

from __future__ import annotations

import asyncio
import enum
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from langgraph.store.base import PutOp

from langmem_plus.errors import LangmemPlusError, ValueNotSerializableError
from langmem_plus.stores import AsyncQdrantStore, QdrantStore, values
from langmem_plus.stores.values import MAX_DEPTH, MAX_INT, MAX_VALUE_BYTES, MIN_INT

ENGINES = ["qdrant_edge", "qdrant_local"]
NS = ("memories", "dana", "notes")


def nested(depth: int) -> dict[str, Any]:
    """A dict ``depth`` containers deep (itself included), alternating dicts and lists."""
    leaf: Any = {"city": "Lisbon"}
    for level in range(depth - 1):
        leaf = {"next": leaf} if (depth - 2 - level) % 2 == 0 else [leaf]
    assert isinstance(leaf, dict)
    return leaf


def depth_of(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((depth_of(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth_of(v) for v in value), default=0)
    return 0


def cyclic() -> dict[str, Any]:
    value: dict[str, Any] = {"name": "loop"}
    value["self"] = value
    return value


REFUSED: dict[str, tuple[Any, str]] = {
    # name: (value, a word the message must contain about the limit)
    "list-not-dict": (["Lisbon", "Porto"], "dict"),
    "lone-surrogate-in-text": ({"city": "Lisb\udcf3n"}, "surrogate"),
    "lone-surrogate-in-a-key": ({"ci\ud800ty": "Lisbon"}, "surrogate"),
    "int-key": ({"cities": {1: "Lisbon"}}, "string keys"),
    "just-past-depth": (nested(MAX_DEPTH + 1), f"MAX_DEPTH={MAX_DEPTH}"),
    "depth-that-corrupts-the-wal": (nested(124), f"MAX_DEPTH={MAX_DEPTH}"),
    "depth-that-breaks-reads": (nested(130), f"MAX_DEPTH={MAX_DEPTH}"),
    "recursion-deep": (nested(2000), f"MAX_DEPTH={MAX_DEPTH}"),
    "cycle": (cyclic(), f"MAX_DEPTH={MAX_DEPTH}"),
    "too-big": ({"text": "é" * (MAX_VALUE_BYTES // 2 + 1)}, f"MAX_VALUE_BYTES={MAX_VALUE_BYTES}"),
    "huge-int": ({"population": 10**30}, str(MAX_INT)),
    "int-just-past-64-bit": ({"n": [1, MAX_INT + 1]}, str(MAX_INT)),
    "int-just-below-64-bit": ({"n": MIN_INT - 1}, str(MIN_INT)),
    "nan": ({"score": float("nan")}, "NaN"),
    "infinity": ({"score": [float("-inf")]}, "infinity"),
    "datetime-object": ({"when": {"at": object()}}, "JSON type"),
}


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def open_store(engine: str, tmp_path: Path) -> QdrantStore:
    if engine == "qdrant_edge":
        return QdrantStore(path=tmp_path / "edge", index={"fields": ["text"]})
    return QdrantStore(location=":memory:", index={"fields": ["text"]})


@pytest.fixture
def store(engine: str, tmp_path: Path) -> Iterator[QdrantStore]:
    s = open_store(engine, tmp_path)
    s.put(NS, "home", {"text": "Dana lives in Porto", "city": "Porto"})
    yield s
    s.close()


def assert_readable(store: QdrantStore) -> None:
    """The good item is intact; get/search work on the namespace and every prefix."""
    item = store.get(NS, "home")
    assert item is not None and item.value["city"] == "Porto"
    assert store.get(NS, "bad") is None
    for i in range(len(NS) + 1):
        hits = store.search(NS[:i], limit=100)
        assert [h.key for h in hits] == ["home"]
        assert [h.key for h in store.search(NS[:i], query="Porto")] == ["home"]
    assert store.list_namespaces() == [NS]


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_refused_value_names_key_namespace_and_limit_and_writes_nothing(
    engine: str, store: QdrantStore, tmp_path: Path, case: str
) -> None:
    value, limit_word = REFUSED[case]
    with pytest.raises(ValueNotSerializableError) as err:
        store.put(NS, "bad", value)
    message = str(err.value)
    assert "'bad'" in message and repr(NS) in message and "limit" in message
    assert limit_word in message
    assert isinstance(err.value, LangmemPlusError)
    assert_readable(store)
    if engine == "qdrant_edge":
        store.close()
        with QdrantStore(path=tmp_path / "edge", index={"fields": ["text"]}) as reopened:
            assert_readable(reopened)
            reopened.put(NS, "later", {"text": "still writable"})
            assert reopened.get(NS, "later") is not None


def test_one_bad_put_in_a_batch_writes_nothing_of_the_batch(store: QdrantStore) -> None:
    with pytest.raises(ValueNotSerializableError):
        store.batch(
            [
                PutOp(NS, "fresh", {"text": "a new note"}),
                PutOp(NS, "home", None),  # a delete of the existing item
                PutOp(NS, "home", {"text": "changed", "city": "Faro"}),
                PutOp(NS, "bad", nested(MAX_DEPTH + 1)),
            ]
        )
    assert store.get(NS, "fresh") is None
    assert_readable(store)


def test_a_bad_item_key_is_refused_before_any_write(store: QdrantStore) -> None:
    with pytest.raises(ValueNotSerializableError, match="key"):
        store.batch([PutOp(NS, "home", None), PutOp(NS, "k\udc80", {"text": "x"})])
    assert_readable(store)


def test_values_at_the_limits_round_trip_exactly(engine: str, tmp_path: Path) -> None:
    at_limits = {
        "deep": nested(MAX_DEPTH),
        "ints": {"max": MAX_INT, "min": MIN_INT, "list": [MAX_INT, MIN_INT, 2**53 + 1]},
        "big": {"text": "x" * (MAX_VALUE_BYTES - len('{"text":""}'))},
        "unicode": {"city": "Zürich 😀", "nul": "a\x00b", "": "empty key", "a.b": 1},
        "tuple": {"pair": ("a", "b")},
    }
    assert depth_of(at_limits["deep"]) == MAX_DEPTH
    store = open_store(engine, tmp_path)
    for key, value in at_limits.items():
        store.put(NS, key, value)
    expected = {k: v for k, v in at_limits.items() if k != "tuple"}
    expected["tuple"] = {"pair": ["a", "b"]}  # JSON has arrays, not tuples
    for key, value in expected.items():
        item = store.get(NS, key)
        assert item is not None and item.value == value
    ints = store.get(NS, "ints")
    assert ints is not None and all(type(v) is int for v in ints.value["list"])
    if engine == "qdrant_edge":
        store.close()
        store = QdrantStore(path=tmp_path / "edge", index={"fields": ["text"]})
        for key, value in expected.items():
            item = store.get(NS, key)
            assert item is not None and item.value == value
        assert len(store.search(NS[:1], limit=100)) == len(expected)
    store.close()


async def test_the_async_store_refuses_the_same_values(tmp_path: Path) -> None:
    async with AsyncQdrantStore(path=tmp_path / "edge") as store:
        await store.aput(NS, "home", {"city": "Porto"})
        for value, _ in REFUSED.values():
            with pytest.raises(ValueNotSerializableError):
                await store.aput(NS, "bad", value)
        assert await store.aget(NS, "bad") is None
        assert [h.key for h in await store.asearch(NS[:1])] == ["home"]
    await asyncio.sleep(0)
    with QdrantStore(path=tmp_path / "edge") as reopened:
        assert [h.key for h in reopened.search(())] == ["home"]


# ---- the one-pass check decides exactly as the full walk (issue 14) ----------------------

class _Big(enum.IntEnum):
    HUGE = 2**70
    SMALL = 3


_flat_scalars = st.one_of(
    st.sampled_from([_Big.HUGE, _Big.SMALL]),
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(alphabet=st.characters(max_codepoint=0x10FFFF, blacklist_categories=())),
    st.sampled_from(["a[b", "{x}", "\ud800", "caf\u00e9", "]", "{"]),
)
_keys = st.one_of(st.text(max_size=6), st.sampled_from(["[", "{", "\udc00", "k"]), st.integers())
_nested = st.recursive(
    _flat_scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=3),
        st.tuples(children),
        st.dictionaries(_keys, children, max_size=3),
    ),
    max_leaves=12,
)
_flat_values = st.dictionaries(_keys, _nested, max_size=6)


def _outcome(value: dict[Any, Any]) -> tuple[str, str]:
    try:
        return ("ok", values.encode_value(NS, "k", value))
    except ValueNotSerializableError as exc:
        return ("refused", str(exc))


def _same_json(a: tuple[str, str], b: tuple[str, str]) -> bool:
    """Two outcomes agree: the same refusal message, or texts of the same JSON value, types
    included (the fast encoder may spell a float apart, ``1e-7`` for ``1e-07``)."""
    if a[0] != b[0] or a[0] == "refused":
        return a == b
    return _normal(a[1]) == _normal(b[1])


def _normal(text: str) -> str:
    return json.dumps(json.loads(text))


@settings(max_examples=400, deadline=None)
@given(_flat_values)
@example({"tiny": 2.5e-05, "small": [1e-07, -3e-300], "big": 1e16, "text": "\u2028\x00\u00e9"})
def test_the_one_pass_check_accepts_and_refuses_exactly_as_the_walk(value: dict[Any, Any]) -> None:
    fast = _outcome(value)
    original = values._one_pass
    values._one_pass = lambda v: None  # type: ignore[assignment]
    try:
        walked = _outcome(value)
    finally:
        values._one_pass = original
    assert _same_json(fast, walked), (fast, walked)


@settings(max_examples=200, deadline=None)
@given(_flat_values)
@example({"score": float("nan")})
@example({"scores": [1.5, float("inf")], "text": "caf\u00e9"})
@example({"tiny": 2.5e-05, "text": "\u2028\x00\u00e9"})
def test_the_fast_encoder_writes_and_refuses_what_the_standard_encoder_does(
    value: dict[Any, Any],
) -> None:
    """orjson (where installed) and the standard library's encoder give the same JSON value
    for every value the one-pass check accepts, and refuse the same ones."""
    if not values._plain(value, 1):
        return
    fast, standard = values._encode_plain(value), values._json_text(value)
    assert (fast is None) == (standard is None)
    if fast is not None and standard is not None:
        assert _normal(fast) == _normal(standard)


@pytest.mark.parametrize("depth", [MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, MAX_DEPTH + 5])
def test_the_one_pass_check_keeps_the_depth_limit(depth: int) -> None:
    fast = _outcome(nested(depth))
    original = values._one_pass
    values._one_pass = lambda v: None  # type: ignore[assignment]
    try:
        walked = _outcome(nested(depth))
    finally:
        values._one_pass = original
    assert fast == walked and (fast[0] == "ok") == (depth <= MAX_DEPTH)


def test_a_cyclic_value_is_refused_by_the_one_pass_check_too() -> None:
    value: dict[str, Any] = {"a": []}
    value["a"].append(value)
    assert _outcome(value)[0] == "refused"


def test_a_trusted_value_is_encoded_as_the_checked_path_does_and_refused_alike() -> None:
    """``encode_trusted`` (rows a caller built itself) skips the walk, not the rules: a
    value the encoder refuses goes through the full check and its error."""
    from langmem_plus.stores.values import encode_trusted, encode_value

    ns = ("facts", "u1")
    for value in ({"a": 1, "b": [1.5, "x", None, {"c": True}]}, {"t": "Zürich"}, {}):
        assert encode_trusted(ns, "k", value) == encode_value(ns, "k", value)
    for bad in ({"s": "\ud800"}, {"big": 10**30}, {1: "x"}):
        with pytest.raises(ValueNotSerializableError):
            encode_trusted(ns, "k", bad)
    with pytest.raises(ValueNotSerializableError):
        encode_trusted(ns, "k\ud800", {"a": 1})
