#include "dma_bench.hpp"

namespace tb::dma {

std::uint8_t Memory::get(std::uint64_t a) const {
  const auto it = pages_.find(a >> 12);
  return it == pages_.end() ? kUntouched : it->second[a & 4095];
}

void Memory::set(std::uint64_t a, std::uint8_t v) {
  page(a)[a & 4095] = v;
}

void Memory::write(std::uint64_t a, const Bytes& b) {
  for (std::size_t i = 0; i < b.size(); ++i) set(a + i, b[i]);
}

Bytes Memory::read(std::uint64_t a, std::size_t n) const {
  Bytes b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = get(a + i);
  return b;
}

std::array<std::uint8_t, 4096>& Memory::page(std::uint64_t a) {
  auto [it, fresh] = pages_.try_emplace(a >> 12);
  if (fresh) it->second.fill(kUntouched);
  return it->second;
}

std::uint8_t error_resp(const std::vector<ErrorRange>& errors, std::uint64_t lo, std::uint64_t hi,
                        bool read) {
  std::uint8_t r = 0;
  for (const auto& e : errors)
    if (e.read == read && lo < e.hi && e.lo < hi) r = std::max(r, e.resp);
  return r;
}

}  // namespace tb::dma
