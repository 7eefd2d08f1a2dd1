"""The director's view of every table: the hand in play, who is still bidding when the
seats bid from their own phones, and never a hidden bid, there or on any page of the
event the players see."""

from __future__ import annotations

from tests.event_helpers import Night
from tests.helpers import seat_bid, seat_links, text

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def _started(client, app) -> Night:
    night = Night(client, app, rounds=2)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    return night


def _pages(client, night: Night, game_id: str) -> dict[str, str]:
    token = night.event().view_token
    paths = (
        f"/events/{night.id}",
        f"/events/{night.id}/tables",
        f"/events/screen/{token}",
        f"/events/screen/{token}/live",
        f"/events/screen/{token}/results",
        f"/events/screen/{token}/results.csv",
        f"/events/table/{game_id}",
        f"/events/table/{game_id}/live",
    )
    return {path: text(client.get(path)) for path in paths}


def test_the_director_sees_the_hand_in_play_and_who_is_still_bidding(client, app):
    night = _started(client, app)
    one, two = night.round()
    tokens = seat_links(client, one.game_id)  # table 1 bids from four phones
    players = night.game(one.game_id).game.table.players
    page = text(client.get(f"/events/{night.id}"))
    assert f"Hand 1: bidding. Still to bid: {', '.join(players)}." in page
    assert seat_bid(client, tokens[0], 4).status_code == 302
    assert seat_bid(client, tokens[2], "nil").status_code == 302
    page = text(client.get(f"/events/{night.id}/tables"))
    assert f"Hand 1: bidding. Still to bid: {players[1]}, {players[3]}." in page
    assert seat_bid(client, tokens[1], 3).status_code == 302
    assert seat_bid(client, tokens[3], 5).status_code == 302
    page = text(client.get(f"/events/{night.id}"))
    assert "Hand 1: all bids in, playing the tricks." in page  # table 1
    assert "Hand 1: bidding." in page and "Still to bid" not in page  # table 2: one phone
    night.hand(two.game_id, 9)
    assert "Hand 2: bidding." in text(client.get(f"/events/{night.id}"))


def test_a_hidden_bid_shows_on_no_page_of_the_event(client, app):
    night = _started(client, app)
    one, _ = night.round()
    tokens = seat_links(client, one.game_id)
    players = night.game(one.game_id).game.table.players
    before = _pages(client, night, one.game_id)
    phone = app.test_client()  # the seats' own phones
    assert seat_bid(phone, tokens[0], "nil").status_code == 302
    assert seat_bid(phone, tokens[1], 7).status_code == 302
    after = _pages(client, night, one.game_id)
    for path, words in after.items():
        # the pages are word for word as before, but for who is still to bid
        expected = before[path].replace(
            f"Still to bid: {', '.join(players)}.", f"Still to bid: {players[2]}, {players[3]}."
        )
        assert words == expected, path
        # no more "nil" than before (the paper slip offers Nil and Blind nil as choices)
        assert words.casefold().count("nil") == before[path].casefold().count("nil"), path


def test_the_big_screen_shows_where_everyone_sits_next(client, app):
    night = Night(client, app, rounds=2, target=100)
    for pair in [*PAIRS, ("Ida", "Jo")]:
        night.check_in(*pair)
    token = night.event().view_token
    night.draw_and_start()
    night.play_round()
    night.act("draw", "Round drawn")  # round 2 drawn, not started: the screen shows it
    event = night.event()
    screen = text(client.get(f"/events/screen/{token}/live"))
    assert "Next: where you sit" in screen
    for match in night.round():
        names = [event.by_id[side[0]].name for side in match.sides]
        assert f"{match.number} {names[0]} vs {names[1]}" in screen
    (bye,) = event.current.byes
    assert f"Sitting out: {event.by_id[bye].name}" in screen
    night.act("start", "Round started")
    assert "Next: where you sit" not in text(client.get(f"/events/screen/{token}/live"))


def test_a_round_s_table_tents_and_score_sheets_to_print(client, app):
    night = _started(client, app)
    one, two = night.round()
    night.hand(one.game_id, 9)  # table 1: 63 to -60
    event = night.event()
    tents = client.get(f"/events/{night.id}/rounds/1/tables").get_data(as_text=True)
    assert tents.count("<svg") == 2 and f"/events/{night.id}/rounds/1/sheets" in tents
    assert f"/events/{night.id}/rounds/1/sheets" in client.get(f"/events/{night.id}").text
    sheets = client.get(f"/events/{night.id}/rounds/1/sheets")
    assert sheets.status_code == 200
    words = text(sheets)
    for match in (one, two):
        sides = " vs ".join(event.by_id[side[0]].name for side in match.sides)
        assert f"Tuesday club, round 1, table {match.number}: {sides}" in words
        players = night.game(match.game_id).game.table.players
        assert f"4 players: {', '.join(players)}" in words
    assert words.count("Spades score sheet") == 0 and "In progress : Ann & Bo 63" in words
    body = sheets.get_data(as_text=True)
    assert body.count('id="chart-1-title"') == 1 and 'id="chart-title"' not in body
    assert client.get(f"/events/{night.id}/rounds/9/sheets").status_code == 404
    assert client.get("/events/nothing/rounds/1/sheets").status_code == 404


def test_the_director_opens_a_table_s_game_and_fixes_a_hand(client, app):
    night = _started(client, app)
    one, two = night.round()
    night.hand(two.game_id, 9)  # table 2 saves 9 tricks for side 0 by mistake
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    for match in (one, two):
        assert f'href="/games/{match.game_id}">Open the game' in page
    game = client.get(f"/games/{two.game_id}").get_data(as_text=True)
    assert f'href="/games/{two.game_id}/hands/1/edit"' in game or "Fix hand 1" in game
    form = {"number": "1", "version": str(night.game(two.game_id).versions[0])}
    form |= {f"bid_{s}": "3" for s in range(4)} | {"side_0": "4", "side_1": "9"}
    assert client.post(f"/games/{two.game_id}/hands/1", data=form).status_code == 302
    losers = night.event().by_id[two.sides[0][0]].name
    standings = text(client.get(f"/events/{night.id}"))
    assert f"{losers} 0 0 0 \u2212123 \u221260 0 0" in standings
