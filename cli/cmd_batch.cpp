// batch: the Library Checker "Nim Product (F_2^64)" job. Reads all of the input with read(2)
// in large chunks, parses it in one pass (nimber::read_batch), multiplies with the batch
// kernel, and formats every product into one buffer that main() writes at once.
#include <CLI/CLI.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "common.hpp"
#include "nimber/batch.hpp"
#include "nimber/parse.hpp"

namespace nimber::cli {

namespace {

// Reads the whole of fd into data; returns 0 or the errno of the failed read. A regular file
// is read into a buffer of its size (+1 for the read that sees end of file); a pipe doubles
// the buffer, so a 40 MB input costs a few dozen reads.
int read_all(int fd, std::string& data) {
  struct stat st {};
  const bool sized = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
  data.assign(sized ? std::size_t(st.st_size) + 1 : std::size_t(1) << 20, '\0');
  std::size_t size = 0;
  for (;;) {
    if (size == data.size()) data.resize(2 * size);
    const ssize_t got = ::read(fd, data.data() + size, data.size() - size);
    if (got == 0) break;
    if (got < 0 && errno != EINTR) return errno;
    if (got > 0) size += std::size_t(got);
  }
  data.resize(size);
  return 0;
}

// The input named on the command line ("-": stdin).
std::string read_input(const std::string& file) {
  std::string data;
  if (file == "-") {
    if (const int err = read_all(STDIN_FILENO, data))
      throw input_error(std::string("cannot read standard input: ") + std::strerror(err));
    return data;
  }
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  const int err = fd < 0 ? errno : read_all(fd, data);
  if (fd >= 0) ::close(fd);
  if (err)
    throw input_error(argument_where(1), file,
                      std::string("a readable file (") + std::strerror(err) + ")");
  return data;
}

struct batch_options {
  std::string file = "-";
};

}  // namespace

void add_batch_command(CLI::App& app, context& ctx) {
  auto opt = std::make_shared<batch_options>();
  CLI::App* sub = app.add_subcommand(
      "batch", "Library Checker \"Nim Product (F_2^64)\": T, then T pairs A B; T products");
  sub->add_option("file", opt->file, "Input file (default: - for stdin)");
  sub->footer(
      "Input: T, then T pairs A B, decimal, 0 <= T, A, B < 2^64, separated by any whitespace.\n"
      "Output: the T nim products A*B, one per line.\n"
      "Examples:\n"
      "  printf '3\\n1 1\\n5 11\\n8 8\\n' | nimber batch     # 1, 12, 13\n"
      "  nimber batch cases.txt > products.txt");
  sub->callback([&ctx, opt] {
    std::string input = read_input(opt->file);
    std::vector<std::uint64_t> a, b;
    if (const batch_error e = read_batch(input, a, b)) {
      const std::string where = "line " + std::to_string(e.line);
      if (e.at_end_of_input()) throw input_error::at_end(where, expected_text(e));
      throw input_error(where, e.token, expected_text(e));
    }

    // Products overwrite a (batch::mul allows in-place), and the output reuses the input's
    // buffer when it is big enough (typical: ~40 input bytes per pair, at most 21 output):
    // fresh memory costs page faults that rival the parsing itself.
    batch::mul(a, b, a);
    const std::size_t need = a.size() * max_decimal_line;
    if (input.capacity() >= need) ctx.out.swap(input);
    ctx.out.resize(need);
    char* end = write_decimal_lines(a, ctx.out.data());
    ctx.out.resize(std::size_t(end - ctx.out.data()));
  });
}

}  // namespace nimber::cli
