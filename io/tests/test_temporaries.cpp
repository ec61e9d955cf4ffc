// Temporaries removed on SIGINT, SIGTERM and SIGHUP (T2, T4; temporaries.hpp): the removal
// itself, the registry's limits, and the handler in a forked child that sends itself the signal
// (raise delivers it before returning: nothing here depends on timing). Expected outcomes from
// docs/cli.md: no temporary is left, and the process dies by the signal it got.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <climits>
#include <csignal>
#include <functional>
#include <sonnx/io/temporaries.hpp>
#include <string>
#include <vector>

#include "io_test_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

namespace {

// How a forked child running `body` ended: its exit status, or 128 + the signal that ended it.
int in_child(const std::function<int()>& body) {
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {  // never back into Catch2 in the child: a failed REQUIRE there is status 99
    int code = 99;
    try {
      code = body();
    } catch (...) {
    }
    ::_exit(code);
  }
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

}  // namespace

TEST_CASE("temporaries: registered files go, then the folders emptied, and nothing else",
          "[T2][T4]") {
  ScratchDir dir;
  std::filesystem::create_directories(dir / "t" / "set");
  std::filesystem::create_directories(dir / "kept");
  write_bytes(dir / "t" / "set" / "f", {1});
  write_bytes(dir / "t" / "g", {2});
  write_bytes(dir / "kept" / "stray", {3});  // not registered: its folder cannot go
  write_bytes(dir / "outside", {4});
  {
    // The outer folder registered first, as golden does: the inner one must go before it.
    const io::Temporary entries[] = {{dir / "t", io::TemporaryKind::directory},
                                     {dir / "t" / "set", io::TemporaryKind::directory},
                                     {dir / "t" / "set" / "f", io::TemporaryKind::file},
                                     {dir / "t" / "g", io::TemporaryKind::file},
                                     {dir / "t" / "never-made", io::TemporaryKind::file},
                                     {dir / "kept", io::TemporaryKind::directory}};
    for (const io::Temporary& entry : entries) CHECK(entry.registered());
    io::remove_registered_temporaries();
  }
  std::vector<std::string> left = dir.entries();
  std::sort(left.begin(), left.end());
  CHECK(left == std::vector<std::string>{"kept", "outside"});
  CHECK(std::filesystem::exists(dir / "kept" / "stray"));
  // Forgotten registrations remove nothing.
  write_bytes(dir / "again", {5});
  {
    io::Temporary entry(dir / "again", io::TemporaryKind::file);
    entry.forget();
    CHECK_FALSE(entry.registered());
    io::remove_registered_temporaries();
  }
  CHECK(std::filesystem::exists(dir / "again"));
}

TEST_CASE("temporaries: the registry holds max_temporaries, refuses more and too long paths",
          "[T2][T4][bad-input]") {
  ScratchDir dir;
  std::vector<io::Temporary> held;
  for (std::size_t i = 0; i < io::max_temporaries; ++i) {
    held.emplace_back(dir / std::to_string(i), io::TemporaryKind::file);
    REQUIRE(held.back().registered());
  }
  CHECK_FALSE(io::Temporary(dir / "one-more", io::TemporaryKind::file).registered());
  // A full registry makes writing fail cleanly: T2, nothing created.
  const io::IoStatus full = io::write_file_atomic(dir / "c.bin", Bytes{1});
  CHECK(full.requirement == "T2");
  CHECK(full.message.find("cannot register the temporary file") != std::string::npos);
  CHECK(dir.entries().empty());
  held.pop_back();  // a freed slot is taken again
  CHECK(io::Temporary(dir / "one-more", io::TemporaryKind::file).registered());
  held.clear();
  CHECK_FALSE(io::Temporary(std::string(PATH_MAX, 'p'), io::TemporaryKind::file).registered());
  CHECK(io::Temporary(std::string(PATH_MAX - 1, 'p'), io::TemporaryKind::file).registered());
  CHECK_FALSE(io::Temporary("", io::TemporaryKind::file).registered());
}

TEST_CASE(
    "temporaries: on SIGINT, SIGTERM or SIGHUP the handler removes them and the process "
    "dies by the signal",
    "[T2][T4]") {
  ScratchDir dir;
  for (const int number : {SIGINT, SIGTERM, SIGHUP}) {
    INFO("signal " << number);
    write_bytes(dir / "temp", {1});
    const int code = in_child([&] {
      for (const int s : {SIGINT, SIGTERM, SIGHUP}) std::signal(s, SIG_DFL);
      io::remove_temporaries_on_signals();
      const io::Temporary entry(dir / "temp", io::TemporaryKind::file);
      std::raise(number);
      return 0;  // not reached: the handler re-raises with the default action
    });
    CHECK(code == 128 + number);
    CHECK_FALSE(std::filesystem::exists(dir / "temp"));
  }
}

TEST_CASE(
    "temporaries: an ignored signal stays ignored, and a forked child removes nothing of its "
    "parent's",
    "[T2][T4]") {
  ScratchDir dir;
  write_bytes(dir / "temp", {1});
  // SIGHUP ignored (nohup) before the handlers are installed: raised, it changes nothing.
  CHECK(in_child([&] {
          std::signal(SIGHUP, SIG_IGN);
          io::remove_temporaries_on_signals();
          const io::Temporary entry(dir / "temp", io::TemporaryKind::file);
          std::raise(SIGHUP);
          return 7;
        }) == 7);
  CHECK(std::filesystem::exists(dir / "temp"));
  // The installer forks (as check-model's inference child is forked): the grandchild inherits
  // the handler and the registry, dies by SIGTERM, and the installer's temporary stays.
  CHECK(in_child([&] {
          std::signal(SIGTERM, SIG_DFL);
          io::remove_temporaries_on_signals();
          const io::Temporary entry(dir / "temp", io::TemporaryKind::file);
          const int grandchild = in_child([] {
            std::raise(SIGTERM);
            return 0;
          });
          return grandchild == 128 + SIGTERM && std::filesystem::exists(dir / "temp") ? 9 : 1;
        }) == 9);
  CHECK(std::filesystem::exists(dir / "temp"));
}
