"""Statuses, kinds, modes, reasons and phases are values of the core (issue 40): each an
enum whose members are the very words stored in the database and written in the files,
asked of the core through its properties by every layer above it."""

from __future__ import annotations

import dataclasses
import json

import pytest

from scorepad.core.card import MilestoneKind, Run
from scorepad.core.ending import Reason, Status
from scorepad.core.errors import GameError
from scorepad.core.event import FORMATS, Format, SeedBy, TimeTie, check_settings, time_tie
from scorepad.core.game import Game
from scorepad.core.model import HandPhase
from scorepad.core.records import Hand, Mode, Table, changed, make_table
from scorepad.core.roster import Round, RoundKind, RoundStatus
from scorepad.core.rule_table import RULE_SPECS, RuleKind
from scorepad.core.rules import Rules
from scorepad.core.scoring import end_early, score_game
from scorepad.core.season_settings import Fixtures, SeasonKind, check_season
from scorepad.core.stakes import StakeKind
from scorepad.files.event import KINDS, STATUSES
from tests.event_helpers import Night

# Each value and the word the database, the files and the pages' data carry for it.
WORDS = [
    (Status.PLAYING, "playing"),
    (Status.FINISHED, "finished"),
    *((reason, reason.name.lower()) for reason in Reason),
    (Mode.PARTNERSHIP, "partnership"),
    (Mode.CUTTHROAT, "cutthroat"),
    (RoundKind.ROUND, "round"),
    (RoundKind.PLAYOFF, "playoff"),
    (RoundStatus.DRAWN, "drawn"),
    (RoundStatus.PLAYING, "playing"),
    (RoundStatus.DONE, "done"),
    (SeasonKind.PAIRS, "pairs"),
    (SeasonKind.CUTTHROAT, "cutthroat"),
    (Format.SWISS, "swiss"),
    (Format.ROUND_ROBIN, "round_robin"),
    (Format.INDIVIDUAL, "individual"),
    (HandPhase.BIDDING, "bidding"),
    (HandPhase.PLAYING, "playing"),
    (RuleKind.SWITCH, "switch"),
    (RuleKind.NUMBER, "number"),
    (RuleKind.CHOICE, "choice"),
    *((kind, kind.name.lower()) for kind in StakeKind),
    *((run, run.name.lower()) for run in Run),
    *((value, value.name.lower()) for enum in (Fixtures, SeedBy, TimeTie) for value in enum),
    *((kind, kind.name.lower()) for kind in MilestoneKind),
]


@pytest.mark.parametrize(("value", "word"), WORDS)
def test_each_value_is_its_stored_word(value, word):
    """Old databases and files keep reading the same: a value is equal to its word,
    written as it (JSON, text) and read back from it."""
    assert value == word and str(value) == word and f"{value}" == word
    assert json.dumps({"kind": value}) == json.dumps({"kind": word})
    assert type(value)(word) is value


def test_the_event_file_reads_the_cores_kinds_and_statuses():
    assert KINDS == ("round", "playoff") and STATUSES == ("drawn", "playing", "done")
    assert all(isinstance(k, RoundKind) for k in KINDS)
    assert FORMATS == ("round_robin", "swiss", "individual")


@pytest.mark.parametrize(
    ("kind", "status", "playoff", "asked"),
    [
        ("round", "drawn", False, (True, False, False)),
        ("round", "playing", False, (False, True, False)),
        ("playoff", "done", True, (False, False, True)),
    ],
)
def test_a_round_read_from_its_words_holds_the_cores_values(kind, status, playoff, asked):
    r = Round(1, kind, status, (), None, None)
    assert r.kind is RoundKind(kind) and r.status is RoundStatus(status)
    assert r.is_playoff is playoff and (r.drawn, r.playing, r.done) == asked


@pytest.mark.parametrize(
    ("mode", "players", "partners"), [("partnership", 4, True), ("cutthroat", 3, False)]
)
def test_a_table_says_whether_partners_play(mode, players, partners):
    names = [f"P{i}" for i in range(players)]
    for table in (make_table(mode, names), Table(mode, tuple(names))):
        assert table.mode is Mode(mode) and table.partnership is partners


def test_a_table_of_a_mode_the_core_does_not_know_is_refused():
    with pytest.raises(ValueError):
        Table("teams", ("A", "B"))


def test_a_score_says_where_its_hand_stands():
    table, rules = make_table("partnership", ["A", "B", "C", "D"]), Rules(target=200)
    assert score_game(table, rules, []).phase is HandPhase.BIDDING
    bid = score_game(table, rules, [Hand(bids=(3, 3, 3, 3))])
    assert bid.phase is HandPhase.PLAYING and bid.status is Status.PLAYING
    played = score_game(table, rules, [Hand(bids=(3, 3, 3, 3), tricks=(4, 3, 3, 3))])
    assert played.phase is HandPhase.BIDDING
    over = end_early(played)
    assert over.phase is None and over.over and over.reason is Reason.ENDED and over.ended


