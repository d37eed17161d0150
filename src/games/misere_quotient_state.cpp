// Checkpoints of misère quotient runs (quotient_options::checkpoint and known): the quotient of
// the heaps done, as 32-bit words, and back.
//
// Words: n (the last heap done), |Q|, the table (|Q|^2, row by row), the P-portion (|Q| words,
// 0 or 1), the pretending function of heaps 0 .. n, the number of changes, and each change as
// (heap, order, P-portion).
#include "games/misere_quotient_state.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>

#include "nimber/games/error.hpp"

namespace nimber::games::quotient_detail {

std::vector<std::uint32_t> save_state(const table_monoid& q, std::span<const std::uint32_t> phi,
                                      std::span<const quotient_change> changes) {
  std::vector<std::uint32_t> w;
  w.reserve(3 + q.table.size() + q.size + phi.size() + 3 * changes.size());
  w.push_back(static_cast<std::uint32_t>(phi.size() - 1));
  w.push_back(q.size);
  w.insert(w.end(), q.table.begin(), q.table.end());
  for (const bool m : q.marked) w.push_back(m ? 1 : 0);
  w.insert(w.end(), phi.begin(), phi.end());
  w.push_back(static_cast<std::uint32_t>(changes.size()));
  for (const quotient_change& c : changes) {
    w.push_back(static_cast<std::uint32_t>(c.heap));
    w.push_back(c.order);
    w.push_back(c.p_portion);
  }
  return w;
}

namespace {

// Reads the words in order; any word missing or out of range is game_argument_error.
class reader {
 public:
  explicit reader(std::span<const std::uint32_t> w) : w_(w) {}
  std::uint32_t next(std::uint64_t below, const char* what) {
    if (at_ >= w_.size() || w_[at_] >= below)
      throw game_argument_error(std::string("misere_quotient: a saved state with a bad ") + what + " at word " +
                                std::to_string(at_));
    return w_[at_++];
  }
  bool done() const noexcept { return at_ == w_.size(); }

 private:
  std::span<const std::uint32_t> w_;
  std::size_t at_ = 0;
};

}  // namespace

saved_state load_state(std::span<const std::uint32_t> words, std::uint64_t max_heap) {
  constexpr std::uint64_t any = std::numeric_limits<std::uint32_t>::max() + std::uint64_t(1);
  reader r(words);
  saved_state s;
  const std::uint64_t n = r.next(max_heap + 1, "heap count");
  s.q.size = r.next(std::min<std::uint64_t>(words.size(), any), "order");
  if (s.q.size == 0 || std::uint64_t(s.q.size) * s.q.size > words.size())
    throw game_argument_error("misere_quotient: a saved state with a bad order");
  s.q.table.resize(std::size_t(s.q.size) * s.q.size);
  for (std::uint32_t& x : s.q.table) x = r.next(s.q.size, "table entry");
  s.q.marked.resize(s.q.size);
  for (std::uint32_t x = 0; x < s.q.size; ++x) s.q.marked[x] = r.next(2, "P-portion mark") == 1;
  s.phi.resize(n + 1);
  for (std::uint32_t& x : s.phi) x = r.next(s.q.size, "pretending entry");
  if (s.phi[0] != 0) throw game_argument_error("misere_quotient: a saved state whose heap 0 is not the identity");
  const std::uint32_t changes = r.next(n + 1, "change count");
  for (std::uint32_t i = 0; i < changes; ++i) {
    quotient_change c;
    c.heap = r.next(n + 1, "change heap");
    c.order = r.next(any, "change order");
    c.p_portion = r.next(any, "change P-portion");
    s.changes.push_back(c);
  }
  if (!r.done()) throw game_argument_error("misere_quotient: a saved state with words past its end");
  return s;
}

}  // namespace nimber::games::quotient_detail
