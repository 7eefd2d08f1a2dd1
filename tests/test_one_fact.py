"""Every Spades fact is said once, in the core, and only read above it (issue 27)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FINISHED = re.compile(r"""status\s*(==|!=|in)\s*[\(\[]?\s*["']finished["']""")


def _outside_core() -> list[Path]:
    """The code and templates above the core."""
    code = [p for p in (ROOT / "scorepad").rglob("*.py") if "core" not in p.relative_to(ROOT).parts]
    return code + sorted((ROOT / "templates").rglob("*.html"))


def test_no_status_string_is_compared_outside_the_core() -> None:
    """A game being over is asked of the core (`score.over`), never read off its status."""
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in _outside_core()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if FINISHED.search(line)
    ]
    assert found == []
