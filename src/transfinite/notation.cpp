// Ordinal notation: Cantor normal form as CGSuite writes it, "w^(w^2*3 + w + 1)*5 + w + 4".
#include <cctype>
#include <vector>

#include "nimber/transfinite/ordinal.hpp"

namespace nimber {

namespace {

enum class kind { number, omega, caret, star, plus, open, close, end, bad };

struct token {
  kind k;
  std::size_t pos;        // byte offset
  std::string_view text;  // in the parsed text, which outlives the parser
};

class parser {
 public:
  explicit parser(std::string_view s) : s_(s) { next(); }

  ordinal whole() {
    ordinal r = sum();
    if (tok_.k != kind::end) fail("'+', '*' or the end");
    return r;
  }

 private:
  std::string_view s_;
  std::size_t at_ = 0;
  token tok_{kind::end, 0, {}};
  std::size_t depth_ = 0;     // the '(' and w^ that enclose the current token
  bool in_exponent_ = false;  // inside the exponent of some w^

  // One level of nesting ('(' or w^) for as long as it lives: the parser recurses once per
  // level, so the depth is checked before going deeper, never letting the stack run out.
  class nested {
   public:
    nested(parser& p, bool exponent) : p_(p), was_in_exponent_(p.in_exponent_) {
      if (p.depth_ == ordinal::max_nesting) p.fail_too_deep();
      ++p.depth_;
      p.in_exponent_ = was_in_exponent_ || exponent;
    }
    ~nested() {
      --p_.depth_;
      p_.in_exponent_ = was_in_exponent_;
    }
    nested(const nested&) = delete;
    nested& operator=(const nested&) = delete;

   private:
    parser& p_;
    bool was_in_exponent_;
  };

  static std::string shown(const token& t) { return t.k == kind::end ? "end of text" : std::string(t.text); }

  [[noreturn, gnu::noinline]] void fail(std::string_view expected, std::string_view more = {}) const {
    throw ordinal_parse_error(tok_.pos + 1, shown(tok_), std::string(expected) + std::string(more));
  }

  [[noreturn, gnu::noinline]] void fail_too_deep() const {
    fail("at most " + std::to_string(ordinal::max_nesting) + " nested parentheses and exponents");
  }

  void next() {
    while (at_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[at_]))) ++at_;
    const std::size_t start = at_;
    if (at_ == s_.size()) {
      tok_ = {kind::end, start, {}};
      return;
    }
    const char c = s_[at_];
    if (s_.substr(at_, 2) == "\xCF\x89") {  // UTF-8 omega
      at_ += 2;
      tok_ = {kind::omega, start, s_.substr(start, 2)};
      return;
    }
    if (std::isalnum(static_cast<unsigned char>(c))) {
      while (at_ < s_.size() && std::isalnum(static_cast<unsigned char>(s_[at_]))) ++at_;
      const std::string_view word = s_.substr(start, at_ - start);
      const bool omega = word == "w" || word == "omega";
      tok_ = {omega ? kind::omega : kind::number, start, word};
      return;
    }
    ++at_;
    const kind k = c == '^' ? kind::caret : c == '*' ? kind::star : c == '+' ? kind::plus
                 : c == '(' ? kind::open : c == ')' ? kind::close : kind::end;
    // A stray byte: one UTF-8 character as the token.
    if (k == kind::end) {
      while (at_ < s_.size() && (static_cast<unsigned char>(s_[at_]) & 0xC0) == 0x80) ++at_;
      tok_ = {kind::bad, start, s_.substr(start, at_ - start)};
      fail("a number, 'w', '(' or an operator");
    }
    tok_ = {k, start, s_.substr(start, 1)};
  }

  // The summands added pairwise: one at a time would copy the sum so far for each of them,
  // quadratic in the terms (a certificate of nimber alpha has tens of thousands).
  ordinal sum() {
    std::vector<ordinal> parts{product()};
    while (tok_.k == kind::plus) {
      next();
      const token start = tok_;
      parts.push_back(product());
      if (in_exponent_) check_decreasing(parts[parts.size() - 2], parts.back(), start);
    }
    return add_pairwise(parts);
  }

  [[gnu::noinline]] static ordinal add_pairwise(std::vector<ordinal>& parts) {
    for (std::size_t width = 1; width < parts.size(); width *= 2)
      for (std::size_t i = 0; i + width < parts.size(); i += 2 * width) parts[i] += parts[i + width];
    return std::move(parts[0]);
  }

  ordinal product() {
    if (in_exponent_) return exponent_term();
    ordinal r = power();
    while (tok_.k == kind::star) {
      next();
      r *= power();
    }
    return r;
  }

  // An exponent is an ordinal, so its '+' and '*' would be ordinal operations, which differ
  // from the nim ones (2*3 is 6, not 1; 1 + w is w). Exponents are therefore held to Cantor
  // normal form, where the two agree: a term is a number, or w or w^X with an optional
  // number coefficient after '*', and each term is below the one before it.
  static constexpr const char* coefficient_rule =
      " (in an exponent '*' only gives a power of w its coefficient, as in w^(w^2*3))";

