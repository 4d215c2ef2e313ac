// Shogi game records: KIF, KI2 and CSA read (moves, times, comments, headers, the end, handicaps and board
// diagrams), written and read back to the same game; KI2's words that tell pieces apart; records refused
// whole, naming the line; random games through every format.
#include <doctest/doctest.h>

#include <random>
#include <string>

#include "engine/shogi/ki2.hpp"
#include "engine/shogi/record.hpp"

using namespace menagerie;
using namespace menagerie::shogi;

namespace {

const std::string kKif =
    "# ---- a record ----\n"
    "開始日時：2026/12/07 10:00:00\n"
    "棋戦：テスト\n"
    "手合割：平手\n"
    "先手：先手さん\n"
    "後手：後手さん\n"
    "手数----指手---------消費時間--\n"
    "*開始前\n"
    "   1 ７六歩(77)   ( 0:01/00:00:01)\n"
    "   2 ３四歩(33)   ( 0:02/00:00:02)\n"
    "*二手目\n"
    "   3 ２二角成(88) ( 0:03/00:00:04)\n"
    "   4 同　銀(31)   ( 1:04/00:01:06)\n"
    "   5 ４五角打     ( 0:05/00:00:09)\n"
    "   6 投了         ( 0:06/00:01:12)\n"
    "まで5手で先手の勝ち\n";

const std::string kCsa =
    "'a record\n"
    "V2.2\n"
    "N+先手さん\n"
    "N-後手さん\n"
    "$EVENT:テスト\n"
    "$START_TIME:2026/12/07 10:00:00\n"
    "PI\n"
    "+\n"
    "+7776FU\n"
    "T1\n"
    "-3334FU,T2\n"
    "'*二手目\n"
    "+8822UM\n"
    "T3\n"
    "-3122GI\n"
    "T64\n"
    "+0045KA\n"
    "T5\n"
    "%TORYO\n"
    "T6\n";

std::string usi(const Record& r) { return write_usi(r); }

Record read(const std::string& text, RecordFormat f) {
    auto r = read_record(text, f);
    REQUIRE_MESSAGE(r.ok(), r.error());
    return r.value();
}

// The same game: start, moves, and, where both formats keep them, times, comments and the end.
void check_same(const Record& a, const Record& b, bool times, bool comments) {
    CHECK(a.start_sfen == b.start_sfen);
    CHECK(usi(a) == usi(b));
    CHECK(a.end == b.end);
    REQUIRE(a.moves.size() == b.moves.size());
    for (size_t i = 0; i < a.moves.size(); ++i) {
        if (times) CHECK(a.moves[i].time_ms / 1000 == b.moves[i].time_ms / 1000);
        if (comments) CHECK(a.moves[i].comments == b.moves[i].comments);
    }
    if (comments) CHECK(a.comments == b.comments);
    if (comments) CHECK(a.remarks == b.remarks);
}

// A position with Sente's gold in hand and golds where KI2 needs words to tell them apart.
Position pos(const std::string& sfen) { return Position::from_sfen(sfen).value(); }
Move usi_move(const Position& p, const std::string& text) { return p.parse_move(text).value(); }

}  // namespace

TEST_CASE("KIF: moves with 同, 打, 成, times, comments, headers and the end") {
    const Record r = read(kKif, RecordFormat::Kif);
    CHECK(usi(r) == "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e");
    CHECK(r.header("棋戦") == "テスト");
    CHECK(r.header("先手") == "先手さん");
    CHECK(r.header("開始日時") == "2026/12/07 10:00:00");
    CHECK(r.comments == std::vector<std::string>{"開始前"});
    CHECK(r.moves[1].comments == std::vector<std::string>{"二手目"});
    CHECK(r.moves[3].time_ms == 64000);
    CHECK(r.end == RecordEnd::Resign);
    CHECK(r.end_time_ms == 6000);
    CHECK(detect_record_format(kKif) == RecordFormat::Kif);

    // Written and read back: the same game, times and comments.
    const std::string out = write_kif(r);
    CHECK(out.find("   4 同　銀(31)") != std::string::npos);
    CHECK(out.find("   5 ４五角打") != std::string::npos);
    CHECK(out.find("( 1:04/00:01:06)") != std::string::npos);
    CHECK(out.find("まで5手で先手の勝ち") != std::string::npos);
    check_same(r, read(out, RecordFormat::Kif), true, true);
}

