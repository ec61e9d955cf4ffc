// The campaign's results and reproducers (report.hpp).
#include <sonnx/conform/comparison.hpp>
#include <sonnx/conform/report.hpp>
#include <sonnx/io/golden.hpp>

namespace sonnx::conform {

namespace fs = std::filesystem;

Tally::Tally(std::size_t max_reproducers, fs::path reproducer_dir, fs::path report_dir,
             fs::path named_dir)
    : max_reproducers_(max_reproducers),
      reproducer_dir_(std::move(reproducer_dir)),
      report_dir_(std::move(report_dir)),
      named_dir_(named_dir.empty() ? reproducer_dir_ : std::move(named_dir)) {}

void Tally::count(const Batch& batch, std::uint64_t Counts::*field) {
  const BitLayout l = bit_layout(batch.type);
  auto& counts = counts_[batch.type];
  const std::size_t n = batch.size();
  for (std::size_t i = 0; i < n; ++i) {
    const RequirementId r =
        requirement_of(l, load_bits(batch.a.bytes, i, l.size), load_bits(batch.b.bytes, i, l.size));
    ++(counts[static_cast<std::size_t>(r)].*field);
  }
}

void Tally::count_unsupported(DataType type, RequirementId requirement, std::uint64_t n) {
  Counts& c = counts_[type][static_cast<std::size_t>(requirement)];
  c.cases += n;
  c.unsupported += n;
}

void Tally::count_one(DataType type, RequirementId requirement, std::uint64_t Counts::*field) {
  ++(counts_[type][static_cast<std::size_t>(requirement)].*field);
}

bool write_reproducer(const fs::path& dir, const Batch& batch, std::size_t index, bool whole_batch,
                      const io::OwnedTensor* expected_output, const std::string& doc_string) {
  const std::size_t size = element_size(batch.type);
  std::error_code ec;
  fs::create_directories(dir, ec);
  // The element alone: tensors of shape [1] holding element `index` of each operand.
  const auto element = [&](const io::OwnedTensor& from) {
    io::OwnedTensor one = tensor_of(batch.type, 1);
    std::memcpy(one.bytes.data(), from.bytes.data() + index * size, size);
    return one;
  };
  const io::OwnedTensor a = whole_batch ? batch.a : element(batch.a);
  const io::OwnedTensor b = whole_batch ? batch.b : element(batch.b);
  const std::string model =
      io::golden_model(batch.type, static_cast<std::int64_t>(a.element_count()), doc_string);
  bool ok = io::write_file_atomic(dir / "model.onnx", model).ok();
  ok = ok && io::write_tensor_file(dir / "input_0.pb", a, "x").ok();
  ok = ok && io::write_tensor_file(dir / "input_1.pb", b, "y").ok();
  if (expected_output != nullptr) {
    const io::OwnedTensor c = whole_batch ? *expected_output : element(*expected_output);
    ok = ok && io::write_tensor_file(dir / "expected_output_0.pb", c, "z").ok();
  }
  return ok;
}

void Tally::add_finding(const Batch& batch, const Finding& finding) {
  const std::string type = io::data_type_text(batch.type);
  const std::string requirement(id_text(finding.requirement));
  const std::string key = type + "/" + requirement + "/" + finding.kind;
  const std::uint64_t n = ++finding_counts_[key];
  if (n > max_reproducers_) return;
  const std::size_t size = element_size(batch.type);
  nlohmann::json f = {{"type", type},
                      {"requirement", requirement},
                      {"kind", finding.kind},
                      {"source", batch.source},
                      {"a", hex(load_bits(batch.a.bytes, finding.index, size), size)},
                      {"b", hex(load_bits(batch.b.bytes, finding.index, size), size)},
                      {"expected", finding.expected},
                      {"actual", finding.actual}};
  if (!batch.notes.empty()) f["case"] = batch.notes[finding.index];
  if (!finding.detail.empty()) f["detail"] = finding.detail;
  if (finding.whole_batch) f["elements"] = batch.size();
  const std::string name = type + "-" + requirement + "-" + finding.kind + "-" + std::to_string(n);
  const bool written =
      write_reproducer(reproducer_dir_ / name, batch, finding.index, finding.whole_batch,
                       finding.expected_output, "sonnx-div conformance reproducer: " + key);
  f["reproducer"] = written ? (named_dir_ / name).lexically_relative(report_dir_).string()
                            : "(could not be written)";
  findings_.push_back(std::move(f));
}

std::uint64_t Tally::findings_total() const {
  std::uint64_t total = 0;
  for (const auto& [key, n] : finding_counts_) total += n;
  return total;
}

nlohmann::json Tally::to_json() const {
  nlohmann::json j;
  j["results"] = nlohmann::json::array();
  for (const auto& [type, per_requirement] : counts_) {
    for (const RequirementId r : filed_requirements) {
      const Counts& c = per_requirement[static_cast<std::size_t>(r)];
      if (c.cases == 0) continue;
      j["results"].push_back({{"type", io::data_type_text(type)},
                              {"requirement", id_text(r)},
                              {"cases", c.cases},
                              {"mismatches", c.mismatches},
                              {"errors", c.errors},
                              {"crashes", c.crashes},
                              {"hangs", c.hangs},
                              {"unsupported", c.unsupported}});
    }
  }
  nlohmann::json by_key = nlohmann::json::object();
  for (const auto& [key, n] : finding_counts_) by_key[key] = n;
  j["findings_total"] = findings_total();
  j["findings_per_type_requirement_kind"] = by_key;
  j["findings_listed"] = findings_.size();
  j["findings"] = findings_;
  return j;
}

}  // namespace sonnx::conform
