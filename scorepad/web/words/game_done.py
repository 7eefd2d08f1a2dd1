"""A single game's words said by its views (issue 31): what a change flashes once done,
the views' own refusals (a form sent incomplete, a hand not there), the hand form's
field words, and the lines naming a game. The shared outcomes stay in `outcomes.py`."""

from __future__ import annotations

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import lazy_gettext, ngettext


def fixed(number: int, later: bool, played: bool) -> str:
    """Hand `number` fixed: with `later` hands scored again, or a played one, or its bids."""
    if later:
        return _("Hand %(number)d corrected; every later hand was scored again.", number=number)
    if played:
        return _("Hand %(number)d corrected.", number=number)
    return _("The bids of hand %(number)d were changed.", number=number)


def no_hand(number: int) -> str:
    return _("This game has no hand %(number)d.", number=number)


def incomplete(what: str) -> str:
    """A form sent incomplete (a stale page, a lost field), by what it was for."""
    return {
        "delete_hand": _("The form to delete a hand was incomplete."),
        "delete_game": _("The form to delete the game was incomplete."),
        "end": _("The form to end the game was incomplete."),
        "put_back": _("The form to put the hand back was incomplete."),
        "seat_links": _("The form to change seat links was incomplete."),
        "hand_over": _("The form to hand a seat over was incomplete."),
        "take_seat": _("The form to take this seat was incomplete: reload the page and tap again."),
    }[what]


def hand_deleted(
    number: int, bids_kept: bool = False, bid_itself: bool = False, reopened: bool = False
) -> str:
    """Undo's one step: the tricks taken back (`bids_kept`), or the bids (the hand goes:
    it had nothing else); a hand that bid itself (`bid_itself`) had only its tricks.
    `reopened`: the game was over before the undo, and is not now."""
    if bid_itself:
        said = _(
            "Hand %(number)d: its tricks are taken back. Enter the tricks again.", number=number
        )
    elif bids_kept:
        said = _(
            "Hand %(number)d: its tricks are taken back; its bids stay. Enter the tricks again.",
            number=number,
        )
    else:
        said = _("Hand %(number)d: its bids are taken back. Enter the bids again.", number=number)
    if reopened:
        return _("%(said)s The game is no longer over.", said=said)
    return said


def hand_saved(number: int, step: str | None = None) -> str:
    """The same hand form saved before: its `step` ("bids", "tricks") or the hand."""
    if step == "bids":
        return _("Hand %(number)d: the bids are saved.", number=number)
    if step == "tricks":
        return _("Hand %(number)d: the tricks are saved.", number=number)
    return _("Hand %(number)d is saved.", number=number)


def step_moved_on(step: str, next_number: int | None) -> str:
    """A step's form sent after the game moved on (None: it is over)."""
    if step == "bids":
        if next_number is None:
            return _("These bids were not saved: the game is over.")
        return _("These bids were not saved: hand %(number)d moved on.", number=next_number)
    if next_number is None:
        return _("These tricks were not saved: the game is over.")
    return _("These tricks were not saved: hand %(number)d moved on.", number=next_number)


def rematched(new: bool) -> str:
    if new:
        return _("A new game with the same table and rules. Good luck!")
    return _("The rematch of this game was already started: here it is.")


def imported() -> str:
    return _("Game imported.")


def settings_saved() -> str:
    return _("Settings saved; every hand was scored again.")


def ended() -> str:
    return _("The game was ended.")


def put_back(number: int, played: bool) -> str:
    """Hand `number` put back: whole, as played, or only its bids (the undo taken back
    was of its bids: its tricks had been undone before)."""
    if played:
        return _("Hand %(number)d is back, as it was saved.", number=number)
    return _("Hand %(number)d's bids are back, as they were saved.", number=number)


def deals(name: str, number: int) -> str:
    return _(
        "%(name)s deals hand %(number)d; the deal passes on from there.", name=name, number=number
    )


def not_played(number: int) -> str:
    return _(
        "Hand %(number)d has not been played yet: only a played hand can be adjusted.",
        number=number,
    )


