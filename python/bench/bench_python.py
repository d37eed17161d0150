"""Speed of the Python module against its C++ core and against plain Python.

1. nimber.mul on two 10^6-element uint64 arrays against the C++ batch product (batch::mul,
   timed inside the extension by nimber._nimber._time_batch_mul) on the same arrays, in the
   same process, in alternating rounds, under the active kernel (or every kernel with
   --all-kernels).
2. A scalar Nimber product of two 64-bit values against the plain-Python Fermat-power
   recursion of python/tests/reference.py (the Karatsuba form of the tower step).

Best of --repeat rounds each. Run from the repository root after `make python`:
    PYTHONPATH=build/python /usr/bin/python3 python/bench/bench_python.py
"""

import argparse
import pathlib
import sys
import time
import timeit

import numpy as np

import nimber

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests"))
from reference import nim_mul  # noqa: E402  the plain-Python recursion the tests use


def best(f, number, repeat):
    return min(timeit.repeat(f, number=number, repeat=repeat)) / number


def timed(f):
    start = time.perf_counter()
    f()
    return time.perf_counter() - start


def arrays(n, repeat, kernels):
    rng = np.random.default_rng(2026)
    a = rng.integers(0, 2**64, n, dtype=np.uint64)
    b = rng.integers(0, 2**64, n, dtype=np.uint64)
    out = np.empty_like(a)
    before = nimber.active_kernel()
    try:
        for kernel in kernels:
            nimber.force_kernel(kernel)
            nimber.mul(a, b, out=out)  # warm: threads started, pages touched
            # Rounds alternate the three, so that all see the same machine; best of each.
            cpp, with_out, fresh = [], [], []
            for _ in range(repeat):
                cpp.append(nimber._nimber._time_batch_mul(a, b, out, 1))
                with_out.append(timed(lambda: nimber.mul(a, b, out=out)))
                fresh.append(timed(lambda: nimber.mul(a, b)))
            c, w, f = min(cpp), min(with_out), min(fresh)
            print(f"{kernel:>8}  n={n}: C++ batch::mul {c * 1e3:.3f} ms, nimber.mul(a, b, out=out) "
                  f"{w * 1e3:.3f} ms ({w / c:.2f}x), nimber.mul(a, b) {f * 1e3:.3f} ms ({f / c:.2f}x)")
    finally:
        nimber.force_kernel(before)


def scalar(repeat):
    x, y = 0x9E3779B97F4A7C15, 0xD1B54A32D192ED03
    nx, ny = nimber.Nimber(x), nimber.Nimber(y)
    assert int(nx * ny) == nim_mul(x, y)
    fast = best(lambda: nx * ny, 200000, repeat)
    slow = best(lambda: nim_mul(x, y), 200, repeat)
    print(f"scalar 64-bit product: Nimber {fast * 1e9:.0f} ns, plain Python {slow * 1e6:.0f} us: "
          f"{slow / fast:.0f}x faster")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=10**6)
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--all-kernels", action="store_true")
    args = parser.parse_args()
    kernels = [k["name"] for k in nimber.kernels() if k["supported"]] if args.all_kernels else [nimber.active_kernel()]
    print(f"nimber {nimber.__version__}, Python {sys.version.split()[0]}, NumPy {np.__version__}")
    arrays(args.n, args.repeat, kernels)
    scalar(max(3, args.repeat // 4))


if __name__ == "__main__":
    main()
