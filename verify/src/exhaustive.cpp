// Exhaustive and sampled verification of a 16-bit Div kernel against the MPFR oracle.
#include "sonnx_verify/exhaustive.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "sweep_progress.hpp"

namespace sonnx::oracle {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::uint16_t kSign = 0x8000;
constexpr std::size_t kBlock = 8192;

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Seed of an independent stream for one work item, so results do not depend on scheduling.
std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t item) {
  std::uint64_t s = seed ^ (item * 0xD1B54A32D192ED03ULL);
  splitmix64(s);
  return s;
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  if (!(in >> one >> five >> fifteen)) return "unknown";
  return one + " " + five + " " + fifteen;
}

// Positive finite non-zero magnitude as m * 2^e with m odd.
struct OddForm {
  std::uint64_t m;
  int e;
};

OddForm odd_form(const BinaryFormat& f, std::uint64_t magnitude) {
  const std::uint64_t field = magnitude >> (f.precision - 1);
  std::uint64_t m = magnitude & f.fraction_mask();
  int e = f.emin() - f.precision + 1;
  if (field != 0) {
    m |= std::uint64_t{1} << (f.precision - 1);
    e = static_cast<int>(field) - f.emax - f.precision + 1;
  }
  while ((m & 1u) == 0) {
    m >>= 1;
    ++e;
  }
  return {m, e};
}

// Pattern of the positive value m * 2^e (m odd) if the format represents it exactly.
std::optional<std::uint64_t> encode(const BinaryFormat& f, std::uint64_t m, int e) {
  int top = e;
  for (std::uint64_t x = m >> 1; x != 0; x >>= 1) ++top;
  if (top > f.emax) return std::nullopt;
  const int quantum = std::max(top, f.emin()) - f.precision + 1;
  if (e < quantum) return std::nullopt;
  const std::uint64_t significand = m << (e - quantum);
  if (top < f.emin()) return significand;
  return (static_cast<std::uint64_t>(top + f.emax) << (f.precision - 1)) |
         (significand & f.fraction_mask());
}

struct Member {
  std::uint16_t bits;
  int e;
};

// Magnitudes grouped so that, inside a pair of groups, e_A - e_B identifies the exact quotient.
std::vector<std::vector<Member>> build_buckets(const BinaryFormat& f) {
  std::vector<std::vector<Member>> buckets(3);  // 0: zero, 1: infinity, 2: every NaN
  std::vector<int> bucket_of_m(std::size_t{1} << f.precision, -1);
  buckets[0].push_back({0, 0});
  for (std::uint32_t mag = 1; mag < 0x8000u; ++mag) {
    const auto bits = static_cast<std::uint16_t>(mag);
    if (f.is_inf(bits)) {
      buckets[1].push_back({bits, 0});
    } else if (f.is_nan(bits)) {
      buckets[2].push_back({bits, 0});
    } else {
      const OddForm v = odd_form(f, bits);
      int& index = bucket_of_m[v.m];
      if (index < 0) {
        index = static_cast<int>(buckets.size());
        buckets.emplace_back();
      }
      buckets[static_cast<std::size_t>(index)].push_back({bits, v.e});
    }
  }
  return buckets;
}

bool nan16(const BinaryFormat& f, std::uint16_t x) { return f.is_nan(x); }

std::uint16_t apply_sign(const BinaryFormat& f, std::uint16_t positive_result, std::uint16_t sign) {
  return nan16(f, positive_result) ? positive_result
                                   : static_cast<std::uint16_t>(positive_result ^ sign);
}

std::uint16_t oracle16(const BinaryFormat& f, std::uint16_t a, std::uint16_t b) {
  return static_cast<std::uint16_t>(div(f, a, b));
}

