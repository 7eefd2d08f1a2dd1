"""The bids step's running sum counts tricks, never players (issue 39): "4 unbid" read as
four players who had not bid; it says "4 tricks nobody bid", and so does the Spanish."""

from __future__ import annotations

import html
import re

import pytest

from tests.helpers import start


def _sum(client, game_id, language="en") -> str:
    page = client.get(f"/games/{game_id}", headers={"Accept-Language": language})
    body = html.unescape(page.get_data(as_text=True))
    found = re.search(r'<p class="bid-summary"[^>]*>([^<]*)</p>', body)
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "13 tricks nobody bid"), ("es", "13 bazas que nadie apostó")],
)
def test_the_sum_says_tricks_nobody_bid(client, language, words):
    game_id = start(client)
    said = _sum(client, game_id, language)
    assert said.endswith(words) and "unbid" not in said and "sin apostar" not in said


def test_the_script_gets_words_for_one_trick_and_for_many(client):
    body = html.unescape(client.get(f"/games/{start(client)}").get_data(as_text=True))
    for key, words in (
        ("unbid", "{n} tricks nobody bid"),
        ("unbid-one", "1 trick nobody bid"),
        ("overbid", "{n} tricks bid over the hand"),
        ("overbid-one", "1 trick bid over the hand"),
    ):
        assert f'data-{key}="{words}"' in body
