#pragma once
// An engine run as a child process, spoken to line by line over pipes (the client side of USI and XBoard, for
// the match runner). Reads take a timeout; a process that hangs is killed; the child is always reaped, so no
// zombie is left behind, whatever the engine does.
#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/result.hpp"

namespace menagerie {

class EngineProcess {
public:
    // Starts argv[0] (looked up in PATH) with the arguments; its stderr goes where ours goes. An error when the
    // program cannot be started (not found, not executable). The engine gets a process group of its own, so
    // Ctrl-C at the terminal reaches the runner alone, which then ends its engines in order.
    static Result<std::unique_ptr<EngineProcess>> start(const std::vector<std::string>& argv);
    ~EngineProcess();  // kills the engine if it still runs, and reaps it
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Writes one line (a newline is added). False when the engine no longer reads (it exited or closed stdin).
    bool send(const std::string& line);

    enum class Read { Line, Timeout, Closed, Interrupted };
    // The next line the engine prints (without the newline or a trailing CR): Line, or Timeout when none comes
    // in time, or Closed when the engine closed its output (exited or crashed) and nothing is left to read, or
    // Interrupted as soon as interrupt_all() is called.
    Read read_line(std::string& line, std::chrono::milliseconds timeout);

    // Every read in this process stops waiting (Ctrl-C, a decided SPRT); safe to call from a signal handler.
    // clear_interrupt() before the next match.
    static void interrupt_all() { interrupted_.store(true, std::memory_order_relaxed); }
    static void clear_interrupt() { interrupted_.store(false, std::memory_order_relaxed); }
    static bool interrupted() { return interrupted_.load(std::memory_order_relaxed); }

    // Whether the process still runs (reaps it when it has ended).
    bool running();
    // Ends the process and its process group now (SIGKILL) and reaps it.
    void kill();
    // After the process ended: how ("exited with status N", "killed by signal N (name)").
    std::string end_reason() const { return end_reason_; }
    pid_t pid() const { return pid_; }

private:
    EngineProcess() = default;
    void reap(bool wait);

    pid_t pid_ = -1;
    int in_ = -1, out_ = -1;  // our ends: the engine's stdin and stdout
    std::string buffer_;
    bool eof_ = false, ended_ = false;
    std::string end_reason_;
    static inline std::atomic<bool> interrupted_{false};
};

}  // namespace menagerie
