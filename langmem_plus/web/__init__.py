"""The web memory view: a page where each person sees, corrects and deletes their memories.

Needs the ``web`` extra (``pip install "langmem-plus[web]"``). ``records`` and ``auth`` use
the standard library only; ``create_app`` and ``serve`` import Starlette when first used.

Example:
    >>> from langmem_plus.web import login_link
    >>> login_link("a-long-random-secret", "alice", now=0).split("?")[0]
    'http://127.0.0.1:8765/login'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from langmem_plus.web.auth import login_link, new_token
from langmem_plus.web.records import Records

if TYPE_CHECKING:
    from langmem_plus.web.app import create_app
    from langmem_plus.web.server import WebConfigError, serve

__all__ = ["Records", "WebConfigError", "create_app", "login_link", "new_token", "serve"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from langmem_plus.web.app import create_app

        return create_app
    if name in ("serve", "WebConfigError"):
        from langmem_plus.web import server

        return getattr(server, name)
    raise AttributeError(f"module 'langmem_plus.web' has no attribute {name!r}")
