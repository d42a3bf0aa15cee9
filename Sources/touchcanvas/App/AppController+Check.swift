import TouchCanvasApp

extension AppController {
    /// `check`: the guided compositor check, its prompts in the HUD and on stderr, its report on
    /// stdout; the app ends when it does.
    func startCheck(timeout: Double) {
        let check = CompositorCheck()
        self.check = check
        if pacer?.feedback?.clockIsUsable == true { check.presentationOffered() }
        // Tools the compositor announced while the app started count: the check began after them.
        for seat in seats?.ordered ?? [] { check.tabletToolsKnown(session.input.tabletTools(for: seat.id), seat: seat.id) }
        if seats?.tabletSeats.values.contains(where: { !$0.tablets.isEmpty }) == true { check.tabletPresent() }
        printError(check.prompt)
        session.beginCheck(check) { [unowned self] check in
            guard check.isFinished else { return printError(check.prompt) }
            let seatInfo = (seats?.ordered ?? []).map { (name: $0.name, versions: $0.versions) }
            for line in check.report(seats: seatInfo) { StandardOutput.writeLine(line) }
            loop.stop(status: check.passed ? 0 : 1)
        }
        deadlines.schedule(.checkTimeout, after: timeout)
    }
}
