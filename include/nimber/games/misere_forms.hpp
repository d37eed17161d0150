// Finite impartial games under misère play, as forms: a game is the set of its options, and
// two games are equal when no third game X tells them apart, o⁻(G + X) = o⁻(H + X) for all X.
//
// Every game has a unique simplest form (J. H. Conway, "On Numbers and Games", ch. 12; A. N.
// Siegel, "Combinatorial Game Theory", ch. V; A. N. Siegel, "On the structure of misère
// impartial games", section 2): an option G' is reversible through G'' when G'' is an option
// of G' equal to G, and G then equals the game with G' replaced by the options of G'',
// except when G'' has no options (the Grundy-Smith proviso). A game with no reversible option
// whose options are in simplest form is in simplest form, and equal simplest forms are
// identical, so misère equality is identity of simplest forms.
//
// Equality is decided without searching for X, by Conway's recursion on the relation "G is
// linked to H" (some T makes both G + T and H + T misère P-positions):
//   G = H       iff  o⁻(G) = o⁻(H), G is linked to no H', and no G' is linked to H;
//   G linked H  iff  G equals no H' and no G' equals H.
// The proviso never bites a simplification here: when G'' has no options, G = 0 and the
// simplest form is 0 itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "nimber/games/heap.hpp"
#include "nimber/progress.hpp"

namespace nimber::games {

// A game of a misere_forms store: an index into its table, meaningful only in that store.
using form_id = std::uint32_t;

// A table of hash-consed games: each game is its sorted set of options, stored once, so two
// games with the same options (recursively) have the same id. Ids are never invalidated. Every
// member taking a form_id throws game_argument_error for an id that is not of this store. Not
// thread-safe: one store per thread, or a lock around it.
class misere_forms {
 public:
  // Holds 0, the game with no options, as id zero(). Sums and parsed text grow fast (*n + *n
  // has n^2 positions): when a new form or memoised sum would take the store's memory, counted
  // as bytes_per_form a form, 4 bytes an option and bytes_per_sum a sum, past max_bytes,
  // game_size_error is thrown (by any member that stores forms); the forms stored until then
  // stay valid.
  explicit misere_forms(std::uint64_t max_bytes = ~std::uint64_t(0));
  static constexpr std::uint64_t bytes_per_form = 64, bytes_per_sum = 48;

  static constexpr form_id zero() noexcept { return 0; }
  // The nim heap *n = {0, *, ..., *(n-1)}. Throws game_argument_error when n > max_heap.
  form_id nim_heap(std::uint64_t n);
  static constexpr std::uint64_t max_heap = 1024;
  // The game whose options are `options` (any order, repeats ignored); not simplified.
  form_id game(std::vector<form_id> options);
  // The sum G + H: options G' + H and G + H'; not simplified.
  form_id sum(form_id g, form_id h);

  std::span<const form_id> options(form_id g) const;
  // Whether the player to move wins G in misère play (no options: the mover wins).
  bool next_player_wins(form_id g) const { return node(g).next_wins; }
  // The height of the form as it stands: 0 for 0, otherwise 1 + the largest option height.
  // The birthday of the game is the height of its simplest form.
  std::uint32_t height(form_id g) const { return node(g).height; }
  std::uint32_t birthday(form_id g) { return height(simplest(g)); }
  // n when g is the nim heap *n as a form ({0, *} is *2), otherwise -1.
  std::int64_t heap_size(form_id g) const { return node(g).heap; }

  // The simplest form of g, memoised; simplest(simplest(g)) == simplest(g). Recurses as deep
  // as g is high (as sum does, as deep as g + h is high): keep heights to some thousands.
  form_id simplest(form_id g);
  // Misère equality: identical simplest forms.
  bool equal(form_id g, form_id h) { return simplest(g) == simplest(h); }
  // Whether G is linked to H: some T makes G + T and H + T both misère P-positions, so that
  // neither can stand for the other's options. By Conway's theorem, exactly when G equals no
  // option of H and no option of G equals H (compared as simplest forms).
  bool linked(form_id g, form_id h);
  // Whether g is its own simplest form.
  bool in_simplest_form(form_id g) { return simplest(g) == g; }

