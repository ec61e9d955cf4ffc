// Preloaded into sonnx-div (LD_PRELOAD) by test_cli_signals.cpp: the tool sends itself a signal at
// a chosen point of its output writing, so that the tests depend on no delay and no machine load.
// SONNX_TEST_SIGNAL="<call> <k> <signal number>", call fsync or rename: at the k-th call (from 1)
// of fsync, before it runs (the temporary is written, not yet renamed), or of rename, after it
// succeeded (the file or folder has its new name), the process raises the signal (delivered
// before raise returns). SIGINT, SIGTERM and SIGHUP start at their default action, as under an
// interactive shell (a background job of a script would otherwise start with SIGINT ignored).
#include <dlfcn.h>
#include <signal.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

namespace {

void signal_at(const char* call, int count) {
  const char* plan = std::getenv("SONNX_TEST_SIGNAL");
  char name[16] = {};
  int at = 0;
  int number = 0;
  if (plan != nullptr && std::sscanf(plan, "%15s %d %d", name, &at, &number) == 3 &&
      std::strcmp(name, call) == 0 && at == count) {
    ::raise(number);
  }
}

template <typename Function>
Function next(const char* name) {
  return reinterpret_cast<Function>(::dlsym(RTLD_NEXT, name));
}

__attribute__((constructor)) void default_actions() {
  for (const int number : {SIGINT, SIGTERM, SIGHUP}) ::signal(number, SIG_DFL);
}

int fsync_calls = 0;
int rename_calls = 0;

}  // namespace

extern "C" int fsync(int fd) {
  static const auto real = next<int (*)(int)>("fsync");
  signal_at("fsync", ++fsync_calls);
  return real(fd);
}

extern "C" int rename(const char* from, const char* to) {
  static const auto real = next<int (*)(const char*, const char*)>("rename");
  const int result = real(from, to);
  if (result == 0) signal_at("rename", ++rename_calls);
  return result;
}
