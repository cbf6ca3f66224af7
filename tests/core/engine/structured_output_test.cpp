// Structured output on the embedded model: many schemas and seeds, and every output must parse and
// validate. The validator here works on the parsed document (a second, independent reading of the
// schema subset; the grammar reads bytes), and the JSON parser is nlohmann's.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "engine/engine.h"
#include "grammar/json_schema.h"
#include "support/test_support.h"

namespace tessera::test {
namespace {

using Json = nlohmann::ordered_json;

const auto kModel = [] { return source_dir() / "resources" / "models" / "tessera-tiny.gguf"; };

// The budget is at least the bytes of each schema's shortest value (41), so every reply can close.
constexpr int32_t kMaxTokens = 48;
#if defined(__SANITIZE_ADDRESS__)
// Under ASan (a Debug build, ~50x slower per token) half the schemas run once each: what the
// sanitizer checks is the grammar's memory use, not the model's.
constexpr uint64_t kSeeds[] = {1};
constexpr size_t kSchemaCount = 4;
#else
constexpr uint64_t kSeeds[] = {1, 2, 3};
constexpr size_t kSchemaCount = 8;
#endif

const Json& resolve(const Json& root, const std::string& ref) {
  const Json* at = &root;
  size_t pos = 1;
  while (pos < ref.size()) {
    const size_t next = ref.find('/', pos + 1);
    at = &(*at)[ref.substr(pos + 1, next == std::string::npos ? std::string::npos : next - pos - 1)];
    pos = next == std::string::npos ? ref.size() : next;
  }
  return *at;
}

bool is_type(const Json& v, const std::string& t) {
  if (t == "null") return v.is_null();
  if (t == "boolean") return v.is_boolean();
  if (t == "integer") return v.is_number_integer() || (v.is_number_float() && std::floor(v.get<double>()) == v.get<double>());
  if (t == "number") return v.is_number();
  if (t == "string") return v.is_string();
  if (t == "array") return v.is_array();
  return v.is_object();
}

// The subset's meaning on a parsed document; `why` says what failed.
bool valid(const Json& v, const Json& s, const Json& root, std::string& why) {
  if (s.contains("$ref")) return valid(v, resolve(root, s["$ref"].get<std::string>()), root, why);
  if (s.contains("anyOf")) {
    for (const Json& b : s["anyOf"])
      if (valid(v, b, root, why)) return true;
    why = "no anyOf branch matches " + v.dump();
    return false;
  }
  if (s.contains("type") && !is_type(v, s["type"].get<std::string>())) {
    why = v.dump() + " is not " + s["type"].dump();
    return false;
  }
  if (s.contains("enum") && std::find(s["enum"].begin(), s["enum"].end(), v) == s["enum"].end()) {
    why = v.dump() + " is not in " + s["enum"].dump();
    return false;
  }
  if (s.contains("const") && v != s["const"]) {
    why = v.dump() + " is not " + s["const"].dump();
    return false;
  }
  if (v.is_object()) {
    for (const Json& r : s.value("required", Json::array()))
      if (!v.contains(r.get<std::string>())) {
        why = "missing " + r.dump();
        return false;
      }
    for (const auto& [k, item] : v.items()) {
      if (s.contains("properties") && s["properties"].contains(k)) {
        if (!valid(item, s["properties"][k], root, why)) return false;
      } else if (s.contains("additionalProperties") && s["additionalProperties"] == false) {
        why = "extra property " + k;
        return false;
      }
    }
  }
  if (v.is_array() && s.contains("items"))
    for (const Json& item : v)
      if (!valid(item, s["items"], root, why)) return false;
  return true;
}

const char* kSchemas[] = {
    R"({"type":"object","properties":{"mood":{"enum":["happy","sad","angry"]},"age":{"type":"integer"},
        "ok":{"type":"boolean"}},"required":["mood","age","ok"],"additionalProperties":false})",
    R"({"type":"object","properties":{"name":{"type":"string"},"friends":{"type":"array","items":{"enum":["Tom","Lily","Sam"]}}},
        "required":["name","friends"],"additionalProperties":false})",
    R"({"type":"array","items":{"type":"number"}})",
    R"({"type":"object","properties":{"pet":{"anyOf":[{"enum":["dog","cat"]},{"type":"null"}]},
        "count":{"type":"number"}},"required":["pet","count"],"additionalProperties":false})",
    R"({"$defs":{"point":{"type":"object","properties":{"x":{"type":"integer"},"y":{"type":"integer"}},
        "required":["x","y"],"additionalProperties":false}},
        "type":"object","properties":{"from":{"$ref":"#/$defs/point"},"to":{"$ref":"#/$defs/point"}},
        "required":["from","to"],"additionalProperties":false})",
    R"({"type":"object","properties":{"kind":{"const":"story"},"title":{"type":"string"},
        "tags":{"type":"array","items":{"type":"string"}}},"required":["kind","title","tags"],"additionalProperties":false})",
    R"({"enum":["yes","no",true,null,3]})",
    R"({"type":"object"})",
};

TEST(StructuredOutput, EveryOutputOfTheTinyModelParsesAndValidates) {
  if (!std::filesystem::exists(kModel())) GTEST_SKIP() << "no tessera-tiny model in this tree";
  Engine engine;
  LoadSettings ls;
  ls.backend = "cpu";
  ls.n_ctx = 512;
  ls.n_threads = 2;
  ASSERT_TRUE(engine.load(kModel().string(), ls).ok());
  int runs = 0, redraws = 0, generated = 0;
  for (size_t k = 0; k < kSchemaCount; ++k) {
    const char* text = kSchemas[k];
    const Json schema = Json::parse(text);
    auto compiled = grammar::JsonSchema::compile(schema);
    ASSERT_TRUE(compiled.ok()) << compiled.error().message;
    for (uint64_t seed : kSeeds) {
      GenerationRequest r;
      r.prompt = "Tom had a red ball. Here is the story as JSON: ";
      r.n_predict = kMaxTokens;  // arrays and strings that run on are closed in time
      r.sampling.temperature = seed == 3 ? 0.0f : 1.0f;  // one greedy run per schema
      r.sampling.seed = seed;
      r.json_schema = *compiled;
      auto out = engine.generate(r);
      ASSERT_TRUE(out.ok()) << out.error().message;
      SCOPED_TRACE(std::string(text) + " seed " + std::to_string(seed) + ": " + out->text);
      ++runs;
      redraws += out->timings.constrained_redraws;
      generated += out->timings.generated_tokens;
      EXPECT_EQ(out->stop_reason, StopReason::EndOfGeneration);
      const Json parsed = Json::parse(out->text, nullptr, false);
      ASSERT_FALSE(parsed.is_discarded()) << "not JSON";
      std::string why;
      EXPECT_TRUE(valid(parsed, schema, schema, why)) << why;
    }
  }
  std::printf("structured output: %d runs, %d tokens, %d draws the grammar refused\n", runs, generated, redraws);
}

}  // namespace
}  // namespace tessera::test
