"""Load on the real server over loopback: N tables entering hands at once.

Runs scorepad under waitress (`flask --app scorepad serve`) on a fresh SQLite
file, then N simulated tables (one thread and cookie jar each) repeat: open the
game page, save bids, save tricks. At the end every table's acknowledged hands
are checked against the database. Prints requests/s, p50/p99 latency and
errors; exits non-zero on any error or lost hand.

    .venv/bin/python bench/load.py [--tables 50] [--seconds 30]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.measure import HANDS, TimedPhone, ms  # noqa: E402
from tests.helpers import straight_version  # noqa: E402
from tests.live import Phone, free_port, serve  # noqa: E402


class Table(threading.Thread):
    """One table: start a game, then hand after hand until the time is up."""

    def __init__(self, base: str, key: int, until: float) -> None:
        super().__init__(daemon=True)
        self.phone = TimedPhone(base)
        self.key, self.until = key, until
        self.acked = 0
        self.game_id = ""

    def run(self) -> None:
        try:
            self.game_id = self.phone.phone.start_game(
                players=(f"A{self.key}", f"B{self.key}", f"C{self.key}", f"D{self.key}"),
                target="custom",
                custom_target="2000",
            )
        except Exception as err:  # noqa: BLE001 - reported, not raised
            self.phone.errors.append(f"start: {err}")
            return
        number = 1
        while time.monotonic() < self.until and number <= 500:
            bids, tricks = HANDS[number % 2]
            if not self.phone.hand(self.game_id, number, bids, tricks, straight_version(number)):
                return
            self.acked += 1
            number += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--threads", type=int, default=8, help="waitress worker threads")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="scorepad-load-"))
    port = free_port()
    server = serve(folder / "scorepad.db", port, threads=args.threads)
    base = f"http://127.0.0.1:{port}"
    try:
        began = time.monotonic()
        tables = [Table(base, k, began + args.seconds) for k in range(args.tables)]
        for t in tables:
            t.start()
        for t in tables:
            t.join(args.seconds + 120)
        elapsed = time.monotonic() - began

        lost = 0
        checker = Phone(base)
        for t in tables:
            if not t.game_id:
                continue
            status, _, body = checker.request(f"/games/{t.game_id}/export.json")
            played = (
                [h for h in json.loads(body)["hands"] if h["tricks"] is not None]
                if status == 200
                else []
            )
            lost += max(0, t.acked - len(played))
    finally:
        server.kill()
        server.wait(10)

    errors = [e for t in tables for e in t.phone.errors]
    print(
        f"scorepad load: {args.tables} tables for {args.seconds:.0f} s on waitress "
        f"({args.threads} threads), loopback"
    )
    total = 0
    for kind in ("page", "bids", "tricks"):
        times = [x for t in tables for x in t.phone.times[kind]]
        total += len(times)
        print(
            f"  {kind:7s} {len(times):6d} requests  p50 {ms(times, 50):7.1f} ms"
            f"  p99 {ms(times, 99):7.1f} ms"
        )
    every = [x for t in tables for times in t.phone.times.values() for x in times]
    print(
        f"  all     {total:6d} requests  {total / elapsed:7.1f} req/s  "
        f"p50 {ms(every, 50):.1f} ms  p99 {ms(every, 99):.1f} ms"
    )
    print(f"  hands acknowledged {sum(t.acked for t in tables)}, lost {lost}, errors {len(errors)}")
    for error in errors[:10]:
        print(f"    {error}")
    return 1 if errors or lost else 0


if __name__ == "__main__":
    sys.exit(main())
