#pragma once
// One browser tab's game: the messages of the page's WebSocket (protocol/web/page/app.js), answered from a
// Session of the chosen game, the same code the USI front drives. Independent of the transport, so the tests
// can drive it without a socket (tests/protocol/web_test.cpp).
//
// Requests (JSON objects, "op" says which):
//   {"op":"hello"}                         the games (board sizes, rule options), and skill presets
//   {"op":"position","game":G,"sfen":S,"moves":[...],"played":B,"rules":{NAME:VALUE}}
//                                          sets the tab's game, rules (the game's rule options that "hello"
//                                          lists, the rest at their defaults) and position; answers the board, the legal moves
//                                          with their squares, the game's state and, with a table, move values;
//                                          with "played":true also each move played: "played":[{"path":[cells
//                                          it names, from its origin],"drop":P,"taken":[{"cell":C,"piece":P},
//                                          ...]},...] (what it took: a range capture's many)
//   {"op":"piece","game":G,"piece":P,"target":T}
//                                          the moves of one piece (SFEN code, Sente's) on a board of its own
//                                          (Session::piece_demo): "cells", "from", "moves" as a position's; with
//                                          a target (Gote's piece, lower case) put in front of it, "targetCell"
//   {"op":"go","id":N,"movetime":MS,"skill":L,"multipv":K}
//   {"op":"go","id":N,"btime":MS,"wtime":MS,"binc":MS,"winc":MS,"byoyomi":MS,"skill":L}
//                                          searches, a fixed time or on a clock (as a GUI tells USI's go; the
//                                          clock's time includes this move's increment); no search runs longer
//                                          than the server's longest movetime; its progress comes back as values,
//                                          {"op":"info","depth":D,"seldepth":S,"multipv":K,"score":{"cp":X}|{"mate":P},
//                                           "nodes":N,"nps":N,"time":MS,"hashfull":H,"pv":[move texts],"path":[cells]}
//                                          (score from the side to move, mates in plies; path: the cells the first
//                                          move passes), remarks as {"op":"note","message":M,"error":B}, and one
//                                          final {"op":"bestmove","result":"move"|"resign"|"win","move":M,
//                                          "ponder":P}, each with the request's id
//   {"op":"stop"}
//   {"op":"record","game":G,"text":T,"from":F,"to":"usi"}
//                                          a game record (shogi's KIF, KI2, CSA; from the text when "from" is
//                                          left out) converted: {"op":"record","game":G,"format":"usi","text":
//                                          "position startpos moves ..."}, an error naming the line when it reads
//                                          not (hello lists each game's "records")
//   {"op":"record","game":G,"sfen":S,"moves":[...],"to":"kif"|"ki2"|"csa"|"usi","sente":NAME,"gote":NAME,
//    "end":"rules"|"resignation"|"time"|"declaration"|"none","winner":"b"|"w"|"","reason":R}
//                                          the page's game written as a record in that format (a mate at its
//                                          end written as one without being said)
// Every bad request is answered {"op":"error","message":...}; the tab's position is then unchanged.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "protocol/core/catalogue.hpp"

namespace menagerie::web {

struct ServeLimits {
    size_t hash_mb = 16;               // each tab's transposition table, allocated at its first search
    int64_t max_movetime_ms = 60000;   // no search runs longer
    int max_searches = 2;              // searches at once over all tabs; a go beyond is answered "busy"
    int threads = 1;                   // threads of each search
    size_t max_moves = 5000;           // moves in one position request
    size_t max_sfen = 4096;            // characters of an SFEN
    size_t max_record = 512 * 1024;    // bytes of a game record to convert
    std::string tablebase = "auto";    // for the games with tables: "auto", "none" or a file
    bool stepped = false;              // searches in steps, advanced by WebClient::step (no threads: WebAssembly)
};

// Counts the searches running over every tab.
class SearchGate {
public:
    explicit SearchGate(int limit) : limit_(limit) {}
    bool enter() {
        int n = running_.load();
        while (n < limit_)
            if (running_.compare_exchange_weak(n, n + 1)) return true;
        return false;
    }
    void leave() { --running_; }
    int running() const { return running_.load(); }
    int limit() const { return limit_; }

private:
    const int limit_;
    std::atomic<int> running_{0};
};

class WebClient {
public:
    // send: delivers one JSON text to the page; called from this object's caller and from search threads.
    using Send = std::function<void(std::string)>;
    WebClient(Send send, const ServeLimits& limits, SearchGate& gate);
    ~WebClient();
    WebClient(const WebClient&) = delete;
    WebClient& operator=(const WebClient&) = delete;

    void handle(std::string_view message);
    // With ServeLimits::stepped: advances the running search by about `ms` milliseconds; whether one still runs.
    bool step(int ms);

private:
    void hello();
    void position(const void* request);
    void go(const void* request);
    void piece(const void* request);
    void record(const void* request);
    // The session's values, as the page's JSON.
    class Writer final : public Listener {
    public:
        explicit Writer(WebClient& client) : client_(client) {}
        void info(const SearchInfo& info) override;
        void result(const SearchResult& result) override;
        void note(std::string_view text, bool error) override;
        void line(std::string_view) override {}

    private:
        WebClient& client_;
    };
    void error(const std::string& message, std::string_view op = {});

    Send send_;
    const ServeLimits& limits_;
    SearchGate& gate_;
    std::atomic<int64_t> search_id_{0};
    std::atomic<bool> holds_gate_{false};
    Writer out_{*this};  // the session's values; declared before session_, which reports into it until it is gone
    const GameEntry* game_ = nullptr;
    std::map<std::string, std::string> rules_;  // the session's rules other than the defaults
    std::unique_ptr<Session> session_;
    // For piece requests about another game than the tab's (a smallest table; never searches).
    const GameEntry* demo_game_ = nullptr;
    std::unique_ptr<Session> demo_session_;
    int64_t request_id_ = -1;  // the "id" of the request being answered, echoed in its answer
    bool sized_ = false;  // the session's table has its full size (allocated at the first search)
};

}  // namespace menagerie::web
