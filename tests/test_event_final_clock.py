"""Issue 26, item 7: the final's clock starts when the director starts the
final, not by itself. The semi-finals' last save draws nothing; the director draws the
final, and however long it then waits, its clock has not run until Start; the form
naming who goes through sits inside its own table's part of the page."""

from __future__ import annotations

import re
import time

from tests.event_helpers import Night
from tests.helpers import text

CALLED = '<span><strong class="clock called">Time</strong>: finish this hand'
PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def _semi_finals_played(client, app, monkeypatch, clock) -> Night:
    monkeypatch.setattr(time, "time", lambda: clock[0])
    night = Night(client, app, rounds=1, playoff=4, round_minutes=20, final_target=150)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    night.play_round()
    night.start_playoff()
    night.play_round()
    return night


def test_the_final_s_clock_starts_when_the_director_starts_it(client, app, monkeypatch):
    clock = [1_800_000_000.0]
    night = _semi_finals_played(client, app, monkeypatch, clock)
    event = night.event()
    assert [r.kind for r in event.rounds] == ["round", "playoff"]  # no final by itself
    clock[0] += 3600
    night.act("playoff/next", "Next playoff round drawn")
    final = night.event().current
    assert (final.status, final.started_at) == ("drawn", None)
    clock[0] += 3600  # an hour waiting for the director: the final's clock is not running
    page = client.get(f"/events/{night.id}")
    assert "The final Drawn: start it when the tables are ready." in text(page)
    screen = client.get(f"/events/screen/{night.event().view_token}/live").get_data(as_text=True)
    assert "(playoff):\ndrawn, not started yet." in screen
    assert "data-seconds" not in screen + page.get_data(as_text=True)
    night.act("start", "Round started")
    final = night.event().current
    assert final.status == "playing" and final.started_at == clock[0]
    clock[0] += 19 * 60  # 19 of its 20 minutes: time not yet called
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert 'data-seconds="60"' in page
    clock[0] += 2 * 60
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert "data-seconds" not in page and CALLED in page


def test_the_who_goes_through_form_is_inside_its_table(client, app):
    night = Night(client, app, rounds=1, playoff=4)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    night.play_round()
    night.start_playoff()
    one, _ = night.round()
    for took in (7, 6):  # both sides on 121: a shared lead
        night.hand(one.game_id, took)
    night.post("rounds/2/tables/1/end", "ended", confirm="yes")
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    start = page.index('id="table-1"')
    table = page[start : page.index('id="table-2"')]
    assert re.search(r'action="[^"]*/rounds/2/tables/1/winner', table)
    assert "/tables/1/winner" not in page[:start] + page[page.index('id="table-2"') :]
