"""Signed links, session cookies and CSRF tokens for the web memory view (stdlib only).

One secret (the ``--token`` of ``langmem-plus serve``) is stretched into three keys with
HMAC-SHA256, one per purpose, so a value signed for one purpose never verifies for another:

* a **login link** names one user and an expiry: ``/login?u=alice&exp=...&sig=...``;
* the **session cookie** it sets carries the user id, a random nonce and an expiry; the
  user of every request comes from this cookie and from nothing else in the request;
* the **CSRF token** in every form is the HMAC of the session nonce.

Example:
    >>> keys = Keys.from_secret("a-long-random-secret")
    >>> cookie = keys.session_cookie("alice", now=1000, ttl=60)
    >>> keys.read_session(cookie, now=1030).user_id
    'alice'
    >>> keys.read_session(cookie, now=2000) is None          # expired
    True
    >>> tampered = cookie[:-1] + ("A" if cookie[-1] != "A" else "B")
    >>> keys.read_session(tampered, now=1030) is None
    True
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
from dataclasses import dataclass
from urllib.parse import urlencode

from langmem_plus.errors import InvalidUserIdError
from langmem_plus.models import validate_user_id

__all__ = ["MIN_TOKEN_LENGTH", "Keys", "Session", "login_link", "new_token"]

MIN_TOKEN_LENGTH = 16
"""Shortest ``--token`` accepted: short secrets can be guessed from signed links."""


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def new_token() -> str:
    """A random secret suitable for ``--token`` (43 URL-safe characters).

    Example:
        >>> len(new_token()) >= MIN_TOKEN_LENGTH
        True
    """
    return secrets.token_urlsafe(32)


@dataclass(frozen=True)
class Session:
    """Who the browser is: the user id, the nonce that CSRF tokens are tied to, the expiry."""

    user_id: str
    nonce: str
    expires: int


@dataclass(frozen=True)
class Keys:
    """The three purpose keys derived from one secret."""

    link: bytes
    session: bytes
    csrf: bytes

    @classmethod
    def from_secret(cls, secret: str | bytes) -> Keys:
        """Derive the keys; the secret must be at least ``MIN_TOKEN_LENGTH`` characters."""
        raw = secret.encode("utf-8") if isinstance(secret, str) else bytes(secret)
        if len(raw) < MIN_TOKEN_LENGTH:
            raise ValueError(
                f"the web token is {len(raw)} characters; use at least {MIN_TOKEN_LENGTH} "
                "random characters, e.g. python -c 'import secrets; print(secrets.token_urlsafe())'"
            )

        def derive(purpose: bytes) -> bytes:
            return hmac.new(raw, b"langmem-plus/web/" + purpose, hashlib.sha256).digest()

        return cls(derive(b"link"), derive(b"session"), derive(b"csrf"))

    # ------------------------------------------------------------ login links

    def sign_login(self, user_id: str, expires: int) -> str:
        """Signature of a login link for ``user_id`` valid until ``expires`` (unix seconds)."""
        msg = f"{validate_user_id(user_id)}|{int(expires)}".encode()
        return _b64(hmac.new(self.link, msg, hashlib.sha256).digest())

    def check_login(self, user_id: str, expires: str, sig: str, *, now: float) -> str | None:
        """The user id of a valid, unexpired login link, else ``None``."""
        try:
            user = validate_user_id(user_id)
            exp = int(expires)
        except (InvalidUserIdError, ValueError):
            return None
        if exp < now:
            return None
        if not hmac.compare_digest(self.sign_login(user, exp), sig):
            return None
        return user

    # ------------------------------------------------------------ sessions

    def session_cookie(self, user_id: str, *, now: float, ttl: int) -> str:
        """A signed cookie value naming ``user_id`` for ``ttl`` seconds."""
        body = {"u": validate_user_id(user_id), "n": secrets.token_urlsafe(16),
                "exp": int(now) + int(ttl)}
        payload = _b64(json.dumps(body, separators=(",", ":")).encode())
        sig = _b64(hmac.new(self.session, payload.encode(), hashlib.sha256).digest())
        return f"{payload}.{sig}"

    def read_session(self, cookie: str | None, *, now: float) -> Session | None:
        """The session in a cookie value, or ``None`` if missing, tampered or expired."""
        if not cookie or cookie.count(".") != 1:
            return None
        payload, sig = cookie.split(".")
        good = _b64(hmac.new(self.session, payload.encode(), hashlib.sha256).digest())
        if not hmac.compare_digest(good, sig):
            return None
        try:
            body = json.loads(_unb64(payload))
            session = Session(validate_user_id(body["u"]), str(body["n"]), int(body["exp"]))
        except (ValueError, KeyError, TypeError, InvalidUserIdError):
            return None
        return session if session.expires >= now else None

    # ------------------------------------------------------------ CSRF

    def csrf_token(self, user_id: str, nonce: str) -> str:
        """The form token for this user and session nonce."""
        msg = f"{user_id}|{nonce}".encode()
        return _b64(hmac.new(self.csrf, msg, hashlib.sha256).digest())

    def check_csrf(self, user_id: str, nonce: str, token: str | None) -> bool:
        """True if ``token`` was issued for this user and session."""
        return bool(token) and hmac.compare_digest(self.csrf_token(user_id, nonce), str(token))


def login_link(
    secret: str | bytes,
    user_id: str,
    *,
    base_url: str = "http://127.0.0.1:8765",
    ttl_seconds: int = 12 * 3600,
    now: float | None = None,
) -> str:
    """A link that signs ``user_id`` in to the memory view served with ``secret``.

    Hand it to the person (e.g. behind a "What do you remember about me?" button in your
    app); it shows that person's memories and nobody else's.

    Example:
        >>> link = login_link("a-long-random-secret", "alice", now=0, ttl_seconds=60)
        >>> link.startswith("http://127.0.0.1:8765/login?u=alice&exp=60&sig=")
        True
    """
    keys = Keys.from_secret(secret)
    exp = int(time.time() if now is None else now) + int(ttl_seconds)
    query = urlencode({"u": validate_user_id(user_id), "exp": exp,
                       "sig": keys.sign_login(user_id, exp)})
    return f"{base_url.rstrip('/')}/login?{query}"
