"""Hand entry by tapping: tricks by side, confirmations, fixing a hand, and the words around."""

from __future__ import annotations

import html
import re

import pytest

from scorepad.core.game import Game
from scorepad.core.records import NIL, Hand, Table
from scorepad.core.rules import Rules
from scorepad.store import storage
from scorepad.web.db import get_db
from tests.helpers import bid_form, play, start, text, tricks_form

TABLE = Table("partnership", ("Alice", "Ben", "Cara", "Dev"))


def stored(app, game_id):
    with app.app_context():
        return storage.load_game(get_db(), game_id)


def groups(body: str) -> list[str]:
    return [
        html.unescape(name)
        for name in re.findall(r'role="radiogroup" id="[^"]+"\s+aria-label="([^"]+)"', body)
    ]


def test_new_partnership_games_count_tricks_by_side_unless_asked(client, app):
    side = start(client, tricks_by=None)  # the form's default
    seat = start(client, tricks_by="seat")
    cut = start(client, players=("Ana", "Bo", "Cy"), table="cutthroat-3", tricks_by="side")
    assert stored(app, side).game.tricks_by == "side"
    assert stored(app, seat).game.tricks_by == "seat"
    assert stored(app, cut).game.tricks_by == "seat"  # cutthroat has no sides to count
    page = client.get("/games/new").get_data(as_text=True)
    assert "Count tricks" in page and "By side" in page and "By player" in page


def test_a_side_counted_hand_takes_one_count_and_the_nil_bidders_own(client, app):
    game_id = start(client, tricks_by="side")
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, "nil"]))
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert groups(body) == ["Alice & Cara tricks", "Ben & Dev tricks", "Dev tricks"]
    assert (
        '<input checked id="tricks_3-0" name="tricks_3" type="radio" value="0" data-n="0">' in body
    )
    response = client.post(
        f"/games/{game_id}/tricks", data=tricks_form(1, 1, [None, None, None, 0], sides=[8, 5])
    )
    assert response.status_code == 302
    game = stored(app, game_id).game
    assert game.hands[0] == Hand((4, 5, 3, NIL), (None, None, None, 0), (8, 5))
    expected = Game(TABLE, Rules(), (Hand((4, 5, 3, NIL), (5, 5, 3, 0)),)).score()
    assert (
        [s.total for s in stored(app, game_id).score().sides]
        == [s.total for s in expected.sides]
        == [71, 150]
    )
    words = text(client.get(f"/games/{game_id}/history"))
    assert "took 8 +71" in words and "took 5 (Dev 0) +150" in words
    assert "Dev Games won – (1 unfinished) Bids made – Nil made 100% (1/1)" in text(
        client.get("/stats")
    )


def test_a_broken_nil_counted_by_side(client, app):
    game_id = start(client, tricks_by="side")
    client.post(f"/games/{game_id}/bids", data=bid_form(1, ["nil", 5, 3, 4]))
    response = client.post(
        f"/games/{game_id}/tricks", data=tricks_form(1, 1, [2, None, None, None], sides=[6, 7])
    )
    assert response.status_code == 302
    sides = stored(app, game_id).score().sides
    expected = Game(TABLE, Rules(), (Hand((NIL, 5, 3, 4), (2, 4, 4, 3)),)).score().sides
    assert [s.total for s in sides] == [s.total for s in expected]


def test_side_counts_that_do_not_add_up_are_refused_in_plain_words(client, app):
    game_id = start(client, tricks_by="side")
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, 1]))
    response = client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 1, [], sides=[8, 4]))
    body = response.get_data(as_text=True)
    assert response.status_code == 400
    assert 'id="side_1-error">The sides took 12 tricks between them; a hand has 13' in body
    response = client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 1, [], sides=[8]))
    assert "Ben &amp; Dev&#39;s tricks are missing" in response.get_data(as_text=True)
    assert stored(app, game_id).game.hands[0].tricks is None


def test_nil_bidder_taking_more_than_the_side_is_shown_beside_the_nil_bidder(client):
    game_id = start(client, tricks_by="side")
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, "nil"]))
    response = client.post(
        f"/games/{game_id}/tricks", data=tricks_form(1, 1, [None, None, None, 6], sides=[8, 5])
    )
    body = response.get_data(as_text=True)
    assert response.status_code == 400
    # on Dev's own row, shown on the phone; the side's group follows the other, hidden
    assert 'id="tricks_3-error">The nil bidders of Ben &amp; Dev took more tricks' in body


def test_fixing_a_side_counted_hand_keeps_the_side_entry(client, app):
    game_id = start(client, tricks_by="side")
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, "nil"]))
    client.post(
        f"/games/{game_id}/tricks", data=tricks_form(1, 1, [None, None, None, 0], sides=[8, 5])
    )
    body = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert "Alice & Cara tricks" in groups(body) and "Dev tricks" in groups(body)
    assert '<input checked id="side_0-8" name="side_0" type="radio" value="8" data-n="8">' in body
    data = {
        **bid_form(1, [4, 5, 3, "nil"]),
        "version": "2",
        **tricks_form(1, 2, [None, None, None, 1], sides=[7, 6]),
    }
    response = client.post(f"/games/{game_id}/hands/1", data=data, follow_redirects=True)
    assert "Hand 1 corrected." in text(response)
    hand = stored(app, game_id).game.hands[0]
    assert hand == Hand((4, 5, 3, NIL), (None, None, None, 1), (7, 6))


