#!/usr/bin/env python3
"""`nimber alpha --primes` under mpirun against the one-process run (a -DNIMBER_MPI=ON build).

usage: mpi_alpha.py NIMBER MPIEXEC table|checkpoint|error

table       mpirun -n 2 prints the one-process CSV table, the seconds column aside.
checkpoint  a one-process checkpoint is taken up by mpirun -n 3 (with other ranges), and the
            checkpoint mpirun leaves is read back whole by a one-process run.
error       bad input under mpirun: one error line, from rank 0, and exit status 2.
"""
import os
import subprocess
import sys
import tempfile

NIMBER, MPIEXEC, CHECK = sys.argv[1:4]


def mpi_prefix(ranks):
    """mpirun for `ranks` processes, whatever the number of cores (Open MPI's options)."""
    version = subprocess.run([MPIEXEC, "--version"], capture_output=True, text=True).stdout
    options = ["--oversubscribe"] if "Open MPI" in version or "OpenRTE" in version else []
    return [MPIEXEC, "-n", str(ranks)] + options


def run(args, ranks=1):
    env = dict(os.environ)
    # Open MPI refuses root unless told twice (tests run as root in containers).
    env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    command = (mpi_prefix(ranks) if ranks > 1 else []) + [NIMBER] + args
    r = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)
    return r.returncode, r.stdout, r.stderr


def succeed(args, ranks=1):
    status, out, err = run(args, ranks)
    nimber_lines = [line for line in err.splitlines() if line.startswith("nimber")]
    if status != 0 or nimber_lines:
        sys.exit(f"{ranks} rank(s), {' '.join(args)}: status {status}\n{err}")
    return out


def rows(csv, drop_seconds):
    lines = csv.splitlines()
    column = lines[0].split(",").index("seconds")
    return [",".join(f for i, f in enumerate(line.split(",")) if not (drop_seconds and i == column))
            for line in lines]


def expect(what, got, want):
    if got != want:
        sys.exit(f"{what}:\n--- got\n" + "\n".join(got) + "\n--- expected\n" + "\n".join(want))


def check_table():
    args = ["alpha", "--primes", "3..281", "--format", "csv", "--quiet"]
    one = rows(succeed(args), True)
    two = rows(succeed(args, ranks=2), True)
    if len(one) != 1 + 59:  # the header and the odd primes up to 281
        sys.exit(f"one process: {len(one)} lines")
    expect("mpirun -n 2 against one process", two, one)


def check_checkpoint():
    with tempfile.TemporaryDirectory() as scratch:
        checkpoint = os.path.join(scratch, "alpha.ckpt")
        csv = ["--format", "csv", "--quiet", "--checkpoint", checkpoint]
        first = rows(succeed(["alpha", "--primes", "3..100"] + csv), False)
        # Under MPI the run goes on from the checkpoint: its entries come back with their seconds.
        wide = rows(succeed(["alpha", "--primes", "50..200"] + csv, ranks=3), False)
        expect("mpirun -n 3 over a one-process checkpoint", wide[:11], [first[0]] + first[-10:])
        # Every entry mpirun computed is in its checkpoint: nothing is computed again, so even
        # the seconds are those of the MPI run.
        again = rows(succeed(["alpha", "--primes", "50..200", "--threads", "1"] + csv), False)
        expect("one process over the checkpoint of mpirun", again, wide)
        every = rows(succeed(["alpha", "--primes", "3..200"] + csv), False)
        expect("the whole range from the checkpoint", every, first + wide[11:])


def check_error():
    status, out, err = run(["alpha", "--primes", "3..x", "--quiet"], ranks=2)
    errors = [line for line in err.splitlines() if line.startswith("nimber")]
    want = ["nimber: error: --primes: 'x': expected a number from 3 to 100000"]
    if status != 2 or out or errors != want:
        sys.exit(f"status {status}, stdout {out!r}, stderr:\n{err}")


{"table": check_table, "checkpoint": check_checkpoint, "error": check_error}[CHECK]()
