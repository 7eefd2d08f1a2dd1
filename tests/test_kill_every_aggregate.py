"""The real server SIGKILLed while a write of each aggregate is in flight (a club file and a
night file brought in, a game and a night filed into a club, a roster split, a preset
renamed, a season closed and the next one made, the director's draw, start, playoff and
re-seat, a seat claimed): after each, the file is sound, every game scores from its
hands, every page of the world opens (never a 500) and every club and night exports a
file that imports again. Each command is one transaction, so a kill leaves its aggregate
wholly before or wholly after."""

from __future__ import annotations

import copy
import http.cookiejar
import io
import json
import random
import re
import shutil
import signal
import sqlite3
import threading
import time

import pytest

from scorepad import create_app
from scorepad.store import storage
from scorepad.store.storage import load_game
from scorepad.web.db import get_db
from tests.club_files import CLUB, GAME
from tests.event_files import pairs_night
from tests.event_helpers import Night
from tests.helpers import play, seat_links, start
from tests.live import Phone, free_port, serve
from tests.test_disk_refuses_writes import _upload
from tests.test_event_kill import _copy  # the file as SQLite reads it, its log included

SECRET = "live-tests"  # tests/live.py serves with it: the world's cookie is the server's
PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]
REVISION = re.compile(r'name="revision" (?:type="hidden" )?value="(\d+)"')
BIG_CLUB = json.dumps({**CLUB, "games": [copy.deepcopy(GAME) for _ in range(400)]}).encode()
NEW_SEASON = {"name": "Spring", "kind": "pairs", "playoff_format": "single", "fixtures": "season"}
NIGHTS = ("checked", "drawn", "playing", "done")


def _app(path, **more):
    config = {"TESTING": True, "DATABASE": str(path), "SECRET_KEY": SECRET, **more}
    return create_app({"WTF_CSRF_ENABLED": False, **config})


def _night(client, app, stage: str) -> str:
    night = Night(client, app, rounds=1, playoff=4, target=100)
    for pair in PAIRS:
        night.check_in(*pair)
    if stage != "checked":
        night.act("draw", "Round drawn")
    if stage in ("playing", "done"):
        night.act("start", "Round started")
    if stage == "done":
        night.play_round()
    return night.id


@pytest.fixture(scope="module")
def world(tmp_path_factory, migrated):
    """A club (with a season and a preset), a game to file into it, a game with seat
    links, and club nights checked in, drawn, being played and with their round done:
    made by their pages, by one phone whose cookie remembers them."""
    path = tmp_path_factory.mktemp("world") / "world.db"
    shutil.copyfile(migrated, path)
    app = _app(path)
    client = app.test_client()
    r = client.post(
        "/clubs/import",
        data={"file": (io.BytesIO(json.dumps(CLUB).encode()), "club.json")},
        content_type="multipart/form-data",
    )
    ids = {"club": r.headers["Location"].rsplit("/", 1)[-1]}
    ids["game"] = start(client, players=("Ann", "Annie", "Bo", "Cy"))
    play(client, ids["game"], 1, [3, 3, 3, 4], [3, 3, 3, 4])
    ids["seat_game"] = start(client, players=("Sa", "Sb", "Sc", "Sd"))
    ids["seat"] = seat_links(client, ids["seat_game"])[0]
    for stage in NIGHTS:
        ids[stage] = _night(client, app, stage)
    with app.app_context():
        ids["season"] = get_db().execute("select id from seasons").fetchone()[0]
    return path, ids, client.get_cookie("session").value


def _phone(base: str, cookie: str) -> Phone:
    phone = Phone(base, timeout=30)
    jar = next(h.cookiejar for h in phone.opener.handlers if hasattr(h, "cookiejar"))
    host = base.split("//")[1].split(":")[0]
    jar.set_cookie(
        http.cookiejar.Cookie(
            0, "session", cookie, None, False, host, False, False, "/", True, False, None,
            False, None, None, {},
        )
    )  # fmt: skip
    return phone


def _form(page: str, data: dict[str, str]):
    """POST `data` and the revision `page` shows, once the phone has opened it."""

    def send(phone: Phone) -> None:
        shown = phone.request(page)[2]
        found = REVISION.search(shown)
        phone.request(page if "action" not in data else data["action"], {
            **({"revision": found.group(1)} if found else {}),
            **{k: v for k, v in data.items() if k != "action"},
        })  # fmt: skip

    return send


def _file(page: str, body: bytes):
    return lambda phone: _upload(phone, page, body)


