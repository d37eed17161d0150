"""Shared fixtures. The module under test comes from PYTHONPATH (make python-test sets it to
build/python) or from an installed package."""

import os
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import nimber  # noqa: E402


@pytest.fixture(params=[k["name"] for k in nimber.kernels() if k["supported"]])
def kernel(request):
    """Runs the test once under every kernel this CPU supports, restoring the active one."""
    before = nimber.active_kernel()
    nimber.force_kernel(request.param)
    assert nimber.active_kernel() == request.param
    yield request.param
    nimber.force_kernel(before)


@pytest.fixture(scope="session")
def cli():
    """The nimber command-line tool, for comparing with the C++ results: $NIMBER_CLI, or the
    repository's build/nimber; the tests that need it are skipped without one."""
    path = os.environ.get("NIMBER_CLI") or str(pathlib.Path(__file__).resolve().parents[2] / "build" / "nimber")
    if not os.access(path, os.X_OK):
        pytest.skip("no nimber CLI (set NIMBER_CLI)")
    return path
