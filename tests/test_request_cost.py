"""What a request costs beyond its own work: a connection, kept and used again; a form class
built once per shape; the session cookie sent only when it changed; the game page of an
unchanged game drawn once, and scoring nothing, while each phone keeps its own token."""

from __future__ import annotations

import re
import sqlite3
import threading

import flask
import pytest
from markupsafe import Markup
from wtforms.widgets.core import html_params

from scorepad import create_app
from scorepad.core.rules import Rules
from scorepad.core.scoring import score_game
from scorepad.store.db import writing
from scorepad.web import db as web_db
from scorepad.web import urls
from scorepad.web.hand_forms import hand_form
from scorepad.web.widgets import attributes
from tests.helpers import bid_form, new_game_form, partnership, start, tricks_form, version_on_page

TOKEN = re.compile(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"')


def _connection(app):
    with app.app_context():
        return web_db.get_db()


def test_a_request_after_another_uses_its_connection(app):
    first, second = _connection(app), _connection(app)
    assert first is second
    assert first.execute("pragma foreign_keys").fetchone()[0] == 1
    assert first.execute("pragma synchronous").fetchone()[0] == 2  # FULL


def test_requests_at_the_same_time_and_each_app_have_their_own_connection(app, tmp_path):
    other_app = create_app({"DATABASE": str(tmp_path / "other.db"), "SECRET_KEY": "k"})
    seen = []
    with app.app_context():
        mine = web_db.get_db()
        thread = threading.Thread(target=lambda: seen.append(_connection(app)))
        thread.start()
        thread.join()
        assert seen[0] is not mine  # taken while this request still holds its own
    # both given back: the last given back (this one) is the next one taken, by any thread
    thread = threading.Thread(target=lambda: seen.append(_connection(app)))
    thread.start()
    thread.join()
    assert seen[1] is mine
    other = _connection(other_app)
    assert other is not mine and other is not seen[0]
    assert other.execute("pragma database_list").fetchone()[2].endswith("other.db")


def test_a_connection_sqlite_failed_on_is_closed_not_given_back(app):
    with app.app_context():
        failed = web_db.get_db()
        web_db.close_db(sqlite3.OperationalError("disk I/O error"))
    fresh = _connection(app)
    assert fresh is not failed
    with pytest.raises(sqlite3.ProgrammingError):  # closed
        failed.execute("select 1")


def test_a_transaction_left_open_is_rolled_back_at_the_end_of_the_request(app, client):
    game_id = start(client)
    with app.app_context():
        db = web_db.get_db()
        db.execute("begin immediate")
        db.execute("update games set revision = 99 where id = ?", [game_id])
    with app.app_context():
        db = web_db.get_db()
        assert not db.conn.in_transaction
        assert db.execute("select revision from games where id = ?", [game_id]).fetchone()[0] != 99


def test_reads_run_without_savepoints(app, client):
    game_id = start(client)
    client.get(f"/games/{game_id}")
    statements = []
    db = _connection(app)
    db.conn.set_trace_callback(statements.append)
    try:
        client.get(f"/games/{game_id}")
    finally:
        db.conn.set_trace_callback(None)
    assert statements and not [s for s in statements if "SAVEPOINT" in s or "PRAGMA" in s]


def test_a_hand_form_class_is_built_once_per_shape(app):
    table = partnership()
    with app.test_request_context():
        bids = score_game(table, Rules(), []).next_hand.bids
        one, two = hand_form(table, bids=bids, number=1), hand_form(table, bids=bids, number=2)
        assert type(one) is type(two) and one.number.data == 1 and two.number.data == 2
        assert type(hand_form(table, tricks="seat")) is not type(one)


def test_the_session_cookie_is_sent_only_when_the_session_changes(client):
    game_id = start(client)
    client.get(f"/games/{game_id}")  # the session gets its CSRF token
    again = client.get(f"/games/{game_id}")
    assert "Set-Cookie" not in again.headers  # the game was already first on the list
    client.get("/games/new")
    assert "Set-Cookie" not in client.get(f"/games/{game_id}").headers
    other = start(client)
    assert "Set-Cookie" in client.get(f"/games/{game_id}").headers  # moved back to the top
    assert other


def test_a_page_shown_again_scores_nothing_and_keeps_each_phones_token(guarded_app, sides_scored):
    phones = [guarded_app.test_client(), guarded_app.test_client()]
    tokens = []
    for phone in phones:
        tokens.append(TOKEN.search(phone.get("/games/new").get_data(as_text=True)).group(1))
    form = {"csrf_token": tokens[0], **new_game_form()}
    response = phones[0].post("/games/new", data=form)
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    game = response.headers["Location"]
    pages = [phone.get(game).get_data(as_text=True) for phone in phones]
    sides_scored.reset()
    again = [phone.get(game).get_data(as_text=True) for phone in phones]
    assert sides_scored.count == 0  # the at-stake lines included
    for page, page_again in zip(pages, again):
        assert TOKEN.sub("", page) == TOKEN.sub("", page_again)
    first, second = (set(TOKEN.findall(page)) for page in again)
    assert len(first) == 1 and len(second) == 1 and first != second
    bids = {"csrf_token": first.pop(), **bid_form(1, [3, 3, 3, 4])}
    assert phones[0].post(f"{game}/bids", data=bids).status_code == 302
    assert "Hand 1: tricks" in phones[1].get(game).get_data(as_text=True)


def test_a_phones_token_is_signed_once_and_checks_on_every_page(guarded_app, monkeypatch):
    from scorepad.web import pagecache

    signed = []
    original = pagecache.generate_csrf
    monkeypatch.setattr(pagecache, "generate_csrf", lambda: signed.append(1) or original())
    phone = guarded_app.test_client()
    token = TOKEN.search(phone.get("/games/new").get_data(as_text=True)).group(1)
    game = phone.post("/games/new", data={"csrf_token": token, **new_game_form()})
    game = game.headers["Location"]
    shown = [TOKEN.search(phone.get(game).get_data(as_text=True)).group(1) for _ in range(3)]
    assert len(set(shown)) == 1 and len(signed) == 1  # kept pages, one signing
    tag = phone.get(game).headers["ETag"]  # the same tag whether signed now or kept
    assert phone.get(game, headers={"If-None-Match": tag}).status_code == 304
    fresh = guarded_app.test_client()
    fresh.get("/games/new")
    first = fresh.get(game)  # this phone's token signed now
    assert fresh.get(game, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    bids = {"csrf_token": shown[0], **bid_form(1, [3, 3, 3, 4])}
    assert phone.post(f"{game}/bids", data=bids).status_code == 302
    after = TOKEN.search(phone.get(game).get_data(as_text=True)).group(1)
    assert after == shown[0] and len(signed) == 2  # a new page of the game, the same token
    other = guarded_app.test_client()
    other.get("/games/new")
    theirs = TOKEN.search(other.get(game).get_data(as_text=True)).group(1)
    assert theirs != after and len(signed) == 3  # each phone its own (fresh's too)
    guarded_app.config["WTF_CSRF_TIME_LIMIT"] = 3600  # with a limit, signed each request
    phone.get(game)
    assert len(signed) == 4


def test_a_page_after_a_save_shows_the_save(app, client):
    game_id = start(client)
    client.get(f"/games/{game_id}")
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [3, 3, 3, 4]))
    version = version_on_page(client, game_id)
    client.post(f"/games/{game_id}/tricks", data=tricks_form(1, version, [3, 3, 3, 4]))
    assert "Hand 2: bids" in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_a_commit_that_fails_leaves_no_transaction_open(app):
    with app.app_context():
        db = web_db.get_db()
        # A deferred foreign key is checked at COMMIT, which then fails, as on a full disk.
        db.execute(
            "create table note (game text references games(id) deferrable initially deferred)"
        )
        with pytest.raises(sqlite3.IntegrityError):
            with writing(db):
                db.execute("insert into note values ('no such game')")
        assert not db.conn.in_transaction
        assert db.execute("select count(*) from note").fetchone()[0] == 0


