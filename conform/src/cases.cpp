// The campaign's case generators (cases.hpp).
#include <array>
#include <sonnx/conform/cases.hpp>
#include <sonnx/conform/comparison.hpp>
#include <sonnx/io/golden.hpp>
#include <string>

namespace sonnx::conform {

io::OwnedTensor tensor_of(DataType type, std::size_t n) {
  return {type, {static_cast<std::int64_t>(n)}, std::vector<unsigned char>(n * element_size(type))};
}

namespace {

// 1 / 1 in the type's bits: the valid pair that fills a request around the cases it carries.
std::uint64_t one_bits(const BitLayout& l) {
  return l.is_float ? (l.exponent >> 1) & l.exponent : 1;  // the biased exponent of 1.0
}

const char* const filler_note = "1 / 1: filler, a valid pair around the cases";

// A request of `length` fillers.
Batch filled(DataType type, const char* source, std::size_t length) {
  const BitLayout l = bit_layout(type);
  Batch batch{type, source, tensor_of(type, length), tensor_of(type, length),
              std::vector<std::string>(length, filler_note)};
  for (std::size_t i = 0; i < length; ++i) {
    store_bits(batch.a.bytes, i, l.size, one_bits(l));
    store_bits(batch.b.bytes, i, l.size, one_bits(l));
  }
  return batch;
}

void put(Batch& batch, std::size_t i, std::uint64_t a, std::uint64_t b, std::string note) {
  const std::size_t size = element_size(batch.type);
  store_bits(batch.a.bytes, i, size, a);
  store_bits(batch.b.bytes, i, size, b);
  batch.notes[i] = std::move(note);
}

}  // namespace

Batch edge_batch(DataType type) {
  const std::vector<io::GoldenCase> cases = io::golden_cases(type);
  Batch batch = filled(type, "edge", cases.size() + widest_vector - 1);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    put(batch, i, cases[i].a, cases[i].b, cases[i].note);
  }
  return batch;
}

std::vector<Batch> edge_alone_batches(DataType type) {
  std::vector<Batch> batches;
  for (const io::GoldenCase& c : io::golden_cases(type)) {
    batches.push_back(filled(type, "edge", 1));
    put(batches.back(), 0, c.a, c.b, c.note + " [alone: a vector loop's remainder]");
  }
  return batches;
}

std::vector<Batch> domain_batches(DataType type) {
  const BitLayout l = bit_layout(type);
  std::vector<Batch> batches;
  if (l.is_float) return batches;
  const std::string length = std::to_string(probe_length);
  const auto pair = [&](std::uint64_t a, std::uint64_t b, const std::string& note) {
    batches.push_back(filled(type, "domain", 1));
    put(batches.back(), 0, a, b, note);
    batches.push_back(filled(type, "domain", probe_length));
    put(batches.back(), 0, a, b, note + " [first of " + length + ": a vector loop's body]");
    batches.push_back(filled(type, "domain", probe_length));
    put(batches.back(), probe_length - 1, a, b,
        note + " [last of " + length + ": a vector loop's remainder]");
  };
  pair(7, 0, "7 / 0: zero divisor (C3)");
  pair(0, 0, "0 / 0: zero divisor (C3)");
  if (l.is_signed) pair(l.sign, l.mask, "MIN / -1: quotient not representable (D3)");
  return batches;
}

std::uint64_t RandomSource::operand(const BitLayout& l, bool& special) {
  const std::uint64_t r = rng();
  if (r % 8 != 0) return rng() & l.mask;
  special = true;
  const std::uint64_t sign = (r >> 8) & 1 ? l.sign : 0;
  if (l.is_float) {
    const std::uint64_t one = one_bits(l);
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
