// The second proof saved and resumed (resume_hooks through alpha_certificate_by_plain_power):
// a run resumed from any state it saved ends with the uninterrupted run's certificate, its
// progress and its later states; a state of another proof, field or element, or one cut short,
// is refused.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "nimber/transfinite/alpha.hpp"

namespace {

using nimber::alpha_entry;
using nimber::resume_hooks;
using words = std::vector<std::uint32_t>;

// A run of the second proof with hooks: the certificate, every state saved (pieces of
// `piece` squarings) and the last progress call.
struct proof_run {
  std::optional<nimber::ordinal> zeta;
  std::vector<words> states;
  std::pair<std::uint64_t, std::uint64_t> last_progress{0, 0};
};

proof_run prove(const alpha_entry& e, const words& known, std::uint64_t piece, unsigned threads = 1) {
  const auto& table = nimber::alpha_table();
  proof_run run;
  resume_hooks hooks;
  hooks.known = known;
  hooks.piece = piece;
  hooks.save = [&run](const resume_hooks::state_fn& state) { run.states.push_back(state()); };
  const nimber::progress_fn progress = [&run](std::uint64_t done, std::uint64_t total) {
    run.last_progress = {done, total};
  };
  run.zeta = nimber::alpha_certificate_by_plain_power(e, table, progress, nullptr, threads, &hooks);
  return run;
}

// Entries whose proof has two candidates and a norm of several stages: states of the first
// candidate and of the second, inside stages and at their ends.
std::vector<alpha_entry> resumable_entries() {
  std::vector<alpha_entry> chosen;
  const auto& table = nimber::alpha_table();
  for (const alpha_entry& e : table)
    if (e.excess >= 1 && e.degree / e.order >= 6 && e.degree <= 4000 &&
        !nimber::alpha_kappa_is_power_by_degrees(e.p, table) && chosen.size() < 2)
      chosen.push_back(e);
  return chosen;
}

TEST(AlphaResume, EveryStateResumesToTheSameProof) {
  const std::vector<alpha_entry> entries = resumable_entries();
  ASSERT_EQ(entries.size(), 2u);
  for (const alpha_entry& e : entries) {
    const std::uint64_t piece = e.degree / 12;  // a dozen states a candidate, and the stages' ends
    const proof_run whole = prove(e, {}, piece);
    ASSERT_TRUE(whole.zeta.has_value()) << "p = " << e.p;
    EXPECT_EQ(*whole.zeta, e.certificate) << "p = " << e.p;
    ASSERT_GE(whole.states.size(), 8u) << "p = " << e.p;
    std::size_t second_candidate = 0;
    for (std::size_t i = 0; i < whole.states.size(); ++i) {
      const words& state = whole.states[i];
      ASSERT_GE(state.size(), 2u);
      EXPECT_EQ(state[0], e.p);
      second_candidate += state[1] == 1;
      for (const unsigned threads : {1u, 2u}) {
        const proof_run resumed = prove(e, state, piece, threads);
        ASSERT_TRUE(resumed.zeta.has_value()) << "p = " << e.p << ", state " << i;
        EXPECT_EQ(*resumed.zeta, e.certificate) << "p = " << e.p << ", state " << i;
        // The count goes on from the state's (the last state has no squarings left to count).
        if (i + 1 < whole.states.size()) {
          EXPECT_EQ(resumed.last_progress, whole.last_progress) << "p = " << e.p << ", state " << i;
        }
        // The resumed run saves what the whole run saved after state i, word for word.
        const std::vector<words> later(whole.states.begin() + std::ptrdiff_t(i) + 1, whole.states.end());
        EXPECT_EQ(resumed.states, later) << "p = " << e.p << ", state " << i;
      }
    }
    EXPECT_GT(second_candidate, 0u) << "p = " << e.p;
    EXPECT_LT(second_candidate, whole.states.size()) << "p = " << e.p;
  }
}

TEST(AlphaResume, AStateOfAnotherProofIsRefused) {
  const std::vector<alpha_entry> entries = resumable_entries();
  ASSERT_EQ(entries.size(), 2u);
  const alpha_entry& e = entries[0];
  const words state = prove(e, {}, 5).states.at(3);
  // The words: p, m, then the squarings' tag, bit, stage, done (2 words), dim, coef_bits, the
  // element's hash (2 words), then the two values.
  const auto refused = [&](words bad, const char* why) {
    EXPECT_THROW(prove(e, bad, 5), std::invalid_argument) << why;
  };
  refused(prove(entries[1], {}, 5).states.at(3), "another prime's");
  words wrong = state;
  wrong[0] = std::uint32_t(entries[1].p);
  refused(wrong, "another p");
  wrong = state;
  wrong[1] = std::uint32_t(e.excess + 1);
  refused(wrong, "a candidate past the excess");
  refused(words(state.begin(), state.begin() + 2), "no squarings");
  refused(words(state.begin(), state.end() - 1), "cut short");
  for (const std::size_t at : {2u, 3u, 4u, 6u, 7u, 8u, 9u, 10u}) {
    wrong = state;
    wrong[at] ^= at == 4 ? 2 : 1 << 20;  // a tag, bit, stage, count, field or hash not this proof's
    refused(wrong, "a changed header word");
  }
  // The values themselves are the checkpoint file's to keep whole (it has a checksum): a
  // changed bit gives another answer (no certificate, or another one than the table's).
  wrong = state;
  wrong.back() ^= 1;
  const proof_run changed = prove(e, wrong, 5);
  EXPECT_TRUE(!changed.zeta || *changed.zeta != e.certificate);
}

}  // namespace
