#include "search/tablebase/dobutsu_tablebase.hpp"

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <fstream>
#include <map>
#include <mutex>

#include "search/tablebase/dobutsu_index.hpp"

namespace menagerie::dobutsu {

namespace {

struct FileHeader {
    char magic[8];
    uint32_t version;
    uint32_t header_size;
    char game[16];
    char convention[64];
    char root[64];
    uint64_t universe, members, reachable, terminal, won, drawn, lost;
    uint32_t max_distance, low_bits, sample, reserved;
    uint64_t words[5];  // high, low, samples, values (in 8-byte words), wins
    uint64_t data_checksum;
    uint8_t padding[32];
    uint64_t header_checksum;  // of the bytes before it
};
static_assert(sizeof(FileHeader) == 320);
constexpr uint32_t kSample = 512;  // a select sample every 512 zeros

// A fast 64-bit checksum over 8-byte words, four lanes, streamable in whole words.
class Checksum {
public:
    void update(const void* data, std::size_t bytes) {
        const auto* p = static_cast<const unsigned char*>(data);
        for (std::size_t i = 0; i + 8 <= bytes; i += 8) {
            uint64_t w;
            std::memcpy(&w, p + i, 8);
            uint64_t& lane = lanes_[count_++ & 3];
            lane = std::rotl((lane ^ w) * 0x9E3779B97F4A7C15ULL, 29) * 0xBF58476D1CE4E5B9ULL;
        }
    }
    uint64_t value() const {
        uint64_t h = count_ * 0x94D049BB133111EBULL;
        for (uint64_t lane : lanes_) h = std::rotl(h ^ lane, 23) * 0x9E3779B97F4A7C15ULL;
        return h ^ (h >> 31);
    }

private:
    uint64_t lanes_[4] = {1, 2, 3, 4};
    uint64_t count_ = 0;
};

uint64_t header_checksum(const FileHeader& h) {
    Checksum c;
    c.update(&h, offsetof(FileHeader, header_checksum));
    return c.value();
}

void copy_text(char* dst, std::size_t size, const std::string& text) {
    std::memset(dst, 0, size);
    std::memcpy(dst, text.data(), std::min(size - 1, text.size()));
}
std::string text_of(const char* src, std::size_t size) { return std::string(src, strnlen(src, size)); }

uint32_t low_bits_for(uint64_t universe, uint64_t members) {
    if (members == 0) return 31;
    uint32_t l = 0;
    while (l < 31 && (members << (l + 1)) <= universe) ++l;
    return l;
}

// Writes the header, then the sections through put(), to a temporary file renamed into place at the end; the
// header is written again with the checksums once the data is known.
using Put = std::function<void(const void*, std::size_t)>;
std::optional<std::string> write_file(const std::string& path, FileHeader h, const std::function<void(const Put&)>& body) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path target(path);
    if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
    const std::string tmp = path + ".tmp" + std::to_string(getpid());
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return "cannot write '" + tmp + "': " + std::strerror(errno);
    Checksum sum;
    out.write(reinterpret_cast<const char*>(&h), sizeof h);  // rewritten with the checksums at the end
    body([&](const void* data, std::size_t bytes) {
        sum.update(data, bytes);
        out.write(static_cast<const char*>(data), std::streamsize(bytes));
    });
    h.data_checksum = sum.value();
    h.header_checksum = header_checksum(h);
    out.seekp(0);
    out.write(reinterpret_cast<const char*>(&h), sizeof h);
    out.close();
    if (!out) {
        fs::remove(tmp, ec);
        return "cannot write '" + tmp + "' (disk full?)";
    }
    fs::rename(tmp, target, ec);
    if (ec) {
        fs::remove(tmp, ec);
        return "cannot rename the finished table to '" + path + "': " + ec.message();
    }
    return std::nullopt;
}

constexpr uint8_t kFullFar = 254;
static_assert(2 * full::kByteLevels < kFullFar);

}  // namespace

