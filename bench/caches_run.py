"""The runs of bench/caches.py: in process (Flask's test client) and through waitress."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
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


def fill(path: Path, variants: int, hands: int) -> dict[str, Any]:
    """The games a run needs, stored before any request: for each variant, fresh games
    for its hands (ten a game), and the pages' games."""
    migrate(str(path))
    db = connect(str(path))
    tables = -(-(hands + 1) // PER_GAME)
    made: dict[str, Any] = {
        "fresh": [[make_game(db, 0) for _ in range(tables)] for _ in range(variants)],
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


def plays(send: Callable[[str, dict | None], int], ids: list[str]) -> Callable[[], None]:
    """Each call plays the next whole hand of a fresh game, ten hands a game."""
    ids, number = list(ids), [0]

    def play() -> None:
        number[0] += 1
        game_id = ids[(number[0] - 1) // PER_GAME]
        hand = (number[0] - 1) % PER_GAME + 1
        bids, tricks = HANDS[hand % 2]
        path = f"/games/{game_id}"
        for url, data, expected in (
            (f"{path}/bids", bid_form(hand, bids), 302),
            (path, None, 200),
            (f"{path}/tricks", tricks_form(hand, 2 * hand - 1, tricks), 302),
            (path, None, 200),
        ):
            status = send(url, data)
            assert status == expected, (url, status)

    return play


def turns(variants: list[str], count: int) -> Iterator[tuple[int, list[str]]]:
    """`count` turns and a warm-up (turn -1, not counted), each variant once a turn,
    their order turned round each time: a busy machine's ups and downs meet all alike."""
    for turn in range(-1, count):
        shift = turn % len(variants)
        order = variants[shift:] + variants[:shift]
        yield turn, order if turn % 2 == 0 else order[::-1]


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


def cpu_of(step: Callable[[], object]) -> float:
    """This process's CPU milliseconds for one call of `step`."""
    began = time.process_time()
    step()
    return (time.process_time() - began) * 1000


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


def in_process(names: list[str], hands: int) -> None:
    names = [name for name in names if "(waitress)" not in name]
    folder = Path(tempfile.mkdtemp(prefix="scorepad-caches-"))
    variants = [WITH, *names]
    games = fill(folder / "scorepad.db", len(variants), hands)
    run = InProcess(folder / "scorepad.db")
    paths = page_paths(games)
    for path in paths.values():  # templates compiled, token drawn, games remembered
        run.send(path)
    players = {v: plays(run.send, games["fresh"][n]) for n, v in enumerate(variants)}
    results: dict[str, dict[str, list[float]]] = {v: {} for v in variants}
    for turn, order in turns(variants, hands):
        for variant in order:
            kept = results[variant] if turn >= 0 else {}
            with nullcontext() if variant == WITH else caches.off(variant):
                run.send(paths["game page, 10 hands"])  # warm, untimed
                kept.setdefault("hand", []).append(cpu_of(players[variant]))
                for page, path in paths.items():
                    kept.setdefault(page, []).append(cpu_of(lambda: run.send(path)))  # noqa: B023
    report(
        f"In process (Flask's test client, CSRF on): CPU ms of a whole hand and of each page, "
        f"p50 of {hands} each, the variants taking turns hand by hand",
        names,
        results,
        list(paths),
    )


def start_up(rounds: int) -> None:
    """create_app's CPU with the static folder's copy made once per process (delivery's
    _builds) and made anew each time: a start-up cost (every test makes an app)."""
    from scorepad.web import delivery

    seconds: dict[str, list[float]] = {"with": [], "without": []}
    for turn in range(rounds * 2):
        variant = ("with", "without")[turn % 2]
        folder = Path(tempfile.mkdtemp(prefix="scorepad-start-"))
        with (
            nullcontext()
            if variant == "with"
            else caches.swapped(delivery, "_builds", caches.Forgets())
        ):
            began = time.process_time()
            create_app({"DATABASE": str(folder / "s.db"), "SECRET_KEY": "b"})
            seconds[variant].append((time.process_time() - began) * 1000)
    a, b = (statistics.median(seconds[v]) for v in ("with", "without"))
    print("Start-up: create_app's CPU, medians of", rounds)
    print(
        f"  delivery: static copy per folder and content   {a:7.1f}/{b:7.1f} ms {(b - a) / b:6.1%}"
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


def through_waitress(names: list[str], hands: int) -> None:
    variants = [WITH, *names]
    servers: dict[str, tuple[subprocess.Popen, Phone, Meter, dict]] = {}
    results: dict[str, dict[str, list[float]]] = {v: {} for v in variants}
    try:
        for variant in variants:
            folder = Path(tempfile.mkdtemp(prefix="scorepad-caches-w-"))
            games = fill(folder / "scorepad.db", 1, hands)
            port = free_port()
            proc = start(folder, port, "" if variant == WITH else variant)
            base = f"http://127.0.0.1:{port}"
            servers[variant] = (proc, Phone(base), Meter(base), games)
        for turn, order in turns(variants, hands):
            for variant in order:
                _, phone, meter, games = servers[variant]
                _waitress_turn(phone, meter, games, results[variant] if turn >= 0 else {})
    finally:
        for proc, _, _, _ in servers.values():
            proc.kill()
            proc.wait(10)
    paths = list(page_paths(next(iter(servers.values()))[3]))
    report(
        f"Through waitress (bench/server.py, CSRF on): server CPU ms of a whole hand and of "
        f"each page, p50 of {hands} each, the servers taking turns hand by hand",
        names,
        results,
        paths,
    )
    report("The same run, each game page's wall-clock p50 ms", names, results, WALL)


WALL = ["wall: game page, 10 hands", "wall: game page, 200 hands", "wall: seat links on"]


def _waitress_turn(phone: Phone, meter: Meter, games: dict, into: dict) -> None:
    def send(url: str, data: dict | None) -> int:
        return phone.request(url, data)[0]

    if "play" not in games:
        games["play"] = plays(send, games["fresh"][0])
        for path in page_paths(games).values():
            send(path, None)

    def cpu(step: Callable[[], object]) -> float:
        before = meter.read()
        step()
        return (meter.read() - before - meter.overhead) * 1000

    into.setdefault("hand", []).append(cpu(games["play"]))
    for page, path in page_paths(games).items():
        began = time.perf_counter()
        into.setdefault(page, []).append(cpu(lambda: send(path, None)))  # noqa: B023
        wall = [w for w in WALL if w.endswith(page.removeprefix("game page, "))]
        for key in wall:
            into.setdefault(key, []).append((time.perf_counter() - began) * 1000)
