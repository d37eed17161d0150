// Games: heap games' Grundy sequences and periods, misère quotients, game graphs given by an
// edge array, and coin-turning values (nimber/games/).
#include "nimber/games/coin_turning.hpp"
#include "nimber/games/graph.hpp"
#include "nimber/games/heap.hpp"
#include "nimber/games/misere.hpp"
#include "nimber/games/misere_quotient.hpp"
#include "progress.hpp"
#include "py_common.hpp"

namespace nimber::python {

namespace {

namespace ng = nimber::games;

ng::heap_game parse_game(const std::string& code, const char* name) {
  try {
    return ng::heap_game::from_string(code);
  } catch (const ng::parse_error& e) {
    throw py::value_error(std::string("nimber.") + name + ": bad game code '" + code + "': " + e.what());
  }
}

std::uint64_t terms_of(py::handle n, const char* name) {
  const std::uint64_t t = to_u64(n, std::string("nimber.") + name + ": n");
  if (t < 1 || t > (std::uint64_t(1) << 32))
    throw py::value_error(std::string("nimber.") + name + ": n must be from 1 to 2^32, got " + std::to_string(t));
  return t;
}

ng::grundy_sequence run_sequence(const std::string& code, py::handle n, py::handle progress, const char* name) {
  const ng::heap_game game = parse_game(code, name);
  const std::uint64_t terms = terms_of(n, name);
  progress_meter meter("nimber." + std::string(name) + " " + game.name(), progress);
  ng::sequence_options options;
  options.progress = [&meter](std::uint64_t done, std::uint64_t total) { meter(done, total); };
  py::gil_scoped_release release;
  return ng::grundy_sequence_of(game, terms, options);
}

// The graph of an (m, 2) integer array of moves (from, to) on n positions (default: one more
// than the largest endpoint).
ng::game_graph graph_of(py::handle edges, py::handle n, const char* name) {
  const std::string what = std::string("nimber.") + name;
  py::array e = numpy().attr("asarray")(edges);
  if (e.size() == 0 && e.ndim() == 1) e = numpy().attr("reshape")(e, py::make_tuple(0, 2));
  if (e.dtype().kind() != 'i' && e.dtype().kind() != 'u')
    throw py::type_error(what + ": edges must be integers, got dtype " + str_of(e.dtype()));
  if (e.ndim() != 2 || e.shape(1) != 2)
    throw py::value_error(what + ": edges must have shape (m, 2), one move (from, to) a row");
  if (e.size() && numpy().attr("any")(numpy().attr("less")(e, 0)).cast<bool>())
    throw py::value_error(what + ": edges hold a negative position");
  const std::uint64_t top = e.size() ? numpy().attr("max")(e).cast<std::uint64_t>() + 1 : 0;
  const std::uint64_t positions = n.is_none() ? top : to_u64(n, what + ": n");
  if (positions >= (std::uint64_t(1) << 32)) throw py::value_error(what + ": at most 2^32 - 1 positions");
  if (top > positions)
    throw py::value_error(what + ": an edge names position " + std::to_string(top - 1) + ", but n = " +
                          std::to_string(positions));
  py::array_t<std::uint32_t, py::array::c_style | py::array::forcecast> w(e);
  const std::size_t m = std::size_t(e.shape(0));
  std::vector<ng::position> from(m), to(m);
  for (std::size_t i = 0; i < m; ++i) from[i] = w.data()[2 * i], to[i] = w.data()[2 * i + 1];
  py::gil_scoped_release release;
  return ng::game_graph::from_edges(std::size_t(positions), from, to);
}

template <class T>
py::array_t<T> to_array(const std::vector<T>& v) {
  py::array_t<T> out(py::ssize_t(v.size()));
  std::copy(v.begin(), v.end(), out.mutable_data());
  return out;
}

std::string coin_names() { return "ruler, mock (mock_turtles), twins, turtles (turning_turtles)"; }

// G for coin x of one rule, or cell (x, y) of a product rule "a*b" / "corners".
std::uint64_t coin_at(const std::string& rule, std::uint64_t x, std::optional<std::uint64_t> y) {
  if (auto r = ng::parse_coin_rule(rule)) {
    if (y) throw py::value_error("nimber.coin_value: rule '" + rule + "' is one row; y is for a product like 'ruler*mock'");
    if (x < ng::first_coin(*r) || x > ng::last_coin(*r))
      throw py::value_error("nimber.coin_value: coin " + std::to_string(x) + " is out of range for " + rule +
                            " (" + std::to_string(ng::first_coin(*r)) + " to " + std::to_string(ng::last_coin(*r)) + ")");
    return ng::coin_value(*r, x);
  }
  if (auto p = ng::parse_coin_product(rule)) {
    if (!y) throw py::value_error("nimber.coin_value: product rule '" + rule + "' needs y");
    for (auto [rr, c] : {std::pair(p->first, x), std::pair(p->second, *y)})
      if (c < ng::first_coin(rr) || c > ng::last_coin(rr))
        throw py::value_error("nimber.coin_value: coin " + std::to_string(c) + " is out of range for " + ng::to_string(rr));
    return ng::cell_value(*p, {x, *y});
  }
  throw py::value_error("nimber.coin_value: unknown rule '" + rule + "'; expected " + coin_names() +
                        ", a product such as 'ruler*mock', or 'corners'");
}

std::vector<std::uint64_t> position_of(const ng::misere_quotient& q, const py::iterable& heaps) {
  std::vector<std::uint64_t> position;
  for (const py::handle h : heaps) {
    position.push_back(to_u64(h, "MisereQuotient: a heap size"));
    // Past the bound the proved period decides a heap (up to 2^20, whose options are listed).
    const bool proved = q.period() && q.period()->proved;
    if (position.back() > (proved ? ng::misere_quotient::max_heap_bound : q.max_heap()))
      throw py::value_error("MisereQuotient: heap " + std::to_string(position.back()) + " is above the bound " +
                            std::to_string(proved ? ng::misere_quotient::max_heap_bound : q.max_heap()));
  }
  return position;
}

py::object move_of(const ng::heap_move& m) {
  py::list leaves;
  for (const std::uint64_t h : m.leaves) leaves.append(h);
  return py::make_tuple(m.heap, leaves);
}

void register_misere_quotient(py::module_& m) {
  using namespace pybind11::literals;
  py::class_<ng::misere_quotient>(m, "MisereQuotient", R"doc(
The misère quotient of a heap game's heaps 0 .. heaps (see nimber.misere_quotient): the
commutative monoid of their sums up to indistinguishability in misère play.

>>> import nimber
>>> q = nimber.misere_quotient("0.07", 4)  # Dawson's Kayles
>>> q.generators, q.relations, q.p_elements
([('a', 2), ('b', 4)], [('a^2', '1'), ('b^3', 'b')], ['a', 'b^2'])
)doc")
      .def_property_readonly("code", [](const ng::misere_quotient& q) { return q.game().name(); })
      .def_property_readonly("heaps", &ng::misere_quotient::max_heap, "The heap bound N.")
      .def_property_readonly("order", &ng::misere_quotient::order, "|Q|, the number of elements.")
      .def_property_readonly("p_portion", &ng::misere_quotient::p_portion,
                             "|P|, the number of elements whose sums are lost by the player to move.")
      .def_property_readonly("pretending", [](const ng::misere_quotient& q) {
        py::list l;
        for (const auto x : q.pretending()) l.append(ng::to_string(q.normal_form(x)));
        return l;
      }, "The element each heap 0 .. N pretends to be, as a word in the generators ('1', 'a', 'ab^2').")
      .def_property_readonly("generators", [](const ng::misere_quotient& q) {
        py::list l;
        for (std::size_t i = 0; i < q.generator_heaps().size(); ++i)
          l.append(py::make_tuple(ng::generator_name(i), q.generator_heaps()[i]));
        return l;
      }, "(name, heap) for each generator.")
      .def_property_readonly("relations", [](const ng::misere_quotient& q) {
        py::list l;
        for (const auto& r : q.relations()) l.append(py::make_tuple(ng::to_string(r.lhs), ng::to_string(r.rhs)));
        return l;
      }, "(lhs, rhs) words: the relations of the presentation.")
      .def_property_readonly("p_elements", [](const ng::misere_quotient& q) {
        py::list l;
        for (ng::quotient_element x = 0; x < q.order(); ++x)
          if (q.is_p(x)) l.append(ng::to_string(q.normal_form(x)));
        return l;
      }, "The elements of the P-portion, as words.")
      .def_property_readonly("changes", [](const ng::misere_quotient& q) {
        py::list l;
        for (const auto& c : q.changes()) l.append(py::make_tuple(c.heap, c.order, c.p_portion));
        return l;
      }, "(heap, order, p_portion) at each heap where the quotient changes.")
      .def_property_readonly("period", [](const ng::misere_quotient& q) -> py::object {
        const auto& p = q.period();
        if (!p) return py::none();
        return py::make_tuple(p->preperiod, p->period, p->proved, p->needs);
      }, "(preperiod, period, proved, needs) of the pretending function by the periodicity theorem "
         "(Plambeck and Siegel): proved when the heaps computed reach `needs`, and then the quotient "
         "is the whole game's; None when no period is seen or the theorem does not cover the game.")
      .def("outcome", [](const ng::misere_quotient& q, const py::iterable& heaps) {
        return q.next_player_wins(position_of(q, heaps)) ? "win" : "lose";
      }, "position"_a, "'win' or 'lose': the misère outcome for the player to move of a sum of heaps.")
      .def("winning_move", [](const ng::misere_quotient& q, const py::iterable& heaps) -> py::object {
        const auto m = q.winning_move(position_of(q, heaps));
        return m ? move_of(*m) : py::none();
      }, "position"_a, "A move to a lost sum, (heap index, [heaps it leaves]), or None.")
      .def("winning_moves", [](const ng::misere_quotient& q, const py::iterable& heaps) {
        py::list l;
        for (const auto& m : q.winning_moves(position_of(q, heaps))) l.append(move_of(m));
        return l;
      }, "position"_a, "Every move to a lost sum, as winning_move gives one.")
      .def("__repr__", [](const ng::misere_quotient& q) {
        return "MisereQuotient('" + q.game().name() + "', heaps=" + std::to_string(q.max_heap()) +
               ", order=" + std::to_string(q.order()) + ", p_portion=" + std::to_string(q.p_portion()) + ")";
      });
  m.def("misere_quotient", [](const std::string& code, py::handle heaps, py::handle progress) {
    const ng::heap_game game = parse_game(code, "misere_quotient");
    const std::uint64_t n = to_u64(heaps, "nimber.misere_quotient: heaps");
    if (n > ng::misere_quotient::max_heap_bound)
      throw py::value_error("nimber.misere_quotient: heaps must be at most 2^20, got " + std::to_string(n));
    progress_meter meter("nimber.misere_quotient " + game.name(), progress);
    ng::quotient_options options;
    options.progress = [&meter](std::uint64_t done, std::uint64_t total) { meter(done, total); };
    // Ctrl-C within a heap too, whose trial quotients can run for minutes.
    options.stop_requested = [&meter] {
      meter.check_signals();
      return false;
    };
    try {
      py::gil_scoped_release release;
      return ng::misere_quotient::compute(game, n, options);
    } catch (const ng::game_size_error& e) {
      PyErr_SetString(PyExc_MemoryError, e.what());
      throw py::error_already_set();
    }
  }, "code"_a, "heaps"_a, py::kw_only(), "progress"_a = py::none(), R"doc(
The misère quotient of a heap game's heaps 0 .. heaps (Plambeck and Siegel), proved, as a
MisereQuotient: order |Q|, p_portion |P|, pretending (each heap's element), generators,
relations, changes, period (what the periodicity theorem proves), and outcome / winning_move
of a sum of heaps. code as for
grundy_sequence. Raises MemoryError when the quotient needs more than 2 GiB.

>>> import nimber
>>> q = nimber.misere_quotient("0.77", 6)  # Kayles
>>> q.order, q.p_portion, q.pretending
(12, 3, ['1', 'a', 'b', 'ab', 'a', 'c', 'ab'])
>>> q.outcome([1, 2, 3]), q.winning_move([1, 2])
('lose', (1, []))
)doc");
}

}  // namespace

void register_games(py::module_& m) {
  using namespace pybind11::literals;
  register_misere_quotient(m);
  m.def("grundy_sequence", [](const std::string& code, py::handle n, py::handle progress) {
    return to_array(run_sequence(code, n, progress, "grundy_sequence").values.to_vector());
  }, "code"_a, "n"_a, py::kw_only(), "progress"_a = py::none(), R"doc(
G(0) .. G(n - 1) of a heap game as a uint32 array. code is an octal or hexadecimal
take-and-break code ("0.07", "4.07", "0.f"), "subtraction:1,3,4" or "grundy". progress=True
shows progress on stderr, False never; None (the default) shows it when stderr is a terminal.

>>> import nimber
>>> nimber.grundy_sequence("0.77", 10)  # Kayles
array([0, 1, 2, 3, 1, 4, 3, 2, 1, 4], dtype=uint32)
)doc");
  m.def("period", [](const std::string& code, py::handle n, py::handle progress) -> py::object {
    const auto s = run_sequence(code, n, progress, "period");
    if (!s.period) return py::none();
    return py::make_tuple(s.period->preperiod, s.period->period);
  }, "code"_a, "n"_a, py::kw_only(), "progress"_a = py::none(), R"doc(
(preperiod, period) of an octal game as proved by the arithmetic-periodicity theorem from at
most n terms, or None when no period is proved within them.

>>> import nimber
>>> nimber.period("0.77", 1000)  # Kayles
(71, 12)
)doc");
  m.def("outcomes", [](py::handle edges, py::handle n, bool misere) {
    const ng::game_graph g = graph_of(edges, n, "outcomes");
    const auto play = misere ? ng::play_convention::misere : ng::play_convention::normal;
    const std::vector<ng::outcome> o = without_gil([&] { return ng::outcomes(g, play); });
    // The names by NumPy indexing with the enum's codes (draw 0, win 1, lose 2): no Python
    // string per position.
    py::array_t<std::uint8_t> codes(py::ssize_t(o.size()));
    for (std::size_t i = 0; i < o.size(); ++i) codes.mutable_data()[i] = std::uint8_t(o[i]);
    py::list names;
    for (const ng::outcome x : {ng::outcome::draw, ng::outcome::win, ng::outcome::lose}) names.append(ng::to_string(x));
    py::object table = numpy().attr("array")(names, "U4");
    return py::object(table[codes]);
  }, "edges"_a, "n"_a = py::none(), py::kw_only(), "misere"_a = false, R"doc(
The outcome of every position of the game graph with these moves: an (m, 2) integer array of
(from, to) rows on n positions (default: one more than the largest endpoint). 'win' (the
player to move wins), 'lose' or 'draw' (play can go on for ever). misere=True: misère play,
where the player who cannot move wins.

>>> import numpy as np, nimber
>>> nimber.outcomes(np.array([[1, 0], [2, 1], [3, 3]]))
array(['lose', 'win', 'lose', 'draw'], dtype='<U4')
>>> nimber.outcomes(np.array([[1, 0], [2, 1], [3, 3]]), misere=True)
array(['win', 'lose', 'win', 'draw'], dtype='<U4')
)doc");
  m.def("misere_nim", [](const py::iterable& sizes) {
    std::vector<std::uint64_t> heaps;
    for (const py::handle h : sizes) heaps.push_back(to_u64(h, "misere_nim: a heap size"));
    py::list moves;
    for (const ng::nim_move& mv : ng::misere_nim_winning_moves(heaps)) moves.append(py::make_tuple(mv.heap, mv.to));
    return py::make_tuple(ng::misere_nim_wins(heaps), moves);
  }, "heaps"_a, R"doc(
Misère Nim by Bouton's misère rule: (wins, moves), whether the player to move wins when the
player who cannot move wins, and every winning move as (heap index, size after the move).

>>> import nimber
>>> nimber.misere_nim([2, 1, 1])
(True, [(0, 1)])
>>> nimber.misere_nim([1, 1, 1])
(False, [])
)doc");
  m.def("grundy_values", [](py::handle edges, py::handle n) {
    const ng::game_graph g = graph_of(edges, n, "grundy_values");
    const std::vector<std::uint32_t> v = without_gil([&] { return ng::grundy_values(g); });
    py::array_t<std::int64_t> out(py::ssize_t(v.size()));
    for (std::size_t i = 0; i < v.size(); ++i) out.mutable_data()[i] = v[i] == ng::loopy ? -1 : std::int64_t(v[i]);
    return out;
  }, "edges"_a, "n"_a = py::none(), R"doc(
The Grundy value of every position of the game graph (edges as for nimber.outcomes), as an
int64 array; -1 marks a position on or leading to a cycle, whose value the mex rule leaves
undefined.

>>> import numpy as np, nimber
>>> nimber.grundy_values(np.array([[1, 0], [2, 0], [2, 1], [3, 3]]))
array([ 0,  1,  2, -1])
)doc");
  m.def("coin_value", [](const std::string& rule, py::handle x, py::handle y) -> py::object {
    auto one = [&](py::handle a, py::handle b) {
      std::optional<std::uint64_t> yv;
      if (!b.is_none()) yv = to_u64(b, "nimber.coin_value: y");
      return coin_at(rule, to_u64(a, "nimber.coin_value: x"), yv);
    };
    if (is_int_scalar(x) && (y.is_none() || is_int_scalar(y))) return py::int_(one(x, y));
      py::list items = numpy().attr("broadcast_arrays")(x, y.is_none() ? py::object(py::int_(0)) : py::reinterpret_borrow<py::object>(y));
    py::array xs = numpy().attr("ravel")(items[0]), ys = numpy().attr("ravel")(items[1]);
    py::array_t<std::uint64_t> out(xs.size());
    for (py::ssize_t i = 0; i < xs.size(); ++i)
      out.mutable_data()[i] = one(xs.attr("item")(i), y.is_none() ? py::none() : py::object(ys.attr("item")(i)));
    return out.attr("reshape")(numpy().attr("shape")(items[0]));
  }, "rule"_a, "x"_a, "y"_a = py::none(), R"doc(
The value G(x) of a single head on coin x of a coin-turning game (rule 'ruler', 'mock',
'twins' or 'turtles'), or G(x, y) of the cell (x, y) of a product ('ruler*mock', 'corners'),
which the Tartan theorem makes the nim product G1(x) * G2(y). x and y may be int arrays.

>>> import numpy as np, nimber
>>> nimber.coin_value("ruler", 12)
4
>>> nimber.coin_value("mock", np.arange(6))
array([ 1,  2,  4,  7,  8, 11], dtype=uint64)
>>> nimber.coin_value("corners", 2, 3)
1
)doc");
}

}  // namespace nimber::python
