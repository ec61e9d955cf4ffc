// The C-subset files mean the same compiled as C as compiled as C++ (AS-CC-3): the module
// sonnx_kernels_c (those files compiled by the C compiler, loaded here with dlopen) against the
// library (the same files compiled as C++, linked), bit for bit, on every kernel, route kernel,
// blocked kernel, domain scan and decision procedure.
//
//   c_kernels_equal MODULE            every pair of the 8-bit kernels, 2^22 pairs of each 16-bit
//                                     kernel, boundary and random pairs of the wider ones
//   c_kernels_equal MODULE --full     every pair of the 16-bit kernels too (main job)
//   c_kernels_equal MODULE --planted  the check itself: the library's uint16 kernel compared
//                                     with the C module's bfloat16 kernel must differ
// Exit status 0 when every compared function agrees.
#include <dlfcn.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "common/kernels/sonnx_validation.h"
#include "div/kernels/div_checked.h"
#include "div/kernels/div_domain.h"
#include "div/kernels/div_kernels.h"
#include "div/kernels/div_route_kernels.h"
#include "div_type_list.h"

namespace {

void* module = nullptr;
std::uint64_t compared = 0;
std::uint64_t differences = 0;

// Every compared function has one name in both compilations: sonnx_div_<suffix>.
std::string c_name(const std::string& suffix) { return "sonnx_div_" + suffix; }

template <typename Function>
Function* from_module(const std::string& name) {
  void* symbol = dlsym(module, name.c_str());
  if (symbol == nullptr) {
    std::fprintf(stderr, "c_kernels_equal: %s not in the C module\n", name.c_str());
    std::exit(2);
  }
  return reinterpret_cast<Function*>(symbol);  // NOLINT: dlsym returns an object pointer
}

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

template <typename T>
bool same_bits(const std::vector<T>& x, const std::vector<T>& y) {
  return std::memcmp(x.data(), y.data(), x.size() * sizeof(T)) == 0;
}

void report(const std::string& name, bool same, std::uint64_t pairs) {
  compared += pairs;
  if (!same) {
    ++differences;
    std::printf("DIFFERENT: %s\n", name.c_str());
  }
}

// A type's pairs outside the integer domain get the divisor 1 (the kernels require the domain).
template <typename T>
void into_domain(const std::vector<T>& a, std::vector<T>& b) {
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (!std::is_floating_point_v<T> && b[i] == T(0)) b[i] = T(1);
    if constexpr (std::is_signed_v<T> && std::is_integral_v<T>) {
      if (a[i] == std::numeric_limits<T>::min() && b[i] == T(-1)) b[i] = T(1);
    }
  }
}

template <typename T>
using Kernel = void(const T*, const T*, T*, std::size_t);

