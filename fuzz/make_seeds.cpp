// Writes the seed corpora of the fuzz targets into DIR/<target>/, from what the tests and the engine already
// hold: every game's start and bench positions with their legal moves, USI sessions and command lines like
// those of the protocol tests, engine output as Fairy-Stockfish, HaChu and gnushogi print it, and a small
// Dobutsu table solved here. Usage: make_seeds DIR
#include <filesystem>
#include <fstream>
#include <random>
#include <iostream>
#include <string>
#include <vector>

#include "engine/shogi/record.hpp"
#include "fuzz/fuzz_check.hpp"
#include "search/tablebase/dobutsu_tablebase.hpp"

using namespace menagerie;
namespace fs = std::filesystem;

namespace {

int counter = 0;
void put(const fs::path& dir, const std::string& bytes) {
    fs::create_directories(dir);
    std::ofstream(dir / ("seed-" + std::to_string(++counter)), std::ios::binary) << bytes;
}

template <Game G>
void game_seeds(const fs::path& dir, char pick) {
    std::vector<std::string> sfens = {std::string(G::start_sfen)};
    for (auto s : G::bench_positions) sfens.emplace_back(s);
    for (const auto& sfen : sfens) {
        put(dir / "sfen_fuzz", std::string(1, pick) + sfen);
        auto pos = G::Position::from_sfen(sfen);
        if (!pos) continue;
        MoveListOf<G> moves;
        pos.value().legal_moves(moves);
        for (size_t i = 0; i < moves.size(); i += 7)
            put(dir / "move_fuzz", std::string(1, pick) + sfen + "\n" + pos.value().move_text(moves[i]));
        if (!moves.empty()) {
            const std::string m = pos.value().move_text(moves[0]);
            put(dir / "usi_fuzz", "setoption name USI_Variant value " + std::string(G::name) + "\nisready\nposition sfen " +
                                      sfen + " moves " + m + "\ngo depth 2\nd\nposition startpos moves " + m +
                                      "\ngo nodes 100\ngo mate 1000\nstop\n");
        }
    }
    {
        // The browser board's messages: a position with a move, a refused one, a search and its stop.
        auto start = G::Position::from_sfen(G::start_sfen);
        MoveListOf<G> moves;
        start.value().legal_moves(moves);
        const std::string m = moves.empty() ? "" : start.value().move_text(moves[0]);
        const std::string game = std::string(G::name);
        put(dir / "web_fuzz", "{\"op\":\"hello\"}\n{\"op\":\"position\",\"game\":\"" + game + "\",\"sfen\":\"" +
                                  sfens.back() + "\",\"moves\":[],\"id\":1}\n{\"op\":\"position\",\"game\":\"" + game +
                                  "\",\"moves\":[\"" + m + "\",\"" + m + "\"]}\n{\"op\":\"go\",\"id\":2,\"movetime\":1}\n"
                                  "{\"op\":\"stop\"}\n" + sfens.back() + "\n" + m);
        // The rules a game offers, chosen and refused.
        put(dir / "web_fuzz", "{\"op\":\"position\",\"game\":\"" + game + "\",\"rules\":{\"ChuRules\":\"lishogi\"}}\n"
                              "{\"op\":\"position\",\"game\":\"" + game + "\",\"rules\":{\"EnteringKingRule\":\"NoEnteringKing\"},"
                              "\"moves\":[\"" + m + "\"]}\n{\"op\":\"position\",\"game\":\"" + game + "\",\"rules\":[1]}\n");
        // Game records (shogi's): one read, one written with its end, one of another game refused.
        put(dir / "web_fuzz", "{\"op\":\"record\",\"game\":\"" + game + "\",\"to\":\"usi\",\"text\":\"手数----指手--\\n   1 ７六歩(77)\\n\"}\n"
                              "{\"op\":\"record\",\"game\":\"" + game + "\",\"to\":\"kif\",\"moves\":[\"" + m +
                              "\"],\"end\":\"resignation\",\"winner\":\"w\"}\n{\"op\":\"record\",\"game\":\"" + game +
                              "\",\"to\":\"csa\",\"sfen\":\"" + sfens.back() + "\"}\n");
    }
    put(dir / "cli_fuzz", "perft\n--variant\n" + std::string(G::name) + "\n--depth\n2\n--sfen\n" + sfens.back());
    put(dir / "cli_fuzz", "perft\n--variant\n" + std::string(G::name) + "\n--depth\n1\n--texts\n--rule\nChuRules=lishogi\n--rule\n=x");
    put(dir / "cli_fuzz", "selfplay\n--variant\n" + std::string(G::name) + "\n--a\nbeginner,depth=2\n--b\nskill=3\n--games\n4");
    put(dir / "cli_fuzz", "match\n--variant\n" + std::string(G::name) +
                              "\n--engine\ncmd=menagerie name=a\n--engine\ncmd=fairy-stockfish proto=usi tc=movetime=50\n"
                              "--tc\nbyoyomi=100\n--openings\nplies=4\nbalance=200\n--sprt\nelo0=0\nelo1=5\n--resign\nmoves=3\nscore=900");
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: make_seeds DIR\n";
        return 2;
    }
    const fs::path dir = argv[1];
    // Shogi records: random games from each handicap, with times, comments and an end, in every format.
    {
        std::mt19937_64 rng(7);
        for (size_t h = 0; h < shogi::handicaps().size(); h += 3) {
            shogi::Record r;
            r.start_sfen = std::string(shogi::handicaps()[h].sfen);
            r.set_header("先手", "a");
            r.comments = {"start"};
            shogi::Position p = r.position();
            for (int ply = 0; ply < 30; ++ply) {
                shogi::Moves list;
                p.legal_moves(list);
                if (list.size() == 0) break;
                const auto m = list[rng() % list.size()];
                r.moves.push_back({m, int64_t(rng() % 5000), {"評価値 " + std::to_string(int(rng() % 200) - 100)}});
                p.play(m);
            }
            r.end = shogi::RecordEnd(1 + h % 10);
            for (int f = 0; f < 4; ++f)
                put(dir / "record_fuzz", std::string(1, char(f)) + shogi::write_record(r, shogi::RecordFormat(f)));
        }
        put(dir / "record_fuzz", std::string(1, char(1)) + "▲５八金右　△８四歩　▲６八金寄\n▲７六歩\n");
    }
    game_seeds<shogi::Shogi>(dir, 0);
    game_seeds<tori::Tori>(dir, 1);
    game_seeds<dobutsu::Dobutsu>(dir, 2);
    game_seeds<jungle::Jungle>(dir, 3);
    game_seeds<chu::Chu>(dir, 4);

