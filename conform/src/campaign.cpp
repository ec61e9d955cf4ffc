// The campaign from start to report (campaign.hpp): work directory, adapter, the cases of each
// type in order, and the report.
#include <sys/stat.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <sonnx/conform/campaign.hpp>
#include <sonnx/conform/comparison.hpp>
#include <sonnx/io/tensor_io.hpp>
#include <span>
#include <sstream>

#include "requests.hpp"

namespace sonnx::conform {

namespace fs = std::filesystem;
using Clock = process::Clock;

namespace {

double seconds_since(Clock::time_point start) {
  return process::Seconds(Clock::now() - start).count();
}

// Every request allocates and frees blocks of a chunk's size (2^24 elements by default: A, B, the
// reference, the runtime's output and their encodings). glibc serves blocks above its mmap
// threshold (at most 32 MiB) with mmap and unmaps them when they are freed, so that each request
// faults every page of them in again: that kernel time was most of the campaign's CPU time.
// The campaign's blocks come from the heap instead, and freed memory stays for the next request.
// (Allocation only: no value the campaign computes or compares depends on it.)
void keep_freed_memory() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, std::numeric_limits<int>::max());
#endif
}

// Where request files go: the given directory (kept), or a temporary one that is removed at the
// end. Requests move hundreds of MiB per second: /dev/shm (memory) is preferred to the disk.
class WorkDir {
 public:
  bool create(const fs::path& given, std::string& error) {
    std::error_code ec;
    if (!given.empty()) {
      path_ = fs::absolute(given);
      fs::create_directories(path_, ec);
      return true;
    }
    const fs::path base = fs::is_directory("/dev/shm", ec) && ::access("/dev/shm", W_OK) == 0
                              ? fs::path("/dev/shm")
                              : fs::temp_directory_path(ec);
    std::string pattern = (base / "sonnx-conform-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) {
      error = "cannot create a work directory: " + pattern;
      return false;
    }
    path_ = pattern;
    owned_ = true;
    return true;
  }
  WorkDir() = default;
  WorkDir(const WorkDir&) = delete;
  WorkDir& operator=(const WorkDir&) = delete;
  ~WorkDir() {
    std::error_code ec;
    if (owned_) fs::remove_all(path_, ec);
  }
  [[nodiscard]] const fs::path& path() const { return path_; }
  [[nodiscard]] bool owned() const { return owned_; }

 private:
  fs::path path_;
  bool owned_ = false;
};

// The report's folder must exist (none is created for it) and the report, when it exists, be a
// regular file: checked before the campaign, which may run for hours, so that a mistyped path is
// refused at once and nothing is written.
bool check_report_path(const fs::path& report, std::string& error) {
  const std::string cannot = "cannot write the report " + report.string() + ": ";
  switch (io::output_path_problem(report)) {
    case io::OutputPathProblem::none:
      return true;
    case io::OutputPathProblem::names_folder:
      error = "--report " + report.string() + " names a folder, not a file";
      break;
    case io::OutputPathProblem::existing_folder:
    case io::OutputPathProblem::not_regular_file:
      error = cannot + "it exists and is not a regular file";
      break;
    case io::OutputPathProblem::folder_missing:
      error = cannot + "its folder " + report.parent_path().string() +
              " does not exist (no folder is created for it)";
      break;
    case io::OutputPathProblem::folder_not_folder:
      error = cannot + "its folder " + report.parent_path().string() + " is not a folder";
      break;
  }
  return false;
}

// The reproducers of this run, written into a new folder beside the report and moved to
// <stem>-reproducers/ only with the report: a campaign that fails (a malfunction, an interrupt)
// removes them and leaves the previous run's report and reproducers as they were.
class Staging {
 public:
  Staging() = default;
  Staging(const Staging&) = delete;
  Staging& operator=(const Staging&) = delete;
  ~Staging() {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
  }

