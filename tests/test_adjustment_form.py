"""The adjustment as the manage page's form reads it for the command: points (None when
nothing is added) and the note trimmed; whether they may be kept is the core's check."""

from __future__ import annotations

import pytest

from scorepad.web.manage_forms import read_adjustment


@pytest.mark.parametrize(
    "points,note,read",
    [
        ([30, -30], " renege ", ((30, -30), "renege")),
        ([0, 0], "", (None, "")),
        ([0, 10], "misdeal", ((0, 10), "misdeal")),
        ([10, 0], 5, ((10, 0), 5)),  # not text: left for the core to refuse
    ],
)
def test_the_form_reads_points_and_trims_the_note(points, note, read):
    assert read_adjustment(points, note) == read
