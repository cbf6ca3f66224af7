// tessera-cli perplexity: a text's perplexity with llama-perplexity's meaning (core/eval/perplexity.h),
// and the KL divergence of this run's distributions against a saved base run
// (core/eval/kld_base_file.h), e.g. the CUDA backend against the CPU float reference:
//   tessera-cli perplexity -m M.gguf -f text.txt --backend cpu --save-kld-base ref.kld
//   tessera-cli perplexity -m M.gguf -f text.txt --backend cuda --kl-divergence-base ref.kld
// The measuring is core's (eval/perplexity_run.h); this file parses options and prints.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cli_common.h"
#include "commands.h"
#include "common/input_file.h"
#include "eval/perplexity_run.h"
#include "option_ranges.h"
#include "perplexity_json.h"
#include "terminal_text.h"
#include "tokenizer/tokenizer.h"

namespace tessera::cli {
namespace {

constexpr int32_t kDefaultChunkContext = 512;  // llama-perplexity's default -c

void usage(FILE* out) {
  std::fprintf(out,
               "usage: tessera-cli perplexity -m FILE -f TEXT [-c 512] [-b N] [--chunks K]\n"
               "                              [[--save-kld-base BASE.kld] [--save-llama-logits FILE] |\n"
               "                               --kl-divergence-base BASE.kld] [options]\n\n"
               "Perplexity as llama-perplexity measures it: the text is tokenized once (with BOS) and cut into\n"
               "chunks of -c tokens; each chunk is evaluated from an empty cache and the second half of its\n"
               "tokens is scored. Prints the running PPL per chunk and \"Final estimate: PPL = x +/- err\".\n\n");
  std::fputs(usage_line("-f, --file TEXT", "the text (UTF-8); optional with --kl-divergence-base, which holds its tokens").c_str(), out);
  std::fputs(usage_line("-c, --ctx N", "tokens per chunk, " + range_text(kContextRange) + " (default " +
                                           std::to_string(kDefaultChunkContext) + ", or the base's)").c_str(), out);
  std::fputs(usage_line("--chunks K", "score at most K chunks, " + range_text(kChunksRange) + " (default: all)").c_str(), out);
  std::fputs(usage_line("--save-kld-base FILE", "write the scored positions' log-probabilities (a base for --kl-divergence-base)").c_str(), out);
  std::fputs(usage_line("--save-llama-logits FILE", "the same in llama-perplexity's format, for its --kl-divergence").c_str(), out);
  std::fputs(usage_line("--kl-divergence-base FILE", "compare with a saved base: KL divergence, same top token, PPL difference").c_str(), out);
  std::fputs(usage_line("--json", "print the figures as one JSON object instead (see cli/perplexity_json.h)").c_str(), out);
  std::fputs(usage_line("-m, --model FILE", "GGUF model (default: the embedded tessera-tiny model)").c_str(), out);
  std::fputs(usage_line("-b, --batch N", "tokens per evaluation step, " + range_text(kBatchRange) + " (default 512, at most -c)").c_str(), out);
  std::fputs(usage_line("--kv-type TYPE", "KV cache type, as for run").c_str(), out);
  std::fputs(backend_options_usage().c_str(), out);
}

int usage_error(const std::string& reason) {
  print_error("perplexity", reason);
  std::fputc('\n', stderr);
  usage(stderr);
  return 2;
}

int runtime_error(const Error& e) {
  print_error("perplexity", e.message);
  return e.kind == ErrorKind::Cancelled ? 130 : 1;
}

void print_chunk_header(bool kld) {
  if (kld)
    std::printf("chunk          PPL          ln(PPL/PPL(base))          KL divergence              Δp RMS          same top p\n");
}

void print_chunk(const eval::ChunkProgress& p) {
  if (!p.kld) {
    std::printf("[%d]%.4f,", p.chunks_done, p.ppl.value);
    if (p.chunks_done == p.n_chunks) std::printf("\n");
  } else {
    const eval::KldSummary& k = *p.kld;
    std::printf("%5d  %9.4f ± %8.4f  %9.5f ± %8.5f  %10.8f ± %10.8f  %6.3f ± %5.3f %%  %7.3f ± %5.3f %%\n", p.chunks_done,
                p.ppl.value, p.ppl.error, k.log_ppl_ratio.value, k.log_ppl_ratio.error, k.kld.value, k.kld.error,
                100.0 * k.p_diff_rms.value, 100.0 * k.p_diff_rms.error, 100.0 * k.same_top.value,
                100.0 * k.same_top.error);
  }
  std::fflush(stdout);
}

// `digits` after the point: KLDs of two float backends are ~1e-6, below llama-perplexity's 6 digits.
void print_quantiles(const char* name, const eval::Quantiles& q, double scale, int digits, const char* unit) {
  const std::pair<const char*, double> rows[] = {
      {"Maximum", q.max}, {"99.9%  ", q.p99_9}, {"99.0%  ", q.p99}, {"95.0%  ", q.p95}, {"90.0%  ", q.p90},
      {"Median ", q.median}, {"10.0%  ", q.p10}, {" 5.0%  ", q.p5}, {" 1.0%  ", q.p1}, {" 0.1%  ", q.p0_1},
      {"Minimum", q.min}};
  for (const auto& [label, v] : rows) std::printf("%s %s: %*.*f%s\n", label, name, digits + 4, digits, scale * v, unit);
}

void print_kld_summary(const eval::KldSummary& k) {
  std::printf("\n====== Perplexity statistics ======\n");
  std::printf("Mean PPL(Q)                   : %10.6f ± %10.6f\n", k.ppl.value, k.ppl.error);
  std::printf("Mean PPL(base)                : %10.6f ± %10.6f\n", k.ppl_base.value, k.ppl_base.error);
  std::printf("Cor(ln(PPL(Q)), ln(PPL(base))): %6.2f%%\n", 100.0 * k.log_ppl_correlation);
  std::printf("Mean ln(PPL(Q)/PPL(base))     : %10.6f ± %10.6f\n", k.log_ppl_ratio.value, k.log_ppl_ratio.error);
  std::printf("Mean PPL(Q)/PPL(base)         : %10.6f ± %10.6f\n", k.ppl_ratio.value, k.ppl_ratio.error);
  std::printf("Mean PPL(Q)-PPL(base)         : %10.6f ± %10.6f\n", k.ppl_diff.value, k.ppl_diff.error);
  std::printf("\n====== KL divergence statistics ======\n");
  std::printf("Mean    KLD: %12.8f ± %12.8f\n", k.kld.value, k.kld.error);
  print_quantiles("KLD", k.kld_quantiles, 1.0, 8, "");
  std::printf("\n====== Token probability statistics ======\n");
  std::printf("Mean    Δp: %6.3f ± %5.3f %%\n", 100.0 * k.p_diff.value, 100.0 * k.p_diff.error);
  print_quantiles("Δp", k.p_diff_quantiles, 100.0, 6, "%");
  std::printf("RMS Δp    : %6.3f ± %5.3f %%\n", 100.0 * k.p_diff_rms.value, 100.0 * k.p_diff_rms.error);
  std::printf("Same top p: %6.3f ± %5.3f %%\n", 100.0 * k.same_top.value, 100.0 * k.same_top.error);
}

}  // namespace

int cmd_perplexity(const Args& args) {
  ModelOptions model;
  std::string text_path, save_path, llama_path, base_path;
  int32_t max_chunks = 0;
  bool json = false;
  OptionReader r(args);
  while (r.next()) {
    if (r.is({"-h", "--help"})) {
      usage(stdout);
      return 0;
    } else if (r.is({"-f", "--file"})) {
      r.text(text_path);
    } else if (r.is({"--chunks"})) {
      r.integer(max_chunks, kChunksRange);
    } else if (r.is({"--save-kld-base"})) {
      r.text(save_path);
    } else if (r.is({"--save-llama-logits"})) {
      r.text(llama_path);
    } else if (r.is({"--kl-divergence-base"})) {
      r.text(base_path);
    } else if (r.is({"--json"})) {
      json = true;
    } else if (!parse_model_option(r, model)) {
      r.fail("unknown option '" + r.arg() + "'");
    }
  }
  if (r.failed()) return usage_error(r.error());
  if ((!save_path.empty() || !llama_path.empty()) && !base_path.empty())
    return usage_error("give one of --save-kld-base (--save-llama-logits) and --kl-divergence-base, not both");
  if (text_path.empty() && base_path.empty()) return usage_error("missing -f TEXT");

  std::optional<eval::KldBaseReader> base;
  if (!base_path.empty()) {
    auto opened = eval::KldBaseReader::open(base_path);
    if (!opened.ok()) return runtime_error(opened.error());
    base.emplace(std::move(opened).value());
  }
  const int32_t n_ctx = model.n_ctx > 0 ? model.n_ctx : base ? base->header().plan.n_ctx : kDefaultChunkContext;
  std::string text;
  if (!text_path.empty()) {
    auto read = read_input_file(text_path, kMaxTextInputBytes, "the text");
    if (!read.ok()) return runtime_error(read.error());
    text = std::move(read).value();
  }

  model.n_ctx = n_ctx;
  model.all_logits = true;
  CudaPluginLoader cuda;  // before the engine: the engine may hold the module's backend
  Engine engine;
  if (Status s = load_model(engine, model, cuda, "perplexity"); !s.ok()) return runtime_error(s.error());
  const tokenizer::Tokenizer* tok = engine.tokenizer();
  if (!tok)
    return runtime_error(make_error(ErrorKind::InvalidArgument, "the model " + engine.info().path + " has no tokenizer"));
  const int32_t start_token = eval::chunk_start_token(*tok);
  BackendModel& backend_model = engine.backend_model();

  std::vector<int32_t> tokens;
  eval::ChunkPlan plan;
  if (text_path.empty()) {
    // The base holds the tokens it was made from (llama-perplexity reads them the same way).
    tokens = base->tokens();
    plan = base->header().plan;
    plan.n_ctx = n_ctx;  // a -c other than the base's is refused below, by name
    plan.first_scored = n_ctx / 2;
    if (max_chunks > 0) plan.n_chunks = std::min(plan.n_chunks, max_chunks);
  } else {
    tokens = eval::perplexity_tokens(*tok, text);
    auto planned = eval::plan_chunks(tokens.size(), n_ctx, max_chunks);
    if (!planned.ok()) return runtime_error(planned.error());
    plan = *planned;
    if (base) plan.n_chunks = std::min(plan.n_chunks, base->header().plan.n_chunks);  // a base saved with --chunks
  }
  if (base) {
    if (Status s = eval::check_kld_base_matches(*base, backend_model.n_vocab(), plan, start_token, tokens); !s.ok())
      return runtime_error(s.error());
  }
  const eval::KldBaseHeader header{static_cast<uint32_t>(backend_model.n_vocab()), plan, start_token};
  std::optional<eval::KldBaseWriter> writer;
  if (!save_path.empty()) {
    auto created = eval::KldBaseWriter::create(
        save_path, header, std::span<const int32_t>(tokens).first(static_cast<size_t>(plan.n_chunks) * plan.n_ctx));
    if (!created.ok()) return runtime_error(created.error());
    writer.emplace(std::move(created).value());
  }
  std::optional<eval::LlamaLogitsWriter> llama_writer;
  if (!llama_path.empty()) {
    auto created = eval::LlamaLogitsWriter::create(
        llama_path, header.n_vocab, plan,
        std::span<const int32_t>(tokens).first(static_cast<size_t>(plan.n_chunks) * plan.n_ctx));
    if (!created.ok()) return runtime_error(created.error());
    llama_writer.emplace(std::move(created).value());
  }

  std::fprintf(stderr, "perplexity: %zu tokens, %d chunks of %d, scoring the last %d tokens of each; %s\n",
               tokens.size(), plan.n_chunks, plan.n_ctx, plan.scored_per_chunk(), engine.info().backend.c_str());
  install_interrupt_handler();
  eval::PerplexityRunOptions options;
  options.save_base = writer ? &*writer : nullptr;
  options.save_llama_base = llama_writer ? &*llama_writer : nullptr;
  options.compare_base = base ? &*base : nullptr;
  options.stop = &interrupt_flag();
  if (!json) print_chunk_header(base.has_value());
  std::vector<double> chunk_ppl;
  double seconds = 0.0;
  auto result = eval::run_perplexity(backend_model, tokens, plan, start_token, options,
                                     [&](const eval::ChunkProgress& p) {
                                       if (p.chunks_done == 1)
                                         std::fprintf(stderr, "perplexity: %.2f seconds per chunk\n", p.seconds);
                                       chunk_ppl.push_back(p.ppl.value);
                                       seconds += p.seconds;
                                       if (!json) print_chunk(p);
                                     });
  if (!result.ok()) {
    // A partial base would only be refused later.
    std::error_code ec;
    if (writer) {
      writer.reset();
      std::filesystem::remove(save_path, ec);
    }
    if (llama_writer) {
      llama_writer.reset();
      std::filesystem::remove(llama_path, ec);
    }
    return runtime_error(result.error());
  }
  if (json) {
    // A path that is not UTF-8 is written with U+FFFD rather than failing the report.
    const nlohmann::json report = perplexity_json(engine, tokens.size(), *result, chunk_ppl, seconds);
    std::printf("%s\n", report.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
  } else {
    std::printf("Final estimate: PPL = %.4f +/- %.5f\n", result->ppl.value, result->ppl.error);
    if (result->kld) print_kld_summary(*result->kld);
  }
  if (writer) {
    if (Status s = writer->finish(); !s.ok()) return runtime_error(s.error());
    std::fprintf(stderr, "perplexity: saved the KLD base %s (%llu bytes)\n", for_stream(stderr, save_path).c_str(),
                 static_cast<unsigned long long>(eval::kld_file_bytes(header)));
  }
  if (llama_writer) {
    if (Status s = llama_writer->finish(); !s.ok()) return runtime_error(s.error());
    std::fprintf(stderr, "perplexity: saved llama-perplexity's logits file %s (%llu bytes)\n",
                 for_stream(stderr, llama_path).c_str(),
                 static_cast<unsigned long long>(eval::llama_logits_file_bytes(header.n_vocab, plan)));
  }
  return 0;
}

}  // namespace tessera::cli
