// nimber alpha --primes over the ranks of an MPI launch (alpha_ranks.hpp). Rank 0 holds every
// entry and hands out one prime at a time, the ready one of the largest field first, with
// the data lines of its prerequisites; each rank answers with the entry's line. Only the main
// thread of a process calls MPI; the primes are computed in threads of their own.
#include "alpha_ranks.hpp"

#include <cstdlib>
#include <string>
#include <string_view>

#include "common.hpp"

namespace nimber::cli::ranks {
namespace {

int launch_size() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"})
    if (const char* v = std::getenv(name)) return std::atoi(v);
  return 1;
}

// A loose test: an option's value spelled "alpha" passes it too, which only starts MPI.
bool alpha_primes_command(int argc, char** argv) {
  bool alpha = false, primes = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    alpha = alpha || a == "alpha";
    primes = primes || a == "--primes" || a.starts_with("--primes=");
  }
  return alpha && primes;
}

bool mpi_launch(int argc, char** argv) { return alpha_primes_command(argc, argv) && launch_size() > 1; }

}  // namespace
}  // namespace nimber::cli::ranks

#if NIMBER_MPI

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <functional>
#include <future>
#include <list>
#include <new>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace nimber::cli::ranks {

namespace {

// Rank 0 sends work (the prime, then the data lines of its prerequisites) and, once the
// command is over, end (its exit status); a worker answers each work with a result (the
// entry's data line) or a failure, and end with end, its last message.
enum tag : int { tag_work = 1, tag_result, tag_failure, tag_end };

// Sends that complete while the sender goes on polling: two ranks sending each other a large
// message at once (a result and new work) would otherwise wait for each other forever.
class outbox {
 public:
  void send(int to, tag t, std::string text) {
    pending& s = pending_.emplace_back();
    s.text = std::move(text);
    MPI_Isend(s.text.data(), int(s.text.size()), MPI_CHAR, to, t, MPI_COMM_WORLD, &s.request);
  }
  // Forgets the sends that are done; true when none is left.
  bool flush() {
    std::erase_if(pending_, [](pending& s) {
      int done = 0;
      MPI_Test(&s.request, &done, MPI_STATUS_IGNORE);
      return done != 0;
    });
    return pending_.empty();
  }

 private:
  struct pending {
    std::string text;
    MPI_Request request = MPI_REQUEST_NULL;
  };
  std::list<pending> pending_;  // a list: the buffers stay where MPI was told they are
};

struct launch {
  bool started = false;
  int size = 1, rank = 0;
  outbox out;  // outlives a coordinator that failed with sends in flight
};

launch& state() {
  static launch s;
  return s;
}

struct message {
  int from = 0;
  int tag = 0;
  std::string text;
};

// The next message from `from` (MPI_ANY_SOURCE: anyone), if one has come.
std::optional<message> poll(int from) {
  int flag = 0;
  MPI_Message handle;
  MPI_Status status;
  MPI_Improbe(from, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &handle, &status);
  if (!flag) return std::nullopt;
  int count = 0;
  MPI_Get_count(&status, MPI_CHAR, &count);
  message m{status.MPI_SOURCE, status.MPI_TAG, std::string(std::size_t(count), '\0')};
  MPI_Mrecv(m.text.data(), count, MPI_CHAR, &handle, MPI_STATUS_IGNORE);
  return m;
}

// Waiting without spinning: Open MPI's blocking calls poll at full speed, which would take a
// core from the computations. The pause grows from 50 us to 2 ms while nothing happens.
class backoff {
 public:
  void operator()(bool progressed) {
    if (progressed) {
      pause_ = first;
      return;
    }
    std::this_thread::sleep_for(pause_);
    pause_ = std::min(pause_ * 2, last);
  }

