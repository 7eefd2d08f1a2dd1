"""A club night read from a file, checked whole: everything the rest of scorepad takes
for granted of a stored night. Pure; each refusal names the part of the file at fault
(`matches[3].sides[1]`, `rounds[2].status`), as docs/events.md tells.

Rules, as docs/events.md tells them:
- Entrants: ids once each; a fixed-partnership event's entrants are two players, an
  individual event's one; no player in two entrants, no two entrants of one name.
- Rounds: numbered 1 to n in order, the night's rounds (at most the settings' number)
  before the playoff's (at most the bracket's rounds); only the last may be drawn or
  playing, every other is done.
- Tables: each round 1 to 30 tables numbered 1 to k; a side is the pair (one entrant)
  or the two partners (two entrants of one player each); a side is empty only at a bye
  of a playoff round's first; no entrant twice in a round, at a table or a bye.
- A playoff round has half the tables of the one before, the first a power of two,
  and nothing comes after the final.
- Games: none at a drawn round's tables or a bye; at a table of a round begun, its game,
  or none when the director deleted it; a partnership game of four, partners opposite:
  seat s is side s % 2. In an individual event seat s is the side's player s // 2; a
  fixed partnership's seats hold its two players or a substitute, never a player of the
  other side.
- `last_hand` names a hand of the table's game (at most one past its last);
  `winner` only at a playoff table whose game finished with no winner, or was deleted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .ending import Status
from .errors import GameError
from .event import MAX_TABLES, Settings
from .game import Game
from .model import GameScore
from .names import name_key
from .playoff_double import check_double
from .roster import Entrant, Match, Round

Played = tuple[Match, Game | None]


def check_night(
    settings: Settings,
    entrants: Sequence[Entrant],
    rounds: Sequence[Round],
    matches: Sequence[Played],
    scores: Sequence[GameScore | None],
) -> None:
    """Refuse a night the rest of scorepad could not run; a GameError names the part."""
    by_id = check_entrants(settings, entrants, len(rounds))
    check_rounds(settings, rounds)
    tables = _tables_by_round(rounds, matches)
    for index, r in enumerate(rounds):
        _check_round_tables(settings, index, r, tables[r.number], matches, by_id)
    if settings.double:  # its rounds are the ones its bracket draws
        check_double(rounds, [match for match, _ in matches], scores)
    else:
        _check_bracket(rounds, tables)
    of = {r.number: r for r in rounds}
    for index, ((match, game), score) in enumerate(zip(matches, scores)):
        _check_game(settings, index, of[match.round], match, game, by_id)
        _check_named(index, of[match.round], match, game, score)
        _check_reopened(index, of[match.round], match, game, len(rounds))


def check_entrants(
    settings: Settings, entrants: Sequence[Entrant], rounds: int
) -> dict[int, Entrant]:
    """The entrants by id, once checked one by one and against each other."""
    want, what = (2, "two names (a pair)") if settings.pairs else (1, "one name (a player)")
    ids: dict[int, int] = {}
    players: dict[str, int] = {}
    names: dict[str, int] = {}
    for i, e in enumerate(entrants):
        field = f"entrants[{i}]"
        if e.id in ids:
            raise GameError(f"is the id of entrants[{ids[e.id]}] too", field=f"{field}.id")
        ids[e.id] = i
        if len(e.players) != want:
            raise GameError(f"must be {what} in a {_kind(settings)}", field=f"{field}.players")
        for p in e.players:
            if players.setdefault(name_key(p), i) != i:
                theirs = players[name_key(p)]
                raise GameError(f"{p} plays in entrants[{theirs}] too", field=f"{field}.players")
        if names.setdefault(name_key(e.name), i) != i:
            raise GameError(f"{e.name} is entrants[{names[name_key(e.name)]}] too", field=field)
        _check_stay(field, e, rounds)
    return {e.id: e for e in entrants}


def _kind(settings: Settings) -> str:
    return "fixed-partnership event" if settings.pairs else "individual event"


def _check_stay(field: str, e: Entrant, rounds: int) -> None:
    if e.joined_round > rounds + 1:
        raise GameError(f"must be at most {rounds + 1}", field=f"{field}.joined_round")
    if e.left_round is not None and e.left_round > rounds:
        raise GameError(f"must be at most {rounds}", field=f"{field}.left_round")


def playoff_rounds(settings: Settings) -> int:
    """The most rounds the settings' playoff can take: its bracket's depth."""
    teams = settings.playoff if settings.pairs else settings.playoff // 2
    if settings.double:  # 2n - 1 matches at most, one round a match at most
        return 2 * teams
    return (teams - 1).bit_length() if teams >= 2 else 0


def check_rounds(settings: Settings, rounds: Sequence[Round]) -> None:
    """The rounds in order, each of a kind and status the night can be at."""
    regular = 0
    playoff = 0
    for i, r in enumerate(rounds):
        field = f"rounds[{i}]"
        if r.number != i + 1:
            raise GameError(
                f"must be {i + 1}: rounds are numbered 1, 2, 3...", field=f"{field}.number"
            )
        if not r.is_playoff:
            regular += 1
            if playoff:
                raise GameError("must be playoff: the playoff has begun", field=f"{field}.kind")
            if regular > settings.rounds:
                raise GameError(
                    f"is round {regular}: the settings say {settings.rounds} rounds",
                    field=f"{field}.kind",
                )
        else:
            playoff += 1
            if playoff > playoff_rounds(settings):
                most = playoff_rounds(settings)
                raise GameError(
                    f"is playoff round {playoff}: the settings' playoff has {most}",
                    field=f"{field}.kind",
                )
            if r.byes:
                raise GameError("must be empty in a playoff round", field=f"{field}.byes")
        if not r.done and i != len(rounds) - 1:
            raise GameError(
                "must be done: only the last round may be drawn or playing", field=f"{field}.status"
            )


def _tables_by_round(rounds: Sequence[Round], matches: Sequence[Played]) -> dict[int, list[int]]:
    """Each round's matches (their indexes in the file), each naming a round there is."""
    tables: dict[int, list[int]] = {r.number: [] for r in rounds}
    for i, (m, _) in enumerate(matches):
        if m.round not in tables:
            raise GameError(f"round {m.round} is not in rounds", field=f"matches[{i}].round")
        tables[m.round].append(i)
    return tables


