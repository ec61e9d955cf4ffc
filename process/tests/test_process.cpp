// The subprocess utility against small POSIX shell programs whose behaviour is known by
// construction: exit statuses, signals, streams, time limits, process groups.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <sonnx/process/process.hpp>
#include <string>
#include <thread>

namespace {

using namespace sonnx::process;
using namespace std::chrono_literals;

Result sh(const std::string& script, Seconds limit = Seconds(30)) {
  return run({"/bin/sh", "-c", script}, limit);
}

// True once pid names no live process (gone, or a zombie nobody has reaped yet).
bool gone(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  const std::size_t close = text.rfind(')');
  return text.empty() || (close != std::string::npos && text.substr(close + 2, 1) == "Z");
}

}  // namespace

TEST_CASE("process run: exit status and both output streams", "[process]") {
  const Result r = sh("printf 'to out'; printf 'to err' >&2; exit 3");
  REQUIRE(r.error.empty());
  REQUIRE(r.status);
  CHECK(r.status->kind == ExitStatus::Kind::exited);
  CHECK(r.status->code() == 3);
  CHECK(r.status->text() == "exited with status 3");
  CHECK_FALSE(r.success());
  CHECK_FALSE(r.timed_out);
  CHECK(r.out == "to out");
  CHECK(r.err == "to err");
  CHECK(sh("exit 0").success());
}

TEST_CASE("process run: a child ended by a signal is reported as the signal", "[process]") {
  const Result r = sh("kill -SEGV $$");
  REQUIRE(r.status);
  CHECK(r.status->kind == ExitStatus::Kind::signalled);
  CHECK(r.status->number == SIGSEGV);
  CHECK(r.status->code() == 128 + SIGSEGV);
  CHECK(r.status->text() ==
        "killed by signal " + std::to_string(SIGSEGV) + " (" + ::strsignal(SIGSEGV) + ")");
}

TEST_CASE("process run: a program that cannot be started is an error, not an exit status",
          "[process]") {
  const Result r = run({"/nonexistent/program", "x"});
  CHECK_FALSE(r.status);
  CHECK(r.error == "cannot execute /nonexistent/program: No such file or directory");
  // argv[0] without a '/' is looked up in PATH.
  CHECK(run({"sh", "-c", "exit 5"}).status->code() == 5);
}

TEST_CASE("process run: the time limit kills the child", "[process]") {
  const auto start = Clock::now();
  const Result r = sh("sleep 30", Seconds(0.3));
  CHECK(Clock::now() - start < 10s);
  CHECK(r.timed_out);
  REQUIRE(r.status);
  CHECK(r.status->kind == ExitStatus::Kind::signalled);
  CHECK(r.status->number == SIGKILL);
}

TEST_CASE("process child: a kill reaches the programs a child in its own group started",
          "[process]") {
  Child child(Command{{"sh", "-c", "sleep 30 & echo $!; wait"}, false, ErrorStream::pipe, {},
                      true});
  REQUIRE(child.started());
  std::string line;
  REQUIRE(child.read_line(line, Clock::now() + 30s) == Child::Read::data);
  const pid_t grandchild = std::stoi(line);
  CHECK_FALSE(gone(grandchild));
  child.kill();
  // Killed with its group; its parent is gone, so init (or a subreaper) reaps it in time.
  const auto deadline = Clock::now() + 10s;
  while (!gone(grandchild) && Clock::now() < deadline) std::this_thread::sleep_for(10ms);
  CHECK(gone(grandchild));
}

TEST_CASE("process child: standard input and output line by line", "[process]") {
  Child cat(Command{{"cat"}, true, ErrorStream::pipe, {}, false});
  REQUIRE(cat.started());
  REQUIRE(cat.running());
  CHECK(cat.write("first\nsecond\nthird"));
  std::string line;
  const auto deadline = Clock::now() + 10s;
  CHECK(cat.read_line(line, deadline) == Child::Read::data);
  CHECK(line == "first");
  CHECK(cat.read_line(line, deadline) == Child::Read::data);
  CHECK(line == "second");
  cat.close_input();  // "third" has no newline: the stream ends before a whole line
  CHECK(cat.read_line(line, deadline) == Child::Read::end);
  const auto status = cat.wait_until(deadline);
  REQUIRE(status);
  CHECK(status->success());
  CHECK_FALSE(cat.running());
}