def test_undo_and_cancel_ask_first(client):
    game_id = start(client)
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, 1]))
    words = text(client.get(f"/games/{game_id}"))
    assert "Undo the bids of hand 1" in words and "Yes, undo the bids of hand 1" in words
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    fold = body[body.index('<details class="confirm">') :]
    assert (
        fold.index("<summary")
        < fold.index("Yes, undo the bids of hand 1")
        < fold.index("</details>")
    )
    client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 1, [4, 5, 3, 1]))
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    fold = body[body.index('<details class="confirm">') :]
    assert fold.index('role="button">Undo the tricks of hand 1</summary>') < fold.index(
        '<button class="danger">Yes, undo the tricks of hand 1</button>'
    )


def test_every_hand_can_be_fixed_from_the_game_page(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, 1], [4, 5, 3, 1])
    play(client, game_id, 2, [4, 5, 3, 1], [4, 5, 3, 1])
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    for number in (1, 2):
        assert f'href="/games/{game_id}/hands/{number}" aria-label="Fix hand {number}"' in body


def test_a_long_game_offers_its_latest_hands_to_fix_and_the_rest_through_the_table(client):
    game_id = start(client, target="custom", custom_target="2000")
    for number in range(1, 13):
        play(client, game_id, number, [3, 3, 3, 4], [3, 3, 3, 4])
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    fix = body[body.index('aria-label="Fix a hand"') :]
    fix = fix[: fix.index("</nav>")]
    assert re.findall(r'aria-label="Fix hand (\d+)"', fix) == [str(n) for n in range(5, 13)]
    assert f'href="/games/{game_id}/history">earlier hands</a>' in fix


def test_sets_are_marked_in_the_hand_by_hand_table(client):
    game_id = start(client)
    play(client, game_id, 1, [4, 5, 3, 1], [2, 6, 3, 2])
    words = text(client.get(f"/games/{game_id}/history"))
    assert "set by 2" in words and "Sets, nils and bag penalties are marked" in words


def test_a_side_one_bag_short_of_the_limit_is_flagged(client):
    game_id = start(client, rule_bag_limit="3")
    play(client, game_id, 1, [3, 3, 3, 3], [5, 2, 3, 3])  # Alice & Cara 2 bags of 3
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    words = text(client.get(f"/games/{game_id}"))
    assert "2 bags of 3 : one more costs 100" in words
    assert body.count('class="bags near"') == 1
    play(client, game_id, 2, [3, 3, 3, 3], [3, 4, 3, 3])  # Ben & Dev 1 of 3: no flag
    assert client.get(f"/games/{game_id}").get_data(as_text=True).count("bags near") == 1


def test_game_over_names_the_winner_once(client):
    game_id = start(client, target="custom", custom_target="100")
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    words = text(client.get(f"/games/{game_id}"))
    assert words.count("Ben & Dev win") == 1 and "won the game" not in words


def test_theme_colour_follows_the_scheme(client):
    body = client.get("/games").get_data(as_text=True)
    assert '<meta name="theme-color" media="(prefers-color-scheme: light)"' in body
    assert '<meta name="theme-color" media="(prefers-color-scheme: dark)"' in body


def test_rules_page_sentences_are_spaced_and_cutthroat_has_no_partner(client):
    game_id = start(client)
    words = text(client.get(f"/games/{game_id}/rules"))
    assert not re.search(r"[a-z0-9]\.[A-Z]", words), re.findall(r"\w+\.[A-Z]\w+", words)
    assert "13 tricks. The deal" in words and "200. Nil is scored" in words
    cut = start(client, players=("Ana", "Bo", "Cy"), table="cutthroat-3", rule_nil_tricks="partner")
    prose = client.get(f"/games/{cut}/rules").get_data(as_text=True).split("</div>")[0]
    prose = re.sub(r"<script.*?</script>", " ", prose, flags=re.S)  # the script's words
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", prose))
    assert "partner" not in words and " it " not in words
    assert not re.search(r"[a-z0-9]\.[A-Z]", words)


def test_new_game_page_folds_the_uncommon_house_rules(client):
    body = client.get("/games/new").get_data(as_text=True)
    more = body.index("<summary>More house rules</summary>")
    for common in ("Nil bids", "Bags before a penalty", "Bag penalty"):
        assert body.index(common) < more
    for rare in ("Ten for two hundred", "Suicide", "Deck", "Bidding style"):
        assert body.index(rare) > more


