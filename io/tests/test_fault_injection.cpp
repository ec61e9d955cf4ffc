// System-call failures on the file paths of sonnx_io (T1 reading, T2 atomic output, T4 golden
// directories), injected with the linker's --wrap (CMakeLists.txt here): the library's calls
// to open, fstat, read, write, fsync, close, rename and mkdir go through the __wrap_ functions
// below, which pass them on to the C library unless a fault is armed for the next matching call.
// Expected outcomes come from the requirements and docs/cli.md: a read failure is a T1 file
// error; after any output failure no output file and no temporary remain and an existing file is
// unchanged (T2); a golden directory is built in a temporary sibling and renamed into place, so a
// failure leaves nothing (T4); interrupted calls (EINTR) are retried.
#include <catch2/catch.hpp>

#include <sonnx/io/golden.hpp>
#include <sonnx/io/tensor_io.hpp>

#include <cerrno>
#include <cstdarg>
#include <cstring>
#include <string>
#include <string_view>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io_test_support.hpp"
#include <sonnx_verify/golden_reference.hpp>

namespace {
// The reference of sonnx-div golden: the MPFR oracle and exact integer arithmetic.
std::uint64_t oracle_reference(sonnx::DataType type, std::uint64_t a, std::uint64_t b) {
  return sonnx::verify::golden_reference(type, false, a, b);
}
}  // namespace

namespace {

enum class Call { open, fstat, read, write, fsync, close, rename, mkdir };

// The next `times` calls of `call` fail with `error`; a read armed
// with error 0 returns 0 (end of file). With a `path`, only calls on a matching path count (for
// rename, the destination).
struct Fault {
  Call call = Call::open;
  int error = 0;
  int times = 0;
  std::string path;
  int injected = 0;
};

Fault fault_of(Call call, int error, int times = 1, std::string path = {}) {
  return Fault{call, error, times, std::move(path), 0};
}

Fault* armed = nullptr;

bool inject(Call call, const char* path = nullptr) {
  if (armed == nullptr || armed->call != call || armed->times == 0) return false;
  if (!armed->path.empty()) {
    // A pattern starting with '/' must end the path; any other must occur in it.
    const std::string_view seen = path == nullptr ? "" : path;
    const std::string_view wanted = armed->path;
    const bool match = wanted.front() == '/' ? seen.ends_with(wanted)
                                             : seen.find(wanted) != std::string_view::npos;
    if (!match) return false;
  }
  --armed->times;
  ++armed->injected;
  errno = armed->error;
  return true;
}

// Arms a fault for the lifetime of the object.
class Armed {
 public:
  explicit Armed(Fault fault) : fault_(std::move(fault)) { armed = &fault_; }
  ~Armed() { armed = nullptr; }
  Armed(const Armed&) = delete;
  Armed& operator=(const Armed&) = delete;
  [[nodiscard]] int injected() const { return fault_.injected; }

 private:
  Fault fault_;
};

}  // namespace

extern "C" {
int __real_open(const char* path, int flags, ...);
int __real_fstat(int fd, struct stat* info);
ssize_t __real_read(int fd, void* buffer, size_t size);
ssize_t __real_write(int fd, const void* buffer, size_t size);
int __real_fsync(int fd);
int __real_close(int fd);
int __real_rename(const char* from, const char* to);
int __real_mkdir(const char* path, mode_t mode);

int __wrap_open(const char* path, int flags, ...) {
  mode_t mode = 0;
  if ((flags & O_CREAT) != 0) {
    va_list args;
    va_start(args, flags);
    mode = static_cast<mode_t>(va_arg(args, unsigned));
    va_end(args);
  }
  if (inject(Call::open, path)) return -1;
  return __real_open(path, flags, mode);
}
int __wrap_fstat(int fd, struct stat* info) {
  return inject(Call::fstat) ? -1 : __real_fstat(fd, info);
}
ssize_t __wrap_read(int fd, void* buffer, size_t size) {
  if (inject(Call::read)) return errno == 0 ? 0 : -1;
  return __real_read(fd, buffer, size);
}
ssize_t __wrap_write(int fd, const void* buffer, size_t size) {
  return inject(Call::write) ? -1 : __real_write(fd, buffer, size);
}
int __wrap_fsync(int fd) { return inject(Call::fsync) ? -1 : __real_fsync(fd); }
int __wrap_close(int fd) {
  if (inject(Call::close)) {
    const int error = errno;
    __real_close(fd);  // the descriptor is released, as close(2) does even when it reports EIO
    errno = error;
    return -1;
  }
  return __real_close(fd);
}
int __wrap_rename(const char* from, const char* to) {
  return inject(Call::rename, to) ? -1 : __real_rename(from, to);
}
int __wrap_mkdir(const char* path, mode_t mode) {
  return inject(Call::mkdir, path) ? -1 : __real_mkdir(path, mode);
}
}

