import CaptureModel
import Dispatch
import Synchronization

extension JSONProfile.Parsed {
    /// The schema issues and the model decoded from the tree, worked out
    /// side by side (they only read the tree): on two cores, loading takes
    /// the longer of the two instead of their sum. The decoded model is
    /// nil when the tree decoder gave up (`decoded` then asks `JSONDecoder`).
    func issuesAndTreeDecoding() -> (issues: [ProfileIssue], document: DeviceDocument?) {
        guard case .success(let tree) = value else { return (schemaIssues(), nil) }
        let decodedDocument = Mutex<DeviceDocument?>(nil)
        let issues = Mutex<[ProfileIssue]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 {
                let found = JSONProfile.schemaValidator.validate(tree)
                issues.withLock { $0 = found }
            } else {
                let document = try? JSONValueDecoder.decode(DeviceDocument.self, from: tree)
                decodedDocument.withLock { $0 = document }
            }
        }
        return (issues.withLock { $0 }, decodedDocument.withLock { $0 })
    }
}
