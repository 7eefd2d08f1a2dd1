"""The ratings of game files and event files as `flask --app scorepad ratings` prints
them (docs/ratings.md): the files read by the game file's and the event file's own
readers, their finished games rated in the order given, one JSON document out.

    {"players": [{"name": "Ann", "rating": 1024, "mu": 26.2, "sigma": 8.2, "games": 1}],
     "games": [{"sides": [["Ann", "Cy"], ["Bo", "Di"]], "chance": [0.5, 0.5],
                "winner": 0}],
     "pairs": [{"names": ["Ann", "Cy"], "rating": 1024, "mu": 26.2, "sigma": 8.2,
                "games": 1}]}
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from ..core.model import GameScore
from ..core.names import name_key
from ..core.ratings import Rated, Ratings, finished
from . import event as eventfile
from . import game as gamefile

EVENT_KEY = "scorepad_event"  # the key an event file starts with (eventfile.VERSION's)


def _is_event(text: bytes) -> bool:
    """Whether a file is an event file: a JSON object holding `scorepad_event`. Anything
    else goes to the game file's reader, which says what is wrong with it."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(doc, dict) and EVENT_KEY in doc


def scores_in(text: bytes) -> list[GameScore]:
    """A game file's game, or an event file's games in round and table order, scored
    (a GameError names the part at fault)."""
    if not _is_event(text):
        return [gamefile.loads_scored(text)[1]]
    parsed = eventfile.loads(text)
    played = [(m.round, m.number, s) for (m, _), s in zip(parsed.matches, parsed.scores) if s]
    return [score for _, _, score in sorted(played, key=lambda p: (p[0], p[1]))]


def rated_games(scores: Iterable[GameScore]) -> list[Rated]:
    """The finished games among scored ones, as the ratings read them, in order."""
    return [game for game in map(finished, scores) if game is not None]


def document(ratings: Ratings) -> dict[str, Any]:
    """The ratings as the command prints them: players by rating, games in order, the
    partnerships by rating."""
    names = {name_key(p.name): p.name for p in ratings.players}
    players = [
        {
            "name": p.name,
            "rating": p.skill.rating,
            "mu": p.skill.mu,
            "sigma": p.skill.sigma,
            "games": p.skill.games,
        }
        for p in ratings.ranked()
    ]
    games = [
        {
            "sides": [
                [names[name_key(n)] for n in done.game.people(side)]
                for side in range(len(done.game.sides))
            ],
            "chance": list(done.chances),
            "winner": done.game.winner,
        }
        for done in ratings.games
    ]
    pairs = [
        {
            "names": list(pair.names),
            "rating": pair.skill.rating,
            "mu": pair.skill.mu,
            "sigma": pair.skill.sigma,
            "games": pair.skill.games,
        }
        for pair in ratings.ranked_pairs()
    ]
    return {"players": players, "games": games, "pairs": pairs}