using namespace sonnx;
using namespace sonnx::test;

namespace {

const io::OwnedTensor quotient = tensor_of<float>(DataType::float32, {2}, {1.5F, -2.0F});

// A T2 failure: the status names T2 and the error, C keeps its old bytes, no temporary is left.
void require_t2_failure(const ScratchDir& dir, const io::IoStatus& status, const char* what) {
  INFO(status.message);
  CHECK_FALSE(status.ok());
  CHECK(status.kind == io::IoErrorKind::io);
  CHECK(status.requirement == "T2");
  CHECK(status.message.find(what) != std::string::npos);
  CHECK(dir.entries() == std::vector<std::string>{"c.npy"});
  CHECK(read_bytes(dir / "c.npy") == Bytes{42});
}

}  // namespace

TEST_CASE("fault injection: a failing write, fsync or close leaves no output and no temporary",
          "[T2][bad-input]") {
  ScratchDir dir;
  write_bytes(dir / "c.npy", Bytes{42});
  // The call fails once, with `error`: T2, the message says what failed.
  const auto expect_t2 = [&dir](Call call, int error, const char* what) {
    Armed fault(fault_of(call, error, 1));
    require_t2_failure(dir, io::write_tensor_file(dir / "c.npy", quotient), what);
    CHECK(fault.injected() == 1);
  };
  SECTION("write fails (no space left)") { expect_t2(Call::write, ENOSPC, "write error"); }
  SECTION("fsync fails") { expect_t2(Call::fsync, EIO, "fsync failed"); }
  SECTION("close fails") { expect_t2(Call::close, EIO, "close failed"); }
  SECTION("the temporary cannot be created (permission denied)") {
    Armed fault(fault_of(Call::open, EACCES, 1));
    require_t2_failure(dir, io::write_tensor_file(dir / "c.npy", quotient),
                       "cannot create a temporary file");
  }
  SECTION("every temporary name is taken (100 attempts)") {
    Armed fault(fault_of(Call::open, EEXIST, 1000));
    require_t2_failure(dir, io::write_tensor_file(dir / "c.npy", quotient),
                       "cannot create a temporary file");
    CHECK(fault.injected() == 100);
  }
}

TEST_CASE("fault injection: a taken temporary name and interrupted writes are retried", "[T2]") {
  ScratchDir dir;
  SECTION("one temporary name exists already") {
    Armed fault(fault_of(Call::open, EEXIST, 1));
    REQUIRE(io::write_tensor_file(dir / "c.npy", quotient).ok());
    CHECK(fault.injected() == 1);
  }
  SECTION("the temporary is .sonnx-tmp-<pid>-<n> in C's folder") {
    // A taken name, as above, matched on the temporary's name: the retry takes the next one.
    Armed fault(fault_of(
        Call::open, EEXIST, 1,
        dir.path().filename().string() + "/.sonnx-tmp-" + std::to_string(::getpid()) + "-"));
    REQUIRE(io::write_tensor_file(dir / "c.npy", quotient).ok());
    CHECK(fault.injected() == 1);
  }
  SECTION("write interrupted by a signal") {
    Armed fault(fault_of(Call::write, EINTR, 1));
    REQUIRE(io::write_tensor_file(dir / "c.npy", quotient).ok());
    CHECK(fault.injected() == 1);
  }
  CHECK(dir.entries() == std::vector<std::string>{"c.npy"});
  CHECK(values_in<float>(io::read_tensor_file(dir / "c.npy").tensor) ==
        std::vector<float>{1.5F, -2.0F});
}

