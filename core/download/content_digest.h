// Checksums of downloaded files, computed while the bytes arrive (OpenSSL's libcrypto).
//
// The hub lists a SHA-256 for every file stored with Git LFS (every GGUF file of a real
// repository); a small file kept in git itself has only its git blob id, the SHA-1 of
// "blob <size>\0" followed by the content. A download is verified with whichever the listing gave.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "common/error.h"

namespace tessera::download {

enum class DigestKind { Sha256, GitBlobSha1 };
const char* digest_kind_name(DigestKind kind);  // "SHA-256", "git blob SHA-1"

struct ExpectedDigest {
  DigestKind kind = DigestKind::Sha256;
  std::string hex;  // lower case
};

class ContentHasher {
 public:
  // `total_size` is only used by GitBlobSha1 (its header names the size).
  static Result<ContentHasher> make(DigestKind kind, uint64_t total_size);
  ContentHasher(ContentHasher&&) noexcept;
  ContentHasher& operator=(ContentHasher&&) noexcept;
  ~ContentHasher();

  void update(const uint8_t* data, size_t size);
  // The digest in lower-case hex; the hasher is spent afterwards.
  std::string finish_hex();
  DigestKind kind() const { return kind_; }

 private:
  ContentHasher() = default;
  struct State;
  std::unique_ptr<State> state_;
  DigestKind kind_ = DigestKind::Sha256;
};

// Lower-case hex of `size` bytes.
std::string to_hex(const uint8_t* data, size_t size);

}  // namespace tessera::download
