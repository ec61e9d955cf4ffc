// make_platform_vectors: writes the operand pairs and expected results of the platform test
// program (platform_test.cpp) as a C++ header, on the host, before the target is built.
//
//   make_platform_vectors --out FILE [--sample N] [--seed S]
//
// Per element type, two groups of (A, B, expected C) bit patterns:
//   golden   the edge cases of `sonnx-div golden` (io::golden_cases: seeds, roundings, signed
//            zeros, x/0, infinities, NaN payloads, subnormals, integer boundaries), never a
//            domain error;
//   sampled  N seeded pairs: float operands drawn from every bit pattern or, one time in four,
//            from the special values; integer operands of random magnitude and sign, a zero
//            divisor or MIN / -1 replaced by the divisor 1.
// The expected result never comes from the library under test: floats from the MPFR oracle
// (verify/, AS-ORACLE-1), integers from truncating division on magnitudes
// (reference::truncated_quotient). Signed integers are written as their two's-complement bits.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <limits>
#include <sonnx/io/golden.hpp>
#include <string>
#include <type_traits>
#include <vector>

#include "sonnx_verify/mpfr_oracle.hpp"
#include "sonnx_verify/soft_div_reference.hpp"

namespace {

using sonnx::DataType;

struct Triple {
  std::uint64_t a;
  std::uint64_t b;
  std::uint64_t expected;
};

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

const sonnx::oracle::BinaryFormat* float_format(DataType type) {
  switch (type) {
    case DataType::float16:
      return &sonnx::oracle::binary16;
    case DataType::bfloat16:
      return &sonnx::oracle::bfloat16;
    case DataType::float32:
      return &sonnx::oracle::binary32;
    case DataType::float64:
      return &sonnx::oracle::binary64;
    default:
      return nullptr;
  }
}

std::uint64_t width_mask(int bits) {
  return bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
}

// Special operands of a float format: zeros, extreme subnormals and normals, one, infinity, quiet
// and signaling NaNs with small and large payloads, each with both signs.
std::vector<std::uint64_t> float_specials(const sonnx::oracle::BinaryFormat& f) {
  const std::uint64_t quiet = std::uint64_t{1} << (f.precision - 2);
  const std::uint64_t inf = f.infinity();
  const std::uint64_t one = static_cast<std::uint64_t>(f.emax) << (f.precision - 1);
  const std::vector<std::uint64_t> magnitudes = {0,
                                                 1,
                                                 f.fraction_mask(),
                                                 f.min_normal(),
                                                 inf - 1,
                                                 one,
                                                 inf,
                                                 inf | quiet,
                                                 inf | quiet | 1,
                                                 inf | 1,
                                                 inf | (quiet >> 1),
                                                 inf | f.fraction_mask()};
  std::vector<std::uint64_t> out;
  for (const std::uint64_t m : magnitudes) {
    out.push_back(m);
    out.push_back(m | f.sign_bit());
  }
  return out;
}

std::vector<Triple> float_triples(DataType type, std::uint64_t sample, std::uint64_t seed,
                                  bool golden) {
  const sonnx::oracle::BinaryFormat& f = *float_format(type);
  std::vector<Triple> out;
  const auto add = [&](std::uint64_t a, std::uint64_t b) {
    out.push_back({a, b, sonnx::oracle::div(f, a, b)});
  };
  if (golden) {
    for (const auto& c : sonnx::io::golden_cases(type)) add(c.a, c.b);
    return out;
  }
  const std::vector<std::uint64_t> specials = float_specials(f);
  std::uint64_t state = seed ^ static_cast<std::uint64_t>(type);
  const auto operand = [&] {
    const std::uint64_t r = splitmix64(state);
    if ((r & 3u) == 0) return specials[(r >> 2) % specials.size()];
    return splitmix64(state) & width_mask(f.width);
  };
  for (std::uint64_t k = 0; k < sample; ++k) {
    const std::uint64_t a = operand();
    add(a, operand());
  }
  return out;
}

template <typename T>
std::uint64_t bits_of(T value) {
  using U = std::make_unsigned_t<T>;
  return static_cast<std::uint64_t>(static_cast<U>(value));
}

template <typename T>
T from_bits(std::uint64_t bits) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(bits));
}

