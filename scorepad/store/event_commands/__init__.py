"""The event commands: the only code that writes a club night (the tables events,
event_entrants, event_rounds and event_matches).

Each command takes the connection, the event's id and, where a stale page could do
harm, the revision the director's page showed; runs in exactly one transaction (a
command on a table's game runs in the game's own: `commands.change` calls `tables`);
asks the core's state table (`core.event_flow`) whether it may happen now; and
returns the fresh Event, or raises a typed outcome (`outcomes`): no words here, the
web layer says them. Import the modules themselves (`event_commands.rounds`...).
"""

from __future__ import annotations

from .checkin import insert_event  # imports no game command: no cycle

__all__ = ["insert_event"]
