import Foundation

/// How the learning rate changes from epoch to epoch (epochs are counted from 0).
public enum LearningRateSchedule: Sendable, Equatable, CustomStringConvertible {
    /// The base rate throughout.
    case constant
    /// The base rate multiplied by `factor` after every `every` epochs.
    case stepDecay(every: Int, factor: Float)
    /// Half a cosine from the base rate (first epoch) down to `minimumFactor` × base
    /// (last epoch).
    case cosine(minimumFactor: Float)

    /// The learning rate for `epoch` (0-based) of a run of `epochs` epochs.
    public func rate(base: Float, epoch: Int, epochs: Int) -> Float {
        switch self {
        case .constant:
            return base
        case let .stepDecay(every, factor):
            let steps = every > 0 ? epoch / every : 0
            return base * Float(pow(Double(factor), Double(steps)))
        case let .cosine(minimumFactor):
            guard epochs > 1 else { return base }
            let progress = Double(epoch) / Double(epochs - 1)
            let factor = Double(minimumFactor)
                + (1 - Double(minimumFactor)) * 0.5 * (1 + cos(Double.pi * progress))
            return base * Float(factor)
        }
    }

    public var description: String {
        switch self {
        case .constant: "constant"
        case let .stepDecay(every, factor): "step(every: \(every), factor: \(factor))"
        case let .cosine(minimumFactor): "cosine(minimumFactor: \(minimumFactor))"
        }
    }
}
