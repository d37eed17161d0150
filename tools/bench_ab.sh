#!/usr/bin/env bash
# Same-machine A/B of one Google Benchmark binary from two builds: the runs alternate (A, B,
# A, B, ...), so both see the same machine noise, and each benchmark's median over the rounds
# is printed for both, with the change. The figures of the README's benchmark tables and of
# docs/benchmarks.md come from this script.
#
#   tools/bench_ab.sh BUILD_A BUILD_B BINARY FILTER [ROUNDS] [MIN_TIME]
#   e.g. tools/bench_ab.sh build-old build nimber_bench_batch '^mul/avx512/' 3 0.3
#
# BINARY is a file under BUILD_x/bench/; the value read is the real time per iteration, in the
# benchmark's own unit.
set -euo pipefail
a=${1:?usage: $0 BUILD_A BUILD_B BINARY FILTER [ROUNDS] [MIN_TIME]}
b=${2:?}; bin=${3:?}; filter=${4:?}; rounds=${5:-3}; min_time=${6:-0.3}
for exe in "$a/bench/$bin" "$b/bench/$bin"; do
  [[ -x $exe ]] || { echo "$0: $exe not built" >&2; exit 1; }
done
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
for ((r = 1; r <= rounds; r++)); do
  for side in A B; do
    if [[ $side == A ]]; then dir=$a; else dir=$b; fi
    "$dir/bench/$bin" --benchmark_filter="$filter" --benchmark_min_time="$min_time" --benchmark_format=csv 2>/dev/null |
      awk -F, -v s=$side 'NR > 1 && $3 != "" {gsub(/"/, "", $1); print $1, s, $3, $5}' >>"$raw"
  done
done
awk '
  { key = $1; v[key, $2, ++n[key, $2]] = $3; unit[key] = $4; if (!(key in seen)) { seen[key] = 1; order[++k] = key } }
  function median(key, side,   m, i, j, t, x) {
    m = n[key, side]
    for (i = 1; i <= m; i++) x[i] = v[key, side, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (x[j] < x[i]) { t = x[i]; x[i] = x[j]; x[j] = t }
    return x[int((m + 1) / 2)]
  }
  END {
    printf "%-50s %12s %12s %6s %8s\n", "benchmark (median of rounds)", "A", "B", "unit", "B vs A"
    for (i = 1; i <= k; i++) {
      key = order[i]; ma = median(key, "A"); mb = median(key, "B")
      printf "%-50s %12.4g %12.4g %6s %+7.1f%%\n", key, ma, mb, unit[key], (mb / ma - 1) * 100
    }
  }' "$raw"
