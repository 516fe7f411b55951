"""The demo: every promised behaviour is shown, offline, fast; the CLI runs it."""

from __future__ import annotations

import io
from typing import Any

import pytest

from langmem_plus.cli import build_parser, main
from langmem_plus.demo import run_demo


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
