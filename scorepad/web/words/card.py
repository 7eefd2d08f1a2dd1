"""Words for a person's card (core.card): its milestones, its streak and its records
with partners and opponents, as a person reads them."""

from __future__ import annotations

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import lazy_gettext as _l
from scorepad.web.catalogue import ngettext

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
from ...core.stats import PlayerStats
from .. import numbers
from . import plural

EN_DASH = "\u2013"  # a record's two numbers: '7–3'
FIRSTS = {
    FIRST_GAME: _l("First game"),
    FIRST_WIN: _l("First win"),
    FIRST_NIL: _l("First nil made"),
    FIRST_BLIND_NIL: _l("First blind nil made"),
    FIRST_NIGHT: _l("First night won"),
}
STREAKS = {  # a streak of one game, and of more (never fewer than 2: one word each)
    WON: (_l("Won the last game"), _l("Won the last %(num)d")),
    LOST: (_l("Lost the last game"), _l("Lost the last %(num)d")),
    DRAWN: (_l("Drew the last game"), _l("Drew the last %(num)d")),
}


def milestone_text(milestone: Milestone) -> str:
    """'First blind nil made', '100 games'."""
    if milestone.kind == GAMES:
        return plural(milestone.ordinal, "game")
    return str(FIRSTS[milestone.kind])


def milestone_line(milestone: Milestone) -> str:
    """The milestone and the game it came in: 'First nil made, game 12' ('100 games'
    and 'First night won' say it already)."""
    text = milestone_text(milestone)
    if milestone.kind in (GAMES, FIRST_NIGHT):
        return text
    return _("%(milestone)s, game %(number)d", milestone=text, number=milestone.ordinal)


def streak_text(streak: Streak) -> str:
    """'Won the last 3', 'Lost the last game', 'Drew the last 2'; '' before any result."""
    if streak.kind is None:
        return ""
    one, more = STREAKS[streak.kind]
    return str(one) if streak.length == 1 else str(more) % {"num": streak.length}


def tally_text(record: Record) -> str:
    """'7–3': won and lost."""
    return f"{record.wins}{EN_DASH}{record.losses}"


def partner_text(record: Record) -> str:
    """'7–3 with Cy'."""
    return _("%(tally)s with %(name)s", tally=tally_text(record), name=record.name)


def opponent_text(record: Record) -> str:
    """'7–3 against Cy'."""
    return _("%(tally)s against %(name)s", tally=tally_text(record), name=record.name)


def results_text(card: Card) -> str:
    """'12 games: 7 won, 4 lost, 1 drawn' (no drawn part without a draw), then
    '2 unfinished' where there are any."""
    # one word in English, a past participle agreeing with the count in Spanish
    parts = [
        ngettext("%(num)d won", "%(num)d won", card.wins),
        ngettext("%(num)d lost", "%(num)d lost", card.losses),
    ]
    if card.draws:
        parts.append(ngettext("%(num)d drawn", "%(num)d drawn", card.draws))
    text = f"{plural(card.games, 'game')}: {', '.join(parts)}"
    if card.unfinished:
        return _("%(results)s; %(num)d unfinished", results=text, num=card.unfinished)
    return text


def _share(value: float | None) -> str:
    return "–" if value is None else numbers.percent(value / 100)


def card_facts(
    record: PlayerStats, longest_win: int, nights_won: int
) -> tuple[tuple[str, str], ...]:
    """A card's facts, (what, its value), as the card lists them."""
    bags = "–" if record.bags_per_hand is None else numbers.decimal(record.bags_per_hand, 2)
    return (
        (
            _("Bids made"),
            _("%(share)s of %(num)d", share=_share(record.contract_pct), num=record.contracts),
        ),
        (_("Nils made"), _("%(made)d of %(num)d", made=record.nils_made, num=record.nils)),
        (
            _("Blind nils made"),
            _("%(made)d of %(num)d", made=record.blind_nils_made, num=record.blind_nils),
        ),
        (_("Bags a hand"), bags),
        (_("Bostons"), str(record.bostons)),
        (_("Longest run of wins"), str(longest_win)),
        (_("Nights won"), str(nights_won)),
    )
