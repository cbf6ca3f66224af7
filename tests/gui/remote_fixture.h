// Shared by the remote-endpoint suites (tessera-cli serve, llama.cpp's llama-server): a main
// window in "OpenAI-compatible server" mode, and a second client that keeps the server busy.
#pragma once

#include <QString>

#include <atomic>
#include <memory>
#include <thread>

#include "engine_types.h"
#include "gui_test_support.h"
#include "main_window.h"

namespace tessera::gui {
class RemoteEndpointPanel;
}

namespace tessera::gui::test {

struct RemoteWindow {
  FreshSettings settings;
  MainWindow window;
  RemoteWindow();
  RemoteEndpointPanel* panel() const;
  // Fills the server page and presses List Models; true once the server answered with a list.
  bool listModels(const QString& url, const QString& key);
  // Fills the page, presses Connect and waits (bounded) for Ready or a failure; true when Ready.
  bool connectTo(const QString& url, const QString& key, const QString& model);
};

// Another client that streams a long completion (ignore_eos) from `port` until destroyed, so the
// window's requests wait behind it (both servers here generate one request at a time).
class BusyClient {
 public:
  BusyClient(int port, const QString& key);
  ~BusyClient();  // closes its connection and joins
  bool streaming() const { return events_.load() > 0; }

 private:
  std::atomic<bool> done_{false};
  std::atomic<int> events_{0};
  std::thread thread_;
};

}  // namespace tessera::gui::test
