// The command line as a whole: the real `nimber` binary run on argument vectors and standard
// input decoded from the bytes, and its contract with scripts checked on every run:
//   - it ends by exit(0), exit(1) or exit(2) within the time limit: never a signal, never 3
//     (internal error), never a sanitizer's report (the fuzzing build's binary is built with
//     ASan and UBSan, which are told to exit with kSanitizerStatus);
//   - status 2: exactly one line on stderr, starting "nimber: error: ", and nothing on stdout;
//   - status 1 (no answer exists): nothing on stdout, and on stderr nothing or one such line;
//   - status 0: nothing on stderr (but the lines of --progress).
// The text parsers of the command (numbers, matrices and polynomial coefficients in
// cli/cmd_matrix.cpp and cli/cmd_field.cpp, game files, heap codes, coin positions, the batch
// format) are reached through it: the library's algebra headers take no text.
//
// Input: argument words separated by NUL bytes, up to an empty word (two NULs in a row) or the
// 16th word; the rest is standard input (a file, as when redirected). A word "\x01" K stands for
// kTokens[K]: the commands and options of the tool, so that mutations reach deep; other words
// are used as they are. fuzz/fuzz_cli.dict holds the same words for libFuzzer's -dict.
//
// A word "\x02" S K1 K2 (bytes other than NUL, which ends a word) stands for an ordinal nested
// K = (K1 + 256 K2) % 20001 deep, of shape S % 3: "((...(w)...))", "w^(w^(...(w)...))" or "w^w^...^w": the ordinal parser must answer or
// give one error line at any depth, never overflow its stack.
//
// The binary runs in a private scratch directory, and inputs that name a path with '/' in it
// are skipped, so no run reads or writes anything of ours. The scratch directory holds files
// of every kind the command may be given to write (kScratchFiles: a symlink to a regular file,
// a dangling symlink, a read-only file, a directory and, as root, device nodes equal to
// /dev/null and /dev/full, made with mknod there), put back before each run; after it they must
// still be of their kind (a link a link, a device a device, the read-only file's mode kept),
// and no temporary or lock file may be left beside them. Commands that may legitimately run
// long are skipped too: `bench`, `alpha` (constants computed from scratch), tables past 300,
// sequences and heap games past 20000 terms, 128-bit logarithms (the table's one-time set-up
// takes seconds under ASan; fuzz_field checks them), game files past 100000 positions or moves.
//
// Built for libFuzzer, each run's outcome (command, exit status, the error message's words
// without its numbers and quoted tokens, the output's size class) also sets one of libFuzzer's
// extra coverage counters: the child's own coverage does not reach this process, and that way
// an input that draws out a new message counts as new.
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <iterator>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

extern char** environ;