TEST_CASE("process child: lines split across reads, and a line at the length limit", "[process]") {
  Child child(Command{{"sh", "-c", "printf 'one\\ntw'; sleep 0.2; printf 'o\\nxxxx\\nxxxxx'"},
                      false,
                      ErrorStream::pipe,
                      {},
                      false});
  REQUIRE(child.started());
  std::string line;
  const auto deadline = Clock::now() + 30s;
  CHECK(child.read_line(line, deadline, 4) == Child::Read::data);
  CHECK(line == "one");
  CHECK(child.read_line(line, deadline, 4) == Child::Read::data);
  CHECK(line == "two");
  CHECK(child.read_line(line, deadline, 4) == Child::Read::data);
  CHECK(line == "xxxx");  // 4 bytes: at the limit, not over it
  CHECK(child.read_line(line, deadline, 4) == Child::Read::too_long);
  CHECK(line == "xxxx");  // the first 4 bytes of the longer line
  CHECK(child.read_line(line, deadline, 4) == Child::Read::end);  // nothing is read after it
}

namespace {

// Runs `read` (which returns a Read and the line it read) in a forked copy of this test, so that
// a read that never returns fails the test at `limit` instead of hanging it; the outcome as
// "<Read number> <line length> <line's first byte>".
std::string bounded_read(const std::function<Child::Read(std::string&)>& read, Seconds limit) {
  const Result r = run_function(
      [&](int out) {
        std::string line;
        const Child::Read got = read(line);
        const std::string text = std::to_string(static_cast<int>(got)) + " " +
                                 std::to_string(line.size()) + " " + line.substr(0, 1);
        return ::write(out, text.data(), text.size()) == static_cast<ssize_t>(text.size()) ? 0 : 1;
      },
      limit);
  CHECK_FALSE(r.timed_out);
  return r.out;
}

std::string outcome(Child::Read read, std::size_t length, const std::string& first) {
  return std::to_string(static_cast<int>(read)) + " " + std::to_string(length) + " " + first;
}

bool stop_now() noexcept { return true; }

int stop_checks = 0;
bool stop_at_100th_check() noexcept { return ++stop_checks >= 100; }

// A child that writes 'x' without end and never a newline.
Command endless_line() {
  return Command{{"sh", "-c", "while :; do printf xxxxxxxxxxxxxxxx; done"},
                 false,
                 ErrorStream::pipe,
                 {},
                 true};
}

}  // namespace

TEST_CASE("process child: a line without end stops at the length limit, not at the deadline",
          "[process]") {
  // The deadline is an hour away: only the limit can end the read, which the bound of 120 s
  // would show as a hang. Before the limit, the read kept the whole stream and never returned.
  const std::string got = bounded_read(
      [](std::string& line) {
        Child child(endless_line());
        return child.read_line(line, Clock::now() + 3600s, 4096);
      },
      Seconds(120));
  CHECK(got == outcome(Child::Read::too_long, 4096, "x"));
}

TEST_CASE("process child: the stop check ends a read between reads, while the child writes",
          "[process]") {
  // A silent child: the check ends the wait at once, with no signal.
  CHECK(bounded_read(
            [](std::string& line) {
              Child child(Command{{"sleep", "60"}, false, ErrorStream::pipe, {}, true});
              return child.read_line(line, Clock::now() + 3600s, 4096, &stop_now);
            },
            Seconds(120)) == outcome(Child::Read::interrupted, 0, ""));
  // A child that writes without pause (no limit to stop at): the 100th check ends the read.
  CHECK(bounded_read(
            [](std::string& line) {
              Child child(endless_line());
              return child.read_line(line, Clock::now() + 3600s, SIZE_MAX,
                                     &stop_at_100th_check);
            },
            Seconds(120)) == outcome(Child::Read::interrupted, 0, ""));
}

