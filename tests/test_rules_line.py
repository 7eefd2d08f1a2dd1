"""The game page says its house rules in one line (#28: a smaller first load): the table,
the target and only the rules changed from their defaults; the Rules page lists every one."""

import re

from tests.helpers import start


def rules_line(body: str) -> str:
    found = re.search(r'<p class="meta rules-line">(.*?)</p>', body, re.S)
    assert found, "no house-rules line on the game page"
    return found.group(1)


def test_standard_rules_say_so_in_one_line(client):
    game_id = start(client)
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert rules_line(body) == (
        "House rules: Partnership, 4 players, 13 tricks a hand; Target score: 500; "
        "every other rule standard."
    )
    assert 'class="rules-list"' not in body  # the full list is the Rules page's
    assert f'href="/games/{game_id}/rules"' in body


def test_a_changed_rule_is_named_and_the_standard_ones_are_not(client):
    game_id = start(client, target="300", rule_nil_value="50")
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    line = rules_line(body)
    assert "Target score: 300" in line and "Nil is worth: 50" in line
    assert "standard" not in line and "Blind nil" not in line
    rules = client.get(f"/games/{game_id}/rules").get_data(as_text=True)
    assert 'class="rules-list"' in rules and "Blind nil" in rules


def test_a_rule_worded_as_a_phrase_reads_apart_from_its_name(client):
    """Each rule's name and value are set apart, as on the presets' lines: "A shared lead at
    the end the side that bid more..." ran the two together."""
    game_id = start(client, rule_tie_break="last_bid", rule_first_hand="bids_itself")
    line = rules_line(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "A shared lead at the end: the side that bid more in the last hand wins" in line
    assert "The first hand: bids itself" in line
