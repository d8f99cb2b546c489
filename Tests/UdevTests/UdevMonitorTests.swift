import HostSystem
import Testing
import Udev
import V4L2Testing

@Suite("The udev monitor thread")
struct UdevMonitorTests {
    @Test func udevMonitorThreadFailureReportsItsCodeAndLeaksNothing() throws {
        let before = openDescriptors()
        do {
            _ = try UdevMonitor.start(source: .kernel, spawn: { _ in Errno.EAGAIN })
            Issue.record("the start must fail")
        } catch {
            #expect(error.call == "pthread_create" && error.errno == Errno.EAGAIN)
        }
        #expect(openDescriptors() == before)
    }
}
