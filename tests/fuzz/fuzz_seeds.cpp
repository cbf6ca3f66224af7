// Writes the seed corpora of the fuzz targets (tools/fuzz.sh runs it into build-fuzz/seeds/):
//   gguf/       small GGUF images made with GgufWriter: every value type, arrays of each (empty,
//               nested, long), a llama-like model with a vocabulary and tensors of several types,
//               a GPT-2-like vocabulary with merges, a version-2 file, a custom alignment; the
//               llama-like model as split sets (fuzz_entries.h's set inputs) of 2 and 3 parts;
//   template/   the fixture chat templates (copied from FIXTURES/templates/*.jinja at run time,
//               never committed) and hand-written constructs;
//   tokenizer/  small vocabularies of each tokenizer family and pre-tokenizer, each with the fixture
//               tokenizer inputs (FIXTURES/tokenizer/*.inp, one case per seed) or hand-written text,
//               in the layout of core/tokenizer/tokenizer_fuzz_entry.h;
//   schema/     hand-written structured-output schemas with replies, and every schema and instance of
//               Debian's json-schema-test-suite (SCHEMA_SUITE: its tests/draft7 folder, read at run
//               time), in the layout of fuzz_entries.h's schema_one_input;
//   http/       client connections' bytes (fuzz_entries.h's http_one_input);
//   request/    OpenAI request bodies of each kind and field (fuzz_entries.h's request_one_input);
//   reply/      model outputs of each format and tool-call style (fuzz_entries.h's reply_one_input).
// Usage: tessera_fuzz_seeds OUT_DIR [FIXTURES_DIR [SCHEMA_SUITE]]
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fuzz_entries.h"
#include "gguf/gguf_split.h"
#include "gguf/gguf_value.h"
#include "gguf/gguf_writer.h"

namespace fs = std::filesystem;
using tessera::Status;
using tessera::gguf::GgufWriter;
using tessera::gguf::Value;
using tessera::gguf::ValueType;
using tessera::GgmlType;

namespace {

bool write_file(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(out);
}

std::vector<uint8_t> pattern_bytes(size_t n, uint32_t seed) {
  std::vector<uint8_t> out(n);
  uint32_t x = seed * 2654435761u + 1;
  for (auto& b : out) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    b = static_cast<uint8_t>(x);
  }
  return out;
}

bool write_gguf(const fs::path& path, const GgufWriter& w) {
  auto bytes = w.to_bytes();
  if (!bytes.ok()) {
    std::cerr << "tessera_fuzz_seeds: " << path << ": " << bytes.error().message << "\n";
    return false;
  }
  return write_file(path, std::string(bytes->begin(), bytes->end()));
}

void check(const Status& s) {
  if (!s.ok()) std::cerr << "tessera_fuzz_seeds: " << s.error().message << "\n";
}

