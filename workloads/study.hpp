// The compression study on captured activations (docs/results.md): per layer
// and network-wide zero fractions, ZVC at fp32/bf16/fp8, a run-length
// baseline, zlib/lz4/zstd, and Gist's encodings with their precision errors.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

namespace cdma::study {

// Compressed sizes in bytes, by encoding name (see kEncodings in study.cpp).
using Sizes = std::map<std::string, std::uint64_t>;

struct PrecisionError {
  double max_rel = 0;  // over non-zero finite elements
  double mean_rel = 0;
  double underflow = 0;  // fraction of non-zero elements that became zero
};

struct Layer {
  std::string name, kind, consumer;
  std::uint64_t elems = 0, zeros = 0;
  Sizes sizes;
  std::map<std::string, PrecisionError> precision;  // fp16, bf16, fp8
  double zero_fraction() const {
    return elems ? static_cast<double>(zeros) / static_cast<double>(elems) : 0;
  }
  std::uint64_t raw_bytes() const { return 4 * elems; }
};

// Zero-run RLE (the run-length baseline): each token is an 8-bit count of
// zeros followed by one fp32 element; runs beyond 255 zeros spend a zero
// element as a literal. Returns the encoded size in bytes.
std::uint64_t rle0_bytes(std::span<const float> values);
// Gist's sparse storage: CSR over rows of 256 elements with 8-bit column
// indices and 32-bit row pointers; value_bytes per non-zero value.
std::uint64_t csr_bytes(std::uint64_t elems, std::uint64_t nnz, int value_bytes);

// Everything the study measures on one activation map.
Layer analyze_layer(std::string name, std::string kind, std::string consumer,
                    std::span<const float> values);

// Reads a capture folder (manifest.json + .npy files) and returns the study
// JSON; measure_speed times each codec on the final checkpoint.
nlohmann::json study_capture(const std::filesystem::path& dir, bool measure_speed);
// Markdown tables from one or more study JSONs; the summary is the
// network-wide table next to the papers' numbers alone. The figures are drawn
// from study.json by workloads/figures.py.
std::string markdown(const nlohmann::json& captures);
std::string markdown_summary(const nlohmann::json& captures);

}  // namespace cdma::study
