// The array functions: nimber.mul, add, square, sqrt, inverse, div, pow, axpy on NumPy arrays,
// run on the batch kernels (nimber/batch.hpp) without the GIL.
#include <chrono>
#include <vector>

#include "nimber/batch.hpp"
#include "nimber/kernel.hpp"
#include "py_arrays.hpp"

namespace nimber::python {

namespace {

using arrays::call;
using arrays::operand;
using arrays::prepare;
using arrays::produce;
using span64 = std::span<const std::uint64_t>;

// 128-bit values: the low and high words of each value, read into aligned u128 storage.
u128 value128(const operand& op, std::size_t i) {
  if (op.scalar) return op.value;
  return u128(op.ptr[2 * i]) | (u128(op.ptr[2 * i + 1]) << 64);
}
void store128(std::uint64_t* r, std::size_t i, u128 v) {
  r[2 * i] = std::uint64_t(v);
  r[2 * i + 1] = std::uint64_t(v >> 64);
}
std::vector<u128> values128(const operand& op, std::size_t n) {
  std::vector<u128> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = value128(op, i);
  return v;
}

// r = x * y for the call's values (r shares no memory with x or y).
void mul_into(const call& c, const operand& x, const operand& y, std::uint64_t* r) {
  const std::size_t n = c.count;
  if (c.wide) {
    const std::vector<u128> a = values128(x, n), b = values128(y, n);
    std::vector<u128> p(n);
    batch::mul(std::span<const u128>(a), std::span<const u128>(b), std::span<u128>(p));
    for (std::size_t i = 0; i < n; ++i) store128(r, i, p[i]);
  } else if (x.scalar && y.scalar) {
    r[0] = nimber::mul(std::uint64_t(x.value), std::uint64_t(y.value));
  } else if (x.scalar || y.scalar) {
    const operand& s = x.scalar ? x : y;
    const operand& v = x.scalar ? y : x;
    batch::mul(std::uint64_t(s.value), span64(v.ptr, n), {r, n});
  } else {
    batch::mul(span64(x.ptr, n), span64(y.ptr, n), {r, n});
  }
}

enum class unary_op { square, sqrt, inverse };

void unary_into(const call& c, unary_op op, const operand& x, std::uint64_t* r) {
  const std::size_t n = c.count;
  if (c.wide) {
    for (std::size_t i = 0; i < n; ++i) {
      const u128 v = value128(x, i);
      store128(r, i, op == unary_op::square ? nimber::square(v) : op == unary_op::sqrt ? nimber::sqrt(v) : nimber::inverse(v));
    }
  } else if (x.scalar) {
    const std::uint64_t v = std::uint64_t(x.value);
    r[0] = op == unary_op::square ? nimber::square(v) : op == unary_op::sqrt ? nimber::sqrt(v) : nimber::inverse(v);
  } else if (op == unary_op::square) {
    batch::square(span64(x.ptr, n), {r, n});
  } else if (op == unary_op::sqrt) {
    batch::sqrt(span64(x.ptr, n), {r, n});
  } else {
    batch::inverse(span64(x.ptr, n), {r, n});
  }
}

// r ^= y, word by word (a scalar repeats its one or two words).
void xor_into(const call& c, const operand& y, std::uint64_t* r) {
  const std::size_t words = c.wide ? 2 * c.count : c.count;
  if (!y.scalar) {
    for (std::size_t i = 0; i < words; ++i) r[i] ^= y.ptr[i];
    return;
  }
  const std::uint64_t lo = std::uint64_t(y.value), hi = std::uint64_t(y.value >> 64);
  for (std::size_t i = 0; i < words; ++i) r[i] ^= (c.wide && (i & 1)) ? hi : lo;
}

void copy_into(const call& c, const operand& x, std::uint64_t* r) {
  const std::size_t words = c.wide ? 2 * c.count : c.count;
  if (!x.scalar) return (void)std::copy_n(x.ptr, words, r);
  for (std::size_t i = 0; i < c.count; ++i)
    if (c.wide) store128(r, i, x.value); else r[i] = std::uint64_t(x.value);
}

py::object unary(const char* name, unary_op op, py::handle x, py::handle out, py::handle bits) {
  call c = prepare(name, {x}, {"x"}, bits);
  if (op == unary_op::inverse) arrays::check_nonzero(c, c.args[0]);
  return produce(c, out, [&](std::uint64_t* r) { unary_into(c, op, c.args[0], r); });
}

py::object mul(py::handle a, py::handle b, py::handle out, py::handle bits) {
  call c = prepare("mul", {a, b}, {"a", "b"}, bits);
  return produce(c, out, [&](std::uint64_t* r) { mul_into(c, c.args[0], c.args[1], r); });
}

py::object add(py::handle a, py::handle b, py::handle out, py::handle bits) {
  call c = prepare("add", {a, b}, {"a", "b"}, bits);
  return produce(c, out, [&](std::uint64_t* r) {
    copy_into(c, c.args[0], r);
    xor_into(c, c.args[1], r);
  });
}

py::object div(py::handle a, py::handle b, py::handle out, py::handle bits) {
  call c = prepare("div", {a, b}, {"a", "b"}, bits);
  arrays::check_nonzero(c, c.args[1]);
  return produce(c, out, [&](std::uint64_t* r) {
    // r = 1 / b, then r = a * r in place (which the batch product allows).
    operand inv;
    if (c.args[1].scalar) {
      inv.scalar = true;
      inv.value = c.wide ? u128(nimber::inverse(c.args[1].value)) : nimber::inverse(std::uint64_t(c.args[1].value));
    } else {
      unary_into(c, unary_op::inverse, c.args[1], r);
      inv.ptr = r;
    }
    mul_into(c, c.args[0], inv, r);
  });
}

// The exponent as an unsigned power of x or of 1/x: Python ints of any size, reduced modulo
// the order 2^128 - 1 of the largest field's group (a multiple of every smaller one), to the
// order itself rather than 0 so that 0^e stays 0 for e > 0.
std::pair<u128, bool> exponent_of(py::handle e) {
  if (PyBool_Check(e.ptr()) || PyFloat_Check(e.ptr()) || !PyIndex_Check(e.ptr()) || py::isinstance<py::array>(e))
    throw py::type_error("nimber.pow: the exponent must be an int, got " +
                         type_name(e));
  py::int_ k = py::reinterpret_steal<py::int_>(PyNumber_Index(e.ptr()));
  if (!k) throw py::error_already_set();
  const bool negative = PyObject_RichCompareBool(k.ptr(), py::int_(0).ptr(), Py_LT) == 1;
  if (negative) k = py::int_(-k);
  const py::int_ order = py::int_(py::reinterpret_steal<py::object>(PyNumber_Lshift(py::int_(1).ptr(), py::int_(128).ptr()))) - py::int_(1);
  if (PyObject_RichCompareBool(k.ptr(), order.ptr(), Py_GT) == 1) {
    k = py::int_(k % order);
    if (PyObject_Not(k.ptr())) k = order;
  }
  return {to_u128(k, "nimber.pow"), negative};
}

py::object pow(py::handle x, py::handle e, py::handle out, py::handle bits) {
  const auto [k, negative] = exponent_of(e);
  call c = prepare("pow", {x}, {"x"}, bits);
  if (negative) arrays::check_nonzero(c, c.args[0]);
  return produce(c, out, [&, k = k, negative = negative](std::uint64_t* r) {
    const operand& v = c.args[0];
    if (c.wide || v.scalar) {
      for (std::size_t i = 0; i < c.count; ++i) {
        const u128 b = negative ? nimber::inverse(value128(v, i)) : value128(v, i);
        const u128 p = c.wide ? nimber::pow(b, k) : u128(nimber::pow(std::uint64_t(b), k));
        if (c.wide) store128(r, i, p); else r[i] = std::uint64_t(p);
      }
      return;
    }
    // Square-and-multiply over the whole array, one batch pass a bit (the group of 2^64 - 1
    // elements: the exponent first reduced as nimber::pow does).
    const u128 order = ~std::uint64_t(0);
    std::uint64_t m = std::uint64_t(k > order ? (k % order == 0 ? order : k % order) : k);
    const std::size_t n = c.count;
    std::vector<std::uint64_t> base(n);
    if (negative) batch::inverse(span64(v.ptr, n), base); else std::copy_n(v.ptr, n, base.data());
    std::fill_n(r, n, std::uint64_t(1));
    for (; m != 0; m >>= 1) {
      if (m & 1) batch::mul(span64(r, n), base, {r, n});
      if (m > 1) batch::square(base, base);
    }
  });
}

py::object axpy(py::handle a, py::handle x, py::handle y, py::handle out, py::handle bits) {
  call c = prepare("axpy", {a, x, y}, {"a", "x", "y"}, bits);
  const operand &s = c.args[0], &v = c.args[1], &w = c.args[2];
  // y += a x in place, the BLAS form, straight on the batch kernel.
  if (!c.wide && s.scalar && !v.scalar && !out.is_none() && out.is(y) && c.arrays[2].is(y) &&
      !numpy().attr("may_share_memory")(c.arrays[2], c.arrays[1]).cast<bool>()) {
    auto* r = static_cast<std::uint64_t*>(py::reinterpret_borrow<py::array>(out).mutable_data());
    py::gil_scoped_release release;
    batch::axpy(std::uint64_t(s.value), span64(v.ptr, c.count), {r, c.count});
    return py::reinterpret_borrow<py::object>(out);
  }
  return produce(c, out, [&](std::uint64_t* r) {
    mul_into(c, s, v, r);
    xor_into(c, w, r);
  });
}

// The best of `repeat` timings of batch::mul(a, b, out) on the arrays' own words: the C++
// side of python/bench/bench_python.py, measured on the same data in the same process.
double time_batch_mul(py::array_t<std::uint64_t, py::array::c_style> a,
                      py::array_t<std::uint64_t, py::array::c_style> b,
                      py::array_t<std::uint64_t, py::array::c_style> out, int repeat) {
  if (a.size() != b.size() || a.size() != out.size()) throw py::value_error("_time_batch_mul: sizes differ");
  const std::size_t n = std::size_t(a.size());
  const span64 x(a.data(), n), y(b.data(), n);
  const std::span<std::uint64_t> r(out.mutable_data(), n);
  py::gil_scoped_release release;
  double best = 1e300;
  for (int i = 0; i < repeat; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    batch::mul(x, y, r);
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

}  // namespace

void register_arrays(py::module_& m) {
  using namespace pybind11::literals;
  m.def("mul", &mul, "a"_a, "b"_a, py::kw_only(), "out"_a = py::none(), "bits"_a = py::none(), R"doc(
Element-wise nim product of two arrays (or an array and an int), broadcast as NumPy does.

Arrays are uint8, uint16, uint32 or uint64 (the result has the widest of their dtypes); with
bits=128 they are uint64 with a last axis of length 2 holding each value's low and high word.
``out`` receives the result when given (dtype and shape must match it).

>>> import numpy as np, nimber
>>> nimber.mul(np.array([2, 8, 16], dtype=np.uint64), np.array([3, 8, 16], dtype=np.uint64))
array([ 1, 13, 24], dtype=uint64)
>>> nimber.mul(np.arange(4, dtype=np.uint8), 2)
array([0, 2, 3, 1], dtype=uint8)
>>> two_64 = np.array([0, 1], dtype=np.uint64)  # 2**64 as (low word, high word)
>>> nimber.mul(two_64, two_64, bits=128)  # 2**64 + 2**63
array([9223372036854775808,                   1], dtype=uint64)
)doc");
  m.def("add", &add, "a"_a, "b"_a, py::kw_only(), "out"_a = py::none(), "bits"_a = py::none(), R"doc(
Element-wise nim sum (XOR), with the conventions of nimber.mul.

>>> import numpy as np, nimber
>>> nimber.add(np.array([1, 2, 3], dtype=np.uint16), 1)
array([0, 3, 2], dtype=uint16)
)doc");
  m.def("square", [](py::handle x, py::handle out, py::handle bits) { return unary("square", unary_op::square, x, out, bits); },
        "x"_a, py::kw_only(), "out"_a = py::none(), "bits"_a = py::none(), R"doc(
Element-wise x * x.

>>> import numpy as np, nimber
>>> nimber.square(np.array([2, 3, 4], dtype=np.uint32))
array([3, 2, 6], dtype=uint32)
)doc");
  m.def("sqrt", [](py::handle x, py::handle out, py::handle bits) { return unary("sqrt", unary_op::sqrt, x, out, bits); },
        "x"_a, py::kw_only(), "out"_a = py::none(), "bits"_a = py::none(), R"doc(
Element-wise square root: the unique y with y * y == x.

>>> import numpy as np, nimber
>>> nimber.sqrt(np.array([3, 2, 6], dtype=np.uint32))
array([2, 3, 4], dtype=uint32)
)doc");
  m.def("inverse", [](py::handle x, py::handle out, py::handle bits) { return unary("inverse", unary_op::inverse, x, out, bits); },
        "x"_a, py::kw_only(), "out"_a = py::none(), "bits"_a = py::none(), R"doc(
Element-wise multiplicative inverse; a 0 raises nimber.ZeroDivisorError (a ValueError) and
nothing is written to out.

>>> import numpy as np, nimber
>>> nimber.inverse(np.array([1, 2, 3, 8], dtype=np.uint8))
array([ 1,  3,  2, 10], dtype=uint8)
)doc");
  m.def("div", &div, "a"_a, "b"_a, py::kw_only(), "out"_a = py::none(), "bits"_a = py::none(), R"doc(
Element-wise a / b = a * inverse(b); a zero in b raises nimber.ZeroDivisorError (a ValueError),
checked before anything is written.

>>> import numpy as np, nimber
>>> nimber.div(np.array([1, 13], dtype=np.uint64), np.array([2, 8], dtype=np.uint64))
array([3, 8], dtype=uint64)
)doc");
  m.def("pow", &pow, "x"_a, "e"_a, py::kw_only(), "out"_a = py::none(), "bits"_a = py::none(), R"doc(
Element-wise x ** e for an int exponent e of any size; a negative e goes through the inverse
(nimber.ZeroDivisorError when x holds a 0). x ** 0 is 1, 0 ** 0 included.

>>> import numpy as np, nimber
>>> nimber.pow(np.array([2, 3, 4], dtype=np.uint64), 3)
array([ 1,  1, 14], dtype=uint64)
>>> nimber.pow(np.array([2, 8], dtype=np.uint64), -1)
array([ 3, 10], dtype=uint64)
)doc");
  m.def("axpy", &axpy, "a"_a, "x"_a, "y"_a, py::kw_only(), "out"_a = py::none(), "bits"_a = py::none(), R"doc(
a * x + y element-wise. With out=y and an int a it updates y in place on the batch kernel.

>>> import numpy as np, nimber
>>> y = np.array([1, 1, 1], dtype=np.uint64)
>>> nimber.axpy(2, np.array([1, 2, 3], dtype=np.uint64), y, out=y)
array([3, 2, 0], dtype=uint64)
)doc");
  m.def("_time_batch_mul", &time_batch_mul, "a"_a, "b"_a, "out"_a, "repeat"_a,
        "Best time in seconds of the C++ batch::mul on these arrays (for the benchmark script).");
}

}  // namespace nimber::python
