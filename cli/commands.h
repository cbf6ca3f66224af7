// tessera-cli subcommands. Each lives in cmd_<name>.cpp and receives the arguments after its name.
// Return value is the process exit code: 0 success, 1 runtime error, 2 usage error.
#pragma once

#include <string>
#include <vector>

namespace tessera::cli {

using Args = std::vector<std::string>;

int cmd_inspect(const Args& args);
int cmd_tokenize(const Args& args);
int cmd_template(const Args& args);
int cmd_run(const Args& args);
int cmd_chat(const Args& args);
int cmd_bench(const Args& args);
int cmd_perplexity(const Args& args);
int cmd_devices(const Args& args);
int cmd_synth(const Args& args);
int cmd_serve(const Args& args);
int cmd_pull(const Args& args);

}  // namespace tessera::cli
