"""scorepad's files, each a public contract (docs/gamefile.md, docs/events.md,
docs/clubs.md, docs/seasons.md, docs/ratings.md): `game`, `event` (a club night),
`club`, `season` and `ratings` (the `ratings` command's document). Each reads a file
into the core's values, checking every value for its type and its text, and writes
them back; none touches the database or the web."""
