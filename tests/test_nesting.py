"""A JSON text's nesting read before it is parsed (core/nesting.py): strings skipped
whole, escapes and all, in text and in bytes alike."""

from __future__ import annotations

import json

import pytest

from scorepad.core.nesting import MAX_DEPTH, too_deep
from tests.club_files import CLUB


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("3", 0),
        ('"[[[["', 0),
        ("[]", 1),
        ('{"a": [[1]]}', 3),
        ('["[", "x"]', 1),
        ('["[", "x", ["]"]]', 2),
        ('{"a": "b", "c": ["]]]"]}', 2),
        (r'["\\", [1]]', 2),
        (r'["\"[", [1]]', 2),
        ('["é\\u00e9[", {"k": {}}]', 3),
    ],
)
@pytest.mark.parametrize("as_bytes", [False, True])
def test_the_depth_is_read_from_the_text(text, depth, as_bytes):
    given = text.encode() if as_bytes else text
    assert too_deep(given, depth - 1) if depth else not too_deep(given, 0)
    assert not too_deep(given, depth)


@pytest.mark.parametrize("text", ["[}", "{", "]]]", '"'])
def test_text_that_is_no_json_is_left_to_json(text):
    assert not too_deep(text, 0)


def test_no_file_scorepad_writes_comes_near_the_limit():
    assert not too_deep(json.dumps(CLUB, indent=1), MAX_DEPTH // 2)
    assert too_deep("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
