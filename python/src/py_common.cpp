#include "py_common.hpp"

#include <cstring>
#include <vector>

namespace nimber::python {

namespace {
PyObject* zero_divisor_type = nullptr;  // owned by the module (a new reference kept alive)
}

void make_zero_divisor_error(py::module_& m) {
  py::tuple bases = py::make_tuple(py::handle(PyExc_ValueError), py::handle(PyExc_ZeroDivisionError));
  zero_divisor_type = PyErr_NewExceptionWithDoc(
      "nimber.ZeroDivisorError",
      "A zero divisor (division, inverse or negative power of 0). Both a ValueError and a "
      "ZeroDivisionError.",
      bases.ptr(), nullptr);
  if (!zero_divisor_type) throw py::error_already_set();
  m.attr("ZeroDivisorError") = py::handle(zero_divisor_type);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const division_by_zero& e) {
      PyErr_SetString(zero_divisor_type, e.what());
    }
  });
}

void raise_zero_divisor(const std::string& message) {
  PyErr_SetString(zero_divisor_type, message.c_str());
  throw py::error_already_set();
}

py::module_& numpy() {
  static py::module_* np = new py::module_(py::module_::import("numpy"));
  return *np;
}

bool is_int_scalar(py::handle value) {
  return (PyLong_Check(value.ptr()) && !PyBool_Check(value.ptr())) || is_nimber(value);
}

namespace {

// The value as a Python int (operator.index), checked non-negative.
py::int_ index_of(py::handle value, const std::string& what) {
  if (PyFloat_Check(value.ptr()) || PyBool_Check(value.ptr()) || !PyIndex_Check(value.ptr()))
    throw py::type_error(what + ": expected a non-negative integer, got " +
                         type_name(value));
  py::int_ index = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
  if (!index) throw py::error_already_set();
  if (PyObject_RichCompareBool(index.ptr(), py::int_(0).ptr(), Py_LT) == 1)
    throw py::type_error(what + ": nimbers are non-negative integers, got " + str_of(index));
  return index;
}

}  // namespace

big_nim to_big(py::handle value, const std::string& what) {
  if (is_nimber(value)) return nimber_value(value);
  py::int_ index = index_of(value, what);
  int overflow = 0;
  const long long small = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow == 0) return big_nim(std::uint64_t(small));
  // Any size: the little-endian bytes, padded to whole limbs.
  const std::size_t bits = index.attr("bit_length")().cast<std::size_t>();
  const std::size_t limbs = (bits + 63) / 64;
  py::bytes bytes = index.attr("to_bytes")(limbs * 8, "little");
  std::vector<std::uint64_t> words(limbs);
  std::memcpy(words.data(), PyBytes_AsString(bytes.ptr()), limbs * 8);
  return big_nim::from_limbs(words);
}

py::int_ from_big(const big_nim& value) {
  const auto limbs = value.limbs();
  if (limbs.size() <= 1)
    return py::reinterpret_steal<py::int_>(PyLong_FromUnsignedLongLong(limbs.empty() ? 0 : limbs[0]));
  py::bytes bytes(reinterpret_cast<const char*>(limbs.data()), limbs.size() * 8);
  return py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(&PyLong_Type))
      .attr("from_bytes")(bytes, "little");
}

u128 to_u128(py::handle value, const std::string& what) {
  const big_nim v = to_big(value, what);
  if (!v.fits_u128())
    throw py::value_error(what + ": " + v.to_string() + " does not fit 128 bits (use nimber.Nimber)");
  return v.to_u128();
}

std::uint64_t to_u64(py::handle value, const std::string& what) {
  const big_nim v = to_big(value, what);
  if (!v.fits_u64()) throw py::value_error(what + ": " + v.to_string() + " does not fit 64 bits");
  return v.to_u64();
}

py::int_ from_u128(u128 value) { return from_big(big_nim(value)); }

}  // namespace nimber::python
