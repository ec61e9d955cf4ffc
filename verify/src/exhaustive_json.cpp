// The evidence record of a sweep (exhaustive-<format>.json, read by the traceability report).
#include <cstdio>
#include <sstream>
#include <string>
#include <thread>

#include "sonnx_verify/exhaustive.hpp"

namespace sonnx::oracle {
namespace {

std::string json_escape(const std::string& s) {
  std::string out;
  for (const char ch : s) {
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (static_cast<unsigned char>(ch) < 0x20) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(ch));
      out += buffer;
    } else {
      out += ch;
    }
  }
  return out;
}

}  // namespace

std::string sweep_json(const SweepResult& r, const std::string& tool_version) {
  const BinaryFormat& f = r.format == "f16" ? binary16 : bfloat16;
  std::ostringstream out;
  char number[64];
  out << "{\n";
  out << "  \"format\": \"" << r.format << "\",\n";
  out << "  \"requirement\": \"F2\",\n";
  out << "  \"mode\": \"" << r.mode << "\",\n";
  out << "  \"kernel\": \"" << json_escape(r.kernel) << "\",\n";
  out << "  \"pairs_checked\": " << r.pairs_checked << ",\n";
  out << "  \"mismatches\": " << r.mismatches << ",\n";
  out << "  \"mismatch_examples\": [";
  for (std::size_t i = 0; i < r.mismatch_examples.size(); ++i) {
    const MismatchExample& m = r.mismatch_examples[i];
    out << (i == 0 ? "\n" : ",\n") << "    {\"a\": \"" << hex(f, m.a) << "\", \"b\": \""
        << hex(f, m.b) << "\", \"got\": \"" << hex(f, m.got) << "\", \"expected\": \""
        << hex(f, m.expected) << "\"}";
  }
  out << (r.mismatch_examples.empty() ? "],\n" : "\n  ],\n");
  out << "  \"comparison_rule\": \"bit for bit, except that two quiet NaNs match whatever their "
         "signs and payloads (docs/spec-defects.md SD-9)\",\n";
  // Every NaN pattern the kernel returned; the list is capped, the count of patterns is not.
  constexpr std::size_t nan_listed = 32;
  std::uint64_t nan_total = 0;
  std::uint64_t signaling = 0;
  for (const NanResult& n : r.nan_results) {
    nan_total += n.count;
    if (!f.is_quiet_nan(n.bits)) signaling += n.count;
  }
  out << "  \"nan_results\": {\"results\": " << nan_total << ", \"patterns\": "
      << r.nan_results.size() << ", \"signaling\": " << signaling << ", \"most_frequent\": [";
  for (std::size_t i = 0; i < r.nan_results.size() && i < nan_listed; ++i) {
    const NanResult& n = r.nan_results[i];
    out << (i == 0 ? "\n" : ",\n") << "    {\"bits\": \"" << hex(f, n.bits) << "\", \"count\": "
        << n.count << ", \"first_a\": \"" << hex(f, n.first_a) << "\", \"first_b\": \""
        << hex(f, n.first_b) << "\"}";
  }
  out << (r.nan_results.empty() ? "]},\n" : "\n  ]},\n");
  out << "  \"oracle_calls\": " << r.oracle_calls << ",\n";
  out << "  \"oracle\": \"" << json_escape(mpfr_version_string()) << "\",\n";
  out << "  \"gmp\": \"" << json_escape(gmp_version_string()) << "\",\n";
  out << "  \"oracle_reduction\": \""
      << (r.mode == "full"
              ? "oracle on magnitudes (sign by XOR), one call per distinct exact quotient "
                "(m_A, m_B, e_A - e_B); kernel evaluated on all 2^32 pairs"
              : "direct oracle call on every signed pair")
      << "\",\n";
  out << "  \"symmetry_checks\": " << r.symmetry_checks << ",\n";
  out << "  \"symmetry_failures\": " << r.symmetry_failures << ",\n";
  std::snprintf(number, sizeof number, "0x%llX", static_cast<unsigned long long>(r.seed));
  out << "  \"seed\": \"" << number << "\",\n";
  out << "  \"tool_version\": \"" << json_escape(tool_version) << "\",\n";
  std::snprintf(number, sizeof number, "%.3f", r.wall_s);
  out << "  \"wall_s\": " << number << ",\n";
  std::snprintf(number, sizeof number, "%.0f", r.pairs_per_s());
  out << "  \"pairs_per_s\": " << number << ",\n";
  out << "  \"threads\": " << r.threads << ",\n";
  out << "  \"hardware_threads\": " << std::thread::hardware_concurrency() << ",\n";
  out << "  \"load_average_start\": \"" << r.load_average_start << "\",\n";
  out << "  \"load_average_end\": \"" << r.load_average_end << "\",\n";
  out << "  \"passed\": " << (r.passed() ? "true" : "false") << "\n";
  out << "}\n";
  return out.str();
}

}  // namespace sonnx::oracle
