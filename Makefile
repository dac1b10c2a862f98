# Assinafy Swift SDK — every command CI runs goes through here.
SWIFT_FLAGS := -Xswiftc -strict-concurrency=complete -Xswiftc -warnings-as-errors
GENERATOR := .build/debug/assinafy-generator

.PHONY: test build generate check-generated demo bench docs

test: build check-generated
	swift test $(SWIFT_FLAGS)

build:
	swift build $(SWIFT_FLAGS)

generate: build
	$(GENERATOR) generate --spec openapi.yaml --names Generator/assinafy-names.yaml --output Sources/AssinafyAPI --module AssinafyAPI

check-generated: build
	@echo "not yet available"

demo:
	@echo "make demo: not yet available"
