"""A club night holds as many hands on the web as its file takes back (core/limits.py,
NIGHT_HANDS): a table's save past it is refused in words naming the limit, nothing of
it written, and the night's file, exported at the limit, imports again with CSRF on."""

from __future__ import annotations

import io

from scorepad.core import limits
from tests.event_helpers import Night
from tests.helpers import bid_form, form_token, text

PAIRS = [("North1", "South1"), ("North2", "South2"), ("North3", "South3"), ("North4", "South4")]


def _night(client, app) -> tuple[Night, list[str]]:
    night = Night(client, app, target="500")  # no table ends within the few hands played
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    return night, [m.game_id for m in night.round() if m.game_id]


def test_a_table_s_save_past_the_hands_a_night_holds_is_refused(client, app, monkeypatch):
    monkeypatch.setattr(limits, "NIGHT_HANDS", 5)
    night, (first, second) = _night(client, app)
    for _ in range(3):
        night.hand(first, 7)
    for _ in range(2):
        night.hand(second, 7)
    # a sixth hand's bids, at either table: one more than the night holds
    r = client.post(f"/games/{second}/bids", data=bid_form(3, (3, 3, 3, 3)))
    assert r.status_code == 400
    assert "a club night holds at most 5 hands" in text(r).lower()
    assert len(night.game(second).game.hands) == 2  # nothing of it written
    assert len(night.game(first).game.hands) == 3


def test_a_night_at_its_limit_exports_and_imports_again_with_csrf_on(
    client, app, guarded, monkeypatch
):
    monkeypatch.setattr(limits, "NIGHT_HANDS", 4)
    night, (first, second) = _night(client, app)
    for game_id in (first, second):
        for _ in range(2):
            night.hand(game_id, 7)
    refused = client.post(f"/games/{first}/bids", data=bid_form(3, (3, 3, 3, 3)))
    assert len(night.game(first).game.hands) == 2, text(refused)
    exported = client.get(f"/events/{night.id}/event.json")
    assert exported.status_code == 200
    token = form_token(guarded.get("/events/import"))
    sent = {"csrf_token": token, "file": (io.BytesIO(exported.data), "night.json")}
    r = guarded.post("/events/import", data=sent, content_type="multipart/form-data")
    assert r.status_code == 302, text(r)
    assert "North1" in text(guarded.get(r.headers["Location"]))
