#include "engine_types.h"

namespace tessera::gui {

QString chatRoleKey(ChatRole role) {
  switch (role) {
    case ChatRole::System: return QStringLiteral("system");
    case ChatRole::User: return QStringLiteral("user");
    case ChatRole::Assistant: return QStringLiteral("assistant");
  }
  return QStringLiteral("user");
}

bool chatRoleFromKey(const QString& key, ChatRole* role) {
  if (key == QLatin1String("system")) *role = ChatRole::System;
  else if (key == QLatin1String("user")) *role = ChatRole::User;
  else if (key == QLatin1String("assistant")) *role = ChatRole::Assistant;
  else return false;
  return true;
}

void registerEngineMetaTypes() {
  qRegisterMetaType<EngineError>();
  qRegisterMetaType<LoadSettings>();
  qRegisterMetaType<ModelInfo>();
  qRegisterMetaType<SamplingSettings>();
  qRegisterMetaType<GenerationRequest>();
  qRegisterMetaType<GenerationTimings>();
}

}  // namespace tessera::gui
