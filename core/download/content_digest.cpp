#include "download/content_digest.h"

#include <openssl/evp.h>

namespace tessera::download {

struct ContentHasher::State {
  EVP_MD_CTX* ctx = nullptr;
  ~State() {
    if (ctx != nullptr) EVP_MD_CTX_free(ctx);
  }
};

const char* digest_kind_name(DigestKind kind) {
  return kind == DigestKind::Sha256 ? "SHA-256" : "git blob SHA-1";
}

std::string to_hex(const uint8_t* data, size_t size) {
  static const char* kHex = "0123456789abcdef";
  std::string out;
  out.reserve(size * 2);
  for (size_t i = 0; i < size; ++i) {
    out.push_back(kHex[data[i] >> 4]);
    out.push_back(kHex[data[i] & 15]);
  }
  return out;
}

Result<ContentHasher> ContentHasher::make(DigestKind kind, uint64_t total_size) {
  ContentHasher h;
  h.kind_ = kind;
  h.state_ = std::make_unique<State>();
  h.state_->ctx = EVP_MD_CTX_new();
  const EVP_MD* md = kind == DigestKind::Sha256 ? EVP_sha256() : EVP_sha1();
  if (h.state_->ctx == nullptr || md == nullptr || EVP_DigestInit_ex(h.state_->ctx, md, nullptr) != 1) {
    return make_error(ErrorKind::Io, std::string("cannot start a ") + digest_kind_name(kind) + " computation (OpenSSL)");
  }
  if (kind == DigestKind::GitBlobSha1) {
    const std::string header = "blob " + std::to_string(total_size);
    h.update(reinterpret_cast<const uint8_t*>(header.c_str()), header.size() + 1);  // with its '\0'
  }
  return h;
}

ContentHasher::ContentHasher(ContentHasher&&) noexcept = default;
ContentHasher& ContentHasher::operator=(ContentHasher&&) noexcept = default;
ContentHasher::~ContentHasher() = default;

void ContentHasher::update(const uint8_t* data, size_t size) {
  if (size > 0) EVP_DigestUpdate(state_->ctx, data, size);
}

std::string ContentHasher::finish_hex() {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  EVP_DigestFinal_ex(state_->ctx, digest, &n);
  return to_hex(digest, n);
}

}  // namespace tessera::download
