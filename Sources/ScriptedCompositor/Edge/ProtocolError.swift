internal import CWaylandServer
internal import WaylandServer
import Glibc

/// `wl_resource_post_error` has the signature `(resource, code, format, ...)`: it is variadic, and
/// Swift cannot call C variadic functions, nor does libwayland 1.21 export a `va_list` variant.
///
/// It is still the only call that both sends `wl_display.error` *and* marks the client as failed,
/// so libwayland stops dispatching its requests and disconnects it after the current one, as every
/// real compositor does. We therefore look the symbol up once and call it through a fixed-argument
/// prototype with a format string that contains no conversion (every `%` escaped): on the x86-64
/// and AArch64 Linux ABIs the fixed arguments of a variadic call are passed exactly as in a
/// non-variadic call, and with no conversions the callee never reads a variadic argument.
private typealias PostErrorFunction = @convention(c) (OpaquePointer?, UInt32, UnsafePointer<CChar>?) -> Void

private let postErrorFunction: PostErrorFunction? = {
    // A nil handle is RTLD_DEFAULT: libwayland-server is already linked into this process.
    guard let symbol = dlsym(nil, "wl_resource_post_error") else { return nil }
    return unsafeBitCast(symbol, to: PostErrorFunction.self)
}()

/// Sends a protocol error on `resource` and disconnects its client; never traps.
///
/// libwayland truncates the message to 127 bytes.
func postProtocolError(_ resource: Resource, code: UInt32, _ message: String) {
    guard resource.isAlive else { return }
    var escaped = ""
    escaped.reserveCapacity(message.utf8.count)
    for character in message {
        escaped.append(character)
        if character == "%" { escaped.append("%") }
    }
    if let post = postErrorFunction {
        escaped.withCString { post(resource.raw, code, $0) }
    } else {
        // Cannot happen with a linked libwayland-server; still disconnect rather than ignore.
        wl_client_post_no_memory(resource.client)
    }
}