    for (const char* s : {
             "usi\nsetoption name USI_Hash value 1\nsetoption name MultiPV value 3\nisready\nusinewgame\nposition startpos\ngo btime 1000 wtime 1000 byoyomi 100\nquit\n",
             "position sfen 4k4/9/9/9/9/9/9/9/4K4 b 0P 1\nposition startpos moves 7g7f 3c3d 8h2b+\ngo movetime 9999999999999\ngo depth movetime 50\ngo searchmoves 7g7f zz 2g2f\n",
             "setoption name USI_Ponder value 1\nposition startpos\ngo ponder btime 100 wtime 100\nponderhit\nstop\ngo infinite\nstop\n",
             "setoption name Skill_Level value 3\nsetoption name USI_LimitStrength value true\nsetoption name USI_Elo value 1200\nposition startpos\ngo nodes 500\n",
             "setoption name EnteringKingRule value 27Point\nsetoption name USI_Variant value dobutsu\nposition startpos moves 2c2b\nperft 3\nd\ngameover win\n",
             "go\nposition\nposition sfen\nposition startpos moves\nsetoption\nsetoption name\nsetoption name Nothing value 3\n\x01\x7f\n",
             // The UCI dialect, as cutechess and Fairy-Stockfish speak it.
             "uci\nsetoption name UCI_Variant value shogi\ndebug on\nucinewgame\nposition startpos moves c3c4 g7g6\ngo wtime 1000 btime 1000 winc 10 binc 10\nposition fen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] w - - 2 2 moves b2h8+\ngo depth 3\nd\n",
             "uci\nsetoption name UCI_Variant value dobutsu\nposition fen gle/1c1/1C1/ELG[-] w - 1 moves b2b3\ngo movetime 50\ngo perft 2\nposition fen 1l1/1L1/3/3[-] w - 1 moves b3b4\ngo mate 2\n",
             "setoption name USI_Variant value chushogi\nsetoption name ChuRules value lishogi\nposition sfen 5k6/6P3p1/1P1L6G1/11S/4E3L1p1/7O4/12/7e4/9l2/12/2p9/K11 b - 1 moves 9c9a+\nperft 2 texts\ngo perft 1 texts x\nsetoption name ChuRules value seed\nd\n",
             "uci\nsetoption name UCI_Variant value chushogi\nposition startpos moves f4f5\ngo nodes 300\nposition fen 11k/12/2p9/5g6/5+o3n2/12/9+H2/6B5/12/5R6/12/K11 w e8 1\ngo depth 2\n",
             "uci\nposition fen 4k4/9/9/9/9/9/9/9/4K4[2PBp] w - 1 moves B@e5 P@e4\nposition fen [x] w\nposition fen 9/9 b - - - - 1\ngo searchmoves c3c4 z9z9 depth 2\n"})
        put(dir / "usi_fuzz", s);

