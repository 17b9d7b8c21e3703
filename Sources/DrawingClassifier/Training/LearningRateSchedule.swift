import Foundation

/// How the learning rate changes from epoch to epoch (epochs are counted from 0).
public enum LearningRateSchedule: Codable, Sendable, Equatable, CustomStringConvertible {
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

    /// The schedule a `description` names (`"constant"`, `"step(every: 3, factor: 0.1)"`,
    /// `"cosine(minimumFactor: 0.01)"`), or nil.
    public init?(description: String) {
        func number(after label: String) -> Substring? {
            guard let start = description.range(of: label + ": ")?.upperBound else { return nil }
            return description[start...].prefix { $0 != "," && $0 != ")" }
        }
        if description == "constant" {
            self = .constant
        } else if description.hasPrefix("step("), let every = number(after: "every").flatMap({ Int($0) }),
                  let factor = number(after: "factor").flatMap({ Float($0) }) {
            self = .stepDecay(every: every, factor: factor)
        } else if description.hasPrefix("cosine("),
                  let minimum = number(after: "minimumFactor").flatMap({ Float($0) }) {
            self = .cosine(minimumFactor: minimum)
        } else {
            return nil
        }
        guard self.description == description else { return nil }
    }
}
