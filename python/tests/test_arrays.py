"""The array functions against the plain-Python reference, under every kernel: exhaustive over
uint8 x uint8, seeded random and edge values for 16, 32, 64 and 128 bits; broadcasting, out=,
and the errors (nothing written to out)."""

import random

import numpy as np
import pytest

import nimber
from reference import nim_mul, nim_pow
from test_scalar import edge_values

DTYPES = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}


@pytest.fixture(scope="module")
def byte_table():
    return np.array([[nim_mul(a, b) for b in range(256)] for a in range(256)], dtype=np.uint8)


def test_uint8_exhaustive(kernel, byte_table):
    a = np.repeat(np.arange(256, dtype=np.uint8), 256)
    b = np.tile(np.arange(256, dtype=np.uint8), 256)
    product = nimber.mul(a, b)
    assert product.dtype == np.uint8
    assert np.array_equal(product.reshape(256, 256), byte_table)
    # Broadcasting a column against a row gives the same table.
    column = np.arange(256, dtype=np.uint8)[:, None]
    assert np.array_equal(nimber.mul(column, column.T), byte_table)
    x = np.arange(256, dtype=np.uint8)
    assert np.array_equal(byte_table[x, nimber.square(x)], nimber.mul(nimber.square(x), x))
    assert np.array_equal(byte_table[x, x], nimber.square(x))
    assert np.array_equal(nimber.square(nimber.sqrt(x)), x)
    nonzero = x[1:]
    assert np.all(byte_table[nonzero, nimber.inverse(nonzero)] == 1)
    assert np.array_equal(nimber.div(b[b != 0], b[b != 0]), np.ones(np.count_nonzero(b), np.uint8))
    assert np.array_equal(nimber.mul(nimber.div(a[b != 0], b[b != 0]), b[b != 0]), a[b != 0])


def values(bits, count, seed):
    rng = random.Random(seed)
    return edge_values(bits) + [rng.getrandbits(bits) for _ in range(count)]


@pytest.fixture(scope="module", params=[16, 32, 64])
def word_case(request):
    """Operands and their reference products, square roots and inverses, computed once."""
    bits = request.param
    xs = values(bits, 150, seed=bits)
    ys = list(reversed(values(bits, 150, seed=bits + 1)))
    dtype = DTYPES[bits]
    return {
        "bits": bits,
        "x": np.array(xs, dtype=dtype),
        "y": np.array(ys, dtype=dtype),
        "xy": np.array([nim_mul(x, y) for x, y in zip(xs, ys)], dtype=dtype),
        "xx": np.array([nim_mul(x, x) for x in xs], dtype=dtype),
        "x3": np.array([nim_pow(x, 3) for x in xs], dtype=dtype),
        "c": 0x9E3779B97F4A7C15 & ((1 << bits) - 1),
        "cx": np.array([nim_mul(0x9E3779B97F4A7C15 & ((1 << bits) - 1), x) for x in xs], dtype=dtype),
    }


def test_words_against_reference(kernel, word_case):
    x, y = word_case["x"], word_case["y"]
    assert np.array_equal(nimber.mul(x, y), word_case["xy"])
    assert np.array_equal(nimber.mul(x, word_case["c"]), word_case["cx"])
    assert np.array_equal(nimber.mul(word_case["c"], x), word_case["cx"])
    assert np.array_equal(nimber.square(x), word_case["xx"])
    assert np.array_equal(nimber.sqrt(word_case["xx"]), x)
    assert np.array_equal(nimber.pow(x, 3), word_case["x3"])
    assert np.array_equal(nimber.add(x, y), x ^ y)
    nz = y[y != 0]
    assert np.array_equal(nimber.mul(nimber.inverse(nz), nz), np.ones_like(nz))
    assert np.array_equal(nimber.pow(nz, -1), nimber.inverse(nz))
    assert np.array_equal(nimber.pow(x, np.int64(3)), word_case["x3"])
    assert np.array_equal(nimber.div(word_case["xy"][y != 0], nz), x[y != 0])
    acc = y.copy()
    assert nimber.axpy(word_case["c"], x, acc, out=acc) is acc
    assert np.array_equal(acc, word_case["cx"] ^ y)
    assert np.array_equal(nimber.axpy(x, y, x), word_case["xy"] ^ x)


def test_large_arrays_match_small_calls(kernel):
    # 2^17 values: past the threshold where the batch splits work across threads.
    rng = np.random.default_rng(17)
    a = rng.integers(0, 2**64, 1 << 17, dtype=np.uint64)
    b = rng.integers(0, 2**64, 1 << 17, dtype=np.uint64)
    whole = nimber.mul(a, b)
    picks = rng.integers(0, 1 << 17, 200)
    assert all(int(whole[i]) == nim_mul(int(a[i]), int(b[i])) for i in picks)
    assert np.array_equal(nimber.mul(a[:1000], b[:1000]), whole[:1000])