@pytest.mark.parametrize(("seed_by", "by_rating"), [("standings", False), ("rating", True)])
def test_an_events_settings_say_how_it_seeds(seed_by, by_rating):
    settings = check_settings(
        {"name": "Club", "date": "", "rounds": 3, "round_minutes": 0, "seed_by": seed_by}
    )
    assert settings.seed_by is SeedBy(seed_by) and settings.by_rating is by_rating
    assert ("seed_by" in settings.as_dict()) is by_rating  # the default stays unsaid


@pytest.mark.parametrize("tie", ["play_on", "draw"])
def test_a_playoff_always_plays_on_after_time(tie):
    settings = check_settings(
        {"name": "Club", "date": "", "rounds": 3, "round_minutes": 30, "on_time_tie": tie}
    )
    assert time_tie(settings, RoundKind.ROUND) is TimeTie(tie)
    assert time_tie(settings, RoundKind.PLAYOFF) is TimeTie.PLAY_ON


@pytest.mark.parametrize(("fixtures", "season"), [("season", True), ("night", False)])
def test_a_season_says_how_its_fixtures_are_drawn(fixtures, season):
    settings = check_season({"fixtures": fixtures})
    assert settings.fixtures is Fixtures(fixtures) and settings.season_fixtures is season


@pytest.mark.parametrize(
    ("kind", "pairs", "night"),
    [("pairs", True, Format.SWISS), ("cutthroat", False, Format.INDIVIDUAL)],
)
def test_a_season_says_its_kind_and_how_its_nights_pair(kind, pairs, night):
    settings = check_season({"kind": kind})
    assert settings.kind is SeasonKind(kind)
    assert settings.pairs is pairs and settings.night_format is night


def test_each_house_rule_says_how_it_is_set():
    for spec in RULE_SPECS:
        assert (spec.switch, spec.choice) == (
            spec.kind == RuleKind.SWITCH,
            spec.kind == RuleKind.CHOICE,
        )
    assert any(s.switch for s in RULE_SPECS) and any(s.choice for s in RULE_SPECS)


@pytest.mark.parametrize(
    ("format", "said"),
    [
        ("swiss", "Swiss, fixed partnerships"),
        ("round_robin", "Round robin, fixed partnerships"),
        ("individual", "Individual, partners rotate"),
    ],
)
def test_the_directors_page_names_the_format(client, app, format, said):
    night = Night(client, app, format=format)
    assert said in client.get(f"/events/{night.id}").get_data(as_text=True)


@pytest.mark.parametrize(("tricks_by", "by_side"), [("side", True), ("seat", False)])
def test_a_game_says_how_its_tricks_are_entered(tricks_by, by_side):
    table = make_table("partnership", ["A", "B", "C", "D"])
    assert Game(table, Rules(), (), tricks_by).by_side is by_side


def _scored() -> tuple[Game, object]:
    table = make_table("partnership", ["Ann", "Bo", "Cy", "Di"])
    hands = (Hand(bids=(3, 3, 3, 4), tricks=(3, 3, 3, 4)), Hand(bids=(4, "nil", 3, 4)))
    game = Game(table=table, rules=Rules(), hands=hands)
    return game, score_game(table, Rules(), hands)


@pytest.mark.parametrize(
    ("what", "changes"),
    [
        ("table", {"first_dealer": 2}),
        ("table", {"players": ("Ed", "Flo", "Gus", "Hal"), "side_names": ("Us", "Them")}),
        ("hand", {"tricks": (4, 2, 3, 4)}),
        ("hand", {}),
        ("game", {"ended": True, "next_dealer": 3}),
        ("score", {"chosen_dealer": 1}),
    ],
)
def test_a_value_changed_is_what_dataclasses_replace_makes(what, changes):
    game, score = _scored()
    value = {"table": game.table, "hand": game.hands[0], "game": game, "score": score}[what]
    made = changed(value, **changes)
    assert made == dataclasses.replace(value, **changes)
    assert type(made) is type(value) and made is not value


def test_a_value_changed_runs_its_checks_and_refuses_unknown_fields():
    game, _ = _scored()
    with pytest.raises(GameError):
        changed(game, tricks_by="partner")
    with pytest.raises(TypeError):
        changed(game.table, seats=4)
    table = make_table("partnership", ["Ann", "Bo", "Cy", "Di"])
    assert table.sides == ((0, 2), (1, 3))  # worked out, and kept by the table
    alone = changed(table, mode="cutthroat")
    assert alone.mode is Mode.CUTTHROAT  # its word made a value by the table's own check
    assert alone.sides == ((0,), (1,), (2,), (3,))  # worked out again, not copied
