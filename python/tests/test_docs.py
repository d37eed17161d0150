"""The walk-through in docs/python.md and the README's Python section run line by line, as a
new user would type them."""

import doctest
import pathlib
import re

import nimber
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["docs/python.md", "README.md"])
def test_walk_through(name):
    DOC = ROOT / name
    blocks = re.findall(r"```pycon\n(.*?)```", DOC.read_text(), re.S)
    assert blocks
    text = "\n".join(blocks)
    if [k["name"] for k in nimber.kernels()] != ["portable", "pclmul", "avx2", "avx512"]:
        text = text.replace('>>> [k["name"] for k in nimber.kernels()]\n', ">>> _ = nimber.kernels()\n")
        text = text.replace("['portable', 'pclmul', 'avx2', 'avx512']\n", "", 1)
    test = doctest.DocTestParser().get_doctest(text, {}, name, str(DOC), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0
