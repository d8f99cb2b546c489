// A test of the façade imports one module and has every fake: the fixtures, the V4L2, ALSA and PipeWire
// seams' fakes, and the façade's own (`FakeDeviceSystem` as a `DeviceSystem`, `FakeMachine`).
@_exported import ALSATesting
@_exported import DeviceFixtures
@_exported import PipeWireTesting
@_exported import V4L2Testing
