"""Issue 30, item 3: a club's presets saved, renamed and deleted by store commands, each
checked against the club's revision, a bad name or rule refused naming its field."""

from __future__ import annotations

import json

import pytest

from scorepad.store.club_commands import clubs, presets
from scorepad.store.club_commands.outcomes import ClubRefused, ClubStale, NoClub
from scorepad.store.clubs import club_presets, load_club


def _revision(db, club_id) -> int:
    return load_club(db, club_id).revision


@pytest.fixture
def club(db) -> str:
    return clubs.create_club(db, "Friday Spades")


def test_a_preset_is_saved_with_only_the_rules_that_differ(db, club):
    before = _revision(db, club)
    name = presets.save_preset(db, club, before, " Friday ", {"target": 300, "nil": True})
    assert name == "Friday"
    assert [(n, json.loads(r)) for n, r in club_presets(db, club)] == [("Friday", {"target": 300})]
    assert _revision(db, club) == before + 1


def test_saving_under_a_taken_name_is_refused_unless_the_manager_said_replace(db, club):
    presets.save_preset(db, club, None, "Friday", {"target": 300})
    with pytest.raises(ClubRefused, match="preset_taken") as refused:
        presets.save_preset(db, club, None, " Friday ", {"target": 250})
    assert refused.value.field == "name"
    assert club_presets(db, club) == [("Friday", '{"target":300}')]
    presets.save_preset(db, club, None, "Friday", {"target": 250}, replace=True)
    assert club_presets(db, club) == [("Friday", '{"target":250}')]


def test_rename_and_delete(db, club):
    presets.save_preset(db, club, None, "Friday", {"target": 300})
    assert presets.rename_preset(db, club, _revision(db, club), "Friday", " Saturday") == "Saturday"
    assert [n for n, _ in club_presets(db, club)] == ["Saturday"]
    presets.delete_preset(db, club, _revision(db, club), "Saturday")
    assert club_presets(db, club) == []


@pytest.mark.parametrize(
    "write",
    [
        lambda db, c, rev: presets.save_preset(db, c, rev, "Other", {}),
        lambda db, c, rev: presets.rename_preset(db, c, rev, "Friday", "Other"),
        lambda db, c, rev: presets.delete_preset(db, c, rev, "Friday"),
    ],
    ids=["save", "rename", "delete"],
)
def test_a_stale_revision_is_refused_and_nothing_changes(db, club, write):
    presets.save_preset(db, club, None, "Friday", {"target": 300})
    old = _revision(db, club) - 1
    with pytest.raises(ClubStale):
        write(db, club, old)
    assert club_presets(db, club) == [("Friday", '{"target":300}')]


@pytest.mark.parametrize(
    ("name", "values", "field"),
    [
        ("  ", {}, "name"),
        ("x" * 41, {}, "name"),
        ("Friday", {"bag_limit": "seven"}, "rules.bag_limit"),
        ("Friday", {"no_such_rule": 1}, "rules.no_such_rule"),
    ],
)
def test_a_bad_name_or_rule_names_the_field(db, club, name, values, field):
    with pytest.raises(ClubRefused) as err:
        presets.save_preset(db, club, None, name, values)
    assert (err.value.code, err.value.field) == ("preset", field)
    assert club_presets(db, club) == []


def test_a_rename_is_refused_for_a_bad_name_a_taken_name_or_a_missing_preset(db, club):
    presets.save_preset(db, club, None, "Friday", {})
    presets.save_preset(db, club, None, "Saturday", {"target": 300})
    rev = _revision(db, club)
    with pytest.raises(ClubRefused) as bad:
        presets.rename_preset(db, club, rev, "Friday", "")
    assert (bad.value.code, bad.value.field) == ("preset", "name")
    with pytest.raises(ClubRefused) as taken:
        presets.rename_preset(db, club, rev, "Friday", "Saturday")
    assert (taken.value.code, taken.value.field) == ("preset_taken", "name")
    with pytest.raises(ClubRefused) as gone:
        presets.rename_preset(db, club, rev, "Sunday", "Monday")
    assert gone.value.code == "no_preset"
    with pytest.raises(ClubRefused) as gone_too:
        presets.delete_preset(db, club, rev, "Sunday")
    assert gone_too.value.code == "no_preset"
    assert [n for n, _ in club_presets(db, club)] == ["Friday", "Saturday"]
    assert _revision(db, club) == rev


def test_a_missing_club_is_told(db):
    with pytest.raises(NoClub):
        presets.save_preset(db, "nope", None, "Friday", {})
