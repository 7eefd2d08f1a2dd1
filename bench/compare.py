"""Old code against new in one sitting: two bench servers side by side, measured in turns.

`bench/pages.py --against TREE` starts TREE's own bench/server.py (a git worktree of
an older commit, run with this venv) beside this checkout's, fills both with the same
games through the public import route, then for a number of rounds measures each
server in turn (alternating which goes first): a whole hand (bids POST, game GET,
tricks POST, game GET) at hands 1-10 and 191-200, and the game page of a 10-hand and
a 200-hand game. The machine may be busy, so the figure that matters is the server
process's CPU time (time.process_time, every thread); wall-clock p50s are shown too.
Each figure is the median over the rounds of that round's median (p50) or mean; the
CPU of each hand and page is read on its own, so its p50 can be shown too (the mean
counts the server's rare costly moments, and a busy neighbour's; the p50 does not).
"""

from __future__ import annotations

import gzip
import json
import re
import statistics
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from bench.measure import Meter, latency, ms, whole_hands
from tests.data import long_game
from tests.live import Phone, free_port

PER_GAME = 10  # hands entered in each game of the whole-hand runs


def game_file(hands: int) -> bytes:
    return json.dumps(long_game(hands)).encode()


def import_game(base: str, hands: int) -> str:
    """A game of `hands` played hands, through the import route: the same in any tree."""
    boundary = uuid.uuid4().hex
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="game_file"; '
            'filename="game.json"\r\nContent-Type: application/json\r\n\r\n'
        ).encode()
        + game_file(hands)
        + f"\r\n--{boundary}--\r\n".encode()
    )
    request = urllib.request.Request(
        f"{base}/games/import",
        data=body,
        headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
    )
    try:  # the phone follows no redirect: the 302 arrives as an HTTPError
        Phone(base).opener.open(request, timeout=30).close()
    except urllib.error.HTTPError as err:
        assert err.code == 302, err.code
        return err.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    raise AssertionError("the import did not redirect to the game")


@dataclass
class Server:
    """One tree's bench server, its games, and what each round measured on it."""

    name: str
    tree: Path
    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="scorepad-cmp-")))
    port: int = field(default_factory=free_port)
    results: dict[str, list[float]] = field(default_factory=dict)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> subprocess.Popen:
        from bench.pages import start_server

        return start_server(self.folder, self.port, self.tree)

    def note(self, key: str, value: float) -> None:
        self.results.setdefault(key, []).append(value)

    def median(self, key: str) -> float:
        return statistics.median(self.results[key])


def measure_round(server: Server, games: dict[str, object], count: int, turn: int) -> None:
    """One round on one server: whole hands early and late in a game, then game pages.
    Early and late hands (and the short and long game's page) take turns going first:
    what comes later in a round meets a longer write-ahead log, a checkpoint, a busier
    machine, and would look dearer for it."""
    meter = Meter(server.base)
    late = 201 - PER_GAME
    phases = (("start", games["fresh"], 1), ("end", games["long"], late))
    for label, pool, start in phases if turn % 2 == 0 else phases[::-1]:
        ids: list[str] = pool.pop()  # type: ignore[attr-defined]
        run, steps = whole_hands(server.base, dict.fromkeys(ids, start), count, meter, _noop)
        server.note(f"hand {label} cpu", run.cpu_ms())
        server.note(f"hand {label} cpu p50", run.cpu_p50_ms())
        server.note(f"hand {label} p50", ms(run.times, 50))
        server.note(f"hand {label} page p50", ms(steps["show the game"], 50))
    for hands in (10, 200) if turn % 2 == 0 else (200, 10):
        get = Phone(server.base).request
        path = f"/games/{games[hands]}"
        run = latency(lambda: lambda: get(path)[0], count, meter, None)  # noqa: B023
        server.note(f"page {hands} cpu", run.cpu_ms())
        server.note(f"page {hands} cpu p50", run.cpu_p50_ms())
        server.note(f"page {hands} p50", ms(run.times, 50))


