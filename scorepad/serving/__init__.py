"""How scorepad is served to the phones: `server` (waitress as scorepad runs it),
`listening` (its limits and the addresses phones may open), `caddy` and `https`
(`flask serve --https`: Caddy in front with its own certificate authority)."""