// ---------------------------------------------------------------------------------------------------------
// Writing
std::optional<std::string> write_tablebase(const std::string& path, const SolvedSet& set, const SolveSummary& summary,
                                           const std::string& root_sfen, bool drops) {
    const uint64_t universe = packed::kIndexSize, members = set.size();
    const uint32_t L = low_bits_for(universe, members);
    const uint64_t zeros = (universe >> L) + 1, high_bits = members + zeros;
    std::vector<uint64_t> high((high_bits + 63) / 64, 0), low((members * L + 63) / 64 + 1, 0), samples;
    samples.reserve(zeros / kSample + 2);
    // Members in number order; between them, the zeros that close each bucket of the high part.
    uint64_t i = 0, bucket = 0, zero_count = 0, pos = 0;
    auto close_buckets_to = [&](uint64_t target) {
        for (; bucket < target; ++bucket, ++pos) {
            if (zero_count % kSample == 0) samples.push_back(pos);
            ++zero_count;
        }
    };
    const uint64_t* bits = set.bits();
    for (uint64_t w = 0; w < set.words(); ++w)
        for (uint64_t b = bits[w]; b; b &= b - 1, ++i) {
            const uint64_t x = w * 64 + uint64_t(std::countr_zero(b));
            close_buckets_to(x >> L);
            high[pos >> 6] |= uint64_t(1) << (pos & 63);
            ++pos;
            if (L) {
                const uint64_t lx = x & ((uint64_t(1) << L) - 1), at = i * L;
                low[at >> 6] |= lx << (at & 63);
                if ((at & 63) + L > 64) low[(at >> 6) + 1] |= lx >> (64 - (at & 63));
            }
        }
    close_buckets_to(zeros);
    if (pos != high_bits || i != members) return "internal error: the set's size changed while writing";
    low.resize((members * L + 63) / 64);

    FileHeader h{};
    std::memcpy(h.magic, kTablebaseMagic, 8);
    h.version = kTablebaseVersion;
    h.header_size = sizeof(FileHeader);
    copy_text(h.game, sizeof h.game, "dobutsu");
    copy_text(h.convention, sizeof h.convention, drops ? kConvention : kConventionNoDrops);
    copy_text(h.root, sizeof h.root, root_sfen);
    h.universe = universe;
    h.members = members;
    h.reachable = summary.reachable;
    h.terminal = summary.terminal;
    h.won = summary.won;
    h.drawn = summary.drawn;
    h.lost = summary.lost;
    h.max_distance = uint32_t(summary.max_distance);
    h.low_bits = L;
    h.sample = kSample;
    h.words[0] = high.size();
    h.words[1] = low.size();
    h.words[2] = samples.size();
    h.words[3] = (members + 7) / 8;
    h.words[4] = (members + 63) / 64;

    return write_file(path, h, [&](const Put& put) {
        put(high.data(), high.size() * 8);
        put(low.data(), low.size() * 8);
        put(samples.data(), samples.size() * 8);
        {
            // Values: the solver's codes turned into distances, a chunk at a time.
            std::vector<uint8_t> chunk(1 << 20);
            const uint8_t* codes = set.codes();
            for (uint64_t r = 0; r < h.words[3] * 8; r += chunk.size()) {
                const uint64_t n = std::min<uint64_t>(chunk.size(), h.words[3] * 8 - r);
                for (uint64_t k = 0; k < n; ++k) {
                    const uint64_t at = r + k;
                    const uint8_t c = at < members ? codes[at] : 0;
                    chunk[k] = c >= SolvedSet::kResolved ? uint8_t(c - SolvedSet::kResolved + 1) : 0;
                }
                put(chunk.data(), n);
            }
        }
        std::vector<uint64_t> wins(set.win_bits(), set.win_bits() + h.words[4]);
        if (members % 64) wins.back() &= (uint64_t(1) << (members % 64)) - 1;
        put(wins.data(), wins.size() * 8);
    });
}

