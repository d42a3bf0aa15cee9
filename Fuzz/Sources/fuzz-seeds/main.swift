#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FuzzSupport
import GestureArenaFuzz
import InputMachineFuzz

/// Writes the generated seeds into the corpus folder given as the only argument
/// (`Fuzz/Corpus`), one file per seed under the target's folder, replacing what was there under
/// the same name: `scripts/fuzz.sh --write-seeds`.
guard CommandLine.arguments.count == 2 else {
    printError("usage: fuzz-seeds CORPUS-FOLDER\n")
    exit(64)
}
let corpus = CommandLine.arguments[1]
var written = 0
for (target, seeds) in [("input-machine", InputMachineFuzz.seeds), ("gesture-arena", GestureArenaFuzz.seeds)] {
    for (name, bytes) in seeds {
        let path = "\(corpus)/\(target)/\(name)"
        guard let file = fopen(path, "wb") else {
            printError("fuzz-seeds: cannot write \(path): \(String(cString: strerror(errno)))\n")
            exit(1)
        }
        let count = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard count == bytes.count, fclose(file) == 0 else {
            printError("fuzz-seeds: cannot write \(path)\n")
            exit(1)
        }
        written += 1
    }
}
print("wrote \(written) seeds under \(corpus)")
