"""What a club may hold and how large each file may be, said once (docs/clubs.md, *Limits*).

The web's commands refuse a club one more of anything past these counts, and the club
file's readers take up to them: whatever the web lets a club hold, its file restores.
Each import page refuses a body over its own file's size before anything reads it.
Read these names through the module (`limits.CLUB_GAMES`), never copied at import time,
so one place changes them for every reader.
"""

from __future__ import annotations

from .errors import N_, GameError

MB = 1024 * 1024

CLUB_NAME = 80  # characters of a club's own name (a night's and a season's: 80 too)
CLUB_GAMES = 20_000  # games filed alone (a night's tables count with their night)
CLUB_NIGHTS = 500
CLUB_PRESETS = 100
CLUB_SEASONS = 100
SEASON_NIGHTS = 200
SEASON_ENTRANTS = 500
# A club night's hands over all its tables and rounds (12 rounds of 30 tables at 13 hands
# a game): its tables' saves refuse one more, and its file (files/event.py) holds as many.
NIGHT_HANDS = 5000

# A file's size: a game of 500 hands is some 120 KB; a night at its limits (files/event.py)
# under 5 MB, and some 10.5 MB written as long as the web lets it be (every hand with an
# adjustment's note of 200 four-byte characters, every name 40 of them: tests/
# test_event_file_checks.py). A club file is written compactly, some 250 bytes a hand:
# 20,000 games of a dozen hands and a season's nights fit in 64 MB.
GAME_FILE_BYTES = 1 * MB
EVENT_FILE_BYTES = 12 * MB
CLUB_FILE_BYTES = 64 * MB
FORM_BYTES = 64 * 1024  # an import form's own fields beside its file

# Each count by name: the field a refusal names (the club file's key) and its words.
_HOLDS = {
    "games": ("games", N_("a club holds at most %(most)s games filed alone")),
    "nights": ("nights", N_("a club holds at most %(most)s nights")),
    "presets": ("presets", N_("a club holds at most %(most)s presets")),
    "seasons": ("seasons", N_("a club holds at most %(most)s seasons")),
    "season_nights": ("nights", N_("a season holds at most %(most)s nights")),
    "entrants": ("entrants", N_("a season holds at most %(most)s entrants")),
    "night_hands": ("matches", N_("a club night holds at most %(most)s hands")),
}


def most(kind: str) -> int:
    """The most of `kind` ("games", "nights", "presets", "seasons", "season_nights",
    "entrants", "night_hands") a club, a season or a club night holds."""
    return {
        "games": CLUB_GAMES,
        "nights": CLUB_NIGHTS,
        "presets": CLUB_PRESETS,
        "seasons": CLUB_SEASONS,
        "season_nights": SEASON_NIGHTS,
        "entrants": SEASON_ENTRANTS,
        "night_hands": NIGHT_HANDS,
    }[kind]


def check_room(kind: str, held: int, more: int = 1) -> None:
    """Refuse `more` of `kind` where `held` are held already (a file: `held` 0, `more`
    all it lists) past its limit: a GameError naming the field and the limit."""
    if held + more > most(kind):
        field, words = _HOLDS[kind]
        raise GameError(words, field=field, most=most(kind))
