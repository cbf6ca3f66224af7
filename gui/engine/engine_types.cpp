#include "engine_types.h"

namespace tessera::gui {

bool LoadRequest::sameAs(const LoadRequest& other) const {
  return settings.n_ctx == other.settings.n_ctx && settings.kv_type == other.settings.kv_type &&
         settings.backend == other.settings.backend && split.loadsLike(other.split);
}

void registerEngineMetaTypes() {
  qRegisterMetaType<EngineError>();
  qRegisterMetaType<LoadRequest>();
  qRegisterMetaType<ReplySettings>();
  qRegisterMetaType<ReplyStats>();
  qRegisterMetaType<tessera::ModelInfo>();
  qRegisterMetaType<tessera::ChatMessage>();
}

}  // namespace tessera::gui
