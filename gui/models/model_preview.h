// What the model panel shows about a GGUF file before it is loaded, read straight from the file's
// header with the GGUF reader (no weights touched). Reading is cheap but not free for files with a
// large vocabulary, so the panel runs readModelPreview() off the GUI thread.
#pragma once

#include <QList>
#include <QMetaType>
#include <QPair>
#include <QString>

#include "common/error.h"

namespace tessera::gguf {
class GgufFile;
}

namespace tessera::gui {

struct TensorTypeCount {
  QString type;        // "Q4_K"
  int tensors = 0;
  quint64 bytes = 0;
  bool supported = true;
};

struct ModelPreview {
  QString path;
  quint64 file_size = 0;
  quint32 gguf_version = 0;
  QString name;          // general.name, else the file's base name
  QString architecture;  // general.architecture ("" when missing)
  quint64 parameter_count = 0;  // sum of tensor elements
  int context_length = 0;       // {arch}.context_length, 0 when missing
  int layer_count = 0;          // {arch}.block_count
  int embedding_length = 0;     // {arch}.embedding_length
  int head_count = 0;           // {arch}.attention.head_count
  int head_count_kv = 0;        // {arch}.attention.head_count_kv
  int vocab_size = 0;           // tokenizer.ggml.tokens length
  QString tokenizer;            // tokenizer.ggml.model
  bool has_chat_template = false;
  int tensor_count = 0;
  QList<TensorTypeCount> types;  // by bytes, largest first
  QString file_type;             // the dominant weight type, e.g. "Q4_K" (by bytes)

  // Tensor types in the file that the engine cannot compute with; empty when all are supported.
  QStringList unsupportedTypes() const;
};

Result<ModelPreview> readModelPreview(const QString& path);
// The same, for a file already open (the model library reads the header once for this and the spec).
ModelPreview describeModelFile(const gguf::GgufFile& file, const QString& path);

}  // namespace tessera::gui

Q_DECLARE_METATYPE(tessera::gui::ModelPreview)
