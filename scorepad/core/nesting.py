"""How deep a JSON text nests its values, read from the text before it is parsed: a file
or a preset's link nested deeper than any scorepad writes is refused before a reader
(or json itself) walks it. What is read is the text's skeleton: each escaped character
taken away, then all but quotes and brackets, then each string whole (so a bracket inside
a name counts for nothing); each pass then takes the innermost pairs of brackets away, a
level at a time, each step a regular expression or a translation (no Python loop over
the characters: a club file of 24 MB is read in well under a second).

The deepest scorepad writes is a club file's hand's side: club, nights, a night, its
matches, a match, its game, hands, a hand, sides, a side (10); MAX_DEPTH leaves room."""

from __future__ import annotations

import re

MAX_DEPTH = 24
_ESCAPED = re.compile(r"\\.", re.S)
_ESCAPED_BYTES = re.compile(rb"\\.", re.S)
_OTHER = re.compile(r'[^"\[\]{}]+')
_OTHER_BYTES = bytes(b for b in range(256) if b not in b'"[]{}')
_STRINGS = re.compile(r'"[^"]*"')
_INNERMOST = re.compile(r"\[\]|\{\}")


def _skeleton(text: str | bytes) -> str:
    """The text's quotes and brackets, escaped characters away."""
    if isinstance(text, bytes):
        return _ESCAPED_BYTES.sub(b"", text).translate(None, _OTHER_BYTES).decode("ascii")
    return _OTHER.sub("", _ESCAPED.sub("", text))


def too_deep(text: str | bytes, most: int = MAX_DEPTH) -> bool:
    """Whether a JSON text nests its lists and objects deeper than `most` (text that is
    no JSON at all is left to json's reader to refuse)."""
    # an empty string (most strings, their letters gone) away at once; a pair of quotes
    # that closes one string and opens the next only joins the two, nothing between them
    skeleton = _STRINGS.sub("", _skeleton(text).replace('""', ""))
    for _ in range(most):
        shorter = _INNERMOST.sub("", skeleton)
        if len(shorter) == len(skeleton):
            return False  # nothing left to take away: not nested, or not JSON
        skeleton = shorter
    return _INNERMOST.search(skeleton) is not None
