#include "engine/dobutsu/index.hpp"

namespace menagerie::dobutsu {

using namespace index_detail;

namespace {

// arrangements(kind, free) for every kind order index (0..3) and free count (0..10).
struct Counts {
    uint64_t v[kKinds + 1][kSquares - 1];
};
constexpr Counts make_counts() {
    Counts c{};
    for (int k = 0; k <= kKinds; ++k)
        for (int f = 0; f <= kSquares - 2; ++f) c.v[k][f] = arrangements(k, f);
    return c;
}
constexpr Counts kCounts = make_counts();

bool is_kind(uint8_t code, int kind) {
    if (!code) return false;
    const int t = code_type(code);
    return t == kind || (kind == Chick && t == Hen);
}

}  // namespace

uint64_t position_index(const Position& p) {
    const int ls = p.lion_square(Sente), lg = p.lion_square(Gote);
    int free[kSquares - 2], n = 0;
    for (int sq = 0; sq < kSquares; ++sq)
        if (sq != ls && sq != lg) free[n++] = sq;
    // Digits nest: the lion pair, then each kind's block and arrangement within what the earlier kinds left.
    const uint64_t lions = uint64_t(ls) * (kSquares - 1) + uint64_t(lg < ls ? lg : lg - 1);
    uint64_t index = lions * kCounts.v[0][kSquares - 2];
    for (int ko = 0; ko < kKinds; ++ko) {
        const int kind = kKindOrder[ko];
        int at[2], k = 0;
        for (int i = 0; i < n; ++i)
            if (is_kind(p.at(free[i]), kind)) at[k++] = i;
        uint64_t offset = 0;
        for (int j = 0; j < k; ++j) offset += ways(ko, n, j) * kCounts.v[ko + 1][n - j];
        const uint64_t comb = k == 0 ? 0 : k == 1 ? uint64_t(at[0]) : binomial(at[1], 2) + uint64_t(at[0]);
        uint64_t owners = 0, promos = 0;
        for (int j = 0; j < k; ++j) {
            const uint8_t code = p.at(free[at[j]]);
            owners |= uint64_t(code_color(code) == Gote) << j;
            promos |= uint64_t(code_type(code) == Hen) << j;
        }
        const uint64_t promo_radix = kind == Chick ? uint64_t(1) << k : 1;
        const uint64_t local = ((comb * (uint64_t(1) << k) + owners) * promo_radix + promos) * uint64_t(3 - k) +
                               uint64_t(p.hand(Sente, kind));
        index += offset + local * kCounts.v[ko + 1][n - k];
        // The rest is numbered within this block: remove the squares used here.
        int m = 0;
        for (int i = 0; i < n; ++i)
            if (!is_kind(p.at(free[i]), kind)) free[m++] = free[i];
        n = m;
    }
    return index;
}

Position position_at(uint64_t index) {
    // The lion pair, then each kind's block and arrangement, as position_index nests them.
    const uint64_t per_lions = kCounts.v[0][kSquares - 2];
    uint64_t r = index % per_lions;
    const uint64_t lions = index / per_lions;
    const int ls = int(lions / (kSquares - 1)), g = int(lions % (kSquares - 1));
    const int lg = g < ls ? g : g + 1;
    std::array<uint8_t, kSquares> board{};
    uint8_t hands[2][kHandTypes] = {};
    board[ls] = piece_code(Sente, Lion);
    board[lg] = piece_code(Gote, Lion);
    int free[kSquares - 2], n = 0;
    for (int sq = 0; sq < kSquares; ++sq)
        if (sq != ls && sq != lg) free[n++] = sq;
    for (int ko = 0; ko < kKinds; ++ko) {
        const int kind = kKindOrder[ko];
        int k = 0;
        for (; k < 2; ++k) {
            const uint64_t block = ways(ko, n, k) * kCounts.v[ko + 1][n - k];
            if (r < block) break;
            r -= block;
        }
        const uint64_t inner = kCounts.v[ko + 1][n - k];
        uint64_t local = r / inner;
        r %= inner;
        const int sente_hand = int(local % uint64_t(3 - k));
        local /= uint64_t(3 - k);
        const uint64_t promo_radix = kind == Chick ? uint64_t(1) << k : 1;
        const uint64_t promos = local % promo_radix;
        local /= promo_radix;
        const uint64_t owners = local % (uint64_t(1) << k);
        const uint64_t comb = local >> k;
        int at[2] = {0, 0};
        if (k == 1) {
            at[0] = int(comb);
        } else if (k == 2) {
            int hi = 1;
            while (binomial(hi + 1, 2) <= comb) ++hi;
            at[1] = hi;
            at[0] = int(comb - binomial(hi, 2));
        }
        for (int j = 0; j < k; ++j) {
            const Color c = (owners >> j) & 1 ? Gote : Sente;
            const int t = (promos >> j) & 1 ? int(Hen) : kind;
            board[free[at[j]]] = piece_code(c, t);
        }
        hands[Sente][kind] = uint8_t(sente_hand);
        hands[Gote][kind] = uint8_t(2 - k - sente_hand);
        int m = 0;
        for (int i = 0; i < n; ++i)
            if (!(k >= 1 && i == at[0]) && !(k == 2 && i == at[1])) free[m++] = free[i];
        n = m;
    }
    return Position::from_parts(board, hands, Sente);
}

Position turned(const Position& p) {
    std::array<uint8_t, kSquares> board{};
    for (int sq = 0; sq < kSquares; ++sq)
        if (const uint8_t code = p.at(sq)) board[kSquares - 1 - sq] = piece_code(~code_color(code), code_type(code));
    uint8_t hands[2][kHandTypes];
    for (int t = 0; t < kHandTypes; ++t) {
        hands[Sente][t] = uint8_t(p.hand(Gote, t));
        hands[Gote][t] = uint8_t(p.hand(Sente, t));
    }
    return Position::from_parts(board, hands, ~p.side());
}

Position mirrored(const Position& p) {
    std::array<uint8_t, kSquares> board{};
    for (int sq = 0; sq < kSquares; ++sq) board[row_of(sq) * 3 + 2 - col_of(sq)] = p.at(sq);
    uint8_t hands[2][kHandTypes];
    for (int c = 0; c < 2; ++c)
        for (int t = 0; t < kHandTypes; ++t) hands[c][t] = uint8_t(p.hand(Color(c), t));
    return Position::from_parts(board, hands, p.side());
}

}  // namespace menagerie::dobutsu
