# The README's two commands, and the contributor's loop:
#   make demo   install what is missing, build (Release, in build/), run a short demo
#   make test   the whole gate (docs/testing.md has its times): install what is missing, then
#               the Release build (g++, MPI) and every test of it, unit, CLI, MPI, Python
#               reference, packaging and fuzz-corpus replays; one clang build under ASan and
#               UBSan, instrumented for libFuzzer, whose tests all run and whose harnesses
#               each fuzz for FUZZ_SECONDS; the library's layers and their unit tests as the
#               portable-only build (no x86 kernels); the thread tests under TSan; the Python
#               module's pytest suite
#   make check  the quick loop while changing the library: the Release build in build/ of the
#               layers and their unit tests, then those tests (ctest label `unit`); no CLI,
#               sanitizers, fuzz replays or packaging checks (timings in docs/testing.md)
# The CLI lands at build/nimber for demo and test.

BUILD       ?= build
SANITIZE_BUILD ?= build-sanitize
CLANG_BUILD ?= build-clang
PORTABLE_BUILD ?= build-portable
JOBS       ?= $(shell nproc)
FUZZ_SECONDS ?= 30

# Debian packages the build and the tests need (Open MPI: `mpirun nimber alpha --primes`).
PACKAGES := cmake make g++ python3 libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev libgmp-dev nettle-dev pkgconf libntl-dev libpng-dev graphviz \
  libopenmpi-dev openmpi-bin
# The Release build in $(BUILD), which `make test` tests: with MPI, so that its tests run there.
RELEASE_OPTIONS := -DCMAKE_BUILD_TYPE=Release -DNIMBER_MPI=ON
CLANG_PACKAGES := clang
SANITIZE_PACKAGES := $(CLANG_PACKAGES) libclang-rt-14-dev

.PHONY: all deps clang-deps sanitize-deps install-packages build demo test check unit sanitize-build asan clang portable fuzz bench clean
all: build

deps:
	@$(MAKE) --no-print-directory install-packages WANT="$(PACKAGES)"

clang-deps:
	@$(MAKE) --no-print-directory install-packages WANT="$(PACKAGES) $(CLANG_PACKAGES)"

sanitize-deps:
	@$(MAKE) --no-print-directory install-packages WANT="$(PACKAGES) $(SANITIZE_PACKAGES)"

install-packages:
	@missing=""; \
	for p in $(WANT); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	  else \
	    echo "missing Debian packages:$$missing (run make as root, or apt-get install them)"; exit 1; \
	  fi; \
	fi

build: deps
	cmake -S . -B $(BUILD) $(RELEASE_OPTIONS)
	cmake --build $(BUILD) -j$(JOBS)

demo: build
	@sh tools/demo.sh $(BUILD)/nimber

# Every test of the Release build; then one clang build under AddressSanitizer and
# UndefinedBehaviorSanitizer, instrumented for libFuzzer (fuzzer-no-link), with the whole suite
# and the libFuzzer harnesses: its tests run (asan), then each harness fuzzes (fuzz). Built by
# clang, it also tests the SIMD kernels as clang compiles their intrinsics, whose code differs
# between compilers (clang before 20 mis-encodes a GFNI broadcast operand; see
# src/kernels/x86/avx512.cpp). Then the library's layers and their unit tests with the portable
# paths alone (-DNIMBER_PORTABLE=ON), as on a CPU other than x86-64, and the thread tests under
# ThreadSanitizer. The packaging checks need an unsanitized consumer built by the default
# compiler, so they run only in the Release build.
test: unit asan fuzz portable tsan
# The Python module (docs/python.md), built into $(BUILD)/python/ for Debian's interpreter;
# python-test runs its pytest suite (doctests included) and is part of `make test`.
PYTHON := /usr/bin/python3
PYTHON_PACKAGES := pybind11-dev python3-dev python3-numpy python3-pytest python3-setuptools
.PHONY: python python-test
python:
	@$(MAKE) --no-print-directory install-packages WANT="$(PACKAGES) $(PYTHON_PACKAGES)"
	cmake -S . -B $(BUILD) $(RELEASE_OPTIONS) -DNIMBER_BUILD_PYTHON=ON
	cmake --build $(BUILD) --target nimber_python -j$(JOBS)
python-test: python
	PYTHONPATH=$(BUILD)/python $(PYTHON) -m pytest -q -p no:cacheprovider python/tests
test: python-test

unit: build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

# The unit tests of every library layer (tests/CMakeLists.txt labels them `unit`), built
# alone: the libraries and those test programs, nothing else.
LAYER_TESTS := test_core test_reference test_big test_gf2x test_gf2e test_algebra test_games test_transfinite
check: deps
	cmake -S . -B $(BUILD) $(RELEASE_OPTIONS)
	cmake --build $(BUILD) -j$(JOBS) --target $(LAYER_TESTS)
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS) -L unit

