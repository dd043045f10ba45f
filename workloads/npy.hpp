// Minimal NumPy .npy (format 1.0) reading and writing for little-endian fp32
// C-order arrays: the files the capture writes and the study reads.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

namespace cdma::npy {

struct Array {
  std::vector<std::int64_t> shape;
  std::vector<float> data;
};

// Writes atomically (temporary file + rename); throws zvc::Error.
void write_f32(const std::filesystem::path& path, std::span<const std::int64_t> shape,
               std::span<const float> data);
// Throws zvc::Error naming the file and the problem.
Array read_f32(const std::filesystem::path& path);

}  // namespace cdma::npy
