// batch: the Library Checker "Nim Product (F_2^64)" job. Maps the input when it is a regular
// file (else reads it with read(2) in large chunks), parses it in one pass (read_batch,
// batch_format.hpp), multiplies with the batch kernel, and hands the products to the output
// writer, which writes them in cache-sized pieces straight to the destination once the whole
// input has been checked.
#include <CLI/CLI.hpp>

#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "batch_format.hpp"
#include "common.hpp"
#include "nimber/batch.hpp"

namespace nimber::cli {

namespace {

// Reads the rest of fd into data; returns 0 or the errno of the failed read. A regular file
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

// The whole input: a read-only mapping of a regular file (no copy, no fresh memory to fault
// in: ~40% of the run time of a 40 MB batch read into a buffer), else a buffer read(2) filled.
class input_text {
 public:
  input_text() = default;
  input_text(const input_text&) = delete;
  input_text& operator=(const input_text&) = delete;
  ~input_text() {
    if (map_) ::munmap(map_, map_size_);
  }

  // Reads fd from its current offset to the end; returns 0 or an errno.
  int load(int fd) {
    struct stat st {};
    const off_t at = ::lseek(fd, 0, SEEK_CUR);
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && at >= 0 && st.st_size > at) {
      const auto size = std::size_t(st.st_size);
      void* p = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
      if (p != MAP_FAILED) {
        ::madvise(p, size, MADV_SEQUENTIAL);
        map_ = p;
        map_size_ = size;
        text_ = {static_cast<const char*>(p) + at, size - std::size_t(at)};
        return 0;
      }
    }
    const int err = read_all(fd, buffer_);
    text_ = buffer_;
    return err;
  }

  std::string_view text() const noexcept { return text_; }
  bool mapped() const noexcept { return map_ != nullptr; }
  std::span<const char> mapping() const noexcept { return {static_cast<const char*>(map_), map_size_}; }

 private:
  void* map_ = nullptr;
  std::size_t map_size_ = 0;
  std::string buffer_;
  std::string_view text_;
};

// The input named on the command line ("-": stdin).
void read_input(const std::string& file, input_text& input) {
  if (file == "-") {
    if (const int err = input.load(STDIN_FILENO))
      throw input_error(std::string("cannot read standard input: ") + std::strerror(err));
    return;
  }
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  const int err = fd < 0 ? errno : input.load(fd);
  if (fd >= 0) ::close(fd);
  if (err)
    throw input_error(argument_where(1), file,
                      std::string("a readable file (") + std::strerror(err) + ")");
}

// A mapped file that another process truncates while we read it: the pages past its new end
// vanish from the mapping, and touching one raises SIGBUS. While the mapping is parsed, a
// handler turns that signal, for addresses inside the mapping only, into a jump back to
// parse_guarded, which reports the change as an error. The jump leaves read_batch, whose
// locals are all trivially destructible, so nothing is skipped that needed cleaning up.
sigjmp_buf truncated_jump;
const char* volatile guarded_begin = nullptr;
const char* volatile guarded_end = nullptr;

void on_sigbus(int signal, siginfo_t* info, void*) {
  const char* address = static_cast<const char*>(info->si_addr);
  if (address >= guarded_begin && address < guarded_end) siglongjmp(truncated_jump, 1);
  ::signal(signal, SIG_DFL);  // not our mapping: die of it as we would have
  ::raise(signal);
}

// read_batch over the input, guarded when it is a mapping. On an error the token is copied
// into `token` (reserved beforehand, so that the copy allocates nothing) while the guard holds.
// Returns false when the file shrank under us.
bool parse_guarded(const input_text& input, std::vector<std::uint64_t>& a,
                   std::vector<std::uint64_t>& b, batch_error& error, std::string& token) {
  constexpr std::size_t max_token = 4096;
  token.reserve(max_token);
  struct sigaction action {}, previous {};
  action.sa_sigaction = on_sigbus;
  action.sa_flags = SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  if (input.mapped()) {
    guarded_begin = input.mapping().data();
    guarded_end = input.mapping().data() + input.mapping().size();
    ::sigaction(SIGBUS, &action, &previous);
  }
  const bool whole = sigsetjmp(truncated_jump, 1) == 0;
  if (whole) {
    error = read_batch(input.text(), a, b);
    if (error) token.assign(error.token.substr(0, max_token));
  }
  if (input.mapped()) ::sigaction(SIGBUS, &previous, nullptr);
  guarded_begin = nullptr;
  guarded_end = nullptr;
  if (whole && error) error.token = token;
  return whole;
}

struct batch_options {
  std::string file = "-";
};

void batch_command(const batch_options& opt, context& ctx) {
  input_text input;
  read_input(opt.file, input);
  std::vector<std::uint64_t> a, b;
  batch_error e;
  std::string token;
  if (!parse_guarded(input, a, b, e, token))
    throw input_error(argument_where(1), opt.file,
                      "a file that stays as it is while it is read (it was truncated)");
  if (e) {
    const std::string where = "line " + std::to_string(e.line);
    if (e.at_end_of_input()) throw input_error::at_end(where, expected_text(e));
    throw input_error(where, e.token, expected_text(e));
  }
  // The whole input is valid: nothing can fail from here on but the writes, so the products
  // go to the destination directly rather than through context::out (a second copy of ~20 MB
  // of text).
  batch::mul(a, b, a);  // in place, which batch::mul allows
  std::fflush(stdout);  // nothing is pending there; keeps the order if something ever is
  output_target& out = destination(ctx);
  write_report(report().table("products", a.size(), {number_column("product", a)}), ctx.output,
               [&out](std::string_view piece) { out.write(piece); });
}

}  // namespace

void add_batch_command(CLI::App& app, context& ctx) {
  auto opt = std::make_shared<batch_options>();
  CLI::App* sub = app.add_subcommand(
      "batch", "Library Checker \"Nim Product (F_2^64)\": T, then T pairs A B; T products");
  sub->add_option("file", opt->file, "Input file (default: - for stdin)");
  sub->footer(
      "Input: T, then T pairs A B, decimal, 0 <= T, A, B < 2^64, separated by any whitespace.\n"
      "Output: the T nim products A*B, one per line (--format csv: under a header 'product';\n"
      "json: {\"products\":[...]}).\n"
      "Examples:\n"
      "  printf '3\\n1 1\\n5 11\\n8 8\\n' | nimber batch     # 1, 12, 13\n"
      "  nimber batch cases.txt > products.txt");
  sub->callback([&ctx, opt] { batch_command(*opt, ctx); });
}

}  // namespace nimber::cli
