// Throughput of the Div kernels and the checked API for the 12 types at n = 10^3, 10^5, 10^7,
// against a naive scalar loop and a streaming add of 64-bit words over the same bytes (the
// memory-traffic bound), all in one run. "kernel" is what the checked API runs by default: the fast path of the
// type on this CPU where one exists (D9), else the proved kernel; "proved" is the proved kernel.
// Writes the ratios to the file given by --evidence=PATH. With --onnxruntime-node=NODE and
// --onnxruntime-profiler=conform/onnxruntime/profile_div.js, onnxruntime's Div kernel is timed
// too (onnxruntime_peer.hpp), after the Google Benchmark runs, for the 12 types at 10^5 and 10^7.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <sonnx/div.hpp>
#include <string>
#include <tuple>
#include <vector>

#include "div/fast/div_fast_paths.hpp"
#include "div/kernels/div_kernels.h"
#include "onnxruntime_peer.hpp"

namespace {

using sonnx::DataType;

template <typename T>
using Kernel = void (*)(const T*, const T*, T*, std::size_t);

// Operands inside every type's domain (no zero divisor, no MIN / -1), normal floats. Integers are
// random patterns of the full width, shifted right by `shift` bits (arithmetically for signed
// types): shift 11 keeps 64-bit operands below 2^53 in magnitude, where the blocked kernels take
// the binary64 route, and shift 33 below 2^31, where it also converts through int32. With
// kMixedBlocks, every 128th dividend (the last of each of the blocked kernels' blocks) is of the
// full width instead: each block passes the test of its first element, fails both scans and
// takes the integer division, the blocked kernels' worst case.
constexpr unsigned kMixedBlocks = 64;  // a shift no type uses: below 2^31, one full-width per 128
constexpr std::size_t kMixedPeriod = 128;

template <typename T>
void fill(DataType type, unsigned shift_or_mixed, std::vector<T>& a, std::vector<T>& b) {
  const bool mixed = shift_or_mixed == kMixedBlocks;
  const unsigned shift = mixed ? 33 : shift_or_mixed;
  std::mt19937_64 rng(42);
  for (std::size_t i = 0; i < a.size(); ++i) {
    if constexpr (std::is_floating_point_v<T>) {
      a[i] = static_cast<T>(std::uniform_real_distribution<double>(-100.0, 100.0)(rng));
      b[i] = static_cast<T>(std::uniform_real_distribution<double>(0.5, 50.0)(rng));
    } else if (std::is_same_v<T, std::uint16_t> &&
               (type == DataType::float16 || type == DataType::bfloat16)) {
      // Normal values of either sign with a biased exponent in the middle of the range.
      const std::uint16_t exponent_shift = type == DataType::float16 ? 10 : 7;
      const std::uint16_t mid = type == DataType::float16 ? 15 : 127;
      const auto pattern = [&](std::uint64_t r) {
        const auto exponent = static_cast<std::uint16_t>(mid - 4 + r % 8);
        const auto fraction = static_cast<std::uint16_t>((r >> 8) & ((1u << exponent_shift) - 1));
        const auto sign = static_cast<std::uint16_t>((r >> 30) & 1u);
        return static_cast<std::uint16_t>((sign << 15) | (exponent << exponent_shift) | fraction);
      };
      a[i] = static_cast<T>(pattern(rng()));
      b[i] = static_cast<T>(pattern(rng()));
    } else {
      a[i] = static_cast<T>(static_cast<T>(rng()) >> shift);
      if (mixed && i % kMixedPeriod == kMixedPeriod - 1) {
        a[i] = static_cast<T>(rng() | (1ULL << 62));
      }
      T divisor = static_cast<T>(static_cast<T>(rng() >> (rng() % (8 * sizeof(T)))) >> shift);
      if (divisor == 0 || (std::is_signed_v<T> && divisor == static_cast<T>(-1))) divisor = 3;
      b[i] = divisor;
    }
  }
}

template <typename T>
struct Operands {
  std::vector<T> a, b, c;
  std::vector<std::int64_t> shape;
  Operands(DataType type, unsigned shift, std::size_t n)
      : a(n), b(n), c(n), shape{static_cast<std::int64_t>(n)} {
    fill(type, shift, a, b);
  }
};

// The operands of the last (type, n) of each element type: the variants and repetitions of one
// size run one after the other, so each array is filled once.
template <typename T>
Operands<T>& operands(DataType type, unsigned shift, std::size_t n) {
  static std::shared_ptr<void> held;
  static std::tuple<DataType, unsigned, std::size_t> key{DataType::undefined, 0, 0};
  if (held == nullptr || key != std::make_tuple(type, shift, n)) {
    held.reset();
    held = std::make_shared<Operands<T>>(type, shift, n);
    key = {type, shift, n};
  }
  return *static_cast<Operands<T>*>(held.get());
}

template <typename T>
void set_counters(benchmark::State& state) {
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetBytesProcessed(state.iterations() * state.range(0) * 3 *
                          static_cast<std::int64_t>(sizeof(T)));
}

// Times `step` (one pass over the operands of `type` at the benchmark's size) per iteration.
template <typename T, typename Step>
void measure(benchmark::State& state, DataType type, unsigned shift, Step step) {
  Operands<T>& x = operands<T>(type, shift, static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) {
    step(x);
    benchmark::DoNotOptimize(x.c.data());
    benchmark::ClobberMemory();
  }
  set_counters<T>(state);
}

template <typename T>
void bm_kernel(benchmark::State& state, DataType type, unsigned shift, Kernel<T> kernel) {
  measure<T>(state, type, shift, [kernel](Operands<T>& x) {
    kernel(x.a.data(), x.b.data(), x.c.data(), x.c.size());
  });
}

template <typename T>
void bm_checked(benchmark::State& state, DataType type, unsigned shift, Kernel<T>) {
  measure<T>(state, type, shift, [&state, type](Operands<T>& x) {
    const sonnx::Status status = sonnx::div(
        {type, x.shape, x.a.data()}, {type, x.shape, x.b.data()}, {type, x.shape, x.c.data()});
    if (!status.ok()) state.SkipWithError(status.message_text.data());
  });
}

// The obvious scalar loop a user would write; for the 16-bit formats it calls the element function.
template <typename T>
void bm_naive(benchmark::State& state, DataType type, unsigned shift, Kernel<T>) {
  measure<T>(state, type, shift, [type](Operands<T>& x) {
    for (std::size_t i = 0; i < x.c.size(); ++i) {
      if constexpr (std::is_same_v<T, std::uint16_t>) {
        if (type == DataType::float16) {
          x.c[i] = sonnx_div_binary16_element(x.a[i], x.b[i]);
        } else if (type == DataType::bfloat16) {
          x.c[i] = sonnx_div_bfloat16_element(x.a[i], x.b[i]);
        } else {
          x.c[i] = static_cast<T>(x.a[i] / x.b[i]);
        }
      } else {
        x.c[i] = static_cast<T>(x.a[i] / x.b[i]);
      }
    }
  });
}

// The memory-traffic bound of Div on n elements of T: a streaming add of 64-bit words over the
// same number of bytes (two arrays read, one written), whatever T is, so that no element type's
// bound is slowed by its own arithmetic or by char aliasing. Compiled for AVX2 as well and chosen
// at load time, like the fast paths.
__attribute__((target_clones("avx2", "default"))) void stream_words(
    const std::uint64_t* __restrict a, const std::uint64_t* __restrict b,
    std::uint64_t* __restrict c, std::size_t words) {
  for (std::size_t i = 0; i < words; ++i) c[i] = a[i] + b[i];
}

template <typename T>
void bm_bound(benchmark::State& state, DataType, unsigned, Kernel<T>) {
  const std::size_t words = (static_cast<std::size_t>(state.range(0)) * sizeof(T) + 7) / 8;
  std::vector<std::uint64_t> a(words, 0x0123456789ABCDEFULL), b(words, 0x1111111111111111ULL),
      c(words);
  for (auto _ : state) {
    stream_words(a.data(), b.data(), c.data(), words);
    benchmark::DoNotOptimize(c.data());
    benchmark::ClobberMemory();
  }
  set_counters<T>(state);
}

// What "kernel" measures per type: the fast path of this CPU or the proved kernel.
std::map<std::string, std::string> kernel_paths;

template <typename T>
void register_type(const char* name, DataType type, Kernel<T> proved, Kernel<T> fast = nullptr,
                   unsigned shift = 0) {
  const Kernel<T> selected = fast != nullptr ? fast : proved;
  kernel_paths[name] =
      selected == proved
          ? std::string("proved kernel")
          : std::string("fast path (") + sonnx::detail::selected_fast_paths().instruction_set + ")";
  const std::tuple<const char*, void (*)(benchmark::State&, DataType, unsigned, Kernel<T>),
                   Kernel<T>>
      variants[] = {{"kernel", bm_kernel<T>, selected},
                    {"proved", bm_kernel<T>, proved},
                    {"checked", bm_checked<T>, selected},
                    {"naive", bm_naive<T>, selected},
                    {"bound", bm_bound<T>, selected}};
  // Sizes outside, variants inside: the variants of one size run back to back on the same
  // arrays, so that their ratios compare runs taken moments apart.
  for (const std::int64_t n : {1000, 100000, 10000000}) {
    for (const auto& [variant, function, kernel] : variants) {
      benchmark::RegisterBenchmark((std::string(variant) + "/" + name).c_str(), function, type,
                                   shift, kernel)
          ->Arg(n)
          ->Unit(benchmark::kMicrosecond);
    }
  }
}

// Collects the real time per iteration of every run, keyed by its name, the least over the
// repetitions.
class CollectingReporter : public benchmark::ConsoleReporter {
 public:
  std::map<std::string, double> seconds;
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.run_type == Run::RT_Iteration && !run.error_occurred && run.iterations > 0) {
        // The best of the repetitions: interference from other jobs only ever adds time.
        std::string name = run.benchmark_name();
        name = name.substr(0, name.find("/repeats:"));
        const double per_iteration =
            run.real_accumulated_time / static_cast<double>(run.iterations);
        const auto [it, inserted] = seconds.emplace(name, per_iteration);
        if (!inserted && per_iteration < it->second) it->second = per_iteration;
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }
};

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

