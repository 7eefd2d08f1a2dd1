"""Issue 30, item 5: a whole night with a double-elimination playoff, of 4, 5 and 8
pairs, played through the director's page and the tables' phones to its champion; the
bracket's rounds by name; the night's file exported and imported back."""

from __future__ import annotations

import json
import re

import pytest

from scorepad.core.bracket_double import RESET
from scorepad.core.playoff_double import phases_of, scores_result
from tests.event_files import upload
from tests.event_helpers import Night

PAIRS = [
    ("Ann", "Bo"),
    ("Cy", "Di"),
    ("Ed", "Flo"),
    ("Gus", "Hal"),
    ("Ivy", "Jo"),
    ("Kit", "Lu"),
    ("Max", "Ned"),
    ("Oz", "Pam"),
]


def _phases(night):
    event = night.event()
    scores = {m.game_id: night.game(m.game_id).score() for m in event.matches if m.game_id}
    return event, phases_of(event.rounds, event.matches, scores_result(scores))


def _night(client, app, n, grand_final_side0=9, entrants=PAIRS, **more):
    """N pairs, one round, then the double-elimination playoff played to its champion;
    side 0 wins every table (the better seed), but the grand final as told."""
    night = Night(client, app, rounds=1, playoff=n, playoff_format="double", **more)
    for pair in entrants[: n if entrants is PAIRS else len(entrants)]:
        night.check_in(*pair)
    night.draw_and_start()
    night.play_round()
    night.start_playoff()
    for _ in range(4 * n):
        _, phases = _phases(night)
        side0 = grand_final_side0 if phases[-1].part == "grand final" else 9
        night.play_round(lambda table, side0=side0: side0)
        director = client.get(f"/events/{night.id}").get_data(as_text=True)
        if "Playoff winner:" in director:
            return night, director
        night.next_playoff_round()
    raise AssertionError("the playoff never ended")


@pytest.mark.parametrize("n", [4, 5, 8])
def test_a_double_elimination_night_played_to_its_champion(client, app, n):
    night, director = _night(client, app, n)
    event, phases = _phases(night)
    played = [m for m in event.matches if m.round > 1 and not m.bye]
    assert len(played) == 2 * n - 2  # the winners' side won the grand final: no reset
    assert [p.name for p in phases][-2:] == ["losers' final", "grand final"]
    assert "Playoff winner:" in director and f"top {n} (double elimination)" in director
    assert "Draw the next playoff round" not in director
    results = client.get(f"/events/screen/{event.view_token}/results").get_data(as_text=True)
    for name in ("The winners&#39; round 1", "The losers&#39; final", "The grand final"):
        assert name in results
    screen = client.get(f"/events/screen/{event.view_token}/live").get_data(as_text=True)
    assert "The grand final" in screen


def test_the_losers_side_wins_the_grand_final_and_the_reset_is_played(client, app):
    night, _ = _night(client, app, 4, grand_final_side0=4)
    event, phases = _phases(night)
    assert phases[-1].part == RESET and phases[-2].part == "grand final"
    played = [m for m in event.matches if m.round > 1 and not m.bye]
    assert len(played) == 2 * 4 - 1


def test_the_grand_final_plays_under_the_final_s_rules(client, app):
    night, _ = _night(client, app, 4, final_target=150, final_bag_limit=20)
    event, phases = _phases(night)
    (grand,) = event.round_matches(event.rounds[-1].number)
    rules = night.game(grand.game_id).game.rules
    assert (rules.target, rules.bag_limit) == (150, 20)
    (first,) = [m for m in event.round_matches(2)][:1]
    assert night.game(first.game_id).game.rules.target == 100


def test_a_double_elimination_night_s_file_imports_back_and_a_wrong_round_is_refused(client, app):
    night, _ = _night(client, app, 5)
    doc = json.loads(client.get(f"/events/{night.id}/event.json").get_data(as_text=True))
    assert doc["settings"]["playoff_format"] == "double"
    r = upload(client, doc)
    assert r.status_code == 302, r.get_data(as_text=True)
    copy = client.get(r.headers["Location"]).get_data(as_text=True)
    assert re.search(r"Playoff winner: <strong>[^<]+</strong>", copy)
    last = max(m["round"] for m in doc["matches"])
    for m in doc["matches"]:
        if m["round"] == last:
            m["sides"] = m["sides"][::-1]
    wrong = upload(client, doc)
    assert wrong.status_code == 400
    assert "is not the round the bracket draws next" in wrong.get_data(as_text=True)


def test_players_paired_for_a_double_elimination_playoff(client, app):
    players = [(p,) for pair in PAIRS for p in pair]
    night, director = _night(client, app, 8, entrants=players, format="individual")
    event, phases = _phases(night)
    assert phases[0].matches[0][0] and len(phases[0].matches[0][0]) == 2  # a pair of players
    played = [m for m in event.matches if m.round > 1 and not m.bye]
    assert len(played) == 2 * 4 - 2 and "Playoff winner:" in director