def adjusted(number: int, later: bool) -> str:
    """Hand `number` adjusted: with `later` hands scored again."""
    if later:
        return _("Hand %(number)d adjusted; every later hand was scored again.", number=number)
    return _("Hand %(number)d adjusted.", number=number)


def renege_where() -> str:
    return _("A renege is recorded on a played hand of a partnership game.")


def renege_saved(number: int, later: bool) -> str:
    """A renege saved on hand `number`: with `later` hands scored again."""
    if later:
        return _("Hand %(number)d: renege saved; every later hand was scored again.", number=number)
    return _("Hand %(number)d: renege saved.", number=number)


def reneged(name: str) -> str:
    """A renege is a partnership's: the side, a pair, is the subject (Spanish plural)."""
    return ngettext("%(name)s reneged", "%(name)s reneged", 2, name=name)


def links_on(on: bool, over: bool = False) -> str:
    """Seat links turned on or off (`over`: on for a game over, whose seats bid no more)."""
    if on and over:
        return _(
            "Each seat has its own link: its phone shows the result and follows the "
            "rematch. Share the links below."
        )
    if on:
        return _("Each player can now bid from their own phone: share the links below.")
    return _("Seat links turned off: this phone enters every bid.")


def link_unused() -> str:
    return _(
        "This seat link is not in use: the game was deleted, or the scorer turned seat "
        "links off (turning them on again makes new links). Ask the scorer for yours."
    )


def link_of_deleted_game() -> str:
    return _("This game was deleted: its seat links no longer work.")


def links_off() -> str:
    return _("Seat links are off in this game.")


def handed_over() -> str:
    return _("The next phone to tap its name on that seat's link bids for it.")


def bid_in(every: bool) -> str:
    return _("Every bid is in.") if every else _("Your bid is in.")


def tap_first(name: str) -> str:
    return _("Tap “I am %(name)s” on the seat's page first.", name=name)


def live_qr() -> str:
    """The title of the live scoreboard link's QR code (an SVG file of its own)."""
    return _("QR code of the live scoreboard link")


def game_label(sides: str, target: int, day: str) -> str:
    """A game named in a list: 'Ann & Bo vs Cy & Di, to 150 (2026-12-03)'."""
    return _("%(sides)s, to %(target)d (%(day)s)", sides=sides, target=target, day=day)


def taken_from(label: str, players: str, target: int, changed: str) -> str:
    """What a new game took from another (`changed`: its house rules not the usual)."""
    if changed:
        return _(
            "Taken from %(game)s: the players %(players)s, target %(target)d, house rules "
            "%(rules)s. Change anything before you start.",
            game=label,
            players=players,
            target=target,
            rules=changed,
        )
    return _(
        "Taken from %(game)s: the players %(players)s, target %(target)d, the usual house "
        "rules. Change anything before you start.",
        game=label,
        players=players,
        target=target,
    )


# The hand form's words, made once a table shape (its class is cached): lazy, said in
# the language of the request that shows them.
def bid_label(name: str) -> str:
    return lazy_gettext("%(name)s bid", name=name)  # type: ignore[return-value]


def bid_missing(name: str) -> str:
    return lazy_gettext("%(name)s's bid is missing", name=name)  # type: ignore[return-value]


def bid_other(name: str) -> str:
    return lazy_gettext(  # type: ignore[return-value]
        "%(name)s's bid must be one of the choices shown", name=name
    )


def tricks_label(name: str) -> str:
    return lazy_gettext("%(name)s tricks", name=name)  # type: ignore[return-value]


def tricks_missing(name: str) -> str:
    return lazy_gettext("%(name)s's tricks are missing", name=name)  # type: ignore[return-value]


def tricks_other(name: str, top: int) -> str:
    return lazy_gettext(  # type: ignore[return-value]
        "%(name)s's tricks must be a number from 0 to %(top)d", name=name, top=top
    )


GAME_FILE = lazy_gettext("Game file")
CHOOSE_GAME_FILE = lazy_gettext("choose a game file")
IMPORT_AGAIN = lazy_gettext("Import it again all the same (a second copy of the same game)")
