import Testing

@testable import Console
