"""Issue 30, item 2: each playoff stage (quarter-final, semi-final, final) under its own
target, bag limit and round clock, each unset as the night; kept in the event file,
old files importing exactly as before."""

from __future__ import annotations

import pytest

from scorepad.core.errors import GameError
from scorepad.core.event import check_settings
from scorepad.core.rules import Rules
from scorepad.core.stages import (
    AS_THE_NIGHT,
    StageRules,
    check_stages,
    own_stages,
    rules_of,
    stage_game_rules,
    stage_minutes,
    stage_of,
    stages_dict,
)
from scorepad.files import event as eventfile
from scorepad.store.event_commands import clock
from scorepad.store.events import load_event
from scorepad.store.storage import load_game
from tests.event_files import pairs_night, playoff_night
from tests.event_helpers import Night
from tests.test_event_playoff import _next_round, _semi_finals
from tests.test_event_store import _play

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


@pytest.mark.parametrize(
    ("kind", "tables", "stage"),
    [
        ("playoff", 1, "final"),
        ("playoff", 2, "semi-final"),
        ("playoff", 4, "quarter-final"),
        ("playoff", 8, None),
        ("round", 1, None),
    ],
)
def test_which_stage_a_round_is(kind, tables, stage):
    assert stage_of(kind, tables) == stage


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ([], "stages"),
        ({"round of 16": {}}, "stages.round of 16"),
        ({"final": 3}, "stages.final"),
        ({"final": {"target": 300}}, "stages.final.target"),
        ({"semi-final": {"clock": 3}}, "stages.semi-final.clock"),
        ({"semi-final": {"target": 10}}, "stages.semi-final.target"),
        ({"semi-final": {"bag_limit": True}}, "stages.semi-final.bag_limit"),
        ({"quarter-final": {"round_minutes": 999}}, "stages.quarter-final.round_minutes"),
    ],
)
def test_stage_rules_refused_name_the_field(raw, field):
    with pytest.raises(GameError) as err:
        check_stages(raw)
    assert err.value.field == field


def test_stage_rules_read_written_and_merged():
    raw = {
        "final": {"bag_limit": 7, "round_minutes": 0},
        "semi-final": {"target": 300},
        "quarter-final": {},
    }
    stages = check_stages(raw)
    assert check_stages(None) == ()
    assert stages == (
        ("semi-final", StageRules(target=300)),
        ("final", StageRules(bag_limit=7, round_minutes=0)),
    )
    assert stages_dict(stages) == {k: v for k, v in raw.items() if v}
    assert rules_of(stages, 0, None) == AS_THE_NIGHT
    assert rules_of(stages, 0, "quarter-final") == AS_THE_NIGHT
    assert rules_of(stages, 500, "final") == StageRules(500, 7, 0)
    assert rules_of(stages, 0, "final") == StageRules(None, 7, 0)
    assert own_stages(stages, 500)[-1] == ("final", StageRules(500, 7, 0))
    assert own_stages((), 150) == (("final", StageRules(target=150)),)
    assert own_stages((), 0) == ()
    night = Rules(target=200, bag_limit=10)
    final = stage_game_rules(night, rules_of(stages, 0, "final"))
    assert (final.target, final.bag_limit) == (200, 7)
    assert stage_game_rules(night, AS_THE_NIGHT) == night
    assert stage_minutes(20, StageRules(round_minutes=0)) == 0
    assert stage_minutes(20, AS_THE_NIGHT) == 20


def test_settings_apply_the_stage_to_the_round():
    settings = check_settings(
        {
            "name": "x",
            "round_minutes": 20,
            "final_target": 400,
            "stages": {"final": {"round_minutes": 0}, "semi-final": {"round_minutes": 30}},
        }
    )
    assert settings.clock_minutes("round", 2) == 20
    assert settings.clock_minutes("playoff", 2) == 30
    assert settings.clock_minutes("playoff", 1) == 0
    assert settings.stage_rules("playoff", 1).target == 400
    assert settings.as_dict()["stages"] == {
        "semi-final": {"round_minutes": 30},
        "final": {"round_minutes": 0},
    }
    assert "stages" not in check_settings({"name": "x"}).as_dict()