  bool create(const fs::path& report, std::string& error) {
    std::string pattern =
        (report.parent_path() / ("." + report.stem().string() + "-reproducers-XXXXXX")).string();
    if (::mkdtemp(pattern.data()) == nullptr) {
      error = "cannot create a folder beside the report: " + pattern + ": " + std::strerror(errno);
      return false;
    }
    path_ = pattern;
    // mkdtemp's mode is 0700: the reproducers get the mode any new folder gets (the umask's).
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::chmod(path_.c_str(), 0777 & ~mask);
    return true;
  }
  [[nodiscard]] const fs::path& path() const { return path_; }

  // Replaces `target` by the staged folder and writes the report; when either fails, the
  // previous reproducers are put back and the message says why.
  bool publish(const fs::path& target, const fs::path& report, const std::string& text,
               std::string& error) {
    std::error_code ec;
    const fs::path aside = path_.string() + "-previous";
    const bool had = fs::exists(fs::symlink_status(target, ec));
    ec.clear();  // a target that does not exist is an error code too
    if (had) fs::rename(target, aside, ec);
    if (!ec) fs::rename(path_, target, ec);
    if (ec) {
      error = "cannot move the reproducers to " + target.string() + ": " + ec.message();
      if (had) fs::rename(aside, target, ec);
      return false;
    }
    path_.clear();
    const io::IoStatus written = io::write_file_atomic(report, text);
    if (!written.ok()) {
      error = written.message;
      fs::remove_all(target, ec);
    }
    if (had) {
      if (written.ok()) {
        fs::remove_all(aside, ec);
      } else {
        fs::rename(aside, target, ec);
      }
    }
    return written.ok();
  }

 private:
  fs::path path_;
};

// One run of the campaign, type after type.
class Run {
 public:
  Run(const Options& o, const Progress& progress, const fs::path& work, const fs::path& report,
      const fs::path& staging)
      : o_(o),
        progress_(progress),
        tally_(o.max_reproducers, staging, report.parent_path(), reproducers_of(report)),
        requests_(o, work, tally_),
        random_pairs_(o.random_pairs >= 0 ? static_cast<std::size_t>(o.random_pairs)
                                          : (o.short_campaign ? 1024 : std::size_t{1} << 22)),
        source_{std::mt19937_64(o.seed), 0},
        sample_source_{std::mt19937_64(o.seed + sample_seed_offset), 0} {}

  static fs::path reproducers_of(const fs::path& report) {
    return report.parent_path() / (report.stem().string() + "-reproducers");
  }

  bool start(std::string& error) { return requests_.start(error); }
  const Adapter& adapter() const { return requests_.adapter(); }
  std::string runtime() const { return adapter().name + " " + adapter().version; }
  const std::string& error() const { return requests_.error(); }
  void stop() { requests_.stop(); }

  // Edge and domain cases, the broadcasting model, random pairs and the sweep of one type.
  bool type(DataType type) {
    const std::string name = io::data_type_text(type);
    const BitLayout l = bit_layout(type);
    bool ok = requests_.run_batch(edge_batch(type));
    for (const Batch& e : edge_alone_batches(type)) ok = ok && requests_.run_batch(e);
    for (const Batch& d : domain_batches(type)) ok = ok && requests_.run_batch(d);
    ok = ok && requests_.check_broadcast_rejected(type);
    if (!ok) return false;
    progress_("conform: " + name + " edge and domain cases done" +
                  (requests_.unsupported(type) ? " (runtime: unsupported type)" : ""),
              true);
    if (l.size >= 4 && random_pairs_ > 0 && !random(type, random_pairs_, source_, "random pairs"))
      return false;
    if (l.size == 2 && l.is_float && o_.sample_16bit >= 0) {
      const auto n = static_cast<std::size_t>(o_.sample_16bit);
      return n == 0 || random(type, n, sample_source_, "seeded sample of the 2^32 pairs");
    }
    if (l.size == 2 && l.is_float && !o_.short_campaign) return sweep(type);
    return true;
  }

  nlohmann::json report_json() const;
  std::uint64_t findings() const { return tally_.findings_total(); }
  std::string sixteen_bit_text() const {
    if (o_.sample_16bit >= 0)
      return std::to_string(o_.sample_16bit) + " seeded random pairs per type (seed " +
             std::to_string(o_.seed + sample_seed_offset) + "), not every pair";
    return o_.short_campaign ? "none beyond the edge cases" : "every pair (2^32)";
  }

