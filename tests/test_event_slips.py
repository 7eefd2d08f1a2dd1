"""Tables without phones (issue 30, item 7): the director enters a table's result from
its paper slip, its final totals and bags or a hand at a time; the result is marked
"entered by the director" everywhere, counts in the standings, and travels in the
event file."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from scorepad.core.errors import GameError
from scorepad.core.game import Game
from scorepad.core.rating_values import finished
from scorepad.core.rules import Rules
from scorepad.core.slip import check_final, slip_score
from scorepad.core.stats import player_stats
from scorepad.files import event as eventfile
from scorepad.store.event_commands.transfer import import_event
from tests.event_helpers import Night
from tests.helpers import partnership, text

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]
TABLE = partnership()


@pytest.mark.parametrize(
    ("final", "rules", "winner", "on_bags"),
    [
        (((512, 3), (380, 7)), Rules(), 0, False),
        (((-40, 0), (210, 9)), Rules(), 1, False),
        (((300, 2), (300, 2)), Rules(), None, False),  # a tie: a draw in the core
        (((300, 4), (300, 2)), Rules(tie_break="fewer_bags"), 1, True),
        (((300, 55), (120, 0)), Rules(bag_limit=0), 0, False),  # no bag limit: any count
    ],
)
def test_a_slip_is_a_finished_game_with_no_hands(final, rules, winner, on_bags):
    score = Game(TABLE, rules, (), final=final).score()
    assert score.over and score.hands == () and score.played == 0
    assert (score.winner, score.on_bags, score.reason) == (winner, on_bags, "slip")
    assert score.totals == tuple(t for t, _ in final)
    assert score.bags == tuple(b for _, b in final)


@pytest.mark.parametrize(
    ("final", "field", "words"),
    [
        (((10001, 0), (0, 0)), "totals", "total must be a whole number from -10000"),
        (((True, 0), (0, 0)), "totals", "total must be"),
        (((100, 10), (0, 0)), "bags", "bags must be a whole number from 0 to 9"),
        (((100, -1), (0, 0)), "bags", "bags must be"),
        (((100, 0),), "final", "for each of the 2 sides"),
        ("512", "final", "for each of the 2 sides"),
        (((100, 0, 1), (0, 0)), "final", "expected a total and bags"),
    ],
)
def test_a_bad_slip_names_its_field(final, field, words):
    with pytest.raises(GameError, match=words) as caught:
        check_final(TABLE, Rules(), final)
    assert caught.value.field == field


def test_a_slip_with_hands_is_refused():
    from tests.helpers import hand

    game = Game(TABLE, Rules(), (hand([3, 3, 3, 3], [3, 3, 3, 4]),), final=((1, 0), (2, 0)))
    with pytest.raises(GameError, match="no hands"):
        game.score()


def test_ratings_read_a_slip_and_statistics_count_no_hands_for_it():
    score = slip_score(TABLE, Rules(), ((512, 3), (380, 7)))
    rated = finished(score)
    assert rated is not None and rated.winner == 0
    records = {r.name: r for r in player_stats([score])}
    alice = records["Alice"]
    assert (alice.games, alice.won, alice.hands, alice.bags, alice.contracts) == (1, 1, 0, 0, 0)
    assert alice.bags_per_hand is None and records["Ben"].won == 0


def _started(client, app, **extra) -> Night:
    night = Night(client, app, rounds=2, **extra)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    return night


def _slip(client, night, table, game_revision=None, **values):
    match = next(m for m in night.round() if m.number == table)
    if game_revision is None:
        game_revision = night.game(match.game_id).revision
    data = {"revision": night.revision(), "game_revision": game_revision, **values}
    r = client.post(f"/events/{night.id}/rounds/1/tables/{table}/slip", data=data)
    assert r.status_code == 302
    return text(client.get(r.headers["Location"]))


def _hand(client, night, table, bids, tricks, game_revision=None):
    match = next(m for m in night.round() if m.number == table)
    if game_revision is None:
        game_revision = night.game(match.game_id).revision
    data = {"revision": night.revision(), "game_revision": game_revision}
    data.update({f"bid_{s}": str(b) for s, b in enumerate(bids)})
    data.update({f"tricks_{s}": str(t) for s, t in enumerate(tricks)})
    r = client.post(f"/events/{night.id}/rounds/1/tables/{table}/slip-hand", data=data)
    assert r.status_code == 302
    return text(client.get(r.headers["Location"]))


TOTALS = {"total_0": "130", "bags_0": "3", "total_1": "-40", "bags_1": "0"}


def test_the_director_enters_a_slip_and_it_counts_and_is_marked(client, app):
    night = _started(client, app)
    one, two = night.round()
    page = _slip(client, night, 1, **TOTALS)
    assert "Table 1: the slip's result is entered." in page
    assert "Result entered by the director from the paper slip." in page
    assert "130 : \u221240" in page and "-40" not in page  # the true minus, as the standings
    score = night.game(one.game_id).score()
    assert score.over and score.totals == (130, -40) and score.bags == (3, 0)
    assert night.event().round_matches(1)[0].paper
    token = night.event().view_token
    for path in (f"/events/screen/{token}/results", f"/events/screen/{token}/live"):
        shown = text(client.get(path))
        assert "(entered by the director from the paper slip)" in shown
        assert "))" not in shown and "130 : \u221240" in shown and "-40" not in shown
    night.finish(two.game_id)  # the other table by its phone: the round is done
    assert night.event().rounds[0].status == "done"
    results = text(client.get(f"/events/screen/{token}/results"))
    assert results.count("entered by the director from the paper slip") == 1
    rows = list(csv.DictReader(io.StringIO(client.get(f"/events/screen/{token}/results.csv").text)))
    assert [r["entered by"] for r in rows] == ["the director, from paper", "the table"]


def test_the_director_enters_a_table_hand_by_hand(client, app):
    night = _started(client, app)
    one, _ = night.round()
    page = _hand(client, night, 1, [3, 3, 3, 3], [5, 2, 4, 2])
    assert "Table 1: the hand from the slip is entered." in page
    score = night.game(one.game_id).score()
    assert score.played == 1 and score.totals == (63, -60)  # scored by the core
    while not night.game(one.game_id).score().over:
        _hand(client, night, 1, [4, 2, 4, 2], [5, 2, 5, 1])
    assert night.event().round_matches(1)[0].paper
    assert night.game(one.game_id).score().winner == 0


@pytest.mark.parametrize(
    ("values", "words"),
    [
        ({**TOTALS, "bags_0": "12"}, "bags: Ann & Bo's bags must be a whole number from 0 to 9"),
        ({**TOTALS, "total_1": "99999"}, "totals: Cy & Di's total must be a whole number"),
        ({**TOTALS, "total_0": "lots"}, "totals: side 1's total must be a whole number"),
        ({**TOTALS, "bags_1": ""}, "bags: side 2's bags must be a whole number"),
        ({**TOTALS, "total_1": "130", "bags_1": "3"}, "the two totals are equal"),
    ],
)
def test_a_bad_slip_is_refused_naming_the_field_and_nothing_is_written(client, app, values, words):
    night = _started(client, app)
    one = night.round()[0]
    players = night.game(one.game_id).game.table.players
    words = words.replace("Ann & Bo", f"{players[0]} & {players[2]}").replace(
        "Cy & Di", f"{players[1]} & {players[3]}"
    )
    before = night.event().revision
    page = _slip(client, night, 1, **values)
    assert words in page
    assert not night.game(one.game_id).score().over
    assert not night.event().round_matches(1)[0].paper and night.event().revision == before


def test_a_tie_is_a_draw_where_the_night_allows_draws(client, app):
    night = _started(client, app, on_time_tie="draw")
    one = night.round()[0]
    _slip(client, night, 1, **{**TOTALS, "total_1": "130"})
    assert night.game(one.game_id).score().draw


def test_a_stale_slip_is_refused_and_the_director_told(client, app):
    night = _started(client, app)
    one, _ = night.round()
    shown = night.game(one.game_id).revision
    night.hand(one.game_id, 9)  # a phone did score it after all
    page = _slip(client, night, 1, game_revision=shown, **TOTALS)
    assert "changed since your page was loaded" in page
    page = _hand(client, night, 1, [3, 3, 3, 3], [5, 2, 4, 2], game_revision=shown)
    assert "changed since your page was loaded" in page
    assert night.game(one.game_id).score().played == 1
    # with hands saved, the totals are refused: the rest goes a hand at a time
    page = _slip(client, night, 1, **TOTALS)
    assert "has hands already" in page
    assert not night.event().round_matches(1)[0].paper


def test_a_table_link_or_the_big_screen_cannot_enter_a_slip(client, app):
    night = _started(client, app)
    one = night.round()[0]
    event = night.event()
    for key in (event.view_token, event.checkin_token, one.game_id):
        data = {"revision": night.revision(), "game_revision": "1", **TOTALS}
        r = client.post(f"/events/{key}/rounds/1/tables/1/slip", data=data)
        assert r.status_code == 404
    assert not night.game(one.game_id).score().over
    table_page = text(client.get(f"/events/table/{one.game_id}"))
    assert "paper slip" not in table_page


def test_a_finished_table_offers_no_slip_and_refuses_one(client, app):
    night = _started(client, app)
    one = night.round()[0]
    night.finish(one.game_id)
    page = _slip(client, night, 1, **TOTALS)
    assert "is over" in page


def test_the_event_file_carries_the_mark_and_the_slip_and_imports_them(client, app):
    night = _started(client, app)
    one, two = night.round()
    _slip(client, night, 1, **TOTALS)
    _hand(client, night, 2, [3, 3, 3, 3], [5, 2, 4, 2])
    doc = json.loads(client.get(f"/events/{night.id}/event.json").get_data(as_text=True))
    first, second = doc["matches"]
    assert first["paper"] is True and second["paper"] is True
    assert first["game"]["final"] == [{"total": 130, "bags": 3}, {"total": -40, "bags": 0}]
    assert first["game"]["hands"] == [] and first["game"]["status"] == "finished"
    parsed = eventfile.read(doc)
    assert [m.paper for m, _ in parsed.matches] == [True, True]
    with app.app_context():
        from scorepad.store.events import load_event
        from scorepad.store.storage import load_game
        from scorepad.web.db import get_db

        db = get_db()
        new = import_event(
            db,
            parsed.settings,
            parsed.rules,
            parsed.entrants,
            parsed.rounds,
            parsed.matches,
            parsed.scores,
        )
        event = load_event(db, new)
        assert [m.paper for m in event.matches] == [True, True]
        again = load_game(db, event.matches[0].game_id)
        assert again.game.final == ((130, 3), (-40, 0)) and again.score().over
    assert (
        eventfile.export(
            parsed.settings, parsed.rules, parsed.entrants, parsed.rounds, parsed.matches
        )["matches"]
        == doc["matches"]
    )


def test_an_old_event_file_imports_unmarked_and_a_bad_mark_is_named(client, app):
    night = _started(client, app)
    doc = json.loads(client.get(f"/events/{night.id}/event.json").get_data(as_text=True))
    assert all("paper" not in m for m in doc["matches"])
    assert [m.paper for m, _ in eventfile.read(doc).matches] == [False, False]
    doc["matches"][0]["paper"] = "yes"
    with pytest.raises(GameError, match="must be true or false") as caught:
        eventfile.read(doc)
    assert caught.value.field == "matches[0].paper"


def test_the_director_page_offers_the_slip_forms(client, app):
    night = _started(client, app)
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert page.count("Enter from the paper slip") == 2
    assert re.search(r'name="game_revision" value="\d+"', page)


@pytest.mark.parametrize("kind", ["slip", "slip-hand"])
def test_the_same_slip_sent_twice_counts_once_and_the_director_is_told_so(client, app, kind):
    night = _started(client, app)
    one, _ = night.round()
    data = {"revision": night.revision(), "game_revision": night.game(one.game_id).revision}
    if kind == "slip":
        data.update(TOTALS)
    else:
        data.update({f"bid_{s}": "3" for s in range(4)})
        data.update({f"tricks_{s}": str(t) for s, t in enumerate([5, 2, 4, 2])})
    path = f"/events/{night.id}/rounds/1/tables/1/{kind}"
    first, second = client.post(path, data=data), client.post(path, data=data)  # a double tap
    assert first.status_code == second.status_code == 302
    page = text(client.get(second.headers["Location"]))
    assert "table 1's slip was entered already (the same slip, sent twice): it counts once" in page
    assert "changed since your page was loaded" not in page
    score = night.game(one.game_id).score()
    assert score.over if kind == "slip" else score.played == 1


def test_a_different_slip_on_a_changed_game_is_still_refused_as_changed(client, app):
    night = _started(client, app)
    one, _ = night.round()
    shown = night.game(one.game_id).revision
    _hand(client, night, 1, [3, 3, 3, 3], [5, 2, 4, 2], game_revision=shown)
    page = _hand(client, night, 1, [4, 2, 4, 2], [5, 2, 5, 1], game_revision=shown)
    assert "changed since your page was loaded" in page
    assert night.game(one.game_id).score().played == 1
