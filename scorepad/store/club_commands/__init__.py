"""The club's commands: every write to a club's tables, one transaction each (docs/clubs.md).

`clubs` makes a club and changes its roster; `filing` files games and nights into it;
`presets` keeps its named presets; `transfer` brings a whole club in from its file.
Outcomes, typed and without words: `outcomes`."""
