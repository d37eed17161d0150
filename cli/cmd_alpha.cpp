// alpha P, alpha --primes A..B: Lenstra's constants alpha_p of the ordinal nim field
// (include/nimber/transfinite/alpha.hpp). One prime comes from the library's table when it
// has it; otherwise the primes asked for are computed from scratch with the primes they
// need, on every core (or every rank of mpirun: alpha_ranks.hpp), with a checkpoint after
// every prime when --checkpoint names a file.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "alpha_ranks.hpp"
#include "checkpoint.hpp"
#include "common.hpp"
#include "nimber/transfinite/alpha.hpp"

namespace nimber::cli {

namespace {

struct alpha_options {
  std::vector<std::string> prime;
  std::string primes;
  std::string checkpoint;
  std::string threads = "0";
  bool data = false;
  CLI::Option* checkpoint_option = nullptr;
};

std::uint64_t odd_prime_argument(const std::string& text, const std::string& where, std::uint64_t min = 3) {
  const auto v = big_nim::parse(text);
  constexpr std::uint64_t limit = 100000;
  if (!v || !v.value.fits_u64() || v.value.to_u64() > limit || v.value.to_u64() < min)
    throw input_error(where, text, "a number from " + std::to_string(min) + " to " + std::to_string(limit));
  return v.value.to_u64();
}

// The checkpoint holds the entries done so far as data/alpha.txt lines, packed into words.
std::vector<std::uint32_t> pack(const std::string& text) {
  std::vector<std::uint32_t> w{std::uint32_t(text.size())};
  for (std::size_t i = 0; i < text.size(); i += 4) {
    std::uint32_t x = 0;
    for (std::size_t j = 0; j < 4 && i + j < text.size(); ++j) x |= std::uint32_t(std::uint8_t(text[i + j])) << (8 * j);
    w.push_back(x);
  }
  return w;
}

std::string unpack(const std::vector<std::uint32_t>& w) {
  std::string s;
  for (std::size_t i = 0; !w.empty() && i < w[0]; ++i) s += char((w[1 + i / 4] >> (8 * (i % 4))) & 0xff);
  return s;
}

unsigned thread_count(const alpha_options& opt) {
  return unsigned(parse_bounded(opt.threads, "--threads", 0, 1024, "a thread count from 0 (one per core) to 1024"));
}

// Every alpha entry is a fact about p alone, so a checkpoint serves any alpha run: its
// command line is the same for all of them.
constexpr const char* checkpoint_key = "nimber alpha";

// A checkpoint's entries, each a line of a few KiB to a few MiB, for primes up to 100000: no
// fixed bound, so the file may take a quarter of the memory budget (it is read, unpacked and
// parsed, each a copy).
std::vector<alpha_entry> load_entries(const checkpoint_file& file) {
  std::vector<alpha_entry> known;
  if (const auto words = file.load(checkpoint_key, "--checkpoint", memory_budget() / 4, "a quarter of --max-memory")) {
    std::istringstream in(unpack(*words));
    for (std::string line; std::getline(in, line);) known.push_back(parse_alpha_line(line));
  }
  return known;
}

// The primes wanted and every prime they need, computed on --threads threads, with a
// checkpoint after each.
std::vector<alpha_entry> compute(std::vector<std::uint64_t> primes, const alpha_options& opt,
                                 const std::optional<checkpoint_file>& file, context& ctx) {
  alpha_job job;
  job.primes = std::move(primes);
  job.threads = thread_count(opt);
  if (file) job.known = load_entries(*file);
  std::set<std::uint64_t> needed(job.primes.begin(), job.primes.end());
  for (std::uint64_t p : job.primes)
    for (std::uint64_t q : alpha_prerequisites(p)) needed.insert(q);
  std::string lines;
  std::uint64_t count = 0;
  for (const alpha_entry& e : job.known) {
    lines += alpha_line(e) + "\n";
    count += needed.contains(e.p);
  }
  // The primes done, and within each prime its power test (several threads report).
  std::mutex meter_lock;
  progress_meter meter(ctx.progress, "nimber alpha", "primes");
  meter(count, needed.size());
  job.steps = [&](std::uint64_t p, std::uint64_t done, std::uint64_t total) {
    const std::lock_guard guard(meter_lock);
    meter.stage("nimber alpha: alpha_" + std::to_string(p) + ", power test", "exponent bits");
    meter(done, total);
  };
  job.starting = [](const alpha_task& task) {
    check_budget(alpha_memory_bytes(task.degree),
                 "alpha_" + std::to_string(task.p) + ", in a field of " + std::to_string(task.degree) + " bits,");
  };
  job.progress = [&](const alpha_entry& e) {
    const std::lock_guard guard(meter_lock);
    meter.stage("nimber alpha", "primes");
    meter(++count, needed.size());
    if (!file) return;
    lines += alpha_line(e) + "\n";
    file->save(checkpoint_key, pack(lines));
  };
  return ranks::compute_alphas_on_ranks(job);
}

// The entries of `all` whose primes `wanted` says yes to, in the order of `all`.
void print_entries(const std::vector<alpha_entry>& all, const std::function<bool(std::uint64_t)>& wanted,
                   const alpha_options& opt, context& ctx) {
  auto rows = std::make_shared<std::vector<alpha_entry>>();
  for (const alpha_entry& e : all)
    if (wanted(e.p)) rows->push_back(e);
  if (opt.data) {
    for (const alpha_entry& e : *rows) ctx.out += alpha_line(e) + "\n";
    return;
  }
  report r;
  const auto at = [rows](std::size_t i) -> const alpha_entry& { return (*rows)[i]; };
  r.table("alpha", rows->size(),
          {{"p", [at](std::size_t i) { return cell::count(at(i).p); }},
           {"order", [at](std::size_t i) { return cell::count(at(i).order); }},
           {"degree", [at](std::size_t i) { return cell::count(at(i).degree); }},
           {"alpha", [at](std::size_t i) { return cell::text(at(i).alpha.to_string()); }},
           {"excess", [at](std::size_t i) { return cell::count(at(i).excess); }},
           {"seconds", [at](std::size_t i) { return cell::real(at(i).seconds, 6); }},
           {"certificate", [at](std::size_t i) { return cell::text(at(i).certificate.to_string()); }, in_json}},
          "alpha_{p} = {alpha}  (order of 2: {order}, E = {degree}, excess {excess}, {seconds} s)");
  print(ctx, r);
}

void alpha_command(const alpha_options& opt, context& ctx) {
  if (opt.prime.empty() == opt.primes.empty())
    throw input_error("alpha: expected either a prime P or --primes A..B");
  thread_count(opt);  // checked before any work, like the checkpoint
  std::optional<checkpoint_file> file;
  if (opt.checkpoint_option->count()) {
    file.emplace(opt.checkpoint, "--checkpoint", ctx.output_file);
    for (std::string& path : file->leftovers(false)) ctx.remove_after_output.push_back(std::move(path));
  }
  if (!opt.prime.empty()) {
    // The table's entries as they are; the other primes computed (with what they need).
    std::set<std::uint64_t> wanted;
    std::vector<std::uint64_t> missing;
    for (std::size_t i = 0; i < opt.prime.size(); ++i) {
      const std::uint64_t p = odd_prime_argument(opt.prime[i], argument_where(i + 1));
      if (odd_prime_index(p) < 0) throw input_error(argument_where(i + 1), opt.prime[i], "an odd prime");
      if (wanted.insert(p).second && p > alpha_table_limit()) missing.push_back(p);
    }
    std::vector<alpha_entry> all;
    for (std::uint64_t p : wanted)
      if (p <= alpha_table_limit()) all.push_back(alpha_table()[std::size_t(odd_prime_index(p))]);
    if (!missing.empty())
      for (alpha_entry& e : compute(missing, opt, file, ctx)) all.push_back(std::move(e));
    std::sort(all.begin(), all.end(), [](const alpha_entry& x, const alpha_entry& y) { return x.p < y.p; });
    print_entries(all, [&wanted](std::uint64_t p) { return wanted.contains(p); }, opt, ctx);
    return;
  }
  const std::size_t dots = opt.primes.find("..");
  if (dots == std::string::npos) throw input_error("--primes", opt.primes, "a range A..B, e.g. 3..257");
  const std::uint64_t a = odd_prime_argument(opt.primes.substr(0, dots), "--primes", 2);
  const std::uint64_t b = odd_prime_argument(opt.primes.substr(dots + 2), "--primes", 3);
  if (a > b) throw input_error("--primes", opt.primes, "a range A..B with A <= B");
  std::vector<std::uint64_t> primes;
  for (std::size_t k = 0; odd_prime(k) <= b; ++k)
    if (odd_prime(k) >= a) primes.push_back(odd_prime(k));
  print_entries(compute(std::move(primes), opt, file, ctx), [a, b](std::uint64_t p) { return p >= a && p <= b; }, opt, ctx);
}

}  // namespace

void add_alpha_command(CLI::App& app, context& ctx) {
  auto opt = std::make_shared<alpha_options>();
  CLI::App* sub = app.add_subcommand("alpha", "Lenstra's constants alpha_p = kappa_p^p of the ordinal nim field");
  sub->add_option("P", opt->prime,
                  "Odd primes: print their alpha_P (from the library's table, or computed together)");
  sub->add_option("--primes", opt->primes, "Compute alpha_p from scratch for the primes in A..B");
  opt->checkpoint_option = sub->add_option("--checkpoint", opt->checkpoint,
                  "Save the entries done after every prime to FILE, and go on from it when it exists");
  sub->add_option("--threads", opt->threads,
                  "Primes computed at once (default 0: one per core); under mpirun, on each rank (0: one)");
  sub->add_flag("--data", opt->data, "Write the lines of data/alpha.txt instead of the table");
  sub->footer(
      "alpha_p = kappa_f + excess, f the order of 2 mod p (Lenstra, \"On the algebraic closure of\n"
      "two\"); E is the degree of alpha_p over GF(2). JSON adds each entry's certificate.\n"
      "Examples:\n"
      "  nimber alpha 7                           # w + 1\n"
      "  nimber alpha 139 263 --format csv        # computed with what they need\n"
      "  nimber alpha --primes 3..43              # the table, computed now\n"
      "  nimber alpha --primes 3..43 --format csv\n"
      "  nimber alpha --primes 3..43 --data > data/alpha.txt.new\n"
      "  mpirun -n 4 nimber alpha --primes 3..300  # built with -DNIMBER_MPI=ON");
  sub->callback([opt, &ctx] { alpha_command(*opt, ctx); });
}

}  // namespace nimber::cli
