import Hummingbird

/// Placeholder while the console is built.
package enum ConsoleServer {}
