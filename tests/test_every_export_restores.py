"""Every export restores: state built through the pages, exported, imported into a fresh
database through its import page (CSRF on), shows the same on every page its link
holders see; only ids, links and tokens differ."""

from __future__ import annotations

import io
import json
import re

import pytest

from scorepad.store.club_view import club_view
from scorepad.web.db import get_db
from tests.club_files import CLUB
from tests.event_helpers import Night
from tests.helpers import (
    file_through_page,
    form_token,
    new_game_form,
    page_forms,
    play,
    start,
    text,
)
from tests.restore_pages import crawled, fresh_phone, imported, night_pages, shown

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def _delete(client, night: Night, game_id: str) -> None:
    r = client.post(f"/games/{game_id}/delete", data={"version": night.game(game_id).revision})
    assert r.status_code == 302 and night.game(game_id) is None


def test_a_night_with_a_deleted_table_restores_its_rounds_and_its_playoff(
    client, app, tmp_path, migrated
):
    """Found: a night whose director had deleted a table's game exported `"game": null`
    at that table, and its file was refused ("is missing: round 1 has begun")."""
    night = Night(client, app, rounds=1, playoff=4, target=100)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    one, two = night.round()
    night.hand(one.game_id, 9)
    _delete(client, night, one.game_id)  # round 1's table 1 counts for nothing
    night.finish(two.game_id)
    night.start_playoff()
    semi, other = night.round()
    night.hand(semi.game_id, 9)
    _delete(client, night, semi.game_id)  # the director names who goes through
    night.finish(other.game_id)
    revision = night.revision()
    form = {"revision": revision, "r2t1-revision": revision, "r2t1-winner": "1"}
    r = client.post(
        f"/events/{night.id}/rounds/2/tables/1/winner", data={**form, "r2t1-note": "Ann left"}
    )
    assert r.status_code == 302, text(r)
    night.next_playoff_round()
    night.play_round()
    before = night_pages(client, app, night.id)
    assert "its game was deleted" in before["screen/results"]
    body = client.get(f"/events/{night.id}/event.json").data

    fresh, phone = fresh_phone(tmp_path, migrated)
    event_id = imported(phone, "/events/import", body)
    assert night_pages(phone, fresh, event_id) == before
    assert phone.get(f"/events/{event_id}/event.json").data == body


def _club(client, name: str = "Friday Spades") -> str:
    r = client.post("/clubs/new", data={"name": name})
    assert r.status_code == 302, text(r)
    return r.headers["Location"].rsplit("/", 1)[-1]


def _club_game(client, club_id: str, side_0_wins: bool) -> None:
    form = new_game_form(players=("Ann", "Bo", "Cy", "Di"), club=club_id)
    r = client.post("/games/new", data={**form, "target": "custom", "custom_target": "50"})
    assert r.status_code == 302, text(r)
    game_id = r.headers["Location"].rsplit("/", 1)[-1]
    play(client, game_id, 1, [3, 3, 3, 3], [4, 3, 3, 3] if side_0_wins else [3, 4, 3, 3])


def _restored_club(app, club_id: str, tmp_path, migrated) -> None:
    """The club's file imported into a fresh database: every page a phone holding only
    the manager's link reaches from it reads the same, and its file is the same again."""
    before = crawled(app.test_client(), f"/clubs/{club_id}")
    body = app.test_client().get(f"/clubs/{club_id}/club.json").data
    fresh, phone = fresh_phone(tmp_path, migrated)
    again = imported(phone, "/clubs/import", body)
    assert crawled(fresh.test_client(), f"/clubs/{again}") == before
    assert json.loads(phone.get(f"/clubs/{again}/club.json").data) == json.loads(body)