// Per-thread state: the block of pairs waiting for the kernel and the counters.
class Worker {
 public:
  Worker(const SweepOptions& options, std::atomic<std::uint64_t>& progress)
      : options_(options), f_(*options.format), progress_(progress) {
    a_.reserve(kBlock);
    b_.reserve(kBlock);
    expected_.reserve(kBlock);
    c_.resize(kBlock);
    nan_counts_.resize(std::size_t{1} << 16);
    nan_first_.resize(std::size_t{1} << 16, ~std::uint32_t{0});
  }

  void push(std::uint16_t a, std::uint16_t b, std::uint16_t expected) {
    a_.push_back(a);
    b_.push_back(b);
    expected_.push_back(expected);
    if (a_.size() == kBlock) flush();
  }

  void flush() {
    const std::size_t n = a_.size();
    if (n == 0) return;
    options_.kernel(a_.data(), b_.data(), c_.data(), n);
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint16_t got = c_[i];
      const std::uint16_t want = expected_[i];
      if (nan16(f_, got)) note_nan(a_[i], b_[i], got);
      if (!same_result(f_, got, want)) record(a_[i], b_[i], got, want);
    }
    pairs_ += n;
    progress_.fetch_add(n, std::memory_order_relaxed);
    a_.clear();
    b_.clear();
    expected_.clear();
  }

  std::uint16_t oracle(std::uint16_t a, std::uint16_t b) {
    ++oracle_calls_;
    return oracle16(f_, a, b);
  }

  void symmetry_check(std::uint16_t a, std::uint16_t b, std::uint16_t derived) {
    ++symmetry_checks_;
    const std::uint16_t direct = oracle(a, b);
    if (!same_result(f_, direct, derived)) {
      ++symmetry_failures_;
      std::fprintf(stderr,
                   "verify-exhaustive: symmetry failure A=%04X B=%04X direct=%04X derived=%04X\n",
                   a, b, direct, derived);
    }
  }

  std::uint64_t pairs_ = 0;
  std::uint64_t mismatches_ = 0;
  std::uint64_t oracle_calls_ = 0;
  std::uint64_t symmetry_checks_ = 0;
  std::uint64_t symmetry_failures_ = 0;
  // The smallest mismatches by key (A << 16 | B), kept as a max-heap of bounded size.
  std::vector<std::pair<std::uint32_t, MismatchExample>> examples_;
  // Per NaN result pattern: how often, and the smallest key (A << 16 | B) that gave it.
  std::vector<std::uint64_t> nan_counts_;
  std::vector<std::uint32_t> nan_first_;

 private:
  void note_nan(std::uint16_t a, std::uint16_t b, std::uint16_t got) {
    ++nan_counts_[got];
    nan_first_[got] = std::min(nan_first_[got], (std::uint32_t{a} << 16) | b);
  }

  void record(std::uint16_t a, std::uint16_t b, std::uint16_t got, std::uint16_t want) {
    ++mismatches_;
    if (options_.max_examples == 0) return;
    const std::uint32_t key = (std::uint32_t{a} << 16) | b;
    const auto less = [](const auto& x, const auto& y) { return x.first < y.first; };
    if (examples_.size() < options_.max_examples) {
      examples_.push_back({key, {a, b, got, want}});
      std::push_heap(examples_.begin(), examples_.end(), less);
    } else if (key < examples_.front().first) {
      std::pop_heap(examples_.begin(), examples_.end(), less);
      examples_.back() = {key, {a, b, got, want}};
      std::push_heap(examples_.begin(), examples_.end(), less);
    }
  }

  const SweepOptions& options_;
  const BinaryFormat& f_;
  std::atomic<std::uint64_t>& progress_;
  std::vector<std::uint16_t> a_, b_, expected_, c_;
};

// Full mode: one work item per pair of buckets.
class FullSweep {
 public:
  explicit FullSweep(const SweepOptions& options)
      : options_(options), f_(*options.format), buckets_(build_buckets(f_)) {
    int lo = 0;
    int hi = 0;
    for (const auto& bucket : buckets_) {
      for (const Member& member : bucket) {
        lo = std::min(lo, member.e);
        hi = std::max(hi, member.e);
      }
    }
    key_offset_ = hi - lo;
    key_count_ = static_cast<std::size_t>(2 * (hi - lo) + 1);
  }

