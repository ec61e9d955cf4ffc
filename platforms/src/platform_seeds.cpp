// platform_test: the worked examples of the source documents, through the checked API.
#include <sonnx_seed_examples.hpp>
#include <span>

#include "platform_test.hpp"

namespace sonnx::platform {
namespace {

// The worked examples of the source documents (seeds 000, 002, 004) with their expected results:
// spec/seed-examples.json, checked and written as this header at build time (a float's expected
// pattern is the correctly rounded quotient; a NaN one is the canonical quiet NaN, which any quiet
// NaN matches).
using sonnx::seed_examples::FloatExample;
using sonnx::seed_examples::IntegerExample;
using sonnx::seed_examples::max_elements;

// One example in one type: its shape and bit patterns.
struct Seed {
  const char* name;
  std::span<const std::int64_t> shape;
  std::span<const std::uint64_t> a, b, c;
};

template <typename T>
void run_seed(const TypeInfo& type, const Seed& seed) {
  T* a = slots<T>(buffer_a);
  T* b = slots<T>(buffer_b);
  T* c = slots<T>(buffer_c);
  const std::span<const std::int64_t> shape = seed.shape;
  const std::size_t n = seed.a.size();
  const Kernels proved = Kernels::proved;
  for (const Kernels* mode : {static_cast<const Kernels*>(nullptr), &proved}) {
    Tally& t = new_tally(type, "seed",
                         mode == nullptr ? "checked API, default kernels (SONNX_DIV_KERNELS)"
                                         : "checked API, proved kernels",
                         "");
    t.note = seed.name;
    for (std::size_t i = 0; i < n; ++i) {
      a[i] = from_bits<T>(seed.a[i]);
      b[i] = from_bits<T>(seed.b[i]);
    }
    const Status status =
        call_api({type.type, shape, a}, {type.type, shape, b}, {type.type, shape, c}, mode);
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t got = status.ok() ? plant(type, i, to_bits(c[i])) : ~seed.c[i];
      compare(t, seed.a[i], seed.b[i], got, seed.c[i]);
    }
  }
}

template <typename T>
void run_int_seeds(const TypeInfo& type) {
  for (const IntegerExample& e : sonnx::seed_examples::integer_examples) {
    if (e.signed_only && !std::is_signed_v<T>) continue;
    std::uint64_t a[max_elements], b[max_elements], c[max_elements];  // the values in T, as bits
    for (std::size_t i = 0; i < e.n; ++i) {
      a[i] = to_bits(static_cast<T>(e.a[i]));
      b[i] = to_bits(static_cast<T>(e.b[i]));
      c[i] = to_bits(static_cast<T>(e.c[i]));
    }
    run_seed<T>(type, {e.name, {e.shape, e.rank}, {a, e.n}, {b, e.n}, {c, e.n}});
  }
}

template <typename T>
void run_float_seed(const TypeInfo& type, const FloatExample& e) {
  run_seed<T>(type, {e.name, {e.shape, e.rank}, {e.a, e.n}, {e.b, e.n}, {e.c, e.n}});
}

}  // namespace

void run_seeds() {
  for (const FloatExample& e : sonnx::seed_examples::float_examples) {
    switch (e.type) {
      case DataType::float16:
        run_float_seed<std::uint16_t>(float16_info, e);
        break;
      case DataType::bfloat16:
        run_float_seed<std::uint16_t>(bfloat16_info, e);
        break;
      case DataType::float32:
        run_float_seed<float>(float32_info, e);
        break;
      default:
        run_float_seed<double>(float64_info, e);
        break;
    }
  }
  run_int_seeds<std::int8_t>(int8_info);
  run_int_seeds<std::int16_t>(int16_info);
  run_int_seeds<std::int32_t>(int32_info);
  run_int_seeds<std::int64_t>(int64_info);
  run_int_seeds<std::uint8_t>(uint8_info);
  run_int_seeds<std::uint16_t>(uint16_info);
  run_int_seeds<std::uint32_t>(uint32_info);
  run_int_seeds<std::uint64_t>(uint64_info);
}

}  // namespace sonnx::platform