GgufWriter every_value_type() {
  GgufWriter w;
  w.set("v.u8", Value::u8(200));
  w.set("v.i8", Value::i8(-100));
  w.set("v.u16", Value::u16(65535));
  w.set("v.i16", Value::i16(-32768));
  w.set_u32("v.u32", 0xFFFFFFFFu);
  w.set_i32("v.i32", -7);
  w.set_u64("v.u64", ~uint64_t{0});
  w.set("v.i64", Value::i64(-5));
  w.set_f32("v.f32", 0.5f);
  w.set("v.f64", Value::f64(-2.25e300));
  w.set_bool("v.bool", true);
  w.set_string("v.string", "h\xC3\xA9llo\n\t\"");
  w.set_string("v.empty", "");
  w.set("a.u8", Value::array(ValueType::UInt8, {Value::u8(0), Value::u8(255)}));
  w.set("a.i8", Value::array(ValueType::Int8, {Value::i8(-128), Value::i8(127)}));
  w.set("a.u16", Value::array(ValueType::UInt16, {Value::u16(1)}));
  w.set("a.i16", Value::array(ValueType::Int16, {Value::i16(-2), Value::i16(3)}));
  w.set("a.u32", Value::u32_array({0, 1, 0xFFFFFFFFu}));
  w.set("a.i32", Value::i32_array({-1, 0, 7}));
  w.set("a.u64", Value::array(ValueType::UInt64, {Value::u64(~uint64_t{0}), Value::u64(1)}));
  w.set("a.i64", Value::array(ValueType::Int64, {Value::i64(-1)}));
  w.set("a.f32", Value::f32_array({1.5f, -0.0f, 3.25f}));
  w.set("a.f64", Value::array(ValueType::Float64, {Value::f64(1e-300)}));
  w.set("a.bool", Value::array(ValueType::Bool, {Value::boolean(true), Value::boolean(false)}));
  w.set("a.string", Value::string_array({"a", "", "\xC3\xBCn\xC3\xAF"}));
  w.set("a.empty", Value::u32_array({}));
  w.set("a.empty.string", Value::string_array({}));
  w.set("a.nested", Value::array(ValueType::Array, {Value::i32_array({1, 2}), Value::string_array({"x"}),
                                                    Value::array(ValueType::Array, {Value::f32_array({2.5f})})}));
  w.set("a.nested.empty", Value::array(ValueType::Array, {}));
  std::vector<uint32_t> many(300);
  for (size_t i = 0; i < many.size(); ++i) many[i] = static_cast<uint32_t>(i * 3);
  w.set("a.long", Value::u32_array(many));
  return w;
}

std::vector<std::string> byte_tokens() {
  std::vector<std::string> tokens = {"<unk>", "<s>", "</s>"};
  for (int b = 0; b < 16; ++b) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "<0x%02X>", b);
    tokens.push_back(buf);
  }
  for (const char* t : {"\xE2\x96\x81", "\xE2\x96\x81h", "e", "l", "lo", "\xE2\x96\x81hello", "o", "w", "r", "d",
                        "<|im_start|>", "<|im_end|>"})
    tokens.push_back(t);
  return tokens;
}

GgufWriter llama_model(uint32_t version, uint32_t alignment) {
  GgufWriter w;
  if (version != 3) w.set_version_for_testing(version);
  if (alignment != 32) w.set_alignment(alignment);
  w.set_string("general.architecture", "llama");
  w.set_string("general.name", "fuzz-seed");
  w.set_u32("llama.context_length", 128);
  w.set_u32("llama.embedding_length", 32);
  w.set_u32("llama.block_count", 1);
  w.set_u32("llama.feed_forward_length", 64);
  w.set_u32("llama.attention.head_count", 4);
  w.set_u32("llama.attention.head_count_kv", 2);
  w.set_f32("llama.attention.layer_norm_rms_epsilon", 1e-5f);
  w.set_f32("llama.rope.freq_base", 10000.0f);
  w.set_string("tokenizer.ggml.model", "llama");
  const std::vector<std::string> tokens = byte_tokens();
  std::vector<float> scores(tokens.size());
  std::vector<int32_t> types(tokens.size(), 1);
  for (size_t i = 0; i < tokens.size(); ++i) scores[i] = -static_cast<float>(i);
  types[0] = 2;
  types[1] = types[2] = 3;
  for (size_t i = 3; i < 19; ++i) types[i] = 6;
  w.set("tokenizer.ggml.tokens", Value::string_array(tokens));
  w.set("tokenizer.ggml.scores", Value::f32_array(scores));
  w.set("tokenizer.ggml.token_type", Value::i32_array(types));
  w.set_u32("tokenizer.ggml.bos_token_id", 1);
  w.set_u32("tokenizer.ggml.eos_token_id", 2);
  w.set_bool("tokenizer.ggml.add_bos_token", true);
  w.set_string("tokenizer.chat_template", "{% for m in messages %}{{ m.role }}: {{ m.content }}\n{% endfor %}");
  check(w.add_tensor("token_embd.weight", GgmlType::F16, {32, 4}, pattern_bytes(32 * 4 * 2, 1)));
  check(w.add_tensor("blk.0.attn_q.weight", GgmlType::Q8_0, {32, 2}, pattern_bytes(2 * 34, 2)));
  check(w.add_tensor("blk.0.ffn_up.weight", GgmlType::Q4_K, {256}, pattern_bytes(144, 3)));
  check(w.add_tensor("output_norm.weight", GgmlType::F32, {32}, pattern_bytes(32 * 4, 4)));
  check(w.add_tensor("empty", GgmlType::F32, {0, 3}, {}));
  return w;
}

