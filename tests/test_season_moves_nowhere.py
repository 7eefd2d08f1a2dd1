"""A season manager's Move pressed as the page draws it (the night's own date, time and
venue; the entrant's own division) moved nothing yet said "Night moved: calendars that
follow the season update." (and bumped the night's calendar SEQUENCE) or "Entrant moved.":
such a move is refused in words and nothing is written; a real move still moves."""

from __future__ import annotations

from tests.helpers import page_forms, text
from tests.test_season_web import _season_of, made  # noqa: F401  (the fixture)


def _page(client, club_id, season_id) -> str:
    return client.get(f"/seasons/c/{club_id}/{season_id}").get_data(as_text=True)


def test_a_night_moved_to_where_it_is_is_refused_and_its_calendar_left(client, app, made):  # noqa: F811
    club_id, season_id = made
    before = _season_of(app, season_id)
    (action, fields), *_ = page_forms(_page(client, club_id, season_id), "/nights")
    assert (
        fields["number"] == "1" and fields["day"] == before.nights[0].day
    )  # the form holds the night as it is
    said = text(client.post(action, data=fields, follow_redirects=True))
    assert "Night moved" not in said
    assert "That night is on that date, at that time and venue already: nothing changed." in said
    after = _season_of(app, season_id)
    assert after.revision == before.revision
    assert after.nights[0].sequence == before.nights[0].sequence
    said = text(client.post(action, data={**fields, "venue": "Crown"}, follow_redirects=True))
    assert "Night moved: calendars that follow the season update." in said
    assert _season_of(app, season_id).nights[0].venue == "Crown"


def test_an_entrant_moved_to_its_own_division_is_refused(client, app, made):  # noqa: F811
    club_id, season_id = made
    before = _season_of(app, season_id)
    (action, fields), *_ = page_forms(_page(client, club_id, season_id), "/entrants/division")
    said = text(client.post(action, data=fields, follow_redirects=True))
    assert "Entrant moved." not in said
    assert "That entrant is in that division already: nothing changed." in said
    assert _season_of(app, season_id).revision == before.revision
    other = str(1 - int(fields["division"]))
    said = text(client.post(action, data={**fields, "division": other}, follow_redirects=True))
    assert "Entrant moved." in said