def test_a_club_rates_its_games_in_the_order_they_were_played_once_restored(
    client, app, tmp_path, migrated
):
    """Found: a game filed alone played after a club night was rated before the night's
    games once restored (the file kept its games filed alone apart from its nights'), so
    every rating and card read otherwise. The file now says the order (`order`)."""
    club_id = _club(client)
    _club_game(client, club_id, side_0_wins=True)
    night = Night(client, app, club=club_id, rounds=1, target=50)
    for pair in (("Ann", "Cy"), ("Bo", "Di")):
        night.check_in(*pair)
    night.draw_and_start()
    night.play_round(lambda table: 4)  # Bo & Di win the night's game
    _club_game(client, club_id, side_0_wins=True)  # then Ann & Cy again, alone
    doc = json.loads(client.get(f"/clubs/{club_id}/club.json").data)
    assert doc["order"] == [0, [0, 0], 1]
    _restored_club(app, club_id, tmp_path, migrated)


def test_a_club_s_nights_keep_their_order_once_restored(client, app, tmp_path, migrated):
    """Found: a club's nights brought in from its file were filed at one instant and then
    listed by their new ids, in any order: the season's chooser and the next file listed
    them otherwise."""
    club_id = _club(client)
    for number in range(1, 6):
        Night(client, app, club=club_id, name=f"Night {number}", rounds=1).check_in("Ann", "Bo")
    r = client.post(
        f"/seasons/c/{club_id}/new",
        data={"name": "Winter", "kind": "pairs", "divisions": "A", "fixtures": "season"},
    )
    assert r.status_code == 302, text(r)
    _restored_club(app, club_id, tmp_path, migrated)


@pytest.mark.parametrize(
    ("order", "said"),
    [
        ([0, [0, 0], [0, 1], [0, 2]], "order: must list each of the file's 5 games once"),
        ([0, [0, 0], [0, 1], [0, 2], [0, 9]], "order: entry 5: [0, 9] is no game of the file"),
        ([0, [0, 0], [0, 1], [0, 2], 1], "entry 5: 1 is no game of the file"),
        ([0, [0, 0], [0, 1], [0, 2], True], "entry 5: True is no game of the file"),
        ([[0, 0], 0, [0, 1], [0, 0], [0, 3]], "entry 4: [0, 0] is listed twice"),
        ("first", "order: must list each of the file's 5 games once"),
    ],
)
def test_a_club_file_s_order_that_is_not_each_game_once_is_refused_naming_it(
    guarded, guarded_app, order, said
):
    body = json.dumps({**CLUB, "order": order}).encode()
    r = file_through_page(guarded, "/clubs/import", body, "club.json")
    assert r.status_code == 400 and said in text(r), text(r)
    assert guarded.get("/clubs/import").status_code == 200
    with guarded_app.app_context():
        assert not list(get_db().query("select id from clubs"))  # nothing half-written


def test_a_club_file_is_rated_in_the_order_it_gives(guarded, guarded_app):
    """`order` rates the night's games before the game filed alone; a file without it
    (every club file written before it) rates its games filed alone first, as it did."""
    for order, alone_at in (([[0, 0], [0, 1], [0, 2], [0, 3], 0], -1), (None, 0)):
        doc = {**CLUB, **({"order": order} if order else {})}
        club_id = imported(guarded, "/clubs/import", json.dumps(doc).encode())
        with guarded_app.app_context():
            view = club_view(get_db(), club_id)
        named = [g.game.table.side_names is not None for g in view.games]  # "North"
        assert named.index(True) == alone_at % len(named), named


LONGEST_CLUB = "🂡" + "Ñ" * 78 + "🂡"  # 80 characters, the club form's most


def test_a_club_of_the_longest_name_the_form_takes_restores(client, app, tmp_path, migrated):
    """Found: the club form took 80 characters and said so, but the club was made only up
    to 40 (past it: "enter a name of letters, not only spaces or symbols"), and a club
    file's name was read up to 40 too."""
    club_id = _club(client, LONGEST_CLUB)
    assert LONGEST_CLUB in text(client.get(f"/clubs/{club_id}"))
    _restored_club(app, club_id, tmp_path, migrated)


def test_a_club_name_past_the_most_is_refused_naming_it_on_the_page_and_in_the_file(guarded):
    page = guarded.get("/clubs/new")
    r = guarded.post(
        "/clubs/new", data={"csrf_token": form_token(page), "name": LONGEST_CLUB + "x"}
    )
    assert r.status_code == 400 and "Club name At most 80 characters" in text(r), text(r)
    body = json.dumps({**CLUB, "name": LONGEST_CLUB + "x"}).encode()
    r = file_through_page(guarded, "/clubs/import", body, "club.json")
    assert r.status_code == 400 and "name: is 81 characters long, the most is 80" in text(r)


