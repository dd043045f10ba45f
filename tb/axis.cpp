#include "axis.hpp"

#include <algorithm>
#include <filesystem>

#include "cli/io.hpp"

namespace tb {

std::vector<std::pair<std::string, Bytes>> sample_maps(const std::string& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& f : std::filesystem::directory_iterator(dir))
    if (f.path().extension() == ".zvc") files.push_back(f.path());
  std::sort(files.begin(), files.end());
  std::vector<std::pair<std::string, Bytes>> maps;
  for (const auto& f : files)
    maps.emplace_back(f.stem().string(), zvc::read_container(zvc::cli::read_file(f.string())));
  return maps;
}

std::vector<Beat> to_beats(const Bytes& frame, std::size_t bus_bytes) {
  std::vector<Beat> beats;
  std::size_t at = 0;
  do {
    const std::size_t n = std::min(bus_bytes, frame.size() - at);
    Beat beat{Bytes(bus_bytes, 0), std::vector<bool>(bus_bytes, false), at + n == frame.size()};
    for (std::size_t b = 0; b < n; ++b) {
      beat.data[b] = frame[at + b];
      beat.keep[b] = true;
    }
    beats.push_back(std::move(beat));
    at += n;
  } while (at < frame.size());
  return beats;
}

const char* to_string(Pattern p) {
  switch (p) {
    case Pattern::kNone:
      return "none";
    case Pattern::kLight:
      return "light";
    case Pattern::kHeavy:
      return "heavy";
    case Pattern::kBursty:
      return "bursty";
  }
  return "?";
}

bool Gate::next() {
  switch (pattern_) {
    case Pattern::kNone:
      return true;
    case Pattern::kLight:
      return rng_.uniform() >= 0.1;
    case Pattern::kHeavy:
      return rng_.uniform() >= 0.5;
    case Pattern::kBursty:
      // Long runs on and off: a phase ends with probability 1/12 per cycle.
      if (rng_.uniform() < 1.0 / 12) burst_on_ = !burst_on_;
      return burst_on_;
  }
  return true;
}

void Sink::fail(const std::string& what) {
  if (error_.empty()) {
    error_ = fmt::format("frame {}, beat {}: {}", frames_, beat_in_frame_, what);
  }
}

void Sink::take(const Beat& beat) {
  std::size_t n = 0;
  while (n < bus_bytes_ && beat.keep[n]) ++n;
  for (std::size_t b = n; b < bus_bytes_; ++b) {
    if (beat.keep[b]) fail("tkeep is not contiguous from bit 0");
  }
  if (expected_.empty()) {
    fail("a beat arrived with no frame expected");
    return;
  }
  const Bytes& want = expected_.front();
  if (n < bus_bytes_ && !beat.last) fail(fmt::format("partial beat ({} bytes) without tlast", n));
  for (std::size_t b = 0; b < n; ++b) {
    if (offset_ + b >= want.size()) {
      fail(fmt::format("byte {}: frame longer than the expected {} bytes", offset_ + b,
                       want.size()));
      break;
    }
    if (beat.data[b] != want[offset_ + b]) {
      fail(fmt::format("byte {} (lane {}): expected 0x{:02x}, got 0x{:02x}", offset_ + b, b,
                       want[offset_ + b], beat.data[b]));
      break;
    }
  }
  offset_ += n;
  ++beat_in_frame_;
  if (beat.last) {
    if (offset_ != want.size()) {
      fail(fmt::format("tlast after {} bytes, expected {}", offset_, want.size()));
    }
    expected_.pop_front();
    offset_ = 0;
    beat_in_frame_ = 0;
    ++frames_;
  } else if (offset_ >= want.size() && !want.empty()) {
    fail(fmt::format("no tlast at the frame's last byte ({})", want.size()));
  }
}

std::string to_string(const Status& s) {
  return fmt::format("{{tag {}, raw {}, comp {}, error 0x{:x}}}", s.tag, s.raw, s.comp, s.err);
}

std::ostream& operator<<(std::ostream& os, const Status& s) {
  return os << to_string(s);
}

}  // namespace tb
