// The frontier file (data/alpha-frontier.txt): alpha_p past the shipped table, each entry
// with its certificate's SHA-256 instead of the certificate.
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "nimber/transfinite/alpha.hpp"
#include "transfinite/alpha_candidate.hpp"
#include "transfinite/kappa_basis.hpp"

namespace nimber {

// The compiled-in frontier (data/alpha-frontier.txt, by src/transfinite/CMakeLists.txt).
extern const char* const alpha_frontier_text;

namespace {

std::string trimmed(std::string_view s) {
  const std::size_t a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
  return a == std::string_view::npos ? std::string() : std::string(s.substr(a, b - a + 1));
}

bool is_hash(const std::string& h) {
  if (h.size() < 16 || h.size() > 64) return false;
  for (char c : h)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

// One line's fields, in the order of alpha_frontier_line.
alpha_frontier_entry parse_line(std::string_view line, const std::string& where) {
  const auto bad = [&](const std::string& what) { return std::invalid_argument(where + ": expected " + what); };
  std::size_t cut[3];
  std::size_t from = 0;
  for (std::size_t& c : cut) {
    c = line.find(';', from);
    if (c == std::string_view::npos) throw bad("four fields separated by ';'");
    from = c + 1;
  }
  alpha_frontier_entry e;
  std::istringstream head{std::string(line.substr(0, cut[0]))};
  std::string rest;
  head >> e.p >> e.order >> e.degree >> e.excess >> e.seconds >> e.peak_kib;
  if (!head || (head >> rest)) throw bad("'p f E excess seconds peak_kib' before the first ';'");
  const auto alpha = ordinal::parse(trimmed(line.substr(cut[0] + 1, cut[1] - cut[0] - 1)));
  if (!alpha) throw bad("an ordinal as the second field");
  e.alpha = alpha.value;
  e.certificate_sha256 = trimmed(line.substr(cut[1] + 1, cut[2] - cut[1] - 1));
  if (!is_hash(e.certificate_sha256)) throw bad("16 to 64 lower-case hex digits of SHA-256 as the third field");
  e.source = trimmed(line.substr(cut[2] + 1));
  if (e.source.empty() || e.source.find(' ') != std::string::npos) throw bad("a source word as the fourth field");
  return e;
}

}  // namespace

std::vector<alpha_frontier_entry> parse_alpha_frontier(std::string_view text) {
  using transfinite::kappa_basis;
  kappa_basis t;  // the table's alphas, then each entry's in turn
  for (std::size_t k = 0; k < alpha_table().size(); ++k) t.set(k, alpha_table()[k].alpha, alpha_table()[k].degree);
  std::vector<alpha_frontier_entry> entries;
  std::istringstream in{std::string(text)};
  std::size_t number = 0;
  for (std::string line; std::getline(in, line);) {
    const std::string where = "alpha frontier: line " + std::to_string(++number);
    if (line.empty() || line[0] == '#') continue;
    alpha_frontier_entry e = parse_line(line, where);
    const long k = odd_prime_index(e.p);
    const std::uint64_t last = entries.empty() ? alpha_table_limit() : entries.back().p;
    if (k < 0 || e.p <= last)
      throw std::invalid_argument(where + ": expected an odd prime above " + std::to_string(last) + ", not " +
                                  std::to_string(e.p));
    for (std::uint64_t q : alpha_prerequisites(e.p))
      if (!t.holds(std::size_t(odd_prime_index(q))))
        throw std::invalid_argument(where + ": alpha_" + std::to_string(e.p) + " needs alpha_" + std::to_string(q) +
                                    ", which is neither in the table nor on an earlier line");
    if (!transfinite::is_alpha_candidate(e.p, e.order, e.degree, e.alpha, e.excess, t))
      throw std::invalid_argument(where + ": expected alpha_" + std::to_string(e.p) +
                                  " = kappa_f + excess of degree E, f the order of 2");
    t.set(std::size_t(k), e.alpha, e.degree);
    entries.push_back(std::move(e));
  }
  return entries;
}

const std::vector<alpha_frontier_entry>& alpha_frontier() {
  static const std::vector<alpha_frontier_entry> entries = [] {
    try {
      return parse_alpha_frontier(alpha_frontier_text);
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error(e.what());
    }
  }();
  return entries;
}

std::string alpha_frontier_line(const alpha_frontier_entry& e) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f", e.seconds);
  return std::to_string(e.p) + " " + std::to_string(e.order) + " " + std::to_string(e.degree) + " " +
         std::to_string(e.excess) + " " + seconds + " " + std::to_string(e.peak_kib) + " ; " + e.alpha.to_string() +
         " ; " + e.certificate_sha256 + " ; " + e.source;
}

}  // namespace nimber
