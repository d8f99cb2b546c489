// A test of the V4L2 layer imports V4L2Testing and has the fixtures (`Fixtures`, `FakeSystemSpec`) too.
@_exported import DeviceFixtures
