"""Player statistics over the games a browser knows, by player name. Pure: scores in, rows out.

A side's results belong to each of its players: in partnership both partners
are credited with the side's contract, points and bags for the hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .model import GameScore
from .names import name_key


def _pct(part: int, whole: int) -> float | None:
    return round(100 * part / whole) if whole else None


@dataclass
class PlayerStats:
    """One player's record across games."""

    name: str
    games: int = 0  # finished games: an unfinished one is no result yet
    won: int = 0
    drawn: int = 0  # finished with no winner (GameScore.winner None)
    unfinished: int = 0
    hands: int = 0
    contracts: int = 0
    contracts_made: int = 0
    nils: int = 0
    nils_made: int = 0
    blind_nils: int = 0
    blind_nils_made: int = 0
    bags: int = 0
    bostons: int = 0  # hands the side bid every trick and took them (SideHand.boston)
    points: int = 0

    @property
    def lost(self) -> int:
        """Finished games neither won nor drawn."""
        return self.games - self.won - self.drawn

    @property
    def contract_pct(self) -> float | None:
        """Share of the hands with a number bid in which the side made its contract."""
        return _pct(self.contracts_made, self.contracts)

    @property
    def nil_pct(self) -> float | None:
        """Share of nil bids kept."""
        return _pct(self.nils_made, self.nils)

    @property
    def blind_nil_pct(self) -> float | None:
        """Share of blind nil bids kept."""
        return _pct(self.blind_nils_made, self.blind_nils)

    @property
    def bags_per_hand(self) -> float | None:
        """Bags the player's side took per hand played."""
        return round(self.bags / self.hands, 2) if self.hands else None

    @property
    def points_per_hand(self) -> float | None:
        """Points the player's side scored per hand played."""
        return round(self.points / self.hands, 1) if self.hands else None


_COUNTS = (
    "games",
    "won",
    "drawn",
    "unfinished",
    "hands",
    "contracts",
    "contracts_made",
    "nils",
    "nils_made",
    "blind_nils",
    "blind_nils_made",
    "bags",
    "bostons",
    "points",
)
GameShare = tuple[tuple[str, PlayerStats], ...]


def _game_result(score: GameScore, side: int, record: PlayerStats) -> None:
    """Count the game once in a record: finished (won, drawn or lost) or unfinished."""
    if score.over:
        record.games += 1
        record.won += score.winner == side
        record.drawn += score.winner is None
    elif any(hand.sides is not None for hand in score.hands):
        record.unfinished += 1


def _seat_hands(score: GameScore, seat: int, record: PlayerStats) -> None:
    """Add a seat's share of every played hand to a record."""
    side = score.table.side_of(seat)
    for hand in score.hands:
        if hand.sides is None:
            continue
        result = hand.sides[side]
        record.hands += 1
        record.bags += result.overtricks + result.nil_bags
        record.bostons += result.boston
        record.points += result.points
        nil = next((n for n in result.nils if n.seat == seat), None)
        if nil is not None and not nil.blind:
            record.nils += 1
            record.nils_made += nil.made
        elif nil is not None:
            record.blind_nils += 1
            record.blind_nils_made += nil.made
        else:
            record.contracts += 1
            record.contracts_made += bool(result.made)


def game_share(score: GameScore, person: Callable[[str], str] = name_key) -> GameShare:
    """One game's share of each of its players' records, as (person key, record); a
    person at two seats (two names `person` merges) counts the game once."""
    found: dict[str, PlayerStats] = {}
    for seat, name in enumerate(score.table.players):
        key = person(name)
        if key not in found:
            found[key] = PlayerStats(name)
            _game_result(score, score.table.side_of(seat), found[key])
        _seat_hands(score, seat, found[key])
    return tuple(found.items())


def add_share(record: PlayerStats, share: PlayerStats) -> None:
    """Add one game's share (only read) to a record."""
    for count in _COUNTS:
        setattr(record, count, getattr(record, count) + getattr(share, count))


def combine(shares: Iterable[GameShare]) -> list[PlayerStats]:
    """Records by player from each game's share (the shares are only read), most games
    first; a player is named as in the first game that has them."""
    found: dict[str, PlayerStats] = {}
    for share in shares:
        for key, part in share:
            add_share(found.setdefault(key, PlayerStats(part.name)), part)
    return sorted(
        (r for r in found.values() if r.games or r.hands),
        key=lambda r: (-r.games, -r.unfinished, r.name.casefold()),
    )


def player_stats(scores: Iterable[GameScore]) -> list[PlayerStats]:
    """Records by player name (case and spaces ignored), most games first; only
    finished games count as won or lost, and a game with no hand played not at all."""
    return combine(game_share(score) for score in scores)
