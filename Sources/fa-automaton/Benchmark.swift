import ArgumentParser
import AutomatonOperations
import Automata
import SeededRandom
import Foundation

/// Scale checks (Lab/scripts/bench-automata): minimising a random complete DFA, and the subset
/// construction on "the n-th symbol from the end is 1" (2ⁿ states) under a state limit.
struct Benchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time minimization and the subset construction's blow-up.", shouldDisplay: false)
    @Option(help: "States of the random DFA to minimise.") var states = 100_000
    @Option(help: "Symbols of the random DFA.") var symbols = 2
    @Option(help: "Seed of the random DFA.") var seed: UInt64 = 1
    @Option(help: "n of the blow-up family.") var n = 20
    @Option(help: "State limit of the blow-up run.") var maxStates = 1_000_000

    func run() throws {
        var rng = SplitMix64(seed: seed)
        let dfa = DFA.random(stateCount: states, symbolCount: symbols, using: &rng)
        var clock = ContinuousClock.now
        var cpu = cpuSeconds()
        let minimal = dfa.minimized()
        let minimizeSeconds = seconds(since: clock)
        let minimizeCPU = cpuSeconds() - cpu

        clock = ContinuousClock.now
        cpu = cpuSeconds()
        let blowUp: JSONValue
        do {
            let d = try NFA.nthSymbolFromEndIsOne(n).determinized(maxStates: maxStates).dfa
            blowUp = .object([("states", .integer(d.stateCount))])
        } catch {
            blowUp = .object([("error", .string(error.description))])
        }
        let blowUpSeconds = seconds(since: clock)
        let blowUpCPU = cpuSeconds() - cpu
        print(JSONValue.object([
            ("minimize", .object([("states", .integer(states)), ("symbols", .integer(symbols)),
                                  ("seed", .integer(Int(seed))),
                                  ("minimalStates", .integer(minimal.dfa.stateCount)),
                                  ("seconds", .number(minimizeSeconds, decimals: 3)),
                                  ("cpuSeconds", .number(minimizeCPU, decimals: 3))])),
            ("nthSymbolFromEnd", .object([("n", .integer(n)), ("maxStates", .integer(maxStates)),
                                          ("result", blowUp),
                                          ("seconds", .number(blowUpSeconds, decimals: 3)),
                                          ("cpuSeconds", .number(blowUpCPU, decimals: 3))])),
        ]).rendered(pretty: true))
    }

    /// CPU time of this thread (the machine is shared, so wall time overstates the work).
    private func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    private func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}
