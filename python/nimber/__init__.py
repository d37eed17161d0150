"""Nimber arithmetic and impartial games.

The nimbers are the non-negative integers under nim addition (XOR) and nim multiplication;
the integers below 2**(2**k) form the field GF(2**(2**k)). This package wraps the C++ library
nimber: a value type of any size (Nimber), element-wise functions on NumPy arrays run by the
library's batch kernels, field algorithms and impartial games. See docs/python.md.

>>> import nimber
>>> nimber.Nimber(2) * 3
Nimber(1)
"""

from ._nimber import (
    Nimber,
    ZeroDivisorError,
    __version__,
    active_kernel,
    add,
    axpy,
    coin_value,
    det,
    div,
    force_kernel,
    grundy_sequence,
    grundy_values,
    inv,
    inverse,
    kernels,
    log,
    minpoly,
    MisereQuotient,
    misere_nim,
    misere_quotient,
    mul,
    order,
    outcomes,
    period,
    pow,
    rank,
    roots,
    solve,
    sqrt,
    square,
)

__all__ = [
    "Nimber",
    "ZeroDivisorError",
    "active_kernel",
    "add",
    "axpy",
    "coin_value",
    "det",
    "div",
    "force_kernel",
    "grundy_sequence",
    "grundy_values",
    "inv",
    "inverse",
    "kernels",
    "log",
    "minpoly",
    "MisereQuotient",
    "misere_nim",
    "misere_quotient",
    "mul",
    "order",
    "outcomes",
    "period",
    "pow",
    "rank",
    "roots",
    "solve",
    "sqrt",
    "square",
]
