// alpha P, alpha --primes A..B: Lenstra's constants alpha_p of the ordinal nim field
// (include/nimber/transfinite/alpha.hpp). A prime comes from the library's table, or from the
// frontier file with its certificate's SHA-256 (recomputed and checked with --verify);
// otherwise the primes asked for are computed from scratch with the primes they need, on
// every core (or every rank of mpirun: alpha_ranks.hpp), with a checkpoint after every prime
// when --checkpoint names a file.
#include <CLI/CLI.hpp>
#include <nettle/sha2.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
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
  std::string frontier;
  bool data = false;
  bool verify = false;
  bool second_proof = false;
  CLI::Option* checkpoint_option = nullptr;
  CLI::Option* frontier_option = nullptr;
};

std::uint64_t odd_prime_argument(const std::string& text, const std::string& where, std::uint64_t min = 3) {
  const auto v = big_nim::parse(text);
  constexpr std::uint64_t limit = 100000;
  if (!v || !v.value.fits_u64() || v.value.to_u64() > limit || v.value.to_u64() < min)
    throw input_error(where, text, "a number from " + std::to_string(min) + " to " + std::to_string(limit));
  return v.value.to_u64();
}

// The checkpoint holds the entries done so far as data/alpha.txt lines, then the primes whose
// second proof is done as "p sha256" lines (the certificate's hash), each text packed into
// words, then the state of the second proof under way (alpha_certificate_by_plain_power's
// words; none when no proof is under way).
std::vector<std::uint32_t> pack(const std::string& text) {
  std::vector<std::uint32_t> w{std::uint32_t(text.size())};
  for (std::size_t i = 0; i < text.size(); i += 4) {
    std::uint32_t x = 0;
    for (std::size_t j = 0; j < 4 && i + j < text.size(); ++j) x |= std::uint32_t(std::uint8_t(text[i + j])) << (8 * j);
    w.push_back(x);
  }
  return w;
}

// The text packed at w[at], at moved past it; "" at the end of w.
std::string unpack(const std::vector<std::uint32_t>& w, std::size_t& at) {
  if (at >= w.size()) return {};
  const std::size_t length = w[at], words = (length + 3) / 4;
  if (words > w.size() - at - 1) throw input_error("--checkpoint: the file's texts run past its end");
  std::string s;
  for (std::size_t i = 0; i < length; ++i) s += char((w[at + 1 + i / 4] >> (8 * (i % 4))) & 0xff);
  at += 1 + words;
  return s;
}

unsigned thread_count(const alpha_options& opt) {
  return unsigned(parse_bounded(opt.threads, "--threads", 0, 1024, "a thread count from 0 (one per core) to 1024"));
}

// Every alpha entry is a fact about p alone, so a checkpoint serves any alpha run: its
// command line is the same for all of them.
constexpr const char* checkpoint_key = "nimber alpha";

// The --checkpoint file, read when the command starts (whether or not a prime is computed),
// and what it holds: the entries, as lines and parsed, the second proofs done and the state of
// the one under way.
struct alpha_checkpoint {
  std::optional<checkpoint_file> file;
  std::string lines;
  std::vector<alpha_entry> known;
  std::map<std::uint64_t, std::string> proved;  // p -> its certificate's SHA-256
  std::vector<std::uint32_t> proof_state;

  void save() const {
    if (!file) return;
    std::string proofs;
    for (const auto& [p, hash] : proved) proofs += std::to_string(p) + " " + hash + "\n";
    std::vector<std::uint32_t> words = pack(lines);
    const std::vector<std::uint32_t> packed_proofs = pack(proofs);
    words.insert(words.end(), packed_proofs.begin(), packed_proofs.end());
    words.insert(words.end(), proof_state.begin(), proof_state.end());
    file->save(checkpoint_key, words);
  }
};

// A checkpoint's entries, each a line of a few KiB to a few MiB, for primes up to 100000, and
// a proof's state, a few bits a bit of E: no fixed bound, so the file may take a quarter of the
// memory budget (it is read, unpacked and parsed, each a copy).
void load_checkpoint(alpha_checkpoint& checkpoint) {
  const auto words =
      checkpoint.file->load(checkpoint_key, "--checkpoint", memory_budget() / 4, "a quarter of --max-memory");
  if (!words) return;
  std::size_t at = 0;
  checkpoint.lines = unpack(*words, at);
  std::istringstream in(checkpoint.lines);
  for (std::string line; std::getline(in, line);) checkpoint.known.push_back(parse_alpha_line(line));
  std::istringstream proofs(unpack(*words, at));
  std::uint64_t p = 0;
  for (std::string hash; proofs >> p >> hash;) checkpoint.proved[p] = hash;
  checkpoint.proof_state.assign(words->begin() + std::ptrdiff_t(std::min(at, words->size())), words->end());
}

