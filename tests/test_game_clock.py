"""A game's own clock (issue 42): minutes chosen at the start, the time left on the game
page, the hand in play when time is up the last, then an end as an early end; kept in
the game file."""

from __future__ import annotations

import json
import time

import pytest

from scorepad.core.clock import Clock, check_clock, ends_on_clock
from scorepad.core.errors import GameError
from scorepad.core.records import Hand
from scorepad.core.rules import Rules
from scorepad.core.scoring import score_game
from scorepad.files import game as gamefile
from tests.helpers import bid_form, load, partnership, play, start, text, version_on_page
from tests.helpers import tricks_form as tricks_data

START = 1_800_000_000


class Now:
    """The time every module reads (time.time), moved by the test."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.at = float(START)
        monkeypatch.setattr(time, "time", lambda: self.at)

    def later(self, minutes: float) -> None:
        self.at += 60 * minutes


@pytest.fixture
def now(monkeypatch):
    return Now(monkeypatch)


def test_the_clock_counts_down_and_names_the_last_hand():
    clock = check_clock(30, START)
    fresh = score_game(partnership(), Rules(), [])
    assert clock.seconds_left(START + 60) == 29 * 60 and not clock.up(START + 60)
    assert clock.last(fresh, START + 60) is None
    assert clock.up(START + 30 * 60) and clock.seconds_left(START + 31 * 60) == 0
    assert clock.last(fresh, START + 31 * 60) == 1
    assert Clock(30, START, 4).last(fresh, START) == 4


def test_a_game_ends_on_its_clock_once_its_last_hand_is_played():
    one = score_game(partnership(), Rules(), [Hand((3, 3, 3, 4), (3, 3, 3, 4))])
    waiting = score_game(
        partnership(),
        Rules(),
        [
            Hand((3, 3, 3, 4)),
        ],
    )
    assert ends_on_clock(one, 1) and not ends_on_clock(one, 2) and not ends_on_clock(one, None)
    assert not ends_on_clock(waiting, 1)


@pytest.mark.parametrize(
    "minutes,started,last,message",
    [
        (0, START, None, "the minutes must be a whole number from 1 to 240, not 0"),
        (241, START, None, "from 1 to 240, not 241"),
        ("30", START, None, "not '30'"),
        (30, "noon", None, "the start must be a time in seconds"),
        (30, -1, None, "the start must be a time in seconds"),
        (30, START, 0, "the last hand must be a hand number from 1, not 0"),
    ],
)
def test_a_clock_that_cannot_be_is_refused_naming_the_field(minutes, started, last, message):
    with pytest.raises(GameError, match=message) as err:
        check_clock(minutes, started, last)
    assert err.value.field == "clock"


def test_the_page_shows_the_time_left_and_then_the_last_hand(client, app, now):
    game_id = start(client, clock="30")
    assert "30 minutes left on the clock." in text(client.get(f"/games/{game_id}"))
    play(client, game_id, 1, [4, 3, 3, 3], [4, 3, 3, 3])  # 70 to 60
    now.later(29.5)
    assert "1 minute left on the clock." in text(client.get(f"/games/{game_id}"))
    client.post(f"/games/{game_id}/bids", data=bid_form(2, [3, 3, 3, 3]))
    now.later(1)  # time is up while hand 2 is played: it is the last
    assert "Time is up: hand 2 is the last" in text(client.get(f"/games/{game_id}"))
    version = version_on_page(client, game_id)
    client.post(f"/games/{game_id}/tricks", data=tricks_data(2, version, [4, 3, 3, 3]))
    stored = load(app, game_id)
    score = stored.score()
    assert score.over and score.winner == 0 and score.reason == "ended"
    assert stored.game.clock.last_hand == 2 and stored.game.ended
    assert "Game over (ended early)" in text(client.get(f"/games/{game_id}"))


def test_time_up_between_hands_makes_the_next_hand_the_last(client, app, now):
    game_id = start(client, clock="20")
    play(client, game_id, 1, [3, 3, 3, 3], [3, 3, 3, 4])  # 60 to 61
    now.later(25)
    play(client, game_id, 2, [3, 3, 3, 3], [4, 3, 3, 3])  # 121 to 121: a shared lead
    stored = load(app, game_id)
    assert stored.game.clock.last_hand == 2
    assert stored.score().over and stored.score().draw  # play_on: a draw, as an early end


def test_a_shared_lead_on_the_clock_goes_as_the_tie_break_says(client, app, now):
    game_id = start(client, clock="20", rule_tie_break="last_bid")
    play(client, game_id, 1, [3, 4, 3, 3], [3, 4, 3, 3])  # 60 to 70
    now.later(21)
    play(client, game_id, 2, [4, 3, 3, 3], [4, 3, 3, 3])  # 130 to 130, bid 7 to 6
    score = load(app, game_id).score()
    assert score.over and score.winner == 0 and score.on_bags


def test_a_game_won_before_its_clock_runs_out_ends_as_usual(client, app, now):
    game_id = start(client, clock="60", target="custom", custom_target="100")
    play(client, game_id, 1, [6, 1, 5, 1], [6, 1, 5, 1])
    score = load(app, game_id).score()
    assert score.over and score.reason == "target" and not load(app, game_id).game.ended


def test_a_clock_out_of_range_is_refused_on_the_form(client):
    refused = client.post("/games/new", data={**_form(), "clock": "300"})
    assert refused.status_code == 400 and "Play to the clock (minutes)" in text(refused)


def _form():
    from tests.helpers import new_game_form

    return new_game_form()


def test_the_clock_is_kept_in_the_game_file(client, app, now):
    game_id = start(client, clock="45")
    play(client, game_id, 1, [4, 3, 3, 3], [4, 3, 3, 3])
    doc = json.loads(client.get(f"/games/{game_id}/export.json").get_data(as_text=True))
    assert doc["clock"] == {"minutes": 45, "started": "2027-01-15T08:00:00Z", "last_hand": None}
    game, _ = gamefile.loads_scored(json.dumps(doc))
    assert game.clock == Clock(45, START, None)
    assert gamefile.export(*gamefile.loads_scored(gamefile.dumps(doc))) == doc


@pytest.mark.parametrize(
    "clock,message",
    [
        ({"minutes": 45}, "clock: expected an object with minutes, started"),
        ({"minutes": 45, "started": "2027-01-15T08:00:00"}, "a time with its zone"),
        ({"minutes": 45, "started": "yesterday"}, "a time with its zone"),
        ({"minutes": 0, "started": "2027-01-15T08:00:00Z"}, "from 1 to 240, not 0"),
    ],
)
def test_a_clock_in_a_file_that_cannot_be_is_refused(clock, message):
    doc = {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": ["A", "B", "C", "D"],
        "hands": [],
        "clock": clock,
    }
    with pytest.raises(GameError, match=message):
        gamefile.loads(json.dumps(doc))


def test_a_file_whose_clock_ran_out_is_ended_after_its_last_hand():
    doc = {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": ["A", "B", "C", "D"],
        "hands": [{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}],
        "clock": {"minutes": 30, "started": "2027-01-15T08:00:00Z", "last_hand": 1},
    }
    with pytest.raises(GameError, match="the clock's last hand, hand 1, is played: it must be"):
        gamefile.loads(json.dumps(doc))
    game, score = gamefile.loads_scored(json.dumps({**doc, "ended": True}))
    assert score.over and score.winner == 0 and game.clock.last_hand == 1
    waiting = {**doc, "hands": [*doc["hands"], {"bids": [3, 3, 3, 4], "tricks": None}]}
    waiting["clock"] = {**doc["clock"], "last_hand": 2}
    assert gamefile.loads_scored(json.dumps(waiting))[1].pending is not None


def test_the_rules_page_says_the_game_is_played_to_the_clock(client, now):
    timed = start(client, clock="45")
    words = text(client.get(f"/games/{timed}/rules"))
    assert "This game is played to the clock: 45 minutes from its start." in words
    plain = start(client)
    assert "played to the clock" not in text(client.get(f"/games/{plain}/rules"))


def test_a_rematch_keeps_the_clock_s_minutes_from_its_own_start(client, app, now):
    game_id = start(client, clock="20", target="custom", custom_target="100")
    play(client, game_id, 1, [6, 1, 5, 1], [6, 1, 5, 1])  # won on the target
    now.later(7)
    again = client.post(f"/games/{game_id}/rematch")
    assert again.status_code in (302, 303)
    rematch_id = again.headers["Location"].rstrip("/").split("/")[-1]
    clock = load(app, rematch_id).game.clock
    assert clock is not None and clock.minutes == 20 and clock.last_hand is None
    assert clock.started == START + 7 * 60
    assert "20 minutes left on the clock." in text(client.get(f"/games/{rematch_id}"))


def _clocked(started: str) -> str:
    doc = {
        "format": "scorepad/1",
        "mode": "partnership",
        "players": ["A", "B", "C", "D"],
        "hands": [],
        "clock": {"minutes": 30, "started": started},
    }
    return json.dumps(doc)


@pytest.mark.parametrize("started", ["9999-12-31T23:59:59-12:00", "9999-12-31T23:00:00-01:00"])
def test_a_clock_started_past_the_year_9999_is_refused(started):
    """Its start, in UTC, is in the year 10000: it imported, and its game's file could
    then not be written (export.json answered 500)."""
    with pytest.raises(GameError, match="clock: started must be a time from 1970 to 9999"):
        gamefile.loads(_clocked(started))


def test_a_clock_started_at_a_fraction_of_a_second_exports_and_imports_the_same():
    """The file writes the start to the second, as the web keeps it: a fraction read from
    a file is dropped on reading, so the game exported imports again the same."""
    game = gamefile.loads(_clocked("2027-01-15T08:00:00.75Z"))
    assert game.clock == Clock(30, START, None)
    again = gamefile.loads(gamefile.dumps(gamefile.export(game)))
    assert again == game


def test_a_clock_started_late_in_9999_imports_and_exports():
    game = gamefile.loads(_clocked("9999-12-31T23:59:59Z"))
    assert gamefile.export(game)["clock"]["started"] == "9999-12-31T23:59:59Z"


def test_the_last_hand_on_the_clock_tells_no_contract_that_wins_it(client, now):
    """QA: time up, the page said "Alice & Cara win by making 9" for the last hand, when
    the leader after it wins whatever it bids: no such line once the hand is the last."""
    game_id = start(client, clock="20", target="custom", custom_target="200")
    play(client, game_id, 1, [6, 1, 5, 1], [6, 1, 5, 1])  # 110 to 20
    assert "Alice & Cara win by making 9" in text(client.get(f"/games/{game_id}"))
    now.later(21)
    page = text(client.get(f"/games/{game_id}"))
    assert "Time is up: hand 2 is the last" in page
    assert "win by making" not in page
