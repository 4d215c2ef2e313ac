#pragma once
// Other programs' text files as shogi records come: UTF-8 (with or without a byte order mark) or Shift-JIS
// (Windows' CP932, the KIF convention), converted with iconv.
#include <string>
#include <string_view>

#include "engine/core/result.hpp"

namespace menagerie {

bool is_utf8(std::string_view bytes);
// The text as UTF-8: UTF-8 as it is (its byte order mark dropped), anything else read as CP932.
Result<std::string> text_as_utf8(std::string_view bytes);
// UTF-8 text in CP932; an error naming a character it cannot hold.
Result<std::string> utf8_to_sjis(std::string_view text);

}  // namespace menagerie
