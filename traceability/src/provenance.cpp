// The commit of a source tree and the content hash of its sources, asked of the programs that own
// them: `git rev-parse HEAD` (a worktree's .git is a file, a repository may pack its refs: git
// knows, a reader of .git would have to guess) and sonnx_evidence.evidence_provenance --hash, the
// one implementation of the hash that binds evidence to its sources.
#include <sonnx/process/process.hpp>
#include <sonnx/trace/trace.hpp>
#include <sstream>

namespace trace {

std::string git_commit(const fs::path& root) {
  const auto r =
      sonnx::process::run({"git", "-C", root.string(), "rev-parse", "--verify", "-q", "HEAD"},
                          sonnx::process::Seconds(60));
  if (!r.success()) return "";
  std::string c = r.out;
  while (!c.empty() && (c.back() == '\n' || c.back() == '\r')) c.pop_back();
  return c;
}

std::optional<std::string> sources_sha256(const fs::path& script, const fs::path& root,
                                          const std::vector<std::string>& globs,
                                          std::string* error) {
  // script: the module file evidence/sonnx_evidence/evidence_provenance.py, run as a module of
  // its package (the package's folder on PYTHONPATH)
  const fs::path package = script.parent_path();
  std::vector<std::string> argv = {"env",
                                   "PYTHONPATH=" + package.parent_path().string(),
                                   "python3",
                                   "-m",
                                   package.filename().string() + "." + script.stem().string(),
                                   "--hash",
                                   "--root",
                                   root.string(),
                                   "--sources"};
  argv.insert(argv.end(), globs.begin(), globs.end());
  const auto r = sonnx::process::run(argv, sonnx::process::Seconds(600));
  std::istringstream out(r.out);
  std::string digest;
  out >> digest;
  if (r.success() && digest.size() == 64) return digest;
  if (error != nullptr) {
    *error = script.string() + " --hash: " +
             (!r.error.empty() ? r.error
              : r.timed_out    ? std::string("timed out")
                               : r.status->text() + (r.err.empty() ? "" : ": " + r.err));
    while (!error->empty() && error->back() == '\n') error->pop_back();
  }
  return std::nullopt;
}

fs::path evidence_package(const Options& options) {
  return options.provenance_script.empty() ? options.source_root / "evidence" / "sonnx_evidence"
                                           : options.provenance_script.parent_path();
}

}  // namespace trace
