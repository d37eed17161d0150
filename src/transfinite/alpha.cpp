// alpha_p by Lenstra's method ("On the algebraic closure of two"): the candidates
// kappa_f + m, m = 0, 1, ..., tested for being p-th powers through the norm to GF(2^f).
#include "nimber/transfinite/alpha.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <cstdio>
#include <sstream>

#include "pool/workers.hpp"
#include "transfinite/alpha_candidate.hpp"
#include "transfinite/kappa_basis.hpp"

namespace nimber {

// The shipped table (data/alpha.txt, compiled in by src/transfinite/CMakeLists.txt).
extern const char* const alpha_table_text;

using namespace transfinite;

namespace {

struct kappa_h {
  ordinal value;
  std::uint64_t degree;
};

// Lenstra's kappa_h: q the largest power of the least prime r of h, g = h/q; kappa_q alone
// when g = 1, kappa_g when q already divides its degree, else kappa_g + kappa_q.
kappa_h lenstra_kappa(std::uint64_t h, const kappa_basis& t) {
  std::uint64_t r = 2;
  while (h % r != 0) ++r;
  std::uint64_t q = 1;
  unsigned e = 0;
  for (std::uint64_t g = h; g % r == 0; g /= r) q *= r, ++e;
  kappa_h kq;
  if (r == 2) {
    kq = {ordinal(big_nim::power_of_two(std::size_t(1) << (e - 1))), q};
  } else {
    const std::size_t k = std::size_t(odd_prime_index(r));
    kq = {ordinal::kappa(k, e - 1), mul_checked(q, t.degree(k))};
  }
  if (q == h) return kq;
  kappa_h kg = lenstra_kappa(h / q, t);
  if (kg.degree % q == 0) return kg;
  return {kg.value + kq.value, lcm_checked(kg.degree, kq.degree)};
}

std::uint64_t finite_degree(std::uint64_t m) { return big_nim(m).field_bits(); }

// zeta = N(x)^((2^f - 1)/p), N the norm from GF(2^e) to GF(2^f); 1 exactly when x is a
// p-th power (the index [GF(2^e) : GF(2^f)] has only primes below p).
ordinal power_test(const ordinal& x, std::uint64_t e, std::uint64_t f, std::uint64_t p, const kappa_basis& t,
                   const progress_fn& progress = {}) {
  if (e % f != 0) throw std::logic_error("alpha: the candidate's field does not hold GF(2^f)");
  if (auto zeta = dense_power_test(x, e, f, p, t, progress)) return std::move(*zeta);
  const ordinal norm = frobenius_product(x, e / f, f, t);
  digits exponent = all_ones(f);
  div_small(exponent, p);
  return pow_limbs(norm, exponent, t);
}

alpha_entry compute_entry(std::uint64_t p, const kappa_basis& t, const progress_fn& progress = {}) {
  const auto start = std::chrono::steady_clock::now();
  alpha_entry a;
  a.p = p;
  a.order = order_of_two(p);
  const kappa_h kf = lenstra_kappa(a.order, t);
  for (std::uint64_t m = 0;; ++m) {
    const ordinal x = kf.value + ordinal(m);
    const std::uint64_t e = lcm_checked(kf.degree, finite_degree(m));
    ordinal zeta = power_test(x, e, a.order, p, t, progress);
    if (zeta == ordinal(1)) continue;
    a.alpha = x;
    a.degree = e;
    a.excess = m;
    a.certificate = std::move(zeta);
    break;
  }
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return a;
}

struct loaded_table {
  loaded_table();
  std::vector<alpha_entry> entries;
  kappa_basis t;
};

// alpha_p past the table is computed on first use when its candidate field (and that of
// every prerequisite) has at most 2^17 bits: every p <= 257 qualifies, 0.6 s for all of
// them together.
constexpr std::uint64_t first_use_degree = std::uint64_t(1) << 17;

void compute_on_first_use(kappa_basis& t, std::size_t k) {
  std::vector<std::uint64_t> primes = alpha_prerequisites(odd_prime(k));
  primes.push_back(odd_prime(k));
  for (std::uint64_t q : primes) {  // ascending: each one's prerequisites come before it
    const std::size_t i = std::size_t(odd_prime_index(q));
    if (t.holds(i)) continue;
    if (lenstra_kappa(order_of_two(q), t).degree > first_use_degree) return;
    const alpha_entry e = compute_entry(q, t);
    t.set(i, e.alpha, e.degree);
  }
}

// The checks on load: each entry is kappa_f + excess of the degree it states, its
// certificate a p-th root of unity other than 1.
void check_entry(const alpha_entry& e, const kappa_basis& t) {
  const bool ok = is_alpha_candidate(e.p, e.order, e.degree, e.alpha, e.excess, t) &&
                  e.certificate != ordinal(1) && pow_u64(e.certificate, e.p, t) == ordinal(1);
  if (!ok) throw std::runtime_error("alpha table: the entry for p = " + std::to_string(e.p) + " fails its check");
}

loaded_table::loaded_table() {
  std::istringstream in(alpha_table_text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    alpha_entry e = parse_alpha_line(line);
    if (e.p != odd_prime(entries.size()))
      throw std::runtime_error("alpha table: a gap before p = " + std::to_string(e.p));
    check_entry(e, t);
    t.set(entries.size(), e.alpha, e.degree);
    entries.push_back(std::move(e));
  }
  t.set_extender([this](std::size_t k) { compute_on_first_use(t, k); });
}

const loaded_table& table() {
  static loaded_table loaded;  // its kappa basis grows on first use of a cheap alpha
  return loaded;
}

}  // namespace

std::string alpha_line(const alpha_entry& e) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.6f", e.seconds);
  return std::to_string(e.p) + " " + std::to_string(e.order) + " " + std::to_string(e.degree) + " " +
         std::to_string(e.excess) + " " + seconds + " ; " + e.alpha.to_string() + " ; " +
         e.certificate.to_string();
}

