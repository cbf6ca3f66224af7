// Reading the real GGUF files of /work/shared/fixtures: values checked against what the files'
// READMEs and the inspect CLI say they hold.
#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "gguf_test_util.h"
#include "support/test_support.h"

namespace tessera::gguf {
namespace {

using ::testing::HasSubstr;

const char* const kAllFixtures[] = {
    "tokenizer/ggml-vocab-llama-spm.gguf", "tokenizer/ggml-vocab-gpt-2.gguf", "models/stories260K-f32.gguf",
    "hf/llama2-f16.gguf", "hf/qwen2-f16.gguf",
};

std::unique_ptr<GgufFile> open_fixture(const std::string& rel) {
  auto r = GgufFile::open(test::fixture(rel).string());
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().describe());
  if (!r.ok()) return nullptr;
  return std::move(r).value();
}

std::map<GgmlType, int> count_types(const GgufFile& f) {
  std::map<GgmlType, int> counts;
  for (const auto& t : f.tensors()) counts[t.type]++;
  return counts;
}

void expect_tensor(const GgufFile& f, const std::string& name, GgmlType type, std::vector<int64_t> dims) {
  const TensorInfo* t = f.find_tensor(name);
  ASSERT_NE(t, nullptr) << name;
  EXPECT_EQ(t->type, type) << name;
  EXPECT_EQ(t->dims, dims) << name;
  uint64_t elements = 1;
  for (int64_t d : dims) elements *= static_cast<uint64_t>(d);
  EXPECT_EQ(t->n_elements, elements) << name;
  const TypeInfo& info = type_info(type);
  EXPECT_EQ(t->n_bytes, elements / info.block_size * info.type_size) << name;
  EXPECT_EQ(f.tensor_data(*t).size(), t->n_bytes) << name;
}

// Every fixture: opens through mmap and from bytes alike, tensors lie inside the file, aligned,
// without overlapping each other.
TEST(GgufFixtures, EveryFixtureOpensAndTensorsLieInsideTheFile) {
  for (const char* rel : kAllFixtures) {
    SCOPED_TRACE(rel);
    auto f = open_fixture(rel);
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->version(), 3u);
    EXPECT_EQ(f->alignment(), 32u);
    EXPECT_EQ(f->file_size(), std::filesystem::file_size(test::fixture(rel)));
    EXPECT_EQ(f->data_offset() % f->alignment(), 0u);
    EXPECT_FALSE(f->architecture().empty());

    std::vector<std::pair<uint64_t, uint64_t>> extents;
    for (const auto& t : f->tensors()) {
      EXPECT_EQ(t.offset % f->alignment(), 0u) << t.name;
      EXPECT_LE(f->data_offset() + t.offset + t.n_bytes, f->file_size()) << t.name;
      auto span = f->tensor_data(t);
      // The span points into the same mapping as the file's first tensor, inside the file.
      EXPECT_EQ(span.size(), t.n_bytes);
      extents.emplace_back(t.offset, t.offset + t.n_bytes);
    }
    std::sort(extents.begin(), extents.end());
    for (size_t i = 1; i < extents.size(); ++i) EXPECT_LE(extents[i - 1].second, extents[i].first);

    // The in-memory path sees the same file.
    auto bytes = test::read_file_bytes(test::fixture(rel));
    auto g = GgufFile::from_bytes(bytes, rel);
    ASSERT_TRUE(g.ok()) << g.error().describe();
    EXPECT_EQ((*g)->metadata().size(), f->metadata().size());
    ASSERT_EQ((*g)->tensors().size(), f->tensors().size());
    for (size_t i = 0; i < f->tensors().size(); ++i) {
      const auto& a = f->tensors()[i];
      const auto& b = (*g)->tensors()[i];
      EXPECT_EQ(a.name, b.name);
      EXPECT_EQ(a.dims, b.dims);
      auto sa = f->tensor_data(a);
      auto sb = (*g)->tensor_data(b);
      ASSERT_EQ(sa.size(), sb.size());
      EXPECT_TRUE(std::equal(sa.begin(), sa.end(), sb.begin())) << a.name;
    }
    // The data spans are exactly where the format puts them.
    auto layout = gguf::testing::map_layout(bytes);
    EXPECT_EQ(layout.data_start, f->data_offset());
    for (const auto& t : f->tensors()) {
      EXPECT_EQ(f->tensor_data(t).data(), f->tensor_data(f->tensors()[0]).data() - f->tensors()[0].offset + t.offset);
    }
  }
}

