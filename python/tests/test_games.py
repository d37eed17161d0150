"""Games against plain-Python definitions: mex sequences, outcomes by brute force, coin values
by their closed forms; progress on stderr."""

import io
import itertools
import subprocess
import sys

import numpy as np
import pytest

import nimber
from reference import mex, nim_mul


def octal_sequence(digits, n):
    """G(0..n-1) of the octal game d0.d1d2... by its definition."""
    g = []
    for h in range(n):
        reach = set()
        for k, d in enumerate(digits):
            if k == 0 or k > h:
                continue
            m = h - k
            if d & 1 and m == 0:
                reach.add(0)
            if d & 2 and m >= 1:
                reach.add(g[m])
            if d & 4:
                reach |= {g[a] ^ g[m - a] for a in range(1, m // 2 + 1)}
        g.append(mex(reach))
    return g


@pytest.mark.parametrize("code,digits", [("0.77", [0, 7, 7]), ("0.07", [0, 0, 7]), ("0.137", [0, 1, 3, 7]),
                                         ("0.333", [0, 3, 3, 3])])
def test_grundy_sequence(code, digits):
    seq = nimber.grundy_sequence(code, 300)
    assert seq.dtype == np.uint32 and seq.shape == (300,)
    assert seq.tolist() == octal_sequence(digits, 300)


def test_grundys_game():
    g = []
    for h in range(200):
        g.append(mex({g[a] ^ g[h - a] for a in range(1, (h + 1) // 2)}))
    assert nimber.grundy_sequence("grundy", 200).tolist() == g


def test_period():
    assert nimber.period("0.77", 1000) == (71, 12)      # Kayles (Guy and Smith)
    assert nimber.period("0.07", 1000) == (53, 34)     # Dawson's Kayles
    assert nimber.period("0.333", 100) == (0, 4)
    assert nimber.period("grundy", 300) is None


def test_game_errors():
    with pytest.raises(ValueError, match="bad game code"):
        nimber.grundy_sequence("0.9x", 10)
    with pytest.raises(ValueError, match="n must be"):
        nimber.grundy_sequence("0.77", 0)
    with pytest.raises(TypeError):
        nimber.period("0.77", -5)
    with pytest.raises(TypeError):
        nimber.grundy_sequence("0.77", 10, progress="yes")


def brute_outcomes(n, edges, misere=False):
    options = [[] for _ in range(n)]
    for u, v in edges:
        options[u].append(v)
    result = ["draw"] * n
    changed = True
    while changed:
        changed = False
        for u in range(n):
            if result[u] != "draw":
                continue
            if misere and not options[u]:  # who cannot move wins
                result[u], changed = "win", True
            elif any(result[v] == "lose" for v in options[u]):
                result[u], changed = "win", True
            elif all(result[v] == "win" for v in options[u]):
                result[u], changed = "lose", True
    return result


def brute_grundy(n, edges):
    options = [[] for _ in range(n)]
    for u, v in edges:
        options[u].append(v)
    value = [None] * n
    changed = True
    while changed:
        changed = False
        for u in range(n):
            if value[u] is None and all(value[v] is not None for v in options[u]):
                value[u], changed = mex({value[v] for v in options[u]}), True
    return [-1 if v is None else v for v in value]


@pytest.mark.parametrize("seed", range(6))
def test_graphs(seed):
    rng = np.random.default_rng(seed)
    n = 30
    edges = rng.integers(0, n, (60, 2))
    if seed % 2:  # acyclic: every move goes to a smaller position
        edges = edges[edges[:, 0] > edges[:, 1]]
    assert nimber.outcomes(edges, n).tolist() == brute_outcomes(n, edges.tolist())
    assert nimber.outcomes(edges, n, misere=True).tolist() == brute_outcomes(n, edges.tolist(), misere=True)
    assert nimber.grundy_values(edges, n).tolist() == brute_grundy(n, edges.tolist())


def brute_misere_nim(heaps, memo={}):
    """Whether the player to move wins misère Nim, from the definition."""
    key = tuple(sorted(heaps))
    if key not in memo:
        moves = [heaps[:i] + [t] + heaps[i + 1:] for i, h in enumerate(heaps) for t in range(h)]
        memo[key] = not moves or any(not brute_misere_nim(m) for m in moves)
    return memo[key]


def test_misere_nim():
    for heaps in itertools.product(range(6), repeat=3):
        heaps = list(heaps)
        wins, moves = nimber.misere_nim(heaps)
        assert wins == brute_misere_nim(heaps)
        expected = [(i, t) for i, h in enumerate(heaps) for t in reversed(range(h))
                    if not brute_misere_nim(heaps[:i] + [t] + heaps[i + 1:])]
        assert moves == expected



def kayles_options(h):
    """Kayles (0.77): take one or two adjacent pins, leaving at most two rows."""
    for k in (1, 2):
        rest = h - k
        if rest >= 0:
            yield () if rest == 0 else (rest,)
            for a in range(1, rest // 2 + 1):
                yield (a, rest - a)


def brute_misere_heaps(heaps, options, memo):
    """Whether the player to move wins a sum of heaps in misère play, from the definition."""
    key = tuple(sorted(h for h in heaps if h))
    if key not in memo:
        moves = [key[:i] + key[i + 1:] + leaves for i, h in enumerate(key) for leaves in options(h)]
        memo[key] = not moves or any(not brute_misere_heaps(m, options, memo) for m in moves)
    return memo[key]


def test_misere_quotient_against_the_definition():
    q = nimber.misere_quotient("0.77", 12)
    assert (q.code, q.heaps) == ("0.77", 12)
    assert len(q.pretending) == 13 and q.pretending[0] == "1"
    assert q.p_portion == len(q.p_elements) and q.p_portion < q.order
    assert [heap for _, heap in q.generators] == sorted(heap for _, heap in q.generators)
    memo = {}
    for n in range(5):
        for heaps in itertools.combinations_with_replacement(range(13), n):
            wins = brute_misere_heaps(heaps, kayles_options, memo)
            assert q.outcome(heaps) == ("win" if wins else "lose"), heaps
            move = q.winning_move(heaps)
            assert (move is not None) == (wins and any(heaps)), heaps
            if move is not None:
                i, leaves = move
                after = heaps[:i] + heaps[i + 1:] + tuple(leaves)
                assert not brute_misere_heaps(after, kayles_options, memo)
    assert all(q.winning_move(heaps) == moves[0] for heaps in [(3, 5, 7)] for moves in [q.winning_moves(heaps)])


def test_misere_quotient_period():
    # 0.75: periodic from heap 8 with period 2; the theorem needs heaps up to 2 (8 + 2) + 2 - 1.
    assert nimber.misere_quotient("0.75", 20).period == (8, 2, False, 21)
    q = nimber.misere_quotient("0.75", 21)
    assert q.period == (8, 2, True, 21) and q.order == 8
    # Heaps past 21 follow the period 2 from heap 8.
    more = nimber.misere_quotient("0.75", 40)
    for heaps in [(100,), (101, 3), (100, 100, 5), (33, 1000)]:
        assert q.outcome(heaps) == more.outcome([h if h <= 40 else 8 + (h - 8) % 2 for h in heaps])
    assert nimber.misere_quotient("grundy", 8).period is None


def test_misere_quotient_errors():
    with pytest.raises(ValueError, match="bad game code"):
        nimber.misere_quotient("0.x", 5)
    q = nimber.misere_quotient("0.07", 5)
    assert repr(q) == "MisereQuotient('0.07', heaps=5, order=6, p_portion=2)"
    with pytest.raises(ValueError, match="above the bound"):
        q.outcome([6])
    with pytest.raises(ValueError):
        nimber.misere_quotient("0.07", 2**20 + 1)

def test_graph_errors():
    with pytest.raises(ValueError, match="shape"):
        nimber.outcomes(np.zeros((3, 3), int))
    with pytest.raises(ValueError, match="negative"):
        nimber.outcomes(np.array([[0, -1]]))
    with pytest.raises(ValueError, match="n = 2"):
        nimber.grundy_values(np.array([[0, 5]]), n=2)
    with pytest.raises(TypeError, match="integers"):
        nimber.outcomes(np.array([[0.5, 1.0]]))
    assert nimber.outcomes(np.zeros((0, 2), int), n=2).tolist() == ["lose", "lose"]


def odious(k):
    n = -1
    while k >= 0:
        n += 1
        k -= bin(n).count("1") % 2
    return n


def test_coin_values():
    assert [nimber.coin_value("ruler", x) for x in range(1, 17)] == [x & -x for x in range(1, 17)]
    assert nimber.coin_value("mock", np.arange(20)).tolist() == [odious(k) for k in range(20)]
    assert nimber.coin_value("twins", np.arange(5)).tolist() == list(range(5))
    assert nimber.coin_value("turtles", 7) == 7
    # The Tartan theorem: a product's cell value is the nim product of the rows' values.
    for x in range(1, 8):
        for y in range(0, 8):
            assert nimber.coin_value("ruler*mock", x, y) == nim_mul(x & -x, odious(y))
    grid = nimber.coin_value("corners", np.arange(4)[:, None], np.arange(4)[None, :])
    assert grid.tolist() == [[nim_mul(x, y) for y in range(4)] for x in range(4)]


def test_coin_errors():
    with pytest.raises(ValueError, match="unknown rule"):
        nimber.coin_value("rulers", 3)
    with pytest.raises(ValueError, match="out of range"):
        nimber.coin_value("ruler", 0)
    with pytest.raises(ValueError, match="needs y"):
        nimber.coin_value("corners", 1)
    with pytest.raises(ValueError, match="one row"):
        nimber.coin_value("ruler", 1, 2)


def test_progress_forced_into_a_file(capsys):
    # Not a terminal: one line per update, nothing erased, as the CLI's --progress into a pipe.
    seq = nimber.grundy_sequence("0.77", 200000, progress=True)
    err = capsys.readouterr().err
    assert err.startswith("nimber.grundy_sequence 0.77: 64 of 200000 terms (0%), ")
    assert err.endswith("s left \n") and "\r" not in err
    assert seq.tolist() == nimber.grundy_sequence("0.77", 200000, progress=False).tolist()
    assert capsys.readouterr().err == ""


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_on_a_terminal_is_redrawn_and_erased(monkeypatch):
    term = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", term)
    assert nimber.period("0.77", 100000, progress=True) == (71, 12)
    text = term.getvalue()
    assert text.startswith("\rnimber.period 0.77: 64 of 100000 terms")
    assert text.endswith("\r")
    assert text.split("\r")[-2].strip() == ""  # the last thing written blanks the line
    # By default a short run on a terminal shows nothing (the line waits two seconds).
    term.seek(0)
    term.truncate()
    nimber.grundy_sequence("0.77", 1000)
    assert term.getvalue() == ""


def test_progress_default_not_into_a_pipe(capsys):
    nimber.period("grundy", 3000)  # stderr captured: not a terminal
    assert capsys.readouterr().err == ""


def test_against_cli_heap(cli):
    run = subprocess.run([cli, "heap", "0.137", "--terms", "500", "--format", "csv"], capture_output=True,
                         text=True, check=True)
    values = [int(line.split(",")[-1]) for line in run.stdout.split()[1:]]
    assert values == nimber.grundy_sequence("0.137", 500).tolist()


def expect_ctrl_c_to_stop(call, after):
    # SIGINT from a SIGALRM handler, which the main thread runs when the run checks for
    # signals: no thread has to win the GIL to send it.
    import os
    import signal

    sent = []

    def interrupt(signum, frame):
        if not sent:
            sent.append(True)
            os.kill(os.getpid(), signal.SIGINT)

    # A process started in the background by a non-interactive shell inherits SIGINT ignored,
    # and Python then leaves it ignored: the test installs the usual handler itself.
    previous_int = signal.signal(signal.SIGINT, signal.default_int_handler)
    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, after, 0.2)
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        signal.signal(signal.SIGINT, previous_int)
    assert sent


def test_ctrl_c_stops_a_long_run():
    # Grundy's game to 2^24 terms takes most of a minute; SIGINT ends it at the engine's next
    # report.
    expect_ctrl_c_to_stop(lambda: nimber.grundy_sequence("grundy", 1 << 24, progress=False), 0.3)


def test_ctrl_c_stops_a_misere_quotient_within_a_heap():
    # Dawson's Kayles reaches heap 34 in seconds and then tries quotients for many minutes
    # without finishing the heap: the SIGINT, sent once heap 34 is under way on an idle
    # machine, ends the run before its next trial.
    expect_ctrl_c_to_stop(lambda: nimber.misere_quotient("0.07", 40, progress=False), 6.0)
