"""The director's paper slip as a person fills it (issue 39): every bid and trick starts
empty (a hand left half-copied is refused, never saved as 3s), nil is said in words, and
a side's total can be below zero from a phone whose number keypad has no minus key."""

from __future__ import annotations

import html
import re

import pytest

from tests.event_helpers import Night
from tests.helpers import bid_form, text

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]
TOTALS = {"total_0": "130", "bags_0": "3", "total_1": "-40", "bags_1": "0"}


def _started(client, app) -> Night:
    night = Night(client, app, rounds=2)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    return night


def _post(client, night, table, path, data):
    match = next(m for m in night.round() if m.number == table)
    revision = night.game(match.game_id).revision
    data = {"revision": night.revision(), "game_revision": revision, **data}
    r = client.post(f"/events/{night.id}/rounds/1/tables/{table}/{path}", data=data)
    assert r.status_code == 302
    return text(client.get(r.headers["Location"]))


def _slip(client, night, table, **values):
    return _post(client, night, table, "slip", values)


def _hand(client, night, table, bids, tricks):
    data = {f"bid_{s}": str(b) for s, b in enumerate(bids)}
    data.update({f"tricks_{s}": str(t) for s, t in enumerate(tricks)})
    return _post(client, night, table, "slip-hand", data)


def _form(client, night, kind: str) -> str:
    body = client.get(f"/events/{night.id}").get_data(as_text=True)
    found = re.search(rf'<form[^>]*class="{kind}".*?</form>', body, re.S)
    assert found is not None
    return found.group(0)


def test_every_bid_and_trick_starts_empty_and_nil_is_in_words(client, app):
    night = _started(client, app)
    form = _form(client, night, "slip-hand")
    selects = re.findall(r"<select name=\"(\w+)\"[^>]*>(.*?)</select>", form, re.S)
    assert len(selects) == 8  # a bid and the tricks of each of four seats
    for name, options in selects:
        chosen = re.findall(r'<option value="([^"]*)"[^>]*selected', options)
        assert chosen == [""], name  # nothing chosen until tapped: no 3, no 0
    bids = dict(re.findall(r'<option value="(nil|blind_nil)">([^<]*)<', selects[0][1]))
    assert bids == {"nil": "Nil", "blind_nil": "Blind nil"}
    assert "blind 0" not in html.unescape(form)


def test_the_spanish_slip_says_nil_in_words(client, app):
    night = _started(client, app)
    body = client.get(f"/events/{night.id}", headers={"Accept-Language": "es"})
    form = re.search(r'<form[^>]*class="slip-hand".*?</form>', body.get_data(as_text=True), re.S)
    bids = dict(re.findall(r'<option value="(nil|blind_nil)">([^<]*)<', form.group(0)))
    assert bids["nil"] and bids["nil"] != "0" and bids["blind_nil"] != "blind 0"
    assert "0" not in bids["nil"] + bids["blind_nil"]


@pytest.mark.parametrize(
    ("missing", "words"),
    [("bid_1", "seat 2's bid is missing"), ("tricks_2", "seat 3's tricks are missing")],
)
def test_a_hand_left_half_filled_is_refused_naming_the_seat(client, app, missing, words):
    night = _started(client, app)
    one = night.round()[0]
    bids, tricks = ["3", "3", "3", "3"], ["5", "2", "4", "2"]
    field, seat = missing.split("_")
    (bids if field == "bid" else tricks)[int(seat)] = ""
    page = _hand(client, night, 1, bids, tricks)
    assert words in page
    assert night.game(one.game_id).game.hands == ()
    assert not night.event().round_matches(1)[0].paper


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({"total_0": "99999999"}, "side 1's total must be from −999999 to 999999, not '99999999'"),
        ({"bags_0": "-5"}, "side 1's bags must be from 0 to 9999, not '-5'"),
        ({"bags_1": "five"}, "side 2's bags must be a whole number, not 'five'"),
    ],
)
def test_a_slip_number_out_of_range_says_the_range_not_whole_number(client, app, values, words):
    """A whole number the slip cannot take is said as its range: it was "must be a whole
    number, not '99999999'", of a whole number."""
    night = _started(client, app)
    one = night.round()[0]
    assert words in html.unescape(_slip(client, night, 1, **{**TOTALS, **values}))
    assert not night.game(one.game_id).score().over


@pytest.mark.parametrize("typed", ["abc", "99999", "-1", "3.5"])
def test_a_bid_that_is_none_is_refused_as_such_not_as_missing(client, app, typed):
    night = _started(client, app)
    one = night.round()[0]
    page = html.unescape(_hand(client, night, 1, [typed, "3", "3", "3"], ["5", "2", "4", "2"]))
    said = f"seat 1's bid must be a number of tricks, nil or blind nil, not '{typed}'"
    assert said in page and "bid is missing" not in page
    assert night.game(one.game_id).game.hands == ()


def test_the_totals_have_a_minus_a_phone_can_tap(client, app):
    night = _started(client, app)
    form = _form(client, night, "slip-totals")
    assert re.search(r'<input type="checkbox" name="minus_1" value="1">', form)
    assert "Below zero (a minus total)" in html.unescape(form)
    one = night.round()[0]
    _slip(client, night, 1, **{**TOTALS, "total_1": "40", "minus_1": "1"})
    assert night.game(one.game_id).score().totals == (130, -40)


@pytest.mark.parametrize(("typed", "box"), [("-40", None), ("-40", "1"), ("40", "1")])
def test_a_minus_typed_or_ticked_is_one_minus(client, app, typed, box):
    night = _started(client, app)
    one = night.round()[0]
    values = {**TOTALS, "total_1": typed, **({"minus_1": box} if box else {})}
    assert "the slip's result is entered" in _slip(client, night, 1, **values)
    assert night.game(one.game_id).score().totals == (130, -40)


def test_the_slip_form_speaks_spanish(client, app):
    night = _started(client, app)
    body = client.get(f"/events/{night.id}", headers={"Accept-Language": "es"})
    assert "Bajo cero (un total negativo)" in text(body) and "Below zero" not in text(body)


@pytest.mark.parametrize("same_bids", [True, False])
def test_a_slip_plays_the_hand_the_table_bid(client, app, same_bids):
    """Found in a club night's QA pass: a table's phone saved hand 1's bids, and the slip
    offered "Hand 2" and refused every entry ("the game changed since your page was
    loaded") however often the page was loaded again. The slip is hand 1 now, its bids
    chosen from the table's, and it plays that hand: with the table's bids, or the
    slip's where the director changed them."""
    night = _started(client, app)
    one = night.round()[0]
    r = client.post(f"/games/{one.game_id}/bids", data=bid_form(1, (3, 3, 3, 3)))
    assert r.status_code == 302
    form = html.unescape(_form(client, night, "slip-hand"))
    assert "Hand 1: each seat's bid and tricks. Its bids are in from the table" in form
    chosen = re.findall(r'<select name="bid_\d".*?<option value="(\w*)" selected', form, re.S)
    assert chosen == ["3", "3", "3", "3"]
    bids = [3, 3, 3, 3] if same_bids else [4, 3, 2, 3]
    page = _hand(client, night, 1, bids, [5, 2, 4, 2])
    assert "entered" in page and "changed since" not in page
    game = night.game(one.game_id).game
    assert len(game.hands) == 1 and game.hands[0].bids == tuple(bids)
    assert game.hands[0].tricks == (5, 2, 4, 2)
    assert "Hand 2: each seat's bid and tricks." in html.unescape(_form(client, night, "slip-hand"))
