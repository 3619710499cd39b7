// `lilucb --version`, `--help`, and regression tests of CLI defects found while writing these tests.
// Part of the test_cli executable; shared helpers in cli_test_support.hpp.

#include "cli_test_support.hpp"

// =========================================================================================
// 7. --version and --help
// =========================================================================================

BOOST_AUTO_TEST_SUITE(version_and_help)

BOOST_AUTO_TEST_CASE(version) {
  const auto r = run_cli({"--version"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.err == "");
  BOOST_TEST(r.out == std::string("lilucb ") + lilucb::version() + "\n");
}

BOOST_AUTO_TEST_CASE(help) {
  const auto r = run_cli({"--help"});
  BOOST_TEST(r.status == 0);
  BOOST_TEST(r.err == "");
  for (const std::string sub : {"params", "bound", "hardness", "table", "docs", "--version"})
    BOOST_TEST(contains(r.out, sub), "--help lacks " << sub);
  const auto b = run_cli({"bound", "--help"});
  BOOST_TEST(b.status == 0);
  BOOST_TEST(b.err == "");
  for (const std::string opt : {"--t", "--eps", "--delta", "--sigma", "--inner", "--json"})
    BOOST_TEST(contains(b.out, opt), "bound --help lacks " << opt);
}

// --sigma's default differs by design between the theory's commands (1: the unit scale of the
// bounds, stated for sigma-sub-Gaussian rewards), the simulations (0.5: the paper's Section 5
// rewards of variance 1/4) and a live study (none: required); each help line says which, in the
// same words.
BOOST_AUTO_TEST_CASE(sigma_help_states_its_default_and_where_it_comes_from) {
  const std::string theory = "default 1: the theory's unit scale (the bounds are stated for sigma-sub-Gaussian rewards)";
  const std::string experiments = "default 0.5: the scale of the paper's Section 5 experiments (rewards of variance 1/4)";
  const std::string required = "no default: required with --model gaussian";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"bound"}, theory},          {{"boundary"}, theory},   {{"crossing"}, theory}, {{"calibrate"}, theory},
      {{"run"}, experiments},       {{"hardness"}, experiments}, {{"plan"}, experiments}, {{"study", "new"}, required}};
  for (const auto& [command, expected] : cases) {
    auto args = command;
    args.push_back("--help");
    const auto r = run_cli(args);
    BOOST_TEST_REQUIRE(r.status == 0, command[0] << ": " << r.err);
    std::istringstream lines(r.out);
    std::string line, sigma_line;
    // The option's own line (it starts with "--sigma"; other help text may mention it).
    while (std::getline(lines, line)) {
      const auto start = line.find_first_not_of(' ');
      if (start != std::string::npos && line.compare(start, 8, "--sigma ") == 0) sigma_line = line;
    }
    BOOST_TEST(contains(sigma_line, expected), command[0] << " --help: --sigma line " << sigma_line);
  }
}

BOOST_AUTO_TEST_SUITE_END()

// =========================================================================================
// Regression tests for CLI defects found while writing this suite (now fixed).
// =========================================================================================

BOOST_AUTO_TEST_SUITE(fixed_cli_bugs)

// `lilucb nosuch`: CLI11's "A subcommand is required" pre-empts the extras error, so the
// line names neither the unknown subcommand nor the known ones.
BOOST_AUTO_TEST_CASE(unknown_subcommand_is_named) {
  const auto r = run_cli({"nosuch"});
  check_one_line_error(r);
  BOOST_TEST(contains(r.err, "nosuch"), r.err);
}

// `lilucb --bogus`: same cause; the unknown option is not named.
BOOST_AUTO_TEST_CASE(unknown_top_level_option_is_named) {
  const auto r = run_cli({"--bogus"});
  check_one_line_error(r);
  BOOST_TEST(contains(r.err, "--bogus"), r.err);
}

// `lilucb hardness --means 0.5,0.4,0.1 --nu 0.7`: the message comes from
// farrell_lower_bound and names its parameter "delta", not the option the user gave (--nu).
BOOST_AUTO_TEST_CASE(hardness_nu_error_names_nu) {
  const auto r = run_cli({"hardness", "--means", "0.5,0.4,0.1", "--nu", "0.7", "--json"});
  check_one_line_error(r);
  BOOST_TEST(contains(r.err, "nu = "), r.err);
}

// `lilucb bound --t 10 --eps 0.1 --delta 0.7 --inner lemma`: the value is printed with
// max_digits10 ("0.69999999999999996"), not as typed nor as the shortest round-trip text
// that errors.hpp's format_value promises.
BOOST_AUTO_TEST_CASE(value_is_echoed_readably) {
  const auto r = run_cli(bound_args("10", "0.1", "0.7", {"--inner", "lemma"}));
  check_one_line_error(r);
  BOOST_TEST(contains(r.err, "delta = 0.7;"), r.err);
}

// `lilucb bound --t 10 --eps 1e-320 --delta 0.5 --json`: a subnormal eps in [0,1) is
// rejected as "not a real number" because strtod sets ERANGE on underflow.
BOOST_AUTO_TEST_CASE(subnormal_is_a_real_number) {
  const auto r = run_cli(bound_args("10", "1e-320", "0.5"));
  BOOST_TEST(r.status == 0, "status " << r.status << ", stderr: " << r.err);
}

// `lilucb docs --write DIR` where DIR/params.md cannot be written (here: it is a folder):
// the failed std::ofstream is not checked; it prints "wrote DIR/params.md" and exits 0.
BOOST_AUTO_TEST_CASE(docs_write_reports_unwritable_file) {
  temp_dir tmp;
  fs::create_directories(tmp.path / "params.md");
  const auto r = run_cli({"docs", "--write", tmp.path.string()});
  BOOST_TEST(r.status == 3, "status " << r.status << " although params.md was not written; stdout: " << r.out);
}

// `lilucb docs --write FILE/sub` (a path below a regular file): once a filesystem_error that
// escaped as "internal error"; now an I/O failure (exit 3) on one line naming the path.
BOOST_AUTO_TEST_CASE(docs_write_bad_dir_is_an_io_failure) {
  temp_dir tmp;
  std::ofstream(tmp.path / "file") << "x";
  const auto r = run_cli({"docs", "--write", (tmp.path / "file" / "sub").string()});
  BOOST_TEST(r.status == 3, "status " << r.status << ", stderr: " << r.err);
  BOOST_TEST(count_char(r.err, '\n') == 1u, r.err);
  BOOST_TEST(contains(r.err, (tmp.path / "file" / "sub").string()), r.err);
}

// `lilucb docs --check` on a folder that does not exist: invalid input, one line on stderr,
// nothing on stdout (it printed a MISSING line per document).
BOOST_AUTO_TEST_CASE(docs_check_missing_folder_is_invalid_input) {
  temp_dir tmp;
  const auto r = run_cli({"docs", "--check", (tmp.path / "nowhere").string()});
  BOOST_TEST(r.status == 2, "status " << r.status << ", stderr: " << r.err);
  BOOST_TEST(r.out == "");
  BOOST_TEST(count_char(r.err, '\n') == 1u, r.err);
}

BOOST_AUTO_TEST_SUITE_END()
