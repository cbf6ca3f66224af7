// Where the chat goes when the model runs elsewhere: an OpenAI-compatible server (a remote
// Tessera, llama.cpp's llama-server, vLLM, SGLang, ...).
#pragma once

#include <QString>

namespace tessera::gui {

struct RemoteEndpoint {
  // The base URL as OpenAI clients take it ("http://127.0.0.1:8080/v1"); one without a path gets
  // "/v1". https:// works too (cpp-httplib is built with TLS on Debian).
  QString url;
  QString api_key;  // sent as "Authorization: Bearer KEY" when not empty
  QString model;    // the "model" of every request; empty: the first the server lists
  // Connecting may take up to min(10, this) seconds; after that, each wait for the next piece of
  // the answer (the first token of a long prompt included) may take this long.
  int timeout_seconds = 120;

  bool isSet() const { return !url.trimmed().isEmpty(); }
  friend bool operator==(const RemoteEndpoint&, const RemoteEndpoint&) = default;
};

// The one rule for telling them apart: a model path that is an http:// or https:// URL is an
// OpenAI-compatible server's base URL (EngineClient::modelPath(), ModelInfo::path), anything else
// is a file.
bool isEndpointUrl(const QString& path);

}  // namespace tessera::gui
