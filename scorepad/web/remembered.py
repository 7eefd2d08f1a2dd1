"""What a browser remembers, in its signed session cookie: seven lists, newest first, and
the one rule that keeps the cookie under the 4 KB a browser keeps of it.

- `games`: the ids of the games it started, opened or imported (the games list);
- `events`: the ids of the club nights it created or directed (the director's links);
- `followed`: the screen ids of the nights it followed (their games count in its stats);
- `seats`: the [token, secret] of the seat links it holds (`secret` proves it to the
  store, which keeps only its hash);
- `clubs`: the ids of the clubs it manages (created, or opened by the manager's link);
- `cards`: the [members id, card key] of the player cards it said "This is me" on;
- `presets`: the [name, rules] of the presets saved on it (`rules`: the JSON of the
  house rules that differ from the defaults, docs/rules.md).

Names stay out of the cookie: a night's or a club's name is read from the database when
a page lists it (a name in Chinese or Arabic is three bytes a letter in UTF-8, and was
six as JSON's \\uXXXX escape), and the cookie's JSON is written as UTF-8 (security.py).

Each list keeps at most its newest `cap` entries. The rule for the whole cookie: before
it is written, if the signed cookie would pass BUDGET bytes, the oldest entries go: seats,
games, followed nights, cards and presets, each down to its newest `floor`; then, should
it still not fit, below the floors in the same order. The director's and manager's links
(`events`, `clubs`) go last of all, and never without a word: the phone is told on its
next page which links it could not keep. A browser past 4 KB is not told: it drops the
cookie, and with it a new game or the seat it just claimed. The lists stay in the
cookie: a GET request never writes the database.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from flask import session

from .words.remembered import links_dropped

BUDGET = 3500  # bytes of the signed value; the name and attributes add some 100


@dataclass(frozen=True)
class Kept:
    """One list: its key in the session, the most it keeps, the least the rule leaves."""

    key: str
    cap: int
    floor: int


SEATS = Kept("seats", 24, 4)  # some 50 bytes each; a seat of a finished game goes first
GAMES = Kept("games", 100, 20)  # some 25 bytes each
FOLLOWED = Kept("followed", 10, 3)
EVENTS = Kept("events", 20, 5)  # the director's link: an event's id, some 25 bytes
CLUBS = Kept("clubs", 10, 3)  # the manager's link: a club's id, some 25 bytes
CARDS = Kept("cards", 6, 2)  # [club's members id, card key]: "This is me" on a card
PRESETS = Kept("presets", 8, 2)  # [name, rules JSON]: some 100 bytes each
DROPPED_FIRST = (SEATS, GAMES, FOLLOWED, CARDS, PRESETS)
LINKS = (EVENTS, CLUBS)  # a manager's or director's link: dropped last, and said


def _entries(kept: Kept, shape: Callable[[Any], bool]) -> list[Any]:
    found = session.get(kept.key, [])
    if kept is SEATS and isinstance(found, dict):  # as cookies kept it before: a dict
        found = [[token, secret] for token, secret in found.items()]
    return [e for e in found if shape(e)] if isinstance(found, list) else []


def _ids(kept: Kept) -> list[str]:
    """A list of ids; an entry as cookies kept it before ([id, name]) read as its id."""
    found = _entries(kept, lambda e: isinstance(e, str) or _pair(e))
    return [e if isinstance(e, str) else e[0] for e in found]


def _pair(entry: Any) -> bool:
    return isinstance(entry, list) and len(entry) == 2 and all(isinstance(v, str) for v in entry)


def _put(kept: Kept, entry: Any, known: list[Any], same: Callable[[Any], bool]) -> None:
    """`entry` first on its list, once; the list cut to its cap."""
    if known[:1] == [entry]:
        return  # already first: leave the cookie as it is
    session[kept.key] = [entry, *(e for e in known if not same(e))][: kept.cap]
    session.permanent = True


def _drop(kept: Kept, known: list[Any], same: Callable[[Any], bool]) -> None:
    if any(same(e) for e in known):
        session[kept.key] = [e for e in known if not same(e)]


def remembered_games() -> list[str]:
    """The ids of the games this browser started, opened or imported."""
    return _entries(GAMES, lambda e: isinstance(e, str))


def remember_game(game_id: str) -> None:
    """Keep a game on this browser's list (newest first). Most pages are of the game
    opened last: first on the list already, the list is not read through (up to 100)."""
    found = session.get(GAMES.key)
    if isinstance(found, list) and found[:1] == [game_id]:
        return
    _put(GAMES, game_id, remembered_games(), lambda e: e == game_id)


def forget_game(game_id: str) -> None:
    """Take a game off this browser's list (it was deleted)."""
    _drop(GAMES, remembered_games(), lambda e: e == game_id)


def events() -> list[str]:
    """The ids of the events this browser created or directed, newest first."""
    return _ids(EVENTS)


def remember_event(event_id: str) -> None:
    """Keep an event on this browser's list (newest first): the director's way back."""
    _put(EVENTS, event_id, events(), lambda e: e == event_id)


def followed() -> list[str]:
    """The screen ids of the events this browser followed, newest first."""
    return _entries(FOLLOWED, lambda e: isinstance(e, str))


