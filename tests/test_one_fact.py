"""Every Spades fact is said once, in the core, and only read above it (issue 27)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorepad.core.rules import Rules
from tests.helpers import play, start, text

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


@pytest.mark.parametrize(("penalty", "flagged"), [("100", True), ("0", False)])
def test_the_scoreboard_and_the_stakes_tell_of_the_bag_penalty_alike(client, penalty, flagged):
    """One near-bag rule: bags that cost nothing (a penalty of 0) are flagged by neither."""
    game_id = start(client, rule_bag_limit="3", rule_bag_penalty=penalty)
    play(client, game_id, 1, [3, 3, 3, 3], [5, 2, 3, 3])  # Alice & Cara 2 bags of 3
    words = text(client.get(f"/games/{game_id}"))
    assert ("one more costs" in words) is flagged
    assert ("1 more bag costs Alice & Cara" in words) is flagged


@pytest.mark.parametrize(
    ("limit", "penalty", "bags", "left"),
    [(10, 100, 9, 1), (10, 100, 3, 7), (10, 0, 9, None), (0, 100, 9, None)],
)
def test_the_bags_to_the_penalty_are_one_rule_of_the_core(limit, penalty, bags, left):
    assert Rules(bag_limit=limit, bag_penalty=penalty).bags_to_penalty(bags) == left


def test_the_new_game_offers_exactly_the_tables_the_core_takes() -> None:
    """The table choices are read off the core's seats: each is a table the core makes,
    and no table the core makes is missing from them."""
    from scorepad.core.errors import GameError
    from scorepad.core.records import make_table
    from scorepad.web.forms import TABLES

    offered = {(mode, seats) for mode, seats, _ in TABLES.values()}
    takes = set()
    for mode in ("partnership", "cutthroat"):
        for seats in range(1, 8):
            try:
                make_table(mode, [f"P{i}" for i in range(seats)])
            except GameError:
                continue
            takes.add((mode, seats))
    assert (
        offered
        == takes
        == {("partnership", 4), ("cutthroat", 4), ("cutthroat", 3), ("cutthroat", 2)}
    )
