#pragma once
// One place where the engine's lines leave: whole lines, one writer at a time.
#include <functional>
#include <mutex>
#include <string>
#include <string_view>

namespace menagerie {

class Output {
public:
    using Sink = std::function<void(std::string_view)>;
    explicit Output(Sink sink) : sink_(std::move(sink)) {}
    void line(std::string_view s) {
        std::lock_guard lock(mutex_);
        sink_(s);
    }
    void error(std::string_view what) { line("info string error: " + std::string(what)); }
    void info(std::string_view what) { line("info string " + std::string(what)); }

private:
    std::mutex mutex_;
    Sink sink_;
};

}  // namespace menagerie
