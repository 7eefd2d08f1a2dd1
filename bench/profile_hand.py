"""Where a whole hand's server time goes: cProfile of the app, in-process, no network.

Plays `--hands` whole hands (bids POST, game GET, tricks POST, game GET) through the
WSGI app with Flask's test client, on a real SQLite file, after a few warm-up hands,
and prints the functions with the most time of their own and with the most in all,
plus the SQL statements a hand runs. PYTHONPATH picks the tree: run it once with the
worktree of main first on the path to see the old profile.

    .venv/bin/python bench/profile_hand.py [--hands 200] [--start 0] [--top 30]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

# PYTHONPATH first, then this checkout: scorepad, bench and tests come from one tree.
sys.path.append(str(Path(__file__).resolve().parents[1]))
if str(Path(__file__).resolve().parent) in sys.path:
    sys.path.remove(str(Path(__file__).resolve().parent))

from scorepad import create_app  # noqa: E402
from tests.helpers import bid_form, new_game_form, tricks_form  # noqa: E402

HANDS = [([3, 3, 3, 4], [3, 3, 3, 4]), ([4, 4, 3, 4], [3, 3, 3, 4])]


def play(client, game_id: str, number: int, version: int) -> None:  # type: ignore[no-untyped-def]
    bids, tricks = HANDS[number % 2]
    path = f"/games/{game_id}"
    assert client.post(f"{path}/bids", data=bid_form(number, bids)).status_code == 302
    assert client.get(path).status_code == 200
    form = tricks_form(number, version, tricks)
    assert client.post(f"{path}/tricks", data=form).status_code == 302
    assert client.get(path).status_code == 200


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--sort", default="tottime,cumulative")
    parser.add_argument("--callers", default="", help="print who calls functions matching this")
    parser.add_argument("--only", default="", help="a regex the listed functions' paths match")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="scorepad-profile-"))
    app = create_app(
        {"DATABASE": str(folder / "scorepad.db"), "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False}
    )
    import scorepad

    print(f"scorepad from {Path(scorepad.__file__).parent}")
    client = app.test_client()

    per_game = 10
    games = []
    for _ in range(-(-args.hands // per_game) + 2):
        r = client.post("/games/new", data=new_game_form())
        games.append(r.headers["Location"].rsplit("/", 1)[-1])
    for number in range(1, 4):  # warm-up: templates compiled, caches filled
        play(client, games[0], number, 2 * number - 1)

    plain = time.process_time()  # first without the profiler: the true CPU of a hand
    for number in range(1, per_game + 1):
        play(client, games[-1], number, 2 * number - 1)
    plain = (time.process_time() - plain) / per_game
    print(f"without the profiler: {plain * 1000:.2f} ms CPU per hand, in-process")
    games = games[:-1]

    statements: Counter[str] = Counter()
    real_connect = sqlite3.connect

    def tracing_connect(*a, **k):  # type: ignore[no-untyped-def]
        conn = real_connect(*a, **k)
        conn.set_trace_callback(lambda sql: statements.update([sql.split()[0].upper()]))
        return conn

    sqlite3.connect = tracing_connect  # type: ignore[assignment]
    with app.app_context():  # a connection kept for this thread (new code) is traced too
        from scorepad.web.db import get_db

        get_db().conn.set_trace_callback(lambda sql: statements.update([sql.split()[0].upper()]))
    profile = cProfile.Profile()
    started, cpu = time.perf_counter(), time.process_time()
    profile.enable()
    done = 0
    for game_id in games[1:]:
        for number in range(1, per_game + 1):
            if done < args.hands:
                play(client, game_id, number, 2 * number - 1)
                done += 1
    profile.disable()
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - started
    sqlite3.connect = real_connect  # type: ignore[assignment]
    print(
        f"{done} hands: {cpu / done * 1000:.2f} ms CPU, {wall / done * 1000:.2f} ms wall "
        "per hand (with the profiler on)"
    )
    print(
        "SQL statements per hand:",
        {k: round(v / done, 1) for k, v in statements.most_common()},
    )
    stats = pstats.Stats(profile)
    if args.callers:
        stats.print_callers(args.callers)
        return 0
    for key in args.sort.split(","):
        stats.sort_stats(key).print_stats(*([args.only] if args.only else []), args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
