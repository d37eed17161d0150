#!/bin/sh
# A short tour of the nimber command (run by `make demo`).
set -e
NIMBER=${1:-build/nimber}
say() { printf '\n$ %s\n' "$*"; "$@"; }
say "$NIMBER" mul 5 11
say "$NIMBER" mul 8 8
say "$NIMBER" table 16
say "$NIMBER" nim 3 4 5
say "$NIMBER" inv 0x123456789abcdef
say "$NIMBER" sqrt 2
printf '\n$ %s\n' "printf '3\n5 11\n8 8\n18446744073709551615 18446744073709551615\n' | $NIMBER batch"
printf '3\n5 11\n8 8\n18446744073709551615 18446744073709551615\n' | "$NIMBER" batch
say "$NIMBER" kernels
say "$NIMBER" bench --n 1000000
say "$NIMBER" heap 0.07 --terms 200 --period
