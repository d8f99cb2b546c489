import HTTPTypes
import Hummingbird
import NIOCore

/// A request's context: Hummingbird's own, and the peer's address (for the request-rate bound).
package struct ConsoleContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's part.
    package var coreContext: CoreRequestContextStorage
    /// The peer, when the socket knows it.
    package let remoteAddress: SocketAddress?

    /// A context for a request arriving on `source`'s channel.
    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
