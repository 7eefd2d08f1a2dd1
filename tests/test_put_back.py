"""Undo has its redo: after "Undo hand N" the game page offers "Put hand N back" until the
game changes again; the hand comes back exactly as it was (issue 19)."""

from __future__ import annotations

import re

import pytest

from scorepad.store import commands
from scorepad.store.outcomes import Stale
from scorepad.web.db import get_db
from tests.helpers import (
    HAND_1,
    HAND_2,
    bid_form,
    load,
    played_game,
    start,
    text,
    tricks_form,
    ver,
)

PUT_BACK = re.compile(
    r'action="(/games/[^/"]+/hands/(\d+)/put-back)".*?name="version" value="(\d+)"', re.S
)


def undo(client, app, game_id, number):
    return client.post(
        f"/games/{game_id}/hands/{number}/delete",
        data={"number": str(number), "version": ver(app, game_id, number)},
    )


def offer(client, game_id):
    """The put-back form the game page shows: its address, hand and version; or None."""
    found = PUT_BACK.search(client.get(f"/games/{game_id}").text)
    return None if found is None else (found.group(1), int(found.group(2)), found.group(3))


def test_undo_offers_to_put_the_hand_back_exactly_as_it_was(client, app):
    game_id = played_game(client, (HAND_1, HAND_2))
    with app.app_context():  # what hand 2 carried beyond its bids and tricks
        stored = load(app, game_id)
        commands.adjust(get_db(), game_id, 2, stored.versions[1], (-30, 0), "renege")
    before = load(app, game_id)
    assert offer(client, game_id) is None  # nothing undone yet
    undo(client, app, game_id, 2)  # its tricks: the bids stay
    undone = load(app, game_id).game.hands
    assert len(undone) == 2 and not undone[1].played and undone[1].bids == before.game.hands[1].bids
    assert "Put hand 2 back" in text(client.get(f"/games/{game_id}"))
    address, number, version = offer(client, game_id)
    assert number == 2 and version == str(load(app, game_id).revision)
    r = client.post(address, data={"version": version})
    assert r.status_code == 302
    assert "Hand 2 is back, as it was saved." in text(client.get(r.headers["Location"]))
    after = load(app, game_id)
    assert after.game == before.game and after.score().totals == before.score().totals
    assert after.revision > before.revision
    assert offer(client, game_id) is None  # put back once only


def test_the_offer_ends_with_the_next_save(client, app):
    game_id = played_game(client, (HAND_1, HAND_2))
    undo(client, app, game_id, 2)
    address, _, old = offer(client, game_id)
    version = ver(app, game_id, 2)
    client.post(f"/games/{game_id}/tricks", data=tricks_form(2, version, [4, 2, 5, 2]))
    assert offer(client, game_id) is None and "Put hand" not in text(
        client.get(f"/games/{game_id}")
    )
    r = client.post(address, data={"version": old})  # an old page's button
    assert r.status_code == 302
    assert "Hand 2 was not put back: the game changed since it was undone." in text(
        client.get(r.headers["Location"])
    )
    assert load(app, game_id).game.hands[1].tricks == (4, 2, 5, 2)


def test_a_hand_undone_and_then_another_offers_only_the_last(client, app):
    game_id = played_game(client, (HAND_1, HAND_2))
    undo(client, app, game_id, 2)  # hand 2's tricks
    undo(client, app, game_id, 2)  # then its bids
    undo(client, app, game_id, 1)  # then hand 1's tricks
    assert offer(client, game_id)[1] == 1
    address, _, version = offer(client, game_id)
    client.post(address, data={"version": version})
    stored = load(app, game_id)
    assert len(stored.game.hands) == 1 and stored.game.hands[0].played
    assert offer(client, game_id) is None


def test_bids_undone_are_offered_back_too(client, app):
    game_id = start(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [3, 3, 3, 2]))
    undo(client, app, game_id, 1)  # the bids of the hand in play
    assert load(app, game_id).game.hands == ()
    address, number, version = offer(client, game_id)
    assert number == 1
    client.post(address, data={"version": version})
    assert load(app, game_id).game.hands[0].bids == (3, 3, 3, 2)


def test_a_game_ended_early_is_ended_again_when_its_last_hand_comes_back(client, app):
    game_id = played_game(client, (HAND_1,))
    client.post(f"/games/{game_id}/end", data={"version": str(load(app, game_id).revision)})
    assert load(app, game_id).score().status == "finished"
    undo(client, app, game_id, 1)
    assert load(app, game_id).score().status == "playing"
    address, _, version = offer(client, game_id)
    client.post(address, data={"version": version})
    stored = load(app, game_id)
    assert stored.game.ended and stored.score().status == "finished"


def test_the_command_refuses_a_stale_revision_and_a_wrong_hand(client, app):
    game_id = played_game(client, (HAND_1, HAND_2))
    undo(client, app, game_id, 2)
    revision = load(app, game_id).revision
    with app.app_context():
        for number, seen in ((2, revision - 1), (3, revision), (1, revision)):
            with pytest.raises(Stale) as refused:
                commands.put_back(get_db(), game_id, number, seen)
            assert refused.value.why == "put_back"
    assert not load(app, game_id).game.hands[1].played
    version = ver(app, game_id, 2)  # played again by hand: the same, but a change
    client.post(f"/games/{game_id}/tricks", data=tricks_form(2, version, HAND_2[1]))
    with app.app_context(), pytest.raises(Stale):
        commands.put_back(get_db(), game_id, 2, revision)


def test_a_game_deleted_takes_its_undone_hand_with_it(client, app):
    game_id = played_game(client, (HAND_1,))
    undo(client, app, game_id, 1)
    client.post(f"/games/{game_id}/delete", data={})
    with app.app_context():
        left = get_db().execute("select count(*) from undone_hands").fetchone()[0]
    assert left == 0
