// Fuzzes the experiment config reader (JSON text -> lilucb::experiments::apply_json -> validate),
// as `lilucb experiment --config FILE` reads it.  Promises checked: the reader accepts or throws
// lilucb::domain_error (never another exception, never a crash); an accepted config validates,
// has finite real fields, and writes back (to_json) to JSON that reads back as the same config.
#include "fuzz_common.hpp"
#include "fuzz_json.hpp"

#include "lilucb_experiments/config.hpp"

#include "lilucb/errors.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace lilucb::experiments;
  const auto parsed = lilucb_fuzz::json_of(data, size);
  if (!parsed) return 0;
  const nlohmann::json& j = *parsed;
  for (auto kind : {experiment_kind::stopping_times, experiment_kind::anytime}) {
    try {
      const auto c = apply_json(preset_config(kind, "quick"), j, "fuzz.json");
      c.validate();
      lilucb_fuzz::require(std::isfinite(c.nu) && std::isfinite(c.sigma) && std::isfinite(c.gap),
                           "finite real fields");
      const auto again = apply_json(preset_config(kind, "quick"), c.to_json(), "again.json");
      lilucb_fuzz::require(again.to_json() == c.to_json(), "a config writes back to itself");
    } catch (const lilucb::domain_error&) {
    }
  }
  return 0;
}
