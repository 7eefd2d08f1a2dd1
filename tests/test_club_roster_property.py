"""Issue 39: 'a name belongs to one person' is the roster's invariant (core/club.py).
Every roster command keeps it, whatever it is asked, over random sequences of merges,
splits, renames, the manager's and a card holder's hiding, and undos; a roster that
breaks it (an older version wrote it) is read whole, each name given to one person."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.core import club
from scorepad.core.club import EMPTY, Person, Roster, members
from scorepad.core.club_undo import StepKind, undo_steps, undone
from scorepad.core.errors import GameError
from scorepad.core.names import name_key

MET = {"ann": "Ann", "annie": "Annie", "bo": "Bo", "bob": "Bob", "cy": "Cy", "zed": "Zed"}
KEYS = sorted(MET)
NAMES = ["Zed", "ann", "ANNIE", "Bobby", "Bo", "Cyril", "cy", "Robert"]

command = st.one_of(
    st.tuples(st.just("merge"), st.sampled_from(KEYS), st.sampled_from(KEYS)),
    st.tuples(st.just("split"), st.sampled_from(KEYS), st.sampled_from(KEYS)),
    st.tuples(st.just("rename"), st.sampled_from(KEYS), st.sampled_from(NAMES)),
    st.tuples(st.just("hide"), st.sampled_from(KEYS), st.booleans()),
    st.tuples(st.just("own"), st.sampled_from(KEYS), st.booleans()),
    st.tuples(st.just("undo"), st.just(""), st.just("")),
)


def assert_one_person_a_name(roster: Roster) -> None:
    """The invariant: each name key in one person, each anchor its own person's, no two
    people shown under one name; and the roster's text reads back as the file reads it."""
    placed = [key for person in roster.people.values() for key in person.keys]
    assert len(placed) == len(set(placed))
    assert all(a == p.anchor and a in p.keys for a, p in roster.people.items())
    shown = [name_key(m.name) for m in members(roster, MET)]
    assert len(shown) == len(set(shown))
    assert club.loads(club.dumps(roster)) == roster


def _apply(roster: Roster, log: list, step: tuple) -> Roster:
    kind, a, b = step
    if kind == "undo":
        if not log:
            return roster
        before, after = log.pop()
        return undone(before, after, roster)
    change = {
        "merge": lambda: club.merge(roster, MET, a, b),
        "split": lambda: club.split(roster, a, b),
        "rename": lambda: club.rename(roster, MET, a, b),
        "hide": lambda: club.hide(roster, MET, a, b),
        "own": lambda: club.hide(roster, MET, a, b),
    }[kind]
    fresh = change()  # a refusal is a GameError, nothing else
    if kind != "own":  # a card holder's own choice is not the manager's to undo
        log.append((roster, fresh))
    return fresh


@settings(max_examples=300, deadline=None)
@given(st.lists(command, max_size=25))
def test_every_roster_command_keeps_a_name_to_one_person(steps):
    roster, log = EMPTY, []
    for step in steps:
        try:
            roster = _apply(roster, log, step)
        except GameError as err:
            assert err.field in ("into", "other", "name", "player")
        assert_one_person_a_name(roster)
        if log:  # what an undo says is worked out from any roster, without a refusal
            before, after = log[-1]
            assert all(isinstance(s.kind, StepKind) for s in undo_steps(before, after, roster, MET))


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda r: club.merge(r, MET, "cy", "annie"), "Annie is a name of Ann already"),
        (lambda r: club.merge(r, MET, "annie", "cy"), "Annie is a name of Ann already"),
        (lambda r: club.rename(r, MET, "annie", "Anita"), "Annie is a name of Ann already"),
        (lambda r: club.hide(r, MET, "annie", True), "Annie is a name of Ann already"),
        (lambda r: club.rename(r, MET, "cy", "annie"), "annie is a name of Ann already"),
        (lambda r: club.rename(r, MET, "cy", " BO "), "BO is a name of Bo already"),
    ],
)
def test_a_name_merged_into_someone_is_refused_naming_it_and_its_holder(change, said):
    merged = club.merge(EMPTY, MET, "ann", "annie")
    with pytest.raises(GameError, match=said):
        change(merged)


def test_a_rename_takes_no_name_another_person_was_renamed_to():
    zed = club.rename(EMPTY, MET, "bo", "Robert")
    with pytest.raises(GameError, match="robert is a name of Robert already"):
        club.rename(zed, MET, "cy", "robert")


@pytest.mark.parametrize(
    "rows",
    [
        [{"anchor": "a", "names": ["b"]}, {"anchor": "c", "names": ["b"]}],
        [{"anchor": "a", "names": ["c"]}, {"anchor": "c", "names": ["a"]}],
        [{"anchor": "a", "names": ["b"]}, {"anchor": "a", "names": ["c"]}],
        [{"anchor": "a", "names": ["b"]}, 3, {"names": []}, {"anchor": "", "names": []}],
        [{"anchor": "a", "names": ["b"], "name": 7}, {"anchor": "d", "names": "de"}],
    ],
)
def test_a_stored_roster_that_breaks_the_invariant_is_read_whole(rows):
    text = json.dumps(rows)
    read = club.read(text)
    placed = [key for person in read.people.values() for key in person.keys]
    assert len(placed) == len(set(placed))
    assert club.read(text) == read  # the same person every time
    assert club.loads(club.dumps(read)) == read


@pytest.mark.parametrize("text", ["{", "3", "null", '{"a": 1}'])
def test_a_stored_roster_that_is_no_list_reads_as_empty(text):
    assert club.read(text) == EMPTY


def test_undo_gives_back_what_the_change_set_and_keeps_own_choices_since():
    hidden = club.hide(EMPTY, MET, "bo", True)
    merged = club.merge(hidden, MET, "ann", "bo")
    assert merged.person("ann").hidden
    now = club.hide(merged, MET, "cy", True)  # Cy's own choice, after the merge
    back = undone(hidden, merged, now)
    assert back.person("bo").hidden and not back.person("ann").hidden
    assert back.person("cy").hidden
    steps = undo_steps(hidden, merged, now, MET)
    assert [(s.kind, s.name, s.other) for s in steps] == [
        (StepKind.MERGE, "Bo", "Ann"),
        (StepKind.BACK_ON, "Ann", ""),
    ]


def test_undo_of_a_merge_keeps_the_choice_the_person_made_since_for_every_name():
    merged = club.merge(EMPTY, MET, "ann", "annie")
    now = club.hide(merged, MET, "ann", True)  # her own choice, after the merge
    back = undone(EMPTY, merged, now)
    assert back.person("ann").hidden and back.person("annie").hidden
    assert [s.kind for s in undo_steps(EMPTY, merged, now, MET)] == [StepKind.MERGE]


def test_no_two_people_show_under_one_name_whatever_the_roster_holds():
    before = {k: v for k, v in MET.items() if k != "zed"}
    renamed = club.rename(EMPTY, before, "bo", "Zed")  # before a Zed played
    shown = [m.name for m in members(renamed, MET)]
    assert shown.count("Zed") == 1  # the name played under is Zed's; Bo shows as Bo
    assert "Bo" in shown
    twice = Roster(
        {
            "bo": Person("bo", frozenset({"bo"}), "Robert"),
            "cy": Person("cy", frozenset({"cy"}), "ROBERT"),
        }
    )
    shown = [m.name for m in members(twice, MET)]
    assert shown.count("Robert") == 1 and "Cy" in shown and "ROBERT" not in shown
    club.check_names(club.settle(twice, MET), MET)  # as a club file exports it: it reads back
