// The campaign's case generators (cases.hpp).
#include <array>
#include <sonnx/conform/cases.hpp>
#include <sonnx/conform/comparison.hpp>
#include <sonnx/io/golden.hpp>

namespace sonnx::conform {

io::OwnedTensor tensor_of(DataType type, std::size_t n) {
  return {type, {static_cast<std::int64_t>(n)}, std::vector<unsigned char>(n * element_size(type))};
}

Batch edge_batch(DataType type) {
  const std::vector<io::GoldenCase> cases = io::golden_cases(type);
  Batch batch{type, "edge", tensor_of(type, cases.size()), tensor_of(type, cases.size()), {}};
  const std::size_t size = element_size(type);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    store_bits(batch.a.bytes, i, size, cases[i].a);
    store_bits(batch.b.bytes, i, size, cases[i].b);
    batch.notes.push_back(cases[i].note);
  }
  return batch;
}

std::vector<Batch> domain_batches(DataType type) {
  const BitLayout l = bit_layout(type);
  std::vector<Batch> batches;
  if (l.is_float) return batches;
  const auto one = [&](std::uint64_t a, std::uint64_t b, const std::string& note) {
    Batch batch{type, "domain", tensor_of(type, 1), tensor_of(type, 1), {note}};
    store_bits(batch.a.bytes, 0, l.size, a);
    store_bits(batch.b.bytes, 0, l.size, b);
    batches.push_back(std::move(batch));
  };
  one(7, 0, "7 / 0: zero divisor (C3)");
  one(0, 0, "0 / 0: zero divisor (C3)");
  if (l.is_signed) one(l.sign, l.mask, "MIN / -1: quotient not representable (D3)");
  return batches;
}

std::uint64_t RandomSource::operand(const BitLayout& l, bool& special) {
  const std::uint64_t r = rng();
  if (r % 8 != 0) return rng() & l.mask;
  special = true;
  const std::uint64_t sign = (r >> 8) & 1 ? l.sign : 0;
  if (l.is_float) {
    const std::uint64_t one = (l.exponent >> 1) & l.exponent;  // the biased exponent of 1.0
    // ±0, ±infinity, a quiet and a signalling NaN, the smallest and largest subnormal, the
    // smallest normal, the largest finite, 1 and a random subnormal.
    const std::array<std::uint64_t, 10> values = {0,
                                                  l.exponent,
                                                  l.exponent | (l.mantissa >> 1) | 1,
                                                  l.exponent | 1,
                                                  1,
                                                  l.mantissa,
                                                  l.mantissa + 1,
                                                  l.exponent - 1,
                                                  one,
                                                  (rng() & l.mantissa) | 1};
    return sign | values[(r >> 16) % values.size()];
  }
  const std::array<std::uint64_t, 6> values = {0, 1, l.mask, l.sign, l.sign - 1, l.sign + 1};
  return values[(r >> 16) % values.size()] & l.mask;
}

Batch random_batch(DataType type, std::size_t n, RandomSource& source) {
  const BitLayout l = bit_layout(type);
  Batch batch{type, "random", tensor_of(type, n), tensor_of(type, n), {}};
  for (std::size_t i = 0; i < n; ++i) {
    bool special = false;
    const std::uint64_t a = source.operand(l, special);
    std::uint64_t b = source.operand(l, special);
    if (is_domain_error(requirement_of(l, a, b))) b = 1;
    if (special) ++source.with_special;
    store_bits(batch.a.bytes, i, l.size, a);
    store_bits(batch.b.bytes, i, l.size, b);
  }
  return batch;
}

Batch exhaustive_batch(DataType type, std::size_t chunk, std::size_t k) {
  Batch batch{type, "exhaustive", tensor_of(type, chunk), tensor_of(type, chunk), {}};
  const std::size_t first = k * (chunk >> 16);
  for (std::size_t i = 0; i < chunk; ++i) {
    store_bits(batch.a.bytes, i, 2, first + (i >> 16));
    store_bits(batch.b.bytes, i, 2, i & 0xFFFF);
  }
  return batch;
}

}  // namespace sonnx::conform
