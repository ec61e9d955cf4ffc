// Temporaries removed on SIGINT, SIGTERM and SIGHUP (temporaries.hpp; T2, T4).
//
// The registry is a fixed table, so that the handler reads it without allocating or locking.
// A slot is free, claimed (its path being copied in) or armed; the handler reads armed slots only.
// A registration claims a free slot by compare-and-swap, copies the path, then arms the slot
// (release); forgetting frees it. A handler that interrupts the registering thread finds each
// slot either armed with its whole path or not armed. Registrations from several threads are
// safe, but a handler running in one thread while another frees and re-claims a slot could read
// a half-copied path: the tool writes its outputs from one thread.
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <sonnx/io/temporaries.hpp>
#include <string>

namespace sonnx::io {

namespace {

enum SlotState : int { free_slot, claimed_slot, armed_slot };

struct Slot {
  std::atomic<int> state{free_slot};
  TemporaryKind kind = TemporaryKind::file;
  char path[PATH_MAX] = {};
};
static_assert(std::atomic<int>::is_always_lock_free, "the handler reads the slots' states");
static_assert(std::atomic<pid_t>::is_always_lock_free, "the handler reads the owner's pid");

Slot slots[max_temporaries];

// The process that installed the handler; 0 before remove_temporaries_on_signals.
std::atomic<pid_t> owner{0};

constexpr int handled_signals[] = {SIGINT, SIGTERM, SIGHUP};

extern "C" void remove_temporaries_and_die(int number) {
  const int saved = errno;
  if (::getpid() == owner.load()) remove_registered_temporaries();
  // SA_RESETHAND restored the default action on entry, and the signal is blocked while the
  // handler runs: raised again it is pending, and ends the process as soon as the handler returns.
  ::raise(number);
  errno = saved;
}

}  // namespace

Temporary::Temporary(const std::filesystem::path& path, TemporaryKind kind) noexcept {
  const std::string& text = path.native();
  if (text.empty() || text.size() >= PATH_MAX) return;
  for (std::size_t i = 0; i < max_temporaries; ++i) {
    int expected = free_slot;
    if (slots[i].state.compare_exchange_strong(expected, claimed_slot)) {
      std::memcpy(slots[i].path, text.c_str(), text.size() + 1);
      slots[i].kind = kind;
      slots[i].state.store(armed_slot, std::memory_order_release);
      slot_ = static_cast<int>(i);
      return;
    }
  }
}

Temporary& Temporary::operator=(Temporary&& other) noexcept {
  if (this != &other) {
    forget();
    slot_ = other.slot_;
    other.slot_ = -1;
  }
  return *this;
}

void Temporary::forget() noexcept {
  if (slot_ < 0) return;
  slots[static_cast<std::size_t>(slot_)].state.store(free_slot, std::memory_order_release);
  slot_ = -1;
}

void remove_registered_temporaries() noexcept {
  const auto armed = [](const Slot& slot, TemporaryKind kind) {
    return slot.state.load(std::memory_order_acquire) == armed_slot && slot.kind == kind;
  };
  for (const Slot& slot : slots) {
    if (armed(slot, TemporaryKind::file)) ::unlink(slot.path);
  }
  // Each pass removes at least one folder or is the last: max_temporaries passes at most.
  bool removed[max_temporaries] = {};
  bool progress = true;
  for (std::size_t pass = 0; pass < max_temporaries && progress; ++pass) {
    progress = false;
    for (std::size_t i = 0; i < max_temporaries; ++i) {
      if (!removed[i] && armed(slots[i], TemporaryKind::directory) && ::rmdir(slots[i].path) == 0) {
        removed[i] = true;
        progress = true;
      }
    }
  }
}

void remove_temporaries_on_signals() {
  owner.store(::getpid());
  struct sigaction action {};
  action.sa_handler = remove_temporaries_and_die;
  action.sa_flags = static_cast<int>(SA_RESETHAND);  // an unsigned constant, an int field
  // The three signals are blocked while the handler runs: it runs once, to its end.
  sigemptyset(&action.sa_mask);
  for (const int number : handled_signals) sigaddset(&action.sa_mask, number);
  for (const int number : handled_signals) {
    struct sigaction previous {};
    if (::sigaction(number, nullptr, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
    ::sigaction(number, &action, nullptr);
  }
}

}  // namespace sonnx::io
