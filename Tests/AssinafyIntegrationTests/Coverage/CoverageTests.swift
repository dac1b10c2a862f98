import Assinafy
import Foundation
import Testing

extension EmulatorIntegration {
    @Suite("Every operation through AssinafyClient")
    struct Coverage {
        /// One test, because the parts depend on each other (the templates part needs the signer
        /// the documents part created) and the final count must see all of them.
        @Test("the whole API, through the overlay's public methods, with zero contract violations")
        func everyOperation() async throws {
            let emulator = try #require(Emulator.current)
            try await emulator.admin.reset(clearOperations: true)
            let flow = try await Flow(emulator: emulator)

            try await flow.workspaces()
            try await flow.fields()
            let signed = try await flow.documentsAndSigning()
            try await flow.templates(signerId: signed.signerId)
            try await flow.webhooks()
            try await flow.oauth()
            try await flow.authentication()

            let coverage = try await emulator.admin.operations()
            print("integration: exercised \(coverage.seen)/\(coverage.total) operations through AssinafyClient")
            if !coverage.missing.isEmpty { print("integration: not exercised: \(coverage.missing)") }
            #expect(coverage.seen == emulator.operationCount && coverage.missing.isEmpty)

            let violations = try await emulator.admin.violations()
            if !violations.isEmpty {
                print("integration: \(violations.count) contract violation(s):")
                for violation in violations { print("  " + EmulatorAdmin.text(violation)) }
            }
            #expect(violations.isEmpty)
        }
    }
}
