"""The scorer's page with seat links (issue 39): one way to enter a bid, the chips; the
bids in from the seats' phones are chosen there already, each row saying it is in with
its bid, and the scorer changes one only on purpose: a phone's bid that came
in, or changed, after the page was drawn is never overwritten unseen."""

from __future__ import annotations

import re

from tests.helpers import (
    bid_form,
    chosen,
    load,
    seat_bid,
    seat_links,
    start,
    text,
)


def _page(client, game_id):
    return client.get(f"/games/{game_id}")


def _shown(response) -> str:
    found = re.search(r'name="phones" value="([^"]*)"', response.get_data(as_text=True))
    assert found is not None
    return found.group(1)


def _save(client, game_id, bids, phones):
    return client.post(f"/games/{game_id}/bids", data={**bid_form(1, bids), "phones": phones})


def test_one_way_to_bid_the_chips_with_the_phones_bids_chosen_and_marked_in(client, app):
    game_id = start(client)
    tokens = seat_links(client, game_id)
    seat_bid(app.test_client(), tokens[1], 3)
    seat_bid(app.test_client(), tokens[3], "nil")
    page = _page(client, game_id)
    body = page.get_data(as_text=True)
    assert "<select" not in body  # no drop-down lists beside the chips
    assert chosen(page, "bid_1") == ["3"] and chosen(page, "bid_3") == ["nil"]
    assert chosen(page, "bid_0") == [] and chosen(page, "bid_2") == []
    heads = dict(re.findall(r'aria-label="(\w+) bid: ([^"]*)"', body))
    assert heads == {"Ben": "3", "Dev": "Nil", "Alice": "not chosen", "Cara": "not chosen"}
    rows = {
        row[: row.index('"')]: "sent from their phone" in row
        for row in body.split('<fieldset class="pick bid')[1:]
        for row in [row[row.index('id="') + 4 :]]
    }
    assert rows == {"bid_0": False, "bid_1": True, "bid_2": False, "bid_3": True}
    assert _shown(page) == "1:3,3:nil"
    # the scorer taps the two bids still missing and saves: the hand is made with all four
    r = _save(client, game_id, [4, 3, 4, "nil"], _shown(page))
    assert r.status_code == 302
    assert load(app, game_id).game.hands[0].bids == (4, 3, 4, "nil")


def test_the_scorer_changes_a_phones_bid_on_purpose(client, app):
    game_id = start(client)
    tokens = seat_links(client, game_id)
    seat_bid(app.test_client(), tokens[1], 3)
    shown = _shown(_page(client, game_id))
    assert _save(client, game_id, [4, 5, 4, 2], shown).status_code == 302  # Ben: 3 -> 5
    assert load(app, game_id).game.hands[0].bids == (4, 5, 4, 2)


def _ben_changes_his_bid_since(client, app) -> tuple[str, list[str], str]:
    """A game whose scorer's page showed Ben's phone bid 3, which Ben has changed to 6
    on his phone since: the game, its seat tokens and the phones' bids the page showed."""
    game_id = start(client)
    tokens = seat_links(client, game_id)
    ben = app.test_client()
    seat_bid(ben, tokens[1], 3)
    shown = _shown(_page(client, game_id))  # the scorer's page: Ben 3 in
    seat_bid(ben, tokens[1], 6)  # Ben changes his mind on his phone
    return game_id, tokens, shown


def test_a_phones_bid_after_the_page_was_drawn_is_not_overwritten(client, app):
    """Refused, nothing saved: the form again, the phone's bid chosen in its row and the
    scorer's other taps kept, so one more press saves the hand."""
    game_id, tokens, shown = _ben_changes_his_bid_since(client, app)
    r = _save(client, game_id, [4, 3, 4, 2], shown)  # Ben's row left as it was shown
    assert r.status_code == 400
    said = text(r)
    assert "Ben's bid came in from Ben's phone meanwhile; nothing was saved." in said
    assert "Ben's 6 is chosen below, with the bids you chose: check them and save again." in said
    assert load(app, game_id).game.hands == ()
    assert [chosen(r, f"bid_{seat}") for seat in range(4)] == [["4"], ["6"], ["4"], ["2"]]
    assert _shown(r) == "1:6"
    seat_bid(app.test_client(), tokens[3], 5)  # Dev's phone bids; the page never showed it
    r = _save(client, game_id, [4, 6, 4, 2], _shown(r))
    assert r.status_code == 400 and "Dev's bid came in from Dev's phone meanwhile" in text(r)
    assert "Dev's 5 is chosen below" in text(r)
    assert [chosen(r, f"bid_{seat}") for seat in range(4)] == [["4"], ["6"], ["4"], ["5"]]
    assert load(app, game_id).game.hands == ()  # nothing saved the second time either
    r = _save(client, game_id, [4, 6, 4, 5], _shown(r))  # the page as shown, saved again
    assert r.status_code == 302
    assert load(app, game_id).game.hands[0].bids == (4, 6, 4, 5)


def test_a_change_made_over_a_phones_bid_that_changed_since_is_refused(client, app):
    """The scorer changes Ben's bid on purpose, but over the 3 the page showed: Ben had
    changed it to 6 on his phone meanwhile, so the change is made on what the scorer no
    longer sees. Refused in words, nothing saved, Ben's 6 kept and chosen; once the page
    shows the 6, the scorer may change it on purpose."""
    game_id, _, shown = _ben_changes_his_bid_since(client, app)
    r = _save(client, game_id, [4, 2, 4, 5], shown)  # the scorer taps Ben 2 over the 3
    assert r.status_code == 400
    assert "Ben's bid came in from Ben's phone meanwhile; nothing was saved." in text(r)
    assert load(app, game_id).game.hands == ()
    assert chosen(r, "bid_1") == ["6"] and chosen(r, "bid_3") == ["5"]
    assert chosen(_page(client, game_id), "bid_1") == ["6"]
    r = _save(client, game_id, [4, 2, 4, 5], _shown(r))  # seen: 6
    assert r.status_code == 302
    assert load(app, game_id).game.hands[0].bids == (4, 2, 4, 5)
