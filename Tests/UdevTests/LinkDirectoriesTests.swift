import Foundation
import Testing

@testable import Udev

/// `LinkDirectories.scan` on link folders written for the test (as `/dev/v4l/by-id` would hold), and
/// `LinkDirectories.read` on this machine's `/dev/v4l`.
@Suite("The /dev/v4l link directories")
struct LinkDirectoriesTests {
    @Test func eachResolvedTargetListsEveryLinkToIt() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.directory("dev")
        let video0 = try scratch.file("dev/video0", "")
        let video1 = try scratch.file("dev/video1", "")
        try scratch.directory("by-id")
        let index0 = try scratch.link("by-id/usb-Cam_Serial-video-index0", to: "../dev/video0")
        let alias = try scratch.link("by-id/usb-Cam_Serial-alias", to: video0)
        let index1 = try scratch.link("by-id/usb-Cam_Serial-video-index1", to: video1)

        let found = LinkDirectories.scan(scratch.path + "/by-id")
        #expect(Set(found.keys) == [video0, video1])
        #expect(found[video0]?.sorted() == [alias, index0].sorted())
        #expect(found[video1] == [index1])
    }

    @Test func aChainOfLinksResolvesToTheFinalNode() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.directory("dev")
        let video2 = try scratch.file("dev/video2", "")
        let hop = try scratch.link("dev/camera", to: video2)
        try scratch.directory("by-path")
        let link = try scratch.link("by-path/pci-0000:00:14.0-usb-0:1:1.0-video-index0", to: hop)

        #expect(LinkDirectories.scan(scratch.path + "/by-path") == [video2: [link]])
    }

    @Test func danglingLinksAreLeftOut() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.directory("by-id")
        try scratch.link("by-id/usb-Gone-video-index0", to: scratch.path + "/dev/video9")
        try scratch.link("by-id/loop", to: "loop")

        #expect(LinkDirectories.scan(scratch.path + "/by-id").isEmpty)
    }

    @Test func aMissingOrEmptyDirectoryHasNoLinks() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.directory("empty")
        #expect(LinkDirectories.scan(scratch.path + "/absent").isEmpty)
        #expect(LinkDirectories.scan(scratch.path + "/empty").isEmpty)
    }

    /// At most 4096 directory entries are read (`.` and `..` among them), however many links there are.
    @Test func aHugeDirectoryIsReadOnlyUpToTheBound() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let target = try scratch.file("video0", "")
        try scratch.directory("by-id")
        for i in 0..<4200 { try scratch.link("by-id/link\(i)", to: target) }

        let found = LinkDirectories.scan(scratch.path + "/by-id")
        let links = found[target] ?? []
        #expect(found.count == 1)
        #expect((4094...4096).contains(links.count), "\(links.count) links read")
        #expect(Set(links).count == links.count)
    }

    @Test func thisMachinesLinksAreUnderDevV4lAndResolveToAbsolutePaths() {
        let links = LinkDirectories.read()
        for (folder, map) in [("/dev/v4l/by-id", links.byID), ("/dev/v4l/by-path", links.byPath)] {
            if !FileManager.default.fileExists(atPath: folder) { #expect(map.isEmpty, "\(folder) is absent yet read: \(map)") }
            for (target, names) in map {
                #expect(target.hasPrefix("/"), "\(target)")
                #expect(!names.isEmpty)
                #expect(names.allSatisfy { $0.hasPrefix(folder + "/") }, "\(names)")
                #expect(names.allSatisfy { resolvedPath($0) == target }, "\(names) → \(target)")
            }
        }
    }
}
