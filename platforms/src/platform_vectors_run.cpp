// platform_test: the host's vectors (platform_vectors.inc) through every path of each type: the
// checked API with the proved and the fastest kernels, in place, and every kernel called directly.
#include <cstring>

#include "platform_test.hpp"

namespace sonnx::platform {
namespace {

#include "platform_vectors.inc"

enum class Path { api_proved, api_fastest, api_in_place, kernel };

template <typename T>
void run_path(const TypeInfo& type, const VectorSet& set, Path path, const char* label,
              NamedKernel<T> kernel) {
  Tally& t = new_tally(type, set.group, label, kernel.name);
  const auto* rows = static_cast<const Bits<T>(*)[3]>(set.triples);
  for (std::size_t start = 0; start < set.count; start += chunk) {
    const std::size_t n = set.count - start < chunk ? set.count - start : chunk;
    T* a = slots<T>(buffer_a);
    T* b = slots<T>(buffer_b);
    T* c = path == Path::api_in_place ? a : slots<T>(buffer_c);
    for (std::size_t i = 0; i < n; ++i) {
      a[i] = from_bits<T>(rows[start + i][0]);
      b[i] = from_bits<T>(rows[start + i][1]);
    }
    if (path == Path::kernel) {
      kernel.kernel(a, b, c, n);
    } else {
      const std::int64_t shape[1] = {static_cast<std::int64_t>(n)};
      const Kernels mode = path == Path::api_proved ? Kernels::proved : Kernels::fastest;
      const Status status =
          call_api({type.type, shape, a}, {type.type, shape, b}, {type.type, shape, c}, &mode);
      if (!status.ok()) {  // every vector is inside the domain: an error fails the whole chunk
        t.cases += n;
        t.mismatches += n;
        continue;
      }
    }
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t got = plant(type, i, to_bits(c[i]));
      compare(t, rows[start + i][0], rows[start + i][1], got, rows[start + i][2]);
    }
  }
}

// One type's vectors through every path. proved and route (none for the float formats) are its C
// kernels; member is its entry of the fast-path tables, null where it has none (float32, float64:
// the proved kernel is the fastest). T is deduced from the kernels.
template <typename T>
void run_type(const TypeInfo& type, NamedKernel<T> proved, NamedKernel<T> route,
              DivKernel<T> KernelTable::*member) {
  const KernelList<T> kernels = kernels_of<T>(proved, route, member);
  const DivKernel<T> fastest =
      member != nullptr ? sonnx::detail::selected_kernel_table().*member : proved.kernel;
  for (const VectorSet& set : vector_sets) {
    if (set.type != type.type) continue;
    run_path<T>(type, set, Path::api_proved, "checked API, proved kernels", kernels.list[0]);
    const NamedKernel<T> selected{kernels.name_of(fastest), fastest};
    run_path<T>(type, set, Path::api_fastest, "checked API, fastest kernels", selected);
    if (std::strcmp(set.group, "golden") == 0) {
      run_path<T>(type, set, Path::api_in_place, "checked API in place (C is A), fastest kernels",
                  selected);
    }
    for (std::size_t k = 0; k < kernels.count; ++k) {
      run_path<T>(type, set, Path::kernel, "kernel called directly", kernels.list[k]);
    }
  }
}

}  // namespace

unsigned long long vectors_seed_used() { return vectors_seed; }
unsigned long long vectors_sample_used() { return vectors_sample; }

// A C kernel and its name, written once.
#define NAMED(kernel) \
  NamedKernel { #kernel, kernel }

void run_vectors() {
  using D = KernelTable;
  run_type(float16_info, NAMED(sonnx_div_f16), {}, &D::float16);
  run_type(bfloat16_info, NAMED(sonnx_div_bf16), {}, &D::bfloat16);
  run_type(float32_info, NAMED(sonnx_div_f32), {}, {});
  run_type(float64_info, NAMED(sonnx_div_f64), {}, {});
  run_type(int8_info, NAMED(sonnx_div_i8), NAMED(sonnx_div_i8_via_binary32), &D::int8);
  run_type(int16_info, NAMED(sonnx_div_i16), NAMED(sonnx_div_i16_via_binary32), &D::int16);
  run_type(int32_info, NAMED(sonnx_div_i32), NAMED(sonnx_div_i32_via_binary64), &D::int32);
  run_type(int64_info, NAMED(sonnx_div_i64), NAMED(sonnx_div_i64_blocked), &D::int64);
  run_type(uint8_info, NAMED(sonnx_div_u8), NAMED(sonnx_div_u8_via_binary32), &D::uint8);
  run_type(uint16_info, NAMED(sonnx_div_u16), NAMED(sonnx_div_u16_via_binary32), &D::uint16);
  run_type(uint32_info, NAMED(sonnx_div_u32), NAMED(sonnx_div_u32_via_binary64), &D::uint32);
  run_type(uint64_info, NAMED(sonnx_div_u64), NAMED(sonnx_div_u64_blocked), &D::uint64);
}

#undef NAMED

}  // namespace sonnx::platform
