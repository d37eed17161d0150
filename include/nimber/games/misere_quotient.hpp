// Misère quotients of heap games (T. E. Plambeck, "Taming the wild in impartial combinatorial
// games", INTEGERS 5 (2005); T. E. Plambeck and A. N. Siegel, "Misère quotients for impartial
// games", J. Combin. Theory A 115 (2008); A. N. Siegel, "Combinatorial Game Theory", ch. V).
//
// Fix a heap game and a bound N. The positions are the sums of heaps of sizes 0 .. N (every
// option of such a sum is again one). Two positions G and H are indistinguishable when
// o⁻(G + X) = o⁻(H + X) for every position X; the classes form a commutative monoid under +,
// the misère quotient Q, and the classes of the misère P-positions (the player to move loses)
// its P-portion P. The pretending function sends heap n to its class; the class of a sum is
// the product of its heaps' classes, so a finite quotient decides every sum at once.
//
// Computation, heap by heap. A candidate is a finite commutative monoid M with an image in M
// for each heap (a homomorphism from the positions onto M) and a set of marked elements. It is
// proved to predict outcomes by a search over states (x, S): x the image of a position, S the
// set of the images of its options. Adding heap h to a position maps (x, S) to
// (x h, S h ∪ x O(h)), O(h) the images of h's options, so the states reachable from the empty
// position (1, {}) are finitely many. The candidate predicts every outcome exactly when each
// reachable state has x marked iff S is not empty and holds no marked element (misère: a
// position without a move is won by the player to move). When states are visited in the order
// of the smallest position reaching them (by total size, then by more heaps), each element's
// mark can be taken from the first state holding it: its options' images were all visited
// before. A predicting candidate, reduced to the coarsest congruence that keeps the marks apart
// (the Nerode-style refinement under multiplication by the heaps' images), is the quotient: two
// elements left apart are told apart by some position, and two positions with the same image
// are indistinguishable.
//
// Heap n first tries to pretend to an element of the quotient of the heaps below it (the
// presentation does not change); failing that, the candidate is the old quotient times a new
// cyclic generator for heap n, and whenever the search finds a position that contradicts it,
// the heaps of that position get free cyclic generators of their own (or longer ones) until
// the search passes. Whatever candidate passes, the result is proved, not guessed: the
// heuristics only choose which candidates are tried.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "nimber/games/heap.hpp"
#include "nimber/progress.hpp"

namespace nimber::games {

// An element of a misère quotient: 0 is the identity (the empty position), the others are
// numbered in the order a breadth-first walk from 0 meets them, multiplying by the heaps'
// images in heap order.
using quotient_element = std::uint32_t;

struct quotient_options {
  // Memory for the candidates, the searches and the multiplication table, in bytes: when a
  // step would need more, game_size_error is thrown (nothing is returned).
  std::uint64_t max_bytes = std::uint64_t(1) << 31;
  // Called after each heap with (heaps done, heaps wanted).
  progress_fn progress;
  // Called after each heap n with a function giving the state a later run goes on from (as
  // `known`); returning false stops the run there, and compute returns the quotient of heaps
  // 0 .. n. May be empty.
  std::function<bool(std::uint64_t, const std::function<std::vector<std::uint32_t>()>&)> checkpoint;
  // Asked between heaps and, within a heap, before each trial quotient: when it returns true,
  // the run stops with the heaps it has completed (the heap in progress is dropped), and
  // `checkpoint` is called once more for the last of them, so that a stopped run can be saved.
  // May be empty.
  std::function<bool()> stop_requested;
  // A state saved by a checkpoint of an earlier run of the same game (with a bound at least its
  // heap): the run goes on from there, and the result is the same as if it had computed those
  // heaps. Throws game_argument_error when the words are not such a state.
  std::span<const std::uint32_t> known;
};

// A monomial over the generators: exponents[i] is the power of generator i.
struct quotient_word {
  std::vector<std::uint32_t> exponents;
  friend bool operator==(const quotient_word&, const quotient_word&) = default;
};

// lhs = rhs, lhs a smallest word that is not the normal form of its element, rhs that
// element's normal form.
struct quotient_relation {
  quotient_word lhs, rhs;
};

// A heap where the quotient changed: its order and P-portion from that heap on.
struct quotient_change {
  std::uint64_t heap = 0;
  std::uint32_t order = 0, p_portion = 0;
};

// The periodicity theorem for misère quotients (Plambeck and Siegel, "Misère quotients for
// impartial games", the Periodicity Theorem; Siegel, "Combinatorial Game Theory", ch. V), in the
// form of the normal-play theorem of Guy and Smith. Let the game be a take-and-break code whose
// last nonzero digit is d_k and whose moves leave at most s heaps (s = 1 when no move splits a
// heap, 2 when a move leaves two, 3 with a three-heap hexadecimal digit), Q the quotient of the
// heaps 0 .. N and Phi its pretending function. If Phi(n + p) = Phi(n) for every n with n0 <= n <= N - p, and
//   N >= s (max(n0, 1) + p) + k - 1,
// then heap n + p pretends to Phi(n) in the quotient of the heaps 0 .. M for every M >= N and
// n >= n0, and that quotient is Q: Q is the quotient of the whole game. (From heap M + 1 on,
// every option of heap M + 1 has a largest part of at least max(n0, 1) + p, which p tokens less
// turns into an option of heap M + 1 - p with the same image, and back; two heaps whose options
// have the same images are indistinguishable among the sums of heaps up to M + 1.)
struct quotient_period {
  std::uint64_t preperiod = 0;  // n0
  std::uint64_t period = 0;     // p
  std::uint64_t needs = 0;      // the least N the theorem asks for this n0 and p
  bool proved = false;          // N >= needs: the quotient is the whole game's
  friend bool operator==(const quotient_period&, const quotient_period&) = default;
};

// The smallest period p, with its least n0, that the theorem proves from the pretending
// function of heaps 0 .. N (pretending.size() - 1). When none does: the repetition seen with
// the smallest `needs` among those whose periodic stretch holds at least one whole period
// (proved false), or nullopt when there is none, and always for subtraction sets with
// progressions and for Grundy's game, which the theorem does not cover.
std::optional<quotient_period> prove_quotient_period(const heap_game& game,
                                                     std::span<const std::uint32_t> pretending) noexcept;

class misere_quotient {
 public:
  // The quotient of the sums of heaps 0 .. max_heap of `game`. Throws game_size_error when
  // options.max_bytes is not enough, game_argument_error when max_heap > max_heap_bound.
  static misere_quotient compute(const heap_game& game, std::uint64_t max_heap, const quotient_options& options = {});
  static constexpr std::uint64_t max_heap_bound = 1u << 20;