TEST_CASE("fault injection: reading: stat and read errors are T1 file errors, EINTR is retried",
          "[T1][bad-input]") {
  ScratchDir dir;
  REQUIRE(io::write_tensor_file(dir / "a.npy", quotient).ok());
  // A failing call is a T1 I/O error whose message says what failed.
  const auto expect_io_error = [&dir](Call call, const char* what) {
    Armed fault(fault_of(call, EIO, 1));
    const io::ReadResult r = io::read_tensor_file(dir / "a.npy");
    CHECK(r.status.requirement == "T1");
    CHECK(r.status.kind == io::IoErrorKind::io);
    CHECK(r.status.message.find(what) != std::string::npos);
  };
  SECTION("fstat fails") { expect_io_error(Call::fstat, "cannot stat"); }
  SECTION("read fails (I/O error)") { expect_io_error(Call::read, "read error"); }
  SECTION("read interrupted by a signal") {
    Armed fault(fault_of(Call::read, EINTR, 1));
    const io::ReadResult r = io::read_tensor_file(dir / "a.npy");
    CHECK(fault.injected() == 1);
    REQUIRE(r.ok());
    CHECK(values_in<float>(r.tensor) == std::vector<float>{1.5F, -2.0F});
  }
  SECTION("the file ends early (shrank after fstat): what was read is decoded, and rejected") {
    Armed fault(fault_of(Call::read, 0, 1));
    const io::ReadResult r = io::read_tensor_file(dir / "a.npy");
    CHECK(fault.injected() == 1);
    CHECK(r.status.requirement == "T1");
    CHECK(r.status.kind == io::IoErrorKind::format);
  }
}

TEST_CASE("fault injection: golden leaves nothing behind when a file, a folder or the final "
          "rename fails", "[T4][T2][bad-input]") {
  ScratchDir dir;
  const auto out = dir / "golden_int8";
  io::GoldenSummary summary;
  const auto fails = [&](Fault fault, io::IoErrorKind kind, const char* id, const char* what) {
    Armed armed_fault(std::move(fault));
    const io::IoStatus s =
        io::write_golden(out, DataType::int8, io::Semantics::sonnx, summary, oracle_reference);
    INFO(s.message);
    CHECK(armed_fault.injected() == 1);
    CHECK_FALSE(s.ok());
    CHECK(s.kind == kind);
    CHECK(s.requirement == id);
    CHECK(s.message.find(what) != std::string::npos);
    CHECK(dir.entries().empty());  // neither DIR nor the temporary sibling
    CHECK(summary.cases == 0);
  };
  // A file's temporary is named after no file (.sonnx-tmp-<pid>-<n>): a file is singled out by
  // the rename that moves it into place.
  for (const char* file : {"model.onnx", "input_1.pb", "cases.json"}) {
    DYNAMIC_SECTION(file << " cannot be written") {
      fails(fault_of(Call::rename, ENOSPC, 1, std::string("/") + file), io::IoErrorKind::io, "T2",
            file);
    }
  }
  SECTION("the temporary directory cannot be created") {
    fails(fault_of(Call::mkdir, EACCES, 1, ".sonnx-tmp-"), io::IoErrorKind::io, "T4",
          "cannot create a temporary directory");
  }
  SECTION("a test_data_set folder cannot be created") {
    fails(fault_of(Call::mkdir, ENOSPC, 1, "/test_data_set_2"), io::IoErrorKind::io, "T4",
          "cannot create");
  }
  SECTION("the final rename fails (DIR filled meanwhile)") {
    fails(fault_of(Call::rename, ENOTEMPTY, 1, "/golden_int8"), io::IoErrorKind::io, "T4",
          "cannot move the cases");
  }
  SECTION("every temporary directory name is taken (100 attempts)") {
    Armed fault(fault_of(Call::mkdir, EEXIST, 1000, ".sonnx-tmp-"));
    const io::IoStatus s =
        io::write_golden(out, DataType::int8, io::Semantics::sonnx, summary, oracle_reference);
    CHECK(fault.injected() == 100);
    CHECK(s.requirement == "T4");
    CHECK(s.message.find("cannot create a temporary directory") != std::string::npos);
    CHECK(dir.entries().empty());
  }
}
