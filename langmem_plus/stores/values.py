"""The one check every stored value passes before any write, on every engine.

Qdrant Edge and qdrant-client (local mode or a server) read values back through decoders
with limits of their own. A value past those limits is not refused by the engine: measured
on Qdrant Edge 0.9, a value nested 123 levels deep written last before ``close()`` leaves a
write-ahead log the store can never open again, and from 127 levels every read of the
namespace and its prefixes fails. ``validate_value`` refuses such values up front, with one
error type (``ValueNotSerializableError``) whose message names the key, the namespace, where
in the value the problem is, and the limit. Nothing of a batch is written when one of its
values is refused.

A value is accepted when it is:

* a ``dict`` with ``str`` keys, all the way down (lists and tuples inside are fine);
* made of JSON types only: ``dict``, ``list``/``tuple``, ``str``, ``int``, ``float``,
  ``bool``, ``None`` (convert datetimes with ``.isoformat()``, models with
  ``.model_dump(mode="json")``);
* free of lone surrogates (``"\\ud800"``) in strings and keys: they are not Unicode text and no
  engine can encode them;
* at most ``MAX_DEPTH`` containers deep (the value itself counts as 1);
* integers within signed 64-bit (``MIN_INT``..``MAX_INT``): Qdrant Edge turns larger ones
  into floats (``10**30`` would come back as ``1e30``) and Qdrant's gRPC API has no wider
  integer;
* floats that are finite (no NaN or infinity: JSON has neither);
* at most ``MAX_VALUE_BYTES`` when serialised as compact UTF-8 JSON.

Example:
    >>> validate_value(("notes", "alice"), "n1", {"text": "hi", "tags": ("a", "b")})
    {'text': 'hi', 'tags': ['a', 'b']}
    >>> try:
    ...     validate_value(("notes", "alice"), "n2", {"big": 10**30})
    ... except ValueNotSerializableError as exc:
    ...     print(exc)
    value for key 'n2' in namespace ('notes', 'alice') refused at value['big']: integer 1000...
    outside the signed 64-bit range the store keeps exactly
    (limit: -9223372036854775808..9223372036854775807); store it as a string
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from langmem_plus.errors import ValueNotSerializableError

__all__ = [
    "MAX_DEPTH",
    "MAX_INT",
    "MAX_VALUE_BYTES",
    "MIN_INT",
    "encode_trusted",
    "encode_value",
    "has_lone_surrogate",
    "validate_value",
]

MAX_DEPTH = 32
"""Deepest nesting of containers accepted in a value; the value dict itself is depth 1.

Qdrant Edge 0.9 fails from depth 123 (the write-ahead log can no longer be read back) and
Qdrant's gRPC API decodes at most 100 nested protobuf messages, about two per JSON level;
32 leaves a wide margin on every engine."""

MAX_VALUE_BYTES = 1 << 20
"""Largest accepted value: 1 MiB of compact UTF-8 JSON. A memory store holds facts and notes,
not documents; a bigger value is almost always a mistake (a whole transcript, a file)."""

MIN_INT = -(2**63)
MAX_INT = 2**63 - 1
"""Integers outside signed 64-bit are refused: Qdrant Edge keeps ``-2**63..2**64-1`` exactly
and turns anything larger into a float; Qdrant's gRPC API carries ``int64``."""


def has_lone_surrogate(text: str) -> bool:
    """True when ``text`` holds a lone surrogate, which no UTF-8 encoder accepts.

    >>> has_lone_surrogate("caf\\u00e9"), has_lone_surrogate("a\\ud800")
    (False, True)
    """
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


class _Refused(Exception):
    """Internal: what is wrong (with its limit), where, and the fix; becomes the public error."""

    def __init__(self, what: str, node: tuple[Any, ...] | None, fix: str) -> None:
        super().__init__(what)
        self.what, self.node, self.fix = what, node, fix


def _where(node: tuple[Any, ...] | None) -> str:
    """``value['a'][0]`` for a walk node ``(obj, depth, parent, step)``."""
    steps: list[str] = []
    while node is not None and node[2] is not None:
        steps.append(f"[{node[3]!r}]")
        node = node[2]
    return "value" + "".join(reversed(steps))


def _short(v: Any) -> str:
    try:
        text = repr(v)
    except Exception:  # a repr that raises must not hide the real problem
        text = f"<{type(v).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."


