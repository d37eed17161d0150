// Argument checking and conversion for the array functions (py_arrays.hpp).
#include <algorithm>

#include "py_arrays.hpp"

namespace nimber::python::arrays {

namespace {


std::string shape_text(const std::vector<py::ssize_t>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(std::size_t(shape[i]));  // shapes are never negative
  }
  return s + (shape.size() == 1 ? ",)" : ")");
}

std::vector<py::ssize_t> shape_of(const py::array& a) { return {a.shape(), a.shape() + a.ndim()}; }

// NumPy's broadcasting rule: shapes aligned on the right, each axis equal or 1.
std::vector<py::ssize_t> broadcast(const call& c, const std::vector<std::vector<py::ssize_t>>& shapes) {
  std::size_t rank = 0;
  for (const auto& s : shapes) rank = std::max(rank, s.size());
  std::vector<py::ssize_t> out(rank, 1);
  for (const auto& s : shapes)
    for (std::size_t i = 0; i < s.size(); ++i) {
      py::ssize_t& o = out[rank - s.size() + i];
      if (s[i] == o || s[i] == 1) continue;
      if (o != 1) {
        std::string all;
        for (const auto& t : shapes) (all += ' ') += shape_text(t);
        throw py::value_error("nimber." + c.name + ": shapes cannot be broadcast together:" + all);
      }
      o = s[i];
    }
  return out;
}

py::tuple tuple_of(const std::vector<py::ssize_t>& shape) {
  py::tuple t(shape.size());
  for (std::size_t i = 0; i < shape.size(); ++i) t[i] = py::int_(shape[i]);
  return t;
}

bool is_native_uint64(const py::array& a) {
  return a.dtype().kind() == 'u' && a.dtype().itemsize() == 8 && a.dtype().attr("isnative").cast<bool>();
}

constexpr int aligned_flag = 0x0100;  // NPY_ARRAY_ALIGNED

}  // namespace

call prepare(const std::string& name, const std::vector<py::handle>& values,
             const std::vector<const char*>& names, py::handle bits) {
  call c;
  c.name = name;
  if (!bits.is_none()) {
    if (!PyLong_Check(bits.ptr()) || (bits.cast<long>() != 128 && bits.cast<long>() != 64))
      throw py::value_error("nimber." + name + ": bits must be None, 64 or 128, got " + std::string(py::repr(bits)));
    c.wide = bits.cast<long>() == 128;
  }
  std::vector<py::array> arrays(values.size());
  std::size_t itemsize = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const std::string what = "nimber." + name + ": argument '" + names[i] + "'";
    operand& op = c.args.emplace_back();
    if (is_int_scalar(values[i])) {
      op.scalar = true;
      op.value = to_u128(values[i], what);
      continue;
    }
    py::array a = numpy().attr("asarray")(values[i]);
    const py::dtype dt = a.dtype();
    const bool unsigned_word = dt.kind() == 'u' && (dt.itemsize() == 1 || dt.itemsize() == 2 ||
                                                   dt.itemsize() == 4 || dt.itemsize() == 8);
    if (!unsigned_word || (c.wide && dt.itemsize() != 8))
      throw py::type_error(what + " has dtype " + str_of(dt) + "; expected " +
                           (c.wide ? "uint64 (bits=128: low and high words on the last axis)"
                                   : "uint8, uint16, uint32 or uint64 (numpy.asarray(x, dtype=numpy.uint64) converts)"));
    if (c.wide && (a.ndim() == 0 || a.shape(a.ndim() - 1) != 2))
      throw py::value_error(what + " has shape " + shape_text(shape_of(a)) +
                            "; bits=128 needs a last axis of length 2 (low word, high word)");
    itemsize = std::max(itemsize, std::size_t(dt.itemsize()));
    arrays[i] = std::move(a);
  }
  c.dtype = py::dtype("uint" + std::to_string(8 * (itemsize ? itemsize : 8)));
  const unsigned limit = c.wide ? 128 : unsigned(8 * c.dtype.itemsize());
  for (std::size_t i = 0; i < values.size(); ++i)
    if (c.args[i].scalar && limit < 128 && (c.args[i].value >> limit) != 0)
      throw py::value_error("nimber." + name + ": argument '" + names[i] + "' = " +
                            str_of(values[i]) + " does not fit " +
                            str_of(c.dtype) + ", the arrays' dtype");
  c.arrays.assign(values.size(), py::none());
  std::vector<std::vector<py::ssize_t>> shapes;
  for (std::size_t i = 0; i < values.size(); ++i)
    if (!c.args[i].scalar) shapes.push_back(shape_of(arrays[i]));
  c.shape = broadcast(c, shapes);
  if (c.wide && shapes.empty()) c.shape = {2};  // scalars alone: one value, as (low, high)
  std::size_t n = 1;
  for (const py::ssize_t d : c.shape) n *= std::size_t(d);
  c.count = c.wide ? n / 2 : n;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (c.args[i].scalar) continue;
    py::array a = arrays[i];
    const bool usable = is_native_uint64(a) && shape_of(a) == c.shape &&
                        (a.flags() & py::array::c_style) && (a.flags() & aligned_flag);
    if (!usable)
      a = numpy().attr("ascontiguousarray")(numpy().attr("broadcast_to")(a, tuple_of(c.shape)),
                                            "uint64");
    c.arrays[i] = a;
    c.args[i].ptr = static_cast<const std::uint64_t*>(a.data());
  }
  return c;
}

