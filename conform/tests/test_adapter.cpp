// The adapter process: the protocol's answers, and each way an adapter can fail (crash, exit,
// protocol violation, hang, no READY line), with shell-script adapters that fail on purpose.
#include <pthread.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <cstring>
#include <sonnx/conform/adapter.hpp>
#include <thread>

#include "conform_test_support.hpp"

using namespace sonnx::conform;
using namespace sonnx::conform::test;

namespace {

const std::string run_line = "RUN\tm.onnx\ta.pb\tb.pb\tc.pb";

// An adapter that answers every request with the shell command `answer`, started; its log in a
// scratch folder.
struct Started {
  explicit Started(const std::string& answer)
      : adapter(answering_adapter(answer), scratch / "adapter.log") {
    std::string error;
    REQUIRE(adapter.start(5, error));
  }
  Scratch scratch;
  Adapter adapter;
};

// One request to an adapter that answers every request with the shell command `answer`: the
// reply's kind and text, and whether the adapter still runs after it.
void check_answer(const std::string& answer, Reply::Kind kind, const std::string& text,
                  bool running, double timeout = 5) {
  INFO(answer);
  Started started(answer);
  const Reply reply = started.adapter.request(run_line, timeout);
  CHECK(reply.kind == kind);
  CHECK(reply.text == text);
  CHECK(started.adapter.running() == running);
}

}  // namespace

TEST_CASE("conform adapter: READY line, answers OK, ERROR and UNSUPPORTED, QUIT", "[conform]") {
  Started started("echo 'OK 0.25 Div'");
  Adapter& ok = started.adapter;
  CHECK(ok.name == "fake-runtime");
  CHECK(ok.version == "2");
  const Reply reply = ok.request(run_line, 5);
  CHECK(reply.kind == Reply::Kind::ok);
  CHECK(reply.text == "0.25 Div");  // what follows OK, for protocols that answer with figures
  CHECK(ok.running());
  CHECK(ok.announced.empty());
  ok.stop();
  CHECK_FALSE(ok.running());

  // What follows the version on the READY line is what the adapter says of itself; a restarted
  // adapter that says nothing more leaves nothing of it. A restart that announces another runtime
  // is refused (it was taken, and the report named the last runtime for all results).
  Scratch scratch;
  const std::string starts = (scratch / "starts").string();
  Adapter more(shell_adapter("echo x >> " + starts + "; case $(wc -l < " + starts +
                             ") in 1) echo 'READY c-runtime 1  block=512 arch=armv7e-m';; "
                             "2) echo 'READY c-runtime 1';; *) echo 'READY c 2';; esac; read -r x"),
               scratch / "adapter.log");
  std::string error;
  REQUIRE(more.start(5, error));
  CHECK(more.announced == "block=512 arch=armv7e-m");
  more.stop();
  REQUIRE(more.start(5, error));
  CHECK(more.name == "c-runtime");
  CHECK(more.announced.empty());
  more.stop();
  CHECK_FALSE(more.start(5, error));
  CHECK(error ==
        "adapter /bin/sh: the restarted adapter announces 'c 2', not 'c-runtime 1' as at the "
        "campaign's start: the results would mix two runtimes");
  CHECK_FALSE(more.running());
  CHECK(more.name == "c-runtime");

  // A refusal and an error answer are the protocol, not failures of the adapter: it runs on.
  check_answer("echo 'UNSUPPORTED no kernel for this type'", Reply::Kind::unsupported,
               "no kernel for this type", true);
  check_answer("echo 'ERROR division by zero'", Reply::Kind::error, "division by zero", true);
}

TEST_CASE("conform adapter: a crash, an exit or a protocol violation ends the process",
          "[conform]") {
  Started started("kill -SEGV $$");
  Adapter& crashing = started.adapter;
  const Reply crashed = crashing.request(run_line, 5);
  CHECK(crashed.kind == Reply::Kind::crash);
  CHECK(crashed.text ==
        "killed by signal " + std::to_string(SIGSEGV) + " (" + ::strsignal(SIGSEGV) + ")");
  CHECK_FALSE(crashing.running());
  std::string error;
  REQUIRE(crashing.start(5, error));  // and it can be started again
  CHECK(crashing.running());

  check_answer("exit 9", Reply::Kind::crash, "exited with status 9", false);
  check_answer("echo 'DONE, I think'", Reply::Kind::crash,
               "protocol violation: answered 'DONE, I think'", false);
}

