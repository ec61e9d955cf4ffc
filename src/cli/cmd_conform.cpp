// sonnx-div conform --report FILE -- ADAPTER...: the conformance campaign (docs/conformance.md).
// Runs single-node Div models through an ONNX runtime behind an adapter process and compares every
// output element bit for bit with the checked library (any NaN matches any NaN). The runtime lives
// in a child process: a crash, a signal or a timeout is a finding, the adapter is restarted and the
// campaign goes on.
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <future>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <sonnx/io/golden.hpp>
#include <sonnx/io/model_check.hpp>
#include <sonnx/io/semantics.hpp>
#include <sonnx/io/tensor_io.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_common.hpp"
#include "command_registry.hpp"

namespace sonnx::cli {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int exit_malfunction = 3;  // the campaign itself failed (adapter start, protocol, I/O)

// Set by SIGINT/SIGTERM: the campaign stops at the next request, kills the adapter and removes its
// work directory; no report is written (exit 3).
volatile std::sig_atomic_t interrupted = 0;
extern "C" void on_interrupt(int) { interrupted = 1; }

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string hex(std::uint64_t bits, std::size_t size) {
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, "0x%0*llx", static_cast<int>(size * 2),
                static_cast<unsigned long long>(bits));
  return buffer;
}

std::uint64_t load_bits(const std::vector<unsigned char>& bytes, std::size_t index,
                        std::size_t size) {
  // Fixed-size copies compile to single loads (this runs for every element of 2^32-pair sweeps).
  const unsigned char* p = bytes.data() + index * size;  // little-endian host (io_internal)
  switch (size) {
    case 1:
      return p[0];
    case 2: {
      std::uint16_t v;
      std::memcpy(&v, p, 2);
      return v;
    }
    case 4: {
      std::uint32_t v;
      std::memcpy(&v, p, 4);
      return v;
    }
    default: {
      std::uint64_t v;
      std::memcpy(&v, p, 8);
      return v;
    }
  }
}

void store_bits(std::vector<unsigned char>& bytes, std::size_t index, std::size_t size,
                std::uint64_t bits) {
  std::memcpy(bytes.data() + index * size, &bits, size);
}

// --- what a case exercises ----------------------------------------------------------------------

// The requirements a value case or a domain case is filed under.
enum Req : std::uint8_t { F1, F2, D1, D2, R5, I1, C3, D3, req_count };
constexpr std::array<const char*, req_count> req_names = {"F1", "F2", "D1", "D2",
                                                          "R5", "I1", "C3", "D3"};

struct Layout {
  bool is_float = false;
  bool is_signed = false;
  std::size_t size = 0;
  std::uint64_t mask = 0;  // all bits of the element
  std::uint64_t sign = 0;
  std::uint64_t exponent = 0;  // floats: exponent field mask
  std::uint64_t mantissa = 0;  // floats: trailing significand mask
};

Layout layout_of(DataType type) {
  Layout l;
  l.size = element_size(type);
  l.mask = l.size == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * l.size)) - 1;
  l.sign = std::uint64_t{1} << (8 * l.size - 1);
  // The exponent field of each floating-point format; 0 for the integer types.
  struct ExponentField {
    DataType type;
    std::uint64_t mask;
  };
  static constexpr ExponentField exponent_fields[] = {{DataType::float16, 0x7C00},
                                                      {DataType::bfloat16, 0x7F80},
                                                      {DataType::float32, 0x7F800000},
                                                      {DataType::float64, 0x7FF0000000000000}};
  for (const ExponentField& field : exponent_fields) {
    if (field.type == type) l.exponent = field.mask;
  }
  l.is_float = l.exponent != 0;
  l.mantissa = l.is_float ? (l.sign - 1) & ~l.exponent : 0;
  l.is_signed = l.is_float || type == DataType::int8 || type == DataType::int16 ||
                type == DataType::int32 || type == DataType::int64;
  return l;
}

bool is_nan(const Layout& l, std::uint64_t x) {
  return (x & l.exponent) == l.exponent && (x & l.mantissa) != 0;
}

// Floats: NaN or infinite operand -> D2, zero divisor -> R5, zero dividend -> D1, otherwise the
// rounding requirement (F1 for float32/64, F2 for float16/bfloat16). Integers: zero divisor -> C3,
// signed MIN / -1 -> D3, otherwise I1.
Req requirement_of(const Layout& l, std::uint64_t a, std::uint64_t b) {
  if (l.is_float) {
    if ((a & l.exponent) == l.exponent || (b & l.exponent) == l.exponent) return D2;
    if ((b & ~l.sign) == 0) return R5;
    if ((a & ~l.sign) == 0) return D1;
    return l.size <= 2 ? F2 : F1;
  }
  if (b == 0) return C3;
  if (l.is_signed && a == l.sign && b == l.mask) return D3;
  return I1;
}

bool same_result(const Layout& l, std::uint64_t expected, std::uint64_t actual) {
  return expected == actual || (l.is_float && is_nan(l, expected) && is_nan(l, actual));
}

// --- the adapter process
// --------------------------------------------------------------------------

struct Reply {
  enum class Kind : std::uint8_t { ok, error, unsupported, crash, hang } kind = Kind::ok;
  std::string text;
};

class Adapter {
 public:
  Adapter(std::vector<std::string> argv, fs::path log)
      : argv_(std::move(argv)), log_(std::move(log)) {}
  Adapter(const Adapter&) = delete;
  Adapter& operator=(const Adapter&) = delete;
  ~Adapter() { stop(); }

