"""A season's standings and calendar feed, timed in process, next to a baseline page
measured in the same run.

Builds a club (the club import, one write) of 60 pairs and 10 club nights of 30 tables
(three rounds of 30 tables each night, every game one finished hand), and a season of
those 60 pairs in two divisions with the 10 nights linked; a second season of 40 nights
on dates. Then, with Flask's test client (each figure is the app's own time):

1. the season link's standings page (10 nights, 900 tables): the first (cold: every
   night counted from its games) and p50/p90 of the warm ones; goal: p50 under 200 ms;
2. the calendar feed of the 40-night season, p50/p90;
3. the baseline: one night's big screen (`/events/screen/<token>`), p50, interleaved;
and each p50 as a ratio to the baseline's.

    .venv/bin/python bench/season.py [--reps 30] [--nights 10] [--tables 30]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.measure import ms  # noqa: E402
from scorepad import create_app  # noqa: E402
from scorepad.core.club import EMPTY  # noqa: E402
from scorepad.files import event as eventfile
from scorepad.store.club_commands.transfer import import_club  # noqa: E402
from scorepad.store.db import migrate  # noqa: E402
from scorepad.store.events import load_event  # noqa: E402
from scorepad.store.season_commands import entrants, nights, seasons  # noqa: E402
from scorepad.store.seasons import load_season  # noqa: E402
from scorepad.web.db import get_db  # noqa: E402
from tests.event_files import match, night  # noqa: E402

ROUNDS = 3


def night_file(pairs: list[list[str]], index: int, tables: int) -> dict:
    """A night of `tables` tables a round, ROUNDS rounds done, each game one hand."""
    names = dict(enumerate(pairs, 1))
    n = len(pairs)
    rounds = [{"number": r, "kind": "round", "status": "done", "byes": []} for r in range(1, 4)]
    games = []
    for r in range(1, ROUNDS + 1):
        order = [1 + (i * (r + index) + r) % n for i in range(n)]
        order = list(dict.fromkeys(order + list(range(1, n + 1))))
        for t in range(tables):
            games.append(match(names, r, t + 1, [[order[2 * t]], [order[2 * t + 1]]]))
    doc = night({"format": "swiss", "rounds": ROUNDS}, pairs, rounds, games)
    doc["settings"]["name"] = f"Night {index + 1}"
    return doc


def build(app, count: int, tables: int) -> tuple[str, str, str]:
    """The club, its two seasons; (season link token, 40-night season's token, a
    night's view token)."""
    pairs = [[f"P{i}a", f"P{i}b"] for i in range(2 * tables)]
    files = [eventfile.read(night_file(pairs, i, tables)) for i in range(count)]
    with app.app_context():
        db = get_db()
        club = import_club(db, "Season club", EMPTY, (), files)
        events = [
            r["event_id"] for r in db.query("select event_id from club_events order by rowid")
        ]
        sid = seasons.create_season(db, club, "Winter", {"divisions": "A,B", "best": "8"})
        for i, pair in enumerate(pairs):
            entrants.add_entrant(db, club, sid, i, pair, i % 2)
        rev = len(pairs)
        for i, event_id in enumerate(events):
            nights.add_night(db, club, sid, rev, f"2026-01-{i + 1:02d}", "19:30", "Hall")
            nights.link_night(db, club, sid, rev + 1, i + 1, event_id)
            rev += 2
        long = seasons.create_season(db, club, "Year", {})
        for i in range(40):
            nights.add_night(
                db, club, long, i, f"2026-{1 + i // 4:02d}-{1 + i % 4 * 7:02d}", "", "Hall"
            )
        event = load_event(db, events[0])
        return load_season(db, sid).view_token, load_season(db, long).view_token, event.view_token


def timed(client, path: str) -> float:
    began = time.perf_counter()
    r = client.get(path)
    assert r.status_code == 200, (path, r.status_code)
    return time.perf_counter() - began


def report(name: str, values: list[float], base: float, goal: str = "") -> None:
    p50 = ms(values, 50)
    print(
        f"  {name:44s} p50 {p50:7.1f} ms  p90 {ms(values, 90):7.1f} ms  x{p50 / base:5.1f} {goal}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=30)
    parser.add_argument("--nights", type=int, default=10)
    parser.add_argument("--tables", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "bench.db")
        migrate(path)
        app = create_app({"DATABASE": path, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False})
        began = time.perf_counter()
        token, long, screen = build(app, args.nights, args.tables)
        print(
            f"built {args.nights} nights of {args.tables} tables "
            f"in {time.perf_counter() - began:.1f} s"
        )
        client = app.test_client()
        cases: dict[str, Callable[[], float]] = {
            "standings": lambda: timed(client, f"/seasons/s/{token}"),
            "feed": lambda: timed(client, f"/seasons/s/{long}/calendar.ics"),
            "baseline": lambda: timed(client, f"/events/screen/{screen}"),
        }
        print(
            f"  season standings, first (cold)               {cases['standings']() * 1000:7.1f} ms"
        )
        found: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(args.reps):
            for name, case in cases.items():
                found[name].append(case())
        base = ms(found["baseline"], 50)
        report("baseline: a night's big screen", found["baseline"], base)
        report(
            f"season standings ({args.nights} nights x {args.tables} tables)",
            found["standings"],
            base,
            "(goal: p50 < 200 ms)",
        )
        report("calendar feed of a 40-night season", found["feed"], base)


if __name__ == "__main__":
    main()
