// sonnx-div: the command-line face of the reference SONNX Div. Sub-commands live in cmd_*.cpp.
#include <algorithm>
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

int main(int argc, char** argv) {
  // SIGINT, SIGTERM or SIGHUP while an output is being written removes its temporaries, then ends
  // the tool by that signal (T2, T4; conform replaces the handler of the first two with its own
  // graceful stop).
  sonnx::io::remove_temporaries_on_signals();
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
