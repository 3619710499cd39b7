#include "lilucb/errors.hpp"

#include <algorithm>

namespace lilucb {

namespace {
// A message is one printable line whatever a user typed or a file held: control bytes, DEL and
// bytes that are not valid UTF-8 are written as \xHH, and a value longer than `keep` bytes is cut.
std::size_t utf8_length(const std::string& s, std::size_t i) {  // 0: not a valid sequence at i
  const auto c = static_cast<unsigned char>(s[i]);
  const std::size_t n = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c <= 0xdf ? 2 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return 0;
  return n;
}

std::string printable(const std::string& text, std::size_t keep = std::string::npos) {
  static const char* hex = "0123456789abcdef";
  std::string out;
  const std::size_t end = std::min(text.size(), keep);
  for (std::size_t i = 0; i < end;) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
      ++i;
    } else if (const std::size_t n = c >= 0x80 ? utf8_length(text, i) : 0) {
      out.append(text, i, n);
      i += n;
    } else {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
      ++i;
    }
  }
  if (end < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

std::string compose(const std::string& function, const std::string& parameter,
                    const std::string& value, const std::string& admissible) {
  return printable(function) + ": " + printable(parameter) + " = " + printable(value, 200) + "; admissible: " +
         printable(admissible);
}
}  // namespace

domain_error::domain_error(std::string function, std::string parameter, std::string value,
                           std::string admissible)
    : std::domain_error(compose(function, parameter, value, admissible)),
      function_(std::move(function)),
      parameter_(std::move(parameter)),
      value_(std::move(value)),
      admissible_(std::move(admissible)) {}

io_error::io_error(std::string function, std::string path, std::string reason)
    : std::runtime_error(printable(function) + ": " + printable(path) + ": " + printable(reason)), path_(std::move(path)), reason_(std::move(reason)) {}

namespace detail {
std::string quoted(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  out.push_back('\'');
  out.append(text);
  out.push_back('\'');
  return out;
}

std::string interval_text(const char* range, const char* open, const std::string& lo,
                          const std::string& hi, const char* close) {
  std::string text;
  if (range) {
    text.append(range);
    text.append(" = ");
  }
  text.append(open).append(lo).append(", ").append(hi).append(close);
  return text;
}

void raise_domain_error(const char* function, const char* parameter, const std::string& value,
                        const std::string& admissible) {
  throw domain_error(function, parameter, value, admissible);
}
}  // namespace detail

}  // namespace lilucb
