"""The manager's pages of a big club, timed and weighed in process (issue 39).

Builds, in a fresh SQLite file, a club of --players players (one-hand partnership games
of four players each, every player in --games-each games: tests/ratings_club.py's game
file), one person of it with --merged names merged into them, --nights club nights
filed into the club (one table each) and a season of --season-nights nights on dates,
none of them linked; all by the store's commands (the club import, the season's
commands). Then, with Flask's test client (each figure is the app's own time):

1. the club manager's page: the first (the club read and rated cold) and p50/p90 of the
   warm ones, with its bytes (uncompressed);
2. the same page searched for a name (`?q=`), and its last page (`?page=`);
3. the card of the person with --merged names;
4. the season's manager page: p50/p90 and its bytes.

Goals (issue 39): every manager's page under 200 ms warm and under 100 KB.

    .venv/bin/python bench/manager_pages.py [--players 10000] [--merged 50000]
        [--nights 120] [--season-nights 120] [--reps 20]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.measure import ms  # noqa: E402
from bench.season import night_file  # noqa: E402
from scorepad import create_app  # noqa: E402
from scorepad.core.club import Person, Roster  # noqa: E402
from scorepad.files import event as eventfile
from scorepad.files import game as gamefile
from scorepad.store import club_view as views  # noqa: E402
from scorepad.store.club_commands.transfer import import_club  # noqa: E402
from scorepad.store.db import migrate  # noqa: E402
from scorepad.store.season_commands import nights, seasons  # noqa: E402
from scorepad.web.db import get_db  # noqa: E402
from tests.ratings_club import game_file  # noqa: E402

GOAL_MS, GOAL_BYTES = 200, 100 * 1024


def big_club(app, players: int, each: int, merged: int, count: int) -> tuple[str, str]:
    """The club and its season, built by the store's commands: (manager id, season id)."""
    names = [f"P{i}" for i in range(players)]
    files = []
    for round_ in range(each):
        shift = round_ * 7 + 1
        order = [names[(i * shift) % players] for i in range(players)]
        if len(set(order)) < players:  # a shift that is not coprime: plain order
            order = names[round_:] + names[:round_]
        for t in range(0, players - 3, 4):
            a, b, c, d = order[t : t + 4]
            files.append(gamefile.read_scored(game_file(((a, c), (b, d)), t % 2)))
    keys = frozenset({"p0", *(f"p0 alias {n}" for n in range(merged))})
    roster = Roster({"p0": Person("p0", keys)}) if merged else Roster({})
    pairs = [["N1a", "N1b"], ["N2a", "N2b"]]
    nights_in = [eventfile.read(night_file(pairs, i, 1)) for i in range(count)]
    with app.app_context():
        db = get_db()
        club_id = import_club(db, "Big Spades", roster, files, nights_in)
        sid = seasons.create_season(db, club_id, "Year", {})
        for n in range(SEASON_NIGHTS):
            day = f"2027-{1 + n // 28:02d}-{1 + n % 28:02d}"
            nights.add_night(db, club_id, sid, n, day, "19:30", "Hall")
    return club_id, sid


SEASON_NIGHTS = 120


def timed(client, path: str) -> tuple[float, int]:
    began = time.perf_counter()
    r = client.get(path)
    took = time.perf_counter() - began
    assert r.status_code == 200, (path, r.status_code)
    return took, len(r.data)


def line(name: str, client, path: str, reps: int) -> None:
    times, size = [], 0
    for _ in range(reps):
        took, size = timed(client, path)
        times.append(took)
    p50 = ms(times, 50)
    ok = "ok" if p50 < GOAL_MS and size < GOAL_BYTES else "OVER"
    print(f"  {name:40s} p50 {p50:7.1f} ms  p90 {ms(times, 90):7.1f} ms  {size:>9,} bytes  {ok}")


def main() -> None:
    global SEASON_NIGHTS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--games-each", type=int, default=1)
    parser.add_argument("--merged", type=int, default=50_000)
    parser.add_argument("--nights", type=int, default=120)
    parser.add_argument("--season-nights", type=int, default=120)
    parser.add_argument("--reps", type=int, default=20)
    args = parser.parse_args()
    SEASON_NIGHTS = args.season_nights
    folder = tempfile.mkdtemp(prefix="scorepad-manager-")
    path = os.path.join(folder, "scorepad.db")
    migrate(path)
    app = create_app(
        {"TESTING": True, "DATABASE": path, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False}
    )
    began = time.perf_counter()
    club_id, season_id = big_club(app, args.players, args.games_each, args.merged, args.nights)
    print(
        f"club of {args.players:,} players, one of {args.merged:,} names merged, "
        f"{args.nights} club nights; a season of {args.season_nights} nights: "
        f"built in {time.perf_counter() - began:.1f} s"
    )
    client = app.test_client()
    manager = f"/clubs/{club_id}"
    views.forget_all()
    took, size = timed(client, manager)
    print(f"  {'manager page, first (club read cold)':40s} {took * 1000:8.1f} ms  {size:>9,} bytes")
    with app.app_context():
        view = views.club_view(get_db(), club_id)
        assert view is not None
        card = f"/clubs/m/{view.club.members_token}/card/{view.club.card_token('p0')}"
    pages: dict[str, Callable[[], str]] = {
        "club manager page, warm": lambda: manager,
        "club manager page, a search": lambda: f"{manager}?q=P12",
        "club manager page, its last page": lambda: f"{manager}?page=100000",
        "members' page": lambda: f"/clubs/m/{view.club.members_token}",
        f"card of one with {args.merged:,} names": lambda: card,
        "season manager page": lambda: f"/seasons/c/{club_id}/{season_id}",
    }
    for name, path_of in pages.items():
        line(name, client, path_of(), args.reps)


if __name__ == "__main__":
    main()
