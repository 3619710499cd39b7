#pragma once
// Every file that `lilucb docs --write|--check DIR` (DIR = docs/generated) writes or checks.
// Two kinds:
//  - the library's tables (lilucb_docs/generated_tables.hpp): computed from code alone;
//  - recorded documents: rendered by code from a committed data file of a long computation
//    (the paper-preset reproduction, `lilucb verify --full`), because CI cannot redo that
//    computation.  --check re-renders them from the committed data, so a hand edit of the
//    document or a change of the renderer is caught; separate tests check the data itself
//    against fresh (cheaper) computations.
// Later work registers its documents in documents.cpp; a run of `lilucb experiment modern`
// declares its page in the "report" object of its config (experiments/modern/*.json).

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace lilucb::cli {

struct document {
  std::string path;         ///< relative to DIR ("reproduction.md")
  std::string description;  ///< one line
  /// The document's text.  `dir` is DIR; a recorded document reads its data from there,
  /// returns nullopt when the data file does not exist (--write then skips the document and
  /// --check reports it missing), and throws lilucb::domain_error on malformed data.
  std::function<std::optional<std::string>(const std::filesystem::path& dir)> render;
  std::string data;         ///< the data file a recorded document is rendered from ("" for tables)
};

/// Every document, the library's tables first.
const std::vector<document>& documents();

}  // namespace lilucb::cli