TEST(GgufFixtures, Stories260K) {
  auto f = open_fixture("models/stories260K-f32.gguf");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->architecture(), "llama");
  EXPECT_EQ(f->metadata().size(), 24u);
  ASSERT_EQ(f->tensors().size(), 48u);
  EXPECT_EQ(count_types(*f), (std::map<GgmlType, int>{{GgmlType::F32, 48}}));
  expect_tensor(*f, "token_embd.weight", GgmlType::F32, {64, 512});
  expect_tensor(*f, "output.weight", GgmlType::F32, {64, 512});
  expect_tensor(*f, "output_norm.weight", GgmlType::F32, {64});
  expect_tensor(*f, "blk.0.ffn_down.weight", GgmlType::F32, {172, 64});
  expect_tensor(*f, "blk.4.ffn_gate.weight", GgmlType::F32, {64, 172});
  expect_tensor(*f, "blk.2.attn_k.weight", GgmlType::F32, {64, 32});
  EXPECT_EQ(f->find_tensor("blk.0.ffn_down.weight")->n_bytes, 44032u);
  EXPECT_EQ(f->find_tensor("blk.0.ffn_down.weight")->rows(), 64);
  EXPECT_EQ(f->find_tensor("token_embd.weight")->shape_string(), "[64, 512]");
  EXPECT_EQ(f->find_tensor("blk.5.attn_q.weight"), nullptr);
  uint64_t params = 0;
  for (const auto& t : f->tensors()) params += t.n_elements;
  EXPECT_EQ(params, 292800u);  // 260,032 plus the second copy of the embedding as output.weight

  EXPECT_EQ(*f->get_string("general.name"), "stories260K");
  EXPECT_EQ(*f->get_uint("llama.block_count"), 5u);
  EXPECT_EQ(*f->get_uint("llama.embedding_length"), 64u);
  EXPECT_EQ(*f->get_uint("llama.feed_forward_length"), 172u);
  EXPECT_EQ(*f->get_uint("llama.attention.head_count"), 8u);
  EXPECT_EQ(*f->get_uint("llama.attention.head_count_kv"), 4u);
  EXPECT_EQ(*f->get_uint("llama.context_length"), 512u);
  EXPECT_EQ(*f->get_int("llama.vocab_size"), 512);
  EXPECT_EQ(*f->get_uint("general.file_type"), 0u);
  EXPECT_NEAR(*f->get_float("llama.rope.freq_base"), 10000.0, 1e-3);
  EXPECT_NEAR(*f->get_float("llama.attention.layer_norm_rms_epsilon") / 1e-5, 1.0, 1e-6);
  EXPECT_DOUBLE_EQ(*f->get_float("llama.block_count"), 5.0);  // integers read as numbers too
  EXPECT_TRUE(*f->get_bool("tokenizer.ggml.add_bos_token"));
  EXPECT_FALSE(*f->get_bool("tokenizer.ggml.add_eos_token"));
  EXPECT_EQ(*f->get_uint("tokenizer.ggml.bos_token_id"), 1u);

  auto tokens = f->get_string_array("tokenizer.ggml.tokens");
  ASSERT_TRUE(tokens.ok());
  ASSERT_EQ(tokens->size(), 512u);
  EXPECT_EQ((*tokens)[0], "<unk>");
  EXPECT_EQ((*tokens)[1], "<s>");
  EXPECT_EQ((*tokens)[2], "</s>");
  EXPECT_EQ((*tokens)[3], "<0x00>");
  EXPECT_EQ((*tokens)[258], "<0xFF>");
  auto scores = f->get_float_array("tokenizer.ggml.scores");
  ASSERT_TRUE(scores.ok());
  ASSERT_EQ(scores->size(), 512u);
  EXPECT_EQ((*scores)[259], 0.0f);  // merge pieces score 0, -1, -2, ... in vocabulary order
  EXPECT_EQ((*scores)[260], -1.0f);
  EXPECT_EQ((*scores)[511], -252.0f);
  auto types = f->get_int_array("tokenizer.ggml.token_type");
  ASSERT_TRUE(types.ok());
  ASSERT_EQ(types->size(), 512u);
  EXPECT_EQ((*types)[0], 2);  // unknown
  EXPECT_EQ((*types)[1], 3);  // control
  EXPECT_EQ((*types)[3], 6);  // byte
  EXPECT_EQ((*types)[300], 1);  // normal

  // Real weights: finite, not all zero, RMSNorm gains mostly positive.
  const TensorInfo* norm = f->find_tensor("output_norm.weight");
  ASSERT_NE(norm, nullptr);
  auto span = f->tensor_data(*norm);
  ASSERT_EQ(span.size(), 64u * 4);
  std::vector<float> gains(64);
  std::memcpy(gains.data(), span.data(), span.size());
  int nonzero = 0;
  for (float g : gains) {
    EXPECT_TRUE(std::isfinite(g));
    nonzero += g != 0.0f;
  }
  EXPECT_EQ(nonzero, 64);
  const TensorInfo* embd = f->find_tensor("token_embd.weight");
  std::vector<float> e(64 * 512);
  std::memcpy(e.data(), f->tensor_data(*embd).data(), e.size() * 4);
  double sumsq = 0;
  for (float v : e) {
    ASSERT_TRUE(std::isfinite(v));
    sumsq += double(v) * v;
  }
  EXPECT_GT(sumsq, 1.0);
  // output.weight is a second copy of the embedding.
  auto out = f->tensor_data(*f->find_tensor("output.weight"));
  EXPECT_TRUE(std::equal(out.begin(), out.end(), f->tensor_data(*embd).begin()));
}

