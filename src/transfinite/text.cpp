// Ordinal notation: Cantor normal form as CGSuite writes it, "w^(w^2*3 + w + 1)*5 + w + 4".
#include <cctype>
#include <vector>

#include "nimber/transfinite/ordinal.hpp"

namespace nimber {

namespace {

enum class kind { number, omega, caret, star, plus, open, close, end, bad };

struct token {
  kind k;
  std::size_t pos;  // byte offset
  std::string text;
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

  [[noreturn]] void fail(const std::string& expected) const {
    throw ordinal_parse_error(tok_.pos + 1, tok_.k == kind::end ? "end of text" : tok_.text, expected);
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
      tok_ = {kind::omega, start, "\xCF\x89"};
      return;
    }
    if (std::isalnum(static_cast<unsigned char>(c))) {
      while (at_ < s_.size() && std::isalnum(static_cast<unsigned char>(s_[at_]))) ++at_;
      std::string word(s_.substr(start, at_ - start));
      const bool omega = word == "w" || word == "omega";
      tok_ = {omega ? kind::omega : kind::number, start, std::move(word)};
      return;
    }
    ++at_;
    const kind k = c == '^' ? kind::caret : c == '*' ? kind::star : c == '+' ? kind::plus
                 : c == '(' ? kind::open : c == ')' ? kind::close : kind::end;
    // A stray byte: one UTF-8 character as the token.
    if (k == kind::end) {
      while (at_ < s_.size() && (static_cast<unsigned char>(s_[at_]) & 0xC0) == 0x80) ++at_;
      tok_ = {kind::bad, start, std::string(s_.substr(start, at_ - start))};
      fail("a number, 'w', '(' or an operator");
    }
    tok_ = {k, start, std::string(1, c)};
  }

  // The summands added pairwise: one at a time would copy the sum so far for each of them,
  // quadratic in the terms (a certificate of nimber alpha has tens of thousands).
  ordinal sum() {
    std::vector<ordinal> parts{product()};
    while (tok_.k == kind::plus) {
      next();
      parts.push_back(product());
    }
    for (std::size_t width = 1; width < parts.size(); width *= 2)
      for (std::size_t i = 0; i + width < parts.size(); i += 2 * width) parts[i] += parts[i + width];
    return std::move(parts[0]);
  }

  ordinal product() {
    ordinal r = power();
    while (tok_.k == kind::star) {
      next();
      r *= power();
    }
    return r;
  }

  // primary ['^' exponent]: w^X is omega to the ordinal power X, 2^N the integer.
  ordinal power() {
    const token base = tok_;
    ordinal b = primary();
    if (tok_.k != kind::caret) return b;
    next();
    if (base.k == kind::omega) return ordinal::omega_power(exponent_digits());
    if (base.k == kind::number && b == ordinal(2)) {
      const token e = tok_;
      if (e.k != kind::number) fail("a number of bits after '2^'");
      const ordinal n = primary();
      if (!n.is_finite() || !n.finite_part().fits_u64() || n.finite_part().to_u64() > (std::uint64_t(1) << 32))
        throw ordinal_parse_error(e.pos + 1, e.text, "an exponent of 2 below 2^32");
      return ordinal(big_nim::power_of_two(std::size_t(n.finite_part().to_u64())));
    }
    throw ordinal_parse_error(base.pos + 1, base.text, "'w' or 2 before '^'");
  }

  // The exponent after w^: a primary with its own '^' (right associative), below w^w.
  std::vector<std::uint64_t> exponent_digits() {
    const token start = tok_;
    const ordinal e = power();
    std::vector<std::uint64_t> d;
    for (const ordinal::term& t : e.terms()) {
      if (t.exponent.size() > 1 || !t.coef.fits_u64())
        throw ordinal_parse_error(start.pos + 1, start.text,
                                  "an exponent below w^w with 64-bit coefficients");
      const std::size_t k = t.exponent.empty() ? 0 : std::size_t(t.exponent[0]);
      if (k > 4096) throw ordinal_parse_error(start.pos + 1, start.text, "an exponent below w^4097");
      if (d.size() <= k) d.resize(k + 1, 0);
      d[k] = t.coef.to_u64();
    }
    return d;
  }

  ordinal primary() {
    const token t = tok_;
    switch (t.k) {
      case kind::number: {
        auto r = big_nim::parse(t.text);
        if (!r) fail("a number (decimal, 0x hex or 0b binary), 'w' or '('");
        next();
        return ordinal(std::move(r.value));
      }
      case kind::omega:
        next();
        return ordinal::omega();
      case kind::open: {
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

ordinal ordinal::parse(std::string_view text) { return parser(text).whole(); }

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
