#include "split_bench_types.h"

namespace tessera::gui {

void registerSplitBenchMetaTypes() {
  qRegisterMetaType<BenchSettings>();
  qRegisterMetaType<BenchFigures>();
  qRegisterMetaType<SplitBenchResult>();
  qRegisterMetaType<QList<tessera::gui::SplitChoice>>();
}

}  // namespace tessera::gui