// The primes wanted and every prime they need, computed on --threads threads, with a
// checkpoint after each.
std::vector<alpha_entry> compute(std::vector<std::uint64_t> primes, const alpha_options& opt,
                                 alpha_checkpoint& checkpoint, context& ctx) {
  const std::optional<checkpoint_file>& file = checkpoint.file;
  alpha_job job;
  job.primes = std::move(primes);
  job.threads = thread_count(opt);
  job.known = std::move(checkpoint.known);
  std::set<std::uint64_t> needed(job.primes.begin(), job.primes.end());
  for (std::uint64_t p : job.primes)
    for (std::uint64_t q : alpha_prerequisites(p)) needed.insert(q);
  std::uint64_t count = 0;
  for (const alpha_entry& e : job.known) count += needed.contains(e.p);
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
    checkpoint.lines += alpha_line(e) + "\n";
    checkpoint.save();
  };
  return ranks::compute_alphas_on_ranks(job);
}

// A row of the output: an entry, where it came from, and for a row without its certificate
// (a frontier row) the certificate's SHA-256: the frontier line's (a prefix of 16 to 64
// digits), or the whole hash of a second proof that a checkpoint recorded.
struct alpha_row {
  alpha_entry e;
  std::string source;  // "table", "computed", "frontier", "frontier, verified", each with ", second proof"
  std::string known_sha256;
};

std::string sha256_hex(std::string_view text) {
  sha256_ctx context;
  sha256_init(&context);
  sha256_update(&context, text.size(), reinterpret_cast<const std::uint8_t*>(text.data()));
  std::uint8_t digest[SHA256_DIGEST_SIZE];
  sha256_digest(&context, SHA256_DIGEST_SIZE, digest);
  static constexpr char hex[] = "0123456789abcdef";
  std::string h;
  for (const std::uint8_t byte : digest) h += {hex[byte >> 4], hex[byte & 15]};
  return h;
}

// The hash of a row's certificate: computed from its text (megabytes for the large fields,
// so only where JSON shows it, --verify checks it or a checkpoint records it), or the one known.
std::string certificate_sha256(const alpha_row& row) {
  return row.known_sha256.empty() ? sha256_hex(row.e.certificate.to_string()) : row.known_sha256;
}

alpha_row frontier_row(const alpha_frontier_entry& f) {
  alpha_entry e;
  e.p = f.p;
  e.order = f.order;
  e.degree = f.degree;
  e.alpha = f.alpha;
  e.excess = f.excess;
  e.seconds = f.seconds;
  return {std::move(e), "frontier", f.certificate_sha256};
}

// A recomputed entry against its frontier line: the same alpha and E, and a hash that the
// line's (a prefix of 16 to 64 digits) begins.
alpha_row verified_row(alpha_entry e, const alpha_frontier_entry& f) {
  alpha_row row{std::move(e), "frontier, verified", {}};
  const std::string hash = certificate_sha256(row);
  const std::string where = "alpha " + std::to_string(f.p) + " --verify";
  if (row.e.alpha != f.alpha || row.e.degree != f.degree)
    throw input_error(where + ": computed alpha_p = " + row.e.alpha.to_string() + " of degree " +
                             std::to_string(row.e.degree) + ", the frontier file has " + f.alpha.to_string() +
                             " of degree " + std::to_string(f.degree));
  if (hash.compare(0, f.certificate_sha256.size(), f.certificate_sha256) != 0)
    throw input_error(where + ": the certificate's SHA-256 is " + hash + ", the frontier file has " +
                             f.certificate_sha256);
  return row;
}

