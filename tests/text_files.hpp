#pragma once
// Reading the files the toolkit writes, for tests: whole text, lines, comma-separated fields
// (plain cells: the toolkit's run and summary CSVs quote nothing).

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace test_files {

inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline std::vector<std::string> lines_of(const std::filesystem::path& p) {
  std::vector<std::string> v;
  std::ifstream in(p);
  for (std::string l; std::getline(in, l);) v.push_back(l);
  return v;
}

/// Splits at every comma; "a,,b," gives {"a", "", "b", ""}.
inline std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> f(1);
  for (char c : line) {
    if (c == ',') f.emplace_back();
    else f.back() += c;
  }
  return f;
}

}  // namespace test_files