TEST(GgufFixtures, Llama2F16) {
  auto f = open_fixture("hf/llama2-f16.gguf");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->architecture(), "llama");
  EXPECT_EQ(f->metadata().size(), 27u);
  ASSERT_EQ(f->tensors().size(), 30u);
  EXPECT_EQ(count_types(*f), (std::map<GgmlType, int>{{GgmlType::F32, 7}, {GgmlType::F16, 23}}));
  expect_tensor(*f, "token_embd.weight", GgmlType::F16, {256, 2048});
  expect_tensor(*f, "output.weight", GgmlType::F16, {256, 2048});
  expect_tensor(*f, "output_norm.weight", GgmlType::F32, {256});
  expect_tensor(*f, "blk.0.attn_norm.weight", GgmlType::F32, {256});
  expect_tensor(*f, "blk.0.ffn_down.weight", GgmlType::F16, {512, 256});
  expect_tensor(*f, "blk.2.ffn_up.weight", GgmlType::F16, {256, 512});
  expect_tensor(*f, "blk.1.attn_k.weight", GgmlType::F16, {256, 256});
  EXPECT_EQ(*f->get_string("general.name"), "Hf Llama2");
  EXPECT_EQ(*f->get_uint("llama.block_count"), 3u);
  EXPECT_EQ(*f->get_uint("llama.attention.head_count_kv"), 4u);
  EXPECT_EQ(*f->get_uint("llama.vocab_size"), 2048u);
  EXPECT_EQ(*f->get_uint("general.file_type"), 1u);
  EXPECT_EQ(*f->get_uint("general.quantization_version"), 2u);
  EXPECT_EQ(f->get_string_array("tokenizer.ggml.tokens")->size(), 2048u);
  EXPECT_EQ(*f->get_string("tokenizer.ggml.pre"), "default");
  auto norm = f->tensor_data(*f->find_tensor("output_norm.weight"));
  std::vector<float> g(256);
  std::memcpy(g.data(), norm.data(), 1024);
  EXPECT_TRUE(std::all_of(g.begin(), g.end(), [](float v) { return std::isfinite(v); }));
  EXPECT_TRUE(std::any_of(g.begin(), g.end(), [](float v) { return v != 0.0f; }));
}

