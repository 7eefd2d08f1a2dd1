"""A server that cannot write says why, keeps what was typed and loses nothing stored."""

from __future__ import annotations

import os
import sqlite3

import pytest

import scorepad.store.db
import scorepad.web.db
from scorepad.store import commands, storage
from scorepad.web import errors
from scorepad.web.db import get_db
from tests.helpers import (
    bid_form,
    chosen,
    disk_full,
    new_game_form,
    start,
    text,
    tricks_form,
    version_on_page,
)


@pytest.fixture
def read_only(monkeypatch):
    """Every request's connection refuses writes, as a read-only database does (the
    kept connections are let go, so the next request opens one that refuses)."""
    original = scorepad.web.db.connect

    def query_only(path, **kwargs):
        db = original(path, **kwargs)
        db.execute("pragma query_only = on")
        return db

    def switch():
        monkeypatch.setattr(scorepad.web.db, "connect", query_only)
        scorepad.web.db.forget()

    return switch


def test_tricks_on_a_read_only_database_are_kept_on_the_page(app, client, read_only):
    game_id = start(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, 1]))
    version = version_on_page(client, game_id)
    read_only()
    response = client.post(f"/games/{game_id}/tricks", data=tricks_form(1, version, [4, 6, 2, 1]))
    body = response.get_data(as_text=True)
    assert response.status_code == 503
    assert "database is read-only" in text(response)
    assert (
        '<input checked id="tricks_1-6" name="tricks_1" type="radio" value="6" data-n="6">' in body
    )
    with app.app_context():
        assert storage.load_game(get_db(), game_id).game.hands[0].bids == (4, 5, 3, 1)


def test_a_new_game_on_a_full_disk_keeps_the_names(client, monkeypatch):
    monkeypatch.setattr(commands, "start", disk_full)
    response = client.post("/games/new", data=new_game_form(("Zoe", "Yan", "Xia", "Wil")))
    assert response.status_code == 507
    assert "the server's disk is full" in text(response)
    assert 'value="Zoe"' in response.get_data(as_text=True)


@pytest.mark.parametrize(
    "path, data, writer",
    [
        ("bids", bid_form(1, [4, 5, 3, 1]), "record_bids"),
        ("hands/1", {**bid_form(1, [3, 5, 3, 1]), "version": "1"}, "fix_hand"),
    ],
)
def test_hand_forms_on_a_full_disk(app, client, monkeypatch, path, data, writer):
    game_id = start(client)
    if path != "bids":
        client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, 1]))
    monkeypatch.setattr(commands, writer, disk_full)
    response = client.post(f"/games/{game_id}/{path}", data=data)
    assert response.status_code == 507 and "disk is full" in text(response)
    assert chosen(response, "bid_0") == [data["bid_0"]]


def test_undo_and_rematch_on_a_read_only_database_say_so(app, client, read_only):
    game_id = start(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, 1]))
    read_only()
    response = client.post(
        f"/games/{game_id}/hands/1/delete",
        data={"number": "1", "version": "1"},
        follow_redirects=True,
    )
    assert "database is read-only" in text(response)
    with app.app_context():
        assert len(storage.load_game(get_db(), game_id).game.hands) == 1


def test_a_database_file_made_read_only(tmp_path, client, app):
    if os.geteuid() == 0:
        pytest.skip("root writes through file modes")
    game_id = start(client)
    os.chmod(app.config["DATABASE"], 0o444)
    try:
        fresh = app.test_client()
        assert "Alice" in text(fresh.get(f"/games/{game_id}"))
        response = fresh.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, 1]))
        assert response.status_code == 503 and "read-only" in text(response)
    finally:
        os.chmod(app.config["DATABASE"], 0o644)


def _read_only():
    conn = sqlite3.connect(":memory:")
    conn.execute("pragma query_only = on")
    conn.execute("create table t (x)")