  // Starts the process and reads its "READY <name> <version>" line.
  bool start(double timeout, std::string& error) {
    int to_child[2];
    int from_child[2];
    if (::pipe2(to_child, O_CLOEXEC) != 0)
      return fail(error, "pipe: " + std::string(std::strerror(errno)));
    if (::pipe2(from_child, O_CLOEXEC) != 0) {
      ::close(to_child[0]);
      ::close(to_child[1]);
      return fail(error, "pipe: " + std::string(std::strerror(errno)));
    }
    const int log_fd = ::open(log_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    std::vector<char*> args;
    for (auto& word : argv_) args.push_back(word.data());
    args.push_back(nullptr);
    pid_ = ::fork();
    if (pid_ == 0) {
      ::setpgid(0, 0);  // its own process group: a timeout kills the runtime and its helpers
      ::dup2(to_child[0], 0);
      ::dup2(from_child[1], 1);
      if (log_fd >= 0) ::dup2(log_fd, 2);
      ::signal(SIGPIPE, SIG_DFL);
      ::execvp(args[0], args.data());
      std::fprintf(stderr, "cannot execute %s: %s\n", args[0], std::strerror(errno));
      ::_exit(127);
    }
    ::close(to_child[0]);
    ::close(from_child[1]);
    if (log_fd >= 0) ::close(log_fd);
    if (pid_ < 0) {
      ::close(to_child[1]);
      ::close(from_child[0]);
      return fail(error, "fork: " + std::string(std::strerror(errno)));
    }
    to_ = to_child[1];
    from_ = from_child[0];
    buffer_.clear();
    std::string line;
    bool timed_out = false;
    if (!read_line(line, timeout, timed_out)) {
      const std::string why = timed_out ? "no READY line within " + std::to_string(timeout) + " s"
                                        : "exited before READY (" + reap() + ")";
      kill_child();
      return fail(error, "adapter " + argv_[0] + ": " + why + "; see " + log_.string());
    }
    std::istringstream words(line);
    std::string ready;
    words >> ready >> name >> version;
    if (ready != "READY" || name.empty()) {
      kill_child();
      return fail(error, "adapter " + argv_[0] + ": first line is '" + line +
                             "', not 'READY <name> <version>'");
    }
    return true;
  }

  Reply request(const std::string& line, double timeout) {
    Reply reply;
    const std::string text = line + "\n";
    std::size_t done = 0;
    while (done < text.size()) {
      const ssize_t n = ::write(to_, text.data() + done, text.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    std::string answer;
    bool timed_out = false;
    if (done < text.size() || !read_line(answer, timeout, timed_out)) {
      if (interrupted != 0) {
        kill_child();
        reply.kind = Reply::Kind::crash;
        reply.text = "interrupted";
        return reply;
      }
      if (timed_out) {
        kill_child();
        reply.kind = Reply::Kind::hang;
        reply.text =
            "no answer within " + std::to_string(static_cast<long>(timeout)) + " s; killed";
      } else {
        reply.kind = Reply::Kind::crash;
        reply.text = reap();
        kill_child();
      }
      return reply;
    }
    const auto word = answer.substr(0, answer.find(' '));
    const std::string rest = answer.size() > word.size() ? answer.substr(word.size() + 1) : "";
    if (word == "OK") return reply;
    reply.text = rest;
    if (word == "ERROR") {
      reply.kind = Reply::Kind::error;
    } else if (word == "UNSUPPORTED") {
      reply.kind = Reply::Kind::unsupported;
    } else {  // not the protocol: the adapter is broken, treated like a crash
      reply.kind = Reply::Kind::crash;
      reply.text = "protocol violation: answered '" + answer + "'";
      kill_child();
    }
    return reply;
  }

  bool running() const { return pid_ > 0; }

  void stop() {
    if (pid_ <= 0) return;
    const char quit[] = "QUIT\n";
    if (::write(to_, quit, sizeof quit - 1) < 0) {
    }  // a dead adapter is reaped below
    ::close(to_);
    to_ = -1;
    for (int i = 0; i < 50; ++i) {  // up to 5 s for a clean exit
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        break;
      }
      ::usleep(100000);
    }
    kill_child();
  }

  std::string name;
  std::string version;

 private:
  static bool fail(std::string& error, const std::string& text) {
    error = text;
    return false;
  }

  bool read_line(std::string& line, double timeout, bool& timed_out) {
    const auto deadline = Clock::now() + std::chrono::duration<double>(timeout);
    for (;;) {
      const auto newline = buffer_.find('\n');
      if (newline != std::string::npos) {
        line = buffer_.substr(0, newline);
        buffer_.erase(0, newline + 1);
        return true;
      }
      const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
      if (left <= 0) {
        timed_out = true;
        return false;
      }
      pollfd p{from_, POLLIN, 0};
      const int ready = ::poll(&p, 1, static_cast<int>(std::min(left * 1000.0, 1e9)) + 1);
      if (interrupted != 0) return false;
      if (ready < 0 && errno == EINTR) continue;
      if (ready == 0) continue;
      char chunk[4096];
      const ssize_t n = ::read(from_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;  // end of file: the adapter died
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }

  // Waits for the exited child (up to 5 s) and describes how it ended.
  std::string reap() {
    if (pid_ <= 0) return "not running";
    for (int i = 0; i < 50; ++i) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        close_pipes();
        if (WIFSIGNALED(status)) {
          const int sig = WTERMSIG(status);
          return "killed by signal " + std::to_string(sig) + " (" + ::strsignal(sig) + ")";
        }
        return "exited with status " + std::to_string(WEXITSTATUS(status));
      }
      ::usleep(100000);
    }
    return "closed its output but did not exit";
  }

  void kill_child() {
    if (pid_ > 0) {
      ::kill(-pid_, SIGKILL);
      ::kill(pid_, SIGKILL);
      int status = 0;
      ::waitpid(pid_, &status, 0);
      pid_ = -1;
    }
    close_pipes();
  }

  void close_pipes() {
    if (to_ >= 0) ::close(to_);
    if (from_ >= 0) ::close(from_);
    to_ = from_ = -1;
  }

  std::vector<std::string> argv_;
  fs::path log_;
  pid_t pid_ = -1;
  int to_ = -1;
  int from_ = -1;
  std::string buffer_;
};

// --- the campaign
// ---------------------------------------------------------------------------------

struct Options {
  std::vector<std::string> adapter;
  std::string report;
  std::string types = "all";
  std::string work_dir;
  bool short_campaign = false;
  std::int64_t random_pairs = -1;  // per 32/64-bit type; -1: 2^22 (full) or 1024 (short)
  std::uint64_t seed = 20240611;
  std::int64_t chunk = std::int64_t{1} << 24;
  double timeout = 60;
  std::size_t max_reproducers = 5;
  bool json = false;
};

struct Counts {
  std::uint64_t cases = 0, mismatches = 0, errors = 0, crashes = 0, hangs = 0, unsupported = 0;
};

// A request: operands of one type, and why they are there.
struct Batch {
  DataType type = DataType::undefined;
  std::string source;  // "edge", "domain", "random", "exhaustive"
  io::OwnedTensor a, b;
  std::vector<std::string> notes;  // per element (edge and domain cases); may be empty
  [[nodiscard]] std::size_t size() const { return a.element_count(); }
};

class Campaign {
 public:
  Campaign(const Options& options, fs::path work, fs::path repro)
      : o_(options),
        work_(std::move(work)),
        repro_(std::move(repro)),
        adapter_(options.adapter, work_ / "adapter.log") {}

  bool start(std::string& error) {
    if (!adapter_.start(o_.timeout, error)) return false;
    runtime_name_ = adapter_.name;
    runtime_version_ = adapter_.version;
    return true;
  }

  // Returns false on a campaign malfunction (message in error_).
  bool run_batch(Batch& batch);
  bool check_broadcast_rejected(DataType type);
  // Counts the pairs of a batch that is not sent because the runtime refuses its type.
  void count_skipped(const Batch& batch);
  // The same for all 2^32 pairs of a 16-bit float type.
  void count_skipped_sweep(DataType type);

  const std::string& error() const { return error_; }
  void stop() { adapter_.stop(); }
  bool unsupported(DataType type) const { return unsupported_.count(type) > 0; }
  double runtime_seconds = 0;
  nlohmann::json to_json() const;
  std::uint64_t findings_total() const {
    std::uint64_t total = 0;
    for (const auto& [key, n] : finding_counts_) total += n;
    return total;
  }
  std::string runtime_name_, runtime_version_;
  nlohmann::json profile_checks = nlohmann::json::array();
  nlohmann::json broadcast = nlohmann::json::array();

 private:
  fs::path model_for(DataType type, std::size_t length);
  bool write_inputs(const Batch& batch, const fs::path& a, const fs::path& b);
  void add_finding(const Batch& batch, Req req, const std::string& kind, std::size_t index,
                   const std::string& expected, const std::string& actual,
                   const std::string& detail, const io::OwnedTensor* expected_tensor,
                   bool whole_batch);
  void count(const Batch& batch, std::uint64_t Counts::*field, const Layout& l);

  const Options& o_;
  fs::path work_, repro_;
  Adapter adapter_;
  std::string error_;
  std::map<std::pair<DataType, std::size_t>, fs::path> models_;
  io::OwnedTensor last_b_;  // the divisors in the work directory's input_1.pb
  std::set<DataType> unsupported_;
  std::map<DataType, std::array<Counts, req_count>> counts_;
  std::map<std::string, std::uint64_t> finding_counts_;  // "type/requirement/kind" -> findings
  nlohmann::json findings_ = nlohmann::json::array();
};

fs::path Campaign::model_for(DataType type, std::size_t length) {
  const auto key = std::make_pair(type, length);
  if (const auto it = models_.find(key); it != models_.end()) return it->second;
  const fs::path path = work_ / (io::data_type_text(type) + "-" + std::to_string(length) + ".onnx");
  const std::string bytes =
      io::golden_model(type, static_cast<std::int64_t>(length), "sonnx-div conformance campaign");
  const io::IoStatus written = io::write_file_atomic(
      path, std::span(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()));
  if (!written.ok()) {
    error_ = written.message;
    return {};
  }
  // Every model the runtime sees is first shown to be inside the profile (T3).
  const io::ModelReport report = io::check_model_file(path);
  nlohmann::json check = {{"model", path.filename().string()},
                          {"type", io::data_type_text(type)},
                          {"elements", length},
                          {"verdict", report.all_inside() ? "inside" : "NOT inside"}};
  profile_checks.push_back(check);
  if (!report.all_inside()) {
    error_ = "check-model does not find " + path.string() + " inside the profile";
    return {};
  }
  models_[key] = path;
  return path;
}

bool Campaign::check_broadcast_rejected(DataType type) {
  const std::int64_t x[] = {8};
  const std::int64_t y[] = {1};
  const std::string bytes =
      io::div_model(type, x, y, x, "broadcasting Div: outside the profile (R4)");
  const fs::path path = work_ / (io::data_type_text(type) + "-broadcast.onnx");
  const io::IoStatus written = io::write_file_atomic(
      path, std::span(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()));
  if (!written.ok()) {
    error_ = written.message;
    return false;
  }
  const io::ModelReport report = io::check_model_file(path);
  std::vector<std::string> requirements;
  bool rejected = report.status.ok() && !report.nodes.empty();
  for (const auto& node : report.nodes) {
    rejected = rejected && node.verdict == io::Verdict::outside;
    for (const auto& f : node.findings) requirements.push_back(f.requirement);
  }
  broadcast.push_back({{"type", io::data_type_text(type)},
                       {"shapes", "x [8], y [1]"},
                       {"check_model", rejected ? "outside" : "NOT rejected"},
                       {"violated", requirements},
                       {"sent_to_runtime", false}});
  if (!rejected)
    error_ = "check-model does not reject the broadcasting " + io::data_type_text(type) + " model";
  return rejected;
}

// Request files are scratch: a plain write (no fsync, unlike the atomic writer of the outputs that
// users keep). A divisor tensor equal to the previous request's is not rewritten (the 16-bit sweeps
// send the same 2^16 divisors in every chunk).
bool Campaign::write_inputs(const Batch& batch, const fs::path& a, const fs::path& b) {
  for (const auto& [tensor, path, name] :
       {std::tuple{&batch.a, a, "x"}, std::tuple{&batch.b, b, "y"}}) {
    if (tensor == &batch.b && last_b_.type == batch.b.type && last_b_.bytes == batch.b.bytes)
      continue;
    std::string bytes;
    const io::IoStatus status =
        io::encode_tensor_proto(*tensor, name, io::ProtoEncoding::raw_data, bytes);
    if (!status.ok()) {
      error_ = status.message;
      return false;
    }
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    file.close();
    if (!file) {
      error_ = "cannot write " + path.string();
      return false;
    }
  }
  last_b_ = batch.b;
  return true;
}

void Campaign::count(const Batch& batch, std::uint64_t Counts::*field, const Layout& l) {
  auto& counts = counts_[batch.type];
  const std::size_t n = batch.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Req r =
        requirement_of(l, load_bits(batch.a.bytes, i, l.size), load_bits(batch.b.bytes, i, l.size));
    ++(counts[r].*field);
  }
}

void Campaign::count_skipped(const Batch& batch) {
  const Layout l = layout_of(batch.type);
  auto& counts = counts_[batch.type];
  for (std::size_t i = 0; i < batch.size(); ++i) {
    Counts& c = counts[requirement_of(l, load_bits(batch.a.bytes, i, l.size),
                                      load_bits(batch.b.bytes, i, l.size))];
    ++c.cases;
    ++c.unsupported;
  }
}

void Campaign::count_skipped_sweep(DataType type) {
  // requirement_of depends on the divisor only through its class (NaN or infinite, zero, other):
  // one representative per class, weighted by the class size, gives the exact counts of the
  // 2^32 pairs without enumerating them.
  const Layout l = layout_of(type);
  std::map<int, std::pair<std::uint64_t, std::uint64_t>>
      classes;  // class -> (count, representative)
  for (std::uint64_t b = 0; b <= l.mask; ++b) {
    const int cls = (b & l.exponent) == l.exponent ? 0 : (b & ~l.sign) == 0 ? 1 : 2;
    auto& [n, representative] = classes[cls];
    if (n++ == 0) representative = b;
  }
  auto& counts = counts_[type];
  for (std::uint64_t a = 0; a <= l.mask; ++a) {
    for (const auto& [cls, entry] : classes) {
      Counts& c = counts[requirement_of(l, a, entry.second)];
      c.cases += entry.first;
      c.unsupported += entry.first;
    }
  }
}

// A finding; the first max_reproducers per type, requirement and kind get a reproducer directory
// and a record in the report, every one is counted.
void Campaign::add_finding(const Batch& batch, Req req, const std::string& kind, std::size_t index,
                           const std::string& expected, const std::string& actual,
                           const std::string& detail, const io::OwnedTensor* expected_tensor,
                           bool whole_batch) {
  const std::string type = io::data_type_text(batch.type);
  const std::string key = type + "/" + req_names[req] + "/" + kind;
  const std::uint64_t n = ++finding_counts_[key];
  if (n > o_.max_reproducers) return;
  const std::size_t size = element_size(batch.type);
  nlohmann::json f = {{"type", type},
                      {"requirement", req_names[req]},
                      {"kind", kind},
                      {"source", batch.source},
                      {"a", hex(load_bits(batch.a.bytes, index, size), size)},
                      {"b", hex(load_bits(batch.b.bytes, index, size), size)},
                      {"expected", expected},
                      {"actual", actual}};
  if (!batch.notes.empty()) f["case"] = batch.notes[index];
  if (!detail.empty()) f["detail"] = detail;
  // The reproducer: the single element (value findings), or the whole request when the runtime
  // failed on the request as a whole (crash, hang, error, unsupported).
  const fs::path dir =
      repro_ / (type + "-" + req_names[req] + "-" + kind + "-" + std::to_string(n));
  std::error_code ec;
  fs::create_directories(dir, ec);
  io::OwnedTensor a{batch.type, {1}, std::vector<unsigned char>(size)};
  io::OwnedTensor b = a;
  std::memcpy(a.bytes.data(), batch.a.bytes.data() + index * size, size);
  std::memcpy(b.bytes.data(), batch.b.bytes.data() + index * size, size);
  const io::OwnedTensor& ra = whole_batch ? batch.a : a;
  const io::OwnedTensor& rb = whole_batch ? batch.b : b;
  if (whole_batch) f["elements"] = batch.size();
  const std::string model =
      io::golden_model(batch.type, static_cast<std::int64_t>(ra.element_count()),
                       "sonnx-div conformance reproducer: " + key);
  bool ok = io::write_file_atomic(
                dir / "model.onnx",
                std::span(reinterpret_cast<const unsigned char*>(model.data()), model.size()))
                .ok();
  ok = ok && io::write_tensor_file(dir / "input_0.pb", ra, "x").ok();
  ok = ok && io::write_tensor_file(dir / "input_1.pb", rb, "y").ok();
  if (expected_tensor != nullptr) {
    io::OwnedTensor e = a;
    std::memcpy(e.bytes.data(), expected_tensor->bytes.data() + index * size, size);
    ok = ok && io::write_tensor_file(dir / "expected_output_0.pb",
                                     whole_batch ? *expected_tensor : e, "z")
                   .ok();
  }
  const fs::path base = fs::path(o_.report).parent_path();
  f["reproducer"] = ok ? dir.lexically_relative(base.empty() ? fs::path(".") : base).string()
                       : "(could not be written)";
  findings_.push_back(std::move(f));
}

bool Campaign::run_batch(Batch& batch) {
  const Layout l = layout_of(batch.type);
  const std::size_t n = batch.size();
  const std::size_t size = l.size;
  if (unsupported(batch.type)) {
    count_skipped(batch);
    return true;
  }
  const fs::path model = model_for(batch.type, n);
  if (model.empty()) return false;
  const fs::path in_a = work_ / "input_0.pb";
  const fs::path in_b = work_ / "input_1.pb";
  const fs::path out = work_ / "output_0.pb";
  if (!write_inputs(batch, in_a, in_b)) return false;
  std::error_code ec;
  fs::remove(out, ec);
  if (!adapter_.running()) {
    std::string why;
    if (!adapter_.start(o_.timeout, why)) {
      error_ = "restarting the adapter: " + why;
      return false;
    }
  }
  // The reference values and the case counts are computed while the runtime works.
  auto reference = std::async(std::launch::async, [&] {
    count(batch, &Counts::cases, l);
    return io::divide(batch.a, batch.b, io::Semantics::sonnx);
  });
  const double timeout = o_.timeout + static_cast<double>(n) * 1e-6;
  const auto started = Clock::now();
  const Reply reply = adapter_.request(
      "RUN\t" + model.string() + "\t" + in_a.string() + "\t" + in_b.string() + "\t" + out.string(),
      timeout);
  runtime_seconds += seconds_since(started);
  const io::DivideResult expected = reference.get();
  if (interrupted != 0) {
    error_ = "interrupted";
    return false;
  }
  const bool expect_error = !expected.status.ok();
  if (expect_error && batch.source != "domain") {
    error_ = "internal: the library rejects a " + batch.source +
             " batch: " + std::string(expected.status.message());
    return false;
  }
  const Req first =
      requirement_of(l, load_bits(batch.a.bytes, 0, size), load_bits(batch.b.bytes, 0, size));
  const std::string expected_text = expect_error
                                        ? "error (" + std::string(expected.status.requirement) + ")"
                                        : "the reference values";
  switch (reply.kind) {
    case Reply::Kind::unsupported:
      unsupported_.insert(batch.type);
      count(batch, &Counts::unsupported, l);
      add_finding(batch, first, "unsupported", 0, expected_text, "refused: " + reply.text, "",
                  nullptr, false);
      return true;
    case Reply::Kind::crash:
    case Reply::Kind::hang: {
      const bool crash = reply.kind == Reply::Kind::crash;
      count(batch, crash ? &Counts::crashes : &Counts::hangs, l);
      add_finding(batch, first, crash ? "crash" : "hang", 0, expected_text, reply.text,
                  n > 1 ? "the request as a whole; the reproducer holds all its elements" : "",
                  expect_error ? nullptr : &expected.c, n > 1);
      return true;
    }
    case Reply::Kind::error:
      if (expect_error) return true;  // the clean error the profile asks for
      count(batch, &Counts::errors, l);
      add_finding(batch, first, "unexpected-error", 0, expected_text, "error: " + reply.text,
                  n > 1 ? "the request as a whole; the reproducer holds all its elements" : "",
                  &expected.c, n > 1);
      return true;
    case Reply::Kind::ok:
      break;
  }
  const io::ReadResult actual = io::read_tensor_file(out);
  if (!actual.ok() || actual.tensor.type != batch.type || actual.tensor.shape != batch.a.shape) {
    const std::string why = !actual.ok()
                                ? actual.status.message
                                : "output of type " + io::data_type_text(actual.tensor.type) +
                                      " and shape " + io::shape_to_string(actual.tensor.shape);
    count(batch, &Counts::errors, l);
    add_finding(batch, first, "unexpected-error", 0, expected_text, "bad output: " + why, "",
                expect_error ? nullptr : &expected.c, n > 1);
    return true;
  }
  if (expect_error) {  // a silent result where the profile says error
    auto& counts = counts_[batch.type];
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t a = load_bits(batch.a.bytes, i, size);
      const std::uint64_t b = load_bits(batch.b.bytes, i, size);
      const Req r = requirement_of(l, a, b);
      if (r != C3 && r != D3) continue;
      ++counts[r].errors;
      add_finding(batch, r, "error-expected-not-raised", i, expected_text,
                  hex(load_bits(actual.tensor.bytes, i, size), size), "", nullptr, false);
    }
    return true;
  }
  auto& counts = counts_[batch.type];
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t e = load_bits(expected.c.bytes, i, size);
    const std::uint64_t x = load_bits(actual.tensor.bytes, i, size);
    if (same_result(l, e, x)) continue;
    const Req r =
        requirement_of(l, load_bits(batch.a.bytes, i, size), load_bits(batch.b.bytes, i, size));
    ++counts[r].mismatches;
    add_finding(batch, r, "mismatch", i, hex(e, size), hex(x, size), "", &expected.c, false);
  }
  return true;
}

