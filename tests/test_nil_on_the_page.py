"""Nil bids on the game page: a nil count above its side refused on the nil bidder's row, a
double nil read as both nil."""

from __future__ import annotations

import re

from tests.helpers import bid_form, start, straight_version, text, tricks_form


def test_a_nil_count_above_its_side_is_refused_on_the_nil_bidders_row(client):
    game_id = start(client, tricks_by="side")
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, "nil"]))
    sent = tricks_form(1, straight_version(1), [None, None, None, 5], sides=[10, 3])
    page = client.post(f"/games/{game_id}/tricks", data=sent).text
    refusal = "the nil bidders of Ben &amp; Dev took more tricks than the side&#39;s 3"
    assert re.search(r'id="tricks_3-error">[^<]*' + refusal, page, re.I)
    assert 'id="side_1-error"' not in page  # not on the side's group, hidden on the phone


def test_a_double_nil_reads_as_both_nil(client):
    game_id = start(client, rule_double_nil="on")
    client.post(f"/games/{game_id}/bids", data=bid_form(1, ["nil", 4, "nil", 5]))
    words = text(client.get(f"/games/{game_id}"))
    assert "Alice & Cara both nil (Alice nil, Cara nil)" in words
    assert "Ben & Dev bid 9 (Ben 4, Dev 5)" in words
