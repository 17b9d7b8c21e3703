import FuzzerDriver
import Foundation

/// Runs libFuzzer from a harness's own `main`. SwiftPM links every executable with
/// `--defsym main=<module>_main`, which clashes with the `main` that `-sanitize=fuzzer`
/// links in whole; so the harnesses are built with `-sanitize=address` plus coverage
/// instrumentation and linked against `libclang_rt.fuzzer_no_main` (see scripts/fuzz).
public enum Fuzzer {
    /// Hands the command line to libFuzzer, which calls `test` once per input; never returns.
    public static func run(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, test))
    }
}
