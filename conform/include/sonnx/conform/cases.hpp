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

// Where a case sits in its requests, so that it reaches both loops of a kernel vectorized by any
// width w from 2 to widest_vector: a main loop over the first floor(n / w) * w elements of a
// request of n (the body) and a scalar loop over the rest (the remainder). Element p of a request
// of n is in every width's body when p + widest_vector <= n, and in every width's remainder when
// the request holds it alone or when p = n - 1 and no width divides n.
constexpr std::size_t widest_vector = 64;
// A request of 67 = widest_vector + 3 elements (a prime): its first element is in every width's
// body, its last in every width's remainder.
constexpr std::size_t probe_length = 67;

// The edge cases and seed examples of `sonnx-div golden` (io::golden_cases), one request, followed
// by widest_vector - 1 fillers (1 / 1): every case is in every width's body.
Batch edge_batch(DataType type);

// Each edge case alone in a request of one element: every width's remainder.
std::vector<Batch> edge_alone_batches(DataType type);

// Integer types: 7 / 0 and 0 / 0 (C3), and MIN / -1 for signed types (D3), each in three requests:
// alone, first of probe_length elements and last of them, the others fillers (1 / 1); the
// profile's answer to each request is an error. Float types: none.
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
