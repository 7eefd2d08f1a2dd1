"""Words for a person's card (core.card): its milestones, its streak and its records
with partners and opponents, as a person reads them."""

from __future__ import annotations

from ...core.card import (
    DRAWN,
    FIRST_BLIND_NIL,
    FIRST_GAME,
    FIRST_NIGHT,
    FIRST_NIL,
    FIRST_WIN,
    GAMES,
    LOST,
    WON,
    Card,
    Milestone,
    Record,
    Streak,
)
from . import plural

EN_DASH = "\u2013"  # a record's two numbers: '7–3'
FIRSTS = {
    FIRST_GAME: "First game",
    FIRST_WIN: "First win",
    FIRST_NIL: "First nil made",
    FIRST_BLIND_NIL: "First blind nil made",
    FIRST_NIGHT: "First night won",
}
STREAK_VERBS = {WON: "Won", LOST: "Lost", DRAWN: "Drew"}


def milestone_text(milestone: Milestone) -> str:
    """'First blind nil made', '100 games'."""
    if milestone.kind == GAMES:
        return f"{milestone.ordinal} games"
    return FIRSTS[milestone.kind]


def milestone_line(milestone: Milestone) -> str:
    """The milestone and the game it came in: 'First nil made, game 12' ('100 games'
    and 'First night won' say it already)."""
    text = milestone_text(milestone)
    if milestone.kind in (GAMES, FIRST_NIGHT):
        return text
    return f"{text}, game {milestone.ordinal}"


def streak_text(streak: Streak) -> str:
    """'Won the last 3', 'Lost the last game', 'Drew the last 2'; '' before any result."""
    if streak.kind is None:
        return ""
    last = "game" if streak.length == 1 else str(streak.length)
    return f"{STREAK_VERBS[streak.kind]} the last {last}"


def tally_text(record: Record) -> str:
    """'7–3': won and lost."""
    return f"{record.wins}{EN_DASH}{record.losses}"


def partner_text(record: Record) -> str:
    """'7–3 with Cy'."""
    return f"{tally_text(record)} with {record.name}"


def opponent_text(record: Record) -> str:
    """'7–3 against Cy'."""
    return f"{tally_text(record)} against {record.name}"


def results_text(card: Card) -> str:
    """'12 games: 7 won, 4 lost, 1 drawn' (no drawn part without a draw), then
    '2 unfinished' where there are any."""
    parts = [f"{card.wins} won", f"{card.losses} lost"]
    if card.draws:
        parts.append(f"{card.draws} drawn")
    text = f"{plural(card.games, 'game')}: {', '.join(parts)}"
    return f"{text}; {card.unfinished} unfinished" if card.unfinished else text
