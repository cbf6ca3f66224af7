// What the app knows about a GGUF file before it is loaded, and whether the engine can run it:
// read from the file's header with core's GGUF reader and model loader (build_model_spec, the
// checks a load makes) and described by core's describe_model, as `tessera-cli inspect` does. No
// weights are read. The model panel's preview, the model library and the engine session's check
// before it replaces a loaded model all read files through readModelPreview, so they agree.
// Reading is cheap but not free (a large vocabulary is parsed), so callers run it off the GUI
// thread.
#pragma once

#include <QCoreApplication>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <memory>

#include "engine/model_info.h"

namespace tessera {
struct ModelSpec;
}

namespace tessera::gui {

// Why the engine cannot run a file.
enum class ModelProblem {
  None,
  Unreadable,               // not a GGUF file, truncated or corrupt: the reader refused its header
  NoWeights,                // a GGUF file without tensors (a vocabulary-only file)
  UnsupportedArchitecture,  // general.architecture is none the engine runs
  UnsupportedType,          // a tensor type the engine cannot compute with
  Invalid,                  // a supported architecture with missing or misshaped tensors
};

struct ModelPreview {
  QString path;
  quint64 file_size = 0;
  // core's description: every field for a file the engine can run; for one it cannot, what the
  // header says (architecture, tensor types and sizes; name = the file's name).
  tessera::ModelInfo info;
  // Shapes and types only (the mapping is let go: the planner sizes tensors from type and shape);
  // null when the engine cannot run the file.
  std::shared_ptr<const tessera::ModelSpec> spec;
  ModelProblem problem = ModelProblem::None;
  QString reason;  // the reader's or loader's message when problem != None

  bool usable() const { return problem == ModelProblem::None; }
  QString name() const;          // general.name, else the file's name
  QString architecture() const;  // "" when the file names none
  // The type holding most bytes ("Q4_K"); "" without tensors.
  QString mainType() const;
  // Tensor types in the file the engine cannot compute with; empty when all are supported.
  QStringList unsupportedTypes() const;
};

// Reads `path`. Never fails: what goes wrong is the preview's problem and reason.
ModelPreview readModelPreview(const QString& path);

class ModelProblems {
  Q_DECLARE_TR_FUNCTIONS(ModelProblems)

 public:
  // Why the engine cannot run the file, in a few words of the interface language ("Vocabulary
  // only: no weights"); empty for a usable file. The reason says the rest.
  static QString text(const ModelPreview& preview);
};

}  // namespace tessera::gui

Q_DECLARE_METATYPE(tessera::gui::ModelPreview)
