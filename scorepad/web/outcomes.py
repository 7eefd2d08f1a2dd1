"""The words for what a game command answered instead of a fresh game (the store's
outcomes carry none), for what the seat phones are told, and reading a confirmation
back from a form."""

from __future__ import annotations

from flask import request

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import lazy_gettext as _l
from scorepad.web.catalogue import ngettext

from ..store.commands import Confirm
from ..store.outcomes import (
    AlreadySaved,
    GameOver,
    NoSeat,
    NotOver,
    Outcome,
    RemovesHands,
    SeatHeld,
    SeatTaken,
    Stale,
    TableClosed,
)
from ..store.storage import StoredGame
from .words import hands_span
from .words.game_done import hand_saved
from .words.powers import closed

STALE = _l(
    "This game was changed on another phone meanwhile. Here it is as it is now; "
    "make your change again if it is still needed."
)
STALE_SHORT = _l("the game was changed on another phone meanwhile;")


def changed(number: int) -> str:
    """What a phone whose form is older than the stored hand is told."""
    return _(
        "Hand %(number)d was changed on another phone meanwhile. "
        "Here it is as it was saved; make your change again if it is still needed.",
        number=number,
    )


def _stale(outcome: Stale) -> str:
    if outcome.why == "seat":
        return _seat_taken(outcome)
    n = outcome.number or 0
    if outcome.why == "changed":
        return changed(n)
    said = _STALE_WHY.get(outcome.why or "")
    return str(STALE) if said is None else str(said) % {"n": n}


# Why a command found the game changed; the very same bids sent twice are AlreadySaved:
# "entered" bids differ from the saved ones.
_STALE_WHY = {
    "entered": _l(
        "Hand %(n)d's bids were already saved on another phone, and they are not "
        "the ones you chose: yours were not saved. Here is the hand as it was saved."
    ),
    "undone": _l(
        "Hand %(n)d's bids were not saved: an earlier hand was undone on another "
        "phone meanwhile. Here is the game as it is now."
    ),
    "gone": _l("Hand %(n)d is no longer in this game: the hand changed on another phone."),
    "played": _l(
        "These tricks were not saved: no hand is waiting for its tricks (it was "
        "saved or undone on another phone)."
    ),
    "not_last": _l(
        "Hand %(n)d was not deleted: a later hand was entered on another phone "
        "meanwhile (only the last hand can be deleted)."
    ),
    "bid": _l("Hand %(n)d was bid meanwhile: it changed on another phone."),
    "seated": _l(
        "Hand %(n)d's bids were not saved: the players at the table were changed "
        "meanwhile (a name or a seat). Here is the hand with everyone where they sit "
        "now; enter the bids again."
    ),
    "bidding": _l(
        "Hand %(n)d is no longer the hand being bid (it changed on another phone meanwhile)."
    ),
    "put_back": _l("Hand %(n)d was not put back: the game changed since it was undone."),
}


def _seat_taken(outcome: Stale) -> str:
    """A tap on "I am Alice" for a seat whose player was changed meanwhile."""
    return _(
        "This seat is %(name)s's now: the players were changed "
        "on the scorer's phone meanwhile. Tap again if that is you.",
        name=_player(outcome, outcome.number),
    )


def _player(outcome: Outcome, seat: int | None) -> str:
    stored = outcome.stored
    return (
        _("another player") if stored is None or seat is None else stored.game.table.players[seat]
    )


