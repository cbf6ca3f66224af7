// The hub's answers parsed and checked without a network: search results and tree listings shaped
// as huggingface.co sends them, hostile entries refused with the field named, Link headers, and
// the names people give models (REPO:QUANT) and the files a quantization picks.
#include "download/hub_listing.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>

#include "download/gguf_choice.h"
#include "download/hub_settings.h"
#include "download/model_ref.h"
#include "download/models_folder.h"
#include "download/rate_meter.h"

namespace tessera::download {
namespace {

using ::testing::HasSubstr;

const char* kUrl = "https://huggingface.co/api/models/x/y/tree/main?recursive=true";
const std::string kSha(64, 'a');

TEST(HubListing, SearchResults) {
  // As /api/models?search=qwen3&filter=gguf answers (fields it sends without expand).
  const char* json = R"([
    {"_id":"680da718233834890aa01f51","id":"Qwen/Qwen3-8B-GGUF","likes":187,"trendingScore":3,"private":false,
     "downloads":81234,"tags":["gguf","text-generation"],"pipeline_tag":"text-generation","library_name":"transformers",
     "createdAt":"2025-04-28T03:50:16.000Z","modelId":"Qwen/Qwen3-8B-GGUF"},
    {"_id":"1","id":"unsloth/Qwen3-8B-GGUF","likes":40,"downloads":5,"gated":"manual","lastModified":"2025-05-01"}])";
  auto models = parse_search_results(json, "https://huggingface.co/api/models?search=qwen3");
  ASSERT_TRUE(models.ok()) << models.error().message;
  ASSERT_EQ(models->size(), 2u);
  EXPECT_EQ((*models)[0].id, "Qwen/Qwen3-8B-GGUF");
  EXPECT_EQ((*models)[0].downloads, 81234u);
  EXPECT_EQ((*models)[0].likes, 187u);
  EXPECT_EQ((*models)[0].tags, (std::vector<std::string>{"gguf", "text-generation"}));
  EXPECT_EQ((*models)[1].gated, "manual");
  EXPECT_EQ((*models)[1].last_modified, "2025-05-01");

  for (const char* bad : {"{}", "not json", R"([{"likes":1}])", R"([{"id":"../etc"}])", R"([{"id":"a/b","downloads":-3}])",
                          R"([1])"}) {
    auto r = parse_search_results(bad, "https://hub/api/models?search=x&token=secret");
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.error().kind, ErrorKind::BadFile);
    EXPECT_THAT(r.error().message, HasSubstr("https://hub/api/models"));
    EXPECT_THAT(r.error().message, ::testing::Not(HasSubstr("secret")));  // query strings stay out
  }
}

TEST(HubListing, TreeEntries) {
  const std::string json = R"([
    {"type":"file","oid":"b7c1f9a3b1f6e4aa0e5f1e0f8a5d2c3b4a5f6e7d","size":1519,"path":".gitattributes"},
    {"type":"directory","oid":"0000000000000000000000000000000000000000","size":0,"path":"Q4_K_M"},
    {"type":"file","oid":"c8e5a2b4d1f0e9a8b7c6d5e4f3a2b1c0d9e8f7a6","size":5027784064,"path":"Q4_K_M/Qwen3-8B-Q4_K_M-00001-of-00002.gguf",
     "lfs":{"oid":")" + std::string(64, 'F') + R"(","size":5027784064,"pointerSize":135},"xetHash":"abc"}])";
  auto files = parse_repo_tree(json, kUrl);
  ASSERT_TRUE(files.ok()) << files.error().message;
  ASSERT_EQ(files->size(), 2u);
  EXPECT_EQ((*files)[0].path, ".gitattributes");
  EXPECT_EQ((*files)[0].sha256, "");
  EXPECT_EQ((*files)[0].digest()->kind, DigestKind::GitBlobSha1);
  EXPECT_EQ((*files)[1].size, 5027784064u);
  EXPECT_EQ((*files)[1].sha256, std::string(64, 'f'));  // lower-cased
  EXPECT_EQ((*files)[1].digest()->kind, DigestKind::Sha256);
  EXPECT_EQ((*files)[1].name(), "Qwen3-8B-Q4_K_M-00001-of-00002.gguf");

  const std::pair<std::string, std::string> bad[] = {
      {R"([{"type":"file","size":1,"path":"../../.bashrc"}])", "not a plain relative path"},
      {R"([{"type":"file","size":1,"path":"/etc/passwd"}])", "not a plain relative path"},
      {R"([{"type":"file","size":1,"path":"a//b"}])", "not a plain relative path"},
      {R"([{"type":"file","size":1,"path":"a\\b"}])", "not a plain relative path"},
      {R"([{"type":"file","size":1,"path":"a\nb"}])", "not a plain relative path"},
      {R"([{"type":"file","path":"m.gguf"}])", "lists 'm.gguf' without a size"},
      {R"([{"type":"file","size":-1,"path":"m.gguf"}])", "without a size"},
      {R"([{"type":"file","size":2,"path":"m.gguf","lfs":{"size":2}}])", "without a SHA-256"},
      {R"([{"type":"file","size":2,"path":"m.gguf","lfs":{"oid":"abc","size":2}}])", "without a SHA-256"},
      {R"([{"type":"file","size":2,"path":"m.gguf","lfs":{"oid":")" + kSha + R"(","size":3}}])", "lfs.size 3"},
      {R"([{"size":2,"path":"m.gguf"}])", "without a type"},
      {R"({"error":"x"})", "not a JSON array"},
  };
  for (const auto& [text, expected] : bad) {
    auto r = parse_repo_tree(text, kUrl);
    ASSERT_FALSE(r.ok()) << text;
    EXPECT_THAT(r.error().message, HasSubstr(expected)) << text;
    EXPECT_THAT(r.error().message, HasSubstr("https://huggingface.co/api/models/x/y/tree/main"));
  }
}

