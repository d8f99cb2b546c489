// swift-tools-version: 6.1
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "camprobe",
    products: [
        // What a user depends on: the library a recorder imports (it re-exports the model, the negotiator, V4L2 and
        // ALSA), and the command line. Every other executable target is built with `--product NAME` too.
        .library(name: "CamProbe", targets: ["CamProbe"]),
        .executable(name: "camprobe", targets: ["camprobe"]),
        // The live console (`camprobe serve`): a program of its own, so `camprobe` links no HTTP server.
        .executable(name: "camprobe-serve", targets: ["camprobe-serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `swift package generate-documentation --target CamProbe`: the DocC catalog in Sources/CamProbe/CamProbe.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // `camprobe-serve` only: HTTP/1.1 on SwiftNIO. Its default traits (swift-configuration, full Foundation) are off.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // C shims: what Swift cannot import from a C header alone. CV4L2: ioctl numbers as constants, and libv4l2 and
        // libv4lconvert loaded with dlopen on first use behind non-variadic wrappers (--libv4l2, snapshots); CUdev: the
        // header as it is; CALSA: a no-op error handler (libasound's is variadic); CZlib: the header.
        .systemLibrary(name: "CV4L2", providers: [.apt(["libv4l-dev"])]),
        .systemLibrary(name: "CUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        // zlib: deflate for PNG snapshots.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libxml2 is loaded with dlopen on first use (see its shim.h), so it is a C target that links
        // nothing; include/libxml forwards to <libxml2/libxml/…> on the compiler's include path (package libxml2-dev).
        .target(name: "CLibXML2"),
        // Counts every heap allocation of the process (it defines malloc & co.): benchmark executables only.
        .target(name: "CAllocationCounter"),

        // The host's own: dedicated threads and the thread executor, the monotonic clock, the one errno table. Glibc only.
        .target(name: "HostSystem", swiftSettings: strict),
        // Pure, Sendable, Codable capability model: values, and what is derived from them alone (the semantics a
        // control list implies, queries on a media graph, values spelled as text). No C, no I/O, no planning.
        .target(name: "CaptureModel", swiftSettings: strict, linkerSettings: [.linkedLibrary("m")]),
        // The ioctl seam and V4L2 enumeration. Only importer of CV4L2.
        .target(name: "V4L2", dependencies: ["CV4L2", "CaptureModel", "HostSystem"], swiftSettings: strict),
        // libudev enumeration and sysfs identity. Only importer of CUdev.
        .target(name: "Udev", dependencies: ["CUdev", "CaptureModel", "HostSystem"], swiftSettings: strict),
        // ALSA capture cards and their hardware ranges. Only importer of CALSA.
        .target(name: "ALSA", dependencies: ["CALSA", "CaptureModel", "HostSystem"], swiftSettings: strict),
        // The desktop's camera path: a PipeWire daemon's nodes, their formats and who is linked to them, over the
        // native protocol on the daemon's socket (no libpipewire).
        .target(name: "PipeWire", dependencies: ["CaptureModel", "HostSystem"], swiftSettings: strict),
        // Profile documents: JSON and XML, their schemas and where profiles go. Only importer of CLibXML2.
        .target(
            name: "ProfileFormat", dependencies: ["CLibXML2", "CaptureModel"], swiftSettings: strict,
            plugins: [.plugin(name: "EmbedSchemas")]),
        // Pasted text of each tool (v4l2-ctl, media-ctl, udevadm, lsusb, arecord…) read into devices: one folder and one
        // `TextImporter` per tool, listed in `TextImporters.all`.
        .target(name: "TextImport", dependencies: ["CaptureModel", "SensorPipelines"], swiftSettings: strict),
        // Build time only: Profiles/schema/* become string literals in ProfileFormat, so the files are the single copy.
        .plugin(name: "EmbedSchemas", capability: .buildTool(), dependencies: ["embed-schemas"]),
        .executableTarget(name: "embed-schemas", path: "Plugins/EmbedSchemasTool", swiftSettings: strict),
        // Media-controller cameras from facts already read, pure functions, no I/O: one camera per sensor built from a
        // graph (`SensorCameraBuilder`), the pad formats a sensor mode needs downstream (`PipelinePlan`), links whose
        // ends disagree (`PipelineDiagnosis`). Read by discovery and by the media-ctl importer alike.
        .target(name: "SensorPipelines", dependencies: ["CaptureModel"], swiftSettings: strict),
        // Decisions over the model, pure functions, no I/O: presets, requests, scoring and explanations; control
        // plans (`ctl`); what a choice on a media-controller camera sets along its pipeline (`SensorPipelineSetup`).
        .target(name: "Negotiation", dependencies: ["CaptureModel", "SensorPipelines"], swiftSettings: strict),
        // A choice as other tools' command lines (`negotiate --emit`: ffmpeg, gst-launch, v4l2-ctl, media-ctl,
        // libcamera), one type per tool in `EmitterRegistry.all`. Pure functions; the command line's alone.
        .target(name: "CommandEmitters", dependencies: ["CaptureModel", "Negotiation"], swiftSettings: strict),
        // The facade recorders import.
        .target(
            name: "CamProbe",
            dependencies: [
                "CaptureModel", "HostSystem", "V4L2", "Udev", "ALSA", "ProfileFormat", "Negotiation", "SensorPipelines", "PipeWire",
                .product(name: "Logging", package: "swift-log"),
            ], swiftSettings: strict),
        // Feature modules. A feature is a module when its logic can be tested without the command line (Doctor, Fleet,
        // Snapshot, Reporting, KeptControls, PointsOfInterest, UdevRules), and each has its own test target;
        // CamProbeCLI turns arguments into calls and results into text. (HouseRulesTests+Features checks both.)
        // camprobe doctor: the checks, and the host's answers behind `DoctorHost` (the seam its tests fake).
        .target(
            name: "Doctor", dependencies: ["CamProbe", "CaptureModel", "HostSystem", "V4L2", "Udev"],
            swiftSettings: strict),
        // Snapshots as files: PNG (through zlib) and JPEG from a captured frame.
        .target(name: "Snapshot", dependencies: ["CamProbe", "CZlib"], swiftSettings: strict),
        // A fleet of cameras: inventory against profiles, fingerprints, Prometheus exposition, periodic verification.
        .target(
            name: "Fleet",
            dependencies: [
                "CamProbe", "CaptureModel", "HostSystem", "V4L2", "Udev", "ProfileFormat", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // Reports as documents: a device's report gathered once (`DeviceReport`), written as HTML with inline SVG charts
        // or as Markdown, and two reports compared (`ReportComparison`). `camprobe report` only reads and writes.
        .target(name: "Reporting", dependencies: ["CamProbe", "Negotiation", "Snapshot"], swiftSettings: strict),
        // Control sets kept on a camera: saved by name (`ControlProfileStore`), restored (`ControlRestorer`), and held
        // against other writers (`ControlReasserter`): `ctl --save/--restore`, `monitor --restore --reassert`.
        .target(
            name: "KeptControls", dependencies: ["CamProbe", "CaptureModel", "HostSystem", "ProfileFormat", "V4L2"],
            swiftSettings: strict),
        // A focus or exposure point of interest set through uvcvideo's region of interest (`ctl DEVICE focus-point X,Y`).
        .target(name: "PointsOfInterest", dependencies: ["CaptureModel", "Negotiation", "V4L2"], swiftSettings: strict),
        // The udev rule that gives a camera a fixed /dev name (`camprobe udev-rule`).
        .target(name: "UdevRules", dependencies: ["CaptureModel"], swiftSettings: strict),
        // Test support, one target per layer it fakes, so a layer's tests build that layer and no more.
        // The fixture documents (`FakeSystemSpec` and the rest), where the repository's test data is, inline fixture
        // builders, a seeded random source: plain values, no seam.
        .target(name: "DeviceFixtures", dependencies: ["CaptureModel"], swiftSettings: strict),
        // Fake V4L2 nodes at the ioctl seam, driven by fixtures (`FakeDeviceSystem`'s ports). Re-exports DeviceFixtures.
        .target(
            name: "V4L2Testing", dependencies: ["DeviceFixtures", "V4L2", "CV4L2", "CaptureModel", "HostSystem"],
            swiftSettings: strict),
        // Fake libasound cards, driven by fixtures (`FakeALSAPort`). Re-exports DeviceFixtures.
        .target(name: "ALSATesting", dependencies: ["DeviceFixtures", "ALSA", "CaptureModel", "HostSystem"], swiftSettings: strict),
        // A fake PipeWire daemon's answers as data (`FakePipeWirePort`) and SPA PODs built for tests (`PodBuilder`).
        .target(
            name: "PipeWireTesting", dependencies: ["PipeWire", "CaptureModel", "DeviceFixtures", "HostSystem"], swiftSettings: strict),
        // The facade's fakes: the fixture machine as a `DeviceSystem`, a machine that hotplugs. Re-exports the layers'
        // fakes.
        .target(
            name: "CamProbeTesting",
            dependencies: [
                "CamProbe", "DeviceFixtures", "V4L2Testing", "ALSATesting", "PipeWireTesting", "V4L2", "ALSA", "CaptureModel",
                "HostSystem", "Udev",
            ],
            swiftSettings: strict),
        // camprobe doctor's host answers as data (`FakeDoctorHost`), for its tests and camprobe-fake.
        .target(
            name: "DoctorTesting", dependencies: ["Doctor", "CamProbe", "CaptureModel", "V4L2Testing"],
            swiftSettings: strict),
        // The commands, shared by the shipped executable and the tests' fake twin.
        .target(
            name: "CamProbeCLI",
            dependencies: [
                "CamProbe", "Doctor", "Fleet", "Snapshot", "Reporting", "KeptControls", "PointsOfInterest", "UdevRules",
                "CaptureModel", "HostSystem", "V4L2", "Udev", "ProfileFormat", "TextImport", "Negotiation", "SensorPipelines",
                "PipeWire", "CommandEmitters",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // `camprobe serve`: the device list, device pages, USB domains and doctor in a browser, live (Server-Sent Events
        // from a `DiscoverySession`), and the same documents as the commands' --json at /api/…. The routes, the token,
        // the pages; `camprobe-serve` runs it on the real machine, its tests on a fake one.
        .target(
            name: "Console",
            dependencies: [
                "CamProbeCLI", "CamProbe", "CaptureModel", "HostSystem", "Negotiation", "Reporting", "Udev",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "camprobe-serve",
            dependencies: [
                "Console", "HostSystem", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict),
        // The shipped command line: the real machine only (no fake linked in).
        .executableTarget(name: "camprobe", dependencies: ["CamProbeCLI"], swiftSettings: strict),
        // Test-only: the same commands against fixtures (`--fixture FILE`); not a product.
        .executableTarget(
            name: "camprobe-fake", dependencies: ["CamProbeCLI", "CamProbeTesting", "DoctorTesting", "PipeWire"], swiftSettings: strict),
        // Development only: a fake-machine fixture (Tests/Fixtures/*.json) from a camera's v4l2-ctl dumps, read by the
        // importer (`scripts/fixtures/make_fixtures.sh`); not a product.
        .executableTarget(
            name: "camprobe-fixture", dependencies: ["CamProbeTesting", "CaptureModel", "HostSystem", "TextImport"],
            swiftSettings: strict),
        .executableTarget(
            name: "camprobe-bench",
            dependencies: ["CamProbe", "CamProbeTesting", "HostSystem", "Negotiation", "CAllocationCounter", "Console", "CamProbeCLI"],
            swiftSettings: strict),

        // libFuzzer + ASan over every reader; a plain build replays inputs (`scripts/fuzz/run-libfuzzer.sh`).
        .executableTarget(
            name: "camprobe-libfuzz", dependencies: ["ProfileFormat", "TextImport", "CaptureModel", "HostSystem"], swiftSettings: strict),

        .testTarget(name: "ShimTests", dependencies: ["CV4L2", "CUdev", "CALSA", "CLibXML2"], swiftSettings: strict),
        .testTarget(
            name: "PipeWireTests", dependencies: ["PipeWire", "CaptureModel", "PipeWireTesting", "HostSystem"],
            swiftSettings: strict),
        .testTarget(name: "CaptureModelTests", dependencies: ["CaptureModel", "DeviceFixtures"], swiftSettings: strict),
        .testTarget(name: "HostSystemTests", dependencies: ["HostSystem"], swiftSettings: strict),
        .testTarget(
            name: "V4L2Tests", dependencies: ["V4L2", "CV4L2", "V4L2Testing", "CaptureModel", "HostSystem"],
            swiftSettings: strict),
        .testTarget(
            name: "UdevTests", dependencies: ["Udev", "DeviceFixtures", "V4L2Testing", "CaptureModel", "HostSystem"],
            swiftSettings: strict),
        .testTarget(name: "ALSATests", dependencies: ["ALSA", "ALSATesting", "CaptureModel"], swiftSettings: strict),
        .testTarget(
            name: "CamProbeTests",
            dependencies: [
                "CamProbe", "CamProbeTesting", "CaptureModel", "HostSystem", "V4L2", "Udev", "ALSA", "Negotiation", "SensorPipelines",
                "PipeWire",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "DoctorTests", dependencies: ["Doctor", "DoctorTesting", "CamProbeTesting", "CaptureModel", "CamProbe"],
            swiftSettings: strict),
        .testTarget(
            name: "FleetTests", dependencies: ["Fleet", "CamProbeTesting", "CaptureModel", "CamProbe", "HostSystem", "V4L2", "Udev"],
            swiftSettings: strict),
        .testTarget(
            name: "ReportingTests", dependencies: ["Reporting", "CamProbeTesting", "CamProbe", "Udev"], swiftSettings: strict),
        .testTarget(
            name: "KeptControlsTests", dependencies: ["KeptControls", "CamProbeTesting", "CamProbe", "V4L2"],
            swiftSettings: strict),
        .testTarget(
            name: "PointsOfInterestTests",
            dependencies: ["PointsOfInterest", "V4L2Testing", "CaptureModel", "Negotiation", "V4L2"],
            swiftSettings: strict),
        .testTarget(name: "UdevRulesTests", dependencies: ["UdevRules", "CaptureModel"], swiftSettings: strict),
        .testTarget(
            name: "SnapshotTests", dependencies: ["Snapshot", "CamProbeTesting", "CamProbe", "V4L2"], swiftSettings: strict),
        .testTarget(
            name: "ProfileFormatTests",
            dependencies: [
                "ProfileFormat", "TextImport", "CaptureModel", "DeviceFixtures", "V4L2Testing", "V4L2", "Negotiation", "SensorPipelines",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "TextImportTests",
            dependencies: [
                "TextImport", "ProfileFormat", "CaptureModel", "DeviceFixtures", "V4L2Testing", "Negotiation", "SensorPipelines",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "NegotiationTests",
            dependencies: ["Negotiation", "CaptureModel", "DeviceFixtures"],
            exclude: ["Golden", "Devices"],
            swiftSettings: strict),
        .testTarget(
            name: "CommandEmittersTests", dependencies: ["CommandEmitters", "Negotiation", "CaptureModel", "DeviceFixtures"],
            swiftSettings: strict),
        .testTarget(
            name: "SensorPipelinesTests", dependencies: ["SensorPipelines", "CaptureModel", "V4L2Testing", "V4L2"],
            swiftSettings: strict),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "CaptureModel", "ProfileFormat", "CamProbeCLI", "CamProbe", "CamProbeTesting", "ALSA", "V4L2", "camprobe",
                "camprobe-fake", "camprobe-fixture", "Doctor",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),

        .testTarget(
            name: "ConsoleTests",
            dependencies: [
                "Console", "CamProbeCLI", "CamProbeTesting", "CaptureModel", "HostSystem",
            ],
            swiftSettings: strict),

        // Examples, built with everything else so they keep compiling (public API only).
        // The recorder flow: discover or load, negotiate across nodes, lock, configure, stream.
        .executableTarget(name: "camprobe-recorder-example", dependencies: ["CamProbe"], path: "Examples/Recorder", swiftSettings: strict),
        // Sources/CamProbe/CamProbe.docc/GettingStarted.md's code blocks, joined (LibraryUsabilityTests checks they match).
        .executableTarget(name: "camprobe-readme-example", dependencies: ["CamProbe"], path: "Examples/README", swiftSettings: strict),
    ]
)
