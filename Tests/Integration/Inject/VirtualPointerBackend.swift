import Glibc
import SystemClock
import Wayland

/// Drives the mouse in wlroots compositors (Sway) through `zwlr_virtual_pointer_manager_v1`: one
/// virtual pointer device on the seat, moved with absolute positions so that a test names the
/// same global compositor coordinates it reads back from `swaymsg -t get_tree`.
///
/// wlroots lets no client create a touch device, so every touch command is `unsupported`; the
/// Sway test draws with the mouse, which the app turns into a touch of type pointer.
@MainActor
final class VirtualPointerBackend: InjectionBackend {
    static let name = "wlr-virtual-pointer"

    /// `motion_absolute` takes whole numbers of a client-chosen unit; positions are sent in
    /// 1/256 of a logical pixel so that fractional test coordinates arrive unrounded.
    static let subunits: Double = 256

    /// The environment variable that overrides the layout size, `WIDTHxHEIGHT` in logical
    /// pixels. Needed whenever the first output's mode and integer scale do not give the
    /// layout: several outputs, or a fractional scale (wl_output only carries the scale rounded
    /// up, so 1280×720 at 1.5 would look like 640×360).
    static let extentVariable = "TC_INJECT_EXTENT"

    private let manager: ZwlrVirtualPointerManagerV1
    /// Kept so the proxies outlive the device: the compositor attaches the device to it.
    private let seat: WlSeat?
    private let pointer: ZwlrVirtualPointerV1
    private let output: OutputWatcher?
    private let configuredExtent: Extent?

    /// The size of the area that `motion_absolute` spans, in logical pixels: the output layout,
    /// because the pointer is created without an output to be mapped to.
    struct Extent: Equatable {
        var width: Double
        var height: Double

        /// `1280x720`; nil for anything else, including zero or negative sizes.
        init?(parsing text: String) {
            let parts = text.split(separator: "x")
            guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
                  width.isFinite, height.isFinite, width >= 1, height >= 1 else { return nil }
            self.width = width
            self.height = height
        }

        init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    init?(registry: GlobalRegistry) throws(InjectError) {
        guard let global = registry.first(ZwlrVirtualPointerManagerV1.interfaceName) else { return nil }
        // Version 1 has all this backend sends; binding no higher keeps it working on every
        // wlroots that offers the global.
        guard let manager = registry.bind(global, as: ZwlrVirtualPointerManagerV1.self, wanted: 1) else {
            throw .setup("cannot bind \(ZwlrVirtualPointerManagerV1.interfaceName)")
        }
        self.manager = manager
        // Only passed along as the seat to attach the device to; no seat request is used.
        seat = registry.first(WlSeat.interfaceName).flatMap { registry.bind($0, as: WlSeat.self, wanted: 1) }
        // Version 2 for `scale` and `done`, from which the default extent is worked out.
        output = registry.first(WlOutput.interfaceName)
            .flatMap { registry.bind($0, as: WlOutput.self, wanted: 2, minimum: 2) }
            .map { OutputWatcher(output: $0) }
        if let text = getenv(Self.extentVariable).map({ String(cString: $0) }) {
            guard let extent = Extent(parsing: text) else {
                throw .setup("\(Self.extentVariable)='\(text)': expected WIDTHxHEIGHT in logical pixels")
            }
            configuredExtent = extent
        } else {
            configuredExtent = nil
        }
        guard let pointer = manager.createVirtualPointer(seat: seat) else {
            throw .setup("the compositor did not create a virtual pointer")
        }
        self.pointer = pointer
    }

    func perform(_ command: InjectCommand) throws(InjectError) {
        switch command {
        case .pointerMove(let x, let y):
            let extent = try layoutExtent()
            guard (0...extent.width).contains(x), (0...extent.height).contains(y) else {
                throw .badLine("\(command)", "outside the \(extent.width)×\(extent.height) layout")
            }
            pointer.motionAbsolute(time: Self.now(),
                                   x: UInt32((x * Self.subunits).rounded()),
                                   y: UInt32((y * Self.subunits).rounded()),
                                   xExtent: UInt32((extent.width * Self.subunits).rounded()),
                                   yExtent: UInt32((extent.height * Self.subunits).rounded()))
        case .pointerButton(let button, let pressed):
            pointer.button(time: Self.now(), button: button.rawValue, state: pressed ? .pressed : .released)
        case .pointerFrame:
            pointer.frame()
        case .touchDown, .touchMotion, .touchUp, .touchFrame, .touchCancel, .sleep, .sync:
            throw .unsupported(backend: Self.name, command: "\(command)")
        }
    }

    /// The configured extent, else the first output's current mode divided by its scale.
    private func layoutExtent() throws(InjectError) -> Extent {
        if let configuredExtent { return configuredExtent }
        guard let extent = output?.logicalSize else {
            throw .setup("no output size known: set \(Self.extentVariable)=WIDTHxHEIGHT")
        }
        return extent
    }

    /// Milliseconds of CLOCK_MONOTONIC, wrapped to 32 bits like every Wayland timestamp: the
    /// wall clock may jump, and the app measures intervals between events.
    static func now() -> UInt32 { UInt32(truncatingIfNeeded: SystemClock.monotonicNanoseconds / 1_000_000) }
}

/// The first output's mode, scale and transform as of its last `done`, for the default extent.
@MainActor
private final class OutputWatcher {
    let output: WlOutput
    private var pending = (width: Int32(0), height: Int32(0), scale: Int32(1), swapsAxes: false)
    private(set) var logicalSize: VirtualPointerBackend.Extent?

    init(output: WlOutput) {
        self.output = output
        output.onEvent = { [unowned self] event in
            switch event {
            case .geometry(_, _, _, _, _, _, _, let transform):
                // The odd transforms turn the output by 90° or 270°.
                pending.swapsAxes = transform.rawValue % 2 == 1
            case .mode(let flags, let width, let height, _) where flags.contains(.current):
                pending.width = width
                pending.height = height
            case .scale(let factor):
                pending.scale = max(factor, 1)
            case .done:
                guard pending.width > 0, pending.height > 0 else { return }
                // Whole logical pixels, as wlroots sizes its layout boxes.
                let width = Double(pending.width / pending.scale), height = Double(pending.height / pending.scale)
                logicalSize = pending.swapsAxes
                    ? .init(width: height, height: width) : .init(width: width, height: height)
            default:
                break
            }
        }
    }
}