nlohmann::json Campaign::to_json() const {
  nlohmann::json j;
  j["results"] = nlohmann::json::array();
  for (const auto& [type, per_req] : counts_) {
    for (std::size_t r = 0; r < req_count; ++r) {
      const Counts& c = per_req[r];
      if (c.cases == 0) continue;
      j["results"].push_back({{"type", io::data_type_text(type)},
                              {"requirement", req_names[r]},
                              {"cases", c.cases},
                              {"mismatches", c.mismatches},
                              {"errors", c.errors},
                              {"crashes", c.crashes},
                              {"hangs", c.hangs},
                              {"unsupported", c.unsupported}});
    }
  }
  nlohmann::json by_key = nlohmann::json::object();
  for (const auto& [key, n] : finding_counts_) by_key[key] = n;
  j["findings_total"] = findings_total();
  j["findings_per_type_requirement_kind"] = by_key;
  j["findings_listed"] = findings_.size();
  j["findings"] = findings_;
  return j;
}

// --- case generators
// ------------------------------------------------------------------------------

io::OwnedTensor tensor_of(DataType type, std::size_t n) {
  return {type, {static_cast<std::int64_t>(n)}, std::vector<unsigned char>(n * element_size(type))};
}

Batch edge_batch(DataType type) {
  const std::vector<io::GoldenCase> cases = io::golden_cases(type);
  Batch batch{type, "edge", tensor_of(type, cases.size()), tensor_of(type, cases.size()), {}};
  const std::size_t size = element_size(type);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    store_bits(batch.a.bytes, i, size, cases[i].a);
    store_bits(batch.b.bytes, i, size, cases[i].b);
    batch.notes.push_back(cases[i].note);
  }
  return batch;
}