def test_a_night_s_tables_opened_again_restore_open_and_say_whether_they_changed(
    client, app, tmp_path, migrated
):
    """Found: a table the director had opened again after its round came back closed from
    the night's file (the file did not say it), and the director's page no longer listed
    it under *Finished tables*, changed since or not."""
    night = Night(client, app, rounds=3, target=100)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    night.play_round()
    night.act("draw", "Round drawn")
    for table in (1, 2):
        r = client.post(
            f"/events/{night.id}/rounds/1/tables/{table}/reopen",
            data={"revision": night.revision()},
        )
        assert r.status_code == 302
    changed = next(m.game_id for m in night.event().round_matches(1) if m.number == 2)
    form = {"number": "1", "version": str(night.game(changed).versions[0])}
    form |= {f"bid_{s}": "3" for s in range(4)} | {"side_0": "10", "side_1": "3"}
    assert client.post(f"/games/{changed}/hands/1", data=form).status_code == 302
    night.act("start", "Round started")
    before = night_pages(client, app, night.id)
    assert "is open again to its phone. Not changed since" in before["director"]
    assert "Its game changed since: round 2 was drawn" in before["director"]
    body = client.get(f"/events/{night.id}/event.json").data
    assert body.count(b'"reopened": true') == 2 and body.count(b'"changed": true') == 1

    fresh, phone = fresh_phone(tmp_path, migrated)
    event_id = imported(phone, "/events/import", body)
    assert night_pages(phone, fresh, event_id) == before
    assert night_pages(fresh.test_client(), fresh, event_id) == night_pages(
        app.test_client(), app, night.id
    )  # a table's phone, which holds no director's link, finds it open as before
    assert phone.get(f"/events/{event_id}/event.json").data == body


def test_a_club_s_evening_of_rematches_restores_with_its_tally_in_order(
    client, app, tmp_path, migrated
):
    """Found: the games a club's table had started as rematches of one another came back
    from the club's file as games apart: no evening, no tally on their pages. (And an
    evening's games brought in at one instant were listed by their new ids.)"""
    club_id = _club(client)
    form = new_game_form(club=club_id)
    r = client.post("/games/new", data={**form, "target": "custom", "custom_target": "50"})
    game_id = r.headers["Location"].rsplit("/", 1)[-1]
    for number in range(5):
        play(client, game_id, 1, [3, 3, 3, 3], [4, 3, 3, 3] if number % 2 else [3, 4, 3, 3])
        if number < 4:
            r = client.post(f"/games/{game_id}/rematch")
            assert r.status_code == 302, text(r)
            game_id = r.headers["Location"].rsplit("/", 1)[-1]
    assert "This evening: 5 games" in text(client.get(f"/games/{game_id}"))
    doc = json.loads(client.get(f"/clubs/{club_id}/club.json").data)
    assert doc["rematches"] == [[0, 1], [1, 2], [2, 3], [3, 4]]
    _restored_club(app, club_id, tmp_path, migrated)


@pytest.mark.parametrize(
    ("rematches", "said"),
    [
        ({}, "rematches: must be a list of [game, its rematch]"),
        ([[0, 0]], "entry 1: [0, 0] is not [a game of the file, another: its rematch]"),
        ([[0, [0, 7]]], "entry 1: [0, [0, 7]] is not [a game of the file"),
        ([[0, [0, 1]], [0, [0, 2]]], "entry 2: [0, [0, 2]] gives a game a second rematch"),
        ([[0, [0, 1]], [[0, 2], [0, 1]]], "entry 2: [[0, 2], [0, 1]] gives a game a second"),
        ([[0, [0, 1]], [[0, 1], 0]], "entry 2: [[0, 1], 0] makes an evening a circle"),
    ],
)
def test_a_club_file_s_rematches_that_no_evening_has_are_refused_naming_them(
    guarded, guarded_app, rematches, said
):
    body = json.dumps({**CLUB, "rematches": rematches}).encode()
    r = file_through_page(guarded, "/clubs/import", body, "club.json")
    assert r.status_code == 400 and said in text(r), text(r)
    with guarded_app.app_context():
        assert not list(get_db().query("select id from clubs"))


