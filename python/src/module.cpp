// The extension module nimber._nimber, re-exported by the package nimber (python/nimber/).
#include "nimber/kernel.hpp"
#include "nimber/version.hpp"
#include "py_common.hpp"

namespace nimber::python {
namespace {

void register_kernels(py::module_& m) {
  m.def("kernels", [] {
    py::list out;
    for (const kernel::info& k : kernel::list()) {
      py::dict d;
      d["name"] = std::string(k.name);
      d["requires"] = std::string(k.requires_);
      d["scalar"] = std::string(k.scalar);
      d["supported"] = k.supported;
      out.append(d);
    }
    return out;
  }, R"doc(
Every batch kernel built in, from the most portable to the fastest, as dicts with the keys
name, requires, scalar and supported.

>>> import nimber
>>> nimber.kernels()[0]["name"]
'portable'
)doc");
  m.def("active_kernel", [] { return std::string(kernel::active()); },
        "The name of the kernel the array functions run on now.");
  m.def("force_kernel", [](const std::string& name) {
    const kernel::force_status s = kernel::force(name);
    if (s == kernel::force_status::ok) return;
    std::string names;
    for (const kernel::info& k : kernel::list()) {
      if (!names.empty()) names += ", ";
      names += k.name;
    }
    throw py::value_error("nimber.force_kernel: " + std::string(kernel::to_string(s)) + " '" + name +
                          "' (kernels: " + names + ")");
  }, py::arg("name"), R"doc(
Makes `name` the active kernel (all give identical results). ValueError for an unknown kernel
or one this CPU cannot run.

>>> import nimber
>>> before = nimber.active_kernel()
>>> nimber.force_kernel("portable"); nimber.active_kernel()
'portable'
>>> nimber.force_kernel(before)
)doc");
}

}  // namespace
}  // namespace nimber::python

PYBIND11_MODULE(_nimber, m) {
  namespace np = nimber::python;
  m.doc() = "Nimber arithmetic and impartial games (the compiled part of the package nimber).";
  m.attr("__version__") = nimber::version_string;
  np::make_zero_divisor_error(m);
  np::register_big(m);
  np::register_arrays(m);
  np::register_algebra(m);
  np::register_games(m);
  np::register_kernels(m);
}