// Integer domain cases, one request each: the profile says error (C3, D3).
std::vector<Batch> domain_batches(DataType type) {
  const Layout l = layout_of(type);
  std::vector<Batch> batches;
  if (l.is_float) return batches;
  const auto one = [&](std::uint64_t a, std::uint64_t b, const std::string& note) {
    Batch batch{type, "domain", tensor_of(type, 1), tensor_of(type, 1), {note}};
    store_bits(batch.a.bytes, 0, l.size, a);
    store_bits(batch.b.bytes, 0, l.size, b);
    batches.push_back(std::move(batch));
  };
  one(7, 0, "7 / 0: zero divisor (C3)");
  one(0, 0, "0 / 0: zero divisor (C3)");
  if (l.is_signed) one(l.sign, l.mask, "MIN / -1: quotient not representable (D3)");
  return batches;
}

// Seeded random operands: mostly uniform bit patterns (which already hold NaNs, infinities and
// subnormals at their natural rates), and one operand in eight drawn from the special values.
struct RandomSource {
  std::mt19937_64 rng;
  std::uint64_t with_special = 0;

  std::uint64_t operand(const Layout& l, bool& special) {
    const std::uint64_t r = rng();
    if (r % 8 != 0) return rng() & l.mask;
    special = true;
    const std::uint64_t sign = (r >> 8) & 1 ? l.sign : 0;
    if (l.is_float) {
      const std::uint64_t one = (l.exponent >> 1) & l.exponent;  // the biased exponent of 1.0
      const std::array<std::uint64_t, 10> values = {0,
                                                    l.exponent,
                                                    l.exponent | (l.mantissa >> 1) | 1,
                                                    l.exponent | 1,
                                                    1,
                                                    l.mantissa,
                                                    l.mantissa + 1,
                                                    l.exponent - 1,
                                                    one,
                                                    (rng() & l.mantissa) | 1};
      return sign | values[(r >> 16) % values.size()];
    }
    const std::array<std::uint64_t, 6> values = {0, 1, l.mask, l.sign, l.sign - 1, l.sign + 1};
    return values[(r >> 16) % values.size()] & l.mask;
  }
};

