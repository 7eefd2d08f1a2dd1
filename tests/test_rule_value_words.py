"""A house rule's value in words."""

from __future__ import annotations

import pytest

from scorepad.web.words.stakes import value_text


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("bag_remainder", "drop", "start again from 0"),
        ("nil", False, "off"),
        ("loss_threshold", None, "none"),
        ("target", 300, "300"),
    ],
)
def test_rule_values_in_words(key, value, words):
    assert value_text(key, value) == words
