"""Games and hands in SQLite through sqlite-utils: connect, migrate, store. No Flask.

Loading the store wires the message bus: the handlers' one table (handlers.py) hands
itself to the bus (bus.py), so no command can run before the bus knows its handlers."""

from . import handlers  # noqa: F401
