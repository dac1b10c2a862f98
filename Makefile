# Assinafy Swift SDK — every command CI runs goes through here.
#   make demo   the whole signing lifecycle against the local emulator
#   make test   everything CI runs
SWIFT_FLAGS := -Xswiftc -strict-concurrency=complete -Xswiftc -warnings-as-errors
GENERATOR := .build/debug/assinafy-generator
VENV := .venv
PYTHON := $(VENV)/bin/python
# Module name, documents, operation names and options, type names: all in the configuration.
GENERATE_ARGS := --config assinafy-generator.yaml
# The completion-handler twins of the overlay's async methods (Sources/Assinafy/Compatibility).
TWINS_ARGS := --overlay Sources/Assinafy --type-suffix Resource --type AssinafyClient
TWINS := Sources/Assinafy/Compatibility

.PHONY: test build generate check-generated swift-test emulator-test venv demo digests generate-e2e

test: build lint check-generated check-docs coverage api-check check-workflows swift-test emulator-test corpus
	@echo "make test: all checks passed"

build:
	swift build $(SWIFT_FLAGS)

# The inner loop: the same build `make test` uses, then only the suites FILTER names (a regular
# expression over Target.Suite), e.g. make quick FILTER='AssinafyTests.ProjectReadmeSamplesTests'.
FILTER ?= AssinafyTests
.PHONY: quick
quick:
	swift build --build-tests $(SWIFT_FLAGS)
	swift test $(SWIFT_FLAGS) --skip-build --filter '$(FILTER)'

# Regenerates the committed module from the contract, and the overlay's completion-handler
# twins from its async methods (commit the result).
generate: build
	$(GENERATOR) generate $(GENERATE_ARGS) --output Sources/AssinafyAPI --testing-output Sources/AssinafyAPITesting
	$(GENERATOR) twins $(TWINS_ARGS) --output $(TWINS)

# The end-to-end fixtures (Tests/EndToEndTests): each document's module is generated into
# Tests/EndToEnd/Generated/<Module> and committed, like Sources/AssinafyAPI.
E2E_FIXTURES := Tests/GeneratorTests/Fixtures/EndToEnd
E2E_GENERATED := Tests/EndToEnd/Generated
E2E_MODULES := PetClinicAPI=petstore-3.0.yaml LedgerlyAPI=payments-3.1.yaml VaultboxAPI=storage-3.0.yaml \
	PipelineCRMAPI=crm-3.1.yaml AtlasTripsAPI=atlas/openapi.yaml \
	TickerlyAPI=events-3.2.yaml