GgufWriter gpt2_vocab() {
  GgufWriter w;
  w.set_string("general.architecture", "gpt2");
  w.set_string("tokenizer.ggml.model", "gpt2");
  w.set_string("tokenizer.ggml.pre", "qwen2");
  w.set("tokenizer.ggml.tokens", Value::string_array({"a", "b", "ab", "\xC4\xA0", "\xC4\xA0" "a", "<|endoftext|>"}));
  w.set("tokenizer.ggml.token_type", Value::i32_array({1, 1, 1, 1, 1, 3}));
  w.set("tokenizer.ggml.merges", Value::string_array({"a b", "\xC4\xA0 a"}));
  w.set_u32("tokenizer.ggml.eos_token_id", 5);
  return w;
}

const char* const kTemplates[] = {
    "{% for m in messages %}{{ m['role'] }}: {{ m.content | trim }}{% if not loop.last %}\n{% endif %}{% endfor %}",
    "{%- set ns = namespace(found=false) -%}{%- for m in messages -%}{%- if m.role == 'system' -%}"
    "{%- set ns.found = true -%}{%- endif -%}{%- endfor -%}{{ ns.found }}",
    "{% macro f(x, y=2) %}{{ x ~ y }}{% endmacro %}{{ f(1) }}{{ f('a', y='b') }}{% call f(3) %}{% endcall %}",
    "{{ (1 + 2 * 3 - 4 // 2 % 3) ** 2 }}{{ 'abc'[1:] }}{{ [1,2,3][::-1] }}{{ {'a': 1}.items() | list }}",
    "{{ 'x' if true else 'y' }}{{ none is none }}{{ 3 is divisibleby 3 }}{{ 'a,b'.split(',') | join('-') }}",
    "{% raw %}{{ not parsed }}{% endraw %}{# comment #}{%- if a is defined -%}{{ a }}{%- endif -%}",
    "{{ messages | tojson }}{{ messages | length }}{{ range(3) | map('string') | join }}{{ 'A' | lower | upper }}",
    "{% for i in range(3) recursive %}{{ loop.index }}{{ loop.depth }}{% endfor %}{{ '%s-%d' % ('a', 1) }}",
    "{{ ((((((((((1)))))))))) }}{{ a.b.c.d.e.f }}{{ x | default('d') | replace('d', 'e') | title }}",
    "{% if messages[0]['content'] is string %}{{ messages[0]['content'][:5] }}{% elif x %}{% else %}{% endif %}",
    "{{ raise_exception('boom') }}",
    "{% set x = [1, 2] + [3] %}{{ x | first }}{{ x | last }}{{ x | sort | reverse | list }}{{ x | unique | list }}",
    "{{ bos_token }}{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\n' + "
    "message['content'] + '<|im_end|>' + '\n' }}{% endfor %}{% if add_generation_prompt %}"
    "{{ '<|im_start|>assistant\n' }}{% endif %}",
};

const char* const kTexts[] = {
    "Hello world",
    " Hello  World!\n\n\tx",
    "<|im_start|>user\nhi<|im_end|>",
    "<s></s><unk> <s>",
    "I'm  don't you'll 3.14159 1234567890",
    "\xF0\x9F\xA6\x99 \xE4\xBD\xA0\xE5\xA5\xBD \xD0\xBD\xD0\xB5\xD1\x89\xD0\xBE \xC3\xBC",
    "\xFF\xFE\x80\xC0\xAF invalid \xED\xA0\x80 utf-8 \xF4\x90\x80\x80",
    "                                                                ",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "\r\n\r\n\u00a0\u3000 zero\u200bwidth",
};

