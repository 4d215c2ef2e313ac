#pragma once
// Drives an in-process Engine line by line and records everything it prints.
#include <doctest/doctest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "protocol/loop/loop.hpp"

namespace menagerie::testing {

class Transcript {
public:
    Transcript()
        : out_([this](std::string_view s) {
              std::lock_guard lock(m_);
              lines_.emplace_back(s);
              cv_.notify_all();
          }),
          engine_(out_) {}
    // An engine set to another game than the default (shogi) before the test begins.
    explicit Transcript(const std::string& variant) : Transcript() {
        send("setoption name USI_Variant value " + variant);
        clear();
    }

    bool send(std::string_view line) { return engine_.command(line); }
    void wait() { engine_.wait(); }
    Engine& engine() { return engine_; }

    // Waits until a line starting with prefix appears (after `from`); returns its index or -1 on timeout.
    int wait_for(const std::string& prefix, std::chrono::milliseconds timeout = std::chrono::seconds(60),
                 size_t from = 0) {
        std::unique_lock lock(m_);
        int found = -1;
        cv_.wait_for(lock, timeout, [&] {
            for (size_t i = from; i < lines_.size(); ++i)
                if (lines_[i].rfind(prefix, 0) == 0) {
                    found = int(i);
                    return true;
                }
            return false;
        });
        return found;
    }
    std::vector<std::string> lines() {
        std::lock_guard lock(m_);
        return lines_;
    }
    size_t size() {
        std::lock_guard lock(m_);
        return lines_.size();
    }
    void clear() {
        std::lock_guard lock(m_);
        lines_.clear();
    }
    int count(const std::string& prefix) {
        std::lock_guard lock(m_);
        int n = 0;
        for (const auto& l : lines_) n += l.rfind(prefix, 0) == 0;
        return n;
    }
    bool has(const std::string& prefix) { return count(prefix) > 0; }
    // The last line starting with prefix, or "".
    std::string last(const std::string& prefix) {
        std::lock_guard lock(m_);
        for (auto it = lines_.rbegin(); it != lines_.rend(); ++it)
            if (it->rfind(prefix, 0) == 0) return *it;
        return "";
    }
    // The SFEN the engine holds now, read through `d`.
    std::string sfen() {
        send("d");
        std::string s = last("SFEN: ");
        return s.empty() ? s : s.substr(6);
    }

private:
    std::mutex m_;
    std::condition_variable cv_;
    std::vector<std::string> lines_;
    Output out_;
    Engine engine_;
};

// Bad input and what the engine must say to it: for each (command, words), the command gets an
// `info string error:` line containing the words and the engine's position stays `before`.
using Refusals = std::vector<std::pair<std::string, std::string>>;
inline void check_refused(Transcript& t, const Refusals& cases, const std::string& before) {
    for (const auto& [cmd, says] : cases) {
        CAPTURE(cmd);
        t.clear();
        t.send(cmd);
        const std::string e = t.last("info string error: ");
        CHECK_MESSAGE(e.find(says) != std::string::npos, e);
        CHECK(t.sfen() == before);
    }
}

}  // namespace menagerie::testing
