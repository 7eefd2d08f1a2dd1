"""Words for what a club night's table may not do to its game (web/powers.py decides)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import ngettext

from . import and_list

# What the director keeps, as the refusal names it: "only the director can ...".
DIRECTORS: Mapping[str, Callable[[], str]] = {
    "settings": lambda: _("change its names, seats or house rules"),
    "delete": lambda: _("delete it"),
    "end": lambda: _("end it now (the director's page has End this game)"),
    "rematch": lambda: _("start a rematch: a rematch is outside the night"),
}


def rematch_outside() -> str:
    """The game page's note beside a club night game's rematch."""
    return _("A rematch is outside the night: it would count for nothing in its standings.")


def directors_only(action: str, round: int, table: int) -> str:
    """A table's phone asked for what the director keeps."""
    what = DIRECTORS.get(action, lambda: _("do that"))()
    return _(
        "This is the club night's game of round %(round)d, table %(table)d: only the "
        "director can %(what)s. Nothing was changed.",
        round=round,
        table=table,
        what=what,
    )


def closed(round: int, table: int) -> str:
    """The game of a round that is over, asked to change by its table's phone."""
    return _(
        "Round %(round)d is over: the game of table %(table)d is closed and nothing more is "
        "saved here. If a hand needs fixing, ask the director to reopen this table.",
        round=round,
        table=table,
    )


def closed_short(round: int) -> str:
    """What the game page of a closed table says where its hand forms were."""
    return _(
        "Round %(round)d is over: this game is closed. If a hand needs fixing, ask the "
        "director to reopen this table.",
        round=round,
    )


def rounds_text(numbers: tuple[int, ...]) -> str:
    """'round 3', 'rounds 3 and 4', 'rounds 2, 3 and 4'."""
    if len(numbers) == 1:
        return _("round %(number)d", number=numbers[0])
    return _("rounds %(numbers)s", numbers=and_list([str(n) for n in numbers]))


def drawn_before(later: tuple[int, ...], changed: bool) -> str:
    """What a reopened table's change did to the rounds drawn since its round."""
    if not later:
        return _("No later round is drawn yet: the next draw uses its game as it is then.")
    drawn = rounds_text(later)
    if not changed:
        return _("Not changed since it was reopened; %(rounds)s drawn since.", rounds=drawn)
    if len(later) == 1:
        return _(
            "Its game changed since: %(rounds)s was drawn on the standings before the "
            "change, and keeps its seating.",
            rounds=drawn,
        )
    return _(
        "Its game changed since: %(rounds)s were drawn on the standings before the "
        "change, and keep their seating.",
        rounds=drawn,
    )


def table_label(round: int, table: int, sides: tuple[str, ...]) -> str:
    """'Round 1, table 2: Ann & Bo vs Cy & Di', a finished table to choose."""
    return _(
        "Round %(round)d, table %(table)d: %(sides)s",
        round=round,
        table=table,
        sides=" vs ".join(sides),
    )


def reopened(round: int, table: int, later: tuple[int, ...]) -> str:
    """The director reopened a table."""
    said = _(
        "Round %(round)d, table %(table)d is open again: its phone can fix and undo its hands.",
        round=round,
        table=table,
    )
    if later:
        drawn = rounds_text(later)
        said += " " + ngettext(
            "%(rounds)s stays as drawn, on the standings before.",
            "%(rounds)s stay as drawn, on the standings before.",
            len(later),
            rounds=drawn[:1].upper() + drawn[1:],
        )
    return said


def closed_again(round: int, table: int) -> str:
    """The director closed a reopened table again."""
    return _(
        "Round %(round)d, table %(table)d is closed again: its phone saves nothing more.",
        round=round,
        table=table,
    )


def no_table(round: int, table: int) -> str:
    """A reopen or close for a table the round does not have."""
    return _(
        "Not done: round %(round)d has no table %(table)d with a game.", round=round, table=table
    )


def still_playing(round: int) -> str:
    """A reopen for a table whose round is still being played."""
    return _(
        "Not done: round %(round)d is still being played, its tables are open to them already.",
        round=round,
    )


def choose_table() -> str:
    """The reopen form sent without a table."""
    return _("Not done: choose the table to reopen.")