def test_the_phone_that_restores_a_club_directs_its_nights_as_their_director_did(
    client, app, tmp_path, migrated
):
    """Found: a club's nights brought in from its file had new director's links that no
    phone held (only a season's night is reached from the manager's pages): a night
    restored mid-round could never be finished. The phone that brings the club in holds
    them, as the import of a night's own file gives its director's link."""
    club_id = _club(client)
    night = Night(client, app, club=club_id, name="Half played", rounds=2, target=100)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    one, _ = night.round()
    night.finish(one.game_id)  # table 2 still plays
    before = night_pages(client, app, night.id)
    body = client.get(f"/clubs/{club_id}/club.json").data

    fresh, phone = fresh_phone(tmp_path, migrated)
    imported(phone, "/clubs/import", body)
    (event_id,) = re.findall(r'href="/events/([\w-]+)">Half played', phone.get("/events/new").text)
    assert night_pages(phone, fresh, event_id) == before


def _roster_form(client, club_id: str, path: str, **data):
    page = client.get(f"/clubs/{club_id}").text
    revision = re.search(r'name="revision" type="hidden" value="(\d+)"', page)[1]
    r = client.post(f"/clubs/{club_id}/{path}", data={"revision": revision, **data})
    assert r.status_code == 302, text(r)


def _undo(client, club_id: str) -> None:
    """The manager's page's own undo form, pressed."""
    (action, fields), *_ = page_forms(client.get(f"/clubs/{club_id}").text, "/undo")
    r = client.post(action, data=fields)
    assert r.status_code == 302, text(r)


def test_a_club_s_last_roster_change_restores_with_its_undo(client, app, tmp_path, migrated):
    """Found: the manager's last roster change (a merge, then a rename) could be undone
    before the club was exported, and not once it was restored from its file: the
    manager's page no longer offered "Undo: rename of Ann to Ann Ñ"."""
    club_id = _club(client)
    _club_game(client, club_id, side_0_wins=True)
    form = new_game_form(players=("Annie", "Bo", "Cy", "Di"), club=club_id)
    assert client.post("/games/new", data=form).status_code == 302
    _roster_form(client, club_id, "merge", into="Ann", other="Annie")
    _roster_form(client, club_id, "rename", player="ann", name="Ann Ñ")
    assert "Undo: rename of Ann to Ann Ñ" in text(client.get(f"/clubs/{club_id}"))
    body = client.get(f"/clubs/{club_id}/club.json").data
    _restored_club(app, club_id, tmp_path, migrated)

    fresh, phone = fresh_phone(tmp_path, migrated, "undone")
    again = imported(phone, "/clubs/import", body)
    _undo(client, club_id)
    _undo(phone, again)  # the rename taken back, on both: the same roster and ratings
    undone = json.loads(phone.get(f"/clubs/{again}/club.json").data)
    assert undone["roster"] == json.loads(client.get(f"/clubs/{club_id}/club.json").data)["roster"]
    assert (
        phone.get(f"/clubs/{again}/ratings.csv").data
        == client.get(f"/clubs/{club_id}/ratings.csv").data
    )


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ([], "last_change: must be an object with kind, before and after"),
        ({"kind": "merge", "before": []}, "last_change: must be an object with kind, before"),
        ({"kind": "wipe", "before": [], "after": []}, "last_change: kind must be one of merge"),
        ({"kind": "rename", "before": {}, "after": []}, "last_change: the roster is not a list"),
    ],
)
def test_a_club_file_s_last_change_that_is_none_is_refused_naming_it(
    guarded, guarded_app, change, said
):
    body = json.dumps({**CLUB, "last_change": change}).encode()
    r = file_through_page(guarded, "/clubs/import", body, "club.json")
    assert r.status_code == 400 and said in text(r), text(r)
    with guarded_app.app_context():
        assert not list(get_db().query("select id from clubs"))


