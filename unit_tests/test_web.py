"""The web memory view, through Starlette's test client: what a person sees and can change,
and that nothing in a request can reach another person's memories."""

from __future__ import annotations

import doctest
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from langgraph.store.base import BaseStore
from langgraph.store.memory import InMemoryStore
from starlette.testclient import TestClient

import langmem_plus.web as web_pkg
from langmem_plus.facts.memory import FactMemory
from langmem_plus.stores import QdrantStore
from langmem_plus.web import app as app_mod
from langmem_plus.web import auth, records, server
from langmem_plus.web.app import SESSION_COOKIE, create_app
from langmem_plus.web.auth import Keys, login_link
from langmem_plus.web.server import WebConfigError, check_bind
from unit_tests.test_web_support import Seeded, seed, stored_fact_ids

SECRET = "test-secret-0123456789abcdef"
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(params=["inmemory", "qdrant_edge"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[BaseStore]:
    if request.param == "inmemory":
        yield InMemoryStore()
        return
    with QdrantStore(path=tmp_path / "edge") as s:
        yield s


@pytest.fixture
def ids(store: BaseStore) -> Seeded:
    return seed(store)


@pytest.fixture
def memory(store: BaseStore, ids: Seeded) -> FactMemory:
    return FactMemory(store)


def signed_in(memory: FactMemory, user: str = "alice") -> TestClient:
    client = TestClient(create_app(memory, secret=SECRET))
    page = client.get(login_link(SECRET, user, base_url="http://testserver"))
    assert page.status_code == 200, page.text
    return client


def csrf_of(html: str) -> str:
    match = re.search(r'name="csrf" value="([^"]+)"', html)
    assert match, "the page has no form token"
    return match.group(1)


def test_page_lists_every_memory_with_when_words_status_and_history(memory: FactMemory) -> None:
    with signed_in(memory) as client:
        html = client.get("/").text
    assert "Signed in as <strong>alice</strong>" in html
    for shown in ("Prefers metric units.", "“I always use metric”", "learned 2026-03-02",
                  "Lives in Delhi.", "moved to Delhi”", "learned 2026-06-10", ">current<"):
        assert shown in html, shown
    # the move from Pune is history under Delhi, with its own status
    assert "Lives in Pune." in html and "replaced on 2026-06-10" in html
    assert html.index("Lives in Delhi.") < html.index("Lives in Pune.")
    assert "2 memories" in html
    assert "Memory is on." in html
    assert "Oslo" not in html


def test_without_a_sign_in_nothing_is_shown(memory: FactMemory) -> None:
    with TestClient(create_app(memory, secret=SECRET)) as client:
        page = client.get("/")
    assert page.status_code == 401
    assert "Please sign in" in page.text
    assert "metric" not in page.text and "Oslo" not in page.text


def test_a_tampered_or_expired_link_does_not_sign_in(memory: FactMemory, ids: Seeded) -> None:
    good = login_link(SECRET, "alice", base_url="http://testserver")
    with TestClient(create_app(memory, secret=SECRET)) as client:
        tampered = client.get(good.replace("u=alice", "u=bob"))
        assert tampered.status_code == 403
        expired = client.get(login_link(SECRET, "alice", base_url="http://testserver",
                                        now=time.time() - 100, ttl_seconds=10))
        assert expired.status_code == 403
        other_secret = client.get(login_link("another-secret-0123456789", "alice",
                                             base_url="http://testserver"))
        assert other_secret.status_code == 403
        assert client.get("/").status_code == 401


@pytest.mark.parametrize("url", ["/?user=bob", "/?u=bob", "/?user_id=bob&fact_id=x"])
def test_the_url_cannot_switch_to_another_person(memory: FactMemory, url: str) -> None:
    with signed_in(memory) as client:
        html = client.get(url).text
        assert client.get("/u/bob").status_code == 404
    assert "Prefers metric units." in html
    assert "Oslo" not in html


def test_crafted_delete_of_another_persons_fact_touches_nothing(
    memory: FactMemory, ids: Seeded
) -> None:
    with signed_in(memory) as client:
        token = csrf_of(client.get("/").text)
        refused = client.post("/forget", data={"csrf": token, "fact_id": ids.oslo,
                                               "user_id": "bob", "u": "bob"})
        assert refused.status_code == 404
        assert "Nothing was changed" in refused.text
        wrong = client.post("/verdict", data={"csrf": token, "fact_id": ids.oslo,
                                              "verdict": "inaccurate", "user_id": "bob"})
        assert wrong.status_code == 404
    bob = memory.list("bob")
    assert [(r.text, r.status) for r in bob] == [("Lives in Oslo.", "current")]
    assert "Oslo" in memory.recall("bob", "where do I live?").block
    assert ids.oslo in stored_fact_ids(memory.store)


def test_a_forged_session_cookie_for_another_person_is_refused(memory: FactMemory) -> None:
    keys = Keys.from_secret(SECRET)
    alice_cookie = keys.session_cookie("alice", now=time.time(), ttl=600)
    bob_payload = keys.session_cookie("bob", now=time.time(), ttl=600).split(".")[0]
    forged = f"{bob_payload}.{alice_cookie.split('.')[1]}"
    with TestClient(create_app(memory, secret=SECRET)) as client:
        client.cookies.set(SESSION_COOKIE, forged)
        page = client.get("/")
    assert page.status_code == 401
    assert "Oslo" not in page.text


def test_changes_need_post_a_form_token_and_this_site(memory: FactMemory, ids: Seeded) -> None:
    with signed_in(memory) as client:
        token = csrf_of(client.get("/").text)
        assert client.get(f"/forget?fact_id={ids.units}").status_code == 405
        assert client.post("/forget", data={"fact_id": ids.units}).status_code == 403
        assert client.post("/forget", data={"fact_id": ids.units,
                                            "csrf": token[:-2] + "xx"}).status_code == 403
        cross = client.post("/forget", data={"csrf": token, "fact_id": ids.units},
                            headers={"Origin": "https://evil.example"})
        assert cross.status_code == 403
    # a token issued to Bob's session does not work in Alice's
    with signed_in(memory, "bob") as bob_client:
        bob_token = csrf_of(bob_client.get("/").text)
    with signed_in(memory) as client:
        assert client.post("/forget", data={"csrf": bob_token,
                                            "fact_id": ids.units}).status_code == 403
    assert "Prefers metric units." in [r.text for r in memory.list("alice")]


def test_delete_removes_the_memory_from_page_store_and_recall(
    memory: FactMemory, ids: Seeded
) -> None:
    assert "metric" in memory.recall("alice", "what units?").block
    with signed_in(memory) as client:
        token = csrf_of(client.get("/").text)
        done = client.post("/forget", data={"csrf": token, "fact_id": ids.units})
        assert done.status_code == 200  # followed the redirect back to the page
        assert "Deleted." in done.text and "current facts 1" in done.text
        assert "Prefers metric units." not in done.text
        assert "Deleted." not in client.get("/").text  # the notice shows once
    assert ids.units not in stored_fact_ids(memory.store)
    assert "metric" not in memory.recall("alice", "what units?").block


def test_wrong_hides_a_memory_from_recall_and_right_brings_it_back(
    memory: FactMemory, ids: Seeded
) -> None:
    with signed_in(memory) as client:
        token = csrf_of(client.get("/").text)
        page = client.post("/verdict", data={"csrf": token, "fact_id": ids.delhi,
                                             "verdict": "inaccurate"}).text
        assert "marked inaccurate by you" in page
        assert "Delhi" not in memory.recall("alice", "where do I live?").block
        page = client.post("/verdict", data={"csrf": token, "fact_id": ids.delhi,
                                             "verdict": "confirmed"}).text
        assert "current, confirmed by you" in page
        assert "You marked it inaccurate" in page and "You marked it confirmed" in page
        assert client.post("/verdict", data={"csrf": token, "fact_id": ids.delhi,
                                             "verdict": "delete-everything"}).status_code == 400
    assert "Delhi" in memory.recall("alice", "where do I live?").block


def test_memory_switch_off_stops_remembering_and_on_resumes(memory: FactMemory) -> None:
    new_fact = {"kind": "preference", "subject": "user", "predicate": "diet",
                "object": "vegetarian", "text": "Is vegetarian."}
    with signed_in(memory) as client:
        token = csrf_of(client.get("/").text)
        page = client.post("/memory", data={"csrf": token, "state": "off"}).text
        assert "Memory is off." in page and "Turn memory on" in page
        assert memory.remember("alice", new_fact).code == "memory_off"
        assert memory.recall("alice", "units?").block == ""
        page = client.post("/memory", data={"csrf": token, "state": "on"}).text
        assert "Memory is on." in page
    assert memory.remember("alice", new_fact).action == "new"


def test_switching_off_with_delete_empties_the_store(memory: FactMemory, ids: Seeded) -> None:
    with signed_in(memory) as client:
        token = csrf_of(client.get("/").text)
        page = client.post("/memory", data={"csrf": token, "state": "off",
                                            "delete": "yes"}).text
    assert "Nothing is remembered about you." in page and "Memory is off." in page
    assert memory.list("alice") == []
    assert {ids.units, ids.pune, ids.delhi}.isdisjoint(stored_fact_ids(memory.store))


def test_delete_all_needs_the_box_ticked_and_spares_other_people(
    memory: FactMemory, ids: Seeded
) -> None:
    with signed_in(memory) as client:
        token = csrf_of(client.get("/").text)
        page = client.post("/forget-all", data={"csrf": token}).text
        assert "Nothing was deleted" in page and "Prefers metric units." in page
        page = client.post("/forget-all", data={"csrf": token, "confirm": "yes",
                                                "user_id": "bob"}).text
    assert "Deleted everything." in page and "Nothing is remembered about you." in page
    assert memory.list("alice") == []
    assert [r.text for r in memory.list("bob")] == ["Lives in Oslo."]


def test_stored_text_is_shown_as_text_never_as_markup(store: BaseStore) -> None:
    memory = FactMemory(store)
    memory.remember("carol", {"kind": "fact", "subject": "user", "predicate": "employer",
                              "object": "Acme", "text": "Works at Acme <b>Ltd</b>.",
                              "quote": "<script>alert(1)</script> I work at Acme"})
    with signed_in(memory, "carol") as client:
        html = client.get("/").text
    assert "<script>alert(1)</script>" not in html and "<b>Ltd</b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_responses_forbid_framing_caching_and_scripts(memory: FactMemory) -> None:
    with signed_in(memory) as client:
        page = client.get("/")
    assert page.headers["x-frame-options"] == "DENY"
    assert page.headers["cache-control"] == "no-store"
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
    assert "script-src" not in page.headers["content-security-policy"]  # default-src 'none'
    assert "<script" not in page.text
    cookie = client.cookies.get(SESSION_COOKIE)
    assert cookie is not None


def test_session_cookie_is_httponly_and_samesite(memory: FactMemory) -> None:
    with TestClient(create_app(memory, secret=SECRET)) as client:
        page = client.get(login_link(SECRET, "alice", base_url="http://testserver"),
                          follow_redirects=False)
    assert page.status_code == 303
    header = page.headers["set-cookie"].lower()
    assert "httponly" in header and "samesite=lax" in header


def test_an_app_can_bring_its_own_sign_in(memory: FactMemory, ids: Seeded) -> None:
    app = create_app(memory, secret=SECRET,
                     authenticate=lambda request: request.headers.get("x-signed-in-user"))
    with TestClient(app) as client:
        assert client.get("/").status_code == 401
        html = client.get("/", headers={"x-signed-in-user": "bob"}).text
        assert "Lives in Oslo." in html and "metric" not in html
        token = csrf_of(html)
        refused = client.post("/forget", data={"csrf": token, "fact_id": ids.units},
                              headers={"x-signed-in-user": "bob"})
        assert refused.status_code == 404
        # Bob's token is not Alice's
        assert client.post("/forget", data={"csrf": token, "fact_id": ids.units},
                           headers={"x-signed-in-user": "alice"}).status_code == 403
    assert "Prefers metric units." in [r.text for r in memory.list("alice")]


def test_binding_beyond_loopback_needs_a_long_token() -> None:
    with pytest.raises(WebConfigError, match="without a token"):
        check_bind("0.0.0.0", None)
    with pytest.raises(WebConfigError, match="at least 16"):
        check_bind("0.0.0.0", "short")
    assert check_bind("0.0.0.0", SECRET) == SECRET
    assert len(check_bind("127.0.0.1", None)) >= 16
    assert len(check_bind("::1", None)) >= 16


def test_modules_docstring_examples_run() -> None:
    for module in (auth, records, server, app_mod, web_pkg):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, module.__name__


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_serve_command_prints_a_working_sign_in_link(tmp_path: Path) -> None:
    path = tmp_path / "edge"
    with QdrantStore(path=path) as s:
        seed(s)
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "langmem_plus.cli.commands", "serve", "--path", str(path),
         "--port", str(port), "--user", "alice"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT,
    )
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline(), proc.stdout.readline()]
        assert lines[0].startswith(f"Memory view on http://127.0.0.1:{port}"), lines
        link = lines[1].split("alice: ", 1)[1].strip()
        deadline = time.monotonic() + 20
        while True:
            try:
                with httpx.Client(follow_redirects=True) as client:
                    page = client.get(link)
                break
            except httpx.ConnectError:
                assert time.monotonic() < deadline, "server did not start"
                time.sleep(0.1)
        assert page.status_code == 200
        assert "Prefers metric units." in page.text and "Oslo" not in page.text
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()
        proc.stderr.close()


