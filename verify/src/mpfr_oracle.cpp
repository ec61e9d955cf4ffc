// MPFR oracle for IEEE 754 RNE division of binary formats (see mpfr_oracle.hpp).
#include "sonnx_verify/mpfr_oracle.hpp"

#include <gmp.h>

#include <cstdio>
#include <stdexcept>
#include <string>

namespace sonnx::oracle {
namespace {

// Per-thread MPFR/GMP scratch values, initialised once per thread.
struct Workspace {
  mpfr_t x, y, q, t, u, v;
  mpz_t z;
  Workspace() {
    mpfr_inits2(64, x, y, q, t, u, v, static_cast<mpfr_ptr>(nullptr));
    mpz_init(z);
  }
  ~Workspace() {
    mpfr_clears(x, y, q, t, u, v, static_cast<mpfr_ptr>(nullptr));
    mpz_clear(z);
  }
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;
};

Workspace& workspace() {
  thread_local Workspace w;
  return w;
}

void ensure_precision(mpfr_ptr value, mpfr_prec_t precision) {
  if (mpfr_get_prec(value) != precision) mpfr_set_prec(value, precision);
}

// Narrows MPFR's (thread-local) exponent range to a format's and restores it on scope exit.
class FormatExponentRange {
 public:
  explicit FormatExponentRange(const BinaryFormat& f)
      : saved_emin_(mpfr_get_emin()), saved_emax_(mpfr_get_emax()) {
    // MPFR writes x = m * 2^e with m in [1/2, 1): the smallest subnormal 2^(emin - p + 1) has
    // e = emin - p + 2, and every finite value is below 2^(emax + 1), i.e. e <= emax + 1.
    if (mpfr_set_emin(f.emin() - f.precision + 2) != 0 || mpfr_set_emax(f.emax + 1) != 0) {
      throw std::logic_error("MPFR rejected the exponent range of " + std::string(f.name));
    }
  }
  ~FormatExponentRange() {
    mpfr_set_emin(saved_emin_);
    mpfr_set_emax(saved_emax_);
  }
  FormatExponentRange(const FormatExponentRange&) = delete;
  FormatExponentRange& operator=(const FormatExponentRange&) = delete;

