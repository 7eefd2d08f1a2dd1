"""The club's roster in the core (core/club.py): merges, splits, renames, hiding, its
JSON text; and seeding by strength (core/event.seeded)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.core import club
from scorepad.core.club import EMPTY, Person, Roster, members
from scorepad.core.errors import GameError
from scorepad.core.event import check_settings, seeded
from scorepad.core.names import name_key

MET = {"ann": "Ann", "annie": "Annie", "bo": "Bo", "josé": "José"}


def test_every_name_met_is_a_person_of_its_own_at_first():
    found = members(EMPTY, MET)
    assert [m.name for m in found] == ["Ann", "Annie", "Bo", "José"]
    assert all(m.merged == () and not m.hidden for m in found)


def test_names_are_matched_case_accents_and_spaces_aside():
    assert name_key("  José   DÍAZ ") == name_key("jose diaz") == "jose diaz"


def test_a_merge_makes_one_person_under_the_name_kept():
    merged = club.merge(EMPTY, MET, "ann", "annie")
    found = members(merged, MET)
    assert [m.name for m in found] == ["Ann", "Bo", "José"]
    assert found[0].spellings == ("Ann", "Annie")
    assert found[0].merged == (("annie", "Annie"),)
    assert merged.anchor_of("annie") == "ann"


def test_a_merge_of_merged_people_takes_every_name():
    once = club.merge(EMPTY, MET, "bo", "annie")
    twice = club.merge(once, MET, "ann", "bo")
    assert twice.person("ann").keys == {"ann", "annie", "bo"}
    assert set(twice.people) == {"ann"}


@pytest.mark.parametrize(
    ("into", "other", "field"),
    [("ann", "ann", "other"), ("nobody", "ann", "into"), ("ann", "nobody", "other")],
)
def test_a_merge_the_roster_refuses_names_the_field(into, other, field):
    with pytest.raises(GameError) as err:
        club.merge(EMPTY, MET, into, other)
    assert err.value.field == field


def test_a_split_takes_a_name_back_out():
    merged = club.merge(EMPTY, MET, "ann", "annie")
    assert club.split(merged, "ann", "annie").keys_of() == {"ann": "ann"}
    assert members(club.split(merged, "ann", "annie"), MET) == members(EMPTY, MET)


@pytest.mark.parametrize(("anchor", "key"), [("ann", "bo"), ("bo", "bo"), ("ann", "ann")])
def test_a_split_the_roster_refuses_names_the_name(anchor, key):
    merged = club.merge(EMPTY, MET, "ann", "annie")
    with pytest.raises(GameError) as err:
        club.split(merged, anchor, key)
    assert err.value.field == "name"


def test_a_rename_shows_a_person_under_a_new_name():
    renamed = club.rename(EMPTY, MET, "bo", "  Bob  ")
    assert [m.name for m in members(renamed, MET)] == ["Ann", "Annie", "Bob", "José"]


@pytest.mark.parametrize("name", ["", "   ", "ANNIE", "x" * 41])
def test_a_rename_the_roster_refuses_names_the_name(name):
    with pytest.raises(GameError) as err:
        club.rename(EMPTY, MET, "bo", name)
    assert err.value.field == "name"


@pytest.mark.parametrize("name", ["Bo", "  Bo "])
def test_a_rename_to_the_name_shown_renames_nothing_and_is_refused(name):
    with pytest.raises(GameError) as err:
        club.rename(EMPTY, MET, "bo", name)
    assert err.value.field == "name" and "nothing to rename" in str(err.value)


def test_a_rename_to_a_spelling_of_the_person_s_own_is_taken():
    merged = club.merge(EMPTY, MET, "ann", "annie")
    assert members(club.rename(merged, MET, "ann", "annie"), MET)[0].name == "annie"


def test_hiding_keeps_a_person_off_and_a_merge_keeps_it():
    hidden = club.hide(EMPTY, MET, "annie", True)
    assert [m.hidden for m in members(hidden, MET)] == [False, True, False, False]
    merged = club.merge(hidden, MET, "ann", "annie")
    assert members(merged, MET)[0].hidden
    with pytest.raises(GameError):
        club.hide(EMPTY, MET, "nobody", True)


def test_a_person_merged_in_whose_names_were_never_met_still_shows():
    roster = Roster({"zed": Person("zed", frozenset({"zed"}), "Zed")})
    assert members(roster, {})[0].name == "Zed"
    assert members(Roster({"zed": Person("zed", frozenset({"zed"}))}), {})[0].name == "zed"


def test_the_roster_s_text_round_trips():
    roster = club.rename(club.merge(EMPTY, MET, "ann", "annie"), MET, "bo", "Bob")
    assert club.loads(club.dumps(roster)) == roster


@pytest.mark.parametrize(
    "text",
    [
        "{",
        "3",
        '[{"names": []}]',
        '[{"anchor": 3, "names": []}]',
        '[{"anchor": "a", "names": ["b"]}, {"anchor": "c", "names": ["b"]}]',
    ],
)
def test_a_roster_text_that_is_not_one_is_refused(text):
    with pytest.raises(GameError) as err:
        club.loads(text)
    assert err.value.field == "roster"


@given(st.lists(st.sampled_from(sorted(MET)), min_size=2, max_size=6, unique=True))
def test_merges_then_splits_give_the_roster_back(keys):
    roster = EMPTY
    for other in keys[1:]:
        roster = club.merge(roster, MET, keys[0], other)
    assert {roster.anchor_of(k) for k in keys} == {keys[0]}
    for other in keys[1:]:
        roster = club.split(roster, keys[0], other)
    assert members(roster, MET) == members(EMPTY, MET)


@pytest.mark.parametrize(
    ("ranked", "strength", "seeds"),
    [
        ([1, 2, 3], {1: 1.0, 2: 3.0, 3: 2.0}, [2, 3, 1]),
        ([1, 2, 3], {3: 5.0}, [3, 1, 2]),  # no strength known: after, in their order
        ([1, 2], {}, [1, 2]),
        ([1, 2, 3], {1: 2.0, 2: 2.0, 3: 1.0}, [1, 2, 3]),  # equal: the order before
    ],
)
def test_seeding_by_strength(ranked, strength, seeds):
    assert seeded(ranked, strength) == seeds


def test_a_night_keeps_its_seeding_and_refuses_another():
    base = {"name": "Night", "format": "swiss", "rounds": 3}
    assert check_settings(base).seed_by == "standings"
    assert check_settings({**base, "seed_by": "rating"}).as_dict()["seed_by"] == "rating"
    with pytest.raises(GameError) as err:
        check_settings({**base, "seed_by": "luck"})
    assert err.value.field == "seed_by"
