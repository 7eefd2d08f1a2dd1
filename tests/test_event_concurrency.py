"""Every table saves its last hand at once, after time is called, while the big screen and
the director look: each game ends once, the round closes once, nothing fails."""

from __future__ import annotations

import threading

from tests.event_helpers import Night
from tests.helpers import bid_form, tricks_form, version_on_page

TABLES = 6


def test_tables_finishing_together_after_time_is_called(app, client):
    night = Night(client, app, round_minutes=30)
    for i in range(2 * TABLES):
        night.check_in(f"N{i}", f"S{i}")
    night.draw_and_start()
    games = [m.game_id for m in night.round()]
    for game_id in games:
        client.post(f"/games/{game_id}/bids", data=bid_form(1, (3, 3, 3, 3)))
    night.act("call", "Time called", confirm="yes")  # hand 1 is in play at every table
    forms = [tricks_form(1, version_on_page(client, g), (None,) * 4, sides=(7, 6)) for g in games]
    event = night.event()
    looks = [f"/events/screen/{event.view_token}/live", f"/events/{night.id}/tables"]
    barrier = threading.Barrier(TABLES + len(looks))
    answers: dict[str, int] = {}

    def phone(path, data=None):
        c = app.test_client()
        barrier.wait()
        r = c.post(path, data=data) if data is not None else c.get(path)
        answers[path] = r.status_code

    threads = [
        threading.Thread(target=phone, args=(f"/games/{g}/tricks", f)) for g, f in zip(games, forms)
    ]
    threads += [threading.Thread(target=phone, args=(path,)) for path in looks]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    expected = {f"/games/{g}/tricks": 302 for g in games} | {path: 200 for path in looks}
    assert answers == expected  # each save taken, each page shown
    client.get(f"/events/{night.id}")
    for game_id in games:
        score = night.game(game_id).score()
        assert (score.status, score.winner, len(score.hands)) == ("finished", 0, 1)
    event = night.event()
    assert event.rounds[0].status == "done"
    assert [r.number for r in event.rounds] == [1]
