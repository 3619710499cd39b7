#include "lilucb/errors.hpp"

namespace lilucb {

namespace {
std::string compose(const std::string& function, const std::string& parameter,
                    const std::string& value, const std::string& admissible) {
  return function + ": " + parameter + " = " + value + "; admissible: " + admissible;
}
}  // namespace

domain_error::domain_error(std::string function, std::string parameter, std::string value,
                           std::string admissible)
    : std::domain_error(compose(function, parameter, value, admissible)),
      function_(std::move(function)),
      parameter_(std::move(parameter)),
      value_(std::move(value)),
      admissible_(std::move(admissible)) {}

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
