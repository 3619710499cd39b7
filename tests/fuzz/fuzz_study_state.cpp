// Fuzzes the study's state reader (lilucb::bandit::identification::from_json), as `lilucb study`
// and Python's Identification.from_json read a state.  Promises checked: the reader accepts or
// throws lilucb::domain_error (never another exception, never a crash); an accepted state writes
// back (to_json) to a text that reads back to the same history and the same text.  States of more
// than 10^4 arms are skipped before the reader sees them: a study of K arms holds memory in K by
// design (the reader checks it against the machine's, not against the fuzzer's 2 GB limit).
#include "fuzz_common.hpp"
#include "fuzz_json.hpp"

#include "lilucb/bandit/identification.hpp"
#include "lilucb/errors.hpp"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (const auto j = lilucb_fuzz::json_of(data, size); j && j->is_object() && j->contains("arms") &&
                                                       (*j)["arms"].is_number() && (*j)["arms"].get<double>() > 1e4)
    return 0;
  try {
    const auto study = lilucb::bandit::identification::from_json(text);
    const std::string again = study.to_json();
    const auto reloaded = lilucb::bandit::identification::from_json(again, study.history());
    lilucb_fuzz::require(reloaded.history().head == study.history().head, "a state reads back to its history");
    lilucb_fuzz::require(reloaded.to_json() == again, "a state writes back to itself");
  } catch (const lilucb::domain_error&) {
  }
  return 0;
}
