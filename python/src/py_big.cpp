// nimber.Nimber: a nimber of any size, backed by big_nim (nimber/big.hpp).
//
// Written against the CPython C API rather than as a pybind11 class: a scalar product is
// mostly the cost of making the result object, and a plain extension type makes one in a
// fraction of the time a pybind11 instance takes.
#include <new>

#include "py_common.hpp"

namespace nimber::python {

namespace {

struct nimber_object {
  PyObject_HEAD
  big_nim value;
};

PyTypeObject* nimber_type = nullptr;

// Operations on large values run without the GIL; below this many limbs releasing it costs
// more than the work.
constexpr std::size_t release_limbs = 64;

PyObject* make(big_nim&& v) {
  PyObject* o = nimber_type->tp_alloc(nimber_type, 0);
  if (!o) return nullptr;
  new (&reinterpret_cast<nimber_object*>(o)->value) big_nim(std::move(v));
  return o;
}

const big_nim& value_of(PyObject* o) { return reinterpret_cast<nimber_object*>(o)->value; }

// Runs f, turning a C++ exception into the Python error it stands for (nullptr return).
template <class F>
PyObject* guarded(F f) noexcept {
  try {
    return f();
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (const py::builtin_exception& e) {
    e.set_error();
  } catch (const division_by_zero& e) {
    try {
      raise_zero_divisor(std::string("Nimber: ") + e.what());
    } catch (py::error_already_set& z) {
      z.restore();
    }
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::invalid_argument& e) {
    PyErr_SetString(PyExc_ValueError, e.what());
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

// An operand of a binary operator: a Nimber or an integer (converted into `store`); nullptr
// for any other type, which makes the operator return NotImplemented.
const big_nim* operand(PyObject* o, big_nim& store, const char* op) {
  if (PyObject_TypeCheck(o, nimber_type)) return &value_of(o);
  if (PyFloat_Check(o) || PyBool_Check(o) || !PyIndex_Check(o)) return nullptr;
  store = to_big(o, std::string("Nimber ") + op);
  return &store;
}

template <class F>
PyObject* binary(PyObject* a, PyObject* b, const char* op, F f) {
  return guarded([&]() -> PyObject* {
    big_nim sa, sb;
    const big_nim* x = operand(a, sa, op);
    const big_nim* y = operand(b, sb, op);
    if (!x || !y) Py_RETURN_NOTIMPLEMENTED;
    if (x->limbs().size() > release_limbs || y->limbs().size() > release_limbs) {
      big_nim r;
      {
        py::gil_scoped_release release;
        r = f(*x, *y);
      }
      return make(std::move(r));
    }
    return make(f(*x, *y));
  });
}

PyObject* nb_add(PyObject* a, PyObject* b) { return binary(a, b, "+", [](const big_nim& x, const big_nim& y) { return x + y; }); }
PyObject* nb_mul(PyObject* a, PyObject* b) {
  return binary(a, b, "*", [](const big_nim& x, const big_nim& y) {
    // Both in GF(2^64), the smallest field big_nim works in: the scalar product directly.
    if (x.fits_u64() && y.fits_u64()) return big_nim(nimber::mul(x.to_u64(), y.to_u64()));
    return x * y;
  });
}
PyObject* nb_div(PyObject* a, PyObject* b) { return binary(a, b, "/", [](const big_nim& x, const big_nim& y) { return x / y; }); }

PyObject* nb_pow(PyObject* base, PyObject* exponent, PyObject* mod) {
  return guarded([&]() -> PyObject* {
    if (!PyObject_TypeCheck(base, nimber_type)) Py_RETURN_NOTIMPLEMENTED;
    if (mod != Py_None) throw py::type_error("Nimber ** e: no three-argument pow");
    if (PyFloat_Check(exponent) || PyBool_Check(exponent) || !PyIndex_Check(exponent))
      throw py::type_error("Nimber ** e: the exponent must be an int");
    py::int_ e = py::reinterpret_steal<py::int_>(PyNumber_Index(exponent));
    if (!e) throw py::error_already_set();
    const bool negative = PyObject_RichCompareBool(e.ptr(), py::int_(0).ptr(), Py_LT) == 1;
    const big_nim& x = value_of(base);
    const big_nim b = negative ? x.inverse() : x;  // division_by_zero for 0
    const big_nim k = to_big(negative ? py::int_(-e) : e, "Nimber ** e");
    big_nim r;
    {
      py::gil_scoped_release release;
      r = k.fits_u64() ? b.pow(k.to_u64()) : b.pow(k);
    }
    return make(std::move(r));
  });
}

PyObject* nb_same(PyObject* self) {  // -x == x: every nimber is its own negative
  Py_INCREF(self);
  return self;
}
int nb_bool(PyObject* self) { return value_of(self).is_zero() ? 0 : 1; }
PyObject* nb_int(PyObject* self) {
  return guarded([&] { return from_big(value_of(self)).release().ptr(); });
}

PyObject* tp_new(PyTypeObject*, PyObject* args, PyObject* kwargs) {
  return guarded([&]() -> PyObject* {
    static const char* names[] = {"value", nullptr};
    PyObject* value = nullptr;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O:Nimber", const_cast<char**>(names), &value))
      return nullptr;
    if (!value) return make(big_nim());
    if (PyObject_TypeCheck(value, nimber_type)) return make(big_nim(value_of(value)));
    if (PyUnicode_Check(value)) return make(big_nim::from_string(py::str(value).cast<std::string>()));
    return make(to_big(value, "Nimber()"));
  });
}

void tp_dealloc(PyObject* self) {
  reinterpret_cast<nimber_object*>(self)->value.~big_nim();
  PyTypeObject* type = Py_TYPE(self);
  type->tp_free(self);
  Py_DECREF(type);
}

PyObject* tp_repr(PyObject* self) {
  return guarded([&] { return py::str("Nimber(" + value_of(self).to_string() + ")").release().ptr(); });
}
PyObject* tp_str(PyObject* self) {
  return guarded([&] { return py::str(value_of(self).to_string()).release().ptr(); });
}

// The hash of the equal int, so that Nimber(n) and n are the same dict key.
Py_hash_t tp_hash(PyObject* self) {
  PyObject* i = nb_int(self);
  if (!i) return -1;
  const Py_hash_t h = PyObject_Hash(i);
  Py_DECREF(i);
  return h;
}

PyObject* tp_richcompare(PyObject* a, PyObject* b, int op) {
  return guarded([&]() -> PyObject* {
    if (op != Py_EQ && op != Py_NE) Py_RETURN_NOTIMPLEMENTED;
    big_nim sb;
    const big_nim* y = PyObject_TypeCheck(b, nimber_type) || (PyLong_Check(b) && !PyBool_Check(b))
                           ? (PyObject_TypeCheck(b, nimber_type) ? &value_of(b) : nullptr)
                           : nullptr;
    if (!y && PyLong_Check(b) && !PyBool_Check(b)) {
      if (PyObject_RichCompareBool(b, py::int_(0).ptr(), Py_LT) == 1) return PyBool_FromLong(op == Py_NE);
      sb = to_big(b, "Nimber ==");
      y = &sb;
    }
    if (!y) Py_RETURN_NOTIMPLEMENTED;
    return PyBool_FromLong((value_of(a) == *y) == (op == Py_EQ));
  });
}

template <big_nim (big_nim::*F)() const>
PyObject* unary(PyObject* self, PyObject*) {
  return guarded([&] {
    const big_nim& x = value_of(self);
    if (x.limbs().size() <= release_limbs) return make((x.*F)());
    big_nim r;
    {
      py::gil_scoped_release release;
      r = (x.*F)();
    }
    return make(std::move(r));
  });
}

PyObject* bit_length(PyObject* self, PyObject*) { return PyLong_FromSize_t(value_of(self).bit_length()); }
PyObject* field_bits(PyObject* self, PyObject*) { return PyLong_FromSize_t(value_of(self).field_bits()); }
PyObject* reduce(PyObject* self, PyObject*) {
  return guarded([&] {
    return py::make_tuple(py::handle(reinterpret_cast<PyObject*>(nimber_type)), py::make_tuple(from_big(value_of(self))))
        .release().ptr();
  });
}

PyMethodDef methods[] = {
    {"sqrt", unary<&big_nim::sqrt>, METH_NOARGS, R"doc(The unique y with y * y == self.

>>> from nimber import Nimber
>>> Nimber(3).sqrt()
Nimber(2)
>>> Nimber(2)**2
Nimber(3)
)doc"},
    {"square", unary<&big_nim::square>, METH_NOARGS, "self * self."},
    {"inverse", unary<&big_nim::inverse>, METH_NOARGS, R"doc(The y with self * y == 1; ZeroDivisionError for 0.

>>> from nimber import Nimber
>>> Nimber(8).inverse()
Nimber(10)
)doc"},
    {"bit_length", bit_length, METH_NOARGS, "Bits of the integer (0 for zero)."},
    {"field_bits", field_bits, METH_NOARGS,
     "The size in bits of the smallest nimber field GF(2^(2^k)) holding the value (1, 2, 4, ..., 64, 128, ...)."},
    {"__reduce__", reduce, METH_NOARGS, "Pickle support."},
    {nullptr, nullptr, 0, nullptr}};

const char* class_doc = R"doc(Nimber(value=0): a nimber of any size, an element of the field of nimbers.

value is a non-negative int (any size), a Nimber, or text (decimal, 0x hex, 0b binary).
Addition and subtraction are XOR, multiplication is the nim product, division multiplies by
the inverse, and ** accepts negative exponents (through the inverse). A negative value or a
non-integer raises TypeError, a zero divisor ZeroDivisionError (nimber.ZeroDivisorError).

>>> from nimber import Nimber
>>> Nimber(2) * Nimber(3)
Nimber(1)
>>> Nimber(8) * 8
Nimber(13)
>>> Nimber(5) + 3
Nimber(6)
>>> Nimber(7) / Nimber(7)
Nimber(1)
>>> Nimber(2) ** -1
Nimber(3)
>>> x = Nimber(2**200 + 12345)
>>> x * x.inverse()
Nimber(1)
>>> int(Nimber(2**64) * Nimber(2**64))
27670116110564327424
>>> Nimber("0x2a") == 42
True
)doc";

}  // namespace

void register_big(py::module_& m) {
  PyType_Slot slots[] = {
      {Py_tp_new, reinterpret_cast<void*>(tp_new)},
      {Py_tp_dealloc, reinterpret_cast<void*>(tp_dealloc)},
      {Py_tp_repr, reinterpret_cast<void*>(tp_repr)},
      {Py_tp_str, reinterpret_cast<void*>(tp_str)},
      {Py_tp_hash, reinterpret_cast<void*>(tp_hash)},
      {Py_tp_richcompare, reinterpret_cast<void*>(tp_richcompare)},
      {Py_tp_methods, methods},
      {Py_tp_doc, const_cast<char*>(class_doc)},
      {Py_nb_add, reinterpret_cast<void*>(nb_add)},
      {Py_nb_subtract, reinterpret_cast<void*>(nb_add)},  // x - y = x + y
      {Py_nb_multiply, reinterpret_cast<void*>(nb_mul)},
      {Py_nb_true_divide, reinterpret_cast<void*>(nb_div)},
      {Py_nb_power, reinterpret_cast<void*>(nb_pow)},
      {Py_nb_negative, reinterpret_cast<void*>(nb_same)},
      {Py_nb_positive, reinterpret_cast<void*>(nb_same)},
      {Py_nb_bool, reinterpret_cast<void*>(nb_bool)},
      {Py_nb_int, reinterpret_cast<void*>(nb_int)},
      {0, nullptr}};
  PyType_Spec spec = {"nimber.Nimber", sizeof(nimber_object), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE, slots};
  PyObject* type = PyType_FromSpec(&spec);
  if (!type) throw py::error_already_set();
  nimber_type = reinterpret_cast<PyTypeObject*>(type);  // one reference kept for the process
  m.attr("Nimber") = py::handle(type);
}

bool is_nimber(py::handle o) { return nimber_type && PyObject_TypeCheck(o.ptr(), nimber_type); }
const big_nim& nimber_value(py::handle o) { return value_of(o.ptr()); }

}  // namespace nimber::python