Batch random_batch(DataType type, std::size_t n, RandomSource& source) {
  const Layout l = layout_of(type);
  Batch batch{type, "random", tensor_of(type, n), tensor_of(type, n), {}};
  for (std::size_t i = 0; i < n; ++i) {
    bool special = false;
    const std::uint64_t a = source.operand(l, special);
    std::uint64_t b = source.operand(l, special);
    // Integer domain cases are requested on their own (C3, D3); here they become b = 1.
    const Req r = requirement_of(l, a, b);
    if (r == C3 || r == D3) b = 1;
    if (special) ++source.with_special;
    store_bits(batch.a.bytes, i, l.size, a);
    store_bits(batch.b.bytes, i, l.size, b);
  }
  return batch;
}

// Chunk k of the 2^32 pairs of a 16-bit type: a in [k * per, (k + 1) * per), b every pattern.
Batch exhaustive_batch(DataType type, std::size_t chunk, std::size_t k) {
  Batch batch{type, "exhaustive", tensor_of(type, chunk), tensor_of(type, chunk), {}};
  auto* a = reinterpret_cast<std::uint16_t*>(batch.a.bytes.data());
  auto* b = reinterpret_cast<std::uint16_t*>(batch.b.bytes.data());
  const std::size_t first = k * (chunk >> 16);
  for (std::size_t i = 0; i < chunk; ++i) {
    a[i] = static_cast<std::uint16_t>(first + (i >> 16));
    b[i] = static_cast<std::uint16_t>(i & 0xFFFF);
  }
  return batch;
}

