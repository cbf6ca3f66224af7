#include "hub_browser.h"

#include <QMetaObject>

namespace tessera::gui {

using namespace tessera::download;

HubBrowser::HubBrowser(QObject* parent) : QObject(parent) {
  // A search, a listing and a header or two at once; more would only queue at the hub.
  pool_.setMaxThreadCount(3);
}

HubBrowser::~HubBrowser() {
  stopping_->store(true);
  pool_.waitForDone();
}

template <typename Work, typename Answer>
void HubBrowser::run(Work work, Answer answer) {
  ++busy_;
  emit busyChanged(busy_);
  auto stopping = stopping_;
  const HubSettings settings = settings_;
  pool_.start([this, stopping, settings, work, answer] {
    HubClient hub(settings);
    const KeepGoing keep_going = [stopping] { return !stopping->load(); };
    auto result = work(hub, keep_going);
    if (stopping->load()) return;  // the browser is going: nobody to answer
    // The destructor waits for this task, so the browser exists here; an answer posted to it is
    // dropped with it if it goes before the answer is delivered.
    QMetaObject::invokeMethod(
        this,
        [this, answer, result]() mutable {
          --busy_;
          answer(std::move(result));
          emit busyChanged(busy_);
        },
        Qt::QueuedConnection);
  });
}

void HubBrowser::search(const QString& text) {
  const quint64 sequence = ++search_sequence_;
  const std::string query = text.trimmed().toStdString();
  run([query](HubClient& hub, const KeepGoing& keep_going) { return hub.search(query, 50, keep_going); },
      [this, sequence, text](Result<std::vector<HubModel>> result) {
        if (sequence != search_sequence_) return;  // a newer search was asked for
        if (result.ok())
          emit searchFinished(text, *result, {});
        else
          emit searchFinished(text, {}, QString::fromStdString(result.error().message));
      });
}

void HubBrowser::listFiles(const QString& repo) {
  const quint64 sequence = ++list_sequence_;
  const std::string id = repo.toStdString();
  run([id](HubClient& hub, const KeepGoing& keep_going) -> Result<std::vector<GgufChoice>> {
        TESSERA_ASSIGN_OR_RETURN(auto files, hub.list_files(id, "main", keep_going));
        return gguf_choices(files);
      },
      [this, sequence, repo](Result<std::vector<GgufChoice>> result) {
        if (sequence != list_sequence_) return;
        if (result.ok())
          emit filesListed(repo, *result, {});
        else
          emit filesListed(repo, {}, QString::fromStdString(result.error().message));
      });
}

void HubBrowser::fetchHeader(const QString& repo, const GgufChoice& choice) {
  const std::string id = repo.toStdString();
  const QString label = QString::fromStdString(choice.label());
  run([id, choice](HubClient& hub, const KeepGoing& keep_going) -> Result<std::shared_ptr<const RemoteModel>> {
        TESSERA_ASSIGN_OR_RETURN(RemoteModel model, fetch_remote_model(hub, id, "main", choice, keep_going));
        return std::make_shared<const RemoteModel>(std::move(model));
      },
      [this, repo, label](Result<std::shared_ptr<const RemoteModel>> result) {
        if (result.ok())
          emit headerFetched(repo, label, *result, {});
        else
          emit headerFetched(repo, label, nullptr, QString::fromStdString(result.error().message));
      });
}

}  // namespace tessera::gui
