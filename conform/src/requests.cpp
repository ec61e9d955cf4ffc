// One campaign's requests to the runtime (requests.hpp).
#include "requests.hpp"

#include <cstring>
#include <fstream>
#include <future>
#include <sonnx/conform/comparison.hpp>
#include <sonnx/io/golden.hpp>
#include <sonnx/io/model_check.hpp>
#include <sonnx/io/semantics.hpp>

namespace sonnx::conform {

namespace fs = std::filesystem;

namespace {

const char* const whole_request = "the request as a whole; the reproducer holds all its elements";

}  // namespace

Requests::Requests(const Options& options, fs::path work, Tally& tally)
    : o_(options),
      work_(std::move(work)),
      tally_(tally),
      adapter_(options.adapter, work_ / "adapter.log") {}

bool Requests::start(std::string& error) { return adapter_.start(o_.timeout, error); }

fs::path Requests::model_for(DataType type, std::size_t length) {
  const auto key = std::make_pair(type, length);
  if (const auto it = models_.find(key); it != models_.end()) return it->second;
  const fs::path path = work_ / (io::data_type_text(type) + "-" + std::to_string(length) + ".onnx");
  const io::IoStatus written = io::write_file_atomic(
      path,
      io::golden_model(type, static_cast<std::int64_t>(length), "sonnx-div conformance campaign"));
  if (!written.ok()) {
    error_ = written.message;
    return {};
  }
  // Every model the runtime sees is first shown to be inside the profile (T3).
  const io::ModelReport report = io::check_model_file(path);
  profile_checks.push_back({{"model", path.filename().string()},
                            {"type", io::data_type_text(type)},
                            {"elements", length},
                            {"verdict", report.all_inside() ? "inside" : "NOT inside"}});
  if (!report.all_inside()) {
    error_ = "check-model does not find " + path.string() + " inside the profile";
    return {};
  }
  models_[key] = path;
  return path;
}

bool Requests::check_broadcast_rejected(DataType type) {
  const std::int64_t x[] = {8};
  const std::int64_t y[] = {1};
  const fs::path path = work_ / (io::data_type_text(type) + "-broadcast.onnx");
  const io::IoStatus written = io::write_file_atomic(
      path, io::div_model(type, x, y, x, "broadcasting Div: outside the profile (R4)"));
  if (!written.ok()) {
    error_ = written.message;
    return false;
  }
  const io::ModelReport report = io::check_model_file(path);
  std::vector<std::string> requirements;
  bool rejected = report.status.ok() && !report.nodes.empty();
  for (const auto& node : report.nodes) {
    rejected = rejected && node.verdict == io::Verdict::outside;
    for (const auto& f : node.findings) requirements.push_back(f.requirement);
  }
  broadcast.push_back({{"type", io::data_type_text(type)},
                       {"shapes", "x [8], y [1]"},
                       {"check_model", rejected ? "outside" : "NOT rejected"},
                       {"violated", requirements},
                       {"sent_to_runtime", false}});
  if (!rejected)
    error_ = "check-model does not reject the broadcasting " + io::data_type_text(type) + " model";
  return rejected;
}

// Request files are scratch: a plain write (no fsync, unlike the atomic writer of the outputs that
// users keep). A divisor tensor equal to the previous request's is not rewritten (the 16-bit sweeps
// send the same 2^16 divisors in every chunk).
bool Requests::write_inputs(const Batch& batch, const fs::path& a, const fs::path& b) {
  for (const auto& [tensor, path, name] :
       {std::tuple{&batch.a, a, "x"}, std::tuple{&batch.b, b, "y"}}) {
    if (tensor == &batch.b && last_b_.type == batch.b.type && last_b_.bytes == batch.b.bytes)
      continue;
    std::string bytes;
    const io::IoStatus status =
        io::encode_tensor_proto(*tensor, name, io::ProtoEncoding::raw_data, bytes);
    if (!status.ok()) {
      error_ = status.message;
      return false;
    }
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    file.close();
    if (!file) {
      error_ = "cannot write " + path.string();
      return false;
    }
  }
  last_b_ = batch.b;
  return true;
}

void Requests::count_skipped(const Batch& batch) {
  tally_.count(batch, &Counts::cases);
  tally_.count(batch, &Counts::unsupported);
}

void Requests::count_skipped_sweep(DataType type) {
  // requirement_of depends on the divisor only through its class (NaN or infinite, zero, other):
  // one representative per class, weighted by the class size, gives the exact counts of the
  // 2^32 pairs without enumerating them.
  const BitLayout l = bit_layout(type);
  std::map<int, std::pair<std::uint64_t, std::uint64_t>> classes;  // class -> (size, member)
  for (std::uint64_t b = 0; b <= l.mask; ++b) {
    const int cls = (b & l.exponent) == l.exponent ? 0 : (b & ~l.sign) == 0 ? 1 : 2;
    auto& [n, representative] = classes[cls];
    if (n++ == 0) representative = b;
  }
  for (std::uint64_t a = 0; a <= l.mask; ++a) {
    for (const auto& [cls, entry] : classes) {
      tally_.count_unsupported(type, requirement_of(l, a, entry.second), entry.first);
    }
  }
}

void Requests::file_silent_domain_results(const Batch& batch, const io::OwnedTensor& actual,
                                          const std::string& expected_text) {
  const BitLayout l = bit_layout(batch.type);
  const std::size_t n = batch.size();
  for (std::size_t i = 0; i < n; ++i) {
    const RequirementId r =
        requirement_of(l, load_bits(batch.a.bytes, i, l.size), load_bits(batch.b.bytes, i, l.size));
    if (!is_domain_error(r)) continue;
    tally_.count_one(batch.type, r, &Counts::errors);
    tally_.add_finding(batch,
                       {r, "error-expected-not-raised", i, expected_text,
                        hex(load_bits(actual.bytes, i, l.size), l.size), "", nullptr, false});
  }
}

void Requests::file_mismatches(const Batch& batch, const io::OwnedTensor& expected,
                               const io::OwnedTensor& actual) {
  // Equal bytes are equal results (same_result holds for every pair of equal bits): the common
  // case is decided by one comparison of the buffers, and only a difference is looked at element
  // by element.
  if (expected.bytes.size() == actual.bytes.size() &&
      std::memcmp(expected.bytes.data(), actual.bytes.data(), expected.bytes.size()) == 0) {
    return;
  }
  const BitLayout l = bit_layout(batch.type);
  const std::size_t n = batch.size();
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t e = load_bits(expected.bytes, i, l.size);
    const std::uint64_t x = load_bits(actual.bytes, i, l.size);
    if (same_result(l, e, x)) continue;
    const RequirementId r =
        requirement_of(l, load_bits(batch.a.bytes, i, l.size), load_bits(batch.b.bytes, i, l.size));
    tally_.count_one(batch.type, r, &Counts::mismatches);
    tally_.add_finding(batch,
                       {r, "mismatch", i, hex(e, l.size), hex(x, l.size), "", &expected, false});
  }
}