  const heap_game& game() const noexcept { return game_; }
  std::uint64_t max_heap() const noexcept { return pretending_.size() - 1; }
  // |Q| and |P|.
  std::uint32_t order() const noexcept { return order_; }
  std::uint32_t p_portion() const noexcept;
  // Whether the positions of class x are misère P-positions (the player to move loses).
  bool is_p(quotient_element x) const { return p_[check(x)]; }
  quotient_element product(quotient_element x, quotient_element y) const {
    return table_[std::size_t(check(x)) * order_ + check(y)];
  }
  // The class of each heap 0 .. max_heap.
  std::span<const quotient_element> pretending() const noexcept { return pretending_; }
  // What the periodicity theorem says of the pretending function (prove_quotient_period).
  const std::optional<quotient_period>& period() const noexcept { return period_; }
  // The class of heap n: above max_heap() only when period() is proved, from the period.
  // Throws game_argument_error for a heap above max_heap() otherwise.
  quotient_element heap_class(std::uint64_t n) const;
  // The class of a sum of heaps (each as heap_class takes it).
  quotient_element element_of(std::span<const std::uint64_t> heaps) const;

  // The presentation: generators (the heap each one is the class of), and relations such that
  // every element has exactly one normal form, a word none of whose divisors is a relation's
  // left side (words ordered by degree, then by larger powers of earlier generators first).
  std::span<const std::uint64_t> generator_heaps() const noexcept { return generator_heaps_; }
  std::span<const quotient_relation> relations() const noexcept { return relations_; }
  const quotient_word& normal_form(quotient_element x) const { return normal_forms_[check(x)]; }
  // The heaps where the quotient changed (heap 1 included when it has a move).
  std::span<const quotient_change> changes() const noexcept { return changes_; }

  // Whether the player to move wins the sum of heaps (misère play).
  bool next_player_wins(std::span<const std::uint64_t> heaps) const { return !is_p(element_of(heaps)); }
  // Every move to a P-position, heap by heap, each heap's moves in the order
  // heap_game::for_each_option gives them; empty when the sum is lost.
  std::vector<heap_move> winning_moves(std::span<const std::uint64_t> heaps) const;
  std::optional<heap_move> winning_move(std::span<const std::uint64_t> heaps) const;

 private:
  quotient_element check(quotient_element x) const;
  heap_game game_;
  std::uint32_t order_ = 1;
  std::vector<quotient_element> table_{0};
  std::vector<bool> p_{false};
  std::vector<quotient_element> pretending_;
  std::vector<std::uint64_t> generator_heaps_;
  std::vector<quotient_relation> relations_;
  std::vector<quotient_word> normal_forms_;
  std::vector<quotient_change> changes_;
  std::optional<quotient_period> period_;
  friend class quotient_builder;
};

// A word as text: generators a, b, c, ... (g27, g28, ... past z), powers as a^2: "ab^2", and
// "1" for the empty word.
std::string to_string(const quotient_word& w);
std::string generator_name(std::size_t i);

}  // namespace nimber::games
