"""Every page and every refusal, through Flask's test client."""

from __future__ import annotations

import html
import io
import json
import re

import pytest

from scorepad.store import storage
from scorepad.web.db import get_db
from tests.data import IMPORT
from tests.helpers import bid_form, form_token, new_game_form, play, start, text, tricks_form


def test_home_redirects_to_games(client):
    assert client.get("/").headers["Location"].endswith("/games")


def test_new_game_page_shows_every_rule_with_its_default(client):
    page = client.get("/games/new")
    body = page.get_data(as_text=True)
    assert page.status_code == 200
    for label in (
        "Player 1",
        "Player 2",
        "Player 3",
        "Player 4",
        "First dealer",
        "Start game",
        "Blind nil bids",
        "Bags before a penalty",
        "Ten for two hundred",
        "Suicide",
    ):
        assert label in body
    assert 'name="rule_bag_limit" required type="number" value="10"' in body.replace(
        'inputmode="numeric" ', ""
    ).replace('max="100" min="0" ', "")
    assert 'id="rule_nil" name="rule_nil" type="checkbox" value="y"' in body  # default on
    assert 'checked id="target-2" name="target" type="radio" value="500"' in body


def test_start_partnership_game(client):
    game_id = start(client)
    page = client.get(f"/games/{game_id}")
    words = text(page)
    assert "Alice & Cara" in words and "Ben & Dev" in words
    assert "Hand 1: bids" in words and "Alice deals. Ben bids first." in words
    assert 'aria-label="Alice bid"' in page.get_data(as_text=True) and "Save bids" in words
    assert "500 to go" in words


@pytest.mark.parametrize(
    "changes,field,message",
    [
        ({"player_0": ""}, "player_0", "Enter a name"),
        ({"player_2": "   "}, "player_2", "Enter a name"),
        ({"player_1": "x" * 41}, "player_1", "This name is 41 characters long, the most is 40"),
        ({"player_3": "alice"}, "player_3", "Another player has this name"),
        ({"table": "cutthroat-3"}, "player_3", "A 3-player game has no seat 4"),
        ({"table": "bridge"}, "table", "Game: choose one of the choices shown"),
        ({"first_dealer": "7"}, "first_dealer", "First dealer: choose one of the choices shown"),
        ({"target": "custom"}, "custom_target", "Enter a target from 50 to 2000"),
        (
            {"target": "custom", "custom_target": "20"},
            "custom_target",
            "Other target must be from 50 to 2000",
        ),
        (
            {"target": "custom", "custom_target": "abc"},
            "custom_target",
            "Other target: enter a whole number",
        ),
        ({"rule_bag_limit": "-3"}, "rule_bag_limit", "Bags before a penalty must be from 0 to 100"),
        ({"rule_bag_limit": ""}, "rule_bag_limit", "Enter a number"),
        (
            {"rule_nil_tricks": "some"},
            "rule_nil_tricks",
            "Tricks taken by a nil bidder: choose one of the choices shown",
        ),
        ({"rule_loss_threshold": "50"}, "rule_loss_threshold", "Lose at must be from -2000 to -1"),
    ],
)
def test_new_game_refusals_keep_values_and_name_the_field(client, app, changes, field, message):
    response = client.post("/games/new", data=new_game_form(**changes))
    body = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Not a valid" not in body and "Number must be" not in body
    # the message sits in the named field's error slot, not only somewhere on the page
    error = re.search(rf'id="{field}-error"[^>]*>(.*?)</', body, flags=re.S)
    assert error is not None and message in html.unescape(error.group(1)), body
    sent = new_game_form(**changes)
    for seat in range(4):  # nothing typed is lost
        if f"player_{seat}" not in changes:
            assert f'value="{sent[f"player_{seat}"]}"' in body
    with app.app_context():
        assert get_db()["games"].count == 0


def test_custom_target_and_cutthroat(client, app):
    game_id = start(
        client,
        players=("Ana", "Bo", "Cy"),
        table="cutthroat-3",
        target="custom",
        custom_target="150",
        first_dealer="2",
    )
    with app.app_context():
        stored = storage.load_game(get_db(), game_id)
    assert stored.game.table.players == ("Ana", "Bo", "Cy")
    assert stored.game.table.first_dealer == 2 and stored.game.rules.target == 150
    assert "Cy deals. Ana bids first." in text(client.get(f"/games/{game_id}"))


