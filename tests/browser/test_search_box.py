"""The search box of a paged list (a club's ratings and players) at a phone's size: a
tap target like every other field, 44 px tall, its text large enough that a phone does
not zoom in when it is tapped."""

from __future__ import annotations

from scorepad.core.club import EMPTY
from scorepad.files import game as gamefile
from scorepad.store.club_commands.transfer import import_club
from scorepad.store.clubs import load_club
from scorepad.web.db import get_db
from tests.browser.flows import cramped_targets
from tests.browser.helpers import shot
from tests.ratings_club import game_file


def _club(server) -> tuple[str, str]:
    games = [
        game_file((("Ann", "Cy"), ("Bo", "Di")), 0),
        game_file((("Ed", "Gus"), ("Flo", "Hal")), 1),
    ]
    with server.app.app_context():
        club_id = import_club(
            get_db(), "Friday Spades", EMPTY, [gamefile.read_scored(g) for g in games], []
        )
        return club_id, load_club(get_db(), club_id).members_token


def test_the_search_box_is_a_full_size_field_on_a_phone(page, own_server):
    page.set_viewport_size({"width": 360, "height": 740})
    club_id, members = _club(own_server)
    for path in (f"/clubs/{club_id}", f"/clubs/m/{members}"):
        page.goto(own_server.url + path)
        box = page.get_by_label("Find a player by name")
        height, font = box.evaluate(
            "e => [e.getBoundingClientRect().height, parseFloat(getComputedStyle(e).fontSize)]"
        )
        assert height >= 44 and font >= 16, (path, height, font)
        assert cramped_targets(page) == [], path
    shot(page, "search-box-members")
