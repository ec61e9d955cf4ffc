// platform_test: the worked examples of the source documents, through the checked API.
#include "platform_test.hpp"

namespace sonnx::platform {
namespace {

// ---------------------------------------------------------------------------------------------
// Seed examples: the worked examples of the source documents (seeds 000, 002, 004), with their
// values; float bit patterns are the correctly rounded quotients (exact rational arithmetic), a
// NaN expected result written as the canonical quiet NaN (any quiet NaN matches).
struct Seed {
  const char* name;
  std::int64_t shape[2];
  std::size_t rank;
  std::size_t n;
  std::uint64_t a[6], b[6], c[6];
};

struct IntSeed {
  const char* name;
  bool signed_only;
  std::int64_t shape[2];
  std::size_t rank;
  std::size_t n;
  long long a[6], b[6], c[6];
};

const IntSeed int_seeds[] = {
    {"seed 002 int example 1: [6,5,-35] / [3,3,3] = [2,1,-11]",
     true,
     {3, 0},
     1,
     3,
     {6, 5, -35},
     {3, 3, 3},
     {2, 1, -11}},
    {"seed 002 int example 2: 3x2 quotients, fraction discarded",
     false,
     {3, 2},
     2,
     6,
     {10, 10, 21, 1, 30, 9},
     {3, 2, 4, 1, 5, 4},
     {3, 5, 5, 1, 6, 2}},
    {"seed 004 example 1: [6,9,35] / [3,3,5] = [2,3,7]",
     false,
     {3, 0},
     1,
     3,
     {6, 9, 35},
     {3, 3, 5},
     {2, 3, 7}},
    {"seed 004 example 2: 3x2 tensors",
     false,
     {3, 2},
     2,
     6,
     {3, 4, 16, 0, 25, 24},
     {3, 2, 4, 1, 5, 4},
     {1, 2, 4, 0, 5, 6}},
    {"seed 002 int: truncation toward zero, -35/3 = -11 (not -12)",
     true,
     {5, 0},
     1,
     5,
     {-35, -3, 3, 35, -35},
     {3, 2, -2, -3, -3},
     {-11, -1, -1, -11, 11}},
};

struct FloatSeed {
  DataType type;
  Seed seed;
};

const FloatSeed float_seeds[] = {
    // Seed 004 example 2: 3/3, 4/2, 16/4, 0/1, 25/5, 24/4, exact in every format.
    {DataType::float16,
     {"seed 004 example 2",
      {3, 2},
      2,
      6,
      {0x4200, 0x4400, 0x4C00, 0, 0x4E40, 0x4E00},
      {0x4200, 0x4000, 0x4400, 0x3C00, 0x4500, 0x4400},
      {0x3C00, 0x4000, 0x4400, 0, 0x4500, 0x4600}}},
    {DataType::bfloat16,
     {"seed 004 example 2",
      {3, 2},
      2,
      6,
      {0x4040, 0x4080, 0x4180, 0, 0x41C8, 0x41C0},
      {0x4040, 0x4000, 0x4080, 0x3F80, 0x40A0, 0x4080},
      {0x3F80, 0x4000, 0x4080, 0, 0x40A0, 0x40C0}}},
    {DataType::float32,
     {"seed 004 example 2",
      {3, 2},
      2,
      6,
      {0x40400000, 0x40800000, 0x41800000, 0, 0x41C80000, 0x41C00000},
      {0x40400000, 0x40000000, 0x40800000, 0x3F800000, 0x40A00000, 0x40800000},
      {0x3F800000, 0x40000000, 0x40800000, 0, 0x40A00000, 0x40C00000}}},
    {DataType::float64,
     {"seed 004 example 2",
      {3, 2},
      2,
      6,
      {0x4008000000000000, 0x4010000000000000, 0x4030000000000000, 0, 0x4039000000000000,
       0x4038000000000000},
      {0x4008000000000000, 0x4000000000000000, 0x4010000000000000, 0x3FF0000000000000,
       0x4014000000000000, 0x4010000000000000},
      {0x3FF0000000000000, 0x4000000000000000, 0x4010000000000000, 0, 0x4014000000000000,
       0x4018000000000000}}},
    // Seed 002 float example 1: A = [3, 4.5, 16, 1, 25.5, 24.25], B = [3, 2, 4, 0, 5, 4].
    {DataType::float16,
     {"seed 002 float example 1 (x/0 = +inf)",
      {3, 2},
      2,
      6,
      {0x4200, 0x4480, 0x4C00, 0x3C00, 0x4E60, 0x4E10},
      {0x4200, 0x4000, 0x4400, 0, 0x4500, 0x4400},
      {0x3C00, 0x4080, 0x4400, 0x7C00, 0x451A, 0x4610}}},
    {DataType::bfloat16,
     {"seed 002 float example 1 (x/0 = +inf)",
      {3, 2},
      2,
      6,
      {0x4040, 0x4090, 0x4180, 0x3F80, 0x41CC, 0x41C2},
      {0x4040, 0x4000, 0x4080, 0, 0x40A0, 0x4080},
      {0x3F80, 0x4010, 0x4080, 0x7F80, 0x40A3, 0x40C2}}},
    {DataType::float32,
     {"seed 002 float example 1 (x/0 = +inf)",
      {3, 2},
      2,
      6,
      {0x40400000, 0x40900000, 0x41800000, 0x3F800000, 0x41CC0000, 0x41C20000},
      {0x40400000, 0x40000000, 0x40800000, 0, 0x40A00000, 0x40800000},
      {0x3F800000, 0x40100000, 0x40800000, 0x7F800000, 0x40A33333, 0x40C20000}}},
    {DataType::float64,
     {"seed 002 float example 1 (x/0 = +inf)",
      {3, 2},
      2,
      6,
      {0x4008000000000000, 0x4012000000000000, 0x4030000000000000, 0x3FF0000000000000,
       0x4039800000000000, 0x4038400000000000},
      {0x4008000000000000, 0x4000000000000000, 0x4010000000000000, 0, 0x4014000000000000,
       0x4010000000000000},
      {0x3FF0000000000000, 0x4002000000000000, 0x4010000000000000, 0x7FF0000000000000,
       0x4014666666666666, 0x4018400000000000}}},
    // Seed 002 float example 2: A = [3.25, 0, 24.25], B = [3, 0, 4]: C = [3.25/3, NaN, 6.0625].
    {DataType::float16,
     {"seed 002 float example 2 (0/0 = NaN)",
      {3, 0},
      1,
      3,
      {0x4280, 0, 0x4E10},
      {0x4200, 0, 0x4400},
      {0x3C55, 0x7E00, 0x4610}}},
    {DataType::bfloat16,
     {"seed 002 float example 2 (0/0 = NaN)",
      {3, 0},
      1,
      3,
      {0x4050, 0, 0x41C2},
      {0x4040, 0, 0x4080},
      {0x3F8B, 0x7FC0, 0x40C2}}},
    {DataType::float32,
     {"seed 002 float example 2 (0/0 = NaN)",
      {3, 0},
      1,
      3,
      {0x40500000, 0, 0x41C20000},
      {0x40400000, 0, 0x40800000},
      {0x3F8AAAAB, 0x7FC00000, 0x40C20000}}},
    {DataType::float64,
     {"seed 002 float example 2 (0/0 = NaN)",
      {3, 0},
      1,
      3,
      {0x400A000000000000, 0, 0x4038400000000000},
      {0x4008000000000000, 0, 0x4010000000000000},
      {0x3FF1555555555555, 0x7FF8000000000000, 0x4018400000000000}}},
    {DataType::float32,
     {"seed 000 test_div_example: [3,4] / [1,2] = [3,2]",
      {2, 0},
      1,
      2,
      {0x40400000, 0x40800000},
      {0x3F800000, 0x40000000},
      {0x40400000, 0x40000000}}},
    {DataType::float64,
     {"seed 004 numpy note: [6,9,35] / [3,3,0] = [2,3,inf]",
      {1, 3},
      2,
      3,
      {0x4018000000000000, 0x4022000000000000, 0x4041800000000000},
      {0x4008000000000000, 0x4008000000000000, 0},
      {0x4000000000000000, 0x4008000000000000, 0x7FF0000000000000}}},
};

template <typename T>
void run_seed(const TypeInfo& type, const Seed& seed) {
  T* a = slots<T>(buffer_a);
  T* b = slots<T>(buffer_b);
  T* c = slots<T>(buffer_c);
  const std::span<const std::int64_t> shape(seed.shape, seed.rank);
  const Kernels proved = Kernels::proved;
  for (const Kernels* mode : {static_cast<const Kernels*>(nullptr), &proved}) {
    Tally& t = new_tally(type, "seed",
                         mode == nullptr ? "checked API, default kernels (SONNX_DIV_KERNELS)"
                                         : "checked API, proved kernels",
                         "");
    t.note = seed.name;
    for (std::size_t i = 0; i < seed.n; ++i) {
      a[i] = from_bits<T>(seed.a[i]);
      b[i] = from_bits<T>(seed.b[i]);
    }
    const Status status =
        call_api({type.type, shape, a}, {type.type, shape, b}, {type.type, shape, c}, mode);
    for (std::size_t i = 0; i < seed.n; ++i) {
      const std::uint64_t got = status.ok() ? plant(type, i, to_bits(c[i])) : ~seed.c[i];
      compare(t, seed.a[i], seed.b[i], got, seed.c[i]);
    }
  }
}

template <typename T>
void run_int_seeds(const TypeInfo& type) {
  for (const IntSeed& s : int_seeds) {
    if (s.signed_only && !std::is_signed_v<T>) continue;
    Seed seed{s.name, {s.shape[0], s.shape[1]}, s.rank, s.n, {}, {}, {}};
    for (std::size_t i = 0; i < s.n; ++i) {
      seed.a[i] = to_bits(static_cast<T>(s.a[i]));
      seed.b[i] = to_bits(static_cast<T>(s.b[i]));
      seed.c[i] = to_bits(static_cast<T>(s.c[i]));
    }
    run_seed<T>(type, seed);
  }
}

}  // namespace

void run_seeds() {
  for (const FloatSeed& s : float_seeds) {
    switch (s.type) {
      case DataType::float16:
        run_seed<std::uint16_t>(float16_info, s.seed);
        break;
      case DataType::bfloat16:
        run_seed<std::uint16_t>(bfloat16_info, s.seed);
        break;
      case DataType::float32:
        run_seed<float>(float32_info, s.seed);
        break;
      default:
        run_seed<double>(float64_info, s.seed);
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
