"""The web memory view: one server-rendered page where a person sees and controls their memories.

Built on Starlette (a small, well-kept ASGI toolkit: plain routes, no ORM or admin layer to
secure) with Jinja2 templates (autoescaped) and no JavaScript at all: every change is an
HTML form that POSTs and redirects back (post/redirect/get).

Who the person is comes only from a signed session cookie, set by a signed login link
(``langmem_plus.web.auth.login_link``), or from your own ``authenticate`` callable when you
mount the view inside an app that already knows its users. Nothing in the URL or a form can
name another user: every read and write is scoped by the session's user id, and a fact id
that is not among that user's memories is answered with 404 and changes nothing. Every POST
carries a CSRF token tied to the session and is refused if its ``Origin`` is another site.
A login link signs in once; the app honours only the sessions it issued, and logout ends the
session on the server, so an old cookie is worthless afterwards. Every response (404 and 405
included) carries the security headers.

Example:
    >>> from langgraph.store.memory import InMemoryStore
    >>> from starlette.testclient import TestClient
    >>> from langmem_plus.facts.memory import FactMemory
    >>> from langmem_plus.web.auth import login_link
    >>> memory = FactMemory(InMemoryStore())
    >>> _ = memory.remember("alice", {"kind": "preference", "subject": "user",
    ...     "predicate": "units", "object": "metric", "text": "Prefers metric units."})
    >>> secret = "a-long-random-secret"
    >>> with TestClient(create_app(memory, secret=secret)) as client:
    ...     page = client.get(login_link(secret, "alice", base_url="http://testserver"))
    ...     "Prefers metric units." in page.text
    True
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from langmem_plus.errors import EmbeddingModelRequiredError
from langmem_plus.facts.memory import FactMemory
from langmem_plus.web.auth import Keys, OnceRegistry, Session, SessionRegistry
from langmem_plus.web.records import Records, count_line

__all__ = ["SESSION_COOKIE", "create_app"]

SESSION_COOKIE = "lmp_session"
FLASH_COOKIE = "lmp_flash"
_VERDICTS = {"confirmed", "inaccurate", "rejected"}
_TEMPLATES = Path(__file__).parent / "templates"
_ACTIONS = {
    "new": "first remembered",
    "reconfirmed": "you said it again",
    "superseded": "remembered, replacing the earlier value",
    "conflict": "held back: it conflicts with another memory",
}
_HEADERS = {
    "Cache-Control": "no-store",
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
        "frame-ancestors 'none'; base-uri 'none'"
    ),
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}

Authenticate = Callable[[Request], "str | Awaitable[str | None] | None"]


class _SecurityHeaders:
    """ASGI middleware: the security headers on every HTTP response the app sends, including
    the 404/405/500 answers Starlette makes itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in _HEADERS.items():
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, send_secured)


