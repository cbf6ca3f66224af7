#include "cli_process.h"

#include <pty.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>

#include <cmath>
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

double number_after(const std::string& out, const std::string& label) {
  size_t at = out.find(label);
  if (at == std::string::npos) return std::nan("");
  at = out.find_first_not_of(" \t:", at + label.size());
  if (at == std::string::npos) return std::nan("");
  const char* begin = out.c_str() + at;
  char* end = nullptr;
  const double v = std::strtod(begin, &end);
  return end == begin ? std::nan("") : v;
}

std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

CliResult run_cli(const std::vector<std::string>& args, const std::string& stdin_text,
                  const std::vector<std::string>& env) {
  return run_program(TESSERA_CLI_PATH, args, stdin_text, env);
}

CliResult run_cli_on_terminal(const std::vector<std::string>& args, const std::string& typed) {
  std::vector<std::string> argv_text = {TESSERA_CLI_PATH};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  termios raw_output{};
  cfmakeraw(&raw_output);  // no echo, no "\n" -> "\r\n"
  int master = -1;
  const pid_t pid = forkpty(&master, nullptr, &raw_output, nullptr);
  CliResult r;
  if (pid < 0) return r;
  if (pid == 0) {
    execv(argv[0], argv.data());
    _exit(127);
  }
  for (size_t at = 0; at < typed.size();) {
    const ssize_t n = write(master, typed.data() + at, typed.size() - at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    at += static_cast<size_t>(n);
  }
  char buf[4096];
  for (;;) {
    const ssize_t n = read(master, buf, sizeof buf);
    if (n > 0) {
      r.out.append(buf, static_cast<size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      break;  // EIO once the child has closed the terminal
    }
  }
  close(master);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  else if (WIFSIGNALED(status)) r.exit_code = 128 + WTERMSIG(status);
  return r;
}

CliResult run_program(const std::string& program, const std::vector<std::string>& args,
                      const std::string& stdin_text, const std::vector<std::string>& env) {
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
  cmd += shell_quote(program);
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
