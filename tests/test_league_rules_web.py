"""The rules leagues play through the pages a table uses: the new-game form's own fields,
hand 1 that opens on its tricks, a table bid under the minimum refused naming the numbers,
the rules page and the game file."""

from __future__ import annotations

import io
import json

from tests.helpers import (
    bid_form,
    claim_seat,
    form_token,
    load,
    play,
    seat_bid,
    seat_links,
    settings_data,
    start,
    text,
    tricks_form,
)

LEAGUE = {
    "rule_first_hand": "bids_itself",
    "rule_min_table_bid": "11",
    "rule_tie_break": "last_bid",
}


def test_hand_1_opens_on_its_tricks_and_scores_ten_a_trick(client, app):
    game_id = start(client, **LEAGUE)
    page = client.get(f"/games/{game_id}")
    words = text(page)
    assert "Hand 1: tricks" in words and "Hand 1: bids" not in words
    assert "The first hand bids itself in this game: nobody bids." in words
    assert 'name="bid_0"' not in page.get_data(as_text=True)
    saved = client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 0, [4, 3, 3, 3]))
    assert saved.status_code == 302, text(saved)
    score = load(app, game_id).score()
    assert score.hands[0].bids is None
    assert [(s.points, s.bags) for s in score.hands[0].sides] == [(70, 0), (60, 0)]
    assert "Hand 2: bids" in text(client.get(f"/games/{game_id}"))
    play(client, game_id, 2, [3, 3, 3, 3], [4, 3, 3, 3])
    assert load(app, game_id).score().totals == (131, 120)


def test_a_hand_1_that_bids_itself_with_bad_tricks_is_refused_on_the_page(client, app):
    game_id = start(client, **LEAGUE)
    refused = client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 0, [4, 3, 3, 2]))
    assert refused.status_code == 400
    assert "add up to 12" in text(refused) and "Hand 1: tricks" in text(refused)
    assert load(app, game_id).game.hands == ()


def test_bids_on_a_hand_that_bids_itself_are_refused_naming_the_rule(client, app):
    game_id = start(client, **LEAGUE)
    refused = client.post(f"/games/{game_id}/bids", data=bid_form(1, [3, 3, 3, 3]))
    assert refused.status_code == 302  # the page asks for tricks: the phone is sent there
    assert load(app, game_id).game.hands == ()
    assert "Hand 1: tricks" in text(client.get(refused.headers["Location"]))


def test_a_table_bid_under_the_minimum_names_the_total_and_the_minimum(client, app):
    game_id = start(client, rule_min_table_bid="11")
    refused = client.post(f"/games/{game_id}/bids", data=bid_form(1, [3, 2, 3, 2]))
    assert refused.status_code == 400
    assert "Smallest table bid: the table bid 10; this game needs at least 11" in text(refused)
    assert load(app, game_id).game.hands == ()
    play(client, game_id, 1, [3, 3, 3, 2], [3, 4, 3, 3])
    assert load(app, game_id).score().totals == (60, 52)


def test_the_rules_page_says_the_league_rules(client):
    game_id = start(
        client,
        **LEAGUE,
        rule_blind_bid="6",
        rule_blind_bid_trailing_by="0",
        rule_blind_bid_doubles="made",
    )
    words = text(client.get(f"/games/{game_id}/rules"))
    assert "The first hand bids itself" in words
    assert "must add up to at least 11 tricks" in words
    assert "the leader that bid more in the last hand played wins" in words
    assert "A blind bid counts double when it is made" in words


def test_the_game_file_writes_a_hand_that_bid_itself_with_null_bids(client):
    game_id = start(client, **LEAGUE)
    client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 0, [4, 3, 3, 3]))
    doc = json.loads(client.get(f"/games/{game_id}/export.json").get_data(as_text=True))
    assert doc["hands"][0]["bids"] is None and doc["hands"][0]["tricks"] == [4, 3, 3, 3]
    assert doc["rules"]["first_hand"] == "bids_itself" and doc["rules"]["min_table_bid"] == 11


