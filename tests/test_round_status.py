"""Issue 26, what to build 1: a round's status is asked of the core (`r.drawn`,
`r.playing`, `r.done`), never compared as a string by the pages or the commands above
it (the big screen's template and the event pages' data still did)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorepad.core.roster import Round

ROOT = Path(__file__).resolve().parents[1]
COMPARED = re.compile(r"""\.status\s*(==|!=)\s*["'](drawn|playing|done)["']""")


def test_no_round_status_string_is_compared_outside_the_core():
    places = [p for p in (ROOT / "scorepad").rglob("*.py") if "core" not in p.parts]
    places += sorted((ROOT / "templates").rglob("*.html"))
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in places
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if COMPARED.search(line)
    ]
    assert found == []


@pytest.mark.parametrize("status", ["drawn", "playing", "done"])
def test_a_round_says_its_status(status):
    r = Round(1, "round", status, (), None, None)
    assert (r.drawn, r.playing, r.done) == tuple(s == status for s in ("drawn", "playing", "done"))