    for (const char* s : {"", "--help", "--version", "bench\n--depth\n2", "bench\n--variant\nzz", "perft\n--depth\n0",
                          "solve\ndobutsu\n--no-drops\n--threads\n2\n--root\n1l1/1c1/1C1/1L1 b - 1", "--tablebase\nnone",
                          "match\n--help", "match\n--variant\nshogi\n--engine\ncmd=a\n--engine\ncmd=b proto=xboard\n--tc\n40/60+1",
                          "selfplay\n--variant\ndobutsu\n--terms"})
        put(dir / "cli_fuzz", s);

    for (const char* s : {
             "7g7f\ninfo depth 10 seldepth 12 score cp 35 nodes 12345 nps 100000 time 123 pv 7g7f 3c3d\nbestmove 7g7f ponder 3c3d\n",
             "\ninfo score mate -3 pv 5e5d\ninfo score mate 0\nbestmove resign\nbestmove\nid name Fairy-Stockfish 11.1\noption name USI_Variant type combo default shogi var shogi\n",
             "e2e4\nfeature ping=1 setboard=1 usermove=1 variants=\"shogi,chu,dai\" myname=\"HaChu 0.21\" done=1\nmove e2e4\n 12 35 100 12345 e2e4 e7e5\n",
             "a1b2\n12. ... 7g7f\nIllegal move: a1b2\nError (unknown command): a1b2\nresign\nWhite resigns\n1-0 {Black mates}\nmove P@e5\nmove h8h9+\n",
             "x\nlnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n3/1l1/1L1/3 b Cc 5\nl5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 1\n"})
        put(dir / "engine_output_fuzz", s);

    // A Dobutsu table small enough to mutate: the subgame without drops from two lions and two chicks.
    dobutsu::SolveOptions so;
    so.threads = 1;
    so.drops = false;
    const auto root = dobutsu::Position::from_sfen("1l1/1c1/1C1/1L1 b - 1").value();
    so.roots.push_back(dobutsu::packed::from_position(root));
    dobutsu::SolvedSet set;
    const auto summary = dobutsu::solve_dobutsu(so, set);
    fs::create_directories(dir / "tablebase_fuzz");
    if (auto e = dobutsu::write_tablebase((dir / "tablebase_fuzz" / "small.mtb").string(), set, summary, root.sfen(), false)) {
        std::cerr << "make_seeds: " << *e << "\n";
        return 1;
    }
    std::cout << "seeds written to " << dir.string() << "\n";
    return 0;
}
