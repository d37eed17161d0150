// `mpirun -n K nimber alpha --primes A..B` in a build with -DNIMBER_MPI=ON: rank 0 runs the
// command as usual and hands the primes out, computing some itself; ranks 1..K-1 compute what
// they are handed and print nothing. Such a build makes two programs from the same sources:
// nimber, without MPI, hands a launch of `alpha --primes` to nimber-mpi beside it (exec), so
// that no other run loads the MPI libraries; in nimber-mpi MPI starts only for that launch.
// Without nimber-mpi these functions do nothing, and every process runs the whole command.
#pragma once

#include <vector>

#include "nimber/transfinite/alpha.hpp"

namespace nimber::cli::ranks {

// When argv is an `alpha --primes` command and the process is one of a launch of more than one
// (mpirun sets OMPI_COMM_WORLD_SIZE; MPICH's Hydra and Slurm set PMI_SIZE): starts MPI in
// nimber-mpi, and runs nimber-mpi in its place in nimber (exits with status 3 when that fails).
void start(int argc, char** argv);

// A rank other than 0: it calls serve() instead of running the command.
bool worker();

// Computes the primes rank 0 hands out until rank 0 ends the run; returns rank 0's exit status.
int serve();

// Rank 0, after the command: ends the run with `status` on every rank and returns it.
int finish(int status);

// compute_alphas(job) with the primes spread over the ranks, job.threads at once on each (0:
// one, as mpirun starts a rank per core); compute_alphas(job) itself without MPI.
std::vector<alpha_entry> compute_alphas_on_ranks(const alpha_job& job);

}  // namespace nimber::cli::ranks
