#include <gtest/gtest.h>

#include <string>

#include "tokenizer/byte_unicode.h"
#include "tokenizer/utf8.h"

namespace tessera::tokenizer {
namespace {

TEST(Utf8, ValidPrefixLength) {
  EXPECT_EQ(utf8::valid_prefix_length("a"), 1u);
  EXPECT_EQ(utf8::valid_prefix_length("\xC3\xA9x"), 2u);           // é
  EXPECT_EQ(utf8::valid_prefix_length("\xE2\x96\x81"), 3u);        // ▁
  EXPECT_EQ(utf8::valid_prefix_length("\xF0\x9F\xA6\x99"), 4u);    // 🦙
  EXPECT_EQ(utf8::valid_prefix_length(""), 0u);
  EXPECT_EQ(utf8::valid_prefix_length("\x80"), 0u);                // stray continuation
  EXPECT_EQ(utf8::valid_prefix_length("\xC0\x80"), 0u);            // overlong NUL
  EXPECT_EQ(utf8::valid_prefix_length("\xED\xA0\x80"), 0u);        // surrogate
  EXPECT_EQ(utf8::valid_prefix_length("\xF4\x90\x80\x80"), 0u);    // above U+10FFFF
  EXPECT_EQ(utf8::valid_prefix_length("\xF0\x9F\xA6"), 0u);        // truncated
  EXPECT_TRUE(utf8::is_valid("F\xC3\xBChrer \xF0\x9F\xA6\x99"));
  EXPECT_FALSE(utf8::is_valid("ab\xFF"));
}

TEST(Utf8, IncompleteTail) {
  EXPECT_EQ(utf8::incomplete_tail_length(""), 0u);
  EXPECT_EQ(utf8::incomplete_tail_length("abc"), 0u);
  EXPECT_EQ(utf8::incomplete_tail_length("a\xF0"), 1u);
  EXPECT_EQ(utf8::incomplete_tail_length("a\xF0\x9F"), 2u);
  EXPECT_EQ(utf8::incomplete_tail_length("a\xF0\x9F\xA6"), 3u);
  EXPECT_EQ(utf8::incomplete_tail_length("a\xF0\x9F\xA6\x99"), 0u);
  EXPECT_EQ(utf8::incomplete_tail_length("\xC3"), 1u);
  EXPECT_EQ(utf8::incomplete_tail_length("\xC3\xA9"), 0u);
  // Bytes that can never complete are not held.
  EXPECT_EQ(utf8::incomplete_tail_length("\xFF"), 0u);
  EXPECT_EQ(utf8::incomplete_tail_length("\x80\x80"), 0u);
  EXPECT_EQ(utf8::incomplete_tail_length("\xE0\x80"), 0u);  // 0x80 is not a valid second byte after E0
  EXPECT_EQ(utf8::incomplete_tail_length("\xC0"), 0u);      // C0 never starts a valid sequence
}

TEST(Utf8, DecodeAndAppend) {
  const std::string s = "a\xC3\xA9\xF0\x9F\xA6\x99\xFF";
  size_t pos = 0;
  EXPECT_EQ(utf8::decode_at(s, pos), 0x61u);
  EXPECT_EQ(utf8::decode_at(s, pos), 0xE9u);
  EXPECT_EQ(utf8::decode_at(s, pos), 0x1F999u);
  EXPECT_EQ(utf8::decode_at(s, pos), 0xFFu);  // invalid byte decodes as itself
  EXPECT_EQ(pos, s.size());
  std::string out;
  for (uint32_t cp : {0x61u, 0xE9u, 0x2581u, 0x1F999u}) utf8::append_codepoint(out, cp);
  EXPECT_EQ(out, "a\xC3\xA9\xE2\x96\x81\xF0\x9F\xA6\x99");
}

TEST(ByteUnicode, Gpt2MappingIsABijection) {
  EXPECT_EQ(byte_to_codepoint(' '), 0x120u);   // Ġ
  EXPECT_EQ(byte_to_codepoint('\n'), 0x10Au);  // Ċ
  EXPECT_EQ(byte_to_codepoint('A'), static_cast<uint32_t>('A'));
  EXPECT_EQ(byte_to_codepoint(0xAD), 0x143u);  // soft hyphen is not printable
  for (int b = 0; b < 256; ++b) EXPECT_EQ(codepoint_to_byte(byte_to_codepoint(static_cast<uint8_t>(b))), b);
  std::string all;
  for (int b = 0; b < 256; ++b) all.push_back(static_cast<char>(b));
  std::string mapped, back;
  bytes_to_unicode_text(all, mapped);
  EXPECT_TRUE(utf8::is_valid(mapped));
  unicode_text_to_bytes(mapped, back);
  EXPECT_EQ(back, all);
  back.clear();
  unicode_text_to_bytes("\xE4\xBD\xA0", back);  // 你 is outside the mapping: copied through
  EXPECT_EQ(back, "\xE4\xBD\xA0");
}

}  // namespace
}  // namespace tessera::tokenizer