def test_serve_command_refuses_a_public_address_without_token(tmp_path: Path) -> None:
    path = tmp_path / "edge"
    QdrantStore(path=path).close()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("LANGMEM_PLUS_WEB_TOKEN", None)
    done = subprocess.run(
        [sys.executable, "-m", "langmem_plus.cli.commands", "serve", "--path", str(path),
         "--host", "0.0.0.0"],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=60,
    )
    assert done.returncode == 2
    assert "refusing to serve on 0.0.0.0 without a token" in done.stderr


def test_the_view_works_mounted_inside_another_app(memory: FactMemory, ids: Seeded) -> None:
    from starlette.applications import Starlette
    from starlette.routing import Mount

    view = create_app(memory, secret=SECRET,
                      authenticate=lambda request: request.headers.get("x-signed-in-user"))
    host = Starlette(routes=[Mount("/memory", view)])
    who = {"x-signed-in-user": "alice"}
    with TestClient(host) as client:
        html = client.get("/memory/", headers=who).text
        assert 'action="/memory/forget"' in html
        done = client.post("/memory/forget", headers=who,
                           data={"csrf": csrf_of(html), "fact_id": ids.units},
                           follow_redirects=False)
        assert done.status_code == 303 and done.headers["location"] == "/memory/"
    assert "Prefers metric units." not in [r.text for r in memory.list("alice")]