template <typename T>
std::vector<Triple> integer_triples(DataType type, std::uint64_t sample, std::uint64_t seed,
                                    bool golden) {
  std::vector<Triple> out;
  const auto add = [&](T a, T b) {
    out.push_back({bits_of(a), bits_of(b), bits_of(sonnx::reference::truncated_quotient(a, b))});
  };
  if (golden) {
    for (const auto& c : sonnx::io::golden_cases(type)) add(from_bits<T>(c.a), from_bits<T>(c.b));
    return out;
  }
  constexpr int bits = std::numeric_limits<T>::digits + (std::is_signed_v<T> ? 1 : 0);
  std::uint64_t state = seed ^ static_cast<std::uint64_t>(type);
  // A magnitude of 1 to `bits` significant bits, then a random sign for signed types.
  const auto operand = [&] {
    const std::uint64_t r = splitmix64(state);
    const int length = 1 + static_cast<int>(r % static_cast<std::uint64_t>(bits));
    return from_bits<T>(splitmix64(state) & width_mask(length));
  };
  for (std::uint64_t k = 0; k < sample; ++k) {
    const T a = operand();
    T b = operand();
    if (b == 0) b = 1;
    if constexpr (std::is_signed_v<T>) {
      if (a == std::numeric_limits<T>::min() && b == -1) b = 1;
    }
    add(a, b);
  }
  return out;
}

struct TypeEntry {
  DataType type;
  const char* name;
  const char* element;  // the C++ element type of the generated arrays
  std::vector<Triple> (*make)(DataType, std::uint64_t, std::uint64_t, bool);
};

const TypeEntry types[] = {
    {DataType::float16, "float16", "std::uint16_t", float_triples},
    {DataType::bfloat16, "bfloat16", "std::uint16_t", float_triples},
    {DataType::float32, "float32", "std::uint32_t", float_triples},
    {DataType::float64, "float64", "std::uint64_t", float_triples},
    {DataType::int8, "int8", "std::uint8_t", integer_triples<std::int8_t>},
    {DataType::int16, "int16", "std::uint16_t", integer_triples<std::int16_t>},
    {DataType::int32, "int32", "std::uint32_t", integer_triples<std::int32_t>},
    {DataType::int64, "int64", "std::uint64_t", integer_triples<std::int64_t>},
    {DataType::uint8, "uint8", "std::uint8_t", integer_triples<std::uint8_t>},
    {DataType::uint16, "uint16", "std::uint16_t", integer_triples<std::uint16_t>},
    {DataType::uint32, "uint32", "std::uint32_t", integer_triples<std::uint32_t>},
    {DataType::uint64, "uint64", "std::uint64_t", integer_triples<std::uint64_t>},
};

void write_array(std::ostream& out, const TypeEntry& t, const char* group,
                 const std::vector<Triple>& triples) {
  out << "const " << t.element << " " << t.name << "_" << group << "[][3] = {\n";
  char line[96];
  for (const Triple& x : triples) {
    std::snprintf(line, sizeof line, "    {0x%llX, 0x%llX, 0x%llX},\n",
                  static_cast<unsigned long long>(x.a), static_cast<unsigned long long>(x.b),
                  static_cast<unsigned long long>(x.expected));
    out << line;
  }
  out << "};\n";
}

int usage(const char* message) {
  std::cerr << "make_platform_vectors: " << message
            << "\nusage: make_platform_vectors --out FILE [--sample N] [--seed S]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string out_path;
  std::uint64_t sample = 2048;
  std::uint64_t seed = 0x5EED0035ULL;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) return usage(("missing value after " + arg).c_str());
    const std::string value = argv[++i];
    if (arg == "--out") {
      out_path = value;
    } else if (arg == "--sample") {
      sample = std::stoull(value);
    } else if (arg == "--seed") {
      seed = std::stoull(value, nullptr, 0);
    } else {
      return usage(("unknown option " + arg).c_str());
    }
  }
  if (out_path.empty()) return usage("--out is required");
  const std::string temp = out_path + ".tmp";
  {
    std::ofstream out(temp);
    out << "// Generated by make_platform_vectors (platforms/src/make_platform_vectors.cpp): "
           "do not edit.\n// Expected results from the host's MPFR oracle (floats) and "
           "truncating division on magnitudes\n// (integers). Seed "
        << seed << ", " << sample << " sampled pairs per type.\n";
    out << "inline constexpr unsigned long long vectors_seed = " << seed << "ULL;\n";
    out << "inline constexpr unsigned long long vectors_sample = " << sample << "ULL;\n";
    for (const TypeEntry& t : types) {
      write_array(out, t, "golden", t.make(t.type, sample, seed, true));
      write_array(out, t, "sampled", t.make(t.type, sample, seed, false));
    }
    out << "const VectorSet vector_sets[] = {\n";
    for (const TypeEntry& t : types) {
      for (const char* group : {"golden", "sampled"}) {
        out << "    {sonnx::DataType::" << t.name << ", \"" << group << "\", " << t.name << "_"
            << group << ", sizeof " << t.name << "_" << group << " / sizeof " << t.name << "_"
            << group << "[0]},\n";
      }
    }
    out << "};\n";
    if (!out) {
      std::cerr << "make_platform_vectors: cannot write " << temp << '\n';
      return 1;
    }
  }
  if (std::rename(temp.c_str(), out_path.c_str()) != 0) {
    std::cerr << "make_platform_vectors: cannot rename " << temp << " to " << out_path << '\n';
    return 1;
  }
  return 0;
}
