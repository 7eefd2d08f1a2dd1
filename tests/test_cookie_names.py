"""A phone keeps every manager's and director's link, whatever script their names are in
(issue 39, finding 1): the cookie wrote each letter outside Latin as six bytes (\\uXXXX),
and trimming it to its budget silently dropped clubs and nights (10 clubs named in
Chinese and 20 nights: 6 and 6 kept). A refused import that quoted a long value in its
message (flashed: in the cookie too) cost a phone two clubs the same way. Now the cookie
keeps ids, not names, written as UTF-8; a quoted value is cut to 40 characters; and when a
link must go at last, the phone is told in words."""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from flask import session

from scorepad.web import remembered
from tests.event_helpers import event_form
from tests.helpers import form_token, start, text

BROWSER_KEEPS = 4096
SCRIPTS = {
    "chinese": (0x4E00, 0x9FFF),
    "arabic": (0x0627, 0x064A),
    "emoji": (0x1F300, 0x1F5FF),
}


def _names(script: str, count: int, length: int, seed: int) -> list[str]:
    """Names as long as a form takes, unlike each other (alike, they would compress)."""
    low, high = SCRIPTS[script]
    pick = random.Random(seed)
    return [
        f"{n:02d} " + "".join(chr(pick.randint(low, high)) for _ in range(length - 3))
        for n in range(count)
    ]


def _cookie(response) -> str | None:
    found = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]
    return found[0] if found else None


def _post(client, path: str, data: dict):
    """POST a page's form as the phone does, with the page's form token."""
    return client.post(path, data={**data, "csrf_token": form_token(client.get(path))})


def _made(client, clubs: list[str], nights: list[str]) -> tuple[list[str], list[str]]:
    club_ids, night_ids = [], []
    for name in clubs:
        made = _post(client, "/clubs/new", {"name": name})
        assert made.status_code == 302, text(made)
        cookie = _cookie(made)
        assert cookie is None or len(cookie) < BROWSER_KEEPS
        club_ids.append(made.headers["Location"].rsplit("/", 1)[-1])
    for name in nights:
        made = _post(client, "/events/new", event_form(name=name))
        assert made.status_code == 302, text(made)
        cookie = _cookie(made)
        assert cookie is None or len(cookie) < BROWSER_KEEPS
        night_ids.append(made.headers["Location"].rsplit("/", 1)[-1])
    return club_ids, night_ids


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_ten_clubs_and_twenty_nights_named_in_any_script_are_all_kept(guarded, script):
    clubs = _names(script, 10, 40, 1)
    nights = _names(script, 20, 80, 2)
    for _ in range(30):  # games too, as a phone that scores has
        start(guarded, csrf_token=form_token(guarded.get("/games/new")))
    club_ids, night_ids = _made(guarded, clubs, nights)
    with guarded.session_transaction() as held:
        assert held["clubs"] == club_ids[::-1] and held["events"] == night_ids[::-1]
    mine = text(guarded.get("/clubs/new"))
    assert all(name in mine for name in clubs)
    directed = text(guarded.get("/events/new"))
    assert all(name in directed for name in nights)


@pytest.mark.parametrize(
    "where", ["value", "key"], ids=["a long value refused", "a long key refused"]
)
def test_a_refused_import_quotes_40_characters_and_costs_the_phone_no_link(guarded, where):
    club_ids, night_ids = _made(guarded, _names("chinese", 10, 40, 3), _names("arabic", 20, 80, 4))
    game = start(guarded, csrf_token=form_token(guarded.get("/games/new")))
    doc = json.loads(guarded.get(f"/games/{game}/export.json").get_data(as_text=True))
    long = "".join(chr(0x4E00 + n % 5000) for n in range(3000))
    if where == "value":
        doc["rules"]["bag_limit"] = long
    else:
        doc[long] = 1
    page = guarded.get(f"/clubs/{club_ids[0]}")
    sent = {"file": (io.BytesIO(json.dumps(doc).encode()), "game.json")}
    refused = guarded.post(
        f"/clubs/{club_ids[0]}/import",
        data={**sent, "csrf_token": form_token(page)},
        content_type="multipart/form-data",
    )
    assert refused.status_code == 302
    cookie = _cookie(refused)
    assert cookie is not None and len(cookie) < BROWSER_KEEPS
    said = text(guarded.get(refused.headers["Location"]))
    assert long[:40] + "…" in said and long[:41] not in said
    with guarded.session_transaction() as held:  # the club opened came first
        assert sorted(held["clubs"]) == sorted(club_ids) and held["events"] == night_ids[::-1]


def _ids(n: int, seed: int) -> list[str]:
    """Ids as the app's: unlike each other, so they never compress."""
    pick = random.Random(seed)
    return [pick.randbytes(16).hex()[:22] for _ in range(n)]


SAID = random.Random(9).randbytes(2600).hex()  # a long message waiting to be shown


def test_games_and_followed_nights_go_before_any_manager_or_director_link(app):
    with app.test_request_context("/"):
        session.update(
            games=_ids(100, 1), followed=_ids(10, 2), clubs=_ids(10, 3), events=_ids(20, 4)
        )
        session["_flashes"] = [("error", SAID[:2200])]
        response = app.response_class()
        app.session_interface.save_session(app, session, response)
        kept = dict(session)
    assert len(_cookie(response) or "") < BROWSER_KEEPS
    assert kept["clubs"] == _ids(10, 3) and kept["events"] == _ids(20, 4)
    assert len(kept["games"]) < 100
    assert [m for _, m in kept["_flashes"]] == [SAID[:2200]]  # nothing said: nothing lost


def test_a_manager_s_or_director_s_link_is_never_dropped_unsaid(app):
    with app.test_request_context("/"):
        session.update(games=_ids(100, 1), clubs=_ids(10, 3), events=_ids(20, 4))
        session["_flashes"] = [("error", SAID[:3700])]
        response = app.response_class()
        app.session_interface.save_session(app, session, response)
        kept = dict(session)
    assert len(_cookie(response) or "") < BROWSER_KEEPS
    assert kept["games"] == []  # every game went first
    lost_nights = 20 - len(kept.get("events", []))
    lost_clubs = 10 - len(kept.get("clubs", []))
    assert lost_nights + lost_clubs > 0
    assert kept.get("events", []) == _ids(20, 4)[: 20 - lost_nights]  # the oldest went
    told = [m for _, m in kept["_flashes"] if "ran out of room" in m]
    assert len(told) == 1
    assert re.search(
        rf"no longer keeps the director's links? of {lost_nights} club nights?", told[0]
    )


def test_an_old_cookie_s_names_are_read_as_ids(app, client):
    made = client.post("/clubs/new", data={"name": "Friday Spades"})
    club_id = made.headers["Location"].rsplit("/", 1)[-1]
    with client.session_transaction() as held:
        held["clubs"] = [[club_id, "Friday Spades"]]  # as cookies kept it before
    assert "Friday Spades" in text(client.get("/clubs/new"))
    with app.test_request_context("/"):
        session["clubs"] = [[club_id, "Friday Spades"], "other"]
        assert remembered.club_ids() == [club_id, "other"]