 private:
  static constexpr std::chrono::microseconds first{50}, last{2000};
  std::chrono::microseconds pause_ = first;
};

// alpha_p from the entries of its prerequisites: one prime of compute_alphas.
alpha_entry compute_one(std::uint64_t p, std::vector<alpha_entry> prerequisites) {
  alpha_job job;
  job.primes = {p};
  job.known = std::move(prerequisites);
  for (alpha_entry& e : compute_alphas(job))
    if (e.p == p) return std::move(e);
  throw std::logic_error("alpha: no entry for p = " + std::to_string(p));
}

// A work message: the prime, then the data lines of its prerequisites.
alpha_entry compute_message(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  const std::uint64_t p = std::stoull(line);
  std::vector<alpha_entry> prerequisites;
  while (std::getline(in, line)) prerequisites.push_back(parse_alpha_line(line));
  return compute_one(p, std::move(prerequisites));
}

// The primes this process computes, each in a thread of its own.
class local_work {
 public:
  void start(std::function<alpha_entry()> compute) {
    running_.push_back(std::async(std::launch::async, std::move(compute)));
  }
  // A computation that is over, if any: its get() gives the entry or rethrows what it threw.
  std::optional<std::future<alpha_entry>> finished() {
    for (auto it = running_.begin(); it != running_.end(); ++it)
      if (it->wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
        std::future<alpha_entry> f = std::move(*it);
        running_.erase(it);
        return f;
      }
    return std::nullopt;
  }
  bool idle() const { return running_.empty(); }

 private:
  std::vector<std::future<alpha_entry>> running_;
};

// A failure message: 'm' when memory ran out (main reports it as such), else 'e' and what().
std::string failure_text(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const std::bad_alloc&) {
    return "m";
  } catch (const std::exception& e) {
    return std::string("e") + e.what();
  } catch (...) {
  }
  return "ean unknown exception";
}

[[noreturn]] void rethrow_failure(const std::string& text) {
  if (text.starts_with("m")) throw std::bad_alloc();
  throw std::runtime_error(text.substr(1));
}

// Rank 0's side of the run, in the order of an alpha_plan. It computes primes too: the
// coordinating costs little (it sleeps between polls), and `mpirun -n K` on K cores would
// otherwise leave one idle.
class coordinator {
 public:
  explicit coordinator(const alpha_job& job)
      : job_(job), plan_(job), per_rank_(std::max(1u, job.threads)), busy_(std::size_t(state().size), 0) {}

  std::vector<alpha_entry> run() {
    backoff wait;
    while (!plan_.finished() || in_flight() != 0) {
      bool moved = hand_out();
      moved = gather() || moved;
      state().out.flush();
      if (in_flight() == 0 && !plan_.finished() && !plan_.has_ready())
        throw std::logic_error("alpha: primes wait for prerequisites that no rank computes");
      wait(moved);
    }
    return plan_.take_entries();
  }

 private:
  const alpha_job& job_;
  alpha_plan plan_;
  unsigned per_rank_;
  std::vector<unsigned> busy_;  // primes in flight per rank
  local_work local_;

  std::size_t in_flight() const {
    std::size_t n = 0;
    for (unsigned b : busy_) n += b;
    return n;
  }

  // A rank with room for one more prime, the workers before rank 0; -1 when none has.
  int free_rank() const {
    for (std::size_t i = 1; i <= busy_.size(); ++i)
      if (busy_[i % busy_.size()] < per_rank_) return int(i % busy_.size());
    return -1;
  }

  bool hand_out() {
    bool moved = false;
    for (int r = free_rank(); r >= 0; r = free_rank()) {
      std::optional<alpha_task> task = plan_.next();
      if (!task) break;
      if (job_.starting) job_.starting(*task);  // a field past the budget of every rank
      ++busy_[std::size_t(r)];
      moved = true;
      if (r == 0) {
        local_.start([p = task->p, known = std::move(task->prerequisites)]() mutable {
          return compute_one(p, std::move(known));
        });
      } else {
        std::string text = std::to_string(task->p) + "\n";
        for (const alpha_entry& e : task->prerequisites) text += alpha_line(e) + "\n";
        state().out.send(r, tag_work, std::move(text));
      }
    }
    return moved;
  }

