"""What the new-game page offers from this browser's games: the names used, a recent game's
rules; and a rematch's names and deal."""

from __future__ import annotations

import re

from tests.helpers import (
    load,
    played_game,
    settings_data,
    start,
    ver,
)


def test_new_game_offers_the_names_this_browser_has_used(client, app):
    start(client, players=("Zoe", "Yan", "Xia"), table="cutthroat-3")
    other = app.test_client()
    start(other, players=("Quinn", "Pat"), table="cutthroat-2")
    page = client.get("/games/new").text
    names = re.search(r'<datalist id="known-names">(.*?)</datalist>', page).group(1)
    assert re.findall(r'value="([^"]+)"', names) == ["Zoe", "Yan", "Xia"]
    assert 'list="known-names"' in page and "Quinn" not in page


def test_new_game_takes_the_rules_of_a_recent_game(client, app):
    source = start(
        client,
        target="custom",
        custom_target="350",
        rule_bag_limit="5",
        rule_nil_tricks="partner",
        rule_nil=None,
    )
    page = client.get("/games/new")
    assert f'<option value="{source}">' in page.text and 'form="rules-from"' in page.text
    page = client.get(f"/games/new?rules_from={source}").text
    assert 'name="rule_bag_limit" required type="number" value="5"' in page.replace(
        'inputmode="numeric" ', ""
    ).replace('max="100" min="0" ', "")
    assert re.search(
        r'checked id="rule_nil_tricks-1" name="rule_nil_tricks" type="radio" '
        r'value="partner"',
        page,
    )
    assert 'id="rule_nil" name="rule_nil" type="checkbox" value="y"' in page  # now off
    assert 'checked id="target-3" name="target" type="radio" value="custom"' in page
    assert 'value="350"' in page and f'<option value="{source}" selected>' in page


def test_rules_only_from_a_game_this_browser_knows(client, app):
    stranger = app.test_client()
    secret = start(stranger, rule_bag_limit="5")
    start(client)
    page = client.get(f"/games/new?rules_from={secret}")
    assert page.status_code == 200 and "a game this phone does not know" in page.text
    assert 'value="5"' not in page.text.replace('min="0"', "")


def test_a_rematch_keeps_the_side_names_and_passes_the_deal_on(client, app):
    game_id = played_game(client)
    client.post(f"/games/{game_id}/settings", data=settings_data(app, game_id, side_0="Sharks"))
    client.post(
        f"/games/{game_id}/hands/1/dealer", data={"version": ver(app, game_id), "dealer": "2"}
    )
    client.post(f"/games/{game_id}/end", data={"version": str(load(app, game_id).revision)})
    r = client.post(f"/games/{game_id}/rematch")
    table = load(app, r.headers["Location"].rsplit("/", 1)[-1]).game.table
    assert table.side_names == ("Sharks", None) and table.first_dealer == 3