// The answers come from the network: mutated and cut versions of real-shaped answers give a
// listing or a BadFile error, never a crash (AddressSanitizer watches in CI's ASan build).
TEST(HubListing, MutatedAnswersAreRefusedOrRead) {
  const std::string tree = R"([{"type":"file","oid":"b7c1f9a3b1f6e4aa0e5f1e0f8a5d2c3b4a5f6e7d","size":1519,"path":".gitattributes"},)"
                           R"({"type":"file","size":5,"path":"Q4_K_M/a-00001-of-00002.gguf","lfs":{"oid":")" + kSha +
                           R"(","size":5}},{"type":"directory","size":0,"path":"Q4_K_M"}])";
  const std::string search = R"([{"id":"a/b","likes":1,"downloads":2,"tags":["gguf"],"gated":"auto"}])";
  std::mt19937 rng(7);
  int read = 0, refused = 0;
  for (int i = 0; i < 4000; ++i) {
    std::string t = i % 2 ? tree : search;
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int k = 0; k < edits && !t.empty(); ++k) {
      const size_t at = rng() % t.size();
      switch (rng() % 3) {
        case 0: t[at] = "{}[]\":,0-9aZ\x00\xff"[rng() % 15]; break;
        case 1: t.erase(at, 1 + rng() % 8); break;
        default: t.resize(at); break;
      }
    }
    auto files = parse_repo_tree(t, kUrl);
    auto models = parse_search_results(t, kUrl);
    if (files.ok()) {
      ++read;
      for (const auto& f : *files) {
        EXPECT_NE(f.path.front(), '/') << t;
        EXPECT_NE(f.name(), "..") << t;
      }
    } else {
      ++refused;
      EXPECT_EQ(files.error().kind, ErrorKind::BadFile);
    }
    if (!models.ok()) {
      EXPECT_EQ(models.error().kind, ErrorKind::BadFile);
    }
  }
  EXPECT_GT(read, 10);
  EXPECT_GT(refused, 1000);
}

// The hub's answer is outside JSON like a client's request: a document nested 100,000 deep (which
// walking or copying would overflow the stack with) is refused while it is read.
TEST(HubListing, DeeplyNestedAnswersAreRefused) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  auto files = parse_repo_tree(deep, kUrl);
  auto models = parse_search_results(deep, kUrl);
  ASSERT_FALSE(files.ok());
  ASSERT_FALSE(models.ok());
  for (const Error& e : {files.error(), models.error()}) {
    EXPECT_EQ(e.kind, ErrorKind::BadFile);
    EXPECT_NE(e.message.find("64 levels"), std::string::npos) << e.message;
  }
}

TEST(HubListing, LinkHeaders) {
  EXPECT_EQ(next_page_url(R"(<https://huggingface.co/api/models/a/b/tree/main?cursor=ZXl>; rel="next")"),
            "https://huggingface.co/api/models/a/b/tree/main?cursor=ZXl");
  EXPECT_EQ(next_page_url(R"(<https://x/prev>; rel="prev", <https://x/next>; rel="next")"), "https://x/next");
  EXPECT_EQ(next_page_url(R"(<https://x/prev>; rel="prev")"), "");
  EXPECT_EQ(next_page_url(""), "");
}

