"""Every phone bids its own seat: links, hidden bids, the hand made from the last one."""

from __future__ import annotations

import re
import sqlite3

import pytest

from scorepad.core.errors import GameError
from scorepad.core.rules import Rules, validate_rules
from scorepad.core.scoring import start_score
from scorepad.core.seats import check_seat_bid, side_refusal
from tests.helpers import (
    bid_form,
    claim_seat,
    partnership,
    play,
    seat_bid,
    seat_links,
    start,
    stored_bids,
    text,
    tricks_form,
)


def test_each_seat_page_shows_only_its_own_bid_choices(client):
    game_id = start(client)
    tokens = seat_links(client, game_id)
    assert all(len(t) >= 22 for t in tokens)  # 128 random bits
    claim_seat(client, tokens[1])
    body = client.get(f"/seat/{tokens[1]}").get_data(as_text=True)
    assert '<legend id="bid-legend">Ben bid</legend>' in body
    values = re.findall(r'name="bid"[^>]*value="(\w+)"', body)
    assert values == [str(n) for n in range(1, 14)] + ["nil", "blind_nil"]
    assert "Alice bid" not in body and "Cara bid" not in body
    assert game_id not in body  # a seat link never leads to the scorer's page


def test_blind_nil_is_offered_only_where_the_rules_allow_it(client):
    game_id = start(client, rule_blind_nil_trailing_by="100")
    tokens = seat_links(client, game_id)
    claim_seat(client, tokens[0])
    body = client.get(f"/seat/{tokens[0]}").get_data(as_text=True)
    assert 'value="blind_nil"' not in body and 'value="nil"' in body
    response = seat_bid(client, tokens[0], "blind_nil")
    assert response.status_code == 400 and "trailing by 100" in text(response)


def test_bids_stay_hidden_until_the_last_is_in_then_make_the_hand(client, app):
    game_id = start(client)
    tokens = seat_links(client, game_id)
    for token, bid in zip(tokens[:3], (4, "nil", 3)):
        assert seat_bid(client, token, bid).status_code == 302
    claim_seat(client, tokens[3])
    for page in (
        f"/games/{game_id}",
        f"/games/{game_id}/seats/status?hand=1",
        f"/seat/{tokens[3]}/status?hand=1",
    ):
        words = text(client.get(page))
        assert "3 of 4 bids in for hand 1. Waiting for Dev." in words
        assert not any(shown in words for shown in ("Alice 4", "Ben nil", "Cara 3"))
    share = client.get(f"/games/{game_id}").get_data(as_text=True).split("/watch/")[1][:22]
    board = text(client.get(f"/watch/{share}/board"))
    assert not any(shown in board for shown in ("Alice 4", "Ben nil", "Cara 3", "bid 4"))
    other = text(client.get(f"/seat/{tokens[3]}"))
    assert "Alice 4" not in other and "Your bid" not in other
    own = text(client.get(f"/seat/{tokens[0]}"))
    assert "Your bid: 4." in own
    assert stored_bids(app, game_id) == []
    assert seat_bid(client, tokens[3], 5).status_code == 302
    assert stored_bids(app, game_id) == [(1, '[4, "nil", 3, 5]')]
    words = text(client.get(f"/seat/{tokens[1]}/status?hand=1"))
    assert "All 4 bids are in for hand 1: Alice 4, Ben nil, Cara 3, Dev 5." in words
    assert "Hand 1: tricks" in text(client.get(f"/games/{game_id}"))
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("select count(*) from seat_bids").fetchone() == (0,)


def test_a_seat_may_change_its_bid_until_all_are_in(client, app):
    game_id = start(client)
    tokens = seat_links(client, game_id)
    seat_bid(client, tokens[0], 4)
    seat_bid(client, tokens[0], 6)
    assert "Your bid: 6." in text(client.get(f"/seat/{tokens[0]}"))
    assert "1 of 4 bids in" in text(client.get(f"/seat/{tokens[0]}/status"))


