// libFuzzer harness of the checked API sonnx::div: random element types (including non-profile
// ones), shapes (including negative, huge, broadcastable and mismatched ones), layouts, null data,
// aliasing (exact and partial) and values. Every call is compared with an independent model:
//   - the expected status follows the check order documented in core/include/sonnx/div.hpp,
//   computed
//     here from scratch (requirement ID, error code, first offending index and multi-index);
//   - on error, C, A and B are unchanged (D7);
//   - on success, integer quotients equal exact truncated division on magnitudes (I1) and float
//     quotients equal an integer-only correctly rounded division of the bit patterns (F1, F2),
//     cross-checked against the MPFR oracle and, for float32, against a double
//     division rounded once.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <sonnx/div.hpp>
#include <string>
#include <type_traits>
#include <vector>

#include "checked_div_values.hpp"
#include "fuzz_support.hpp"
#include "sonnx_verify/soft_div_reference.hpp"

namespace {

using namespace sonnx;
using sonnx::fuzz::Input;
using namespace sonnx::fuzz::checked_div;
using Shape = std::vector<std::int64_t>;

constexpr std::size_t max_elements = 4096;

DataType type_from(std::uint8_t b) {
  const unsigned code = b % 18U;
  if (code == 17U) return static_cast<DataType>(1000 + b);  // a code ONNX does not define
  return static_cast<DataType>(code);
}

Shape generate_shape(Input& in) {
  const unsigned rank = in.byte() % 5U;
  const std::int64_t modulus = rank <= 1 ? 65 : (rank == 2 ? 17 : 5);
  Shape shape;
  for (unsigned k = 0; k < rank; ++k) {
    const std::uint8_t b = in.byte();
    if (b == 0xFF) {
      shape.push_back(-1 - static_cast<std::int64_t>(in.byte() % 3U));
    } else if (b == 0xFE) {
      shape.push_back(static_cast<std::int64_t>(in.bytes_le(8) & 0x7FFFFFFFFFFFFFFFULL));
    } else {
      shape.push_back(b % modulus);
    }
  }
  return shape;
}

Shape perturb(const Shape& base, Input& in) {
  Shape s = base;
  switch (in.byte() % 4U) {
    case 0:
      if (!s.empty()) s.erase(s.begin());
      break;
    case 1:
      s.insert(s.begin(), static_cast<std::int64_t>(in.byte() % 3U));
      break;
    case 2:
      if (!s.empty()) s[in.byte() % s.size()] = static_cast<std::int64_t>(in.byte() % 5U);
      break;
    default:
      s = generate_shape(in);
      break;
  }
  return s;
}

// Exact element count; nullopt when count * element size exceeds PTRDIFF_MAX (a zero dimension
// makes any shape empty). Only called on shapes without negative dimensions.
std::optional<std::size_t> representable_count(const Shape& s, std::size_t esize) {
  for (const auto d : s) {
    if (d == 0) return 0;
  }
  reference::uint128 bytes = esize;
  const reference::uint128 limit = static_cast<reference::uint128>(PTRDIFF_MAX);
  for (const auto d : s) {
    bytes *= static_cast<std::uint64_t>(d);
    if (bytes > limit) return std::nullopt;
  }
  return static_cast<std::size_t>(bytes / esize);
}

bool broadcastable(const Shape& x, const Shape& y) {
  auto i = x.rbegin();
  auto j = y.rbegin();
  for (; i != x.rend() && j != y.rend(); ++i, ++j) {
    if (*i != *j && *i != 1 && *j != 1) return false;
  }
  return true;
}

struct Expected {
  ErrorCode code = ErrorCode::ok;
  const char* requirement = "";
  std::optional<std::size_t> index;
};

Expected error(ErrorCode code, const char* id) { return Expected{code, id, std::nullopt}; }

// "[2, 3]", as the library writes a shape.
std::string shape_text(const Shape& shape) {
  std::string text = "[";
  for (std::size_t k = 0; k < shape.size(); ++k)
    text += (k == 0 ? "" : ", ") + std::to_string(shape[k]);
  return text + "]";
}

Shape multi_index(const Shape& shape, std::size_t flat) {
  Shape index(shape.size(), 0);
  for (std::size_t k = shape.size(); k-- > 0;) {
    const auto d = static_cast<std::size_t>(shape[k]);
    index[k] = static_cast<std::int64_t>(flat % d);
    flat /= d;
  }
  return index;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  DataType types[3];
  types[0] = type_from(in.byte());
  types[1] = types[2] = types[0];
  const std::uint8_t flags = in.byte();
  const std::uint8_t more = in.byte();
  if ((flags & 0x01U) != 0) types[1] = type_from(in.byte());
  if ((flags & 0x02U) != 0) types[2] = type_from(in.byte());
  Layout layouts[3] = {Layout::dense, Layout::dense, Layout::dense};
  if ((flags & 0x04U) != 0) layouts[in.byte() % 3U] = Layout::sparse;
  Shape shapes[3];
  shapes[0] = generate_shape(in);
  shapes[1] = (flags & 0x08U) != 0 ? perturb(shapes[0], in) : shapes[0];
  shapes[2] = (flags & 0x10U) != 0 ? perturb(shapes[0], in) : shapes[0];
  const int null_tensor = (flags & 0x20U) != 0 ? static_cast<int>(in.byte() % 3U) : -1;
  unsigned alias = (flags >> 6) & 3U;  // 0 none, 1 C = A, 2 C = B, 3 see `more`
  const unsigned extended =
      more % 4U;  // with alias 3: 0 A = B = C, 1 A = B, 2 C inside A, 3 C inside B
  const bool specials = (more & 0x10U) != 0;
  // Both kernel sets behind the checked API: the fast paths (D9) and the proved kernels.
  const sonnx::Kernels kernels =
      (more & 0x20U) != 0 ? sonnx::Kernels::proved : sonnx::Kernels::fastest;

  // ---- the independent model of the expected status ----
  Expected expected;
  std::optional<std::size_t> counts[3];
  bool decided = false;
  for (int k = 0; k < 3 && !decided; ++k) {
    if (element_bytes(types[k]) == 0) {
      expected = error(ErrorCode::non_numeric_type, "R3");
      decided = true;
    }
  }
  if (!decided && (types[0] != types[1] || types[0] != types[2])) {
    expected = error(ErrorCode::type_mismatch, "C2");
    decided = true;
  }
  for (int k = 0; k < 3 && !decided; ++k) {
    if (layouts[k] != Layout::dense) {
      expected = error(ErrorCode::sparse_tensor, "R2");
      decided = true;
    }
  }
  // Element size for allocation even when the types are not numeric (then 1).
  const std::size_t esize = std::max<std::size_t>(element_bytes(types[0]), 1);
  for (int k = 0; k < 3; ++k) {
    const bool negative =
        std::any_of(shapes[k].begin(), shapes[k].end(), [](std::int64_t d) { return d < 0; });
    if (!negative) counts[k] = representable_count(shapes[k], esize);
    if (decided) continue;
    if (negative) {
      expected = error(ErrorCode::invalid_shape, "D8");
      decided = true;
    } else if (!counts[k]) {
      expected = error(ErrorCode::size_overflow, "D8");
      decided = true;
    }
  }
  if (!decided && shapes[0] != shapes[1]) {
    expected = broadcastable(shapes[0], shapes[1]) ? error(ErrorCode::broadcast_forbidden, "R4")
                                                   : error(ErrorCode::shape_mismatch, "R1");
    decided = true;
  }
  if (!decided && shapes[0] != shapes[2]) {
    expected = error(ErrorCode::shape_mismatch, "C1");
    decided = true;
  }

  // ---- buffers ----
  // Each tensor gets exactly its own byte count (so ASan sees any overrun); tensors too large for
  // the harness get no data (the library must then stop at D8 null data at the latest).
  std::size_t bytes[3] = {0, 0, 0};
  bool too_large = false;
  for (int k = 0; k < 3; ++k) {
    if (counts[k] && *counts[k] <= max_elements) {
      bytes[k] = *counts[k] * esize;
    } else if (counts[k]) {
      too_large = true;
    }
  }
  // Aliasing only between tensors of one byte count (a shared buffer must hold each of them);
  // partial overlap needs at least two bytes to offset within.
  if (bytes[0] != bytes[1] || bytes[0] != bytes[2]) alias = 0;
  if (alias == 3 && extended >= 2 && bytes[0] < 2) alias = 0;
  std::vector<unsigned char> storage_a(bytes[0] + (alias == 3 && extended == 2 ? bytes[2] : 0));
  std::vector<unsigned char> storage_b(bytes[1] + (alias == 3 && extended == 3 ? bytes[2] : 0));
  std::vector<unsigned char> storage_c(bytes[2]);
  fill(storage_a, types[0], specials, in);
  fill(storage_b, types[0], specials, in);
  fill(storage_c, types[0], false, in);
  unsigned char* pa = storage_a.data();
  unsigned char* pb = storage_b.data();
  unsigned char* pc = storage_c.data();
  std::size_t offset = 0;
  if (alias == 1) {
    pc = pa;
  } else if (alias == 2) {
    pc = pb;
  } else if (alias == 3) {
    switch (extended) {
      case 0:
        pb = pa;
        pc = pa;
        break;
      case 1:
        pb = pa;
        break;
      case 2:
        offset = 1 + in.byte() % (bytes[0] - 1);
        pc = pa + offset;
        break;
      default:
        offset = 1 + in.byte() % (bytes[1] - 1);
        pc = pb + offset;
        break;
    }
  }
  void* pointers[3] = {pa, pb, pc};
  for (int k = 0; k < 3; ++k) {
    if (bytes[k] == 0) pointers[k] = nullptr;  // too large or empty: no data
  }
  if (null_tensor >= 0) pointers[null_tensor] = nullptr;

  const std::size_t common_bytes =
      decided ? 0 : *counts[0] * element_bytes(types[0]);  // equal shapes and types from here
  if (!decided && common_bytes > 0) {
    for (int k = 0; k < 3 && !decided; ++k) {
      if (pointers[k] == nullptr) {
        expected = error(ErrorCode::null_data, "D8");
        decided = true;
      }
    }
    const auto partial = [&](const void* x, const void* y) {
      const auto l = reinterpret_cast<std::uintptr_t>(x);
      const auto r = reinterpret_cast<std::uintptr_t>(y);
      return l != r && (l < r ? r - l : l - r) < common_bytes;
    };
    if (!decided && (partial(pointers[2], pointers[0]) || partial(pointers[2], pointers[1]))) {
      expected = error(ErrorCode::partial_overlap, "D6");
      decided = true;
    }
  }
  const std::size_t n = decided ? 0 : *counts[0];
  if (!decided && common_bytes > 0) {
    FUZZ_REQUIRE(!too_large, "harness: a too-large tensor reached the value checks");
    const auto* a = static_cast<const unsigned char*>(pointers[0]);
    const auto* b = static_cast<const unsigned char*>(pointers[1]);
    ErrorCode code = ErrorCode::ok;
    std::optional<std::size_t> index;
    with_integer_type(types[0], [&](auto element) {
      index = first_domain_violation<decltype(element)>(a, b, n, code);
    });
    if (index) {
      expected = Expected{code, code == ErrorCode::zero_divisor ? "C3" : "D3", index};
      decided = true;
    }
  }

  // ---- the call ----
  const std::vector<unsigned char> before_a(pa, pa + bytes[0]);
  const std::vector<unsigned char> before_b(pb, pb + bytes[1]);
  const std::vector<unsigned char> before_c(pc, pc + bytes[2]);
  const Status status =
      sonnx::div(TensorView{types[0], shapes[0], pointers[0], layouts[0]},
                 TensorView{types[1], shapes[1], pointers[1], layouts[1]},
                 MutableTensorView{types[2], shapes[2], pointers[2], layouts[2]}, kernels);

  const std::string context = "type " + std::to_string(static_cast<int>(types[0])) + ", A " +
                              shape_text(shapes[0]) + ", status '" + std::string(status.message()) +
                              "', expected " + expected.requirement;
  FUZZ_REQUIRE(status.code == expected.code, "wrong status code: " + context);
  FUZZ_REQUIRE(status.requirement == expected.requirement, "wrong requirement: " + context);
  if (!status.ok()) {
    FUZZ_REQUIRE(fuzz::names_requirement(status.message(), status.requirement),
                 "message does not start with its ID: " + context);
    FUZZ_REQUIRE(std::equal(before_c.begin(), before_c.end(), pc),
                 "D7: C modified by a failing call: " + context);
    FUZZ_REQUIRE(status.flat_index == expected.index, "wrong first offending index: " + context);
    if (expected.index) {
      Shape reported(shapes[0].size(), -1);
      FUZZ_REQUIRE(sonnx::multi_index(shapes[0], *status.flat_index, reported) &&
                       reported == multi_index(shapes[0], *expected.index),
                   "wrong multi-index: " + context);
    }
  } else if (n > 0) {
    const auto* a = before_a.data();
    const auto* b = before_b.data();
    const auto* c = static_cast<const unsigned char*>(pointers[2]);
    const auto check = [&](auto element) { check_integer<decltype(element)>(a, b, c, n); };
    if (const std::optional<reference::Format> format = float_format(types[0])) {
      check_float(*format, a, b, c, n);
    } else if (!with_integer_type(types[0], check)) {
      FUZZ_REQUIRE(false, "success on a non-numeric type: " + context);
    }
  }
  // Inputs not aliased with C are never modified (D7; partial overlap is always an error, so
  // C's bytes inside A or B are unchanged as well).
  if (pc != pa) {
    FUZZ_REQUIRE(std::equal(before_a.begin(), before_a.end(), pa), "D7: A modified: " + context);
  }
  if (pc != pb) {
    FUZZ_REQUIRE(std::equal(before_b.begin(), before_b.end(), pb), "D7: B modified: " + context);
  }
  return 0;
}
