// Reduced-precision element formats for Gist's delayed precision reduction and
// for feeding the 2- and 1-byte codec configurations with real activations.
// Every conversion rounds to nearest, ties to even.
//   bf16: the top half of an fp32 (1-8-7); NaN stays NaN, overflow gives inf.
//   fp16: IEEE binary16 (1-5-10, bias 15); overflow gives inf.
//   fp8:  OCP FP8 E4M3 "FN" (1-4-3, bias 7, no infinities, max 448, NaN 0x7F);
//         values beyond 448 saturate to +-448 (the usual training practice).
#pragma once

#include <cstdint>
#include <span>

#include "zvc/zvc.hpp"

namespace zvc {

enum class Precision { kFp32, kBf16, kFp16, kFp8E4M3 };
const char* to_string(Precision p);
int elem_bytes(Precision p);

std::uint16_t to_bf16(float x);
float from_bf16(std::uint16_t bits);
std::uint16_t to_fp16(float x);
float from_fp16(std::uint16_t bits);
std::uint8_t to_fp8_e4m3(float x);
float from_fp8_e4m3(std::uint8_t bits);

// fp32 values -> little-endian elements of the given precision.
Bytes encode_precision(std::span<const float> values, Precision p);
// The value each fp32 becomes after a round trip through precision p.
float round_trip(float x, Precision p);

}  // namespace zvc