def _check_round_tables(
    settings: Settings,
    index: int,
    r: Round,
    found: list[int],
    matches: Sequence[Played],
    by_id: Mapping[int, Entrant],
) -> None:
    """A round's tables numbered 1 to k, at most 30, no entrant seated twice."""
    field = f"rounds[{index}]"
    if not found:
        raise GameError("has no table", field=field)
    if len(found) > MAX_TABLES:
        raise GameError(f"has {len(found)} tables: a round holds at most {MAX_TABLES}", field=field)
    numbers = sorted(matches[i][0].number for i in found)
    if numbers != list(range(1, len(found) + 1)):
        raise GameError(f"its tables must be numbered 1 to {len(found)}, once each", field=field)
    seated: dict[int, str] = {}
    for i in found:
        if not any(matches[i][0].sides):
            raise GameError("are both empty", field=f"matches[{i}].sides")
        for j, side in enumerate(matches[i][0].sides):
            part = f"matches[{i}].sides[{j}]"
            _check_side(settings, part, r, side, by_id)
            _seat(seated, side, part, r.number)
    unknown = [e for e in r.byes if e not in by_id]
    if unknown:
        raise GameError(f"entrant {unknown[0]} is not in entrants", field=f"{field}.byes")
    _seat(seated, r.byes, f"{field}.byes", r.number)


def _check_side(
    settings: Settings, part: str, r: Round, side: tuple[int, ...], by_id: Mapping[int, Entrant]
) -> None:
    unknown = [e for e in side if e not in by_id]
    if unknown:
        raise GameError(f"entrant {unknown[0]} is not in entrants", field=part)
    if not side:
        if not r.is_playoff:
            raise GameError("is empty: only a playoff table has a bye", field=part)
        return
    want = 1 if settings.pairs else 2
    if len(side) != want:
        what = "one entrant (a pair)" if settings.pairs else "two entrants (the partners)"
        raise GameError(f"must be {what} in a {_kind(settings)}", field=part)


