#!/bin/sh
# A short tour of the nimber command (run by `make demo`).
set -e
NIMBER=${1:-build/nimber}
say() { printf '\n$ %s\n' "$*"; "$@"; }
say "$NIMBER" mul 5 11
say "$NIMBER" mul 8 8
say "$NIMBER" table 16
say "$NIMBER" nim 3 4 5
say "$NIMBER" nim 2 1 1 --misere
say "$NIMBER" misere form '*2+*2'
say "$NIMBER" inv 0x123456789abcdef
say "$NIMBER" sqrt 2
printf '\n$ %s\n' "printf '3\n5 11\n8 8\n18446744073709551615 18446744073709551615\n' | $NIMBER batch"
printf '3\n5 11\n8 8\n18446744073709551615 18446744073709551615\n' | "$NIMBER" batch
say "$NIMBER" kernels
say "$NIMBER" bench --n 1000000
say "$NIMBER" heap 0.07 --terms 200 --period
say "$NIMBER" heap grundy --terms 30
say "$NIMBER" coins corners 8:8,5:11
# A loopy game: 0 -> 2, 0 -> 1, 1 -> 1, 1 -> 0, 3 -> 4; and the sum of positions 0 and 3.
printf '\n$ %s\n' "printf '5 5\n0 2\n0 1\n1 1\n1 0\n3 4\n' | $NIMBER game grundy - --sum 0,3"
printf '5 5\n0 2\n0 1\n1 1\n1 0\n3 4\n' | "$NIMBER" game grundy - --sum 0,3