def test_a_shared_lead_ended_early_goes_to_the_higher_last_bid(client, app):
    game_id = start(client, rule_tie_break="last_bid")
    play(client, game_id, 1, [3, 4, 3, 3], [3, 4, 3, 3])  # 60 to 70
    play(client, game_id, 2, [4, 3, 3, 3], [4, 3, 3, 3])  # 130 to 130, bids 7 to 6
    assert "End the game now? Alice & Cara win 130 to 130 on the higher last bid." in text(
        client.get(f"/games/{game_id}")
    )
    client.post(f"/games/{game_id}/end", data={"version": str(load(app, game_id).revision)})
    score = load(app, game_id).score()
    assert score.over and score.winner == 0
    words = text(client.get(f"/games/{game_id}/rules"))
    assert "Alice & Cara had bid more in the last hand and took the game" in words


LEAGUE_FILE = {
    "format": "scorepad/1",
    "mode": "partnership",
    "players": ["Alice", "Ben", "Cara", "Dev"],
    "rules": {"target": 300, "first_hand": "bids_itself", "min_table_bid": 11},
    "hands": [
        {"bids": None, "tricks": [4, 3, 3, 3]},
        {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]},
    ],
}


def upload(guarded, doc: dict):
    token = form_token(guarded.get("/games/import"))
    body = io.BytesIO(json.dumps(doc).encode())
    return guarded.post(
        "/games/import", data={"csrf_token": token, "game_file": (body, "game.json")}
    )


def test_a_league_file_imports_with_csrf_on_and_scores_as_rules_md(guarded, guarded_app):
    done = upload(guarded, LEAGUE_FILE)
    assert done.status_code == 302, text(done)
    game_id = done.headers["Location"].rsplit("/", 1)[-1]
    score = load(guarded_app, game_id).score()
    assert score.totals == (131, 120) and score.hands[0].bids is None
    page = text(guarded.get(f"/games/{game_id}"))
    assert "Hand 3: bids" in page


def test_a_league_file_breaking_a_rule_is_refused_naming_it(guarded):
    bad = {**LEAGUE_FILE, "hands": [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}]}
    refused = upload(guarded, bad)
    assert refused.status_code == 400
    assert "the first hand bids itself in this game" in text(refused)
    low = {
        **LEAGUE_FILE,
        "hands": [LEAGUE_FILE["hands"][0], {"bids": [3, 2, 3, 2], "tricks": [4, 3, 3, 3]}],
    }
    refused = upload(guarded, low)
    assert refused.status_code == 400
    assert "the table bid 10; this game needs at least 11" in text(refused).lower()
    assert "Alice & Cara" not in text(guarded.get("/games"))


def test_fixing_a_hand_that_bid_itself_asks_only_for_its_tricks(client, app):
    game_id = start(client, **LEAGUE)
    client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 0, [4, 3, 3, 3]))
    page = client.get(f"/games/{game_id}/hands/1")
    body = page.get_data(as_text=True)
    assert 'name="bid_0"' not in body and 'name="tricks_0"' in body
    assert "The first hand bids itself in this game" in text(page)
    version = load(app, game_id).versions[0]
    fixed = client.post(f"/games/{game_id}/hands/1", data=tricks_form(1, version, [2, 5, 3, 3]))
    assert fixed.status_code == 302, text(fixed)
    score = load(app, game_id).score()
    assert score.hands[0].bids is None and score.totals == (50, 80)


def test_seat_phones_are_not_asked_for_a_bid_on_a_hand_that_bids_itself(client, app):
    game_id = start(client, **LEAGUE)
    tokens = seat_links(client, game_id)
    phone = app.test_client()
    claim_seat(phone, tokens[1])
    page = phone.get(f"/seat/{tokens[1]}")
    assert 'name="bid"' not in page.get_data(as_text=True)
    assert "The first hand bids itself in this game" in text(page)
    refused = seat_bid(phone, tokens[1], 3)
    assert load(app, game_id).game.hands == () and refused.status_code == 400
    client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 0, [4, 3, 3, 3]))
    status = text(phone.get(f"/seat/{tokens[1]}/status?hand=1"))
    assert "The first hand bids itself in this game" in status
    assert 'name="bid"' in phone.get(f"/seat/{tokens[1]}").get_data(as_text=True)


