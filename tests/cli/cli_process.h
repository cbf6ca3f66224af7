// Runs tessera-cli (TESSERA_CLI_PATH, the build's binary), or another program, as a child process
// for the CLI suites and captures what it did: exit code, stdout and stderr, each byte for byte.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace tessera::test {

struct CliResult {
  // The exit status; 128 + N when signal N ended the process; -1 when it could not be run.
  int exit_code = -1;
  std::string out, err;  // all of stdout and of stderr, kept apart
};

// The whole file's bytes as a string; "" when it cannot be read.
std::string read_all(const std::filesystem::path& p);

// The number after the first `label` in `out`, past any spaces and colons ("Mean KLD:   0.5");
// NaN when the label is absent or no number follows.
double number_after(const std::string& out, const std::string& label);

// `s` as one single-quoted /bin/sh word (embedded ' written as '\'').
std::string shell_quote(const std::string& s);

// Runs TESSERA_CLI_PATH with `args` (each quoted as one word) through /bin/sh and waits for it.
// stdin: exactly `stdin_text` (empty: an empty stdin, never the test's own). `env`: changes to the
// child's environment, applied in order through env(1): "NAME=value" sets NAME, a bare "NAME"
// (no '=') removes it; everything else is inherited.
CliResult run_cli(const std::vector<std::string>& args, const std::string& stdin_text = "",
                  const std::vector<std::string>& env = {});

// Runs TESSERA_CLI_PATH with `args` on a pseudo-terminal, as a person at a terminal would: its
// stdin, stdout and stderr are the terminal (raw mode: no echo, "\n" stays "\n"); `typed` is
// what is typed into it. `out` holds everything the program wrote there (stdout and stderr
// interleaved); `err` stays empty.
CliResult run_cli_on_terminal(const std::vector<std::string>& args, const std::string& typed = "");

// The same for any `program` (a path), e.g. llama.cpp's tools that the interop suites run.
CliResult run_program(const std::string& program, const std::vector<std::string>& args,
                      const std::string& stdin_text = "", const std::vector<std::string>& env = {});

}  // namespace tessera::test
