"""Keeping a game in order, through Flask's test client: settings, side names, deleting,
ending early, a hand's dealer and adjustment, the CSV table, the new-game page's offers."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from scorepad.web.db import get_db
from tests.helpers import (
    BUDGET,
    HAND_1,
    HAND_2,
    bid_form,
    form_token,
    load,
    page_weight,
    play,
    played_game,
    settings_data,
    start,
    text,
    tricks_form,
    ver,
)
from tests.live import ROOT

# --- settings: names and house rules -------------------------------------------------


def test_settings_page_is_linked_and_filled_with_the_game(client):
    game_id = played_game(client)
    assert f'href="/games/{game_id}/settings"' in client.get(f"/games/{game_id}").text
    page = client.get(f"/games/{game_id}/settings")
    assert page.status_code == 200
    assert 'value="Alice"' in page.text and 'value="Dev"' in page.text
    assert 'name="rule_target"' in page.text and 'value="500"' in page.text
    assert 'name="rule_nil_tricks"' in page.text and 'name="side_0"' in page.text


def test_rename_a_player_keeps_the_hands_and_renames_the_side(client, app):
    game_id = played_game(client)
    before = load(app, game_id)
    r = client.post(
        f"/games/{game_id}/settings", data=settings_data(app, game_id, player_1="  Bea ")
    )
    assert r.status_code == 302 and r.headers["Location"] == f"/games/{game_id}"
    after = load(app, game_id)
    assert after.game.table.players == ("Alice", "Bea", "Cara", "Dev")
    assert after.game.hands == before.game.hands and after.revision == before.revision + 1
    assert "Bea & Dev" in text(client.get(f"/games/{game_id}"))


def test_a_house_rule_change_scores_every_hand_again(client, app):
    game_id = played_game(client)
    assert load(app, game_id).score().sides[1].total == 150
    r = client.post(
        f"/games/{game_id}/settings", data=settings_data(app, game_id, rule_nil_value="50")
    )
    assert r.status_code == 302
    assert [s.total for s in load(app, game_id).score().sides] == [71, 100]


@pytest.mark.parametrize(
    "changes,field,message",
    [
        ({"player_2": "alice"}, "player_2", "Another player has this name"),
        ({"player_0": "   "}, "player_0", "Enter a name"),
        ({"player_3": "x" * 41}, "player_3", "This name is 41 characters long, the most is 40"),
        ({"side_0": "Sharks", "side_1": "sharks"}, "side_1", "The other side has this name"),
        ({"side_1": "y" * 41}, "side_1", "This name is 41 characters long, the most is 40"),
        ({"player_1": "Be\x00n"}, "player_1", "This name has a control character (U+0000)"),
        ({"side_0": "Sh\x07arks"}, "side_0", "This name has a control character (U+0007)"),
        ({"rule_bag_limit": "-3"}, "rule_bag_limit", "must be from 0 to 100"),
        ({"rule_target": ""}, "rule_target", "Enter a number"),
        ({"rule_target": "9000"}, "rule_target", "must be from 50 to 2000"),
        ({"rule_nil_tricks": "some"}, "rule_nil_tricks", "choose one of the choices shown"),
        ({"version": "x"}, None, "reload the page"),
    ],
)
def test_bad_settings_are_refused_beside_their_field(client, app, changes, field, message):
    game_id = played_game(client)
    before = load(app, game_id)
    r = client.post(f"/games/{game_id}/settings", data=settings_data(app, game_id, **changes))
    assert r.status_code == 400
    assert message in r.text
    if field:
        assert f'id="{field}-error"' in r.text
    assert load(app, game_id).revision == before.revision


def test_a_rule_that_a_hand_breaks_is_refused_naming_the_hand(client, app):
    game_id = played_game(client)
    data = settings_data(app, game_id)
    del data["rule_nil"]  # untick nil: hand 1 has a nil
    r = client.post(f"/games/{game_id}/settings", data=data)
    assert r.status_code == 400
    assert "hand 1" in text(r) and "nil is off" in text(r)
    assert load(app, game_id).game.rules.nil is True


def test_a_target_that_ends_the_game_earlier_asks_to_remove_the_later_hands(client, app):
    game_id = played_game(client, (HAND_1, HAND_2))
    r = client.post(
        f"/games/{game_id}/settings", data=settings_data(app, game_id, rule_target="150")
    )
    assert r.status_code == 400
    words = text(r)
    assert "the game ends after hand 1: hand 2 would be removed" in words
    revision = load(app, game_id).revision
    assert f'name="confirm_removal" value="{revision}:2"' in r.text
    # one primary action; the other keeps every hand and saves nothing
    assert r.text.count('class="primary"') == 1 and "Keep every hand: do not save" in words
    assert "Remove hand 2 and save" in words and "Save settings" not in words
    assert load(app, game_id).game.rules.target == 500  # nothing saved yet


def test_a_stale_settings_form_is_refused(client, app):
    game_id = played_game(client)
    old = load(app, game_id).revision
    client.post(f"/games/{game_id}/settings", data=settings_data(app, game_id, player_0="Ann"))
    r = client.post(
        f"/games/{game_id}/settings",
        data=settings_data(app, game_id, revision=old, player_0="Alison"),
    )
    assert r.status_code == 302 and r.headers["Location"].endswith("/settings")
    assert "changed on another phone" in text(client.get(r.headers["Location"]))
    assert load(app, game_id).game.table.players[0] == "Ann"


def test_side_names_are_shown_wherever_a_side_is_named(client, app):
    game_id = played_game(client)
    r = client.post(
        f"/games/{game_id}/settings",
        data=settings_data(app, game_id, side_0=" The Sharks ", side_1=""),
    )
    assert r.status_code == 302
    stored = load(app, game_id)
    assert stored.game.table.side_names == ("The Sharks", None)
    for path in (
        f"/games/{game_id}",
        f"/games/{game_id}/history",
        f"/games/{game_id}/sheet",
        f"/watch/{stored.share_token}",
        "/games",
    ):
        words = text(client.get(path))
        assert "The Sharks" in words and "Ben & Dev" in words, path
    assert "Alice & Cara" not in text(client.get(f"/games/{game_id}"))
    assert "The Sharks points" in client.get(f"/games/{game_id}/hands.csv").text
    client.post(f"/games/{game_id}/settings", data=settings_data(app, game_id, side_0=""))
    assert load(app, game_id).game.table.side_names is None
    assert "Alice & Cara" in text(client.get(f"/games/{game_id}"))


def test_a_cutthroat_game_has_no_side_names_or_suicide(client, app):
    game_id = start(client, players=("Ana", "Bo", "Cy"), table="cutthroat-3")
    page = client.get(f"/games/{game_id}/settings").text
    assert 'name="side_0"' not in page and 'name="rule_suicide"' not in page
    r = client.post(f"/games/{game_id}/settings", data=settings_data(app, game_id, player_2="Cyd"))
    assert r.status_code == 302 and load(app, game_id).game.table.players[2] == "Cyd"


# --- deleting a game ------------------------------------------------------------------


def test_delete_asks_first_then_removes_the_game_everywhere(client, app):
    game_id = played_game(client)
    other = start(client)
    token = load(app, game_id).share_token
    confirm = client.get(f"/games/{game_id}/delete")
    assert confirm.status_code == 200 and "Delete the game for good" in confirm.text
    assert load(app, game_id) is not None  # asking deletes nothing
    r = client.post(f"/games/{game_id}/delete")
    assert r.status_code == 302 and r.headers["Location"] == "/games"
    with app.app_context():
        db = get_db()
        assert db["games"].count_where("id = ?", [game_id]) == 0
        assert db["hands"].count_where("game_id = ?", [game_id]) == 0
    with client.session_transaction() as session:
        assert session["games"] == [other]
    for path in (f"/games/{game_id}", f"/watch/{token}", f"/games/{game_id}/hands.csv"):
        gone = client.get(path)
        assert gone.status_code == 404 and "This game no longer exists" in gone.text, path
    assert "There is no game at this address" in client.get("/games/never-was").text
    assert load(app, other) is not None


def test_delete_by_get_changes_nothing_and_twice_is_a_404(client, app):
    game_id = start(client)
    assert client.get(f"/games/{game_id}/delete").status_code == 200
    assert client.post(f"/games/{game_id}/delete").status_code == 302
    again = client.post(f"/games/{game_id}/delete")
    assert again.status_code == 404 and "This game no longer exists" in again.text


def test_every_housekeeping_post_needs_the_csrf_token(guarded_app, guarded):
    app, client = guarded_app, guarded
    token = form_token(client.get("/games/new"))
    from tests.helpers import new_game_form

    r = client.post("/games/new", data={**new_game_form(), "csrf_token": token})
    game_id = r.headers["Location"].rsplit("/", 1)[-1]
    client.post(f"/games/{game_id}/bids", data={**bid_form(1, HAND_1[0]), "csrf_token": token})
    client.post(
        f"/games/{game_id}/tricks", data={**tricks_form(1, 1, HAND_1[1]), "csrf_token": token}
    )
    before = load(app, game_id)
    assert before.score().hands[0].sides is not None
    posts = {
        f"/games/{game_id}/settings": settings_data(app, game_id, player_0="Zed"),
        f"/games/{game_id}/delete": {},
        f"/games/{game_id}/end": {"version": str(before.revision)},
        f"/games/{game_id}/hands/1/dealer": {"version": "1", "dealer": "2"},
        f"/games/{game_id}/hands/1/adjust": {
            "version": "1",
            "adjust_0": "30",
            "adjust_1": "-30",
            "note": "renege",
        },
    }
    for path, data in posts.items():
        r = client.post(path, data=data)
        assert r.status_code == 400 and "expired or came from elsewhere" in r.text, path
    assert load(app, game_id) == before
    assert client.post(f"/games/{game_id}/delete", data={"csrf_token": token}).status_code == 302


# --- CSV ------------------------------------------------------------------------------


def test_csv_of_the_hands_opens_cleanly_in_a_spreadsheet(client, app):
    game_id = start(client, players=("=HYPERLINK(1)", "Ben", "+Cara", "Dev"))
    play(client, game_id, 1, *HAND_1)
    play(client, game_id, 2, [3, 3, 3, 4], [2, 3, 3, 5])  # side 0 set: -60
    client.post(f"/games/{game_id}/bids", data=bid_form(3, [3, 3, 3, 4]))
    assert 'hands.csv"' in client.get(f"/games/{game_id}/history").text
    r = client.get(f"/games/{game_id}/hands.csv")
    assert r.status_code == 200 and r.mimetype == "text/csv"
    assert re.fullmatch(
        r'attachment; filename="scorepad-hyperlink-1-ben-cara-dev-\d{4}-\d\d-\d\d-hands\.csv"',
        r.headers["Content-Disposition"],
    )
    raw = r.data
    assert raw.startswith(b"\xef\xbb\xbf") and raw.count(b"\r\n") == 4
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    assert rows[0][:4] == ["Hand", "Dealer", "'=HYPERLINK(1) bid", "'=HYPERLINK(1) tricks"]
    assert rows[0][-1] == "Note" and "'=HYPERLINK(1) & +Cara points" in rows[0]
    head = rows[0]
    assert rows[1][:10] == ["1", "'=HYPERLINK(1)", "4", "5", "5", "5", "3", "3", "nil", "0"]
    side0 = head.index("'=HYPERLINK(1) & +Cara points")
    side1 = head.index("Ben & Dev points")
    assert rows[1][side0 : side0 + 3] == ["71", "71", "1"]
    assert rows[1][side1 : side1 + 3] == ["150", "150", "0"]
    assert rows[2][side0 : side0 + 3] == ["-60", "11", "1"]  # a number, not "'-60"
    assert rows[3][0] == "3" and rows[3][3] == "" and rows[3][side0] == ""


def test_csv_guards_notes_and_keeps_numbers(client, app):
    from scorepad.web.csv_export import cell

    assert [cell(v) for v in (-100, 0, "-1 for a renege", "@x", "\tx", "ok", None)] == [
        -100,
        0,
        "'-1 for a renege",
        "'@x",
        "'\tx",
        "ok",
        "",
    ]
    game_id = played_game(client)
    client.post(
        f"/games/{game_id}/hands/1/adjust",
        data={"version": "2", "adjust_0": "-30", "adjust_1": "30", "note": "=cmd renege"},
    )
    rows = list(
        csv.reader(
            io.StringIO(
                client.get(f"/games/{game_id}/hands.csv").data.decode("utf-8-sig"), newline=""
            )
        )
    )
    assert rows[1][-1] == "'=cmd renege"


# --- ending a game early --------------------------------------------------------------


def test_end_the_game_now_asks_first_then_the_leader_wins(client, app):
    game_id = played_game(client)
    page = client.get(f"/games/{game_id}")
    assert "End the game now? Ben & Dev win 150 to 71." in text(page)
    revision = load(app, game_id).revision
    r = client.post(f"/games/{game_id}/end", data={"version": str(revision)})
    assert r.status_code == 302
    words = text(client.get(f"/games/{game_id}"))
    assert "Game over (ended early): Ben & Dev win" in words and "Save bids" not in words
    assert "Ben & Dev won (ended early)" in text(client.get("/games"))
    assert "Game over (ended early): Ben & Dev win 150 to 71" in text(
        client.get(f"/watch/{load(app, game_id).share_token}")
    )
    r = client.post(f"/games/{game_id}/bids", data=bid_form(2, [3, 3, 3, 4]))
    assert "the game is over" in text(client.get(r.headers["Location"]))
    assert len(load(app, game_id).game.hands) == 1


def test_a_shared_lead_ends_as_a_draw(client, app):
    game_id = played_game(client, (([3, 3, 3, 3], [3, 4, 3, 3]), ([3, 3, 3, 3], [4, 3, 3, 3])))
    assert [s.total for s in load(app, game_id).score().sides] == [121, 121]
    assert "End the game now? It ends as a draw." in text(client.get(f"/games/{game_id}"))
    client.post(f"/games/{game_id}/end", data={"version": str(load(app, game_id).revision)})
    assert "Game over (ended early): a draw" in text(client.get(f"/games/{game_id}"))
    assert "A draw (ended early)" in text(client.get("/games"))


def test_ending_is_refused_while_a_hand_is_bid_but_not_played(client, app):
    game_id = played_game(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(2, [3, 3, 3, 4]))
    assert "Enter the tricks of hand 2 or cancel it first" in text(client.get(f"/games/{game_id}"))
    r = client.post(f"/games/{game_id}/end", data={"version": str(load(app, game_id).revision)})
    assert "Enter the tricks of hand 2 or cancel it first" in text(
        client.get(r.headers["Location"])
    )
    assert not load(app, game_id).game.ended


def test_ending_is_refused_before_any_hand_or_from_a_stale_page(client, app):
    game_id = start(client)
    assert "End the game now" not in text(client.get(f"/games/{game_id}"))
    r = client.post(f"/games/{game_id}/end", data={"version": "0"})
    assert "only after a played hand" in text(client.get(r.headers["Location"]))
    play(client, game_id, 1, *HAND_1)
    r = client.post(f"/games/{game_id}/end", data={"version": "0"})  # before hand 1
    assert "changed on another phone" in text(client.get(r.headers["Location"]))
    assert not load(app, game_id).game.ended
    assert client.post(f"/games/{game_id}/end", data={}).status_code == 400


def test_undoing_the_last_hand_of_an_ended_game_reopens_it(client, app):
    game_id = played_game(client, (HAND_1, HAND_2))
    client.post(f"/games/{game_id}/end", data={"version": str(load(app, game_id).revision)})
    assert load(app, game_id).game.ended
    client.post(
        f"/games/{game_id}/hands/2/delete", data={"number": "2", "version": ver(app, game_id, 2)}
    )
    stored = load(app, game_id)
    assert not stored.game.ended and len(stored.game.hands) == 1
    assert "Hand 2: bids" in text(client.get(f"/games/{game_id}"))


# --- a hand's dealer ------------------------------------------------------------------


def test_change_the_dealer_on_the_bids_step(client, app):
    game_id = played_game(client)
    page = client.get(f"/games/{game_id}")
    assert "Ben deals. Cara bids first." in text(page)
    assert f'href="/games/{game_id}/hands/2/dealer"' in page.text
    form = client.get(f"/games/{game_id}/hands/2/dealer")
    assert form.status_code == 200 and 'checked id="dealer-1"' in form.text
    r = client.post(f"/games/{game_id}/hands/2/dealer", data={"version": "0", "dealer": "3"})
    assert r.status_code == 302 and r.headers["Location"] == f"/games/{game_id}"
    words = text(client.get(f"/games/{game_id}"))
    assert "Dev deals. Alice bids first." in words and "Hand 2: Dev deals." in words
    assert "Hand 2: Dev deals." in text(client.get(f"/watch/{load(app, game_id).share_token}"))
    play(client, game_id, 2, *HAND_2)
    stored = load(app, game_id)
    assert stored.game.hands[1].dealer == 3 and stored.game.next_dealer is None
    assert "Alice deals. Ben bids first." in text(client.get(f"/games/{game_id}"))  # passes on


def test_change_the_dealer_of_a_played_hand_from_its_fix_page(client, app):
    game_id = played_game(client, (HAND_1, HAND_2))
    fix = client.get(f"/games/{game_id}/hands/1").text
    assert f'href="/games/{game_id}/hands/1/dealer"' in fix
    old = load(app, game_id).versions[0]
    r = client.post(f"/games/{game_id}/hands/1/dealer", data={"version": str(old), "dealer": "2"})
    assert r.headers["Location"] == f"/games/{game_id}/hands/1"
    stored = load(app, game_id)
    assert stored.game.hands[0].dealer == 2 and stored.versions[0] > old
    assert stored.game.hands[0].tricks == tuple(HAND_1[1])  # nothing else changed
    history = text(client.get(f"/games/{game_id}/history"))
    assert "1 Cara dealt" in history and "2 Dev dealt" in history


def test_a_stale_or_bad_dealer_is_refused(client, app):
    game_id = played_game(client)
    r = client.post(f"/games/{game_id}/hands/1/dealer", data={"version": "1", "dealer": "2"})
    assert "changed on another phone" in text(client.get(r.headers["Location"]))
    r = client.post(f"/games/{game_id}/hands/1/dealer", data={"version": "2", "dealer": "9"})
    assert r.status_code == 400 and 'id="dealer-error"' in r.text
    assert "choose one of the choices shown" in r.text
    client.post(f"/games/{game_id}/bids", data=bid_form(2, [3, 3, 3, 4]))
    r = client.post(f"/games/{game_id}/hands/2/dealer", data={"version": "0", "dealer": "2"})
    assert "changed on another phone" in text(client.get(r.headers["Location"]))
    assert client.get(f"/games/{game_id}/hands/3/dealer").status_code == 404
    assert load(app, game_id).game.hands[0].dealer is None


def test_saving_tricks_and_fixing_a_hand_keep_its_dealer_and_adjustment(client, app):
    game_id = played_game(client)
    client.post(f"/games/{game_id}/hands/2/dealer", data={"version": "0", "dealer": "0"})
    client.post(f"/games/{game_id}/bids", data=bid_form(2, [3, 2, 3, 2]))
    client.post(f"/games/{game_id}/tricks", data=tricks_form(2, ver(app, game_id, 2), [5, 2, 4, 2]))
    assert load(app, game_id).game.hands[1].dealer == 0
    client.post(
        f"/games/{game_id}/hands/2/adjust",
        data={
            "version": ver(app, game_id, 2),
            "adjust_0": "20",
            "adjust_1": "0",
            "note": "misdeal",
        },
    )
    fix = {**bid_form(2, [3, 2, 3, 2]), **tricks_form(2, ver(app, game_id, 2), [4, 3, 4, 2])}
    assert client.post(f"/games/{game_id}/hands/2", data=fix).status_code == 302
    hand = load(app, game_id).game.hands[1]
    assert hand.tricks == (4, 3, 4, 2)
    assert (hand.dealer, hand.adjust, hand.note) == (0, (20, 0), "misdeal")


# --- adjusting a hand -----------------------------------------------------------------


def test_adjust_a_played_hand(client, app):
    game_id = played_game(client)
    fix = client.get(f"/games/{game_id}/hands/1").text
    assert f'href="/games/{game_id}/hands/1/adjust"' in fix
    page = client.get(f"/games/{game_id}/hands/1/adjust")
    assert "Points for Alice & Cara" in text(page) and "Points for Ben & Dev" in text(page)
    r = client.post(
        f"/games/{game_id}/hands/1/adjust",
        data={"version": "2", "adjust_0": "30", "adjust_1": "-30", "note": " renege by Ben "},
    )
    assert r.status_code == 302 and r.headers["Location"] == f"/games/{game_id}"  # the game
    hand = load(app, game_id).game.hands[0]
    assert hand.adjust == (30, -30) and hand.note == "renege by Ben"
    game = client.get(f"/games/{game_id}")
    assert f'href="/games/{game_id}/hands/1/adjust"' in game.text  # by the last hand
    assert "adjusted \u221230" in text(game) and "Note: renege by Ben" in text(game)
    assert "renege by Ben" in text(client.get(f"/games/{game_id}/history"))
    again = client.get(f"/games/{game_id}/hands/1/adjust").text
    assert 'value="30"' in again and 'value="-30"' in again
    client.post(
        f"/games/{game_id}/hands/1/adjust",
        data={"version": ver(app, game_id), "adjust_0": "0", "adjust_1": "0", "note": ""},
    )
    hand = load(app, game_id).game.hands[0]
    assert hand.adjust is None and hand.note == ""


@pytest.mark.parametrize(
    "data,field,message",
    [
        ({"adjust_0": "1001"}, "adjust_0", "must be a whole number from -1000 to 1000"),
        ({"adjust_1": "-1001"}, "adjust_1", "must be a whole number from -1000 to 1000"),
        ({"adjust_0": "ten"}, "adjust_0", "enter a whole number"),
        ({"note": "x" * 201}, "note", "At most 200 characters"),
        ({"version": ""}, None, "reload the page"),
    ],
)
def test_bad_adjustments_are_refused_naming_the_field(client, app, data, field, message):
    game_id = played_game(client)
    sent = {"version": "2", "adjust_0": "30", "adjust_1": "-30", "note": "renege", **data}
    r = client.post(f"/games/{game_id}/hands/1/adjust", data=sent)
    assert r.status_code == 400 and message in r.text
    if field:
        assert f'id="{field}-error"' in r.text
    assert load(app, game_id).game.hands[0].adjust is None


def test_an_adjustment_without_a_note_is_kept_as_an_import_keeps_it(client, app):
    """The game file allows `adjust` without `note` (old files carry it): so does the form,
    and the game exported and imported again is the same game."""
    game_id = played_game(client)
    r = client.post(
        f"/games/{game_id}/hands/1/adjust",
        data={"version": "2", "adjust_0": "30", "adjust_1": "-30", "note": "  "},
    )
    assert r.status_code == 302
    hand = load(app, game_id).game.hands[0]
    assert (hand.adjust, hand.note) == ((30, -30), "")
    exported = client.get(f"/games/{game_id}/export.json").get_json()
    assert exported["hands"][0]["adjust"] == [30, -30] and "note" not in exported["hands"][0]
    again = client.post(
        "/games/import",
        data={"game_file": (io.BytesIO(json.dumps(exported).encode()), "game.json"), "again": "y"},
    )
    assert again.status_code == 302
    copy_id = again.headers["Location"].rsplit("/", 1)[-1]
    assert client.get(f"/games/{copy_id}/export.json").get_json() == exported


def test_only_a_played_hand_can_be_adjusted_and_a_stale_form_is_refused(client, app):
    game_id = played_game(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(2, [3, 3, 3, 4]))
    assert client.get(f"/games/{game_id}/hands/2/adjust").status_code == 404
    assert "Adjust the score" not in client.get(f"/games/{game_id}/hands/2").text
    r = client.post(
        f"/games/{game_id}/hands/1/adjust",
        data={"version": "1", "adjust_0": "30", "adjust_1": "-30", "note": "renege"},
    )
    assert "changed on another phone" in text(client.get(r.headers["Location"]))
    assert load(app, game_id).game.hands[0].adjust is None


# --- the new-game page ----------------------------------------------------------------


def test_new_game_offers_the_names_this_browser_has_used(client, app):
    start(client, players=("Zoe", "Yan", "Xia"), table="cutthroat-3")
    other = app.test_client()
    start(other, players=("Quinn", "Pat"), table="cutthroat-2")
    page = client.get("/games/new").text
    names = re.search(r'<datalist id="known-names">(.*?)</datalist>', page).group(1)
    assert re.findall(r'value="([^"]+)"', names) == ["Zoe", "Yan", "Xia"]
    assert 'list="known-names"' in page and "Quinn" not in page


def test_new_game_takes_the_rules_of_a_recent_game(client, app):
    source = start(
        client,
        target="custom",
        custom_target="350",
        rule_bag_limit="5",
        rule_nil_tricks="partner",
        rule_nil=None,
    )
    page = client.get("/games/new")
    assert f'<option value="{source}">' in page.text and 'form="rules-from"' in page.text
    page = client.get(f"/games/new?rules_from={source}").text
    assert 'name="rule_bag_limit" required type="number" value="5"' in page.replace(
        'inputmode="numeric" ', ""
    ).replace('max="100" min="0" ', "")
    assert re.search(
        r'checked id="rule_nil_tricks-1" name="rule_nil_tricks" type="radio" '
        r'value="partner"',
        page,
    )
    assert 'id="rule_nil" name="rule_nil" type="checkbox" value="y"' in page  # now off
    assert 'checked id="target-3" name="target" type="radio" value="custom"' in page
    assert 'value="350"' in page and f'<option value="{source}" selected>' in page


def test_rules_only_from_a_game_this_browser_knows(client, app):
    stranger = app.test_client()
    secret = start(stranger, rule_bag_limit="5")
    start(client)
    page = client.get(f"/games/new?rules_from={secret}")
    assert page.status_code == 200 and "a game this phone does not know" in page.text
    assert 'value="5"' not in page.text.replace('min="0"', "")


def test_housekeeping_pages_fit_the_page_budget(client, app):
    game_id = played_game(client)
    for _ in range(12):
        start(client)
    for path in (
        f"/games/{game_id}/settings",
        f"/games/{game_id}/delete",
        f"/games/{game_id}/hands/1/dealer",
        f"/games/{game_id}/hands/1/adjust",
        "/games/new",
        f"/games/new?rules_from={game_id}",
    ):
        assert page_weight(client, path) <= BUDGET, path


def test_a_rematch_keeps_the_side_names_and_passes_the_deal_on(client, app):
    game_id = played_game(client)
    client.post(f"/games/{game_id}/settings", data=settings_data(app, game_id, side_0="Sharks"))
    client.post(
        f"/games/{game_id}/hands/1/dealer", data={"version": ver(app, game_id), "dealer": "2"}
    )
    client.post(f"/games/{game_id}/end", data={"version": str(load(app, game_id).revision)})
    r = client.post(f"/games/{game_id}/rematch")
    table = load(app, r.headers["Location"].rsplit("/", 1)[-1]).game.table
    assert table.side_names == ("Sharks", None) and table.first_dealer == 3


JUNK = ["", "-", "1e9", "\x00", "😀" * 50, "99999999999999999999"]
HUGE = "99999999999999999999"
HOUSEKEEPING = {
    "settings": [
        "version",
        "player_0",
        "side_1",
        "rule_target",
        "rule_nil_tricks",
        "rule_loss_threshold",
    ],
    "hands/1/dealer": ["version", "dealer"],
    "hands/1/adjust": ["version", "adjust_0", "note"],
    "end": ["version"],
}
# What a person may really mean by one of the junk values: saved as the game's new state.
MEANT = {
    ("settings", "player_0"): {"-", "1e9", HUGE},  # odd, but names
    ("settings", "side_1"): {"", "-", "1e9", HUGE},  # "": the side goes by its players
    ("settings", "rule_loss_threshold"): {""},  # "": no losing score
    ("hands/1/adjust", "adjust_0"): {""},  # "": no points
    # a note is optional; any text up to 200 characters but control characters
    ("hands/1/adjust", "note"): set(JUNK) - {"\x00"},
}


def _outcome(path: str, name: str, junk: str) -> str:
    return "saved" if junk in MEANT.get((path, name), ()) else "refused"


@pytest.mark.parametrize("junk", JUNK)
def test_junk_in_any_housekeeping_field_is_saved_as_meant_or_refused(client, app, junk):
    game_id = played_game(client)

    def good(path: str) -> dict:  # the form as its page fills it now
        return {
            "settings": lambda: settings_data(app, game_id),
            "hands/1/dealer": lambda: {"version": ver(app, game_id), "dealer": "1"},
            "hands/1/adjust": lambda: {
                "version": ver(app, game_id),
                **{"adjust_0": "5", "adjust_1": "0", "note": "x"},
            },
            "end": lambda: {"version": str(load(app, game_id).revision)},
        }[path]()

    for path, names in HOUSEKEEPING.items():
        for name in names:
            before = load(app, game_id)
            r = client.post(f"/games/{game_id}/{path}", data={**good(path), name: junk})
            after = load(app, game_id)
            where, outcome = (path, name, repr(junk)), _outcome(path, name, junk)
            if outcome == "refused":
                assert r.status_code == 400, where
                assert 'class="error"' in r.text or 'role="alert"' in r.text, where
                assert after.revision == before.revision, where
            else:
                assert r.status_code == 302, where
                assert "flash-ok" in client.get(r.headers["Location"]).text, where
                if name == "note":
                    assert after.game.hands[0].note == junk
                if name == "player_0":
                    assert after.game.table.players[0] == junk


# --- settings beside the seat phones and the game file ---------------------------------


def test_a_dealer_chosen_before_the_bids_holds_on_the_seat_phones_too(client, app):
    from tests.helpers import claim_seat, seat_bid, seat_links

    game_id = played_game(client)
    tokens = seat_links(client, game_id)
    claim_seat(client, tokens[0])
    client.post(f"/games/{game_id}/hands/2/dealer", data={"version": "0", "dealer": "3"})
    assert "Dev deals. Alice bids first." in text(client.get(f"/seat/{tokens[0]}"))
    for token, bid in zip(tokens, [3, 3, 3, 4]):
        seat_bid(client, token, bid, number=2)
    stored = load(app, game_id)
    assert stored.game.hands[1].dealer == 3 and stored.score().hands[1].leader == 0


def test_side_names_go_out_and_come_back_in_the_game_file(client, app):
    game_id = played_game(client)
    client.post(f"/games/{game_id}/settings", data=settings_data(app, game_id, side_1="Owls"))
    body = client.get(f"/games/{game_id}/export.json").data
    assert b'"side_names"' in body and b"Owls" in body
    r = client.post(
        "/games/import",
        data={"game_file": (io.BytesIO(body), "game.json"), "again": "y"},  # a copy, asked for
        content_type="multipart/form-data",
    )
    assert r.status_code == 302
    copy = load(app, r.headers["Location"].rsplit("/", 1)[-1])
    assert copy.game.table.side_names == (None, "Owls")
    assert "Owls" in text(client.get(f"/games/{copy.id}"))


# --- a refusal says what scorepad says, whichever way the view raised it -------------


def _bid_only(client, game_id, number, bids):
    r = client.post(f"/games/{game_id}/bids", data=bid_form(number, bids))
    assert r.status_code == 302, r.text


@pytest.mark.parametrize(
    "method,path,status,message",
    [
        ("get", "hands/7", 404, "This game has no hand 7."),
        ("get", "hands/7/adjust", 404, "This game has no hand 7."),
        ("get", "hands/7/renege", 404, "This game has no hand 7."),
        ("get", "hands/7/dealer", 404, "This game has no hand 7."),
        (
            "get",
            "hands/2/adjust",
            404,
            "Hand 2 has not been played yet: only a played hand can be adjusted.",
        ),
        (
            "get",
            "hands/2/renege",
            404,
            "A renege is recorded on a played hand of a partnership game.",
        ),
        ("post", "end", 400, "The form to end the game was incomplete."),
    ],
)
def test_each_refusal_of_a_hand_or_form_shows_its_own_message(
    client, method, path, status, message
):
    game_id = played_game(client)
    _bid_only(client, game_id, 2, [3, 3, 3, 3])  # hand 2 bid, not played
    response = getattr(client, method)(f"/games/{game_id}/{path}")
    assert response.status_code == status
    assert message in text(response) and "There is nothing here" not in text(response)


def test_a_renege_on_a_cutthroat_hand_says_where_reneges_are_recorded(client):
    game_id = start(client, players=("Ana", "Bo", "Cy"), table="cutthroat-3")
    play(client, game_id, 1, [4, 4, 4], [5, 6, 6])
    response = client.get(f"/games/{game_id}/hands/1/renege")
    assert response.status_code == 404
    assert "A renege is recorded on a played hand of a partnership game." in text(response)


def test_the_adjustment_limits_are_the_cores_alone(client, monkeypatch):
    """The 1000 points and 200 characters are written once, in core/checks.py: the page
    says the core's numbers and the core alone refuses (no check of the form's own)."""
    import scorepad.web.manage as manage
    from scorepad.core import checks

    game_id = played_game(client)
    page = client.get(f"/games/{game_id}/hands/1/adjust").text
    assert f"at most {checks.MAX_ADJUST} either way" in page
    assert f'maxlength="{checks.MAX_NOTE}"' in page
    monkeypatch.setattr(manage, "MAX_ADJUST", 777)  # what the view passes is what it says
    assert "at most 777 either way" in client.get(f"/games/{game_id}/hands/1/adjust").text
    monkeypatch.setattr(checks, "MAX_ADJUST", 20)  # the core's limit is the one applied
    sent = {"version": "2", "adjust_0": "30", "adjust_1": "0", "note": ""}
    r = client.post(f"/games/{game_id}/hands/1/adjust", data=sent)
    assert r.status_code == 400 and "from -20 to 20, not 30" in text(r)
    templates = (ROOT / "templates").rglob("*.html")
    assert not [t.name for t in templates if re.search(r"\b1000\b", t.read_text())]
