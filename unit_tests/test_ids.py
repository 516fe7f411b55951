"""Name-based ids: every stored row's key and point id is ``str(uuid.uuid5(...))``, so the
fast formatting must give exactly that text for any name (ids of stored rows never change)."""

from __future__ import annotations

import random
import uuid

from langmem_plus.ids import uuid5_text


def test_uuid5_text_is_the_standard_uuid5_for_any_name_and_namespace() -> None:
    rng = random.Random(14)
    alphabet = "az09 .-_\x1f\u00e9\u4e2d\U0001f600"
    for _ in range(3000):
        namespace = uuid.UUID(int=rng.getrandbits(128))
        name = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
        assert uuid5_text(namespace, name) == str(uuid.uuid5(namespace, name)), name
