#include "sonnx_verify/fast_path_equivalence.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <iterator>
#include <limits>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>
#include <tuple>
#include <type_traits>

#include "div/fast/div_kernel_tables.hpp"
#include "div/kernels/div_domain.h"
#include "div/kernels/div_kernels.h"

namespace sonnx::detail {
namespace {

// In FastPathType order.
constexpr struct {
  const char* name;
  FastPathType type;
} type_table[] = {{"f16", FastPathType::float16},   {"bf16", FastPathType::bfloat16},
                  {"int8", FastPathType::int8},     {"int16", FastPathType::int16},
                  {"int32", FastPathType::int32},   {"uint8", FastPathType::uint8},
                  {"uint16", FastPathType::uint16}, {"uint32", FastPathType::uint32},
                  {"int64", FastPathType::int64},   {"uint64", FastPathType::uint64}};

constexpr bool type_table_in_enum_order() {
  for (std::size_t k = 0; k < std::size(type_table); ++k) {
    if (static_cast<std::size_t>(type_table[k].type) != k) return false;
  }
  return true;
}
static_assert(type_table_in_enum_order());

// 2^64 pairs cannot be enumerated: 32/64-bit types are sampled (and proved, div_fastpath.mlw).
constexpr std::uint64_t default_32_bit_sample = 100000000;

// The proved domain scan of an integer type (div_domain.h): the index of the first element outside
// the domain, n when there is none.
template <typename T>
using DomainScan = std::size_t (*)(const T*, const T*, std::size_t);

// One element type: its proved kernel, where its fast kernel sits in a table, its domain scan.
template <typename T>
struct Route {
  FastPathType type;
  DivKernel<T> proved;
  DivKernel<T> KernelTable::*fast;
  DomainScan<T> scan;  // null for the float formats: no domain error
  bool is_integer() const noexcept { return scan != nullptr; }
};
template <typename T>
Route(FastPathType, DivKernel<T>, DivKernel<T> KernelTable::*, DomainScan<T>) -> Route<T>;

// The instruction set named by the examples of the domain scan's errors.
constexpr const char* kDomainScan = "domain scan";

std::uint64_t splitmix64(std::uint64_t& state) noexcept {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

template <typename T>
using Bits = std::make_unsigned_t<T>;

template <typename T>
T from_bits(std::uint64_t bits) noexcept {
  return static_cast<T>(static_cast<Bits<T>>(bits));
}

template <typename T>
std::uint64_t to_bits(T value) noexcept {
  return static_cast<Bits<T>>(value);
}

// For integer routes only.
template <typename T>
bool outside_domain(T a, T b) noexcept {
  if (b == 0) return true;
  if constexpr (std::is_signed_v<T>) return a == std::numeric_limits<T>::min() && b == T(-1);
  return false;
}

// Operand patterns near every power of two, both signs: the boundaries of conversions, of
// rounding and of the integer ranges.
template <typename T>
std::vector<T> boundary_values() {
  std::vector<T> values;
  constexpr unsigned bits = 8 * sizeof(T);
  for (unsigned k = 0; k < bits; ++k) {
    const std::uint64_t p = std::uint64_t{1} << k;
    for (const std::uint64_t v : {p, p - 1, p + 1, p + p / 2}) {
      values.push_back(from_bits<T>(v));
      values.push_back(from_bits<T>(0 - v));
    }
  }
  values.push_back(std::numeric_limits<T>::min());
  values.push_back(std::numeric_limits<T>::max());
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

struct Counters {
  std::uint64_t outside_domain = 0;
  std::uint64_t mismatches = 0;
  std::vector<EquivalenceMismatch> examples;
};

template <typename T>
class Checker {
 public:
  Checker(const Route<T>& route, std::vector<const KernelTable*> tables, std::size_t max_examples,
          EquivalenceOptions::PlantedScanFault planted)
      : route_(route), tables_(std::move(tables)), max_examples_(max_examples), planted_(planted) {}

  // Checks one row of pairs (b is modified: out-of-domain divisors are counted and become 1), and
  // with_diagonal the pairs (b[i], b[i]) too.
  void check_row(std::vector<T>& a, std::vector<T>& b, std::size_t split, bool with_diagonal,
                 Counters& counters) {
    const std::size_t n = a.size();
    if (route_.is_integer()) {  // the integer kernels require the domain (C3, D3)
      for (std::size_t i = 0; i < n; ++i) {
        if (!outside_domain(a[i], b[i])) continue;
        ++counters.outside_domain;
        if (scan(&a[i], &b[i], 1) != 0) record(counters, kDomainScan, a[i], b[i], T(0), T(1));
        b[i] = T(1);
      }
      if (scan(a.data(), b.data(), n) != n) {  // a false alarm in a row inside the domain
        record(counters, kDomainScan, T(0), T(1), T(1), T(0));
      }
    }
    std::vector<T> proved(n), fast(n), diagonal;
    route_.proved(a.data(), b.data(), proved.data(), n);
    if (with_diagonal) {  // the pairs (b[i], b[i]), for c = a = b
      diagonal.resize(n);
      route_.proved(b.data(), b.data(), diagonal.data(), n);
    }
    for (const KernelTable* table : tables_) {
      const DivKernel<T> kernel = table->*route_.fast;
      // Into a buffer of its own, then in place (D6, exact aliasing): c = a, c = b, c = a = b.
      const auto run = [&](const T* x, const T* y, T* c) {
        kernel(x, y, c, split);
        kernel(x + split, y + split, c + split, n - split);
      };
      run(a.data(), b.data(), fast.data());
      compare(counters, table->instruction_set, a, b, fast, proved);
      fast = a;
      run(fast.data(), b.data(), fast.data());
      compare(counters, table->instruction_set, a, b, fast, proved);
      fast = b;
      run(a.data(), fast.data(), fast.data());
      compare(counters, table->instruction_set, a, b, fast, proved);
      if (with_diagonal) {
        fast = b;
        run(fast.data(), fast.data(), fast.data());
        compare(counters, table->instruction_set, b, b, fast, diagonal);
      }
    }
  }

  void compare(Counters& counters, const char* instruction_set, const std::vector<T>& a,
               const std::vector<T>& b, const std::vector<T>& fast, const std::vector<T>& proved) {
    for (std::size_t i = 0; i < fast.size(); ++i) {
      if (std::memcmp(&fast[i], &proved[i], sizeof(T)) != 0) {
        record(counters, instruction_set, a[i], b[i], fast[i], proved[i]);
      }
    }
  }

  void merge(Counters& total, const Counters& part) {
    const std::lock_guard<std::mutex> lock(mutex_);
    total.outside_domain += part.outside_domain;
    total.mismatches += part.mismatches;
    const std::size_t room = max_examples_ - std::min(max_examples_, total.examples.size());
    const auto taken = static_cast<std::ptrdiff_t>(std::min(room, part.examples.size()));
    total.examples.insert(total.examples.end(), part.examples.begin(),
                          part.examples.begin() + taken);
  }

 private:
  void record(Counters& counters, const char* instruction_set, T a, T b, T fast, T proved) {
    ++counters.mismatches;
    if (counters.examples.size() < max_examples_) {
      counters.examples.push_back(
          {instruction_set, to_bits(a), to_bits(b), to_bits(fast), to_bits(proved)});
    }
  }

  // The domain scan's answer, or the planted fault's.
  std::size_t scan(const T* a, const T* b, std::size_t n) const {
    using Fault = EquivalenceOptions::PlantedScanFault;
    if (planted_ == Fault::miss) return n;
    if (planted_ == Fault::false_alarm) return 0;
    return route_.scan(a, b, n);
  }

  Route<T> route_;
  std::vector<const KernelTable*> tables_;
  std::size_t max_examples_;
  EquivalenceOptions::PlantedScanFault planted_;
  std::mutex mutex_;
};

// Runs row(index, a, b) for index in [0, rows) over the threads and checks each row.
template <typename T, typename MakeRow>
Counters run_rows(Checker<T>& checker, std::uint64_t rows, unsigned threads, MakeRow make_row) {
  Counters total;
  std::atomic<std::uint64_t> next{0};
  const auto worker = [&] {
    Counters mine;
    std::vector<T> a, b;
    for (std::uint64_t r = next++; r < rows; r = next++) {
      make_row(r, a, b);
      // Split points 0..60 exercise every tail length of the vector loops. The first row also
      // checks c = a = b on its divisors (every divisor of the 8/16-bit types: b[i] = i).
      checker.check_row(a, b, static_cast<std::size_t>((r * 7) % 61) % (a.size() + 1), r == 0,
                        mine);
    }
    checker.merge(total, mine);
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < std::max(1u, threads); ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  return total;
}

// Every pair of an 8/16-bit type, or the first `rows` rows of them: row r pairs a = r + i with
// b = i (mod 2^bits), so every pair comes once, with varied operands in every vector.
template <typename T>
Counters check_all_pairs(Checker<T>& checker, const EquivalenceOptions& options,
                         EquivalenceResult& result) {
  constexpr unsigned bits = 8 * sizeof(T);
  static_assert(bits <= 16, "2^64 pairs cannot be enumerated");
  constexpr std::uint64_t size = std::uint64_t{1} << bits;
  const std::uint64_t rows = options.rows != 0 ? std::min(options.rows, size) : size;
  result.mode = rows == size ? "exhaustive" : "exhaustive-prefix";
  result.pairs_checked = rows * size;
  return run_rows(checker, rows, options.threads, [&](std::uint64_t r, auto& a, auto& b) {
    a.resize(size);
    b.resize(size);
    for (std::uint64_t i = 0; i < size; ++i) {
      a[i] = from_bits<T>(r + i);
      b[i] = from_bits<T>(i);
    }
  });
}

// The operands of one row built block by block for the 64-bit blocked kernels (blocks of 128, as
// SONNX_DIV_BLOCK_ELEMENTS of div_blocked_kernels.c): each block below 2^31 in magnitude (N), with
// an operand between 2^31 and 2^53 (W), or with one full-width operand (F), at a random place. The
// runs take the kernels' decision through its states (docs/performance.md): scans in both orders,
// the credit capped by a run of N, W after N, F blocks scanned in a row until the credit is spent,
// then not scanned during a long run of F blocks until the probe, which meets F (or N or W).
template <typename T>
void block_row(std::uint64_t& state, std::vector<T>& a, std::vector<T>& b) {
  constexpr std::size_t block = 128;
  // Runs of (kind, blocks); '?' a kind drawn per block, 'f' F or, one time in ten, a kind drawn.
  constexpr struct {
    char kind;
    std::size_t blocks;
  } runs[] = {{'?', 8}, {'N', 10}, {'W', 3}, {'N', 2}, {'F', 6}, {'f', 75}, {'?', 24}};
  a.clear();
  b.clear();
  for (const auto& run : runs) {
    for (std::size_t k = 0; k < run.blocks; ++k) {
      const std::uint64_t draw = splitmix64(state);
      char kind = run.kind;
      if (kind == '?' || (kind == 'f' && draw % 10 == 0)) kind = "NWF"[(draw >> 8) % 3];
      if (kind == 'f') kind = 'F';
      const std::size_t first = a.size(), special = first + (draw >> 16) % block;
      constexpr unsigned narrow = std::is_signed_v<T> ? 32 : 33;  // below 2^31 in magnitude
      for (std::size_t i = first; i < first + block; ++i) {
        const std::uint64_t divisor = splitmix64(state);
        a.push_back(static_cast<T>(from_bits<T>(splitmix64(state)) >> narrow));
        b.push_back(static_cast<T>(from_bits<T>(divisor >> (divisor % 64)) >> narrow));
      }
      if (kind != 'N') {  // W: below 2^53, F: full width, as a dividend or as a divisor
        const T wide = static_cast<T>(from_bits<T>(splitmix64(state)) >> (kind == 'W' ? 11 : 0));
        ((draw >> 24) % 2 == 0 ? a : b)[special] = wide;
      }
    }
  }
}

// Every pair of boundary values, then `sample` seeded random pairs (rounded up to whole rows). For
// the 64-bit types (rows of 16384) of every four random rows one is shifted right by 11 bits
// (arithmetically for signed types), below 2^53, where the blocked kernels take the binary64
// route, one by 33 bits, below 2^31, where they also convert through int32, and one is built
// block by block (block_row).
template <typename T>
Counters check_sample(Checker<T>& checker, const EquivalenceOptions& options, std::uint64_t sample,
                      EquivalenceResult& result) {
  constexpr unsigned bits = 8 * sizeof(T);
  const std::vector<T> edges = boundary_values<T>();
  constexpr std::uint64_t row_size = bits == 64 ? 16384 : 4096;
  const std::uint64_t random_rows = (sample + row_size - 1) / row_size;
  result.mode = "sample";
  result.pairs_checked = edges.size() * edges.size() + random_rows * row_size;
  return run_rows(
      checker, edges.size() + random_rows, options.threads, [&](std::uint64_t r, auto& a, auto& b) {
        if (r < edges.size()) {  // boundary row: edges[r] / every edge
          a.assign(edges.size(), edges[r]);
          b = edges;
          return;
        }
        std::uint64_t state = options.seed ^ (r * 0xD1B54A32D192ED03ULL);
        if constexpr (bits == 64) {
          if (r % 4 == 3) {
            block_row(state, a, b);
            return;
          }
        }
        a.resize(row_size);
        b.resize(row_size);
        const unsigned shift = bits != 64 ? 0 : (r % 4 == 1 ? 11 : (r % 4 == 2 ? 33 : 0));
        for (std::uint64_t i = 0; i < row_size; ++i) {
          a[i] = static_cast<T>(from_bits<T>(splitmix64(state)) >> shift);
          // Divisors of every magnitude: shift the random pattern right.
          const std::uint64_t divisor = splitmix64(state);
          b[i] = static_cast<T>(from_bits<T>(divisor >> (divisor % bits)) >> shift);
        }
      });
}

template <typename T>
EquivalenceResult check_type(const Route<T>& route, const EquivalenceOptions& options,
                             EquivalenceResult result) {
  std::vector<const KernelTable*> tables;
  std::vector<DivKernel<T>> seen{route.proved};
  for (const KernelTable* table : options.tables) {
    const DivKernel<T> kernel = table->*route.fast;
    if (std::find(seen.begin(), seen.end(), kernel) != seen.end()) continue;
    seen.push_back(kernel);
    tables.push_back(table);
    result.instruction_sets.emplace_back(table->instruction_set);
  }
  if (tables.empty()) return result;
  Checker<T> checker(route, tables, options.max_examples, options.planted_scan_fault);
  Counters counters;
  if constexpr (sizeof(T) <= 2) {
    counters = options.sample == 0 ? check_all_pairs(checker, options, result)
                                   : check_sample(checker, options, options.sample, result);
  } else {
    const std::uint64_t sample = options.sample != 0 ? options.sample : default_32_bit_sample;
    counters = check_sample(checker, options, sample, result);
  }
  result.pairs_outside_domain = counters.outside_domain;
  result.mismatches = counters.mismatches;
  result.examples = std::move(counters.examples);
  return result;
}

// The route of each type, each named by its FastPathType (the order does not matter).
using K = KernelTable;
using P = FastPathType;
constexpr std::tuple routes{
    Route<std::uint16_t>{P::float16, sonnx_div_f16, &K::float16, nullptr},
    Route<std::uint16_t>{P::bfloat16, sonnx_div_bf16, &K::bfloat16, nullptr},
    Route{P::int8, sonnx_div_i8, &K::int8, sonnx_div_domain_scan_i8},
    Route{P::int16, sonnx_div_i16, &K::int16, sonnx_div_domain_scan_i16},
    Route{P::int32, sonnx_div_i32, &K::int32, sonnx_div_domain_scan_i32},
    Route{P::uint8, sonnx_div_u8, &K::uint8, sonnx_div_domain_scan_u8},
    Route{P::uint16, sonnx_div_u16, &K::uint16, sonnx_div_domain_scan_u16},
    Route{P::uint32, sonnx_div_u32, &K::uint32, sonnx_div_domain_scan_u32},
    Route{P::int64, sonnx_div_i64, &K::int64, sonnx_div_domain_scan_i64},
    Route{P::uint64, sonnx_div_u64, &K::uint64, sonnx_div_domain_scan_u64}};

// Every type of type_table has exactly one route: a type left out or named twice does not compile.
constexpr bool one_route_per_type() {
  return std::apply(
      [](const auto&... route) {
        std::size_t count[std::size(type_table)] = {};
        (++count[static_cast<std::size_t>(route.type)], ...);
        const auto once = [](std::size_t c) { return c == 1; };
        return sizeof...(route) == std::size(type_table) &&
               std::all_of(std::begin(count), std::end(count), once);
      },
      routes);
}
static_assert(one_route_per_type());

// Calls f with the route of `type`.
template <typename F>
void with_route(FastPathType type, F f) {
  std::apply([&](const auto&... route) { ((route.type == type ? f(route) : void()), ...); },
             routes);
}

}  // namespace

std::vector<const KernelTable*> runnable_kernel_tables() {
  std::vector<const KernelTable*> tables{&baseline_kernel_table()};
#if SONNX_DIV_X86_64_FAST_PATHS
  if (avx2_fast_paths_supported()) tables.push_back(&avx2_kernel_table());
#endif
  return tables;
}

std::optional<FastPathType> parse_fast_path_type(std::string_view name) noexcept {
  for (const auto& entry : type_table) {
    if (name == entry.name) return entry.type;
  }
  return std::nullopt;
}

const char* fast_path_type_name(FastPathType type) noexcept {
  return type_table[static_cast<std::size_t>(type)].name;
}

EquivalenceResult check_fast_path_equivalence(const EquivalenceOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  EquivalenceResult result;
  result.type = fast_path_type_name(options.type);
  with_route(options.type, [&](const auto& route) { result = check_type(route, options, result); });
  result.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

std::string equivalence_json(const EquivalenceResult& result) {
  nlohmann::json examples = nlohmann::json::array();
  for (const EquivalenceMismatch& m : result.examples) {
    examples.push_back({{"instruction_set", m.instruction_set},
                        {"a", m.a},
                        {"b", m.b},
                        {"fast", m.fast},
                        {"proved", m.proved}});
  }
  const nlohmann::json record = {
      {"format", std::string("fastpath-") + result.type},
      {"requirements", {"D9"}},
      {"check",
       "fast path bits equal to the proved kernel's; out-of-domain integer pairs reported by the "
       "domain scan"},
      {"mode", result.mode},
      {"instruction_sets", result.instruction_sets},
      {"pairs_checked", result.pairs_checked},
      {"pairs_outside_domain", result.pairs_outside_domain},
      {"mismatches", result.mismatches},
      {"wall_s", result.wall_s},
      {"pairs_per_s", result.pairs_per_s()},
      {"passed", result.passed()},
      {"mismatch_examples", examples}};
  return record.dump(2) + "\n";
}

}  // namespace sonnx::detail
