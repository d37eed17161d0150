"""The examples in the docstrings run as doctests."""

import doctest

import pytest

import nimber


def documented():
    objects = [("nimber", nimber), ("Nimber", nimber.Nimber)]
    objects += [(name, getattr(nimber, name)) for name in nimber.__all__]
    objects += [(f"Nimber.{m}", getattr(nimber.Nimber, m)) for m in ("sqrt", "inverse", "square")]
    finder = doctest.DocTestFinder(recurse=False)
    tests = []
    for name, obj in objects:
        tests += [t for t in finder.find(obj, name, globs={}) if t.examples]
    return tests


@pytest.mark.parametrize("test", documented(), ids=lambda t: t.name)
def test_docstring(test):
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} failing example(s) in {test.name}"


def test_every_public_function_has_an_example():
    names = {t.name for t in documented()}
    lacking = [n for n in nimber.__all__ if n not in names and n not in ("ZeroDivisorError", "active_kernel")]
    assert not lacking