 private:
  void step(const std::string& name, std::size_t elements, Clock::time_point t0, double runtime0) {
    const double total = seconds_since(t0);
    steps_.push_back({{"step", name},
                      {"elements", elements},
                      {"seconds", total},
                      {"adapter_seconds", requests_.runtime_seconds - runtime0},
                      {"elements_per_second_end_to_end",
                       total > 0 ? static_cast<double>(elements) / total : 0.0}});
  }

  // `pairs` seeded random pairs from `source`: the random pairs of a 32/64-bit type, or the
  // sample that stands for a 16-bit type's sweep.
  bool random(DataType type, std::size_t pairs, RandomSource& source, const std::string& what) {
    const std::string name = io::data_type_text(type);
    const auto t0 = Clock::now();
    const double r0 = requests_.runtime_seconds;
    const std::uint64_t special0 = source.with_special;
    // The last probe_length pairs are a request of their own, which reaches both loops of a
    // vectorized kernel whatever its width (a request of 2^k pairs has no remainder). The pairs
    // drawn, and their order, are those of one request.
    const std::size_t tail = pairs > probe_length ? probe_length : 0;
    for (std::size_t done = 0; done < pairs;) {
      const std::size_t rest = pairs - done;
      const std::size_t n = rest == tail ? tail : std::min(o_.chunk, rest - tail);
      if (!requests_.run_batch(random_batch(type, n, source))) return false;
      done += n;
      progress_("conform: " + name + " " + what + " " + std::to_string(done) + "/" +
                    std::to_string(pairs),
                false);
    }
    random_info_[name] = {{"pairs", pairs},
                          {"pairs_with_a_special_operand", source.with_special - special0}};
    if (&source == &sample_source_) random_info_[name]["instead_of"] = "every pair (2^32)";
    step(name + " " + what, pairs, t0, r0);
    progress_("conform: " + name + " " + what + ": " + std::to_string(pairs), true);
    return true;
  }

  // Every pair of a 16-bit float type, or all of them counted when the runtime lacks the type.
  bool sweep(DataType type) {
    const std::string name = io::data_type_text(type);
    if (requests_.unsupported(type)) {
      requests_.count_skipped_sweep(type);
      progress_("conform: " + name + " every pair: unsupported type, 2^32 pairs counted, not sent",
                true);
      return true;
    }
    const std::size_t chunks = (std::size_t{1} << 32) / o_.chunk;
    const auto t0 = Clock::now();
    const double r0 = requests_.runtime_seconds;
    for (std::size_t k = 0; k < chunks; ++k) {
      if (!requests_.run_batch(exhaustive_batch(type, o_.chunk, k))) return false;
      const double elapsed = seconds_since(t0);
      const double rate = static_cast<double>((k + 1) * o_.chunk) / elapsed;
      std::ostringstream line;
      line.precision(3);
      line << "conform: " << name << " every pair: chunk " << (k + 1) << '/' << chunks << ", "
           << elapsed << " s, " << rate / 1e6 << " M pairs/s, about "
           << static_cast<double>(chunks - k - 1) * static_cast<double>(o_.chunk) / rate
           << " s left";
      progress_(line.str(), k == 0 || k + 1 == chunks || (k + 1) % 16 == 0);
    }
    step(name + " every pair (2^32)", std::size_t{1} << 32, t0, r0);
    return true;
  }

  const Options& o_;
  const Progress& progress_;
  Tally tally_;
  Requests requests_;
  std::size_t random_pairs_;
  RandomSource source_;
  // The 16-bit samples draw from a generator of their own, so that the random pairs of the other
  // types are the same with and without them.
  static constexpr std::uint64_t sample_seed_offset = 16;
  RandomSource sample_source_;
  const Clock::time_point start_ = Clock::now();
  nlohmann::json steps_ = nlohmann::json::array();
  nlohmann::json random_info_ = nlohmann::json::object();
};