  // The simplest forms of the games born by day n, by birthday, then by id. Each day is every
  // set of the games before it, simplified. Throws game_size_error when n > 4: day 5 has
  // 4,171,780 games, counted by count_born_by_day_5 without storing them.
  std::vector<form_id> born_by(unsigned day);
  // The number of games born by day 5: the sets of the 22 games born by day 4 that are in
  // simplest form (each game born by day 5 is exactly one of them).
  std::uint64_t count_born_by_day_5();

  std::size_t size() const noexcept { return nodes_.size(); }
  // The store's memory as counted against max_bytes.
  std::uint64_t bytes_used() const noexcept { return bytes_used_; }

 private:
  struct node_data {
    std::uint64_t first = 0;  // options: option_pool_[first, first + count)
    std::uint32_t count = 0;
    std::uint32_t height = 0;
    std::int64_t heap = -1;
    form_id simplest = ~form_id(0);  // unknown until simplest() sets it
    bool next_wins = true;
  };
  const node_data& node(form_id g) const;
  form_id intern(std::vector<form_id>& sorted_options);
  form_id simplify(std::vector<form_id> options);
  void grow_table();

  std::vector<node_data> nodes_;
  std::vector<form_id> option_pool_;
  std::vector<form_id> slots_;                       // open addressing: ids by option-set hash, ~0 empty
  std::unordered_map<std::uint64_t, form_id> sums_;  // (min << 32 | max) -> the sum
  std::vector<form_id> heaps_;                       // heaps_[n] = *n
  std::uint64_t max_bytes_;
  std::uint64_t bytes_used_ = 0;
  void count_bytes(std::uint64_t bytes);
};

// The notation of Winning Ways and Siegel for forms: nim heaps 0, *, *2, *3, ... and any other
// form as its options in braces, {*2,*3} or {0,{*2}}; options are listed nim heaps first by
// size, then the others by height and text. Prints g as it stands (simplest(g) for the value).
std::string to_string(const misere_forms& store, form_id g);
// The length of to_string(store, g), or `limit` when it is longer, found on the form's graph
// without writing the text, which is the form's tree written out and can be exponentially
// longer than the form (differences and sums are often such forms).
std::uint64_t text_length(const misere_forms& store, form_id g, std::uint64_t limit);

// Reads that notation into `store`: 0, *, *n (n <= misere_forms::max_heap; *0 is 0, *1 is *),
// {G,H,...} ({} is 0), and sums G+H of any of them, spaces allowed between tokens. Does not
// simplify. Throws parse_error naming the offset of the offending token ("offset 4") and the
// token, or at the end of the input when it ends early; also when braces nest deeper than
// max_form_nesting, or a sum would be higher than max_form_height (simplest and sum recurse
// as deep as a form is high). Throws game_size_error when the store's budget runs out.
form_id parse_misere_form(misere_forms& store, std::string_view text);
inline constexpr std::size_t max_form_nesting = 200;
inline constexpr std::uint32_t max_form_height = 4096;

// The misère Grundy value of g: 1 for 0 (no move: the player to move wins), else the mex of
// its options' values; 0 exactly when the player to move loses (Conway, "On Numbers and
// Games", ch. 12). Equal games may differ in it (it is not a value that adds); the store
// computes it on g's simplest form, so equal games agree.
std::uint32_t misere_grundy(misere_forms& store, form_id g);
// The same for many games at once, each option's value found once for all of them.
std::vector<std::uint32_t> misere_grundy(misere_forms& store, std::span<const form_id> games);

// Conway's genus g^(γ0 γ1 γ2 ...) of a game ("On Numbers and Games", ch. 12): g its
// normal-play Grundy value and γn the misère Grundy value of G + *2 + ... + *2 (n copies).
// γ0 = mex of the options' γ0 (1 for 0), and for n >= 1, since G + 2_n can also move to
// G + 2_(n-1) and to G + 2_(n-1) + *, whose value is γ(n-1) xor 1,
//   γn = mex({γn of the options} ∪ {γ(n-1), γ(n-1) xor 1}).
// Once every option alternates (γn = γ(n-2)) from index d on, γn is a function of γ(n-1) and
// the parity of n for n > d, so a repeat γn = γ(n-2) at some n >= d + 2 makes the sequence
// alternate from there on; the computation runs until it finds one (Conway proves it comes).
// Equal games have equal genera (ibid.), so any form of a game gives its genus. The genera
// of nim heaps: 0^120, 1^031 and a^(a, a xor 2) for a >= 2.
struct misere_genus {
  std::uint32_t normal = 0;
  // γ0 .. γk, k >= 1 the least index with γn = γ(n-2) for every n > k (the last two digits
  // alternate from there on); 0 is 0^120.
  std::vector<std::uint32_t> superscript{1, 2, 0};
  // γn for any n.
  std::uint32_t at(std::size_t n) const noexcept {
    const std::size_t k = superscript.size() - 1;
    return n <= k ? superscript[n] : superscript[k - ((n - k) & 1)];
  }
  friend bool operator==(const misere_genus&, const misere_genus&) = default;
};

// The genus of g, from the form as it stands, and of many games at once, sharing the genera
// of common options. Recurses as deep as the form is high.
misere_genus genus(misere_forms& store, form_id g);
std::vector<misere_genus> genus(misere_forms& store, std::span<const form_id> games);
// The genus of a game whose options have the genera `options` (none: 0^120), by the recursion
// above: what genus() does at each form, for games given otherwise (graphs, heap games).
misere_genus genus_from_options(std::span<const misere_genus* const> options);
// "0^120", "1^031", "2^20"; superscripts with a value above 9 are written with commas in
// parentheses, "12^(12,14)".
std::string to_string(const misere_genus& g);

// The classes of misère games that CGSuite names (A. N. Siegel, CGSuite, MisereCanonicalGameOps
// and Phylum, after Conway, "On Numbers and Games", ch. 12, and Winning Ways, ch. 13), all
// properties of a game's value, found on its simplest form. With G+ the normal-play and G- the
// misère Grundy value, (G+, G-) is a tame pair when G+ = G- or both are 0 or 1. The first six
// are read on the even one of G and G + * (below), as CGSuite keeps one class for both (G + *
// has G among its options), and the options' classes likewise:
// - tame (hereditarily): every option tame and (G+, G-) a tame pair. Tame games act as nim
//   heaps among themselves (tame_sum_next_player_wins).
// - generally tame: every option generally tame and (G+, G-) a tame pair; or some options are
//   not, but each of them has an option that is generally tame with misère value G-, and one
//   (maybe another) with normal value G+, and the generally tame options alone give G+ and G-
//   as their mexes (the wild options are reversible, Winning Ways' tame games).
// - tameable (CGSuite's phylum computation restated; docs/games.md has it in full): generally
//   tame, or a tame pair whose other options reverse as above or through tameable ones.
// - restive: every option tame, G+ in {0, 1} and G- >= 2.
// - generally restive: restive, or G+ in {0, 1} and no tame pair, every option generally tame
//   or reversing through generally restive or tame options (docs/games.md).
// - restless: every option generally tame, G- in {0, 1} and G+ >= 2.
// - half-tame: not generally tame, and G + G generally tame with G+ = G- = 0.
// - even: G is born before G + * (odd otherwise: exactly one of G, G + * is even).
// Then three from the theory of parts (below: H is a part of G when G = H + X for some X):
// - extraverted: every option of G is a part of G (by Conway's extraversion-introversion
//   theorem, exactly when G is a part of {G}; the tests check both).
// - introverted: G is a part of each of its options; by the same theorem only 0 and *.
// - prime: G is neither 0 nor *, and its only even parts are 0 and the even one of G, G + *.
// These three search for differences (subtract), so classes() throws search_limit_error where
// one of those searches would pass max_difference_candidates.
struct misere_classes {
  bool tame = false, generally_tame = false, tameable = false, restive = false, generally_restive = false;
  bool restless = false, half_tame = false, even = false;
  bool extraverted = false, introverted = false, prime = false;
  friend bool operator==(const misere_classes&, const misere_classes&) = default;
};
misere_classes classes(misere_forms& store, form_id g);
std::vector<misere_classes> classes(misere_forms& store, std::span<const form_id> games);
// Only whether each game is tame: without half-tame's G + G, whose form can have the square of
// G's size (heap forms of wild games are large).
std::vector<bool> tame(misere_forms& store, std::span<const form_id> games);
// The names of the classes that hold, in the order of the struct, "odd" where even fails:
// {"tame", "generally tame", "tameable", "even", "extraverted"}; to_string joins them with ", ".
std::vector<std::string> class_names(const misere_classes& c);
std::string to_string(const misere_classes& c);

// The theory of parts (Conway, "On Numbers and Games", ch. 12; Siegel, "Combinatorial Game
// Theory", ch. V). H is a part of G when G = H + X for some X; X is then unique up to equality
// (misère sums cancel: G + T = H + T implies G = H), and it is G - H. Parts come in pairs H,
// H + * (G = H + X = (H + *) + (X + *)); the even part of the pair is the one born first.
//
// The simplest form of G - H, or nullopt when H is no part of G. Every option X' of the
// simplest X is G' - H or G - H', and X is some G' - H' or has every G' - H among its options
// (docs/games.md has the proofs): the differences of lower pairs, found recursively, give X
// directly or leave a choice among the G - H'. Throws search_limit_error when that choice
// would be among more than max_difference_candidates of them (2^20 sets at most), rather
// than run for hours.
std::optional<form_id> subtract(misere_forms& store, form_id g, form_id h);
inline constexpr std::size_t max_difference_candidates = 20;
// The even parts of g as simplest forms, by birthday, then by text where it is at most
// 4096 characters long, then by id: 0 first and the even one of
// g, g + * among them. Each part H of G, when G has options, has H or G - H among the parts
// of every option G', so they are found from the parts of one option. Throws
// search_limit_error as subtract does.
std::vector<form_id> even_parts(misere_forms& store, form_id g);
// The even one of g and g + *, in simplest form.
form_id even_one(misere_forms& store, form_id g);

// The mate of g (CGSuite's Mate): * for 0, otherwise the game whose options are the mates of
// g's options, read on the simplest form and returned simplified. mate(*) = 0, mate(*2) = *2,
// mate({0,{*2}}) = {*,{*2}}.
form_id mate(misere_forms& store, form_id g);

// Whether the player to move wins a sum of tame games (misère play), from their genera
// (Conway, "On Numbers and Games", ch. 12): with x the xor of their G+, when every summand is
// fickle (genus 0^120 or 1^031, G+ and G- differing in {0, 1}) the sum is won exactly when
// x = 0, otherwise exactly when x != 0, as in Bouton's misère Nim. Only for tame summands.
bool tame_sum_next_player_wins(std::span<const misere_genus> genera) noexcept;
// The same rule from x and whether every summand is fickle.
constexpr bool tame_sum_next_player_wins(std::uint32_t normal_xor, bool all_fickle) noexcept {
  return all_fickle ? normal_xor == 0 : normal_xor != 0;
}
// Whether a tame game with these values is fickle: (G+, G-) is (0, 1) or (1, 0).
constexpr bool fickle(std::uint32_t normal, std::uint32_t misere) noexcept { return normal <= 1 && misere == (normal ^ 1); }

// The simplest forms of the heaps 0 .. terms - 1 of a heap game, each built from its options'
// forms (a move leaving several heaps is their sum). Throws game_size_error when the store's
// budget runs out (forms of wild games grow fast). `progress` sees the heaps done of terms.
std::vector<form_id> heap_forms(misere_forms& store, const heap_game& game, std::size_t terms,
                                const progress_fn& progress = {});

// Genus sequences of heap games whose moves leave at most one heap (subtraction games; codes
// with digits 0 to 3): a heap's options are single heaps, so its genus is found from theirs
// (genus_from_options) without forms. Throws game_argument_error for a game that splits heaps.
std::vector<misere_genus> heap_genera(const heap_game& game, std::size_t terms);

// The smallest period p, with the least preperiod n0 for it, that these genera of heaps
// 0, 1, ... prove: with t = game.max_removal() and no move leaving two heaps, every heap n > t
// has the options n - k (d_k with bit 1), so its genus is one fixed function of the genera of
// heaps n - t .. n - 1; if genus(n + p) = genus(n) for n0 <= n < N - p (N genera known) and
// N - p - max(n0, 1) >= t, induction on n carries the equality to every n >= n0. nullopt when no such
// (n0, p) is found, and for games that split a heap or subtract progressions, where the genus
// of an option is not a function of a bounded window (for splits the genus of a sum is not a
// function of its parts' genera at all). Takes O(N) per period tried.
std::optional<periodicity> prove_genus_period(const heap_game& game, std::span<const misere_genus> genera);

}  // namespace nimber::games
