import CamProbe
import Negotiation

/// `camprobe negotiate --together SEL SEL…`: one plan for several cameras under the USB bus's bandwidth
/// (`Negotiator.decide(together:)`), each camera read once, its bus model from sysfs (live) or assumed (profiles).
enum JointNegotiation {
    struct Output: Encodable {
        var schemaVersion = CaptureModelSchema.version
        var request: String
        var plan: JointPlan
    }

    static func run(selectors: [String], request: VideoRequestOptions<VideoRequestOptional>, source: DeviceSourceOptions) throws {
        let devices = try resolve(selectors, source: source)
        let wish: JointCamera.Wish
        if let p = request.preset {
            wish = .preset(p)
        } else if let r = try request.request() {
            wish = .request(r)
        } else {
            wish = .preset(.high)
        }
        for d in devices where d.captures.isEmpty {
            throw CLIError(message: "\(d.name) (\(d.id)) has no video capture node to negotiate")
        }
        let live = source.profile.isEmpty && CLIEnvironment.current.isLive
        let plan = Negotiator.decide(together: devices, wish: wish, readBus: live)
        if source.json {
            try JSONOutput.print(Output(request: request.summary.isEmpty ? "preset high" : request.summary, plan: plan))
        } else {
            JointRenderer.render(plan, request: request.summary.isEmpty ? "preset high" : request.summary)
        }
        if !plan.fits { throw CLIError(message: "") }
        if !plan.wishFits { throw CLIError(message: "", status: 3) }
    }

    /// Every selector resolved in one discovery; the same device twice is an error.
    static func resolve(_ selectors: [String], source: DeviceSourceOptions) throws -> [Device] {
        var chosen: [Int] = []
        var failure: (DeviceSelector.SelectionError, String)?
        let result = try source.discover(DiscoveryOptions(emulated: source.emulated)) { devices in
            for text in selectors {
                do throws(DeviceSelector.SelectionError) {
                    chosen.append(try DeviceSelector(text).resolve(in: devices))
                } catch {
                    if failure == nil { failure = (error, text) }
                }
            }
            return Set(chosen)
        }
        if let (e, text) = failure { throw SelectionErrors.error(e, selector: text) }
        if Set(chosen).count != chosen.count { throw CLIError(message: "a camera is named twice: name each camera once") }
        return chosen.map { result.devices[$0] }
    }
}