// tokenizer_fuzz's input (core/tokenizer/tokenizer_fuzz_entry.h): a mode byte, '\n'-separated
// vocabulary entries (first byte: token type = byte % 7, score = byte / 7), a NUL, the text.
struct TokenizerMode {
  const char* name;
  uint8_t mode;
  std::vector<std::string> vocab;  // entries without their type/score byte: all normal tokens
  std::vector<std::string> special;  // control tokens (type 3)
};

std::string tokenizer_input(const TokenizerMode& m, const std::string& text) {
  std::string out(1, static_cast<char>(m.mode));
  uint8_t score = 0;
  for (const auto& t : m.special) out += std::string(1, static_cast<char>(3)) + t + "\n";
  for (const auto& t : m.vocab) {
    out += std::string(1, static_cast<char>(1 + 7 * (score++ % 36))) + t + "\n";
  }
  out += '\0';
  return out + text;
}

std::vector<TokenizerMode> tokenizer_modes() {
  const std::string sp = "\xE2\x96\x81";  // SPM's space
  const std::string g = "\xC4\xA0";       // GPT-2's space character
  const std::vector<std::string> special = {"<s>", "</s>", "<|im_start|>", "<|im_end|>"};
  std::vector<TokenizerMode> modes;
  // SPM: add_space_prefix, with and without the 256 byte tokens, with add_bos.
  modes.push_back({"spm", 0x02 | 0x04 | 0x08, {sp, sp + "H", "e", "l", "lo", sp + "Hello", sp + "w", "or", "ld", "!"}, special});
  modes.push_back({"spm_nobytes", 0x00, {"a", "b", "ab", sp + "a", "\xC3\xBC"}, special});
  // Byte-level BPE with each pre-tokenizer (bits 4-6).
  const char* const bpe_names[] = {"gpt2", "llama3", "qwen2", "deepseek_llm", "deepseek_coder", "falcon", "starcoder", "mpt"};
  for (uint8_t pre = 0; pre < 8; ++pre) {
    modes.push_back({bpe_names[pre], static_cast<uint8_t>(0x01 | 0x04 | (pre << 4)),
                     {"H", "e", "l", "o", g, g + "w", "He", "ll", "llo", "Hello", g + "world", "12", "3"}, special});
  }
  return modes;
}

// Splits a llama.cpp vocabulary test input into its cases.
std::vector<std::string> split_cases(const std::string& text) {
  const std::string sep = "\n__ggml_vocab_test__\n";
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    size_t at = text.find(sep, start);
    out.push_back(text.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) break;
    start = at + sep.size();
  }
  return out;
}

// A split set as one fuzz input (fuzz_entries.h): the magic, the part count, the lengths, the parts.
bool write_set(const fs::path& path, const GgufWriter& whole, uint32_t max_tensors, bool first_without_tensors) {
  auto parts = tessera::gguf::split_into_parts(whole, max_tensors, first_without_tensors);
  if (!parts.ok()) {
    std::cerr << "tessera_fuzz_seeds: " << path << ": " << parts.error().message << "\n";
    return false;
  }
  std::string out(tessera::fuzz::kGgufSetMagic);
  out.push_back(static_cast<char>(parts->size() - 1));
  std::vector<std::vector<uint8_t>> images;
  for (const auto& p : *parts) {
    auto bytes = p.to_bytes();
    if (!bytes.ok()) return false;
    images.push_back(std::move(bytes).value());
  }
  for (size_t i = 0; i + 1 < images.size(); ++i) {
    const auto len = static_cast<uint32_t>(images[i].size());
    out.append(reinterpret_cast<const char*>(&len), 4);
  }
  for (const auto& image : images) out.append(image.begin(), image.end());
  return write_file(path, out);
}

