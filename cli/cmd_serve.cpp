// tessera-cli serve: the OpenAI-compatible HTTP server (server/server.h) for one model. This file
// only reads options and waits for Ctrl-C; the server lives in the tessera_server library.
#include <signal.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include "cli_common.h"
#include "commands.h"
#include "server.h"
#include "terminal_text.h"

namespace tessera::cli {
namespace {

inline constexpr IntRange kPortRange{0, 65535};
inline constexpr IntRange kServerThreadsRange{1, 256};

void usage(FILE* out) {
  std::fprintf(out,
               "usage: tessera-cli serve [-m FILE] [--host ADDR] [--port N] [--api-key KEY] [options]\n\n"
               "Serves the model over an OpenAI-compatible HTTP API: GET /v1/models, POST /v1/chat/completions,\n"
               "POST /v1/completions, GET /health, GET /metrics. Requests are queued and generate one at a time.\n"
               "Ctrl-C (or SIGTERM) stops the server.\n\n");
  std::fputs(usage_line("--host ADDR", "address to listen on (default 127.0.0.1: this machine only)").c_str(), out);
  std::fputs(usage_line("--port N", "port (" + range_text(kPortRange) + "; default 8080, 0: any free port)").c_str(), out);
  std::fputs(usage_line("--api-key KEY", "require \"Authorization: Bearer KEY\" on every route but /health").c_str(), out);
  std::fputs(usage_line("--insecure", "allow a non-loopback --host without --api-key").c_str(), out);
  std::fputs(usage_line("--allowed-origins LIST",
                        "web pages that may use the server: comma-separated origins as browsers send them "
                        "(http://localhost:3000; '*' matches any part, '*' alone every origin). Default none: "
                        "requests with an Origin header are refused").c_str(),
             out);
  std::fputs(usage_line("--model-id NAME", "the model's id in the API (default: the file name without .gguf)").c_str(), out);
  std::fputs(usage_line("--strict-model-name", "refuse (404) requests naming another model; by default the served "
                                               "model answers them and the reply's \"model\" says so").c_str(), out);
  std::fputs(usage_line("--http-threads N", "threads preparing requests (JSON, chat template, tokenizer; " +
                                                range_text(kServerThreadsRange) + ", default 8)").c_str(),
             out);
  std::fputs(model_options_usage().c_str(), out);
  std::fputs(sampling_options_usage().c_str(), out);
  std::fputs(backend_options_usage().c_str(), out);
  std::fprintf(out, "\nThe sampling options are the defaults for requests that leave a field out; -n is the default\n"
                    "max_tokens (absent: until the end of the reply or a full context).\n");
}

void on_sigterm(int) { interrupt_flag().store(true); }

}  // namespace

int cmd_serve(const Args& args) {
  ModelOptions model;
  SamplingOptions sampling;
  server::ServerConfig config;
  OptionReader r(args);
  while (r.next()) {
    if (r.is({"-h", "--help"})) {
      usage(stdout);
      return 0;
    } else if (r.is({"--host"})) {
      r.text(config.host);
    } else if (r.is({"--port"})) {
      r.integer(config.port, kPortRange);
    } else if (r.is({"--api-key"})) {
      r.text(config.api_key);
    } else if (r.is({"--insecure"})) {
      config.insecure = true;
    } else if (r.is({"--allowed-origins"})) {
      std::string list;
      r.text(list);
      config.allowed_origins = server::http::parse_origin_list(list);
    } else if (r.is({"--model-id"})) {
      r.text(config.model_id);
    } else if (r.is({"--strict-model-name"})) {
      config.strict_model_name = true;
    } else if (r.is({"--http-threads"})) {
      r.integer(config.threads, kServerThreadsRange);
    } else if (!parse_model_option(r, model) && !parse_sampling_option(r, sampling)) {
      r.fail("unknown option '" + r.arg() + "' (see tessera-cli serve --help)");
    }
  }
  if (r.failed()) {
    print_error("serve", r.error());
    return 2;
  }
  config.sampling = sampling.params;
  config.default_max_tokens = sampling.n_predict;
  if (std::string bad = server::check_config(config); !bad.empty()) {
    print_error("serve", bad);
    return 2;
  }

  install_interrupt_handler();
  struct sigaction sa {};
  sa.sa_handler = on_sigterm;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGTERM, &sa, nullptr);

  CudaPluginLoader cuda(cuda_environment_of_process());  // before the engine: the engine may hold the module's backend
  Engine engine;
  server::Server srv(engine, config, [&](Engine& e) { return load_model(e, model, cuda, "serve"); });
  if (Status s = srv.start(); !s.ok()) {
    print_error("serve", s.error().message);
    return 1;
  }
  // Tests and scripts read the port from this line (with --port 0 it is the one the system chose).
  std::fprintf(stderr, "listening on http://%s:%d (loading the model)\n", config.host.c_str(), srv.port());
  if (Status s = srv.wait_until_loaded(); !s.ok()) {
    print_error("serve", s.error().message);
    return 1;
  }
  std::fprintf(stderr, "serving %s as '%s' at http://%s:%d/v1 (Ctrl-C stops)\n", for_stream(stderr, engine.info().path).c_str(),
               for_stream(stderr, srv.model_id()).c_str(), config.host.c_str(), srv.port());
  while (!interrupt_flag().load() && srv.running()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  srv.stop();
  std::fprintf(stderr, "stopped\n");
  return 0;
}

}  // namespace tessera::cli
