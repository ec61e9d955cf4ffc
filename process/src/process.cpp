// Child processes: posix_spawnp with pipes, poll against a deadline, waitpid (process.hpp).
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sonnx/process/process.hpp>
#include <thread>
#include <utility>

extern char** environ;

namespace sonnx::process {
namespace {

std::string errno_text(const char* what, int error) {
  return std::string(what) + ": " + std::strerror(error);
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// A pipe whose two ends close on exec (the child gets its end through dup2, which clears the flag).
bool make_pipe(int (&ends)[2], std::string& error) {
  if (::pipe2(ends, O_CLOEXEC) == 0) return true;
  error = errno_text("pipe", errno);
  return false;
}

ExitStatus status_of(int wait_status) {
  if (WIFSIGNALED(wait_status)) return {ExitStatus::Kind::signalled, WTERMSIG(wait_status)};
  return {ExitStatus::Kind::exited, WEXITSTATUS(wait_status)};
}

// Milliseconds to the deadline for poll(), at least 0 and at most a day.
int poll_ms(Clock::time_point deadline) {
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return static_cast<int>(std::clamp<long long>(left, 0, 86'400'000));
}

// Appends what one read() gives to text; false at the end of the stream (or on an error).
bool read_some(int fd, std::string& text) {
  char chunk[65536];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n > 0) {
      text.append(chunk, static_cast<std::size_t>(n));
      return true;
    }
    if (n < 0 && errno == EINTR) continue;
    return false;
  }
}

}  // namespace

std::string ExitStatus::text() const {
  if (kind == Kind::exited) return "exited with status " + std::to_string(number);
  return "killed by signal " + std::to_string(number) + " (" + ::strsignal(number) + ")";
}

