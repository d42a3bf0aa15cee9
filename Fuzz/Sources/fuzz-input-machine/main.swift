import FuzzSupport
import InputMachineFuzz

/// libFuzzer's entry point: one input, a session's worth of input events (see InputMachineFuzz).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInputMachine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    runFuzzInput(data, size, InputMachineFuzz.run)
}
