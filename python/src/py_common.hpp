// Shared pieces of the Python bindings: integer conversion, the zero-divisor exception and
// the registration functions of each part of the module.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>

#include "nimber/big.hpp"
#include "nimber/types.hpp"

namespace nimber::python {

namespace py = pybind11;

// nimber.ZeroDivisorError: a ValueError and a ZeroDivisionError at once, so that either
// handler catches a zero divisor, whether it came from a scalar or from an array.
[[noreturn]] void raise_zero_divisor(const std::string& message);
void make_zero_divisor_error(py::module_& m);

// A non-negative Python integer (int, numpy integer, Nimber) as a big nimber. TypeError for
// a negative value or a non-integer, naming `what` (the function and argument).
big_nim to_big(py::handle value, const std::string& what);
py::int_ from_big(const big_nim& value);

// The same for values below 2^128 (ValueError above) and 2^64.
u128 to_u128(py::handle value, const std::string& what);
std::uint64_t to_u64(py::handle value, const std::string& what);
py::int_ from_u128(u128 value);

// f() run without the GIL (for work on C++ values only), its result handed back.
template <class F>
auto without_gil(F&& f) {
  py::gil_scoped_release release;
  return f();
}

// The numpy module, imported once and never released (a static py::object would be released
// after the interpreter has finalised, at process exit).
py::module_& numpy();

// str(value), for messages.
inline std::string str_of(py::handle value) { return py::str(value).cast<std::string>(); }
// The name of value's type ("float", "list"), for messages.
inline std::string type_name(py::handle value) { return str_of(py::type::handle_of(value).attr("__name__")); }

// Whether `value` is a Python int (bool excluded) or a Nimber: a scalar argument.
bool is_int_scalar(py::handle value);

// Whether `o` is a nimber.Nimber, and its value (py_big.cpp).
bool is_nimber(py::handle o);
const big_nim& nimber_value(py::handle o);

void register_big(py::module_& m);
void register_arrays(py::module_& m);
void register_algebra(py::module_& m);
void register_games(py::module_& m);

}  // namespace nimber::python