# Modules whose typed stubs (<Module>Testing, beside the module) are generated too.
E2E_TESTING := PetClinicAPI TickerlyAPI
generate-e2e:
	swift build $(SWIFT_FLAGS) --product assinafy-generator
	@for pair in $(E2E_MODULES); do module=$${pair%%=*}; \
		testing=$$(case " $(E2E_TESTING) " in *" $$module "*) echo "--testing-output $(E2E_GENERATED)/$${module}Testing";; esac); \
		$(GENERATOR) generate --spec $(E2E_FIXTURES)/$${pair#*=} --module $$module \
			--output $(E2E_GENERATED)/$$module $$testing || exit 1; done

# Rewrites the committed, prose-free digests of Assinafy's published documents that the contract,
# diff and reader tests use on a plain clone (commit the result). Needs ../shared/reference.
REFERENCE := ../shared/reference
DIGESTS := Tests/GeneratorTests/Fixtures/Published
digests: build
	$(GENERATOR) digest --spec $(REFERENCE)/assinafy-openapi-v1.json --output $(DIGESTS)/assinafy-openapi-v1.digest.json
	$(GENERATOR) digest --spec $(REFERENCE)/history/assinafy-openapi-v1-rev93.json \
		--output $(DIGESTS)/assinafy-openapi-v1-rev93.digest.json

# CI fails when the committed module or twins differ from a fresh generation.
check-generated: build
	@rm -rf .build/check-generated .build/check-twins && mkdir -p .build/check-generated .build/check-twins
	@$(GENERATOR) generate $(GENERATE_ARGS) --output .build/check-generated/api \
		--testing-output .build/check-generated/testing >/dev/null
	@for pair in api=Sources/AssinafyAPI testing=Sources/AssinafyAPITesting; do \
		diff -r -q .build/check-generated/$${pair%%=*} $${pair#*=} >/dev/null || { \
		echo "$${pair#*=} is stale: run 'make generate' and commit the result"; \
		diff -r .build/check-generated/$${pair%%=*} $${pair#*=} | head -40; exit 1; }; done
	@for pair in $(E2E_MODULES); do module=$${pair%%=*}; \
		testing=$$(case " $(E2E_TESTING) " in *" $$module "*) echo "$${module}Testing";; esac); \
		$(GENERATOR) generate --spec $(E2E_FIXTURES)/$${pair#*=} --module $$module \
			--output .build/check-generated/e2e/$$module \
			$${testing:+--testing-output .build/check-generated/e2e/$$testing} >/dev/null || exit 1; \
		for dir in $$module $$testing; do \
			diff -r -q .build/check-generated/e2e/$$dir $(E2E_GENERATED)/$$dir >/dev/null || { \
				echo "$(E2E_GENERATED)/$$dir is stale: run 'make generate-e2e' and commit the result"; \
				diff -r .build/check-generated/e2e/$$dir $(E2E_GENERATED)/$$dir | head -40; exit 1; }; \
		done; \
	done
	@$(GENERATOR) twins $(TWINS_ARGS) --output .build/check-twins >/dev/null
	@diff -r -q .build/check-twins $(TWINS) >/dev/null || { \
		echo "$(TWINS) is stale: run 'make generate' and commit the result"; \
		diff -r .build/check-twins $(TWINS) | head -40; exit 1; }
	@echo "check-generated: Sources/AssinafyAPI and Sources/AssinafyAPITesting match openapi.yaml, $(E2E_GENERATED) its fixtures, $(TWINS) the overlay"

# The transport's HTTPS tests need the throwaway test CA, trusted only inside a private mount
# namespace (see scripts/test-ca.sh); the emulator-backed suites need the venv; the response
# samples (hypothesis-jsonschema) are generated once, before the Swift suites run.
SAMPLES := .build/conformance/samples.json
# The fixture suite runs swiftc on generated modules and the plugin suite builds a sample package
# (minutes of CPU each): they get their own run so they
# do not starve the timing-sensitive transport and emulator suites on a 2-core machine.
COMPILE_SUITE := GeneratorTests.(FixtureCompileTests|PluginSampleTests)
swift-test: venv $(SAMPLES)
	ASSINAFY_PYTHON=$(abspath $(PYTHON)) ASSINAFY_SAMPLES=$(abspath $(SAMPLES)) \
		scripts/crash-summary.sh .build/logs/swift-test.log \
		scripts/test-ca.sh run swift test $(SWIFT_FLAGS) --skip '$(COMPILE_SUITE)'
	scripts/crash-summary.sh .build/logs/swift-test-compile.log \
		swift test $(SWIFT_FLAGS) --skip-build --filter '$(COMPILE_SUITE)'

$(SAMPLES): openapi.yaml tools/emulator/samples.py | venv
	@mkdir -p $(dir $@)
	$(PYTHON) tools/emulator/samples.py --out $@ --spec openapi.yaml 2>/dev/null

# actionlint and the tools/ci_checks tests over .github/workflows, which run only on GitHub.
.PHONY: check-workflows
check-workflows: venv
	scripts/check-workflows.sh

emulator-test: venv
	$(PYTHON) -m pytest -q -p no:cacheprovider tools/emulator tools/mockserver tools/corpus

venv: $(VENV)/.installed

$(VENV)/.installed: tools/requirements.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r tools/requirements.txt
	touch $@

demo: venv
	swift build $(SWIFT_FLAGS) --product assinafy-demo
	scripts/demo.sh

# ---- Maintainer tools: API reference and DocC, lint, API breakage, operation coverage ----
# One block, kept together; the logic is in scripts/check-*.sh.
.PHONY: docs check-docs lint api-check api-baseline coverage

# Regenerates docs/API_REFERENCE.md (commit it) and builds the DocC archive in .build-docs.
docs:
	scripts/check-docs.sh write

# CI: fails when docs/API_REFERENCE.md is stale or the DocC catalog has a warning or broken link.
check-docs:
	scripts/check-docs.sh check

# swift format lint --strict on hand-written code with the committed .swift-format.
lint:
	scripts/check-lint.sh

# The public API of the library modules against the committed baseline (api/*.api): a removed
# or changed declaration fails; additions are listed. Also SwiftPM's checker once a v* tag exists.
api-check:
	scripts/check-api.sh

# Records the current public API as the baseline, on purpose (commit api/ with the change).
api-baseline:
	scripts/check-api.sh write

# Every published operation reachable from AssinafyClient (exit 1 otherwise).
coverage:
	scripts/check-coverage.sh
# ---- end of maintainer tools ----

# ---- live sandbox suite (issue 6) ----
# make live: AssinafyLiveTests against https://sandbox.assinafy.com.br, credentials from the
# environment only: ASSINAFY_API_KEY, ASSINAFY_ACCOUNT_ID (ASSINAFY_BASE_URL may only name the
# sandbox); ASSINAFY_RUN_LIVE_MUTATIONS=1 with two distinct ASSINAFY_TEST_EMAIL_A/_B for the tests
# that create things (Tests/AssinafyTests/Live). The suite prints `live: N tests ran`; a run where
# no live test ran (no credentials, refused URL) fails here instead of looking green.
LIVE_TEST := swift test $(SWIFT_FLAGS) --filter AssinafyTests.AssinafyLiveTests
.PHONY: live
live:
	@log=$$(mktemp); \
	{ $(LIVE_TEST) 2>&1; echo $$? >"$$log.status"; } | tee "$$log"; \
	status=$$(cat "$$log.status"); \
	ran=$$(sed -n 's/^live: \([0-9][0-9]*\) tests ran$$/\1/p' "$$log" | tail -n 1); \
	rm -f "$$log" "$$log.status"; \
	if [ "$$status" -ne 0 ]; then echo "make live: the live suite failed"; exit "$$status"; fi; \
	if [ -z "$$ran" ] || [ "$$ran" -eq 0 ]; then \
		echo "make live: no live test ran (see the 'live:' line above); set ASSINAFY_API_KEY and ASSINAFY_ACCOUNT_ID"; \
		exit 1; \
	fi; \
	echo "make live: $$ran live tests ran against the sandbox"
# ---- end of live sandbox suite ----

# ---- bench: performance figures (issue 8); see scripts/bench.sh ----
# Release builds, then every benchmark; prints the table and writes benchmarks/results.md.
# BENCH_ARGS is passed to assinafy-bench (e.g. BENCH_ARGS="--quick --only read,decode").
.PHONY: bench
bench:
	scripts/bench.sh $(BENCH_ARGS)
# ---- end of bench ----

# ---- corpus: other organisations' documents through the whole chain (issue 31); tools/corpus ----
# Each document of ../shared/corpus/documents: check (0 errors), generate, swiftc with warnings as
# errors, then every operation called through APIEngine against tools/mockserver (0 request
# violations, every response decoded). Without ../shared it prints that it skipped and passes.
# CORPUS_ARGS is passed to tools/corpus/corpus.py (e.g. CORPUS_ARGS="--only museum --results FILE").
# Part of `make test` (about 80 s with the generator built); without ../shared it prints one line.
CORPUS := ../shared/corpus/documents
.PHONY: corpus
corpus: venv
	@if [ -d $(CORPUS) ]; then swift build $(SWIFT_FLAGS) --product assinafy-generator; fi
	@$(PYTHON) tools/corpus/corpus.py --corpus $(CORPUS) --python $(PYTHON) $(CORPUS_ARGS)
# ---- end of corpus ----

# ---- fuzz: libFuzzer targets (issue 15); see scripts/fuzz.sh ----
# Each target runs FUZZ_SECONDS (default 45, about 3 minutes in all) from the seed corpora in
# Fuzz/Corpus and fails on any crash, sanitizer finding, leak or timeout. Short CI pass:
# FUZZ_SECONDS=15 make fuzz. FUZZ_TARGETS picks a subset (json webhook oauth-callback streams generator-reader).
.PHONY: fuzz
fuzz:
	scripts/fuzz.sh
# ---- end of fuzz ----
