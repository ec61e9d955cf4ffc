#include <onnx/onnx_pb.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>
#include <sonnx/io/golden.hpp>
#include <sonnx/io/temporaries.hpp>
#include <sonnx/result_comparison.hpp>
#include <system_error>

#include "integer_types.hpp"
#include "io_internal.hpp"

// [impl->req~T4~1]
namespace sonnx::io {

namespace {

struct FloatBits {
  std::uint64_t sign, inf, qnan, min_sub, max_sub, min_norm, max_finite;
};

FloatBits float_bits(DataType type) {
  switch (type) {
    case DataType::float16:
      return {0x8000, 0x7C00, 0x7E00, 0x0001, 0x03FF, 0x0400, 0x7BFF};
    case DataType::bfloat16:
      return {0x8000, 0x7F80, 0x7FC0, 0x0001, 0x007F, 0x0080, 0x7F7F};
    case DataType::float32:
      return {0x80000000, 0x7F800000, 0x7FC00000, 0x1, 0x007FFFFF, 0x00800000, 0x7F7FFFFF};
    default:
      return {0x8000000000000000, 0x7FF0000000000000, 0x7FF8000000000000, 0x1,
              0x000FFFFFFFFFFFFF, 0x0010000000000000, 0x7FEFFFFFFFFFFFFF};
  }
}

// Bit pattern of a small value that every format represents exactly (0 and normal numbers with
// at most 8 significant bits here: 0.5, 1.5, 3, 35, ...), by moving the binary32 fields.
std::uint64_t exact_bits(DataType type, double value) {
  const auto f = std::bit_cast<std::uint32_t>(static_cast<float>(value));
  switch (type) {
    case DataType::float16: {
      const std::uint32_t sign = (f >> 16) & 0x8000U;
      if ((f & 0x7FFFFFFFU) == 0) return sign;
      const std::uint32_t exponent = ((f >> 23) & 0xFFU) - 127U + 15U;
      return sign | (exponent << 10) | ((f >> 13) & 0x3FFU);
    }
    case DataType::bfloat16:
      return f >> 16;
    case DataType::float32:
      return f;
    default:
      return std::bit_cast<std::uint64_t>(value);
  }
}

std::vector<GoldenCase> float_cases(DataType type) {
  const FloatBits f = float_bits(type);
  const auto v = [&](double x) { return exact_bits(type, x); };
  const auto neg = [&](std::uint64_t bits) { return bits | f.sign; };
  return {
      // Seeds 000 (test_div_example) and 004 example 2: exact quotients.
      {v(3), v(1), "seed 000 test_div_example: 3 / 1 = 3"},
      {v(4), v(2), "seed 000 test_div_example: 4 / 2 = 2"},
      {v(16), v(4), "seed 004 example 2: 16 / 4 = 4"},
      {v(0), v(1), "seed 004 example 2: 0 / 1 = 0"},
      {v(25), v(5), "seed 004 example 2: 25 / 5 = 5"},
      {v(24), v(4), "seed 004 example 2: 24 / 4 = 6"},
      // F1/F2/F3: rounded quotients.
      {v(1), v(3), "1 / 3, rounded to nearest even"},
      {v(2), v(3), "2 / 3, rounded to nearest even"},
      {v(-1), v(3), "-1 / 3"},
      {v(1), v(7), "1 / 7"},
      {v(10), v(3), "10 / 3"},
      {v(1), v(10), "1 / 10"},
      {v(-35), v(3), "-35 / 3 (float: no truncation)"},
      {v(1.5), v(0.5), "1.5 / 0.5 = 3"},
      // D1: signed zeros, sign by XOR.
      {v(0), v(5), "+0 / 5 = +0 (D1)"},
      {neg(v(0)), v(5), "-0 / 5 = -0 (D1)"},
      {v(0), v(-5), "+0 / -5 = -0 (D1)"},
      {neg(v(0)), v(-5), "-0 / -5 = +0 (D1)"},
      // R5: division by zero.
      {v(1), v(0), "1 / +0 = +inf (R5)"},
      {v(-1), v(0), "-1 / +0 = -inf (R5)"},
      {v(1), neg(v(0)), "1 / -0 = -inf (R5, D1)"},
      {v(-1), neg(v(0)), "-1 / -0 = +inf (R5, D1)"},
      {v(0), v(0), "0 / 0 = NaN (R5)"},
      {neg(v(0)), v(0), "-0 / 0 = NaN (R5)"},
      // D2: infinities and NaN.
      {f.inf, v(2), "+inf / 2 = +inf (D2)"},
      {neg(f.inf), v(2), "-inf / 2 = -inf (D2)"},
      {v(2), f.inf, "2 / +inf = +0 (D2)"},
      {v(-2), f.inf, "-2 / +inf = -0 (D2)"},
      {v(2), neg(f.inf), "2 / -inf = -0 (D2)"},
      {f.inf, f.inf, "inf / inf = NaN (D2)"},
      {f.inf, v(0), "inf / 0 = inf (D2)"},
      {v(0), f.inf, "0 / inf = 0 (D2)"},
      {f.qnan, v(1), "NaN / 1 = NaN (D2)"},
      {v(1), f.qnan, "1 / NaN = NaN (D2)"},
      {f.qnan, f.qnan, "NaN / NaN = NaN (D2)"},
      {f.qnan, v(0), "NaN / 0 = NaN (D2)"},
      // Subnormals (F1/F2: gradual underflow, ties to even).
      {f.min_sub, v(1), "min subnormal / 1"},
      {f.min_sub, v(2), "min subnormal / 2 = +0 (tie to even)"},
      {3 * f.min_sub, v(2), "3 min subnormal / 2 = 2 min subnormal (tie to even)"},
      {f.min_sub, v(-1), "min subnormal / -1 = -min subnormal"},
      {f.max_sub, v(1), "max subnormal / 1"},
      {f.max_sub, f.max_sub, "max subnormal / max subnormal = 1"},
      {f.min_norm, v(2), "min normal / 2: a subnormal"},
      {f.min_sub, f.min_sub, "min subnormal / min subnormal = 1"},
      {v(1), f.max_finite, "1 / max finite: underflow towards the subnormals"},
      {f.min_sub, f.max_finite, "min subnormal / max finite = +0 (underflow)"},
      // Overflow and extremes.
      {f.max_finite, v(0.5), "max finite / 0.5 = +inf (overflow)"},
      {f.max_finite, v(-0.5), "max finite / -0.5 = -inf (overflow)"},
      {f.max_finite, f.min_sub, "max finite / min subnormal = +inf"},
      {f.max_finite, f.max_finite, "max finite / max finite = 1"},
      {f.max_finite, v(2), "max finite / 2 (exact)"},
      {neg(f.max_finite), v(1), "-max finite / 1"},
  };
}

template <typename T>
std::uint64_t ibits(T value) {
  using U = std::make_unsigned_t<T>;
  return static_cast<std::uint64_t>(static_cast<U>(value));
}

template <typename T>
std::vector<GoldenCase> integer_cases() {
  constexpr T max = std::numeric_limits<T>::max();
  constexpr T min = std::numeric_limits<T>::min();
  const auto c = [](long long a, long long b, const char* note) {
    return GoldenCase{ibits(static_cast<T>(a)), ibits(static_cast<T>(b)), note};
  };
  const auto m = [](T a, T b, const char* note) { return GoldenCase{ibits(a), ibits(b), note}; };
  std::vector<GoldenCase> cases = {
      // Seeds 002 (int examples) and 004 (examples 1 and 2).
      c(6, 3, "seed 002/004: 6 / 3 = 2"),
      c(5, 3, "seed 002: 5 / 3 = 1"),
      c(10, 3, "seed 002 example 2: 10 / 3 = 3"),
      c(10, 2, "seed 002 example 2: 10 / 2 = 5"),
      c(21, 4, "seed 002 example 2: 21 / 4 = 5"),
      c(30, 5, "seed 002 example 2: 30 / 5 = 6"),
      c(9, 4, "seed 002 example 2: 9 / 4 = 2"),
      c(35, 5, "seed 004 example 1: 35 / 5 = 7"),
      c(0, 1, "seed 004 example 2: 0 / 1 = 0"),
      c(24, 4, "seed 004 example 2: 24 / 4 = 6"),
      c(23, 24, "23 / 24 = 0 (x // y on non-negatives, 000 test_div_uint8)"),
      // Unsigned/common boundaries.
      m(max, 1, "MAX / 1 = MAX"),
      m(max, max, "MAX / MAX = 1"),
      m(max, 2, "MAX / 2"),
      m(max, 3, "MAX / 3"),
      m(0, max, "0 / MAX = 0"),
      m(1, max, "1 / MAX = 0"),
      m(static_cast<T>(max - 1), max, "(MAX - 1) / MAX = 0"),
      m(max, static_cast<T>(max - 1), "MAX / (MAX - 1) = 1"),
  };
  if constexpr (std::is_signed_v<T>) {
    const std::vector<GoldenCase> signed_cases = {
        // I1: truncation toward zero, every sign combination.
        c(-35, 3, "seed 002: -35 / 3 = -11 (truncation, not the floor -12)"),
        c(35, -3, "35 / -3 = -11"),
        c(-35, -3, "-35 / -3 = 11"),
        c(35, 3, "35 / 3 = 11"),
        c(7, 2, "7 / 2 = 3"),
        c(-7, 2, "-7 / 2 = -3"),
        c(7, -2, "7 / -2 = -3"),
        c(-7, -2, "-7 / -2 = 3"),
        c(-3, 2, "seed: -3 / 2 = -1"),
        c(3, -2, "seed: 3 / -2 = -1"),
        c(-1, 2, "-1 / 2 = 0"),
        c(1, -2, "1 / -2 = 0"),
        c(0, -1, "0 / -1 = 0"),
        c(-6, 3, "-6 / 3 = -2 (exact)"),
        // Signed boundaries (never MIN / -1: D3).
        m(max, -1, "MAX / -1 = -MAX"),
        m(static_cast<T>(min + 1), -1, "(MIN + 1) / -1 = MAX"),
        m(min, 1, "MIN / 1 = MIN"),
        m(min, 2, "MIN / 2"),
        m(min, -2, "MIN / -2"),
        m(min, 3, "MIN / 3"),
        m(min, max, "MIN / MAX = -1"),
        m(max, min, "MAX / MIN = 0"),
        m(min, min, "MIN / MIN = 1"),
        m(0, min, "0 / MIN = 0"),
        m(-1, min, "-1 / MIN = 0"),
    };
    cases.insert(cases.end(), signed_cases.begin(), signed_cases.end());
  } else {
    const std::vector<GoldenCase> unsigned_cases = {
        m(static_cast<T>(max / 2 + 1), 2, "2^(n-1) / 2"),
        m(static_cast<T>(max / 2 + 1), max, "2^(n-1) / MAX = 0"),
        m(max, static_cast<T>(max / 2 + 1), "MAX / 2^(n-1) = 1"),
    };
    cases.insert(cases.end(), unsigned_cases.begin(), unsigned_cases.end());
  }
  return cases;
}

void store(std::vector<unsigned char>& bytes, std::size_t index, std::size_t size,
           std::uint64_t bits) {
  for (std::size_t k = 0; k < size; ++k) {
    bytes[index * size + k] = static_cast<unsigned char>((bits >> (8 * k)) & 0xFF);
  }
}

std::uint64_t load(const std::vector<unsigned char>& bytes, std::size_t index, std::size_t size) {
  std::uint64_t bits = 0;
  for (std::size_t k = size; k-- > 0;) bits = (bits << 8) | bytes[index * size + k];
  return bits;
}

}  // namespace

std::vector<GoldenCase> golden_cases(DataType type) {
  switch (type) {
    case DataType::float16:
    case DataType::bfloat16:
    case DataType::float32:
    case DataType::float64:
      return float_cases(type);
    default:
      break;
  }
  std::vector<GoldenCase> cases;  // none for a type outside the profile
  with_integer_type(IntegerTypes{}, type,
                    [&](auto element) { cases = integer_cases<decltype(element)>(); });
  return cases;
}

std::string div_model(DataType type, std::span<const std::int64_t> x_shape,
                      std::span<const std::int64_t> y_shape, std::span<const std::int64_t> z_shape,
                      std::string_view doc_string) {
  onnx::ModelProto model;
  model.set_ir_version(7);
  model.set_producer_name("sonnx-div golden");
  model.set_doc_string(std::string(doc_string));
  auto* opset = model.add_opset_import();
  opset->set_domain("");
  opset->set_version(14);
  auto* graph = model.mutable_graph();
  graph->set_name("test_div_sonnx_" + data_type_text(type));
  auto* node = graph->add_node();
  node->add_input("x");
  node->add_input("y");
  node->add_output("z");
  node->set_op_type("Div");
  const auto declare = [&](onnx::ValueInfoProto* value, const char* name,
                           std::span<const std::int64_t> shape) {
    value->set_name(name);
    auto* tensor = value->mutable_type()->mutable_tensor_type();
    tensor->set_elem_type(static_cast<std::int32_t>(type));
    auto* dims = tensor->mutable_shape();
    for (const std::int64_t d : shape) dims->add_dim()->set_dim_value(d);
  };
  declare(graph->add_input(), "x", x_shape);
  declare(graph->add_input(), "y", y_shape);
  declare(graph->add_output(), "z", z_shape);
  std::string out;
  model.SerializeToString(&out);
  return out;
}

std::string golden_model(DataType type, std::int64_t length, std::string_view doc_string) {
  const std::int64_t shape[] = {length};
  return div_model(type, shape, shape, shape, doc_string);
}

std::string hex(std::uint64_t bits, std::size_t size) {
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, "0x%0*llx", static_cast<int>(size * 2),
                static_cast<unsigned long long>(bits));
  return buffer;
}