TEST_CASE("conform adapter: a line longer than the protocol allows is a violation, quoted cut",
          "[conform]") {
  const std::string first = std::string(max_quoted_bytes, 'x');
  // A line without end: read up to the limit, not held for ever; the adapter is killed. (Each
  // timeout here, 120 s, is far beyond what the answers need.)
  check_answer("while :; do printf xxxxxxxxxxxxxxxx; done", Reply::Kind::crash,
               "protocol violation: answered a line longer than 65536 bytes: '" + first +
                   "' (the first 1024 of more than 65536 bytes)",
               false, 120);
  // A whole line over the limit, and one under it that is no answer: quoted, cut alike.
  check_answer("head -c 70000 /dev/zero | tr '\\0' x; echo", Reply::Kind::crash,
               "protocol violation: answered a line longer than 65536 bytes: '" + first +
                   "' (the first 1024 of more than 65536 bytes)",
               false, 120);
  check_answer("printf 'DONE '; head -c 2995 /dev/zero | tr '\\0' x; echo", Reply::Kind::crash,
               "protocol violation: answered 'DONE " + first.substr(5) +
                   "' (the first 1024 of 3000 bytes)",
               false, 120);
  // An ERROR message of the protocol is cut alike, and the adapter runs on.
  check_answer("printf 'ERROR '; head -c 1500 /dev/zero | tr '\\0' x; echo", Reply::Kind::error,
               first + " (the first 1024 of 1500 bytes)", true, 120);
  // A READY line over the limit: the adapter does not start.
  Scratch s;
  Adapter loud(shell_adapter("printf 'READY '; head -c 70000 /dev/zero | tr '\\0' x; echo"),
               s / "adapter.log");
  std::string error;
  CHECK_FALSE(loud.start(120, error));
  CHECK(error == "adapter /bin/sh: first line is longer than 65536 bytes: 'READY " +
                     first.substr(6) + "' (the first 1024 of more than 65536 bytes)");
  CHECK_FALSE(loud.running());
}

// An adapter that does not answer, or does not even read its request (a request line larger than
// the pipe: the write waited for ever), is a hang at the timeout, and is killed.
TEST_CASE("conform adapter: no answer, or no read of the request, within the timeout is a hang",
          "[conform]") {
  Scratch s;
  const auto check_hang = [&](const std::vector<std::string>& command, std::size_t request_bytes,
                              const std::string& text) {
    INFO(command.back());
    Adapter adapter(command, s / "adapter.log");
    std::string error;
    REQUIRE(adapter.start(5, error));
    const auto start = sonnx::process::Clock::now();
    const Reply reply =
        adapter.request(request_bytes == 0 ? run_line : std::string(request_bytes, 'x'), 1);
    CHECK(sonnx::process::Clock::now() - start < std::chrono::seconds(10));
    CHECK(reply.kind == Reply::Kind::hang);
    CHECK(reply.text == text);
    CHECK_FALSE(adapter.running());
  };
  check_hang(answering_adapter("sleep 60"), 0, "no answer within 1 s; killed");
  check_hang(shell_adapter("echo 'READY fake 1'; exec sleep 60"), std::size_t{1} << 20,
             "did not read the request within 1 s; killed");
}

TEST_CASE("conform adapter: start failures say why, and the adapter's standard error is logged",
          "[conform]") {
  Scratch s;
  std::string error;
  Adapter dying(shell_adapter("echo 'cannot load the runtime' >&2; exit 4"), s / "adapter.log");
  CHECK_FALSE(dying.start(5, error));
  CHECK(error == "adapter /bin/sh: exited before READY (exited with status 4)");
  CHECK(read_text(s / "adapter.log") == "cannot load the runtime\n");

  Adapter greeting(shell_adapter("echo HELLO; sleep 60"), s / "adapter.log");
  CHECK_FALSE(greeting.start(5, error));
  CHECK(error == "adapter /bin/sh: first line is 'HELLO', not 'READY <name> <version>'");
  CHECK_FALSE(greeting.running());
  // A name without a version (it was taken, the report's version "").
  Adapter nameless(shell_adapter("echo 'READY onlyname'; sleep 60"), s / "adapter.log");
  CHECK_FALSE(nameless.start(5, error));
  CHECK(error == "adapter /bin/sh: first line is 'READY onlyname', not 'READY <name> <version>'");
  CHECK_FALSE(nameless.running());

  Adapter silent(shell_adapter("sleep 60"), s / "adapter.log");
  CHECK_FALSE(silent.start(0.25, error));
  CHECK(error == "adapter /bin/sh: no READY line within 0.250000 s");
  CHECK_FALSE(silent.running());

  Adapter missing({(s / "no-such-adapter").string()}, s / "adapter.log");
  CHECK_FALSE(missing.start(5, error));
  CHECK(error == "adapter " + (s / "no-such-adapter").string() + ": cannot execute " +
                     (s / "no-such-adapter").string() + ": No such file or directory");
}

namespace {
extern "C" void stop_on_signal(int) { request_stop(); }
}  // namespace

TEST_CASE("conform adapter: a stop request ends a request at once, as 'interrupted'", "[conform]") {
  Started started("sleep 60");
  Adapter& hanging = started.adapter;
  struct sigaction action {};
  struct sigaction previous {};
  action.sa_handler = stop_on_signal;  // no SA_RESTART, as the conform command installs it
  ::sigaction(SIGUSR1, &action, &previous);
  const pthread_t self = ::pthread_self();
  std::thread signaller([self] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    ::pthread_kill(self, SIGUSR1);
  });
  const auto start = sonnx::process::Clock::now();
  const Reply reply = hanging.request(run_line, 30);
  signaller.join();
  ::sigaction(SIGUSR1, &previous, nullptr);
  const bool stopped = stop_requested();
  clear_stop_request();
  CHECK(stopped);
  CHECK(sonnx::process::Clock::now() - start < std::chrono::seconds(10));
  CHECK(reply.kind == Reply::Kind::crash);
  CHECK(reply.text == "interrupted");
  CHECK_FALSE(hanging.running());
}
