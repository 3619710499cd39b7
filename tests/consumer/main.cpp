// Fails (exit 1) unless the installed headers and library work together.
#include <lilucb/lilucb.hpp>

#include <cmath>
#include <cstdio>
#include <string>

int main() {
  const double r = lilucb::rho(0.5);
  // rho(0.5) = 5 (1/log 1.5)^1.5, computed here independently of the library.
  const double expected = 5.0 * std::pow(1.0 / std::log(1.5), 1.5);
  const auto c = lilucb::certified_setting(0.1, 0.01, 1.0);
  bool threw = false;
  try {
    lilucb::lil_bound(0.5, 0.01, 0.001, 1.0, lilucb::inner_log::plus2);
  } catch (const lilucb::domain_error&) {
    threw = true;
  }
  const bool ok = std::fabs(r - expected) <= 1e-14 * expected && c.setting.guarantees_nu() && threw &&
                  std::string(lilucb::version()).size() > 0;
  std::printf("lilucb %s: rho(0.5) = %.17g, certified delta(0.1) = %.17g: %s\n", lilucb::version(), r,
              c.setting.delta, ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
