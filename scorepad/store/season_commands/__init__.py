"""A season's commands: every write to a season's tables, one transaction each
(docs/seasons.md), by the club's manager. `seasons` makes, edits and closes a season;
`nights` its nights on dates and their club nights; `entrants` its entrants and their
divisions. Outcomes, typed and without words: `outcomes`."""
