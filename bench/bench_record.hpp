// The benchmark's records: the time per call of each run (least over the interleaved rounds),
// the CPU it ran on, and the evidence file of throughput ratios (bench.json) built from them.
#pragma once

#include <benchmark/benchmark.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace sonnx::bench {

// Collects the time per call of every run, keyed by its name without the round: the least thread
// CPU time over the rounds (interference from other jobs only ever adds time; CPU time leaves out
// the time the thread waited for a core on a loaded machine), and the least real time.
class CollectingReporter : public benchmark::ConsoleReporter {
 public:
  std::map<std::string, double> cpu_seconds;
  std::map<std::string, double> real_seconds;
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.run_type == Run::RT_Iteration && !run.error_occurred && run.iterations > 0) {
        std::string name = run.benchmark_name();
        const std::size_t at = name.find("/round:");
        if (at != std::string::npos) name.erase(at, name.find('/', at + 1) - at);
        const auto keep_least = [&name](std::map<std::string, double>& into, double seconds) {
          const auto [it, inserted] = into.emplace(name, seconds);
          if (!inserted && seconds < it->second) it->second = seconds;
        };
        const auto iterations = static_cast<double>(run.iterations);
        keep_least(cpu_seconds, run.cpu_accumulated_time / iterations);
        keep_least(real_seconds, run.real_accumulated_time / iterations);
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }
};

// The CPU the run measured, recorded in the benchmark's context (its name, family, model and the
// vector extensions that matter to Div's kernels).
void record_cpu();

// One record per type and n that ran: the throughput ratios of the variants (time of the
// reference over time of the variant) and the domain scan's time beside a read-only pass.
nlohmann::json ratio_records(const CollectingReporter& reporter,
                             const std::vector<std::string>& types,
                             const std::map<std::string, std::string>& kernel_paths, int rounds);

// Writes bench.json: the records under "results", with how they were timed.
void write_evidence(const std::string& path, const nlohmann::json& records, int rounds);

}  // namespace sonnx::bench
