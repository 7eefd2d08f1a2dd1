"""The views re-check nothing a command checks: a stale fix, a hand deleted, tricks with
no hand waiting and a renege are each decided by the store's command or the core's
check, and the phone is told in the outcome's own words."""

from __future__ import annotations

import pytest

from scorepad.core.checks import check_can_renege
from scorepad.core.errors import GameError
from scorepad.core.records import Hand, make_table
from scorepad.core.rules import Rules
from scorepad.store import commands, storage, undone
from scorepad.store.outcomes import Stale
from scorepad.web.db import get_db
from scorepad.web.games import fix
from scorepad.web.outcomes import changed, say
from tests.helpers import (
    bid_form,
    load,
    partnership,
    play,
    start,
    text,
    tricks_form,
    version_on_page,
)


def _flash(client, response) -> str:
    return text(client.get(response.headers["Location"]))


def test_a_stale_fix_reaches_the_command_and_gets_the_stores_sentence(app, client, monkeypatch):
    game_id = start(client)
    play(client, game_id, 1, [3, 3, 3, 3], [4, 3, 3, 3])
    old = load(app, game_id).versions[0]
    form = {**bid_form(1, [2, 3, 3, 3]), **tricks_form(1, old, [4, 3, 3, 3])}
    assert client.post(f"/games/{game_id}/hands/1", data=form).status_code == 302
    asked = []
    real = commands.fix_hand
    monkeypatch.setattr(
        fix.commands, "fix_hand", lambda *a, **k: asked.append(a[3]) or real(*a, **k)
    )
    response = client.post(f"/games/{game_id}/hands/1", data=form)  # the old version again
    assert asked == [old]  # no version check in the view: the command was asked
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/games/{game_id}/hands/1")
    assert changed(1) in _flash(client, response)
    assert load(app, game_id).game.hands[0].bids == (2, 3, 3, 3)


def test_a_fix_of_a_hand_undone_since_is_told_by_the_command_that_it_is_gone(app, client):
    game_id = start(client)
    play(client, game_id, 1, [3, 3, 3, 3], [4, 3, 3, 3])
    client.post(f"/games/{game_id}/bids", data=bid_form(2, [3, 3, 3, 3]))
    version = version_on_page(client, game_id)
    form = {**bid_form(2, [2, 3, 3, 3]), "version": str(version)}
    assert client.post(f"/games/{game_id}/hands/2/delete", data=form).status_code == 302
    response = client.post(f"/games/{game_id}/hands/2", data=form)
    assert response.status_code == 302 and response.headers["Location"].endswith(game_id)
    gone = "Hand 2 is no longer in this game: the hand changed on another phone."
    assert gone in _flash(client, response)
    assert client.get(f"/games/{game_id}/hands/2").status_code == 404


def test_a_bids_only_fix_of_a_played_hand_is_refused_by_the_store_even_at_its_version(app):
    with app.app_context():
        db = get_db()
        stored = commands.start(db, partnership(), _rules())
        stored = commands.record_bids(db, stored.id, 1, (3, 3, 3, 3))
        stored = commands.record_tricks(db, stored.id, 1, stored.versions[0], (4, 3, 3, 3))
        with pytest.raises(Stale) as refused:
            commands.fix_hand(db, stored.id, 1, stored.versions[0], (2, 3, 3, 3), None)
        assert refused.value.why == "changed"
        assert load(app, stored.id).game.hands[0].tricks == (4, 3, 3, 3)


def _rules() -> Rules:
    return Rules()


@pytest.mark.parametrize("played", [True, False])
def test_deleting_a_hand_is_one_command_that_decides_undo_or_cancel(app, played):
    with app.app_context():
        db = get_db()
        stored = commands.start(db, partnership(), _rules())
        stored = commands.record_bids(db, stored.id, 1, (3, 3, 3, 3))
        if played:
            stored = commands.record_tricks(db, stored.id, 1, stored.versions[0], (4, 3, 3, 3))
        fresh = commands.delete_hand(db, stored.id, 1, stored.versions[0])
        # one step back: a played hand loses its tricks only, a hand only bid its bids
        assert fresh.game.hands == ((Hand((3, 3, 3, 3)),) if played else ())
        kept = undone.offered(db, storage.load_game(db, fresh.id))
        assert kept is not None and kept.number == 1 and kept.hand.played == played


def test_deleting_a_hand_checks_the_version_the_page_saw_and_that_it_is_last(app):
    with app.app_context():
        db = get_db()
        stored = commands.start(db, partnership(), _rules())
        stored = commands.record_bids(db, stored.id, 1, (3, 3, 3, 3))
        first = stored.versions[0]
        stored = commands.record_tricks(db, stored.id, 1, first, (4, 3, 3, 3))
        with pytest.raises(Stale) as stale:
            commands.delete_hand(db, stored.id, 1, first)  # seen before its tricks
        assert stale.value.why == "changed"
        stored = commands.record_bids(db, stored.id, 2, (3, 3, 3, 3))
        with pytest.raises(Stale) as not_last:
            commands.delete_hand(db, stored.id, 1, stored.versions[0])
        assert not_last.value.why == "not_last"
        with pytest.raises(Stale) as gone:
            commands.delete_hand(db, stored.id, 3, 1)
        assert gone.value.why == "gone"
        assert len(load(app, stored.id).game.hands) == 2


def test_tricks_with_no_hand_waiting_are_refused_by_the_command_in_its_words(app, client):
    game_id = start(client)
    with app.app_context():
        with pytest.raises(Stale) as refused:
            commands.record_tricks(get_db(), game_id, 1, 1, (4, 3, 3, 3))
    assert refused.value.why == "played"
    response = client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 1, [4, 3, 3, 3]))
    assert response.status_code == 302
    assert say(refused.value) in _flash(client, response)


@pytest.mark.parametrize(
    "mode,played,refused",
    [
        ("partnership", True, None),
        ("partnership", False, "only a played hand can have a renege"),
        ("cutthroat", True, "a renege is recorded in partnership games only"),
    ],
)
def test_whether_a_hand_can_have_a_renege_is_the_cores_check(mode, played, refused):
    names = ["Ana", "Bo", "Cy", "Di"][: 3 if mode == "cutthroat" else 4]
    table = make_table(mode, names, 0)
    if refused is None:
        check_can_renege(table, played, 1)
    else:
        with pytest.raises(GameError, match=refused):
            check_can_renege(table, played, 1)