namespace {

constexpr std::size_t kMaxWords = 16;
constexpr int kSanitizerStatus = 86;
constexpr auto kTimeLimit = std::chrono::seconds(10);  // ASan builds are a few times slower
constexpr std::size_t kSmallInput = 1024;              // a timeout is a failure at or below this

// The commands first (kCommands of them), then their words and options, then values.
constexpr std::size_t kCommands = 19;
constexpr std::string_view kTokens[] = {
    "mul", "add", "div", "inv", "sqrt", "pow", "table", "batch", "nim", "kernels",
    "log", "order", "solve", "triples", "seq", "matrix", "game", "heap", "coins", "rank",
    "det", "inverse", "outcome", "grundy", "squares", "inverses", "--format", "text", "csv", "json",
    "--hex", "--kernel", "portable", "pclmul", "avx2", "avx512", "--op", "--terms", "--period", "--heaps",
    "--bits", "--n", "--help", "-h", "--version", "-", "--", "--output", "--checkpoint", "--resume",
    "--max-memory", "--format=json", "--terms=100", "0.07", "0.137", "4.07", "0.f", "0.77", "0.376", "subtraction:1,3,4",
    "subtraction:1,3+1", "ruler", "mock", "twins", "turtles", "corners", "mock*ruler", "twins*twins", "3,5,9", "2:3,4:4",
    "8:8,5:11", "0", "1", "2", "3", "5", "7", "11", "16", "100",
    "255", "256", "65535", "0x10", "0x1234", "0b101", "18446744073709551615", "18446744073709551616", "-1", "1,2,3",
    "", "0,,1", "1k", "64M", "x", "8", "32", "64", "128", "0xffffffffffffffffffffffffffffffff",
    "--plot", "--checkpoint-every", "png", "svg", "dot", "out.txt", "--progress", "--quiet",
    "link", "dangling", "readonly", "dir", "null", "full", "1K", "1M", "100M", "w",
    "w^w", "(w)", "w^(w^w)", "misere", "form", "equal", "days", "*2+*2", "{*,*2}", "--misere", "--sum",
    "--genus", "{0,{*2}}", "--store", "--position", "--threads", "--stats", "heap.store",
};

// The largest number written in `text`: every run of digits, read as 0x hex, 0b binary or
// decimal, saturating at 2^64.
std::uint64_t largest_number(std::string_view text) {
  std::uint64_t largest = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] < '0' || text[i] > '9') {
      ++i;
      continue;
    }
    unsigned base = 10;
    if (text[i] == '0' && i + 1 < text.size() && (text[i + 1] == 'x' || text[i + 1] == 'X')) base = 16, i += 2;
    else if (text[i] == '0' && i + 1 < text.size() && (text[i + 1] == 'b' || text[i + 1] == 'B')) base = 2, i += 2;
    std::uint64_t value = 0;
    bool saturated = false;
    for (; i < text.size(); ++i) {
      const char c = text[i];
      unsigned d;
      if (c >= '0' && c <= '9') d = unsigned(c - '0');
      else if (base == 16 && c >= 'a' && c <= 'f') d = unsigned(c - 'a' + 10);
      else if (base == 16 && c >= 'A' && c <= 'F') d = unsigned(c - 'A' + 10);
      else break;
      if (d >= base) break;
      if (value > (~std::uint64_t(0) - d) / base) saturated = true;
      value = value * base + d;
    }
    largest = std::max(largest, saturated ? ~std::uint64_t(0) : value);
  }
  return largest;
}

// The ordinal a "\x02" S K1 K2 word stands for (see the header).
std::string nested_ordinal(std::string_view word) {
  const std::size_t depth = (std::uint8_t(word[2]) + 256 * std::size_t(std::uint8_t(word[3]))) % 20001;
  std::string text;
  switch (std::uint8_t(word[1]) % 3) {
    case 0: return std::string(depth, '(') + "w" + std::string(depth, ')');
    case 1:
      for (std::size_t i = 0; i < depth; ++i) text += "w^(";
      return text + "w" + std::string(depth, ')');
    default:
      for (std::size_t i = 0; i < depth; ++i) text += "w^";
      return text + "w";
  }
}

struct command_line {
  std::vector<std::string> args;
  std::string_view input;
};

command_line decode(const std::uint8_t* data, std::size_t size) {
  command_line c;
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  while (c.args.size() < kMaxWords) {
    const std::size_t end = rest.find('\0');
    const std::string_view word = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    if (word.empty()) break;
    if (word.size() == 2 && word[0] == '\x01') c.args.emplace_back(kTokens[std::uint8_t(word[1]) % std::size(kTokens)]);
    else if (word.size() == 4 && word[0] == '\x02') c.args.push_back(nested_ordinal(word));
    else c.args.emplace_back(word);
    if (end == std::string_view::npos) break;
  }
  c.input = rest;
  return c;
}

// The command word: the first that names one (after global options and their values).
std::string_view command_of(const command_line& c) {
  for (const std::string& a : c.args)
    for (std::size_t i = 0; i < kCommands; ++i)
      if (a == kTokens[i]) return kTokens[i];
  return {};
}

// Whether the run may take long, or could touch a file outside the scratch directory.
bool skipped(const command_line& c) {
  const std::string_view command = command_of(c);
  std::uint64_t largest = 0;
  for (const std::string& a : c.args) {
    if (a.find('/') != std::string::npos || a == "bench" || a == "alpha") return true;
    largest = std::max(largest, largest_number(a));
  }
  if (command == "table") return largest > 300;
  // Codes with three-heap moves (hex digits 8-f) take every triple of heaps: cubic in the terms.
  if (command == "heap") return largest > 2000;
  if (command == "seq" || command == "triples") return largest > 20000;
  if (command == "log" || command == "order" || command == "solve") return largest == ~std::uint64_t(0);
  if (command == "game") return largest_number(c.input) > 100000;
  // Misère forms grow as the product of their sums' terms, and day 5 takes seconds.
  const auto has = [&c](std::string_view word) { return std::find(c.args.begin(), c.args.end(), word) != c.args.end(); };
  if (has("misere")) return largest > 16 || (has("days") && largest >= 5);
  return false;
}

