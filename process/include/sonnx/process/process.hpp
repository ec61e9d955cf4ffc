// sonnx::process: the one way the tools and their tests start another program. A child runs with
// its standard streams on pipes (or standard error appended to a file), optionally in a process
// group of its own, and is waited for against a deadline; how it ended is an exit status or a
// signal, never a raw wait status. Tool code, POSIX (posix_spawn, poll, waitpid): it is not part
// of the product library and is not built for its targets.
#ifndef SONNX_PROCESS_PROCESS_HPP
#define SONNX_PROCESS_PROCESS_HPP

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sonnx::process {

using Clock = std::chrono::steady_clock;
using Seconds = std::chrono::duration<double>;

// How a child ended.
struct ExitStatus {
  enum class Kind : std::uint8_t { exited, signalled };
  Kind kind = Kind::exited;
  int number = 0;  // the exit status, or the signal that ended it

  [[nodiscard]] bool success() const { return kind == Kind::exited && number == 0; }
  // The shell's convention: the exit status, or 128 + the signal number.
  [[nodiscard]] int code() const { return kind == Kind::exited ? number : 128 + number; }
  // "exited with status 3", "killed by signal 6 (Aborted)".
  [[nodiscard]] std::string text() const;
};

// The outcome of a program run to its end.
struct Result {
  std::string error;                 // why it could not start ("" when it started)
  std::optional<ExitStatus> status;  // how it ended (absent when it could not start)
  bool timed_out = false;            // killed at the time limit
  std::string out;                   // its standard output
  std::string err;                   // its standard error

  [[nodiscard]] bool success() const { return status && status->success() && !timed_out; }
};

// Where the child's standard error goes; its standard output is always a pipe.
enum class ErrorStream : std::uint8_t { pipe, append_to_file, inherit };

struct Command {
  std::vector<std::string> argv;  // argv[0] is looked up in PATH when it holds no '/'
  bool input_pipe = false;        // otherwise standard input reads /dev/null
  ErrorStream errors = ErrorStream::pipe;
  std::filesystem::path error_file;  // for ErrorStream::append_to_file (created if absent)
  bool own_process_group = false;    // a kill then reaches the programs the child started too
};

// A started child. Destroying a child that still runs kills it (and its process group) and reaps
// it: no child outlives its owner unwaited.
class Child {
 public:
  Child() = default;
  // Starts the command; started() says whether it runs, error() why not.
  explicit Child(const Command& command);
  Child(Child&& other) noexcept;
  Child& operator=(Child&& other) noexcept;
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  ~Child();

  [[nodiscard]] bool started() const { return pid_ > 0 || exit_.has_value(); }
  [[nodiscard]] bool running() const { return pid_ > 0; }  // started and not yet reaped
  [[nodiscard]] const std::string& error() const { return error_; }
  [[nodiscard]] pid_t pid() const { return pid_; }

  enum class Write : std::uint8_t {
    done,         // all of the text is in the pipe
    closed,       // the child no longer reads its standard input (or there is none)
    timeout,      // the pipe stayed full up to the deadline: the child does not read
    interrupted,  // the stop check said stop
  };
  // Says, between two writes or reads, whether to stop waiting (a flag a signal handler sets):
  // a child that writes without pause never lets poll return EINTR. Async-signal-safe flags only.
  using StopCheck = bool (*)() noexcept;
  // Writes all of text to the child's standard input (Command::input_pipe). The deadline and the
  // stop check are looked at whenever the pipe is full (a child that does not read its input
  // cannot hold the caller past them).
  Write write(std::string_view text, Clock::time_point deadline, StopCheck stop = nullptr);
  // The same without a deadline; false when the child no longer reads.
  bool write(std::string_view text) { return write(text, Clock::time_point::max()) == Write::done; }
  void close_input();

  enum class Read : std::uint8_t {
    data,         // a line (read_line) or the whole stream (read_all)
    end,          // the stream ended first (read_line: before a whole line)
    timeout,      // the deadline passed first
    interrupted,  // a signal handler ran (poll returned EINTR), or the stop check said stop: the
                  // caller decides whether to go on
    too_long      // read_line: more than max_length bytes came without a '\n'
  };
  // The default line limit of read_line.
  static constexpr std::size_t default_max_line = std::size_t{1} << 20;
  // The next line of the standard output, without its '\n'. The deadline and the stop check are
  // looked at before every read, so a child that writes without end cannot hold the caller past
  // them; each byte is searched for the '\n' once. A line longer than max_length bytes (counted
  // without its '\n') is Read::too_long: `line` then holds its first max_length bytes, and the
  // rest of the output is not read (the pipe is closed: the child is to be killed).
  Read read_line(std::string& line, Clock::time_point deadline,
                 std::size_t max_length = default_max_line, StopCheck stop = nullptr);
  // The standard output and (ErrorStream::pipe) the standard error up to their end; the deadline
  // is looked at before every read (a child that writes without pause is stopped by it too).
  Read read_all(std::string& out, std::string& err, Clock::time_point deadline);

  // Waits for the child to end; nothing when it still runs at the deadline.
  std::optional<ExitStatus> wait_until(Clock::time_point deadline);
  // Kills the child (SIGKILL, to its process group too when it has one) and reaps it; a child that
  // had already ended keeps its own status.
  ExitStatus kill();

 private:
  friend Result run_function(const std::function<int(int out)>& body, Seconds time_limit);
  void close_pipes();

  pid_t pid_ = -1;
  bool own_group_ = false;
  int in_ = -1;
  int out_ = -1;
  int err_ = -1;
  std::string pending_;       // standard output read past the last line returned
  std::size_t searched_ = 0;  // pending_[0, searched_) holds no '\n'
  std::optional<ExitStatus> exit_;
  std::string error_;
};

// Runs argv with standard input from /dev/null, captures both output streams and kills it (in
// its own process group) when it is still running after time_limit.
Result run(const std::vector<std::string>& argv, Seconds time_limit = Seconds(600));

// Runs body in a forked copy of this process (no exec): body writes its result to the file
// descriptor it is given, and its return value is the child's exit status. For work that may
// crash or hang (a third-party library on untrusted input): the caller gets the written bytes
// (Result::out) and how the child ended, and the child is killed after time_limit; on Linux it is
// also killed when this process ends, however it ends. The child of a multithreaded process may
// only do what is safe after fork.
Result run_function(const std::function<int(int out)>& body, Seconds time_limit);

}  // namespace sonnx::process

#endif  // SONNX_PROCESS_PROCESS_HPP
