// IDX files (the MNIST / Fashion-MNIST format), gzip-compressed as Debian's
// dataset-fashion-mnist ships them: big-endian header (magic 0x000008NN, where
// NN is the number of dimensions; type 0x08 = unsigned byte), then the data.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

namespace cdma::idx {

struct U8Array {
  std::vector<std::uint32_t> shape;
  std::vector<std::uint8_t> data;
};

// Reads a .gz (or plain) IDX file of unsigned bytes; throws zvc::Error.
U8Array read_u8(const std::filesystem::path& path);

}  // namespace cdma::idx