alpha_entry parse_alpha_line(std::string_view line) {
  const std::size_t a = line.find(';'), b = line.find(';', a + 1);
  const auto bad = [&line] { return std::invalid_argument("alpha table: bad line: " + std::string(line)); };
  if (a == std::string_view::npos || b == std::string_view::npos) throw bad();
  std::istringstream head{std::string(line.substr(0, a))};
  alpha_entry e;
  head >> e.p >> e.order >> e.degree >> e.excess >> e.seconds;
  if (!head) throw bad();
  e.alpha = ordinal::from_string(line.substr(a + 1, b - a - 1));
  e.certificate = ordinal::from_string(line.substr(b + 1));
  return e;
}

const std::vector<alpha_entry>& alpha_table() { return table().entries; }

std::uint64_t alpha_table_limit() {
  const auto& e = alpha_table();
  return e.empty() ? 0 : e.back().p;
}

std::vector<std::uint64_t> alpha_prerequisites(std::uint64_t p) {
  std::set<std::uint64_t> found;
  std::vector<std::uint64_t> todo{p};
  while (!todo.empty()) {
    std::uint64_t f = order_of_two(todo.back());
    todo.pop_back();
    while (f % 2 == 0) f /= 2;
    for (std::uint64_t r = 3; f > 1; r += 2) {
      if (f % r != 0) continue;
      while (f % r == 0) f /= r;
      if (found.insert(r).second) todo.push_back(r);
    }
  }
  return {found.begin(), found.end()};
}

std::uint64_t alpha_candidate_degree(std::uint64_t p, const std::vector<alpha_entry>& known) {
  kappa_basis t;
  for (const alpha_entry& e : known) t.set(std::size_t(odd_prime_index(e.p)), e.alpha, e.degree);
  return lenstra_kappa(order_of_two(p), t).degree;
}

namespace {

// The primes of a job and their prerequisites, computed on `threads` threads in the order of
// an alpha_plan, each in a kappa basis of its own that holds just its prerequisites' alphas.
class alpha_scheduler {
 public:
  explicit alpha_scheduler(const alpha_job& job) : job_(job), plan_(job) {}

  std::vector<alpha_entry> run() {
    unsigned threads = ::nimber::detail::workers::threads_or_cores(job_.threads);
    threads = unsigned(std::min<std::size_t>(threads, std::max<std::size_t>(1, plan_.pending())));
    std::vector<std::thread> workers;
    for (unsigned i = 1; i < threads; ++i) workers.emplace_back([this] { work(); });
    work();
    for (std::thread& w : workers) w.join();
    if (error_) std::rethrow_exception(error_);
    return plan_.take_entries();
  }

 private:
  const alpha_job& job_;
  alpha_plan plan_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::exception_ptr error_;

