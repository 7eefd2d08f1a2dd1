"""Issue 39, "What a table and a club felt": a new user's evening with a club, its cards,
its nights and its big screen, through the pages' own forms and links."""

from __future__ import annotations

import re

from scorepad import gamefile
from scorepad.store import commands
from scorepad.store.club_view import club_view
from scorepad.web.db import get_db
from tests.event_helpers import Night
from tests.helpers import text
from tests.ratings_club import game_file

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def _club(client, app, games=(((("Ann", "Cy"), ("Bo", "Di")), 0),), name="Friday Spades"):
    r = client.post("/clubs/new", data={"name": name})
    assert r.status_code == 302
    club_id = r.headers["Location"].rsplit("/", 1)[-1]
    with app.app_context():
        for sides, winner in games:
            game, score = gamefile.read_scored(game_file(sides, winner))
            commands.import_game(get_db(), game, score, club_id)
        return club_id, club_view(get_db(), club_id)


def _first(page: str, *marks: str) -> int:
    found = [page.find(m) for m in marks if m in page]
    assert found, marks
    return min(found)


# --- 2. a manager's page opens on what the manager does; the links to hand out after


def test_the_directors_page_shows_its_actions_before_the_qr_codes(client, app):
    night = Night(client, app, rounds=2)
    for pair in PAIRS:
        night.check_in(*pair)
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    qr = page.index("<svg")
    assert page.index(f'action="/events/{night.id}/checkin"') < qr
    assert page.index(f'action="/events/{night.id}/draw"') < qr
    night.draw_and_start()
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert page.index('id="director-tables"') < page.index("<svg")


def test_the_club_managers_page_shows_its_actions_before_the_qr_codes(client, app):
    club_id, _ = _club(client, app)
    page = client.get(f"/clubs/{club_id}").get_data(as_text=True)
    qr = page.index("<svg")
    for action in ("merge", "import", "rename"):
        assert page.index(f'action="/clubs/{club_id}/{action}') < qr, action


# --- 5. small things: no stray separator, one pair of parentheses, the true minus


def test_a_night_without_a_date_opens_its_subtitle_on_its_format(client, app):
    night = Night(client, app, rounds=2, date="")
    page = text(client.get(f"/events/{night.id}"))
    assert "Swiss, fixed partnerships · 2 rounds" in page
    subtitle = client.get(f"/events/{night.id}").get_data(as_text=True)
    hint = re.search(r'<p class="hint">([^<]*)', subtitle).group(1)
    assert not hint.lstrip().startswith("·"), hint
