import ArgumentParser
import DrawingClassifier

/// `--schedule`: how the learning rate changes over the run.
enum ScheduleChoice: String, ExpressibleByArgument, CaseIterable {
    case constant, cosine, step

    /// The schedule for a run of `epochs` epochs (`step`: ×0.1 every third of the run).
    func schedule(epochs: Int) -> LearningRateSchedule {
        switch self {
        case .constant: .constant
        case .cosine: .cosine(minimumFactor: 0.01)
        case .step: .stepDecay(every: max(1, epochs / 3), factor: 0.1)
        }
    }
}

/// `--kernels`: `best` (the fastest this CPU supports) or one instruction set's copy.
enum KernelChoice: String, ExpressibleByArgument, CaseIterable {
    case best, portable, avx2, avx512

    var path: KernelPath { KernelPath(rawValue: rawValue) ?? .best }
}