std::optional<std::string> write_full_tablebase(const std::string& path, const full::FullSet& set,
                                                const full::FullSummary& summary, bool drops) {
    FileHeader h{};
    std::memcpy(h.magic, kTablebaseMagic, 8);
    h.version = kTablebaseVersion;
    h.header_size = sizeof(FileHeader);
    copy_text(h.game, sizeof h.game, "dobutsu");
    copy_text(h.convention, sizeof h.convention, drops ? kConventionFull : kConventionFullNoDrops);
    copy_text(h.root, sizeof h.root, "");
    h.universe = full::kSize;
    h.members = summary.members;
    h.reachable = summary.members;
    h.won = summary.won;
    h.drawn = summary.drawn;
    h.lost = summary.lost;
    h.max_distance = uint32_t(summary.max_distance);
    h.words[0] = (full::kSize + 63) / 64;
    h.words[3] = (summary.members + 7) / 8;
    h.words[4] = set.far().size();
    const uint8_t* codes = set.codes();
    return write_file(path, h, [&](const Put& put) {
        // Members: a bit per number of the index.
        std::vector<uint64_t> bits(1 << 14);
        for (uint64_t w0 = 0; w0 < h.words[0]; w0 += bits.size()) {
            const uint64_t n = std::min<uint64_t>(bits.size(), h.words[0] - w0);
            for (uint64_t k = 0; k < n; ++k) {
                uint64_t word = 0;
                for (uint64_t b = 0; b < 64; ++b) {
                    const uint64_t i = (w0 + k) * 64 + b;
                    if (i < full::kSize && codes[i] != 0) word |= uint64_t(1) << b;
                }
                bits[k] = word;
            }
            put(bits.data(), n * 8);
        }
        // Values: a byte per member, in index order.
        std::vector<uint8_t> chunk(1 << 20);
        uint64_t filled = 0, written = 0;
        auto emit = [&](uint8_t v) {
            chunk[filled++] = v;
            if (filled == chunk.size()) {
                put(chunk.data(), filled);
                written += filled;
                filled = 0;
            }
        };
        for (uint64_t i = 0; i < full::kSize; ++i) {
            const uint8_t c = codes[i];
            if (c == 0) continue;
            const SolvedValue v = full::value_of_code(c);
            emit(c == full::kFar                  ? kFullFar
                 : v.kind == SolvedValue::Win  ? uint8_t(2 * v.distance - 1)
                 : v.kind == SolvedValue::Loss ? uint8_t(2 * v.distance)
                                               : 0);
        }
        while ((written + filled) % 8) emit(0);
        put(chunk.data(), filled);
        put(set.far().data(), set.far().size() * 8);
    });
}

// ---------------------------------------------------------------------------------------------------------
// Loading
Result<std::shared_ptr<const Tablebase>> Tablebase::load(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
        return Error{"tablebase '" + path + "': not a regular file"};
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{"tablebase '" + path + "': cannot open: " + std::strerror(errno)};
    in.seekg(0, std::ios::end);
    const auto end = in.tellg();
    if (end < 0) return Error{"tablebase '" + path + "': cannot tell its size"};
    in.seekg(0);
    return read(in, uint64_t(end), path);
}

// A fuzzing build (FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION, set by fuzz/CMakeLists.txt alone) lets a wrong
// checksum through, so that the fuzzer reaches the structure checks behind it; every other build refuses it.
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
constexpr bool kChecksumsChecked = false;
#else
constexpr bool kChecksumsChecked = true;
#endif

