"""The house style that tools can check: ruff's rules and typed signatures in scorepad/."""

from __future__ import annotations

import subprocess
import sys

from tests.live import ROOT


def run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def test_ruff_finds_nothing():
    result = run("ruff", "check", "scorepad", "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_signature_in_scorepad_is_typed():
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_scoring_core_imports_no_web_or_database_code():
    for module in ("rules", "scoring", "errors", "gamefile", "stats", "chart"):
        source = (ROOT / "scorepad" / f"{module}.py").read_text()
        for banned in ("flask", "sqlite", "wtforms", "werkzeug"):
            assert f"import {banned}" not in source and f"from {banned}" not in source, \
                (module, banned)
