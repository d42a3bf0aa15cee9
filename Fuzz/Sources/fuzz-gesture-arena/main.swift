import FuzzSupport
import GestureArenaFuzz

/// libFuzzer's entry point: one input, a window of recognizers and what happens to it (see
/// GestureArenaFuzz).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGestureArena(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    runFuzzInput(data, size, GestureArenaFuzz.run)
}
