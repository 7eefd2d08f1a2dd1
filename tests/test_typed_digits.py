"""Digits that are not ASCII typed into an address or a form: `str.isdigit` takes "²" and
"①", which `int` refuses. A page number of them shows the first page; a bids form's
`phones` part of them is left out as not shown. Neither is a server error."""

from __future__ import annotations

import pytest

from tests.helpers import bid_form, load, seat_bid, seat_links, start
from tests.test_clubs import _make
from tests.test_season_web import _season

ODD = ["²", "①", "٣", "1²"]


@pytest.mark.parametrize("asked", ODD)
def test_a_page_number_of_other_digits_shows_the_first_page(client, asked):
    club_id = _make(client)
    season_id = _season(client, club_id)
    members = client.get(f"/clubs/{club_id}").get_data(as_text=True)
    members_id = members.split("/clubs/m/", 1)[1].split('"', 1)[0].split("/", 1)[0]
    for path in (
        f"/clubs/{club_id}",
        f"/clubs/m/{members_id}",
        f"/clubs/{club_id}/games",
        f"/seasons/c/{club_id}/{season_id}",
    ):
        assert client.get(path, query_string={"page": asked}).status_code == 200, path


@pytest.mark.parametrize("phones", ["²:3", "1:²", "①:nil", "1:3,²:²"])
def test_a_phones_part_of_other_digits_is_left_out(client, app, phones):
    game_id = start(client)
    seat_links(client, game_id)
    seat_bid(app.test_client(), seat_links(client, game_id)[1], 3)
    r = client.post(f"/games/{game_id}/bids", data={**bid_form(1, [4, 3, 4, 2]), "phones": phones})
    assert r.status_code == 302
    assert load(app, game_id).game.hands[0].bids == (4, 3, 4, 2)
