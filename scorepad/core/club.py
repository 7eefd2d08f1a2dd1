"""A club's roster: the people behind the names its games were played under (docs/clubs.md).

Every name met in a club's games is a person of its own until the manager says more:
names are matched as everywhere (`names.name_key`: case, accents and spaces aside).
The roster keeps only what the manager said, as people:
- a person is known by an anchor, the name key it was first a person under; it holds
  the name keys merged into it (its anchor's among them), the name it is shown under
  (None: the first spelling met of its anchor) and whether it keeps off public lists;
- a merge moves every name key of one person into another; a split takes one name key
  out again, a person of its own; a rename chooses the name shown.
Pure: a roster and a change in, a new roster out; a change the roster refuses raises
GameError naming the field. Undo is the store's: it keeps the roster before each change.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from .errors import GameError
from .names import MAX_NAME, check_text, name_key, name_problem


@dataclass(frozen=True)
class Person:
    """A person the manager has said something about."""

    anchor: str
    keys: frozenset[str]
    name: str | None = None
    hidden: bool = False


@dataclass(frozen=True)
class Member:
    """A person of the roster as a page shows it: the anchor, the name shown, every
    spelling met of the names merged in (anchor's first), and whether hidden."""

    anchor: str
    name: str
    spellings: tuple[str, ...]
    hidden: bool
    merged: tuple[tuple[str, str], ...] = ()  # (name key, spelling) of each merged in


@dataclass(frozen=True)
class Roster:
    """The people the manager has said something about, by anchor."""

    people: Mapping[str, Person]

    def anchor_of(self, key: str) -> str:
        """The anchor of the person a name key belongs to (itself, if no one's)."""
        for person in self.people.values():
            if key in person.keys:
                return person.anchor
        return key

    def person(self, anchor: str) -> Person:
        """The person of an anchor, as the roster knows them (or a person of one name)."""
        return self.people.get(anchor) or Person(anchor, frozenset({anchor}))

    def keys_of(self) -> dict[str, str]:
        """Every name key the roster has placed, with its person's anchor."""
        return {key: p.anchor for p in self.people.values() for key in p.keys}


EMPTY = Roster({})


def members(roster: Roster, met: Mapping[str, str]) -> tuple[Member, ...]:
    """Every person of the club: `met` holds each name key met in its games with the
    first spelling met. A person merged in whose names were never met still shows."""
    placed = roster.keys_of()
    anchors = dict.fromkeys(placed.get(key, key) for key in met)
    anchors.update(dict.fromkeys(roster.people))
    found = []
    for anchor in anchors:
        person = roster.person(anchor)
        ordered = [anchor, *sorted(person.keys - {anchor})]
        spellings = tuple(met[key] for key in ordered if key in met)
        name = person.name or (spellings[0] if spellings else anchor)
        merged = tuple((key, met.get(key, key)) for key in ordered[1:])
        found.append(Member(anchor, name, spellings, person.hidden, merged))
    return tuple(sorted(found, key=lambda m: (name_key(m.name), m.anchor)))


def _known(roster: Roster, anchor: str, met: Iterable[str], field: str) -> Person:
    if anchor not in roster.people and anchor not in set(met):
        raise GameError("no such player in this club", field=field)
    return roster.person(anchor)


def _with(roster: Roster, *people: Person, without: str | None = None) -> Roster:
    kept = {a: p for a, p in roster.people.items() if a != without}
    kept.update({p.anchor: p for p in people})
    return Roster(kept)


def merge(roster: Roster, met: Iterable[str], into: str, other: str) -> Roster:
    """Person `other` is person `into`: every name of theirs now belongs to `into`."""
    met = set(met)
    if into == other:
        raise GameError("choose two different players to merge", field="other")
    kept = _known(roster, into, met, "into")
    gone = _known(roster, other, met, "other")
    joined = replace(kept, keys=kept.keys | gone.keys, hidden=kept.hidden or gone.hidden)
    return _with(roster, joined, without=other)


def split(roster: Roster, anchor: str, key: str) -> Roster:
    """Name key `key` leaves the person it was merged into: a person of its own again."""
    person = roster.people.get(anchor)
    if person is None or key not in person.keys:
        raise GameError("that name is not merged into this player", field="name")
    if key == anchor:
        raise GameError("a player's first name stays theirs: split the others off", field="name")
    return _with(roster, replace(person, keys=person.keys - {key}))


def rename(roster: Roster, met: Iterable[str], anchor: str, name: str) -> Roster:
    """The name a person is shown under; no other person's name may be taken."""
    met = set(met)
    person = _known(roster, anchor, met, "player")
    clean, problem = name_problem(name)
    if problem:
        raise GameError("the new name %(problem)s", problem=problem, field="name")
    owner = roster.anchor_of(name_key(clean))
    if owner != anchor and (owner in met or owner in roster.people):
        raise GameError("another player of this club has that name", field="name")
    return _with(roster, replace(person, name=clean))


def hide(roster: Roster, met: Iterable[str], anchor: str, hidden: bool) -> Roster:
    """Whether a person keeps off the club's public lists."""
    person = _known(roster, anchor, set(met), "player")
    return _with(roster, replace(person, hidden=hidden))


def dumps(roster: Roster) -> str:
    """The roster as one JSON text, as the store and the club file keep it."""
    people = [
        {"anchor": p.anchor, "names": sorted(p.keys), "name": p.name, "hidden": p.hidden}
        for p in sorted(roster.people.values(), key=lambda p: p.anchor)
    ]
    return json.dumps(people, ensure_ascii=False, sort_keys=True)


def _person(row: object, number: int) -> Person:
    """One person of a roster's JSON, every value checked (type and text: the name rules);
    a refusal names the person by their place in the list, from 1."""
    if not isinstance(row, dict) or not isinstance(row.get("names"), list):
        raise GameError("the roster is not a list of players", field="roster")
    hidden = row.get("hidden", False)
    if not isinstance(hidden, bool):
        raise GameError(f"player {number}: hidden must be true or false", field="roster")

    def text(value: object, key: str, most: int = MAX_NAME) -> str:
        try:
            return check_text(value, key, most)
        except GameError as err:
            raise GameError(f"player {number}: {key} {err.detail}", field="roster") from None

    # a name key may be longer than the name it folds ("ß" is "ss")
    anchor = text(row.get("anchor"), "anchor", 3 * MAX_NAME)
    keys = [text(k, "names", 3 * MAX_NAME) for k in row["names"]]
    name = row.get("name")
    return Person(
        name_key(anchor),
        frozenset(name_key(k) for k in (anchor, *keys)),
        None if name is None else text(name, "name"),
        hidden,
    )


def loads(text: str) -> Roster:
    """A roster from its JSON text (a GameError names a part that is not one)."""
    try:
        rows = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise GameError("the roster is not a list of players", field="roster") from err
    if not isinstance(rows, list):
        raise GameError("the roster is not a list of players", field="roster")
    people = [_person(row, i) for i, row in enumerate(rows, 1)]
    placed: set[str] = set()
    for person in people:
        if person.keys & placed:
            raise GameError("a name belongs to two players in the roster", field="roster")
        placed |= person.keys
    return Roster({p.anchor: p for p in people})