def test_seat_phones_under_the_table_minimum_are_told_one_bid_must_change(client, app):
    game_id = start(client, rule_min_table_bid="11")
    tokens = seat_links(client, game_id)
    phones = [app.test_client() for _ in tokens]
    for phone, token, bid in zip(phones, tokens, [3, 2, 3, 2]):
        seat_bid(phone, token, bid)
    assert load(app, game_id).game.hands == ()
    status = text(phones[0].get(f"/seat/{tokens[0]}/status?hand=1"))
    assert "together they come to less than this game needs: at least 11" in status
    seat_bid(phones[3], tokens[3], 3)
    assert load(app, game_id).game.hands[0].bids == (3, 2, 3, 3)


def test_the_stake_line_and_the_bid_sum_know_the_league_rules(client, app):
    game_id = start(client, rule_hand_limit="2", rule_tie_break="last_bid", rule_min_table_bid="11")
    play(client, game_id, 1, [3, 4, 3, 3], [3, 4, 3, 3])  # 60 to 70
    page = client.get(f"/games/{game_id}")
    words = text(page)
    assert "Alice & Cara win by making 1 and bidding more than the other side" in words
    assert "Alice & Cara win by making 2" in words
    body = page.get_data(as_text=True)
    assert 'data-least="11"' in body
    assert "the table bids 0, at least 11 needed" in words


def test_a_club_night_carries_the_league_rules_to_every_table(client, app):
    from tests.event_helpers import Night

    night = Night(client, app, format="round_robin", rounds="1", **LEAGUE)
    for names in (("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")):
        night.check_in(*names)
    night.draw_and_start()
    game_ids = [match.game_id for match in night.round() if match.game_id]
    assert game_ids
    for game_id in game_ids:
        rules = night.game(game_id).game.rules
        assert (rules.first_hand, rules.min_table_bid, rules.tie_break) == (
            "bids_itself",
            11,
            "last_bid",
        )
        assert "Hand 1: tricks" in text(client.get(f"/games/{game_id}"))
        form = tricks_form(1, 0, (None,) * 4, sides=(7, 6))
        assert client.post(f"/games/{game_id}/tricks", data=form).status_code == 302
        assert night.game(game_id).score().totals == (70, 60)


def test_a_hand_that_bids_itself_counted_by_side_asks_one_count_a_side(client, app):
    game_id = start(client, tricks_by="side", **LEAGUE)
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'name="side_0"' in body and 'name="tricks_0"' not in body
    form = tricks_form(1, 0, (None,) * 4, sides=(8, 5))
    assert client.post(f"/games/{game_id}/tricks", data=form).status_code == 302
    assert load(app, game_id).score().totals == (80, 50)


def test_the_hand_by_hand_pages_say_a_hand_that_bid_itself_had_no_bids(client, app):
    game_id = start(client, **LEAGUE)
    client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 0, [4, 3, 3, 3]))
    play(client, game_id, 2, [3, 3, 3, 3], [4, 3, 3, 3])
    for path in ("history", "sheet"):
        words = text(client.get(f"/games/{game_id}/{path}"))
        assert "no bids: 10 a trick taken took 4 + 3 +70" in words
        assert "bid Alice + Cara" not in words and "bid Alice 3 + Cara 3" in words
    csv_text = client.get(f"/games/{game_id}/hands.csv").get_data(as_text=True)
    first = csv_text.splitlines()[1].split(",")
    assert first[:4] == ["1", "Alice", "", "4"]


def test_fixing_a_hand_that_bid_itself_counted_by_side(client, app):
    game_id = start(client, tricks_by="side", **LEAGUE)
    form = tricks_form(1, 0, (None,) * 4, sides=(8, 5))
    client.post(f"/games/{game_id}/tricks", data=form)
    page = client.get(f"/games/{game_id}/hands/1")
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    assert 'name="side_0"' in body and 'name="tricks_0"' not in body
    version = load(app, game_id).versions[0]
    fixed = client.post(
        f"/games/{game_id}/hands/1", data=tricks_form(1, version, (None,) * 4, sides=(6, 7))
    )
    assert fixed.status_code == 302, text(fixed)
    assert load(app, game_id).score().totals == (60, 70)


