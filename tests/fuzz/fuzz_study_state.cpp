// Fuzzes the study's state readers, as `lilucb study` and Python's Identification read a state:
//  - an input that does not begin with the snapshot's first line is a whole JSON state (version 1
//    or 2) for identification::from_json;
//  - one that does is a snapshot and its journal for snapshot_link and open(): the snapshot's
//    text up to the separator "\n\x1ejournal\x1e", then one byte of flags, then the journal's bytes.
//    Flags: bit 0 replays the whole journal (verify); bit 1 reseals the snapshot first (the binary
//    state's length and check and the header's digest recomputed from the format's definition, as
//    an editor would: the fuzzer's edits then reach the header's fields, the statistics, chain
//    and journal link, and the rules' saved tables, not only the checks); bit 2 hands open() the
//    journal from the snapshot's needed_from byte (as a load does) instead of byte 0.
// Promises checked: each reader accepts or throws lilucb::domain_error (never another exception,
// never a crash, a hang or an allocation beyond the input's size); an accepted whole state writes
// back (to_json) to a text that reads back to the same history and the same text; an opened study
// writes a snapshot at its journal's end that opens to the same history, and an ask appended as
// a journal record reopens to the history after it.  States of more than 10^4 arms are skipped
// before the readers see them: a study of K arms holds memory in K by design (the readers check
// it against the machine's, not against the fuzzer's 2 GB limit).
#include "fuzz_common.hpp"
#include "fuzz_json.hpp"
#include "../study_snapshot.hpp"

#include "lilucb/study/identification.hpp"
#include "lilucb/errors.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace {

namespace lb = lilucb::bandit;

constexpr std::string_view magic = "lilucb-study snapshot 4\n";
constexpr std::string_view magic_v3 = "lilucb-study snapshot 3\n";  // read by replaying the journal (the corpus has some)
constexpr std::string_view separator = "\n\x1ejournal\x1e";

bool too_many_arms(const nlohmann::json& j) {
  return j.is_object() && j.contains("arms") && j["arms"].is_number() && j["arms"].get<double>() > 1e4;
}

/// The snapshot resealed (test_study::snapshot_split::resealed); unchanged when its header is
/// not JSON.
std::string resealed(const std::string& snapshot) {
  try {
    return test_study::snapshot_split(snapshot).resealed();
  } catch (const nlohmann::json::exception&) {
    return snapshot;
  }
}

/// The study of a snapshot and its journal as a load reads them (from byte `from`, "" past the end).
lb::identification open_from(const std::string& snapshot, const std::string& journal, std::uint64_t from, bool full_replay) {
  const std::string tail = from < journal.size() ? journal.substr(from) : std::string();
  return lb::identification::open(snapshot, tail, from, std::nullopt, full_replay);
}

void snapshot_and_journal(const std::string& text) {
  const auto cut = text.find(separator);
  std::string snapshot = text.substr(0, cut);
  std::string journal;
  unsigned flags = 0;
  if (cut != std::string::npos && cut + separator.size() < text.size()) {
    flags = static_cast<unsigned char>(text[cut + separator.size()]);
    journal = text.substr(cut + separator.size() + 1);
  }
  const auto nl = snapshot.find('\n', magic.size());
  if (nl != std::string::npos)
    if (const auto j = lilucb_fuzz::json_of(reinterpret_cast<const std::uint8_t*>(snapshot.data()) + magic.size(), nl - magic.size());
        j && too_many_arms(*j))
      return;
  if (flags & 2) snapshot = resealed(snapshot);
  const bool full_replay = flags & 1;
  const auto link = lb::identification::snapshot_link(snapshot);
  lilucb_fuzz::require(link.needed_from <= link.covered, "a link needs no byte past what it covers");
  const std::uint64_t from = (flags & 4) && !full_replay ? link.needed_from : 0;
  auto study = open_from(snapshot, journal, from, full_replay);
  const auto history = study.history();
  lilucb_fuzz::require(study.journal_end() <= journal.size(), "the complete records end within the journal");
  lilucb_fuzz::require(study.take_journal_record().empty(), "an opened study has no events to write");
  // A snapshot at the journal's end opens to the same history.
  const std::string complete = journal.substr(0, study.journal_end());
  const std::string again = study.snapshot(complete.size());
  const auto l = lb::identification::snapshot_link(again);
  const auto reopened = open_from(again, complete, study.snapshot_holds_rules() ? l.needed_from : 0, false);
  lilucb_fuzz::require(reopened.history().head == history.head && reopened.history().events == history.events,
                       "a snapshot opens to the history it was taken at");
  // One more ask, appended as a record, reopens to the history after it.
  if (!study.done()) {
    study.ask();
    const std::string longer = complete + study.take_journal_record();
    const auto next = open_from(again, longer, study.snapshot_holds_rules() ? l.needed_from : 0, false);
    lilucb_fuzz::require(next.history().head == study.history().head, "an appended record reopens to its history");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    if (text.compare(0, magic.size(), magic) == 0 || text.compare(0, magic_v3.size(), magic_v3) == 0) {
      snapshot_and_journal(text);
      return 0;
    }
    if (const auto j = lilucb_fuzz::json_of(data, size); j && too_many_arms(*j)) return 0;
    const auto study = lb::identification::from_json(text);
    const std::string again = study.to_json();
    const auto reloaded = lb::identification::from_json(again, study.history());
    lilucb_fuzz::require(reloaded.history().head == study.history().head, "a state reads back to its history");
    lilucb_fuzz::require(reloaded.to_json() == again, "a state writes back to itself");
  } catch (const lilucb::domain_error&) {
  }
  return 0;
}
