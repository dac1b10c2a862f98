import Foundation
import LedgerlyAPI
import Testing

/// payments-3.1.yaml (OpenAPI 3.1): a bearer token, form-encoded bodies (one operation offering
/// form before JSON), a deepObject query, 3.1 type arrays and `const`, expandable anyOf members.
@Suite(.enabled(if: MockServer.python != nil, "no Python for the mock server"))
struct LedgerlyEndToEndTests {
    @Test func twelveOperationsPassTheMocksValidation() async throws {
        try await MockServer.run("payments-3.1.yaml", minimumOperations: 12) { mock in
            let engine = mock.engine(["ledgerBearer": .token("sk_test_e2e")])
            let customers = CustomersAPI(client: engine)
            let page = try await customers.listCustomers(
                limit: 10, created: RangeQuery(gte: 1_700_000_000, lt: 1_800_000_000), email: "a@example.invalid")
            #expect(page.body.data.allSatisfy { !$0.id.isEmpty })
            let created = try await customers.createCustomer(
                email: "b@example.invalid", name: "B & C", balance: -5, preferredLocales: ["pt", "en"])
            #expect(created.body.id.isEmpty == false)
            _ = try await customers.retrieveCustomer(customer: "cus_1", expand: ["default_source"])
            _ = try await customers.updateCustomer(customer: "cus_1", name: "Renamed")
            _ = try await customers.deleteCustomer(customer: "cus_1")

            let charges = ChargesAPI(client: engine)
            let charge = try await charges.createCharge(
                amount: 1200, currency: "usd", customer: "cus_1", capture: false, description: "Order #1",
                idempotencyKey: "order-1")
            #expect(charge.body.amount > 0)
            _ = try await charges.listCharges(customer: "cus_1", status: [.succeeded, .pending])
            // The document's example expands both anyOf members into objects.
            guard case .customer(let customer)? = try await charges.retrieveCharge(charge: "ch_1").body.customer,
                case .card(let card)? = customer.defaultSource
            else {
                Issue.record("the expanded customer and card did not decode as objects")
                return
            }
            #expect(customer.email == nil && card.last4 == "4242")
            _ = try await charges.captureCharge(charge: "ch_1", amount: 1000, statementDescriptor: "LEDGERLY")
            #expect(try await charges.retrieveBalance().body.available.first?.amount == 1200)

            let refunds = RefundsAPI(client: engine)
            _ = try await refunds.createRefund(charge: "ch_1", amount: 200, reason: .requestedByCustomer)
            _ = try await refunds.retrieveRefund(refund: "re_1")

            let recorded = try await mock.requests()
            let list = recorded.first { $0.operationId == "listCustomers" }
            #expect(list?.query.contains(["created[gte]", "1700000000"]) == true)
            let update = recorded.first { $0.operationId == "updateCustomer" }
            #expect(update?.header("Content-Type") == "application/x-www-form-urlencoded")
            #expect(update?.body == "name=Renamed")
            #expect(recorded.allSatisfy { $0.header("Authorization") == "Bearer sk_test_e2e" })
        }
    }
}
