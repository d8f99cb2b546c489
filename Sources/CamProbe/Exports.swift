@_exported import ALSA
@_exported import CaptureModel
@_exported import Negotiation
@_exported import V4L2
