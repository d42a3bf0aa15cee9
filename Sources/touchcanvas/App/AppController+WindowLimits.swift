/// What a misbehaving compositor cannot do to the window: make it larger than the outputs can
/// show (``WindowSizing``), or keep it running after breaking the protocol.
extension AppController {
    func connectWindowLimits(window: WaylandWindow, seats: SeatsAndOutputs) {
        seats.onOutputsChanged = { [unowned window] extent in window.outputsChanged(extent: extent) }
        window.onProtocolError = { [unowned self] reason in
            printError("\(reason): exiting")
            loop.stop(status: 1)
        }
    }
}