def test_a_seat_bids_only_in_the_hand_being_bid(client, app):
    game_id = start(client)
    tokens = seat_links(client, game_id)
    response = seat_bid(client, tokens[0], 4, number=2)
    assert response.status_code == 302
    assert "Hand 2 is no longer the hand being bid" in text(client.get(f"/seat/{tokens[0]}"))
    play(client, game_id, 1, (3, 3, 3, 3), (3, 4, 3, 3))
    response = seat_bid(client, tokens[0], 4, number=1)  # a stale form for hand 1
    assert "Hand 1 is no longer the hand being bid" in text(client.get(f"/seat/{tokens[0]}"))
    assert "0 of 4 bids in for hand 2" in text(client.get(f"/seat/{tokens[0]}/status"))


@pytest.mark.parametrize(
    ("bid", "message"),
    [
        ("14", "Alice's bid must be nil, blind_nil or 1 to 13, not 14"),
        ("", "choose a bid"),
        ("seven", "Alice's bid must be nil, blind_nil or 1 to 13, not 'seven'"),
    ],
)
def test_a_bad_bid_is_refused_beside_the_field(client, bid, message):
    game_id = start(client)
    tokens = seat_links(client, game_id)
    response = seat_bid(client, tokens[0], bid)
    assert response.status_code == 400 and message in text(response)


@pytest.mark.parametrize(
    ("rules", "bids", "said"),
    [
        (
            {"rule_double_nil": None},
            ((0, "nil"), (1, 4), (3, 5), (2, "nil")),
            "Alice & Cara must change one: you may not both bid nil in this game.",
        ),
        (
            {"rule_min_side_bid": "4"},
            ((0, 1), (1, 4), (3, 5), (2, 2)),
            "Alice & Cara must change one: together you must bid at least 4.",
        ),
    ],
)
def test_a_rule_of_a_whole_side_is_told_without_any_hidden_bid(client, app, rules, bids, said):
    """Issue 16, finding 2: the refusal names the side and the rule, never a bid; every
    bid waits, nothing is made, and the side changes one of them."""
    game_id = start(client, **rules)
    tokens = seat_links(client, game_id)
    for seat, bid in bids:
        response = seat_bid(client, tokens[seat], bid)
        assert response.status_code == 302
    assert stored_bids(app, game_id) == []
    assert said in text(client.get(f"/seat/{tokens[2]}"))
    assert said in text(client.get(f"/games/{game_id}"))
    for status in (f"/seat/{tokens[1]}/status", f"/games/{game_id}/seats/status"):
        words = text(client.get(status))
        assert said in words and "4 of 4 bids in for hand 1." in words
        # no hidden value: neither Alice's nor Cara's bid, nor the side's total
        rest = words.replace(said, "").replace("4 of 4 bids in for hand 1.", "")
        assert not re.search(r"\d|nil", rest), rest
    assert seat_bid(client, tokens[2], 3).status_code == 302
    stored = stored_bids(app, game_id)
    assert len(stored) == 1 and said not in text(client.get(f"/seat/{tokens[2]}"))


def test_the_scorer_enters_the_bids_still_missing(client, app):
    game_id = start(client)
    tokens = seat_links(client, game_id)
    seat_bid(client, tokens[0], 4)
    seat_bid(client, tokens[2], 3)
    words = text(client.get(f"/games/{game_id}"))
    assert "2 of 4 bids in for hand 1. Waiting for Ben, Dev." in words
    # an older page's form for the seats missing (the page now has the chips only)
    response = client.post(
        f"/games/{game_id}/seat-bids", data={"number": "1", "bid_1": "nil", "bid_3": "6"}
    )
    assert response.status_code == 302
    assert stored_bids(app, game_id) == [(1, '[4, "nil", 3, 6]')]


