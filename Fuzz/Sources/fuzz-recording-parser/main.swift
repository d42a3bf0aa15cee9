import FuzzSupport
import RecordingParserFuzz

/// libFuzzer's entry point: one input, a recording file's bytes (see RecordingParserFuzz).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecordingParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    runFuzzInput(data, size, RecordingParserFuzz.run)
}