def test_a_semi_final_at_its_own_target_and_a_final_with_its_own_bag_limit(db):
    stages = {"semi-final": {"target": 150}, "final": {"bag_limit": 3}}
    event_id = _semi_finals(db, final_target=250, stages=stages)
    semis = load_event(db, event_id).round_matches(2)
    rules = [load_game(db, m.game_id).game.rules for m in semis]
    assert [(r.target, r.bag_limit) for r in rules] == [(150, 10), (150, 10)]
    for match in semis:
        _play(db, match.game_id, 13)
        clock.end_table(db, event_id, 2, match.number)
    _next_round(db, event_id)
    (final,) = load_event(db, event_id).round_matches(3)
    own = load_game(db, final.game_id).game
    assert (own.rules.target, own.rules.bag_limit) == (250, 3)
    assert own.preset is None  # not the night's preset's rules any more


def test_the_clock_of_each_stage(client, app, monkeypatch):
    now = [1_800_000_000.0]
    monkeypatch.setattr("time.time", lambda: now[0])
    stages = {"semi_final_round_minutes": 30, "final_round_minutes": 0}
    night = Night(client, app, rounds=1, playoff=4, round_minutes=20, **stages)
    for pair in PAIRS:
        night.check_in(*pair)
    night.draw_and_start()
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert 'data-seconds="1200"' in page  # the night's 20 minutes
    night.play_round()
    night.start_playoff()
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert 'data-seconds="1800"' in page  # the semi-finals' 30
    assert "the semi-final 30-minute clock; the final no clock" in page
    night.play_round()
    night.next_playoff_round()
    now[0] += 10_000
    page = client.get(f"/events/{night.id}").get_data(as_text=True)
    assert "data-seconds" not in page  # the final has no clock: never called
    assert not night.event().current.called_at


def test_the_new_night_form_names_a_stage_field_refused(client):
    from tests.event_helpers import event_form

    page = client.get("/events/new").get_data(as_text=True)
    assert 'name="semi_final_target"' in page and 'name="final_bag_limit"' in page
    r = client.post("/events/new", data=event_form(semi_final_target="5"))
    assert r.status_code == 400
    assert "Semi-finals: target must be from" in r.get_data(as_text=True)


def test_the_results_show_each_stage_s_rules(client, app):
    night = Night(
        client, app, playoff=4, final_target=300, final_bag_limit=5, semi_final_target=200
    )
    token = night.event().view_token
    results = client.get(f"/events/screen/{token}/results").get_data(as_text=True)
    assert "Playoff: the semi-final to 200; the final to 300, bag limit 5." in results


@pytest.mark.parametrize("doc", [pairs_night(), playoff_night()])
def test_old_event_files_import_and_export_unchanged(doc):
    doc["settings"]["final_target"] = 150
    read = eventfile.read(doc)
    assert read.settings.stages == ()
    assert read.settings.stage_rules("playoff", 1) == StageRules(target=150)
    exported = eventfile.export(read.settings, read.rules, read.entrants, read.rounds, [])
    assert "stages" not in exported["settings"]
    assert exported["settings"]["final_target"] == 150


def test_an_event_file_keeps_its_stage_rules():
    doc = playoff_night()
    doc["settings"]["stages"] = {"semi-final": {"target": 300, "bag_limit": 7}}
    read = eventfile.read(doc)
    exported = eventfile.export(read.settings, read.rules, read.entrants, read.rounds, [])
    assert exported["settings"]["stages"] == {"semi-final": {"target": 300, "bag_limit": 7}}
    assert eventfile.read({**doc, "settings": exported["settings"]}).settings == read.settings


def test_quarter_finals_at_their_own_target_the_semi_finals_as_the_night(client, app):
    from tests.test_double_night import PAIRS as EIGHT

    night = Night(client, app, rounds=1, playoff=8, quarter_final_target=150)
    for pair in EIGHT:
        night.check_in(*pair)
    night.draw_and_start()
    night.play_round()
    night.start_playoff()
    quarters = night.round()
    assert len(quarters) == 4
    assert {night.game(m.game_id).game.rules.target for m in quarters} == {150}
    night.play_round()
    night.next_playoff_round()
    assert {night.game(m.game_id).game.rules.target for m in night.round()} == {100}
