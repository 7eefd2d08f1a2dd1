"""A game's settings page: player and side names and house rules, changed after the start."""

from __future__ import annotations

import io

import pytest

from tests.helpers import (
    HAND_1,
    HAND_2,
    load,
    played_game,
    settings_data,
    start,
    text,
)


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
        # a side named as the other side shows, its partners' names left in place
        ({"side_0": "ben & dev"}, "side_0", "The other side has this name"),
        ({"side_1": " Alice  &  Cara "}, "side_1", "The other side has this name"),
        (
            {"side_0": "Zed & Yo", "player_1": "Zed", "player_3": "Yo"},
            "side_0",
            "The other side has this name",
        ),
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


def test_settings_saved_unchanged_write_nothing_and_another_phones_form_still_saves(client, app):
    """The settings form saved as it was drawn changes nothing: the revision stays, so
    the same form open on another phone still saves its change."""
    game_id = played_game(client)
    before = load(app, game_id)
    drawn = settings_data(app, game_id)
    r = client.post(f"/games/{game_id}/settings", data=drawn)
    assert r.status_code == 302 and r.headers["Location"] == f"/games/{game_id}"
    assert load(app, game_id).revision == before.revision
    r = client.post(f"/games/{game_id}/settings", data={**drawn, "player_0": "Ann"})
    assert r.status_code == 302 and r.headers["Location"] == f"/games/{game_id}"
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