bool Requests::run_batch(const Batch& batch) {
  const BitLayout l = bit_layout(batch.type);
  const std::size_t n = batch.size();
  if (unsupported(batch.type)) {
    count_skipped(batch);
    return true;
  }
  const fs::path model = model_for(batch.type, n);
  if (model.empty()) return false;
  const fs::path in_a = work_ / "input_0.pb";
  const fs::path in_b = work_ / "input_1.pb";
  const fs::path out = work_ / "output_0.pb";
  if (!write_inputs(batch, in_a, in_b)) return false;
  std::error_code ec;
  fs::remove(out, ec);
  if (!adapter_.running()) {
    std::string why;
    if (!adapter_.start(o_.timeout, why)) {
      error_ = "restarting the adapter: " + why;
      return false;
    }
  }
  // The reference values and the case counts are computed while the runtime works.
  auto reference = std::async(std::launch::async, [&] {
    tally_.count(batch, &Counts::cases);
    return io::divide(batch.a, batch.b, io::Semantics::sonnx);
  });
  const double timeout = o_.timeout + static_cast<double>(n) * 1e-6;
  const auto started = process::Clock::now();
  const Reply reply = adapter_.request(
      "RUN\t" + model.string() + "\t" + in_a.string() + "\t" + in_b.string() + "\t" + out.string(),
      timeout);
  runtime_seconds += process::Seconds(process::Clock::now() - started).count();
  const io::DivideResult expected = reference.get();
  if (stop_requested()) {
    error_ = "interrupted";
    return false;
  }
  const bool expect_error = !expected.status.ok();
  if (expect_error && batch.source != "domain") {
    error_ = "internal: the library rejects a " + batch.source +
             " batch: " + std::string(expected.status.message());
    return false;
  }
  // A finding about the request as a whole is filed under one element's requirement and names its
  // operands: the first domain case of a request whose answer is an error (which need not be its
  // first element), else the first element.
  std::size_t lead = 0;
  const auto requirement_at = [&](std::size_t i) {
    return requirement_of(l, load_bits(batch.a.bytes, i, l.size),
                          load_bits(batch.b.bytes, i, l.size));
  };
  while (expect_error && lead + 1 < n && !is_domain_error(requirement_at(lead))) ++lead;
  const RequirementId first = requirement_at(lead);
  const std::string expected_text = expect_error
                                        ? "error (" + std::string(expected.status.requirement) + ")"
                                        : "the reference values";
  const std::string detail = n > 1 ? whole_request : "";
  switch (reply.kind) {
    case Reply::Kind::unsupported:
      unsupported_.insert(batch.type);
      tally_.count(batch, &Counts::unsupported);
      tally_.add_finding(batch, {first, "unsupported", lead, expected_text,
                                 "refused: " + reply.text, "", nullptr, false});
      return true;
    case Reply::Kind::crash:
    case Reply::Kind::hang: {
      const bool crash = reply.kind == Reply::Kind::crash;
      tally_.count(batch, crash ? &Counts::crashes : &Counts::hangs);
      tally_.add_finding(batch, {first, crash ? "crash" : "hang", lead, expected_text, reply.text,
                                 detail, expect_error ? nullptr : &expected.c, n > 1});
      return true;
    }
    case Reply::Kind::error:
      if (expect_error) return true;  // the clean error the profile asks for
      tally_.count(batch, &Counts::errors);
      tally_.add_finding(batch, {first, "unexpected-error", 0, expected_text,
                                 "error: " + reply.text, detail, &expected.c, n > 1});
      return true;
    case Reply::Kind::ok:
      break;
  }
  const io::ReadResult actual = io::read_tensor_file(out);
  if (!actual.ok() || actual.tensor.type != batch.type || actual.tensor.shape != batch.a.shape) {
    const std::string why = !actual.ok()
                                ? actual.status.message
                                : "output of type " + io::data_type_text(actual.tensor.type) +
                                      " and shape " + io::shape_to_string(actual.tensor.shape);
    tally_.count(batch, &Counts::errors);
    tally_.add_finding(batch, {first, "unexpected-error", lead, expected_text, "bad output: " + why,
                               "", expect_error ? nullptr : &expected.c, n > 1});
    return true;
  }
  if (expect_error) {  // a silent result where the profile says error
    file_silent_domain_results(batch, actual.tensor, expected_text);
  } else {
    file_mismatches(batch, expected.c, actual.tensor);
  }
  return true;
}

}  // namespace sonnx::conform
