"""Phones racing on one hand, through the pages' own forms. A bid is a person's, sent by
seat: a bids form drawn before the players at the table changed (a club night's director
swapping two players, or a substitute taking a seat) is refused in words and nothing is
saved; the page drawn again takes the bids. A seat's bid that arrives after the scorer
made the hand with that very bid is kept once, not refused."""

from __future__ import annotations

import html
import re

import pytest

from scorepad.store import storage
from scorepad.web.db import get_db
from tests.event_helpers import Night
from tests.helpers import bid_form, claim_seat, seat_links, start, stored_bids, text

HIDDEN = re.compile(r"<input [^>]*\btype=\"hidden\"[^>]*>")
NAME, VALUE = re.compile(r'\bname="(\w+)"'), re.compile(r'\bvalue="([^"]*)"')


def bids_form_fields(page: str) -> dict[str, str]:
    """The hidden fields of the page's bids form, as the phone would send them."""
    form = page[page.index('class="hand-form bids-form') :]
    form = form[: form.index("</form>")]
    fields = {}
    for tag in HIDDEN.findall(form):
        fields[NAME.search(tag).group(1)] = html.unescape(VALUE.search(tag).group(1))
    return fields


def night_table(app, client, names=("Ann", "Bo", "Cy", "Di")):
    """An individual night of four, round 1 started: the director's Night, the table's
    game and its phone (a client of its own, not the director's)."""
    night = Night(client, app, format="individual")
    for name in names:
        night.check_in(name)
    night.draw_and_start()
    return night, night.round()[0].game_id, app.test_client()


@pytest.mark.parametrize(
    "seat, arriving, done",
    [  # table 1's seat (table-seat), who sits there now, and what the director is told
        ("1-0", 1, "changed seats with"),  # opponents swap: no hand yet
        ("1-2", 3, "changed seats with"),
        ("1-2", "Zoe", "sits in for"),  # a substitute
    ],
)
def test_bids_from_a_page_drawn_before_the_table_was_reseated_are_refused(
    app, client, seat, arriving, done
):
    night, game_id, table = night_table(app, client)
    before = night.game(game_id).game.table.players
    fields = bids_form_fields(table.get(f"/games/{game_id}").get_data(as_text=True))
    bids = {"bid_0": "nil", "bid_1": "4", "bid_2": "5", "bid_3": "3"}

    who = before[arriving] if isinstance(arriving, int) else arriving
    night.act("rounds/1/reseat", done, seat=seat, name=who)
    assert night.game(game_id).game.table.players != before

    said = text(
        table.post(f"/games/{game_id}/bids", data={**fields, **bids}, follow_redirects=True)
    )
    assert "Hand 1's bids were not saved: the players at the table were changed" in said
    assert night.game(game_id).game.hands == ()  # nothing saved under the wrong names

    again = bids_form_fields(table.get(f"/games/{game_id}").get_data(as_text=True))
    assert table.post(f"/games/{game_id}/bids", data={**again, **bids}).status_code == 302
    assert night.game(game_id).game.hands[0].bids == ("nil", 4, 5, 3)


@pytest.mark.parametrize(
    "sent",
    [
        "not json",
        '{"a": 1}',
        '["Ann", 3]',
        "[]",
        "[" * 5000 + "]" * 5000,  # json gave up with a RecursionError: a 500
        "[" * 100_000,
        "9" * 5000,  # too long for Python's int
    ],
)
def test_a_seated_field_that_is_not_the_players_is_refused_as_an_older_page(app, client, sent):
    _night, game_id, table = night_table(app, client)
    fields = bids_form_fields(table.get(f"/games/{game_id}").get_data(as_text=True))
    bids = {"bid_0": "3", "bid_1": "4", "bid_2": "5", "bid_3": "3"}
    response = table.post(
        f"/games/{game_id}/bids", data={**fields, **bids, "seated": sent}, follow_redirects=True
    )
    assert response.status_code == 200
    assert "the players at the table were changed" in text(response)


@pytest.mark.parametrize(
    "players",
    [
        ("Zoë", "Ñandú", "A&B", '"Q" <b>'),
        ("李", "O'Neil", "\\u00e9", "Ann  Lee"),
    ],
)
def test_the_page_s_own_bids_form_is_taken_whatever_the_names(app, client, players):
    """The players a table's form carries come back as the game has them: names with
    accents, quotes, markup or backslashes never make the page's own form look older."""
    _night, game_id, table = night_table(app, client, players)
    fields = bids_form_fields(table.get(f"/games/{game_id}").get_data(as_text=True))
    assert "seated" in fields
    bids = {"bid_0": "3", "bid_1": "4", "bid_2": "5", "bid_3": "1"}
    assert table.post(f"/games/{game_id}/bids", data={**fields, **bids}).status_code == 302
    with app.app_context():
        assert storage.load_game(get_db(), game_id).game.hands[0].bids == (3, 4, 5, 1)


def test_a_game_s_own_page_carries_no_seating(client):
    """Only a club night's table can be re-seated behind its phone's back: a game's own
    page sends what it always did, its names changed only by its own scorer."""
    game_id = start(client)
    assert "seated" not in bids_form_fields(client.get(f"/games/{game_id}").get_data(as_text=True))


@pytest.mark.parametrize(("bid", "said"), [("3", "Hand 1 is saved."), ("5", "no longer the hand")])
def test_a_seat_s_bid_after_the_scorer_made_the_hand_is_saved_once_or_refused(app, bid, said):
    """A seat's phone sends its bid just after the scorer entered every bid of the hand:
    the very bid the hand has is kept once (a seat's phone bid, never a refusal to discard);
    another bid is refused in words, the hand as the scorer saved it."""
    scorer, seat = app.test_client(), app.test_client()
    game_id = start(scorer)
    (ann, *_others) = seat_links(scorer, game_id)
    claim_seat(seat, ann)
    page = seat.get(f"/seat/{ann}").get_data(as_text=True)
    assert 'name="bid"' in page  # the seat's form, drawn before the scorer saves
    assert scorer.post(f"/games/{game_id}/bids", data=bid_form(1, [3, 4, 5, 1])).status_code == 302

    response = seat.post(f"/seat/{ann}", data={"number": "1", "bid": bid}, follow_redirects=True)
    assert said in text(response)
    assert ("flash-error" in response.get_data(as_text=True)) == (bid != "3")
    assert stored_bids(app, game_id) == [(1, "[3, 4, 5, 1]")]