TEST(GgufFixtures, Qwen2F16) {
  auto f = open_fixture("hf/qwen2-f16.gguf");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->architecture(), "qwen2");
  EXPECT_EQ(f->metadata().size(), 23u);
  ASSERT_EQ(f->tensors().size(), 38u);
  EXPECT_EQ(count_types(*f), (std::map<GgmlType, int>{{GgmlType::F32, 16}, {GgmlType::F16, 22}}));
  expect_tensor(*f, "token_embd.weight", GgmlType::F16, {256, 2048});
  expect_tensor(*f, "blk.0.attn_k.bias", GgmlType::F32, {128});
  expect_tensor(*f, "blk.0.attn_q.bias", GgmlType::F32, {256});
  expect_tensor(*f, "blk.0.attn_k.weight", GgmlType::F16, {256, 128});
  expect_tensor(*f, "blk.2.attn_v.weight", GgmlType::F16, {256, 128});
  expect_tensor(*f, "blk.1.ffn_down.weight", GgmlType::F16, {512, 256});
  EXPECT_EQ(f->find_tensor("output.weight"), nullptr);  // tied to the embedding
  EXPECT_EQ(*f->get_uint("qwen2.attention.head_count"), 4u);
  EXPECT_EQ(*f->get_uint("qwen2.attention.head_count_kv"), 2u);
  EXPECT_NEAR(*f->get_float("qwen2.rope.freq_base") / 1e6, 1.0, 1e-7);
  EXPECT_EQ(f->get_float_array("tokenizer.ggml.scores")->size(), 2048u);
}

TEST(GgufFixtures, LlamaSpmVocabulary) {
  auto f = open_fixture("tokenizer/ggml-vocab-llama-spm.gguf");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->architecture(), "llama");
  EXPECT_EQ(f->metadata().size(), 22u);
  EXPECT_TRUE(f->tensors().empty());
  EXPECT_EQ(*f->get_uint("llama.vocab_size"), 32000u);
  auto tokens = f->get_string_array("tokenizer.ggml.tokens");
  ASSERT_TRUE(tokens.ok());
  ASSERT_EQ(tokens->size(), 32000u);
  EXPECT_EQ((*tokens)[0], "<unk>");
  EXPECT_EQ((*tokens)[1], "<s>");
  EXPECT_EQ((*tokens)[259], "\xE2\x96\x81\xE2\x96\x81");  // "▁▁", the first merge of the Llama vocabulary
  EXPECT_EQ(f->get_float_array("tokenizer.ggml.scores")->size(), 32000u);
  auto types = f->get_int_array("tokenizer.ggml.token_type");
  ASSERT_EQ(types->size(), 32000u);
  EXPECT_EQ((*types)[2], 3);
  EXPECT_EQ(*f->get_string("tokenizer.ggml.model"), "llama");
  EXPECT_EQ(*f->get_uint("tokenizer.ggml.unknown_token_id"), 0u);
  EXPECT_TRUE(*f->get_bool("tokenizer.ggml.add_bos_token"));
}

TEST(GgufFixtures, Gpt2Vocabulary) {
  auto f = open_fixture("tokenizer/ggml-vocab-gpt-2.gguf");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->architecture(), "gpt2");
  EXPECT_EQ(f->metadata().size(), 16u);
  EXPECT_TRUE(f->tensors().empty());
  auto tokens = f->get_string_array("tokenizer.ggml.tokens");
  ASSERT_TRUE(tokens.ok());
  ASSERT_EQ(tokens->size(), 50257u);
  EXPECT_EQ((*tokens)[0], "!");
  EXPECT_EQ((*tokens)[50256], "<|endoftext|>");
  auto merges = f->get_string_array("tokenizer.ggml.merges");
  ASSERT_TRUE(merges.ok());
  ASSERT_EQ(merges->size(), 50000u);
  EXPECT_EQ((*merges)[0], "\xC4\xA0 t");  // "Ġ t"
  EXPECT_EQ((*merges)[2], "h e");
  EXPECT_EQ(*f->get_uint("tokenizer.ggml.bos_token_id"), 50256u);
  EXPECT_EQ(*f->get_string("tokenizer.ggml.pre"), "gpt-2");
  EXPECT_NEAR(*f->get_float("gpt2.attention.layer_norm_epsilon") / 1e-5, 1.0, 1e-6);
  auto scores = f->get_float_array("tokenizer.ggml.scores");  // GPT-2 vocabularies carry none
  ASSERT_FALSE(scores.ok());
  EXPECT_THAT(scores.error().message, HasSubstr("missing metadata key 'tokenizer.ggml.scores'"));
  EXPECT_THAT(scores.error().message, HasSubstr("ggml-vocab-gpt-2.gguf"));
}

