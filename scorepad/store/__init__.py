"""Games and hands in SQLite through sqlite-utils: connect, migrate, store. No Flask."""
