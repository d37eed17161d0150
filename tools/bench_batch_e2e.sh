#!/usr/bin/env bash
# End to end: `nimber batch` against the plain baseline (bench/baseline_batch.cpp: fread, a
# digit loop, the log-table product, a reversing writer) on N seeded random pairs of 64-bit
# values (default 10^6, about 40 MB). Checks that both outputs are identical, then times each
# program RUNS times (default 5), reading the input file on stdin and writing to /dev/null,
# and prints the best and median wall and CPU times and their ratios.
#
#   tools/bench_batch_e2e.sh BUILD_DIR [N] [RUNS]
#
# BUILD_DIR must hold the targets nimber-cli and nimber_baseline_batch, e.g.
#   cmake -S . -B build-e2e -DCMAKE_BUILD_TYPE=Release
#   cmake --build build-e2e --target nimber-cli nimber_baseline_batch
# Extra arguments for `nimber` (e.g. --kernel portable) go in NIMBER_ARGS.
set -euo pipefail

build=${1:?usage: $0 BUILD_DIR [N] [RUNS]}
n=${2:-1000000}
runs=${3:-5}
nimber=$build/nimber
baseline=$build/bench/nimber_baseline_batch
for exe in "$nimber" "$baseline"; do
  [[ -x $exe ]] || { echo "$0: $exe not built" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
input=$work/input.txt

# Seeded, so every run of the script measures the same bytes. Uniform 64-bit values: most
# have 19 or 20 digits.
python3 - "$n" > "$input" <<'EOF'
import random, sys
n = int(sys.argv[1])
rng = random.Random(20240601)
out = [str(n)]
for _ in range(n):
    out.append(f"{rng.getrandbits(64)} {rng.getrandbits(64)}")
sys.stdout.write("\n".join(out) + "\n")
EOF

# NIMBER_ARGS is split on spaces on purpose.
# shellcheck disable=SC2086
"$nimber" ${NIMBER_ARGS:-} batch < "$input" > "$work/nimber.out"
"$baseline" < "$input" > "$work/baseline.out"
if ! cmp -s "$work/nimber.out" "$work/baseline.out"; then
  echo "$0: outputs differ" >&2
  exit 1
fi

# Runs both programs RUNS times, alternating, stdin from the input and stdout to /dev/null.
# Per run: the wall time, and the CPU time (user + sys of the process and its threads, from
# wait4), which a shared, loaded machine disturbs less. Prints best and median of each.
# shellcheck disable=SC2086
python3 - "$input" "$runs" "$nimber" ${NIMBER_ARGS:-} batch -- "$baseline" <<'EOF'
import os, statistics, subprocess, sys, time

path, runs = sys.argv[1], int(sys.argv[2])
split = sys.argv.index("--")
commands = {"nimber batch": sys.argv[3:split], "baseline (log table)": sys.argv[split + 1:]}

def run_once(argv):
    with open(path, "rb") as stdin, open(os.devnull, "wb") as stdout:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdin=stdin, stdout=stdout)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{argv[0]} failed with status {status}")
    return wall * 1e3, (usage.ru_utime + usage.ru_stime) * 1e3

times = {name: [] for name in commands}
for _ in range(runs):
    for name, argv in commands.items():
        times[name].append(run_once(argv))

load = " ".join(open("/proc/loadavg").read().split()[:3])
print(f"input: {os.path.getsize(path)} bytes; {runs} runs each, alternating; outputs identical")
print(f"load average after: {load}; {os.cpu_count()} cores")
summary = {}
for name, t in times.items():
    wall, cpu = [x[0] for x in t], [x[1] for x in t]
    summary[name] = (min(wall), statistics.median(wall), min(cpu), statistics.median(cpu))
    print(f"{name:22} wall best {min(wall):7.1f} ms  median {statistics.median(wall):7.1f} ms"
          f"   cpu best {min(cpu):7.1f} ms  median {statistics.median(cpu):7.1f} ms")
nb, bl = summary["nimber batch"], summary["baseline (log table)"]
print(f"speed-up: wall {bl[0] / nb[0]:.2f}x best, {bl[1] / nb[1]:.2f}x median;"
      f" cpu {bl[2] / nb[2]:.2f}x best, {bl[3] / nb[3]:.2f}x median")
EOF
