// The array side of the bindings: operands prepared for the batch kernels (broadcast, 64-bit
// words, checked dtype and shape) and the destination that a result is written to.
#pragma once

#include <string>
#include <vector>

#include "py_common.hpp"

namespace nimber::python::arrays {

// One argument: a scalar (a Python int or Nimber) or the words of a C-contiguous uint64 array
// of the call's broadcast shape (held by call::arrays). No Python object inside, so that
// operands can be made and copied without the GIL.
struct operand {
  bool scalar = false;
  u128 value = 0;
  const std::uint64_t* ptr = nullptr;
};

// What a call works on: its name (for messages), 64- or 128-bit values, the result dtype and
// broadcast shape, and the number of values.
struct call {
  std::string name;
  bool wide = false;
  py::dtype dtype;
  std::vector<py::ssize_t> shape;
  std::size_t count = 0;
  std::vector<operand> args;
  std::vector<py::object> arrays;  // per argument: the array behind args[i].ptr, or None
};

// Checks and converts the arguments (named by `names`) of nimber.<name>. bits is None or 128.
call prepare(const std::string& name, const std::vector<py::handle>& values,
             const std::vector<const char*>& names, py::handle bits);

// Raises nimber.ZeroDivisorError when the operand has a zero value (checked before anything
// is written).
void check_nonzero(const call& c, const operand& divisor);

// Runs fill(words) on the result words (count, or 2 count for wide), then hands back the
// result: `out` (written in place when possible, else through a temporary) or a new array of
// the call's dtype; a 0-d result is returned as a NumPy scalar.
template <class Fill>
py::object produce(const call& c, py::handle out, Fill&& fill);

py::array empty_words(std::size_t n);
py::object finish(const call& c, py::handle out, py::array words, bool direct);
// `out` when the result can be written into it directly (uint64, C-contiguous, sharing no
// memory with an operand), else None. Raises TypeError/ValueError for an unfit out.
py::object direct_destination(const call& c, py::handle out);

template <class Fill>
py::object produce(const call& c, py::handle out, Fill&& fill) {
  py::object target = direct_destination(c, out);
  const bool direct = !target.is_none();
  py::array dest = direct ? py::reinterpret_borrow<py::array>(target) : empty_words(c.wide ? 2 * c.count : c.count);
  auto* words = static_cast<std::uint64_t*>(dest.mutable_data());
  {
    py::gil_scoped_release release;
    fill(words);
  }
  return finish(c, out, dest, direct);
}

}  // namespace nimber::python::arrays
