#include "model_preview.h"

#include <QFileInfo>
#include <QHash>
#include <QStringList>

#include <algorithm>
#include <string>

#include "gguf/gguf_file.h"

namespace tessera::gui {
namespace {

int metadataInt(const gguf::GgufFile& file, const std::string& key) {
  const gguf::Value* value = file.find(key);
  if (value == nullptr) return 0;
  auto v = value->as_uint();
  return v && *v <= static_cast<uint64_t>(INT32_MAX) ? static_cast<int>(*v) : 0;
}

QString metadataString(const gguf::GgufFile& file, const std::string& key) {
  const gguf::Value* value = file.find(key);
  if (value == nullptr || !value->is_string()) return {};
  return QString::fromStdString(value->as_string());
}

}  // namespace

QStringList ModelPreview::unsupportedTypes() const {
  QStringList names;
  for (const auto& t : types)
    if (!t.supported) names << t.type;
  return names;
}

Result<ModelPreview> readModelPreview(const QString& path) {
  TESSERA_ASSIGN_OR_RETURN(auto file, gguf::GgufFile::open(path.toStdString()));
  return describeModelFile(*file, path);
}

ModelPreview describeModelFile(const gguf::GgufFile& file, const QString& path) {
  ModelPreview preview;
  preview.path = path;
  preview.file_size = file.file_size();
  preview.gguf_version = file.version();
  preview.architecture = QString::fromStdString(file.architecture());
  preview.name = metadataString(file, "general.name");
  if (preview.name.isEmpty()) preview.name = QFileInfo(path).completeBaseName();
  const std::string arch = file.architecture();
  if (!arch.empty()) {
    preview.context_length = metadataInt(file, arch + ".context_length");
    preview.layer_count = metadataInt(file, arch + ".block_count");
    preview.embedding_length = metadataInt(file, arch + ".embedding_length");
    preview.head_count = metadataInt(file, arch + ".attention.head_count");
    preview.head_count_kv = metadataInt(file, arch + ".attention.head_count_kv");
  }
  if (const gguf::Value* tokens = file.find("tokenizer.ggml.tokens"); tokens && tokens->is_array())
    preview.vocab_size = static_cast<int>(tokens->items().size());
  else if (!arch.empty())
    preview.vocab_size = metadataInt(file, arch + ".vocab_size");
  preview.tokenizer = metadataString(file, "tokenizer.ggml.model");
  preview.has_chat_template = file.has("tokenizer.chat_template");

  QHash<QString, int> index;
  for (const auto& tensor : file.tensors()) {
    preview.parameter_count += tensor.n_elements;
    const QString type = QString::fromUtf8(type_name(tensor.type).data(),
                                           static_cast<qsizetype>(type_name(tensor.type).size()));
    auto it = index.find(type);
    if (it == index.end()) {
      it = index.insert(type, static_cast<int>(preview.types.size()));
      preview.types.append(TensorTypeCount{type, 0, 0, is_supported(tensor.type)});
    }
    auto& entry = preview.types[*it];
    entry.tensors += 1;
    entry.bytes += tensor.n_bytes;
  }
  preview.tensor_count = static_cast<int>(file.tensors().size());
  std::stable_sort(preview.types.begin(), preview.types.end(),
                   [](const TensorTypeCount& a, const TensorTypeCount& b) { return a.bytes > b.bytes; });
  if (!preview.types.isEmpty()) preview.file_type = preview.types.front().type;
  return preview;
}

}  // namespace tessera::gui