def _choose_dealer(client, game_id: str, number: int, seat: int) -> None:
    """The dealer page's own form sent, with `seat` chosen."""
    page = client.get(f"/games/{game_id}/hands/{number}/dealer").text
    version = re.search(r'name="version" (?:type="hidden" )?value="(\d+)"', page)[1]
    r = client.post(
        f"/games/{game_id}/hands/{number}/dealer", data={"version": version, "dealer": str(seat)}
    )
    assert r.status_code == 302, text(r)


def test_a_dealer_chosen_before_the_next_hand_s_bids_restores(client, runner, tmp_path, migrated):
    """Found: the dealer a table chose for the next hand, before its bids (someone dealt
    out of turn), was not in the game file: restored, the game page named the usual
    dealer and bidder."""
    game_id = start(client)
    play(client, game_id, 1, [3, 3, 3, 4], [3, 3, 3, 4])
    _choose_dealer(client, game_id, 2, 3)
    before = text(client.get(f"/games/{game_id}"))
    assert "Hand 2: bids Dev deals. Alice bids first." in before
    body = client.get(f"/games/{game_id}/export.json").data
    assert json.loads(body)["next_dealer"] == 3

    fresh, phone = fresh_phone(tmp_path, migrated)
    again = imported(phone, "/games/import", body)
    for path in ("", "/history", "/rules", "/sheet", "/export.json"):
        assert shown(phone, f"/games/{again}{path}") == shown(client, f"/games/{game_id}{path}")
    (tmp_path / "game.json").write_bytes(body)
    scored = runner.invoke(args=["score", str(tmp_path / "game.json")])
    assert json.loads(scored.output) == json.loads(body)  # the score command reads it too


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"next_dealer": 4}, "next_dealer: must be a seat from 0 to 3"),
        ({"next_dealer": True}, "next_dealer: must be a seat number, not True"),
        ({"next_dealer": 1, "ended": True}, "next_dealer: is for a game whose next hand"),
        (
            {"next_dealer": 1, "hands": [{"bids": [3, 3, 3, 4], "tricks": None}]},
            "next_dealer: is for a game whose next hand",
        ),
    ],
)
def test_a_next_dealer_the_table_could_not_have_chosen_is_refused(guarded, change, said):
    doc = {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": ["Ann", "Bo", "Cy", "Di"],
        "hands": [{"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]}],
        **change,
    }
    token = form_token(guarded.get("/games/import"))
    body = io.BytesIO(json.dumps(doc).encode())
    r = guarded.post("/games/import", data={"csrf_token": token, "game_file": (body, "g.json")})
    assert r.status_code == 400 and said.lower() in text(r).lower(), text(r)


PUT_BACK = re.compile(
    r'action="(/games/[^/"]+/hands/\d+/put-back)".*?name="version" value="(\d+)"', re.S
)


def _put_back(client, game_id: str) -> None:
    """The game page's own "Put hand N back" form, pressed."""
    page = client.get(f"/games/{game_id}").text
    action, version = PUT_BACK.search(page).groups()
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)
    data = {"version": version, **({"csrf_token": token[1]} if token else {})}
    assert client.post(action, data=data).status_code == 302


@pytest.mark.parametrize("undos", [1, 2])  # its tricks taken back; then the hand itself
def test_a_hand_undone_restores_with_the_offer_to_put_it_back(
    client, runner, tmp_path, migrated, undos
):
    """Found: a game whose last hand the table had undone offered "Put hand 2 back"; its
    file did not keep the hand, so the restored game could not put it back."""
    game_id = start(client)
    play(client, game_id, 1, [3, 3, 3, 4], [3, 3, 3, 4])
    play(client, game_id, 2, [4, "nil", 3, 5], [4, 1, 3, 5])
    for _ in range(undos):
        page = client.get(f"/games/{game_id}").text
        (action, fields), *_ = page_forms(page, "/hands/2/delete")
        assert client.post(action, data=fields).status_code == 302
    offer = "Put hand 2 back" if undos == 1 else "Put hand 2's bids back"
    assert offer in text(client.get(f"/games/{game_id}"))
    body = client.get(f"/games/{game_id}/export.json").data
    (tmp_path / "game.json").write_bytes(body)
    assert json.loads(runner.invoke(args=["score", str(tmp_path / "game.json")]).output) == (
        json.loads(body)
    )

    fresh, phone = fresh_phone(tmp_path, migrated)
    again = imported(phone, "/games/import", body)
    for path in ("", "/history", "/export.json"):
        assert shown(phone, f"/games/{again}{path}") == shown(client, f"/games/{game_id}{path}")
    _put_back(client, game_id)
    _put_back(phone, again)
    for path in ("", "/history", "/export.json"):
        assert shown(phone, f"/games/{again}{path}") == shown(client, f"/games/{game_id}{path}")


HAND = {"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]}


@pytest.mark.parametrize(
    ("undone", "said"),
    [
        ([], "undone: expected an object with number, hand and ended"),
        ({"number": 3, "hand": HAND, "ended": False}, "undone: must be the hand the last undo"),
        ({"number": 1, "hand": HAND, "ended": False}, "undone: must be the hand the last undo"),
        ({"number": 2, "hand": HAND, "ended": "no"}, "undone: must be the hand the last undo"),
        (
            {"number": 2, "hand": {"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 3]}, "ended": False},
            "undone: put back, hand 2: tricks add up to 12, expected 13",
        ),
    ],
)
def test_a_hand_to_put_back_that_no_undo_left_is_refused(guarded, undone, said):
    doc = {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": ["Ann", "Bo", "Cy", "Di"],
        "hands": [HAND],
        "undone": undone,
    }
    token = form_token(guarded.get("/games/import"))
    body = io.BytesIO(json.dumps(doc).encode())
    r = guarded.post("/games/import", data={"csrf_token": token, "game_file": (body, "g.json")})
    assert r.status_code == 400 and said.lower() in text(r).lower(), text(r)


def test_a_closed_season_and_its_next_season_restore_linked(client, app, tmp_path, migrated):
    """A closed season's next season is linked both ways on their pages, and once restored
    the closed one offers no second next season: the file keeps `follows`."""
    club_id = _club(client)
    form = {"name": "Winter", "kind": "pairs", "divisions": "A", "fixtures": "season"}
    r = client.post(f"/seasons/c/{club_id}/new", data=form)
    season_id = r.headers["Location"].rsplit("/", 1)[-1]
    base = f"/seasons/c/{club_id}/{season_id}"
    r = client.post(f"{base}/entrants", data={"revision": 0, "player_0": "Ann", "player_1": "Bo"})
    assert r.status_code == 302 and client.post(f"{base}/close", data={"revision": 1})
    ((action, fields),) = page_forms(client.get(base).get_data(as_text=True), "/new")
    assert client.post(action, data=fields).status_code == 302
    assert "Its next season:" in text(client.get(base))
    _restored_club(app, club_id, tmp_path, migrated)


def test_a_night_and_its_club_export_the_same_file_after_an_import_into_a_used_database(
    client, app, guarded, guarded_app
):
    """Found: a night's file numbered its entrants by the database's rows, so the same
    night imported where other nights were (its rows numbered on) exported another file
    (`entrants[].id`, `matches[].sides`, a round's `byes`). The file numbers them 1, 2, ...
    in check-in order: export, import, export gives the same file, and the same club."""
    club_id = _club(client)
    night = Night(client, app, rounds=2, target=100, club=club_id)
    for pair in [*PAIRS, ("Ida", "Jo")]:  # five pairs: a bye each round
        night.check_in(*pair)
    night.draw_and_start()
    night.play_round()
    night.draw_and_start()
    night.play_round()
    body = client.get(f"/events/{night.id}/event.json").data
    doc = json.loads(body)
    assert [e["id"] for e in doc["entrants"]] == [1, 2, 3, 4, 5]
    assert all(r["byes"] for r in doc["rounds"])
    for _ in range(2):  # into the database that holds the night already, rows numbered on
        again = imported(guarded, "/events/import", body)
        assert guarded.get(f"/events/{again}/event.json").data == body
    club = client.get(f"/clubs/{club_id}/club.json").data
    restored = imported(guarded, "/clubs/import", club)
    assert guarded.get(f"/clubs/{restored}/club.json").data == club