def to_words(vals):
    return np.array([[v & (2**64 - 1), v >> 64] for v in vals], dtype=np.uint64)


def from_words(words):
    return [int(lo) | (int(hi) << 64) for lo, hi in words]


@pytest.fixture(scope="module")
def wide_case():
    xs = values(128, 60, seed=128)
    ys = list(reversed(values(128, 60, seed=129)))
    return xs, ys, [nim_mul(x, y) for x, y in zip(xs, ys)]


def test_128_bits_against_reference(kernel, wide_case):
    xs, ys, products = wide_case
    x, y = to_words(xs), to_words(ys)
    assert from_words(nimber.mul(x, y, bits=128)) == products
    assert from_words(nimber.add(x, y, bits=128)) == [a ^ b for a, b in zip(xs, ys)]
    sq = nimber.square(x, bits=128)
    assert from_words(sq) == [nim_mul(v, v) for v in xs]
    assert np.array_equal(nimber.sqrt(sq, bits=128), x)
    c = 2**127 + 12345
    assert from_words(nimber.mul(x, c, bits=128)) == [nim_mul(c, v) for v in xs]
    keep = [i for i, v in enumerate(ys) if v]
    inv = from_words(nimber.inverse(y[keep], bits=128))
    assert all(nim_mul(a, ys[i]) == 1 for a, i in zip(inv, keep))
    assert from_words(nimber.div(to_words(products)[keep], y[keep], bits=128)) == [xs[i] for i in keep]
    assert from_words(nimber.pow(x, 2, bits=128)) == from_words(sq)
    assert from_words(nimber.axpy(c, x, y, bits=128)) == [nim_mul(c, a) ^ b for a, b in zip(xs, ys)]
    # Scalars alone give one value as (low, high).
    assert from_words([nimber.mul(2**100, 3, bits=128)]) == [nim_mul(2**100, 3)]
    # The 128-bit product agrees with Nimber's.
    assert [int(nimber.Nimber(a) * b) for a, b in zip(xs, ys)] == products


def test_scalars_zero_d_and_broadcasting():
    assert nimber.mul(8, 8) == 13 and isinstance(nimber.mul(8, 8), np.uint64)
    assert nimber.mul(np.uint8(8), 8).dtype == np.uint8
    a = np.arange(12, dtype=np.uint32).reshape(3, 4)
    row = np.array([1, 2, 3, 4], dtype=np.uint16)
    r = nimber.mul(a, row)
    assert r.dtype == np.uint32 and r.shape == (3, 4)
    assert all(int(r[i, j]) == nim_mul(int(a[i, j]), int(row[j])) for i in range(3) for j in range(4))
    # Non-contiguous, byte-swapped and read-only inputs are accepted.
    b = np.arange(40, dtype=np.uint64)[::2].astype(">u8")
    b.flags.writeable = False
    assert np.array_equal(nimber.mul(b, 1), np.arange(40, dtype=np.uint64)[::2])
    assert nimber.mul(np.zeros((0, 3), np.uint64), 5).shape == (0, 3)


def test_out(kernel):
    a = np.arange(1, 101, dtype=np.uint64)
    b = a[::-1].copy()
    expected = nimber.mul(a, b)
    out = np.empty_like(a)
    assert nimber.mul(a, b, out=out) is out and np.array_equal(out, expected)
    # In place and overlapping: out is one of the inputs.
    c = a.copy()
    nimber.mul(c, b, out=c)
    assert np.array_equal(c, expected)
    c = a.copy()
    nimber.div(c, c, out=c)
    assert np.array_equal(c, np.ones_like(c))
    c = a.copy()
    nimber.axpy(3, c, c, out=c)
    assert np.array_equal(c, nimber.mul(a, 3) ^ a)
    # A strided out and a narrow dtype.
    wide = np.zeros(200, dtype=np.uint64)
    nimber.mul(a, b, out=wide[::2])
    assert np.array_equal(wide[::2], expected) and not wide[1::2].any()
    small = np.zeros(100, np.uint8)
    nimber.add(a.astype(np.uint8), 1, out=small)
    assert np.array_equal(small, a.astype(np.uint8) ^ 1)