// One kernel, C++ (cxx) against C (the module's function `name`), on rows of pairs; make(row, a, b)
// fills a row. With threads > 1 the rows are shared out (row r to thread r mod threads): make must
// then depend on the row alone. Each thread stops at its first differing row.
template <typename T, typename Make>
void kernel_rows(const std::string& name, Kernel<T>* cxx, std::uint64_t rows, bool domain,
                 Make make, unsigned threads = 1) {
  Kernel<T>* c = from_module<Kernel<T>>(name);
  std::vector<char> same_of(threads, 1);
  std::vector<std::uint64_t> pairs_of(threads, 0);
  auto work = [&](unsigned t) {
    std::vector<T> a, b, x, y;
    for (std::uint64_t r = t; r < rows && same_of[t] != 0; r += threads) {
      make(r, a, b);
      if (domain) into_domain(a, b);
      x.assign(a.size(), T(0));
      y.assign(a.size(), T(0));
      cxx(a.data(), b.data(), x.data(), a.size());
      c(a.data(), b.data(), y.data(), a.size());
      same_of[t] = same_bits(x, y) ? 1 : 0;
      pairs_of[t] += a.size();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (std::thread& thread : pool) thread.join();
  const bool same = std::all_of(same_of.begin(), same_of.end(), [](char v) { return v != 0; });
  std::uint64_t pairs = 0;
  for (const std::uint64_t p : pairs_of) pairs += p;
  report(name, same, pairs);
}

// Every pair of a 8/16-bit type (row r: a = r + i, b = i), or the first `rows` rows.
template <typename T>
void all_pairs(const std::string& name, Kernel<T>* cxx, std::uint64_t rows, bool domain) {
  using U = std::make_unsigned_t<T>;
  constexpr std::uint64_t size = std::uint64_t{1} << (8 * sizeof(T));
  kernel_rows<T>(name, cxx, std::min(rows, size), domain,
                 [](std::uint64_t r, std::vector<T>& a, std::vector<T>& b) {
                   a.resize(size);
                   b.resize(size);
                   for (std::uint64_t i = 0; i < size; ++i) {
                     a[i] = static_cast<T>(static_cast<U>(r + i));
                     b[i] = static_cast<T>(static_cast<U>(i));
                   }
                 },
                 std::max(1u, std::thread::hardware_concurrency()));
}

// Boundary values (near every power of two, both signs) against each other, then random rows
// (of the 64-bit types, a third below 2^53 and a third below 2^31 in magnitude).
template <typename T>
void sampled_pairs(const std::string& name, Kernel<T>* cxx, bool domain) {
  using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
  std::vector<T> edges;
  for (unsigned k = 0; k < 8 * sizeof(T); ++k) {
    const U p = U{1} << k;
    for (const U v : {p, U(p - 1), U(p + 1)}) {
      T t;
      std::memcpy(&t, &v, sizeof t);
      edges.push_back(t);
      const U w = U(0) - v;
      std::memcpy(&t, &w, sizeof t);
      edges.push_back(t);
    }
  }
  const std::uint64_t edge_rows = edges.size();
  kernel_rows<T>(name, cxx, edge_rows + 64, domain,
                 [&](std::uint64_t r, std::vector<T>& a, std::vector<T>& b) {
                   if (r < edge_rows) {
                     a.assign(edges.size(), edges[r]);
                     b = edges;
                     return;
                   }
                   std::uint64_t state = r * 0x9E3779B97F4A7C15ULL;
                   const unsigned shift = sizeof(T) == 8 ? (r % 3 == 1 ? 11 : r % 3 == 2 ? 33 : 0)
                                                         : 0;
                   a.resize(4096);
                   b.resize(4096);
                   for (std::size_t i = 0; i < a.size(); ++i) {
                     U x = static_cast<U>(splitmix64(state));
                     U y = static_cast<U>(splitmix64(state));
                     y >>= y % (8 * sizeof(T));
                     std::memcpy(&a[i], &x, sizeof(T));
                     std::memcpy(&b[i], &y, sizeof(T));
                     if constexpr (std::is_integral_v<T>) {
                       a[i] = static_cast<T>(a[i] >> shift);
                       b[i] = static_cast<T>(b[i] >> shift);
                     }
                   }
                 });
}

// A kernel on every pair of its 8-bit type, on the first rows16 rows of the pairs of its 16-bit
// type, on boundary and random pairs of a wider type.
template <typename T>
void kernel_pairs(const std::string& name, Kernel<T>* cxx, std::uint64_t rows16, bool domain) {
  if constexpr (sizeof(T) <= 2) {
    all_pairs<T>(name, cxx, sizeof(T) == 1 ? 256 : rows16, domain);
  } else {
    sampled_pairs<T>(name, cxx, domain);
  }
}

// A type's domain scan and check (sonnx_div_domain_scan_<type>, sonnx_div_domain_<type>): random
// operands with zero divisors and MIN / -1 pairs planted.
template <typename T>
void domain(const std::string& type, std::size_t (*scan)(const T*, const T*, std::size_t),
            sonnx_verdict (*check)(const T*, const T*, std::size_t, std::size_t*)) {
  auto* c_scan =
      from_module<std::size_t(const T*, const T*, std::size_t)>(c_name("domain_scan_" + type));
  auto* c_check = from_module<sonnx_verdict(const T*, const T*, std::size_t, std::size_t*)>(
      c_name("domain_" + type));
  bool same = true;
  std::uint64_t state = 0x5EED;
  for (std::size_t n : {0u, 1u, 7u, 127u, 128u, 129u, 1000u, 5000u}) {
    for (int plant = 0; plant < 3; ++plant) {
      std::vector<T> a(n), b(n);
      for (std::size_t i = 0; i < n; ++i) {
        a[i] = static_cast<T>(splitmix64(state));
        b[i] = static_cast<T>(splitmix64(state) | 1U);
      }
      if (n != 0 && plant == 1) b[splitmix64(state) % n] = T(0);
      if (n != 0 && plant == 2) {
        const std::size_t k = splitmix64(state) % n;
        a[k] = std::numeric_limits<T>::min();
        b[k] = static_cast<T>(-1);
      }
      std::size_t i1 = 0, i2 = 0;
      same = same && scan(a.data(), b.data(), n) == c_scan(a.data(), b.data(), n) &&
             check(a.data(), b.data(), n, &i1) == c_check(a.data(), b.data(), n, &i2) && i1 == i2;
    }
  }
  report(c_name("domain_scan_" + type), same, 24);
}

template <typename T>
using Checked = sonnx_verdict(sonnx_tensor, sonnx_tensor, sonnx_tensor, const T*, const T*, T*,
                              std::int32_t, sonnx_fault*);

// A type's decision procedure (sonnx_div_checked_<type>) on valid tensors, on every kind of
// failure, in place and with each kernel.
template <typename T>
void decision(const std::string& type, Checked<T>* cxx, std::int32_t code) {
  Checked<T>* c = from_module<Checked<T>>(c_name("checked_" + type));
  const std::int64_t shape[] = {3, 5};
  const std::int64_t other[] = {5, 3};
  const std::int64_t negative[] = {3, -5};
  const std::int64_t row[] = {5};
  std::vector<T> a(15), b(15);
  std::uint64_t state = 0xC0DE;
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = static_cast<T>(static_cast<std::int64_t>(splitmix64(state) % 200) - 100);
    b[i] = static_cast<T>(static_cast<std::int64_t>(splitmix64(state) % 9) + 1);
  }
  bool same = true;
  for (int variant = 0; variant < 9; ++variant) {
    for (std::int32_t kernel : {SONNX_KERNEL_SCALAR, SONNX_KERNEL_ROUTE, SONNX_KERNEL_NONE}) {
      std::vector<T> x(15, T(7)), y(15, T(7)), ba = b;
      if (variant == 5) ba[4] = T(0);  // C3 for the integers
      const auto address = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p); };
      sonnx_tensor ta{code, 0, shape, 2, 0}, tb = ta, tc = ta;
      if (variant == 1) tb.type = code == SONNX_TYPE_INT8 ? SONNX_TYPE_UINT8 : SONNX_TYPE_INT8;
      if (variant == 2) tc.type = 8;  // string: R3
      if (variant == 3) tb.shape = other;
      if (variant == 4) tc.shape = negative;
      if (variant == 6) tb.shape = row, tb.rank = 1;
      if (variant == 7) tb.sparse = 1;
      const bool in_place = variant == 8;
      std::vector<T> xa = a, ya = a;  // in place: c = a
      T* cx = in_place ? xa.data() : x.data();
      T* cy = in_place ? ya.data() : y.data();
      sonnx_fault fx{}, fy{};
      ta.address = address(in_place ? xa.data() : a.data());
      tb.address = address(ba.data());
      tc.address = address(cx);
      const sonnx_verdict vx =
          cxx(ta, tb, tc, in_place ? xa.data() : a.data(), ba.data(), cx, kernel, &fx);
      ta.address = address(in_place ? ya.data() : a.data());
      tc.address = address(cy);
      const sonnx_verdict vy =
          c(ta, tb, tc, in_place ? ya.data() : a.data(), ba.data(), cy, kernel, &fy);
      same = same && vx == vy && fx.tensor == fy.tensor && fx.position == fy.position &&
             fx.count == fy.count && std::memcmp(cx, cy, 15 * sizeof(T)) == 0;
    }
  }
  report(c_name("checked_" + type), same, 27);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: c_kernels_equal MODULE [--full | --planted]\n");
    return 2;
  }
  module = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (module == nullptr) {
    std::fprintf(stderr, "c_kernels_equal: %s\n", dlerror());
    return 2;
  }
  const std::string mode = argc > 2 ? argv[2] : "";
  if (mode == "--planted") {  // a check that could pass what it should fail is a defect
    all_pairs<std::uint16_t>(c_name("bf16"), sonnx_div_u16, 64, true);  // C++ uint16, C bfloat16
    std::printf("planted difference (the library's uint16 kernel against the C module's bfloat16 "
                "kernel) %s\n",
                differences == 1 ? "reported" : "MISSED");
    return differences == 1 ? 0 : 1;
  }
  const std::uint64_t rows16 = mode == "--full" ? 65536 : 64;
  // Each type of the profile (div_type_list.h, generated from core/gen/types.json): its kernel,
  // for an integer type its route or blocked kernel (both require the domain) and its domain scan
  // and check, and its decision procedure.
#define COMPARE_INTEGER_TYPE(suffix, ctype, code, route)                             \
  kernel_pairs<ctype>(c_name(#suffix), sonnx_div_##suffix, rows16, true);            \
  kernel_pairs<ctype>(#route, route, rows16, true);                                  \
  domain<ctype>(#suffix, sonnx_div_domain_scan_##suffix, sonnx_div_domain_##suffix); \
  decision<ctype>(#suffix, sonnx_div_checked_##suffix, code);
#define COMPARE_FLOAT_TYPE(suffix, ctype, code)                            \
  kernel_pairs<ctype>(c_name(#suffix), sonnx_div_##suffix, rows16, false); \
  decision<ctype>(#suffix, sonnx_div_checked_##suffix, code);
  SONNX_DIV_INTEGER_TYPES(COMPARE_INTEGER_TYPE)
  SONNX_DIV_FLOAT_TYPES(COMPARE_FLOAT_TYPE)
#undef COMPARE_INTEGER_TYPE
#undef COMPARE_FLOAT_TYPE
  std::printf("C and C++ compilations: %llu pairs and cases compared, %llu functions differ\n",
              static_cast<unsigned long long>(compared),
              static_cast<unsigned long long>(differences));
  return differences == 0 ? 0 : 1;
}
