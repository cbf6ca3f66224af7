// tessera-cli run: generate a continuation of a prompt, streamed to stdout as it is generated.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_common.h"
#include "commands.h"
#include "common/json_input.h"
#include "grammar/json_schema.h"
#include "option_ranges.h"
#include "reply_printer.h"
#include "run_json.h"
#include "terminal_text.h"

namespace tessera::cli {
namespace {

void usage(FILE* out) {
  std::fprintf(out,
               "usage: tessera-cli run [-m FILE] -p PROMPT [options]\n\n"
               "Streams the generated continuation of PROMPT (not the prompt) to stdout, timings to stderr.\n\n"
               "  -p, --prompt TEXT         the prompt (may be \"\": the model starts from BOS)\n"
               "  --ids                     also print the generated token ids (a line \"ids: ...\" on stdout)\n"
               "  --no-bos                  do not add BOS in front of the prompt\n"
               "  --parse-special           treat special-token texts in the prompt (\"<|im_start|>\") as tokens\n"
               "  --ignore-eos              keep going past end-of-text tokens\n"
               "  -v, --verbose             print the model, backend and seed to stderr\n"
               "  --json                    print the run as one JSON object instead (ids, text pieces,\n"
               "                            reasoning and content, timings, model and settings; see cli/run_json.h)\n"
               "  --json-schema FILE        the output must be JSON that the schema in FILE accepts (the\n"
               "                            subset OpenAI's strict mode documents; after a reasoning model's thinking)\n");
  std::fputs(reasoning_option_usage().c_str(), out);
  std::fputs(usage_line("--top-logprobs K", "with --json: each token's logprob and the K most likely, " +
                                                range_text(kTopLogprobsRange)).c_str(), out);
  std::fputs(model_options_usage().c_str(), out);
  std::fputs(sampling_options_usage().c_str(), out);
  std::fputs(overflow_option_usage().c_str(), out);
  std::fputs(backend_options_usage().c_str(), out);
  std::fprintf(out, "\nDefaults: -n 128. Ctrl-C stops the generation (exit code 130).\n");
}

}  // namespace

int cmd_run(const Args& args) {
  ModelOptions model;
  SamplingOptions sampling;
  sampling.n_predict = 128;
  OverflowPolicy overflow = OverflowPolicy::Stop;
  std::string prompt;
  bool have_prompt = false, print_ids = false, no_bos = false, parse_special = false, ignore_eos = false,
       verbose = false, json = false;
  int32_t top_logprobs = -1;  // -1: not asked for
  ReasoningDisplay reasoning_display = ReasoningDisplay::Show;
  std::string schema_path;
  OptionReader r(args);
  while (r.next()) {
    if (r.is({"-h", "--help"})) {
      usage(stdout);
      return 0;
    } else if (r.is({"-p", "--prompt"})) {
      have_prompt = r.text(prompt);
    } else if (r.is({"--ids"})) {
      print_ids = true;
    } else if (r.is({"--no-bos"})) {
      no_bos = true;
    } else if (r.is({"--parse-special"})) {
      parse_special = true;
    } else if (r.is({"--ignore-eos"})) {
      ignore_eos = true;
    } else if (r.is({"-v", "--verbose"})) {
      verbose = true;
    } else if (r.is({"--json"})) {
      json = true;
    } else if (r.is({"--top-logprobs"})) {
      r.integer(top_logprobs, kTopLogprobsRange);
    } else if (r.is({"--json-schema"})) {
      r.text(schema_path);
    } else if (!parse_model_option(r, model) && !parse_sampling_option(r, sampling) &&
               !parse_overflow_option(r, overflow) && !parse_reasoning_option(r, reasoning_display)) {
      r.fail("unknown option '" + r.arg() + "' (see tessera-cli run --help)");
    }
  }
  if (r.failed()) {
    print_error("run", r.error());
    return 2;
  }
  if (top_logprobs >= 0 && !json) {
    std::fprintf(stderr, "tessera-cli run: --top-logprobs needs --json\n");
    return 2;
  }
  if (!have_prompt) {
    std::fprintf(stderr, "tessera-cli run: missing -p PROMPT (see tessera-cli run --help)\n");
    return 2;
  }

  std::shared_ptr<const grammar::JsonSchema> schema;
  if (!schema_path.empty()) {
    std::ifstream in(schema_path, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "tessera-cli run: --json-schema: cannot read %s\n", schema_path.c_str());
      return 2;
    }
    std::stringstream text;
    text << in.rdbuf();
    // Read as all outside JSON is (nesting bounded: the compiler recurses once per level).
    auto read = parse_json<nlohmann::ordered_json>(text.str());
    if (!read.ok()) {
      std::fprintf(stderr, "tessera-cli run: --json-schema: %s %s\n", schema_path.c_str(), read.error().message.c_str());
      return 2;
    }
    const nlohmann::ordered_json parsed = std::move(read).value();
    // A response_format-style wrapper {"name": ..., "schema": {...}} is accepted too.
    const bool wrapped = parsed.is_object() && parsed.contains("schema") && parsed["schema"].is_object() &&
                         !parsed.contains("type") && !parsed.contains("properties");
    auto compiled = grammar::JsonSchema::compile(wrapped ? parsed["schema"] : parsed);
    if (!compiled.ok()) {
      std::fprintf(stderr, "tessera-cli run: --json-schema %s: %s\n", schema_path.c_str(),
                   compiled.error().message.c_str());
      return 2;
    }
    schema = *compiled;
  }