TEST_CASE("process child: a child that does not read its input: the write ends at the deadline",
          "[process]") {
  // 1 MiB never fits the pipe of a child that does not read: only the deadline (or the stop
  // check) can end the write, which the bound of 120 s would show as a hang. Before, the write
  // waited for ever (SIGTERM too).
  const std::string mebibyte(std::size_t{1} << 20, 'x');
  const auto write_outcome = [&](Clock::duration wait, Child::StopCheck stop) {
    const Result r = run_function(
        [&](int out) {
          Child child(Command{{"sleep", "60"}, true, ErrorStream::pipe, {}, true});
          const char outcome[] = {
              static_cast<char>('0' + static_cast<int>(
                                          child.write(mebibyte, Clock::now() + wait, stop)))};
          return ::write(out, outcome, 1) == 1 ? 0 : 1;
        },
        Seconds(120));
    CHECK_FALSE(r.timed_out);
    return r.out;
  };
  CHECK(write_outcome(200ms, nullptr) == std::string(1, '0' + int(Child::Write::timeout)));
  CHECK(write_outcome(3600s, &stop_now) == std::string(1, '0' + int(Child::Write::interrupted)));
  // A child that reads takes it all.
  Child cat(Command{{"sh", "-c", "cat > /dev/null"}, true, ErrorStream::pipe, {}, true});
  CHECK(cat.write(mebibyte, Clock::now() + 3600s) == Child::Write::done);
}

TEST_CASE("process child: writing to a child that stopped reading is false, not SIGPIPE",
          "[process]") {
  // This test program keeps SIGPIPE at its default action, which would end it.
  Child gone_child(Command{{"true"}, true, ErrorStream::pipe, {}, false});
  REQUIRE(gone_child.started());
  REQUIRE(gone_child.wait_until(Clock::now() + 10s));
  CHECK_FALSE(gone_child.write("nobody reads this\n"));
  sigset_t pending;
  sigpending(&pending);
  CHECK(sigismember(&pending, SIGPIPE) == 0);  // taken back, not left pending
}

TEST_CASE("process child: deadlines of reads and waits, and kill", "[process]") {
  Child sleeper(Command{{"sleep", "30"}, true, ErrorStream::pipe, {}, true});
  REQUIRE(sleeper.started());
  std::string line;
  CHECK(sleeper.read_line(line, Clock::now() + 100ms) == Child::Read::timeout);
  CHECK_FALSE(sleeper.wait_until(Clock::now() + 50ms));
  const ExitStatus killed = sleeper.kill();
  CHECK(killed.kind == ExitStatus::Kind::signalled);
  CHECK(killed.number == SIGKILL);
  CHECK_FALSE(sleeper.running());
  // A child that already ended keeps its own status.
  Child done(Command{{"sh", "-c", "exit 7"}, false, ErrorStream::pipe, {}, false});
  REQUIRE(done.wait_until(Clock::now() + 10s));
  CHECK(done.kill().code() == 7);
}

TEST_CASE("process child: standard input reads /dev/null unless piped", "[process]") {
  const Result r = run({"cat"}, Seconds(10));  // would wait for ever on an inherited terminal
  CHECK(r.success());
  CHECK(r.out.empty());
}

