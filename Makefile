# The README's two commands:
#   make demo   install what is missing, build (Release, in build/), run a short demo
#   make test   install what is missing, build, run every test, then the ASan/UBSan suite,
#               the suite built by clang, and the portable-only build (no x86 kernels)
# The CLI lands at build/nimber either way.

BUILD       ?= build
ASAN_BUILD  ?= build-asan
CLANG_BUILD ?= build-clang
PORTABLE_BUILD ?= build-portable
FUZZ_BUILD  ?= build-fuzz
JOBS       ?= $(shell nproc)
FUZZ_SECONDS ?= 30

# Debian packages the build and the tests need.
PACKAGES := cmake make g++ python3 libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev libgmp-dev libntl-dev
CLANG_PACKAGES := clang
FUZZ_PACKAGES := $(CLANG_PACKAGES) libclang-rt-14-dev

.PHONY: all deps clang-deps fuzz-deps install-packages build demo test unit asan clang portable fuzz bench clean
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
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD) -j$(JOBS)

demo: build
	@sh tools/demo.sh $(BUILD)/nimber

# Every test of the Release build, then the same suite under AddressSanitizer and
# UndefinedBehaviorSanitizer, then built by clang: the SIMD kernels rest on intrinsics whose
# code differs between compilers (clang before 20 mis-encodes a GFNI broadcast operand; see
# src/kernels/x86/avx512.cpp), then the portable paths alone (-DNIMBER_PORTABLE=ON), as on a
# CPU other than x86-64. The packaging checks (find_package, add_subdirectory) need an
# unsanitized consumer built by the default compiler, so they run only in the Release build.
test: unit asan clang portable

unit: build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

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

# libFuzzer builds (clang), each harness run for FUZZ_SECONDS from its committed corpus.
fuzz: fuzz-deps
	CXX=clang++ cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNIMBER_BUILD_FUZZERS=ON \
	  -DNIMBER_BUILD_TESTS=OFF -DNIMBER_BUILD_BENCH=OFF -DNIMBER_BUILD_CLI=OFF
	cmake --build $(FUZZ_BUILD) -j$(JOBS)
	@for f in $(FUZZ_BUILD)/fuzz/fuzz_*; do \
	  [ -x "$$f" ] || continue; name=$$(basename $$f); mkdir -p $(FUZZ_BUILD)/corpus/$$name; \
	  echo "== $$name"; $$f -max_total_time=$(FUZZ_SECONDS) $(FUZZ_BUILD)/corpus/$$name fuzz/corpus/$$name || exit 1; \
	done

bench: build
	./$(BUILD)/bench/nimber_bench

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(CLANG_BUILD) $(PORTABLE_BUILD) $(FUZZ_BUILD)