  void add(alpha_entry e) {
    if (job_.progress) job_.progress(e);
    plan_.done(std::move(e));
  }

  bool gather() {
    bool moved = false;
    while (auto f = local_.finished()) {
      --busy_[0];
      add(f->get());
      moved = true;
    }
    while (auto m = poll(MPI_ANY_SOURCE)) {
      --busy_[std::size_t(m->from)];
      if (m->tag == tag_failure) rethrow_failure(m->text);
      add(parse_alpha_line(m->text));
      moved = true;
    }
    return moved;
  }
};

// A worker's last steps: its sends done, MPI ended. After a failure elsewhere, primes still
// being computed here are abandoned.
int end_worker(int status, const local_work& work) {
  backoff wait;
  state().out.send(0, tag_end, "");
  while (!state().out.flush()) wait(false);
  MPI_Finalize();
  if (!work.idle()) std::_Exit(status);
  return status;
}

}  // namespace

void start(int argc, char** argv) {
  if (!mpi_launch(argc, argv)) return;
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  launch& s = state();
  s.started = true;
  MPI_Comm_size(MPI_COMM_WORLD, &s.size);
  MPI_Comm_rank(MPI_COMM_WORLD, &s.rank);
}

bool worker() { return state().rank != 0; }

int serve() {
  local_work work;
  backoff wait;
  for (;;) {
    bool moved = false;
    while (auto f = work.finished()) {
      moved = true;
      try {
        state().out.send(0, tag_result, alpha_line(f->get()));
      } catch (...) {
        state().out.send(0, tag_failure, failure_text(std::current_exception()));
      }
    }
    if (auto m = poll(0)) {
      moved = true;
      if (m->tag == tag_end) return end_worker(std::atoi(m->text.c_str()), work);
      work.start([text = std::move(m->text)] { return compute_message(text); });
    }
    state().out.flush();
    wait(moved);
  }
}

int finish(int status) {
  launch& s = state();
  if (!s.started) return status;
  for (int r = 1; r < s.size; ++r) s.out.send(r, tag_end, std::to_string(status));
  // Each worker answers end after whatever it still had to send, which is read and dropped.
  backoff wait;
  for (int ended = 0;;) {
    bool moved = false;
    while (auto m = poll(MPI_ANY_SOURCE)) {
      moved = true;
      ended += m->tag == tag_end;
    }
    if (s.out.flush() && ended == s.size - 1) break;
    wait(moved);
  }
  MPI_Finalize();
  return status;
}

std::vector<alpha_entry> compute_alphas_on_ranks(const alpha_job& job) {
  if (state().size <= 1) return compute_alphas(job);
  return coordinator(job).run();
}

}  // namespace nimber::cli::ranks

#else  // a build without MPI: one process, on its cores

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace nimber::cli::ranks {

// nimber-mpi, built beside this program with -DNIMBER_MPI=ON, takes over an MPI launch, so
// that only such a launch loads the MPI libraries (about 2 ms of every start).
// Without it every process runs the whole command.
void start(int argc, char** argv) {
  if (!mpi_launch(argc, argv)) return;
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return;
  const std::string mpi = (self.parent_path() / "nimber-mpi").string();
  if (::access(mpi.c_str(), X_OK) != 0) return;
  ::execv(mpi.c_str(), argv);  // returns only when it fails
  std::fprintf(stderr, "nimber: error: alpha --primes under mpirun: '%s': cannot run it: %s\n", mpi.c_str(),
               std::strerror(errno));
  std::exit(exit_internal);
}
bool worker() { return false; }
int serve() { return 0; }
int finish(int status) { return status; }
std::vector<alpha_entry> compute_alphas_on_ranks(const alpha_job& job) { return compute_alphas(job); }

}  // namespace nimber::cli::ranks

#endif
