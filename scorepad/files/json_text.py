"""How every scorepad file's JSON text is read, the same for a game, a night and a club:
UTF-8 text (a byte order mark allowed: an editor may write one), no key twice in one
object (the second value would hide the first), no whole number longer than Python reads
(its own refusal speaks of `sys`, not of the file). Each reader says a refusal in its
own words: the game file's as docs/gamefile.md tells, the event and club files' as
field "file".
"""

from __future__ import annotations

import json
from typing import Any

from ..core.errors import GameError, quoted
from ..core.names import shown

# Python's own default (sys.get_int_max_str_digits): a longer number is no file's.
MOST_DIGITS = 4300


class LongNumber(ValueError):
    """A whole number of more digits than any file holds, refused before it is read."""

    def __init__(self, digits: int) -> None:
        super().__init__(f"a number of {digits} digits")
        self.digits = digits


def no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused if a key appears twice (a second value would hide the first)."""
    found = dict(pairs)  # at C speed: a key given twice leaves fewer keys than pairs
    if len(found) == len(pairs):
        return found
    seen: set[str] = set()
    for key, _value in pairs:
        if key in seen:
            raise GameError(
                f"the key {quoted(shown(key))} appears twice in one object", field=shown(key)
            )
        seen.add(key)
    return found  # not reached: a shorter dict means a key was given twice


def _whole(digits: str) -> int:
    """A JSON whole number, refused as LongNumber when longer than MOST_DIGITS."""
    count = len(digits.lstrip("-"))
    if count > MOST_DIGITS:
        raise LongNumber(count)
    return int(digits)


def parse(text: str | bytes) -> object:
    """The JSON document of a file's text; bytes are read as UTF-8 (UnicodeDecodeError
    otherwise, as UTF-16 or Latin-1). Raises json's errors, LongNumber, or a GameError
    naming a key given twice."""
    if isinstance(text, bytes):
        text = text.decode("utf-8-sig")
    return json.loads(text.removeprefix("\ufeff"), object_pairs_hook=no_repeats, parse_int=_whole)