def test_after_logout_the_old_session_cookie_signs_nobody_in(memory: FactMemory) -> None:
    app = create_app(memory, secret=SECRET)
    with TestClient(app) as client:
        assert client.get(login_link(SECRET, "alice",
                                     base_url="http://testserver")).status_code == 200
        old = client.cookies.get(SESSION_COOKIE)
        assert old is not None
        token = csrf_of(client.get("/").text)
        assert client.post("/logout", data={"csrf": token}).status_code == 200
    # someone who copied the cookie before the logout (a shared computer, a proxy log)
    with TestClient(app) as other:
        other.cookies.set(SESSION_COOKIE, old)
        page = other.get("/")
        assert page.status_code == 401
        assert "metric" not in page.text
        refused = other.post("/forget-all", data={"csrf": token, "confirm": "yes"})
        assert refused.status_code == 401
    assert "Prefers metric units." in [r.text for r in memory.list("alice")]


def test_a_sign_in_link_works_once(memory: FactMemory) -> None:
    link = login_link(SECRET, "alice", base_url="http://testserver")
    app = create_app(memory, secret=SECRET)
    with TestClient(app) as first:
        assert first.get(link).status_code == 200
        with TestClient(app) as second:  # the same link from a browser history or a log
            again = second.get(link)
            assert again.status_code == 403
            assert "used already" in again.text
            assert "metric" not in again.text
            assert second.get("/").status_code == 401
        assert first.get("/").status_code == 200  # the session it made still works
    # a fresh link for the same person still signs in
    with TestClient(app) as third:
        assert third.get(login_link(SECRET, "alice",
                                    base_url="http://testserver")).status_code == 200


