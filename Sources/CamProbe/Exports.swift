@_exported import CaptureModel
@_exported import V4L2
@_exported import ALSA
@_exported import Negotiation