void check_nonzero(const call& c, const operand& d) {
  std::size_t at = c.count;
  if (d.scalar) {
    if (d.value == 0) at = 0;
  } else {
    const std::uint64_t* w = d.ptr;
    for (std::size_t i = 0; i < c.count && at == c.count; ++i)
      if (c.wide ? (w[2 * i] | w[2 * i + 1]) == 0 : w[i] == 0) at = i;
  }
  if (at == c.count) return;
  if (d.scalar) raise_zero_divisor("nimber." + c.name + ": division by zero (a zero divisor)");
  // The index of the zero in the broadcast shape (without the word axis when wide).
  std::vector<py::ssize_t> shape = c.shape;
  if (c.wide) shape.pop_back();
  std::vector<py::ssize_t> index(shape.size());
  for (std::size_t k = shape.size(); k-- > 0;) {
    index[k] = py::ssize_t(at % std::size_t(shape[k]));
    at /= std::size_t(shape[k]);
  }
  raise_zero_divisor("nimber." + c.name + ": division by zero (a zero divisor at index " +
                     shape_text(index) + ")");
}

py::array empty_words(std::size_t n) { return py::array_t<std::uint64_t>(py::ssize_t(n)); }

py::object direct_destination(const call& c, py::handle out) {
  if (out.is_none()) return py::none();
  const std::string what = "nimber." + c.name + ": out";
  if (!py::isinstance<py::array>(out))
    throw py::type_error(what + " must be a numpy.ndarray, got " +
                         type_name(out));
  py::array o = py::reinterpret_borrow<py::array>(out);
  if (!o.dtype().equal(c.dtype))
    throw py::type_error(what + " has dtype " + str_of(o.dtype()) + "; the result is " +
                         str_of(c.dtype));
  if (shape_of(o) != c.shape)
    throw py::value_error(what + " has shape " + shape_text(shape_of(o)) + "; the result has shape " +
                          shape_text(c.shape));
  if (!o.writeable()) throw py::value_error(what + " is read-only");
  if (!is_native_uint64(o) || !(o.flags() & py::array::c_style) || !(o.flags() & aligned_flag))
    return py::none();
  for (const py::object& a : c.arrays)
    if (!a.is_none() && numpy().attr("may_share_memory")(o, a).cast<bool>()) return py::none();
  return o;
}

py::object finish(const call& c, py::handle out, py::array words, bool direct) {
  if (direct) return py::reinterpret_borrow<py::object>(out);
  py::array result = words.attr("reshape")(tuple_of(c.shape));
  if (!out.is_none()) {
    numpy().attr("copyto")(out, result, py::arg("casting") = "unsafe");
    return py::reinterpret_borrow<py::object>(out);
  }
  if (!c.dtype.equal(words.dtype())) result = result.attr("astype")(c.dtype);
  if (c.shape.empty()) return result[py::tuple()];
  return result;
}

}  // namespace nimber::python::arrays
