// The progress display of the exhaustive and sampled sweeps (exhaustive.cpp): on stderr, a
// redrawn bar with the ETA on a terminal, a plain line every 10 s otherwise.
#ifndef SONNX_VERIFY_SWEEP_PROGRESS_HPP
#define SONNX_VERIFY_SWEEP_PROGRESS_HPP

#include <chrono>
#include <cstdint>
#include <string>

namespace sonnx::oracle {

// m:ss of a duration in seconds, "--:--" for an unknown one.
std::string format_duration(double seconds);

class Progress {
 public:
  using Clock = std::chrono::steady_clock;
  Progress(bool enabled, std::string label, std::uint64_t total);
  // done of total pairs checked; final draws the last state and ends the line.
  void update(std::uint64_t done, bool final);

 private:
  bool enabled_;
  bool tty_;
  std::string label_;
  std::uint64_t total_;
  Clock::time_point start_;
  Clock::time_point last_;
};

}  // namespace sonnx::oracle

#endif  // SONNX_VERIFY_SWEEP_PROGRESS_HPP