  void work() {
    std::unique_lock lock(mutex_);
    for (;;) {
      std::optional<alpha_task> task;
      changed_.wait(lock, [&] { return error_ || plan_.finished() || (task = plan_.next()).has_value(); });
      if (error_ || !task) return;
      lock.unlock();
      try {
        if (job_.starting) job_.starting(*task);
        kappa_basis own;
        for (const alpha_entry& e : task->prerequisites) own.set(std::size_t(odd_prime_index(e.p)), e.alpha, e.degree);
        progress_fn progress;
        if (job_.steps) progress = [this, p = task->p](std::uint64_t done, std::uint64_t total) { job_.steps(p, done, total); };
        alpha_entry e = compute_entry(task->p, own, progress);
        lock.lock();
        if (job_.progress) job_.progress(e);
        plan_.done(std::move(e));
      } catch (...) {
        if (!lock.owns_lock()) lock.lock();
        error_ = std::current_exception();
      }
      changed_.notify_all();
    }
  }
};

}  // namespace

std::vector<alpha_entry> compute_alphas(const alpha_job& job) { return alpha_scheduler(job).run(); }

std::vector<alpha_entry> compute_alphas(std::uint64_t max_p, const std::function<void(const alpha_entry&)>& progress,
                                        std::vector<alpha_entry> done) {
  alpha_job job;
  for (std::size_t k = 0; odd_prime(k) <= max_p; ++k) job.primes.push_back(odd_prime(k));
  job.known = std::move(done);
  job.progress = progress;
  return compute_alphas(job);
}

std::uint64_t alpha_memory_bytes(std::uint64_t degree) noexcept {
  // Measured peaks (docs/transfinite.md): 148 to 309 bytes a bit of E, the most at p = 1619
  // (E = 8170900, 2.46 GB), mostly the products' transforms and the certificate's terms.
  constexpr std::uint64_t bytes_per_bit = 384;
  return degree > ~std::uint64_t{0} / bytes_per_bit ? ~std::uint64_t{0} : degree * bytes_per_bit;
}

bool verify_alpha(const alpha_entry& e) {
  const kappa_basis& t = default_kappa_basis();
  const kappa_h kf = lenstra_kappa(e.order, t);
  if (e.order != order_of_two(e.p) || e.alpha != kf.value + ordinal(e.excess)) return false;
  for (std::uint64_t m = 0; m <= e.excess; ++m) {
    const ordinal zeta = power_test(kf.value + ordinal(m), lcm_checked(kf.degree, finite_degree(m)), e.order, e.p, t);
    if ((m < e.excess) != (zeta == ordinal(1))) return false;
    if (m == e.excess && zeta != e.certificate) return false;
  }
  return true;
}

namespace {

void set_known(kappa_basis& t, const std::vector<alpha_entry>& known) {
  for (const alpha_entry& k : known) t.set(std::size_t(odd_prime_index(k.p)), k.alpha, k.degree);
}

// The Proposition of docs/transfinite.md ("The fields of 10^9 bits"): for f = f(p) an odd
// prime and E the degree of alpha_f, if f does not divide E and f(f) does, kappa_f is a p-th
// power in its field GF(2^(f E)), whatever p.
bool kappa_is_power_by_degrees(std::uint64_t f, std::uint64_t alpha_f_degree) {
  return f >= 3 && odd_prime_index(f) >= 0 && alpha_f_degree % f != 0 && alpha_f_degree % order_of_two(f) == 0;
}

// N(x) = x^((2^E - 1)/(2^f - 1)) in x's field of degree E by squarings and products alone:
// the periodic power with c = 1, or the term arithmetic where the field has no dense form.
ordinal plain_norm(const ordinal& x, std::uint64_t degree, std::uint64_t f, const kappa_basis& t,
                   const progress_fn& progress, unsigned threads, const resume_hooks* hooks) {
  if (auto norm = dense_pow_periodic(x, {1}, degree / f, f, t, alpha_dense_limit, progress, threads, hooks))
    return std::move(*norm);
  digits exponent((degree + 63) / 64, 0);  // (2^E - 1)/(2^f - 1): the bits f i, i < E/f
  for (std::uint64_t i = 0; i < degree; i += f) exponent[i / 64] |= std::uint64_t(1) << (i % 64);
  trim(exponent);
  return pow_limbs(x, exponent, t);
}

// A second proof's state: p, the candidate's m, then the squarings' state (dense.cpp).
constexpr std::size_t plain_state_header = 2;

// The hooks of candidate m's squarings: the caller's, each state prefixed with p and m, and
// known only where the caller's state is m's.
resume_hooks candidate_hooks(const resume_hooks& hooks, std::uint64_t p, std::uint64_t m) {
  resume_hooks own;
  own.piece = hooks.piece;
  if (hooks.save)
    own.save = [&hooks, p, m](const resume_hooks::state_fn& state) {
      hooks.save([&] {
        std::vector<std::uint32_t> words{std::uint32_t(p), std::uint32_t(m)};
        const std::vector<std::uint32_t> squarings = state();
        words.insert(words.end(), squarings.begin(), squarings.end());
        return words;
      });
    };
  if (hooks.known.size() > plain_state_header && hooks.known[1] == m)
    own.known.assign(hooks.known.begin() + plain_state_header, hooks.known.end());
  return own;
}

}  // namespace