def test_suicide_ticked_for_cutthroat_is_dropped_and_the_game_starts(client, app):
    response = client.post(
        "/games/new",
        data=new_game_form(players=("Ana", "Bo"), table="cutthroat-2", rule_suicide="y"),
    )
    assert response.status_code == 302
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    with app.app_context():
        stored = storage.load_game(get_db(), game_id)
    assert stored.game.table.mode == "cutthroat" and stored.game.rules.suicide is False


def test_rules_refused_by_the_core_are_shown_and_store_nothing(client, app, monkeypatch):
    # The form drops suicide for cutthroat; were it to forget, the core's refusal must
    # reach the page (with the names kept) rather than a 500.
    from scorepad.web.forms import NewGameForm

    chosen = NewGameForm.chosen_rules
    monkeypatch.setattr(NewGameForm, "chosen_rules", lambda self: {**chosen(self), "suicide": True})
    response = client.post(
        "/games/new",
        data=new_game_form(players=("Ana", "Bo"), table="cutthroat-2", rule_suicide="y"),
    )
    body = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "rules.suicide: is played in partnership games only" in body
    assert 'value="Ana"' in body and 'value="Bo"' in body
    with app.app_context():
        assert get_db()["games"].count == 0


def test_full_hand_and_summary(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    words = text(client.get(f"/games/{game_id}"))
    assert "Alice & Cara +71 : made 8 of 7 (1 bag)" in words
    assert "Ben & Dev +150 : made 5 of 5, Dev's nil made" in words
    assert "Hand 2: bids" in words and "Ben deals" in words


def checked(body: str, name: str) -> str | None:
    """The value of the chosen radio of group `name` in a page, if any."""
    found = re.search(
        rf'<input checked id="{name}-[0-9]+" name="{name}" type="radio" '
        r'value="([^"]*)"',
        body,
    )
    return found[1] if found else None


def test_pending_hand_shows_contracts_and_leader(client):
    game_id = start(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, "blind_nil"]))
    words = text(client.get(f"/games/{game_id}"))
    assert "Hand 1: tricks" in words and "Ben leads" in words
    assert "Alice & Cara bid 7 (Alice 4, Cara 3)" in words
    assert "Ben & Dev bid 5 (Ben 5, Dev blind nil)" in words
    assert "Alice bid 4" in words and "Dev bid blind nil" in words
    assert "Save tricks" in words


def test_bids_are_radio_groups_in_bidding_order_with_the_dealer_marked(client):
    game_id = start(client, first_dealer="2")
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    groups = re.findall(r'role="radiogroup" id="(bid_\d)"\s+aria-label="([^"]+)"', body)
    assert groups == [
        ("bid_3", "Dev bid"),
        ("bid_0", "Alice bid"),
        ("bid_1", "Ben bid"),
        ("bid_2", "Cara bid"),
    ]
    cara = body[body.index('aria-label="Cara bid"') :]
    assert cara.index("deals") < cara.index("</legend>")
    for value in [*map(str, range(1, 14)), "nil", "blind_nil"]:
        assert f'name="bid_0" type="radio" value="{value}"' in body
    assert 'type="number"' not in body.split("<form")[1]  # no keyboard for a hand


@pytest.mark.parametrize(
    "bids,errors",
    [
        (
            {"bid_0": "4", "bid_2": "3"},
            {"bid_1": "Ben's bid is missing", "bid_3": "Dev's bid is missing"},
        ),
        (
            {"bid_0": "4", "bid_1": "5", "bid_2": "3", "bid_3": "14"},
            {"bid_3": "Dev's bid must be one of the choices shown"},
        ),
        (
            {"bid_0": "4", "bid_1": "5", "bid_2": "3", "bid_3": "-1"},
            {"bid_3": "Dev's bid must be one of the choices shown"},
        ),
        (
            {"bid_0": "two", "bid_1": "5", "bid_2": "3", "bid_3": "0"},
            {
                "bid_0": "Alice's bid must be one of the choices shown",
                "bid_3": "Dev's bid must be one of the choices shown",
            },
        ),
    ],
)
def test_bid_refusals_show_all_at_once_beside_their_seats(client, app, bids, errors):
    game_id = start(client)
    response = client.post(f"/games/{game_id}/bids", data={"number": "1", "version": "0", **bids})
    body = response.get_data(as_text=True).replace("&#39;", "'")
    assert response.status_code == 400
    for field, message in errors.items():
        error = body[body.index(f'id="{field}-error"') :]
        assert error[error.index(">") + 1 :].startswith(message)
    assert body.count('class="error"') == len(errors)
    assert checked(body, "bid_2") == "3"  # what was chosen stays chosen
    with app.app_context():
        assert get_db()["hands"].count == 0