// --- progress and the sub-command
// -----------------------------------------------------------------

void progress(const std::string& line, bool final) {
  static const bool tty = ::isatty(2) != 0;
  if (tty) {
    std::cerr << '\r' << line << "\033[K" << (final ? "\n" : "") << std::flush;
  } else if (final) {
    std::cerr << line << '\n';
  }
}

std::vector<DataType> parse_types(const std::string& text, std::string& bad) {
  static const char* all[] = {"float16", "bfloat16", "float32", "float64", "int8",   "int16",
                              "int32",   "int64",    "uint8",   "uint16",  "uint32", "uint64"};
  std::vector<DataType> types;
  std::vector<std::string> names;
  if (text == "all") {
    names.assign(std::begin(all), std::end(all));
  } else {
    std::stringstream in(text);
    for (std::string name; std::getline(in, name, ',');) names.push_back(name);
  }
  for (const auto& name : names) {
    const auto type = io::parse_type_name(name);
    if (!type) {
      bad = name;
      return {};
    }
    types.push_back(*type);
  }
  return types;
}

int conform(const CLI::App& sub, const Options& o) {
  int code = exit_ok;
  // CLI11 leaves the "--" that separates the adapter command among the extras.
  std::vector<std::string> extras = sub.remaining();
  std::erase(extras, std::string("--"));
  if (!extras.empty())
    return usage_error(o.json, "unexpected argument(s): " + extras.front() + " (see --help)");
  if (code != exit_ok || o.adapter.empty())
    return usage_error(o.json, "conform needs an adapter command after --");
  if (o.report.empty()) return usage_error(o.json, "conform needs --report FILE");
  std::string bad;
  const std::vector<DataType> types = parse_types(o.types, bad);
  if (types.empty()) return usage_error(o.json, "--types: '" + bad + "' is not a profile type");
  if (o.chunk < 65536 || o.chunk > (std::int64_t{1} << 26) || (o.chunk & (o.chunk - 1)) != 0) {
    return usage_error(o.json, "--chunk must be a power of two from 65536 to 67108864");
  }
  if (o.timeout <= 0) return usage_error(o.json, "--timeout must be positive");
  const auto start = Clock::now();
  const auto chunk = static_cast<std::size_t>(o.chunk);
  const std::size_t random_pairs = o.random_pairs >= 0
                                       ? static_cast<std::size_t>(o.random_pairs)
                                       : (o.short_campaign ? 1024 : std::size_t{1} << 22);

  std::error_code ec;
  const fs::path report = fs::absolute(o.report);
  fs::path work = o.work_dir.empty() ? fs::path() : fs::absolute(o.work_dir);
  bool own_work = false;
  if (work.empty()) {
    // Requests move hundreds of MiB per second: prefer memory (/dev/shm) to the disk.
    const fs::path base = fs::is_directory("/dev/shm", ec) && ::access("/dev/shm", W_OK) == 0
                              ? fs::path("/dev/shm")
                              : fs::temp_directory_path(ec);
    std::string pattern = (base / "sonnx-conform-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) {
      return report_error(o.json, exit_malfunction, "",
                          "cannot create a work directory: " + pattern);
    }
    work = pattern;
    own_work = true;
  } else {
    fs::create_directories(work, ec);
  }
  const fs::path repro = report.parent_path() / (report.stem().string() + "-reproducers");
  fs::remove_all(repro, ec);  // reproducers of an earlier run of this report
  fs::create_directories(repro, ec);
  if (ec)
    return report_error(o.json, exit_malfunction, "",
                        "cannot create " + repro.string() + ": " + ec.message());

  std::signal(SIGPIPE, SIG_IGN);  // a dead adapter is a finding, not the end of the campaign
  struct sigaction stop {};
  stop.sa_handler = on_interrupt;  // no SA_RESTART: poll() returns and the campaign stops
  ::sigaction(SIGINT, &stop, nullptr);
  ::sigaction(SIGTERM, &stop, nullptr);
  Campaign campaign(o, work, repro);
  std::string error;
  if (!campaign.start(error)) {
    if (own_work) fs::remove_all(work, ec);
    return report_error(o.json, exit_malfunction, "", error);
  }
  std::cerr << "conform: runtime " << campaign.runtime_name_ << ' ' << campaign.runtime_version_
            << ", " << types.size() << " types, " << (o.short_campaign ? "short" : "full")
            << " campaign\n";

  nlohmann::json steps = nlohmann::json::array();
  nlohmann::json random_info = nlohmann::json::object();
  RandomSource source{std::mt19937_64(o.seed), 0};
  bool ok = true;
  const auto step = [&](const std::string& name, std::size_t elements, Clock::time_point t0,
                        double runtime0) {
    const double total = seconds_since(t0);
    const double in_runtime = campaign.runtime_seconds - runtime0;
    steps.push_back({{"step", name},
                     {"elements", elements},
                     {"seconds", total},
                     {"adapter_seconds", in_runtime},
                     {"elements_per_second_end_to_end",
                      total > 0 ? static_cast<double>(elements) / total : 0.0}});
  };
  for (const DataType type : types) {
    const std::string name = io::data_type_text(type);
    const Layout l = layout_of(type);
    Batch edge = edge_batch(type);
    ok = ok && campaign.run_batch(edge);
    for (Batch& d : domain_batches(type)) ok = ok && campaign.run_batch(d);
    ok = ok && campaign.check_broadcast_rejected(type);
    if (!ok) break;
    progress("conform: " + name + " edge and domain cases done" +
                 (campaign.unsupported(type) ? " (runtime: unsupported type)" : ""),
             true);
    if (l.size >= 4 && random_pairs > 0) {
      const auto t0 = Clock::now();
      const double r0 = campaign.runtime_seconds;
      const std::uint64_t special0 = source.with_special;
      for (std::size_t done = 0; ok && done < random_pairs;) {
        const std::size_t n = std::min(chunk, random_pairs - done);
        Batch batch = random_batch(type, n, source);
        ok = campaign.run_batch(batch);
        done += n;
        progress("conform: " + name + " random pairs " + std::to_string(done) + "/" +
                     std::to_string(random_pairs),
                 false);
      }
      random_info[name] = {{"pairs", random_pairs},
                           {"pairs_with_a_special_operand", source.with_special - special0}};
      step(name + " random pairs", random_pairs, t0, r0);
      progress("conform: " + name + " random pairs: " + std::to_string(random_pairs), true);
    }
    if (l.size == 2 && l.is_float && !o.short_campaign && campaign.unsupported(type)) {
      campaign.count_skipped_sweep(type);
      progress("conform: " + name + " every pair: unsupported type, 2^32 pairs counted, not sent",
               true);
    } else if (l.size == 2 && l.is_float && !o.short_campaign) {
      const std::size_t chunks = (std::size_t{1} << 32) / chunk;
      const auto t0 = Clock::now();
      const double r0 = campaign.runtime_seconds;
      for (std::size_t k = 0; ok && k < chunks; ++k) {
        Batch batch = exhaustive_batch(type, chunk, k);
        ok = campaign.run_batch(batch);
        const double elapsed = seconds_since(t0);
        const double rate = static_cast<double>((k + 1) * chunk) / elapsed;
        std::ostringstream line;
        line.precision(3);
        line << "conform: " << name << " every pair: chunk " << (k + 1) << '/' << chunks << ", "
             << elapsed << " s, " << rate / 1e6 << " M pairs/s, about "
             << static_cast<double>(chunks - k - 1) * static_cast<double>(chunk) / rate
             << " s left";
        progress(line.str(), k == 0 || k + 1 == chunks || (k + 1) % 16 == 0);
      }
      step(name + " every pair (2^32)", std::size_t{1} << 32, t0, r0);
    }
    if (!ok) break;
  }
  if (!ok) {
    campaign.stop();
    if (own_work) fs::remove_all(work, ec);
    return report_error(o.json, exit_malfunction, "", "campaign malfunction: " + campaign.error());
  }

  nlohmann::json out = campaign.to_json();
  const std::uint64_t findings = campaign.findings_total();
  nlohmann::json j;
  j["schema"] = "sonnx-div conformance campaign 1";
  j["runtime"] = {{"name", campaign.runtime_name_}, {"version", campaign.runtime_version_}};
  std::string adapter_text;
  for (const auto& w : o.adapter) adapter_text += (adapter_text.empty() ? "" : " ") + w;
  j["adapter"] = adapter_text;
  j["verdict"] = findings == 0 ? "conforms" : "does not conform";
  j["conforms"] = findings == 0;
  j["campaign"] = {{"mode", o.short_campaign ? "short" : "full"},
                   {"seed", o.seed},
                   {"chunk_elements", chunk},
                   {"random_pairs_per_type", random_pairs},
                   {"max_reproducers_per_type_requirement_kind", o.max_reproducers},
                   {"comparison", "bit for bit with the checked library; any NaN matches any NaN"},
                   {"seconds", seconds_since(start)},
                   {"adapter_seconds", campaign.runtime_seconds}};
  j["random_pairs"] = random_info;
  j["steps"] = steps;
  j["profile_checks"] = campaign.profile_checks;
  j["broadcast_model"] = campaign.broadcast;
  for (auto& [k, v] : out.items()) j[k] = v;
  const std::string text = json_text(j) + "\n";
  const io::IoStatus written = io::write_file_atomic(
      report, std::span(reinterpret_cast<const unsigned char*>(text.data()), text.size()));
  if (own_work) fs::remove_all(work, ec);
  if (!written.ok()) return report_error(o.json, exit_malfunction, "", written.message);
  const std::string summary = campaign.runtime_name_ + " " + campaign.runtime_version_ + ": " +
                              std::string(j["verdict"]) + " (" + std::to_string(findings) +
                              " findings); report " + report.string();
  if (o.json) {
    std::cout << json_text({{"status", "ok"},
                            {"exit_code", findings == 0 ? 0 : 1},
                            {"conforms", findings == 0},
                            {"findings", findings},
                            {"report", report.string()}})
              << '\n';
  } else {
    std::cout << "conform: " << summary << '\n';
  }
  return findings == 0 ? exit_ok : exit_violation;
}

