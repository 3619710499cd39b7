#include "cli_support.hpp"

#include "lilucb/errors.hpp"
#include "lilucb/io/safe_file.hpp"
#include "lilucb/resources.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <stdexcept>

namespace lilucb::cli {

double parse_real(const std::string& option, const std::string& text, const std::string& admissible) {
  // Decimal or scientific notation, or the words nan/inf/infinity (left to the library's domain
  // checks); hexadecimal floats are refused.  Underflow to a denormal or 0 is accepted (it is a
  // real number the library can judge); overflow is refused here, naming the text typed.
  const char* begin = text.c_str();
  char* end = nullptr;
  errno = 0;
  const double x = std::strtod(begin, &end);
  const bool overflow = errno == ERANGE && std::fabs(x) == HUGE_VAL;
  const bool whole = !text.empty() && end == begin + text.size() &&
                     text.find_first_of(" \t\n") == std::string::npos &&
                     text.find_first_of("xX") == std::string::npos;
  if (!whole)
    throw lilucb::domain_error("lilucb", option, "'" + text + "' (not a real number)", admissible);
  if (overflow)
    throw lilucb::domain_error("lilucb", option, "'" + text + "' (overflows a double)", admissible);
  return x;
}

std::uint64_t parse_count(const std::string& option, const std::string& text, const std::string& admissible) {
  // Decimal digits, or decimal scientific notation whose value is a whole number ("1e5",
  // "2.5e3"): the digits are shifted exactly (no rounding through a double), so "1e19" is
  // 10^19 and "1.5" or "1e-3" are refused.  No sign, no hexadecimal, no spaces.
  const auto refuse = [&](const char* why) {
    return lilucb::domain_error("lilucb", option, "'" + text + "' (" + why + ")", admissible);
  };
  const std::size_t e = text.find_first_of("eE");
  const std::string mantissa = text.substr(0, e);
  const std::size_t point = mantissa.find('.');
  std::string digits = mantissa.substr(0, point);
  std::string fraction = point == std::string::npos ? "" : mantissa.substr(point + 1);
  const auto all_digits = [](const std::string& t) { return t.find_first_not_of("0123456789") == std::string::npos; };
  if ((digits.empty() && fraction.empty()) || !all_digits(digits) || !all_digits(fraction))
    throw refuse("not a whole number");
  long long shift = 0;  // the value is (digits fraction) x 10^(shift - |fraction|)
  if (e != std::string::npos) {
    std::string exponent = text.substr(e + 1);
    const bool negative = !exponent.empty() && exponent[0] == '-';
    if (!exponent.empty() && (exponent[0] == '+' || exponent[0] == '-')) exponent.erase(0, 1);
    if (exponent.empty() || !all_digits(exponent)) throw refuse("not a whole number");
    exponent.erase(0, std::min(exponent.find_first_not_of('0'), exponent.size()));
    if (exponent.size() > 4) {  // |exponent| >= 10^4: overflows, or is a fraction unless the mantissa is 0
      if ((digits + fraction).find_first_not_of('0') == std::string::npos) return 0;
      throw refuse(negative ? "not a whole number" : "exceeds 2^64 - 1");
    }
    shift = exponent.empty() ? 0 : std::stoll(exponent);
    if (negative) shift = -shift;
  }
  std::string whole = digits + fraction;
  const long long scale = shift - static_cast<long long>(fraction.size());
  if (scale >= 0) {
    if (whole.find_first_not_of('0') != std::string::npos) whole.append(static_cast<std::size_t>(scale), '0');
  } else {
    const std::size_t drop = static_cast<std::size_t>(-scale);
    const std::size_t keep = drop >= whole.size() ? 0 : whole.size() - drop;
    if (whole.find_first_not_of('0', keep) != std::string::npos) throw refuse("not a whole number");
    whole.resize(keep);
  }
  whole.erase(0, std::min(whole.find_first_not_of('0'), whole.size()));
  if (whole.empty()) return 0;
  errno = 0;
  const unsigned long long v = whole.size() > 20 ? 0 : std::strtoull(whole.c_str(), nullptr, 10);
  if (whole.size() > 20 || errno == ERANGE) throw refuse("exceeds 2^64 - 1");
  return v;
}

std::vector<double> parse_real_list(const std::string& option, const std::string& text) {
  std::vector<double> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const std::string name = option + "[" + std::to_string(out.size()) + "]";
    const double x = parse_real(name, item, "a finite real number");
    if (!std::isfinite(x)) throw lilucb::domain_error("lilucb", name, item, "a finite real number");
    out.push_back(x);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

void reject_empty(const char* command, const CLI::Option* option) {
  if (option && option->count() > 0 && option->as<std::string>().empty())
    throw lilucb::domain_error(command, option->get_name(), "''", "a non-empty value");
}

const char* to_string(value_kind k) noexcept {
  switch (k) {
    case value_kind::flag: return "flag";
    case value_kind::count: return "count";
    case value_kind::real: return "real";
    case value_kind::real_list: return "real_list";
    case value_kind::choice: return "choice";
    case value_kind::text: return "text";
    case value_kind::file_in: return "file_in";
    case value_kind::folder_in: return "folder_in";
    case value_kind::file_out: return "file_out";
    case value_kind::folder_out: return "folder_out";
    case value_kind::path: return "path";
  }
  return "?";
}

option_spec option_spec::when(std::string option, std::vector<std::string> values) const {
  option_spec s = *this;
  s.applies_option = std::move(option);
  s.applies_values = std::move(values);
  return s;
}

option_spec option_spec::defaults_to(std::string value) const {
  option_spec s = *this;
  s.default_value = std::move(value);
  return s;
}

option_spec option_spec::or_words(std::vector<std::string> w) const {
  option_spec s = *this;
  for (const auto& x : w) s.range.append(" or ").append(x);
  s.words = std::move(w);
  return s;
}

option_spec option_spec::many() const {
  option_spec s = *this;
  s.repeatable = true;
  return s;
}

option_spec option_spec::feeding(std::vector<std::string> parameters) const {
  option_spec s = *this;
  s.feeds = std::move(parameters);
  return s;
}

option_spec flag_spec() {
  option_spec s;
  s.kind = value_kind::flag;
  return s;
}

option_spec count_spec(std::uint64_t lo, std::uint64_t hi, std::string range) {
  option_spec s;
  s.kind = value_kind::count;
  s.count_lo = lo;
  s.count_hi = hi;
  s.range = std::move(range);
  return s;
}

option_spec real_spec(double lo, bool lo_closed, double hi, bool hi_closed) {
  option_spec s;
  s.kind = value_kind::real;
  s.lo = lo;
  s.hi = hi;
  s.lo_closed = lo_closed && std::isfinite(lo);
  s.hi_closed = hi_closed && std::isfinite(hi);
  const auto end = [](double x) { return std::isinf(x) ? std::string(x > 0 ? "inf" : "-inf") : text_number(x); };
  s.range = std::string(s.lo_closed ? "[" : "(") + end(lo) + ", " + end(hi) + (s.hi_closed ? "]" : ")") +
            " (a finite real number)";
  return s;
}

option_spec real_list_spec() {
  option_spec s;
  s.kind = value_kind::real_list;
  s.range = "comma-separated finite real numbers";
  return s;
}

option_spec choice_spec(std::vector<std::string> choices) {
  option_spec s;
  s.kind = value_kind::choice;
  s.range = "{";
  for (std::size_t i = 0; i < choices.size(); ++i) s.range += (i ? ", " : "") + choices[i];
  s.range += "}";
  s.choices = std::move(choices);
  return s;
}

option_spec text_spec(std::string range) {
  option_spec s;
  s.kind = value_kind::text;
  s.range = std::move(range);
  return s;
}

option_spec path_spec(value_kind kind) {
  option_spec s;
  s.kind = kind;
  switch (kind) {
    case value_kind::file_in: s.range = "an existing readable file"; break;
    case value_kind::folder_in: s.range = "an existing folder"; break;
    case value_kind::file_out: s.range = "a file in an existing folder"; break;
    case value_kind::folder_out: s.range = "a folder name"; break;
    default: s.range = "a file or folder name"; break;
  }
  return s;
}

namespace {

std::map<const CLI::Option*, option_spec>& registry() {
  static std::map<const CLI::Option*, option_spec> specs;
  return specs;
}

bool is_help(const CLI::App& sub, const CLI::Option* opt) {
  return opt == sub.get_help_ptr() || opt == sub.get_help_all_ptr();
}

// The option as a user types it: "--sigma", or a positional's name ("DIR").
std::string typed_name(const CLI::Option* opt) { return opt->get_name(); }

// The subcommands being run, outermost first, each with its command text ("lilucb experiment anytime").
std::vector<std::pair<const CLI::App*, std::string>> parsed_chain(const CLI::App& app) {
  std::vector<std::pair<const CLI::App*, std::string>> chain;
  const CLI::App* at = &app;
  std::string command = "lilucb";
  while (true) {
    const auto subs = at->get_subcommands();
    if (subs.empty()) break;
    at = subs.front();
    command += " " + at->get_name();
    chain.emplace_back(at, command);
  }
  return chain;
}

bool blank(const std::string& s) { return s.find_first_not_of(" \t\n\r\f\v") == std::string::npos; }

[[noreturn]] void refuse_io(const std::string& command, const std::string& option, const std::string& path,
                            const std::string& reason) {
  throw lilucb::io_error(command + " " + option, path, reason);
}

void check_value(const std::string& command, const std::string& name, const option_spec& spec,
                 const std::string& value) {
  switch (spec.kind) {
    case value_kind::flag:
    case value_kind::text:
    case value_kind::folder_out:
    case value_kind::path:
      return;
    case value_kind::count: {
      const std::uint64_t v = parse_count(name, value, spec.range);
      if (v < spec.count_lo || v > spec.count_hi) throw lilucb::domain_error(command, name, value, spec.range);
      return;
    }
    case value_kind::real: {
      if (std::find(spec.words.begin(), spec.words.end(), value) != spec.words.end()) return;
      const double x = parse_real(name, value, spec.range);
      const bool above = spec.lo_closed ? x >= spec.lo : x > spec.lo;
      const bool below = spec.hi_closed ? x <= spec.hi : x < spec.hi;
      if (!std::isfinite(x) || !above || !below) throw lilucb::domain_error(command, name, value, spec.range);
      return;
    }
    case value_kind::real_list:
      parse_real_list(name, value);
      return;
    case value_kind::choice:
      if (std::find(spec.choices.begin(), spec.choices.end(), value) == spec.choices.end())
        throw lilucb::domain_error(command, name, value, spec.range);
      return;
    case value_kind::file_in:
    case value_kind::folder_in: {
      struct stat st {};
      if (::stat(value.c_str(), &st) != 0) refuse_io(command, name, value, std::strerror(errno));
      const bool folder = S_ISDIR(st.st_mode);
      if (spec.kind == value_kind::file_in && folder)
        throw lilucb::domain_error(command, name, value, "a file, not a folder");
      if (spec.kind == value_kind::folder_in && !folder) throw lilucb::domain_error(command, name, value, "a folder");
      if (spec.kind == value_kind::file_in) {
        // Only a regular file is read: a FIFO, device or socket is refused (exit 3) without
        // blocking and without reading (lilucb/io/safe_file.hpp).
        io::check_readable(value, command + " " + name);
      } else if (::access(value.c_str(), R_OK | X_OK) != 0) {
        refuse_io(command, name, value, std::strerror(errno));
      }
      return;
    }
    case value_kind::file_out: {
      // A folder is an invalid value (exit 2); every other target the writer would refuse (a
      // FIFO, device or socket, a dangling symlink, a hard link, a missing folder) is exit 3,
      // before any work and before anything is written (lilucb/io/safe_file.hpp).
      struct stat st {};
      if (::stat(value.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
        throw lilucb::domain_error(command, name, value, "a file, not a folder");
      io::resolve_write_target(value, command + " " + name);
      return;
    }
  }
}

}  // namespace

CLI::Option* declare_option(CLI::Option* option, option_spec spec) {
  // A flag takes no value: `--json=false` is refused, never read as "off".
  if (spec.kind == value_kind::flag) option->disable_flag_override();
  registry()[option] = std::move(spec);
  return option;
}

CLI::Option* declare_old_name(CLI::App& sub, const std::string& old_name, CLI::Option* current, std::string& storage) {
  const option_spec* spec = declared_spec(current);
  if (!spec) throw std::logic_error("declare_old_name: " + current->get_name() + " has no declared spec");
  option_spec old = *spec;
  old.old_name_of = current->get_name();
  CLI::Option* o = sub.add_option(old_name, storage, "the old name of " + current->get_name() + "; it still works")
                       ->group("Old names");
  return declare_option(o, std::move(old));
}

const option_spec* declared_spec(const CLI::Option* option) {
  const auto it = registry().find(option);
  return it == registry().end() ? nullptr : &it->second;
}

void check_parsed_options(const CLI::App& app) {
  for (const auto& [sub, command] : parsed_chain(app)) {
    const auto options = sub->get_options();
    // The option that was given for `name`: itself, or its old name when only that was.
    const CLI::App* const here = sub;  // a lambda may not capture a structured binding (clang 14)
    const auto given_as = [&options, here](const std::string& name) -> const CLI::Option* {
      const CLI::Option* current = here->get_option_no_throw(name);
      if (current && current->count() > 0) return current;
      for (const CLI::Option* opt : options)
        if (const option_spec* s = declared_spec(opt); s && s->old_name_of == name && opt->count() > 0) return opt;
      return current;
    };
    // 1. Each option at most once: a second value never silently replaces the first.
    for (const CLI::Option* opt : options) {
      if (is_help(*sub, opt) || opt->count() <= 1) continue;
      const option_spec* spec = declared_spec(opt);
      if (spec && spec->repeatable) continue;
      throw lilucb::domain_error(command, typed_name(opt), "given " + std::to_string(opt->count()) + " times",
                                 "at most once");
    }
    // An old name: never beside the current one (the two set one value); a note that it is old.
    for (const CLI::Option* opt : options) {
      const option_spec* spec = declared_spec(opt);
      if (!spec || spec->old_name_of.empty() || opt->count() == 0) continue;
      const CLI::Option* current = sub->get_option_no_throw(spec->old_name_of);
      if (current && current->count() > 0)
        throw lilucb::domain_error(command, typed_name(opt), opt->results().front(),
                                   "absent with " + spec->old_name_of + " (it is that option's old name)");
    }
    // 2. No empty or blank value: it never silently means "the default".
    for (const CLI::Option* opt : options) {
      if (is_help(*sub, opt) || opt->count() == 0 || opt->get_expected_max() == 0) continue;
      for (const auto& value : opt->results())
        if (blank(value))
          throw lilucb::domain_error(command, typed_name(opt), "'" + value + "'",
                                     "a non-empty value (not blank)");
    }
    // 3. Only options that apply to the chosen mode; the mode options' own values first (an
    //    unknown --kind is named as such, not as every option that would not apply to it).
    for (const CLI::Option* opt : options) {
      const option_spec* spec = declared_spec(opt);
      if (!spec || spec->applies_option.empty()) continue;
      const CLI::Option* mode = given_as(spec->applies_option);
      const option_spec* mode_spec = mode ? declared_spec(mode) : nullptr;
      if (mode_spec && mode->count() > 0)
        for (const auto& value : mode->results()) check_value(command, typed_name(mode), *mode_spec, value);
    }
    for (const CLI::Option* opt : options) {
      const option_spec* spec = declared_spec(opt);
      if (!spec || opt->count() == 0 || spec->applies_option.empty()) continue;
      const CLI::Option* mode = given_as(spec->applies_option);
      std::string chosen;
      if (mode && mode->count() > 0) chosen = mode->results().front();
      else if (const option_spec* mode_spec = mode ? declared_spec(mode) : nullptr)
        chosen = mode_spec->default_value == no_default ? "" : mode_spec->default_value;
      if (std::find(spec->applies_values.begin(), spec->applies_values.end(), chosen) != spec->applies_values.end())
        continue;
      std::string with;
      for (std::size_t i = 0; i < spec->applies_values.size(); ++i)
        with += (i ? "|" : "") + spec->applies_values[i];
      const std::string given = chosen.empty() ? spec->applies_option + " not given"
                                               : "given " + spec->applies_option + " " + chosen;
      throw lilucb::domain_error(command, typed_name(opt), opt->get_expected_max() == 0 ? "given" : opt->results().front(),
                                 "absent unless " + spec->applies_option + " " + with + " (" + given + ")");
    }
    // 4. Each value against its declared kind and range, before any work starts.
    for (const CLI::Option* opt : options) {
      const option_spec* spec = declared_spec(opt);
      if (!spec || opt->count() == 0) continue;
      for (const auto& value : opt->results()) check_value(command, typed_name(opt), *spec, value);
    }
    // The old names given, once every value passed (a refusal stays one line).
    for (const CLI::Option* opt : options)
      if (const option_spec* spec = declared_spec(opt); spec && !spec->old_name_of.empty() && opt->count() > 0)
        std::cerr << command << ": note: " << typed_name(opt) << " is the old name of " << spec->old_name_of
                  << "; it still works\n";
  }
}

nlohmann::json options_json(const CLI::App& app) {
  nlohmann::json commands = nlohmann::json::array();
  const std::function<void(const CLI::App&, const std::string&)> walk = [&](const CLI::App& at, const std::string& path) {
    for (const CLI::App* sub : at.get_subcommands({})) {
      const std::string here = path.empty() ? sub->get_name() : path + " " + sub->get_name();
      nlohmann::json options = nlohmann::json::array();
      for (const CLI::Option* opt : sub->get_options()) {
        if (is_help(*sub, opt)) continue;
        nlohmann::json o{{"name", typed_name(opt)},
                         {"positional", opt->get_positional()},
                         {"takes_value", opt->get_expected_max() != 0},
                         {"required", opt->get_required()}};
        if (const option_spec* s = declared_spec(opt)) {
          o["kind"] = to_string(s->kind);
          o["range"] = s->range;
          o["repeatable"] = s->repeatable;
          o["default"] = s->default_value;
          if (s->kind == value_kind::real) {
            o["lo"] = std::isfinite(s->lo) ? nlohmann::json(s->lo) : nlohmann::json(nullptr);
            o["hi"] = std::isfinite(s->hi) ? nlohmann::json(s->hi) : nlohmann::json(nullptr);
            o["lo_closed"] = s->lo_closed;
            o["hi_closed"] = s->hi_closed;
            if (!s->words.empty()) o["words"] = s->words;
          }
          if (s->kind == value_kind::count) {
            o["count_lo"] = s->count_lo;
            o["count_hi"] = s->count_hi;
          }
          if (s->kind == value_kind::choice) o["choices"] = s->choices;
          if (!s->applies_option.empty())
            o["applies"] = {{"option", s->applies_option}, {"values", s->applies_values}};
          o["feeds"] = s->feeds;
          if (!s->old_name_of.empty()) o["old_name_of"] = s->old_name_of;
        } else {
          o["kind"] = nullptr;
        }
        options.push_back(o);
      }
      commands.push_back({{"command", here}, {"has_subcommands", !sub->get_subcommands({}).empty()},
                          {"options", options}});
      walk(*sub, here);
    }
  };
  walk(app, "");
  return {{"commands", commands}};
}

std::string option_for_parameter(const CLI::App& app, const std::string& parameter) {
  if (parameter.empty() || parameter[0] == '-') return "";
  std::string typed = "--" + parameter;
  std::replace(typed.begin(), typed.end(), '_', '-');
  std::string named;
  for (const auto& [sub, command] : parsed_chain(app))
    for (const CLI::Option* opt : sub->get_options()) {
      if (opt->count() == 0) continue;
      const option_spec* spec = declared_spec(opt);
      const bool feeds = spec && std::find(spec->feeds.begin(), spec->feeds.end(), parameter) != spec->feeds.end();
      if (typed_name(opt) == typed || feeds) named += (named.empty() ? "" : ", ") + typed_name(opt);
    }
  return named;
}

void check_memory(const char* command, const char* option, std::uint64_t arms, std::uint64_t parallel) {
  lilucb::check_memory(command, option, std::to_string(arms),
                       lilucb::run_memory_bytes(static_cast<double>(arms)) * static_cast<double>(parallel),
                       std::to_string(arms) + " arms x " + std::to_string(parallel) + " parallel run(s)");
}

nlohmann::json json_or_null(const std::optional<double>& x) {
  return x ? nlohmann::json(*x) : nlohmann::json(nullptr);
}

std::string text_number(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", x);
  return buf;
}

void print_json(const nlohmann::json& j) { std::cout << j.dump(2) << '\n'; }

count_progress::count_progress(std::string command, std::string unit) : command_(std::move(command)), unit_(std::move(unit)) {}

std::function<void(std::size_t, std::size_t)> count_progress::callback() {
  if (!isatty(fileno(stderr))) return {};
  return [this](std::size_t done, std::size_t total) {
    std::fprintf(stderr, "\r%s: %zu of %zu %s; Ctrl-C stops it   ", command_.c_str(), done, total, unit_.c_str());
    printed_ = true;
  };
}

void count_progress::end() {
  if (printed_) std::fputc('\n', stderr);
  printed_ = false;
}

}  // namespace lilucb::cli
