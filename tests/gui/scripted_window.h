// A main window on a scripted engine (scripted_session.h), with fresh settings, for the offscreen
// GUI tests: open-and-load a model, send a message and wait for the reply.
#pragma once

#include <QString>

#include <memory>

#include "chat_panel.h"
#include "chat_view.h"
#include "engine_client.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "message_widget.h"
#include "scripted_session.h"

namespace tessera::gui::test {

struct ScriptedWindow {
  FreshSettings settings;
  std::shared_ptr<SessionScript> script = std::make_shared<SessionScript>();
  std::unique_ptr<MainWindow> window = std::make_unique<MainWindow>(std::make_unique<ScriptedSession>(script));

  ScriptedWindow() { window->show(); }
  // Opens `path` and loads it; true once this load (not an earlier one) has finished.
  bool openAndLoad(const QString& path) {
    const int loads = script->loads.load();
    window->openModel(path, true);
    return waitUntil([&] {
      return script->loads.load() > loads && window->engine()->state() == EngineClient::State::Ready;
    });
  }
  bool reply(const QString& text) {
    if (!window->chat()->send(text)) return false;
    return waitUntil([&] { return !window->chat()->isStreaming(); });
  }
  MessageWidget* message(int row) const { return window->chatPanel()->view()->messageWidget(row); }
};

}  // namespace tessera::gui::test
