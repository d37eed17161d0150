// The command's contract with scripts (README, "The nimber command"): one error line naming the
// token, exit status 2, nothing on stdout, no file changed or left behind.
// Files the command writes: --output and --checkpoint targets (regular files, symlinks, devices, FIFOs, read-only files), temporary files on interruption, heap checkpoint options.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "runner.hpp"

namespace {

using namespace cli_test;
using namespace std::chrono_literals;

constexpr auto kLimit = 60s;  // no run here needs more than a second or two

// Waits for p, at most kLimit; a run past it is killed and the test fails.
result finish_bounded(process& p) {
  const auto deadline = std::chrono::steady_clock::now() + kLimit;
  int wstatus = 0;
  while (waitpid(p.pid, &wstatus, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      ADD_FAILURE() << "the run did not end within the limit";
      kill(p.pid, SIGKILL);
    }
    std::this_thread::sleep_for(5ms);
  }
  p.pid = -1;  // waited for
  result r = finish(p);
  r.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
  return r;
}

// expect_error (runner.hpp), with the wait bounded: these runs meet FIFOs and locks.
void expect_refusal(const std::vector<std::string>& args, const std::string& message) {
  const result r = finish_bounded(*start(args));
  EXPECT_EQ(r.status, 2) << message;
  EXPECT_EQ(r.out, "") << message;
  EXPECT_EQ(r.err, "nimber: error: " + message + "\n");
}

// Waits until `path` exists, at most kLimit.
bool appears(const std::string& path) {
  for (const auto deadline = std::chrono::steady_clock::now() + kLimit; std::chrono::steady_clock::now() < deadline;) {
    if (access(path.c_str(), F_OK) == 0) return true;
    std::this_thread::sleep_for(2ms);
  }
  return false;
}

// Starts nimber with stdout and stderr on the given files and, as root, as user `uid` (-1: as
// we are); returns the pid.
pid_t spawn_with(const std::vector<std::string>& args, const std::string& out, const std::string& err, int uid = -1) {
  std::vector<char*> argv{const_cast<char*>(NIMBER_CLI)};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {  // async-signal-safe calls only, up to exec
    const int o = ::open(out.c_str(), O_WRONLY), e = ::open(err.c_str(), O_WRONLY | O_TRUNC);
    if (o < 0 || e < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0) _exit(126);
    if (uid >= 0 && (setgroups(0, nullptr) != 0 || setgid(gid_t(uid)) != 0 || setuid(uid_t(uid)) != 0)) _exit(126);
    execv(NIMBER_CLI, argv.data());
    _exit(127);
  }
  return pid;
}

// Runs nimber with stdout on `out` (a device, here), or as user `uid`; stdout's text is not kept.
result run_with(const std::vector<std::string>& args, const std::string& out, int uid = -1) {
  process p;
  if (uid >= 0) chmod(p.err.path.c_str(), 0666);
  p.pid = spawn_with(args, out, p.err.path, uid);
  return finish_bounded(p);
}

bool is_character_device(const char* path) {
  struct stat st {};
  return stat(path, &st) == 0 && S_ISCHR(st.st_mode);
}

struct stat lstat_of(const std::string& path) {
  struct stat st {};
  lstat(path.c_str(), &st);
  return st;
}

std::vector<std::string> sorted(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  return names;
}

void expect_one_error_line(const result& r, const std::string& message) {
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "nimber: error: " + message + "\n");
}

// ---- Devices, links, FIFOs --------------------------------------------------------------

TEST(ContractFiles, OutputToAFullDeviceFailsAndTheDeviceStays) {
  expect_one_error_line(run({"mul", "5", "11", "--output", "/dev/full"}),
                        "cannot write '/dev/full': No space left on device");
  EXPECT_TRUE(is_character_device("/dev/full"));
  expect_output({"mul", "5", "11", "--output", "/dev/null"}, "");
  EXPECT_TRUE(is_character_device("/dev/null"));
}

