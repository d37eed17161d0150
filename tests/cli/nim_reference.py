#!/usr/bin/env python3
"""An independent reference for the nimber command, on Python's unbounded ints.

The product follows Conway's rules directly: below a Fermat power F = 2^(2^k), x (*) F is
the ordinary product x * F, and F (*) F = F + F/2 (nim sum). Splitting a = a1 F + a0 and
b = b1 F + b0 gives the four half-size products of the schoolbook expansion

    a (*) b = (a1 b1 + a1 b0 + a0 b1) F  +  a0 b0  +  (a1 b1) (*) F/2,

where juxtaposition is the nim product and + is XOR. (The C++ library uses a three-product
Karatsuba form with precomputed tables; nothing here is shared with it.)

Usage: nim_reference.py NIMBER_BINARY
Generates batch inputs of every kind with a fixed seed, runs `NIMBER batch` on them and
compares line by line; then checks 128-bit mul, inv and sqrt of the command. Exit status 0
when everything agrees.
"""

import functools
import random
import subprocess
import sys


@functools.lru_cache(maxsize=1 << 20)
def nim_mul_in(a: int, b: int, bits: int) -> int:
    """a (*) b for a, b < 2^bits, bits a power of two."""
    if a < 2 or b < 2:
        return a * b  # 0 and 1 multiply as ordinary integers
    half = bits // 2
    f = 1 << half
    a1, a0, b1, b0 = a >> half, a & (f - 1), b >> half, b & (f - 1)
    high = nim_mul_in(a1, b1, half)
    cross = nim_mul_in(a1, b0, half) ^ nim_mul_in(a0, b1, half)
    low = nim_mul_in(a0, b0, half)
    return ((high ^ cross) << half) ^ low ^ nim_mul_in(high, f >> 1, half)


def nim_mul(a: int, b: int) -> int:
    bits = 1
    while max(a, b) >> bits:
        bits *= 2
    return nim_mul_in(a, b, bits)


def self_check() -> None:
    """The facts from the seed documents."""
    assert nim_mul(2, 2) == 3 and nim_mul(8, 8) == 13 and nim_mul(5, 11) == 12
    assert nim_mul(16, 16) == 24
    first_row = [nim_mul(2, b) for b in range(16)]
    assert first_row == [0, 2, 3, 1, 8, 10, 11, 9, 12, 14, 15, 13, 4, 6, 7, 5], first_row


def batch_cases(rng: random.Random):
    """(name, list of pairs) for every kind of input."""
    top = (1 << 64) - 1
    pow2 = [1 << i for i in range(64)]
    yield "random64", [(rng.getrandbits(64), rng.getrandbits(64)) for _ in range(1500)]
    yield "small", [(rng.randrange(256), rng.randrange(256)) for _ in range(1500)]
    yield "all_ones", [(top, top), (top, 0), (0, top), (top, 1)] + [
        (top, rng.getrandbits(64)) for _ in range(200)]
    yield "powers_of_two", [(a, b) for a in pow2 for b in pow2[::3]]
    yield "mixed_sizes", [(rng.getrandbits(rng.randrange(65)), rng.getrandbits(rng.randrange(65)))
                          for _ in range(1500)]
    yield "edges", [(a, b) for a in (0, 1, 2, 3, 255, 256, 65535, 65536, 2**32 - 1, 2**32,
                                     2**63, top) for b in (0, 1, 2**16, 2**32, 2**63 - 1, top)]


def layout(rng: random.Random, pairs) -> bytes:
    """The batch text, with varied whitespace: the reader must accept any of it."""
    seps = [" ", "\n", "\t", "\r\n", "  ", " \n "]
    parts = [str(len(pairs)), "\n"]
    for a, b in pairs:
        parts += [str(a), rng.choice(seps), str(b), rng.choice(seps)]
    return "".join(parts).encode()


def run(nimber: str, args, stdin: bytes = b"") -> str:
    p = subprocess.run([nimber, *args], input=stdin, capture_output=True, check=False)
    if p.returncode != 0 or p.stderr:
        raise AssertionError(f"nimber {' '.join(args)}: status {p.returncode}: {p.stderr!r}")
    return p.stdout.decode()


def check_batch(nimber: str, rng: random.Random) -> int:
    failures = 0
    for name, pairs in batch_cases(rng):
        got = run(nimber, ["batch"], layout(rng, pairs)).split("\n")
        if got[-1] != "" or len(got) - 1 != len(pairs):
            print(f"{name}: expected {len(pairs)} lines, got {len(got) - 1}")
            failures += 1
            continue
        for line, ((a, b), text) in enumerate(zip(pairs, got), start=1):
            if text != str(nim_mul(a, b)):
                print(f"{name}: line {line}: {a} * {b}: got {text}, expected {nim_mul(a, b)}")
                failures += 1
                break
    return failures


def check_128(nimber: str, rng: random.Random) -> int:
    """mul, inv and sqrt in the 128-bit field: products compared, inverses and roots verified
    by multiplying back in Python."""
    failures = 0
    values = [2**128 - 1, 2**127, 2**64, 2**64 + 1] + [rng.getrandbits(128) for _ in range(6)]
    for a in values:
        b = rng.getrandbits(128)
        checks = [
            (["mul", str(a), str(b)], lambda r: r == nim_mul(a, b)),
            (["inv", hex(a)], lambda r: nim_mul(a, r) == 1),
            (["sqrt", str(a)], lambda r: nim_mul(r, r) == a),
        ]
        for args, ok in checks:
            result = int(run(nimber, args).strip())
            if not ok(result):
                print(f"nimber {' '.join(args)} = {result}: wrong")
                failures += 1
    return failures


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    self_check()
    rng = random.Random(20240601)
    failures = check_batch(sys.argv[1], rng) + check_128(sys.argv[1], rng)
    print("all agree" if failures == 0 else f"{failures} disagreements")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