def say(outcome: Outcome) -> str:
    """The sentence a phone is shown for an outcome."""
    if isinstance(outcome, AlreadySaved):  # sent again (a retry, a phone's outbox): kept once
        return hand_saved(outcome.number)
    if isinstance(outcome, Stale):
        return _stale(outcome)
    if isinstance(outcome, GameOver):
        return _("Not saved: the game is over.")
    if isinstance(outcome, TableClosed):  # the round closed while the page was open
        return closed(outcome.round, outcome.table)
    if isinstance(outcome, NotOver):
        return _("No rematch yet: this game is not finished yet: a rematch starts after its end.")
    if isinstance(outcome, SeatTaken):
        name = outcome.stored.game.table.players[outcome.seat] if outcome.stored else _("A seat")
        return _(
            "%(name)s's bid came in from %(name)s's phone meanwhile; nothing was saved.", name=name
        )
    if isinstance(outcome, SeatHeld):
        name = _player(outcome, outcome.seat)
        return _(
            "%(name)s's seat is held by another phone: %(name)s's bid is made there. "
            "If this phone should bid for %(name)s, ask the scorer to hand the seat over.",
            name=name,
        )
    if isinstance(outcome, NoSeat):
        return _("That seat has no link in this game (seat links may have been turned off).")
    if isinstance(outcome, RemovesHands):
        return ngettext(  # "it": one hand; "them": more
            "after this change the game is over at hand %(number)d, so "
            "%(hands)s would be removed; confirm to remove it",
            "after this change the game is over at hand %(number)d, so "
            "%(hands)s would be removed; confirm to remove them",
            len(outcome.numbers),
            number=outcome.numbers[0] - 1,
            hands=hands_span(outcome.numbers),
        )
    return _("There is no game at this address any more: nothing was saved.")


def confirmed() -> Confirm | None:
    """The removal a form confirms, as its page showed it: "revision:5,6"; None if none."""
    sent = request.form.get("confirm_removal", "")
    revision, _colon, numbers = sent.partition(":")
    try:
        return int(revision), tuple(int(n) for n in numbers.split(",") if n)
    except ValueError:
        return None


def confirm_value(removes: RemovesHands) -> str:
    """What the "Remove hands and save" button sends back: the revision and the hands."""
    return f"{removes.revision}:{','.join(str(n) for n in removes.numbers)}"


# --- the seat phones: why waiting bids went, and a side's bids that must change

NOTICE = {
    "undo": _l("a hand was undone"),
    "put_back": _l("a hand was put back"),
    "fix": _l("an earlier hand was fixed"),
    "dealer": _l("the dealer was changed"),
    "settings": _l("the game's rules were changed"),
    "seated": _l("the players at the table were changed"),
    "over": _l("the game was ended"),
}
SIDE_RULE = {
    "min_side_bid": _l("together you must bid at least {n}"),
    "double_nil": _l("you may not both bid nil in this game"),
    "suicide": _l("exactly one of you must bid nil"),
}


def notice_text(stored: StoredGame, notice: str | None) -> str:
    """Why waiting bids went, for every seat phone: the change and whose bids."""
    if not notice:
        return ""
    why, _colon, seats_gone = notice.partition(":")
    names = [stored.game.table.players[int(s)] for s in seats_gone.split(",") if s]
    whose = ", ".join(names) or _("Some players")
    because = str(NOTICE.get(why) or _("the game changed"))
    return _(
        "%(whose)s: your bid no longer counts because %(because)s. Bid again.",
        whose=whose,
        because=because,
    )


def refusal_text(stored: StoredGame, refusal: tuple[int | None, str] | None) -> str:
    """What every phone is told when a side's bids break a rule of the whole side: that
    one of them must change, and the rule (no bid is named: they are still hidden)."""
    if refusal is None:
        return ""
    side, rule = refusal
    if side is None:  # the table's bids together (min_table_bid)
        return _(
            "All bids are in, but together they come to less than this game needs: at "
            "least %(least)d. One must change.",
            least=stored.game.rules.min_table_bid,
        )
    why = str(SIDE_RULE.get(rule) or _("the rules refuse these bids")).format(
        n=stored.game.rules.min_side_bid
    )
    return _(
        "All bids are in, but %(name)s must change one: %(why)s.",
        name=stored.score().sides[side].name,
        why=why,
    )


def deleted() -> str:
    """A game deleted from its settings (a club night's by its director)."""
    return _("The game was deleted.")
