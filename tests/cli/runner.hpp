// Runs the built `nimber` binary (NIMBER_CLI, a compile definition) as a subprocess with a
// given stdin, and captures its stdout, stderr and exit status; shared by the CLI tests.
#pragma once

#include <gtest/gtest.h>

#include <dirent.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

extern char** environ;

namespace cli_test {

struct result {
  int status = -1;
  std::string out, err;
};

inline std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// A temporary file, removed on destruction.
struct temp_file {
  std::string path;
  temp_file() {
    char name[] = "/tmp/nimber_test_cli_XXXXXX";
    const int fd = mkstemp(name);
    if (fd < 0) std::abort();
    close(fd);
    path = name;
  }
  ~temp_file() { unlink(path.c_str()); }
};

// A nimber process started by start() and not yet waited for.
struct process {
  pid_t pid = -1;
  temp_file in, out, err;
};

// Starts nimber with args; stdin, stdout and stderr are temporary files, so that no pipe can
// fill up and deadlock however large the input or output. stdin_path, when given, is the
// file read as standard input instead of `input`.
inline std::unique_ptr<process> start(const std::vector<std::string>& args,
                                      const std::string& input = "",
                                      const std::string& stdin_path = "") {
  auto p = std::make_unique<process>();
  std::ofstream(p->in.path, std::ios::binary) << input;

  std::vector<char*> argv{const_cast<char*>(NIMBER_CLI)};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  const std::string& in = stdin_path.empty() ? p->in.path : stdin_path;
  posix_spawn_file_actions_addopen(&actions, 0, in.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, p->out.path.c_str(), O_WRONLY | O_TRUNC, 0);
  posix_spawn_file_actions_addopen(&actions, 2, p->err.path.c_str(), O_WRONLY | O_TRUNC, 0);
  if (posix_spawn(&p->pid, NIMBER_CLI, &actions, nullptr, argv.data(), environ) != 0) p->pid = -1;
  posix_spawn_file_actions_destroy(&actions);
  return p;
}

// Waits for p; status is the exit status, or 128 + the signal that ended it.
inline result finish(process& p) {
  result r;
  if (p.pid > 0) {
    int wstatus = 0;
    waitpid(p.pid, &wstatus, 0);
    r.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
  }
  r.out = read_file(p.out.path);
  r.err = read_file(p.err.path);
  return r;
}

inline result run(const std::vector<std::string>& args, const std::string& input = "") {
  return finish(*start(args, input));
}

// Success: the given stdout, nothing on stderr, status 0.
inline void expect_output(const std::vector<std::string>& args, const std::string& out,
                   const std::string& input = "") {
  const result r = run(args, input);
  EXPECT_EQ(r.status, 0) << args[0] << ": " << r.err;
  EXPECT_EQ(r.out, out) << args[0];
  EXPECT_EQ(r.err, "") << args[0];
}

// Bad input: exactly this one stderr line, nothing on stdout, status 2.
inline void expect_error(const std::vector<std::string>& args, const std::string& message,
                  const std::string& input = "") {
  const result r = run(args, input);
  EXPECT_EQ(r.status, 2) << message;
  EXPECT_EQ(r.out, "") << message;
  EXPECT_EQ(r.err, "nimber: error: " + message + "\n");
}

// A fresh directory under /tmp, removed with what it holds.
struct temp_dir {
  std::string path;
  temp_dir() {
    char name[] = "/tmp/nimber_test_dir_XXXXXX";
    if (!mkdtemp(name)) std::abort();
    path = name;
  }
  ~temp_dir() {
    for (const std::string& f : files()) std::remove((path + "/" + f).c_str());
    rmdir(path.c_str());
  }
  std::vector<std::string> files() const {
    std::vector<std::string> names;
    if (DIR* d = opendir(path.c_str())) {
      while (const dirent* e = readdir(d))
        if (std::string(e->d_name) != "." && std::string(e->d_name) != "..") names.push_back(e->d_name);
      closedir(d);
    }
    return names;
  }
};

// One error line naming what was asked and what it needs, status 2, nothing on stdout.
inline void expect_resource_error(const std::vector<std::string>& args, const std::string& start) {
  const result r = run(args);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("nimber: error: " + start, 0), 0u) << r.err;
  EXPECT_NE(r.err.find("(--max-memory)"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
}

}  // namespace cli_test
