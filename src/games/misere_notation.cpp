// The text notation of misère forms (misere_forms.hpp): printing and parsing.
#include <algorithm>
#include <string>
#include <tuple>
#include <unordered_map>

#include "nimber/games/error.hpp"
#include "nimber/games/misere_forms.hpp"

namespace nimber::games {

namespace {

std::string heap_name(std::int64_t n) {
  if (n == 0) return "0";
  std::string name = "*";
  if (n > 1) name += std::to_string(n);
  return name;
}

// Recursive descent over  sum := term ('+' term)* ;  term := 0 | * digits? | { (sum (, sum)*)? }
class form_parser {
 public:
  form_parser(misere_forms& store, std::string_view text) : store_(store), text_(text) {}

  form_id parse_all() {
    const form_id g = sum();
    skip_spaces();
    if (at_ < text_.size()) fail("'+' or the end of the form");
    return g;
  }

 private:
  form_id sum() {
    form_id g = term();
    while (next_is('+')) {
      const std::size_t plus = at_++;
      const form_id h = term();
      if (store_.height(g) + store_.height(h) > max_form_height)
        throw parse_error(where(plus), "+", "a sum of height at most " + std::to_string(max_form_height));
      g = store_.sum(g, h);
    }
    return g;
  }

  form_id term() {
    skip_spaces();
    if (at_ == text_.size()) throw parse_error::at_end_of_input(where(), "a form: 0, *, *n or {...}");
    const char c = text_[at_];
    if (c == '0') {
      ++at_;
      return misere_forms::zero();
    }
    if (c == '*') return heap();
    if (c == '{') return braces();
    fail("a form: 0, *, *n or {...}");
  }

  form_id heap() {
    ++at_;  // the '*'
    const std::size_t start = at_;
    while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
    if (start == at_) return store_.nim_heap(1);
    const std::string_view digits = text_.substr(start, at_ - start);
    const std::string expected = "a heap size up to " + std::to_string(misere_forms::max_heap);
    if (digits.size() > 1 && digits[0] == '0')
      throw parse_error(where(start), std::string(digits), expected + " without leading zeros");
    if (digits.size() > 6) throw parse_error(where(start), std::string(digits), expected);
    const std::uint64_t n = std::stoull(std::string(digits));
    if (n > misere_forms::max_heap) throw parse_error(where(start), std::string(digits), expected);
    return store_.nim_heap(n);
  }

  form_id braces() {
    if (++depth_ > max_form_nesting)
      throw parse_error(where(), "{", "braces nested at most " + std::to_string(max_form_nesting) + " deep");
    ++at_;  // the '{'
    std::vector<form_id> options;
    if (next_is('}')) {
      ++at_;
    } else {
      for (;;) {
        options.push_back(sum());
        if (next_is(',')) {
          ++at_;
          continue;
        }
        if (next_is('}')) {
          ++at_;
          break;
        }
        if (at_ == text_.size()) throw parse_error::at_end_of_input(where(), "',', '+' or '}'");
        fail("',', '+' or '}'");
      }
    }
    --depth_;
    return store_.game(std::move(options));
  }

  bool next_is(char c) {
    skip_spaces();
    return at_ < text_.size() && text_[at_] == c;
  }
  void skip_spaces() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t')) ++at_;
  }
  std::string where(std::size_t offset) const { return "offset " + std::to_string(offset); }
  std::string where() const { return where(at_); }
  [[noreturn]] void fail(const std::string& expected) const {
    throw parse_error(where(), std::string(1, text_[at_]), expected);
  }

  misere_forms& store_;
  std::string_view text_;
  std::size_t at_ = 0;
  std::size_t depth_ = 0;
};

}  // namespace

std::string to_string(const misere_forms& store, form_id g) {
  if (const std::int64_t n = store.heap_size(g); n >= 0) return heap_name(n);
  // Heaps first by size, then the others by height and text.
  std::vector<std::tuple<bool, std::int64_t, std::uint32_t, std::string>> parts;
  for (const form_id o : store.options(g)) {
    const std::int64_t n = store.heap_size(o);
    parts.emplace_back(n < 0, n, store.height(o), to_string(store, o));
  }
  std::sort(parts.begin(), parts.end());
  std::string text = "{";
  for (std::size_t i = 0; i < parts.size(); ++i) text += (i ? "," : "") + std::get<3>(parts[i]);
  return text + "}";
}

namespace {

std::uint64_t text_length(const misere_forms& store, form_id g, std::uint64_t limit,
                          std::unordered_map<form_id, std::uint64_t>& known) {
  if (const std::int64_t n = store.heap_size(g); n >= 0) return std::min<std::uint64_t>(limit, heap_name(n).size());
  if (const auto it = known.find(g); it != known.end()) return it->second;
  const auto options = store.options(g);
  std::uint64_t length = 2 + (options.empty() ? 0 : options.size() - 1);  // braces and commas
  for (const form_id o : options) length = std::min(limit, length + text_length(store, o, limit, known));
  return known[g] = std::min(limit, length);
}

}  // namespace

std::uint64_t text_length(const misere_forms& store, form_id g, std::uint64_t limit) {
  std::unordered_map<form_id, std::uint64_t> known;
  return text_length(store, g, limit, known);
}

form_id parse_misere_form(misere_forms& store, std::string_view text) { return form_parser(store, text).parse_all(); }

}  // namespace nimber::games