# The sanitized clang build behind asan and fuzz (docs/testing.md).
sanitize-build: sanitize-deps
	CXX=clang++ cmake -S . -B $(SANITIZE_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNIMBER_BUILD_FUZZERS=ON \
	  -DNIMBER_SANITIZE=address,undefined,fuzzer-no-link -DNIMBER_BUILD_BENCH=OFF -DNIMBER_BUILD_TOOLS=OFF
	cmake --build $(SANITIZE_BUILD) -j$(JOBS)

asan: sanitize-build
	cd $(SANITIZE_BUILD) && ctest --output-on-failure -j$(JOBS) -LE package

# The Release suite built by clang without sanitizers (not part of `make test`, whose sanitized
# build is clang's): for comparing the two compilers' optimised code.
clang: clang-deps
	CXX=clang++ cmake -S . -B $(CLANG_BUILD) -DCMAKE_BUILD_TYPE=Release -DNIMBER_BUILD_BENCH=OFF -DNIMBER_BUILD_TOOLS=OFF
	cmake --build $(CLANG_BUILD) -j$(JOBS)
	cd $(CLANG_BUILD) && ctest --output-on-failure -j$(JOBS) -LE package

# The portable paths alone: the library's layers and their unit tests (the CLI, Python module and
# fuzz harnesses reach the kernels only through the library).
portable: deps
	cmake -S . -B $(PORTABLE_BUILD) -DCMAKE_BUILD_TYPE=Release -DNIMBER_PORTABLE=ON -DNIMBER_BUILD_BENCH=OFF -DNIMBER_BUILD_TOOLS=OFF
	cmake --build $(PORTABLE_BUILD) -j$(JOBS) --target $(LAYER_TESTS)
	cd $(PORTABLE_BUILD) && ctest --output-on-failure -j$(JOBS) -L unit

# Every libFuzzer harness of the sanitized build for FUZZ_SECONDS from its committed corpus
# (fuzz/corpus/NAME), new inputs going to $(SANITIZE_BUILD)/corpus/NAME and any crash,
# sanitizer report or leak to $(SANITIZE_BUILD)/artifacts/ (and failing make). docs/testing.md.
FUZZ_FLAGS ?=
fuzz: sanitize-build
	@mkdir -p $(SANITIZE_BUILD)/artifacts; \
	for f in $(SANITIZE_BUILD)/fuzz/fuzz_*; do \
	  [ -x "$$f" ] || continue; name=$$(basename $$f); mkdir -p $(SANITIZE_BUILD)/corpus/$$name; \
	  dict=""; [ -f fuzz/$$name.dict ] && dict="-dict=fuzz/$$name.dict"; \
	  echo "== $$name ($(FUZZ_SECONDS) s)"; \
	  $$f -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 $$dict $(FUZZ_FLAGS) \
	    -artifact_prefix=$(SANITIZE_BUILD)/artifacts/$$name- $(SANITIZE_BUILD)/corpus/$$name fuzz/corpus/$$name \
	    > $(SANITIZE_BUILD)/$$name.log 2>&1 || { tail -n 60 $(SANITIZE_BUILD)/$$name.log; echo "$$name failed: $(SANITIZE_BUILD)/$$name.log"; exit 1; }; \
	  grep -E "^stat::number_of_executed_units|^stat::new_units_added" $(SANITIZE_BUILD)/$$name.log | tr '\n' ' '; echo; \
	done

# ThreadSanitizer (GCC): the library and tests/unit/threads.cpp alone, the tests labelled
# 'threads'; the first report fails the run (docs/testing.md).
TSAN_BUILD ?= build-tsan
.PHONY: tsan
tsan: deps
	cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNIMBER_SANITIZE=thread \
	  -DNIMBER_BUILD_CLI=OFF -DNIMBER_BUILD_BENCH=OFF -DNIMBER_BUILD_TOOLS=OFF -DNIMBER_INSTALL=OFF
	cmake --build $(TSAN_BUILD) -j$(JOBS) --target test_threads
	cd $(TSAN_BUILD) && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
	  ctest --output-on-failure -j$(JOBS) -L threads

# The pictures of docs/img/ (docs/pictures.md), drawn by the built command; Graphviz's dot
# renders the game graph.
.PHONY: pictures amalgamate
pictures: build
	./$(BUILD)/nimber table 256 --format png --output docs/img/table-mul-256.png
	./$(BUILD)/nimber table 16 --format svg --output docs/img/table-mul-16.svg
	./$(BUILD)/nimber game grundy docs/img/game.txt --format dot --output $(BUILD)/game.dot
	dot -Tsvg $(BUILD)/game.dot -o docs/img/game.svg
	./$(BUILD)/nimber heap 0.07 --terms 200 --period --plot docs/img/heap-0.07.svg > /dev/null

# single_include/nimber.hpp, generated from the sources (a test checks that it is fresh).
amalgamate:
	/usr/bin/python3 tools/amalgamate.py

bench: build
	./$(BUILD)/bench/nimber_bench

# gf2x built for this CPU from Debian's source package (network), timed beside the big
# products in one run (tools/yardstick.sh, docs/benchmarks.md). Not part of `make test`.
.PHONY: yardsticks
yardsticks: build
	@sh tools/yardstick.sh $(BUILD) $(JOBS)

clean:
	rm -rf $(BUILD) $(SANITIZE_BUILD) $(CLANG_BUILD) $(PORTABLE_BUILD) $(TSAN_BUILD)