// An anonymous in-memory file holding `bytes`, positioned at its start.
int memory_file(const char* name, std::string_view bytes) {
  const int fd = memfd_create(name, 0);
  if (fd < 0) std::abort();
  for (std::size_t done = 0; done < bytes.size();) {
    const ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n <= 0) std::abort();
    done += std::size_t(n);
  }
  lseek(fd, 0, SEEK_SET);
  return fd;
}

std::string read_all(int fd) {
  std::string s;
  lseek(fd, 0, SEEK_SET);
  char buf[65536];
  for (ssize_t n; (n = read(fd, buf, sizeof buf)) > 0;) s.append(buf, std::size_t(n));
  return s;
}

const char* binary_path() {
  if (const char* env = std::getenv("NIMBER_FUZZ_CLI"); env != nullptr && *env != '\0') return env;
  return NIMBER_CLI;
}

// A directory of our own for the child to run in (it may write files there: --output),
// made once and removed with what it holds at exit.
const std::string& scratch_directory() {
  static const std::string dir = [] {
    char name[] = "/tmp/nimber-fuzz-cli-XXXXXX";
    if (mkdtemp(name) == nullptr) std::abort();
    return std::string(name);
  }();
  static const bool cleanup = std::atexit([] {
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
  }) == 0;
  (void)cleanup;
  return dir;
}

// ---- The scratch directory's special files ------------------------------------------------

enum class scratch_kind : std::uint8_t { link_to_file, dangling_link, read_only, directory, device };

struct scratch_file {
  const char* name;
  scratch_kind kind;
  unsigned minor = 0;  // of a device: major 1, minor 3 is /dev/null's, 7 /dev/full's
};

constexpr scratch_file kScratchFiles[] = {
    {"link", scratch_kind::link_to_file},   {"dangling", scratch_kind::dangling_link},
    {"readonly", scratch_kind::read_only},  {"dir", scratch_kind::directory},
    {"null", scratch_kind::device, 3},      {"full", scratch_kind::device, 7},
};
constexpr const char* kLinked = "linked.txt";  // what "link" leads to
constexpr const char* kNowhere = "nowhere";    // what "dangling" would lead to

bool has_kind(const std::string& path, const scratch_file& f) {
  struct stat st {};
  if (lstat(path.c_str(), &st) != 0) return false;
  char target[64] = {};
  switch (f.kind) {
    case scratch_kind::link_to_file:
    case scratch_kind::dangling_link:
      return S_ISLNK(st.st_mode) && readlink(path.c_str(), target, sizeof target - 1) > 0 &&
             std::string_view(target) == (f.kind == scratch_kind::link_to_file ? kLinked : kNowhere);
    case scratch_kind::read_only: return S_ISREG(st.st_mode) && (st.st_mode & 07777) == 0444;
    case scratch_kind::directory: return S_ISDIR(st.st_mode);
    case scratch_kind::device: return S_ISCHR(st.st_mode) && st.st_rdev == makedev(1, f.minor);
  }
  return false;
}

// Device nodes only as root, and only where mknod works.
bool devices_made() {
  static const bool made = [] {
    if (geteuid() != 0) return false;
    const std::string probe = scratch_directory() + "/probe-device";
    const bool ok = mknod(probe.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0;
    unlink(probe.c_str());
    return ok;
  }();
  return made;
}

bool kept(const scratch_file& f) { return f.kind != scratch_kind::device || devices_made(); }

// A file that cannot be made shows as a changed kind after the next run.
void make(const std::string& path, const scratch_file& f) {
  std::error_code ignored;
  std::filesystem::remove_all(path, ignored);
  const auto link = [&path, &ignored](const char* target) { std::filesystem::create_symlink(target, path, ignored); };
  switch (f.kind) {
    case scratch_kind::link_to_file: link(kLinked); break;
    case scratch_kind::dangling_link: link(kNowhere); break;
    case scratch_kind::read_only: close(open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0444)); break;
    case scratch_kind::directory: mkdir(path.c_str(), 0755); break;
    case scratch_kind::device: mknod(path.c_str(), S_IFCHR | 0666, makedev(1, f.minor)); break;
  }
}

