"""Server cost on the real server over loopback, next to a baseline, in one run.

Measures, each for a fixed number of sequential requests (latency, and the
server's CPU time around them) and then with 4 clients at once for a few
seconds (requests/s):
  * "save tricks of a hand" against the baseline route that writes one row;
  * "show a 40-hand game", and the game page at 10 and 200 hands.
Each timed save of tricks follows an untimed save of that hand's bids, so its
requests/s and its CPU time count hands (bids and tricks).
Then a whole hand as the table enters it (bids POST, game page GET, tricks POST,
game page GET), at hands 1-10 of fresh games and at hands 191-200 of long ones.
Server CPU is the server process's own CPU time (time.process_time, every
thread), read from bench/server.py before and after each sequential run.
Prints p50/p99 latency, CPU ms, requests/s and the ratios; then, if npx and
Chromium are there, Lighthouse (mobile) on the new-game page and a 40-hand game.

    .venv/bin/python bench/pages.py [--requests 300] [--seconds 5] [--no-lighthouse]

With --against TREE (a git worktree of older code), it instead measures that tree's
server and this one in alternating rounds, in one sitting (bench/compare.py):

    git worktree add ../perf-base main
    .venv/bin/python bench/pages.py --against ../perf-base --rounds 5 --requests 60
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.compare import compare  # noqa: E402
from bench.measure import Meter, Run, Saver, latency, ms, throughput, whole_hands  # noqa: E402
from scorepad.files import game as gamefile  # noqa: E402
from scorepad.store import commands  # noqa: E402
from scorepad.store.db import connect, migrate  # noqa: E402
from tests.data import long_game  # noqa: E402
from tests.live import Phone, free_port  # noqa: E402

CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage "
    "--no-first-run --disable-background-networking --disable-component-update "
    "--disable-sync"
)


def make_game(db, hands: int) -> str:
    game, score = gamefile.read_scored(long_game(hands))
    return commands.import_game(db, game, score).id


def lighthouse(url: str) -> str:
    if not shutil.which("npx") or not os.path.exists("/usr/bin/chromium"):
        return "skipped (needs npx and /usr/bin/chromium)"
    env = {**os.environ, "CHROME_PATH": "/usr/bin/chromium"}
    result = subprocess.run(
        [
            "npx",
            "--yes",
            "lighthouse@12",
            url,
            "--form-factor=mobile",
            "--quiet",
            "--only-categories=performance,accessibility",
            "--output=json",
            "--output-path=stdout",
            f"--chrome-flags={CHROME_FLAGS}",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    if result.returncode != 0:
        return f"failed: {result.stderr.strip().splitlines()[-1:]}"
    report = json.loads(result.stdout)
    cats = report["categories"]
    return (
        f"performance {round(cats['performance']['score'] * 100)}, "
        f"accessibility {round(cats['accessibility']['score'] * 100)}"
    )


def start_server(folder: Path, port: int, tree: Path = ROOT) -> subprocess.Popen:
    """`tree`'s own bench server (scorepad from that tree) on `port`, once it answers."""
    server = subprocess.Popen(
        [sys.executable, str(tree / "bench" / "server.py"), str(folder), str(port)],
        cwd=tree,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/games", timeout=1).close()
            return server
        except OSError:
            time.sleep(0.05)
    server.kill()
    raise RuntimeError("the bench server did not answer")


def report(rows: dict[str, tuple[Run, float]], base: Run) -> None:
    print(
        f"  {'request':26s} {'p50 ms':>7s} {'p99 ms':>7s} {'x base':>7s} {'x base':>7s}"
        f" {'CPU ms':>7s} {'x base':>7s} {'req/s':>7s}"
    )
    print(f"  {'':26s} {'':7s} {'':7s} {'p50':>7s} {'p99':>7s} {'':7s} {'CPU':>7s}")
    for name, (run, rate) in rows.items():
        print(
            f"  {name:26s} {ms(run.times, 50):7.2f} {ms(run.times, 99):7.2f}"
            f" {run.vs_base(50):7.2f} {run.vs_base(99):7.2f}"
            f" {run.cpu_ms():7.2f} {run.cpu_ms() / base.cpu_ms():7.2f} {rate:7.1f}"
        )


def report_hands(label: str, run: Run, steps: dict[str, list[float]], base: Run) -> None:
    b50, b99 = ms(run.base_times, 50), ms(run.base_times, 99)
    print(
        f"  {label}: whole hand p50 {ms(run.times, 50):6.2f} ms, p99 {ms(run.times, 99):6.2f}"
        f" ms; server CPU {run.cpu_ms():5.2f} ms per hand "
        f"({run.cpu_ms() / base.cpu_ms():.1f} x one baseline write)"
    )
    print(f"    {'baseline write':22s} p50 {b50:6.2f} ms              p99 {b99:6.2f} ms")
    for step, times in steps.items():
        print(
            f"    {step:22s} p50 {ms(times, 50):6.2f} ms ({ms(times, 50) / b50:5.2f} x base)"
            f"  p99 {ms(times, 99):6.2f} ms ({ms(times, 99) / b99:5.2f} x base)"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--no-lighthouse", action="store_true")
    parser.add_argument(
        "--against",
        type=Path,
        help="a checkout of older code (git worktree add ../base COMMIT): measure it and "
        "this one in alternating rounds, print both and new/old, and stop",
    )
    parser.add_argument("--rounds", type=int, default=5, help="rounds with --against")
    args = parser.parse_args()
    if args.against:
        compare(args.against.resolve(), args.rounds, args.requests, ROOT)
        return 0

    folder = Path(tempfile.mkdtemp(prefix="scorepad-bench-"))
    migrate(str(folder / "scorepad.db"))
    db = connect(str(folder / "scorepad.db"))
    sizes = {hands: make_game(db, hands) for hands in (10, 40, 200)}
    savers = [make_game(db, 0) for _ in range(40)]
    per_game = 10  # hands entered in each game of the whole-hand runs
    tables = max(1, -(-args.requests // per_game))
    fresh = {make_game(db, 0): 1 for _ in range(tables)}
    long = {make_game(db, 200 - per_game): 201 - per_game for _ in range(tables)}
    db.close()

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(folder, port)
    try:
        meter = Meter(base)

        def page(game_id: str) -> Callable[[], Callable[[], Callable[[], int]]]:
            def client() -> Callable[[], Callable[[], int]]:
                phone = Phone(base)
                return lambda: lambda: phone.request(f"/games/{game_id}")[0]

            return client

        def baseline(path: str = "/baseline/write") -> Callable[[], Callable[[], int]]:
            phone = Phone(base)
            return lambda: lambda: phone.request(path, {})[0]

        def baseline_full() -> Callable[[], Callable[[], int]]:
            return baseline("/baseline/write-full")

        write_one_row = baseline()()
        split = len(savers) // 2
        rows: dict[str, tuple[Run, float]] = {}
        rows["baseline: write one row"] = (
            latency(baseline(), args.requests, meter, None),
            throughput(baseline, args.seconds),
        )
        rows["baseline, synchronous=FULL"] = (
            latency(baseline_full(), args.requests, meter, None),
            throughput(baseline_full, args.seconds),
        )
        rows["save tricks (after bids)"] = (
            latency(Saver(base, savers[:split]), args.requests, meter, write_one_row),
            throughput(lambda: Saver(base, savers[split:]), args.seconds),
        )
        for hands in (10, 40, 200):
            rows[f"show a {hands}-hand game"] = (
                latency(page(sizes[hands])(), args.requests, meter, write_one_row),
                throughput(page(sizes[hands]), args.seconds),
            )
        start_run, start_steps = whole_hands(base, fresh, args.requests, meter, write_one_row)
        end_run, end_steps = whole_hands(base, long, args.requests, meter, write_one_row)
    finally:
        server.kill()
        server.wait(10)

    base_run = rows["baseline: write one row"][0]
    print(
        f"scorepad server cost, waitress on loopback ({args.requests} sequential requests, "
        f"then 4 clients for {args.seconds:.0f} s)"
    )
    print(
        "  x base: over a baseline write timed just before each request (same load);"
        " CPU: the server's, per request"
    )
    report(rows, base_run)
    hand_cpu = rows["save tricks (after bids)"][0].cpu_ms()
    print(
        f"  save tricks row: CPU and req/s are per hand (its bids included); a hand costs "
        f"{hand_cpu:.2f} ms of server CPU = {hand_cpu / (2 * base_run.cpu_ms()):.2f} x two "
        "baseline writes"
    )
    p10 = ms(rows["show a 10-hand game"][0].times, 50)
    p200 = ms(rows["show a 200-hand game"][0].times, 50)
    print(
        f"  ratio save / baseline (p50): {rows['save tricks (after bids)'][0].vs_base(50):.2f}"
        "  (goal <= 2)"
    )
    print(f"  ratio 200-hand / 10-hand page (p50): {p200 / p10:.2f}  (goal <= 2)")
    full_run = rows["baseline, synchronous=FULL"][0]
    print(
        f"  cost of synchronous=FULL on one write: p50 "
        f"{ms(full_run.times, 50) - ms(base_run.times, 50):+.2f} ms, p99 "
        f"{ms(full_run.times, 99) - ms(base_run.times, 99):+.2f} ms"
    )

    print(
        f"whole hand: bids POST + game GET + tricks POST + game GET, {args.requests} hands "
        f"over {tables} games each"
    )
    report_hands(f"hands 1-{per_game} of a game", start_run, start_steps, base_run)
    report_hands(f"hands {201 - per_game}-200 of a game", end_run, end_steps, base_run)
    print(
        f"  ratio end / start of a 200-hand game: p50 "
        f"{ms(end_run.times, 50) / ms(start_run.times, 50):.2f}"
        f" (over baseline: {end_run.vs_base(50) / start_run.vs_base(50):.2f}), p99 "
        f"{ms(end_run.times, 99) / ms(start_run.times, 99):.2f} (over baseline: "
        f"{end_run.vs_base(99) / start_run.vs_base(99):.2f}), server CPU per hand "
        f"{end_run.cpu_ms() / start_run.cpu_ms():.2f}"
    )

    if not args.no_lighthouse:
        server = start_server(folder, port)
        try:
            print(f"  lighthouse /games/new: {lighthouse(f'{base}/games/new')}")
            print(f"  lighthouse 40-hand game: {lighthouse(f'{base}/games/{sizes[40]}')}")
        finally:
            server.kill()
            server.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