def test_bid_refused_by_house_rules_is_shown_beside_the_seat(client, app):
    game_id = start(client, rule_double_nil=None)
    response = client.post(f"/games/{game_id}/bids", data=bid_form(1, ["nil", 5, "nil", 3]))
    body = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Alice &amp; Cara may not both bid nil in this game" in body
    assert 'id="bid_2-error"' in body


def test_nil_off_hides_nil_and_blind_nil_trailing_hides_blind(client):
    game_id = start(client, rule_nil=None)
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'value="nil"' not in body and 'value="blind_nil"' not in body
    game_id = start(client, rule_blind_nil_trailing_by="100")
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'name="bid_0" type="radio" value="nil"' in body and 'value="blind_nil"' not in body
    response = client.post(f"/games/{game_id}/bids", data=bid_form(1, ["blind_nil", 5, 3, 1]))
    assert response.status_code == 400  # a forged blind nil is refused beside the seat
    assert "Alice&#39;s bid must be one of the choices shown" in response.get_data(as_text=True)


@pytest.mark.parametrize(
    "tricks,field,message",
    [
        ([5, 5, 3, 1], None, "The tricks add up to 14; a hand has 13"),
        ([5, 5, 3, 14], "tricks_3", "Dev's tricks must be a number from 0 to 13"),
        ([5, 5, 3, -1], "tricks_3", "Dev's tricks must be a number from 0 to 13"),
        ([5, 5, 3, None], "tricks_3", "Dev's tricks are missing"),
        ([5, 5, 3, "x"], "tricks_3", "Dev's tricks must be a number from 0 to 13"),
    ],
)
def test_trick_refusals_keep_values(client, app, tricks, field, message):
    game_id = start(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, "nil"]))
    response = client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 1, tricks))
    body = response.get_data(as_text=True).replace("&#39;", "'")
    assert response.status_code == 400 and message in body
    if field:
        assert f'id="{field}-error">{message}' in body
    assert checked(body, "tricks_1") == "5"
    with app.app_context():
        assert storage.load_game(get_db(), game_id).game.hands[0].tricks is None


def test_second_phone_saving_the_same_bids_sees_a_message(client, app):
    game_id = start(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, 1]))
    response = client.post(
        f"/games/{game_id}/bids", data=bid_form(1, [2, 2, 2, 2]), follow_redirects=True
    )
    words = text(response)
    assert (
        "Hand 1's bids were already saved on another phone, and they are not the ones "
        "you chose: yours were not saved. Here is the hand as it was saved." in words
    )
    assert "Alice & Cara bid 7" in words


def test_stale_tricks_form_is_refused(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    response = client.post(
        f"/games/{game_id}/tricks", data=tricks_form(1, 1, [4, 5, 4, 0]), follow_redirects=True
    )
    assert "These tricks were not saved: no hand is waiting for its tricks" in text(response)
    assert client.get(f"/games/{game_id}/export.json").get_json()["hands"][0]["tricks"] == [
        5,
        5,
        3,
        0,
    ]


def test_edit_hand_rescores(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    play(client, game_id, 2, [3, 2, 3, 2], [5, 2, 4, 2])
    page = client.get(f"/games/{game_id}/hands/1")
    body = page.get_data(as_text=True)
    assert page.status_code == 200 and checked(body, "bid_3") == "nil"
    assert checked(body, "tricks_0") == "5"
    data = {
        **bid_form(1, [4, 5, 3, "nil"]),
        "version": "2",
        **{f"tricks_{s}": str(t) for s, t in enumerate([4, 5, 3, 1])},
    }
    response = client.post(f"/games/{game_id}/hands/1", data=data, follow_redirects=True)
    words = text(response)
    assert "Hand 1 corrected; every later hand was scored again" in words
    # side 1: bid 5 made 5 (50) and Dev's nil broken (-100) + 1 bag: -49; then 40 -> -9
    assert "Ben & Dev: \u22129 points, 1 bag of 10" in words
    export = client.get(f"/games/{game_id}/export.json").get_json()
    assert [s["total"] for s in export["sides"]] == [63 + 70, -49 + 40]


def test_changing_the_bids_of_the_hand_in_play_says_so(client):
    game_id = start(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, 1]))
    response = client.post(
        f"/games/{game_id}/hands/1",
        data={**bid_form(1, [4, 5, 3, 2]), "version": "1"},
        follow_redirects=True,
    )
    words = text(response)
    assert "The bids of hand 1 were changed" in words and "scored again" not in words
    assert "Ben & Dev bid 7" in words


