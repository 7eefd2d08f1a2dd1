"""A club file of every part, as the exporter writes one: a game filed alone, a night, a
preset, a season of two divisions whose first night is that night (tests/test_hostile_*)."""

from __future__ import annotations

import copy

from tests.event_files import PAIRS, pairs_night

GAME = {
    "format": "scorepad/1",
    "mode": "partnership",
    "players": ["Ann", "Cy", "Bo", "Di"],
    "rules": {"target": 50},
    "side_names": ["North", None],
    "hands": [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}],
}
SEASON = {
    "name": "Winter League",
    "settings": {"kind": "pairs", "divisions": ["A", "B"], "moves": 1, "playoff": 4},
    "closed": None,
    "nights": [
        {"number": 1, "day": "2026-01-09", "start": "19:30", "venue": "Anchor", "night": 0},
        {"number": 2, "day": "2026-01-16", "start": "", "venue": "", "night": None},
    ],
    "entrants": [
        {"number": i, "players": list(pair), "division": (i - 1) // 3}
        for i, pair in enumerate(PAIRS, 1)
    ],
}
CLUB = {
    "scorepad_club": 1,
    "name": "Friday Spades",
    "roster": [{"anchor": "ann", "names": ["ann", "annie"], "name": "Ann", "hidden": False}],
    "games": [GAME],
    "nights": [copy.deepcopy(pairs_night())],
    "presets": [{"name": "League", "rules": {"target": 300, "bag_limit": 7}}],
    "seasons": [SEASON],
}
