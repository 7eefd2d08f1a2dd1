"""The words a director's change flashes once done, the night's views' own refusals (a
form sent incomplete), and the results card's lines: one place."""

from __future__ import annotations

from collections.abc import Sequence

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import ngettext

from ...core.errors import GameError
from ...core.standings import Row
from . import number, plural, signed
from .core_words import file_refusal


def checked_in(names: str) -> str:
    return _("%(names)s in.", names=names)


def not_checked_in(label: str, problem: str) -> str:
    return _("Not checked in: %(field)s: %(problem)s", field=label, problem=problem)


def you_are_in(names: str) -> str:
    return _("%(names)s: you are checked in. See you at your table.", names=names)


def here(back: bool) -> str:
    return _("Back in the draw.") if back else _("Gone home: not drawn again.")


def earlier_in(count: int) -> str:
    return ngettext(
        "%(num)d checked in: they play from the next round drawn.",
        "%(num)d checked in: they play from the next round drawn.",
        count,
    )


def drawn() -> str:
    return _("Round drawn: check it, change it if needed, then start it.")


def swapped() -> str:
    return _("Swapped.")


def reseated(table: int, arriving: str, leaving: str, swapped: bool) -> str:
    if swapped:
        return _(
            "Table %(table)d: %(arriving)s changed seats with %(leaving)s.",
            table=table,
            arriving=arriving,
            leaving=leaving,
        )
    return _(
        "Table %(table)d: %(arriving)s sits in for %(leaving)s.",
        table=table,
        arriving=arriving,
        leaving=leaving,
    )


def cancelled() -> str:
    return _("Draw cancelled.")


def imported() -> str:
    return _("Club night imported.")


def started() -> str:
    return _("Round started: every table has its game.")


def closed() -> str:
    return _("Round closed: every table's game is over.")


def winner_named(table: int) -> str:
    return _("Table %(table)d: the winner is named.", table=table)


def playoff_drawn(first: bool) -> str:
    if first:
        return _("Playoff drawn: start it when the tables are ready.")
    return _("Next playoff round drawn: start it when the tables are ready.")


def time_called() -> str:
    return _("Time called: each table finishes the hand in play.")


def table_ended(table: int) -> str:
    return _("Table %(table)d's game ended.", table=table)


def slip_result(table: int) -> str:
    return _("Table %(table)d: the slip's result is entered.", table=table)


def slip_hand(table: int) -> str:
    return _("Table %(table)d: the hand from the slip is entered.", table=table)


def incomplete() -> str:
    """A form sent without the revision its page showed."""
    return _("the form was incomplete: reload the page")


def not_done_incomplete() -> str:
    return _("Not done: the form was incomplete: reload the page.")


def game_gone() -> str:
    return _("that game is gone")


def choose_two() -> str:
    return _("choose two entrants")


def choose_seat() -> str:
    return _("choose a seat")


def who_sits(problem: str) -> str:
    return _("who sits there now: %(problem)s", problem=problem)


def choose_side() -> str:
    return _("choose the side that goes through")


def tick_who() -> str:
    return _("tick who to check in")


def out_of_date() -> str:
    return _("that list is out of date: tick them again")


def not_whole(what: str, found: str) -> str:
    """A slip's number that is not a whole number."""
    return _("%(what)s must be a whole number, not %(found)s", what=what, found=found)


def out_of_range(what: str, low: int, high: int, found: str) -> str:
    """A slip's whole number past what the slip takes."""
    return _(
        "%(what)s must be from %(low)s to %(high)s, not %(found)s",
        what=what,
        low=number(low),
        high=number(high),
        found=found,
    )


def not_a_bid(seat: int, found: str) -> str:
    """A slip's bid that is none: not a number of tricks, nil or blind nil."""
    return _(
        "seat %(number)d's bid must be a number of tricks, nil or blind nil, not %(found)s",
        number=seat + 1,
        found=found,
    )


def side_total(side: int) -> str:
    return _("side %(number)d's total", number=side + 1)


def side_bags(side: int) -> str:
    return _("side %(number)d's bags", number=side + 1)


def seat_tricks(seat: int) -> str:
    return _("seat %(number)d's tricks", number=seat + 1)


def seat_bid_missing(seat: int) -> str:
    return _("seat %(number)d's bid is missing", number=seat + 1)


def seat_tricks_missing(seat: int) -> str:
    return _("seat %(number)d's tricks are missing", number=seat + 1)


def revision_sent() -> str:
    """What a slip form's revision is, when it is not a number."""
    return _("the form was incomplete: reload; it")


def not_imported(err: GameError) -> str:
    """Why an event file was not brought in: refused whole, in the page's language; a
    part of it, in the file readers' English (`file_refusal`)."""
    return _("This file was not imported: %(why)s", why=file_refusal(err))


def entrant_twice() -> str:
    return _("This file was not imported: it names an entrant twice")


def figures(row: Row, order: Sequence[str]) -> str:
    """A row's figures in the order the standings read them: '3 won, +253 diff, 3 bags'."""
    words = {
        "wins": lambda: ngettext("%(num)d won", "%(num)d won", row.wins),
        "vp": lambda: _("%(vp)d vp", vp=row.vp),
        "diff": lambda: _("%(diff)s diff", diff=signed(row.diff)),
        "points": lambda: _("%(points)s pts", points=number(row.points)),
        "bags": lambda: plural(row.bags, "bag"),
    }
    return ", ".join(words[key]() for key in order)


def playoff_winner(name: str) -> str:
    return _("Playoff winner: %(name)s", name=name)


def standings_by(keys: str) -> str:
    return _("Standings by %(keys)s", keys=keys)


def and_more(count: int) -> str:
    return _("and %(count)d more", count=count)


def share_label() -> str:
    return _("Share the results")


def share_link() -> str:
    return _("The results card as an image")


def rules_below() -> str:
    """The new-night form's rules: those of its own fields."""
    return _("the rules below")


def game_rules(sides: str, target: int) -> str:
    """A game whose rules a night may take: 'Ann & Bo vs Cy & Di, to 500'."""
    return _("%(sides)s, to %(target)d", sides=sides, target=target)


def no_club() -> str:
    return _("No club")
