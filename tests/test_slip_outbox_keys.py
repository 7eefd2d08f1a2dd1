"""The director's paper slip from the outbox (docs/offline.md): each slip carries the
phone's key, noted in the slip's own write; sent again after its answer was lost it is
"saved already", never applied twice nor refused as changed. A slip hand queued behind
another of the same table carries that one's key (`after_key`) and the revision the page
showed: it goes on the game the slip before it left, and on nothing else."""

from __future__ import annotations

import re
import sqlite3

import pytest

from tests.event_helpers import Night
from tests.helpers import text, tricks_form
from tests.test_outbox_pages import SPANISH, outbox_of

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]
TOTALS = {"total_0": "130", "bags_0": "3", "total_1": "-40", "bags_1": "0"}
FIRST = ([3, 3, 3, 3], [5, 2, 4, 2])  # side 0 takes 9 tricks
SECOND = ([4, 2, 4, 2], [5, 2, 5, 1])


def _started(client, app) -> tuple[Night, str]:
    night = Night(client, app, rounds=2)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    return night, night.round()[0].game_id


def _post(client, night, path, data) -> str:
    """A slip form posted as the outbox sends it; the director's page it comes back to."""
    r = client.post(f"/events/{night.id}/rounds/1/tables/1/{path}", data=data)
    assert r.status_code == 302, r.get_data(as_text=True)
    return text(client.get(r.headers["Location"]))


def _hand(client, night, shown, hand, **extra) -> str:
    data = {"revision": night.revision(), "game_revision": shown, **extra}
    data.update({f"bid_{s}": str(b) for s, b in enumerate(hand[0])})
    data.update({f"tricks_{s}": str(t) for s, t in enumerate(hand[1])})
    return _post(client, night, "slip-hand", data)


def _keys(app) -> list[tuple[str, int]]:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return conn.execute("select key, number from saves_sent order by seq").fetchall()


def test_a_slip_hand_sent_again_with_its_key_is_saved_already_not_twice(client, app):
    night, game_id = _started(client, app)
    shown = night.game(game_id).revision
    page = _hand(client, night, shown, FIRST, key="slip-key-0001")
    assert "Table 1: the hand from the slip is entered." in page
    assert _keys(app) == [("slip-key-0001", 1)]
    again = _hand(client, night, shown, FIRST, key="slip-key-0001")  # its answer was lost
    assert "Hand 1 from the slip was saved already: it is kept once." in again
    assert "changed" not in again and "Not done" not in again
    assert night.game(game_id).score().played == 1


def test_a_slip_s_totals_sent_again_with_their_key_are_saved_already(client, app):
    night, game_id = _started(client, app)
    data = {"revision": night.revision(), "game_revision": night.game(game_id).revision}
    data.update(TOTALS, key="slip-totals-01")
    assert "Table 1: the slip's result is entered." in _post(client, night, "slip", data)
    revision = night.game(game_id).revision
    again = _post(client, night, "slip", {**data, "revision": night.revision()})
    assert "The slip's result was saved already: it is kept once." in again
    assert night.game(game_id).revision == revision  # nothing written again
    assert _keys(app) == [("slip-totals-01", 0)]


def test_a_refused_slip_keeps_no_key_and_is_refused_again(client, app):
    night, game_id = _started(client, app)
    shown = night.game(game_id).revision
    night.hand(game_id, 9)  # a phone scored a hand meanwhile
    page = _hand(client, night, shown, FIRST, key="slip-key-0002")
    assert "changed since your page was loaded" in page
    assert _keys(app) == []
    again = _hand(client, night, shown, FIRST, key="slip-key-0002")
    assert "changed since your page was loaded" in again  # not "saved already"
    assert night.game(game_id).score().played == 1


def test_two_queued_slip_hands_both_go_in_order_once(client, app):
    night, game_id = _started(client, app)
    shown = night.game(game_id).revision  # both made on the page as it was
    _hand(client, night, shown, FIRST, key="slip-key-0003")
    page = _hand(client, night, shown, SECOND, key="slip-key-0004", after_key="slip-key-0003")
    assert "Table 1: the hand from the slip is entered." in page
    hands = night.game(game_id).game.hands
    assert [(h.bids, h.tricks) for h in hands] == [
        (tuple(FIRST[0]), tuple(FIRST[1])),
        (tuple(SECOND[0]), tuple(SECOND[1])),
    ]
    again = _hand(client, night, shown, SECOND, key="slip-key-0004", after_key="slip-key-0003")
    assert "Hand 2 from the slip was saved already" in again
    assert night.game(game_id).score().played == 2


def _another_hand(client, night, game_id):
    night.hand(game_id, 9)


def _undone_and_saved_again(client, night, game_id):
    """The slip's hand's tricks taken back on the table's phone and saved again as they
    were: the same hands, the same count, but written by another phone."""
    version = night.game(game_id).versions[0]
    r = client.post(f"/games/{game_id}/hands/1/delete", data={"number": "1", "version": version})
    assert r.status_code == 302
    version = night.game(game_id).versions[0]
    r = client.post(f"/games/{game_id}/tricks", data=tricks_form(1, version, [], sides=(9, 4)))
    assert r.status_code == 302, r.get_data(as_text=True)


def _a_slip_without_key(client, night, game_id):
    other = ([2, 2, 2, 2], [4, 3, 3, 3])
    _hand(client, night, night.game(game_id).revision, other)  # another director's tab


@pytest.mark.parametrize("meanwhile", [_another_hand, _undone_and_saved_again, _a_slip_without_key])
def test_another_phone_s_save_between_two_queued_slip_hands_is_refused(client, app, meanwhile):
    night, game_id = _started(client, app)
    shown = night.game(game_id).revision
    _hand(client, night, shown, FIRST, key="slip-key-0005")
    meanwhile(client, night, game_id)
    before = night.game(game_id)
    page = _hand(client, night, shown, SECOND, key="slip-key-0006", after_key="slip-key-0005")
    assert "changed since your page was loaded" in page
    assert night.game(game_id).game.hands == before.game.hands
    assert ("slip-key-0006", 2) not in _keys(app) and ("slip-key-0006", 3) not in _keys(app)


def test_an_after_key_never_applied_does_not_pass_a_stale_slip(client, app):
    night, game_id = _started(client, app)
    shown = night.game(game_id).revision
    night.hand(game_id, 9)
    page = _hand(client, night, shown, SECOND, key="slip-key-0007", after_key="never-sent-01")
    assert "changed since your page was loaded" in page
    assert night.game(game_id).score().played == 1


def test_the_director_s_page_carries_the_outbox_and_its_slips_queue(client, app):
    night, game_id = _started(client, app)
    body = client.get(f"/events/{night.id}").get_data(as_text=True)
    words = outbox_of(body)
    assert words is not None and words["sh"].startswith("Table {table}, hand {number}: bids")
    hand = re.search(r'<form method="post" class="slip-hand"[^>]*>', body).group(0)
    assert "data-queue" in hand and 'data-table="1"' in hand and 'data-hand="1"' in hand
    spanish = outbox_of(client.get(f"/events/{night.id}", headers=SPANISH).get_data(as_text=True))
    assert spanish["sh"] == "Mesa {table}, mano {number}: apuestas {bids}; bazas {tricks}"
