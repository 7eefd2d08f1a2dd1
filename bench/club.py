"""A club night's load on the real server: does a table's save stay quick while the
other tables score, every phone follows its table and the big screen polls?

Runs scorepad under waitress (`flask --app scorepad serve`, as `make run`) on a fresh
SQLite file and starts a 16-pair event: 8 tables. Then, over loopback:

1. idle: table 1's scorer saves a hand (bids, then tricks) every `--pace` seconds,
   nothing else running: the baseline;
2. club: the same, while the 7 other tables' scorers save a hand every few seconds,
   3 more phones per table (4 in all) poll their table's page and live score every
   3 s, the big screen polls the standings every 2 s and the director's page every 5 s.

Prints each phase's save p50/p99 and the ratio club/idle (the target: at most 1.5).

    .venv/bin/python bench/club.py [--seconds 20] [--pace 0.25] [--gap 3]

With --against TREE (a git worktree of older code), it instead measures a long night's
cost in both trees in one run and prints the ratios (bench/night.py: a table's save at
round 1 and at round 30, the big screen, the director's page, results, CSV, a series
of 40 nights):

    git -C /work/main worktree add --detach ../perf-base e99aca1
    .venv/bin/python bench/club.py --against ../perf-base [--rounds 2] [--requests 10]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import night  # noqa: E402
from bench.measure import TimedPhone, ms  # noqa: E402
from tests.event_helpers import night_started  # noqa: E402
from tests.live import Phone, free_port, serve  # noqa: E402

# Both sides set, then both made: totals drift slowly, a game never ends in a run.
HANDS = [((4, 4, 4, 4), (7, 6)), ((3, 3, 3, 3), (7, 6))]


def setup(base: str) -> tuple[str, str, list[str]]:
    """A started 8-table round: the event's id, the screen's token, the table pages."""
    pairs = [(f"N{i}", f"S{i}") for i in range(16)]
    return night_started(Phone(base, timeout=30), pairs, target=2000, round_minutes=240)


class Scorer:
    """One table's scoring phone: bids then tricks (by side), hand after hand."""

    def __init__(self, base: str, game_id: str) -> None:
        self.phone, self.game_id, self.number = TimedPhone(base), game_id, 1

    def hand(self) -> None:
        bids, sides = HANDS[self.number % 2]
        self.phone.hand(self.game_id, self.number, bids, (None,) * 4, sides=sides)
        self.number += 1

    @property
    def saves(self) -> list[float]:
        """The saves' times: bids and tricks."""
        return self.phone.times["bids"] + self.phone.times["tricks"]

    def restart(self) -> None:
        """Time afresh from here (a new phase)."""
        for times in self.phone.times.values():
            times.clear()


def poll(base: str, paths: list[str], every: float, stop: threading.Event, seen: list) -> None:
    phone = Phone(base, timeout=30)
    while not stop.is_set():
        for path in paths:
            status, _, _ = phone.request(path)
            seen.append(status)
        stop.wait(every)


def phase(scorer: Scorer, seconds: float, pace: float) -> None:
    """Hands at a steady pace for a while."""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        scorer.hand()
        time.sleep(pace)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20, help="length of each phase")
    parser.add_argument("--pace", type=float, default=0.25, help="table 1: seconds between hands")
    parser.add_argument("--gap", type=float, default=3.0, help="seconds between other saves")
    parser.add_argument("--against", type=Path, help="an older tree: a long night's cost")
    parser.add_argument("--rounds", type=int, default=2, help="--against: alternating rounds")
    parser.add_argument("--requests", type=int, default=10, help="--against: a case a round")
    parser.add_argument("--series-requests", type=int, default=2, help="--against: the series")
    parser.add_argument("--nights", type=int, default=40, help="--against: nights in the series")
    args = parser.parse_args()
    if args.against:
        night.against(args.against, args.rounds, args.requests, args.series_requests, args.nights)
        return 0
    folder = Path(tempfile.mkdtemp(prefix="scorepad-club-"))
    port = free_port()
    server = serve(folder / "scorepad.db", port)
    base = f"http://127.0.0.1:{port}"
    stop, statuses = threading.Event(), []
    try:
        event, view, tables = setup(base)
        games = [t.rsplit("/", 1)[-1] for t in tables]
        measured = Scorer(base, games[0])
        phase(measured, args.seconds, args.pace)
        idle = list(measured.saves)

        threads = []
        others = [Scorer(base, g) for g in games[1:]]

        def keep_scoring(scorer: Scorer) -> None:
            while not stop.is_set():
                scorer.hand()
                stop.wait(args.gap)

        for scorer in others:
            threads.append(threading.Thread(target=keep_scoring, args=(scorer,), daemon=True))
        for table, game in zip(tables, games):
            follow = [f"{table}/live", f"/games/{game}"]
            for _ in range(3):
                threads.append(
                    threading.Thread(target=poll, args=(base, follow, 3.0, stop, statuses))
                )
        threads.append(
            threading.Thread(
                target=poll, args=(base, [f"/events/screen/{view}/live"], 2.0, stop, statuses)
            )
        )
        threads.append(
            threading.Thread(
                target=poll, args=(base, [f"/events/{event}/tables"], 5.0, stop, statuses)
            )
        )
        for t in threads:
            t.daemon = True
            t.start()
        time.sleep(2)
        measured.restart()
        phase(measured, args.seconds, args.pace)
        club = list(measured.saves)
        stop.set()
        for t in threads:
            t.join(30)
    finally:
        server.kill()
        server.wait(10)
    errors = measured.phone.errors + [e for s in others for e in s.phone.errors]
    bad = sum(1 for s in statuses if s not in (200, 304))
    print("scorepad club night: 8 tables x 4 phones + big screen + director, waitress, loopback")
    print(f"  idle  saves {len(idle):4d}  p50 {ms(idle, 50):6.1f} ms  p99 {ms(idle, 99):6.1f} ms")
    print(f"  club  saves {len(club):4d}  p50 {ms(club, 50):6.1f} ms  p99 {ms(club, 99):6.1f} ms")
    other = sum(len(s.saves) for s in others)
    print(f"  other tables' saves {other}, polls {len(statuses)} ({bad} not 200/304)")
    print(f"  save p50 club/idle: {ms(club, 50) / ms(idle, 50):.2f}x (target <= 1.5x)")
    for error in errors[:10]:
        print(f"    {error}")
    return 1 if errors or bad else 0


if __name__ == "__main__":
    sys.exit(main())
