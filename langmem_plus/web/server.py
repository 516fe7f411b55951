"""``serve``: run the memory view with uvicorn, safely by default.

It binds to ``127.0.0.1`` unless told otherwise. On any other address it refuses to start
without a token of at least 16 characters, because the token is what signs the per-user
links; on loopback a random token is made for the run when none is given.

Example:
    >>> from langgraph.store.memory import InMemoryStore
    >>> from langmem_plus.facts.memory import FactMemory
    >>> serve(FactMemory(InMemoryStore()), host="0.0.0.0", token=None)
    Traceback (most recent call last):
    ...
    langmem_plus.web.server.WebConfigError: refusing to serve on 0.0.0.0 without a token: ...
"""

from __future__ import annotations

import ipaddress
import sys
from collections.abc import Sequence
from typing import TextIO

from langmem_plus.errors import LangmemPlusError
from langmem_plus.facts.memory import FactMemory
from langmem_plus.facts.models import validate_user_id
from langmem_plus.web.auth import MIN_TOKEN_LENGTH, login_link, new_token

__all__ = ["WebConfigError", "check_bind", "is_loopback", "serve"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765


class WebConfigError(LangmemPlusError, ValueError):
    """The memory view was asked to start in a way that would expose people's memories."""


def is_loopback(host: str) -> bool:
    """True for addresses only this machine can reach.

    Example:
        >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
        (True, True, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_bind(host: str, token: str | None) -> str:
    """The token to sign links with; raises ``WebConfigError`` when binding is unsafe.

    Example:
        >>> len(check_bind("127.0.0.1", None)) >= 16
        True
    """
    if token is not None and len(token) < MIN_TOKEN_LENGTH:
        raise WebConfigError(
            f"the token is {len(token)} characters; use at least {MIN_TOKEN_LENGTH} random "
            "characters, e.g. python -c 'import secrets; print(secrets.token_urlsafe())'"
        )
    if not is_loopback(host) and token is None:
        raise WebConfigError(
            f"refusing to serve on {host} without a token: anyone who can reach it could ask "
            "for memories. Pass --token (or set LANGMEM_PLUS_WEB_TOKEN) to at least "
            f"{MIN_TOKEN_LENGTH} random characters, or bind to 127.0.0.1"
        )
    return token or new_token()


def serve(
    memory: FactMemory,
    *,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    token: str | None = None,
    users: Sequence[str] = (),
    public_url: str | None = None,
    link_hours: float = 12,
    out: TextIO | None = None,
) -> None:
    """Serve the memory view until interrupted, printing a sign-in link per user.

    Args:
        memory: the ``FactMemory`` to show.
        host: address to bind; loopback by default. Anything else needs ``token``.
        port: TCP port.
        token: the secret that signs links, sessions and forms (random on loopback if None).
        users: print a sign-in link for each of these users.
        public_url: the address people open (behind a proxy); default ``http://host:port``.
        link_hours: how long the printed links work.
        out: where links are printed (default stdout).

    Raises:
        WebConfigError: binding beyond loopback without a token, or a short token.
    """
    secret = check_bind(host, token)
    wanted = [validate_user_id(u) for u in users]
    import uvicorn  # the web extra; imported only when serving

    from langmem_plus.web.app import create_app

    out = out or sys.stdout
    shown = f"[{host}]" if ":" in host else host
    base = (public_url or f"http://{shown}:{port}").rstrip("/")
    app = create_app(memory, secret=secret, secure_cookies=base.startswith("https://"))
    print(f"Memory view on http://{shown}:{port} (Ctrl+C stops it)", file=out)
    for user in wanted:
        link = login_link(secret, user, base_url=base, ttl_seconds=int(link_hours * 3600))
        print(f"  {user}: {link}", file=out)
    if not wanted:
        print("  Sign-in links: pass --user USER, or make them in Python with "
              "langmem_plus.web.login_link(token, user_id, base_url=...)", file=out)
    out.flush()
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="off",
                            ws="none", access_log=False)
    uvicorn.Server(config).run()
