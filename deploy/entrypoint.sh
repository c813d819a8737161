#!/bin/sh
# The container's entry point: migrate the schema, then `fedrank run` with the arguments given
# (`--webhook`, `--console`, `--http HOST:PORT`). A first argument that is not an option runs
# that fedrank command instead (`docker compose run fedrank db current`).
# Configuration comes from FEDRANK_* variables only (compose.yaml, or `--env-file`).
set -eu
FEDRANK="${FEDRANK_BIN:-fedrank}"
case "${1:-}" in
    "" | -*)
        "$FEDRANK" db upgrade
        exec "$FEDRANK" run "$@"
        ;;
    *)
        exec "$FEDRANK" "$@"
        ;;
esac
