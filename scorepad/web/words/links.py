"""The words of a link replaced: the question asked before, and what was done."""

from __future__ import annotations

from scorepad.web.catalogue import gettext as _


def replaced() -> str:
    """Said once a link was replaced, on the page it led to."""
    return _(
        "Link replaced: the old one opens nothing any more. This phone keeps the new one; "
        "share it again with those who should have it."
    )