// Takes the rows: their certificates are hundreds of MB on the largest fields, never copied.
void print_rows(std::vector<alpha_row> all, const alpha_options& opt, context& ctx) {
  if (opt.data) {
    for (const alpha_row& row : all) ctx.out += alpha_line(row.e) + "\n";
    return;
  }
  auto rows = std::make_shared<std::vector<alpha_row>>(std::move(all));
  report r;
  const auto at = [rows](std::size_t i) -> const alpha_entry& { return (*rows)[i].e; };
  const auto row = [rows](std::size_t i) -> const alpha_row& { return (*rows)[i]; };
  r.table("alpha", rows->size(),
          {{"p", [at](std::size_t i) { return cell::count(at(i).p); }},
           {"order", [at](std::size_t i) { return cell::count(at(i).order); }},
           {"degree", [at](std::size_t i) { return cell::count(at(i).degree); }},
           {"alpha", [at](std::size_t i) { return cell::text(at(i).alpha.to_string()); }},
           {"excess", [at](std::size_t i) { return cell::count(at(i).excess); }},
           {"source", [row](std::size_t i) { return cell::text(row(i).source); }},
           {"seconds", [at](std::size_t i) { return cell::real(at(i).seconds, 6); }},
           {"certificate_sha256", [row](std::size_t i) { return cell::text(certificate_sha256(row(i))); }, in_json},
           {"certificate",
            [row](std::size_t i) {
              return row(i).known_sha256.empty() ? cell::text(row(i).e.certificate.to_string()) : cell();
            },
            in_json}},
          "alpha_{p} = {alpha}  (order of 2: {order}, E = {degree}, excess {excess}, {seconds} s, {source})");
  print(ctx, r);
}

// A row's second proof, its certificate zeta or (recorded by a checkpoint) zeta's SHA-256
// alone, checked against the frontier line's hash or the row's own certificate. A frontier
// row then holds zeta, or the whole hash.
void settle_proof(alpha_row& row, std::optional<ordinal> zeta, const std::string& hash) {
  const std::string where = "alpha " + std::to_string(row.e.p) + " --second-proof";
  if (!row.known_sha256.empty()) {
    if (hash.compare(0, row.known_sha256.size(), row.known_sha256) != 0)
      throw input_error(where + ": the plain power's certificate has SHA-256 " + hash + ", the frontier file has " +
                        row.known_sha256);
  } else if (zeta ? *zeta != row.e.certificate : hash != certificate_sha256(row)) {
    throw input_error(where + ": the plain power's certificate differs from the search's");
  }
  if (zeta) {
    row.e.certificate = std::move(*zeta);
    row.known_sha256.clear();
  } else if (!row.known_sha256.empty()) {
    row.known_sha256 = hash;
  }
  row.source += ", second proof";
}

// How often a second proof saves its squarings in the --checkpoint file.
constexpr std::chrono::seconds proof_save_interval{60};

// The hooks that save a second proof in the checkpoint every proof_save_interval and, when
// SIGINT or SIGTERM asks to stop, save it and end the process; `done` is the squarings done.
resume_hooks proof_hooks(alpha_checkpoint& checkpoint, std::uint64_t p, checkpoint_clock& clock,
                         const std::uint64_t& done) {
  resume_hooks hooks;
  if (!checkpoint.proof_state.empty() && checkpoint.proof_state[0] == p) hooks.known = checkpoint.proof_state;
  hooks.save = [&checkpoint, p, &clock, &done](const resume_hooks::state_fn& state) {
    const bool stop = stop_signals::stop_requested();
    if (!stop && !clock.due()) return;
    checkpoint.proof_state = state();
    checkpoint.save();
    if (!stop) return;
    std::fprintf(stderr, "nimber: stopped: alpha_%llu's second proof saved in %s after %llu squarings; the same "
                 "command goes on from there\n", static_cast<unsigned long long>(p),
                 checkpoint.file->path().c_str(), static_cast<unsigned long long>(done));
    stop_signals::stop();
  };
  return hooks;
}

