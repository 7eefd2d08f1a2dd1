"""The hand-by-hand table as CSV that opens cleanly in a spreadsheet, its headings in the
phone's language (words/downloads.py)."""

from __future__ import annotations

import csv
import io

from ..store.storage import StoredGame
from .words import bid_text
from .words import downloads as words

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> object:
    """A number as it is; text a spreadsheet would run as a formula gets a leading
    apostrophe, so a name like '=1+1' or '-Ben' stays text."""
    if value is None:
        return ""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def hands_csv(stored: StoredGame) -> str:
    """Number, dealer, each seat's bid and tricks, each side's points, total, bags and
    adjustment, note."""
    score, table = stored.score(), stored.game.table
    by_side = any(hand.side_tricks is not None for hand in stored.game.hands)
    header: list[object] = [*words.hand_headings()]
    for name in table.players:
        header += words.seat_headings(name)
    if by_side:
        header += [words.side_tricks_heading(side.name) for side in score.sides]
    for side in score.sides:
        header += words.side_headings(side.name)
    header.append(words.note_heading())
    rows = [header]
    for scored, hand in zip(score.hands, stored.game.hands):
        row: list[object] = [scored.number, table.players[scored.dealer]]
        for seat in range(len(table.players)):
            bid = None if scored.bids is None else scored.bids[seat]  # None: it bid itself
            took = None if scored.tricks is None else scored.tricks[seat]
            row += [bid if isinstance(bid, int) or bid is None else bid_text(bid), took]
        if by_side:
            row += list(hand.side_tricks or (None,) * len(score.sides))
        for result in scored.sides or (None,) * len(score.sides):
            row += (
                [None] * 4
                if result is None
                else [result.points, result.total, result.bags, result.adjust]
            )
        row.append(hand.note)
        rows.append(row)
    out = io.StringIO()
    writer = csv.writer(out)  # the csv module ends each row with CRLF
    writer.writerows([cell(value) for value in row] for row in rows)
    return "\ufeff" + out.getvalue()  # the BOM tells spreadsheets the text is UTF-8