TEST(HubListing, RepositoryNames) {
  for (const char* ok : {"Qwen/Qwen3-8B-GGUF", "bartowski/Meta-Llama-3.1-8B-Instruct-GGUF", "a/b", "u_1/m.v2"})
    EXPECT_TRUE(check_repo_id(ok).ok()) << ok;
  for (const char* bad : {"", "qwen", "a/b/c", "/b", "a/", "../b", "a/..", "a/b c", "a/b?x=1", "a/.hidden", "-a/b",
                          "a/b%2F..", "a\\b/c"})
    EXPECT_FALSE(check_repo_id(bad).ok()) << bad;
}

TEST(ModelRefs, ReposWithQuantizations) {
  auto r = parse_model_ref("hf:Qwen/Qwen3-8B-GGUF:Q4_K_M");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->repo, "Qwen/Qwen3-8B-GGUF");
  EXPECT_EQ(r->quant, "Q4_K_M");
  for (const char* same : {"hf.co/Qwen/Qwen3-8B-GGUF:Q4_K_M", "huggingface.co/Qwen/Qwen3-8B-GGUF:Q4_K_M",
                           "https://huggingface.co/Qwen/Qwen3-8B-GGUF:Q4_K_M"}) {
    auto s = parse_model_ref(same);
    ASSERT_TRUE(s.ok()) << same;
    EXPECT_EQ(s->repo, "Qwen/Qwen3-8B-GGUF");
  }
  EXPECT_EQ(parse_model_ref("a/b")->quant, "");
  EXPECT_THAT(parse_model_ref("a/b:").error().message, HasSubstr("after the ':' comes a quantization"));
  EXPECT_THAT(parse_model_ref("model.gguf").error().message, HasSubstr("expected OWNER/NAME"));
  EXPECT_TRUE(is_hub_model_argument("hf:a/b"));
  EXPECT_FALSE(is_hub_model_argument("a/b.gguf"));
}

TEST(GgufChoices, QuantizationsFromNames) {
  const std::pair<const char*, const char*> cases[] = {
      {"Qwen3-8B-Q4_K_M.gguf", "Q4_K_M"},
      {"llama-2-7b.Q5_K_S.gguf", "Q5_K_S"},
      {"Meta-Llama-3-8B-Instruct.IQ3_XS.gguf", "IQ3_XS"},
      {"qwen2.5-7b-instruct-q8_0.gguf", "Q8_0"},
      {"Qwen3-30B-A3B-UD-Q4_K_XL.gguf", "UD-Q4_K_XL"},
      {"Q4_K_M/Qwen3-235B-A22B-Q4_K_M-00001-of-00003.gguf", "Q4_K_M"},
      {"BF16/Qwen3-235B-A22B-00001-of-00010.gguf", "BF16"},
      {"gpt-oss-20b-MXFP4.gguf", "MXFP4"},
      {"ggml-model-f16.gguf", "F16"},
      {"tessera-tiny.gguf", ""},
      {"Qwen3-8B.gguf", ""},
  };
  for (const auto& [path, quant] : cases) EXPECT_EQ(quant_of_path(path), quant) << path;
}

RepoFile file(const std::string& path, uint64_t size) { return RepoFile{path, size, kSha, ""}; }

TEST(GgufChoices, SingleFilesAndCompleteSetsInListingOrder) {
  const std::vector<RepoFile> files = {
      file(".gitattributes", 10),
      file("BF16/M-BF16-00001-of-00002.gguf", 100),
      file("M-Q8_0.gguf", 50),
      file("BF16/M-BF16-00002-of-00002.gguf", 90),
      file("M-Q4_K_M.gguf", 30),
      file("mmproj-M-F16.gguf", 5),
      file("Q2_K/M-Q2_K-00001-of-00002.gguf", 10),  // its second part is not listed
      file("README.md", 1),
  };
  const auto choices = gguf_choices(files);
  ASSERT_EQ(choices.size(), 3u);
  EXPECT_EQ(choices[0].quant, "BF16");
  ASSERT_EQ(choices[0].files.size(), 2u);
  EXPECT_EQ(choices[0].files[1].path, "BF16/M-BF16-00002-of-00002.gguf");
  EXPECT_EQ(choices[0].total_size(), 190u);
  EXPECT_TRUE(choices[0].is_split());
  EXPECT_EQ(choices[1].quant, "Q8_0");
  EXPECT_EQ(choices[2].quant, "Q4_K_M");

  EXPECT_EQ(choose_gguf(files, "", "o/m")->quant, "Q4_K_M");  // the default when there is one
  EXPECT_EQ(choose_gguf(files, "bf16", "o/m")->files.size(), 2u);
  auto none = choose_gguf(files, "IQ1_S", "o/m");
  ASSERT_FALSE(none.ok());
  EXPECT_THAT(none.error().message, HasSubstr("o/m has no IQ1_S model; it has: BF16, Q8_0, Q4_K_M"));
  EXPECT_EQ(choose_gguf({file("a.gguf", 1), file("b-Q8_0.gguf", 2)}, "", "o/m")->label(), "a.gguf");  // else the first
  EXPECT_THAT(choose_gguf({file("README.md", 1)}, "", "o/m").error().message, HasSubstr("o/m has no GGUF model file"));
}

