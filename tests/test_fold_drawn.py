"""The hand forms are drawn folded by the server (issue 28, items 1, 5, 8): one group open,
the first refused or still to choose; every other group a row with its choice; the Fix
page all folded; with seat links on, every bid row folded under the seats' status."""

from __future__ import annotations

import re

from tests.helpers import bid_form, seat_links, start

GROUP = re.compile(r'<fieldset class="pick ([^"]*)"[^>]*id="(\w+)"([^>]*)>')


def groups(client, path: str, data=None) -> dict[str, str]:
    """Each chip group of the page by id: "open", "folded" or "hidden"."""
    page = client.post(path, data=data) if data else client.get(path)
    found = {}
    for classes, group, rest in GROUP.findall(page.get_data(as_text=True)):
        drawn = "folded" if "folded" in classes.split() else "open"
        found[group] = "hidden" if " hidden" in rest else drawn
    return found


def head(client, path: str) -> list[str]:
    return re.findall(r'class="pick-head" aria-label="([^"]+)"', client.get(path).get_data(True))


def test_the_bids_step_opens_the_first_bidder_only(client):
    game_id = start(client)  # Alice deals: Ben bids first
    assert groups(client, f"/games/{game_id}") == {
        "bid_1": "open",
        "bid_2": "folded",
        "bid_3": "folded",
        "bid_0": "folded",
    }
    assert "Cara bid: not chosen" in head(client, f"/games/{game_id}")
    assert 'class="hand-form bids-form folding"' in client.get(f"/games/{game_id}").get_data(True)


def test_a_refused_bid_is_the_group_drawn_open(client):
    game_id = start(client)
    sent = bid_form(1, [4, 3, None, 3])
    drawn = groups(client, f"/games/{game_id}/bids", sent)
    assert drawn["bid_2"] == "open" and list(drawn.values()).count("open") == 1


def test_counting_by_side_the_side_is_open_and_the_nil_row_shows_its_0(client):
    game_id = start(client, tricks_by="side")
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 3, 3, "nil"]))
    assert groups(client, f"/games/{game_id}") == {
        "side_0": "open",
        "side_1": "hidden",
        "tricks_3": "folded",
    }
    assert "Dev tricks: 0" in head(client, f"/games/{game_id}")


def test_the_fix_page_is_all_folded_and_hides_the_own_counts_not_needed(client):
    game_id = start(client, tricks_by="side")
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 3, 3, "nil"]))
    page = client.get(f"/games/{game_id}").get_data(True)
    version = re.search(r'name="version" (?:type="hidden" )?value="(\d+)"', page).group(1)
    sent = {"number": "1", "version": version, "side_0": "8", "side_1": "5", "tricks_3": "0"}
    assert client.post(f"/games/{game_id}/tricks", data=sent).status_code == 302
    drawn = groups(client, f"/games/{game_id}/hands/1")
    assert "open" not in drawn.values()
    assert drawn["tricks_0"] == "hidden" and drawn["tricks_3"] == "folded"
    assert drawn["side_1"] == "hidden"
    assert "Alice bid: 4" in head(client, f"/games/{game_id}/hands/1")
    # the nil bidder's own count says what it is for: never "only if Dev bid nil" (he did)
    fix = client.get(f"/games/{game_id}/hands/1").get_data(True)
    assert "own tricks, for the nil" in fix and "only if" not in fix


def test_with_seat_links_every_bid_row_is_folded_under_the_seats(client):
    game_id = start(client)
    seat_links(client, game_id)
    page = client.get(f"/games/{game_id}").get_data(True)
    assert set(groups(client, f"/games/{game_id}").values()) == {"folded"}
    assert page.index("Bids from the players") < page.index("Hand 1: bids")
