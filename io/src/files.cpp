// Owning tensors, whole-file reads and atomic writes (T1, T2).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sonnx/io/temporaries.hpp>
#include <sonnx/io/tensor_io.hpp>
#include <string>
#include <utility>

#include "io_internal.hpp"

namespace sonnx::io {

IoStatus IoStatus::failure(IoErrorKind kind, std::string requirement, const std::string& what) {
  IoStatus status;
  status.kind = kind;
  status.message = requirement + ": " + what;
  status.requirement = std::move(requirement);
  return status;
}

std::string data_type_text(DataType type) {
  const std::string name = data_type_name(type);
  if (name != "unknown") return name;
  return name + "(" + std::to_string(static_cast<std::int32_t>(type)) + ")";
}

std::string shape_to_string(std::span<const std::int64_t> shape) {
  std::string text = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i != 0) text += ", ";
    text += std::to_string(shape[i]);
  }
  return text + "]";
}

std::vector<std::int64_t> multi_index_of(std::span<const std::int64_t> shape, std::size_t flat) {
  std::vector<std::int64_t> index(shape.size(), 0);
  sonnx::multi_index(shape, flat, index);
  return index;
}

std::size_t OwnedTensor::element_count() const noexcept {
  const std::size_t size = element_size(type);
  return size != 0 ? bytes.size() / size : 0;
}

TensorView OwnedTensor::view() const noexcept {
  return TensorView{type, shape, bytes.empty() ? nullptr : bytes.data(), Layout::dense};
}

MutableTensorView OwnedTensor::mutable_view() noexcept {
  return MutableTensorView{type, shape, bytes.empty() ? nullptr : bytes.data(), Layout::dense};
}

std::optional<TensorFormat> format_from_path(const std::filesystem::path& path) {
  const std::string ext = path.extension().string();
  if (ext == ".pb") return TensorFormat::onnx_pb;
  if (ext == ".npy") return TensorFormat::npy;
  return std::nullopt;
}

std::string_view format_name(TensorFormat format) noexcept {
  return format == TensorFormat::npy ? "NumPy .npy" : "ONNX TensorProto .pb";
}

