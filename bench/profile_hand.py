"""Where a whole hand's server time goes: cProfile of the app, in-process, no network.

Plays `--hands` whole hands (bids POST, game GET, tricks POST, game GET) through the
WSGI app with Flask's test client, on a real SQLite file, after a few warm-up hands,
and prints the functions with the most time of their own and with the most in all,
plus the SQL statements a hand runs. PYTHONPATH picks the tree: run it once with the
worktree of main first on the path to see the old profile.

    .venv/bin/python bench/profile_hand.py [--hands 200] [--start 0] [--top 30]

--start N plays hand N+1 onwards of games that already hold N hands (imported, as
bench/compare.py makes them): --start 190 profiles hands 191-200, where a long game's
costs would show. The CPU of each of the four requests is printed on its own too.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
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


STEPS = ("save bids", "show the game", "save tricks", "show the game again")
step_cpu: dict[str, list[float]] = {step: [] for step in STEPS}


def play(client, game_id: str, number: int, version: int) -> None:  # type: ignore[no-untyped-def]
    bids, tricks = HANDS[number % 2]
    path = f"/games/{game_id}"
    requests = (
        (client.post, f"{path}/bids", bid_form(number, bids), 302),
        (client.get, path, None, 200),
        (client.post, f"{path}/tricks", tricks_form(number, version, tricks), 302),
        (client.get, path, None, 200),
    )
    for step, (send, url, data, expected) in zip(STEPS, requests):
        started = time.process_time()
        status = send(url, data=data).status_code
        step_cpu[step].append(time.process_time() - started)
        assert status == expected, (step, status)


def make_games(app, client, count: int, start: int) -> list[str]:  # type: ignore[no-untyped-def]
    """`count` games holding `start` played hands: new games, or imported through the
    import route (as bench/compare.py makes them; older trees have it too)."""
    if not start:
        return [
            client.post("/games/new", data=new_game_form()).headers["Location"].rsplit("/", 1)[-1]
            for _ in range(count)
        ]
    doc = {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": ["Alice", "Ben", "Cara", "Dev"],
        "rules": {"target": 2000},  # as bench/compare.py: not reached by hand 200
        "hands": [{"bids": HANDS[n % 2][0], "tricks": HANDS[n % 2][1]} for n in range(start)],
    }
    body = json.dumps(doc).encode()
    ids = []
    for _ in range(count):  # a browser imports one file once: each from its own
        sent = app.test_client().post(
            "/games/import",
            data={"game_file": (io.BytesIO(body), "game.json")},
            content_type="multipart/form-data",
        )
        ids.append(sent.headers["Location"].rsplit("/", 1)[-1])
    return ids


def version_of(start: int, number: int) -> int:
    """The version of hand `number`'s bids: each write takes the game's next revision
    (a new game's first is 1; an imported game's hands came in at 1, so 2)."""
    return 2 * number - 1 if not start else 2 * (number - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--start", type=int, default=0, help="hands each game holds first")
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
    start = args.start
    numbers = range(start + 1, start + per_game + 1)
    games = make_games(app, client, -(-args.hands // per_game) + 3, start)
    for number in numbers[:3]:  # warm-up: templates compiled, caches filled
        play(client, games[0], number, version_of(start, number))

    for cpus in step_cpu.values():
        cpus.clear()
    plain = time.process_time()  # first without the profiler: the true CPU of a hand
    for game_id in games[-2:]:
        for number in numbers:
            play(client, game_id, number, version_of(start, number))
    plain = (time.process_time() - plain) / (2 * per_game)
    print(
        f"without the profiler: {plain * 1000:.2f} ms CPU per hand, in-process, "
        f"hands {numbers[0]}-{numbers[-1]}"
    )
    for step, cpus in step_cpu.items():
        print(f"  {step:20s} {sum(cpus) / len(cpus) * 1000:5.2f} ms CPU (mean)")
    games = games[:-2]

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
    profile = cProfile.Profile(time.process_time)  # CPU, not wall: a busy machine, fsync waits
    started, cpu = time.perf_counter(), time.process_time()
    profile.enable()
    done = 0
    for game_id in games[1:]:
        for number in numbers:
            if done < args.hands:
                play(client, game_id, number, version_of(start, number))
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
