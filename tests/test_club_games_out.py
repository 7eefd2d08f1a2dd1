"""Issue 39, finding 3: the manager sees every game of the club (its date, players and
result) and takes any game filed alone out of it, asked twice; a file whose game (or a
game of whose night) the club holds already is refused, said as a phone's own import
says it. CSRF is on for every upload and every take-out."""

from __future__ import annotations

import io
import json
import re

from tests.event_files import pairs_night
from tests.helpers import form_token, play, start, text
from tests.test_clubs import _make


def _bring(guarded, club_id: str, body: bytes):
    token = form_token(guarded.get(f"/clubs/{club_id}"))
    return guarded.post(
        f"/clubs/{club_id}/import",
        data={"csrf_token": token, "file": (io.BytesIO(body), "file.json")},
        content_type="multipart/form-data",
    )


def _played(client) -> bytes:
    """A finished game's file, exported from the phone that played it (its only game)."""
    game_id = start(client, target="custom", custom_target="100")
    play(client, game_id, 1, [4, 5, 3, 1], [5, 5, 3, 0])
    play(client, game_id, 2, [4, 5, 3, 1], [5, 5, 3, 0])
    return client.get(f"/games/{game_id}/export.json").data


def _games_page(guarded, club_id: str):
    page = guarded.get(f"/clubs/{club_id}/games")
    assert page.status_code == 200
    return page


def _game_ids(page) -> list[str]:
    """The games the page lists: each by its own page (a game filed alone, or one this phone
    holds) or its live score (a night's table: the manager's link scores no table)."""
    body = page.get_data(as_text=True)
    return re.findall(r'id="game-\d+">\s*<a href="/(?:games|watch)/([\w-]+)"', body)


def _club_games(guarded, club_id: str) -> int:
    found = re.search(r"(\d+) games?,", text(guarded.get(f"/clubs/{club_id}")))
    assert found
    return int(found.group(1))


def test_the_manager_sees_every_game_with_its_date_players_and_result(client, guarded):
    club_id = _make(client)
    manager = guarded.get(f"/clubs/{club_id}").get_data(as_text=True)
    assert f'href="/clubs/{club_id}/games"' in manager
    assert _bring(guarded, club_id, _played(client)).status_code == 302
    in_club = start(client, club=club_id)
    night = json.dumps(pairs_night()).encode()
    assert _bring(guarded, club_id, night).status_code == 302
    page = _games_page(guarded, club_id)
    shown = text(page)
    ids = _game_ids(page)
    assert in_club in ids and len(ids) == _club_games(guarded, club_id)
    assert re.search(
        r"Alice & Cara won .*Alice & Cara \d+ · Ben & Dev [−-]?\d+ · \d{4}-\d\d-\d\d", shown
    )
    assert "In progress, hand 1" in shown
    # a game filed alone may be taken out; a night's table counts with its night
    # a game filed alone may be taken out, and a night (its tables count with it)
    assert shown.count("Yes, take this game out") == 2 and "A club night's table" in shown
    assert shown.count("Yes, take this night out") == 1


def test_a_game_is_taken_out_asked_twice_and_counts_no_more(client, guarded):
    club_id = _make(client)
    assert _bring(guarded, club_id, _played(client)).status_code == 302
    page = _games_page(guarded, club_id)
    (game_id,) = _game_ids(page)
    body = page.get_data(as_text=True)
    # asked first, then done: a fold-out holding the second button
    assert re.search(r'<details class="confirm"><summary role="button">Take out', body)
    assert "Yes, take this game out" in body
    revision = re.search(r'name="revision" type="hidden" value="(\d+)"', body)
    revision = revision or re.search(r'name="revision"[^>]*value="(\d+)"', body)
    assert revision
    sent = {"csrf_token": form_token(page), "revision": revision.group(1)}
    assert guarded.post(f"/clubs/{club_id}/unfile/{game_id}", data={}).status_code == 400
    r = guarded.post(f"/clubs/{club_id}/unfile/{game_id}", data=sent)
    assert r.status_code == 302
    assert "Taken out: it counts no more." in text(guarded.get(r.headers["Location"]))
    assert _club_games(guarded, club_id) == 0 and _game_ids(_games_page(guarded, club_id)) == []
    assert guarded.get(f"/games/{game_id}").status_code == 200  # the game itself stays
    again = guarded.post(f"/clubs/{club_id}/unfile/{game_id}", data=sent)  # an old page
    assert "changed since this page was loaded" in text(guarded.get(again.headers["Location"]))


def test_the_same_game_file_brought_twice_is_said_and_counts_once(client, guarded):
    club_id = _make(client)
    body = _played(client)
    assert _bring(guarded, club_id, body).status_code == 302
    r = _bring(guarded, club_id, body)
    assert "This game is already in the club" in text(guarded.get(r.headers["Location"]))
    assert _club_games(guarded, club_id) == 1
    # the game filed from the phone that played it, a copy of the one brought in: said too
    (game_id,) = [g for g in client_games(client) if g not in ("new", "import")]
    r = client.post(f"/clubs/{club_id}/file", data={"game": game_id})
    assert "This game is already in the club" in text(client.get(r.headers["Location"]))
    assert _club_games(guarded, club_id) == 1


