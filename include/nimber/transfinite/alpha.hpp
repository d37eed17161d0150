// The constants alpha_p = kappa_p^p of the nim arithmetic of omega^(omega^omega).
//
// Lenstra ("On the algebraic closure of two") shows alpha_p = kappa_(f(p)) + m_p with
// f(p) the order of 2 modulo p, kappa_h built from the kappas of the prime powers of h
// (kappa_h = kappa_g when q divides the degree of kappa_g, else kappa_g + kappa_q, for q the
// largest power of the least prime of h and g = h/q), and the excess m_p the least integer
// with kappa_f + m_p not a p-th power in the field below kappa_p. That field holds the
// candidate in GF(2^E), E = its degree, and x is a p-th power there exactly when
// zeta = N(x)^((2^f - 1)/p) is 1, N the norm from GF(2^E) down to GF(2^f). The certificate
// of an entry is that zeta, a p-th root of unity other than 1.
//
// The library ships a table of computed entries (data/alpha.txt, compiled in); each entry's
// certificate is checked when the table is first used (zeta != 1 and zeta^p = 1), and
// verify_alpha() repeats the whole test. Ordinal arithmetic computes the alphas past the
// table whose fields have at most 2^17 bits when it first needs them (ordinal.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nimber/progress.hpp"
#include "nimber/transfinite/ordinal.hpp"

namespace nimber {

struct alpha_entry {
  std::uint64_t p = 0;
  std::uint64_t order = 0;   // f, the order of 2 modulo p
  std::uint64_t degree = 0;  // E, the degree of alpha_p over GF(2)
  ordinal alpha;
  std::uint64_t excess = 0;  // m_p
  double seconds = 0;        // time its computation took
  ordinal certificate;       // zeta
};

// The shipped table, odd primes from 3 up without gaps. Throws std::runtime_error if an
// entry fails its check.
const std::vector<alpha_entry>& alpha_table();
// The largest p with alpha_p in the table.
std::uint64_t alpha_table_limit();

// The odd primes q whose alpha_q the computation of alpha_p uses, ascending: the odd primes
// dividing f(p), and theirs in turn (all below p).
std::vector<std::uint64_t> alpha_prerequisites(std::uint64_t p);
// The degree over GF(2) of kappa_f, f the order of 2 modulo p: the field of the first
// candidate for alpha_p, which orders the work of a run (the largest field first). Needs the
// entries of alpha_prerequisites(p) among `known` (alpha_unavailable otherwise).
std::uint64_t alpha_candidate_degree(std::uint64_t p, const std::vector<alpha_entry>& known);

// A prime of a run to compute now: its candidate field's degree over GF(2) and the entries of
// its prerequisites (ascending p).
struct alpha_task {
  std::uint64_t p = 0;
  std::uint64_t degree = 0;
  std::vector<alpha_entry> prerequisites;
};

struct alpha_job {
  std::vector<std::uint64_t> primes;  // the odd primes wanted, in any order
  unsigned threads = 1;               // primes computed at once; 0: one per core
  std::vector<alpha_entry> known;     // entries of an earlier run (a checkpoint), taken as they are
  std::function<void(const alpha_entry&)> progress;  // sees each new entry, one call at a time
  // Sees each prime before its computation starts, on the thread that will compute it; what it
  // throws ends the run (a caller refuses a field too large for it, alpha_memory_bytes).
  std::function<void(const alpha_task&)> starting;
  // Sees the power test of prime p as it runs: exponent bits done of all of them. Called from
  // the threads computing primes, several at once when several primes are under way.
  std::function<void(std::uint64_t p, std::uint64_t done, std::uint64_t total)> steps;
};

// About the most memory computing a prime takes when its candidate field has this degree
// over GF(2), in bytes (384 bytes a bit of E: the runs measured took 148 to 309).
std::uint64_t alpha_memory_bytes(std::uint64_t degree) noexcept;

// The order of work of a run, shared by compute_alphas' threads and the ranks of an MPI run:
// the primes of a job and their prerequisites, less the known ones. A prime is ready once its
// prerequisites are done; next() hands out the ready prime of the largest candidate field
// (its degree computed once, when it becomes ready). Not thread-safe: one caller at a time.
class alpha_plan {
 public:
  // Throws std::invalid_argument for a number of job.primes that is not an odd prime.
  explicit alpha_plan(const alpha_job& job);
  // The ready prime of the largest candidate degree, taken out of the plan; none when no prime
  // is ready (all waiting for computations under way, or the plan finished).
  std::optional<alpha_task> next();
  // A computed entry: the primes it completes become ready.
  void done(alpha_entry e);
  // Primes neither handed out nor done.
  std::size_t pending() const noexcept { return waiting_.size() + ready_.size(); }
  bool finished() const noexcept { return pending() == 0; }
  bool has_ready() const noexcept { return !ready_.empty(); }
  // The entries done, known ones included, ascending p; the plan is empty afterwards.
  std::vector<alpha_entry> take_entries();

 private:
  std::map<std::uint64_t, alpha_entry> done_;
  std::map<std::uint64_t, std::vector<std::uint64_t>> waiting_;  // prime -> its prerequisites
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::vector<std::uint64_t>> ready_;  // (degree, prime)