// The operands of the checked benchmark of one type (the default distribution) for the peer.
template <typename T>
sonnx::bench::PeerCase peer_case(const char* name, DataType type, std::int64_t n) {
  Operands<T>& x = operands<T>(type, 0, static_cast<std::size_t>(n));
  const std::size_t words = (static_cast<std::size_t>(n) * sizeof(T) + 7) / 8;
  auto words_a = std::make_shared<std::vector<std::uint64_t>>(words, 0x0123456789ABCDEFULL);
  auto words_b = std::make_shared<std::vector<std::uint64_t>>(words, 0x1111111111111111ULL);
  auto words_c = std::make_shared<std::vector<std::uint64_t>>(words);
  return {name, type, n, x.a.data(), x.b.data(), x.c.data(), [words_a, words_b, words_c] {
            stream_words(words_a->data(), words_b->data(), words_c->data(), words_c->size());
            benchmark::DoNotOptimize(words_c->data());
            benchmark::ClobberMemory();
          }};
}

// onnxruntime's Div beside the checked API, into every record: the type's figures at 10^5 and
// 10^7, a reason elsewhere (the fields are in every record, so that readers see one layout).
void add_onnxruntime_peer(nlohmann::json& records, const std::string& node,
                          const std::string& profiler) {
  using CaseOf = sonnx::bench::PeerCase (*)(const char*, DataType, std::int64_t);
  const std::tuple<const char*, DataType, CaseOf> types[] = {
      {"float16", DataType::float16, peer_case<std::uint16_t>},
      {"bfloat16", DataType::bfloat16, peer_case<std::uint16_t>},
      {"float32", DataType::float32, peer_case<float>},
      {"float64", DataType::float64, peer_case<double>},
      {"int8", DataType::int8, peer_case<std::int8_t>},
      {"int16", DataType::int16, peer_case<std::int16_t>},
      {"int32", DataType::int32, peer_case<std::int32_t>},
      {"int64", DataType::int64, peer_case<std::int64_t>},
      {"uint8", DataType::uint8, peer_case<std::uint8_t>},
      {"uint16", DataType::uint16, peer_case<std::uint16_t>},
      {"uint32", DataType::uint32, peer_case<std::uint32_t>},
      {"uint64", DataType::uint64, peer_case<std::uint64_t>}};
  const bool installed = !profiler.empty() && std::filesystem::is_directory(
      std::filesystem::path(profiler).parent_path() / "node_modules" / "onnxruntime-node");
  sonnx::bench::OnnxruntimePeer peer(
      node.empty() ? std::vector<std::string>{} : std::vector<std::string>{node, profiler},
      installed);
  for (nlohmann::json& r : records) {
    r["onnxruntime"] = "not measured at this n or operand distribution";
    r["onnxruntime_ns_per_element"] = nullptr;
    r["peer_checked_ns_per_element"] = nullptr;
    r["peer_bound_ns_per_element"] = nullptr;
    r["checked_vs_onnxruntime"] = nullptr;
    const std::int64_t n = r["n"];
    if (n != 100000 && n != 10000000) continue;
    for (const auto& [name, type, case_of] : types) {
      if (r["type"] != name) continue;
      const sonnx::bench::PeerResult m = peer.measure(case_of(name, type, n), 5);
      const double elements = static_cast<double>(n);
      if (m.status == "measured") {
        r["onnxruntime"] = peer.runtime() + ": " + m.detail;
        r["onnxruntime_ns_per_element"] = m.onnxruntime_s * 1e9 / elements;
        r["peer_checked_ns_per_element"] = m.checked_s * 1e9 / elements;
        r["peer_bound_ns_per_element"] = m.bound_s * 1e9 / elements;
        r["checked_vs_onnxruntime"] = m.onnxruntime_s / m.checked_s;
      } else if (m.status == "not installed") {
        r["onnxruntime"] = m.detail;
      } else {
        r["onnxruntime"] = peer.runtime() + ": " + m.status + " (" + m.detail + ")";
      }
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::string evidence, node, profiler;
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], "--evidence=", 11) == 0) {
      evidence = argv[i] + 11;
    } else if (std::strncmp(argv[i], "--onnxruntime-node=", 19) == 0) {
      node = argv[i] + 19;
    } else if (std::strncmp(argv[i], "--onnxruntime-profiler=", 23) == 0) {
      profiler = argv[i] + 23;
    } else {
      args.push_back(argv[i]);
    }
  }
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  record_cpu();

  const std::vector<std::string> types = {"float16", "bfloat16", "float32", "float64",
                                          "int8",    "int16",    "int32",   "int64",
                                          "uint8",   "uint16",   "uint32",  "uint64",
                                          "int64_below_2p53", "uint64_below_2p53",
                                          "int64_below_2p31", "uint64_below_2p31",
                                          "int64_mixed_blocks", "uint64_mixed_blocks"};
  const sonnx::detail::DivFastPaths& fast = sonnx::detail::selected_fast_paths();
  register_type<std::uint16_t>("float16", DataType::float16, sonnx_div_f16, fast.float16);
  register_type<std::uint16_t>("bfloat16", DataType::bfloat16, sonnx_div_bf16, fast.bfloat16);
  register_type<float>("float32", DataType::float32, sonnx_div_f32);
  register_type<double>("float64", DataType::float64, sonnx_div_f64);
  register_type<std::int8_t>("int8", DataType::int8, sonnx_div_i8, fast.int8);
  register_type<std::int16_t>("int16", DataType::int16, sonnx_div_i16, fast.int16);
  register_type<std::int32_t>("int32", DataType::int32, sonnx_div_i32, fast.int32);
  register_type<std::int64_t>("int64", DataType::int64, sonnx_div_i64, fast.int64);
  register_type<std::uint8_t>("uint8", DataType::uint8, sonnx_div_u8, fast.uint8);
  register_type<std::uint16_t>("uint16", DataType::uint16, sonnx_div_u16, fast.uint16);
  register_type<std::uint32_t>("uint32", DataType::uint32, sonnx_div_u32, fast.uint32);
  register_type<std::uint64_t>("uint64", DataType::uint64, sonnx_div_u64, fast.uint64);
  // The 64-bit types once more with operands below 2^53 and below 2^31 in magnitude, which the
  // blocked kernels divide through binary64, the second also converting through int32 (the
  // default operands are full-width: the test of each block's first element sends every block to
  // the integer division), and with mixed blocks, which fail both scans (the worst case).
  register_type<std::int64_t>("int64_below_2p53", DataType::int64, sonnx_div_i64, fast.int64, 11);
  register_type<std::uint64_t>("uint64_below_2p53", DataType::uint64, sonnx_div_u64, fast.uint64,
                               11);
  register_type<std::int64_t>("int64_below_2p31", DataType::int64, sonnx_div_i64, fast.int64, 33);
  register_type<std::uint64_t>("uint64_below_2p31", DataType::uint64, sonnx_div_u64, fast.uint64,
                               33);
  register_type<std::int64_t>("int64_mixed_blocks", DataType::int64, sonnx_div_i64, fast.int64,
                              kMixedBlocks);
  register_type<std::uint64_t>("uint64_mixed_blocks", DataType::uint64, sonnx_div_u64, fast.uint64,
                               kMixedBlocks);

  CollectingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  if (evidence.empty()) return 0;

  // Throughput ratios (time of the reference over time of the kernel) and the checked API's cost.
  nlohmann::json records = nlohmann::json::array();
  for (const std::string& type : types) {
    for (const char* n : {"1000", "100000", "10000000"}) {
      const auto time = [&](const char* variant) {
        const auto it = reporter.seconds.find(std::string(variant) + "/" + type + "/" + n);
        return it == reporter.seconds.end() ? 0.0 : it->second;
      };
      const double kernel = time("kernel");
      if (kernel <= 0.0) continue;  // filtered out by --benchmark_filter
      nlohmann::json elements_per_s;
      for (const char* variant : {"kernel", "proved", "checked", "naive", "bound"}) {
        elements_per_s[variant] = time(variant) > 0.0 ? std::stod(n) / time(variant) : 0.0;
      }
      records.push_back({{"type", type},
                         {"n", std::stoll(n)},
                         {"kernel", kernel_paths[type]},
                         {"kernel_vs_bound", time("bound") / kernel},
                         {"kernel_vs_naive", time("naive") / kernel},
                         {"checked_vs_kernel", time("checked") / kernel},
                         {"proved_vs_naive", time("naive") / time("proved")},
                         {"kernel_ns_per_element", kernel * 1e9 / std::stod(n)},
                         {"elements_per_s", elements_per_s}});
    }
  }
  add_onnxruntime_peer(records, node, profiler);
  std::ofstream(evidence) << records.dump(2) << "\n";
  return 0;
}