class _View:
    """The request handlers, holding the memory, the keys and the templates."""

    def __init__(
        self,
        memory: FactMemory,
        keys: Keys,
        *,
        authenticate: Authenticate | None,
        session_seconds: int,
        secure_cookies: bool,
        title: str,
    ) -> None:
        self.memory = memory
        self.records = Records(memory)
        self.keys = keys
        self.authenticate = authenticate
        self.session_seconds = session_seconds
        self.secure_cookies = secure_cookies
        self.title = title
        self.sessions = SessionRegistry()
        self.used_links = OnceRegistry()
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(_TEMPLATES),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
        )
        self.env.filters["plain_action"] = lambda action: _ACTIONS.get(action, action)

    # ---------------------------------------------------------------- helpers

    def render(self, request: Request, name: str, status: int = 200, **ctx: Any) -> Response:
        urls = {n: request.url_for(n).path for n in
                ("page", "forget", "forget_all", "verdict", "switch", "logout")}
        html = self.env.get_template(name).render(title=self.title, urls=urls, **ctx)
        return HTMLResponse(html, status_code=status)

    def problem(self, request: Request, status: int, heading: str, detail: str) -> Response:
        return self.render(request, "problem.html", status, heading=heading, detail=detail)

    async def session(self, request: Request) -> Session | None:
        if self.authenticate is not None:
            found = self.authenticate(request)
            user = await found if isinstance(found, Awaitable) else found
            if not user:
                return None
            return Session(str(user), "", 0)
        found_session = self.keys.read_session(request.cookies.get(SESSION_COOKIE), now=time.time())
        if found_session is None or not self.sessions.is_live(found_session):
            return None
        return found_session

    def _flash_sig(self, payload: str) -> str:
        return hmac.new(self.keys.session, b"flash|" + payload.encode(), hashlib.sha256).hexdigest()

    def redirect_with(self, request: Request, user_id: str, message: str) -> Response:
        payload = base64.urlsafe_b64encode(
            json.dumps({"u": user_id, "m": message}).encode()
        ).decode()
        response = RedirectResponse(request.url_for("page").path, status_code=303)
        response.set_cookie(
            FLASH_COOKIE, f"{payload}.{self._flash_sig(payload)}", max_age=60,
            httponly=True, samesite="lax", secure=self.secure_cookies,
        )
        return response

    def read_flash(self, request: Request, user_id: str) -> str | None:
        raw = request.cookies.get(FLASH_COOKIE, "")
        payload, _, sig = raw.partition(".")
        if not payload or not hmac.compare_digest(self._flash_sig(payload), sig):
            return None
        try:
            body = json.loads(base64.urlsafe_b64decode(payload))
        except ValueError:
            return None
        return str(body["m"]) if body.get("u") == user_id else None

    async def guarded_form(
        self, request: Request
    ) -> tuple[Session, dict[str, str]] | Response:
        """The session and form of a POST, or the refusal to send back."""
        session = await self.session(request)
        if session is None:
            return self.problem(request, 401, "Please sign in",
                                "Open the link you were given to see your memories.")
        origin = request.headers.get("origin")
        own = f"{request.url.scheme}://{request.url.netloc}"
        if origin is not None and origin != own:
            return self.problem(request, 403, "Request refused",
                                "This form was sent from another site. Nothing was changed.")
        async with request.form() as raw:
            form = {k: v for k, v in raw.items() if isinstance(v, str)}
        if not self.keys.check_csrf(session.user_id, session.nonce, form.get("csrf")):
            return self.problem(request, 403, "Request refused",
                                "This form has expired. Reload the page and try again. "
                                "Nothing was changed.")
        return session, form

    # ---------------------------------------------------------------- routes

    async def page(self, request: Request) -> Response:
        session = await self.session(request)
        if session is None:
            return self.problem(
                request, 401, "Please sign in",
                "Open the link you were given to see what is remembered about you.",
            )
        user = session.user_id
        groups = await run_in_threadpool(self.records.groups, user)
        enabled = await run_in_threadpool(self.records.memory_enabled, user)
        response = self.render(
            request, "memories.html", user=user, groups=groups, count=count_line(groups),
            enabled=enabled,
            csrf=self.keys.csrf_token(user, session.nonce),
            flash=self.read_flash(request, user),
            can_logout=self.authenticate is None,
        )
        response.delete_cookie(FLASH_COOKIE)
        return response

    async def login(self, request: Request) -> Response:
        q = request.query_params
        now = time.time()
        link = self.keys.check_login(q.get("u", ""), q.get("exp", ""), q.get("n", ""),
                                     q.get("sig", ""), now=now)
        if link is None:
            return self.problem(request, 403, "This link does not work",
                                "It is not valid or it has expired. Ask for a new link.")
        if not self.used_links.take(link.nonce, expires=link.expires, now=now):
            return self.problem(request, 403, "This link does not work",
                                "It has been used already: each link signs in once. "
                                "Ask for a new link.")
        cookie = self.keys.session_cookie(link.user_id, now=now, ttl=self.session_seconds)
        session = self.keys.read_session(cookie, now=now)
        assert session is not None  # just made with these keys
        self.sessions.start(session, now=now)
        response = RedirectResponse(request.url_for("page").path, status_code=303)
        response.set_cookie(
            SESSION_COOKIE, cookie,
            max_age=self.session_seconds, httponly=True, samesite="lax",
            secure=self.secure_cookies,
        )
        return response

    async def logout(self, request: Request) -> Response:
        guarded = await self.guarded_form(request)
        if isinstance(guarded, Response):
            return guarded
        self.sessions.end(guarded[0])  # the old cookie no longer signs anyone in
        response = self.problem(request, 200, "Signed out",
                                "Open your link again to see your memories.")
        response.delete_cookie(SESSION_COOKIE)
        return response

    async def _own_fact(self, request: Request, user: str, fact_id: str) -> Response | None:
        found = await run_in_threadpool(self.records.find, user, fact_id)
        if found is None:
            return self.problem(request, 404, "Memory not found",
                                "There is no memory with that id among yours. "
                                "Nothing was changed.")
        return None

    async def forget(self, request: Request) -> Response:
        guarded = await self.guarded_form(request)
        if isinstance(guarded, Response):
            return guarded
        session, form = guarded
        user, fact_id = session.user_id, form.get("fact_id", "")
        refused = await self._own_fact(request, user, fact_id)
        if refused is not None:
            return refused
        receipt = await run_in_threadpool(self.memory.forget, user, fact_id)
        return self.redirect_with(request, user, "Deleted. " + receipt.describe())

    async def forget_all(self, request: Request) -> Response:
        guarded = await self.guarded_form(request)
        if isinstance(guarded, Response):
            return guarded
        session, form = guarded
        user = session.user_id
        if form.get("confirm") != "yes":
            return self.redirect_with(
                request, user, "Nothing was deleted: tick the box to confirm first."
            )
        receipt = await run_in_threadpool(self.memory.forget_all, user)
        return self.redirect_with(request, user, "Deleted everything. " + receipt.describe())

    async def verdict(self, request: Request) -> Response:
        guarded = await self.guarded_form(request)
        if isinstance(guarded, Response):
            return guarded
        session, form = guarded
        user, fact_id, verdict = session.user_id, form.get("fact_id", ""), form.get("verdict")
        if verdict not in _VERDICTS:
            return self.problem(request, 400, "Unknown choice",
                                "Use the buttons on the page. Nothing was changed.")
        refused = await self._own_fact(request, user, fact_id)
        if refused is not None:
            return refused
        try:
            fact = await run_in_threadpool(self.memory.verdict, user, fact_id, verdict)
        except EmbeddingModelRequiredError as exc:
            return self.redirect_with(request, user, str(exc))
        said = {"confirmed": "Thanks, marked as right",
                "inaccurate": "Marked as wrong: it will not be used again",
                "rejected": "Marked as not to be kept: it will not be used again"}[verdict]
        text = f": {fact.text}" if fact is not None else ""
        return self.redirect_with(request, user, f"{said}{text}")

    async def switch(self, request: Request) -> Response:
        guarded = await self.guarded_form(request)
        if isinstance(guarded, Response):
            return guarded
        session, form = guarded
        user, state = session.user_id, form.get("state")
        if state not in ("on", "off"):
            return self.problem(request, 400, "Unknown choice",
                                "Use the buttons on the page. Nothing was changed.")
        on = state == "on"
        delete = not on and form.get("delete") == "yes"
        receipt = await run_in_threadpool(self.memory.set_memory, user, on, delete=delete)
        if on:
            message = "Memory is on: new things you tell the assistant can be remembered."
        else:
            message = "Memory is off: nothing new is remembered and nothing is used."
        if receipt is not None:
            message += " " + receipt.describe()
        return self.redirect_with(request, user, message)