  void want(std::uint64_t p);
  void promote();
};

// alpha_p for the primes wanted and their prerequisites, computed from scratch (never from
// the shipped table), with the known entries; ascending p. A prime starts once its
// prerequisites are done, the one of the largest field first. Throws std::invalid_argument
// for a number that is not an odd prime.
std::vector<alpha_entry> compute_alphas(const alpha_job& job);
// The same for every odd prime p <= max_p, on one thread.
std::vector<alpha_entry> compute_alphas(std::uint64_t max_p,
                                        const std::function<void(const alpha_entry&)>& progress = {},
                                        std::vector<alpha_entry> done = {});

// One line of data/alpha.txt: "p f E excess seconds ; alpha ; certificate", and back
// (std::invalid_argument on a bad line).
std::string alpha_line(const alpha_entry& e);
alpha_entry parse_alpha_line(std::string_view line);

// The frontier file (data/alpha-frontier.txt, compiled in): alpha_p for the odd primes past
// the shipped table that have been computed, each with the SHA-256 of its certificate's text
// (the third field of its alpha_line) in place of the certificate, which takes megabytes.
// Loading checks what needs no power test (f, alpha_p = kappa_f + excess, E); only a
// recomputation checks the hash (`nimber alpha P --verify`).
struct alpha_frontier_entry {
  std::uint64_t p = 0;
  std::uint64_t order = 0;
  std::uint64_t degree = 0;
  std::uint64_t excess = 0;
  ordinal alpha;
  double seconds = 0;             // the computation's wall clock
  std::uint64_t peak_kib = 0;     // its process's peak resident memory; 0: not measured
  std::string certificate_sha256;  // 16 to 64 lower-case hex digits, a prefix of the hash
  std::string source;             // "here", or "here,A380496" where that sequence agrees
};

// The compiled-in frontier, ascending p. Throws std::runtime_error if an entry fails its check.
const std::vector<alpha_frontier_entry>& alpha_frontier();
// Parses and checks frontier text (lines "p f E excess seconds peak_kib ; alpha ; sha256 ;
// source", '#' comments): ascending primes past the shipped table, each one's prerequisites in
// the table or on an earlier line. std::invalid_argument naming the line on any fault.
std::vector<alpha_frontier_entry> parse_alpha_frontier(std::string_view text);
std::string alpha_frontier_line(const alpha_frontier_entry& e);

// Recomputes the p-th power test for e, with the alphas of the table below it: true when
// e.alpha = kappa_f + e.excess, every smaller excess gives a p-th power, and the certificate
// is the test's value.
bool verify_alpha(const alpha_entry& e);

// The norm N(x) = x^((2^E - 1)/(2^f - 1)) of the last candidate a second proof raised, kept
// for the next entry with the same candidate, field and f: p = 359 and 1433 both test
// kappa_179 + 1 in one field of 3,504,820 bits, and their certificates N(x)^((2^f - 1)/p)
// differ only in that last, short power. Empty while degree is 0.
struct alpha_plain_norm {
  ordinal x;
  std::uint64_t degree = 0;
  std::uint64_t order = 0;
  ordinal norm;
  std::size_t reused = 0;  // candidates that took this norm instead of computing it
};

// A second proof of an entry (its certificate may be absent), sharing no step of the search
// but the field arithmetic. Each candidate x = kappa_f + m, m <= e.excess, is raised to
// (2^E_m - 1)/p in its field GF(2^E_m) by squarings and products alone (no Frobenius maps, no
// norm chain, no divisor chain): first N(x) = x^((2^E_m - 1)/(2^f - 1)), the product of the
// 2^(f i)-th powers of x, i < E_m/f, by the binary method and repeated squaring
// (dense_pow_periodic with c = 1), each squaring by a sparse map of x -> x^2 found once per
// field from products of monomials (not the search's squaring); then N(x)^c, c = (2^f - 1)/p,
// by a sliding window. That is the search's zeta, so it returns the certificate; nullopt when
// a candidate below the excess is not a p-th power, or the last one is. The candidate kappa_f
// is taken as a p-th power without the power where alpha_kappa_is_power_by_degrees holds.
// `known` holds the entries of alpha_prerequisites(e.p) (alpha_unavailable otherwise);
// `progress` sees the squarings done, candidate by candidate; `last`, when given, supplies
// and keeps the norm of the last candidate; the squarings run on `threads` threads (0: one
// per core), the products on the calling thread. `hooks`, when given, save the squarings of
// the dense form (after every hooks->piece, each state naming p and the candidate) and resume
// from hooks->known, skipping the candidates before its own; a state that is not one of e's
// is std::invalid_argument.
std::optional<ordinal> alpha_certificate_by_plain_power(const alpha_entry& e, const std::vector<alpha_entry>& known,
                                                        const progress_fn& progress = {},
                                                        alpha_plain_norm* last = nullptr, unsigned threads = 1,
                                                        const resume_hooks* hooks = nullptr);
// True when kappa_f, f = f(p), is a p-th power in its own field by the degrees alone: f an
// odd prime, E the degree of alpha_f (an entry of `known`), f not dividing E and f(f)
// dividing it (docs/transfinite.md, "The fields of 10^9 bits", Proposition); then m_p >= 1.
bool alpha_kappa_is_power_by_degrees(std::uint64_t p, const std::vector<alpha_entry>& known);

}  // namespace nimber
