// Internal to the conform library: one campaign's requests to the runtime. Each batch becomes a
// model (checked inside the profile first, T3) and two input files in the work directory, is sent
// to the adapter, and its answer is compared with the checked library's while the Tally counts.
#ifndef SONNX_CONFORM_SRC_REQUESTS_HPP
#define SONNX_CONFORM_SRC_REQUESTS_HPP

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sonnx/conform/adapter.hpp>
#include <sonnx/conform/campaign.hpp>
#include <sonnx/conform/cases.hpp>
#include <sonnx/conform/report.hpp>
#include <string>
#include <utility>

namespace sonnx::conform {

class Requests {
 public:
  Requests(const Options& options, std::filesystem::path work, Tally& tally);

  // Starts the adapter (runtime_name/runtime_version from its READY line).
  bool start(std::string& error);
  // Sends one batch and files what comes back; false on a campaign malfunction (error()).
  bool run_batch(const Batch& batch);
  // Checks that check-model rejects a broadcasting model of the type (R4); it is never sent.
  bool check_broadcast_rejected(DataType type);
  // Counts all 2^32 pairs of a 16-bit float type as unsupported, without enumerating them.
  void count_skipped_sweep(DataType type);
  void stop() { adapter_.stop(); }

  [[nodiscard]] bool unsupported(DataType type) const { return unsupported_.count(type) > 0; }
  [[nodiscard]] const std::string& error() const { return error_; }
  [[nodiscard]] const Adapter& adapter() const { return adapter_; }

  double runtime_seconds = 0;  // spent waiting for the adapter
  nlohmann::json profile_checks = nlohmann::json::array();
  nlohmann::json broadcast = nlohmann::json::array();

 private:
  std::filesystem::path model_for(DataType type, std::size_t length);
  bool write_inputs(const Batch& batch, const std::filesystem::path& a,
                    const std::filesystem::path& b);
  void count_skipped(const Batch& batch);
  // Files a silent result for a batch whose domain cases must be errors (C3, D3).
  void file_silent_domain_results(const Batch& batch, const io::OwnedTensor& actual,
                                  const std::string& expected_text);
  // Files every element whose result differs from the reference.
  void file_mismatches(const Batch& batch, const io::OwnedTensor& expected,
                       const io::OwnedTensor& actual);

  const Options& o_;
  std::filesystem::path work_;
  Tally& tally_;
  Adapter adapter_;
  std::string error_;
  std::map<std::pair<DataType, std::size_t>, std::filesystem::path> models_;
  io::OwnedTensor last_b_;  // the divisors in the work directory's input_1.pb
  std::set<DataType> unsupported_;
};

}  // namespace sonnx::conform

#endif  // SONNX_CONFORM_SRC_REQUESTS_HPP
