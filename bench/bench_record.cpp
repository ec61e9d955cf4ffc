#include "bench_record.hpp"

#include <fstream>

namespace sonnx::bench {

// The CPU the run measured, from /proc/cpuinfo (Linux): its name, family and model, and which of
// the vector extensions that matter to Div's kernels it offers. The renderer prints it with the
// table, so that the figures name the machine they come from.
void record_cpu() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line, name = "unknown", family, model, flags;
  auto value = [](const std::string& text) {
    const std::size_t colon = text.find(':');
    return colon == std::string::npos ? std::string() : text.substr(colon + 2);
  };
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) == 0 && name == "unknown") name = value(line);
    if (line.rfind("cpu family", 0) == 0 && family.empty()) family = value(line);
    if (line.rfind("model\t", 0) == 0 && model.empty()) model = value(line);
    if (line.rfind("flags", 0) == 0 && flags.empty()) flags = " " + value(line) + " ";
  }
  std::string extensions;
  for (const char* flag : {"sse4_2", "avx", "avx2", "f16c", "avx512f", "avx512dq", "avx512vl"}) {
    const bool present = flags.find(std::string(" ") + flag + " ") != std::string::npos;
    extensions += std::string(extensions.empty() ? "" : " ") + (present ? "" : "no ") + flag;
  }
  benchmark::AddCustomContext("cpu_model", name + " (family " + family + ", model " + model + ")");
  benchmark::AddCustomContext("cpu_extensions", extensions);
}

nlohmann::json ratio_records(const CollectingReporter& reporter,
                             const std::vector<std::string>& types,
                             const std::map<std::string, std::string>& kernel_paths, int rounds) {
  // Throughput ratios (time of the reference over time of the kernel), the checked API's cost
  // and the domain scan's, from the least thread CPU time per call over the rounds.
  nlohmann::json records = nlohmann::json::array();
  for (const std::string& type : types) {
    for (const char* n : {"1000", "100000", "10000000"}) {
      const auto time = [&](const char* variant) {
        const auto it = reporter.cpu_seconds.find(std::string(variant) + "/" + type + "/" + n);
        return it == reporter.cpu_seconds.end() ? 0.0 : it->second;
      };
      const double kernel = time("kernel");
      if (kernel <= 0.0) continue;  // filtered out by --benchmark_filter
      const double elements = std::stod(n);
      // time(reference) / time(variant), or null where one of them was not run.
      const auto ratio = [](double reference, double variant) {
        return reference > 0.0 && variant > 0.0 ? nlohmann::json(reference / variant)
                                                : nlohmann::json(nullptr);
      };
      nlohmann::json elements_per_s;
      for (const char* variant : {"kernel", "proved", "checked", "naive", "bound"}) {
        elements_per_s[variant] = time(variant) > 0.0 ? elements / time(variant) : 0.0;
      }
      nlohmann::json record = {
          {"type", type},
          {"n", std::stoll(n)},
          {"kernel", kernel_paths.at(type)},
          {"timing", "thread CPU time, least of " + std::to_string(rounds) + " interleaved rounds"},
          {"kernel_vs_bound", ratio(time("bound"), kernel)},
          {"kernel_vs_naive", ratio(time("naive"), kernel)},
          {"checked_vs_kernel", ratio(time("checked"), kernel)},
          {"proved_vs_naive", ratio(time("naive"), time("proved"))},
          {"kernel_ns_per_element", kernel * 1e9 / elements},
          {"elements_per_s", elements_per_s}};
      // The domain scan's own time next to a read-only pass over the bytes it reads.
      if (time("scan") > 0.0 && time("read") > 0.0) {
        record["scan_ns_per_element"] = time("scan") * 1e9 / elements;
        record["read_ns_per_element"] = time("read") * 1e9 / elements;
        record["scan_vs_read"] = ratio(time("read"), time("scan"));
        record["scan_vs_kernel"] = ratio(time("scan"), kernel);
      }
      records.push_back(record);
    }
  }
  return records;
}

void write_evidence(const std::string& path, const nlohmann::json& records, int rounds) {
  // The evidence file: the records under "results" (type, n, ratios), with how they were timed.
  const nlohmann::json out = {
      {"what",
       "throughput ratios per type and n: kernel, checked API, proved kernel, naive loop, "
       "streaming bound, domain scan, onnxruntime's Div"},
      {"timing", "sonnx variants: thread CPU time, least of " + std::to_string(rounds) +
                     " interleaved rounds; onnxruntime and the checked API beside it "
                     "(onnxruntime_ns_per_element, peer_*): wall time, best of 5 interleaved "
                     "rounds, each the mean of its calls, onnxruntime's from its profiler"},
      {"results", records}};
  std::ofstream(path) << out.dump(2) << "\n";
}

}  // namespace sonnx::bench
