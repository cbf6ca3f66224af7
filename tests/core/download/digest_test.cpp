// Checksums against published references: FIPS 180-2's SHA-256 examples and git's blob ids
// (`printf 'hello\n' | git hash-object --stdin`), fed whole and in uneven pieces.
#include "download/content_digest.h"

#include <gtest/gtest.h>

#include <string>

namespace tessera::download {
namespace {

std::string digest_of(DigestKind kind, const std::string& text, size_t piece) {
  auto h = ContentHasher::make(kind, text.size());
  EXPECT_TRUE(h.ok());
  for (size_t at = 0; at < text.size(); at += piece)
    h->update(reinterpret_cast<const uint8_t*>(text.data()) + at, std::min(piece, text.size() - at));
  return h->finish_hex();
}

TEST(ContentDigest, Sha256OfFips180Examples) {
  const std::pair<std::string, std::string> cases[] = {
      {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
      {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
      {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
      {std::string(1000000, 'a'), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
  };
  for (const auto& [text, hex] : cases) {
    for (size_t piece : {size_t{1} << 20, size_t{7}, size_t{64}}) {
      if (text.size() > 1000 && piece < 64) continue;
      EXPECT_EQ(digest_of(DigestKind::Sha256, text, piece), hex) << text.size() << " bytes in pieces of " << piece;
    }
  }
}

TEST(ContentDigest, GitBlobIds) {
  EXPECT_EQ(digest_of(DigestKind::GitBlobSha1, "hello\n", 2), "ce013625030ba8dba906f756967f9e9ca394464a");
  EXPECT_EQ(digest_of(DigestKind::GitBlobSha1, "", 1), "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
  EXPECT_STREQ(digest_kind_name(DigestKind::Sha256), "SHA-256");
}

}  // namespace
}  // namespace tessera::download
