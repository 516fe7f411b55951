"""Signed links, session cookies and CSRF tokens for the web memory view (stdlib only).

One secret (the ``--token`` of ``langmem-plus serve``) is stretched into three keys with
HMAC-SHA256, one per purpose, so a value signed for one purpose never verifies for another:

* a **login link** names one user, an expiry and a random nonce:
  ``/login?u=alice&exp=...&n=...&sig=...``; the app takes each link once
  (:class:`OnceRegistry`), so a link copied from a history or a log cannot sign in again;
* the **session cookie** it sets carries the user id, a random nonce and an expiry; the
  user of every request comes from this cookie and from nothing else in the request, and
  the app accepts only sessions it issued and has not ended (logout ends one server-side);
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
    >>> used = OnceRegistry(max_size=10)
    >>> [used.take("link-nonce", expires=2000, now=t) for t in (1000, 1001)]
    [True, False]
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import threading
import time
from dataclasses import dataclass
from urllib.parse import urlencode

from langmem_plus.errors import InvalidUserIdError
from langmem_plus.facts.models import validate_user_id

__all__ = [
    "MIN_TOKEN_LENGTH",
    "Keys",
    "LoginLink",
    "OnceRegistry",
    "Session",
    "SessionRegistry",
    "login_link",
    "new_token",
]

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
class LoginLink:
    """A login link that verified: who it signs in, its nonce (taken once) and expiry."""

    user_id: str
    nonce: str
    expires: int


class OnceRegistry:
    """Tokens seen once, each remembered until it expires; a second ``take`` is refused.

    Bounded: expired tokens are dropped as new ones come, and when ``max_size`` live tokens
    are held a new one is refused (``take`` returns ``False``): refusing a sign-in is safe,
    forgetting a used link would let it work again. In-process state: a restarted server
    forgets which links were used (they still expire).
    """

    def __init__(self, *, max_size: int = 100_000) -> None:
        if max_size < 1:
            raise ValueError(f"max_size must be >= 1, got {max_size!r}")
        self.max_size = max_size
        self._seen: dict[str, int] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._seen)

    def take(self, token: str, *, expires: int, now: float) -> bool:
        """True the first time ``token`` is taken (and it has room); False ever after."""
        with self._lock:
            if token in self._seen:
                return False
            if len(self._seen) >= self.max_size:
                self._seen = {t: e for t, e in self._seen.items() if e >= now}
                if len(self._seen) >= self.max_size:
                    return False
            self._seen[token] = int(expires)
            return True


class SessionRegistry:
    """The sessions this app issued and has not ended, by nonce (server-side logout).

    A cookie is honoured only while its nonce is here: :meth:`end` (logout) makes the old
    cookie worthless at once, even though its signature and expiry are still good.
    Bounded: expired sessions are dropped first; past ``max_size`` live ones the session
    that expires soonest is ended (its holder signs in again). In-process state: a restart
    ends every session.
    """

    def __init__(self, *, max_size: int = 10_000) -> None:
        if max_size < 1:
            raise ValueError(f"max_size must be >= 1, got {max_size!r}")
        self.max_size = max_size
        self._live: dict[str, tuple[str, int]] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._live)

    def start(self, session: Session, *, now: float) -> None:
        """Record a session just issued."""
        with self._lock:
            if len(self._live) >= self.max_size:
                self._live = {n: v for n, v in self._live.items() if v[1] >= now}
                while len(self._live) >= self.max_size:
                    soonest = min(self._live, key=lambda n: self._live[n][1])
                    del self._live[soonest]
            self._live[session.nonce] = (session.user_id, session.expires)

    def is_live(self, session: Session) -> bool:
        """True while ``session`` was issued here, for this user, and not ended."""
        found = self._live.get(session.nonce)
        return found is not None and found[0] == session.user_id

    def end(self, session: Session) -> None:
        """End ``session`` (logout): its cookie no longer signs anyone in."""
        with self._lock:
            self._live.pop(session.nonce, None)


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

    def sign_login(self, user_id: str, expires: int, nonce: str) -> str:
        """Signature of a login link for ``user_id`` valid until ``expires`` (unix seconds),
        made unique by ``nonce``."""
        msg = f"{validate_user_id(user_id)}|{int(expires)}|{nonce}".encode()
        return _b64(hmac.new(self.link, msg, hashlib.sha256).digest())

    def check_login(
        self, user_id: str, expires: str, nonce: str, sig: str, *, now: float
    ) -> LoginLink | None:
        """The parts of a valid, unexpired login link, else ``None`` (whether it was used
        before is the app's :class:`OnceRegistry` to say)."""
        try:
            user = validate_user_id(user_id)
            exp = int(expires)
        except (InvalidUserIdError, ValueError):
            return None
        if exp < now or not nonce or "|" in nonce:
            return None
        if not hmac.compare_digest(self.sign_login(user, exp, nonce), sig):
            return None
        return LoginLink(user, nonce, exp)

    # ------------------------------------------------------------ sessions

    def session_cookie(
        self, user_id: str, *, now: float, ttl: int, nonce: str | None = None
    ) -> str:
        """A signed cookie value naming ``user_id`` for ``ttl`` seconds (``nonce``: random
        unless given)."""
        body = {"u": validate_user_id(user_id), "n": nonce or secrets.token_urlsafe(16),
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
    app); it shows that person's memories and nobody else's. Each link signs in once: make
    a new one for each click (every call makes a different link).

    Example:
        >>> link = login_link("a-long-random-secret", "alice", now=0, ttl_seconds=60)
        >>> link.startswith("http://127.0.0.1:8765/login?u=alice&exp=60&n=")
        True
        >>> link == login_link("a-long-random-secret", "alice", now=0, ttl_seconds=60)
        False
    """
    keys = Keys.from_secret(secret)
    exp = int(time.time() if now is None else now) + int(ttl_seconds)
    nonce = secrets.token_urlsafe(16)
    query = urlencode({"u": validate_user_id(user_id), "exp": exp, "n": nonce,
                       "sig": keys.sign_login(user_id, exp, nonce)})
    return f"{base_url.rstrip('/')}/login?{query}"
