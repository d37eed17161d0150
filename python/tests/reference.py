"""Plain-Python nimber arithmetic: the slow, obvious reference the tests compare against.

The nim product by the Fermat-power recursion (Conway, On Numbers and Games, ch. 6): for a
Fermat power F = 2**(2**k) above both halves, a = a1 F + a0 and b = b1 F + b0 give
    a * b = ((a0 + a1)(b0 + b1) + a0 b0) F + (a0 b0 + (a1 b1) * F/2),
with + the XOR.
"""


def nim_mul(a, b):
    if a < 2 or b < 2:
        return a * b
    half = 1
    while (max(a, b) >> half) != 0:
        half *= 2
    h = half // 2  # F = 2**h, the largest Fermat power not above both values
    low = (1 << h) - 1
    a1, a0, b1, b0 = a >> h, a & low, b >> h, b & low
    p0 = nim_mul(a0, b0)
    p1 = nim_mul(a1, b1)
    m = nim_mul(a0 ^ a1, b0 ^ b1)
    return ((m ^ p0) << h) ^ p0 ^ nim_mul(p1, 1 << (h - 1))


def nim_pow(x, e):
    result = 1
    while e:
        if e & 1:
            result = nim_mul(result, x)
        x = nim_mul(x, x)
        e >>= 1
    return result


def field_bits(x):
    """Bits of the smallest field GF(2**(2**k)) holding x."""
    bits = 1
    while x >> bits:
        bits *= 2
    return bits


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m
