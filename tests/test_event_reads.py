"""No GET request writes the database: every page of a club night whose clock has run
out, and the game pages of its tables, leave the file byte for byte as it was. Time
called is judged as the pages are read; the next save at a table applies it."""

from __future__ import annotations

import time

from scorepad.store import storage
from tests.event_helpers import Night
from tests.helpers import bid_form, dump_rows

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal"), ("Ida", "Jo")]
# The game pages a table's phone opens (the seat links' own page claims a seat: not here)
GAME_PAGES = (
    "/games/{g}",
    "/games/{g}/history",
    "/games/{g}/rules",
    "/games/{g}/sheet",
    "/games/{g}/evening",
    "/games/{g}/result.png",
    "/games/{g}/evening.png",
    "/games/{g}/seats/status",
    "/games/{g}/export.json",
    "/games/{g}/hands.csv",
    "/games/{g}/hands/1",
    "/games/{g}/settings",
)
PLAYED = ("/games/{g}/hands/1/adjust", "/games/{g}/hands/2/dealer")  # after a played hand


def _event_pages(app, night: Night, game_id: str) -> list[str]:
    """Every GET route of the events blueprint, its values filled in for this night."""
    event = night.event()
    values = {"event_id": event.id, "game_id": game_id, "number": 1}
    paths = []
    for rule in app.url_map.iter_rules():
        if not rule.endpoint.startswith("events.") or "GET" not in (rule.methods or ()):
            continue
        token = event.checkin_token if rule.endpoint == "events.join" else event.view_token
        args = {k: v for k, v in (values | {"token": token}).items() if k in rule.arguments}
        paths.append(rule.build(args)[1])
    return paths


def test_no_page_of_a_night_whose_clock_ran_out_writes(app, client, monkeypatch, tmp_path):
    night = Night(client, app, round_minutes=30, playoff=2)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    one, two = night.round()
    night.hand(one.game_id, 7)  # table 1: hand 2 is being dealt
    client.post(f"/games/{two.game_id}/bids", data=bid_form(1, (3, 3, 3, 3)))  # table 2: bid
    started = night.event().current.started_at
    monkeypatch.setattr(time, "time", lambda: started + 31 * 60)  # the clock ran out
    pages = _event_pages(app, night, one.game_id)
    pages += [p.format(g=g) for g in (one.game_id, two.game_id) for p in GAME_PAGES]
    pages += [p.format(g=one.game_id) for p in PLAYED]
    pages.append(f"/events/series?night={night.event().view_token}")
    before = dump_rows(app.config["DATABASE"])
    answers = {}
    for path in pages:
        storage.forget_all()  # read from the file, as a restarted server would
        answers[path] = client.get(path).status_code
    assert {p: s for p, s in answers.items() if s != 200} == {}
    assert dump_rows(app.config["DATABASE"]) == before
    # every page shows time called, judged as read: the director's page says it
    director = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert "finish this hand" in director and "finishing hand 2, the last" in director
    assert len(pages) >= 30
