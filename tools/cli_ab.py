#!/usr/bin/python3
"""Same-machine A/B of two `nimber` binaries on one command line.

The runs alternate (A, B, A, B, ...), so both see the same machine noise; prints each side's
median and best wall time and the ratio of the medians. stdout goes to /dev/null after a
first run that checks both outputs are identical.

    tools/cli_ab.py NIMBER_A NIMBER_B ROUNDS -- ARGS...
    e.g. tools/cli_ab.py build-old/nimber build/nimber 15 -- batch input.txt
"""
import statistics
import subprocess
import sys
import time


def main() -> int:
    if len(sys.argv) < 5 or sys.argv[4] != "--":
        print(__doc__.strip().splitlines()[-2].strip(), file=sys.stderr)
        return 2
    sides = {"A": sys.argv[1], "B": sys.argv[2]}
    rounds, args = int(sys.argv[3]), sys.argv[5:]
    outputs = {k: subprocess.run([exe, *args], capture_output=True, check=True).stdout
               for k, exe in sides.items()}
    if outputs["A"] != outputs["B"]:
        print("the two binaries print different outputs", file=sys.stderr)
        return 1
    times = {k: [] for k in sides}
    for _ in range(rounds):
        for k, exe in sides.items():
            start = time.perf_counter()
            subprocess.run([exe, *args], stdout=subprocess.DEVNULL, check=True)
            times[k].append(time.perf_counter() - start)
    for k, exe in sides.items():
        print(f"{k} {exe}: median {1e3 * statistics.median(times[k]):.1f} ms, "
              f"best {1e3 * min(times[k]):.1f} ms over {rounds} runs")
    print(f"B/A medians: {statistics.median(times['B']) / statistics.median(times['A']):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
