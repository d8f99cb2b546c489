/// The system refused a thread (`pthread_create` failed: the process is at its thread limit), so work that does
/// blocking device I/O could not be given one of its own.
package struct ThreadRefused: Error, Sendable, CustomStringConvertible {
    /// What the thread was for, as a phrase: "hold the controls of HD Webcam C525".
    package var purpose: String
    package init(purpose: String) { self.purpose = purpose }
    package var description: String { "cannot \(purpose): the system refused a thread for it (pthread_create); too many threads?" }
}