TEST_CASE("process child: standard error appended to a file", "[process]") {
  const std::filesystem::path log = std::filesystem::temp_directory_path() /
                                    ("sonnx-process-test-" + std::to_string(::getpid()) + ".log");
  std::filesystem::remove(log);
  for (const char* word : {"one", "two"}) {
    Child child(Command{{"sh", "-c", std::string("echo ") + word + " >&2"},
                        false,
                        ErrorStream::append_to_file,
                        log,
                        false});
    REQUIRE(child.started());
    REQUIRE(child.wait_until(Clock::now() + 10s));
  }
  std::ifstream in(log);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(text == "one\ntwo\n");
  std::filesystem::remove(log);
  Child unwritable(
      Command{{"true"}, false, ErrorStream::append_to_file, "/nonexistent/log", false});
  CHECK_FALSE(unwritable.started());
  CHECK(unwritable.error() == "/nonexistent/log: No such file or directory");
}

TEST_CASE("process child: SIGPIPE is at its default in the child when the parent ignores it",
          "[process]") {
  // An ignored signal stays ignored across exec, and the shell cannot undo that.
  const auto previous = std::signal(SIGPIPE, SIG_IGN);
  const Result r = sh("kill -PIPE $$; exit 0");
  std::signal(SIGPIPE, previous);
  REQUIRE(r.status);
  CHECK(r.status->kind == ExitStatus::Kind::signalled);
  CHECK(r.status->number == SIGPIPE);
}

TEST_CASE("process child: destroying a running child kills and reaps it", "[process]") {
  pid_t pid = -1;
  {
    Child child(Command{{"sleep", "30"}, false, ErrorStream::pipe, {}, false});
    REQUIRE(child.started());
    pid = child.pid();
  }
  CHECK(::kill(pid, 0) == -1);
  CHECK(errno == ESRCH);  // reaped, not a zombie
}

TEST_CASE("process run_function: output, exit status, signal and time limit of a forked child",
          "[process]") {
  const Result written = run_function(
      [](int out) {
        const char text[] = "result bytes";
        return ::write(out, text, sizeof text - 1) == sizeof text - 1 ? 4 : 1;
      },
      Seconds(10));
  REQUIRE(written.status);
  CHECK(written.status->code() == 4);
  CHECK(written.out == "result bytes");

  const Result crashed = run_function(
      [](int) {
        std::signal(SIGABRT, SIG_DFL);
        std::abort();
        return 0;
      },
      Seconds(10));
  REQUIRE(crashed.status);
  CHECK(crashed.status->kind == ExitStatus::Kind::signalled);
  CHECK(crashed.status->number == SIGABRT);

  const Result hung = run_function(
      [](int) {
        for (;;) ::pause();
        return 0;
      },
      Seconds(0.2));
  CHECK(hung.timed_out);
  REQUIRE(hung.status);
  CHECK(hung.status->number == SIGKILL);
}

#ifdef __linux__
// A forked child must not outlive the tool that waits for it, killed however it is: the time
// limit is enforced by the tool alone. A middle process runs run_function with a child that would
// wait forever, hands its pid over, and is killed by SIGKILL; the child must end with it.
TEST_CASE("process run_function: the child ends when the process that started it is killed",
          "[process]") {
  int pids[2] = {-1, -1};
  REQUIRE(::pipe(pids) == 0);
  const pid_t middle = ::fork();
  REQUIRE(middle >= 0);
  if (middle == 0) {
    ::close(pids[0]);
    run_function(
        [&](int) {
          const pid_t self = ::getpid();
          if (::write(pids[1], &self, sizeof self) != sizeof self) return 1;
          for (;;) ::pause();
          return 0;
        },
        Seconds(600));
    ::_exit(0);
  }
  ::close(pids[1]);
  pid_t child = -1;
  REQUIRE(::read(pids[0], &child, sizeof child) == sizeof child);
  ::close(pids[0]);
  REQUIRE(::kill(middle, SIGKILL) == 0);
  int status = 0;
  REQUIRE(::waitpid(middle, &status, 0) == middle);
  // The kernel sends the signal as the middle process ends; the wait only lets the child's death
  // be observed (a verdict of a still running child after a minute, not a timing).
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!gone(child) && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  const bool ended = gone(child);
  if (!ended) ::kill(child, SIGKILL);
  CHECK(ended);
}
#endif
