// The progress display of the sweeps (sweep_progress.hpp).
#include "sweep_progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

namespace sonnx::oracle {

std::string format_duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "--:--";
  const auto s = static_cast<long>(seconds + 0.5);
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%ld:%02ld", s / 60, s % 60);
  return buffer;
}

Progress::Progress(bool enabled, std::string label, std::uint64_t total)
    : enabled_(enabled),
      tty_(isatty(STDERR_FILENO) != 0),
      label_(std::move(label)),
      total_(total),
      start_(Clock::now()),
      last_(start_) {
  if (enabled_ && !tty_) {
    std::fprintf(stderr, "%s: %llu pairs to check\n", label_.c_str(),
                 static_cast<unsigned long long>(total_));
  }
}

void Progress::update(std::uint64_t done, bool final) {
  if (!enabled_) return;
  const auto now = Clock::now();
  const double since_last = std::chrono::duration<double>(now - last_).count();
  if (!final && since_last < (tty_ ? 0.25 : 10.0)) return;
  last_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double fraction =
      total_ == 0 ? 1.0 : static_cast<double>(done) / static_cast<double>(total_);
  const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0.0;
  const double eta = rate > 0 ? static_cast<double>(total_ - std::min(done, total_)) / rate : -1.0;
  if (tty_) {
    constexpr int width = 30;
    const int filled = static_cast<int>(fraction * width);
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar.append(static_cast<std::size_t>(width - filled), '-');
    std::fprintf(stderr, "\r%s [%s] %5.1f%%  %.3g/%.3g pairs  %.1f Mpairs/s  ETA %s   %s",
                 label_.c_str(), bar.c_str(), 100.0 * fraction, static_cast<double>(done),
                 static_cast<double>(total_), rate / 1e6, format_duration(eta).c_str(),
                 final ? "\n" : "");
  } else {
    std::fprintf(stderr, "%s: %.1f%% (%llu/%llu pairs), %.1f Mpairs/s, elapsed %s, ETA %s\n",
                 label_.c_str(), 100.0 * fraction, static_cast<unsigned long long>(done),
                 static_cast<unsigned long long>(total_), rate / 1e6,
                 format_duration(elapsed).c_str(), format_duration(eta).c_str());
  }
  std::fflush(stderr);
}

}  // namespace sonnx::oracle
