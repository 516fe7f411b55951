"""The memory view in a real headless Chromium (Debian's), driven by Playwright.

A person signs in with their link, clicks Delete, and the memory is gone from the page,
from the store and from the next ``FactMemory.recall``. Screenshots land in
``unit_tests/artifacts/`` (git-ignored) for a human to look at.

Chromium comes from ``scripts/install-browser.sh`` (CI runs it before the tests). If it is
missing here, the tests run that script once; if Chromium still cannot be had, they skip
with the script's own words as the reason, or fail when ``LANGMEM_PLUS_REQUIRE_BROWSER=1``
(set it in CI so a broken install can never pass quietly).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from langmem_plus.facts.memory import FactMemory
from langmem_plus.stores import QdrantStore
from langmem_plus.web.app import create_app
from langmem_plus.web.auth import login_link
from unit_tests.test_web_support import Seeded, seed, stored_fact_ids

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "unit_tests" / "artifacts"
SECRET = "browser-test-secret-0123456789"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _chromium_path() -> str | None:
    for candidate in (os.environ.get("LANGMEM_PLUS_CHROMIUM"), shutil.which("chromium"),
                      "/usr/bin/chromium"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def _have_playwright() -> bool:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return True


def _unavailable(reason: str) -> None:
    if os.environ.get("LANGMEM_PLUS_REQUIRE_BROWSER") == "1":
        pytest.fail(f"LANGMEM_PLUS_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def chromium() -> str:
    """Path of a Chromium binary, installing it with scripts/install-browser.sh if needed."""
    path = _chromium_path()
    if path is None or not _have_playwright():
        script = ROOT / "scripts" / "install-browser.sh"
        done = subprocess.run(["bash", str(script)], capture_output=True, text=True,
                              timeout=900, cwd=ROOT)
        path = _chromium_path()
        if done.returncode != 0 or path is None or not _have_playwright():
            tail = (done.stdout + done.stderr).strip().splitlines()[-5:]
            _unavailable(
                "headless Chromium could not be installed by scripts/install-browser.sh "
                f"(exit {done.returncode}): " + " | ".join(tail)
            )
    assert path is not None
    return path


@pytest.fixture(scope="module")
def browser(chromium: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=chromium, headless=True,
                                      args=CHROMIUM_ARGS)
        yield launched
        launched.close()


class _Server:
    """uvicorn serving an ASGI app on a free loopback port, in a thread."""

    def __init__(self, app: Any) -> None:
        import uvicorn

        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.port = int(self.sock.getsockname()[1])
        config = uvicorn.Config(app, log_level="warning", lifespan="off", ws="none",
                                access_log=False)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]},
                                       daemon=True)

    def __enter__(self) -> _Server:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@pytest.fixture
def world(tmp_path: Path) -> Iterator[tuple[FactMemory, Seeded, _Server]]:
    """The seeded story on the embedded store (Qdrant Edge), served by uvicorn."""
    with QdrantStore(path=tmp_path / "edge") as store:
        ids = seed(store)
        memory = FactMemory(store)
        with _Server(create_app(memory, secret=SECRET)) as server:
            yield memory, ids, server


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    yield tab
    context.close()


def _rows(page: Any, text: str) -> Any:
    return page.locator("li.memory", has_text=text)


def _submit(page: Any, button: Any) -> None:
    """Click a form's button and wait for the page the server answers with."""
    with page.expect_navigation():
        button.click()


def test_clicking_delete_removes_the_memory_from_page_store_and_recall(
    page: Any, world: tuple[FactMemory, Seeded, _Server]
) -> None:
    memory, ids, server = world
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    assert "metric" in memory.recall("alice", "which units do I use?").block

    page.goto(login_link(SECRET, "alice", base_url=server.base))
    assert page.get_by_role("heading", name="What is remembered about you").is_visible()
    assert _rows(page, "Prefers metric units.").count() == 1
    assert page.get_by_text("“I always use metric”").is_visible()
    assert page.get_by_text("Oslo").count() == 0
    # open Delhi's history: Pune shows there
    page.locator("summary", has_text="History").first.click()
    assert page.get_by_text("Lives in Pune.").is_visible()
    page.screenshot(path=str(ARTIFACTS / "memory-view-before.png"), full_page=True)

    _submit(page, page.get_by_role("button", name="Delete: Prefers metric units."))
    assert page.get_by_role("status").inner_text().startswith("Deleted.")
    assert _rows(page, "Prefers metric units.").count() == 0
    assert _rows(page, "Lives in Delhi.").count() == 1
    assert page.get_by_role("heading", name="1 memory").is_visible()
    assert ids.units not in stored_fact_ids(memory.store)
    assert "metric" not in FactMemory(memory.store).recall("alice", "which units do I use?").block

    _submit(page, page.get_by_role("button", name="Mark as wrong: Lives in Delhi."))
    assert _rows(page, "Lives in Delhi.").get_by_text("marked inaccurate by you").is_visible()
    assert "Delhi" not in memory.recall("alice", "where do I live?").block

    _submit(page, page.get_by_role("button", name="Turn memory off"))
    assert page.get_by_text("Memory is off.").is_visible()
    assert memory.remember("alice", {"kind": "preference", "subject": "user",
                                     "predicate": "diet", "object": "vegan",
                                     "text": "Is vegan."}).code == "memory_off"
    page.screenshot(path=str(ARTIFACTS / "memory-view-after.png"), full_page=True)


def test_delete_all_asks_for_the_tick_then_empties_only_this_persons_memory(
    page: Any, world: tuple[FactMemory, Seeded, _Server]
) -> None:
    memory, _ids, server = world
    page.goto(login_link(SECRET, "alice", base_url=server.base))
    page.get_by_role("button", name="Delete all my memories").click()  # box not ticked
    assert _rows(page, "Prefers metric units.").count() == 1  # the browser held the form
    page.get_by_label("I understand every memory about me will be deleted for good").check()
    _submit(page, page.get_by_role("button", name="Delete all my memories"))
    assert page.get_by_text("Nothing is remembered about you.").is_visible()
    assert memory.list("alice") == []
    assert memory.recall("alice", "units and city?").block == ""
    assert [r.text for r in memory.list("bob")] == ["Lives in Oslo."]
    page.screenshot(path=str(ARTIFACTS / "memory-view-empty.png"), full_page=True)


def test_a_tampered_form_cannot_delete_another_persons_memory(
    page: Any, world: tuple[FactMemory, Seeded, _Server]
) -> None:
    memory, ids, server = world
    page.goto(login_link(SECRET, "alice", base_url=server.base))
    row = _rows(page, "Prefers metric units.")
    row.locator('form[action$="/forget"] input[name=fact_id]').first.evaluate(
        "(el, id) => { el.value = id; }", ids.oslo
    )
    _submit(page, row.get_by_role("button", name="Delete: Prefers metric units."))
    assert page.get_by_role("heading", name="Memory not found").is_visible()
    assert ids.oslo in stored_fact_ids(memory.store)
    assert "Oslo" in memory.recall("bob", "where do I live?").block
    assert [r.text for r in memory.list("alice")][-1] == "Prefers metric units."
