/// Identity searches over arrays of objects, written as loops.
///
/// Why not `contains(where: { $0 === object })`: in Swift 6 a closure formed in main-actor code
/// and handed to a standard-library algorithm (which is not isolated) checks on every call that
/// it runs on the main actor (`swift_task_isCurrentExecutor`, a few hundred instructions and an
/// executor retain and release). A touch delivery made a dozen such calls; the input → commit
/// profile showed them (BENCHMARKS.md, part A). These helpers take no closure, so nothing is
/// checked, and they answer exactly what the closures did.
extension Array where Element: AnyObject {
    /// Whether `object` itself (not an equal one) is in the array.
    func containsObject(_ object: Element) -> Bool {
        for element in self where element === object { return true }
        return false
    }

    /// Removes every occurrence of `object` itself, keeping the order of the rest.
    mutating func removeObject(_ object: Element) {
        guard containsObject(object) else { return }
        var kept = 0
        for index in indices where self[index] !== object {
            if kept != index { swapAt(kept, index) }
            kept += 1
        }
        removeSubrange(kept...)
    }
}
