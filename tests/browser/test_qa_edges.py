"""Rough edges a Spanish QA pass found at 360x740, in the real browser."""

from __future__ import annotations

import pytest

from tests.browser.flows import start_game

TABLES = {
    2: "Cutthroat, 2 players",
    3: "Cutthroat, 3 players",
    4: "Partnership",
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_game_and_settings_pages_run_their_script_for_every_table(page, live_server, players):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    names = ["Ann", "Bob", "Cat", "Dan"][:players]
    start_game(page, live_server, names, table=TABLES[players])
    assert errors == []
    page.goto(page.url.split("#")[0].rstrip("/") + "/settings")
    page.get_by_label("Player 1", exact=True).fill("Anne")  # the script listens to names
    assert errors == []
