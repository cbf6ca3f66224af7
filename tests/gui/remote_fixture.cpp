#include "remote_fixture.h"

#include <httplib.h>

#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>

#include "model_source_panel.h"
#include "remote_endpoint_panel.h"

namespace tessera::gui::test {

RemoteWindow::RemoteWindow() : window(makeTesseraEngineSession()) {
  window.show();
  window.findChild<ModelSourcePanel*>()->setSource(ModelSourcePanel::Source::Server);
}

RemoteEndpointPanel* RemoteWindow::panel() const { return window.findChild<RemoteEndpointPanel*>(); }

bool RemoteWindow::listModels(const QString& url, const QString& key) {
  RemoteEndpointPanel* panel = this->panel();
  panel->urlEdit()->setText(url);
  panel->keyEdit()->setText(key);
  QSignalSpy listed(panel, &RemoteEndpointPanel::modelsListed);
  panel->listButton()->click();
  if (!waitUntil([&] { return listed.count() == 1; }, 30000)) return false;
  return listed.first().at(0).toBool();
}

bool RemoteWindow::connectTo(const QString& url, const QString& key, const QString& model) {
  RemoteEndpointPanel* panel = this->panel();
  panel->urlEdit()->setText(url);
  panel->keyEdit()->setText(key);
  panel->modelBox()->setEditText(model);
  QSignalSpy failed(window.engine(), &EngineClient::loadFailed);
  panel->connectButton()->click();
  waitUntil([&] { return window.engine()->state() == EngineClient::State::Ready || failed.count() > 0; }, 30000);
  return window.engine()->state() == EngineClient::State::Ready;
}

BusyClient::BusyClient(int port, const QString& key) {
  thread_ = std::thread([this, port, key = key.toStdString()] {
    httplib::Client client("127.0.0.1", port);
    client.set_read_timeout(60, 0);
    httplib::Request req;
    req.method = "POST";
    req.path = "/v1/completions";
    req.headers = {{"Content-Type", "application/json"}};
    if (!key.empty()) req.headers.emplace("Authorization", "Bearer " + key);
    req.body = R"({"model":"tiny","prompt":"Once upon a time","max_tokens":100000,"ignore_eos":true,"stream":true})";
    req.content_receiver = [this](const char*, size_t, uint64_t, uint64_t) {
      events_.fetch_add(1);
      return !done_.load();
    };
    httplib::Response res;
    httplib::Error error;
    client.send(req, res, error);
  });
}

BusyClient::~BusyClient() {
  done_ = true;
  thread_.join();
}

}  // namespace tessera::gui::test
