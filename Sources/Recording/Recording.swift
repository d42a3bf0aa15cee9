import TouchCanvasApp
import TouchCanvasConstants
import TouchKit

/// A recorded input session: what the compositor sent to the app, when, and when the app drew.
///
/// ```swift
/// let recording = try RecordingParser.parse(contentsOf: "ten-fingers.tcrec")
/// let pixels = try Replayer(recording: recording, scene: .trace).run()
/// ```
///
/// # The file format, version 3
///
/// A UTF-8 text file, one item per line, every line ended by `\n` (a `\r` before it is
/// ignored). Blank lines and lines whose first non-blank character is `#` are comments. Fields
/// are separated by spaces or tabs. The suggested extension is `.tcrec`.
/// A file holds at most 256 MiB (over an hour of ten busy fingers): a larger one is refused
/// before it is read, and the writer ends a longer session's file, at a whole batch, before that.
///
/// **Header.** The first line is the magic and the format version:
///
/// ```
/// touchcanvas-recording 3
/// ```
///
/// Version 3 added the `writer` header line, the pen's events (the `tool-…` and
/// `tablet-removed` lines below), the touchpad's (`touchpad`) and `gesture-timeout`, version 2
/// the `clear`, `undo` and `scene` events; files of versions 1 and 2 (which have none of these)
/// are read too, and a version 1 or 2 file holding a line of a later version is refused at that
/// line. The pen's, the touchpad's and the time-outs' lines joined version 3 before any release
/// wrote version 3 files, so every reader of version 3 reads them. A later version is
/// refused ("version 4 is newer than this touchcanvas understands (3)"), which is why a new
/// header line needs a new version: an older reader says the file is newer, not that the line
/// is unknown.
/// Header lines follow, in any order, before the first event:
///
/// | line | meaning |
/// |---|---|
/// | `size W H` | required: the surface's logical size, integers 1…16384 |
/// | `scale N` | required: the buffer scale, an integer 1…8 |
/// | `seat ID NAME` | a seat known at the start: `ID` is the registry name of its `wl_seat` (0…4294967295), `NAME` its `wl_seat.name`, the rest of the line (may be empty or hold spaces) |
/// | `scene NAME` | optional: the scene recorded in (`spots`, `canvas`, `draw`, `trace`, `gestures`, `inspect`, `targets`, `latency`); replay uses it when not told otherwise |
/// | `writer NAME` | optional, version 3 on: the program and its version that wrote the file, the rest of the line (`touchcanvas 0.1.0`); for people tracing a file to a build, replay ignores it |
///
/// A name (the `NAME` of `seat`, `writer` and `seat-name`) is read as the writer writes it: a tab
/// is a space, any other control character U+FFFD, and the blanks round it are dropped, so a
/// file read and written back names its seats as it did.
///
/// **Events.** One per line, in the order the app handled them:
///
/// ```
/// TIME SEAT KIND ARGUMENTS…
/// ```
///
/// - `TIME`: milliseconds since the recording started, a decimal number 0…4294967295 that never
///   decreases from one line to the next (`12.5`).
/// - `SEAT`: the seat's id for seat events, `-` for window events. A seat id needs no `seat`
///   header line (seats can appear later).
/// - Numbers: `x`, `y`, `major`, `minor`, `deg` are decimals within ±8388608 (what a
///   `wl_fixed` can hold), written in the shortest form that reads back to the same `Double`,
///   so locations are never rounded. `nan` and `inf` are refused. `id` is a `wl_touch` id
///   (−2147483648…2147483647), `button` a Linux input code (0…4294967295).
/// - Pens: `tool` is the app's number for a `zwp_tablet_tool_v2` and `tablet` for a
///   `zwp_tablet_v2` (0…4294967295 each, numbered as they were announced); `p` (pressure) and
///   `d` (distance) are 0…65535 from the protocol, kept as sent up to 4294967295; tilt and
///   rotation are degrees, decimals like `x`.
/// - Touchpads (`zwp_pointer_gestures_v1`): `fingers` is the count the gesture began with
///   (0…4294967295, the protocol's `uint`, kept as sent); `dx dy` the motion since the last
///   update in logical pixels, `scale` the pinch's scale relative to its start (1 at its begin)
///   and `deg` its turn since the last update, clockwise: decimals like `x`, a `scale` of 0 or
///   below kept as the compositor sent it. A gesture line holds no location: the app takes the
///   seat's pointer's, which the `pointer-…` lines replay.
///
/// | kind | seat | meaning |
/// |---|---|---|
/// | `down id x y` | seat | `wl_touch.down` |
/// | `motion id x y` | seat | `wl_touch.motion` |
/// | `up id` | seat | `wl_touch.up` |
/// | `shape id major minor` | seat | `wl_touch.shape` (ellipse diameters) |
/// | `orientation id deg` | seat | `wl_touch.orientation` |
/// | `frame` | seat | `wl_touch.frame` |
/// | `cancel` | seat | `wl_touch.cancel` |
/// | `pointer-enter x y` | seat | `wl_pointer.enter` |
/// | `pointer-motion x y` | seat | `wl_pointer.motion` |
/// | `pointer-button button pressed` or `… released` | seat | `wl_pointer.button` |
/// | `pointer-leave` | seat | `wl_pointer.leave` |
/// | `pointer-frame` | seat | `wl_pointer.frame` (the glue's own frame for `wl_pointer` < 5) |
/// | `capability touch lost`, `capability pointer lost` | seat | the seat lost the device |
/// | `seat-removed` | seat | the `wl_seat` global went away |
/// | `seat-name NAME` | seat | the seat's name arrived or changed (rest of the line) |
/// | `configure W H` | `-` | the surface's new logical size (1…16384) |
/// | `scale N` | `-` | the new buffer scale (1…8) |
/// | `flush` | `-` | the socket drained with input still waiting for a frame; the app delivered it |
/// | `display-frame` or `display-frame MS` | `-` | the app rendered here: held moves were delivered, with `MS` the prediction interval in milliseconds (0…50) when given |
/// | `gesture-timeout` | `-` | the app's timer for the gesture recognizers' time-outs fired (format 3): those due by then fired (a double tap that never came, a long press held long enough), so a replay fires them when the app did, not at its next event or display frame |
/// | `clear` | `-` | the user cleared the scene (key `c`) |
/// | `undo` | `-` | the user undid the last stroke (`u`, Ctrl+Z) |
/// | `scene NAME` | `-` | the user switched to scene `NAME` (keys `1`–`8`): touches in flight were cancelled and the new scene started empty |
/// | `palm-rejection on`, `… off` | `-` | the user turned palm rejection on or off (`p`; format 3): fingers that come down while a pen is in range draw nothing while it is on |
/// | `flash-area window`, `… corner` | `-` | the user moved the latency scene's flash between the whole window and its top-left corner patch (`f`; format 3) |
/// | `tool-added tool TYPE SERIAL WACOM AXES` | seat | a tool was announced (`done`): `TYPE` one of `pen`, `eraser`, `brush`, `pencil`, `airbrush`, `finger`, `mouse`, `lens`; `SERIAL` its `hardware_serial` and `WACOM` its `hardware_id_wacom`, each an integer 0…18446744073709551615 or `-` when not sent; `AXES` its capabilities joined by commas (`tilt,pressure,distance,rotation,slider,wheel`, in that order) or `-` |
/// | `tool-proximity-in tool tablet` | seat | `zwp_tablet_tool_v2.proximity_in` on the window's content |
/// | `tool-proximity-out tool` | seat | `proximity_out` (a tool down is cancelled) |
/// | `tool-down tool`, `tool-up tool` | seat | `down`, `up` |
/// | `tool-motion tool x y` | seat | `motion` |
/// | `tool-pressure tool p` | seat | `pressure` |
/// | `tool-distance tool d` | seat | `distance` |
/// | `tool-tilt tool x y` | seat | `tilt`, degrees on each axis |
/// | `tool-rotation tool deg` | seat | `rotation` |
/// | `tool-button tool button pressed` or `… released` | seat | `button` |
/// | `tool-frame tool` | seat | `frame`: the tool's events since its last frame are one sample |
/// | `tool-removed tool` | seat | the tool went away (a tool down is cancelled) |
/// | `tablet-removed tablet` | seat | the tablet went away (a tool down on it is cancelled) |
/// | `tool-foreign-proximity-in tool` | seat | `proximity_in` on a surface that is not the window's content: the tool's events are not ours until it comes into range again |
/// | `touchpad KIND began fingers` | seat | a touchpad gesture's `begin`: `KIND` one of `swipe`, `pinch`, `hold` |
/// | `touchpad KIND changed fingers dx dy scale deg` | seat | a swipe's or pinch's `update` (a swipe's `scale deg` are `1 0`) |
/// | `touchpad KIND ended fingers`, `… cancelled fingers` | seat | its `end`, `cancelled` when the end's flag was set (the gesture was taken back) |
///
/// A `began`, `ended` or `cancelled` line may carry `dx dy scale deg` too, when they are not the
/// neutral `0 0 1 0` the protocol's `begin` and `end` imply (only a program makes such events);
/// without them they are `0 0 1 0`.
///
/// Compositor timestamps are not stored: replay stamps each event (a tool's `frame` and a
/// touchpad gesture too) with its `TIME` rounded down to the millisecond (the compositor's
/// stamps are milliseconds on the same monotonic clock).
///
/// A file that ends in the middle of a line (no final `\n`) is refused as cut short. Any
/// error names the file and line: `recording.txt:17: unknown event 'mtion'`.
///
/// Example:
///
/// ```
/// touchcanvas-recording 3
/// writer touchcanvas 0.1.0
/// size 800 600
/// scale 1
/// seat 7 seat0
/// scene trace
/// 0 7 down 0 100.5 200.25
/// 0 7 frame
/// 8 7 motion 0 110 201.125
/// 8 7 frame
/// 16.667 - display-frame 8.5
/// 24 7 up 0
/// 24 7 frame
/// 33.333 - display-frame
/// ```
///
/// A pen stroke pressing harder as it goes (tool 1 on tablet 1), then lifted:
///
/// ```
/// 40 7 tool-added 1 pen 42 - tilt,pressure,distance
/// 50 7 tool-proximity-in 1 1
/// 50 7 tool-motion 1 100 300
/// 50 7 tool-frame 1
/// 55 7 tool-down 1
/// 55 7 tool-pressure 1 6553
/// 55 7 tool-frame 1
/// 60 7 tool-motion 1 110 300
/// 60 7 tool-pressure 1 40000
/// 60 7 tool-tilt 1 30 -12.5
/// 60 7 tool-frame 1
/// 66.667 - display-frame
/// 70 7 tool-up 1
/// 70 7 tool-frame 1
/// 71 7 tool-proximity-out 1
/// 71 7 tool-frame 1
/// ```
///
/// A two-finger touchpad pinch over the pointer's place, growing to 1.5 and turning back a little,
/// then lifted:
///
/// ```
/// 80 7 pointer-enter 400 300
/// 80 7 pointer-frame
/// 90 7 touchpad pinch began 2
/// 98 7 touchpad pinch changed 2 0.5 -0.25 1.25 3
/// 100 - display-frame
/// 106 7 touchpad pinch changed 2 0 0 1.5 -1.5
/// 110 7 touchpad pinch ended 2
/// 116.667 - display-frame
/// ```
public struct Recording: Sendable, Hashable {
    /// The format version this build writes and the newest it reads.
    public static let currentVersion = 3
    /// What this build puts on a file's `writer` line.
    public static let currentWriter = "touchcanvas \(TouchCanvasVersion.current)"
    /// The first word of every recording.
    public static let magic = "touchcanvas-recording"

