# The README's two commands, and the contributor's loop:
#   make demo   install what is missing, build (Release, in build/), run a short demo
#   make test   the whole gate (about 30 to 45 minutes on two cores): install what is missing, then
#               the Release build (g++, MPI) and every test of it, unit, CLI, MPI, Python
#               reference, packaging and fuzz-corpus replays; the same suite under ASan/UBSan,
#               built by clang, and as the portable-only build (no x86 kernels); every
#               libFuzzer harness for FUZZ_SECONDS; the thread tests under TSan; the Python
#               module's pytest suite (docs/testing.md)
#   make check  the quick loop while changing the library: the Release build in build/ of the
#               layers and their unit tests, then those tests (ctest label `unit`); no CLI,
#               sanitizers, fuzz replays or packaging checks (timings in docs/testing.md)
# The CLI lands at build/nimber for demo and test.

BUILD       ?= build
ASAN_BUILD  ?= build-asan
CLANG_BUILD ?= build-clang
PORTABLE_BUILD ?= build-portable
FUZZ_BUILD  ?= build-fuzz
JOBS       ?= $(shell nproc)
FUZZ_SECONDS ?= 30

# Debian packages the build and the tests need (Open MPI: `mpirun nimber alpha --primes`).
PACKAGES := cmake make g++ python3 libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev libgmp-dev libssl-dev libntl-dev libpng-dev graphviz \
  libopenmpi-dev openmpi-bin
# The Release build in $(BUILD), which `make test` tests: with MPI, so that its tests run there.
RELEASE_OPTIONS := -DCMAKE_BUILD_TYPE=Release -DNIMBER_MPI=ON
CLANG_PACKAGES := clang
FUZZ_PACKAGES := $(CLANG_PACKAGES) libclang-rt-14-dev

.PHONY: all deps clang-deps fuzz-deps install-packages build demo test check unit asan clang portable fuzz bench clean
all: build

deps:
	@$(MAKE) --no-print-directory install-packages WANT="$(PACKAGES)"

clang-deps:
	@$(MAKE) --no-print-directory install-packages WANT="$(PACKAGES) $(CLANG_PACKAGES)"

fuzz-deps:
	@$(MAKE) --no-print-directory install-packages WANT="$(PACKAGES) $(FUZZ_PACKAGES)"

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

# Every test of the Release build, then the same suite under AddressSanitizer and
# UndefinedBehaviorSanitizer, then built by clang: the SIMD kernels rest on intrinsics whose
# code differs between compilers (clang before 20 mis-encodes a GFNI broadcast operand; see
# src/kernels/x86/avx512.cpp), then the portable paths alone (-DNIMBER_PORTABLE=ON), as on a
# CPU other than x86-64. The packaging checks (find_package, add_subdirectory) need an
# unsanitized consumer built by the default compiler, so they run only in the Release build.
# Then every libFuzzer harness for FUZZ_SECONDS, and the thread tests under ThreadSanitizer.
test: unit asan clang portable fuzz tsan

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

asan: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNIMBER_SANITIZE=address,undefined -DNIMBER_BUILD_BENCH=OFF -DNIMBER_BUILD_TOOLS=OFF
	cmake --build $(ASAN_BUILD) -j$(JOBS)
	cd $(ASAN_BUILD) && ctest --output-on-failure -j$(JOBS) -LE package

clang: clang-deps
	CXX=clang++ cmake -S . -B $(CLANG_BUILD) -DCMAKE_BUILD_TYPE=Release -DNIMBER_BUILD_BENCH=OFF -DNIMBER_BUILD_TOOLS=OFF
	cmake --build $(CLANG_BUILD) -j$(JOBS)
	cd $(CLANG_BUILD) && ctest --output-on-failure -j$(JOBS) -LE package

portable: deps
	cmake -S . -B $(PORTABLE_BUILD) -DCMAKE_BUILD_TYPE=Release -DNIMBER_PORTABLE=ON -DNIMBER_BUILD_BENCH=OFF -DNIMBER_BUILD_TOOLS=OFF
	cmake --build $(PORTABLE_BUILD) -j$(JOBS)
	cd $(PORTABLE_BUILD) && ctest --output-on-failure -j$(JOBS) -LE package

# libFuzzer builds (clang): the library, the command and the harnesses instrumented for
# coverage and built with ASan and UBSan; each harness runs for FUZZ_SECONDS from its committed
# corpus (fuzz/corpus/NAME), new inputs going to $(FUZZ_BUILD)/corpus/NAME and any crash,
# sanitizer report or leak to $(FUZZ_BUILD)/artifacts/ (and failing make). docs/testing.md.
FUZZ_FLAGS ?=
fuzz: fuzz-deps
	CXX=clang++ cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNIMBER_BUILD_FUZZERS=ON \
	  -DNIMBER_SANITIZE=address,undefined,fuzzer-no-link -DNIMBER_BUILD_TESTS=OFF \
	  -DNIMBER_BUILD_BENCH=OFF -DNIMBER_BUILD_TOOLS=OFF -DNIMBER_INSTALL=OFF
	cmake --build $(FUZZ_BUILD) -j$(JOBS)
	@mkdir -p $(FUZZ_BUILD)/artifacts; \
	for f in $(FUZZ_BUILD)/fuzz/fuzz_*; do \
	  [ -x "$$f" ] || continue; name=$$(basename $$f); mkdir -p $(FUZZ_BUILD)/corpus/$$name; \
	  dict=""; [ -f fuzz/$$name.dict ] && dict="-dict=fuzz/$$name.dict"; \
	  echo "== $$name ($(FUZZ_SECONDS) s)"; \
	  $$f -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 $$dict $(FUZZ_FLAGS) \
	    -artifact_prefix=$(FUZZ_BUILD)/artifacts/$$name- $(FUZZ_BUILD)/corpus/$$name fuzz/corpus/$$name \
	    > $(FUZZ_BUILD)/$$name.log 2>&1 || { tail -n 60 $(FUZZ_BUILD)/$$name.log; echo "$$name failed: $(FUZZ_BUILD)/$$name.log"; exit 1; }; \
	  grep -E "^stat::number_of_executed_units|^stat::new_units_added" $(FUZZ_BUILD)/$$name.log | tr '\n' ' '; echo; \
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
	rm -rf $(BUILD) $(ASAN_BUILD) $(CLANG_BUILD) $(PORTABLE_BUILD) $(FUZZ_BUILD) $(TSAN_BUILD)
