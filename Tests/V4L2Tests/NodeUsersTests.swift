import CaptureModel
import Testing
import V4L2
import V4L2Testing

/// `NodeUsers.probe`: what a node says about its other users (doctor's busy check), through the
/// fake, which answers `VIDIOC_REQBUFS` and `VIDIOC_G_PRIORITY` as vb2 and the V4L2 core do.
@Suite("What a node says about its users")
struct NodeUsersTests {
    @Test func anIdleNodeSaysNobodyStreamsOrRecords() throws {
        let sys = try seamSystem()
        let answer = NodeUsers.probe(try sys.openPort("/dev/video0"), bufferType: .videoCapture)
        #expect(answer.bufferQueueOwned == false && answer.recordPriority == false)
    }

    @Test func anotherStreamerAndARecorderAreSeenWithoutBeingDisturbed() throws {
        let sys = try seamSystem()
        let streamer = try sys.openPort("/dev/video0")
        let stream = try FrameStream(port: streamer, bufferType: .videoCapture)
        var record: UInt32 = 3
        #expect(streamer.perform(V4L2Request.sPriority.number, &record) == 0)
        let answer = NodeUsers.probe(try sys.openPort("/dev/video0"), bufferType: .videoCapture)
        #expect(answer.bufferQueueOwned == true && answer.recordPriority == true)
        #expect(stream.bufferCount > 0, "the probe freed nothing of the streamer's")
    }

    @Test func aWrongBufferTypeIsNoAnswerNotAnIdleNode() throws {
        let sys = try seamSystem()
        let answer = NodeUsers.probe(try sys.openPort("/dev/video0"), bufferType: .videoCaptureMultiplanar)
        #expect(answer.bufferQueueOwned == nil)
    }
}