TEST_CASE("CSA: PI, moves, T times, comments, N+/N- and $ headers, %TORYO; the same game as the KIF") {
    const Record r = read(kCsa, RecordFormat::Csa);
    CHECK(detect_record_format(kCsa) == RecordFormat::Csa);
    CHECK(r.remarks == std::vector<std::string>{"a record"});
    CHECK(r.comments.empty());
    check_same(r, read(kKif, RecordFormat::Kif), true, false);
    CHECK(r.header("先手") == "先手さん");
    CHECK(r.header("棋戦") == "テスト");
    CHECK(r.moves[1].comments == std::vector<std::string>{"二手目"});
    const std::string out = write_csa(r);
    CHECK(out.find("V2.2\n'a record\n") == 0);
    CHECK(out.find("PI\n+\n+7776FU\nT1\n-3334FU\nT2\n'*二手目\n") != std::string::npos);
    CHECK(out.find("%TORYO\nT6\n") != std::string::npos);
    check_same(r, read(out, RecordFormat::Csa), true, true);
    // A board given line by line, hands with 00AL, a drop and the side.
    const std::string board =
        "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\n"
        "P4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \n"
        "P7+FU+FU+FU+FU+FU+FU+FU+FU * \nP8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n"
        "P+00FU\n-\n-3334FU\n%CHUDAN\n";
    const Record b = read(board, RecordFormat::Csa);
    CHECK(b.start_sfen == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL w P 1");
    CHECK(usi(b) == "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL w P 1 moves 3c3d");
    CHECK(b.end == RecordEnd::Abort);
    check_same(b, read(write_csa(b), RecordFormat::Csa), false, true);
}

TEST_CASE("KIF and CSA: handicaps and board diagrams as the start") {
    const std::string kif = "手合割：香落ち\n上手：A\n下手：B\n手数----指手---------消費時間--\n   1 ３四歩(33)\n   2 ７六歩(77)\n";
    const Record r = read(kif, RecordFormat::Kif);
    CHECK(r.start_sfen == "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    CHECK(usi(r) == "position sfen lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 3c3d 7g7f");
    CHECK(r.header("上手") == "A");
    for (RecordFormat f : {RecordFormat::Kif, RecordFormat::Ki2, RecordFormat::Csa}) {
        const std::string out = write_record(r, f);
        CHECK(out.find(f == RecordFormat::Csa ? "PI11KY\n-\n" : "手合割：香落ち") != std::string::npos);
        check_same(r, read(out, f), false, false);
    }
    for (const Handicap& h : handicaps()) {
        CAPTURE(h.name);
        const Record x = read("手合割：" + std::string(h.name) + "\n", RecordFormat::Kif);
        CHECK(x.start_sfen == h.sfen);
        CHECK(handicap_name(x.start_sfen) == h.name);
    }

    // A board diagram (a mating problem: Sente's hand, Sente to move) and the 後手番 line.
    const std::string diagram =
        "後手の持駒：なし\n"
        "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
        "+---------------------------+\n"
        "| ・ ・ ・ ・ ・ ・ ・v桂v香|一\n"
        "| ・ ・ ・ ・ ・ ・ ・v玉 ・|二\n"
        "| ・ ・ ・ ・ ・ ・v歩v歩 ・|三\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
        "| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n"
        "+---------------------------+\n"
        "先手の持駒：金二　銀\n"
        "手数----指手---------消費時間--\n"
        "   1 １二金打\n";
    const Record d = read(diagram, RecordFormat::Kif);
    CHECK(d.start_sfen == "7nl/7k1/6pp1/9/9/9/9/9/4K4 b 2GS 1");
    CHECK(usi(d) == "position sfen 7nl/7k1/6pp1/9/9/9/9/9/4K4 b 2GS 1 moves G*1b");
    for (RecordFormat f : {RecordFormat::Kif, RecordFormat::Ki2, RecordFormat::Csa}) check_same(d, read(write_record(d, f), f), false, false);
    CHECK(write_kif(d).find("先手の持駒：金二　銀　") != std::string::npos);
    std::string gote_to_move = diagram;
    gote_to_move.replace(0, gote_to_move.find('\n'), "後手の持駒：歩十六");
    gote_to_move.replace(gote_to_move.find("先手の持駒"), std::string::npos, "先手の持駒：なし\n後手番\n");
    const Record g = read(gote_to_move, RecordFormat::Kif);
    CHECK(g.start_sfen == "7nl/7k1/6pp1/9/9/9/9/9/4K4 w 16p 1");
    CHECK(write_kif(g).find("後手の持駒：歩十六　\n") != std::string::npos);
    CHECK(write_kif(g).find("後手番\n") != std::string::npos);
}

TEST_CASE("KI2: the words that tell pieces apart, read and written") {
    // Golds on 6i and 4i both reach 5h (moving up): 右 and 左.
    const Position a = pos("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    CHECK(ki2_text(a, usi_move(a, "4i5h"), false) == "５八金右");
    CHECK(ki2_text(a, usi_move(a, "6i5h"), false) == "５八金左");
    CHECK(ki2_text(a, usi_move(a, "7g7f"), false) == "７六歩");
    // Golds on 5i and 4i to 5h: 直 and 右; on 6h and 4i: 寄 and 上; a gold in hand beside them: 打.
    const Position b = pos("4k4/9/9/9/9/9/9/9/4GG3 b G 1");
    CHECK(ki2_text(b, usi_move(b, "5i5h"), false) == "５八金直");
    CHECK(ki2_text(b, usi_move(b, "4i5h"), false) == "５八金右");
    CHECK(ki2_text(b, usi_move(b, "G*5h"), false) == "５八金打");
    CHECK(ki2_text(b, usi_move(b, "G*1a"), false) == "１一金");
    const Position c = pos("4k4/9/9/9/9/9/9/3G5/5G3 b - 1");
    CHECK(ki2_text(c, usi_move(c, "6h5h"), false) == "５八金寄");
    CHECK(ki2_text(c, usi_move(c, "4i5h"), false) == "５八金上");
    // Dragons by their side first: two dragons reaching 5e from 9e and 1e.
    const Position d = pos("4k4/9/9/9/+R7+R/9/9/9/4K4 b - 1");
    CHECK(ki2_text(d, usi_move(d, "1e5e"), false) == "５五龍右");
    CHECK(ki2_text(d, usi_move(d, "9e5e"), false) == "５五龍左");
    // Promotion said, or declined where it was possible; Gote's side reversed.
    const Position e = pos("4k4/9/9/2S6/9/9/9/9/4K4 b - 1");
    CHECK(ki2_text(e, usi_move(e, "7d7c+"), false) == "７三銀成");
    CHECK(ki2_text(e, usi_move(e, "7d7c"), false) == "７三銀不成");
    const Position w = pos("4k1g1g/9/9/9/9/9/9/9/4K4 w - 1");
    CHECK(ki2_text(w, usi_move(w, "3a2b"), false) == "２二金右");  // Gote's right is toward file 9
    CHECK(ki2_text(w, usi_move(w, "1a2b"), false) == "２二金左");

    // Read back: KI2 text, and refusals: ambiguous, no such piece, words fitting none.
    const Record r = read("▲５八金右　△８四歩　▲６八金寄\n", RecordFormat::Ki2);
    CHECK(usi(r) == "position startpos moves 4i5h 8c8d 5h6h");
    for (const auto& [text, says] : std::vector<std::pair<std::string, std::string>>{
             {"▲５八金\n", "line 1: ５八金: ambiguous"},
             {"▲５五角\n", "line 1: ５五角: no legal move"},
             {"▲５八金寄\n", "no such move among"},
             {"▲７六歩　▲２六歩\n", "other side's turn"},
             {"▲７六歩　△３四歩\n先手：X\n", "line 2: not a move"}}) {
        CAPTURE(text);
        auto bad = read_ki2(text);
        REQUIRE_FALSE(bad.ok());
        CHECK_MESSAGE(bad.error().find(says) != std::string::npos, bad.error());
    }
}

TEST_CASE("records refused whole, naming the line") {
    const std::vector<std::tuple<std::string, RecordFormat, std::string>> cases = {
        {"手数----指手---------消費時間--\n   1 ７五歩(77)\n", RecordFormat::Kif, "line 2: ７五歩(77):"},
        {"手数----指手---------消費時間--\n   1 ７六歩(77)\n   3 ３四歩(33)\n", RecordFormat::Kif, "line 3: move 3 follows move 1"},
        {"手数----指手---------消費時間--\n   1 ７六金(77)\n", RecordFormat::Kif, "line 2: ７六金(77): no 金"},
        {"手数----指手---------消費時間--\n   1 同　歩(77)\n", RecordFormat::Kif, "line 2: 同"},
        {"手数----指手---------消費時間--\n   1 ７六歩(77) (x)\n", RecordFormat::Kif, "line 2"},
        {"手数----指手---------消費時間--\n   1 ７六歩(77) (9999999:00/00:00:01)\n", RecordFormat::Kif, "line 2: unreadable time"},
        {"手合割：九枚落ち\n手数----指手---------消費時間--\n", RecordFormat::Kif, "unknown 手合割"},
        {"開始日時：今\nこれは何\n", RecordFormat::Kif, "line 2: not a header"},
        {"開始日時：今\n▲７六歩\n", RecordFormat::Kif, "line 2: a KI2 move in a KIF record"},
        {"先手：a\n   1 １五歩(16)     ( 0:02/00:00:06)\n", RecordFormat::Kif, "line 2: １五歩(16): no 歩"},
        {"手数----指手---------消費時間--\n   1 投了\n   2 ７六歩(77)\n", RecordFormat::Kif, "line 3: a move after the end"},
        {"PI\n+\n+7775FU\n", RecordFormat::Csa, "line 3: +7775FU:"},
        {"PI\n+\n-3334FU\n", RecordFormat::Csa, "line 3: -3334FU: it is the other side's turn"},
        {"PI\n+\n+7776FU\n%WHAT\n", RecordFormat::Csa, "line 4: unknown end"},
        {"PI99KA\n+\n", RecordFormat::Csa, "line 1: PI removes no such piece"},
        {"V2.2\n+7776FU\n", RecordFormat::Csa, "line 2: a move before the start position"},
        {"position startpos moves 7g7f 7g7f\n", RecordFormat::Usi, "move 2"},
    };
    for (const auto& [text, format, says] : cases) {
        CAPTURE(text);
        auto r = read_record(text, format);
        REQUIRE_FALSE(r.ok());
        CHECK_MESSAGE(r.error().find(says) != std::string::npos, r.error());
    }
    CHECK_FALSE(detect_record_format("hello"));
    CHECK(detect_record_format("position startpos moves 7g7f") == RecordFormat::Usi);
    CHECK(detect_record_format("▲７六歩　△３四歩") == RecordFormat::Ki2);
    CHECK(detect_record_format("\xEF\xBB\xBF手合割：平手\n") == RecordFormat::Kif);
}

TEST_CASE("records: random games, handicap and even, through KIF, KI2 and CSA and back") {
    std::mt19937_64 rng(20261207);
    int plies = 0;
    for (int game = 0; game < 30; ++game) {
        Record r;
        r.start_sfen = std::string(handicaps()[size_t(game) % handicaps().size()].sfen);
        Position p = r.position();
        for (int ply = 0; ply < 160; ++ply) {
            Moves list;
            p.legal_moves(list);
            if (list.size() == 0) {
                r.end = RecordEnd::Mate;
                break;
            }
            const Move m = list[rng() % list.size()];
            r.moves.push_back({m, int64_t(rng() % 100000), {}});
            p.play(m);
            ++plies;
        }
        if (r.end == RecordEnd::None) r.end = RecordEnd::Resign;
        r.moves.back().comments = {"評価値 +123", "*解析 読み筋 ７六歩"};
        for (RecordFormat f : {RecordFormat::Kif, RecordFormat::Ki2, RecordFormat::Csa}) {
            CAPTURE(game);
            CAPTURE(int(f));
            const std::string text = write_record(r, f);
            auto back = read_record(text, f);
            REQUIRE_MESSAGE(back.ok(), (back.error() + "\n" + text));
            check_same(r, back.value(), f != RecordFormat::Ki2, true);
            CHECK(detect_record_format(text) == f);
        }
    }
    MESSAGE(plies << " moves written and read back in each format");
}

TEST_CASE("records: every end, written in each format, reads back as itself (不詰 is not 詰み)") {
    for (int e = int(RecordEnd::Resign); e <= 2 * int(RecordEnd::NoMate); ++e) {
        // With two moves, and (the second time round) with none.
        Record r = read(e <= int(RecordEnd::NoMate) ? "position startpos moves 7g7f 3c3d" : "position startpos", RecordFormat::Usi);
        r.end = RecordEnd((e - 1) % int(RecordEnd::NoMate) + 1);
        for (RecordFormat f : {RecordFormat::Kif, RecordFormat::Ki2, RecordFormat::Csa}) {
            CAPTURE(e);
            CAPTURE(int(f));
            const std::string text = write_record(r, f);
            CHECK_MESSAGE(read(text, f).end == r.end, text);
        }
    }
}

TEST_CASE("CSA: names and $ headers keep their commas; other lines are statements separated by commas") {
    const Record r = read("N+Habu, Yoshiharu\n$EVENT:a, b\nPI\n+\n+7776FU,T3\n", RecordFormat::Csa);
    CHECK(r.header("先手") == "Habu, Yoshiharu");
    CHECK(r.header("棋戦") == "a, b");
    CHECK(r.moves[0].time_ms == 3000);
    check_same(r, read(write_csa(r), RecordFormat::Csa), true, true);
}

TEST_CASE("records: the move cap is %MAX_MOVES in CSA and 持将棋 in KIF and KI2, as GUIs write it") {
    Record r = read("position startpos moves 7g7f", RecordFormat::Usi);
    r.end = RecordEnd::MaxMoves;
    CHECK(write_csa(r).find("\n%MAX_MOVES\n") != std::string::npos);
    CHECK(read(write_csa(r), RecordFormat::Csa).end == RecordEnd::MaxMoves);
    CHECK(read(write_kif(r), RecordFormat::Kif).end == RecordEnd::Impasse);
    CHECK(read(write_ki2(r), RecordFormat::Ki2).end == RecordEnd::Impasse);
}

TEST_CASE("records: a played game with each engine's score and line as the comments GUIs read") {
    PlayedGame g;
    g.sente = "menagerie";
    g.gote = "other";
    g.event = "a match";
    g.started = "2026/12/07 10:00:00";
    g.start_sfen = std::string(Shogi::start_sfen);
    g.moves = {
        {"7g7f", -1, std::nullopt, {}, 0, 0},                      // an opening move: nothing to say
        {"3c3d", 1200, 35, {"2g2f", "8c8d"}, 12, 81234},          // Gote's +35 is Sente's -35
        {"8h2b+", 2500, 29990, {"3a2b", "B*4e"}, 3, 0},           // a mate in 10 plies, for Sente
        {"3a2b", 900, -150, {"7i7h", "not-a-move", "8c8d"}, 0, 0},  // the line up to what is legal
    };
    g.result = Outcome::Loss;  // Gote wins: Sente resigns on its move
    g.end = PlayedEnd::Resignation;
    g.reason = "menagerie: resigned";

    auto kif = Shogi::write_played_game(g, "kif");
    REQUIRE(kif);
    const std::string& k = kif.value();
    CHECK(k.find("棋戦：a match\n") != std::string::npos);
    CHECK(k.find("先手：menagerie\n") != std::string::npos);
    CHECK(k.find("**評価値=-35\n**読み筋=▲２六歩△８四歩\n**深さ=12\n**ノード数=81234\n**エンジン=other\n") != std::string::npos);
    CHECK(k.find("**詰み=先手勝ち:10手\n**読み筋=△同　銀▲４五角打\n") == std::string::npos);  // the first move is not 同
    CHECK(k.find("**詰み=先手勝ち:10手\n**読み筋=△２二銀▲４五角\n") != std::string::npos);
    CHECK(k.find("**評価値=150\n**読み筋=▲７八銀\n**エンジン=other\n") != std::string::npos);
    CHECK(k.find("   4 同　銀(31)") != std::string::npos);
    CHECK(k.find("   5 投了") != std::string::npos);
    CHECK(k.find("( 0:02/00:00:02)") != std::string::npos);  // times in whole seconds, totals per side
    // Read back: the same moves, the comments as they were written.
    const Record back = read(k, RecordFormat::Kif);
    REQUIRE(back.moves.size() == 4);
    CHECK(back.end == RecordEnd::Resign);
    CHECK(back.moves[1].comments.front() == "*評価値=-35");
    CHECK(back.moves[1].time_ms == 1000);

    auto csa = Shogi::write_played_game(g, "csa");
    REQUIRE(csa);
    const std::string& c = csa.value();
    CHECK(c.find("N+menagerie\n") != std::string::npos);
    CHECK(c.find("-3334FU\nT1\n'** -35 +2726FU -8384FU\n") != std::string::npos);
    CHECK(c.find("+8822UM\nT2\n'** 29990 -3122GI +0045KA\n") != std::string::npos);
    CHECK(c.find("-3122GI\nT0\n'** 150 +7978GI\n%TORYO\n") != std::string::npos);
    CHECK(read(c, RecordFormat::Csa).moves.size() == 4);

    // Ends seen from the side to move; one a format cannot say keeps the result and the reason.
    g.end = PlayedEnd::MoveCap;
    g.result = Outcome::Draw;
    CHECK(Shogi::write_played_game(g, "csa").value().find("\n%MAX_MOVES\n") != std::string::npos);
    g.end = PlayedEnd::Other;
    g.result = Outcome::Win;
    g.reason = "other: adjudicated lost (both engines' scores)";
    const std::string aborted = Shogi::write_played_game(g, "kif").value();
    CHECK(aborted.find("   5 中断 ") != std::string::npos);
    CHECK(aborted.find(")\n*先手勝ち (other: adjudicated lost (both engines' scores))\n") != std::string::npos);
    g.end = PlayedEnd::IllegalMove;  // Gote played an illegal move: after Gote's last move Sente is to move
    CHECK(Shogi::write_played_game(g, "csa").value().find("\n%-ILLEGAL_ACTION\n") != std::string::npos);

    // A game whose end is not said, but whose last position is mate, ends in 詰み.
    PlayedGame mate;
    mate.start_sfen = "4k4/9/4G4/9/9/9/9/9/4K4 b G 1";
    mate.moves = {{"G*5b", -1, std::nullopt, {}, 0, 0}};
    CHECK(Shogi::write_played_game(mate, "kif").value().find("   2 詰み\nまで1手で先手の勝ち\n") != std::string::npos);
    CHECK(Shogi::write_played_game(mate, "csa").value().find("\n%TSUMI\n") != std::string::npos);

    g.moves.push_back({"2b2b", 0, std::nullopt, {}, 0, 0});
    auto bad = Shogi::write_played_game(g, "kif");
    REQUIRE(!bad);
    CHECK(bad.error().find("move 5 '2b2b'") == 0);
    CHECK(!Shogi::write_played_game(g, "pgn"));
}

TEST_CASE("CSA: the server's messages a client kept (#RESIGN, #TIME_UP) are remarks, and an end where none is said") {
    // As the championship records come: %TORYO with its time, then the server's #RESIGN.
    Record r = read("V2\nN+a\nN-b\nPI\n+\n+7776FU,T3\n-3334FU,T1\n%TORYO,T5\n#RESIGN\n", RecordFormat::Csa);
    CHECK(r.moves.size() == 2);
    CHECK(r.end == RecordEnd::Resign);
    CHECK(r.end_time_ms == 5000);
    CHECK(r.remarks == std::vector<std::string>{"#RESIGN"});
    // A flag fall only the server said: the side to move ran out of time.
    r = read("V2\nPI\n+\n+7776FU,T3\n#TIME_UP\n", RecordFormat::Csa);
    CHECK(r.end == RecordEnd::TimeUp);
    // The receiver's view (#WIN, #LOSE) says nothing about the end.
    r = read("V2\nPI\n+\n+7776FU\n#LOSE\n", RecordFormat::Csa);
    CHECK(r.end == RecordEnd::None);
    CHECK(r.remarks == std::vector<std::string>{"#LOSE"});
}

TEST_CASE("KIF and KI2: a variation begins at 変化 with blanks before its colon too (found by record_fuzz)") {
    // KI2 once took "変化\t：" for a header named 変化, which KIF then wrote as a variation and dropped the end.
    const Record r = read("▲７六歩　△３四歩\n変化\t：2手\n△８四歩\nまで2手で中断\n", RecordFormat::Ki2);
    CHECK(r.moves.size() == 2);
    CHECK(r.headers.empty());
    const Record k = read("手数----指手--\n   1 ７六歩(77)\n変化 ：1手\n   1 ２六歩(27)\n", RecordFormat::Kif);
    CHECK(k.moves.size() == 1);
}