def test_edit_with_old_version_is_refused(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    data = {**bid_form(1, [4, 5, 3, 1]), **tricks_form(1, 1, [4, 5, 3, 1])}
    response = client.post(f"/games/{game_id}/hands/1", data=data, follow_redirects=True)
    assert "changed on another phone" in text(response)
    assert client.get(f"/games/{game_id}/export.json").get_json()["hands"][0]["bids"][3] == "nil"


def test_edit_refusal_keeps_values(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    data = {**bid_form(1, [4, 5, 3, "nil"]), **tricks_form(1, 2, [4, 5, 3, 3])}
    response = client.post(f"/games/{game_id}/hands/1", data=data)
    body = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "The tricks add up to 15; a hand has 13" in body
    assert checked(body, "tricks_3") == "3" and checked(body, "bid_3") == "nil"


def test_missing_hand_and_game_are_404(client):
    game_id = start(client)
    assert client.get(f"/games/{game_id}/hands/1").status_code == 404
    assert client.get("/games/nope").status_code == 404
    assert "There is no game at this address" in text(client.get("/games/nope/history"))


def test_undo_last_hand(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    response = client.post(
        f"/games/{game_id}/hands/1/delete",
        data={"number": "1", "version": "2"},
        follow_redirects=True,
    )
    assert "Hand 1 deleted" in text(response) and "Hand 1: bids" in text(response)


def test_undo_with_stale_version_keeps_the_hand(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    response = client.post(
        f"/games/{game_id}/hands/1/delete",
        data={"number": "1", "version": "1"},
        follow_redirects=True,
    )
    assert "changed on another phone" in text(response)
    assert len(client.get(f"/games/{game_id}/export.json").get_json()["hands"]) == 1


def test_game_over_and_rematch(client, app):
    game_id = start(client, target="250")
    for number in (1, 2, 3):
        play(client, game_id, number, [6, 6, 6, 1], [7, 1, 5, 0])
    words = text(client.get(f"/games/{game_id}"))
    assert "Game over: Alice & Cara win" in words and "Final score: Alice & Cara 360" in words
    assert "Save bids" not in words
    late = client.post(
        f"/games/{game_id}/bids", data=bid_form(4, [3, 3, 3, 4]), follow_redirects=True
    )
    assert "Not saved: the game is over." in text(late)
    with app.app_context():
        assert len(storage.load_game(get_db(), game_id).game.hands) == 3
    response = client.post(f"/games/{game_id}/rematch")
    new_id = response.headers["Location"].rsplit("/", 1)[-1]
    with app.app_context():
        new = storage.load_game(get_db(), new_id)
    assert new.game.table.players == ("Alice", "Ben", "Cara", "Dev")
    assert new.game.table.first_dealer == 3 and new.game.rules.target == 250


def test_tie_at_target_says_another_hand_is_played(client):
    game_id = start(client, target="custom", custom_target="100")
    play(client, game_id, 1, [3, 3, 3, 3], [4, 3, 3, 3])
    play(client, game_id, 2, [3, 3, 3, 3], [3, 4, 3, 3])
    assert "tied at the target: another hand is played" in text(client.get(f"/games/{game_id}"))


def test_history_table(client):
    game_id = start(client, rule_bag_limit="5", rule_bag_penalty="50")
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    play(client, game_id, 2, [1, 5, 1, "blind_nil"], [6, 5, 1, 1])
    words = text(client.get(f"/games/{game_id}/history"))
    assert "bid Alice 4 + Cara 3 took 5 + 3 +71 → 71 1 bag" in words
    assert "bid Ben 5 + Dev nil took 5 + 0 +150 → 150 0 bags nil made" in words
    assert "bag penalty \u221250" in words and "blind nil broken" in words
    assert "Fix" in words


def test_rules_shown_on_game_page(client):
    game_id = start(client, rule_nil_tricks="partner", rule_loss_threshold="-200")
    words = text(client.get(f"/games/{game_id}"))
    assert "Tricks taken by a nil bidder count towards the partner's bid" in words
    assert "Lose at -200" in words and "Partnership, 4 players, 13 tricks a hand" in words


def test_games_page_lists_in_progress_then_finished(client):
    done = start(client, target="250")
    for number in (1, 2, 3):
        play(client, done, number, [6, 6, 6, 1], [7, 1, 5, 0])
    start(client, players=("Wen", "Xi", "Yo", "Zed"))
    words = text(client.get("/games"))
    assert words.index("In progress") < words.index("Wen & Yo") < words.index("Finished")
    assert words.index("Finished") < words.index("Alice & Cara won")


def test_export_is_the_scored_game_file(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    response = client.get(f"/games/{game_id}/export.json")
    assert response.mimetype == "application/json"
    assert "attachment" in response.headers["Content-Disposition"]
    doc = response.get_json()
    assert doc["format"] == "scorepad/1" and doc["hands"][0]["sides"][1]["points"] == 150


def test_import_page_and_success(client):
    assert "game_file" in client.get("/games/import").get_data(as_text=True)
    response = client.post(
        "/games/import", data={"game_file": (io.BytesIO(json.dumps(IMPORT).encode()), "game.json")}
    )
    assert response.status_code == 302
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    assert response.headers["Location"].endswith(f"/games/{game_id}")
    exported = client.get(f"/games/{game_id}/export.json").get_json()
    assert [s["total"] for s in exported["sides"]] == [134, 190]


@pytest.mark.parametrize(
    "content,message",
    [
        (b"{not json", "not valid JSON"),
        (b"\xff\xfe\x00", "not UTF-8"),
        (
            json.dumps(
                dict(IMPORT, hands=[{"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 3]}])
            ).encode(),
            "Hand 1: tricks add up to 12, expected 13",
        ),
        (json.dumps(dict(IMPORT, format="x")).encode(), "Format: must be"),
    ],
)
def test_import_refusals_store_nothing(client, app, content, message):
    response = client.post("/games/import", data={"game_file": (io.BytesIO(content), "game.json")})
    assert response.status_code == 400 and message in response.get_data(as_text=True)
    with app.app_context():
        assert get_db()["games"].count == 0 and get_db()["hands"].count == 0


def test_import_without_a_file(client):
    response = client.post("/games/import", data={})
    assert response.status_code == 400 and "Choose a game file" in text(response)


def test_csrf_is_required_when_on(guarded):
    response = guarded.post("/games/new", data=new_game_form())
    assert response.status_code == 400 and "expired" in text(response)
    token = form_token(guarded.get("/games/new"))
    response = guarded.post("/games/new", data={**new_game_form(), "csrf_token": token})
    assert response.status_code == 302


def test_unknown_page_and_wrong_method_are_friendly(client):
    response = client.get("/nowhere")
    assert response.status_code == 404 and "Not found" in text(response)
    response = client.get(f"/games/{start(client)}/bids")
    assert response.status_code == 405 and "Traceback" not in response.get_data(as_text=True)


def test_the_game_page_shows_both_kinds_of_message_in_their_places(client):
    """An error above the score and a change made elsewhere under the hand step, both
    from one request (the first place takes them all from the session)."""
    game_id = start(client)
    client.get(f"/games/{game_id}")
    with client.session_transaction() as session:
        session["_flashes"] = [("error", "Something was refused."), ("ok", "Hand 3 fixed.")]
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    refused = page.index('<p class="flash flash-error" role="alert">Something was refused.</p>')
    fixed = page.index('<p class="flash flash-ok" role="status">Hand 3 fixed.</p>')
    assert refused < page.index('id="step"') < fixed
    assert "flash" not in client.get(f"/games/{game_id}").get_data(as_text=True).split("<main")[1]
