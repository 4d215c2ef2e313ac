#include "protocol/core/encoding.hpp"

#include <iconv.h>

#include <cerrno>

namespace menagerie {

bool is_utf8(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        const size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (!n || i + n > s.size()) return false;
        for (size_t k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(s[i + k]) >> 6) != 2) return false;
        if (n == 2 && c < 0xC2) return false;  // overlong
        i += n;
    }
    return true;
}

namespace {
Result<std::string> convert(std::string_view in, const char* to, const char* from) {
    iconv_t cd = iconv_open(to, from);
    if (cd == reinterpret_cast<iconv_t>(-1)) return Error{std::string("no conversion from ") + from + " to " + to};
    std::string out(in.size() * 4 + 16, '\0');
    char* src = const_cast<char*>(in.data());
    size_t src_left = in.size();
    char* dst = out.data();
    size_t dst_left = out.size();
    while (src_left > 0) {
        if (iconv(cd, &src, &src_left, &dst, &dst_left) == size_t(-1)) {
            const size_t at = in.size() - src_left;
            iconv_close(cd);
            if (errno == E2BIG) return Error{"the text grew too much in conversion"};
            return Error{std::string("byte ") + std::to_string(at) + " is not " + from + " text that " + to + " can hold"};
        }
    }
    iconv_close(cd);
    out.resize(out.size() - dst_left);
    return out;
}
}  // namespace

Result<std::string> text_as_utf8(std::string_view bytes) {
    if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
    if (is_utf8(bytes)) return std::string(bytes);
    auto r = convert(bytes, "UTF-8", "CP932");
    if (!r) return Error{"neither UTF-8 nor Shift-JIS: " + r.error()};
    return r;
}

Result<std::string> utf8_to_sjis(std::string_view text) { return convert(text, "CP932", "UTF-8"); }

}  // namespace menagerie
