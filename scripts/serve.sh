#!/bin/sh
# The one place the server's process environment is set: `npm start`, `npm run serve`,
# `npm run worker` and the benchmarks all start Node through this script, as
# `scripts/serve.sh [node flags…] <entry.js>`.
# MALLOC_ARENA_MAX=2: glibc's advice for libvips (one malloc arena per thread fragments the memory
# of decoded images); glibc reads it only when a process starts, hence a launcher. A value already
# set wins (set but empty: glibc's own default).
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX-2}"
exec node "$@"