@pytest.mark.parametrize(("method", "url", "status"), [
    ("GET", "/no-such-page", 404),
    ("GET", "/forget", 405),
    ("DELETE", "/", 405),
])
def test_every_response_carries_the_security_headers(
    memory: FactMemory, method: str, url: str, status: int
) -> None:
    with TestClient(create_app(memory, secret=SECRET)) as client:
        response = client.request(method, url)
    assert response.status_code == status
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["cache-control"] == "no-store"
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]


# ---------------------------------------------------------------------------- first hour (#15)


def test_the_page_and_the_cli_count_the_same_memories_the_same_way(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from langmem_plus.cli.commands import main

    path = tmp_path / "edge"
    with QdrantStore(path=path) as s:
        seed(s)
    assert main(["memories", "list", "alice", "--path", str(path)]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert head == "alice: 2 memories, 1 earlier version in their history (memory is on)"
    with QdrantStore(path=path) as s, signed_in(FactMemory(s)) as client:
        html = client.get("/").text
    assert '<h2 id="count">2 memories, 1 earlier version in their history</h2>' in html


class _Model:
    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [self.embed_query(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return [1.0 + len(text) % 5, 1.0, float(text.count("i")), 0.25]


def test_the_page_opens_a_store_with_an_embedding_index_and_refuses_only_a_new_vector(
    tmp_path: Path,
) -> None:
    """What `langmem-plus serve` opens: reading, marking wrong and deleting need no model;
    marking a current memory right would rewrite its vector, so it is refused, nothing
    changes, and the page says why."""
    import argparse

    from langchain_core.embeddings import Embeddings

    from langmem_plus.cli.commands import _open_memory

    class Model(_Model, Embeddings):
        pass

    path = tmp_path / "indexed"
    with QdrantStore(path=path, index={"dims": 4, "embed": Model()}) as s:
        ids = seed(s)
    args = argparse.Namespace(path=str(path), url=None, api_key=None,
                              collection="langgraph_store", namespace_prefix="langmem_plus")
    with _open_memory(args) as memory, signed_in(memory) as client:
        page = client.get("/").text
        assert "Lives in Delhi." in page and "Prefers metric units." in page
        token = csrf_of(page)
        refused = client.post("/verdict", data={"csrf": token, "fact_id": ids.delhi,
                                                "verdict": "confirmed"}).text
        assert "needs the embedding model" in refused and "nothing was changed" in refused
        assert "confirmed by you" not in refused
        wrong = client.post("/verdict", data={"csrf": token, "fact_id": ids.units,
                                              "verdict": "inaccurate"}).text
        assert "marked inaccurate by you" in wrong
        gone = client.post("/forget", data={"csrf": token, "fact_id": ids.delhi}).text
        assert "Lives in Delhi." not in gone
    with QdrantStore(path=path, index={"dims": 4, "embed": Model()}) as s:
        assert "Delhi" not in FactMemory(s).recall("alice", "where do I live?").block