@pytest.mark.parametrize(
    "attrs",
    [
        {"id": "number", "name": "number", "type": "hidden", "value": "3", "required": True},
        {"id": 'x"<&', "value": Markup('a"b'), "data_x_y": "1", "class_": "c", "checked": False},
        {"value": 5, "aria_label": "it's", "for_": "f"},
    ],
)
def test_the_quick_hidden_input_draws_what_wtforms_draws(attrs):
    assert attributes(**attrs) == html_params(**attrs)
    assert isinstance(attributes(**attrs), Markup)


@pytest.mark.parametrize(
    "base_url",
    [
        "http://localhost/",
        "http://192.168.1.20:8000/",
        "https://cards.example/",
        "http://h/spades/",
    ],
)
def test_template_links_are_the_links_flask_builds_at_each_address(app, base_url):
    calls = [
        ("games.show", {"game_id": "abc"}),
        ("pages.watch", {"token": "t", "_external": True}),
        ("games.edit_hand", {"game_id": "abc", "number": 3}),
        ("games.index", {}),
    ]
    for _ in range(2):  # built, then remembered
        with app.test_request_context("/games", base_url=base_url):
            for endpoint, values in calls:
                assert urls.url_for(endpoint, **values) == flask.url_for(endpoint, **values)
    with app.test_request_context("/games", base_url=base_url):
        assert urls.url_for("games.show", game_id="abc", _anchor="x").endswith("/games/abc#x")


