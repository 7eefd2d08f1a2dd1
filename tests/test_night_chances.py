"""Issue 40: a night's big screen shows each table's chances before its first hand, from
the club's kept ratings, the club read once a request and only for a game not begun; no
other page of the night (its results, a night all over) reads or rates the club."""

from __future__ import annotations

import itertools
import re

from scorepad.store import club_view as views
from tests.event_helpers import Night
from tests.helpers import text
from tests.test_clubs import _file_games, _make

PAIRS = [("Ann", "Cy"), ("Bo", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def _night(client, app, rounds: int) -> Night:
    """A club night of 4 pairs filed into a club of 12 rated games, `rounds` rounds."""
    club_id = _make(client)
    played = [((PAIRS[a], PAIRS[b]), 0, 0.5) for a, b in itertools.combinations(range(4), 2)]
    _file_games(app, club_id, played * 2)
    night = Night(client, app, club=club_id, rounds=str(rounds))
    for pair in PAIRS:
        night.check_in(*pair)
    return night


def _counted(monkeypatch) -> tuple[list[str], list[int]]:
    """Each club read (its id) and each call of the ratings' `rate` (games rated)."""
    read, rated = [], []
    real_view, real_rate = views.club_view, views.rate
    monkeypatch.setattr(
        "scorepad.web.clubs.data.club_view",
        lambda db, club_id, **k: read.append(club_id) or real_view(db, club_id, **k),
    )
    monkeypatch.setattr(
        views, "rate", lambda games, *a: rated.append(len(games)) or real_rate(games, *a)
    )
    return read, rated


def test_a_live_night_s_screen_reads_the_kept_club_once_and_its_results_none(
    client, app, monkeypatch
):
    night = _night(client, app, rounds=3)
    night.draw_and_start()
    night.play_round()
    night.draw_and_start()
    night.hand(night.round()[0].game_id, 8)  # one table begun: its chances no longer shown
    token = night.event().view_token
    client.get(f"/events/screen/{token}")  # the club read and rated once: warm
    read, rated = _counted(monkeypatch)
    for _ in range(2):
        for path in ("", "/live"):
            read.clear()
            page = text(client.get(f"/events/screen/{token}{path}"))
            assert len(re.findall(r"chances \d+% : \d+%", page)) == 1  # the table not begun
            assert len(read) == 1
        read.clear()
        client.get(f"/events/screen/{token}/results")  # rounds 1 and 2: no chance shown
        assert read == []
    assert rated == []


def test_a_night_all_over_reads_no_club_for_its_pages(client, app, monkeypatch):
    night = _night(client, app, rounds=1)
    night.draw_and_start()
    night.play_round()
    views.forget_all()  # a cold club (a restart): showing the night rates nothing
    read, rated = _counted(monkeypatch)
    event = night.event()
    for path in ("/results", "", "/live"):
        page = text(client.get(f"/events/screen/{event.view_token}{path}"))
        assert not re.search(r"\d+% : \d+%", page)
    assert read == [] and rated == []