TEST(HubSettings, FromTheEnvironmentAtTheEdge) {
  std::map<std::string, std::string> vars = {{"HF_ENDPOINT", "https://hf-mirror.com/"},
                                             {"HF_TOKEN", "hf_abc"},
                                             {"HTTPS_PROXY", "http://proxy:3128"},
                                             {"HTTP_PROXY", "http://ignored:1"},
                                             {"all_proxy", "socks5h://all:1080"},
                                             {"NO_PROXY", "localhost,.internal"}};
  const VariableLookup lookup = [&](std::string_view name) -> std::optional<std::string> {
    const auto it = vars.find(std::string(name));
    return it == vars.end() ? std::nullopt : std::optional<std::string>(it->second);
  };
  auto s = hub_settings_from_environment(lookup);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->endpoint, "https://hf-mirror.com");
  EXPECT_EQ(s->token, "hf_abc");
  EXPECT_EQ(s->http.proxy.https, "http://proxy:3128");
  EXPECT_EQ(s->http.proxy.http, "socks5h://all:1080");  // HTTP_PROXY in capitals is not read, as in curl
  EXPECT_EQ(s->http.proxy.no_proxy, "localhost,.internal");
  vars = {};
  s = hub_settings_from_environment(lookup);
  EXPECT_EQ(s->endpoint, "https://huggingface.co");
  EXPECT_EQ(s->token, "");
  EXPECT_EQ(s->http.proxy.https, "");
  vars = {{"HF_ENDPOINT", "hf-mirror.com"}};
  EXPECT_THAT(hub_settings_from_environment(lookup).error().message, HasSubstr("not an http:// or https:// address"));
}

TEST(ModelsFolder, XdgDataHome) {
  EXPECT_EQ(*default_models_folder("/data", "/home/u"), "/data/tessera/models");
  EXPECT_EQ(*default_models_folder("", "/home/u"), "/home/u/.local/share/tessera/models");
  EXPECT_EQ(*default_models_folder("relative", "/home/u"), "/home/u/.local/share/tessera/models");
  EXPECT_FALSE(default_models_folder("", "").ok());
  EXPECT_EQ(*repo_folder("/m", "Qwen/Qwen3-8B-GGUF"), "/m/Qwen/Qwen3-8B-GGUF");
  EXPECT_FALSE(repo_folder("/m", "../x").ok());
}

TEST(RateMeter, SpeedOverTheLastSecondsAndTimeLeft) {
  RateMeter m(std::chrono::milliseconds(2000));
  const auto t0 = RateMeter::Clock::time_point{};
  using std::chrono::milliseconds;
  EXPECT_EQ(m.bytes_per_second(), 0.0);
  m.sample(t0, 0);
  m.sample(t0 + milliseconds(1000), 1000);
  EXPECT_DOUBLE_EQ(m.bytes_per_second(), 1000.0);
  EXPECT_DOUBLE_EQ(m.eta_seconds(5000), 5.0);
  // A stall: nothing for 3 s; the old bytes leave the window.
  m.sample(t0 + milliseconds(4000), 1000);
  EXPECT_DOUBLE_EQ(m.bytes_per_second(), 0.0);
  EXPECT_LT(m.eta_seconds(10), 0.0);
  EXPECT_EQ(format_duration(42), "42 s");
  EXPECT_EQ(format_duration(245), "4 min 05 s");
  EXPECT_EQ(format_duration(7380), "2 h 03 min");
  EXPECT_EQ(format_duration(-1), "?");
  EXPECT_EQ(format_rate(1536.0 * 1024), "1.5 MiB/s");
}

}  // namespace
}  // namespace tessera::download
