// The CPU-GPU links the study and the training-time model compare: nominal
// bandwidth per direction, GB/s (10^9 bytes per second).
#pragma once

namespace cdma {

struct Link {
  const char* key;    // the --link value of cdma-vdnn
  const char* label;  // as tables print it
  double gbps;
};

inline constexpr Link kLinks[] = {{"pcie3", "PCIe Gen3 x16", 16},
                                  {"pcie4", "PCIe Gen4 x16", 32},
                                  {"pcie5", "PCIe Gen5 x16", 64},
                                  {"nvlink-c2c", "NVLink-C2C", 450}};

}  // namespace cdma