    /// The version of the file it was read from.
    public var version: Int
    /// The surface's logical size at the start.
    public var width: Int
    public var height: Int
    /// The buffer scale at the start.
    public var scale: Int
    /// Seats known at the start, in file order.
    public var seats: [RecordedSeat]
    /// The scene recorded in, when the file says.
    public var scene: Scene?
    /// The program that wrote the file (`touchcanvas 0.1.0`), when the file says: files of
    /// format version 1 and 2 never do.
    public var writer: String?
    public var events: [TimedEvent]

    public init(version: Int = Recording.currentVersion, width: Int, height: Int, scale: Int,
                seats: [RecordedSeat] = [], scene: Scene? = nil, writer: String? = nil,
                events: [TimedEvent] = []) {
        self.version = version
        self.width = width
        self.height = height
        self.scale = scale
        self.seats = seats
        self.scene = scene
        self.writer = writer
        self.events = events
    }
}

/// A `wl_seat` by its registry name, with its `wl_seat.name`.
public struct RecordedSeat: Sendable, Hashable {
    public var id: SeatID
    public var name: String

    public init(id: SeatID, name: String) {
        self.id = id
        self.name = name
    }
}

/// One event line: when, and what.
public struct TimedEvent: Sendable, Hashable {
    /// Milliseconds since the recording started.
    public var time: Double
    public var event: RecordedEvent

    public init(time: Double, event: RecordedEvent) {
        self.time = time
        self.event = event
    }
}
