"""The director's page hands out the check-in link only while it lets players in: they
check themselves in until round 1 is drawn (core/event_flow.py, "join"); after that the
link would open a page saying check-in by it closed, so the page no longer offers it."""

from __future__ import annotations

from tests.event_helpers import Night
from tests.helpers import text


def test_the_check_in_link_is_offered_until_round_1_is_drawn(client, app):
    night = Night(client, app)
    for pair in (("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")):
        night.check_in(*pair)
    token = night.event().checkin_token
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert f"/events/join/{token}" in page
    night.act("draw", "Round drawn")
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert f"/events/join/{token}" not in page
    assert "closed when round 1 was drawn" in text(client.get(f"/events/join/{token}"))