def client_games(client) -> list[str]:
    """What the phone's games page links to under /games/."""
    return re.findall(r'href="/games/([\w-]+)"', client.get("/games").get_data(as_text=True))


def test_the_same_night_file_brought_twice_is_said_and_counts_once(client, guarded):
    club_id = _make(client)
    night = json.dumps(pairs_night()).encode()
    assert _bring(guarded, club_id, night).status_code == 302
    held = _club_games(guarded, club_id)
    r = _bring(guarded, club_id, night)
    assert "A game of this night is already in the club" in text(guarded.get(r.headers["Location"]))
    assert _club_games(guarded, club_id) == held


def _take_out(guarded, club_id: str, kind: str, index: int = 1):
    """Press the second button of the `index`th game's or night's Take out, as the page
    words it: its own form, its own action, the page's revision."""
    page = _games_page(guarded, club_id)
    body = page.get_data(as_text=True)
    item = re.search(rf'id="{kind}-{index}">.*?</li>', body, re.S)
    assert item and "Take out" in item.group(0)
    action = re.search(r'<form method="post" action="([^"]+)"', item.group(0))
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', item.group(0)))
    assert action and set(fields) == {"csrf_token", "revision"}
    return guarded.post(action.group(1), data=fields)


def test_a_night_is_taken_out_with_its_tables(client, guarded):
    club_id = _make(client)
    assert _bring(guarded, club_id, json.dumps(pairs_night()).encode()).status_code == 302
    assert _club_games(guarded, club_id) > 0
    shown = text(_games_page(guarded, club_id))
    assert pairs_night()["settings"]["name"] in shown and "Yes, take this night out" in shown
    r = _take_out(guarded, club_id, "night")
    assert "Taken out: it counts no more." in text(guarded.get(r.headers["Location"]))
    assert _club_games(guarded, club_id) == 0
    assert "No club nights yet." in text(_games_page(guarded, club_id))


def test_a_season_s_night_stays_until_the_season_lets_it_go(client, guarded, app):
    from tests.test_season_web import _post, _season

    club_id = _make(client)
    assert _bring(guarded, club_id, json.dumps(pairs_night()).encode()).status_code == 302
    season_id = _season(client, club_id)
    _post(client, app, club_id, season_id, "nights", day="2026-01-09", venue="Anchor")
    with app.app_context():
        from scorepad.store.clubs import club_events
        from scorepad.web.db import get_db

        (event_id,) = club_events(get_db(), club_id)
    _post(client, app, club_id, season_id, "nights/link", number="1", event=event_id)
    # the page offers no Take out it would refuse (the crawl of every button): it says why
    body = _games_page(guarded, club_id).get_data(as_text=True)
    night = re.search(r'id="night-1">.*?</li>', body, re.S)
    assert night and "Take out" not in night.group(0) and "unfile-night" not in night.group(0)
    assert "One of a season's nights: it stays while the season holds it" in night.group(0)
    # and a take-out sent all the same is refused, as before
    token = form_token(guarded.get(f"/clubs/{club_id}"))
    with app.app_context():
        from scorepad.store.clubs import load_club

        revision = load_club(get_db(), club_id).revision
    r = guarded.post(
        f"/clubs/{club_id}/unfile-night/{event_id}",
        data={"csrf_token": token, "revision": revision},
    )
    assert "take it off the season first" in text(guarded.get(r.headers["Location"]))
    assert _club_games(guarded, club_id) > 0
    _post(client, app, club_id, season_id, "nights/remove", number="1")
    r = _take_out(guarded, club_id, "night")
    assert "Taken out" in text(guarded.get(r.headers["Location"]))


def test_two_nights_of_one_name_and_day_are_told_apart_wherever_they_are_named(client, app):
    """Two "Tuesday club" nights of 2026-12-01 read the same in the club's list of nights,
    its "File a night" and its season's chooser, and the director's list of nights: each
    is named by its day too, the second numbered."""
    from tests.event_helpers import event_form
    from tests.test_season_web import _post, _season

    for _ in range(2):
        assert client.post("/events/new", data=event_form()).status_code == 302
    twice = ["Tuesday club · 2026-12-01", "Tuesday club · 2026-12-01 (2)"]
    filing = client.get(f"/clubs/{(club_id := _make(client))}").get_data(as_text=True)
    chooser = re.search(r'<select[^>]*name="night".*?</select>', filing, re.S).group(0)
    assert re.findall(r">([^<]+)</option>", chooser) == twice
    director = client.get("/events/new").get_data(as_text=True)
    assert all(label in director for label in twice)
    for event_id in re.findall(r'<option value="([^"]+)"', chooser):
        r = client.post(f"/clubs/{club_id}/file", data={"night": event_id})
        assert r.status_code == 302, text(r)
    listed = _games_page(client, club_id).get_data(as_text=True)
    assert re.findall(r'id="night-\d"><strong>([^<]+)</strong>', listed) == twice[::-1]
    season_id = _season(client, club_id)
    _post(client, app, club_id, season_id, "nights", day="2026-12-08", venue="Anchor")
    season = client.get(f"/seasons/c/{club_id}/{season_id}")
    linking = re.search(r'name="event".*?</select>', season.get_data(as_text=True), re.S)
    assert re.findall(r">([^<]+)</option>", linking.group(0)) == twice
