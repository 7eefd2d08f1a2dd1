"""The player statistics page over many long games: recomputed on every request (as
before) against each game's share kept per revision (now), in one run.

Builds a fresh SQLite file with --games games of --hands hands each (8 players at
4 seats, so records join across games), then times in-process GET requests through
Flask's test client:
  * "recomputed": every game's share counted again on each request, the scored games
    themselves in memory (what /stats did before);
  * "kept, warm": /stats as it is now, each share already kept;
  * "kept, after one game changed": /stats after one game took a new revision;
  * "kept, cold": /stats with every cache emptied (the first request after a start),
    and "recomputed, cold" likewise (before: every request once the scored games
    had left memory, as with more games than the 256 it keeps).
Prints the median and the ratio of each to "recomputed".

    .venv/bin/python bench/stats.py [--games 100] [--hands 500] [--requests 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from flask import render_template  # noqa: E402

from scorepad import create_app  # noqa: E402
from scorepad.core.stats import player_stats  # noqa: E402
from scorepad.files import game as gamefile
from scorepad.store import commands, storage  # noqa: E402
from scorepad.store import stats as stats_store  # noqa: E402
from scorepad.store.db import connect, migrate  # noqa: E402
from scorepad.web import security  # noqa: E402
from scorepad.web.db import get_db  # noqa: E402

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
TWO_HANDS = [
    {"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]},
    {"bids": [4, 4, 3, 4], "tricks": [3, 3, 3, 4]},
]


def build(path: str, games: int, hands: int) -> list[str]:
    migrate(path)
    db = connect(path)
    ids = []
    for n in range(games):
        players = [NAMES[(n + seat * 3) % len(NAMES)] for seat in range(4)]
        doc = {
            "format": "scorepad/1",
            "mode": "partnership",
            "players": players,
            "rules": {"target": 2000},
            "hands": (TWO_HANDS * hands)[:hands],
        }
        game, score = gamefile.read_scored(doc)
        ids.append(commands.import_game(db, game, score).id)
    db.close()
    return ids


def timed(call: Callable[[], object], requests: int) -> float:
    times = []
    for _ in range(requests):
        started = time.perf_counter()
        call()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--requests", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="scorepad-bench-stats-"))
    path = str(folder / "scorepad.db")
    started = time.perf_counter()
    ids = build(path, args.games, args.hands)
    took = time.perf_counter() - started
    print(f"built {args.games} games of {args.hands} hands in {took:.1f} s")

    app = create_app({"DATABASE": path, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False})

    @app.get("/bench/stats-recomputed")
    def recomputed() -> str:  # the stats view as it was: every game counted on each request
        games = storage.list_games(get_db(), security.remembered_games())
        players = player_stats(g.score() for g in games)
        return render_template("stats.html", players=players, games=len(games))

    client = app.test_client()
    with client.session_transaction() as session:
        session["games"] = ids

    def get(url: str) -> None:
        response = client.get(url)
        assert response.status_code == 200, response.status_code

    get("/bench/stats-recomputed")  # the scored games in memory, as on a running server
    assert client.get("/stats").data == client.get("/bench/stats-recomputed").data
    before = timed(lambda: get("/bench/stats-recomputed"), args.requests)
    warm = timed(lambda: get("/stats"), args.requests * 4)

    changed_times = []
    for _ in range(args.requests):
        with app.app_context():  # as any write does: the game takes a new revision
            get_db().execute("update games set revision = revision + 1 where id = ?", [ids[0]])
        started = time.perf_counter()
        get("/stats")
        changed_times.append(time.perf_counter() - started)
    changed = statistics.median(changed_times)

    def cold() -> None:
        storage.forget_all()
        stats_store._shares.clear()
        get("/stats")

    first = timed(cold, args.requests)

    def cold_before() -> None:
        storage.forget_all()
        get("/bench/stats-recomputed")

    first_before = timed(cold_before, args.requests)
    rows = [
        ("recomputed on each request (before)", before),
        ("recomputed, cold (before, caches emptied)", first_before),
        ("kept per revision, warm (now)", warm),
        ("kept, after one game changed", changed),
        ("kept, cold (caches emptied)", first),
    ]
    print(f"/stats over {args.games} games of {args.hands} hands, median of {args.requests}+")
    for label, seconds in rows:
        print(f"  {label:42} {seconds * 1000:9.1f} ms   x{seconds / before:.3f} of before")
    print(f"  speed-up, warm: {before / warm:.0f}x")


if __name__ == "__main__":
    main()
