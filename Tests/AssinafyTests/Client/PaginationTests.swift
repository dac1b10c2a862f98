import Foundation
import Testing

import APIRuntime
@testable import Assinafy

@Suite struct PaginationTests {
    @Test func metaFromHeadersCaseInsensitively() throws {
        let headers: HeaderFields = [
            "x-pagination-current-page": "2", "X-PAGINATION-PAGE-COUNT": "5", "X-Pagination-Per-Page": " 20 ",
            "x-Pagination-total-count": "93",
        ]
        let meta = try #require(PaginationMeta(headers: headers))
        #expect(meta == PaginationMeta(currentPage: 2, lastPage: 5, perPage: 20, total: 93))
        #expect(PaginationMeta(headers: ["Content-Type": "application/json"]) == nil)
        #expect(PaginationMeta(headers: ["X-Pagination-Total-Count": "3"]) == nil, "partial headers make no meta")
        var unreadable = headers
        unreadable.set("X-Pagination-Page-Count", "many")
        #expect(PaginationMeta(headers: unreadable) == nil)
    }

    /// A fake list of `total` items served `per` at a time, recording which pages were asked for.
    final class FakeList: @unchecked Sendable {
        let total: Int, per: Int, meta: Bool, clamp: Bool
        private let lock = NSLock()
        private var asked: [Int] = []
        init(total: Int, per: Int, meta: Bool = true, clamp: Bool = true) {
            (self.total, self.per, self.meta, self.clamp) = (total, per, meta, clamp)
        }
        var pagesAsked: [Int] { lock.withLock { asked } }
        func fetch(_ page: Int) -> PaginatedResult<Int> {
            lock.withLock { asked.append(page) }
            let last = max(1, (total + per - 1) / per)
            let served = clamp ? min(page, last) : page
            let items = Array(((served - 1) * per)..<min(served * per, total)).filter { $0 >= 0 }
            let pageMeta = meta ? PaginationMeta(currentPage: served, lastPage: last, perPage: per, total: total) : nil
            return PaginatedResult(data: items, meta: pageMeta)
        }
    }

    @Test func stopsOnTheLastPage() async throws {
        let list = FakeList(total: 5, per: 2)
        let items = try await PageSequence { list.fetch($0) }.collect()
        #expect(items == [0, 1, 2, 3, 4])
        #expect(list.pagesAsked == [1, 2, 3])
    }

    @Test func stopsOnAnEmptyPageWithoutMeta() async throws {
        let list = FakeList(total: 4, per: 2, meta: false, clamp: false)
        let items = try await PageSequence { list.fetch($0) }.collect()
        #expect(items == [0, 1, 2, 3])
        #expect(list.pagesAsked == [1, 2, 3])
    }

    @Test func stopsWhenTheServerClampsThePage() async throws {
        // Meta says 9 pages but the server only has 2 and clamps page 3 to 2.
        let seen = FakeList(total: 4, per: 2)
        let sequence = PageSequence<Int> { page in
            var result = seen.fetch(page)
            result.meta?.lastPage = 9
            result.meta?.total = 1_000
            return result
        }
        #expect(try await sequence.collect() == [0, 1, 2, 3])
        #expect(seen.pagesAsked == [1, 2, 3])
    }

    @Test func emptyFirstPage() async throws {
        let list = FakeList(total: 0, per: 2)
        #expect(try await PageSequence { list.fetch($0) }.collect().isEmpty)
        #expect(list.pagesAsked == [1])
    }

    @Test func respectsCancellation() async throws {
        let list = FakeList(total: 1000, per: 1, meta: false, clamp: false)
        let task = Task {
            var count = 0
            for try await _ in PageSequence(fetch: { page in
                try await Task.sleep(nanoseconds: 5_000_000)
                return list.fetch(page)
            }) { count += 1 }
            return count
        }
        try await Task.sleep(nanoseconds: 100_000_000)
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(list.pagesAsked.count < 1000)
    }

    @Test func propagatesErrors() async {
        struct Boom: Error {}
        let sequence = PageSequence<Int> { page in
            if page == 2 { throw Boom() }
            return PaginatedResult(data: [page], meta: nil)
        }
        await #expect(throws: Boom.self) { try await sequence.collect() }
    }
}
