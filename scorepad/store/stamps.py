"""What the store stamps on its rows, in one place: the time of a write, an unguessable
token (a game's id and share link, a seat link, an event's links), and the one-way hash
a secret or a deleted game's key is kept under."""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime


def now(timespec: str = "microseconds") -> str:
    """The time of a write in UTC, to the microsecond (or to `timespec`: "seconds")."""
    return datetime.now(UTC).isoformat(timespec=timespec)


def token() -> str:
    """An unguessable, URL-safe id: 128 random bits."""
    return secrets.token_urlsafe(16)


def hashed(text: str) -> str:
    """A one-way hash of a secret or a key: what is stored in its place."""
    return hashlib.sha256(text.encode()).hexdigest()
