#include "cli_process.h"

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <utility>

#include "support/test_support.h"

namespace tessera::test {

std::string read_all(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

CliResult run_cli(const std::vector<std::string>& args, const std::string& stdin_text,
                  const std::vector<std::string>& env) {
  TempDir dir;
  write_file_bytes(dir.file("in"), std::vector<uint8_t>(stdin_text.begin(), stdin_text.end()));
  std::string cmd;
  if (!env.empty()) {
    cmd = "env";
    for (const auto& e : env) {
      cmd += e.find('=') == std::string::npos ? " -u " : " ";
      cmd += shell_quote(e);
    }
    cmd += " ";
  }
  cmd += shell_quote(TESSERA_CLI_PATH);
  // Appended piece by piece: `" " + std::string` trips GCC 12's false -Wrestrict warning.
  for (const auto& a : args) {
    cmd += ' ';
    cmd += shell_quote(a);
  }
  for (const auto& [redirect, name] : {std::pair{" <", "in"}, {" >", "out"}, {" 2>", "err"}}) {
    cmd += redirect;
    cmd += shell_quote(dir.file(name).string());
  }
  const int status = std::system(cmd.c_str());
  CliResult r;
  if (status != -1 && WIFEXITED(status))
    r.exit_code = WEXITSTATUS(status);
  else if (status != -1 && WIFSIGNALED(status))
    r.exit_code = 128 + WTERMSIG(status);
  r.out = read_all(dir.file("out"));
  r.err = read_all(dir.file("err"));
  return r;
}

}  // namespace tessera::test