  CudaPluginLoader cuda(cuda_environment_of_process());  // before the engine: the engine may hold the module's backend
  Engine engine;
  if (Status s = load_model(engine, model, cuda, "run"); !s.ok()) {
    print_error("run", s.error().message);
    return s.error().kind == ErrorKind::InvalidArgument && model.model_path.empty() ? 2 : 1;
  }
  if (verbose) {
    const ModelInfo& info = engine.info();
    std::fprintf(stderr, "model:   %s (%s, %llu parameters, %s)\nbackend: %s\n", for_stream(stderr, info.path).c_str(),
                 for_stream(stderr, info.architecture).c_str(), static_cast<unsigned long long>(info.parameter_count),
                 info.main_type().c_str(), for_stream(stderr, info.backend).c_str());
  }

  print_overflow_note(engine, overflow);
  install_interrupt_handler();
  GenerationRequest req;
  req.prompt = prompt;
  req.add_special = !no_bos;
  req.parse_special = parse_special;
  req.n_predict = sampling.n_predict;
  req.sampling = sampling.params;
  req.stop = &interrupt_flag();
  req.stop_at_end_of_generation = !ignore_eos;
  req.overflow = overflow;
  // A reasoning model's thinking is split from the answer (a prompt in its chat format may make it think).
  req.split_reply = engine.output_format().reasons();
  req.json_schema = schema;
  if (req.sampling.seed == kRandomSeed && !req.sampling.greedy()) {
    // Pick the seed here so --verbose can print it and the run can be repeated with --seed.
    req.sampling.seed = Sampler(req.sampling).seed();
  }
  if (verbose && !req.sampling.greedy())
    std::fprintf(stderr, "seed:    %llu\n", static_cast<unsigned long long>(req.sampling.seed));

  if (json) {
    // The prompt's ids, tokenized once here and passed as ids, so the report shows what ran.
    auto ids = engine.tokenize(prompt, req.add_special, req.parse_special);
    if (!ids.ok()) {
      print_error("run", ids.error().message);
      return 1;
    }
    req.prompt_tokens = *ids;
    req.logprobs = top_logprobs >= 0;
    req.top_logprobs = std::max(top_logprobs, 0);
    RunJsonReport report(engine, req, *ids);
    auto result = engine.generate(req, [&report](const TokenEvent& e) {
      report.add(e);
      return true;
    });
    if (!result.ok()) {
      print_error("run", result.error().message);
      return 1;
    }
    // JSON escapes every C0 control; on a terminal, C1 controls and direction overrides too.
    std::printf("%s\n", report.finish(*result, is_terminal(stdout)).c_str());
    std::fflush(stdout);
    return result->stop_reason == StopReason::Stopped && interrupt_flag().load() ? 130 : 0;
  }

  ReplyPrinter printer(stdout, reasoning_display, ::isatty(1) != 0);
  auto result = engine.generate(req, [&](const TokenEvent& e) {
    if (req.split_reply) {
      printer.print(e.reply);
    } else if (!e.text.empty()) {
      // A model's text may hold control characters (ESC from a byte token <0x1B>, ...).
      const std::string shown = for_stream(stdout, e.text);
      std::fwrite(shown.data(), 1, shown.size(), stdout);
      std::fflush(stdout);
    }
    return true;
  });
  printer.finish();
  if (!result.ok()) {
    print_error("run", result.error().message);
    return 1;
  }
  std::fputc('\n', stdout);
  if (print_ids) {
    std::fputs("ids:", stdout);
    for (int32_t id : result->tokens) std::fprintf(stdout, " %d", id);
    std::fputc('\n', stdout);
  }
  std::fflush(stdout);
  print_timings(*result);
  return result->stop_reason == StopReason::Stopped && interrupt_flag().load() ? 130 : 0;
}

}  // namespace tessera::cli
