/// What each camera of a joint plan is asked for (`JointPlanning.plan(together:wish:)`): a request, or a
/// preset (each camera's one-camera decision is its wish).
public enum JointWish: Sendable, Hashable {
    /// The same request for every camera.
    case request(CaptureRequest)
    /// The same preset for every camera.
    case preset(SessionPreset)
}