TEST(ContractFiles, CheckpointsToDevicesAreWrittenNeverReplacedNorRemoved) {
  // --checkpoint-every 0: a save at every report of the engine, so the device is written.
  expect_one_error_line(run({"heap", "grundy", "--terms", "300000", "--checkpoint", "/dev/full",
                             "--checkpoint-every", "0"}),
                        "cannot write '/dev/full': No space left on device");
  EXPECT_TRUE(is_character_device("/dev/full"));
  const result r = run({"heap", "grundy", "--terms", "300000", "--checkpoint", "/dev/null", "--checkpoint-every", "0"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(is_character_device("/dev/null")) << "a completed run removes its checkpoint, never a device";
}

TEST(ContractFiles, FullStandardOutputIsOneErrorLine) {
  const std::string message = "cannot write 'standard output': No space left on device";
  expect_one_error_line(run_with({"mul", "5", "11"}, "/dev/full"), message);
  expect_one_error_line(run_with({"--help"}, "/dev/full"), message);
  expect_one_error_line(run_with({"--version"}, "/dev/full"), message);
  EXPECT_TRUE(is_character_device("/dev/full"));
  EXPECT_EQ(run_with({"--version"}, "/dev/null").status, 0);
}

TEST(ContractFiles, ASymlinkIsFollowedAndStaysALink) {
  temp_dir dir;
  const std::string real = dir.path + "/real", link = dir.path + "/link";
  std::ofstream(real) << "old\n";
  ASSERT_EQ(chmod(real.c_str(), 0600), 0);
  ASSERT_EQ(symlink("real", link.c_str()), 0);
  expect_output({"mul", "5", "11", "--output", link}, "");
  EXPECT_TRUE(S_ISLNK(lstat_of(link).st_mode));
  EXPECT_EQ(read_file(real), "12\n");
  EXPECT_EQ(lstat_of(real).st_mode & 07777, 0600u) << "the file keeps its mode";
  // A dangling link: the file it leads to is created.
  ASSERT_EQ(symlink("new", (dir.path + "/dangling").c_str()), 0);
  expect_output({"mul", "5", "11", "--output", dir.path + "/dangling"}, "");
  EXPECT_TRUE(S_ISLNK(lstat_of(dir.path + "/dangling").st_mode));
  EXPECT_EQ(read_file(dir.path + "/new"), "12\n");
  EXPECT_EQ(sorted(dir.files()), (std::vector<std::string>{"dangling", "link", "new", "real"}));
}

TEST(ContractFiles, AHardLinkedFileIsRewrittenInPlace) {
  temp_dir dir;
  const std::string a = dir.path + "/a", b = dir.path + "/b";
  std::ofstream(a) << "old\n";
  ASSERT_EQ(link(a.c_str(), b.c_str()), 0);
  const ino_t inode = lstat_of(a).st_ino;
  expect_output({"mul", "5", "11", "--output", a}, "");
  EXPECT_EQ(read_file(b), "12\n");
  EXPECT_EQ(lstat_of(a).st_ino, inode);
  EXPECT_EQ(lstat_of(a).st_nlink, 2u);
  // A failed run leaves both names as they were.
  EXPECT_EQ(run({"mul", "5", "x", "--output", a}).status, 2);
  EXPECT_EQ(read_file(b), "12\n");
  EXPECT_EQ(sorted(dir.files()), (std::vector<std::string>{"a", "b"}));
}

TEST(ContractFiles, AFifoIsWrittenIntoNotReplaced) {
  temp_dir dir;
  const std::string fifo = dir.path + "/fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  // A reader opened first and without blocking: the writer's open() does not wait, and the
  // result stays in the pipe after the writer is gone.
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  auto p = start({"mul", "5", "11", "--output", fifo});
  const result r = finish_bounded(*p);
  EXPECT_EQ(r.status, 0) << r.err;
  char text[16] = {};
  EXPECT_EQ(::read(reader, text, sizeof text), 3);
  EXPECT_EQ(std::string(text), "12\n");
  close(reader);
  EXPECT_TRUE(S_ISFIFO(lstat_of(fifo).st_mode));
  EXPECT_EQ(dir.files(), std::vector<std::string>{"fifo"});
}

// ---- Who may write ----------------------------------------------------------------------

// A file the user could not write is refused, even in a directory where a rename would let it
// be replaced. As root every file is writable: the child then runs as nobody (uid 65534) on
// root's file, else on our own read-only file.
TEST(ContractFiles, AFileTheUserCouldNotWriteIsRefused) {
  temp_dir dir;
  ASSERT_EQ(chmod(dir.path.c_str(), 0777), 0);
  const std::string file = dir.path + "/theirs";
  std::ofstream(file) << "kept\n";
  const bool root = geteuid() == 0;
  ASSERT_EQ(chmod(file.c_str(), root ? 0644 : 0444), 0);
  const result r = run_with({"mul", "5", "11", "--output", file}, "/dev/null", root ? 65534 : -1);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.err, "nimber: error: cannot write '" + file + "': Permission denied\n");
  EXPECT_EQ(read_file(file), "kept\n");
  EXPECT_EQ(dir.files(), std::vector<std::string>{"theirs"});
}

// Root may give the replacement the file's owner; the mode is kept for everyone.
TEST(ContractFiles, AReplacedFileKeepsItsOwnerAndMode) {
  temp_dir dir;
  const std::string file = dir.path + "/out";
  std::ofstream(file) << "old\n";
  ASSERT_EQ(chmod(file.c_str(), 0640), 0);
  if (geteuid() == 0) {
    ASSERT_EQ(chown(file.c_str(), 65534, 65534), 0);
  }
  const struct stat before = lstat_of(file);
  expect_output({"mul", "5", "11", "--output", file}, "");
  const struct stat after = lstat_of(file);
  EXPECT_EQ(after.st_mode, before.st_mode);
  EXPECT_EQ(after.st_uid, before.st_uid);
  EXPECT_EQ(after.st_gid, before.st_gid);
  EXPECT_EQ(read_file(file), "12\n");
}

// ---- File names -------------------------------------------------------------------------

TEST(ContractFiles, OutputNeedsAFileName) {
  expect_refusal({"mul", "5", "11", "--output", ""}, "--output: '': expected a file name");
  expect_refusal({"mul", "5", "11", "--output", "--hex"}, "--output: '--hex': expected a file name, not an option");
  expect_refusal({"mul", "5", "11", "--output=--hex"}, "--output: '--hex': expected a file name, not an option");
  EXPECT_NE(access("--hex", F_OK), 0) << "no file named after the option";
}

TEST(ContractFiles, UnwritableOutputIsRefusedBeforeTheRun) {
  temp_dir dir;
  // table 4096 takes seconds; the refusal comes first, whatever the command would compute.
  expect_refusal({"table", "4096", "--format", "csv", "--output", dir.path + "/none/K.csv"},
               "cannot write '" + dir.path + "/none/K.csv': No such file or directory");
  expect_refusal({"table", "4096", "--output", dir.path}, "cannot write '" + dir.path + "': it is a directory");
  EXPECT_TRUE(dir.files().empty());
}

// ---- Interrupted runs -------------------------------------------------------------------

TEST(ContractFiles, SigintAndSigtermRemoveTheTemporaryFile) {
  for (const int signal : {SIGINT, SIGTERM}) {
    temp_dir dir;
    auto p = start({"table", "4096", "--format", "csv", "--output", dir.path + "/K.csv"});
    // The temporary file exists from the start of the run.
    bool started = false;
    for (const auto deadline = std::chrono::steady_clock::now() + kLimit;
         !started && std::chrono::steady_clock::now() < deadline; std::this_thread::sleep_for(2ms))
      started = !dir.files().empty();
    ASSERT_TRUE(started);
    kill(p->pid, signal);
    const result r = finish_bounded(*p);
    EXPECT_EQ(r.status, 128 + signal) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(dir.files().empty()) << dir.files().front();
  }
}

// ---- Checkpoints -------------------------------------------------------------------------

// A run that saves a checkpoint often and runs for minutes: stopped by the tests.
std::vector<std::string> long_heap_run(const std::string& checkpoint) {
  return {"heap", "grundy", "--terms", "10000000", "--checkpoint", checkpoint, "--checkpoint-every", "0", "--quiet"};
}

TEST(ContractFiles, HeapCheckpointOptionsAreCheckedAtTheStart) {
  temp_dir dir;
  expect_refusal({"heap", "grundy", "--terms", "10000000", "--checkpoint", ""},
                 "--checkpoint: '': expected a file name");
  expect_refusal({"heap", "0.07", "--terms", "30", "--checkpoint", "--resume"},
               "--checkpoint: '--resume': expected a file name, not an option");
  expect_refusal({"heap", "0.07", "--terms", "30", "--checkpoint", "-"},
               "--checkpoint: '-': expected a file name (a checkpoint is not written to standard output)");
  expect_refusal(long_heap_run(dir.path + "/none/x"),
                 "cannot write '" + dir.path + "/none/x': No such file or directory");
  expect_refusal(long_heap_run(dir.path), "cannot write '" + dir.path + "': it is a directory");
  expect_refusal({"heap", "0.07", "--terms", "30", "--checkpoint", dir.path + "/r", "--output", dir.path + "/r"},
                 "--checkpoint: '" + dir.path + "/r': expected a file other than the --output FILE");
  expect_refusal({"heap", "0.07", "--terms", "30", "--checkpoint-every", "5"},
               "--checkpoint-every: end of arguments: expected --checkpoint FILE beside it (the file to save in)");
  EXPECT_TRUE(dir.files().empty());
}

TEST(ContractFiles, ASecondRunOnTheSameCheckpointIsRefused) {
  temp_dir dir;
  const std::string checkpoint = dir.path + "/ck";
  auto first = start(long_heap_run(checkpoint));
  ASSERT_TRUE(appears(checkpoint + ".lock"));
  expect_refusal(long_heap_run(checkpoint),
                 "--checkpoint: '" + checkpoint +
                     "': expected a checkpoint no other run is using (another nimber run holds '" + checkpoint +
                     ".lock')");
  kill(first->pid, SIGTERM);
  const result stopped = finish_bounded(*first);
  EXPECT_EQ(stopped.status, 128 + SIGTERM) << stopped.err;
  EXPECT_EQ(dir.files(), std::vector<std::string>{"ck"}) << "the checkpoint stays; the lock file goes";
}

TEST(ContractFiles, TheLockDiesWithTheProcess) {
  temp_dir dir;
  const std::string checkpoint = dir.path + "/ck";
  auto first = start(long_heap_run(checkpoint));
  ASSERT_TRUE(appears(checkpoint + ".lock"));
  kill(first->pid, SIGKILL);
  EXPECT_EQ(finish_bounded(*first).status, 128 + SIGKILL);
  // The lock file is left by SIGKILL, but not the lock: another run takes it, and removes it
  // with the checkpoint when it completes.
  expect_output({"heap", "0.07", "--terms", "5", "--checkpoint", checkpoint}, "0 0 1 1 2\n");
  EXPECT_TRUE(dir.files().empty()) << dir.files().front();
}

TEST(ContractFiles, ACheckpointThroughASymlinkKeepsTheLink) {
  temp_dir dir;
  const std::string link = dir.path + "/ck";
  ASSERT_EQ(symlink("real.ckpt", link.c_str()), 0);
  auto p = start(long_heap_run(link));
  ASSERT_TRUE(appears(dir.path + "/real.ckpt"));  // the first save, through the link
  kill(p->pid, SIGTERM);
  EXPECT_EQ(finish_bounded(*p).status, 128 + SIGTERM);
  EXPECT_TRUE(S_ISLNK(lstat_of(link).st_mode));
  EXPECT_EQ(sorted(dir.files()), (std::vector<std::string>{"ck", "real.ckpt"}));
}

// alpha's checkpoint is kept for later runs; its lock and temporary file go.
TEST(ContractFiles, AlphaCheckpointIsCheckedAtTheStartAndKept) {
  temp_dir dir;
  expect_refusal({"alpha", "7", "--checkpoint", ""}, "--checkpoint: '': expected a file name");
  expect_refusal({"alpha", "7", "--checkpoint", dir.path}, "cannot write '" + dir.path + "': it is a directory");
  const std::string checkpoint = dir.path + "/alpha.ckpt";
  const std::vector<std::string> args{"alpha", "--primes", "139..139", "--checkpoint", checkpoint, "--format", "csv"};
  const result first = finish_bounded(*start(args));
  EXPECT_EQ(first.status, 0) << first.err;
  EXPECT_EQ(dir.files(), std::vector<std::string>{"alpha.ckpt"});
  const result again = finish_bounded(*start(args));
  EXPECT_EQ(again.out.substr(0, again.out.rfind(',')), first.out.substr(0, first.out.rfind(',')));  // but seconds
  EXPECT_EQ(dir.files(), std::vector<std::string>{"alpha.ckpt"});
}

// A checkpoint is read only when it is a regular file no larger than a checkpoint of the run
// could be (heap: its --terms; alpha: a quarter of --max-memory), and the error names the
// option that named the file.
TEST(ContractFiles, CheckpointReadsAreBounded) {
  temp_dir dir;
  const std::string fifo = dir.path + "/fifo", big = dir.path + "/big";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  expect_refusal({"alpha", "139", "--checkpoint", fifo},
                 "--checkpoint: '" + fifo + "': expected a checkpoint file, not a FIFO or socket");
  expect_refusal({"alpha", "139", "--checkpoint", "/dev/null"},
               "--checkpoint: '/dev/null': expected a checkpoint file, not a device, FIFO or socket");
  EXPECT_TRUE(is_character_device("/dev/null"));
  {
    std::ofstream(big) << "";
  }
  ASSERT_EQ(truncate(big.c_str(), off_t(1) << 30), 0);  // sparse: no disk used
  expect_refusal({"alpha", "139", "--checkpoint", big, "--max-memory", "1M"},
               "--checkpoint: '" + big + "': expected a checkpoint of at most 256 KiB (a quarter of --max-memory)");
  const result r = run({"heap", "0.07", "--terms", "300", "--checkpoint", big, "--resume"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  const std::string prefix = "nimber: error: --checkpoint: '" + big + "': expected a checkpoint of at most ";
  EXPECT_EQ(r.err.rfind(prefix, 0), 0u) << r.err;
  EXPECT_NE(r.err.find("(300 terms)\n"), std::string::npos) << r.err;
  EXPECT_EQ(sorted(dir.files()), (std::vector<std::string>{"big", "fifo"}));
}

}  // namespace