Result<std::shared_ptr<const Tablebase>> Tablebase::read(std::istream& in, uint64_t size, const std::string& path) {
    const std::string where = "tablebase '" + path + "': ";
    FileHeader h{};
    if (size < sizeof h || !in.read(reinterpret_cast<char*>(&h), sizeof h))
        return Error{where + "too short to be a tablebase (truncated?)"};
    if (std::memcmp(h.magic, kTablebaseMagic, 8) != 0) return Error{where + "not a Menagerie tablebase (bad magic)"};
    if (h.version != kTablebaseVersion)
        return Error{where + "format version " + std::to_string(h.version) + ", this engine reads version " +
                     std::to_string(kTablebaseVersion) + " (rebuild it with 'menagerie solve dobutsu')"};
    if (h.header_size != sizeof h || (kChecksumsChecked && header_checksum(h) != h.header_checksum))
        return Error{where + "the header is corrupt (checksum mismatch)"};
    if (text_of(h.game, sizeof h.game) != "dobutsu")
        return Error{where + "a table for '" + text_of(h.game, sizeof h.game) + "', not dobutsu"};
    const std::string convention = text_of(h.convention, sizeof h.convention);
    const bool complete = convention == kConventionFull || convention == kConventionFullNoDrops;
    if (convention != kConvention && convention != kConventionNoDrops && !complete)
        return Error{where + "another rules convention ('" + convention + "')"};
    const bool drops = convention == kConvention || convention == kConventionFull;
    if (complete) {
        // One section: a value byte for every number of the complete index.
        if (h.universe != full::kSize || h.members > h.universe)
            return Error{where + "sizes that do not fit this engine's numbering"};
        if (h.words[0] != (full::kSize + 63) / 64 || h.words[1] || h.words[2] || h.words[3] != (h.members + 7) / 8 ||
            h.words[4] > h.members)
            return Error{where + "section sizes that do not match its header"};
        const uint64_t words = h.words[0] + h.words[3] + h.words[4];
        if (size != sizeof h + words * 8)
            return Error{where + "size " + std::to_string(size) + " bytes, expected " +
                         std::to_string(sizeof h + words * 8) + (size < sizeof h + words * 8 ? " (truncated)" : "")};
        auto tb = std::shared_ptr<Tablebase>(new Tablebase());
        tb->data_.reset(new uint64_t[words]);  // not zeroed: the read fills it
        if (!in.read(reinterpret_cast<char*>(tb->data_.get()), std::streamsize(words * 8)))
            return Error{where + "read error (truncated?)"};
        Checksum sum;
        sum.update(tb->data_.get(), words * 8);
        if (kChecksumsChecked && sum.value() != h.data_checksum)
            return Error{where + "the data is corrupt (checksum mismatch)"};
        tb->high_ = tb->data_.get();
        tb->values_ = reinterpret_cast<const uint8_t*>(tb->data_.get() + h.words[0]);
        tb->far_ = tb->data_.get() + h.words[0] + h.words[3];
        tb->far_count_ = h.words[4];
        // The rank directory (members before each block of 512 numbers), and the structure the probes rely on:
        // as many members as the header says, none beyond the index; the far list rising over far members,
        // as many as the far bytes.
        const uint64_t blocks = (h.words[0] + SolvedSet::kBlockWords - 1) / SolvedSet::kBlockWords;
        tb->block_ranks_.resize(blocks + 1);
        uint64_t ones = 0;
        for (uint64_t w = 0; w < h.words[0]; ++w) {
            if (w % SolvedSet::kBlockWords == 0) tb->block_ranks_[w / SolvedSet::kBlockWords] = ones;
            ones += uint64_t(std::popcount(tb->high_[w]));
        }
        tb->block_ranks_[blocks] = ones;
        if (ones != h.members || (tb->high_[h.words[0] - 1] >> (full::kSize % 64)) != 0)
            return Error{where + "inconsistent member bits"};
        for (uint64_t k = 0; k < tb->far_count_; ++k) {
            const uint64_t e = tb->far_[k], i = e >> 32;
            const auto r = i < full::kSize ? tb->complete_rank(i) : std::nullopt;
            if (!r || (k && i <= tb->far_[k - 1] >> 32) || tb->values_[*r] != kFullFar ||
                full::far_value(e).distance <= 0 || (e & 0xFFFE0000) != 0)
                return Error{where + "an inconsistent list of far positions"};
        }
        if (uint64_t(std::count(tb->values_, tb->values_ + h.members, kFullFar)) != tb->far_count_)
            return Error{where + "an inconsistent list of far positions"};
        tb->complete_ = true;
        tb->info_ = {"", h.universe, h.members, h.reachable, h.terminal, h.won, h.drawn, h.lost, int(h.max_distance),
                     drops, true};
        tb->path_ = path;
        return std::shared_ptr<const Tablebase>(std::move(tb));
    }
    if (h.universe != packed::kIndexSize || h.members > h.universe || h.low_bits > 31 || h.sample == 0)
        return Error{where + "sizes that do not fit this engine's numbering"};
    const uint64_t zeros = (h.universe >> h.low_bits) + 1, high_bits = h.members + zeros;
    if (h.words[0] != (high_bits + 63) / 64 || h.words[1] != (h.members * h.low_bits + 63) / 64 ||
        h.words[2] != (zeros + h.sample - 1) / h.sample || h.words[3] != (h.members + 7) / 8 ||
        h.words[4] != (h.members + 63) / 64)
        return Error{where + "section sizes that do not match its header"};
    uint64_t total_words = 0;
    for (uint64_t w : h.words) total_words += w;
    if (size != sizeof h + total_words * 8)
        return Error{where + "size " + std::to_string(size) + " bytes, expected " +
                     std::to_string(sizeof h + total_words * 8) + (size < sizeof h + total_words * 8 ? " (truncated)" : "")};
    auto tb = std::shared_ptr<Tablebase>(new Tablebase());
    tb->data_.reset(new uint64_t[total_words]);  // not zeroed: the read fills it
    if (!in.read(reinterpret_cast<char*>(tb->data_.get()), std::streamsize(total_words * 8)))
        return Error{where + "read error (truncated?)"};
    Checksum sum;
    sum.update(tb->data_.get(), total_words * 8);
    if (kChecksumsChecked && sum.value() != h.data_checksum) return Error{where + "the data is corrupt (checksum mismatch)"};
    const uint64_t* p = tb->data_.get();
    tb->high_ = p;
    tb->low_ = p + h.words[0];
    tb->samples_ = tb->low_ + h.words[1];
    tb->values_ = reinterpret_cast<const uint8_t*>(tb->samples_ + h.words[2]);
    tb->wins_ = tb->samples_ + h.words[2] + h.words[3];
    tb->high_bits_ = high_bits;
    tb->sample_count_ = h.words[2];
    tb->low_bits_ = h.low_bits;
    tb->sample_ = h.sample;
    // The structure the probes rely on: as many ones as members, samples inside the high bits and rising.
    uint64_t ones = 0;
    for (uint64_t w = 0; w < h.words[0]; ++w) ones += uint64_t(std::popcount(tb->high_[w]));
    if (ones != h.members) return Error{where + "inconsistent member bits"};
    for (uint64_t j = 0; j < tb->sample_count_; ++j)
        if (tb->samples_[j] >= high_bits || (j && tb->samples_[j] <= tb->samples_[j - 1]))
            return Error{where + "inconsistent select samples"};
    tb->info_ = {text_of(h.root, sizeof h.root), h.universe, h.members, h.reachable, h.terminal, h.won, h.drawn,
                 h.lost, int(h.max_distance), drops, false};
    tb->path_ = path;
    return std::shared_ptr<const Tablebase>(std::move(tb));
}

