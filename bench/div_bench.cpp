// Throughput of the Div kernels and the checked API for the 12 types at n = 10^3, 10^5, 10^7,
// against a naive scalar loop and a streaming add of 64-bit words over the same bytes (the
// memory-traffic bound), all in one run. "kernel" is what the checked API runs by default: the fast
// path of the type on this CPU where one exists (D9), else the proved kernel; "proved" is the
// proved kernel. For the integer types, "scan" is the proved domain scan alone (C3, D3) and "read"
// a read-only pass over the bytes it reads (B; A and B for the signed types). The variants of one
// type and size run in interleaved rounds (--rounds=R, each variant once per round); a figure is
// the least thread CPU time per call over the rounds. Writes the ratios to the file given by
// --evidence=PATH. With --onnxruntime-node=NODE and
// --onnxruntime-profiler=conform/onnxruntime/profile_div.js, onnxruntime's Div kernel is timed
// too (onnxruntime_peer.hpp), after the Google Benchmark runs, for the 12 types at 10^5 and 10^7.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <sonnx/div.hpp>
#include <string>
#include <tuple>
#include <vector>

#include "bench_record.hpp"
#include "div/fast/div_kernel_tables.hpp"
#include "div/kernels/div_domain.h"
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
// full width (2^62 or more) instead: every block fails its scans. With kAlternating, every second
// dividend is (an operand pattern of element granularity, which no block size avoids). With
// kAdversarial, the last dividend of every 64th block only: the blocks the decision scans
// (div_blocked_kernels.c) all fail, all others (below 2^31) go unscanned to the integer division.
constexpr unsigned kMixedBlocks = 64;  // a shift no type uses: below 2^31, one full-width per 128
constexpr unsigned kAlternating = 65;  // another: below 2^31, every odd-indexed dividend full-width
constexpr unsigned kAdversarial = 66;  // another: below 2^31, one full-width per 64 blocks of 128
constexpr std::size_t kMixedPeriod = 128;
constexpr std::size_t kProbePeriod = 64 * kMixedPeriod;  // SONNX_DIV_SCAN_CREDIT blocks

