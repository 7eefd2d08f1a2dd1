"""Measuring the bench server: latency, server CPU time and requests/s (bench/pages.py)."""

from __future__ import annotations

import http.client
import re
import statistics
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.data import LONG_GAME_HANDS as HANDS  # noqa: E402
from tests.helpers import bid_form, tricks_form  # noqa: E402
from tests.live import Phone  # noqa: E402


def ms(values: list[float], q: int) -> float:
    """Percentile `q` of `values` (seconds) in milliseconds; 0 without values."""
    if len(values) < 2:
        return values[0] * 1000 if values else 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] * 1000


VERSION = re.compile(r'name="version" (?:type="hidden" )?value="(\d+)"')


class TimedPhone:
    """A table's scoring phone over loopback that times each request by kind ("page",
    "bids", "tricks") and notes what went wrong instead of raising (bench/load.py,
    bench/club.py)."""

    def __init__(self, base: str, timeout: float = 30) -> None:
        self.phone = Phone(base, timeout=timeout)
        self.times: dict[str, list[float]] = {"page": [], "bids": [], "tricks": []}
        self.errors: list[str] = []

    def send(self, kind: str, path: str, data: dict | None, expect: int) -> str | None:
        """The answer's body, or None with the error noted."""
        start = time.perf_counter()
        try:
            status, _, body = self.phone.request(path, data)
        except (OSError, http.client.HTTPException) as err:
            self.errors.append(f"{kind}: {err!r}")
            return None
        self.times[kind].append(time.perf_counter() - start)
        if status != expect:
            self.errors.append(f"{kind}: HTTP {status}")
            return None
        return body

    def hand(
        self,
        game_id: str,
        number: int,
        bids: list | tuple,
        tricks: list | tuple,
        version: int | None = None,
        sides: list | tuple | None = None,
    ) -> bool:
        """Hand `number` as a table enters it: the game page, the bids, the tricks (by
        side with `sides`); the tricks form's version read from the page again unless
        given. True once both saves were acknowledged."""
        game = f"/games/{game_id}"
        if self.send("page", game, None, 200) is None:
            return False
        if self.send("bids", f"{game}/bids", bid_form(number, bids), 302) is None:
            return False
        if version is None:
            page = self.send("page", game, None, 200)
            found = VERSION.search(page or "")
            if found is None:
                self.errors.append(f"hand {number}: no tricks form")
                return False
            version = int(found.group(1))
        form = tricks_form(number, version, tricks, sides=sides)
        return self.send("tricks", f"{game}/tricks", form, 302) is not None


class Meter:
    """Server CPU seconds, read from bench/server.py's /baseline/cpu, less the reads' own cost."""

    def __init__(self, base: str) -> None:
        self.phone = Phone(base)
        self.base = base
        reads = [self.read() for _ in range(51)]
        # what one read adds to the server's CPU between two readings
        self.overhead = statistics.median(b - a for a, b in zip(reads, reads[1:]))

    def read(self) -> float:
        status, _, body = self.phone.request("/baseline/cpu")
        assert status == 200, status
        return float(body)


@dataclass
class Run:
    """Sequential timings, the server CPU seconds they cost, and a baseline write timed
    just before each item (same moment, same load) to compare them with."""

    times: list[float]
    cpu: float
    base_times: list[float]
    cpus: list[float] | None = None  # each item's own server CPU seconds, where kept

    def cpu_ms(self) -> float:
        """Server CPU milliseconds per timed item."""
        return self.cpu / len(self.times) * 1000

    def cpu_p50_ms(self) -> float:
        """The median item's server CPU milliseconds: a busy machine's spikes left out."""
        return statistics.median(self.cpus or [self.cpu / len(self.times)]) * 1000

    def vs_base(self, q: int) -> float:
        """This run's percentile q over its interleaved baseline's."""
        return ms(self.times, q) / ms(self.base_times, q)


class Saver:
    """Bids (untimed) then tricks (timed) on a rotating set of games."""

    def __init__(self, base: str, game_ids: list[str]) -> None:
        self.phone = Phone(base)
        self.games = {g: 1 for g in game_ids}
        self.revisions = {g: 1 for g in game_ids}  # new games: no write yet
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
        version = self.revisions[game_id]
        self.revisions[game_id] += 2
        return lambda: self.phone.request(
            f"/games/{game_id}/tricks", tricks_form(number, version, tricks)
        )[0]


def timed(send: Callable[[], int], expected: tuple[int, ...] = (200, 302)) -> float:
    start = time.perf_counter()
    status = send()
    took = time.perf_counter() - start
    assert status in expected, status
    return took


def latency(
    make_request: Callable[[], Callable[[], int]],
    count: int,
    meter: Meter,
    baseline: Callable[[], int] | None,
) -> Run:
    """Time `count` requests one after the other. The server CPU counted for each covers
    the untimed preparation too (a Saver's bids: its CPU is then per hand)."""
    times, base_times, cpus = [], [], []
    for _ in range(count):
        if baseline is not None:
            base_times.append(timed(baseline))
        before = meter.read()
        send = make_request()
        times.append(timed(send))
        cpus.append(meter.read() - before - meter.overhead)
    return Run(times, sum(cpus), base_times or times, cpus)


STEPS = ("save bids", "show the game", "save tricks", "show the game again")


def hand_requests(game_id: str, number: int, version: int) -> tuple[tuple[str, Any, int], ...]:
    """Hand `number` of a game as a table enters it, its tricks on the hand's `version`:
    the bids POST, the game GET, the tricks POST, the game GET, each (path, form or None,
    the status it answers)."""
    bids, tricks = HANDS[number % 2]
    return (
        (f"/games/{game_id}/bids", bid_form(number, bids), 302),
        (f"/games/{game_id}", None, 200),
        (f"/games/{game_id}/tricks", tricks_form(number, version, tricks), 302),
        (f"/games/{game_id}", None, 200),
    )


def whole_hands(
    base: str, games: dict[str, int], count: int, meter: Meter, baseline: Callable[[], int]
) -> tuple[Run, dict[str, list[float]]]:
    """Enter `count` hands as a table does, rotating over `games` (id: next hand number):
    the whole hand's time and server CPU, and each of its four requests' times."""
    phone = Phone(base)
    order = list(games)
    steps: dict[str, list[float]] = {step: [] for step in STEPS}
    hands, base_times, cpus = [], [], []
    # Each write gives the hand the game's next revision: 1 for a new game's first
    # write, 2 after an import (its hands came in at version 1, revision 0).
    revisions = {game_id: 1 if number == 1 else 2 for game_id, number in games.items()}
    for turn in range(count):
        game_id = order[turn % len(order)]
        number = games[game_id]
        version = revisions[game_id]
        revisions[game_id] += 2
        requests = hand_requests(game_id, number, version)
        base_times.append(timed(baseline))
        before = meter.read()
        for step, (path, data, expected) in zip(STEPS, requests):
            send = lambda path=path, data=data: phone.request(path, data)[0]  # noqa: E731
            steps[step].append(timed(send, (expected,)))
        cpus.append(meter.read() - before - meter.overhead)
        hands.append(sum(steps[step][-1] for step in STEPS))
        games[game_id] = number + 1
    return Run(hands, sum(cpus), base_times, cpus), steps


def throughput(
    make_client: Callable[[], Callable[[], Callable[[], int]]], seconds: float, clients: int = 4
) -> float:
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