std::string read_all(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

// What clients send the server: well-formed requests of each route and kind, and the framing,
// limit and policy cases of tests/server/http_parts_test.cpp.
const char* const kHttp[] = {
    "GET /health HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n",
    "GET /v1/models HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer key\r\n\r\nGET /metrics HTTP/1.1\r\nHost: [::1]\r\n"
    "authorization: bearer key\r\n\r\n",
    "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer key\r\nContent-Type: application/json\r\n"
    "Content-Length: 52\r\n\r\n{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}  ",
    "POST /v1/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer key\r\nContent-Type: application/json\r\n"
    "Transfer-Encoding: chunked\r\n\r\n5;ext=1\r\n{\"a\":\r\n2\r\n1}\r\n0\r\nX-Trailer: t\r\n\r\n",
    "POST /v1/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
    "POST /v1/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}",
    "POST /v1/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer key\r\nContent-Encoding: gzip\r\n"
    "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}",
    "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: text/plain;charset=UTF-8\r\n"
    "Origin: https://attacker.example\r\nSec-Fetch-Mode: no-cors\r\nContent-Length: 2\r\n\r\n{}",
    "OPTIONS /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://ok.example\r\n"
    "Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: authorization,content-type\r\n\r\n",
    "POST /v1/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://a.dev:3000\r\nAuthorization: Bearer key\r\n"
    "Content-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n{}",
    "GET /health HTTP/1.0\r\n\r\n",
    "GET /v1/models/a%2Fb HTTP/1.1\r\nHost: evil.example\r\n\r\n",
    "GET * HTTP/2.0\r\nHost: x\r\n\r\n",
};

// Structured output as clients ask for it, each with a reply: {schema, reply} (the reply may be cut
// short or wrong: the matcher refuses what cannot continue).
const std::pair<const char*, const char*> kSchemas[] = {
    {R"({"type":"object","properties":{"name":{"type":"string"},"age":{"type":"integer"}},"required":["name","age"],"additionalProperties":false})",
     R"({"name": "Ada \u00e9\ud83d\ude00 Lovelace", "age": 36})"},
    {R"({"type":"array","items":{"anyOf":[{"type":"number"},{"type":"string","enum":["a","b"]},{"type":"null"}]}})",
     R"([1, -0.5e+3, "a", null, 12345678901234567890, "b"])"},
    {R"({"$defs":{"node":{"type":"object","properties":{"v":{"type":"integer"},"next":{"anyOf":[{"$ref":"#/$defs/node"},{"type":"null"}]}},"required":["v","next"]}},"$ref":"#/$defs/node"})",
     R"({"v":1,"next":{"v":2,"next":{"v":3,"next":null}}})"},
    {R"({"type":"object","additionalProperties":{"type":"boolean"}})", "{\"\u00fc\u00df\": true, \"caf\u00e9\": false}"},
    {R"({"enum":[{"a":[1,2]},"x",3.5,true]})", R"({"a": [1, 2]})"},
    {R"({"type":"string"})", R"("\u65e5\u672c\u8a9e \u00e9 \u00f1 \"\\\/\b\f\n\r\t")"},
    {R"({"type":"string"})", "\"\xe6\x97\xa5\xe6\x9c\xac \xc3\xa9\""},
    {R"({"type":["integer","null"]})", "-0"},
    {R"(true)", R"({"any": [1, {"thing": "at all"}, [], ""]})"},
};

// Request bodies of each kind and field (server/openai_request.cpp), for the request target:
// {completions?, body}.
const std::pair<bool, const char*> kRequests[] = {
    {false, R"({"model":"m","messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"Hi"}],
      "max_tokens":32,"temperature":0.7,"top_p":0.9,"top_k":40,"min_p":0.05,"seed":7,"stop":["

","END"],
      "stream":true,"stream_options":{"include_usage":true}})"},
    {false, R"({"messages":[{"role":"user","content":[{"type":"text","text":"a"},{"type":"text","text":"b"}]}],
      "response_format":{"type":"json_schema","json_schema":{"name":"p","strict":true,"schema":{"type":"object",
      "properties":{"name":{"type":"string"},"age":{"type":"integer"}},"required":["name","age"],
      "additionalProperties":false}}}})"},
    {false, R"({"messages":[{"role":"user","content":"x"}],"response_format":{"type":"json_object"},"n":1,
      "frequency_penalty":0.5,"presence_penalty":-0.5,"repeat_penalty":1.1,"ignore_eos":false,"logprobs":false})"},
    {false, R"({"messages":[{"role":"developer","content":"d"},{"role":"user","content":"weather?"},
      {"role":"assistant","content":null,"reasoning_content":"think","tool_calls":[{"id":"c1","type":"function",
      "function":{"name":"get","arguments":"{"city":"Oslo"}"}}]},{"role":"tool","tool_call_id":"c1","content":"7C"}],
      "tools":[{"type":"function","function":{"name":"get","strict":true,"parameters":{"type":"object",
      "properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}}}],
      "tool_choice":"auto","reasoning_format":"deepseek","reasoning_effort":"high",
      "chat_template_kwargs":{"enable_thinking":false,"add_generation_prompt":true}})"},
    {false, R"({"messages":[{"role":"user","content":"x"}],"tools":[{"type":"function","function":{"name":"f"}}],
      "tool_choice":{"type":"function","function":{"name":"f"}},"max_completion_tokens":5})"},
    {false, R"({"messages":[],"temperature":-1,"max_tokens":0,"stop":["a","b","c","d","e"],"top_k":"x"})"},
    {false, R"({"messages":[{"role":"wizard","content":1}],"response_format":{"type":"json_schema",
      "json_schema":{"schema":{"type":"string","minLength":2}}}})"},
    {true, R"({"model":"m","prompt":"Once upon a time","max_tokens":16,"echo":false,"suffix":null,"stop":"
",
      "temperature":0,"seed":1,"stream":false})"},
    {true, R"({"prompt":["a","b"],"logprobs":3,"n":2})"},
    {true, R"({"prompt":"x","max_tokens":16777217,"temperature":1e400})"},
};

