// The campaign's cases (docs/conformance.md): per type, the golden edge cases, the integer domain
// cases, seeded random pairs and, for the 16-bit floats, every operand pair in chunks. A Batch is
// one request to the runtime: operands of one type, and why they are there.
#ifndef SONNX_CONFORM_CASES_HPP
#define SONNX_CONFORM_CASES_HPP

#include <cstddef>
#include <cstdint>
#include <random>
#include <sonnx/conform/bits.hpp>
#include <sonnx/io/tensor_io.hpp>
#include <string>
#include <vector>

namespace sonnx::conform {

struct Batch {
  DataType type = DataType::undefined;
  std::string source;  // "edge", "domain", "random", "exhaustive"
  io::OwnedTensor a, b;
  std::vector<std::string> notes;  // per element (edge and domain cases); may be empty
  [[nodiscard]] std::size_t size() const { return a.element_count(); }
};

// A zero-filled tensor of shape [n].
io::OwnedTensor tensor_of(DataType type, std::size_t n);

// The edge cases and seed examples of `sonnx-div golden` (io::golden_cases), one request.
Batch edge_batch(DataType type);

// Integer types: 7 / 0 and 0 / 0 (C3), and MIN / -1 for signed types (D3), one request each; the
// profile's answer is an error. Float types: none.
std::vector<Batch> domain_batches(DataType type);

// Seeded random operands: mostly uniform bit patterns (which hold NaNs, infinities and subnormals
// at their natural rates), and one operand in eight drawn from the special values of the type.
struct RandomSource {
  std::mt19937_64 rng;
  std::uint64_t with_special = 0;  // pairs drawn so far with at least one special operand

  std::uint64_t operand(const BitLayout& l, bool& special);
};

// n random pairs; integer domain pairs (C3, D3) become b = 1 (they have their own requests).
Batch random_batch(DataType type, std::size_t n, RandomSource& source);

// Chunk k of the 2^32 pairs of a 16-bit type: a in [k * chunk / 2^16, (k + 1) * chunk / 2^16),
// and for each a every pattern of b in increasing order. chunk is a multiple of 2^16.
Batch exhaustive_batch(DataType type, std::size_t chunk, std::size_t k);

}  // namespace sonnx::conform

#endif  // SONNX_CONFORM_CASES_HPP