// ---------------------------------------------------------------------------------------------------------
// Probing
uint64_t Tablebase::select0(uint64_t k) const {
    const uint64_t j = k / sample_;
    uint64_t p = samples_[j], r = k - j * sample_;
    uint64_t w = p >> 6;
    uint64_t zeros = ~high_[w] & (~uint64_t(0) << (p & 63));
    const uint64_t words = (high_bits_ + 63) / 64;
    for (;;) {
        const uint64_t c = uint64_t(std::popcount(zeros));
        if (r < c) return w * 64 + uint64_t(packed::nth_bit(zeros, int(r)));
        r -= c;
        if (++w >= words) return high_bits_;  // not reached for k below the number of zeros
        zeros = ~high_[w];
    }
}

std::optional<uint64_t> Tablebase::rank(uint32_t x) const {
    if (x >= info_.universe || info_.members == 0) return std::nullopt;
    const uint64_t hx = uint64_t(x) >> low_bits_, lx = uint64_t(x) & ((uint64_t(1) << low_bits_) - 1);
    uint64_t p = hx == 0 ? 0 : select0(hx - 1) + 1;
    uint64_t i = p - hx;
    for (; p < high_bits_ && (high_[p >> 6] >> (p & 63) & 1) && i < info_.members; ++p, ++i) {
        uint64_t li = 0;
        if (low_bits_) {
            const uint64_t at = i * low_bits_;
            li = low_[at >> 6] >> (at & 63);
            if ((at & 63) + low_bits_ > 64) li |= low_[(at >> 6) + 1] << (64 - (at & 63));
            li &= (uint64_t(1) << low_bits_) - 1;
        }
        if (li == lx) return i;
        if (li > lx) return std::nullopt;
    }
    return std::nullopt;
}

std::optional<uint64_t> Tablebase::complete_rank(uint64_t i) const {
    const uint64_t word = i >> 6;
    if (!(high_[word] >> (i & 63) & 1)) return std::nullopt;
    const uint64_t block = word / SolvedSet::kBlockWords;
    uint64_t r = block_ranks_[block];
    for (uint64_t w = block * SolvedSet::kBlockWords; w < word; ++w) r += uint64_t(std::popcount(high_[w]));
    return r + uint64_t(std::popcount(high_[word] & ((uint64_t(1) << (i & 63)) - 1)));
}