// Puts back what a run may have changed: a file of each kind, the link's target present and the
// dangling link's absent.
void prepare_scratch() {
  const std::string dir = scratch_directory() + "/";
  std::error_code ignored;
  std::filesystem::remove_all(dir + kNowhere, ignored);
  if (access((dir + kLinked).c_str(), F_OK) != 0) close(open((dir + kLinked).c_str(), O_WRONLY | O_CREAT, 0644));
  for (const scratch_file& f : kScratchFiles)
    if (kept(f) && !has_kind(dir + f.name, f)) make(dir + f.name, f);
}

// A temporary or lock file of the command, not named by the run itself.
bool leftover(std::string_view name, const command_line& c) {
  const bool temporary =
      name.ends_with(".tmp") || name.ends_with(".lock") || name.find(".tmp.") != std::string_view::npos;
  return temporary && std::find(c.args.begin(), c.args.end(), name) == c.args.end();
}

// What the run did to the scratch directory that it must not, or nullptr; leftovers are removed.
const char* scratch_violation(const command_line& c) {
  const std::string dir = scratch_directory() + "/";
  for (const scratch_file& f : kScratchFiles)
    if (kept(f) && !has_kind(dir + f.name, f)) return "a special file of the scratch directory changed its kind";
  const char* what = nullptr;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename();
    if (!leftover(name, c)) continue;
    what = "a temporary or lock file left behind";
    std::error_code ignored;
    std::filesystem::remove_all(entry.path(), ignored);
  }
  return what;
}

// The environment of the child: ours, with the sanitizers told to exit with kSanitizerStatus
// (their default, 1, is one of the statuses under test) and to let an allocation past 2 GiB
// fail as std::bad_alloc, which the command reports, instead of aborting or exhausting the
// machine; no kernel forced from outside.
std::vector<std::string> child_environment() {
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string_view v = *e;
    if (!v.starts_with("ASAN_OPTIONS=") && !v.starts_with("UBSAN_OPTIONS=") && !v.starts_with("NIMBER_KERNEL="))
      env.emplace_back(v);
  }
  const std::string code = std::to_string(kSanitizerStatus);
  env.push_back("ASAN_OPTIONS=exitcode=" + code + ":allocator_may_return_null=1:max_allocation_size_mb=2048:detect_leaks=1");
  env.push_back("UBSAN_OPTIONS=exitcode=" + code + ":halt_on_error=1:print_stacktrace=1");
  return env;
}

struct outcome {
  bool timed_out = false;
  int wait_status = 0;
  std::string out, err;
};

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> p;
  for (std::string& s : strings) p.push_back(s.data());
  p.push_back(nullptr);
  return p;
}

outcome run(const command_line& c) {
  static std::vector<std::string> env = child_environment();
  std::vector<std::string> args{binary_path()};
  args.insert(args.end(), c.args.begin(), c.args.end());
  std::vector<char*> argv = pointers(args), envp = pointers(env);
  const int in = memory_file("stdin", c.input), out = memory_file("stdout", {}), err = memory_file("stderr", {});
  const char* dir = scratch_directory().c_str();
  const pid_t pid = fork();
  if (pid < 0) std::abort();
  if (pid == 0) {  // only async-signal-safe calls from here to exec
    if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0 || chdir(dir) != 0) _exit(126);
    execve(argv[0], argv.data(), envp.data());
    _exit(127);
  }
  outcome o;
  const auto deadline = std::chrono::steady_clock::now() + kTimeLimit;
  auto pause = std::chrono::microseconds(50);
  while (waitpid(pid, &o.wait_status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      o.timed_out = true;
      kill(pid, SIGKILL);
      waitpid(pid, &o.wait_status, 0);
      break;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(5000));
  }
  o.out = read_all(out);
  o.err = read_all(err);
  close(in), close(out), close(err);
  return o;
}

