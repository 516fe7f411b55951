"""The demo: every promised behaviour is shown, offline, fast; the CLI runs it."""

from __future__ import annotations

import io
from typing import Any

import pytest

from langmem_plus.cli import build_parser, main
from langmem_plus.cli.demo import run_demo


def test_demo_shows_every_promised_behaviour(tmp_path: Any) -> None:
    out = io.StringIO()
    report = run_demo(str(tmp_path), out=out, offline=True)
    text = out.getvalue()
    assert report.checks and all(report.checks.values()), report.checks
    assert report.seconds < 10
    assert "memory · superseded    you live in Berlin" in text
    assert "Constraints: allergy: peanuts, shellfish" in text
    assert '"The user is exhausted today." (transient' in text
    assert "I have you in Berlin — is that still right?" in text
    assert "'Acme' in the store (current or history): no" in text
    assert "session 1 transcript (thread alice-1): deleted" in text


def test_cli_demo_command(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                          capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    assert main(["demo", "--path", str(tmp_path)]) == 0
    assert "[ok] forget: store, prompt and transcript" in capsys.readouterr().out


def test_cli_is_built_from_registered_commands() -> None:
    parser = build_parser()
    assert parser.parse_args(["demo"]).func.__name__ == "cmd_demo"
    with pytest.raises(SystemExit):
        parser.parse_args([])


def test_a_new_user_sees_the_demos_memories_in_the_cli_and_the_page_by_the_printed_commands(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The first hour (#15): `./dev demo`, then the two commands it prints, from the same
    directory, with no --path anywhere: the demo, the CLI and the page share one store."""
    import re
    import shlex

    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from langmem_plus.web import server
    from langmem_plus.web.app import create_app
    from langmem_plus.web.auth import login_link

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("LANGMEM_PLUS_PATH", raising=False)
    monkeypatch.delenv("LANGMEM_PLUS_URL", raising=False)
    assert main(["demo"]) == 0
    printed = capsys.readouterr().out.splitlines()
    list_cmd, serve_cmd = (shlex.split(line)[1:] for line in printed[-2:])
    assert list_cmd == ["memories", "list", "alice"] and serve_cmd == ["serve", "--user", "alice"]

    assert main(list_cmd) == 0
    listed = capsys.readouterr().out
    head = re.match(r"alice: (.*) \(memory is on\)\n", listed)
    assert head is not None, listed
    assert "The user lives in Berlin." in listed and "Acme" not in listed

    pages: list[str] = []

    def fake_serve(memory: Any, **_: Any) -> None:  # the page the printed command serves
        secret = "a-long-random-secret"
        with TestClient(create_app(memory, secret=secret)) as client:
            pages.append(client.get(login_link(secret, "alice", base_url="http://testserver")).text)

    monkeypatch.setattr(server, "serve", fake_serve)
    assert main(serve_cmd) == 0
    (page,) = pages
    assert f'<h2 id="count">{head.group(1)}</h2>' in page  # the same count, said the same way
    assert "The user lives in Berlin." in page


def test_the_demo_runs_again_on_the_store_it_left(tmp_path: Any) -> None:
    run_demo(str(tmp_path), out=io.StringIO(), offline=True)
    out = io.StringIO()
    report = run_demo(str(tmp_path), out=out, offline=True)
    assert all(report.checks.values()), report.checks
    assert "cleared 5 memories an earlier demo run left for alice" in out.getvalue()


def test_the_demo_shows_memory_off_a_hung_store_and_says_plainly_what_a_session_end_did(
    tmp_path: Any,
) -> None:
    out = io.StringIO()
    report = run_demo(str(tmp_path), out=out, offline=True)
    text = out.getvalue()
    assert report.checks["memory off stores nothing"]
    assert report.checks["a hung store: answered without memory, write caught up"]
    assert "stored while memory was off: 0 memories" in text
    assert "memory_degraded=True" in text and "you are vegetarian (saved)" in text
    assert "per-turn writes" not in text and "decision(s)" not in text
    assert "nothing new: every turn was saved as it happened" in text


def test_dev_says_what_it_installs_before_the_first_long_install(tmp_path: Any) -> None:
    """`./dev demo` on a fresh clone: one line per step and a note that the first install
    takes about a minute, instead of a minute of silence (#15). A stand-in python records
    the steps, so nothing is installed."""
    import os
    import shutil
    import stat
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    shutil.copy(root / "dev", tmp_path / "dev")
    shutil.copy(root / "pyproject.toml", tmp_path / "pyproject.toml")
    fake = tmp_path / "python3"
    fake.write_text(
        "#!/usr/bin/env bash\n"
        'if [ "$1 $2" = "-m venv" ]; then mkdir -p "$3/bin"; cp "$0" "$3/bin/python";\n'
        '  printf "#!/usr/bin/env bash\\necho demo ran\\n" > "$3/bin/langmem-plus";\n'
        '  chmod +x "$3/bin/langmem-plus"; fi\n'
        'if [ "$1" = "--version" ]; then echo "Python 3.x"; fi\n'
    )
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    env = {**os.environ, "PYTHON": str(fake)}
    first = subprocess.run(["bash", "dev", "demo"], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=60)
    assert first.returncode == 0, first.stderr
    assert "demo ran" in first.stdout
    steps = [line for line in first.stderr.splitlines() if line.startswith("dev: ")]
    assert any("creating the virtual environment" in s for s in steps)
    assert any("installing langmem-plus" in s for s in steps)
    assert any("takes about a minute" in s for s in steps)
    again = subprocess.run(["bash", "dev", "demo"], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=60)
    assert again.returncode == 0 and "installing" not in again.stderr  # later runs: silent
