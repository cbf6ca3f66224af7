// A session whose model runs in this process hands out its engine, for the app's local server: the
// server runs its generations on the engine worker thread, between the session's own calls, and
// reads the engine's tokenizer and template from its connection threads (local_server.h). A
// separate interface, so sessions without an engine (remote, scripted) need not say so.
#pragma once

namespace tessera {
class Engine;
}

namespace tessera::gui {

class LocalEngineSource {
 public:
  virtual ~LocalEngineSource() = default;
  // Valid for the session's lifetime (loaded or not).
  virtual tessera::Engine* localEngine() = 0;
};

}  // namespace tessera::gui
