// sonnx-div: the command-line face of the reference SONNX Div. Sub-commands live in cmd_*.cpp.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <sonnx/io/temporaries.hpp>
#include <string>

#include "command_registry.hpp"

namespace sonnx::cli {
std::vector<CommandEntry>& command_registry() {
  static std::vector<CommandEntry> registry;
  return registry;
}
}  // namespace sonnx::cli

namespace {

// Standard input, output and error are open before anything else: a tool started with one of
// them closed would give its number to the next file or pipe it opens, and its own messages would
// go there (conform's progress lines went into the adapter's requests). A closed one reads or
// writes /dev/null. False when /dev/null cannot be opened.
bool open_standard_streams() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    const int opened = ::open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);  // the lowest free: fd
    if (opened != fd) return false;
  }
  return true;
}

// The sub-command the arguments name, run; its exit code.
int run(int argc, char** argv) {
  CLI::App app{"sonnx-div: reference SONNX Div (ONNX safety-related profile)"};
  app.require_subcommand(1);
  int exit_code = 0;
  auto& registry = sonnx::cli::command_registry();
  std::sort(registry.begin(), registry.end(),
            [](const auto& x, const auto& y) { return std::strcmp(x.name, y.name) < 0; });
  for (const auto& entry : registry) entry.add(app, exit_code);
  // A first word that names no sub-command is named in the error (CLI11 alone would only say that
  // a sub-command is required).
  if (argc > 1 && argv[1][0] != '-' &&
      std::none_of(registry.begin(), registry.end(),
                   [&](const auto& entry) { return std::strcmp(entry.name, argv[1]) == 0; })) {
    std::string names;
    for (const auto& entry : registry) names += std::string(names.empty() ? "" : ", ") + entry.name;
    std::cerr << "sonnx-div: error: usage: unknown sub-command '" << argv[1]
              << "'; the sub-commands are " << names << " (see --help)\n";
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    // --help prints and succeeds; every other parse error is a usage error (exit code 2), as
    // documented in docs/cli.md, instead of CLI11's own codes.
    return app.exit(error) == 0 ? 0 : 2;
  }
  return exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  if (!open_standard_streams()) return 3;
  // SIGINT, SIGTERM or SIGHUP while an output is being written removes its temporaries, then ends
  // the tool by that signal (T2, T4; conform replaces the handler of the first two with its own
  // graceful stop).
  sonnx::io::remove_temporaries_on_signals();
  // A reader of standard output that has gone (a closed pipe) makes a write fail instead of
  // killing the tool: the exit code then still says what the sub-command did (a whole conformance
  // campaign may stand behind its last line), and a warning says that the output was lost.
  ::signal(SIGPIPE, SIG_IGN);
  const int code = run(argc, argv);
  if (!(std::cout << std::flush)) {
    std::cerr << "sonnx-div: warning: standard output could not be written (a closed pipe, a "
                 "full disk); the exit code is the sub-command's\n";
  }
  return code;
}
