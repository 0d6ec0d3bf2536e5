#include "common/hash.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace wl::tools {

uint64_t Fnv1a64(std::string_view bytes, uint64_t hash) {
  for (unsigned char c : bytes) {
    hash ^= c;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

std::optional<uint64_t> HashFile(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  uint64_t hash = kFnvOffset;
  std::string chunk(1 << 16, '\0');
  while (in.read(chunk.data(), chunk.size()) || in.gcount() > 0) {
    hash = Fnv1a64(
        std::string_view(chunk.data(), static_cast<size_t>(in.gcount())), hash);
  }
  return hash;
}

std::string Hex64(uint64_t value) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx",
                static_cast<unsigned long long>(value));
  return buf;
}

}  // namespace wl::tools
