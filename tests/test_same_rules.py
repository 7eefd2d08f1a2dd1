""" "The same names and rules as" on the new-game page: first on the page, it fills in
that game's table and names as well as its rules, says what it took, and offers one
entry per evening (a rematch stands for the games before it) (issue 19)."""

from __future__ import annotations

import re

from tests.helpers import HAND_1, play, start, text


def finished(client, **extra) -> str:
    game_id = start(client, target="custom", custom_target="100", **extra)
    play(client, game_id, 1, *HAND_1)  # 71 / 150: over
    return game_id


def options(page: str) -> list[str]:
    select = re.search(r'<select id="rules_from".*?</select>', page, re.S).group(0)
    return re.findall(r'<option value="([^"]+)"', select)


def test_it_comes_first_on_the_page(client):
    start(client)
    page = client.get("/games/new").text
    assert page.index('id="rules_from"') < page.index('name="table"')
    assert page.index('id="rules_from"') < page.index('name="player_0"')


def test_it_fills_the_table_and_names_and_says_what_it_took(client):
    source = start(
        client,
        players=("Zoe", "Yan", "Xia"),
        table="cutthroat-3",
        target="custom",
        custom_target="350",
        rule_bag_limit="5",
        rule_nil=None,
    )
    r = client.get(f"/games/new?rules_from={source}")
    page = r.text
    assert (
        'checked data-seats="3" id="table-2" name="table" type="radio" value="cutthroat-3"' in page
    )
    for seat, name in enumerate(("Zoe", "Yan", "Xia")):
        assert re.search(rf'id="player_{seat}"[^>]*value="{name}"', page), name
    assert not re.search(r'id="player_3"[^>]*value="[^"]', page)
    words = text(r)
    assert "Taken from Zoe vs Yan vs Xia, to 350" in words
    assert "the players Zoe, Yan, Xia, target 350, house rules" in words
    assert "Nil bids off" in words and "Bags before a penalty 5" in words
    assert '<details class="card house-rules" open>' in page  # the rules taken, shown


def test_the_usual_rules_say_so(client):
    source = start(client)
    words = text(client.get(f"/games/new?rules_from={source}"))
    assert "target 500, the usual house rules." in words
    assert "Taken from" not in text(client.get("/games/new"))


def test_an_evening_of_rematches_is_one_entry_its_latest_game(client):
    first = finished(client)
    second = client.post(f"/games/{first}/rematch").headers["Location"].rsplit("/", 1)[-1]
    play(client, second, 1, *HAND_1)
    third = client.post(f"/games/{second}/rematch").headers["Location"].rsplit("/", 1)[-1]
    other = start(client, players=("Quinn", "Pat"), table="cutthroat-2")
    shown = options(client.get("/games/new").text)
    assert shown == [other, third]
