// The order of work of an alpha run (nimber/transfinite/alpha.hpp, alpha_plan).
#include <algorithm>
#include <iterator>
#include <stdexcept>
#include <string>

#include "nimber/transfinite/alpha.hpp"

namespace nimber {

alpha_plan::alpha_plan(const alpha_job& job) {
  for (const alpha_entry& e : job.known) done_.insert_or_assign(e.p, e);
  for (std::uint64_t p : job.primes) {
    if (odd_prime_index(p) < 0) throw std::invalid_argument("alpha: " + std::to_string(p) + " is not an odd prime");
    for (std::uint64_t q : alpha_prerequisites(p)) want(q);
    want(p);
  }
  promote();
}

void alpha_plan::want(std::uint64_t p) {
  if (!done_.contains(p)) waiting_.try_emplace(p, alpha_prerequisites(p));
}

// Moves the primes whose prerequisites are all done to ready_, with their candidate degree.
void alpha_plan::promote() {
  for (auto it = waiting_.begin(); it != waiting_.end();) {
    const std::vector<std::uint64_t>& needs = it->second;
    if (!std::all_of(needs.begin(), needs.end(), [this](std::uint64_t q) { return done_.contains(q); })) {
      ++it;
      continue;
    }
    std::vector<alpha_entry> known;  // what the degree needs: no certificates copied
    for (std::uint64_t q : needs) {
      const alpha_entry& e = done_.at(q);
      alpha_entry& slim = known.emplace_back();
      slim.p = e.p, slim.order = e.order, slim.degree = e.degree, slim.alpha = e.alpha;
    }
    ready_.emplace(std::pair(alpha_candidate_degree(it->first, known), it->first), needs);
    it = waiting_.erase(it);
  }
}

std::optional<alpha_task> alpha_plan::next() {
  if (ready_.empty()) return std::nullopt;
  const auto last = std::prev(ready_.end());
  alpha_task task{last->first.second, last->first.first, {}};
  for (std::uint64_t q : last->second) task.prerequisites.push_back(done_.at(q));
  ready_.erase(last);
  return task;
}

void alpha_plan::done(alpha_entry e) {
  done_.insert_or_assign(e.p, std::move(e));
  promote();
}

std::vector<alpha_entry> alpha_plan::take_entries() {
  std::vector<alpha_entry> r;
  for (auto& [p, e] : done_) r.push_back(std::move(e));
  done_.clear();
  return r;
}

}  // namespace nimber