// Typed getters on a key of the wrong type or a missing key: BadFile naming key and types.
TEST(GgufFixtures, WrongTypeAndMissingKeyErrorsNameTheKey) {
  auto f = open_fixture("models/stories260K-f32.gguf");
  ASSERT_NE(f, nullptr);
  struct Case {
    Status status;
    std::vector<std::string> parts;
  };
  auto st = [](auto r) { return r.ok() ? Status() : Status(r.error()); };
  std::vector<Case> cases;
  cases.push_back({st(f->get_string("llama.block_count")), {"'llama.block_count'", "uint32", "a string"}});
  cases.push_back({st(f->get_uint("general.architecture")), {"'general.architecture'", "string", "non-negative integer"}});
  cases.push_back({st(f->get_int("llama.rope.freq_base")), {"'llama.rope.freq_base'", "float32", "an integer"}});
  cases.push_back({st(f->get_bool("llama.block_count")), {"'llama.block_count'", "a bool"}});
  cases.push_back({st(f->get_float("general.name")), {"'general.name'", "string", "a number"}});
  cases.push_back({st(f->get_string_array("tokenizer.ggml.scores")), {"'tokenizer.ggml.scores'", "array of strings"}});
  cases.push_back({st(f->get_float_array("tokenizer.ggml.tokens")), {"'tokenizer.ggml.tokens'", "array of numbers"}});
  cases.push_back({st(f->get_int_array("tokenizer.ggml.scores")), {"'tokenizer.ggml.scores'", "array of integers"}});
  cases.push_back({st(f->get_int_array("general.name")), {"'general.name'", "array of integers"}});
  cases.push_back({st(f->get_uint("llama.no_such_key")), {"missing metadata key 'llama.no_such_key'"}});
  cases.push_back({st(f->get_string_or("general.file_type", "x")), {"'general.file_type'", "a string"}});
  for (const auto& c : cases) {
    ASSERT_FALSE(c.status.ok()) << c.parts[0];
    EXPECT_EQ(c.status.error().kind, ErrorKind::BadFile);
    EXPECT_THAT(c.status.error().message, HasSubstr("stories260K-f32.gguf"));
    for (const auto& p : c.parts) EXPECT_THAT(c.status.error().message, HasSubstr(p));
  }
  EXPECT_EQ(*f->get_uint_or("llama.no_such_key", 77), 77u);
  EXPECT_EQ(*f->get_float_or("llama.no_such_key", 2.5), 2.5);
  EXPECT_EQ(*f->get_bool_or("llama.no_such_key", true), true);
  EXPECT_EQ(*f->get_string_or("llama.no_such_key", "fallback"), "fallback");
  EXPECT_EQ(*f->get_uint_or("llama.block_count", 77), 5u);
  EXPECT_FALSE(f->has("llama.no_such_key"));
  EXPECT_TRUE(f->has("llama.block_count"));
}

TEST(GgufFixtures, OpenErrors) {
  auto missing = GgufFile::open("/nonexistent/dir/model.gguf");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind, ErrorKind::Io);
  EXPECT_THAT(missing.error().message, HasSubstr("/nonexistent/dir/model.gguf"));

  test::TempDir dir;
  auto directory = GgufFile::open(dir.path().string());
  ASSERT_FALSE(directory.ok());
  EXPECT_EQ(directory.error().kind, ErrorKind::BadFile);
  EXPECT_THAT(directory.error().message, HasSubstr("not a regular file"));

  test::write_file_bytes(dir.file("empty.gguf"), {});
  auto empty = GgufFile::open(dir.file("empty.gguf").string());
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.error().kind, ErrorKind::BadFile);
  EXPECT_THAT(empty.error().message, HasSubstr("empty.gguf"));
  EXPECT_THAT(empty.error().message, HasSubstr("magic"));

  // A FIFO is refused at once instead of blocking until some writer opens it.
  const std::string fifo = dir.file("pipe.gguf").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto pipe = GgufFile::open(fifo);
  ASSERT_FALSE(pipe.ok());
  EXPECT_EQ(pipe.error().kind, ErrorKind::BadFile);
  EXPECT_THAT(pipe.error().message, HasSubstr("not a regular file"));

  // A text file is not a GGUF file.
  test::write_file_bytes(dir.file("notes.txt"), {'h', 'e', 'l', 'l', 'o', '\n', 'x', 'y', 'z'});
  auto text = GgufFile::open(dir.file("notes.txt").string());
  ASSERT_FALSE(text.ok());
  EXPECT_THAT(text.error().message, HasSubstr("magic is \"hell\""));
}

}  // namespace
}  // namespace tessera::gguf