def _busy(tmp_path):
    path = str(tmp_path / "busy.db")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("create table t (x)")
    holder.execute("begin immediate")
    try:
        sqlite3.connect(path, timeout=0, isolation_level=None).execute("begin immediate")
    finally:
        holder.rollback()
        holder.close()


def _raised(fail, *args) -> sqlite3.OperationalError:
    with pytest.raises(sqlite3.OperationalError) as caught:
        fail(*args)
    return caught.value


@pytest.mark.parametrize(
    "fail,needs_path,problem,status",
    [
        (disk_full, False, errors.DISK_FULL, 507),
        (_read_only, False, errors.READ_ONLY, 503),
        (_busy, True, errors.BUSY, 503),
    ],
)
def test_sqlite_failures_are_told_apart_by_their_code_not_their_words(
    app, tmp_path, fail, needs_path, problem, status
):
    err = _raised(fail, *((tmp_path,) if needs_path else ()))
    err.args = ("words SQLite might say differently in another version",)
    message = errors.sentences(problem[0], errors.KEPT, problem[1])
    with app.app_context():
        assert errors.storage_problem(err) == (message, status)


def test_the_words_alone_make_no_storage_problem(app):
    lookalike = sqlite3.OperationalError("database or disk is full")  # no SQLite code
    with app.app_context(), pytest.raises(sqlite3.OperationalError):
        errors.storage_problem(lookalike)


def test_bids_while_another_write_holds_the_database_too_long(app, client, monkeypatch):
    game_id = start(client)
    monkeypatch.setattr(scorepad.store.db, "BUSY_TIMEOUT_SECONDS", 0.05)
    holder = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
    holder.execute("begin immediate")
    try:
        response = client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, 1]))
    finally:
        holder.rollback()
        holder.close()
    assert response.status_code == 503 and "stayed busy with other saves" in text(response)
    assert [chosen(response, f"bid_{seat}") for seat in range(4)] == [["4"], ["5"], ["3"], ["1"]]
    with app.app_context():
        assert storage.load_game(get_db(), game_id).game.hands == ()


def test_a_seat_bid_on_a_full_disk_says_so_in_whole_sentences(client, monkeypatch):
    from tests.helpers import seat_bid, seat_links

    game_id = start(client)
    tokens = seat_links(client, game_id)
    monkeypatch.setattr(commands, "seat_bid", disk_full)
    response = seat_bid(client, tokens[0], 4)
    assert response.status_code == 507
    assert (
        "Not saved: the server's disk is full. Save again once space is freed on the server."
        in text(response)
    )


@pytest.mark.parametrize(
    "problem", [errors.DISK_FULL, errors.READ_ONLY, errors.BUSY, errors.DISK_FAILED]
)
def test_every_storage_message_is_made_of_whole_sentences(problem):
    for kept in ((), (errors.KEPT,)):
        message = errors.sentences(problem[0], *kept, problem[1])
        assert [part[:1].isupper() for part in message.split(". ")] == [True] * (2 + len(kept))


@pytest.mark.parametrize("fragment", ["save again once space is freed.", "Not saved: the disk"])
def test_a_fragment_is_not_joined_into_a_message(fragment):
    with pytest.raises(ValueError, match="not a whole sentence"):
        errors.sentences("Not saved.", fragment)


def test_a_phone_reading_spanish_is_told_in_spanish_and_keeps_its_tricks(app, client, read_only):
    game_id = start(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, 1]))
    version = version_on_page(client, game_id)
    read_only()
    client.set_cookie("lang", "es")
    response = client.post(f"/games/{game_id}/tricks", data=tricks_form(1, version, [4, 6, 2, 1]))
    assert response.status_code == 503
    said = text(response)
    assert "No se ha guardado: la base de datos del servidor es de solo lectura." in said
    assert "Lo que escribiste sigue aquí." in said and "read-only" not in said
    assert chosen(response, "tricks_1") == ["6"]
