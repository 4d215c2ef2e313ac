#pragma once
// The Dobutsu tablebase file and its probing.
//
// File format (all integers little-endian; sections 8-byte aligned, in this order after the header):
//   header (256 bytes):
//     magic "MENAGTB\x1a", u32 version (1), u32 header size (256),
//     char game[16] "dobutsu", char convention[64] (see kConvention),
//     char root[64]: SFEN of the position the table was built from (the start, or a test's subgame root),
//     u64 universe (numbers 0..universe-1, search/tablebase/dobutsu_index.hpp), u64 members (non-terminal positions),
//     u64 reachable, u64 terminal, u64 won, u64 drawn, u64 lost, u32 max distance, u32 low bits,
//     u32 select sample, u32 reserved, u64 words of each section (high, low, samples, values, wins),
//     u64 checksum of every byte after the header, u64 checksum of the header's first 248 bytes... (the header
//     checksum is its last field).
//   high bits, low bits: the members' numbers, Elias-Fano coded (number >> low bits as unary gaps, the low bits
//     packed), so that a number's rank among the members is found in a few memory reads;
//   samples: the position in the high bits of every select-sample-th zero;
//   values: one byte per member in number order: 0 drawn, else the distance d in plies to a terminal position
//     under the published convention (terminal positions at 0);
//   wins: one bit per member: 1 won for the side to move, 0 lost (for a non-zero value).
//
// The complete table (search/tablebase/dobutsu_full.hpp: every position not decided by rule) has the same
// header with the convention kConventionFull (or kConventionFullNoDrops), universe = its index size, members =
// the positions of the set, reachable = members, terminal = 0, low bits and select sample 0, and three sections:
//   members (words[0]): a bit per number of the complete index, set for the positions of the set (the other
//     numbers are the index's holes);
//   values (words[3]): a byte per member in index order: 0 drawn, 2d - 1 won and 2d lost at distance d (the
//     distances above), 254 far;
//   far (words[4] entries): the far members' values (full::far_entry: index << 32 | distance << 1 | lost),
//     rising, for the distances beyond the solver's bytes (full::kByteLevels; the longest is 172).
// The reader rebuilds a rank directory over the member bits (one count per 512 numbers).
// A file that is truncated, has another magic, version, game or convention, or fails a checksum is refused.
#include <cstdint>
#include <cstring>
#include <memory>
#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/result.hpp"
#include "engine/dobutsu/dobutsu.hpp"
#include "search/tablebase/dobutsu_full.hpp"
#include "search/tablebase/dobutsu_solver.hpp"
#include "search/tablebase/oracle.hpp"

namespace menagerie::dobutsu {

inline constexpr char kTablebaseMagic[8] = {'M', 'E', 'N', 'A', 'G', 'T', 'B', '\x1a'};
inline constexpr uint32_t kTablebaseVersion = 1;
inline constexpr const char* kConvention = "Sente to move; mirrors merged; takable lion/try = end";
// The same for the subgame without drops that the tests solve: loadable for tests, refused for play.
inline constexpr const char* kConventionNoDrops = "Sente to move; mirrors merged; takable lion/try = end; no drops";

inline constexpr const char* kConventionFull = "Sente to move; mirrors merged; every position";
inline constexpr const char* kConventionFullNoDrops = "Sente to move; mirrors merged; every position; no drops";

static_assert(std::char_traits<char>::length(kConventionNoDrops) < 64, "the header holds 63 characters");
static_assert(std::char_traits<char>::length(kConventionFullNoDrops) < 64, "the header holds 63 characters");

struct TablebaseInfo {
    std::string root;
    uint64_t universe = 0, members = 0, reachable = 0, terminal = 0, won = 0, drawn = 0, lost = 0;
    int max_distance = 0;
    bool drops = true;     // false: the test subgame without drops
    bool complete = false;  // every position (the complete table), not those reachable from the root
};

// Writes the solved set to `path` (through a temporary file renamed at the end). Returns an error message.
std::optional<std::string> write_tablebase(const std::string& path, const SolvedSet& set, const SolveSummary& summary,
                                           const std::string& root_sfen, bool drops = true);
// Writes the complete table the same way.
std::optional<std::string> write_full_tablebase(const std::string& path, const full::FullSet& set,
                                                const full::FullSummary& summary, bool drops = true);

class Tablebase final : public Oracle<Dobutsu> {
public:
    static Result<std::shared_ptr<const Tablebase>> load(const std::string& path);
    // The same from a stream of `size` bytes; `name` is what the errors call it. Every field is checked before
    // it is used, so any bytes give either a table whose probes stay inside it or an error (the fuzz target
    // tablebase_fuzz holds this).
    static Result<std::shared_ptr<const Tablebase>> read(std::istream& in, uint64_t size, const std::string& name);

    // The value of a position under our rules (try decided after the reply, the capture counted as a ply):
    // nullopt when the position is not in the table (not reachable from the table's root; a complete table
    // answers every position).
    std::optional<OracleValue> probe(const Position& p) const override;
    std::string describe() const override;

    // The table's own entry for a position with Sente to move, in the published convention.
    std::optional<SolvedValue> entry(const packed::State& sente_to_move) const;
    const TablebaseInfo& info() const { return info_; }
    const std::string& path() const { return path_; }

private:
    std::optional<uint64_t> rank(uint32_t number) const;
    uint64_t select0(uint64_t k) const;

    std::unique_ptr<uint64_t[]> data_;
    const uint64_t *high_ = nullptr, *low_ = nullptr, *samples_ = nullptr, *wins_ = nullptr;
    const uint8_t* values_ = nullptr;
    uint64_t high_bits_ = 0, sample_count_ = 0;
    uint32_t low_bits_ = 0, sample_ = 0;
    bool complete_ = false;
    const uint64_t* far_ = nullptr;  // the complete table's far entries (full::far_entry), rising
    uint64_t far_count_ = 0;
    std::vector<uint64_t> block_ranks_;  // the complete table's members before each 512 numbers
    std::optional<uint64_t> complete_rank(uint64_t index) const;  // a member's rank, nullopt for a hole
    TablebaseInfo info_;
    std::string path_;
};

// Where `auto` looks: $MENAGERIE_TABLEBASE_DIR/dobutsu.mtb, else $XDG_DATA_HOME/menagerie/dobutsu.mtb, else
// $HOME/.local/share/menagerie/dobutsu.mtb.
std::string default_tablebase_path();

// The loader the Dobutsu session uses for its TablebaseFile option (see search/tablebase/oracle.hpp).
Result<std::shared_ptr<const Oracle<Dobutsu>>> load_oracle(const std::string& path);

}  // namespace menagerie::dobutsu
