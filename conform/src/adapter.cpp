// The adapter process (adapter.hpp), on the subprocess utility.
#include <csignal>
#include <sonnx/conform/adapter.hpp>
#include <sstream>

namespace sonnx::conform {
namespace {

volatile std::sig_atomic_t stop_flag = 0;

process::Clock::time_point after(double seconds) {
  return process::Clock::now() +
         std::chrono::duration_cast<process::Clock::duration>(process::Seconds(seconds));
}

}  // namespace

std::string quote_cut(const std::string& text, const char* quote, bool longer) {
  const std::string quoted = quote + text.substr(0, max_quoted_bytes) + quote;
  if (!longer && text.size() <= max_quoted_bytes) return quoted;
  return quoted + " (the first " + std::to_string(max_quoted_bytes) + " of " +
         (longer ? "more than " + std::to_string(max_line_bytes) : std::to_string(text.size())) +
         " bytes)";
}

void request_stop() noexcept { stop_flag = 1; }
bool stop_requested() noexcept { return stop_flag != 0; }
void clear_stop_request() noexcept { stop_flag = 0; }

Adapter::Adapter(std::vector<std::string> argv, std::filesystem::path log)
    : argv_(std::move(argv)), log_(std::move(log)) {}

process::Child::Read Adapter::read_line(std::string& line, process::Clock::time_point deadline) {
  for (;;) {
    const process::Child::Read read =
        child_.read_line(line, deadline, max_line_bytes, &stop_requested);
    if (read != process::Child::Read::interrupted || stop_requested()) return read;
  }
}

std::string Adapter::reap() {
  const auto status = child_.wait_until(after(5));
  if (!status) return "closed its output but did not exit";
  return status->text();
}

bool Adapter::start(double timeout, std::string& error) {
  // Its own process group: a timeout kills the runtime and any helper it started.
  child_ = process::Child(
      process::Command{argv_, true, process::ErrorStream::append_to_file, log_, true});
  if (!child_.started()) {
    error = "adapter " + argv_[0] + ": " + child_.error();
    return false;
  }
  std::string line;
  const process::Child::Read read = read_line(line, after(timeout));
  if (read != process::Child::Read::data) {
    std::string why;
    if (read == process::Child::Read::timeout) {
      why = "no READY line within " + std::to_string(timeout) + " s";
    } else if (read == process::Child::Read::too_long) {
      why = "first line is longer than " + std::to_string(max_line_bytes) +
            " bytes: " + quote_cut(line, "'", true);
    } else {
      why = "exited before READY (" + reap() + ")";
    }
    child_.kill();
    error = "adapter " + argv_[0] + ": " + why;
    return false;
  }
  std::istringstream words(line);
  std::string ready;
  std::string said_name;
  std::string said_version;
  words >> ready >> said_name >> said_version;
  if (ready != "READY" || said_version.empty()) {
    child_.kill();
    error = "adapter " + argv_[0] + ": first line is " + quote_cut(line, "'") +
            ", not 'READY <name> <version>'";
    return false;
  }
  // A restart must bring back the runtime the campaign started with: the results of two runtimes
  // under one name would be no verdict about either.
  if (started_ && (said_name != name || said_version != version)) {
    child_.kill();
    error = "adapter " + argv_[0] + ": the restarted adapter announces " +
            quote_cut(said_name + " " + said_version, "'") + ", not '" + name + " " + version +
            "' as at the campaign's start: the results would mix two runtimes";
    return false;
  }
  started_ = true;
  name = said_name;
  version = said_version;
  announced.clear();
  std::getline(words >> std::ws, announced);
  return true;
}

Reply Adapter::request(const std::string& line, double timeout) {
  Reply reply;
  std::string answer;
  const auto deadline = after(timeout);
  // The request, then its answer, before the one deadline.
  const process::Child::Write sent = child_.write(line + "\n", deadline, &stop_requested);
  const process::Child::Read read = sent == process::Child::Write::done
                                        ? read_line(answer, deadline)
                                        : process::Child::Read::end;
  if (read != process::Child::Read::data) {
    reply.kind = Reply::Kind::crash;
    if (stop_requested()) {
      reply.text = "interrupted";
    } else if (sent == process::Child::Write::timeout) {
      reply.kind = Reply::Kind::hang;
      reply.text = "did not read the request within " +
                   std::to_string(static_cast<long>(timeout)) + " s; killed";
    } else if (read == process::Child::Read::too_long) {
      reply.text = "protocol violation: answered a line longer than " +
                   std::to_string(max_line_bytes) + " bytes: " + quote_cut(answer, "'", true);
    } else if (read == process::Child::Read::timeout) {
      reply.kind = Reply::Kind::hang;
      reply.text = "no answer within " + std::to_string(static_cast<long>(timeout)) + " s; killed";
    } else {
      reply.text = reap();
    }
    child_.kill();
    return reply;
  }
  const auto word = answer.substr(0, answer.find(' '));
  const std::string rest = answer.size() > word.size() ? answer.substr(word.size() + 1) : "";
  reply.text = quote_cut(rest);
  if (word == "OK") return reply;
  if (word == "ERROR") {
    reply.kind = Reply::Kind::error;
  } else if (word == "UNSUPPORTED") {
    reply.kind = Reply::Kind::unsupported;
  } else {  // not the protocol: the adapter is broken, treated like a crash
    reply.kind = Reply::Kind::crash;
    reply.text = "protocol violation: answered " + quote_cut(answer, "'");
    child_.kill();
  }
  return reply;
}

void Adapter::stop() {
  if (!child_.running()) return;
  child_.write("QUIT\n", after(5));  // a dead adapter, or one that does not read, is reaped below
  child_.close_input();
  if (!child_.wait_until(after(5))) child_.kill();
  child_ = process::Child();
}

}  // namespace sonnx::conform
