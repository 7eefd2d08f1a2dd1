"""Check-in is bounded: the players' own link takes them only until round 1 is drawn,
a night takes at most the entrants it can seat, and a name that would collide is
refused in words (never the database's UNIQUE constraint as a 500)."""

from __future__ import annotations

import pytest

from scorepad.core.event import MAX_TABLES
from scorepad.store.event_commands import checkin
from scorepad.store.event_commands.outcomes import EventRefused
from scorepad.web.db import get_db
from tests.event_helpers import Night
from tests.helpers import text


def _join(client, night, *names):
    token = night.event().checkin_token
    return client.post(
        f"/events/join/{token}", data={f"player_{i}": n for i, n in enumerate(names)}
    )


def test_the_check_in_link_closes_when_round_1_is_drawn(client, app):
    night = Night(client, app)
    assert _join(client, night, "Ann", "Bo").status_code == 302
    assert _join(client, night, "Cy", "Di").status_code == 302
    night.act("draw", "Round drawn")
    late = _join(client, night, "Ed", "Flo")
    assert late.status_code == 400
    assert "Check-in by this link closed when round 1 was drawn" in text(late)
    page = text(client.get(f"/events/join/{night.event().checkin_token}"))
    assert "ask the director to check you in" in page and "Partner" not in page
    assert [e.name for e in night.event().entrants] == ["Ann & Bo", "Cy & Di"]
    night.check_in("Ed", "Flo")  # a late arrival, by the director
    assert len(night.event().entrants) == 3


@pytest.mark.parametrize(("fmt", "names"), [("swiss", 2), ("individual", 1)])
def test_a_night_takes_at_most_the_entrants_it_can_seat(client, app, fmt, names):
    night = Night(client, app, format=fmt)
    most = MAX_TABLES * (4 // names)
    with app.app_context():
        for i in range(most):
            checkin.check_in(get_db(), night.id, [f"P{i}", f"Q{i}"][:names])
        with pytest.raises(EventRefused, match="full"):
            checkin.check_in(get_db(), night.id, ["Late", "Later"][:names])
    refused = _join(client, night, "Late", "Later")
    what = "pairs" if names == 2 else "players"
    assert refused.status_code == 400
    assert f"the night is full: it seats at most {most} {what}" in text(refused)
    page = night.post("checkin", player_0="Late", player_1="Later")
    assert "the night is full" in page
    assert len(night.event().entrants) == most


def test_names_that_would_collide_when_joined_are_refused_in_words(client, app):
    night = Night(client, app)
    first = _join(client, night, "Ann & Bo", "Cy")
    assert first.status_code == 400
    assert "players: Ann & Bo: a name cannot hold ' & '" in text(first)
    second = _join(client, night, "Ann", "Bo & Cy")
    assert second.status_code == 400 and "Bo & Cy: a name cannot hold" in text(second)
    page = night.post("checkin", player_0="Ann&Bo", player_1="Cy")  # no spaces: a name
    assert "Ann&amp;Bo & Cy in." in page or "Ann&amp;Bo &amp; Cy in." in page
    assert [e.players for e in night.event().entrants] == [("Ann&Bo", "Cy")]


def test_a_joined_name_already_taken_is_refused_not_a_500(client, app, monkeypatch):
    night = Night(client, app)
    night.check_in("Ann", "Bo")
    # an entrant of that joined name but other players (as an older file could hold)
    with app.app_context():
        db = get_db()
        db.conn.execute('update event_entrants set players = \'["X", "Y"]\'')
    page = night.post("checkin", player_0="ann", player_1="bo")
    assert "Not done: players: ann &amp; bo is checked in already" in page
    assert len(night.event().entrants) == 1
