#pragma once
// The engine loop: one line in, answers out, in USI, or in UCI once the first command is `uci` (protocol/loop/dialect.hpp
// spells the same session's values either way). Bad input is answered with `info string error: ...` and changes
// nothing.
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/text.hpp"
#include "protocol/loop/dialect.hpp"
#include "protocol/core/options.hpp"
#include "protocol/core/output.hpp"
#include "protocol/core/session.hpp"

namespace menagerie {

constexpr size_t kMaxLineLength = 1 << 20;  // longer lines are refused whole
// The error for a line of `length` bytes, longer than kMaxLineLength.
std::string overlong_line(size_t length);
constexpr int kDefaultHashMb = 16;

class Engine {
public:
    // tablebase: the initial setting of the tablebase file option ("auto", "none" or a path); hash_mb: the
    // USI_Hash default (a test or fuzz harness that makes many engines asks for less).
    explicit Engine(Output& out, const std::string& tablebase = "auto", int hash_mb = kDefaultHashMb);
    ~Engine();
    // Handles one line; returns false once `quit` has been handled.
    bool command(std::string_view line);
    // Waits until no search is running (tests, and the end of input).
    void wait();
    // In steps (a build without threads: the WebAssembly engine): a go only starts its search, and step()
    // advances it by about `ms` milliseconds at a time; commands sent between steps are handled as they would
    // be while a search thread runs. Returns whether a search still runs.
    void set_stepped(bool stepped);
    bool step(int ms) { return session_->step(ms); }
    bool searching() const { return session_->searching(); }
    Session& session() { return *session_; }
    const Options& options() const { return options_; }
    Dialect dialect() const { return writer_.dialect(); }

private:
    bool dispatch(std::string_view line);
    void usi();
    void uci();
    void position(const std::vector<std::string>& t);
    void display();
    void setoption(const std::vector<std::string>& t);
    void go(const std::vector<std::string>& t);
    void bench(const std::vector<std::string>& t);
    void perft(const std::vector<std::string>& args);
    void switch_game(std::string_view name);
    void apply_game_options(bool report);
    void make_session(std::string_view game);
    // The option's name as the current dialect calls it (UCI's Hash for USI_Hash), and back.
    std::string shown_name(std::string_view name) const;
    std::string option_name(std::string_view shown) const;

    Output& out_;
    DialectWriter writer_;  // the session's values, written in the loop's dialect
    bool dialect_chosen_ = false;  // the first usi or uci fixes the dialect for the process
    bool stepped_ = false;         // set_stepped
    Options options_;
    std::unique_ptr<Session> session_;
    uint64_t seed_;  // varies the weakened move choice of the playing levels from one search to the next
};

// Runs the loop on a stream until quit or end of input. Over-long lines are discarded with an error.
void run_usi_loop(std::istream& in, Output& out, const std::string& tablebase = "auto");


}  // namespace menagerie
