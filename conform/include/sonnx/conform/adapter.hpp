// The adapter process of the conformance campaign (docs/conformance.md, "Adapter protocol"): one
// runtime behind a line protocol on standard input and output, its standard error appended to a
// log file. A crash, an exit, a protocol violation or a missing answer is a Reply of its own, and
// the adapter can be started again.
#ifndef SONNX_CONFORM_ADAPTER_HPP
#define SONNX_CONFORM_ADAPTER_HPP

#include <cstdint>
#include <filesystem>
#include <sonnx/process/process.hpp>
#include <string>
#include <vector>

namespace sonnx::conform {

// Asks a running campaign to stop at its next request (async-signal-safe: for SIGINT/SIGTERM
// handlers). The adapter is killed and the request answers Reply::Kind::crash "interrupted".
void request_stop() noexcept;
bool stop_requested() noexcept;
void clear_stop_request() noexcept;

// The longest line an adapter may write, without its '\n': far above any line of the protocol
// (a READY line or an ERROR message is at most a few hundred bytes). A longer line is a protocol
// violation, read no further.
inline constexpr std::size_t max_line_bytes = 65536;
// What a reply or an error message quotes of an adapter's line: at most its first
// max_quoted_bytes, followed by " (the first 1024 of N bytes)" when it is cut.
inline constexpr std::size_t max_quoted_bytes = 1024;
// text between two `quote`s, cut to max_quoted_bytes; `longer`: text is the first bytes of a line
// of more than max_line_bytes.
std::string quote_cut(const std::string& text, const char* quote = "", bool longer = false);

struct Reply {
  enum class Kind : std::uint8_t { ok, error, unsupported, crash, hang } kind = Kind::ok;
  std::string text;  // the rest of the answer line (cut: quote_cut), or how the adapter failed
};

class Adapter {
 public:
  Adapter(std::vector<std::string> argv, std::filesystem::path log);
  Adapter(const Adapter&) = delete;
  Adapter& operator=(const Adapter&) = delete;
  ~Adapter() { stop(); }

  // Starts the process and reads its "READY <name> <version>" line within timeout seconds. A
  // restart must announce the name and version of the first start (the rest of the line may
  // differ): another runtime is an error.
  bool start(double timeout, std::string& error);
  // Sends one request line and reads the answer within timeout seconds. On a crash, a hang or a
  // protocol violation the process is gone afterwards (running() is false).
  Reply request(const std::string& line, double timeout);
  [[nodiscard]] bool running() const { return child_.running(); }
  // QUIT, up to 5 s for a clean exit, then a kill.
  void stop();

  [[nodiscard]] const std::filesystem::path& log() const { return log_; }
  std::string name;
  std::string version;
  std::string announced;  // the rest of the READY line (what the adapter says of itself), or ""

 private:
  // Reads a line, going on after a signal unless a stop was requested.
  process::Child::Read read_line(std::string& line, process::Clock::time_point deadline);
  // How the process ended once its output closed (waits up to 5 s for its exit).
  std::string reap();

  std::vector<std::string> argv_;
  std::filesystem::path log_;
  bool started_ = false;  // a READY line was accepted: name and version are the runtime's
  process::Child child_;
};

}  // namespace sonnx::conform

#endif  // SONNX_CONFORM_ADAPTER_HPP