  [[gnu::noinline]] ordinal exponent_term() {
    const token first = tok_;
    ordinal r = power();
    if (tok_.k != kind::star) return r;
    if (first.k != kind::omega) fail("'+' or ')'", coefficient_rule);
    next();
    if (tok_.k != kind::number) fail("a number", coefficient_rule);
    r *= power();
    if (tok_.k == kind::star) fail("'+' or ')'", coefficient_rule);
    return r;
  }

  [[gnu::noinline]] void check_decreasing(const ordinal& before, const ordinal& term, const token& start) const {
    if (before.is_zero() || term.is_zero()) return;
    const auto leading = [](const std::vector<std::uint64_t>& e) { return ordinal::omega_power(e); };
    if (leading(term.terms().front().exponent) < leading(before.terms().back().exponent)) return;
    throw ordinal_parse_error(start.pos + 1, shown(start),
                              "a term below the one before it (an exponent is in Cantor normal form, "
                              "as in w^(w^2 + w + 1))");
  }

  // primary ['^' exponent]: w^X is omega to the ordinal power X, 2^N the integer.
  ordinal power() {
    const token base = tok_;
    ordinal b = primary();
    if (tok_.k != kind::caret) return b;
    if (base.k != kind::omega) return two_to_the(base, b);
    const nested exponent(*this, true);
    next();
    const token start = tok_;
    return ordinal::omega_power(exponent_digits(start, power()));
  }

  // The functions below that do not recurse stay out of line, so that each level of nesting
  // costs the stack only the small frames of sum, product, power and primary.
  [[gnu::noinline]] ordinal two_to_the(const token& base, const ordinal& b) {
    if (base.k != kind::number || b != ordinal(2))
      throw ordinal_parse_error(base.pos + 1, shown(base), "'w' or 2 before '^'");
    next();
    const token e = tok_;
    if (e.k != kind::number) fail("a number of bits after '2^'");
    const ordinal n = number();
    if (!n.is_finite() || !n.finite_part().fits_u64() || n.finite_part().to_u64() > (std::uint64_t(1) << 32))
      throw ordinal_parse_error(e.pos + 1, shown(e), "an exponent of 2 from 0 to 2^32");
    return ordinal(big_nim::power_of_two(std::size_t(n.finite_part().to_u64())));
  }

  // The digits of the exponent e after w^ (a primary with its own '^', right associative,
  // which starts at `start`): e must be below w^w.
  [[gnu::noinline]] static std::vector<std::uint64_t> exponent_digits(const token& start, const ordinal& e) {
    std::vector<std::uint64_t> d;
    for (const ordinal::term& t : e.terms()) {
      if (t.exponent.size() > 1 || !t.coef.fits_u64())
        throw ordinal_parse_error(start.pos + 1, shown(start),
                                  "an exponent below w^w with 64-bit coefficients");
      const std::size_t k = t.exponent.empty() ? 0 : std::size_t(t.exponent[0]);
      if (k > 4096) throw ordinal_parse_error(start.pos + 1, shown(start), "an exponent below w^4097");
      if (d.size() <= k) d.resize(k + 1, 0);
      d[k] = t.coef.to_u64();
    }
    return d;
  }

  [[gnu::noinline]] ordinal number() {
    auto r = big_nim::parse(tok_.text);
    if (!r) fail("a number (decimal, 0x hex or 0b binary), 'w' or '('");
    next();
    return ordinal(std::move(r.value));
  }

  ordinal primary() {
    switch (tok_.k) {
      case kind::number:
        return number();
      case kind::omega:
        next();
        return ordinal::omega();
      case kind::open: {
        const nested parenthesis(*this, false);
        next();
        ordinal r = sum();
        if (tok_.k != kind::close) fail("')'");
        next();
        return r;
      }
      default:
        fail("a number, 'w' or '('");
    }
  }
};

std::string exponent_text(const std::vector<std::uint64_t>& d) {
  std::string r;
  for (std::size_t k = d.size(); k-- > 0;) {
    if (d[k] == 0) continue;
    if (!r.empty()) r += " + ";
    const std::string n = std::to_string(d[k]);
    if (k == 0) r += n;
    else r += (k == 1 ? std::string("w") : "w^" + std::to_string(k)) + (d[k] == 1 ? "" : "*" + n);
  }
  return r;
}

}  // namespace

ordinal ordinal::from_string(std::string_view text) { return parser(text).whole(); }

parse_result<ordinal> ordinal::parse(std::string_view text) {
  if (text.empty()) return {{}, parse_errc::empty};
  try {
    return {from_string(text), parse_errc::ok};
  } catch (const ordinal_parse_error&) {
    return {{}, parse_errc::invalid_digit};
  }
}

std::string ordinal::to_string() const {
  if (terms_.empty()) return "0";
  std::string r;
  for (const term& t : terms_) {
    if (!r.empty()) r += " + ";
    const std::string c = t.coef.to_string();
    if (t.exponent.empty()) {
      r += c;
      continue;
    }
    const std::string e = exponent_text(t.exponent);
    const bool simple = e.find_first_of(" ^*") == std::string::npos;
    r += e == "1" ? "w" : simple ? "w^" + e : "w^(" + e + ")";
    if (c != "1") r += "*" + c;
  }
  return r;
}

}  // namespace nimber
