#!/usr/bin/env bash
# Terms per second of `nimber heap CODE --terms N` (as a user runs it: sparse-space engine where
# it pays, periodicity proved as the values grow) for each game at each N, so that a cliff in
# the time per term shows as a drop along a row. A run past LIMIT seconds is stopped and shown
# as "> LIMIT s".
#
#   tools/heap_scaling.sh NIMBER [LIMIT] [N ...]      (default LIMIT 120, N 1e5 1e6 1e7)
#   GAMES="0.07 0.376" tools/heap_scaling.sh build/nimber
set -euo pipefail
nimber=${1:?usage: $0 NIMBER [LIMIT] [N ...]}
limit=${2:-120}
shift $(( $# >= 2 ? 2 : 1 ))
sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(100000 1000000 10000000)
games=${GAMES:-"0.07 0.137 0.77 0.6 0.16 0.104 0.106 0.14 0.154 0.156 0.165 0.33 0.336 0.354 0.356 0.376 0.45 0.51 0.52 0.53 0.54 0.55 0.56 0.57 0.64 0.74 0.75 0.76 4.07 grundy subtraction:1,3,4"}
printf '| game |'; for n in "${sizes[@]}"; do printf ' %s terms |' "$n"; done; printf '\n|---|'
for n in "${sizes[@]}"; do printf -- '---:|'; done; printf '\n'
for g in $games; do
  printf '| %s |' "$g"
  for n in "${sizes[@]}"; do
    start=$(date +%s.%N)
    if timeout "$limit" "$nimber" heap "$g" --terms "$n" --period > /dev/null 2>&1; then
      end=$(date +%s.%N)
      awk -v n="$n" -v s="$start" -v e="$end" 'BEGIN { t = e - s; printf " %.3g/s (%.2f s) |", n / t, t }'
    else
      printf ' > %s s |' "$limit"
    fi
  done
  printf '\n'
done
