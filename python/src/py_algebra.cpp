// Field algorithms: discrete logarithms, orders, polynomial roots, minimal polynomials and
// linear algebra on 2-D arrays (nimber/algebra/).
#include "nimber/algebra/log.hpp"
#include "nimber/algebra/matrix.hpp"
#include "nimber/algebra/roots.hpp"
#include "py_common.hpp"

namespace nimber::python {

namespace {

// Values below 2^64 live in GF(2^64), larger ones in GF(2^128): logarithms, orders and
// minimal polynomials do not depend on the field that holds the value.
template <class F>
auto by_width(u128 a, u128 b, F f) {
  if ((a >> 64) == 0 && (b >> 64) == 0) return f(std::uint64_t(a), std::uint64_t(b));
  return f(a, b);
}

py::object log(py::handle base, py::handle value) {
  const u128 a = to_u128(base, "nimber.log: base"), b = to_u128(value, "nimber.log: value");
  if (a == 0) throw py::value_error("nimber.log: no logarithm to base 0");
  // Without the GIL: a first 128-bit logarithm builds its tables (about a second).
  const auto x = without_gil([&] {
    return by_width(a, b, [](auto p, auto q) -> std::optional<u128> {
      const auto r = discrete_log(p, q);
      return r ? std::optional<u128>(*r) : std::nullopt;
    });
  });
  return x ? py::object(from_u128(*x)) : py::none();
}

py::int_ order_of(py::handle value) {
  const u128 a = to_u128(value, "nimber.order");
  if (a == 0) throw py::value_error("nimber.order: 0 has no multiplicative order");
  return from_u128(by_width(a, 0, [](auto p, auto) { return u128(order(p)); }));
}

py::list minpoly(py::handle value) {
  const u128 a = to_u128(value, "nimber.minpoly");
  const gf2_polynomial p = by_width(a, 0, [](auto x, auto) { return minimal_polynomial(x); });
  py::list coeffs;
  for (unsigned i = 0; i < p.degree; ++i) coeffs.append(int((p.lower >> i) & 1));
  coeffs.append(1);
  return coeffs;
}

template <class U>
py::list roots_in(py::handle coeffs) {
  std::vector<U> c;
  for (py::handle h : coeffs) {
    const u128 v = to_u128(h, "nimber.roots: coefficient");
    if constexpr (bits_of<U> < 128)
      if ((v >> bits_of<U>) != 0)
        throw py::value_error("nimber.roots: coefficient " + str_of(h) + " does not fit the field of " +
                              std::to_string(bits_of<U>) + " bits");
    c.push_back(U(v));
  }
  const std::vector<U> r = without_gil([&] { return polynomial_roots<U>(c); });
  py::list out;
  for (U x : r) out.append(from_u128(x));
  return out;
}

py::list roots(py::handle coeffs, int bits) {
  if (py::isinstance<py::str>(coeffs) || !py::hasattr(coeffs, "__iter__"))
    throw py::type_error("nimber.roots: coeffs must be a sequence of ints, lowest degree first");
  switch (bits) {
    case 8: return roots_in<std::uint8_t>(coeffs);
    case 16: return roots_in<std::uint16_t>(coeffs);
    case 32: return roots_in<std::uint32_t>(coeffs);
    case 64: return roots_in<std::uint64_t>(coeffs);
    case 128: return roots_in<u128>(coeffs);
  }
  throw py::value_error("nimber.roots: bits must be 8, 16, 32, 64 or 128, got " + std::to_string(bits));
}

// A 2-D unsigned array as a matrix over GF(2^64): entries of a smaller dtype lie in the
// subfield of that size, which elimination never leaves, so results fit the same dtype.
matrix<std::uint64_t> matrix_of(py::handle a, const char* name, py::dtype& dtype) {
  py::array arr = numpy().attr("asarray")(a);
  const py::dtype dt = arr.dtype();
  if (dt.kind() != 'u' || dt.itemsize() > 8)
    throw py::type_error(std::string("nimber.") + name + ": the matrix has dtype " + str_of(dt) +
                         "; expected uint8, uint16, uint32 or uint64");
  if (arr.ndim() != 2)
    throw py::value_error(std::string("nimber.") + name + ": expected a 2-D array, got " + std::to_string(arr.ndim()) + "-D");
  dtype = dt;
  py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast> w(arr);
  matrix<std::uint64_t> m(std::size_t(arr.shape(0)), std::size_t(arr.shape(1)));
  std::copy_n(w.data(), m.data().size(), m.data().data());
  return m;
}

py::array array_of(std::span<const std::uint64_t> v, std::vector<py::ssize_t> shape, const py::dtype& dtype) {
  py::array_t<std::uint64_t> out(shape);
  std::copy(v.begin(), v.end(), out.mutable_data());
  return out.attr("astype")(dtype);
}

void need_square(const matrix<std::uint64_t>& m, const char* name) {
  if (m.rows() != m.cols())
    throw py::value_error(std::string("nimber.") + name + ": expected a square matrix, got " +
                          std::to_string(m.rows()) + " x " + std::to_string(m.cols()));
}

}  // namespace

void register_algebra(py::module_& m) {
  using namespace pybind11::literals;
  m.def("log", &log, "base"_a, "value"_a, R"doc(
The smallest x >= 0 with base ** x == value (nim powers), or None when there is none.
ValueError for base 0.

>>> import nimber
>>> nimber.log(2, 3)
2
>>> nimber.log(2, 4) is None
True
)doc");
  m.def("order", &order_of, "x"_a, R"doc(
The multiplicative order of x: the least e >= 1 with x ** e == 1. ValueError for 0.

>>> import nimber
>>> nimber.order(2)
3
)doc");
  m.def("minpoly", &minpoly, "x"_a, R"doc(
The minimal polynomial of x over GF(2), coefficients 0 or 1, lowest degree first.

>>> import nimber
>>> nimber.minpoly(2)
[1, 1, 1]
)doc");
  m.def("roots", &roots, "coeffs"_a, "bits"_a = 64, R"doc(
The distinct roots, in increasing order, in the field of `bits` bits (8, 16, 32, 64 or 128) of
the polynomial with these coefficients (lowest degree first). ValueError for the zero
polynomial.

>>> import nimber
>>> nimber.roots([1, 1, 1])
[2, 3]
)doc");
  m.def("rank", [](py::handle a) {
    py::dtype dt;
    auto mat = matrix_of(a, "rank", dt);
    return without_gil([&] { return rank(std::move(mat)); });
  }, "a"_a, R"doc(
The rank of a 2-D unsigned array over the nimbers.

>>> import numpy as np, nimber
>>> nimber.rank(np.array([[1, 2], [2, 3]], dtype=np.uint64))
1
)doc");
  m.def("det", [](py::handle a) {
    py::dtype dt;
    auto mat = matrix_of(a, "det", dt);
    need_square(mat, "det");
    const std::uint64_t d = without_gil([&] { return determinant(std::move(mat)); });
    return py::int_(d);
  }, "a"_a, R"doc(
The determinant of a square 2-D unsigned array.

>>> import numpy as np, nimber
>>> nimber.det(np.array([[2, 1], [1, 2]], dtype=np.uint64))
2
)doc");
  m.def("inv", [](py::handle a) {
    py::dtype dt;
    auto mat = matrix_of(a, "inv", dt);
    need_square(mat, "inv");
    const std::size_t n = mat.rows();
    const std::optional<matrix<std::uint64_t>> r = without_gil([&] { return inverse(std::move(mat)); });
    if (!r) raise_zero_divisor("nimber.inv: the matrix is singular");
    return array_of(r->data(), {py::ssize_t(n), py::ssize_t(n)}, dt);
  }, "a"_a, R"doc(
The inverse of a square 2-D unsigned array; nimber.ZeroDivisorError (a ValueError) when it is
singular.

>>> import numpy as np, nimber
>>> nimber.inv(np.array([[2, 0], [0, 3]], dtype=np.uint8))
array([[3, 0],
       [0, 2]], dtype=uint8)
)doc");
  m.def("solve", [](py::handle a, py::handle b) -> py::object {
    py::dtype dt, bdt;
    auto mat = matrix_of(a, "solve", dt);
      auto rhs = matrix_of(numpy().attr("reshape")(numpy().attr("asarray")(b), py::make_tuple(-1, 1)), "solve", bdt);
    if (rhs.rows() != mat.rows())
      throw py::value_error("nimber.solve: b has " + std::to_string(rhs.rows()) + " entries, the matrix " +
                            std::to_string(mat.rows()) + " rows");
    if (bdt.itemsize() > dt.itemsize()) dt = bdt;
    const std::optional<linear_solution<std::uint64_t>> s =
        without_gil([&] { return solve(std::move(mat), std::span<const std::uint64_t>(rhs.data())); });
    if (!s) return py::none();
    return py::make_tuple(array_of(s->particular, {py::ssize_t(s->particular.size())}, dt),
                          array_of(s->null_space.data(), {py::ssize_t(s->null_space.rows()), py::ssize_t(s->null_space.cols())}, dt));
  }, "a"_a, "b"_a, R"doc(
All solutions of a @ x == b: a pair (x, null_space) with x the solution whose free variables
are 0 and null_space a basis of {x : a @ x == 0} (one vector per row), or None when there is no
solution.

>>> import numpy as np, nimber
>>> x, null = nimber.solve(np.array([[2, 0], [0, 3]], dtype=np.uint64), np.array([1, 1], dtype=np.uint64))
>>> x, null.shape
(array([3, 2], dtype=uint64), (0, 2))
)doc");
}

}  // namespace nimber::python
