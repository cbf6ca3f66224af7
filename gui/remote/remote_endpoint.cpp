#include "remote_endpoint.h"

namespace tessera::gui {

bool isEndpointUrl(const QString& path) {
  return path.startsWith(QLatin1String("http://"), Qt::CaseInsensitive) ||
         path.startsWith(QLatin1String("https://"), Qt::CaseInsensitive);
}

}  // namespace tessera::gui