def _writes(ids: dict) -> dict:
    club = f"/clubs/{ids['club']}"
    season = f"/seasons/c/{ids['club']}/{ids['season']}"
    night = {stage: f"/events/{ids[stage]}" for stage in NIGHTS}
    return {
        "a club file": (_file("/clubs/import", BIG_CLUB), 0.3),
        "a night file": (_file("/events/import", json.dumps(pairs_night()).encode()), 0.05),
        "a game filed": (_form(club, {"action": f"{club}/file", "game": ids["game"]}), 0.03),
        "a night filed": (_form(club, {"action": f"{club}/file", "night": ids["done"]}), 0.03),
        "a split": (
            _form(club, {"action": f"{club}/split", "player": "ann", "name": "annie"}),
            0.03,
        ),
        "a preset renamed": (
            _form(club, {"action": f"{club}/presets/rename", "preset": "League", "name": "Cup"}),
            0.03,
        ),
        "a season closed": (_form(season, {"action": f"{season}/close"}), 0.03),
        "the next season": (
            _form(club, {"action": f"/seasons/c/{ids['club']}/new", **NEW_SEASON}),
            0.03,
        ),
        "draw": (_form(night["checked"], {"action": f"{night['checked']}/draw"}), 0.03),
        "start": (_form(night["drawn"], {"action": f"{night['drawn']}/start"}), 0.05),
        "playoff": (_form(night["done"], {"action": f"{night['done']}/playoff"}), 0.03),
        "reseat": (
            _form(
                night["playing"],
                {"action": f"{night['playing']}/rounds/1/reseat", "seat": "1-0", "name": "Zed"},
            ),
            0.03,
        ),
        "a seat claimed": (
            _form(f"/seat/{ids['seat']}", {"action": f"/seat/{ids['seat']}/claim", "name": "Sa"}),
            0.02,
        ),
    }


def _pages_open(client, starts: list[str], most: int = 120) -> list[tuple[str, int]]:
    """Every page reached from `starts` by links: those that answered 500 or more."""
    seen: set[str] = set()
    queue, failed = list(starts), []
    while queue and len(seen) < most:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.add(path)
        r = client.get(path)
        if r.status_code >= 500:
            failed.append((path, r.status_code))
        if "html" not in r.headers.get("Content-Type", ""):
            continue
        for href in re.findall(r'href="(/(?:clubs|seasons|events|games|seat)/[^"#?]+)"', r.text):
            if not re.search(r"\.(png|svg)$|/qr$|/new$|/import$", href):
                queue.append(href)
    return failed


def _restores(body: bytes, page: str, tmp_path, migrated) -> int:
    target = tmp_path / f"restored{random.randrange(10**9)}.db"
    shutil.copyfile(migrated, target)
    fresh = _app(target).test_client()
    data = {"file": (io.BytesIO(body), "export.json")}
    return fresh.post(page, data=data, content_type="multipart/form-data").status_code


def _sound(path, ids: dict, cookie: str, tmp_path, migrated) -> None:
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("pragma integrity_check").fetchall() == [("ok",)]
        assert conn.execute("pragma foreign_key_check").fetchall() == []
        games = [row[0] for row in conn.execute("select id from games")]
        clubs = [row[0] for row in conn.execute("select id from clubs")]
        events = [row[0] for row in conn.execute("select id from events")]
    finally:
        conn.close()
    storage.forget_all()
    app = _app(path)
    client = app.test_client()
    client.set_cookie("session", cookie)
    with app.app_context():
        for game_id in games:
            load_game(get_db(), game_id).score()  # every game scores from its hands
    starts = [f"/clubs/{c}" for c in clubs] + [f"/events/{e}" for e in events]
    assert _pages_open(client, starts + [f"/games/{ids['game']}", f"/seat/{ids['seat']}"]) == []
    for club_id in clubs:
        body = client.get(f"/clubs/{club_id}/club.json").data
        assert _restores(body, "/clubs/import", tmp_path, migrated) == 302
    for event_id in events:
        body = client.get(f"/events/{event_id}/event.json").data
        assert _restores(body, "/events/import", tmp_path, migrated) == 302


@pytest.mark.parametrize(
    "write",
    [
        "a club file",
        "a night file",
        "a game filed",
        "a night filed",
        "a split",
        "a preset renamed",
        "a season closed",
        "the next season",
        "draw",
        "start",
        "playoff",
        "reseat",
        "a seat claimed",
    ],
)
def test_a_kill_during_a_write_leaves_every_aggregate_whole(world, write, tmp_path, migrated):
    template, ids, cookie = world
    path = tmp_path / "scorepad.db"
    _copy(template, path)
    send, within = _writes(ids)[write]
    port = free_port()
    server = serve(path, port)
    phone = _phone(f"http://127.0.0.1:{port}", cookie)

    def sending() -> None:
        try:
            send(phone)
        except OSError:
            pass  # killed before it answered

    sender = threading.Thread(target=sending)
    try:
        sender.start()
        time.sleep(random.uniform(0.0, within))
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        sender.join(30)
    _sound(path, ids, cookie, tmp_path, migrated)
