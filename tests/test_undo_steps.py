"""Undo takes back one step (issue 39): a played hand's tricks first, its bids kept and
the hand back at its tricks step; a second Undo its bids. Put back returns the step
undone; a form from another phone made before a step is refused, nothing changed."""

from __future__ import annotations

import re
from dataclasses import replace

from tests.helpers import HAND_1, HAND_2, load, play, played_game, start, text, tricks_form, ver


def _step(client, game_id) -> str:
    """The game page's step card: the part of the page on a phone's first screen."""
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    found = re.search(r'<section class="card step".*?</section>', body, re.S)
    assert found is not None
    return found.group(0)


def _undo(client, game_id, number, version):
    return client.post(
        f"/games/{game_id}/hands/{number}/delete",
        data={"number": str(number), "version": str(version)},
    )


def test_undo_takes_back_the_tricks_and_keeps_the_bids(client, app):
    game_id = played_game(client, (HAND_1, HAND_2))
    played = load(app, game_id)
    step = _step(client, game_id)  # the Undo is in the step card, by the next bids
    assert "Hand 3: bids" in step and "Undo the tricks of hand 2" in step
    r = _undo(client, game_id, 2, ver(app, game_id, 2))
    page = text(client.get(r.headers["Location"]))
    assert "Hand 2: its tricks are taken back; its bids stay." in page
    stored = load(app, game_id)
    assert stored.game.hands[0] == played.game.hands[0]
    assert stored.game.hands[1] == replace(played.game.hands[1], tricks=None)
    assert stored.score().totals == played.score().totals_before(2)
    step = _step(client, game_id)
    assert "Hand 2: tricks" in step and "Undo the bids of hand 2" in step
    assert "Put hand 2 back" in step
    # the trick mistyped is entered again: the hand is scored with the bids as they were
    version = ver(app, game_id, 2)
    client.post(f"/games/{game_id}/tricks", data=tricks_form(2, version, [4, 2, 5, 2]))
    stored = load(app, game_id)
    assert stored.game.hands[1].tricks == (4, 2, 5, 2) and stored.game.hands[1].bids == (3, 2, 3, 2)


def test_a_second_undo_takes_the_bids_and_put_back_returns_each_step(client, app):
    game_id = played_game(client, (HAND_1, HAND_2))
    played = load(app, game_id)
    _undo(client, game_id, 2, ver(app, game_id, 2))
    _undo(client, game_id, 2, ver(app, game_id, 2))
    assert len(load(app, game_id).game.hands) == 1
    assert "Hand 2: bids" in _step(client, game_id)
    step = _step(client, game_id)
    back = re.search(r'action="(/games/[^"]+/hands/2/put-back)"', step)
    assert "Put hand 2's bids back" in step  # the last undo was of its bids: they come back
    revision = load(app, game_id).revision
    r = client.post(back.group(1), data={"version": str(revision)})
    assert "Hand 2's bids are back, as they were saved." in text(client.get(r.headers["Location"]))
    assert load(app, game_id).game.hands[1] == replace(played.game.hands[1], tricks=None)
    assert "Hand 2: tricks" in _step(client, game_id)


def test_put_back_after_a_tricks_undo_is_the_hand_as_played(client, app):
    game_id = played_game(client, (HAND_1, HAND_2))
    before = load(app, game_id)
    _undo(client, game_id, 2, ver(app, game_id, 2))
    back = re.search(r'action="(/games/[^"]+/hands/2/put-back)"', _step(client, game_id))
    r = client.post(back.group(1), data={"version": str(load(app, game_id).revision)})
    assert "Hand 2 is back, as it was saved." in text(client.get(r.headers["Location"]))
    after = load(app, game_id)
    assert after.game == before.game and after.score().totals == before.score().totals


def test_two_phones_a_step_undone_on_one_refuses_the_others_old_forms(app):
    phone, other = app.test_client(), app.test_client()
    game_id = played_game(phone, (HAND_1, HAND_2))
    seen = ver(app, game_id, 2)  # both phones show hand 2 played
    _undo(phone, game_id, 2, seen)  # its tricks
    r = _undo(other, game_id, 2, seen)  # the other phone's Undo, from before: not a 2nd step
    told = text(other.get(r.headers["Location"]))
    assert "changed on another phone" in told
    stored = load(app, game_id)
    assert len(stored.game.hands) == 2 and stored.game.hands[1].bids == (3, 2, 3, 2)
    # the other phone's tricks form for hand 2 from before the undo: refused too
    old = tricks_form(2, int(seen) - 1, [5, 2, 4, 2])
    other.post(f"/games/{game_id}/tricks", data=old)
    assert not load(app, game_id).game.hands[1].played
    # tricks entered again on this phone: the other's put back (its old page) does nothing
    revision = load(app, game_id).revision
    phone.post(f"/games/{game_id}/tricks", data=tricks_form(2, ver(app, game_id, 2), [4, 2, 5, 2]))
    other.post(f"/games/{game_id}/hands/2/put-back", data={"version": str(revision)})
    assert load(app, game_id).game.hands[1].tricks == (4, 2, 5, 2)


def test_a_finished_game_offers_undo_of_its_last_tricks(client, app):
    game_id = start(client, target="custom", custom_target="50")
    play(client, game_id, 1, (4, 3, 4, 3), (5, 3, 4, 1))  # over at once
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    done = re.search(r'<section class="card done step".*?</section>', body, re.S).group(0)
    assert "Undo the tricks of hand 1" in done
    r = _undo(client, game_id, 1, ver(app, game_id, 1))
    assert "Hand 1: tricks" in text(client.get(r.headers["Location"]))
    assert not load(app, game_id).score().over