def follow(view_token: str) -> None:
    """Keep an event on this browser's list (newest first) by its screen id."""
    _put(FOLLOWED, view_token, followed(), lambda e: e == view_token)


def seat_secret(token: str) -> str | None:
    """The secret this browser keeps for a seat link, if it claimed it."""
    return next((secret for held, secret in _entries(SEATS, _pair) if held == token), None)


def hold_seat(token: str, secret: str) -> None:
    """Keep the secret of a seat this browser just claimed (newest first)."""
    _put(SEATS, [token, secret], _entries(SEATS, _pair), lambda e: e[0] == token)


def forget_seat(token: str) -> None:
    """Let go of a seat link that no longer works (its game is over, deleted, or the
    scorer turned seat links off)."""
    _drop(SEATS, _entries(SEATS, _pair), lambda e: e[0] == token)


def _cut(held: MutableMapping[str, Any], kept: Kept, keep: int, over: int) -> int:
    """Drop about `over` bytes of `kept`'s oldest entries, down to `keep` at least (an
    entry's text is about its bytes in the cookie): how many went."""
    found = held.get(kept.key)
    if not isinstance(found, list) or len(found) <= keep:
        return 0
    cut, freed = len(found), 0
    while cut > keep and freed < over:
        cut -= 1
        freed += len(str(found[cut])) + 2
    held[kept.key] = found[:cut]
    return len(found) - cut


def fit(held: MutableMapping[str, Any], size: Callable[[], int]) -> None:
    """Drop the oldest entries of the lists until `size()` (the cookie as it would be
    signed now) is at most BUDGET: the rule at the top of this module."""
    if isinstance(held.get(SEATS.key), dict):  # as cookies kept it before
        held[SEATS.key] = [[token, secret] for token, secret in held[SEATS.key].items()]
    over = size() - BUDGET
    for least in ("floor", "none"):
        for kept in DROPPED_FIRST:
            # Measure again after each cut: a few signings, not one an entry.
            while over > 0 and _cut(held, kept, kept.floor if least == "floor" else 0, over):
                over = size() - BUDGET
    # Last of all the director's and manager's links, each cut said in words on the
    # phone's next page (the words take room too: they are measured with the rest).
    dropped, said = dict.fromkeys((EVENTS.key, CLUBS.key), 0), None
    while over > 0:
        cut = next((k for k in LINKS if held.get(k.key)), None)
        if cut is None:
            break
        flashes = [f for f in held.get("_flashes", []) if f is not said]
        dropped[cut.key] += _cut(held, cut, 0, over)
        said = ("error", links_dropped(dropped[EVENTS.key], dropped[CLUBS.key]))
        held["_flashes"] = [*flashes, said]
        over = size() - BUDGET


def club_ids() -> list[str]:
    """The ids of the clubs this browser manages, newest first."""
    return _ids(CLUBS)


def remember_club(club_id: str) -> None:
    """Keep a club on this browser's list (newest first): the manager's way back."""
    _put(CLUBS, club_id, club_ids(), lambda e: e == club_id)


def forget_club(club_id: str) -> None:
    """Take a club off this browser's list (its manager's link was replaced)."""
    _drop(CLUBS, club_ids(), lambda e: e == club_id)


def cards() -> list[list[str]]:
    """The [club's members id, card key] of the cards this browser said were its own."""
    return _entries(CARDS, _pair)


def held_card() -> list[str] | None:
    """The [club's members id, card key] of the card this browser said "This is me" on
    last: the foot of every page links it and its club (base.html)."""
    held = cards()
    return held[0] if held else None


def cards_held() -> int:
    """How many cards this browser holds (more than one: the foot links them all, on the
    clubs page)."""
    return len(cards())


def hold_card(members: str, card: str) -> None:
    """ "This is me": the card is this browser's own in its club (one a club)."""
    _put(CARDS, [members, card], cards(), lambda e: e[0] == members)


def move_card(old: str, new: str) -> None:
    """The card this browser holds in a club whose members' link was replaced: kept
    under the new link."""
    held = dict(cards()).get(old)
    if held is not None:
        drop_card(old)
        hold_card(new, held)


def forget_event(event_id: str) -> None:
    """Take an event off this browser's list (its director's link was replaced)."""
    _drop(EVENTS, events(), lambda e: e == event_id)


def drop_card(members: str) -> None:
    """ "This is not me": the browser holds no card of that club."""
    _drop(CARDS, cards(), lambda e: e[0] == members)


def forget_card(members: str, card: str | None = None) -> None:
    """A card link (or, `card` None, a members' link) that finds nothing any more (it was
    replaced on another phone, or its club deleted): the foot's "My card" and "My club"
    stop leading to it once it is opened."""
    _drop(CARDS, cards(), lambda e: e[0] == members and card in (None, e[1]))


def presets() -> list[list[str]]:
    """The [name, rules JSON] of the presets saved on this browser, newest first."""
    return _entries(PRESETS, _pair)


def keep_preset(name: str, rules: str) -> None:
    """Save a preset on this browser (newest first; a preset of the same name replaced)."""
    _put(PRESETS, [name, rules], presets(), lambda e: e[0] == name)


def drop_preset(name: str) -> None:
    """Forget a preset saved on this browser."""
    _drop(PRESETS, presets(), lambda e: e[0] == name)