// With --progress and stderr not a terminal the command writes a line per update ("LABEL: N of
// M UNIT (P%), R UNIT/s, S s left", "... (P%), time left unknown" or "LABEL: S s so far");
// those are dropped before the contract is checked.
std::string without_progress_lines(std::string_view err) {
  std::string kept;
  while (!err.empty()) {
    const std::size_t end = err.find('\n');
    const std::string_view line = err.substr(0, end == std::string_view::npos ? end : end + 1);
    const bool counted = line.find(" of ") != std::string_view::npos && line.find("%), ") != std::string_view::npos &&
                         (line.ends_with(" s left \n") || line.ends_with(", time left unknown \n"));
    const bool timed = line.ends_with(" s so far\n");
    const bool progress = !line.starts_with("nimber: error: ") && (counted || timed);
    if (!progress) kept += line;
    err.remove_prefix(line.size());
  }
  return kept;
}

bool one_error_line(std::string_view err) {
  return err.starts_with("nimber: error: ") && err.find('\n') == err.size() - 1;
}

// What is wrong with the outcome, or nullptr.
const char* violation(const outcome& o, std::size_t input_size) {
  if (o.timed_out) return input_size <= kSmallInput ? "no answer within the time limit" : nullptr;
  if (WIFSIGNALED(o.wait_status)) return "killed by a signal";
  if (!WIFEXITED(o.wait_status)) return "did not exit";
  switch (WEXITSTATUS(o.wait_status)) {
    case 0: return o.err.empty() ? nullptr : "status 0 with something on stderr";
    case 1:
      if (!o.out.empty()) return "status 1 with something on stdout";
      return o.err.empty() || one_error_line(o.err) ? nullptr : "status 1 with more than one error line";
    case 2:
      if (!o.out.empty()) return "status 2 with something on stdout";
      return one_error_line(o.err) ? nullptr : "status 2 without exactly one 'nimber: error: ' line";
    case 126: case 127: return "the binary could not be started (NIMBER_FUZZ_CLI?)";
    case kSanitizerStatus: return "a sanitizer report";
    default: return "an exit status outside 0, 1, 2";
  }
}

[[noreturn]] void report(const command_line& c, const outcome& o, const char* what) {
  std::fprintf(stderr, "fuzz_cli: %s\n  command:", what);
  for (const std::string& a : c.args) std::fprintf(stderr, " '%s'", a.c_str());
  std::fprintf(stderr, "\n  stdin: %zu bytes\n  status: %s %d\n", c.input.size(),
               WIFSIGNALED(o.wait_status) ? "signal" : "exit",
               WIFSIGNALED(o.wait_status) ? WTERMSIG(o.wait_status) : WEXITSTATUS(o.wait_status));
  std::fprintf(stderr, "  stdout (%zu bytes): %.300s\n  stderr (%zu bytes): %.4000s\n", o.out.size(),
               o.out.c_str(), o.err.size(), o.err.c_str());
  std::abort();
}

#if defined(NIMBER_FUZZ_EXTRA_COUNTERS)
__attribute__((section("__libfuzzer_extra_counters"))) std::uint8_t g_outcome_counters[4096];

// The message's words: numbers and quoted tokens dropped, so that one kind of message counts
// once whatever token it names.
std::string message_shape(std::string_view err) {
  std::string shape;
  bool quoted = false;
  for (const char ch : err.substr(0, 120)) {
    if (ch == '\'') quoted = !quoted;
    else if (!quoted && (ch < '0' || ch > '9')) shape += ch;
  }
  return shape;
}

void count_outcome(const command_line& c, const outcome& o) {
  const std::size_t size_class = o.out.empty() ? 0 : 1 + std::size_t(std::log2(double(o.out.size())));
  const std::string key = std::string(command_of(c)) + '\0' + std::to_string(o.wait_status) + '\0' +
                          std::to_string(size_class) + '\0' + message_shape(o.err);
  g_outcome_counters[std::hash<std::string>()(key) % sizeof g_outcome_counters] = 1;
}
#else
void count_outcome(const command_line&, const outcome&) {}
#endif

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const command_line c = decode(data, size);
  if (skipped(c)) return 0;
  prepare_scratch();
  outcome o = run(c);
  if (std::find(c.args.begin(), c.args.end(), "--progress") != c.args.end()) o.err = without_progress_lines(o.err);
  if (const char* what = violation(o, size)) report(c, o, what);
  if (const char* what = scratch_violation(c); what && !o.timed_out) report(c, o, what);
  count_outcome(c, o);
  return 0;
}