def _check_scalar(v: Any, node: tuple[Any, ...]) -> None:
    if isinstance(v, str):
        if has_lone_surrogate(v):
            raise _Refused(
                f"string {_short(v)} holds a lone surrogate (limit: valid Unicode only)",
                node,
                "store valid Unicode text",
            )
    elif isinstance(v, bool) or v is None:
        return
    elif isinstance(v, int):
        if not MIN_INT <= v <= MAX_INT:
            raise _Refused(
                f"integer {_short(v)} is outside the signed 64-bit range the store keeps "
                f"exactly (limit: {MIN_INT}..{MAX_INT})",
                node,
                "store it as a string",
            )
    elif isinstance(v, float):
        if not math.isfinite(v):
            raise _Refused(
                f"float {v!r} is not finite (limit: JSON has no NaN or infinity)",
                node,
                "store None or a string instead",
            )
    else:
        raise _Refused(
            f"{type(v).__name__} {_short(v)} is not a JSON type (limit: dict, list, str, "
            "int, float, bool, None)",
            node,
            "convert datetimes with .isoformat(), models with .model_dump(mode='json')",
        )


def _plain_ok(v: Any) -> bool:
    """The common leaves every rule accepts, decided inline (a fast path only: anything
    else, including every refusal, goes through ``_check_scalar`` or the walk)."""
    t = type(v)
    if t is str:
        return v.isascii() or not has_lone_surrogate(v)
    if v is None or t is bool:
        return True
    if t is float:
        return math.isfinite(v)
    return t is int and MIN_INT <= v <= MAX_INT


def _walk(value: dict[str, Any]) -> None:
    """Check everything but the size, iteratively (a deep value must not raise
    ``RecursionError``), stopping at ``MAX_DEPTH`` so a cyclic value is refused too."""
    stack: list[tuple[Any, int, Any, Any]] = [(value, 1, None, None)]
    while stack:
        node = stack.pop()
        obj, depth = node[0], node[1]
        if depth > MAX_DEPTH:
            raise _Refused(
                f"nesting is deeper than {MAX_DEPTH} levels (limit: MAX_DEPTH={MAX_DEPTH})",
                node,
                "flatten the value or store the deep part as a JSON string",
            )
        if isinstance(obj, dict):
            for k, v in obj.items():
                if not isinstance(k, str):
                    raise _Refused(
                        f"key {_short(k)} is a {type(k).__name__} (limit: string keys only)",
                        node,
                        "use string keys (JSON objects have no other kind)",
                    )
                if not k.isascii() and has_lone_surrogate(k):
                    raise _Refused(
                        f"key {_short(k)} holds a lone surrogate (limit: valid Unicode only)",
                        node,
                        "use valid Unicode text",
                    )
                if _plain_ok(v):
                    continue
                child: tuple[Any, int, Any, Any] = (v, depth + 1, node, k)
                if isinstance(v, (dict, list, tuple)):
                    stack.append(child)
                else:
                    _check_scalar(v, child)
        else:
            for i, v in enumerate(obj):
                if _plain_ok(v):
                    continue
                child = (v, depth + 1, node, i)
                if isinstance(v, (dict, list, tuple)):
                    stack.append(child)
                else:
                    _check_scalar(v, child)


def validate_value(namespace: tuple[str, ...], key: str, value: Any) -> dict[str, Any]:
    """Check ``value`` against every rule above; return it as plain JSON types.

    Args:
        namespace: the item's namespace (named in the error).
        key: the item's key (named in the error; it must be valid text too).
        value: what the caller wants to store.

    Returns:
        A copy made of ``dict``/``list``/``str``/``int``/``float``/``bool``/``None`` only
        (tuples become lists, ``str``/``int`` subclasses become plain values).

    Raises:
        ValueNotSerializableError: the value breaks a rule; the message names the key, the
            namespace, where in the value, and the limit.
    """
    clean: dict[str, Any] = json.loads(encode_value(namespace, key, value))
    return clean


_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"))
_STR_ONLY = frozenset({str})
_SCALARS = frozenset({str, bool, type(None)})
_isfinite = math.isfinite


def _plain(obj: Any, depth: int) -> bool:
    """Whether ``obj`` (a dict, list or tuple ``depth`` containers deep) is made of plain
    JSON types with string keys, integers in range, finite floats and no deeper than
    ``MAX_DEPTH``: the rules the encoder does not check itself (orjson writes NaN as
    ``null``). A fast path only, with no path kept: False sends the value to the full walk,
    which decides and explains."""
    if depth > MAX_DEPTH:
        return False  # a cyclic value ends here too
    if type(obj) is dict:
        if not set(map(type, obj)) <= _STR_ONLY:
            return False
        items: Any = obj.values()
    else:
        items = obj
    for v in items:
        t = type(v)
        if t in _SCALARS:
            continue  # lone surrogates: the encoder or the UTF-8 size check
        if t is float:
            if not _isfinite(v):
                return False
        elif t is int:
            if not MIN_INT <= v <= MAX_INT:
                return False
        elif t is dict or t is list or t is tuple:
            if not _plain(v, depth + 1):
                return False
        else:
            return False  # a subclass (an IntEnum, ...) or another type: the walk decides
    return True


