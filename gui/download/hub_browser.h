// HubBrowser: the Download view's questions to the hub, asked off the GUI thread (a thread pool of
// its own) and answered by signals on the GUI thread: a search, a repository's GGUF models
// (gguf_choices), and the header of one model (fetch_remote_model: Range requests, no weights) for
// "will it fit". Each call takes the HubSettings it is given; nothing here knows the view.
//
// A newer search makes an older one's answer stale: only the latest search and the latest
// repository are answered (their sequence numbers). The destructor stops every request in flight
// (their KeepGoing says no) and waits for them, so no worker outlives the browser.
//
// GUI thread only.
#pragma once

#include <QObject>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <memory>
#include <vector>

#include "download/gguf_choice.h"
#include "download/hub_client.h"
#include "download/remote_fit.h"

namespace tessera::gui {

class HubBrowser : public QObject {
  Q_OBJECT

 public:
  explicit HubBrowser(QObject* parent = nullptr);
  ~HubBrowser() override;

  void setSettings(const tessera::download::HubSettings& settings) { settings_ = settings; }
  const tessera::download::HubSettings& settings() const { return settings_; }

  void search(const QString& text);
  // The repository's GGUF models; then filesListed.
  void listFiles(const QString& repo);
  // The header of `choice` of `repo`; then headerFetched with the same repo and label.
  void fetchHeader(const QString& repo, const tessera::download::GgufChoice& choice);
  // Requests in flight (searches, listings and headers).
  int busy() const { return busy_; }

 signals:
  // `error` empty: `models` are the answer.
  void searchFinished(const QString& text, const std::vector<tessera::download::HubModel>& models, const QString& error);
  void filesListed(const QString& repo, const std::vector<tessera::download::GgufChoice>& choices, const QString& error);
  void headerFetched(const QString& repo, const QString& label,
                     const std::shared_ptr<const tessera::download::RemoteModel>& model, const QString& error);
  void busyChanged(int requests);

 private:
  // Runs `work` on the pool, then `answer` with its result on this thread (unless destroyed).
  template <typename Work, typename Answer>
  void run(Work work, Answer answer);

  tessera::download::HubSettings settings_;
  QThreadPool pool_;
  std::shared_ptr<std::atomic<bool>> stopping_ = std::make_shared<std::atomic<bool>>(false);
  quint64 search_sequence_ = 0;
  quint64 list_sequence_ = 0;
  int busy_ = 0;
};

}  // namespace tessera::gui
