# Writes OUT, a C++ source naming the git commit of SOURCE_DIR and whether its tracked files
# differ from it, at build time (run by the lilucb_build_commit target on every build).  The
# file is rewritten only when its content changes, so an unchanged commit recompiles nothing.
execute_process(COMMAND git -C "${SOURCE_DIR}" rev-parse HEAD
                OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  set(commit "")
endif()
set(dirty false)
if(commit)
  execute_process(COMMAND git -C "${SOURCE_DIR}" status --porcelain --untracked-files=no
                  OUTPUT_VARIABLE status ERROR_QUIET)
  if(status)
    set(dirty true)
  endif()
endif()
set(content "// Generated at build time by experiments/cmake/build_commit.cmake: do not edit.
#include \"lilucb_experiments/runner.hpp\"

namespace lilucb::experiments {
std::string build_commit() { return \"${commit}\"; }
bool build_tree_dirty() { return ${dirty}; }
}  // namespace lilucb::experiments
")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
else()
  set(old "")
endif()
if(NOT old STREQUAL content)
  file(WRITE "${OUT}" "${content}")
endif()
