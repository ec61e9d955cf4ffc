// The model's own logic: counts over rows and goals, the words of the status values, and two
// helpers of every stage (join, iso_time).
#include <algorithm>
#include <chrono>
#include <ctime>
#include <sonnx/trace/trace.hpp>

namespace trace {

std::string join(const std::vector<std::string>& v, const std::string& sep) {
  std::string out;
  for (const auto& s : v) {
    if (!out.empty()) out += sep;
    out += s;
  }
  return out;
}

std::string iso_time(fs::file_time_type t) {
  const auto sys = std::chrono::time_point_cast<std::chrono::seconds>(
      t - fs::file_time_type::clock::now() + std::chrono::system_clock::now());
  const std::time_t tt = std::chrono::system_clock::to_time_t(sys);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

int Row::tests_passed() const {
  return static_cast<int>(
      std::count_if(tests.begin(), tests.end(), [](const TestCase* t) { return t->passed; }));
}
int Row::tests_failed() const { return static_cast<int>(tests.size()) - tests_passed(); }
int Row::proved(const std::vector<const ProofGoal*>& goals) const {
  std::uint64_t n = 0;
  for (const auto* g : goals) n += g->obligations_valid;
  return static_cast<int>(n);
}
int Row::total(const std::vector<const ProofGoal*>& goals) {
  std::uint64_t n = 0;
  for (const auto* g : goals) n += g->obligations;
  return static_cast<int>(n);
}
int obligations_proved(const std::vector<ProofGoal>& goals) {
  std::uint64_t n = 0;
  for (const auto& g : goals) n += g.obligations_valid;
  return static_cast<int>(n);
}
int obligations_total(const std::vector<ProofGoal>& goals) {
  std::uint64_t n = 0;
  for (const auto& g : goals) n += g.obligations;
  return static_cast<int>(n);
}
bool Row::has_gap() const {
  return std::any_of(flags.begin(), flags.end(), [](const Flag& f) { return f.gap; });
}

std::array<int, std::size(kStatuses)> Report::status_counts() const {
  std::array<int, std::size(kStatuses)> out{};
  for (const auto& r : rows) ++out[static_cast<std::size_t>(r.status)];
  return out;
}

// The words of each enum, in the order of its enumerators.
namespace {
constexpr const char* kStatusWords[] = {"verified", "partial", "stale", "failed", "missing"};
constexpr const char* kLevelWords[] = {"none", "test", "spec", "exhaustive", "code"};
constexpr const char* kProvenanceWords[] = {"", "current", "changed", "none", "not checked"};
static_assert(std::size(kStatusWords) == std::size(kStatuses));
static_assert(std::size(kLevelWords) == static_cast<std::size_t>(Level::code) + 1);
static_assert(std::size(kProvenanceWords) == static_cast<std::size_t>(Provenance::not_checked) + 1);
}  // namespace

const char* to_string(Status s) { return kStatusWords[static_cast<std::size_t>(s)]; }
const char* to_string(Level l) { return kLevelWords[static_cast<std::size_t>(l)]; }
const char* to_string(Provenance p) { return kProvenanceWords[static_cast<std::size_t>(p)]; }

int Report::gap_count() const {
  int n = 0;
  for (const auto& r : rows)
    n += static_cast<int>(
        std::count_if(r.flags.begin(), r.flags.end(), [](const Flag& f) { return f.gap; }));
  n += static_cast<int>(
      std::count_if(issues.begin(), issues.end(), [](const Issue& i) { return i.gap; }));
  return n;
}

bool is_non_requirement_tag(const std::string& tag) {
  return std::any_of(std::begin(kNonRequirementTags), std::end(kNonRequirementTags),
                     [&](const NonRequirementTag& t) { return tag == t.tag; });
}
}  // namespace trace
