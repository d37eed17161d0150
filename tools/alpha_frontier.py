#!/usr/bin/python3
"""Turns `nimber alpha --data` lines into lines of data/alpha-frontier.txt.

    tools/alpha_frontier.py [--into data/alpha-frontier.txt] [--times FILE]... DATA...
    tools/alpha_frontier.py --table data/alpha.txt data/alpha-frontier.txt

Each data line "p f E excess seconds ; alpha ; certificate" becomes
"p f E excess seconds peak_kib ; alpha ; sha256(certificate) ; source". Lines of --into are
kept unless a data file has the same prime; its comment lines head the output. A --times
file holds lines "p WALL s USER s PEAK KB" (/usr/bin/time -f "p %e s %U s %M KB"): the
peak of the process that computed p. Primes up to 577 are marked as agreeing with OEIS
A380496 (docs/transfinite.md). Writes the merged file, ascending p, to stdout.

With --table: the Markdown table of every odd prime below 2000 (docs/transfinite.md), from
the shipped table, the frontier file, and the primes still open (OPEN below).
"""
import argparse
import hashlib
import sys

A380496_LAST = 577  # the last prime of OEIS A380496, every excess of which agrees
# The primes below 2000 not decided here: what stands in the way (docs/transfinite.md).
OPEN = {
    719: "E = 1,258,230,380; excess >= 1 proved",
    1319: "E = 3,291,190,980; excess >= 1 proved",
    1439: "needs alpha_719; excess >= 1 proved",
    1699: "E = 67,303,060; not computed yet",
}


def data_entries(path, peaks):
    for line in open(path, encoding="ascii"):
        if not line.strip() or line.startswith("#"):
            continue
        head, alpha, certificate = (field.strip() for field in line.split(";"))
        p, f, e, excess, seconds = head.split()
        digest = hashlib.sha256(certificate.encode("ascii")).hexdigest()
        source = "here,A380496" if int(p) <= A380496_LAST else "here"
        yield int(p), (f"{p} {f} {e} {excess} {float(seconds):.1f} {peaks.get(int(p), 0)} ; {alpha} ; "
                       f"{digest} ; {source}")


def table(shipped, frontier):
    rows = {}
    for path, source in ((shipped, "table"), (frontier, None)):
        for line in open(path, encoding="ascii"):
            if not line.strip() or line.startswith("#"):
                continue
            fields = [field.strip() for field in line.split(";")]
            words = fields[0].split()
            where = source or fields[3].replace("here", "computed here").replace(",A380496", ", = OEIS A380496")
            rows[int(words[0])] = f"| {words[0]} | {words[1]} | {int(words[2]):,} | {fields[1]} | {words[3]} | {where} |"
    out = ["| p | f | E | alpha_p | excess | source |", "|---|---|---:|---|---|---|"]
    for p in range(3, 2000, 2):
        if any(p % d == 0 for d in range(3, int(p ** 0.5) + 1, 2)):
            continue
        out.append(rows.get(p) or f"| {p} | | | | | open: {OPEN.get(p, 'not computed yet')} |")
    sys.stdout.write("\n".join(out) + "\n")


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--table":
        return table(sys.argv[2], sys.argv[3])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--into", help="the frontier file to merge into")
    parser.add_argument("--times", action="append", default=[], help="peak memory per prime")
    parser.add_argument("data", nargs="+", help="nimber alpha --data output")
    args = parser.parse_args()
    peaks = {}
    for path in args.times:
        for line in open(path, encoding="ascii"):
            words = line.split()
            if len(words) >= 7 and words[0].isdigit() and words[6] == "KB":
                peaks[int(words[0])] = int(words[5])
    comments, rows = [], {}
    if args.into:
        for line in open(args.into, encoding="ascii"):
            if line.startswith("#"):
                comments.append(line.rstrip("\n"))
            elif line.strip():
                rows[int(line.split()[0])] = line.rstrip("\n")
    for path in args.data:
        rows.update(data_entries(path, peaks))
    sys.stdout.write("".join(line + "\n" for line in comments + [rows[p] for p in sorted(rows)]))


if __name__ == "__main__":
    main()
