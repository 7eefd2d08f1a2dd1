"""How deep a JSON text nests its values, read from the text before it is parsed: a file
or a preset's link nested deeper than any scorepad writes is refused before a reader
(or json itself) walks it. Strings are skipped whole, so a bracket inside a name counts
for nothing; each pass takes the innermost pairs of brackets away, a level at a time.

The deepest scorepad writes is a club file's hand's side: club, nights, a night, its
matches, a match, its game, hands, a hand, sides, a side (10); MAX_DEPTH leaves room."""

from __future__ import annotations

import re

MAX_DEPTH = 24
_STEPS = {  # an escaped character away; all but quotes and brackets; strings; innermost pairs
    kind: tuple(
        re.compile(pattern if kind is str else pattern.encode(), re.S)
        for pattern in (r"\\.", r'[^"\[\]{}]+', r'"[^"]*"', r"\[\]|\{\}")
    )
    for kind in (str, bytes)
}
_NOT_KEPT = bytes(b for b in range(256) if b not in b'"[]{}')  # bytes: translate, at once


def too_deep(text: str | bytes, most: int = MAX_DEPTH) -> bool:
    """Whether a JSON text nests its lists and objects deeper than `most` (text that is
    no JSON at all is left to json's reader to refuse)."""
    escaped, other, strings, innermost = _STEPS[str if isinstance(text, str) else bytes]
    skeleton = escaped.sub(text[:0], text)  # type: ignore[call-overload]
    if isinstance(skeleton, bytes):
        skeleton = skeleton.translate(None, _NOT_KEPT)
    else:
        skeleton = other.sub("", skeleton)
    skeleton = strings.sub(text[:0], skeleton)  # type: ignore[call-overload]
    for _ in range(most):
        shorter = innermost.sub(text[:0], skeleton)
        if len(shorter) == len(skeleton):
            return False  # nothing left to take away: not nested, or not JSON
        skeleton = shorter
    return innermost.search(skeleton) is not None