// Model outputs for the reply target: {flags (fuzz_entries.h's reply layout), text}.
const std::pair<uint8_t, const char*> kReplies[] = {
    {0x02, "Hello! How can I help you today?"},
    {0x16, "<think>\nThe user asks for the weather.\n</think>\n\nIt is sunny, 21 \xc2\xb0" "C."},
    {0x06, "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}\n</tool_call>"},
    {0x06, "[TOOL_CALLS][{\"name\": \"f\", \"arguments\": \"{\\\"a\\\": 1}\"}]"},
    {0x06, "<|python_tag|>{\"name\": \"search\", \"parameters\": {\"q\": \"x\"}}"},
    {0x26, "<|channel|>analysis<|message|>Think.<|end|><|start|>assistant<|channel|>commentary to=functions.get "
           "<|constrain|>json<|message|>{\"city\":\"Oslo\"}<|call|>"},
    {0x22, "<|channel|>analysis<|message|>Hmm.<|end|><|start|>assistant<|channel|>final<|message|>Done.<|return|>"},
    {0x3a, "<|channel>thought\nLet me see.<channel|>The answer is 4."},
    {0x0b, "Once upon a time, \xff\xfe broken bytes \xe6\x97"},
    {0x80, "partial"},
    {0xc2, "stopping"},
};

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: tessera_fuzz_seeds OUT_DIR [FIXTURES_DIR [SCHEMA_SUITE]]\n";
    return 2;
  }
  const fs::path out = argv[1];
  const fs::path fixtures = argc > 2 ? fs::path(argv[2]) : fs::path();
  const fs::path schema_suite = argc > 3 ? fs::path(argv[3]) : fs::path();
  for (const char* d : {"gguf", "template", "tokenizer", "schema", "http", "request", "reply"})
    fs::create_directories(out / d);
  bool ok = true;

  GgufWriter empty;
  ok &= write_gguf(out / "gguf" / "empty.gguf", empty);
  ok &= write_gguf(out / "gguf" / "every_value_type.gguf", every_value_type());
  ok &= write_gguf(out / "gguf" / "llama_model.gguf", llama_model(3, 32));
  ok &= write_gguf(out / "gguf" / "llama_model_v2_align64.gguf", llama_model(2, 64));
  ok &= write_gguf(out / "gguf" / "gpt2_vocab.gguf", gpt2_vocab());
  ok &= write_set(out / "gguf" / "llama_model_2_parts.set", llama_model(3, 32), 3, false);
  ok &= write_set(out / "gguf" / "llama_model_3_parts_empty_first.set", llama_model(3, 64), 3, true);

  int n = 0;
  for (const char* t : kTemplates) ok &= write_file(out / "template" / ("handwritten_" + std::to_string(n++) + ".jinja"), t);
  std::vector<std::string> texts(std::begin(kTexts), std::end(kTexts));

  std::error_code ec;
  if (!fixtures.empty() && fs::is_directory(fixtures / "templates", ec)) {
    for (const auto& entry : fs::directory_iterator(fixtures / "templates")) {
      if (entry.path().extension() == ".jinja") {
        fs::copy_file(entry.path(), out / "template" / entry.path().filename(), fs::copy_options::overwrite_existing, ec);
        ok &= !ec;
      }
    }
  }
  if (!fixtures.empty() && fs::is_directory(fixtures / "tokenizer", ec)) {
    for (const auto& entry : fs::directory_iterator(fixtures / "tokenizer")) {
      if (entry.path().extension() != ".inp") continue;
      for (const std::string& c : split_cases(read_all(entry.path()))) texts.push_back(c);
    }
  }
  // Every text under the first two modes, and a few under every mode: each seed a mode + text.
  const auto modes = tokenizer_modes();
  for (size_t m = 0; m < modes.size(); ++m) {
    for (size_t i = 0; i < texts.size(); ++i) {
      if (m >= 2 && i % 8 != m % 8) continue;
      ok &= write_file(out / "tokenizer" / (std::string(modes[m].name) + "_" + std::to_string(i) + ".bin"),
                       tokenizer_input(modes[m], texts[i]));
    }
  }
  // Connections' bytes, each after a first byte that sets the read size (tests/fuzz/http_entry.cpp).
  n = 0;
  for (const char* h : kHttp)
    for (char step : {'\x00', '\x07', '\x7f'})
      ok &= write_file(out / "http" / ("request_" + std::to_string(n++) + ".bin"), std::string(1, step) + h);
  // Schemas and replies: flags byte (bit 0: zero fractions), schema, NUL, reply.
  n = 0;
  auto schema_seed = [&](char flags, const std::string& schema, const std::string& reply) {
    return write_file(out / "schema" / ("schema_" + std::to_string(n++) + ".bin"),
                      std::string(1, flags) + schema + std::string(1, '\0') + reply);
  };
  for (const auto& [schema, reply] : kSchemas)
    for (char flags : {'\x00', '\x01'}) ok &= schema_seed(flags, schema, reply);
  if (!schema_suite.empty() && fs::is_directory(schema_suite, ec)) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(schema_suite))
      if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) {
      const auto groups = nlohmann::ordered_json::parse(read_all(f), nullptr, false);
      if (!groups.is_array()) continue;
      for (const auto& g : groups) {
        if (!g.is_object() || !g.contains("schema") || !g.contains("tests") || !g["tests"].is_array()) continue;
        for (const auto& t : g["tests"])
          if (t.is_object() && t.contains("data")) ok &= schema_seed('\x00', g["schema"].dump(), t["data"].dump(1));
      }
    }
  }
  // Request bodies: a byte (bit 0: completions) and the body.
  n = 0;
  for (const auto& [completions, body] : kRequests)
    ok &= write_file(out / "request" / ("request_" + std::to_string(n++) + ".bin"),
                     std::string(1, completions ? '\x01' : '\x00') + body);
  // Model outputs: flags, a piece size, the text; each at three piece sizes.
  n = 0;
  for (const auto& [flags, text] : kReplies)
    for (char piece : {'\x00', '\x03', '\x3f'})
      ok &= write_file(out / "reply" / ("reply_" + std::to_string(n++) + ".bin"),
                       std::string(1, static_cast<char>(flags)) + std::string(1, piece) + text);
  if (!ok) std::cerr << "tessera_fuzz_seeds: some seeds could not be written under " << out << "\n";
  return ok ? 0 : 1;
}