def test_the_scorers_page_with_seat_links_has_one_form_for_bids_and_no_id_twice(client):
    """One way to enter a bid, the chips: no second form of drop-downs naming the seats."""
    game_id = start(client)
    seat_links(client, game_id)
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    ids = re.findall(r'\sid="([^"]+)"', body)
    assert [i for i in set(ids) if ids.count(i) > 1] == []
    assert "<select" not in body and "missing-bids" not in body
    assert f"/games/{game_id}/seat-bids" not in body and f'action="/games/{game_id}/bids"' in body


def test_a_stale_scorer_form_never_overwrites_a_phone_bid(client, app):
    game_id = start(client)
    tokens = seat_links(client, game_id)
    seat_bid(client, tokens[0], 4)
    # The scorer's form was made with Ben, Cara and Dev missing; Ben bid meanwhile.
    seat_bid(client, tokens[1], 2)
    client.post(
        f"/games/{game_id}/seat-bids",
        data={"number": "1", "bid_1": "9", "bid_2": "3", "bid_3": "4"},
    )
    assert stored_bids(app, game_id) == []
    assert "Ben's bid came in from Ben's phone meanwhile" in text(client.get(f"/games/{game_id}"))


def test_waiting_bids_are_void_after_the_hands_change(client, app):
    game_id = start(client)
    tokens = seat_links(client, game_id)
    seat_bid(client, tokens[0], 4)  # then the scorer enters hand 1 by hand, and undoes it
    client.post(f"/games/{game_id}/bids", data=bid_form(1, (3, 3, 3, 3)))
    client.post(f"/games/{game_id}/hands/1/delete", data={"number": "1", "version": "1"})
    assert stored_bids(app, game_id) == []
    assert "0 of 4 bids in for hand 1" in text(client.get(f"/seat/{tokens[0]}/status"))


def test_a_seat_link_stops_when_the_game_ends_or_links_go_off(client):
    game_id = start(client, target="custom", custom_target="50")
    tokens = seat_links(client, game_id)
    claim_seat(client, tokens[0])
    play(client, game_id, 1, (4, 3, 4, 3), (5, 3, 4, 1))  # over
    response = client.get(f"/seat/{tokens[0]}")  # the result, not an error
    assert response.status_code == 200 and "Game over: Alice & Cara win" in text(response)
    assert seat_bid(client, tokens[0], 4).status_code == 410
    assert "The game is over." in text(client.get(f"/seat/{tokens[0]}/status?hand=1"))
    other = start(client)
    tokens = seat_links(client, other)
    client.post(f"/games/{other}/seats", data={"seats": "off"})
    response = client.get(f"/seat/{tokens[0]}")
    assert response.status_code == 404 and "This seat link is not in use" in text(response)
    assert client.get("/seat/not-a-token").status_code == 404


def test_a_rematch_keeps_seat_links_and_the_old_link_leads_to_the_new_seat(client):
    game_id = start(client, target="custom", custom_target="50")
    tokens = seat_links(client, game_id)
    for token, bid in zip(tokens, (4, 3, 4, 3)):
        seat_bid(client, token, bid)
    client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 1, [5, 3, 4, 1]))
    assert "Game over" in text(client.get(f"/seat/{tokens[1]}"))
    new_id = client.post(f"/games/{game_id}/rematch").headers["Location"].rsplit("/", 1)[-1]
    body = client.get(f"/games/{new_id}").get_data(as_text=True)
    fresh = re.findall(r'href="http://localhost/seat/([\w-]+)"', body)
    assert len(fresh) == 4 and not set(fresh) & set(tokens)
    response = client.get(f"/seat/{tokens[1]}")  # the phone that held Ben's seat goes on
    assert response.status_code == 302 and response.headers["Location"] == f"/seat/{fresh[1]}"
    assert "Ben bid" in text(client.get(f"/seat/{fresh[1]}"))  # held there too, no new tap
    other = client.application.test_client()  # another phone: a way to the seat, not the seat
    response = other.get(f"/seat/{tokens[1]}")
    assert response.status_code == 200 and "Ben: bid in the rematch" in text(response)
    assert f'href="/seat/{fresh[1]}"' in response.get_data(as_text=True)
    assert other.get(f"/seat/{fresh[1]}").status_code == 403