bool alpha_kappa_is_power_by_degrees(std::uint64_t p, const std::vector<alpha_entry>& known) {
  const std::uint64_t f = order_of_two(p);
  const auto k = std::find_if(known.begin(), known.end(), [f](const alpha_entry& a) { return a.p == f; });
  return k != known.end() && kappa_is_power_by_degrees(f, k->degree);
}

std::optional<ordinal> alpha_certificate_by_plain_power(const alpha_entry& e, const std::vector<alpha_entry>& known,
                                                        const progress_fn& progress, alpha_plain_norm* last,
                                                        unsigned threads, const resume_hooks* hooks) {
  kappa_basis t;
  set_known(t, known);
  if (!is_alpha_candidate(e.p, e.order, e.degree, e.alpha, e.excess, t)) return std::nullopt;
  const kappa_h kf = lenstra_kappa(e.order, t);
  // (2^E - 1)/p = c (2^E - 1)/(2^f - 1) with c = (2^f - 1)/p: N(x)^c.
  digits c = all_ones(e.order);
  if (div_small(c, e.p) != 0) throw std::logic_error("alpha: p does not divide 2^f - 1");
  trim(c);
  alpha_plain_norm own;
  alpha_plain_norm& kept = last ? *last : own;
  std::uint64_t first = 0;  // the candidates before a resumed state's were decided by its run
  if (hooks && !hooks->known.empty()) {
    if (hooks->known.size() <= plain_state_header || hooks->known[0] != e.p || hooks->known[1] > e.excess)
      throw std::invalid_argument("alpha: the squarings' state is not one of alpha_" + std::to_string(e.p) + "'s");
    first = hooks->known[1];
  }
  for (std::uint64_t m = first; m <= e.excess; ++m) {
    const ordinal x = kf.value + ordinal(m);
    const std::uint64_t degree = lcm_checked(kf.degree, finite_degree(m));
    if (degree % e.order != 0) throw std::logic_error("alpha: f does not divide the candidate's degree");
    if (m == 0 && alpha_kappa_is_power_by_degrees(e.p, known)) {
      if (e.excess == 0) return std::nullopt;
      continue;
    }
    if (kept.degree == degree && kept.order == e.order && kept.x == x) {
      ++kept.reused;
    } else {
      const unsigned squaring_threads = detail::workers::threads_or_cores(threads);
      const resume_hooks own_hooks = hooks ? candidate_hooks(*hooks, e.p, m) : resume_hooks();
      const resume_hooks* candidate = hooks ? &own_hooks : nullptr;
      kept = {x, degree, e.order, plain_norm(x, degree, e.order, t, progress, squaring_threads, candidate), 0};
    }
    std::optional<ordinal> zeta = dense_pow(kept.norm, c, t, alpha_dense_limit);
    if (!zeta) zeta = pow_limbs(kept.norm, c, t);
    if ((m < e.excess) != (*zeta == ordinal(1))) return std::nullopt;
    if (m == e.excess) return zeta;
  }
  return std::nullopt;
}

namespace transfinite {

bool is_alpha_candidate(std::uint64_t p, std::uint64_t order, std::uint64_t degree, const ordinal& alpha,
                        std::uint64_t excess, const kappa_basis& t) {
  if (order != order_of_two(p)) return false;
  const kappa_h kf = lenstra_kappa(order, t);
  return alpha == kf.value + ordinal(excess) && degree == lcm_checked(kf.degree, finite_degree(excess));
}

const kappa_basis& default_kappa_basis() { return table().t; }

}  // namespace transfinite

}  // namespace nimber