// --second-proof: each row's certificate computed again by the plain power (no norm chain),
// from the alphas of the table, the frontier and the primes computed, and checked against the
// row's certificate or, for a frontier row, the SHA-256 its line gives. A row whose candidate,
// field and f are the last row's takes that row's norm (alpha_plain_norm). The squarings run
// on --threads threads. With --checkpoint, the proofs done and the squarings of the one under
// way are saved there (at a stop request too), and a proof the file holds is not done again.
void second_proofs(std::vector<alpha_row>& rows, const std::map<std::uint64_t, alpha_frontier_entry>& frontier,
                   const std::vector<alpha_entry>& computed, alpha_checkpoint& checkpoint, unsigned threads,
                   context& ctx) {
  std::vector<alpha_entry> known = alpha_table();
  for (const auto& [p, f] : frontier) known.push_back(frontier_row(f).e);
  known.insert(known.end(), computed.begin(), computed.end());
  progress_meter meter(ctx.progress, "nimber alpha", "squarings");
  alpha_plain_norm last;
  std::optional<stop_signals> signals;
  if (checkpoint.file) signals.emplace();
  checkpoint_clock clock{proof_save_interval};
  for (alpha_row& row : rows) {
    const std::uint64_t p = row.e.p;
    if (const auto proved = checkpoint.proved.find(p); proved != checkpoint.proved.end()) {
      settle_proof(row, std::nullopt, proved->second);
      continue;
    }
    check_budget(alpha_memory_bytes(row.e.degree), "alpha_" + std::to_string(p) + "'s second proof, in a field of " +
                                                       std::to_string(row.e.degree) + " bits,");
    meter.stage("nimber alpha: alpha_" + std::to_string(p) + ", plain power", "squarings");
    std::uint64_t done = 0;  // progress is called before each squaring, with the count before it
    const resume_hooks hooks = proof_hooks(checkpoint, p, clock, done);
    const progress_fn progress = [&meter, &done](std::uint64_t d, std::uint64_t total) {
      meter(d, total);
      done = d + 1;
    };
    std::optional<ordinal> zeta;
    try {
      zeta = alpha_certificate_by_plain_power(row.e, known, progress, &last, threads,
                                              checkpoint.file ? &hooks : nullptr);
    } catch (const std::invalid_argument& e) {
      if (hooks.known.empty()) throw;
      throw input_error("--checkpoint", checkpoint.file->path(),
                        std::string("a checkpoint of this proof: ") + e.what());
    }
    if (!zeta) throw input_error("alpha " + std::to_string(p) + " --second-proof: the plain power does not find "
                                 "alpha_p = " + row.e.alpha.to_string());
    const bool hashed = checkpoint.file || !row.known_sha256.empty();
    const std::string hash = hashed ? sha256_hex(zeta->to_string()) : std::string();
    settle_proof(row, std::move(zeta), hash);
    if (!checkpoint.file) continue;
    checkpoint.proved[p] = hash;
    checkpoint.proof_state.clear();
    checkpoint.save();
    if (!stop_signals::stop_requested()) continue;
    std::fprintf(stderr, "nimber: stopped: the second proofs to alpha_%llu saved in %s; the same command goes on "
                 "from there\n", static_cast<unsigned long long>(p), checkpoint.file->path().c_str());
    stop_signals::stop();
  }
}

// The frontier to read: --frontier FILE, or the one compiled into the library.
std::vector<alpha_frontier_entry> load_frontier(const alpha_options& opt) {
  if (!opt.frontier_option->count()) return alpha_frontier();
  std::ifstream in(opt.frontier, std::ios::binary);
  if (!in) throw input_error("--frontier", opt.frontier, "a readable file");
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return parse_alpha_frontier(text.str());
  } catch (const std::invalid_argument& e) {
    throw input_error("--frontier " + opt.frontier + ": " + e.what());
  }
}

// alpha P...: the table's entries and the frontier's as they are (the frontier's recomputed
// with --verify), the other primes computed with what they need.
void print_primes(const alpha_options& opt, alpha_checkpoint& checkpoint, context& ctx) {
  std::set<std::uint64_t> wanted;
  for (std::size_t i = 0; i < opt.prime.size(); ++i) {
    const std::uint64_t p = odd_prime_argument(opt.prime[i], argument_where(i + 1));
    if (odd_prime_index(p) < 0) throw input_error(argument_where(i + 1), opt.prime[i], "an odd prime");
    wanted.insert(p);
  }
  std::map<std::uint64_t, alpha_frontier_entry> frontier;
  if (!opt.data || opt.verify)  // --data alone computes every prime past the table
    for (alpha_frontier_entry& f : load_frontier(opt)) frontier.emplace(f.p, std::move(f));
  std::vector<alpha_row> rows;
  std::vector<std::uint64_t> missing;
  for (std::uint64_t p : wanted) {
    if (p <= alpha_table_limit()) {
      rows.push_back(alpha_row{alpha_table()[std::size_t(odd_prime_index(p))], "table", {}});
    } else if (frontier.contains(p) && !opt.verify) {
      rows.push_back(frontier_row(frontier.at(p)));
    } else {
      missing.push_back(p);
    }
  }
  std::vector<alpha_entry> computed;  // the primes wanted and those they needed
  if (!missing.empty()) computed = compute(missing, opt, checkpoint, ctx);
  for (alpha_entry& e : computed) {
    if (!wanted.contains(e.p)) continue;
    // The row takes the certificate; the second proofs need only the rest of `computed`.
    ordinal certificate = std::move(e.certificate);
    e.certificate = ordinal();
    alpha_entry entry = e;
    entry.certificate = std::move(certificate);
    const auto f = frontier.find(e.p);
    rows.push_back(f == frontier.end() ? alpha_row{std::move(entry), "computed", {}}
                                       : verified_row(std::move(entry), f->second));
  }
  std::sort(rows.begin(), rows.end(), [](const alpha_row& x, const alpha_row& y) { return x.e.p < y.e.p; });
  if (opt.second_proof) second_proofs(rows, frontier, computed, checkpoint, thread_count(opt), ctx);
  print_rows(std::move(rows), opt, ctx);
}

