"""What an undo of a roster change does, and what it says (docs/clubs.md).

The store keeps, for each change the manager made, the roster before and after it. An
undo gives back the roster before, with one exception: whether a person keeps off the
public lists is also the person's own choice (their card's toggle, kept apart from the
manager's changes), so a flag the change did not touch stays as it is now; a flag the
change set goes back. What the undo does is said as steps: the change taken back
(`Step.kind`: merge, split, rename, hide, show) and then each person it would put back
on the lists or keep off them (`back_on`, `kept_off`). Pure, like club.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from .club import Person, Roster, settle, shown_name
from .records import changed


class StepKind(Enum):
    """What one step of a change or an undo is."""

    MERGE = "merge"  # `name` merged into `other`
    SPLIT = "split"  # `name` split off from `other`
    RENAME = "rename"  # `other` renamed `name`
    HIDE = "hide"  # `name` kept off the public lists
    SHOW = "show"  # `name` put back on the public lists
    BACK_ON = "back_on"  # the undo puts `name` back on the public lists
    KEPT_OFF = "kept_off"  # the undo keeps `name` off the public lists


@dataclass(frozen=True)
class Step:
    """One step, with the names it is said with (as the roster of its moment shows them)."""

    kind: StepKind
    name: str
    other: str = ""


def _hidden(roster: Roster, key: str) -> bool:
    """Whether the person a name key belongs to keeps off the lists."""
    return roster.person(roster.anchor_of(key)).hidden


def _anchors(roster: Roster, met: Mapping[str, str]) -> list[str]:
    """Every person's anchor: those the roster knows, and each name met of no one's."""
    placed = roster.keys_of()
    return list(dict.fromkeys([*sorted(roster.people), *(k for k in met if k not in placed)]))


def undone(before: Roster, after: Roster, now: Roster) -> Roster:
    """The roster once a change (`before` to `after`) is undone, the roster being `now`:
    `before`, each person's own choice since kept where the change did not set it."""
    people = dict(before.people)
    # every person of `before` that a later roster may hold a choice for: a name merged
    # since keeps the choice of the person it went into
    placed = {*now.keys_of(), *after.keys_of()}
    anchors = set(before.people) | {k for k in placed if before.anchor_of(k) == k}
    for anchor in sorted(anchors):
        was = before.person(anchor)
        if _hidden(after, anchor) != was.hidden:
            continue  # the change set it: it goes back
        hidden = _hidden(now, anchor)
        if hidden != was.hidden:
            people[anchor] = changed(people.get(anchor) or Person(anchor, was.keys), hidden=hidden)
    return Roster(people)


def change_steps(before: Roster, after: Roster, met: Mapping[str, str]) -> list[Step]:
    """What a change did, from the roster before and after it."""
    steps: list[Step] = []
    for anchor in _anchors(before, met):
        into = after.anchor_of(anchor)
        if into != anchor:
            name = shown_name(before, anchor, met)
            steps.append(Step(StepKind.MERGE, name, shown_name(before, into, met)))
    for anchor, person in sorted(before.people.items()):
        for key in sorted(person.keys - {anchor}):
            if after.anchor_of(key) != anchor and after.anchor_of(key) == key:
                name = met.get(key, key)
                steps.append(Step(StepKind.SPLIT, name, shown_name(before, anchor, met)))
    for anchor in _anchors(after, met):
        if before.anchor_of(anchor) != anchor:
            continue  # split off: said above
        old, new = shown_name(before, anchor, met), shown_name(after, anchor, met)
        if old != new and not steps:  # a split's name going with it is the split
            steps.append(Step(StepKind.RENAME, new, old))
        was, now = _hidden(before, anchor), _hidden(after, anchor)
        if was != now and not any(s.kind is StepKind.MERGE for s in steps):
            steps.append(Step(StepKind.HIDE if now else StepKind.SHOW, new))
    return steps


def undo_steps(
    before: Roster, after: Roster, now: Roster, met: Mapping[str, str]
) -> tuple[Step, ...]:
    """What an undo of the change `before` to `after` does, the roster being `now`: the
    change it takes back, then each person it puts back on the lists or keeps off them
    that the change's own steps do not name."""
    back = settle(undone(before, after, now), met)
    before, after, now = (settle(r, met) for r in (before, after, now))  # as shown
    steps = change_steps(before, after, met)
    said = {s.name for s in steps if s.kind in (StepKind.HIDE, StepKind.SHOW)}
    for anchor in _anchors(back, met):
        was, will = _hidden(now, anchor), _hidden(back, anchor)
        name = shown_name(back, anchor, met)
        if was != will and name not in said:
            steps.append(Step(StepKind.KEPT_OFF if will else StepKind.BACK_ON, name))
    return tuple(steps)
