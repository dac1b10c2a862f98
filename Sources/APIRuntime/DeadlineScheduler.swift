import Dispatch

/// Every request deadline of one transport on a single Dispatch timer.
///
/// A Dispatch timer, not a sleeping `Task`, because a deadline must fire even when every thread
/// of the small cooperative pool is busy or blocked elsewhere in the app. Its queue is a serial
/// queue of its own, not a global one: on Linux the global queues and Swift's tasks draw on the
/// same limited pool of threads, and a timer served by it fires only once CPU-bound work there
/// ends, while a serial queue gets a thread of its own when the pool is full. One shared timer, not
/// one per request: creating, arming and cancelling a timer source per request wakes
/// libdispatch's timer machinery twice per call, and `asyncAfter` would keep a pending timer for
/// every finished request until its deadline. Here the timer is re-armed only when a deadline
/// earlier than the armed one arrives, or when it fires.
final class DeadlineScheduler: @unchecked Sendable {
    private struct Entry {
        var deadline: UInt64
        var id: UInt64
    }

    private struct State {
        /// A min-heap by deadline. Entries whose id has left `live` are dropped lazily.
        var heap: [Entry] = []
        var live: [UInt64: @Sendable () -> Void] = [:]
        var lastId: UInt64 = 0
        var armed = UInt64.max
    }

    private let state = Locked(State())
    private let timer: any DispatchSourceTimer

    init(queue: DispatchQueue = DispatchQueue(label: "APIRuntime.DeadlineScheduler")) {
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.fire() }
        // Never scheduled yet, so it does not fire until a deadline arms it.
        timer.resume()
    }

    deinit { timer.cancel() }

    /// Runs `action` once, `seconds` from now, unless `cancel` is called with the returned id first.
    func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        // Not positive (NaN included): due now. At most 10^9 s, so the sum cannot overflow.
        let nanoseconds = seconds > 0 ? UInt64(min(seconds, 1e9) * 1e9) : 0
        let deadline = DispatchTime.now().uptimeNanoseconds &+ nanoseconds
        return state.withLock { state in
            state.lastId += 1
            state.live[state.lastId] = action
            Self.push(Entry(deadline: deadline, id: state.lastId), into: &state.heap)
            if deadline < state.armed { arm(deadline, &state) }
            return state.lastId
        }
    }

    /// Forgets a deadline whose request has ended. Harmless after it fired.
    func cancel(_ id: UInt64) {
        state.withLock { state in
            guard state.live.removeValue(forKey: id) != nil else { return }
            // Ended requests are dropped from the heap lazily; rebuild once they dominate, so the
            // heap never holds more than about twice the requests in flight.
            if state.heap.count > 64, state.heap.count > 2 * state.live.count {
                let live = state.live
                state.heap = state.heap.filter { live[$0.id] != nil }
                Self.heapify(&state.heap)
            }
        }
    }

    /// Deadlines still waiting (for tests).
    var pendingCount: Int { state.withLock { $0.live.count } }
    /// Heap entries, ended ones included (for tests of the compaction bound).
    var heapCount: Int { state.withLock { $0.heap.count } }

    private func fire() {
        let now = DispatchTime.now().uptimeNanoseconds
        let due: [@Sendable () -> Void] = state.withLock { state in
            var due: [@Sendable () -> Void] = []
            while let top = state.heap.first, top.deadline <= now || state.live[top.id] == nil {
                Self.popMin(&state.heap)
                if let action = state.live.removeValue(forKey: top.id) { due.append(action) }
            }
            state.armed = .max
            if let next = state.heap.first { arm(next.deadline, &state) }
            return due
        }
        for action in due { action() }
    }

    /// Called with the lock held, so concurrent calls cannot leave the timer armed too late.
    private func arm(_ deadline: UInt64, _ state: inout State) {
        state.armed = deadline
        timer.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline), leeway: .nanoseconds(0))
    }

    private static func push(_ entry: Entry, into heap: inout [Entry]) {
        heap.append(entry)
        siftUp(heap.count - 1, &heap)
    }

    private static func popMin(_ heap: inout [Entry]) {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        if !heap.isEmpty { siftDown(0, &heap) }
    }

    private static func heapify(_ heap: inout [Entry]) {
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index, &heap) }
    }

    private static func siftUp(_ start: Int, _ heap: inout [Entry]) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private static func siftDown(_ start: Int, _ heap: inout [Entry]) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].deadline < heap[smallest].deadline { smallest = left }
            if right < heap.count, heap[right].deadline < heap[smallest].deadline { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
