"""A phone talking to a real scorepad server over loopback: cookies, CSRF tokens, no magic."""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace

TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
ROOT = Path(__file__).resolve().parents[1]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


class Phone:
    """One browser: its own cookies, the last CSRF token it saw."""

    def __init__(self, base: str, timeout: float = 10.0) -> None:
        self.base = base
        self.timeout = timeout
        self.token = ""
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), _NoRedirect()
        )

    def request(self, path: str, data: dict[str, str] | None = None) -> tuple[int, dict, str]:
        body = None
        if data is not None:
            body = urllib.parse.urlencode({"csrf_token": self.token, **data}).encode()
        req = urllib.request.Request(self.base + path, data=body)
        try:
            with self.opener.open(req, timeout=self.timeout) as resp:
                status, headers, text = resp.status, dict(resp.headers), resp.read().decode()
        except urllib.error.HTTPError as err:
            status, headers, text = err.code, dict(err.headers), err.read().decode()
        found = TOKEN.search(text)
        if found:
            self.token = found.group(1)
        return status, headers, text

    def start_game(
        self, players: tuple[str, ...] = ("Ann", "Bob", "Cat", "Dan"), **rules: str
    ) -> str:
        """Start a partnership game with default rules; returns its id."""
        from tests.helpers import new_game_form

        self.request("/games/new")
        status, headers, text = self.request("/games/new", new_game_form(players, **rules))
        if status != 302:
            raise AssertionError(f"new game refused: {status} {text[:300]}")
        return headers["Location"].rstrip("/").rsplit("/", 1)[-1]

    def play_hand(self, game_id: str, number: int, bids: list, tricks: list) -> bool:
        """Bid then play one hand; True once both were acknowledged by a redirect."""
        from tests.helpers import bid_form, straight_version, tricks_form

        self.request(f"/games/{game_id}")
        status, _, _ = self.request(f"/games/{game_id}/bids", bid_form(number, bids))
        if status != 302:
            return False
        status, _, _ = self.request(
            f"/games/{game_id}/tricks", tricks_form(number, straight_version(number), tricks)
        )
        return status == 302


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve(database: Path, port: int, threads: int = 8) -> subprocess.Popen:
    """Start `flask --app scorepad serve` (waitress) on loopback and wait until it answers."""
    env = {**os.environ, "SCOREPAD_DATABASE": str(database), "SCOREPAD_SECRET_KEY": "live-tests"}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "flask",
            "--app",
            "scorepad",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--threads",
            str(threads),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/games", timeout=1):
                return proc
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError("scorepad server exited at start") from None
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("scorepad server did not answer within 20 s")


def answers(port: int) -> bool:
    """Whether anything accepts a connection on this port of 127.0.0.1."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def serve_https(
    folder: Path, name: str, *more: str, ports: tuple[int, int, int] | None = None
) -> SimpleNamespace:
    """Start `flask serve --https` (Caddy and waitress) on loopback for `name`, its
    database and Caddy's folder in `folder`, with `more` arguments; wait until it says
    it is ready. Its ports: Caddy's http and https, then waitress's (`ports`: those of a
    server stopped before, to start it again where the phones know it)."""
    from scorepad.serving.caddy import root_certificate

    http_port, https_port, waitress_port = ports or (free_port(), free_port(), free_port())
    env = {
        **os.environ,
        "SCOREPAD_DATABASE": str(folder / "scorepad.db"),
        "SCOREPAD_SECRET_KEY": "https-tests",
        "SCOREPAD_CADDY_FOLDER": str(folder / "caddy"),
    }
    command = [sys.executable, "-m", "flask", "--app", "scorepad", "serve", "--https"]
    command += ["--host", "127.0.0.1", "--port", str(http_port)]
    command += ["--https-port", str(https_port), "--name", name]
    command += ["--waitress-port", str(waitress_port), *more]
    log = folder / "serve.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=out)
    deadline = time.monotonic() + 40
    while "scorepad is ready" not in log.read_text(errors="replace"):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"serve --https did not start:\n{log.read_text()[-2000:]}")
        time.sleep(0.2)
    return SimpleNamespace(
        url=f"https://{name}:{https_port}",
        plain=f"http://{name}:{http_port}",
        ports=(http_port, https_port, waitress_port),
        folder=folder / "caddy",
        root=root_certificate(folder / "caddy" / "data"),
        process=process,
        log=log,
    )


def stop_https(server: SimpleNamespace) -> None:
    """Stop a `serve_https` server if it still runs."""
    if server.process.poll() is None:
        server.process.terminate()
        server.process.wait(20)


HANDS = [([3, 3, 3, 4], [3, 3, 3, 4]), ([4, 4, 3, 4], [3, 3, 3, 4])]


def keep_table(base: str, acked: dict, stop: threading.Event, key: int) -> None:
    phone = Phone(base, timeout=3)
    try:
        game_id = phone.start_game(players=(f"A{key}", f"B{key}", f"C{key}", f"D{key}"))
    except Exception:
        return
    acked[game_id] = []
    number = 1
    while not stop.is_set():
        bids, tricks = HANDS[number % 2]
        try:
            if not phone.play_hand(game_id, number, bids, tricks):
                return
        except (OSError, http.client.HTTPException):
            return  # the server is gone: whatever was acknowledged must survive
        acked[game_id].append((bids, tricks))
        number += 1


def acknowledged(acked: dict) -> int:
    """How many hands (or seated hands) the tables have had acknowledged so far."""
    return sum(len(h) for h in list(acked.values()))


@contextmanager
def tables_writing(
    base: str, table: Callable, count: int, acked: dict, least: int, within: float
) -> Iterator[None]:
    """Run `count` tables against the server at `base` (each `table(base, acked, stop,
    k)` in a thread) and enter the block once `least` hands are acknowledged, or after
    `within` seconds on a slow machine; leaving it stops the tables and joins them."""
    stop = threading.Event()
    threads = [threading.Thread(target=table, args=(base, acked, stop, k)) for k in range(count)]
    try:
        for t in threads:
            t.start()
        deadline = time.monotonic() + within
        while acknowledged(acked) < least and time.monotonic() < deadline:
            time.sleep(0.1)
        yield
    finally:
        stop.set()
        for t in threads:
            t.join(15)


def exported_hands(phone: Phone, game_id: str) -> list[dict]:
    """A game's hands as the server exports them in the game file."""
    status, _, body = phone.request(f"/games/{game_id}/export.json")
    assert status == 200, (game_id, status)
    return json.loads(body)["hands"]
