import APIRuntime
import Foundation

/// The API's pagination headers (`X-Pagination-*`, matched case-insensitively). The API sends
/// all four on every list; a response missing any of them has no `meta`, and paging then ends
/// at the first empty page.
public struct PaginationMeta: Sendable, Hashable {
    public var currentPage: Int
    /// From `X-Pagination-Page-Count`.
    public var lastPage: Int
    public var perPage: Int
    /// From `X-Pagination-Total-Count`.
    public var total: Int

    public init(currentPage: Int, lastPage: Int, perPage: Int, total: Int) {
        self.currentPage = currentPage
        self.lastPage = lastPage
        self.perPage = perPage
        self.total = total
    }

    /// `nil` unless the response carries all four headers as integers.
    public init?(headers: HeaderFields) {
        func number(_ name: String) -> Int? {
            headers[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        guard let current = number("X-Pagination-Current-Page"), let last = number("X-Pagination-Page-Count"),
            let per = number("X-Pagination-Per-Page"), let total = number("X-Pagination-Total-Count")
        else { return nil }
        self.init(currentPage: current, lastPage: last, perPage: per, total: total)
    }
}

/// One page of a list operation.
public struct PaginatedResult<T: Sendable>: Sendable {
    public var data: [T]
    public var meta: PaginationMeta?

    public init(data: [T], meta: PaginationMeta?) {
        self.data = data
        self.meta = meta
    }

    public init(data: [T], headers: HeaderFields) {
        self.init(data: data, meta: PaginationMeta(headers: headers))
    }
}

/// Walks every page of a list operation, yielding items.
///
/// Stops after the page the headers call the last, at the first empty page, when the server
/// answers a different page than asked (servers clamp an out-of-range page to the last one,
/// which would otherwise repeat forever), after `total` items, or after `maxPages` pages. Each
/// `next()` checks for cancellation and throws `CancellationError`.
public struct PageSequence<T: Sendable>: AsyncSequence, Sendable {
    public typealias Element = T
    public typealias Fetch = @Sendable (_ page: Int) async throws -> PaginatedResult<T>

    let firstPage: Int
    let maxPages: Int
    let fetch: Fetch

    public init(firstPage: Int = 1, maxPages: Int = 10_000, fetch: @escaping Fetch) {
        self.firstPage = firstPage
        self.maxPages = maxPages
        self.fetch = fetch
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(nextPage: firstPage, pagesLeft: maxPages, fetch: fetch)
    }

    /// Every item of every page.
    public func collect() async throws -> [T] {
        var items: [T] = []
        for try await item in self { items.append(item) }
        return items
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var nextPage: Int?
        var pagesLeft: Int
        let fetch: Fetch
        var buffer: [T] = []
        var bufferIndex = 0
        var yielded = 0

        init(nextPage: Int, pagesLeft: Int, fetch: @escaping Fetch) {
            self.nextPage = nextPage
            self.pagesLeft = pagesLeft
            self.fetch = fetch
        }

        public mutating func next() async throws -> T? {
            try Task.checkCancellation()
            while bufferIndex >= buffer.count {
                guard let page = nextPage, pagesLeft > 0 else { return nil }
                pagesLeft -= 1
                let result = try await fetch(page)
                try Task.checkCancellation()
                nextPage = PageSequence.pageAfter(page, result: result, yieldedBefore: yielded)
                if result.data.isEmpty || (result.meta.map { $0.currentPage != page } ?? false) {
                    nextPage = nil
                    return nil
                }
                buffer = result.data
                bufferIndex = 0
            }
            let item = buffer[bufferIndex]
            bufferIndex += 1
            yielded += 1
            return item
        }
    }

    static func pageAfter(_ page: Int, result: PaginatedResult<T>, yieldedBefore: Int) -> Int? {
        if let meta = result.meta {
            if page >= meta.lastPage { return nil }
            if yieldedBefore + result.data.count >= meta.total { return nil }
        }
        return page + 1
    }
}