def test_zero_is_offered_only_where_a_bid_of_zero_is_a_plain_bid(client, app):
    usual = client.get(f"/games/{start(client)}").get_data(as_text=True)
    assert 'name="bid_0" type="radio" value="0"' not in usual  # 0 is nil: tap Nil
    game_id = start(client, rule_zero_bid="bid")
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'name="bid_0" type="radio" value="0"' in body
    assert client.post(f"/games/{game_id}/bids", data=bid_form(1, [0, 5, 4, 4])).status_code == 302
    assert stored(app, game_id).game.hands[0].bids == (0, 5, 4, 4)


def _chip_counts(body: str, group: str) -> dict[str, int]:
    """What each chip of a radio group counts for in the live sums (its data-n)."""
    return {
        value: int(n)
        for value, n in re.findall(
            rf'name="{group}" type="radio" value="([^"]+)" data-n="(\d+)"', body
        )
    }


def test_each_chip_carries_the_tricks_it_counts_for_from_the_core(client, app):
    """The script adds chips' counts, never their values: a nil counts for no tricks."""
    game_id = start(client, tricks_by="side", rule_zero_bid="bid")
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    hand = stored(app, game_id).score().next_hand
    assert _chip_counts(body, "bid_0") == {v: n for v, n in hand.counts if v in dict(hand.bids[0])}
    bid_0 = _chip_counts(body, "bid_0")
    assert (bid_0["nil"], bid_0["0"], bid_0["4"]) == (0, 0, 4)  # zero_bid: 0 is a plain bid
    client.post(f"/games/{game_id}/bids", data=bid_form(1, [4, 5, 3, "nil"]))
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert _chip_counts(body, "side_0") == {str(n): n for n in range(14)}
    assert _chip_counts(body, "tricks_3") == {str(n): n for n in range(14)}


def test_the_live_sums_words_come_from_the_page(client):
    """The bids step's sum and the tricks steps' counts say the words in web/words,
    given to the script in data attributes: the script holds none of its own."""
    from scorepad.web import words

    seat = start(client, players=("Ana", "Bo", "Cy"), table="cutthroat-3")
    client.post(f"/games/{seat}/bids", data=bid_form(1, [4, 5, 3]))
    body = html.unescape(client.get(f"/games/{seat}").get_data(as_text=True))
    say = words.seat_tricks_words(17)
    assert f">{say['none']}</p>" in body
    for key in ("left", "all", "auto", "over"):
        assert f'data-{key}="{say[key]}"' in body
    assert "not 17." in say["over"] and "{who}" in say["auto"]
    side = start(client, tricks_by="side")
    body = html.unescape(client.get(f"/games/{side}").get_data(as_text=True))
    for key, phrase in words.bid_sum_words().items():
        assert f'data-{key}="{phrase}"' in body
    assert "data-table=" not in body  # the table's least only where a game has one
    least = html.unescape(client.get(f"/games/{start(client, rule_min_table_bid='11')}").text)
    assert f'data-table="{words.bid_sum_words(11)["table"]}"' in least
    client.post(f"/games/{side}/bids", data=bid_form(1, [4, 5, 3, "nil"]))
    body = html.unescape(client.get(f"/games/{side}").get_data(as_text=True))
    for key, phrase in words.side_tricks_words().items():
        assert f'data-{key}="{phrase}"' in body


def test_the_tricks_total_is_checked_once_in_the_core_and_worded_in_web_words(app):
    """The form reads the counts; whether they add up to the deal is the core's refusal
    (TricksTotal, its numbers kept apart), which the page words in web/words (the test
    above: beside the sides' counts)."""
    from scorepad.core.errors import TricksTotal
    from scorepad.core.tricks import check_side_tricks, check_tricks
    from scorepad.web.hand_forms import hand_form, read_tricks
    from scorepad.web.words import tricks_total

    with pytest.raises(TricksTotal, match="^hand 2: tricks add up to 14, expected 13$") as seat:
        check_tricks(TABLE, [5, 5, 3, 1], 2)  # the game file's words, as docs/gamefile.md says
    assert (seat.value.total, seat.value.expected, seat.value.field) == (14, 13, "tricks")
    with pytest.raises(TricksTotal) as side:
        check_side_tricks(TABLE, [4, 5, 3, 3], [None] * 4, [8, 4], 1)
    assert (side.value.total, side.value.expected, side.value.field) == (12, 13, "side_tricks")
    assert tricks_total(12, 13, by_side=True) == (
        "The sides took 12 tricks between them; a hand has 13"
    )
    with app.test_request_context():
        form = hand_form(TABLE, tricks="side", nil_seats=(), side_0="8", side_1="4")
        assert read_tricks(form, TABLE, [4, 5, 3, 3]) == ([None] * 4, [8, 4])  # no own check
        form = hand_form(TABLE, tricks="seat", tricks_0="5", tricks_1="5", tricks_2="3")
        form.tricks_3.data = "1"
        assert read_tricks(form, TABLE) == ([5, 5, 3, 1], None)
