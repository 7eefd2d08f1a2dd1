"""The rough edges of an evening, through the test client."""

from __future__ import annotations

import html
import re

from tests.helpers import bid_form, play, start, straight_version, text, tricks_form


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


def test_what_if_offers_the_rules_own_values_to_tap(client):
    game_id = start(client, rule_nil_tricks="bags")
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    page = client.get(f"/games/{game_id}/history?rule=nil_tricks&value=none").text
    tap = f"/games/{game_id}/history?rule=nil_tricks&amp;value=partner#what-if"
    assert f'href="{tap}">count towards the partner&#39;s bid</a>' in page
    assert 'value=bags#what-if">score as bags' not in page  # the game's own value
    assert f'href="/games/{game_id}/history?rule=suicide&amp;value=on#what-if"' in page
    follow = client.get(tap.replace("&amp;", "&").split("#")[0])
    said = html.unescape(text(follow))
    assert (
        "With tricks taken by a nil bidder set to \u201ccount towards the partner's bid\u201d: "
        in said
    )


def test_importing_the_same_file_twice_says_so_and_offers_the_first(client):
    import io

    game_id = start(client, target="custom", custom_target="100")
    play(client, game_id, 1, [4, 5, 3, "nil"], [5, 5, 3, 0])
    exported = client.get(f"/games/{game_id}/export.json").data

    def send(**extra):
        data = {"game_file": (io.BytesIO(exported), "game.json"), **extra}
        return client.post("/games/import", data=data)

    first = send()  # a copy of a game this phone has: the file names the same game
    assert first.status_code == 409
    assert "This game is already on this phone" in text(first)
    assert f'href="/games/{game_id}">Open the game already here' in first.text
    games = text(client.get("/games"))
    assert games.count("Alice & Cara") == 1  # nothing imported, the stats not doubled
    again = send(again="y")  # asked for all the same
    assert again.status_code == 302 and again.headers["Location"] != f"/games/{game_id}"


def test_the_look_a_phone_chose_is_drawn_on_a_kept_game_page(client):
    game_id = start(client)
    assert '<html lang="en" class=" ">' in client.get(f"/games/{game_id}").text  # kept now
    client.set_cookie("look", "large.contrast")
    assert '<html lang="en" class="text-large contrast">' in client.get(f"/games/{game_id}").text
    client.set_cookie("look", "")
    assert '<html lang="en" class=" ">' in client.get(f"/games/{game_id}").text
