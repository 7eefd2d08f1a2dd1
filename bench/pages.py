"""Server cost on the real server over loopback, next to a baseline, in one run.

Measures, each for a fixed number of sequential requests (latency) and then
with 4 clients at once for a few seconds (requests/s):
  * "save tricks of a hand" against the baseline route that writes one row, and
    that route with synchronous=FULL (as scorepad writes) to show what FULL costs;
  * "show a 40-hand game", and the game page at 10 and 200 hands.
Each timed save of tricks follows an untimed save of that hand's bids, so its
requests/s counts hands (the server answered twice as many requests).
Prints p50/p99 latency, requests/s and the ratios; then, if npx and Chromium
are there, Lighthouse (mobile) on the new-game page and a 40-hand game page.

    .venv/bin/python bench/pages.py [--requests 300] [--seconds 5] [--no-lighthouse]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorepad import gamefile  # noqa: E402
from scorepad.store import storage  # noqa: E402
from scorepad.store.db import connect, migrate  # noqa: E402
from tests.helpers import bid_form, straight_version, tricks_form  # noqa: E402
from tests.live import Phone, free_port  # noqa: E402

HANDS = [([3, 3, 3, 4], [3, 3, 3, 4]), ([4, 4, 3, 4], [3, 3, 3, 4])]
CHROME_FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage "
                "--no-first-run --disable-background-networking --disable-component-update "
                "--disable-sync")


def make_game(db, hands: int) -> str:
    doc = {"format": "scorepad/1", "mode": "partnership",
           "players": ["Alice", "Ben", "Cara", "Dev"], "rules": {"target": 2000},
           "hands": [{"bids": HANDS[n % 2][0], "tricks": HANDS[n % 2][1]}
                     for n in range(hands)]}
    game = gamefile.read(doc)
    return storage.create_game(db, game.table, game.rules, game.hands)


def ms(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] * 1000


class Saver:
    """Bids (untimed) then tricks (timed) on a rotating set of games."""

    def __init__(self, base: str, game_ids: list[str]) -> None:
        self.phone = Phone(base)
        self.games = {g: 1 for g in game_ids}
        self.order = list(game_ids)
        self.turn = 0

    def __call__(self) -> Callable[[], int]:
        game_id = self.order[self.turn % len(self.order)]
        self.turn += 1
        number = self.games[game_id]
        bids, tricks = HANDS[number % 2]
        status, _, _ = self.phone.request(f"/games/{game_id}/bids", bid_form(number, bids))
        assert status == 302, status
        self.games[game_id] += 1
        return lambda: self.phone.request(f"/games/{game_id}/tricks",
                                          tricks_form(number, straight_version(number),
                                                      tricks))[0]


def latency(make_request: Callable[[], Callable[[], int]], count: int) -> list[float]:
    times = []
    for _ in range(count):
        send = make_request()
        start = time.perf_counter()
        status = send()
        times.append(time.perf_counter() - start)
        assert status in (200, 302), status
    return times


def throughput(make_client: Callable[[], Callable[[], Callable[[], int]]],
               seconds: float, clients: int = 4) -> float:
    done = [0] * clients
    until = time.monotonic() + seconds

    def run(i: int) -> None:
        make_request = make_client()
        while time.monotonic() < until:
            send = make_request()
            if send() in (200, 302):
                done[i] += 1

    threads = [threading.Thread(target=run, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(done) / seconds


def lighthouse(url: str) -> str:
    if not shutil.which("npx") or not os.path.exists("/usr/bin/chromium"):
        return "skipped (needs npx and /usr/bin/chromium)"
    env = {**os.environ, "CHROME_PATH": "/usr/bin/chromium"}
    result = subprocess.run(
        ["npx", "--yes", "lighthouse@12", url, "--form-factor=mobile", "--quiet",
         "--only-categories=performance,accessibility", "--output=json",
         "--output-path=stdout", f"--chrome-flags={CHROME_FLAGS}"],
        capture_output=True, text=True, env=env, timeout=300)
    if result.returncode != 0:
        return f"failed: {result.stderr.strip().splitlines()[-1:]}"
    report = json.loads(result.stdout)
    cats = report["categories"]
    return (f"performance {round(cats['performance']['score'] * 100)}, "
            f"accessibility {round(cats['accessibility']['score'] * 100)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--no-lighthouse", action="store_true")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="scorepad-bench-"))
    migrate(str(folder / "scorepad.db"))
    db = connect(str(folder / "scorepad.db"))
    sizes = {hands: make_game(db, hands) for hands in (10, 40, 200)}
    savers = [make_game(db, 0) for _ in range(40)]
    db.close()

    port = free_port()
    server = subprocess.Popen([sys.executable, str(ROOT / "bench" / "server.py"), str(folder),
                               str(port)], cwd=ROOT, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(f"{base}/games", timeout=1).close()
            break
        except OSError:
            time.sleep(0.05)
    try:
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

        split = len(savers) // 2
        rows = {}
        rows["baseline: write one row"] = (latency(baseline(), args.requests),
                                           throughput(baseline, args.seconds))
        rows["baseline, synchronous=FULL"] = (latency(baseline_full(), args.requests),
                                              throughput(baseline_full, args.seconds))
        rows["save tricks (after bids)"] = (
            latency(Saver(base, savers[:split]), args.requests),
            throughput(lambda: Saver(base, savers[split:]), args.seconds))
        for hands in (10, 40, 200):
            rows[f"show a {hands}-hand game"] = (latency(page(sizes[hands])(), args.requests),
                                                 throughput(page(sizes[hands]), args.seconds))
    finally:
        server.kill()
        server.wait(10)

    print(f"scorepad server cost, waitress on loopback ({args.requests} sequential requests, "
          f"then 4 clients for {args.seconds:.0f} s)")
    for name, (times, rate) in rows.items():
        print(f"  {name:26s} p50 {ms(times, 50):6.2f} ms  p99 {ms(times, 99):6.2f} ms"
              f"  {rate:7.1f} req/s")
    base_p50 = ms(rows["baseline: write one row"][0], 50)
    save_p50 = ms(rows["save tricks (after bids)"][0], 50)
    p10, p200 = ms(rows["show a 10-hand game"][0], 50), ms(rows["show a 200-hand game"][0], 50)
    full_p50 = ms(rows["baseline, synchronous=FULL"][0], 50)
    print(f"  ratio save / baseline (p50): {save_p50 / base_p50:.2f}  (goal <= 2)")
    print(f"  cost of synchronous=FULL on one write (p50): {full_p50 - base_p50:+.2f} ms")
    print(f"  ratio 200-hand / 10-hand page (p50): {p200 / p10:.2f}  (goal <= 2)")

    if not args.no_lighthouse:
        server = subprocess.Popen([sys.executable, str(ROOT / "bench" / "server.py"),
                                   str(folder), str(port)], cwd=ROOT,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.5)
        try:
            print(f"  lighthouse /games/new: {lighthouse(f'{base}/games/new')}")
            print(f"  lighthouse 40-hand game: {lighthouse(f'{base}/games/{sizes[40]}')}")
        finally:
            server.kill()
            server.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
