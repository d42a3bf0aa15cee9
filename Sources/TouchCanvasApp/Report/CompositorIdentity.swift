/// Which compositor the app is talking to. Wayland has no request for a compositor's name, so
/// it is told from what the compositor offers: each of the big ones announces globals of its
/// own, named after it; the session's environment is the second witness, and the only one that
/// tells Sway from the other compositors built on wlroots.
public struct CompositorIdentity: Codable, Sendable, Equatable {
    /// `Mutter (GNOME Shell)`, `KWin (KDE Plasma)`, `phoc (Phosh)`, `Sway`, `Weston`,
    /// `a wlroots compositor`, or `unknown`.
    public var name: String
    /// What the name was told from: `global gtk_shell1`, `XDG_CURRENT_DESKTOP=GNOME`.
    public var evidence: [String]
    /// The command that prints the compositor's version, which no Wayland client can read.
    public var versionCommand: String?

    public init(name: String, evidence: [String], versionCommand: String?) {
        self.name = name
        self.evidence = evidence
        self.versionCommand = versionCommand
    }

    /// A family of compositors and how to know it. Checked in this order: KWin offers
    /// wlroots' layer shell too, and Sway offers KDE's server-decoration global, so a family
    /// is known by globals no other family announces.
    private struct Family {
        let name: String
        /// Any of these interfaces, or any interface with one of `prefixes`, names the family.
        let interfaces: [String]
        let prefixes: [String]
        /// An `XDG_CURRENT_DESKTOP` entry (compared without case) that names it.
        let desktops: [String]
        let versionCommand: String?
    }

    private static let families: [Family] = [
        Family(name: "KWin (KDE Plasma)", interfaces: ["kde_output_device_v2", "org_kde_kwin_outputdevice"],
               prefixes: ["org_kde_plasma_"], desktops: ["KDE"], versionCommand: "kwin_wayland --version"),
        // Before Mutter: phoc, Phosh's compositor on phones, offers gtk_shell1 too.
        Family(name: "phoc (Phosh)", interfaces: ["phosh_private"], prefixes: [], desktops: ["Phosh"], versionCommand: "phoc --version"),
        Family(name: "Mutter (GNOME Shell)", interfaces: ["gtk_shell1"], prefixes: [],
               desktops: ["GNOME"], versionCommand: "gnome-shell --version"),
        Family(name: "Weston", interfaces: [], prefixes: ["weston_"], desktops: ["weston"], versionCommand: "weston --version"),
        Family(name: "a wlroots compositor", interfaces: ["zwlr_screencopy_manager_v1", "zwlr_output_manager_v1",
                                                          "zwlr_gamma_control_manager_v1", "zwlr_export_dmabuf_manager_v1"],
               prefixes: [], desktops: [], versionCommand: nil),
    ]

    /// Tells the compositor from the interfaces it announced and the session's variables (see
    /// ``SessionFacts``).
    public static func identify(interfaces: [String], session: SessionFacts) -> CompositorIdentity {
        let desktops = (session.environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map { $0.lowercased() }
        for family in families {
            let telling = interfaces.filter { interface in
                family.interfaces.contains(interface) || family.prefixes.contains { interface.hasPrefix($0) }
            }
            guard let first = telling.first else { continue }
            var evidence = ["global \(first)"]
            if let desktop = family.desktops.first(where: { desktops.contains($0.lowercased()) }) {
                evidence.append("XDG_CURRENT_DESKTOP=\(desktop)")
            }
            if family.name == "a wlroots compositor" { return wlroots(evidence: evidence, session: session, desktops: desktops) }
            return CompositorIdentity(name: family.name, evidence: evidence, versionCommand: family.versionCommand)
        }
        // No telling global: the environment alone, said as the weaker witness it is.
        for family in families {
            if let desktop = family.desktops.first(where: { desktops.contains($0.lowercased()) }) {
                return CompositorIdentity(name: family.name, evidence: ["XDG_CURRENT_DESKTOP=\(desktop) (no global of its own seen)"],
                                          versionCommand: family.versionCommand)
            }
        }
        if desktops.contains("sway") || session.swaySocketSet {
            return CompositorIdentity(name: "Sway", evidence: sway(session: session, desktops: desktops), versionCommand: "sway --version")
        }
        return CompositorIdentity(name: "unknown", evidence: [], versionCommand: nil)
    }

    private static func wlroots(evidence: [String], session: SessionFacts, desktops: [String]) -> CompositorIdentity {
        let swayEvidence = sway(session: session, desktops: desktops)
        guard !swayEvidence.isEmpty else { return CompositorIdentity(name: "a wlroots compositor", evidence: evidence, versionCommand: nil) }
        return CompositorIdentity(name: "Sway", evidence: evidence + swayEvidence, versionCommand: "sway --version")
    }

    private static func sway(session: SessionFacts, desktops: [String]) -> [String] {
        var evidence: [String] = []
        if desktops.contains("sway") { evidence.append("XDG_CURRENT_DESKTOP=sway") }
        if session.swaySocketSet { evidence.append("SWAYSOCK set") }
        return evidence
    }
}

/// How to attach the kernel's own record of the device. A Wayland client sees events after
/// the compositor and libinput have handled them; `libinput record` reads the kernel device, so
/// the two together show where an event went wrong.
public struct LibinputRecordAdvice: Codable, Sendable, Equatable {
    /// The commands to run, one per line, in order.
    public var commands: [String]
    /// Why and how, in a sentence or two.
    public var note: String

    public init(commands: [String], note: String) {
        self.commands = commands
        self.note = note
    }

    /// The advice for a machine whose tablets have these device paths: tablet paths are known
    /// (tablet-v2 sends them), a touchscreen's are not, so `libinput record` is run without a
    /// device and lists them to pick from.
    public static func advice(tabletPaths: [String]) -> LibinputRecordAdvice {
        var commands = ["sudo libinput record touchcanvas-libinput.yml"]
        let devices = tabletPaths.filter { $0.hasPrefix("/dev/input/event") }
        if !devices.isEmpty {
            commands.append("sudo libinput record " + devices.joined(separator: " ") + " touchcanvas-tablet.yml")
        }
        return LibinputRecordAdvice(
            commands: commands,
            note: "libinput record (Debian and Ubuntu: package libinput-tools) lists the input devices; pick the touchscreen "
                + "(or touchpad), do what goes wrong, press Ctrl+C, and attach the .yml file with this report.")
    }
}
