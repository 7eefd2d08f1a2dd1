"""A leaked link replaced by its holder ("Replace this link", asked twice as every step
that cannot be undone): a POST without `confirm=yes` changes nothing and asks; with it,
one command gives the link a new token and the page comes back under the new one."""

from __future__ import annotations

from flask import render_template, request


def asked() -> bool:
    """Whether the holder said yes to the question."""
    return request.form.get("confirm") == "yes"


def question(action: str, back: str) -> tuple[str, int]:
    """The question, with its "Yes, replace this link" posting to `action`."""
    return render_template("replace_link.html", action=action, back=back), 200
