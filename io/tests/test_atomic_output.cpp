// Atomic output (T2): a temporary file in the target directory, renamed into place; after any
// failure no output file and no temporary remain, and an existing file is unchanged.
#include <catch2/catch.hpp>

#include <sonnx/io/tensor_io.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

#include "io_test_support.hpp"

using namespace sonnx;
using namespace sonnx::test;

TEST_CASE("atomic write creates the file and leaves no temporary", "[T2]") {
  ScratchDir dir;
  const Bytes content = {1, 2, 3};
  REQUIRE(io::write_file_atomic(dir / "out.bin", content).ok());
  CHECK(read_bytes(dir / "out.bin") == content);
  CHECK(dir.entries() == std::vector<std::string>{"out.bin"});
  // Replacing an existing file is a rename too.
  const Bytes replaced = {9};
  REQUIRE(io::write_file_atomic(dir / "out.bin", replaced).ok());
  CHECK(read_bytes(dir / "out.bin") == replaced);
  CHECK(dir.entries().size() == 1);
}

TEST_CASE("atomic write: an output name of any legal length, up to NAME_MAX", "[T2]") {
  ScratchDir dir;
  const long name_max = ::pathconf(dir.path().c_str(), _PC_NAME_MAX);
  REQUIRE(name_max >= 244);
  // 244 characters (a temporary named after the output needed 11 + 244 + 20: over 255), and
  // exactly NAME_MAX.
  for (const std::size_t length : {std::size_t{244}, static_cast<std::size_t>(name_max)}) {
    const std::string name = std::string(length - 4, 'c') + ".npy";
    const Bytes content = {7, static_cast<unsigned char>(length & 0xFFU)};
    const io::IoStatus s = io::write_file_atomic(dir / name, content);
    INFO(length << ": " << s.message);
    REQUIRE(s.ok());
    CHECK(read_bytes(dir / name) == content);
    CHECK(dir.entries() == std::vector<std::string>{name});
    std::filesystem::remove(dir / name);
  }
}

TEST_CASE("atomic write failures leave nothing behind", "[T2][bad-input]") {
  ScratchDir dir;
  const Bytes content = {1, 2, 3};
  SECTION("missing directory") {
    const io::IoStatus s = io::write_file_atomic(dir / "missing" / "out.pb", content);
    CHECK_FALSE(s.ok());
    CHECK(s.requirement == "T2");
    CHECK(s.kind == io::IoErrorKind::io);
    CHECK_FALSE(std::filesystem::exists(dir / "missing"));
  }
  SECTION("the output path is a directory") {
    std::filesystem::create_directory(dir / "out.pb");
    std::filesystem::create_directory(dir / "out.pb" / "child");  // rename onto it must fail
    const io::IoStatus s = io::write_file_atomic(dir / "out.pb", content);
    CHECK_FALSE(s.ok());
    CHECK(s.requirement == "T2");
    CHECK(dir.entries() == std::vector<std::string>{"out.pb"});
  }
  SECTION("unwritable directory") {
    if (::geteuid() == 0) {
      // root ignores permission bits; a path under a regular file is unwritable for everyone.
      write_bytes(dir / "file", {0});
      const io::IoStatus s = io::write_file_atomic(dir / "file" / "out.pb", content);
      CHECK_FALSE(s.ok());
      CHECK(s.requirement == "T2");
      CHECK(dir.entries() == std::vector<std::string>{"file"});
    } else {
      std::filesystem::create_directory(dir / "ro");
      std::filesystem::permissions(dir / "ro", std::filesystem::perms::owner_read |
                                                   std::filesystem::perms::owner_exec);
      const io::IoStatus s = io::write_file_atomic(dir / "ro" / "out.pb", content);
      CHECK_FALSE(s.ok());
      CHECK(s.requirement == "T2");
      CHECK(std::filesystem::is_empty(dir / "ro"));
    }
  }
}

TEST_CASE("write_tensor_file rejects inconsistent tensors before creating anything",
          "[T2][D8][R3]") {
  ScratchDir dir;
  io::OwnedTensor bad{DataType::float32, {3}, Bytes(8)};  // 3 elements, 8 bytes
  CHECK(io::write_tensor_file(dir / "c.pb", bad).requirement == "D8");
  CHECK(io::write_tensor_file(dir / "c.npy", bad).requirement == "D8");
  io::OwnedTensor text{DataType::string, {1}, Bytes(1)};
  CHECK(io::write_tensor_file(dir / "c.pb", text).requirement == "R3");
  CHECK(io::write_tensor_file(dir / "c.txt", io::OwnedTensor{DataType::uint8, {1}, Bytes(1)})
            .requirement == "T1");
  CHECK(dir.entries().empty());
}

TEST_CASE("reading: non-existent files, directories and unknown extensions", "[T1][bad-input]") {
  ScratchDir dir;
  for (const char* name : {"absent.pb", "absent.npy"}) {
    const io::ReadResult r = io::read_tensor_file(dir / name);
    CHECK_FALSE(r.ok());
    CHECK(r.status.requirement == "T1");
    CHECK(r.status.kind == io::IoErrorKind::io);
    CHECK(r.status.message.find(name) != std::string::npos);
  }
  std::filesystem::create_directory(dir / "d.pb");
  CHECK(io::read_tensor_file(dir / "d.pb").status.requirement == "T1");
  write_bytes(dir / "x.txt", {1});
  CHECK(io::read_tensor_file(dir / "x.txt").status.requirement == "T1");
}

TEST_CASE("an output path is judged before anything is written, and nothing is created", "[T2]") {
  using P = io::OutputPathProblem;
  ScratchDir dir;
  write_bytes(dir / "file", Bytes{1});
  std::filesystem::create_directory(dir / "folder");
  REQUIRE(::mkfifo((dir / "fifo").c_str(), 0600) == 0);
  CHECK(io::output_path_problem(dir / "new.json") == P::none);
  CHECK(io::output_path_problem(dir / "file") == P::none);  // replaced by the rename
  CHECK(io::output_path_problem((dir / "folder").string() + "/") == P::names_folder);
  CHECK(io::output_path_problem(dir / "folder" / ".") == P::names_folder);
  CHECK(io::output_path_problem(dir / "folder" / "..") == P::names_folder);
  CHECK(io::output_path_problem(dir / "folder") == P::existing_folder);
  CHECK(io::output_path_problem(dir / "fifo") == P::not_regular_file);
  CHECK(io::output_path_problem(dir / "typo" / "deeper" / "r.json") == P::folder_missing);
  CHECK(io::output_path_problem(dir / "file" / "r.json") == P::folder_not_folder);
  CHECK(io::output_path_problem("relative-name.json") == P::none);  // the working folder
  std::vector<std::string> entries = dir.entries();
  std::sort(entries.begin(), entries.end());
  CHECK(entries == std::vector<std::string>{"fifo", "file", "folder"});
}

TEST_CASE("atomic write of text: its bytes as they are", "[T2]") {
  ScratchDir dir;
  const std::string text = std::string("{\"a\": 1}\n") + '\0' + "\xff";
  REQUIRE(io::write_file_atomic(dir / "out.json", text).ok());
  CHECK(read_bytes(dir / "out.json") == Bytes(text.begin(), text.end()));
  CHECK(dir.entries() == std::vector<std::string>{"out.json"});
}