void add_conform_command(CLI::App& app, int& exit_code) {
  add_guarded_command<Options>(
      app, exit_code, "conform",
      "Conformance campaign: run single-node Div models through an ONNX runtime behind an adapter "
      "process (protocol: docs/conformance.md) and compare every output bit for bit with the "
      "checked library. Example: sonnx-div conform --report out.json -- node adapter.js\n"
      "Exit codes: 0 the runtime conforms (no finding), 1 findings, 2 usage, 3 campaign "
      "malfunction (adapter cannot start, I/O).",
      "machine-readable summary on stdout", "T4",
      [](CLI::App& sub, Options& options) {
        sub.add_option("--report", options.report,
                       "results JSON; reproducers go to <report stem>-reproducers/ beside it");
        sub.add_option("--types", options.types, "comma-separated element types, or all (default)");
        sub.add_flag("--short", options.short_campaign,
                     "edge, domain and 1024 random cases per 32/64-bit type; no 16-bit sweeps");
        sub.add_option("--random-pairs", options.random_pairs,
                       "seeded random pairs per 32/64-bit type (default 4194304, short 1024)");
        sub.add_option("--seed", options.seed, "seed of the random pairs");
        sub.add_option("--chunk", options.chunk,
                       "elements per request in sweeps (power of two, default 2^24)");
        sub.add_option("--timeout", options.timeout,
                       "seconds per request (plus 1 s per million elements) before it is a hang");
        sub.add_option(
            "--max-reproducers", options.max_reproducers,
            "listed findings with a reproducer per type, requirement and kind (all are counted)");
        sub.add_option(
            "--work-dir", options.work_dir,
            "where request files go (default: a temporary directory in /dev/shm, else in TMPDIR)");
        sub.add_option("adapter", options.adapter, "adapter command and its arguments (after --)");
      },
      [](CLI::App& sub, Options& options) { return conform(sub, options); });
}

const CommandRegistration conform_registration{"conform", add_conform_command};

}  // namespace
}  // namespace sonnx::cli