Child::Child(const Command& command) {
  if (command.argv.empty()) {
    error_ = "no command";
    return;
  }
  int in[2] = {-1, -1};
  int out[2] = {-1, -1};
  int err[2] = {-1, -1};
  int log = -1;
  const auto release = [&] {
    for (int* fd : {&in[0], &in[1], &out[0], &out[1], &err[0], &err[1], &log}) close_fd(*fd);
  };
  if ((command.input_pipe && !make_pipe(in, error_)) || !make_pipe(out, error_) ||
      (command.errors == ErrorStream::pipe && !make_pipe(err, error_))) {
    release();
    return;
  }
  if (command.errors == ErrorStream::append_to_file) {
    log = ::open(command.error_file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (log < 0) {
      error_ = errno_text(command.error_file.c_str(), errno);
      release();
      return;
    }
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (command.input_pipe) {
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  } else {
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  }
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  if (command.errors != ErrorStream::inherit) {
    posix_spawn_file_actions_adddup2(&actions, command.errors == ErrorStream::pipe ? err[1] : log,
                                     2);
  }
  // The child starts with no blocked signal and SIGPIPE at its default (the tools ignore SIGPIPE
  // so that a dead child is a result, and an ignored signal would stay ignored across exec).
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t none;
  sigset_t pipe_signal;
  sigemptyset(&none);
  sigemptyset(&pipe_signal);
  sigaddset(&pipe_signal, SIGPIPE);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setsigdefault(&attributes, &pipe_signal);
  short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
  if (command.own_process_group) {
    flags |= POSIX_SPAWN_SETPGROUP;
    posix_spawnattr_setpgroup(&attributes, 0);
  }
  posix_spawnattr_setflags(&attributes, flags);
  std::vector<std::string> words = command.argv;
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int spawned = ::posix_spawnp(&pid, argv[0], &actions, &attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (spawned != 0) {
    error_ = "cannot execute " + command.argv[0] + ": " + std::strerror(spawned);
    release();
    return;
  }
  pid_ = pid;
  own_group_ = command.own_process_group;
  // Writes to the child never block (write() waits for room against its deadline); only this
  // end's open file description gets the flag, not the child's.
  if (in[1] >= 0) ::fcntl(in[1], F_SETFL, ::fcntl(in[1], F_GETFL) | O_NONBLOCK);
  in_ = std::exchange(in[1], -1);
  out_ = std::exchange(out[0], -1);
  err_ = std::exchange(err[0], -1);
  release();  // the child's ends and the log: the child holds its own copies
}

Child::Child(Child&& other) noexcept { *this = std::move(other); }

Child& Child::operator=(Child&& other) noexcept {
  if (this != &other) {
    if (running()) kill();
    close_pipes();
    pid_ = std::exchange(other.pid_, -1);
    own_group_ = other.own_group_;
    in_ = std::exchange(other.in_, -1);
    out_ = std::exchange(other.out_, -1);
    err_ = std::exchange(other.err_, -1);
    pending_ = std::move(other.pending_);
    searched_ = std::exchange(other.searched_, 0);
    exit_ = std::exchange(other.exit_, std::nullopt);
    error_ = std::move(other.error_);
  }
  return *this;
}

Child::~Child() {
  if (running()) kill();
  close_pipes();
}

void Child::close_pipes() {
  close_fd(in_);
  close_fd(out_);
  close_fd(err_);
}

Child::Write Child::write(std::string_view text, Clock::time_point deadline, StopCheck stop) {
  // A child that no longer reads is a result (closed), not the end of its owner: SIGPIPE is
  // blocked in this thread for the write, and one that the write raised is taken back.
  sigset_t pipe_signal;
  sigset_t previous;
  sigset_t pending;
  sigemptyset(&pipe_signal);
  sigaddset(&pipe_signal, SIGPIPE);
  ::pthread_sigmask(SIG_BLOCK, &pipe_signal, &previous);
  sigpending(&pending);
  const bool was_pending = sigismember(&pending, SIGPIPE) == 1;
  Write result = Write::done;
  while (!text.empty()) {
    if (in_ < 0) {
      result = Write::closed;
      break;
    }
    const ssize_t n = ::write(in_, text.data(), text.size());  // in_ does not block
    if (n > 0) {
      text.remove_prefix(static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
      result = Write::closed;
      break;
    }
    if (stop != nullptr && stop()) {
      result = Write::interrupted;
      break;
    }
    if (Clock::now() >= deadline) {
      result = Write::timeout;
      break;
    }
    pollfd p{in_, POLLOUT, 0};
    ::poll(&p, 1, poll_ms(deadline));  // ready, timed out or interrupted: the loop looks again
  }
  const bool broken = result == Write::closed && in_ >= 0;
  if (broken && !was_pending) {
    const timespec now{0, 0};
    while (::sigtimedwait(&pipe_signal, nullptr, &now) < 0 && errno == EINTR) {
    }
  }
  ::pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  return result;
}

void Child::close_input() { close_fd(in_); }

Child::Read Child::read_line(std::string& line, Clock::time_point deadline,
                             std::size_t max_length, StopCheck stop) {
  for (;;) {
    const std::size_t newline = pending_.find('\n', searched_);
    const std::size_t length = newline == std::string::npos ? pending_.size() : newline;
    if (length > max_length) {
      line.assign(pending_, 0, max_length);
      pending_.clear();
      searched_ = 0;
      close_fd(out_);
      return Read::too_long;
    }
    if (newline != std::string::npos) {
      line.assign(pending_, 0, newline);
      pending_.erase(0, newline + 1);
      searched_ = 0;
      return Read::data;
    }
    searched_ = pending_.size();
    if (out_ < 0) return Read::end;
    if (stop != nullptr && stop()) return Read::interrupted;
    if (Clock::now() >= deadline) return Read::timeout;
    pollfd p{out_, POLLIN, 0};
    const int ready = ::poll(&p, 1, poll_ms(deadline));
    if (ready < 0 && errno == EINTR) return Read::interrupted;
    if (ready <= 0) continue;
    if (!read_some(out_, pending_)) close_fd(out_);
  }
}

Child::Read Child::read_all(std::string& out, std::string& err, Clock::time_point deadline) {
  out = std::exchange(pending_, {});
  searched_ = 0;
  for (;;) {
    pollfd p[2] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}};
    if (out_ < 0 && err_ < 0) return Read::data;
    if (Clock::now() >= deadline) return Read::timeout;
    const int ready = ::poll(p, 2, poll_ms(deadline));  // a negative fd is skipped
    if (ready < 0 && errno == EINTR) return Read::interrupted;
    if (ready <= 0) continue;
    if (p[0].revents != 0 && !read_some(out_, out)) close_fd(out_);
    if (p[1].revents != 0 && !read_some(err_, err)) close_fd(err_);
  }
}

std::optional<ExitStatus> Child::wait_until(Clock::time_point deadline) {
  if (exit_) return exit_;
  if (pid_ <= 0) return std::nullopt;
  // waitpid has no time limit: poll its WNOHANG form, 1 ms apart at first, then up to 20 ms.
  auto pause = std::chrono::milliseconds(1);
  for (;;) {
    int wait_status = 0;
    const pid_t reaped = ::waitpid(pid_, &wait_status, WNOHANG);
    if (reaped == pid_) {
      exit_ = status_of(wait_status);
      pid_ = -1;
      return exit_;
    }
    if (reaped < 0 && errno != EINTR) {  // not our child any more: nothing to wait for
      exit_ = ExitStatus{ExitStatus::Kind::signalled, 0};
      pid_ = -1;
      return exit_;
    }
    const auto now = Clock::now();
    if (now >= deadline) return std::nullopt;
    std::this_thread::sleep_for(std::min<Clock::duration>(pause, deadline - now));
    pause = std::min(pause * 2, std::chrono::milliseconds(20));
  }
}

ExitStatus Child::kill() {
  if (pid_ > 0) {
    if (own_group_) ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    int wait_status = 0;
    pid_t reaped = -1;
    do {
      reaped = ::waitpid(pid_, &wait_status, 0);
    } while (reaped < 0 && errno == EINTR);
    exit_ = reaped == pid_ ? status_of(wait_status) : ExitStatus{ExitStatus::Kind::signalled, 0};
    pid_ = -1;
  }
  close_pipes();
  return exit_.value_or(ExitStatus{ExitStatus::Kind::signalled, SIGKILL});
}

namespace {

// Collects a started child's output until it ends or the time limit passes.
Result finish(Child& child, Seconds time_limit) {
  Result result;
  const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(time_limit);
  Child::Read read = Child::Read::interrupted;
  while (read == Child::Read::interrupted) read = child.read_all(result.out, result.err, deadline);
  result.status = child.wait_until(deadline);
  if (!result.status) {
    result.timed_out = true;
    result.status = child.kill();
  }
  return result;
}

}  // namespace

Result run(const std::vector<std::string>& argv, Seconds time_limit) {
  Child child(Command{argv, false, ErrorStream::pipe, {}, true});
  if (!child.started()) return Result{child.error(), std::nullopt, false, {}, {}};
  return finish(child, time_limit);
}

Result run_function(const std::function<int(int out)>& body, Seconds time_limit) {
  Result result;
  int out[2] = {-1, -1};
  if (!make_pipe(out, result.error)) return result;
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid == 0) {
#ifdef __linux__
    // The child must not outlive this process, whose deadline is what stops it: killed with it
    // (also when this process is killed by SIGKILL), or at once if it has already gone.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);
#endif
    ::close(out[0]);
    ::_exit(body(out[1]));
  }
  ::close(out[1]);
  if (pid < 0) {
    result.error = errno_text("fork", errno);
    ::close(out[0]);
    return result;
  }
  Child child;
  child.pid_ = pid;
  child.out_ = out[0];
  return finish(child, time_limit);
}

}  // namespace sonnx::process