void alpha_command(const alpha_options& opt, context& ctx) {
  if (opt.prime.empty() == opt.primes.empty())
    throw input_error("alpha: expected either a prime P or --primes A..B");
  thread_count(opt);  // checked before any work, like the checkpoint
  alpha_checkpoint checkpoint;
  if (opt.checkpoint_option->count()) {
    checkpoint.file.emplace(opt.checkpoint, "--checkpoint", ctx.output_file);
    for (std::string& path : checkpoint.file->leftovers(false)) ctx.remove_after_output.push_back(std::move(path));
    load_checkpoint(checkpoint);
  }
  if (!opt.prime.empty()) return print_primes(opt, checkpoint, ctx);
  if (opt.verify || opt.second_proof || opt.frontier_option->count())
    throw input_error("alpha: --verify, --second-proof and --frontier go with primes P, not with --primes");
  const std::size_t dots = opt.primes.find("..");
  if (dots == std::string::npos) throw input_error("--primes", opt.primes, "a range A..B, e.g. 3..257");
  const std::uint64_t a = odd_prime_argument(opt.primes.substr(0, dots), "--primes", 2);
  const std::uint64_t b = odd_prime_argument(opt.primes.substr(dots + 2), "--primes", 3);
  if (a > b) throw input_error("--primes", opt.primes, "a range A..B with A <= B");
  std::vector<std::uint64_t> primes;
  for (std::size_t k = 0; odd_prime(k) <= b; ++k)
    if (odd_prime(k) >= a) primes.push_back(odd_prime(k));
  std::vector<alpha_row> rows;
  for (alpha_entry& e : compute(std::move(primes), opt, checkpoint, ctx))
    if (e.p >= a && e.p <= b) rows.push_back(alpha_row{std::move(e), "computed", {}});
  print_rows(std::move(rows), opt, ctx);
}

}  // namespace

void add_alpha_command(CLI::App& app, context& ctx) {
  auto opt = std::make_shared<alpha_options>();
  CLI::App* sub = app.add_subcommand("alpha", "Lenstra's constants alpha_p = kappa_p^p of the ordinal nim field");
  sub->add_option("P", opt->prime,
                  "Odd primes: print their alpha_P (from the library's table, or computed together)");
  sub->add_option("--primes", opt->primes, "Compute alpha_p from scratch for the primes in A..B");
  opt->checkpoint_option = sub->add_option("--checkpoint", opt->checkpoint,
                  "Save the entries done after every prime (and a second proof's squarings every minute) to "
                  "FILE, and go on from it when it exists");
  sub->add_option("--threads", opt->threads,
                  "Primes computed at once, and a second proof's squarings on as many threads (default 0: one "
                  "per core); under mpirun, on each rank (0: one)");
  sub->add_flag("--data", opt->data, "Write the lines of data/alpha.txt instead of the table (computing every P past it)");
  sub->add_flag("--verify", opt->verify,
                "Compute the primes P of the frontier file again and check each against its line (alpha_p, E, "
                "the certificate's SHA-256)");
  sub->add_flag("--second-proof", opt->second_proof,
                "Compute each P's certificate again by a plain power in its field (no norm, no Frobenius maps) "
                "and check it against the table's, the frontier file's hash or the search's");
  opt->frontier_option = sub->add_option("--frontier", opt->frontier,
                  "Read this frontier file instead of the library's (data/alpha-frontier.txt)");
  sub->footer(
      "alpha_p = kappa_f + excess, f the order of 2 mod p (Lenstra, \"On the algebraic closure of\n"
      "two\"); E is the degree of alpha_p over GF(2). A prime past the table comes from the frontier\n"
      "file (its certificate's SHA-256 only) when it is there; JSON adds the certificate and its hash.\n"
      "Examples:\n"
      "  nimber alpha 7                           # w + 1\n"
      "  nimber alpha 139 263 --format csv        # from the frontier file\n"
      "  nimber alpha 263 --verify                # computed again and checked against it\n"
      "  nimber alpha 263 --second-proof          # the same certificate by a plain power\n"
      "  nimber alpha --primes 3..43              # the table, computed now\n"
      "  nimber alpha --primes 3..43 --format csv\n"
      "  nimber alpha --primes 3..43 --data > data/alpha.txt.new\n"
      "  mpirun -n 4 nimber alpha --primes 3..300  # built with -DNIMBER_MPI=ON");
  sub->callback([opt, &ctx] { alpha_command(*opt, ctx); });
}

}  // namespace nimber::cli