def page_weight(base: str, path: str) -> int:
    """Bytes over the wire for a page and the stylesheet and script it links, as a phone
    on plain http gets them (gzip)."""

    def fetch(url: str) -> bytes:
        request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.read()

    page = fetch(base + path)
    html = gzip.decompress(page).decode() if page[:2] == b"\x1f\x8b" else page.decode()
    assets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
    assets += re.findall(r'<script src="([^"]+)"', html)
    return len(page) + sum(len(fetch(base + asset)) for asset in assets)


def _noop() -> int:
    return 200


def prepare(server: Server, rounds: int, count: int) -> dict[str, object]:
    tables = max(1, -(-count // PER_GAME))
    return {
        10: import_game(server.base, 10),
        200: import_game(server.base, 200),
        "fresh": [[import_game(server.base, 0) for _ in range(tables)] for _ in range(rounds)],
        "long": [
            [import_game(server.base, 200 - PER_GAME) for _ in range(tables)] for _ in range(rounds)
        ],
    }


ROWS = (
    ("whole hand, hands 1-10: server CPU ms, mean", "hand start cpu"),
    ("whole hand, hands 191-200: server CPU ms, mean", "hand end cpu"),
    ("whole hand, hands 1-10: server CPU ms, p50", "hand start cpu p50"),
    ("whole hand, hands 191-200: server CPU ms, p50", "hand end cpu p50"),
    ("whole hand, hands 1-10: p50 ms", "hand start p50"),
    ("whole hand, hands 191-200: p50 ms", "hand end p50"),
    ("game page after bids, hands 1-10: p50 ms", "hand start page p50"),
    ("game page, 10-hand game: p50 ms", "page 10 p50"),
    ("game page, 200-hand game: p50 ms", "page 200 p50"),
    ("game page, 10-hand game: server CPU ms, mean", "page 10 cpu"),
    ("game page, 200-hand game: server CPU ms, mean", "page 200 cpu"),
    ("game page, 10-hand game: server CPU ms, p50", "page 10 cpu p50"),
)


def compare(against: Path, rounds: int, count: int, here: Path) -> None:
    """Measure `against` (old) and `here` (new) in alternating rounds; print medians."""
    old, new = Server("old", against), Server("new", here)
    servers = [old, new]
    procs = [s.start() for s in servers]
    try:
        games = {s.name: prepare(s, rounds, count) for s in servers}
        for turn in range(rounds):
            for server in servers if turn % 2 == 0 else servers[::-1]:
                measure_round(server, games[server.name], count, turn)
            print(f"  round {turn + 1}/{rounds} done", file=sys.stderr)
        weights = {s.name: page_weight(s.base, f"/games/{games[s.name][10]}") for s in servers}
    finally:
        for proc in procs:
            proc.kill()
            proc.wait(10)
    print(
        f"old ({against}) against new ({here}): {rounds} alternating rounds of {count} "
        "requests or hands each; medians over the rounds"
    )
    print(f"  {'':48s} {'old':>8s} {'new':>8s} {'new/old':>8s}")
    for label, key in ROWS:
        a, b = old.median(key), new.median(key)
        print(f"  {label:48s} {a:8.2f} {b:8.2f} {b / a:8.2f}")
    print(
        "  game page of a 10-hand game with its CSS and script, gzip, bytes: "
        f"old {weights['old']}, new {weights['new']} (budget {13 * 1024 + 512})"
    )
    for server in servers:
        late = server.median("page 200 p50") / server.median("page 10 p50")
        hand = server.median("hand end cpu") / server.median("hand start cpu")
        hand50 = server.median("hand end cpu p50") / server.median("hand start cpu p50")
        print(
            f"  {server.name}: game page p50, 200-hand / 10-hand game: {late:.2f}; "
            f"whole hand's server CPU, hands 191-200 / 1-10: mean {hand:.2f}, p50 {hand50:.2f}"
        )