def _json_text(value: dict[str, Any]) -> str | None:
    """Compact JSON of a value ``_plain`` accepted, with the standard library's encoder;
    ``None`` past ``MAX_VALUE_BYTES`` or for a lone surrogate."""
    text = _ENCODER.encode(value)
    if text.isascii():
        return text if len(text) <= MAX_VALUE_BYTES else None
    try:
        size = len(text.encode("utf-8"))  # a lone surrogate, in a key or a string, fails
    except UnicodeEncodeError:
        return None
    return text if size <= MAX_VALUE_BYTES else None


def _text_encoder() -> Callable[[dict[str, Any]], str | None]:
    """``orjson.dumps`` where it is installed (wherever ``langchain-core`` is, through
    ``langsmith``, on CPython), else ``_json_text``. On a value ``_plain`` accepted both
    write the same JSON value (floats may be spelled apart: ``1e16`` against ``1e+16``;
    every reader decodes them alike) and refuse the same: orjson raises on a lone
    surrogate. orjson takes a tenth of the time of the standard encoder and hands back the
    UTF-8 bytes whose size is checked, ~2 us of every put (#14)."""
    try:
        import orjson
    except ImportError:  # pragma: no cover - PyPy, or a trimmed install
        return _json_text

    dumps, refused = orjson.dumps, orjson.JSONEncodeError

    def encode(value: dict[str, Any]) -> str | None:
        try:
            data = dumps(value)
        except refused:  # a lone surrogate: the walk names it
            return None
        return data.decode() if len(data) <= MAX_VALUE_BYTES else None

    return encode


_encode_plain = _text_encoder()


def _one_pass(value: dict[str, Any]) -> str | None:
    """The JSON text of a value of plain types that breaks no rule, checked in one pass
    over the value and one of the encoder; ``None`` when the full walk must decide."""
    if not _plain(value, 1):
        return None
    return _encode_plain(value)


def encode_trusted(namespace: tuple[str, ...], key: str, value: Any) -> str:
    """``encode_value`` for a value a caller built itself from checked parts (a
    ``FactMemory`` row: pydantic-validated fields and its own bookkeeping): encoded
    without the walk over every container, which cost a remember's rows ~10 containers
    each (#14). The encoder still refuses a lone surrogate and the size is still checked;
    anything refused goes through ``encode_value``, which decides and explains.

    Example:
        >>> encode_trusted(("notes",), "n1", {"text": "hi"})
        '{"text":"hi"}'
    """
    if type(key) is str and type(value) is dict and not has_lone_surrogate(key):
        try:
            fast = _encode_plain(value)
        except (TypeError, ValueError):  # the standard encoder's refusals (no orjson)
            fast = None
        if fast is not None:
            return fast
    return encode_value(namespace, key, value)


def encode_value(namespace: tuple[str, ...], key: str, value: Any) -> str:
    """Check ``value`` like ``validate_value`` and return it as compact JSON text (what a
    store keeps; ``json.loads`` of it is ``validate_value``'s answer).

    Example:
        >>> encode_value(("notes",), "n1", {"text": "hi", "tags": ("a", "b")})
        '{"text":"hi","tags":["a","b"]}'

    Raises:
        ValueNotSerializableError: as ``validate_value``.
    """
    if type(key) is str and type(value) is dict and not has_lone_surrogate(key):
        fast = _one_pass(value)
        if fast is not None:
            return fast
    try:
        if not isinstance(key, str) or has_lone_surrogate(key):
            raise _Refused(
                f"the key {_short(key)} is not valid text (limit: a str without lone surrogates)",
                None,
                "use a plain string key",
            )
        if not isinstance(value, dict):
            raise _Refused(
                f"it is a {type(value).__name__} {_short(value)} (limit: a store value is a dict)",
                None,
                "wrap it, e.g. {'items': [...]}",
            )
        _walk(value)
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        size = len(text) if text.isascii() else len(text.encode("utf-8"))
        if size > MAX_VALUE_BYTES:
            raise _Refused(
                f"it is {size} bytes as JSON (limit: MAX_VALUE_BYTES={MAX_VALUE_BYTES})",
                None,
                "store large content elsewhere and keep a reference",
            )
    except _Refused as refused:
        where = f" at {_where(refused.node)}" if refused.node is not None else ""
        raise ValueNotSerializableError(
            f"value for key {key!r} in namespace {namespace!r} refused{where}: {refused.what}; "
            f"{refused.fix}"
        ) from None
    return text