std::optional<SolvedValue> Tablebase::entry(const packed::State& s) const {
    if (complete_) {
        const uint64_t i = full::index_of(s);
        if (i == full::kNone) return std::nullopt;
        const auto r = complete_rank(i);
        if (!r) return std::nullopt;
        const uint8_t v = values_[*r];
        if (v == kFullFar) {
            const uint64_t* end = far_ + far_count_;
            const uint64_t* it = std::lower_bound(far_, end, i << 32);
            if (it == end || *it >> 32 != i) return std::nullopt;
            return full::far_value(*it);
        }
        if (v == 0) return SolvedValue{};
        return SolvedValue{v & 1 ? SolvedValue::Win : SolvedValue::Loss, (v + 1) / 2};
    }
    const auto r = rank(packed::canonical_index(s));
    if (!r) return std::nullopt;
    const uint8_t v = values_[*r];
    if (v == 0) return SolvedValue{};
    const bool win = wins_[*r >> 6] >> (*r & 63) & 1;
    return SolvedValue{win ? SolvedValue::Win : SolvedValue::Loss, int(v)};
}

std::optional<OracleValue> Tablebase::probe(const Position& p) const {
    switch (p.decided()) {
        case Outcome::Win: return OracleValue{Outcome::Win, 0};
        case Outcome::Loss: return OracleValue{Outcome::Loss, 0};
        default: break;
    }
    const packed::State s = packed::from_position(p.side() == Sente ? p : turned(p));
    // The convention's terminal positions: taking the lion is one ply; a try that stands is one reply away.
    switch (packed::terminal(s)) {
        case packed::Terminal::Won: return OracleValue{Outcome::Win, 1};
        case packed::Terminal::Lost: return OracleValue{Outcome::Loss, 1};
        default: break;
    }
    const auto e = entry(s);
    if (!e) return std::nullopt;
    // Our rules add one ply to every decided distance of the convention: the capture itself, or the reply
    // after which a try stands.
    switch (e->kind) {
        case SolvedValue::Win: return OracleValue{Outcome::Win, e->distance + 1};
        case SolvedValue::Loss: return OracleValue{Outcome::Loss, e->distance + 1};
        default: return OracleValue{Outcome::Draw, 0};
    }
}

std::string Tablebase::describe() const {
    if (complete_)
        return "Dobutsu tablebase " + path_ + ": every position, " + std::to_string(info_.members) + " (" +
               std::to_string(info_.won) + " won, " + std::to_string(info_.drawn) + " drawn, " +
               std::to_string(info_.lost) + " lost)";
    return "Dobutsu tablebase " + path_ + ": " + std::to_string(info_.members) + " positions from '" + info_.root +
           "' (" + std::to_string(info_.won) + " won, " + std::to_string(info_.drawn) + " drawn, " +
           std::to_string(info_.lost) + " lost)";
}

std::string default_tablebase_path() {
    if (const char* dir = std::getenv("MENAGERIE_TABLEBASE_DIR"); dir && *dir) return std::string(dir) + "/dobutsu.mtb";
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
        return std::string(xdg) + "/menagerie/dobutsu.mtb";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::string(home) + "/.local/share/menagerie/dobutsu.mtb";
    return "dobutsu.mtb";
}

Result<std::shared_ptr<const Oracle<Dobutsu>>> load_oracle(const std::string& path) {
    // Sessions are made afresh when the game changes; a table already in memory is shared, not read again.
    static std::mutex mutex;
    static std::map<std::string, std::weak_ptr<const Tablebase>> cache;
    std::error_code ec;
    const auto stamp = std::filesystem::last_write_time(path, ec);
    const long long ticks = ec ? 0 : static_cast<long long>(stamp.time_since_epoch().count());
    const std::string key = path + "|" + (ec ? "" : std::to_string(ticks));
    std::lock_guard lock(mutex);
    if (auto hit = cache[key].lock()) return std::shared_ptr<const Oracle<Dobutsu>>(hit);
    auto loaded = Tablebase::load(path);
    if (!loaded) return Error{loaded.error()};
    if (!loaded.value()->info().drops)
        return Error{"tablebase '" + path + "': a test table of the subgame without drops, not for play"};
    cache[key] = loaded.value();
    return std::shared_ptr<const Oracle<Dobutsu>>(loaded.value());
}

}  // namespace menagerie::dobutsu
