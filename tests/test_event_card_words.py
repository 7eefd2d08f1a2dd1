"""The club night's results card in Spanish (issue 31): each of its lines has a glyph for
every letter (no '?' drawn), and the card is drawn in the phone's language."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from scorepad.web.db import get_db
from scorepad.web.events import card, data
from scorepad.web.share_image import plain
from tests import pseudo
from tests.event_helpers import Night
from tests.test_card_glyphs import SPANISH

pseudo.compile_shipped()
# The messages the results card draws (web/words/event_done.py and event_pages.py).
CARD_WORDS = {
    "Playoff winner: %(name)s",
    "Standings by %(keys)s",
    "%(num)d won",  # a count and its plural forms (ngettext): '1 ganada', '2 ganadas'
    "%(vp)d vp",
    "%(diff)s diff",
    "%(points)s pts",
    "and %(count)d more",
    "wins",
    "vp",
    "diff",
    "points",
    "bags",
}


def test_every_results_card_word_has_its_glyphs():
    with SPANISH.open("rb") as source:
        catalog = read_po(source)
    found = set()
    for message in catalog:
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        if key not in CARD_WORDS:
            continue
        found.add(key)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            drawn = plain(re.sub(r"%\([a-z]+\)[sd]", "1", form))
            assert "?" not in drawn, (form, drawn)
    assert found == CARD_WORDS


def test_the_results_card_is_drawn_in_the_phones_language(client, app):
    night = Night(client, app, rounds="1")
    for pair in (("Ann", "Bo"), ("Cy", "Di")):
        client.post(f"/events/{night.id}/checkin", data={"player_0": pair[0], "player_1": pair[1]})
    night.draw_and_start()
    night.play_round()
    token = night.event().view_token
    with app.test_request_context(headers={"Accept-Language": "es"}):
        event, games = data.fresh(get_db(), token, by="view")
        rows = data.night_results.night(get_db(), event).rows
        lines = [line.text for line in card.card_lines(event, rows, None)]
    assert "Clasificación por victorias, dif, puntos, bolsas" in lines
    assert any(line.startswith("1 ganada, ") for line in lines), lines  # one, not 'ganadas'
    assert not any("1 ganadas" in line for line in lines), lines
    answer = client.get(f"/events/screen/{token}/results.png")
    assert answer.status_code == 200 and answer.data.startswith(b"\x89PNG")
