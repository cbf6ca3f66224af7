#include "model_preview.h"

#include <QFileInfo>

#include <string>
#include <utility>

#include "backend/model_spec.h"
#include "gguf/gguf_file.h"
#include "model/model_loader.h"

namespace tessera::gui {
namespace {

QString text(const std::string& s) { return QString::fromStdString(s); }

// The preview keeps a spec per file (the library: hundreds) for the split planner; the mapped files
// and their parsed vocabularies would stay in memory with it, so only shapes and types are kept.
void dropWeights(ModelSpec& spec) {
  auto drop = [](TensorRef& t) { t.data = {}; };
  drop(spec.token_embd);
  drop(spec.output_norm);
  drop(spec.output);
  for (LayerSpec& layer : spec.layers)
    for (TensorRef& t : layer.tensors) drop(t);
  spec.weights_owner.reset();
}

}  // namespace

QString ModelPreview::name() const {
  return info.name.empty() ? QFileInfo(path).fileName() : text(info.name);
}

QString ModelPreview::architecture() const { return text(info.architecture); }

QString ModelPreview::mainType() const { return text(info.main_type()); }

QStringList ModelPreview::unsupportedTypes() const {
  QStringList names;
  for (const tessera::TensorTypeCount& t : info.tensor_types)
    if (!is_supported(t.type)) names << QString::fromLatin1(type_name(t.type).data(), static_cast<qsizetype>(type_name(t.type).size()));
  return names;
}

QString ModelProblems::text(const ModelPreview& preview) {
  switch (preview.problem) {
    case ModelProblem::None: return {};
    case ModelProblem::Unreadable: return tr("Damaged or not a GGUF file");
    //: A GGUF file with a tokenizer's vocabulary but no tensors (no model to run).
    case ModelProblem::NoWeights: return tr("Vocabulary only: no weights");
    case ModelProblem::UnsupportedArchitecture: return tr("Unsupported architecture: %1").arg(preview.architecture());
    case ModelProblem::UnsupportedType:
      return tr("Unsupported tensor type: %1").arg(preview.unsupportedTypes().join(QStringLiteral(", ")));
    case ModelProblem::Invalid: return tr("Incomplete or malformed model");
  }
  return {};
}

ModelPreview readModelPreview(const QString& path) {
  ModelPreview preview;
  preview.path = path;
  preview.file_size = static_cast<quint64>(QFileInfo(path).size());
  auto opened = gguf::GgufFile::open(path.toStdString());
  if (!opened) {
    preview.problem = ModelProblem::Unreadable;
    preview.reason = text(opened.error().message);
    return preview;
  }
  std::shared_ptr<const gguf::GgufFile> file(std::move(opened).value());
  preview.file_size = file->file_size();
  auto spec = build_model_spec(file);
  if (!spec) {
    // What the header says without a spec: core's description of an empty one, so the tensor types
    // and the architecture still show beside the reason.
    tessera::ModelSpec header_only;
    header_only.architecture = file->architecture();
    if (auto name = file->get_string_or("general.name", ""); name.ok()) header_only.name = *name;
    preview.info = describe_model(*file, header_only);
    if (header_only.name.empty()) preview.info.name.clear();  // the file's name (ModelPreview::name)
    preview.info.facts.clear();
    preview.reason = text(spec.error().message);
    if (file->tensors().empty()) {
      preview.problem = ModelProblem::NoWeights;
      preview.reason = QStringLiteral("%1 holds no weights (0 tensors): it is a vocabulary-only file, not a model")
                           .arg(QFileInfo(path).fileName());
    } else if (!is_supported_architecture(file->architecture())) {
      preview.problem = ModelProblem::UnsupportedArchitecture;
    } else if (!preview.unsupportedTypes().isEmpty()) {
      preview.problem = ModelProblem::UnsupportedType;
    } else {
      preview.problem = ModelProblem::Invalid;
    }
    return preview;
  }
  preview.info = describe_model(*file, *spec);
  dropWeights(*spec);
  preview.spec = std::make_shared<const ModelSpec>(std::move(spec).value());
  return preview;
}

}  // namespace tessera::gui
