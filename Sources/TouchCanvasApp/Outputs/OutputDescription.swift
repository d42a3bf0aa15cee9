import Foundation

/// How an output's picture is turned from its panel, as `wl_output.transform` numbers them:
/// the rotation is counter-clockwise, and the flipped ones mirror about the vertical axis first.
public enum OutputTransform: Int, CaseIterable, Sendable {
    case normal = 0, rotated90, rotated180, rotated270, flipped, flipped90, flipped180, flipped270

    /// As compositors' own settings name them (sway's `transform`, weston.ini's `transform`).
    public var name: String {
        switch self {
        case .normal: "normal"
        case .rotated90: "90"
        case .rotated180: "180"
        case .rotated270: "270"
        case .flipped: "flipped"
        case .flipped90: "flipped-90"
        case .flipped180: "flipped-180"
        case .flipped270: "flipped-270"
        }
    }

    /// A quarter or three-quarter turn: the panel's width runs along the screen's height.
    public var swapsAxes: Bool { rawValue % 2 == 1 }
}

/// What an output (a monitor, a built-in panel) has said about itself, gathered from its
/// announcements: enough to say which screen a touch lands on and how big a pixel is there.
///
/// Touch testers need both. A touchscreen mapped to the wrong monitor, or with the wrong
/// rotation, is one of the commonest touch bugs on Wayland; and rates, jitter and offsets mean
/// more in millimetres than in pixels, which differ from panel to panel.
public struct OutputDescription: Equatable, Sendable {
    /// The compositor's name for it (`DP-1`, `eDP-1`), from version 4 of the output protocol;
    /// nil from older compositors.
    public var name: String?
    /// A human-readable description (`Dell Inc. U2720Q (DP-1)`), also from version 4.
    public var description: String?
    public var make = ""
    public var model = ""
    /// The current mode in the panel's own pixels, not turned; nil until announced.
    public var mode: (width: Int, height: Int)?
    /// The current mode's refresh rate in millihertz, 0 where the compositor does not say.
    public var refreshMillihertz = 0
    public var scale = 1
    public var transform = OutputTransform.normal
    /// The panel's size in millimetres, not turned; 0 × 0 where unknown (projectors, virtual
    /// outputs, nested compositors, EDIDs that leave it out).
    public var physicalSize: (width: Int, height: Int) = (0, 0)

    public init() {}

    public static func == (a: OutputDescription, b: OutputDescription) -> Bool {
        a.name == b.name && a.description == b.description && a.make == b.make && a.model == b.model
            && a.mode?.width == b.mode?.width && a.mode?.height == b.mode?.height
            && a.refreshMillihertz == b.refreshMillihertz && a.scale == b.scale && a.transform == b.transform
            && a.physicalSize == b.physicalSize
    }

    /// The make and model as one phrase ("Dell Inc. U2720Q"), empty when neither is known.
    public var makeAndModel: String {
        [make, model].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// What a person calls this output: its name, else its make and model, else its description.
    public var label: String {
        if let name, !name.isEmpty { return name }
        if !makeAndModel.isEmpty { return makeAndModel }
        return description ?? "unnamed output"
    }

    /// Whether the panel's physical size is known: neither side 0, and, where the mode is
    /// known, pixels between 0.03 and 2 mm (from an 800 ppi phone to a 13 ppi billboard). EDIDs
    /// that give only the aspect ratio (16 × 9 "mm") fall outside it.
    public var hasPhysicalSize: Bool {
        guard physicalSize.width > 0, physicalSize.height > 0 else { return false }
        guard let mode, mode.width > 0, mode.height > 0 else { return true }
        let pitches = [Double(physicalSize.width) / Double(mode.width), Double(physicalSize.height) / Double(mode.height)]
        return pitches.allSatisfy { $0 >= 0.03 && $0 <= 2 }
    }

    /// Millimetres per logical pixel along the window's x and y, on this output at
    /// `pointsPerPixel`: how many panel pixels one logical pixel covers (the output's scale, or
    /// the fractional scale the compositor prefers). Nil without a physical size or a mode.
    ///
    /// The physical size and the mode are both the panel's, before the transform, so a quarter
    /// turn swaps which of them goes with the window's x.
    public func millimetresPerPoint(pixelsPerPoint: Double) -> (x: Double, y: Double)? {
        guard hasPhysicalSize, let mode, mode.width > 0, mode.height > 0,
              pixelsPerPoint.isFinite, pixelsPerPoint > 0 else { return nil }
        let alongWidth = Double(physicalSize.width) / Double(mode.width) * pixelsPerPoint
        let alongHeight = Double(physicalSize.height) / Double(mode.height) * pixelsPerPoint
        return transform.swapsAxes ? (alongHeight, alongWidth) : (alongWidth, alongHeight)
    }

    /// One line for the HUD and for the list `--output` prints when no output matches:
    /// `DP-1 "Dell Inc. U2720Q (DP-1)" · Dell Inc. U2720Q · 3840×2160 @ 60.00 Hz · scale 2 ·
    /// normal · 597×336 mm`. Parts the compositor did not send are left out.
    public var summary: String {
        var parts: [String] = [label + (description.map { " \"\($0)\"" } ?? "")]
        if name != nil, !makeAndModel.isEmpty { parts.append(makeAndModel) }
        if let mode {
            var text = "\(mode.width)×\(mode.height)"
            if refreshMillihertz > 0 { text += String(format: " @ %.2f Hz", Double(refreshMillihertz) / 1000) }
            parts.append(text)
        }
        parts.append("scale \(scale)")
        parts.append(transform.name)
        parts.append(hasPhysicalSize ? "\(physicalSize.width)×\(physicalSize.height) mm" : "size unknown")
        return parts.joined(separator: " · ")
    }

    /// The HUD's shorter line: `DP-1 · Dell Inc. U2720Q · 3840×2160 @ 60 Hz · ×2 · normal ·
    /// 597×336 mm` (the description left out, which mostly repeats the rest).
    public var shortSummary: String {
        var parts = [label]
        if name != nil, !makeAndModel.isEmpty { parts.append(makeAndModel) }
        if let mode {
            var text = "\(mode.width)×\(mode.height)"
            if refreshMillihertz > 0 { text += String(format: " @ %g Hz", (Double(refreshMillihertz) / 10).rounded() / 100) }
            parts.append(text)
        }
        parts += ["×\(scale)", transform.name]
        parts.append(hasPhysicalSize ? "\(physicalSize.width)×\(physicalSize.height) mm" : "size unknown")
        return parts.joined(separator: " · ")
    }

    /// Whether `wanted` names this output, as `--output` takes it: its name, else (where the
    /// compositor sends no name, or the person typed the screen's brand) its make and model or
    /// its description. Case and surrounding spaces do not matter.
    public func isNamed(_ wanted: String) -> Bool {
        let key = wanted.trimmingCharacters(in: .whitespaces).lowercased()
        guard !key.isEmpty else { return false }
        return [name, makeAndModel, description].contains { $0?.lowercased() == key }
    }
}

extension Collection where Element == OutputDescription {
    /// The output `wanted` names: by name first, so `DP-1` never means another output whose
    /// description happens to read `DP-1`; then by make and model or description, where that
    /// names exactly one.
    public func named(_ wanted: String) -> Element? {
        let key = wanted.trimmingCharacters(in: .whitespaces).lowercased()
        if let byName = first(where: { $0.name?.lowercased() == key }) { return byName }
        let others = filter { $0.isNamed(wanted) }
        return others.count == 1 ? others.first : nil
    }
}