nlohmann::json Run::report_json() const {
  const std::uint64_t findings = tally_.findings_total();
  nlohmann::json j;
  j["schema"] = "sonnx-div conformance campaign 1";
  j["runtime"] = {{"name", adapter().name}, {"version", adapter().version}};
  if (!adapter().announced.empty()) j["runtime"]["announced"] = adapter().announced;
  if (o_.target.is_object()) j["target"] = o_.target;
  std::string adapter_text;
  for (const auto& w : o_.adapter) adapter_text += (adapter_text.empty() ? "" : " ") + w;
  j["adapter"] = adapter_text;
  j["verdict"] = findings == 0 ? "conforms" : "does not conform";
  j["conforms"] = findings == 0;
  j["campaign"] = {{"mode", o_.short_campaign ? "short" : "full"},
                   {"seed", o_.seed},
                   {"chunk_elements", o_.chunk},
                   {"random_pairs_per_type", random_pairs_},
                   {"float16_bfloat16_pairs", sixteen_bit_text()},
                   {"max_reproducers_per_type_requirement_kind", o_.max_reproducers},
                   {"comparison",
                    "bit for bit with the checked library; two quiet NaNs match, a signaling NaN "
                    "only itself (SD-9)"},
                   {"seconds", seconds_since(start_)},
                   {"adapter_seconds", requests_.runtime_seconds}};
  j["random_pairs"] = random_info_;
  j["steps"] = steps_;
  j["profile_checks"] = requests_.profile_checks;
  j["broadcast_model"] = requests_.broadcast;
  const nlohmann::json results = tally_.to_json();
  for (const auto& [k, v] : results.items()) j[k] = v;
  return j;
}

// A malfunction's outcome. The adapter's standard error, when it wrote any, is where the reason
// usually is: the message names it, kept beside the report when the work directory goes (and a
// log kept there by an earlier run is removed).
Outcome malfunction(std::string message, const fs::path& log, const WorkDir& work,
                    const fs::path& report) {
  std::error_code ec;
  fs::remove(kept_adapter_log(report), ec);
  if (!log.empty() && fs::file_size(log, ec) > 0 && !ec) {
    fs::path kept = log;
    if (work.owned()) {
      kept = kept_adapter_log(report);
      fs::copy_file(log, kept, fs::copy_options::overwrite_existing, ec);
    }
    if (!ec) message += "; see " + kept.string();
  }
  return {Outcome::Verdict::malfunction, std::move(message), 0, "", report};
}

}  // namespace

fs::path kept_adapter_log(const fs::path& report) {
  return report.parent_path() / (report.stem().string() + "-adapter.log");
}

Outcome run_campaign(const Options& o, const Progress& progress) {
  keep_freed_memory();
  const fs::path report = fs::absolute(o.report);
  std::string error;
  Staging staging;
  if (!check_report_path(report, error) || !staging.create(report, error))
    return {Outcome::Verdict::malfunction, error, 0, "", report};
  WorkDir work;
  if (!work.create(o.work_dir, error)) return malfunction(error, {}, work, report);

  Run run(o, progress, work.path(), report, staging.path());
  if (!run.start(error)) return malfunction(error, run.adapter().log(), work, report);
  progress("conform: runtime " + run.runtime() + ", " + std::to_string(o.types.size()) +
               " types, " + (o.short_campaign ? "short" : "full") + " campaign",
           true);
  for (const DataType type : o.types) {
    if (!run.type(type)) {
      run.stop();
      return malfunction("campaign malfunction: " + run.error(), run.adapter().log(), work, report);
    }
  }
  const nlohmann::json j = run.report_json();
  run.stop();
  const std::string text = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  if (!staging.publish(Run::reproducers_of(report), report, text, error))
    return malfunction(error, {}, work, report);
  std::error_code ec;
  fs::remove(kept_adapter_log(report), ec);  // an earlier failed run's
  const std::uint64_t findings = run.findings();
  return {findings == 0 ? Outcome::Verdict::conforms : Outcome::Verdict::findings,
          run.runtime() + ": " + std::string(j["verdict"]) + " (" + std::to_string(findings) +
              " findings); report " + report.string(),
          findings, run.runtime(), report};
}

}  // namespace sonnx::conform