template <typename T>
void fill(DataType type, unsigned shift_or_mixed, std::vector<T>& a, std::vector<T>& b) {
  const bool mixed = shift_or_mixed == kMixedBlocks;
  const bool alternating = shift_or_mixed == kAlternating;
  const bool adversarial = shift_or_mixed == kAdversarial;
  const unsigned shift = mixed || alternating || adversarial ? 33 : shift_or_mixed;
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
      if ((mixed && i % kMixedPeriod == kMixedPeriod - 1) || (alternating && i % 2 == 1) ||
          (adversarial && i % kProbePeriod == kMixedPeriod - 1)) {
        a[i] = static_cast<T>((rng() | (1ULL << 62)) & ~(1ULL << 63));  // 2^62 <= a < 2^63
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

// The operands of the last (type, n) of each element type: the variants and rounds of one size
// run one after the other, so each array is filled once.
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
using Scan = std::size_t (*)(const T*, const T*, std::size_t);

// What the variants of one type run.
template <typename T>
struct Paths {
  Kernel<T> selected = nullptr;  // what the checked API runs by default (D9)
  Kernel<T> proved = nullptr;
  Scan<T> scan = nullptr;  // the proved domain scan (integer types)
};

template <typename T>
void bm_kernel(benchmark::State& state, DataType type, unsigned shift, Kernel<T> kernel) {
  measure<T>(state, type, shift,
             [kernel](Operands<T>& x) { kernel(x.a.data(), x.b.data(), x.c.data(), x.c.size()); });
}

template <typename T>
void bm_checked(benchmark::State& state, DataType type, unsigned shift) {
  measure<T>(state, type, shift, [&state, type](Operands<T>& x) {
    const sonnx::Status status = sonnx::div(
        {type, x.shape, x.a.data()}, {type, x.shape, x.b.data()}, {type, x.shape, x.c.data()});
    if (!status.ok()) state.SkipWithError(status.message_text.data());
  });
}

// The obvious scalar loop a user would write; for the 16-bit formats it calls the element function.
template <typename T>
void bm_naive(benchmark::State& state, DataType type, unsigned shift) {
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

// The domain scan alone, on the checked API's operands (all inside the domain: it reads them all).
template <typename T>
void bm_scan(benchmark::State& state, DataType type, unsigned shift, Scan<T> scan) {
  measure<T>(state, type, shift, [scan](Operands<T>& x) {
    std::size_t first = scan(x.a.data(), x.b.data(), x.c.size());
    benchmark::DoNotOptimize(first);
  });
}

// A read-only pass over `bytes` bytes: the 64-bit words ORed into four accumulators (independent
// chains, so that the loads, not the ORs, set the pace), compiled for the same instruction sets as
// the domain scans. The fastest a scan that reads these bytes can be.
__attribute__((target_clones("arch=x86-64-v4", "avx2", "default"))) std::uint64_t read_bytes(
    const unsigned char* p, std::size_t bytes) {
  std::uint64_t m[4] = {0, 0, 0, 0};
  std::size_t i = 0;
  for (; i + 32 <= bytes; i += 32) {
    for (std::size_t k = 0; k < 4; ++k) {
      std::uint64_t word = 0;
      std::memcpy(&word, p + i + 8 * k, 8);
      m[k] |= word;
    }
  }
  for (; i < bytes; ++i) m[0] |= p[i];
  return m[0] | m[1] | m[2] | m[3];
}

// The read-only pass over what the domain scan of T reads: B, and A for a signed type (D3).
template <typename T>
void bm_read(benchmark::State& state, DataType type, unsigned shift) {
  measure<T>(state, type, shift, [](Operands<T>& x) {
    const std::size_t bytes = x.b.size() * sizeof(T);
    std::uint64_t m = read_bytes(reinterpret_cast<const unsigned char*>(x.b.data()), bytes);
    if constexpr (std::is_signed_v<T>) {
      m |= read_bytes(reinterpret_cast<const unsigned char*>(x.a.data()), bytes);
    }
    benchmark::DoNotOptimize(m);
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
void bm_bound(benchmark::State& state) {
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
int rounds = 5;

// Sizes outside, rounds inside them, variants inside the rounds: every variant of one type and
// size runs once per round on the same arrays, so that their ratios compare runs taken moments
// apart, and a disturbance by other jobs falls on one round of every variant alike. An operand
// distribution of a type (shift != 0) runs what depends on the operands' values: the kernel, the
// checked API and the naive loop.
template <typename T>
void register_type(const char* name, DataType type, Paths<T> paths, unsigned shift = 0) {
  const Kernel<T> selected = paths.selected != nullptr ? paths.selected : paths.proved;
  kernel_paths[name] = selected == paths.proved
                           ? std::string("proved kernel")
                           : std::string("fast path (") +
                                 sonnx::detail::selected_kernel_table().instruction_set + ")";
  const auto add = [name](const std::string& variant, int round, std::int64_t n, auto&& run) {
    benchmark::RegisterBenchmark((variant + "/" + name + "/round:" + std::to_string(round)).c_str(),
                                 run)
        ->Arg(n)
        ->Unit(benchmark::kMicrosecond);
  };
  for (const std::int64_t n : {1000, 100000, 10000000}) {
    for (int round = 0; round < rounds; ++round) {
      add("kernel", round, n, [=](benchmark::State& s) { bm_kernel<T>(s, type, shift, selected); });
      add("checked", round, n, [=](benchmark::State& s) { bm_checked<T>(s, type, shift); });
      add("naive", round, n, [=](benchmark::State& s) { bm_naive<T>(s, type, shift); });
      if (shift != 0) continue;
      add("proved", round, n,
          [=](benchmark::State& s) { bm_kernel<T>(s, type, shift, paths.proved); });
      add("bound", round, n, [](benchmark::State& s) { bm_bound<T>(s); });
      if (paths.scan != nullptr) {
        add("scan", round, n, [=](benchmark::State& s) { bm_scan<T>(s, type, shift, paths.scan); });
        add("read", round, n, [=](benchmark::State& s) { bm_read<T>(s, type, shift); });
      }
    }
  }
}

// The operands of the checked benchmark of one type (the default distribution) for the peer.
template <typename T>
sonnx::bench::PeerCase peer_case(const char* name, DataType type, std::int64_t n, unsigned shift) {
  Operands<T>& x = operands<T>(type, shift, static_cast<std::size_t>(n));
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
  using CaseOf = sonnx::bench::PeerCase (*)(const char*, DataType, std::int64_t, unsigned);
  // record type, onnxruntime type, operand distribution (the shift of fill())
  const std::tuple<const char*, const char*, DataType, unsigned, CaseOf> types[] = {
      {"float16", "float16", DataType::float16, 0, peer_case<std::uint16_t>},
      {"bfloat16", "bfloat16", DataType::bfloat16, 0, peer_case<std::uint16_t>},
      {"float32", "float32", DataType::float32, 0, peer_case<float>},
      {"float64", "float64", DataType::float64, 0, peer_case<double>},
      {"int8", "int8", DataType::int8, 0, peer_case<std::int8_t>},
      {"int16", "int16", DataType::int16, 0, peer_case<std::int16_t>},
      {"int32", "int32", DataType::int32, 0, peer_case<std::int32_t>},
      {"int64", "int64", DataType::int64, 0, peer_case<std::int64_t>},
      {"uint8", "uint8", DataType::uint8, 0, peer_case<std::uint8_t>},
      {"uint16", "uint16", DataType::uint16, 0, peer_case<std::uint16_t>},
      {"uint32", "uint32", DataType::uint32, 0, peer_case<std::uint32_t>},
      {"uint64", "uint64", DataType::uint64, 0, peer_case<std::uint64_t>},
      // the 64-bit types on operands below 2^31 too, where the blocked kernels take their route
      {"int64_below_2p31", "int64", DataType::int64, 33, peer_case<std::int64_t>},
      {"uint64_below_2p31", "uint64", DataType::uint64, 33, peer_case<std::uint64_t>}};
  const bool installed = !profiler.empty() && std::filesystem::is_directory(
                                                  std::filesystem::path(profiler).parent_path() /
                                                  "node_modules" / "onnxruntime-node");
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
    for (const auto& [record_type, name, type, shift, case_of] : types) {
      if (r["type"] != record_type) continue;
      const sonnx::bench::PeerResult m = peer.measure(case_of(name, type, n, shift), 5);
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
    } else if (std::strncmp(argv[i], "--rounds=", 9) == 0) {
      rounds = std::max(1, std::atoi(argv[i] + 9));
    } else {
      args.push_back(argv[i]);
    }
  }
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  sonnx::bench::record_cpu();

  const std::vector<std::string> types = {"float16",
                                          "bfloat16",
                                          "float32",
                                          "float64",
                                          "int8",
                                          "int16",
                                          "int32",
                                          "int64",
                                          "uint8",
                                          "uint16",
                                          "uint32",
                                          "uint64",
                                          "int64_below_2p53",
                                          "uint64_below_2p53",
                                          "int64_below_2p31",
                                          "uint64_below_2p31",
                                          "int64_mixed_blocks",
                                          "uint64_mixed_blocks",
                                          "int64_alternating",
                                          "uint64_alternating",
                                          "int64_adversarial",
                                          "uint64_adversarial"};
  const sonnx::detail::KernelTable& fast = sonnx::detail::selected_kernel_table();
  register_type<std::uint16_t>("float16", DataType::float16, {fast.float16, sonnx_div_f16});
  register_type<std::uint16_t>("bfloat16", DataType::bfloat16, {fast.bfloat16, sonnx_div_bf16});
  register_type<float>("float32", DataType::float32, {nullptr, sonnx_div_f32});
  register_type<double>("float64", DataType::float64, {nullptr, sonnx_div_f64});
  const Paths<std::int8_t> int8{fast.int8, sonnx_div_i8, sonnx_div_domain_scan_i8};
  const Paths<std::int16_t> int16{fast.int16, sonnx_div_i16, sonnx_div_domain_scan_i16};
  const Paths<std::int32_t> int32{fast.int32, sonnx_div_i32, sonnx_div_domain_scan_i32};
  const Paths<std::int64_t> int64{fast.int64, sonnx_div_i64, sonnx_div_domain_scan_i64};
  const Paths<std::uint8_t> uint8{fast.uint8, sonnx_div_u8, sonnx_div_domain_scan_u8};
  const Paths<std::uint16_t> uint16{fast.uint16, sonnx_div_u16, sonnx_div_domain_scan_u16};
  const Paths<std::uint32_t> uint32{fast.uint32, sonnx_div_u32, sonnx_div_domain_scan_u32};
  const Paths<std::uint64_t> uint64{fast.uint64, sonnx_div_u64, sonnx_div_domain_scan_u64};
  register_type<std::int8_t>("int8", DataType::int8, int8);
  register_type<std::int16_t>("int16", DataType::int16, int16);
  register_type<std::int32_t>("int32", DataType::int32, int32);
  register_type<std::int64_t>("int64", DataType::int64, int64);
  register_type<std::uint8_t>("uint8", DataType::uint8, uint8);
  register_type<std::uint16_t>("uint16", DataType::uint16, uint16);
  register_type<std::uint32_t>("uint32", DataType::uint32, uint32);
  register_type<std::uint64_t>("uint64", DataType::uint64, uint64);
  // The 64-bit types once more with operands below 2^53 and below 2^31 in magnitude, which the
  // blocked kernels divide through binary64, the second also converting through int32 (the
  // default operands are full-width: every block the kernels scan fails its scans), with mixed
  // blocks and alternating operands (every block fails its scans, whatever the block size), and
  // with the adversarial pattern (every block scanned fails, and the others would not).
  const std::tuple<const char*, unsigned> distributions[] = {{"below_2p53", 11},
                                                             {"below_2p31", 33},
                                                             {"mixed_blocks", kMixedBlocks},
                                                             {"alternating", kAlternating},
                                                             {"adversarial", kAdversarial}};
  for (const auto& [distribution, shift] : distributions) {
    register_type<std::int64_t>(("int64_" + std::string(distribution)).c_str(), DataType::int64,
                                int64, shift);
    register_type<std::uint64_t>(("uint64_" + std::string(distribution)).c_str(), DataType::uint64,
                                 uint64, shift);
  }

  sonnx::bench::CollectingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  if (evidence.empty()) return 0;

  nlohmann::json records = sonnx::bench::ratio_records(reporter, types, kernel_paths, rounds);
  add_onnxruntime_peer(records, node, profiler);
  sonnx::bench::write_evidence(evidence, records, rounds);
  return 0;
}
