"""Lowering the target (or any rule) below a score in the settings: the later hands go
only when the table confirms them, as they are now (issue 19)."""

from __future__ import annotations

import re

import pytest

from scorepad.core.rules import validate_rules
from scorepad.store import commands, storage
from scorepad.store.outcomes import RemovesHands
from scorepad.web.db import get_db
from tests.helpers import HAND_1, HAND_2, load, play, played_game, settings_data, text


def shown_confirm(page: str) -> str:
    return re.search(r'name="confirm_removal" value="([^"]+)"', page).group(1)


def test_confirming_removes_the_later_hands_and_saves_the_settings(client, app):
    game_id = played_game(client, (HAND_1, HAND_2))
    data = settings_data(app, game_id, rule_target="150", player_0="Ann")
    shown = shown_confirm(client.post(f"/games/{game_id}/settings", data=data).text)
    r = client.post(f"/games/{game_id}/settings", data={**data, "confirm_removal": shown})
    assert r.status_code == 302 and r.headers["Location"] == f"/games/{game_id}"
    stored = load(app, game_id)
    score = stored.score()
    assert stored.game.rules.target == 150 and stored.game.table.players[0] == "Ann"
    assert len(stored.game.hands) == 1 and score.status == "finished" and score.winner == 1
    assert score.totals == (71, 150)
    assert "Game over: Ben & Dev win" in text(client.get(f"/games/{game_id}"))


def test_a_confirm_for_other_hands_removes_nothing_and_shows_the_list(client, app):
    game_id = played_game(client, (HAND_1, HAND_2))
    data = settings_data(app, game_id, rule_target="150")
    revision = load(app, game_id).revision
    for wrong in (f"{revision}:3", f"{revision - 1}:2", "rubbish"):
        r = client.post(f"/games/{game_id}/settings", data={**data, "confirm_removal": wrong})
        assert r.status_code == 400 and "Remove hand 2 and save" in text(r)
        assert len(load(app, game_id).game.hands) == 2


def test_a_confirm_after_another_hand_was_saved_is_refused_with_the_new_list(client, app):
    """Phone A is shown that hand 2 goes; phone B plays hand 3 meanwhile: A's
    confirmation removes nothing, A is told the game changed and, as on a fixed hand's
    page, shown at once which hands the same settings remove now."""
    game_id = played_game(client, (HAND_1, HAND_2))
    data = settings_data(app, game_id, rule_target="150")
    shown = shown_confirm(client.post(f"/games/{game_id}/settings", data=data).text)
    play(client, game_id, 3, [3, 3, 3, 3], [4, 3, 3, 3])
    r = client.post(f"/games/{game_id}/settings", data={**data, "confirm_removal": shown})
    assert r.status_code == 400 and "changed on another phone" in text(r)
    assert "Remove hands 2 and 3 and save" in text(r) and 'value="150"' in r.text
    stored = load(app, game_id)
    assert len(stored.game.hands) == 3 and stored.game.rules.target == 500
    again = {**data, "version": str(stored.revision), "confirm_removal": shown_confirm(r.text)}
    assert f'name="version" type="hidden" value="{stored.revision}"' in r.text
    r = client.post(f"/games/{game_id}/settings", data=again)
    assert r.status_code == 302 and r.headers["Location"] == f"/games/{game_id}"
    stored = load(app, game_id)
    assert len(stored.game.hands) == 1 and stored.game.rules.target == 150


def test_a_stale_settings_form_without_a_confirm_is_sent_back(client, app):
    game_id = played_game(client, (HAND_1,))
    data = settings_data(app, game_id, player_0="Ann")
    play(client, game_id, 2, [3, 3, 3, 3], [4, 3, 3, 3])
    r = client.post(f"/games/{game_id}/settings", data=data)
    assert r.status_code == 302 and r.headers["Location"].endswith("/settings")
    assert "changed on another phone" in text(client.get(r.headers["Location"]))
    assert load(app, game_id).game.table.players[0] == "Alice"


def test_the_command_names_the_hands_and_the_revision(client, app):
    game_id = played_game(client, (HAND_1, HAND_2))
    stored = load(app, game_id)
    rules = validate_rules({**stored.game.rules.as_dict(), "target": 150}, "partnership")
    with app.app_context():
        db = get_db()
        with pytest.raises(RemovesHands) as removes:
            commands.change_settings(db, game_id, stored.revision, stored.game.table, rules)
        assert (removes.value.number, removes.value.numbers) == (None, (2,))
        assert removes.value.revision == stored.revision
        assert len(storage.load_game(db, game_id).game.hands) == 2
        fresh = commands.change_settings(
            db, game_id, stored.revision, stored.game.table, rules, confirm=(stored.revision, (2,))
        )
    assert len(fresh.game.hands) == 1 and fresh.revision > stored.revision
    assert load(app, game_id).game.rules.target == 150