def test_every_kernel_agrees():
    rng = np.random.default_rng(3)
    a = rng.integers(0, 2**64, 5000, dtype=np.uint64)
    b = rng.integers(0, 2**64, 5000, dtype=np.uint64)
    results = {}
    before = nimber.active_kernel()
    try:
        for k in nimber.kernels():
            if k["supported"]:
                nimber.force_kernel(k["name"])
                results[k["name"]] = [nimber.mul(a, b), nimber.inverse(a[a != 0]), nimber.sqrt(a), nimber.mul(a, 77)]
    finally:
        nimber.force_kernel(before)
    first = next(iter(results.values()))
    for name, r in results.items():
        assert all(np.array_equal(x, y) for x, y in zip(r, first)), name


@pytest.mark.parametrize("call", [
    lambda out: nimber.div(np.array([1, 2, 3], np.uint64), np.array([1, 0, 3], np.uint64), out=out),
    lambda out: nimber.div(np.array([1, 2, 3], np.uint64), 0, out=out),
    lambda out: nimber.inverse(np.array([5, 0, 7], np.uint64), out=out),
    lambda out: nimber.pow(np.array([5, 0, 7], np.uint64), -2, out=out),
])
def test_zero_divisor_writes_nothing(call):
    out = np.full(3, 99, dtype=np.uint64)
    with pytest.raises(ValueError, match="division by zero"):
        call(out)
    with pytest.raises(ZeroDivisionError):
        call(out)
    assert np.array_equal(out, [99, 99, 99])


def test_zero_divisor_names_the_index():
    with pytest.raises(nimber.ZeroDivisorError, match=r"index \(1, 0\)"):
        nimber.inverse(np.array([[1, 2], [0, 3]], np.uint16))
    with pytest.raises(nimber.ZeroDivisorError, match=r"index \(1,\)"):
        nimber.inverse(np.array([[1, 1], [0, 0], [3, 0]], np.uint64), bits=128)


def test_bad_arguments_write_nothing():
    a = np.arange(4, dtype=np.uint64)
    out = np.full(4, 7, dtype=np.uint64)
    cases = [
        (TypeError, "dtype int64", lambda: nimber.mul(np.arange(4), a, out=out)),
        (TypeError, "dtype float64", lambda: nimber.mul(a, np.ones(4), out=out)),
        (TypeError, "dtype", lambda: nimber.mul([1, 2, 3, 4], a, out=out)),
        (ValueError, "broadcast", lambda: nimber.mul(a, np.arange(3, dtype=np.uint64), out=out)),
        (ValueError, "does not fit uint8", lambda: nimber.mul(np.arange(4, dtype=np.uint8), 300)),
        (TypeError, "non-negative", lambda: nimber.mul(a, -1, out=out)),
        (TypeError, "out has dtype", lambda: nimber.mul(a, a, out=np.empty(4, np.uint32))),
        (ValueError, "out has shape", lambda: nimber.mul(a, a, out=np.empty(5, np.uint64))),
        (TypeError, "numpy.ndarray", lambda: nimber.mul(a, a, out=[0, 0, 0, 0])),
        (ValueError, "last axis", lambda: nimber.mul(a, a, bits=128)),
        (TypeError, "uint64", lambda: nimber.mul(np.zeros((2, 2), np.uint32), 1, bits=128)),
        (ValueError, "bits must be", lambda: nimber.mul(a, a, bits=32)),
        (TypeError, "exponent", lambda: nimber.pow(a, 2.0, out=out)),
        (TypeError, "exponent", lambda: nimber.pow(a, a, out=out)),
    ]
    for error, text, f in cases:
        with pytest.raises(error, match=text):
            f()
        assert np.array_equal(out, [7, 7, 7, 7])
    frozen = np.zeros(4, np.uint64)
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        nimber.mul(a, a, out=frozen)


def test_kernel_errors():
    with pytest.raises(ValueError, match="unknown kernel 'sse9'"):
        nimber.force_kernel("sse9")
    names = [k["name"] for k in nimber.kernels()]
    assert names[0] == "portable" and nimber.active_kernel() in names
    for k in nimber.kernels():
        if not k["supported"]:
            with pytest.raises(ValueError, match="not supported"):
                nimber.force_kernel(k["name"])


def test_against_cli_batch(cli):
    """The C++ tool's batch products equal the module's on the same seeded data."""
    import subprocess

    rng = np.random.default_rng(99)
    a = rng.integers(0, 2**64, 1000, dtype=np.uint64)
    b = rng.integers(0, 2**64, 1000, dtype=np.uint64)
    text = f"{len(a)}\n" + "".join(f"{x} {y}\n" for x, y in zip(a, b))
    run = subprocess.run([cli, "batch"], input=text, capture_output=True, text=True, check=True)
    assert [int(v) for v in run.stdout.split()] == [int(v) for v in nimber.mul(a, b)]
