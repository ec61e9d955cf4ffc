// The SHA-256 of `sonnx-div verify-evidence` (traceability/src/sha256.cpp) on the examples of
// FIPS 180-2, appendix B (one block, two blocks, one million 'a'), the empty string, and inputs
// of 55, 56 and 64 bytes (the padding's boundary cases), against digests computed independently
// (Python's hashlib, a different implementation).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sonnx/trace/verify.hpp>
#include <string>

TEST_CASE("verify-evidence: SHA-256 on the FIPS 180-2 examples and the padding boundaries",
          "[trace]") {
  using trace::verify::sha256_hex;
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(sha256_hex(std::string(1000000, 'a')) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex(std::string(55, 'x')) ==
        "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072");
  CHECK(sha256_hex(std::string(56, 'x')) ==
        "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e");
  CHECK(sha256_hex(std::string(64, 'x')) ==
        "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c");
}

TEST_CASE("verify-evidence: SHA-256 of a file, and of a file that is not there", "[trace]") {
  namespace fs = std::filesystem;
  const fs::path p = fs::temp_directory_path() / "sonnx_trace_selftest_sha256.bin";
  {
    std::ofstream out(p, std::ios::binary);
    out << std::string(1000000, 'a');
  }
  const auto digest = trace::verify::sha256_file(p);
  fs::remove(p);
  REQUIRE(digest.has_value());
  CHECK(*digest == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  CHECK_FALSE(trace::verify::sha256_file(p).has_value());
}