def test_cutthroat_for_three_bids_from_three_phones(client, app):
    game_id = start(client, players=("Alice", "Ben", "Cara"), table="cutthroat-3")
    client.post(f"/games/{game_id}/seats", data={"seats": "on"})
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    tokens = re.findall(r'href="http://localhost/seat/([\w-]+)"', body)
    assert len(tokens) == 3
    claim_seat(client, tokens[2])
    page = client.get(f"/seat/{tokens[2]}").get_data(as_text=True)
    assert re.findall(r'name="bid"[^>]*value="(\w+)"', page)[-3:] == ["17", "nil", "blind_nil"]
    for token, bid in zip(tokens, (6, 5, 6)):
        seat_bid(client, token, bid)
    assert stored_bids(app, game_id) == [(1, "[6, 5, 6]")]


def test_the_polled_status_answers_304_while_nothing_changes(client):
    game_id = start(client)
    tokens = seat_links(client, game_id)
    claim_seat(client, tokens[0])
    first = client.get(f"/seat/{tokens[0]}/status?hand=1")
    tag = first.headers["ETag"]
    assert (
        client.get(f"/seat/{tokens[0]}/status?hand=1", headers={"If-None-Match": tag}).status_code
        == 304
    )
    seat_bid(client, tokens[1], 3)
    again = client.get(f"/seat/{tokens[0]}/status?hand=1", headers={"If-None-Match": tag})
    assert again.status_code == 200 and "1 of 4 bids in" in text(again)


@pytest.mark.parametrize("raw", ["", None])
def test_a_seat_must_choose_a_bid(raw):
    score = start_score(partnership(), Rules())
    with pytest.raises(GameError, match="choose Ben's bid") as refused:
        check_seat_bid(score, 1, raw)
    assert (refused.value.field, refused.value.seat, refused.value.hand) == ("bids", 1, 1)


@pytest.mark.parametrize(
    ("rules", "bids", "refusal"),
    [
        ({}, {0: 3, 1: 3, 2: 3, 3: 3}, None),
        ({}, {0: 3, 1: 3}, None),  # not all in: nothing to judge yet
        ({"suicide": True}, {0: 3, 1: "nil", 2: 3, 3: 3}, (0, "suicide")),
        ({"suicide": True}, {0: "nil", 1: 3, 2: 3, 3: 3}, (1, "suicide")),
        ({"suicide": True}, {0: "nil", 1: "nil", 2: "nil", 3: 3}, (0, "suicide")),
        ({"suicide": True}, {0: "nil", 1: 3, 2: 3, 3: "nil"}, None),
        ({"double_nil": False}, {0: 3, 1: "nil", 2: 3, 3: "nil"}, (1, "double_nil")),
        ({"min_side_bid": 4}, {0: 2, 1: 3, 2: 1, 3: 3}, (0, "min_side_bid")),
        ({"min_side_bid": 4}, {0: 2, 1: 3, 2: 2, 3: 3}, None),
    ],
)
def test_the_side_a_whole_side_rule_refuses(rules, bids, refusal):
    score = start_score(partnership(), validate_rules(rules))
    assert side_refusal(score, bids) == refusal


@pytest.mark.parametrize(("rules", "bad", "rule"), [({"nil": False}, "nil", "nil"), ({}, 14, None)])
def test_a_bid_refused_on_its_own_is_no_sides_refusal(rules, bad, rule):
    score = start_score(partnership(), validate_rules(rules))
    with pytest.raises(GameError) as refused:
        side_refusal(score, {0: bad, 1: 3, 2: 3, 3: 3})
    assert (refused.value.seat, refused.value.rule) == (0, rule)
