/// What a misbehaving compositor cannot do to the window: make it larger than the outputs can
/// show (``WindowSizing``), or keep it running after breaking the protocol.
extension AppController {
    func connectWindowLimits(window: WaylandWindow, seats: SeatsAndOutputs) {
        seats.onOutputsChanged = { [unowned self, unowned window] extent in
            window.outputsChanged(extent: extent)
            tellSessionTheOutputs()
        }
        window.onProtocolError = { [unowned self] reason in
            printError("\(reason): exiting")
            loop.stop(status: 1)
        }
    }

    /// The session (the HUD, figures in millimetres) learns which outputs the window is on, and
    /// how many panel pixels a logical pixel covers on the first: the fractional scale the
    /// compositor prefers, else that output's own scale.
    func tellSessionTheOutputs() {
        guard let window, let seats else { return }
        let outputs = seats.descriptions(of: window.enteredOutputs)
        // The preferred fractional scale is the surface's, one for all its outputs: right for
        // the first only when it is the only one.
        let fractional = outputs.count <= 1 ? window.preferredScale120.map { Double($0) / 120 } : nil
        let pixelsPerPoint = fractional ?? Double(outputs.first?.scale ?? 1)
        session.setOutputs(outputs, pixelsPerPoint: pixelsPerPoint)
        if let first = outputs.first, !first.hasPhysicalSize, !saidPixelsOnly {
            saidPixelsOnly = true
            printError("\(first.label) gives no physical size (0 × 0 mm): distances and speeds are in logical pixels")
        }
    }
}