  [[nodiscard]] std::uint64_t items() const {
    return static_cast<std::uint64_t>(buckets_.size()) * buckets_.size();
  }

  void run_item(std::uint64_t item, Worker& worker, std::vector<std::uint16_t>& cache,
                std::vector<std::uint8_t>& known) const {
    const auto& as = buckets_[static_cast<std::size_t>(item / buckets_.size())];
    const auto& bs = buckets_[static_cast<std::size_t>(item % buckets_.size())];
    std::fill(known.begin(), known.end(), std::uint8_t{0});
    for (const Member& ma : as) {
      for (const Member& mb : bs) {
        const auto key = static_cast<std::size_t>(ma.e - mb.e + key_offset_);
        if (known[key] == 0) {
          cache[key] = worker.oracle(ma.bits, mb.bits);
          known[key] = 1;
        }
        const std::uint16_t positive = cache[key];
        const std::uint16_t negative = apply_sign(f_, positive, kSign);
        const auto a = ma.bits;
        const auto b = mb.bits;
        const auto na = static_cast<std::uint16_t>(a | kSign);
        const auto nb = static_cast<std::uint16_t>(b | kSign);
        worker.push(a, b, positive);
        worker.push(na, b, negative);
        worker.push(a, nb, negative);
        worker.push(na, nb, positive);
      }
    }
    // Re-check both reductions on random pairs of this item against direct signed oracle calls.
    const std::uint64_t evaluated = 4ULL * as.size() * bs.size();
    std::uint64_t state = stream_seed(options_.seed, item);
    for (std::uint64_t k = 0; k < 1 + evaluated / 16384; ++k) {
      const Member& ma = as[splitmix64(state) % as.size()];
      const Member& mb = bs[splitmix64(state) % bs.size()];
      const std::uint64_t r = splitmix64(state);
      const auto sa = static_cast<std::uint16_t>((r & 1u) != 0 ? kSign : 0);
      const auto sb = static_cast<std::uint16_t>((r & 2u) != 0 ? kSign : 0);
      const auto key = static_cast<std::size_t>(ma.e - mb.e + key_offset_);
      worker.symmetry_check(static_cast<std::uint16_t>(ma.bits | sa),
                            static_cast<std::uint16_t>(mb.bits | sb),
                            apply_sign(f_, cache[key], static_cast<std::uint16_t>(sa ^ sb)));
    }
  }

  [[nodiscard]] std::size_t key_count() const { return key_count_; }

 private:
  const SweepOptions& options_;
  const BinaryFormat& f_;
  std::vector<std::vector<Member>> buckets_;
  int key_offset_ = 0;
  std::size_t key_count_ = 0;
};

constexpr std::uint64_t kSampleChunk = 65536;

// Sample mode: item 0 is every pair of special operands, items 1.. are chunks of random pairs.
class SampleSweep {
 public:
  explicit SampleSweep(const SweepOptions& options) : options_(options), f_(*options.format) {
    for (const std::uint16_t magnitude : special_magnitudes(f_)) {
      specials_.push_back(magnitude);
      specials_.push_back(static_cast<std::uint16_t>(magnitude | kSign));
    }
  }

  [[nodiscard]] std::uint64_t items() const {
    return 1 + (options_.sample + kSampleChunk - 1) / kSampleChunk;
  }
  [[nodiscard]] std::uint64_t total_pairs() const {
    return specials_.size() * specials_.size() + options_.sample;
  }

  void run_item(std::uint64_t item, Worker& worker) const {
    std::uint64_t state = stream_seed(options_.seed, item);
    if (item == 0) {
      for (const std::uint16_t a : specials_) {
        for (const std::uint16_t b : specials_) check(a, b, worker, state, true);
      }
      return;
    }
    const std::uint64_t first = (item - 1) * kSampleChunk;
    const std::uint64_t count = std::min(kSampleChunk, options_.sample - first);
    for (std::uint64_t k = 0; k < count; ++k) {
      const std::uint64_t r = splitmix64(state);
      check(static_cast<std::uint16_t>(r), static_cast<std::uint16_t>(r >> 16), worker, state,
            (k % 16) == 0);
    }
  }