def _seat(seated: dict[int, str], ids: Sequence[int], part: str, number: int) -> None:
    """Mark entrants seated in round `number`; refuse one seated there already."""
    for e in ids:
        if e in seated:
            raise GameError(
                f"entrant {e} is in round {number} twice (also {seated[e]})", field=part
            )
        seated[e] = part


def _check_bracket(rounds: Sequence[Round], tables: Mapping[int, list[int]]) -> None:
    """The playoff halves round by round down to its final, byes in its first round only."""
    before = 0
    for index, r in enumerate(rounds):
        if not r.is_playoff:
            continue
        count, field = len(tables[r.number]), f"rounds[{index}]"
        if before == 1:
            raise GameError("comes after the final: the playoff is over", field=field)
        if before and count != before // 2:
            raise GameError(f"must have {before // 2} tables: half the round before", field=field)
        if count & (count - 1):
            raise GameError(f"has {count} tables: a playoff round has 1, 2, 4, 8...", field=field)
        before = count


def _check_game(
    settings: Settings,
    index: int,
    r: Round,
    match: Match,
    game: Game | None,
    by_id: Mapping[int, Entrant],
) -> None:
    """A game exactly where the round's status wants one, seated as the match says."""
    field = f"matches[{index}].game"
    if game is None:  # a drawn round's table, a bye, or a table whose game was deleted
        if match.last_hand is not None:
            raise GameError("needs the table's game", field=f"matches[{index}].last_hand")
        if match.paper:
            raise GameError("needs the table's game", field=f"matches[{index}].paper")
        return
    if r.drawn:
        raise GameError(f"must be null: round {r.number} is drawn, not begun", field=field)
    if match.bye:
        raise GameError("must be null: a bye is played without a game", field=field)
    players = game.table.players
    if not game.table.partnership or len(players) != 4:
        raise GameError(
            f"must be a partnership game of four, not {game.table.mode} of {len(players)}",
            field=field,
        )
    _check_seats(settings, f"{field}.players", match, players, by_id)
    last = match.last_hand
    if last is not None and not 1 <= last <= len(game.hands) + 1:
        raise GameError(
            f"must be a hand of the game, 1 to {len(game.hands) + 1}",
            field=f"matches[{index}].last_hand",
        )


def _check_seats(
    settings: Settings,
    field: str,
    match: Match,
    players: Sequence[str],
    by_id: Mapping[int, Entrant],
) -> None:
    """Partners opposite: seat s is side s % 2, as the match's entrants sit."""
    for seat, name in enumerate(players):
        side, other = match.sides[seat % 2], match.sides[1 - seat % 2]
        if not settings.pairs:
            own = by_id[side[seat // 2]].players[0]
            if name_key(name) != name_key(own):
                raise GameError(f"seat {seat} must be {own}, as the match seats", field=field)
        elif any(name_key(name) == name_key(p) for e in other for p in by_id[e].players):
            raise GameError(f"seat {seat}: {name} plays for the other side", field=field)


def _check_reopened(index: int, r: Round, match: Match, game: Game | None, rounds: int) -> None:
    """A table opened again only where it could be closed: a game of a round that is over
    (done, or a later round drawn); changed since only a table opened again."""
    field = f"matches[{index}]"
    if match.reopened and (game is None or not (r.done or r.number < rounds)):
        raise GameError(
            "only a table with a game whose round is over is opened again",
            field=f"{field}.reopened",
        )
    if match.changed and not match.reopened:
        raise GameError("only a table opened again has changed since", field=f"{field}.changed")


def _check_named(
    index: int, r: Round, match: Match, game: Game | None, score: GameScore | None
) -> None:
    """A side named through only at a playoff table of a round begun whose game finished
    drawn, or whose game the director deleted."""
    if match.winner is None:
        return
    drawn = score is not None and score.status == Status.FINISHED and score.winner is None
    deleted = game is None and not r.drawn and not match.bye
    if not r.is_playoff or not (drawn or deleted):
        raise GameError(
            "must be left out: a winner is named only at a playoff table whose game was "
            "drawn or deleted",
            field=f"matches[{index}].winner",
        )
