"""The runs of bench/caches.py: in process (Flask's test client) and through waitress."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from bench import caches
from bench.measure import Meter
from bench.pages import make_game
from scorepad import create_app
from scorepad.store import commands
from scorepad.store.db import connect, migrate
from tests.data import LONG_GAME_HANDS as HANDS
from tests.helpers import bid_form, tricks_form
from tests.live import TOKEN, Phone, free_port

WITH = "(every cache on)"
PER_GAME = 10


def fill(path: Path, variants: int, rounds: int, hands: int) -> dict[str, Any]:
    """The games a run needs, stored before any request: fresh games for the hands of
    each variant and round, and the pages' games."""
    migrate(str(path))
    db = connect(str(path))
    tables = -(-hands // PER_GAME)
    made: dict[str, Any] = {
        "fresh": [[make_game(db, 0) for _ in range(tables)] for _ in range(variants * rounds)],
        "10": make_game(db, 10),
        "200": make_game(db, 200),
        "seated": make_game(db, 10),
    }
    commands.enable_seats(db, made["seated"])
    made["share"] = db.execute(
        "select share_token from games where id = ?", [made["10"]]
    ).fetchone()[0]
    db.close()
    return made


def page_paths(games: dict[str, Any]) -> dict[str, str]:
    return {
        "game page, 10 hands": f"/games/{games['10']}",
        "game page, 200 hands": f"/games/{games['200']}",
        "game page, seat links on": f"/games/{games['seated']}",
        "rules page": f"/games/{games['10']}/rules",
        "live score QR image": f"/watch/{games['share']}/qr.svg",
        "stats page": "/stats",
        "hosting help": "/help/hosting",
    }


def plays(send: Callable[[str, dict | None], int], ids: list[str], hands: int) -> Callable:
    """Each call plays the next whole hand, rotating over `ids` (fresh games)."""
    numbers = dict.fromkeys(ids, 1)
    turn = [0]

    def play() -> None:
        game_id = ids[turn[0] % len(ids)]
        turn[0] += 1
        number = numbers[game_id]
        numbers[game_id] += 1
        bids, tricks = HANDS[number % 2]
        path = f"/games/{game_id}"
        for url, data, expected in (
            (f"{path}/bids", bid_form(number, bids), 302),
            (path, None, 200),
            (f"{path}/tricks", tricks_form(number, 2 * number - 1, tricks), 302),
            (path, None, 200),
        ):
            status = send(url, data)
            assert status == expected, (url, status)

    return play


def saving(results: dict[str, dict[str, list[float]]], name: str, key: str) -> tuple:
    with_, without = (statistics.median(results[v][key]) for v in (WITH, name))
    return with_, without, (without - with_) / without * 100


def report(title: str, names: list[str], results: dict, pages: list[str]) -> None:
    """The table: each cache's whole-hand CPU with and without it and its saving, then
    its saving on each page's p50 (the page's p50 with every cache on first)."""
    print(title)
    print(f"  {'cache':50s} {'hand CPU ms':>13s} {'saving':>7s}   page p50 saving, %")
    short = [f"p{n + 1}" for n in range(len(pages))]
    print(f"  {'':50s} {'with/without':>13s} {'':7s}   " + " ".join(f"{s:>6s}" for s in short))
    for name in names:
        a, b, pct = saving(results, name, "hand")
        cells = " ".join(f"{saving(results, name, page)[2]:6.1f}" for page in pages)
        print(f"  {name:50s} {a:6.2f}/{b:6.2f} {pct:6.1f}%   {cells}")
    for label, page in zip(short, pages):
        print(f"  {label}: {page}, p50 {statistics.median(results[WITH][page]):.2f} ms with all")


class InProcess:
    """One app, CSRF on, and a phone (the test client) that keeps its token."""

    def __init__(self, games_path: Path) -> None:
        self.app = create_app(
            {"DATABASE": str(games_path), "SECRET_KEY": "bench", "PUBLIC_URL": "http://localhost"}
        )
        caches.APPS.append(self.app)
        self.client = self.app.test_client()
        self.token = ""

    def send(self, url: str, data: dict | None = None) -> int:
        if data is None:
            answer = self.client.get(url)
            found = TOKEN.search(answer.get_data(as_text=True))
            self.token = found.group(1) if found else self.token
        else:
            answer = self.client.post(url, data={"csrf_token": self.token, **data})
        return answer.status_code


def in_process(names: list[str], rounds: int, hands: int, count: int) -> None:
    names = [name for name in names if "(waitress)" not in name]
    folder = Path(tempfile.mkdtemp(prefix="scorepad-caches-"))
    variants = [WITH, *names]
    games = fill(folder / "scorepad.db", len(variants), rounds + 1, hands)
    run = InProcess(folder / "scorepad.db")
    paths = page_paths(games)
    for path in paths.values():  # warm: templates compiled, token drawn, games remembered
        run.send(path)
    results: dict[str, dict[str, list[float]]] = {v: {} for v in variants}
    for turn in range(-1, rounds):  # round -1 warms every variant and is not counted
        order = variants if turn % 2 == 0 else variants[::-1]
        for variant in order:
            with nullcontext() if variant == WITH else caches.off(variant):
                play = plays(run.send, games["fresh"].pop(), hands)
                play()  # warm, as a table's first hand after another game's
                started = time.process_time()
                for _ in range(hands - 1):
                    play()
                cpu = (time.process_time() - started) / (hands - 1) * 1000
                kept = results[variant] if turn >= 0 else {}
                kept.setdefault("hand", []).append(cpu)
                for page, path in paths.items():
                    times = []
                    for _ in range(count):
                        began = time.perf_counter()
                        assert run.send(path) == 200, path
                        times.append(time.perf_counter() - began)
                    kept.setdefault(page, []).append(statistics.median(times) * 1000)
        print(f"  in process: round {turn + 1}/{rounds} done", file=sys.stderr)
    report(
        f"In process, CSRF on: whole hand's CPU (mean over {hands - 1} hands) and each page's "
        f"p50 ({count} requests), medians over {rounds} alternating rounds",
        names,
        results,
        list(paths),
    )


def start(folder: Path, port: int, without: str) -> subprocess.Popen:
    env = {**os.environ, "SCOREPAD_BENCH_CSRF": "1", "SCOREPAD_BENCH_WITHOUT": without}
    server = subprocess.Popen(
        [sys.executable, str(caches.ROOT / "bench" / "server.py"), str(folder), str(port)],
        cwd=caches.ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(400):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/games", timeout=1).close()
            return server
        except OSError:
            time.sleep(0.05)
    server.kill()
    raise RuntimeError(f"the bench server without {without!r} did not answer")


def through_waitress(names: list[str], rounds: int, hands: int, count: int) -> None:
    variants = [WITH, *names]
    servers: dict[str, tuple[subprocess.Popen, str, dict]] = {}
    results: dict[str, dict[str, list[float]]] = {v: {} for v in variants}
    try:
        for variant in variants:
            folder = Path(tempfile.mkdtemp(prefix="scorepad-caches-w-"))
            games = fill(folder / "scorepad.db", 1, rounds + 1, hands)
            port = free_port()
            proc = start(folder, port, "" if variant == WITH else variant)
            servers[variant] = (proc, f"http://127.0.0.1:{port}", games)
        meters = {v: Meter(base) for v, (_, base, _) in servers.items()}
        for turn in range(-1, rounds):  # round -1 warms every server and is not counted
            for variant in variants if turn % 2 == 0 else variants[::-1]:
                _, base, games = servers[variant]
                into = results[variant] if turn >= 0 else {}
                _waitress_round(base, games, meters[variant], hands, count, into)
            print(f"  waitress: round {turn + 1}/{rounds} done", file=sys.stderr)
    finally:
        for proc, _, _ in servers.values():
            proc.kill()
            proc.wait(10)
    report(
        f"Through waitress (bench/server.py, CSRF on): server CPU of a whole hand (mean over "
        f"{hands - 1}) and each page's p50 ({count} requests), medians over {rounds} rounds",
        names,
        results,
        list(page_paths(next(iter(servers.values()))[2])),
    )


def _waitress_round(
    base: str, games: dict, meter: Meter, hands: int, count: int, into: dict
) -> None:
    phone = Phone(base)

    def send(url: str, data: dict | None) -> int:
        return phone.request(url, data)[0]

    paths = page_paths(games)
    for path in paths.values():
        send(path, None)
    play = plays(send, games["fresh"].pop(), hands)
    play()
    before = meter.read()
    for _ in range(hands - 1):
        play()
    cpu = (meter.read() - before - meter.overhead) / (hands - 1) * 1000
    into.setdefault("hand", []).append(cpu)
    for page, path in paths.items():
        times = []
        for _ in range(count):
            began = time.perf_counter()
            assert send(path, None) == 200, path
            times.append(time.perf_counter() - began)
        into.setdefault(page, []).append(statistics.median(times) * 1000)
