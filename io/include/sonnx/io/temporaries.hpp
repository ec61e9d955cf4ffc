// Temporaries removed when the tool is interrupted (T2, T4). write_file_atomic and write_golden
// register each temporary file and folder before they create it and forget it once it is renamed
// into place or removed; a program that calls remove_temporaries_on_signals (the sonnx-div tool
// does, first thing) then removes what is registered on SIGINT, SIGTERM or SIGHUP and dies by that
// signal. Nothing can be done on SIGKILL (or a power loss): a temporary can then remain, under its
// recognisable name .sonnx-tmp-<pid>-<n> in the target's folder.
#ifndef SONNX_IO_TEMPORARIES_HPP
#define SONNX_IO_TEMPORARIES_HPP

#include <cstddef>
#include <filesystem>

namespace sonnx::io {

// Registrations held at once, at most. write_golden holds up to 32 (its folder, model.onnx,
// cases.json, a folder and three files per data set (7 at most), and one file's temporary).
inline constexpr std::size_t max_temporaries = 64;

enum class TemporaryKind : unsigned char { file, directory };

// One registered path, forgotten (not removed) when the object is destroyed. A relative path is
// resolved when it is removed: the tool never changes its working directory.
class Temporary {
 public:
  Temporary() noexcept = default;
  // registered() is false when max_temporaries are registered already or the path does not fit
  // in PATH_MAX bytes with its terminating zero (no system call would accept it either).
  Temporary(const std::filesystem::path& path, TemporaryKind kind) noexcept;
  ~Temporary() { forget(); }
  Temporary(Temporary&& other) noexcept : slot_(other.slot_) { other.slot_ = -1; }
  Temporary& operator=(Temporary&& other) noexcept;
  Temporary(const Temporary&) = delete;
  Temporary& operator=(const Temporary&) = delete;

  [[nodiscard]] bool registered() const noexcept { return slot_ >= 0; }
  void forget() noexcept;

 private:
  int slot_ = -1;
};

// Installs the handler of SIGINT, SIGTERM and SIGHUP (a signal the process ignores stays
// ignored: nohup, a shell's background job). The handler removes the registered temporaries
// (remove_registered_temporaries) if it runs in the process that installed it (a forked child
// that inherited it removes nothing of its parent's), restores the signal's default action and
// raises the signal again, so that the process dies by it as it would have without the handler.
void remove_temporaries_on_signals();

// Unlinks every registered file, then removes every registered folder that is empty by then,
// repeating while one goes (a folder inside another first). Uses only async-signal-safe calls
// (unlink, rmdir, lock-free atomics): the handler calls it. A folder holding anything not
// registered is left in place: whoever registers a folder registers what it puts in it.
void remove_registered_temporaries() noexcept;

}  // namespace sonnx::io

#endif  // SONNX_IO_TEMPORARIES_HPP