 private:
  void check(std::uint16_t a, std::uint16_t b, Worker& worker, std::uint64_t& state,
             bool recheck) const {
    const std::uint16_t expected = worker.oracle(a, b);
    worker.push(a, b, expected);
    if (!recheck) return;
    // Sign symmetry, as the full sweep uses it: oracle(|A|, |B|) with the XOR of the signs.
    const auto ma = static_cast<std::uint16_t>(a & 0x7FFF);
    const auto mb = static_cast<std::uint16_t>(b & 0x7FFF);
    const auto sign = static_cast<std::uint16_t>((a ^ b) & kSign);
    const std::uint16_t positive = worker.oracle(ma, mb);
    worker.symmetry_check(a, b, apply_sign(f_, positive, sign));
    // Equal quotients: scale both operands by the same power of two when both stay exact.
    if (!f_.is_finite(ma) || !f_.is_finite(mb) || ma == 0 || mb == 0) return;
    const OddForm va = odd_form(f_, ma);
    const OddForm vb = odd_form(f_, mb);
    const int shift = static_cast<int>(splitmix64(state) % 9) - 4;
    const auto sa = encode(f_, va.m, va.e + shift);
    const auto sb = encode(f_, vb.m, vb.e + shift);
    if (sa && sb) {
      worker.symmetry_check(static_cast<std::uint16_t>(*sa), static_cast<std::uint16_t>(*sb),
                            positive);
    }
  }

  const SweepOptions& options_;
  const BinaryFormat& f_;
  std::vector<std::uint16_t> specials_;
};

}  // namespace

std::vector<std::uint16_t> special_magnitudes(const BinaryFormat& f) {
  const auto one =
      static_cast<std::uint16_t>(static_cast<std::uint64_t>(f.emax) << (f.precision - 1));
  const auto inf = static_cast<std::uint16_t>(f.infinity());
  const auto minn = static_cast<std::uint16_t>(f.min_normal());
  const auto maxf = static_cast<std::uint16_t>(f.max_finite());
  const std::uint16_t two_exp = static_cast<std::uint16_t>(std::uint64_t{1} << (f.precision - 1));
  return {0,
          1,
          2,
          3,
          static_cast<std::uint16_t>(minn - 1),
          static_cast<std::uint16_t>(minn - 2),
          minn,
          static_cast<std::uint16_t>(minn + 1),
          static_cast<std::uint16_t>(2 * minn - 1),
          static_cast<std::uint16_t>(one - 1),
          one,
          static_cast<std::uint16_t>(one + 1),
          static_cast<std::uint16_t>(one + two_exp),                   // 2
          static_cast<std::uint16_t>(one - two_exp),                   // 1/2
          static_cast<std::uint16_t>(one + two_exp + (two_exp >> 1)),  // 3
          static_cast<std::uint16_t>(maxf - 1),
          maxf,
          inf,
          static_cast<std::uint16_t>(f.quiet_nan()),
          static_cast<std::uint16_t>(inf + 1),  // signalling NaN
          0x7FFF};                              // NaN, all payload bits
}

