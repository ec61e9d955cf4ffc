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

}  // namespace

TEST_CASE("conform adapter: READY line, answers OK, ERROR and UNSUPPORTED, QUIT", "[conform]") {
  Scratch s;
  Adapter ok(answering_adapter("echo 'OK 0.25 Div'"), s / "adapter.log");
  std::string error;
  REQUIRE(ok.start(5, error));
  CHECK(ok.name == "fake-runtime");
  CHECK(ok.version == "2");
  const Reply reply = ok.request(run_line, 5);
  CHECK(reply.kind == Reply::Kind::ok);
  CHECK(reply.text == "0.25 Div");  // what follows OK, for protocols that answer with figures
  CHECK(ok.running());
  ok.stop();
  CHECK_FALSE(ok.running());

  Adapter refusing(answering_adapter("echo 'UNSUPPORTED no kernel for this type'"), s / "a.log");
  REQUIRE(refusing.start(5, error));
  const Reply refused = refusing.request(run_line, 5);
  CHECK(refused.kind == Reply::Kind::unsupported);
  CHECK(refused.text == "no kernel for this type");

  Adapter failing(answering_adapter("echo 'ERROR division by zero'"), s / "a.log");
  REQUIRE(failing.start(5, error));
  const Reply failed = failing.request(run_line, 5);
  CHECK(failed.kind == Reply::Kind::error);
  CHECK(failed.text == "division by zero");
  CHECK(failing.running());  // an error answer is the protocol, not a failure of the adapter
}

TEST_CASE("conform adapter: a crash, an exit or a protocol violation ends the process",
          "[conform]") {
  Scratch s;
  std::string error;
  Adapter crashing(answering_adapter("kill -SEGV $$"), s / "adapter.log");
  REQUIRE(crashing.start(5, error));
  const Reply crashed = crashing.request(run_line, 5);
  CHECK(crashed.kind == Reply::Kind::crash);
  CHECK(crashed.text ==
        "killed by signal " + std::to_string(SIGSEGV) + " (" + ::strsignal(SIGSEGV) + ")");
  CHECK_FALSE(crashing.running());
  REQUIRE(crashing.start(5, error));  // and it can be started again
  CHECK(crashing.running());

  Adapter exiting(answering_adapter("exit 9"), s / "adapter.log");
  REQUIRE(exiting.start(5, error));
  const Reply exited = exiting.request(run_line, 5);
  CHECK(exited.kind == Reply::Kind::crash);
  CHECK(exited.text == "exited with status 9");

  Adapter talking(answering_adapter("echo 'DONE, I think'"), s / "adapter.log");
  REQUIRE(talking.start(5, error));
  const Reply talked = talking.request(run_line, 5);
  CHECK(talked.kind == Reply::Kind::crash);
  CHECK(talked.text == "protocol violation: answered 'DONE, I think'");
  CHECK_FALSE(talking.running());
}

TEST_CASE("conform adapter: no answer within the timeout is a hang, and the adapter is killed",
          "[conform]") {
  Scratch s;
  std::string error;
  Adapter hanging(answering_adapter("sleep 60"), s / "adapter.log");
  REQUIRE(hanging.start(5, error));
  const auto start = sonnx::process::Clock::now();
  const Reply hung = hanging.request(run_line, 1);
  CHECK(sonnx::process::Clock::now() - start < std::chrono::seconds(10));
  CHECK(hung.kind == Reply::Kind::hang);
  CHECK(hung.text == "no answer within 1 s; killed");
  CHECK_FALSE(hanging.running());
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
  Scratch s;
  std::string error;
  Adapter hanging(answering_adapter("sleep 60"), s / "adapter.log");
  REQUIRE(hanging.start(5, error));
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
