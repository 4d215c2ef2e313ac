#include "protocol/web/client.hpp"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "engine/core/text.hpp"
#include "protocol/core/session.hpp"
#include "search/skill.hpp"

namespace menagerie::web {

using json = nlohmann::json;

namespace {

// A JSON text that the page can read whatever the engine printed (invalid UTF-8 is replaced, never thrown).
std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

// The number j[key] as an integer in [lo, hi], the fallback when absent; nullopt when present but not a number.
std::optional<int64_t> integer(const json& j, const char* key, int64_t fallback, int64_t lo, int64_t hi) {
    auto it = j.find(key);
    if (it == j.end() || it->is_null()) return fallback;
    if (!it->is_number()) return std::nullopt;
    const double v = it->get<double>();
    if (!(v == v)) return std::nullopt;
    return std::clamp<int64_t>(v < double(lo) ? lo : v > double(hi) ? hi : int64_t(v), lo, hi);
}

// The page's form of legal moves: each with its USI text, the promotion flag, and the cells it passes through
// (a board move's first cell as "from", a drop's piece as "drop"). Nothing when a move names no cell, which
// the move generator never produces: the caller answers an internal error then.
std::optional<json> moves_json(const std::vector<MoveNote>& moves, std::string* bad) {
    json legal = json::array();
    for (const MoveNote& note : moves) {
        const MoveSpelling& sq = note.spelling;
        if (sq.cells.empty()) {
            *bad = note.text;
            return std::nullopt;
        }
        json m = {{"usi", note.text}, {"promote", sq.promote}};
        if (sq.drop.empty()) {
            m["from"] = sq.cells.front();
            m["path"] = std::vector<int>(sq.cells.begin() + 1, sq.cells.end());
        } else {
            m["drop"] = sq.drop;
            m["path"] = sq.cells;
        }
        legal.push_back(std::move(m));
    }
    return legal;
}

}  // namespace

WebClient::WebClient(Send send, const ServeLimits& limits, SearchGate& gate)
    : send_(std::move(send)), limits_(limits), gate_(gate) {}

WebClient::~WebClient() {
    if (session_) {
        session_->stop();
        session_->wait();
    }
    session_.reset();
}

bool WebClient::step(int ms) { return session_ && session_->step(ms); }

void WebClient::error(const std::string& message, std::string_view op) {
    json j = {{"op", "error"}, {"message", message}};
    if (!op.empty()) j["request"] = op;
    if (request_id_ >= 0) j["id"] = request_id_;
    send_(dump(j));
}

void WebClient::handle(std::string_view message) {
    json request = json::parse(message, nullptr, false);
    if (request.is_discarded()) return error("the request is not JSON");
    if (!request.is_object()) return error("the request must be a JSON object");
    request_id_ = -1;
    if (auto id = request.find("id"); id != request.end() && id->is_number_integer() && id->get<int64_t>() >= 0)
        request_id_ = id->get<int64_t>();
    auto op = request.find("op");
    if (op == request.end() || !op->is_string()) return error("the request has no \"op\"");
    const std::string name = op->get<std::string>();
    if (name == "hello") return hello();
    if (name == "position") return position(&request);
    if (name == "go") return go(&request);
    if (name == "piece") return piece(&request);
    if (name == "record") return record(&request);
    if (name == "stop") {
        if (session_) session_->stop();
        return;
    }
    error("unknown op '" + name.substr(0, 40) + "'");
}

namespace {
// "kif, ki2, csa, usi" as a list.
std::vector<std::string> split_list(std::string_view text) {
    std::vector<std::string> out;
    for (std::string_view w : split_fields(text)) {
        if (!w.empty() && w.back() == ',') w.remove_suffix(1);
        if (!w.empty()) out.emplace_back(w);
    }
    return out;
}
}  // namespace

void WebClient::hello() {
    json games = json::array();
    for (const GameEntry& g : menagerie::games()) {
        games.push_back({{"name", g.name},
                         {"title", g.title},
                         {"files", g.files},
                         {"ranks", g.ranks},
                         {"shogiSquares", g.shogi_squares},
                         {"start", g.start_sfen},
                         {"hands", g.hands},
                         {"records", g.write_played_game ? json(split_list(g.record_formats)) : json::array()},
                         {"tables", g.options.end() != std::find_if(g.options.begin(), g.options.end(), [](const Option& o) {
                              return o.name == kTablebaseOption;
                          })}});
        // The rules a player may choose (the game's rule options: chu's ChuRules), the default first.
        json rules = json::array();
        for (const Option& o : g.options)
            if (o.type == Option::Type::Combo) rules.push_back({{"name", o.name}, {"values", o.choices}, {"default", o.default_value}});
        if (!rules.empty()) games.back()["rules"] = rules;
        if (!g.pieces.empty()) {
            json pieces = json::array();
            for (const auto& p : g.pieces) pieces.push_back({p.code, p.kanji, p.name});
            games.back()["pieces"] = pieces;
        }
    }
    json skills = json::array();
    for (const SkillPreset& p : kSkillPresets) skills.push_back({{"name", p.name}, {"level", p.level}});
    json answer = {{"op", "hello"},
                   {"games", games},
                   {"skills", skills},
                   {"maxSkill", kMaxSkill},
                   {"maxMovetime", limits_.max_movetime_ms},
                   {"maxMoves", limits_.max_moves}};
    if (request_id_ >= 0) answer["id"] = request_id_;
    send_(dump(answer));
}

void WebClient::position(const void* raw) {
    const json& request = *static_cast<const json*>(raw);
    auto game = request.find("game");
    if (game == request.end() || !game->is_string()) return error("position: no \"game\"", "position");
    const GameEntry* entry = find_game(game->get<std::string>());
    if (!entry) return error("position: unknown game '" + game->get<std::string>().substr(0, 40) + "'", "position");

    PositionSpec spec;  // an empty SFEN is the game's start
    auto sfen = request.find("sfen");
    if (sfen == request.end() || sfen->is_null() || (sfen->is_string() && (sfen->get<std::string>().empty() || sfen->get<std::string>() == "startpos"))) {
        // the start position
    } else if (!sfen->is_string()) {
        return error("position: \"sfen\" must be a string", "position");
    } else {
        const std::string& text = sfen->get_ref<const std::string&>();
        if (text.size() > limits_.max_sfen)
            return error("position: the SFEN is " + std::to_string(text.size()) + " characters; at most " +
                             std::to_string(limits_.max_sfen) + " are read",
                         "position");
        // Its fields, separated by single spaces; a "moves" inside the SFEN is not allowed.
        for (size_t i = 0; i < text.size();) {
            while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
            size_t j = i;
            while (j < text.size() && text[j] != ' ' && text[j] != '\t') ++j;
            if (j > i) {
                if (text.compare(i, j - i, "moves") == 0)
                    return error("position: give the moves in \"moves\", not in the SFEN", "position");
                spec.sfen += (spec.sfen.empty() ? "" : " ") + text.substr(i, j - i);
            }
            i = j;
        }
        if (spec.sfen.empty()) return error("position: the SFEN is empty", "position");
    }
    auto played_flag = request.find("played");
    if (played_flag != request.end() && !played_flag->is_null() && !played_flag->is_boolean())
        return error("position: \"played\" must be true or false", "position");
    const bool want_played = played_flag != request.end() && played_flag->is_boolean() && played_flag->get<bool>();
    auto moves = request.find("moves");
    if (moves != request.end() && !moves->is_null()) {
        if (!moves->is_array()) return error("position: \"moves\" must be an array of strings", "position");
        if (moves->size() > limits_.max_moves)
            return error("position: " + std::to_string(moves->size()) + " moves; at most " +
                             std::to_string(limits_.max_moves) + " are read",
                         "position");
        for (const json& m : *moves) {
            if (!m.is_string() || m.get_ref<const std::string&>().empty() || m.get_ref<const std::string&>().size() > 64)
                return error("position: each move must be a short string", "position");
            spec.moves.push_back(m.get<std::string>());
        }
    }

    // The rules chosen ("rules": {"ChuRules": "lishogi"}), each a rule option of the game; the others default.
    std::map<std::string, std::string> rules;
    if (auto r = request.find("rules"); r != request.end() && !r->is_null()) {
        if (!r->is_object()) return error("position: \"rules\" must be an object of rule names and values", "position");
        for (const auto& item : r->items()) {
            const std::string& name = item.key();
            const json& value = item.value();
            auto o = std::find_if(entry->options.begin(), entry->options.end(),
                                  [&](const Option& x) { return x.name == name && x.type == Option::Type::Combo; });
            if (o == entry->options.end())
                return error("position: " + std::string(entry->name) + " has no rule '" + name.substr(0, 40) + "'", "position");
            if (!value.is_string() || std::find(o->choices.begin(), o->choices.end(), value.get<std::string>()) == o->choices.end()) {
                std::string choices;
                for (const std::string& c : o->choices) choices += (choices.empty() ? "" : ", ") + c;
                return error("position: rule " + name + " is one of " + choices, "position");
            }
            if (value.get<std::string>() != o->default_value) rules[name] = value.get<std::string>();
        }
    }

    // A new game, or other rules, gets a fresh session (a small table until it searches); a running search is
    // stopped first, and its answer comes back under its own id, which the page no longer waits for.
    std::unique_ptr<Session> fresh;
    Session* target = session_.get();
    if (!session_ || game_ != entry || rules != rules_) {
        fresh = entry->make_session(out_, 1);
        fresh->set_stepped(limits_.stepped);
        for (const auto& [name, value] : rules)
            if (auto e = fresh->set_rule(name, value)) return error("position: " + *e, "position");
        if (entry->options.end() != std::find_if(entry->options.begin(), entry->options.end(),
                                                 [](const Option& o) { return o.name == kTablebaseOption; }))
            if (auto e = fresh->set_tablebase(limits_.tablebase)) error("tablebase: " + *e);
        target = fresh.get();
    }
    if (target->searching()) {
        target->stop();
        target->wait();
    }
    MoveEffects played;
    if (auto e = target->set_position_spec(spec, want_played ? &played : nullptr)) return error(*e, "position");
    if (fresh) {
        if (session_) {
            session_->stop();
            session_->wait();
        }
        session_ = std::move(fresh);
        game_ = entry;
        rules_ = std::move(rules);
        sized_ = false;
    }

    const PositionView view = session_->view();
    const std::string current = session_->sfen();
    json hands = json::array();
    for (const auto& hand : view.board.hands) {
        json h = json::array();
        for (const auto& [piece, count] : hand) h.push_back({{"piece", piece}, {"count", count}});
        hands.push_back(h);
    }
    std::string bad;
    const auto legal = moves_json(view.moves, &bad);
    if (!legal) return error("internal: move '" + bad + "' names no squares", "position");
    json values = json::object();
    for (const auto& [move, value] : view.values) values[move] = value;
    json answer = {{"op", "position"},
                   {"game", entry->name},
                   {"sfen", current},
                   {"side", std::string(1, view.side)},
                   {"cells", view.board.cells},
                   {"hands", hands},
                   {"moves", *legal},
                   {"over", view.over},
                   {"threatened", view.threatened},
                   {"values", values},
                   {"rules", rules_}};
    if (want_played) {
        json list = json::array();
        for (const MoveEffect& move : played) {
            json taken = json::array();
            for (const Taken& x : move.taken) taken.push_back({{"cell", x.cell}, {"piece", x.piece}});
            json m = {{"path", move.spelling.cells}, {"taken", std::move(taken)}};
            if (!move.spelling.drop.empty()) m["drop"] = move.spelling.drop;
            list.push_back(std::move(m));
        }
        answer["played"] = std::move(list);
    }
    if (view.over) {
        answer["winner"] = view.winner ? std::string(1, view.winner) : std::string();
        answer["reason"] = view.reason;
    }
    if (request_id_ >= 0) answer["id"] = request_id_;
    send_(dump(answer));
}

void WebClient::go(const void* raw) {
    const json& request = *static_cast<const json*>(raw);
    const auto id = integer(request, "id", 0, 0, int64_t(1) << 50);
    const auto movetime = integer(request, "movetime", 1000, 1, limits_.max_movetime_ms);
    const auto skill = integer(request, "skill", kMaxSkill, 0, kMaxSkill);
    const auto multipv = integer(request, "multipv", 1, 1, 500);
    if (!id || !movetime || !skill || !multipv) return error("go: id, movetime, skill and multipv must be numbers", "go");
    // A clock, as a GUI gives one: each side's time (with this move's increment), increments, byoyomi.
    constexpr int64_t kDay = 24 * 3600 * 1000;
    const auto btime = integer(request, "btime", -1, -1, kDay), wtime = integer(request, "wtime", -1, -1, kDay);
    const auto binc = integer(request, "binc", 0, 0, kDay), winc = integer(request, "winc", 0, 0, kDay);
    const auto byoyomi = integer(request, "byoyomi", 0, 0, kDay);
    if (!btime || !wtime || !binc || !winc || !byoyomi)
        return error("go: btime, wtime, binc, winc and byoyomi must be numbers of milliseconds", "go");
    const bool clock = *btime >= 0 || *wtime >= 0 || *byoyomi > 0;
    if (!session_ || !session_->has_position()) return error("go: no position yet", "go");
    // One search a tab: a new go replaces the running one, which answers first under its own id. The worker
    // is joined even when it no longer counts as searching: it says so just before its bestmove, and until
    // that line is out it still holds its place in the gate (a go arriving then was answered "busy").
    if (session_->searching()) session_->stop();
    session_->wait();
    if (!gate_.enter()) {
        send_(dump({{"op", "busy"},
                    {"id", *id},
                    {"message", "the engine is running " + std::to_string(gate_.limit()) +
                                    " searches for other boards; try again in a moment"}}));
        return;
    }
    holds_gate_ = true;  // the previous search, if any, answered (and left the gate) before wait() returned
    if (!sized_) {
        sized_ = true;
        if (!session_->resize_hash(limits_.hash_mb))
            error("go: cannot allocate " + std::to_string(limits_.hash_mb) + " MB for the hash; searching with 1 MB");
    }
    search_id_ = *id;
    Limits limits;
    if (clock) {
        limits.time[0] = *btime;
        limits.time[1] = *wtime;
        limits.inc[0] = *binc;
        limits.inc[1] = *winc;
        limits.byoyomi = *byoyomi;
    } else {
        limits.movetime = *movetime;
    }
    limits.cap = limits_.max_movetime_ms;
    limits.received = Clock::now();
    SearchOptions options;
    options.skill = int(*skill);
    options.multipv = int(*multipv);
    options.seed = uint64_t(*id) * 0x9E3779B97F4A7C15ull;
    options.threads = limits_.threads;
    session_->go(limits, options);
}

void WebClient::piece(const void* raw) {
    const json& request = *static_cast<const json*>(raw);
    auto game = request.find("game");
    if (game == request.end() || !game->is_string()) return error("piece: no \"game\"", "piece");
    const GameEntry* entry = find_game(game->get<std::string>());
    if (!entry) return error("piece: unknown game '" + game->get<std::string>().substr(0, 40) + "'", "piece");
    auto code = request.find("piece");
    if (code == request.end() || !code->is_string()) return error("piece: no \"piece\"", "piece");
    std::string target;
    if (auto t = request.find("target"); t != request.end() && !t->is_null()) {
        if (!t->is_string()) return error("piece: \"target\" must be a piece", "piece");
        target = t->get<std::string>();
    }
    // The tab's own session when it plays this game (piece_demo reads nothing of its position), else one kept
    // for these requests.
    const Session* session = session_ && game_ == entry ? session_.get() : nullptr;
    if (!session) {
        if (demo_game_ != entry) {
            demo_session_ = entry->make_session(out_, 1);
            demo_game_ = entry;
        }
        session = demo_session_.get();
    }
    auto demo = session->piece_demo(code->get<std::string>(), target, entry->anchors);
    if (!demo) return error("piece: " + demo.error(), "piece");
    std::string bad;
    const auto legal = moves_json(demo.value().moves, &bad);
    if (!legal) return error("internal: move '" + bad + "' names no squares", "piece");
    json answer = {{"op", "piece"},
                   {"game", entry->name},
                   {"piece", code->get<std::string>()},
                   {"files", demo.value().board.size.files},
                   {"ranks", demo.value().board.size.ranks},
                   {"cells", demo.value().board.cells},
                   {"from", demo.value().from},
                   {"moves", *legal}};
    if (demo.value().target >= 0) {
        answer["target"] = target;
        answer["targetCell"] = demo.value().target;
    }
    if (request_id_ >= 0) answer["id"] = request_id_;
    send_(dump(answer));
}

void WebClient::record(const void* raw) {
    const json& request = *static_cast<const json*>(raw);
    auto field = [&](const char* key) -> std::string {
        auto f = request.find(key);
        return f != request.end() && f->is_string() ? f->get<std::string>() : std::string();
    };
    const GameEntry* entry = find_game(field("game"));
    if (!entry) return error("record: unknown game '" + field("game").substr(0, 40) + "'", "record");
    if (!entry->convert_record || !entry->write_played_game)
        return error("record: " + std::string(entry->name) + " has no game record formats (its record is the USI line)", "record");
    const std::string to = field("to");
    json answer = {{"op", "record"}, {"game", entry->name}, {"format", to}};
    if (request_id_ >= 0) answer["id"] = request_id_;
    if (auto text = request.find("text"); text != request.end()) {
        // A record to read: converted whole, or refused with the line and the reason.
        if (!text->is_string()) return error("record: \"text\" must be a string", "record");
        if (text->get_ref<const std::string&>().size() > limits_.max_record)
            return error("record: the record is over " + std::to_string(limits_.max_record / 1024) + " KB", "record");
        auto out = entry->convert_record(text->get_ref<const std::string&>(), field("from"), to);
        if (!out) return error("record: " + out.error(), "record");
        answer["text"] = out.value();
        return send_(dump(answer));
    }
    // The page's game to write: its start, its moves, the players and how it ended.
    PlayedGame g;
    g.start_sfen = field("sfen");
    if (g.start_sfen.empty() || g.start_sfen == "startpos") g.start_sfen = entry->start_sfen;
    if (g.start_sfen.size() > limits_.max_sfen) return error("record: the SFEN is too long", "record");
    if (auto moves = request.find("moves"); moves != request.end() && !moves->is_null()) {
        if (!moves->is_array() || moves->size() > limits_.max_moves)
            return error("record: \"moves\" must be an array of at most " + std::to_string(limits_.max_moves) + " moves", "record");
        for (const json& m : *moves) {
            if (!m.is_string() || m.get_ref<const std::string&>().size() > 64) return error("record: each move must be a short string", "record");
            g.moves.push_back({m.get<std::string>(), -1, std::nullopt, {}, 0, 0});
        }
    }
    g.sente = field("sente").substr(0, 80);
    g.gote = field("gote").substr(0, 80);
    g.reason = field("reason").substr(0, 200);
    const std::string end = field("end"), winner = field("winner");
    g.result = winner == "b" ? Outcome::Win : winner == "w" ? Outcome::Loss : Outcome::Draw;
    if (end == "rules")
        g.end = g.reason.find("repetition") != std::string::npos ? PlayedEnd::Repetition
                : g.reason.find("declar") != std::string::npos  ? PlayedEnd::Declaration
                                                                : PlayedEnd::Rules;
    else if (end == "resignation")
        g.end = PlayedEnd::Resignation;
    else if (end == "time")
        g.end = PlayedEnd::TimeForfeit;
    else if (end == "declaration")
        g.end = PlayedEnd::Declaration;
    else if (!end.empty() && end != "none")
        return error("record: \"end\" is rules, resignation, time, declaration or none", "record");
    auto out = entry->write_played_game(g, to);
    if (!out) return error("record: " + out.error(), "record");
    answer["text"] = out.value();
    send_(dump(answer));
}

// Called from the search's thread (or this one for an answer at once).
void WebClient::Writer::info(const SearchInfo& info) {
    json pv = json::array();
    for (const MoveNote& m : info.pv) pv.push_back(m.text);
    json path = json::array();
    if (!info.pv.empty())
        for (int cell : info.pv.front().spelling.cells) path.push_back(cell);
    json score = info.score.mate ? json{{"mate", info.score.value}} : json{{"cp", info.score.value}};
    json j = {{"op", "info"},      {"id", client_.search_id_.load()}, {"depth", info.depth},
              {"seldepth", info.seldepth}, {"multipv", info.multipv},   {"score", score},
              {"nodes", info.nodes}, {"nps", info.nps},                 {"time", info.time_ms},
              {"pv", pv},            {"path", path}};
    if (info.hashfull >= 0) j["hashfull"] = info.hashfull;
    // A drop has no origin: its path is its target alone, which the page draws as no arrow.
    if (!info.pv.empty() && !info.pv.front().spelling.drop.empty()) j["path"] = json::array();
    client_.send_(dump(j));
}

void WebClient::Writer::result(const SearchResult& r) {
    using Kind = SearchResult::Kind;
    json j = {{"op", "bestmove"}, {"id", client_.search_id_.load()}};
    const bool move = (r.kind == Kind::Move || r.kind == Kind::Mate) && !r.moves.empty();
    j["result"] = move ? "move" : r.kind == Kind::Win ? "win" : "resign";
    if (move) j["move"] = r.moves[0].text;
    if (move && r.moves.size() > 1) j["ponder"] = r.moves[1].text;
    if (client_.holds_gate_.exchange(false)) client_.gate_.leave();
    client_.send_(dump(j));
}

void WebClient::Writer::note(std::string_view text, bool error) {
    client_.send_(dump({{"op", "note"}, {"id", client_.search_id_.load()}, {"message", std::string(text)}, {"error", error}}));
}

}  // namespace menagerie::web
