"""Issue 39: what one phone may bring in by file in an hour is bounded (files, and games
in them), counted by its session and by its address; over it, a 429 page in words
saying when to try again, and nothing written (web/import_budget.py). Every upload here
goes through the import forms with CSRF on."""

from __future__ import annotations

import io
import json

import pytest

from scorepad.files import game as gamefile
from scorepad.store import commands
from scorepad.store.club_commands.clubs import create_club
from scorepad.web import import_budget
from scorepad.web.db import get_db
from tests.event_files import pairs_night
from tests.helpers import form_token, text
from tests.ratings_club import club as simulated
from tests.ratings_club import game_file

GAME = json.dumps(game_file((("Ann", "Cy"), ("Bo", "Di")), 0)).encode()


def _count(app, table: str) -> int:
    with app.app_context():
        return get_db().execute(f"select count(*) from {table}").fetchone()[0]


def _upload(client, page: str, field: str, body: bytes, **extra):
    token = form_token(client.get(page))
    data = {"csrf_token": token, field: (io.BytesIO(body), "file.json"), **extra}
    return client.post(page, data=data, content_type="multipart/form-data")


def _game(client):
    return _upload(client, "/games/import", "game_file", GAME, again="y")


def _night(client):
    return _upload(client, "/events/import", "file", json.dumps(pairs_night()).encode())


def _club_file(app, games: int) -> bytes:
    """A club file of `games` games, exported from a club made for it (by the store)."""
    with app.app_context():
        club_id = create_club(get_db(), "Friday Spades")
        _, played = simulated(39, players=6, games=games)
        for sides, winner, _ in played:
            game, score = gamefile.read_scored(game_file(sides, winner))
            commands.import_game(get_db(), game, score, club_id)
    return app.test_client().get(f"/clubs/{club_id}/club.json").data


def _club(client, body: bytes):
    return _upload(client, "/clubs/import", "file", body)


@pytest.fixture
def limited(guarded_app):
    guarded_app.config.update(IMPORTS_PER_HOUR=3, IMPORTED_GAMES_PER_HOUR=1000)
    return guarded_app


def _phone(app, address: str | None = None):
    """A phone of its own (its own cookie), at `address` if given."""
    client = app.test_client()
    if address:
        client.environ_base["REMOTE_ADDR"] = address
    return client


def _refused(r) -> None:
    assert r.status_code == 429
    assert "Try again in 60 minutes" in text(r)
    assert 3540 <= int(r.headers["Retry-After"]) <= 3600


def test_a_phone_brings_in_so_many_files_an_hour_then_is_told_when_to_try_again(limited):
    phone = limited.test_client()
    for _ in range(3):
        assert _game(phone).status_code == 302
    games = _count(limited, "games")
    _refused(_game(phone))
    assert _count(limited, "games") == games  # nothing written
    _refused(_night(phone))  # an event file counts among the same files
    assert _count(limited, "events") == 0


def test_the_budget_is_the_address_s_too_a_new_session_does_not_reset_it(limited):
    for _ in range(3):
        assert _game(limited.test_client()).status_code == 302  # a new cookie each time
    _refused(_game(limited.test_client()))
    elsewhere = _phone(limited, "192.0.2.9")
    assert _game(elsewhere).status_code == 302  # another phone on another network


def test_the_budget_is_the_session_s_too_a_new_address_does_not_reset_it(limited):
    phone = limited.test_client()
    for n in range(3):
        phone.environ_base["REMOTE_ADDR"] = f"198.51.100.{n + 1}"
        assert _game(phone).status_code == 302
    phone.environ_base["REMOTE_ADDR"] = "198.51.100.99"
    _refused(_game(phone))


def test_games_in_the_files_count_a_club_file_of_many_games_uses_them_up(guarded_app):
    body = _club_file(guarded_app, 8)
    guarded_app.config.update(IMPORTS_PER_HOUR=50, IMPORTED_GAMES_PER_HOUR=12)
    phone = _phone(guarded_app, "203.0.113.5")
    clubs = _count(guarded_app, "clubs")
    assert _club(phone, body).status_code == 302  # 8 of 12
    _refused(_club(phone, body))  # 16 would pass 12
    assert _count(guarded_app, "clubs") == clubs + 1
    assert _game(phone).status_code == 302  # one more game still fits
    night = len(pairs_night()["matches"])
    assert night > 3
    _refused(_night(phone))


def test_the_hour_passes_and_the_phone_may_bring_in_again(limited, monkeypatch):
    phone = limited.test_client()
    clock = [1000.0]
    monkeypatch.setattr(import_budget.time, "monotonic", lambda: clock[0])
    for _ in range(3):
        assert _game(phone).status_code == 302
        clock[0] += 600  # ten minutes between each
    r = _game(phone)
    assert r.status_code == 429 and "Try again in 30 minutes" in text(r)  # the first's hour
    clock[0] += 30 * 60 - 1
    assert _game(phone).status_code == 429
    clock[0] += 1
    assert _game(phone).status_code == 302


def test_a_file_refused_for_itself_costs_nothing(limited):
    phone = limited.test_client()
    for _ in range(5):
        r = _upload(phone, "/games/import", "game_file", b"{not json", again="y")
        assert r.status_code == 400
    for _ in range(3):
        assert _game(phone).status_code == 302


def test_a_file_of_more_games_than_an_hour_s_is_refused_as_such(guarded_app):
    body = _club_file(guarded_app, 8)
    guarded_app.config.update(IMPORTS_PER_HOUR=50, IMPORTED_GAMES_PER_HOUR=5)
    phone = _phone(guarded_app, "203.0.113.7")
    clubs = _count(guarded_app, "clubs")
    r = _club(phone, body)
    assert r.status_code == 429 and "Retry-After" not in r.headers
    assert "This file holds 8 games: more than the 5 one phone may bring in an hour" in text(r)
    assert _count(guarded_app, "clubs") == clubs
    guarded_app.config.update(IMPORTED_GAMES_PER_HOUR=8)  # the host raises it
    assert _club(phone, body).status_code == 302


def test_no_limit_when_the_config_says_0(guarded_app):
    guarded_app.config.update(IMPORTS_PER_HOUR=0, IMPORTED_GAMES_PER_HOUR=0)
    phone = guarded_app.test_client()
    for _ in range(8):
        assert _game(phone).status_code == 302


def test_the_429_page_speaks_spanish(limited):
    phone = limited.test_client()
    phone.set_cookie("lang", "es")
    for _ in range(3):
        assert _game(phone).status_code == 302
    r = _game(phone)
    assert r.status_code == 429
    assert "Vuelve a intentarlo dentro de 60 minutos" in text(r)


def test_an_event_file_counts_its_tables(limited):
    phone = limited.test_client()
    assert _game(phone).status_code == 302
    limited.config.update(IMPORTED_GAMES_PER_HOUR=4)
    assert len(pairs_night()["matches"]) == 4  # 1 + 4 would pass 4
    _refused(_night(phone))
    assert _count(limited, "events") == 0
