#pragma once
// Shared by the fuzz targets of JSON readers: the input bytes as JSON, or nullopt when they are
// not JSON (the CLI reports that before the reader sees it).

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace lilucb_fuzz {

inline std::optional<nlohmann::json> json_of(const std::uint8_t* data, std::size_t size) {
  try {
    return nlohmann::json::parse(std::string(reinterpret_cast<const char*>(data), size));
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

}  // namespace lilucb_fuzz
