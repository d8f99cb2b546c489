// A test of the ALSA layer imports ALSATesting and has the fixtures (`Fixtures`, `FakeSystemSpec`) too.
@_exported import DeviceFixtures
