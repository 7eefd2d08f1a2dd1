"""The event commands: the only code that writes a club night (the tables events,
event_entrants, event_rounds and event_matches).

Each command takes the connection, the event's id and, where a stale page could do
harm, the revision the director's page showed; runs in exactly one transaction; asks
the core's state table (`core.event_flow`) whether it may happen now; and returns the
fresh Event, or raises a typed outcome (`outcomes`): no words here, the web layer says
them. What the director does to a table's game (ends it, re-seats it, enters its slip,
starts it) is told to the message bus (store/bus.py) and written by the game's handlers
in the same transaction; the round's clock (`tables`) is the night's handler of a save
at a table. No other commands package is imported here. Import the modules themselves
(`event_commands.rounds`...).
"""

from __future__ import annotations

from .checkin import insert_event

__all__ = ["insert_event"]
