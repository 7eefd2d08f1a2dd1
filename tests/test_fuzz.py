"""Every form field and the import endpoint fed junk: always a 4xx with a message, never a
500, and nothing stored from a refused request."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad import create_app
from scorepad.store import commands
from scorepad.web.db import get_db
from tests.helpers import DEFAULT_RULE_FORM, new_game_form, play, start
from tests.strategies import broken_documents, example_count

JUNK = st.one_of(
    st.text(max_size=60),
    st.integers(-(10**30), 10**30).map(str),
    st.sampled_from(
        [
            "",
            " ",
            "0",
            "-1",
            "14",
            "nil",
            "blind_nil",
            "1e3",
            "3.5",
            "NaN",
            "<script>alert(1)</script>",
            '"><img src=x onerror=alert(1)>',
            "y",
            "on",
            "x" * 10_000,
            "٣",
            "Ⅻ",
            "²",
            "①",
            "¹³",
            "1_0",
            "\u202e13",
        ]
    ),
)
NEW_GAME_FIELDS = [
    "table",
    "player_0",
    "player_1",
    "player_2",
    "player_3",
    "first_dealer",
    "target",
    "custom_target",
    *DEFAULT_RULE_FORM,
    "unknown_field",
]
HAND_FIELDS = [
    "number",
    "version",
    *(f"{kind}_{seat}" for kind in ("bid", "nil", "blind", "tricks") for seat in range(4)),
    "adjust_0",
    "adjust_1",
    "note",
    "dealer",
    "unknown_field",
]
FUZZ = settings(
    max_examples=example_count(120),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture
def app(tmp_path):
    return create_app(
        {
            "TESTING": False,
            "DATABASE": str(tmp_path / "fuzz.db"),
            "SECRET_KEY": "fuzz",
            "WTF_CSRF_ENABLED": False,
        }
    )


def snapshot(app) -> list:
    with app.app_context():
        db = get_db()
        return [
            list(db.query("select * from games order by id")),
            list(db.query("select * from hands order by game_id, number")),
        ]


def check(app, response, before) -> None:
    """A refusal is a 4xx with a message and leaves the database as it was; anything
    accepted redirects (POST/redirect/GET), never a page of its own."""
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    if 400 <= response.status_code < 500:
        body = response.get_data(as_text=True)
        assert 'role="alert"' in body or 'class="error"' in body
        assert snapshot(app) == before
    else:
        assert response.status_code == 302, response.status_code  # POST, redirect, GET


def mutate(base: dict, changes: dict, drop: list) -> dict:
    data = {**base, **changes}
    for key in drop:
        data.pop(key, None)
    return data


@FUZZ
@given(
    changes=st.dictionaries(st.sampled_from(NEW_GAME_FIELDS), JUNK, max_size=6),
    drop=st.lists(st.sampled_from(NEW_GAME_FIELDS), max_size=3),
)
def test_new_game_form(app, changes, drop):
    client = app.test_client()
    before = snapshot(app)
    check(app, client.post("/games/new", data=mutate(new_game_form(), changes, drop)), before)


@pytest.fixture
def game(app):
    client = app.test_client()
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    client.post(
        f"/games/{game_id}/bids",
        data={
            "number": "2",
            "version": "0",
            "bid_0": "3",
            "bid_1": "3",
            "bid_2": "3",
            "bid_3": "4",
        },
    )
    return client, game_id


HAND_BASE = {
    "number": "2",
    "version": "1",
    "bid_0": "3",
    "bid_1": "3",
    "bid_2": "3",
    "bid_3": "4",
    "tricks_0": "3",
    "tricks_1": "3",
    "tricks_2": "3",
    "tricks_3": "4",
    "adjust_0": "10",
    "adjust_1": "-10",
    "note": "renege",
    "dealer": "1",
}


@FUZZ
@given(
    path=st.sampled_from(
        [
            "bids",
            "tricks",
            "hands/1",
            "hands/2",
            "hands/2/delete",
            "hands/1/delete",
            "hands/1/adjust",
            "hands/1/dealer",
            "rematch",
        ]
    ),
    changes=st.dictionaries(st.sampled_from(HAND_FIELDS), JUNK, max_size=6),
    drop=st.lists(st.sampled_from(HAND_FIELDS), max_size=3),
)
def test_hand_forms(app, game, path, changes, drop):
    client, game_id = game
    before = snapshot(app)
    response = client.post(f"/games/{game_id}/{path}", data=mutate(HAND_BASE, changes, drop))
    if response.status_code == 302 and path != "rematch" and snapshot(app) != before:
        # accepted: the change stays (the game goes on in the next example), and the game
        # must still be readable, scored and shown after it
        page = client.get(f"/games/{game_id}")
        assert page.status_code == 200, page.get_data(as_text=True)[:500]
    else:
        check(app, response, before)


@FUZZ
@given(
    content=st.one_of(
        st.binary(max_size=300),
        st.text(max_size=300).map(str.encode),
        broken_documents().map(lambda d: json.dumps(d).encode()),
    )
)
def test_import(app, content):
    client = app.test_client()
    before = snapshot(app)
    response = client.post("/games/import", data={"game_file": (io.BytesIO(content), "g.json")})
    check(app, response, before)


@pytest.mark.parametrize("path", ["/games/import", "/games/new"])
def test_missing_and_strange_fields(app, path):
    client = app.test_client()
    before = snapshot(app)
    for data in ({}, {"game_file": "not a file"}, {"table": ["a", "b"]}):
        check(app, client.post(path, data=data), before)


def test_hand_limit(app, tmp_path):
    from scorepad.files import game as gamefile

    doc = {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": ["A", "B", "C", "D"],
        "rules": {"target": 2000},
        "hands": [
            {"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]},
            {"bids": [4, 4, 3, 4], "tricks": [3, 3, 3, 4]},
        ]
        * 250,
    }
    game = gamefile.read(doc)
    with app.app_context():
        game_id = commands.import_game(get_db(), game, game.score()).id
        with pytest.raises(gamefile.GameError, match="hand 501: a game holds at most 500"):
            commands.record_bids(get_db(), game_id, 501, [3, 3, 3, 4])
    doc["hands"].append({"bids": [3, 3, 3, 4], "tricks": None})
    response = app.test_client().post(
        "/games/import", data={"game_file": (io.BytesIO(json.dumps(doc).encode()), "g.json")}
    )
    assert response.status_code == 400 and "at most 500 hands" in response.get_data(as_text=True)