 private:
  mpfr_exp_t saved_emin_;
  mpfr_exp_t saved_emax_;
};

int bit_length(std::uint64_t x) {
  int n = 0;
  while (x != 0) {
    ++n;
    x >>= 1;
  }
  return n;
}

}  // namespace

void to_mpfr(mpfr_ptr out, const BinaryFormat& f, std::uint64_t bits) {
  if (mpfr_get_prec(out) < f.precision) mpfr_set_prec(out, f.precision);
  const bool negative = (bits & f.sign_bit()) != 0;
  const std::uint64_t exponent_field = f.magnitude(bits) >> (f.precision - 1);
  const std::uint64_t fraction = bits & f.fraction_mask();
  const std::uint64_t all_ones = (std::uint64_t{1} << f.exponent_bits()) - 1;
  if (exponent_field == all_ones) {
    if (fraction != 0) {
      mpfr_set_nan(out);
    } else {
      mpfr_set_inf(out, negative ? -1 : 1);
    }
    return;
  }
  if (exponent_field == 0 && fraction == 0) {
    mpfr_set_zero(out, negative ? -1 : 1);
    return;
  }
  // value = significand * 2^(quantum exponent), quantum = 2^(max(E, emin) - p + 1).
  std::uint64_t significand = fraction;
  long quantum = static_cast<long>(f.emin()) - f.precision + 1;
  if (exponent_field != 0) {
    significand |= std::uint64_t{1} << (f.precision - 1);
    quantum = static_cast<long>(exponent_field) - f.emax - f.precision + 1;
  }
  const int inexact = mpfr_set_uj_2exp(out, significand, quantum, MPFR_RNDN);
  if (inexact != 0) throw std::logic_error("inexact operand conversion");
  if (negative) mpfr_neg(out, out, MPFR_RNDN);
}

std::uint64_t from_mpfr(const BinaryFormat& f, mpfr_srcptr value) {
  if (mpfr_nan_p(value) != 0) return f.quiet_nan();
  const std::uint64_t sign = mpfr_signbit(value) != 0 ? f.sign_bit() : 0;
  if (mpfr_inf_p(value) != 0) return sign | f.infinity();
  if (mpfr_zero_p(value) != 0) return sign;
  Workspace& w = workspace();
  long exponent = mpfr_get_z_2exp(w.z, value);  // value = z * 2^exponent
  mpz_abs(w.z, w.z);
  if (mpz_sizeinbase(w.z, 2) > 64) throw std::domain_error("significand wider than 64 bits");
  std::uint64_t m = mpz_get_ui(w.z);
  while ((m & 1u) == 0) {
    m >>= 1;
    ++exponent;
  }
  const long top = exponent + bit_length(m) - 1;  // value in [2^top, 2^(top + 1))
  if (top > f.emax) throw std::domain_error("value above the largest finite number");
  const long quantum =
      (top < f.emin() ? static_cast<long>(f.emin()) : top) - f.precision + 1;
  if (exponent < quantum) throw std::domain_error("value not representable in the format");
  m <<= (exponent - quantum);
  if (top < f.emin()) return sign | m;  // subnormal: the raw fraction is the significand
  const auto biased = static_cast<std::uint64_t>(top + f.emax);
  return sign | (biased << (f.precision - 1)) | (m & f.fraction_mask());
}

std::uint64_t div(const BinaryFormat& f, std::uint64_t a, std::uint64_t b) {
  Workspace& w = workspace();
  const auto p = static_cast<mpfr_prec_t>(f.precision);
  ensure_precision(w.x, p);
  ensure_precision(w.y, p);
  ensure_precision(w.q, p);
  to_mpfr(w.x, f, a);
  to_mpfr(w.y, f, b);
  {
    FormatExponentRange range(f);
    // The operands are inside the narrowed range (they are values of the format).
    int ternary = mpfr_div(w.q, w.x, w.y, MPFR_RNDN);
    ternary = mpfr_subnormalize(w.q, ternary, MPFR_RNDN);
    static_cast<void>(ternary);
  }
  return from_mpfr(f, w.q);
}

AccuracyCheck check_half_ulp(const BinaryFormat& f, std::uint64_t a, std::uint64_t b,
                             std::uint64_t c) {
  AccuracyCheck result;
  if (!f.is_finite(a) || !f.is_finite(b) || f.is_zero(b) || !f.is_finite(c)) return result;
  result.applicable = true;
  Workspace& w = workspace();
  const auto p = static_cast<mpfr_prec_t>(f.precision);
  // |c*b - a| spans at most 4*emax + 2p bits (top bit <= 2*emax + 3, lowest bit >= 2*(emin-p+1)).
  const auto wide = static_cast<mpfr_prec_t>(4 * f.emax + 2 * f.precision + 16);
  ensure_precision(w.x, p);
  ensure_precision(w.y, p);
  ensure_precision(w.q, p);
  ensure_precision(w.t, 2 * p);
  ensure_precision(w.u, wide);
  ensure_precision(w.v, p + 1);
  to_mpfr(w.x, f, a);
  to_mpfr(w.y, f, b);
  to_mpfr(w.q, f, c);
  int exact = mpfr_mul(w.t, w.q, w.y, MPFR_RNDN);  // c*b, 2p bits: exact
  exact |= mpfr_sub(w.u, w.t, w.x, MPFR_RNDN);     // c*b - a: exact at `wide` bits
  // Bound: 2^-p * max(|a|, min_normal * |b|); min_normal is a power of two, so all exact.
  exact |= mpfr_mul_2si(w.v, w.y, f.emin(), MPFR_RNDN);
  mpfr_abs(w.v, w.v, MPFR_RNDN);
  if (mpfr_cmpabs(w.x, w.v) > 0) exact |= mpfr_abs(w.v, w.x, MPFR_RNDN);
  exact |= mpfr_mul_2si(w.v, w.v, -f.precision, MPFR_RNDN);
  if (exact != 0) throw std::logic_error("F3 check lost exactness");
  result.within_half_ulp = mpfr_cmpabs(w.u, w.v) <= 0;
  mpfr_abs(w.u, w.u, MPFR_RNDN);
  ensure_precision(w.t, 53);
  mpfr_div(w.t, w.u, w.v, MPFR_RNDN);
  result.error_ratio = mpfr_get_d(w.t, MPFR_RNDN);
  return result;
}

std::string hex(const BinaryFormat& f, std::uint64_t bits) {
  static constexpr char hex_digits[] = "0123456789ABCDEF";
  std::string text = "0x";
  for (int shift = f.width - 4; shift >= 0; shift -= 4) {
    text += hex_digits[(bits >> shift) & 0xFU];
  }
  return text;
}

std::string mpfr_version_string() { return std::string("MPFR ") + mpfr_get_version(); }

std::string gmp_version_string() { return std::string("GMP ") + gmp_version; }

}  // namespace sonnx::oracle
