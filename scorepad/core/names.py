"""Names of players and partnerships: one check shared by the forms and the game file.

Cache: `name_key` keeps the keys of the last 4,096 names asked (a pure function of the
name; nothing invalidates it): a club's re-rating asks it some 4 times a seat a game
(bench/club_scale.py: 40% of the core's `rate`)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache

from .errors import N_, GameError, Phrase, capped

MAX_NAME = 40
EMPTY = Phrase("is empty")
LOOKS_EMPTY = Phrase("looks empty: it has no letter, digit or sign that shows")
# Letters and signs drawn as nothing: the Hangul fillers and the blank braille pattern.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
_REFUSED = {
    "Cc": Phrase("a control character"),
    "Cf": Phrase("an invisible formatting character"),
    "Cs": Phrase("a broken character (a lone surrogate)"),
}


def _refused(char: str) -> str:
    """What is wrong with one character of a text, or ''."""
    kind = unicodedata.category(char)
    return _REFUSED[kind] if kind in _REFUSED and not char.isspace() else ""


def text_problem(value: str) -> str:
    """What makes a text unfit to keep or show (the name rules' characters), or ''."""
    if value.isascii() and value.isprintable():
        return ""  # no printable ASCII character is refused: the common case, at once
    for char in value:
        if _refused(char):
            return Phrase("has %(what)s (U+%(code)s)", what=_refused(char), code=f"{ord(char):04X}")
    return ""


def shown(text: str) -> str:
    """A text as a message may quote it: each refused character written as U+XXXX, cut
    to the length a message quotes (`errors.capped`)."""
    return capped("".join(f"U+{ord(char):04X}" if _refused(char) else char for char in text))


def texts_problem(value: object) -> tuple[str, str]:
    """(where, what is wrong) for the first key or text anywhere in a file's parsed JSON
    that breaks the name rules' characters, or ('', ''): `where` the path of keys and
    indexes to it ("settings.stages"). Walked without recursion: a reader's refusal may
    quote a key or a value, and such text would break the page that shows it."""
    stack: list[tuple[str, object]] = [("", value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, str) and text_problem(item):
            return where, text_problem(item)
        if isinstance(item, list):
            stack.extend((f"{where}[{index}]", inner) for index, inner in enumerate(item))
        elif isinstance(item, dict):
            for key, inner in item.items():
                place = f"{where}.{shown(key)}" if where else shown(key)
                if text_problem(key):
                    return place, Phrase(
                        "the key %(key)s %(problem)s",
                        key=repr(shown(key)),
                        problem=text_problem(key),
                    )
                stack.append((place, inner))
    return "", ""


def stored_text(value: object) -> str:
    """Text read back from the database as a page can show it: a character kept before
    such text was refused (a lone surrogate breaks every page) becomes U+FFFD, so an old
    game still shows, exports, and its export imports again."""
    if not isinstance(value, str):
        return ""
    return "".join("\ufffd" if _refused(char) else char for char in value)


def name_problem(value: object, most: int = MAX_NAME) -> tuple[str, str]:
    """(the name normalised, what is wrong with it or '') for one name as typed (a
    player's, or any name-like text of at most `most` characters)."""
    if not isinstance(value, str):
        return "", Phrase("must be text")
    problem = text_problem(value)  # before any normalising: a lone surrogate goes no further
    if problem:
        return "", problem
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if not name:
        return "", EMPTY
    if all(
        char in _BLANKS or char.isspace() or unicodedata.category(char).startswith("M")
        for char in name
    ):
        return "", LOOKS_EMPTY  # blank fillers, or combining marks with nothing to mark
    if len(name) > most:
        return name, Phrase(
            "is %(length)s characters long, the most is %(max_name)s",
            length=len(name),
            max_name=most,
        )
    return name, ""


def check_text(value: object, field: str, most: int = MAX_NAME, blank: bool = False) -> str:
    """A name-like text of a form or a file (a club's, division's, season's, venue's,
    preset's or team's name) under the name rules: text, no lone surrogate, control or
    invisible formatting character, at most `most` characters, spaces folded; empty
    only when `blank` (then ''). A GameError names `field`."""
    if blank and (value is None or (isinstance(value, str) and not value.strip())):
        return ""
    if isinstance(value, str) and len(value) > 4 * most + 64:  # before any normalising
        raise GameError(
            "is %(length)s characters long, the most is %(max_name)s",
            length=len(value),
            max_name=most,
            field=field,
        )
    clean, problem = name_problem(value, most)
    if problem:
        raise GameError(problem, field=field)
    return clean


PAIR_JOIN = " & "  # what joins a pair's names: the word no player's name may hold


def pair_name(names: Iterable[str]) -> str:
    """A pair's name, its players' names joined: 'Alice & Cara' (one player: the name)."""
    return PAIR_JOIN.join(names)


def joins_pair(name: str) -> bool:
    """Whether a name holds the word that joins a pair's names (no player's name may)."""
    return PAIR_JOIN.strip() in name_key(name).split()


@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """What two names are compared by, everywhere (forms, games, stats, club nights):
    case, accents, Unicode forms and runs of spaces ignored ("José" is "jose")."""
    loose = unicodedata.normalize("NFD", " ".join(name.casefold().split()))
    return unicodedata.normalize("NFC", "".join(c for c in loose if not unicodedata.combining(c)))


# letters that are not an accented Latin letter, and their plain Latin spelling
_LATIN = str.maketrans(
    {"Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h", "ı": "i"}
    | {"ß": "ss", "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "Þ": "Th", "þ": "th"}
)


def latin(text: str) -> str:
    """A name in plain Latin letters, for a font or a file name that has no others:
    accents dropped (E for E-acute), Ł as L, ß as ss; other scripts left as they are."""
    spelt = unicodedata.normalize("NFKD", text.translate(_LATIN))
    return "".join(c for c in spelt if not unicodedata.combining(c))


_NAMED = {  # what a name's refusal calls its place: (a name refused, a name twice)
    "seat": (
        N_("the name of seat %(index)s %(problem)s"),
        N_("seats %(first)s and %(index)s have the same name (%(name)s)"),
    ),
    "side": (
        N_("the name of side %(index)s %(problem)s"),
        N_("sides %(first)s and %(index)s have the same name (%(name)s)"),
    ),
    "player": (
        N_("the name of player %(index)s %(problem)s"),
        N_("players %(first)s and %(index)s have the same name (%(name)s)"),
    ),
}


def _check(items: Sequence[tuple[int, object]], field: str, what: str) -> list[str]:
    clean: list[str] = []
    seen: dict[str, int] = {}
    for index, raw in items:
        name, problem = name_problem(raw)
        if problem:
            raise GameError(
                _NAMED[what][0],
                index=index,
                problem=problem,
                field=field,
                seat=index,
            )
        key = name_key(name)
        if key in seen:
            raise GameError(
                _NAMED[what][1],
                first=seen[key],
                index=index,
                name=name,
                field=field,
                seat=index,
            )
        seen[key] = index
        clean.append(name)
    return clean


def check_names(
    names: Sequence[object], field: str = "players", what: str = "seat"
) -> tuple[str, ...]:
    """Normalise names in order (seat by seat) and refuse bad or repeated ones."""
    return tuple(_check(list(enumerate(names)), field, what))


def check_side_names(mode: str, raw: object, sides: int) -> tuple[str | None, ...] | None:
    """Optional names for partnerships (null or blank: the partners' names)."""
    if raw is None:
        return None
    if mode != "partnership":
        raise GameError("sides are named in partnership games only", field="side_names")
    if not isinstance(raw, (list, tuple)) or len(raw) != sides:
        raise GameError(
            "expected one name or null for each of the %(sides)s sides",
            sides=sides,
            field="side_names",
        )
    given = [
        (side, value)
        for side, value in enumerate(raw)
        if value is not None and not (isinstance(value, str) and not value.strip())
    ]
    found: list[str | None] = [None] * sides
    for (side, _), name in zip(given, _check(given, "side_names", "side")):
        found[side] = name
    return tuple(found) if any(found) else None
