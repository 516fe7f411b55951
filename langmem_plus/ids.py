"""Name-based ids (UUID version 5) as text, without building ``uuid.UUID`` objects.

Every write derives several ids from names (a point id from its namespace and key, a slot
id, a fact id). ``uuid.uuid5`` builds two ``UUID`` objects and formats the result through
integer arithmetic, ~10 us each on the 2-core machine of issue 14; ``uuid5_text`` hashes and
formats the bytes directly, ~2 us, and returns exactly ``str(uuid.uuid5(namespace, name))``
(the ids of stored rows must never change).

Example:
    >>> import uuid
    >>> ns = uuid.UUID("6f1c8a3e-2b7d-4f0a-9c1e-5d4b3a2f1e0d")
    >>> uuid5_text(ns, "alice") == str(uuid.uuid5(ns, "alice"))
    True
"""

from __future__ import annotations

import hashlib
import uuid

__all__ = ["uuid5_text"]


_VARIANT = "89ab" * 4
"""The 17th hex digit of an RFC 4122 UUID, by the digest's own: its top two bits ``10``."""

_sha1 = hashlib.sha1


def uuid5_text(namespace: uuid.UUID, name: str) -> str:
    """``str(uuid.uuid5(namespace, name))``, formatted from the SHA-1 hex digest: the
    version digit is ``5`` and the variant digit keeps its low two bits (#14: no byte
    array, one hex conversion; a remember derives three or four of these ids a fact).

    >>> ns = uuid.UUID(int=1)
    >>> all(uuid5_text(ns, n) == str(uuid.uuid5(ns, n)) for n in ("", "slot", "ü" * 9))
    True
    """
    h = _sha1(namespace.bytes + name.encode("utf-8")).hexdigest()
    return f"{h[:8]}-{h[8:12]}-5{h[13:16]}-{_VARIANT[int(h[16], 16)]}{h[17:20]}-{h[20:32]}"