SweepResult run_sweep(const SweepOptions& options) {
  if (options.format == nullptr || options.format->width != 16 || options.kernel == nullptr) {
    throw std::invalid_argument("run_sweep: a 16-bit format and a kernel are required");
  }
  const BinaryFormat& f = *options.format;
  SweepResult result;
  result.format = f.precision == binary16.precision ? "f16" : "bf16";
  result.mode = options.sample == 0 ? "full" : "sample";
  result.kernel = options.kernel_name;
  result.seed = options.seed;
  result.threads = std::max(1u, options.threads);
  result.load_average_start = load_average();

  std::optional<FullSweep> full;
  std::optional<SampleSweep> sample;
  std::uint64_t items = 0;
  std::uint64_t total = 0;
  if (options.sample == 0) {
    full.emplace(options);
    items = full->items();
    total = 1ULL << 32;
  } else {
    sample.emplace(options);
    items = sample->items();
    total = sample->total_pairs();
  }

  const auto start = Clock::now();
  std::atomic<std::uint64_t> next_item{0};
  std::atomic<std::uint64_t> progress{0};
  std::atomic<unsigned> running{result.threads};
  std::mutex merge_mutex;
  std::exception_ptr failure;
  std::vector<std::pair<std::uint32_t, MismatchExample>> examples;
  std::vector<std::uint64_t> nan_counts(std::size_t{1} << 16);
  std::vector<std::uint32_t> nan_first(std::size_t{1} << 16, ~std::uint32_t{0});

  const auto work = [&]() {
    try {
      Worker worker(options, progress);
      std::vector<std::uint16_t> cache(full ? full->key_count() : 0);
      std::vector<std::uint8_t> known(cache.size());
      for (std::uint64_t item = next_item.fetch_add(1); item < items;
           item = next_item.fetch_add(1)) {
        if (full) {
          full->run_item(item, worker, cache, known);
        } else {
          sample->run_item(item, worker);
        }
      }
      worker.flush();
      const std::lock_guard<std::mutex> lock(merge_mutex);
      result.pairs_checked += worker.pairs_;
      result.mismatches += worker.mismatches_;
      result.oracle_calls += worker.oracle_calls_;
      result.symmetry_checks += worker.symmetry_checks_;
      result.symmetry_failures += worker.symmetry_failures_;
      examples.insert(examples.end(), worker.examples_.begin(), worker.examples_.end());
      for (std::size_t bits = 0; bits < nan_counts.size(); ++bits) {
        nan_counts[bits] += worker.nan_counts_[bits];
        nan_first[bits] = std::min(nan_first[bits], worker.nan_first_[bits]);
      }
    } catch (...) {
      const std::lock_guard<std::mutex> lock(merge_mutex);
      if (!failure) failure = std::current_exception();
      next_item.store(items);
    }
    running.fetch_sub(1);
  };

  std::vector<std::thread> threads;
  for (unsigned t = 0; t < result.threads; ++t) threads.emplace_back(work);
  Progress bar(options.progress, "verify-exhaustive " + result.format + " (" + result.mode + ")",
               total);
  while (running.load() != 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    bar.update(progress.load(std::memory_order_relaxed), false);
  }
  for (std::thread& thread : threads) thread.join();
  bar.update(progress.load(), true);
  if (failure) std::rethrow_exception(failure);

  result.wall_s = std::chrono::duration<double>(Clock::now() - start).count();
  result.load_average_end = load_average();
  std::sort(examples.begin(), examples.end(),
            [](const auto& x, const auto& y) { return x.first < y.first; });
  for (std::size_t i = 0; i < examples.size() && i < options.max_examples; ++i) {
    result.mismatch_examples.push_back(examples[i].second);
  }
  for (std::size_t bits = 0; bits < nan_counts.size(); ++bits) {
    if (nan_counts[bits] == 0) continue;
    result.nan_results.push_back({static_cast<std::uint16_t>(bits), nan_counts[bits],
                                  static_cast<std::uint16_t>(nan_first[bits] >> 16),
                                  static_cast<std::uint16_t>(nan_first[bits] & 0xFFFFu)});
  }
  std::stable_sort(result.nan_results.begin(), result.nan_results.end(),
                   [](const NanResult& x, const NanResult& y) { return x.count > y.count; });
  if (result.pairs_checked != total) {
    throw std::logic_error("verify-exhaustive: checked " + std::to_string(result.pairs_checked) +
                           " pairs instead of " + std::to_string(total));
  }
  return result;
}

}  // namespace sonnx::oracle
