"""Field algorithms against brute force in small fields and the reference product."""

import random

import numpy as np
import pytest

import nimber
from reference import field_bits, nim_mul, nim_pow


def brute_order(x):
    e, p = 1, x
    while p != 1:
        p, e = nim_mul(p, x), e + 1
    return e


def test_log_and_order_exhaustive_gf16():
    for a in range(1, 16):
        powers = {}
        p = 1
        for e in range(15):
            powers.setdefault(p, e)
            p = nim_mul(p, a)
        assert nimber.order(a) == brute_order(a)
        for b in range(16):
            assert nimber.log(a, b) == powers.get(b), (a, b)


def test_log_large_fields():
    rng = random.Random(1)
    g = 0x9E3779B97F4A7C15
    for _ in range(3):
        e = rng.getrandbits(64)
        assert nim_pow(g, nimber.log(g, nim_pow(g, e))) == nim_pow(g, e)
    o = nimber.order(g)
    assert (2**64 - 1) % o == 0 and nim_pow(g, o) == 1


def test_minpoly():
    for x in [0, 1, 2, 3, 4, 8, 200, 2**40 + 3, 2**100 + 5]:
        coeffs = nimber.minpoly(x)
        assert coeffs[-1] == 1 and set(coeffs) <= {0, 1}
        # p(x) = 0, evaluated with the reference product.
        value, power = 0, 1
        for c in coeffs:
            if c:
                value ^= power
            power = nim_mul(power, x)
        assert value == 0
        assert len(coeffs) - 1 <= field_bits(x)


@pytest.mark.parametrize("bits", [8, 16, 64])
def test_roots(bits):
    rng = random.Random(bits)
    chosen = sorted({rng.getrandbits(bits) for _ in range(4)})
    coeffs = [1]
    for r in chosen:  # (x - r) * coeffs
        shifted = [0] + coeffs
        coeffs = [s ^ nim_mul(r, c) for s, c in zip(shifted, coeffs + [0])]
    assert nimber.roots(coeffs, bits=bits) == chosen
    if bits == 8:
        brute = [x for x in range(256) if nimber.Nimber(0) == sum_poly(coeffs, x)]
        assert brute == chosen


def sum_poly(coeffs, x):
    value, power = 0, 1
    for c in coeffs:
        value ^= nim_mul(c, power)
        power = nim_mul(power, x)
    return value


def test_roots_errors():
    with pytest.raises(ValueError):
        nimber.roots([0, 0])
    with pytest.raises(ValueError, match="does not fit"):
        nimber.roots([256, 1], bits=8)
    with pytest.raises(ValueError, match="bits"):
        nimber.roots([1, 1], bits=12)
    with pytest.raises(TypeError):
        nimber.roots("12")
    with pytest.raises(TypeError):
        nimber.roots([1, -1])


def mat_mul(a, b):
    n, m, p = len(a), len(b), len(b[0])
    out = [[0] * p for _ in range(n)]
    for i in range(n):
        for j in range(p):
            for k in range(m):
                out[i][j] ^= nim_mul(int(a[i][k]), int(b[k][j]))
    return out


def test_matrices():
    rng = np.random.default_rng(4)
    a = rng.integers(0, 2**64, (5, 5), dtype=np.uint64)
    inv = nimber.inv(a)
    assert mat_mul(a.tolist(), inv.tolist()) == np.eye(5, dtype=int).tolist()
    assert nimber.rank(a) == 5
    d = nimber.det(a)
    assert nim_mul(d, nimber.det(inv)) == 1
    b = rng.integers(0, 2**64, 5, dtype=np.uint64)
    x, null = nimber.solve(a, b)
    assert [row[0] for row in mat_mul(a.tolist(), [[int(v)] for v in x])] == [int(v) for v in b]
    assert null.shape == (0, 5)
    # A singular one: a row the sum of two others.
    s = a.copy()
    s[4] = s[0] ^ s[1]
    assert nimber.rank(s) == 4 and nimber.det(s) == 0
    with pytest.raises(nimber.ZeroDivisorError, match="singular"):
        nimber.inv(s)
    x, null = nimber.solve(s, s[:, 2].copy())
    assert null.shape == (1, 5)
    assert mat_mul(s.tolist(), null.T.tolist()) == [[0]] * 5
    c = np.zeros(5, np.uint64)
    c[4] = 1
    assert nimber.solve(s, s[:, 2] ^ c) is None  # inconsistent


def test_matrix_dtypes_and_errors():
    m8 = np.array([[2, 1], [1, 2]], dtype=np.uint8)
    assert nimber.inv(m8).dtype == np.uint8
    assert np.array_equal(nimber.inv(nimber.inv(m8)), m8)
    with pytest.raises(TypeError, match="dtype"):
        nimber.det(np.eye(2))
    with pytest.raises(ValueError, match="2-D"):
        nimber.rank(np.zeros(3, np.uint64))
    with pytest.raises(ValueError, match="square"):
        nimber.det(np.zeros((2, 3), np.uint64))
    with pytest.raises(ValueError, match="entries"):
        nimber.solve(np.eye(2, dtype=np.uint64), np.zeros(3, np.uint64))


def test_scalar_errors():
    with pytest.raises(ValueError):
        nimber.log(0, 1)
    with pytest.raises(ValueError):
        nimber.order(0)
    with pytest.raises(TypeError):
        nimber.order(-3)
    with pytest.raises(ValueError, match="128 bits"):
        nimber.order(2**130)
