"""The manager's Rename pressed as the page draws it (the player's own name in the box)
renamed nothing yet said "Renamed." and offered "Undo the last rename": a rename to the
name shown is refused in the core's words, and the roster is left as it was."""

from __future__ import annotations

import pytest

from scorepad.core.names import name_key
from tests.helpers import page_forms, text
from tests.test_clubs import _file_games, _make, _view


def _rename_form(page: str, player: str) -> tuple[str, dict[str, str]]:
    """The page's own Rename form of this player: its action and its fields as drawn."""
    for action, fields in page_forms(page, "/rename"):
        if fields.get("player") == player:
            return action, fields
    raise AssertionError(f"no Rename form for {player}")


@pytest.mark.parametrize("games", [(("Ann", "Cy"), ("Bo", "Di")), (("Zoë Q", "Cy"), ("Bo", "Di"))])
def test_rename_as_drawn_renames_nothing_and_says_so(client, app, games):
    club_id = _make(client)
    _file_games(app, club_id, [(games, 0, 0.5)])
    before = _view(app, club_id).club.revision
    anchor = name_key(games[0][0])
    action, fields = _rename_form(client.get(f"/clubs/{club_id}").get_data(as_text=True), anchor)
    assert fields["name"] == games[0][0]  # the box holds the name shown
    r = client.post(action, data=fields, follow_redirects=True)
    said = text(r)
    assert "Renamed." not in said
    assert f"Rename: {games[0][0]} is this player's name already: nothing to rename." in said
    assert "Undo the last rename" not in said
    assert _view(app, club_id).club.revision == before  # nothing written


def test_a_rename_that_changes_only_the_case_still_renames(client, app):
    club_id = _make(client)
    _file_games(app, club_id, [((("Ann", "Cy"), ("Bo", "Di")), 0, 0.5)])
    action, fields = _rename_form(client.get(f"/clubs/{club_id}").get_data(as_text=True), "ann")
    r = client.post(action, data={**fields, "name": "ANN"}, follow_redirects=True)
    assert "Renamed." in text(r)
