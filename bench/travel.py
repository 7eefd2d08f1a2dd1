"""How far a request travels (issue 40): the scorepad files and functions it enters.

In process (Flask's test client, a real SQLite file in a temporary folder), a profile hook
(`sys.setprofile`, Python 3.11) records every function of the `scorepad` package entered
while one request is handled, by its file and its qualified name; the library code and
the templates it passes through are not counted (they are not scorepad's indirection).
Three requests, each measured warm (the same kind of request made once before, so what a
process keeps at start is kept):

  * a tricks POST, after its bids POST, in a running partnership game (hand 10);
  * the game page GET of that 10-hand game, right after the tricks (drawn anew);
  * a night's results page: a club night filed into a club with ratings (12 games
    filed), round 1 finished, round 2 playing with a hand at one table (chances shown).

Prints, for each, the files and functions entered beside issue 40's goal for files (15,
20 and 25); `--list` prints the files and their functions too. Exits 1 past a goal.

    .venv/bin/python bench/travel.py [--list]
"""

from __future__ import annotations

import argparse
import itertools
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import scorepad  # noqa: E402
from scorepad import create_app  # noqa: E402
from scorepad.store.db import migrate  # noqa: E402

PACKAGE = str(Path(scorepad.__file__).resolve().parent) + "/"
GOALS = {"tricks POST": 15, "game page GET": 20, "night results GET": 25}
PAIRS = [("Ann", "Cy"), ("Bo", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


@dataclass(frozen=True)
class Travel:
    """What one request entered of scorepad: each file (relative to the package) and the
    functions entered in it."""

    status: int
    functions: dict[str, frozenset[str]]

    @property
    def files(self) -> int:
        return len(self.functions)

    @property
    def calls(self) -> int:
        return sum(len(names) for names in self.functions.values())


def traced(request: Callable[[], Any]) -> Travel:
    """Run `request` (a test client call) under the profile hook; what it entered."""
    entered: dict[str, set[str]] = {}

    def hook(frame: FrameType, event: str, arg: object) -> None:
        if event == "call":
            code = frame.f_code
            if code.co_filename.startswith(PACKAGE):
                name = code.co_filename[len(PACKAGE) :]
                entered.setdefault(name, set()).add(code.co_qualname)

    sys.setprofile(hook)
    try:
        answer = request()
    finally:
        sys.setprofile(None)
    return Travel(answer.status_code, {f: frozenset(n) for f, n in sorted(entered.items())})


def _app(folder: Path):  # type: ignore[no-untyped-def]
    migrate(str(folder / "scorepad.db"))
    return create_app(
        {"DATABASE": str(folder / "scorepad.db"), "SECRET_KEY": "travel", "WTF_CSRF_ENABLED": False}
    )


def game_requests(client) -> dict[str, Travel]:  # type: ignore[no-untyped-def]
    """The tricks POST of hand 10 and the game page after it, each the second of its kind."""
    from tests.helpers import bid_form, start, tricks_form, version_on_page

    game = start(client)
    found: dict[str, Travel] = {}
    for number in range(1, 11):
        # every seat bids 1: 20 a side and bags a hand, not over at hand 10
        client.post(f"/games/{game}/bids", data=bid_form(number, (1, 1, 1, 1)))
        form = tricks_form(number, version_on_page(client, game), (3, 3, 3, 4))
        tricks = lambda: client.post(f"/games/{game}/tricks", data=form)  # noqa: B023, E731
        page = lambda: client.get(f"/games/{game}")  # noqa: E731
        if number == 10:
            found["tricks POST"], found["game page GET"] = traced(tricks), traced(page)
        else:
            tricks()
            page()
    return found


def night_request(client, app) -> Travel:  # type: ignore[no-untyped-def]
    """A night's results page, filed into a club with ratings, asked twice: the second."""
    from tests.event_helpers import Night, event_form  # noqa: F401
    from tests.test_clubs import _file_games, _make

    club_id = _make(client)
    played = [
        ((PAIRS[a], PAIRS[b]), 0, 0.5)
        for _ in range(2)
        for a, b in itertools.combinations(range(4), 2)
    ]
    _file_games(app, club_id, played)
    night = Night(client, app, club=club_id, rounds="3")
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    night.play_round()
    night.draw_and_start()
    night.hand(night.round()[0].game_id, 8)
    path = f"/events/screen/{night.event().view_token}/results"
    client.get(path)
    return traced(lambda: client.get(path))


def measure() -> dict[str, Travel]:
    """Each request's travel, on a fresh database in a temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="scorepad-travel-"))
    app = _app(folder)
    client = app.test_client()
    found = game_requests(client)
    found["night results GET"] = night_request(client, app)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print each file's functions")
    args = parser.parse_args()
    found = measure()
    over = False
    for what, travel in found.items():
        goal = GOALS[what]
        over |= travel.files > goal
        verdict = "ok" if travel.files <= goal else "OVER"
        print(
            f"{what:18s} {travel.files:3d} files (goal {goal:2d}: {verdict})  "
            f"{travel.calls:4d} functions  status {travel.status}"
        )
        if args.list:
            for name, functions in travel.functions.items():
                print(f"    {name}: {', '.join(sorted(functions))}")
    return 1 if over else 0


if __name__ == "__main__":
    raise SystemExit(main())
