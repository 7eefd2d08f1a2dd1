"""A bid is a person's, sent by seat (tests/test_phones_racing.py): a club night's
director re-seating a table (a substitute, or two players changing seats) changes who
the seat's phone bids for. The leaver's bid waiting at the seat was kept and made the
hand under the substitute's name, and the leaver's phone went on holding the seat and
bidding for whoever sat there. Now the re-seating lets go of each seat whose player
changed: its waiting bid goes (every seat phone is told why) and its phone no longer
holds it; the one who sits there now taps their own name on the seat's link."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scorepad.store import seats, storage
from scorepad.web import seats as seats_view
from scorepad.web.db import get_db
from tests.helpers import claim_seat, seat_links, text
from tests.test_phones_racing import night_table


def _waiting(app, game_id):
    with app.app_context():
        db = get_db()
        return seats.waiting(db, storage.load_game(db, game_id))


@pytest.mark.parametrize(
    "arriving, done, moved",
    [("Zoe", "sits in for", {0}), ("Cy", "changed seats with", {0, 2})],
)
def test_a_leavers_waiting_bid_and_seat_go_with_the_leaver(app, client, arriving, done, moved):
    night, game_id, table = night_table(app, client)  # Ann, Bo, Cy, Di at table 1
    tokens = seat_links(table, game_id)
    phones = [app.test_client() for _ in tokens]
    for phone, token in zip(phones, tokens):
        assert claim_seat(phone, token).status_code == 302
    players = night.game(game_id).game.table.players
    for seat in (0, 1, 2):  # every seat but the last has bid from its phone
        sent = phones[seat].post(f"/seat/{tokens[seat]}", data={"number": "1", "bid": "3"})
        assert sent.status_code == 302
    assert set(_waiting(app, game_id)) == {0, 1, 2}

    who = arriving if arriving == "Zoe" else players[2]
    night.act("rounds/1/reseat", done, seat="1-0", name=who)
    now = night.game(game_id).game.table.players
    assert {seat for seat in range(4) if now[seat] != players[seat]} == moved

    assert set(_waiting(app, game_id)) == {0, 1, 2} - moved  # the leavers' bids went
    told = text(phones[1].get(f"/seat/{tokens[1]}"))
    assert "your bid no longer counts because the players at the table were changed" in told
    for seat in moved:  # the phone that held the seat holds it no more
        page = phones[seat].post(f"/seat/{tokens[seat]}", data={"number": "1", "bid": "5"})
        assert page.status_code == 403
        assert f"I am {now[seat]}" in text(page)
    assert set(_waiting(app, game_id)) == {0, 1, 2} - moved

    # the last bid in: no hand is made with a bid its player never made
    assert phones[3].post(f"/seat/{tokens[3]}", data={"number": "1", "bid": "3"}).status_code
    assert night.game(game_id).game.hands == ()
    # whoever sits there now claims the seat on its link and bids
    for seat in moved:
        newcomer = app.test_client()
        assert claim_seat(newcomer, tokens[seat]).status_code == 302
        assert newcomer.post(f"/seat/{tokens[seat]}", data={"number": "1", "bid": "4"})
    (hand,) = night.game(game_id).game.hands
    assert [hand.bids[seat] for seat in sorted(moved)] == [4] * len(moved)


def test_a_seat_bid_sent_as_the_table_is_reseated_is_refused_and_saves_nothing(
    app, client, monkeypatch
):
    """The seat's view checks the phone holds the seat; the director re-seats it before
    the write (patched in between, as tests/test_table_closed_in_write.py does): the
    write finds the seat let go, refuses the bid in words and keeps nothing at it."""
    night, game_id, table = night_table(app, client)
    tokens = seat_links(table, game_id)
    ann = app.test_client()
    assert claim_seat(ann, tokens[0]).status_code == 302
    real = seats_view.powers.require

    def checked_then_reseated(stored, action):
        held = real(stored, action)
        night.act("rounds/1/reseat", "sits in for", seat="1-0", name="Zoe")
        return held

    monkeypatch.setattr(seats_view, "powers", SimpleNamespace(require=checked_then_reseated))
    sent = ann.post(f"/seat/{tokens[0]}", data={"number": "1", "bid": "nil"}, follow_redirects=True)
    assert "the players at the table were changed" in text(sent), text(sent)
    assert _waiting(app, game_id) == {}
    assert night.game(game_id).game.table.players[0] == "Zoe"