// Two quiet NaNs match whatever their signs and payloads; anything else bit for bit (SD-9).
bool golden_matches(DataType type, std::uint64_t x, std::uint64_t y) noexcept {
  return same_result(float_layout(type), x, y);
}

IoStatus write_golden(const std::filesystem::path& dir, DataType type, Semantics semantics,
                      GoldenSummary& summary, const GoldenReference& reference) {
  summary = {};
  if (!is_profile_numeric(type)) {
    return IoStatus::failure(IoErrorKind::profile, "R3",
                             "golden: type " + data_type_text(type) + " is not a profile type");
  }
  const std::size_t size = element_size(type);
  const std::vector<GoldenCase> cases = golden_cases(type);
  const auto length = static_cast<std::size_t>(golden_set_length);
  const std::size_t sets = (cases.size() + length - 1) / length;
  const std::uint64_t one = type == DataType::float16    ? 0x3C00
                            : type == DataType::bfloat16 ? 0x3F80
                            : type == DataType::float32  ? 0x3F800000
                            : type == DataType::float64  ? 0x3FF0000000000000
                                                         : 1;
  const bool profile = is_profile(semantics);
  const std::string label =
      profile ? "SONNX profile semantics (ONNX Div: IEEE 754 division, integer truncation)"
              : "NON-PROFILE: openvino-pythondiv semantics (OpenVINO Divide-1 m_pythondiv=true, "
                "integer quotients floored); not ONNX Div, not the SONNX profile";

  std::error_code ec;
  std::filesystem::path target = dir.lexically_normal();
  // "DIR/" and "DIR/." name DIR (lexically_normal leaves one trailing separator, an empty last
  // name): the temporary sibling and the rename need DIR's own name.
  if (!target.has_filename() && target.has_relative_path()) target = target.parent_path();
  const std::string leaf = target.filename().string();
  if (leaf.empty() || leaf == "." || leaf == "..") {
    return IoStatus::failure(IoErrorKind::io, "T4",
                             "golden: " + dir.string() +
                                 " names no directory to create (the working directory, its "
                                 "parent or a root cannot be replaced)");
  }
  const std::filesystem::path parent =
      target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
  if (!std::filesystem::is_directory(parent, ec)) {
    return IoStatus::failure(IoErrorKind::io, "T4",
                             "golden: parent directory " + parent.string() + " does not exist");
  }
  if (std::filesystem::exists(target, ec) &&
      (!std::filesystem::is_directory(target, ec) || !std::filesystem::is_empty(target, ec))) {
    return IoStatus::failure(IoErrorKind::io, "T4",
                             "golden: " + target.string() +
                                 " exists and is not an empty directory; refusing to overwrite");
  }
  // Every name made in the temporary directory, and the directory itself, is registered before
  // it is made and stays registered until the directory is renamed into place or removed (to the
  // end of this function): a signal meanwhile unlinks the registered files, then removes the
  // emptied folders, and leaves nothing (temporaries.hpp). write_file_atomic registers the
  // temporary of each file it writes here, which it renames to a name registered here.
  std::vector<Temporary> registered;
  registered.reserve(max_temporaries);
  const auto keep = [&](const std::filesystem::path& path, TemporaryKind kind) {
    registered.emplace_back(path, kind);
    if (registered.back().registered()) return IoStatus{};
    return IoStatus::failure(IoErrorKind::io, "T4",
                             "golden: cannot register " + path.string() +
                                 " for removal on a signal (too many temporaries or a path too "
                                 "long)");
  };
  std::filesystem::path temp;
  int made = -1;
  for (int attempt = 0; attempt < 100 && made != 0; ++attempt) {
    temp = parent / detail::temporary_name();
    // A taken name (a temporary of a dead process that had this pid) is registered only until
    // mkdir fails: a signal meanwhile would remove it if it is empty, nothing else.
    const IoStatus kept = keep(temp, TemporaryKind::directory);
    if (!kept.ok()) return kept;
    made = ::mkdir(temp.c_str(), 0777);
    if (made != 0 && errno != EEXIST) break;
    if (made != 0) registered.pop_back();
  }
  if (made != 0) {
    const int error = errno;
    return IoStatus::failure(IoErrorKind::io, "T4",
                             "golden: cannot create a temporary directory in " + parent.string() +
                                 ": " + std::strerror(error));
  }
  const auto fail = [&](IoStatus status) {
    std::error_code ignored;
    std::filesystem::remove_all(temp, ignored);
    return status;
  };

  nlohmann::json manifest;
  manifest["operator"] = "Div";
  manifest["opset"] = 14;
  manifest["type"] = data_type_text(type);
  manifest["semantics"] = std::string(semantics_name(semantics));
  manifest["profile"] = profile;
  manifest["label"] = label;
  manifest["expected_outputs"] =
      "computed by a reference independent of the library (the MPFR oracle for the IEEE formats, "
      "exact integer arithmetic for the integers); the library matches them: a NaN result matches "
      "any NaN, every other result bit for bit";
  manifest["data_sets"] = nlohmann::json::array();

  IoStatus status = keep(temp / "model.onnx", TemporaryKind::file);
  if (status.ok()) {
    status = write_file_atomic(temp / "model.onnx", golden_model(type, golden_set_length, label));
  }
  if (!status.ok()) return fail(status);
  for (std::size_t s = 0; s < sets; ++s) {
    OwnedTensor a{type, {golden_set_length}, std::vector<unsigned char>(length * size)};
    OwnedTensor b = a;
    nlohmann::json entries = nlohmann::json::array();
    for (std::size_t k = 0; k < length; ++k) {
      const std::size_t index = s * length + k;
      const bool real = index < cases.size();
      store(a.bytes, k, size, real ? cases[index].a : one);
      store(b.bytes, k, size, real ? cases[index].b : one);
    }
    DivideResult c = divide(a, b, semantics);
    if (!c.status.ok()) {  // defensive: no golden case violates C3 or D3
      return fail(IoStatus::failure(IoErrorKind::profile, std::string(c.status.requirement),
                                    "golden: case set " + std::to_string(s) +
                                        " rejected: " + std::string(c.status.message())));
    }
    OwnedTensor expected = c.c;  // shape and type of the output; its elements are the reference's
    for (std::size_t k = 0; k < length; ++k) {
      const std::uint64_t x = load(a.bytes, k, size);
      const std::uint64_t y = load(b.bytes, k, size);
      const std::uint64_t want = reference(type, x, y);
      const std::uint64_t got = load(c.c.bytes, k, size);
      if (!golden_matches(type, want, got)) {
        return fail(IoStatus::failure(IoErrorKind::io, "T4",
                                      "golden: the library's " + hex(x, size) + " / " +
                                          hex(y, size) + " = " + hex(got, size) +
                                          " differs from the reference's " + hex(want, size)));
      }
      store(expected.bytes, k, size, want);
    }
    for (std::size_t k = 0; k < length; ++k) {
      const std::size_t index = s * length + k;
      entries.push_back(
          {{"index", k},
           {"a", hex(load(a.bytes, k, size), size)},
           {"b", hex(load(b.bytes, k, size), size)},
           {"expected", hex(load(expected.bytes, k, size), size)},
           {"note", index < cases.size() ? cases[index].note : std::string("padding: 1 / 1 = 1")}});
    }
    const std::filesystem::path set = temp / ("test_data_set_" + std::to_string(s));
    status = keep(set, TemporaryKind::directory);
    if (!status.ok()) return fail(status);
    if (::mkdir(set.c_str(), 0777) != 0) {
      const int error = errno;
      return fail(
          IoStatus::failure(IoErrorKind::io, "T4",
                            "golden: cannot create " + set.string() + ": " + std::strerror(error)));
    }
    for (const auto& [file, tensor, name] :
         {std::tuple{"input_0.pb", &a, "x"}, std::tuple{"input_1.pb", &b, "y"},
          std::tuple{"output_0.pb", &expected, "z"}}) {
      status = keep(set / file, TemporaryKind::file);
      if (status.ok()) {
        status = write_tensor_file(set / file, *tensor, name, ProtoEncoding::raw_data);
      }
      if (!status.ok()) return fail(status);
    }
    manifest["data_sets"].push_back(
        {{"name", "test_data_set_" + std::to_string(s)}, {"elements", entries}});
  }
  status = keep(temp / "cases.json", TemporaryKind::file);
  if (status.ok()) status = write_file_atomic(temp / "cases.json", manifest.dump(2) + "\n");
  if (!status.ok()) return fail(status);
  // rename(2) replaces an empty directory, and fails on a non-empty one (checked above).
  if (::rename(temp.c_str(), target.c_str()) != 0) {
    const int error = errno;
    return fail(IoStatus::failure(
        IoErrorKind::io, "T4",
        "golden: cannot move the cases into " + target.string() + ": " + std::strerror(error)));
  }
  summary.cases = cases.size();
  summary.data_sets = sets;
  return {};
}

}  // namespace sonnx::io
