// Sub-commands of the sonnx-div tool register themselves here, one source file each
// (cmd_<name>.cpp), so that commands are added without editing a central list.
#ifndef SONNX_CLI_COMMAND_REGISTRY_HPP
#define SONNX_CLI_COMMAND_REGISTRY_HPP

#include <CLI/CLI.hpp>

#include <vector>

namespace sonnx::cli {

// Adds one sub-command to the app. Its callback stores the process exit code in exit_code.
using AddCommand = void (*)(CLI::App& app, int& exit_code);

struct CommandEntry {
  const char* name;
  AddCommand add;
};

std::vector<CommandEntry>& command_registry();

// Define one at namespace scope in each cmd_*.cpp:
//   const sonnx::cli::CommandRegistration registration{"run", add_run_command};
struct CommandRegistration {
  CommandRegistration(const char* name, AddCommand add) {
    command_registry().push_back({name, add});
  }
};

}  // namespace sonnx::cli

#endif  // SONNX_CLI_COMMAND_REGISTRY_HPP
