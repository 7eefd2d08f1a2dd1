"""A club's roster: the people behind the names its games were played under (docs/clubs.md).

Every name met in a club's games is a person of its own until the manager says more:
names are matched as everywhere (`names.name_key`: case, accents and spaces aside).
The roster keeps only what the manager said, as people:
- a person is known by an anchor, the name key it was first a person under; it holds
  the name keys merged into it (its anchor's among them), the name it is shown under
  (None: the first spelling met of its anchor) and whether it keeps off public lists;
- a merge moves every name key of one person into another; a split takes one name key
  out again, a person of its own; a rename chooses the name shown.
The invariant every change keeps: a name belongs to one person. A name merged into
someone is theirs: it is no person of its own to merge, rename or keep off the lists
again, and no one else is renamed to it (nor to any name another person shows under);
the refusal names the name and the person it belongs to.
Pure: a roster and a change in, a new roster out; a change the roster refuses raises
GameError naming the field. `met`: each name key met in the club's games with its first
spelling (a plain set of keys: each spelled as its key). Undo is the store's: it keeps
the roster before and after each change (club_undo.py says what an undo does).
A roster read back from the store (`read`) is shown whatever it holds: one that breaks
the invariant (an older version wrote it) gives each name to one person.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .errors import GameError
from .names import MAX_NAME, check_text, name_key, name_problem
from .records import changed


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

    def who_is_who(self) -> dict[str, str]:
        """Every name key merged into another's person, with that person's anchor: all
        that the ratings read of the roster (a name not here is a person of its own)."""
        return {key: anchor for key, anchor in self.keys_of().items() if key != anchor}


EMPTY = Roster({})


def settle(roster: Roster, met: Iterable[str]) -> Roster:
    """The roster as shown: a name chosen that another person goes by (a name of theirs
    merged in or met in the games, or chosen by one before by anchor) is not shown, the
    person shown under their first spelling instead. No roster command makes one (a
    rename refuses it); a game brought in later, or an older version, may."""
    held = {key: key for key in met}
    held.update(roster.keys_of())
    people = dict(roster.people)
    for anchor, person in sorted(roster.people.items()):
        if person.name and held.setdefault(name_key(person.name), anchor) != anchor:
            people[anchor] = changed(person, name=None)
    return Roster(people)


def members(roster: Roster, met: Mapping[str, str]) -> tuple[Member, ...]:
    """Every person of the club: `met` holds each name key met in its games with the
    first spelling met. A person merged in whose names were never met still shows.
    No two are shown under one name (`settle`)."""
    roster = settle(roster, met)
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


Met = Mapping[str, str] | Iterable[str]


def _spelled(met: Met) -> dict[str, str]:
    """Each name key met with its spelling (a plain set of keys: spelled as the key)."""
    return dict(met) if isinstance(met, Mapping) else {key: key for key in met}


def shown_name(roster: Roster, anchor: str, met: Mapping[str, str]) -> str:
    """The name a person is shown under: the name chosen, else the first spelling met of
    their anchor (the anchor's key itself when never met)."""
    return roster.person(anchor).name or met.get(anchor, anchor)


def _known(roster: Roster, anchor: str, met: Met, field: str) -> Person:
    spelled = _spelled(met)
    holder = roster.keys_of().get(anchor, anchor)
    if holder != anchor:  # a name merged into someone: theirs, no person of its own
        raise GameError(
            "%(name)s is a name of %(holder)s already",
            name=spelled.get(anchor, anchor),
            holder=shown_name(settle(roster, spelled), holder, spelled),
            field=field,
        )
    if anchor not in roster.people and anchor not in spelled:
        raise GameError("no such player in this club", field=field)
    return roster.person(anchor)


def _with(roster: Roster, *people: Person, without: str | None = None) -> Roster:
    kept = {a: p for a, p in roster.people.items() if a != without}
    kept.update({p.anchor: p for p in people})
    return Roster(kept)


def merge(roster: Roster, met: Met, into: str, other: str) -> Roster:
    """Person `other` is person `into`: every name of theirs now belongs to `into`."""
    if into == other:
        raise GameError("choose two different players to merge", field="other")
    kept = _known(roster, into, met, "into")
    gone = _known(roster, other, met, "other")
    joined = changed(kept, keys=kept.keys | gone.keys, hidden=kept.hidden or gone.hidden)
    return _with(roster, joined, without=other)


def split(roster: Roster, anchor: str, key: str) -> Roster:
    """Name key `key` leaves the person it was merged into: a person of its own again."""
    person = roster.people.get(anchor)
    if person is None or key not in person.keys:
        raise GameError("that name is not merged into this player", field="name")
    if key == anchor:
        raise GameError("a player's first name stays theirs: split the others off", field="name")
    # a name chosen from the spelling split off goes with it: no two show under one name
    name = None if person.name and name_key(person.name) == key else person.name
    return _with(roster, changed(person, keys=person.keys - {key}, name=name))


def names_held(roster: Roster, met: Met) -> dict[str, str]:
    """Every name key a person goes by (each name merged in, and the name shown under),
    with that person's anchor."""
    spelled = _spelled(met)
    held = {key: key for key in spelled}  # a name met is its own person's, or ...
    held.update(roster.keys_of())  # ... the person's it is merged into
    for person in roster.people.values():
        if person.name:
            held[name_key(person.name)] = person.anchor
    return held


def rename(roster: Roster, met: Met, anchor: str, name: str) -> Roster:
    """The name a person is shown under: none that another person goes by (any name of
    theirs: merged in, or shown under)."""
    spelled = _spelled(met)
    person = _known(roster, anchor, spelled, "player")
    clean, problem = name_problem(name)
    if problem:
        raise GameError("the new name %(problem)s", problem=problem, field="name")
    shown = settle(roster, spelled)
    if clean == shown_name(shown, anchor, spelled):  # a rename that renames nothing
        raise GameError(
            "%(name)s is this player's name already: nothing to rename", name=clean, field="name"
        )
    holder = names_held(shown, spelled).get(name_key(clean), anchor)
    if holder != anchor:
        raise GameError(
            "%(name)s is a name of %(holder)s already",
            name=clean,
            holder=shown_name(shown, holder, spelled),
            field="name",
        )
    return _with(roster, changed(person, name=clean))


def hide(roster: Roster, met: Met, anchor: str, hidden: bool) -> Roster:
    """Whether a person keeps off the club's public lists."""
    person = _known(roster, anchor, met, "player")
    return _with(roster, changed(person, hidden=hidden))


# The manager's changes to a roster, each kept with the roster before it for an undo.
CHANGES = ("merge", "split", "rename", "hide")


def dumps(roster: Roster) -> str:
    """The roster as one JSON text, as the store and the club file keep it."""
    people = [
        {"anchor": p.anchor, "names": sorted(p.keys), "name": p.name, "hidden": p.hidden}
        for p in sorted(roster.people.values(), key=lambda p: p.anchor)
    ]
    return json.dumps(people, ensure_ascii=False, sort_keys=True)


def _stored_person(row: object) -> Person:
    """One person of a roster the store holds, read leniently (TypeError: no player)."""
    if not isinstance(row, dict):
        raise TypeError("not a player")
    anchor = name_key(row["anchor"])
    name = row.get("name")
    if not anchor or not isinstance(name, str | None):
        raise TypeError("not a player")
    if name is not None and name_problem(name)[1]:  # broken text an older version let in:
        name = None  # shown under its first spelling until the manager renames it
    return Person(
        anchor,
        frozenset(name_key(k) for k in row["names"]) | {anchor},
        name,
        bool(row.get("hidden", False)),
    )


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
    """A roster from its JSON text, as a file brings it: a GameError names a part that
    is not one, or a name that two players hold."""
    try:
        rows = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise GameError("the roster is not a list of players", field="roster") from err
    if not isinstance(rows, list):
        raise GameError("the roster is not a list of players", field="roster")
    people = [_person(row, i) for i, row in enumerate(rows, 1)]
    placed: dict[str, str] = {}
    for person in people:
        for key in sorted(person.keys):
            if key in placed:
                raise GameError(
                    "%(name)s belongs to two players in the roster: %(one)s and %(other)s",
                    name=key,
                    one=placed[key],
                    other=person.anchor,
                    field="roster",
                )
            placed[key] = person.anchor
    roster = Roster({p.anchor: p for p in people})
    check_names(roster, ())
    return roster


def check_names(roster: Roster, met: Iterable[str]) -> None:
    """A roster brought in whole (a club file): no person shown under a name another
    person goes by (`met`: the name keys of its games); a GameError names both."""
    held = {key: key for key in met}
    held.update(roster.keys_of())
    for person in sorted(roster.people.values(), key=lambda p: p.anchor):
        if not person.name:
            continue
        key = name_key(person.name)
        holder = held.setdefault(key, person.anchor)
        if holder != person.anchor:
            raise GameError(
                "%(name)s belongs to two players in the roster: %(one)s and %(other)s",
                name=person.name,
                one=holder,
                other=person.anchor,
                field="roster",
            )


def read(text: str) -> Roster:
    """A roster as the store keeps it, whatever an older version wrote: a row that is no
    player is left out, and a name two people hold is given to one, the same one every
    time (the person it is the anchor of, else the first by anchor), so every page shows
    and the manager can mend it."""
    try:
        rows = json.loads(text)
    except ValueError:
        return EMPTY
    found: dict[str, Person] = {}
    for row in rows if isinstance(rows, list) else ():
        try:
            person = _stored_person(row)
        except (ValueError, TypeError, KeyError, AttributeError):
            continue
        found.setdefault(person.anchor, person)
    holder: dict[str, str] = {}
    for anchor in sorted(found):
        for key in found[anchor].keys:
            holder.setdefault(key, key if key in found else anchor)
    return Roster(
        {
            a: changed(p, keys=frozenset(k for k in p.keys if holder[k] == a))
            for a, p in sorted(found.items())
        }
    )