namespace {

std::string errno_text(int error) { return std::strerror(error); }

// Closes a descriptor on scope exit.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

IoStatus read_file_bytes(const std::filesystem::path& path, std::vector<unsigned char>& out) {
  out.clear();
  const std::string name = path.string();
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, before the fstat
  // below could refuse it. The flag is cleared once the file is known to be regular.
  Fd file{::open(name.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)};
  if (file.fd < 0) {
    return IoStatus::failure(IoErrorKind::io, "T1",
                             name + ": cannot open for reading: " + errno_text(errno));
  }
  struct stat info {};
  if (::fstat(file.fd, &info) != 0) {
    return IoStatus::failure(IoErrorKind::io, "T1", name + ": cannot stat: " + errno_text(errno));
  }
  if (!S_ISREG(info.st_mode)) {
    return IoStatus::failure(IoErrorKind::io, "T1", name + ": not a regular file");
  }
  const int flags = ::fcntl(file.fd, F_GETFL);
  if (flags < 0 || ::fcntl(file.fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
    return IoStatus::failure(IoErrorKind::io, "T1",
                             name + ": cannot set blocking reads: " + errno_text(errno));
  }
  if (static_cast<std::uintmax_t>(info.st_size) > max_file_bytes) {  // st_size is never negative
    return IoStatus::failure(IoErrorKind::io, "T1",
                             name + ": file of " + std::to_string(info.st_size) +
                                 " bytes exceeds the limit of " + std::to_string(max_file_bytes));
  }
  const auto size = static_cast<std::size_t>(info.st_size);
  out.resize(size);
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::read(file.fd, out.data() + done, size - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      out.clear();
      return IoStatus::failure(IoErrorKind::io, "T1", name + ": read error: " + errno_text(errno));
    }
    if (n == 0) break;  // the file shrank while being read
    done += static_cast<std::size_t>(n);
  }
  out.resize(done);
  return {};
}

// [impl->req~T2~1]
IoStatus write_file_atomic(const std::filesystem::path& path, std::string_view text) {
  return write_file_atomic(
      path, std::span(reinterpret_cast<const unsigned char*>(text.data()), text.size()));
}

OutputPathProblem output_path_problem(const std::filesystem::path& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const std::string name = path.filename().string();
  if (name.empty() || name == "." || name == "..") return OutputPathProblem::names_folder;
  const fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
  if (!fs::is_directory(folder, ec)) {
    return fs::exists(folder, ec) ? OutputPathProblem::folder_not_folder
                                  : OutputPathProblem::folder_missing;
  }
  const fs::file_status st = fs::status(path, ec);
  if (fs::is_directory(st)) return OutputPathProblem::existing_folder;
  if (fs::exists(st) && !fs::is_regular_file(st)) return OutputPathProblem::not_regular_file;
  return OutputPathProblem::none;
}

IoStatus write_file_atomic(const std::filesystem::path& path,
                           std::span<const unsigned char> bytes) {
  const std::string name = path.string();
  if (path.filename().empty()) {
    return IoStatus::failure(IoErrorKind::io, "T2", name + ": output path names no file");
  }
  const std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : ".";
  std::string temp;
  Fd file;
  // Registered before it is created and forgotten when this function returns, renamed or
  // unlinked: a signal meanwhile removes it (temporaries.hpp). A name found taken (EEXIST) stays
  // registered until the next attempt: a signal then would unlink a temporary that a dead process
  // of the same pid left, nothing else.
  Temporary registration;
  for (int attempt = 0; attempt < 100 && file.fd < 0; ++attempt) {
    temp = (dir / detail::temporary_name()).string();
    registration = Temporary(temp, TemporaryKind::file);
    if (!registration.registered()) {
      return IoStatus::failure(IoErrorKind::io, "T2",
                               name + ": cannot register the temporary file " + temp +
                                   " for removal on a signal (" + std::to_string(max_temporaries) +
                                   " registered already, or a path too long)");
    }
    file.fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (file.fd < 0 && errno != EEXIST) break;
  }
  if (file.fd < 0) {
    return IoStatus::failure(
        IoErrorKind::io, "T2",
        name + ": cannot create a temporary file in " + dir.string() + ": " + errno_text(errno));
  }
  const auto fail = [&](const std::string& what) {
    const int error = errno;
    ::close(file.fd);
    file.fd = -1;
    ::unlink(temp.c_str());
    return IoStatus::failure(IoErrorKind::io, "T2", name + ": " + what + ": " + errno_text(error));
  };
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(file.fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return fail("write error");
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(file.fd) != 0) return fail("fsync failed");
  const int fd = file.fd;
  file.fd = -1;
  if (::close(fd) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    return IoStatus::failure(IoErrorKind::io, "T2", name + ": close failed: " + errno_text(error));
  }
  if (::rename(temp.c_str(), name.c_str()) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    return IoStatus::failure(
        IoErrorKind::io, "T2",
        name + ": cannot rename the temporary file into place: " + errno_text(error));
  }
  return {};
}

ReadResult read_tensor_file(const std::filesystem::path& path) {
  ReadResult result;
  const auto format = format_from_path(path);
  if (!format) {
    result.status = IoStatus::failure(IoErrorKind::format, "T1",
                                      path.string() + ": unknown extension (expected .pb or .npy)");
    return result;
  }
  std::vector<unsigned char> bytes;
  result.status = read_file_bytes(path, bytes);
  if (!result.ok()) return result;
  return *format == TensorFormat::npy ? decode_npy(bytes, path.string())
                                      : decode_tensor_proto(bytes, path.string());
}

IoStatus write_tensor_file(const std::filesystem::path& path, const OwnedTensor& tensor,
                           std::string_view proto_name, ProtoEncoding encoding) {
  const auto format = format_from_path(path);
  if (!format) {
    return IoStatus::failure(IoErrorKind::format, "T1",
                             path.string() + ": unknown extension (expected .pb or .npy)");
  }
  std::string encoded;
  IoStatus status = *format == TensorFormat::npy
                        ? encode_npy(tensor, encoded)
                        : encode_tensor_proto(tensor, proto_name, encoding, encoded);
  if (!status.ok()) return status;
  return write_file_atomic(path, std::string_view(encoded));
}

}  // namespace sonnx::io