def test_settings_that_would_make_a_played_hand_1_bid_itself_are_refused(client, app):
    game_id = start(client)
    play(client, game_id, 1, [3, 3, 3, 3], [4, 3, 3, 3])
    data = settings_data(app, game_id, rule_first_hand="bids_itself")
    refused = client.post(f"/games/{game_id}/settings", data=data)
    assert refused.status_code == 400
    assert "the first hand bids itself in this game: it has no bids" in text(refused)
    assert load(app, game_id).game.rules.first_hand == "bid"
    # before any hand, the rule can be chosen: hand 1 then opens on its tricks
    fresh = start(client)
    data = settings_data(app, fresh, rule_first_hand="bids_itself")
    assert client.post(f"/games/{fresh}/settings", data=data).status_code == 302
    assert "Hand 1: tricks" in text(client.get(f"/games/{fresh}"))


def test_a_renege_on_a_hand_that_bid_itself_moves_its_tricks(client, app):
    game_id = start(client, **LEAGUE)
    client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 0, [4, 3, 3, 3]))
    page = client.get(f"/games/{game_id}/hands/1/renege")
    assert page.status_code == 200
    version = str(load(app, game_id).versions[0])
    done = client.post(
        f"/games/{game_id}/hands/1/renege", data={"version": version, "renege_1": "y"}
    )
    assert done.status_code == 302, text(done)
    score = load(app, game_id).score()
    assert [(s.points, s.bags) for s in score.hands[0].sides] == [(100, 0), (30, 0)]


def test_the_scorers_page_asks_the_phones_for_no_bid_on_a_hand_that_bids_itself(client, app):
    game_id = start(client, **LEAGUE)
    seat_links(client, game_id)
    words = text(client.get(f"/games/{game_id}"))
    assert "Bids from the players' phones" not in words and "Hand 1: tricks" in words
    client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 0, [4, 3, 3, 3]))
    assert "Bids from the players' phones" in text(client.get(f"/games/{game_id}"))


def test_a_shared_lead_at_the_target_says_why_its_winner_won(client, app):
    """130 to 130 at the target: the game page names the winner and must say it won the
    shared lead by the tie-break, not leave equal totals beside a winner unexplained."""
    game_id = start(client, target="custom", custom_target="130", rule_tie_break="last_bid")
    play(client, game_id, 1, [3, 4, 3, 3], [3, 4, 3, 3])  # 60 to 70
    play(client, game_id, 2, [4, 3, 3, 3], [4, 3, 3, 3])  # 130 to 130, bids 7 to 6
    assert load(app, game_id).score().winner == 0
    words = text(client.get(f"/games/{game_id}"))
    assert "Game over: Alice & Cara win" in words
    assert "Alice & Cara had bid more in the last hand and took the game" in words


def test_a_shared_lead_won_on_fewer_bags_says_so_on_the_game_page(client, app):
    game_id = start(
        client,
        target="custom",
        custom_target="60",
        rule_tie_break="fewer_bags",
        rule_bag_points="0",
    )
    play(client, game_id, 1, [3, 3, 3, 3], [4, 3, 3, 3])  # 60 (1 bag) to 60 (no bag)
    assert load(app, game_id).score().winner == 1
    words = text(client.get(f"/games/{game_id}"))
    assert "Game over: Ben & Dev win" in words
    assert "Ben & Dev held fewer bags and took the game" in words


def test_undo_takes_a_hand_that_bid_itself_back_whole_and_put_back_returns_it(client, app):
    game_id = start(client, **LEAGUE)
    client.post(f"/games/{game_id}/hands/1/dealer", data={"version": "0", "dealer": "2"})
    client.post(f"/games/{game_id}/tricks", data=tricks_form(1, 0, [4, 3, 3, 3]))
    played = load(app, game_id)
    assert played.game.hands[0].dealer == 2
    version = str(played.versions[0])
    undone = client.post(
        f"/games/{game_id}/hands/1/delete", data={"number": "1", "version": version}
    )
    page = text(client.get(undone.headers["Location"]))
    assert "Hand 1: its tricks are taken back. Enter the tricks again." in page
    stored = load(app, game_id)
    assert stored.game.hands == ()  # no hand waits with no bids: hand 1 opens on its tricks
    assert stored.score().next_hand.dealer == 2  # the dealer chosen for it stays
    assert "Hand 1: tricks" in page and "Undo the bids of hand 1" not in page
    assert "Change the bids" not in page and "Put hand 1 back" in page
    back = client.post(f"/games/{game_id}/hands/1/put-back", data={"version": str(stored.revision)})
    assert back.status_code == 302, text(back)
    assert load(app, game_id).game.hands == played.game.hands
