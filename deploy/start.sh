#!/bin/sh
# scorepad as `make run` runs it: the database set up (init-db), then waitress (serve).
# With LITESTREAM_REPLICA_URL set, Litestream first restores the newest copy on a machine
# without a database, then runs scorepad and copies each change as it is committed.
# Used by deploy/scorepad.service and deploy/Dockerfile; flask and litestream come from
# the virtual environment that `make init-db HTTPS=1` (or the Dockerfile) installed.
set -eu
: "${SCOREPAD_DATABASE:?set SCOREPAD_DATABASE, the path of the SQLite file}"
here=$(cd "$(dirname "$0")" && pwd)
config="$here/litestream.yml"
serve="flask --app scorepad serve --host ${SCOREPAD_HOST:-127.0.0.1} --port ${SCOREPAD_PORT:-8000}"

if [ -n "${LITESTREAM_REPLICA_URL:-}" ]; then
    litestream restore -config "$config" -if-db-not-exists -if-replica-exists "$SCOREPAD_DATABASE"
    flask --app scorepad init-db
    exec litestream replicate -config "$config" -exec "$serve"
fi
flask --app scorepad init-db
exec $serve
