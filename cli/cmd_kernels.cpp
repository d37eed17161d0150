// kernels: the batch kernels (nimber/kernel.hpp); force_kernel is behind the global --kernel
// option (main.cpp). `nimber bench` is in cmd_bench.cpp.
//   nimber kernels                     each kernel, whether this CPU supports it, the active one
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "common.hpp"
#include "nimber/kernel.hpp"

namespace nimber::cli {

namespace {

// What a kernel name must be, after `status` said what was wrong with one.
std::string kernel_expected(kernel::force_status status) {
  std::string names;
  for (const auto& k : kernel::list()) names += (names.empty() ? "" : ", ") + std::string(k.name);
  return status == kernel::force_status::unknown ? "a kernel name (" + names + ")"
                                                 : "a kernel this CPU supports (see 'nimber kernels')";
}

}  // namespace

void force_kernel(const std::string& name, const std::string& where) {
  const auto status = kernel::force(name);
  if (status != kernel::force_status::ok) throw input_error(where, name, kernel_expected(status));
}

// The library keeps its own choice when NIMBER_KERNEL names no kernel it can use, and says so
// through environment_status(); the command treats that as the bad input it is.
void check_kernel_environment() {
  const auto status = kernel::environment_status();
  if (status == kernel::force_status::ok) return;
  const char* value = std::getenv("NIMBER_KERNEL");
  throw input_error("NIMBER_KERNEL", value ? value : "", kernel_expected(status));
}

namespace {

// Each kernel on a line: a '*' marks the active one; then whether this CPU runs it and what it
// needs.
void kernels_command(context& ctx) {
  const auto kernels = kernel::list();
  const auto active = kernel::active();
  const auto text = [](std::string_view s) { return cell::text(std::string(s)); };
  report r;
  r.table("kernels", kernels.size(),
          {{"mark", [&](std::size_t i) { return cell::text(kernels[i].name == active ? "*" : " "); },
            in_none},
           {"name", [&](std::size_t i) { return text(kernels[i].name); }, in_csv | in_json},
           {"padded", [&](std::size_t i) {
              return text(std::string(kernels[i].name) +
                          std::string(10 - std::min<std::size_t>(10, kernels[i].name.size()), ' '));
            }, in_none},
           {"status", [&](std::size_t i) {
              return cell::text(kernels[i].supported ? "supported    " : "unsupported  ");
            }, in_none},
           {"supported", [&](std::size_t i) { return cell::flag(kernels[i].supported); }},
           {"requires", [&](std::size_t i) { return text(kernels[i].requires_); }},
           {"scalar", [&](std::size_t i) { return text(kernels[i].scalar); }, in_csv | in_json},
           {"active", [&](std::size_t i) { return cell::flag(kernels[i].name == active); }}},
          "{mark} {padded}{status}{requires}");
  r.value("active", text(active), "active: {}", in_text | in_json);
  print(ctx, r);
}

}  // namespace

void add_kernel_commands(CLI::App& app, context& ctx) {
  CLI::App* kernels = app.add_subcommand("kernels", "List the batch kernels and which one is active");
  kernels->callback([&ctx] { kernels_command(ctx); });

}

}  // namespace nimber::cli
