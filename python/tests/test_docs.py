"""The walk-through in docs/python.md runs line by line, as a new user would type it."""

import doctest
import pathlib
import re

import nimber

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"


def test_walk_through():
    blocks = re.findall(r"```pycon\n(.*?)```", DOC.read_text(), re.S)
    assert blocks
    text = "\n".join(blocks)
    if [k["name"] for k in nimber.kernels()] != ["portable", "pclmul", "avx2", "avx512"]:
        text = text.replace('>>> [k["name"] for k in nimber.kernels()]\n', ">>> _ = nimber.kernels()\n")
        text = text.replace("['portable', 'pclmul', 'avx2', 'avx512']\n", "", 1)
    test = doctest.DocTestParser().get_doctest(text, {}, "docs/python.md", str(DOC), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0