def test_templates_are_compiled_once_and_kept(app, client):
    game_id = start(client)
    client.get(f"/games/{game_id}")
    assert app.jinja_env.auto_reload is False  # no stat of the files on every render
    compiled = app.jinja_env.get_template("games/show.html")
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [3, 3, 3, 4]))
    client.get(f"/games/{game_id}")
    assert app.jinja_env.get_template("games/show.html") is compiled


def test_a_kept_page_is_kept_per_address(client):
    game_id = start(client)
    for _ in range(2):  # drawn, then kept
        for host in ("http://a.example", "http://b.example:8000"):
            page = client.get(f"/games/{game_id}", base_url=host).get_data(as_text=True)
            assert f'href="{host}/watch/' in page


def test_each_hand_form_has_fields_of_its_own(app):
    """Each hand form's fields are bound for it: each form holds its own values and
    errors, its fields answer to it, and each field is what WTForms binds."""
    table = partnership()
    bids = score_game(table, Rules(), []).next_hand.bids
    sent = {"number": "1", "version": "0", "bid_0": "14", "bid_1": "nil"}
    with app.test_request_context(method="POST", data=sent):
        refused = hand_form(table, bids=bids)
        assert not refused.validate() and refused.bid_0.errors
    with app.test_request_context():
        fresh = hand_form(table, bids=bids, number=2, version=0)
        assert fresh.bid_0 is not refused.bid_0 and fresh.bid_0.label is not refused.bid_0.label
        assert fresh.bid_0.errors == () and fresh.bid_0.data is None
        assert refused.bid_0.data == "14" and refused.bid_1.data == "nil"
        assert all(field.meta is fresh.meta and field._form is fresh for field in fresh)
        options = {"prefix": "", "translations": fresh.meta.get_translations(fresh)}
        for name, field in fresh._fields.items():
            bound = getattr(type(fresh), name).bind(form=fresh, name=name, **options)
            bound.process(None, {"number": 2, "version": 0}.get(name))
            assert type(bound) is type(field) and str(bound) == str(field)
            assert set(vars(bound)) == set(vars(field))


def test_a_taken_save_signs_no_token_and_a_refused_one_draws_its_own(guarded_app):
    """A hand form's CSRF token is signed when the form is drawn: a save that is taken
    (a redirect) signs none; a refused one draws its form with the request's token."""
    client = guarded_app.test_client()
    token = TOKEN.search(client.get("/games/new").get_data(as_text=True)).group(1)
    game = client.post("/games/new", data={"csrf_token": token, **new_game_form()})
    game = game.headers["Location"]
    token = TOKEN.search(client.get(game).get_data(as_text=True)).group(1)
    with client:
        sent = {"csrf_token": token, **bid_form(1, [3, 3, 3, 4])}
        sent.pop("bid_0")
        refused = client.post(f"{game}/bids", data=sent)
        drawn = set(TOKEN.findall(refused.get_data(as_text=True)))
        assert refused.status_code == 400 and drawn == {flask.g.csrf_token}
    with client:
        taken = client.post(f"{game}/bids", data={"csrf_token": token, **bid_form(1, [3] * 4)})
        assert taken.status_code == 302 and "csrf_token" not in flask.g
