"""Player statistics over the games a browser knows, by player name. Pure: scores in, rows out.

A side's results belong to each of its players: in partnership both partners
are credited with the side's contract, points and bags for the hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter

from .model import GameScore
from .names import name_key
from .records import NilResult


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


@dataclass
class _Sides:
    """A game's played hands summed once, for every seat to read its side's part."""

    played: int  # hands played
    unbid: int  # of them, hands that bid themselves (first_hand): no one's contract
    sums: list[list[int]]  # per side: bags, Bostons, points, contracts made
    nils: dict[int, list[tuple[NilResult, bool]]]  # per seat: each nil, its side made?


_OVERTRICKS, _NIL_BAGS, _BOSTON, _POINTS, _MADE, _NILS = (
    attrgetter(name) for name in ("overtricks", "nil_bags", "boston", "points", "made", "nils")
)


def _sides(score: GameScore) -> _Sides:
    # Summed a side at a time by the builtins: a club's cards read every hand of every game.
    played = [hand.sides for hand in score.hands if hand.sides is not None]
    unbid = sum(1 for hand in score.hands if hand.sides is not None and hand.bid_itself)
    found = _Sides(len(played), unbid, [], {})
    for side in range(len(score.table.sides)):
        results = [each[side] for each in played]
        bags = sum(map(_OVERTRICKS, results)) + sum(map(_NIL_BAGS, results))
        made = sum(map(bool, map(_MADE, results)))
        found.sums.append([bags, sum(map(_BOSTON, results)), sum(map(_POINTS, results)), made])
        for result in filter(_NILS, results):
            for nil in result.nils:
                found.nils.setdefault(nil.seat, []).append((nil, bool(result.made)))
    return found


def _game_result(score: GameScore, side: int, played: int, record: PlayerStats) -> None:
    """Count the game once in a record: finished (won, drawn or lost) or unfinished."""
    if score.over:
        record.games += 1
        record.won += score.winner == side
        record.drawn += score.winner is None
    elif played:
        record.unfinished += 1


def _seat_hands(sides: _Sides, seat: int, side: int, record: PlayerStats) -> None:
    """Add a seat's share of every played hand to a record: its side's bags, Bostons,
    points and contract, but its own nils (a nil bidder has no part in the contract)."""
    bags, bostons, points, made = sides.sums[side]
    nils = sides.nils.get(seat, ())
    record.hands += sides.played
    record.bags += bags
    record.bostons += bostons
    record.points += points
    record.contracts += sides.played - sides.unbid - len(nils)
    record.contracts_made += made - sum(side_made for _, side_made in nils)
    for nil, _ in nils:
        if nil.blind:
            record.blind_nils += 1
            record.blind_nils_made += nil.made
        else:
            record.nils += 1
            record.nils_made += nil.made


def add_game(score: GameScore, keys: Sequence[str], records: dict[str, PlayerStats]) -> None:
    """Add one game to the records of its seats' person keys, seat by seat (a key not in
    `records` gets a record named as its seat); a person at two seats counts it once."""
    sides = _sides(score)
    counted: set[str] = set()
    for seat, key in enumerate(keys):
        record = records.get(key)
        if record is None:
            record = records[key] = PlayerStats(score.table.players[seat])
        side = score.table.side_of(seat)
        if key not in counted:
            counted.add(key)
            _game_result(score, side, sides.played, record)
        _seat_hands(sides, seat, side, record)


def game_share(score: GameScore, person: Callable[[str], str] = name_key) -> GameShare:
    """One game's share of each of its players' records, as (person key, record)."""
    found: dict[str, PlayerStats] = {}
    add_game(score, [person(name) for name in score.table.players], found)
    return tuple(found.items())


def add_share(record: PlayerStats, share: PlayerStats) -> None:
    """Add one game's share (only read) to a record."""
    into, part = vars(record), vars(share)
    for count in _COUNTS:
        into[count] += part[count]


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
