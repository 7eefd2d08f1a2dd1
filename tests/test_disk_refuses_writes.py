"""A real server whose writes the system refuses (a file size limit, as RLIMIT_FSIZE sets,
or a disk quota: SQLite says SQLITE_IOERR, not SQLITE_FULL) tells each phone in words,
never a 500, keeps the database as it was, and saves once the writes go through again."""

from __future__ import annotations

import json
import re
import resource
import urllib.error
import urllib.request
import uuid

import pytest

from tests.club_files import CLUB
from tests.event_helpers import event_form
from tests.helpers import bid_form, dump_rows
from tests.live import Phone, free_port, serve

SAID = "Not saved: the server could not write to its disk."
REVISION = re.compile(r'name="revision" (?:type="hidden" )?value="(\d+)"')


def _upload(phone: Phone, page: str, body: bytes) -> tuple[int, dict, str]:
    """A file sent by the import page at `page`, as its form sends it (its CSRF token)."""
    phone.request(page)
    mark = uuid.uuid4().hex
    data = (
        (
            f'--{mark}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n'
            f"{phone.token}\r\n--{mark}\r\nContent-Disposition: form-data; "
            f'name="file"; filename="club.json"\r\nContent-Type: application/json\r\n\r\n'
        ).encode()
        + body
        + f"\r\n--{mark}--\r\n".encode()
    )
    request = urllib.request.Request(
        phone.base + page,
        data=data,
        headers={"Content-Type": f"multipart/form-data; boundary={mark}"},
    )
    try:
        with phone.opener.open(request, timeout=phone.timeout) as resp:
            return resp.status, dict(resp.headers), resp.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read().decode()


def _revision(phone: Phone, page: str) -> str:
    return REVISION.search(phone.request(page)[2]).group(1)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A served database with a game, a club and a night checked in, made by its pages."""
    path = tmp_path_factory.mktemp("limit") / "scorepad.db"
    port = free_port()
    process = serve(path, port)
    phone = Phone(f"http://127.0.0.1:{port}")
    try:
        game_id = phone.start_game()
        status, headers, _ = _upload(phone, "/clubs/import", json.dumps(CLUB).encode())
        assert status == 302
        club_id = headers["Location"].rsplit("/", 1)[-1]
        phone.request("/events/new")
        status, headers, _ = phone.request("/events/new", event_form(rounds=1))
        event_id = headers["Location"].rsplit("/", 1)[-1]
        for pair in (("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")):
            phone.request(f"/events/{event_id}")
            phone.request(f"/events/{event_id}/checkin", {"player_0": pair[0], "player_1": pair[1]})
        yield process, path, phone, {"game": game_id, "club": club_id, "event": event_id}
    finally:
        process.kill()
        process.wait(10)


def _bids(phone: Phone, ids: dict) -> tuple[int, dict, str]:
    phone.request(f"/games/{ids['game']}")
    return phone.request(f"/games/{ids['game']}/bids", bid_form(1, [4, 5, 3, 1]))


def _club_file(phone: Phone, ids: dict) -> tuple[int, dict, str]:
    return _upload(phone, "/clubs/import", json.dumps(CLUB).encode())


def _rename(phone: Phone, ids: dict) -> tuple[int, dict, str]:
    revision = _revision(phone, f"/clubs/{ids['club']}")
    form = {"revision": revision, "player": "ann", "name": "Annie Hall"}
    return phone.request(f"/clubs/{ids['club']}/rename", form)


def _draw(phone: Phone, ids: dict) -> tuple[int, dict, str]:
    revision = _revision(phone, f"/events/{ids['event']}")
    return phone.request(f"/events/{ids['event']}/draw", {"revision": revision})


@pytest.mark.parametrize("send", [_bids, _club_file, _rename, _draw])
def test_a_write_the_system_refuses_is_told_and_saved_once_it_may(server, send):
    process, path, phone, ids = server
    _, hard = resource.prlimit(process.pid, resource.RLIMIT_FSIZE)
    before = dump_rows(str(path))
    resource.prlimit(process.pid, resource.RLIMIT_FSIZE, (0, hard))  # no file may grow
    try:
        status, _, page = send(phone, ids)
        assert phone.request(f"/games/{ids['game']}")[0] == 200  # pages still open
    finally:
        resource.prlimit(process.pid, resource.RLIMIT_FSIZE, (hard, hard))
    assert status == 507, page[:2000]
    assert SAID in page.replace("&#39;", "'")
    assert dump_rows(str(path)) == before  # nothing half-written
    assert send(phone, ids)[0] == 302  # the same form, sent again, is saved
    assert dump_rows(str(path)) != before
