"""A season's club night made from its fixtures holds no more than a night may: 60 pairs
at 30 tables (docs/events.md). A season of more pairs than that is refused "Start its
club night", saying why, and nothing is written; a night of 60 pairs is made, and the
club's file, its night's among them, imports again (what the web holds, its file restores)."""

from __future__ import annotations

import io

from scorepad.core.event import MAX_TABLES
from scorepad.store.clubs import club_events
from scorepad.web.db import get_db
from tests.event_files import upload
from tests.helpers import form_token, text
from tests.test_clubs import _make
from tests.test_season_web import _post, _season, _season_of


def _season_of_pairs(client, app, pairs: int) -> tuple[str, str]:
    club_id = _make(client)
    season_id = _season(client, club_id, divisions="")
    for i in range(pairs):
        r = _post(client, app, club_id, season_id, "entrants", player_0=f"P{i}a", player_1=f"P{i}b")
        assert r.status_code == 302
    _post(client, app, club_id, season_id, "nights", day="2026-01-09")
    assert len(_season_of(app, season_id).entrants) == pairs
    return club_id, season_id


def _nights(app, club_id) -> int:
    with app.app_context():
        return len(club_events(get_db(), club_id))


def test_a_night_of_more_pairs_than_thirty_tables_seat_is_refused(client, app):
    club_id, season_id = _season_of_pairs(client, app, 2 * MAX_TABLES + 1)
    r = _post(client, app, club_id, season_id, "nights/start", number="1")
    page = text(client.get(r.headers["Location"]))
    assert "a round needs 2 to 60 pairs, not 61" in page
    assert _season_of(app, season_id).nights[0].event_id is None
    assert _nights(app, club_id) == 0


def test_a_night_of_sixty_pairs_is_made_and_its_club_file_imports_again(client, app, guarded):
    club_id, season_id = _season_of_pairs(client, app, 2 * MAX_TABLES)
    r = _post(client, app, club_id, season_id, "nights/start", number="1")
    assert "/events/" in r.headers["Location"]
    assert _nights(app, club_id) == 1
    exported = client.get(f"/clubs/{club_id}/club.json").get_data()
    token = form_token(guarded.get("/clubs/import"))  # CSRF on, as a browser sends it
    r = guarded.post(
        "/clubs/import", data={"csrf_token": token, "file": (io.BytesIO(exported), "club.json")}
    )
    assert r.status_code == 302, text(r)
    event_id = _season_of(app, season_id).nights[0].event_id
    assert (
        upload(client, client.get(f"/events/{event_id}/event.json").get_data()).status_code == 302
    )
