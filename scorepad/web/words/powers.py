"""Words for what a club night's table may not do to its game (web/powers.py decides)."""

from __future__ import annotations

# What the director keeps, as the refusal names it: "only the director can ...".
DIRECTORS = {
    "settings": "change its names, seats or house rules",
    "delete": "delete it",
    "end": "end it now (the director's page has End this game)",
    "rematch": "start a rematch: a rematch is outside the night",
}
REMATCH_OUTSIDE = "A rematch is outside the night: it would count for nothing in its standings."


def directors_only(action: str, round: int, table: int) -> str:
    """A table's phone asked for what the director keeps."""
    what = DIRECTORS.get(action, "do that")
    return (
        f"This is the club night's game of round {round}, table {table}: only the "
        f"director can {what}. Nothing was changed."
    )


def closed(round: int, table: int) -> str:
    """The game of a round that is over, asked to change by its table's phone."""
    return (
        f"Round {round} is over: the game of table {table} is closed and nothing more is "
        "saved here. If a hand needs fixing, ask the director to reopen this table."
    )


def closed_short(round: int) -> str:
    """What the game page of a closed table says where its hand forms were."""
    return (
        f"Round {round} is over: this game is closed. If a hand needs fixing, ask the "
        "director to reopen this table."
    )


def rounds_text(numbers: tuple[int, ...]) -> str:
    """'round 3', 'rounds 3 and 4', 'rounds 2, 3 and 4'."""
    if len(numbers) == 1:
        return f"round {numbers[0]}"
    return "rounds " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"


def drawn_before(later: tuple[int, ...], changed: bool) -> str:
    """What a reopened table's change did to the rounds drawn since its round."""
    if not later:
        return "No later round is drawn yet: the next draw uses its game as it is then."
    drawn = rounds_text(later)
    if not changed:
        return f"Not changed since it was reopened; {drawn} drawn since."
    were = "was" if len(later) == 1 else "were"
    return (
        f"Its game changed since: {drawn} {were} drawn on the standings before the "
        "change, and keep their seating."
    )


def table_label(round: int, table: int, sides: tuple[str, ...]) -> str:
    """'Round 1, table 2: Ann & Bo vs Cy & Di', a finished table to choose."""
    return f"Round {round}, table {table}: {' vs '.join(sides)}"


def reopened(round: int, table: int, later: tuple[int, ...]) -> str:
    """The director reopened a table."""
    said = f"Round {round}, table {table} is open again: its phone can fix and undo its hands."
    if later:
        said += f" {rounds_text(later).capitalize()} stay as drawn, on the standings before."
    return said


def closed_again(round: int, table: int) -> str:
    """The director closed a reopened table again."""
    return f"Round {round}, table {table} is closed again: its phone saves nothing more."


def no_table(round: int, table: int) -> str:
    """A reopen or close for a table the round does not have."""
    return f"Not done: round {round} has no table {table} with a game."


def still_playing(round: int) -> str:
    """A reopen for a table whose round is still being played."""
    return f"Not done: round {round} is still being played, its tables are open to them already."


def choose_table() -> str:
    """The reopen form sent without a table."""
    return "Not done: choose the table to reopen."