def create_app(
    memory: FactMemory,
    *,
    secret: str | bytes,
    authenticate: Authenticate | None = None,
    session_hours: float = 12,
    secure_cookies: bool = False,
    title: str = "Your memories",
) -> Starlette:
    """The memory view as an ASGI app; serve it with uvicorn or mount it in your app.

    Args:
        memory: the ``FactMemory`` whose memories are shown.
        secret: at least 16 random characters; signs login links, sessions and forms.
        authenticate: optional ``(request) -> user_id | None`` (sync or async) when your
            app already knows who is signed in; then no login link or cookie is used.
        session_hours: how long a session cookie lasts.
        secure_cookies: mark cookies ``Secure`` (set it when served over HTTPS).
        title: the page title.

    Returns:
        A Starlette app with ``GET /``, ``GET /login`` and the POST routes ``/forget``,
        ``/forget-all``, ``/verdict``, ``/memory`` and ``/logout``.

    Example:
        >>> from langgraph.store.memory import InMemoryStore
        >>> app = create_app(FactMemory(InMemoryStore()), secret="a-long-random-secret")
        >>> sorted(r.path for r in app.routes)[:2]
        ['/', '/forget']
    """
    view = _View(
        memory,
        Keys.from_secret(secret),
        authenticate=authenticate,
        session_seconds=int(session_hours * 3600),
        secure_cookies=secure_cookies,
        title=title,
    )
    routes = [
        Route("/", view.page, methods=["GET"], name="page"),
        Route("/login", view.login, methods=["GET"], name="login"),
        Route("/forget", view.forget, methods=["POST"], name="forget"),
        Route("/forget-all", view.forget_all, methods=["POST"], name="forget_all"),
        Route("/verdict", view.verdict, methods=["POST"], name="verdict"),
        Route("/memory", view.switch, methods=["POST"], name="switch"),
        Route("/logout", view.logout, methods=["POST"], name="logout"),
    ]
    return Starlette(routes=routes, middleware=[Middleware(_SecurityHeaders)])
