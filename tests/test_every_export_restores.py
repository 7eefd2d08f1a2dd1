"""Every export restores: state built through the pages, exported, imported into a fresh
database through its import page (CSRF on), shows the same on every page its link
holders see; only ids, links and tokens differ."""

from __future__ import annotations

from tests.event_helpers import Night
from tests.helpers import text
from tests.restore_pages import fresh_phone, imported, night_pages

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def _delete(client, night: Night, game_id: str) -> None:
    r = client.post(f"/games/{game_id}/delete", data={"version": night.game(game_id).revision})
    assert r.status_code == 302 and night.game(game_id) is None


def test_a_night_with_a_deleted_table_restores_its_rounds_and_its_playoff(
    client, app, tmp_path, migrated
):
    """Found: a night whose director had deleted a table's game exported `"game": null`
    at that table, and its file was refused ("is missing: round 1 has begun")."""
    night = Night(client, app, rounds=1, playoff=4, target=100)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    one, two = night.round()
    night.hand(one.game_id, 9)
    _delete(client, night, one.game_id)  # round 1's table 1 counts for nothing
    night.finish(two.game_id)
    night.start_playoff()
    semi, other = night.round()
    night.hand(semi.game_id, 9)
    _delete(client, night, semi.game_id)  # the director names who goes through
    night.finish(other.game_id)
    revision = night.revision()
    form = {"revision": revision, "r2t1-revision": revision, "r2t1-winner": "1"}
    r = client.post(
        f"/events/{night.id}/rounds/2/tables/1/winner", data={**form, "r2t1-note": "Ann left"}
    )
    assert r.status_code == 302, text(r)
    night.next_playoff_round()
    night.play_round()
    before = night_pages(client, app, night.id)
    assert "its game was deleted" in before["screen/results"]
    body = client.get(f"/events/{night.id}/event.json").data

    fresh, phone = fresh_phone(tmp_path, migrated)
    event_id = imported(phone, "/events/import", body)
    assert night_pages(phone, fresh, event_id) == before
    assert phone.get(f"/events/{event_id}/event.json").data == body
