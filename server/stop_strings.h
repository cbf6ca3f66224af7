// Stop sequences (OpenAI's `stop`): generated text is released as it comes, except a tail that
// could be the start of a stop sequence, which is held back until it is decided. When a stop
// sequence appears, the text before it is released and the rest (the sequence included) is not.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tessera::server {

class StopMatcher {
 public:
  explicit StopMatcher(std::vector<std::string> stops);

  // Adds generated text; returns the part that is now safe to send. After a match, matched() is
  // true and later calls return "".
  std::string push(std::string_view text);
  // At the end of the generation (no match): the held-back tail.
  std::string flush();
  bool matched() const { return matched_; }

 private:
  std::vector<std::string> stops_;
  std::string pending_;
  bool matched_ = false;
};

}  // namespace tessera::server
