/// Stochastic gradient descent with momentum and L2 weight decay (the PyTorch form):
///
///     v ← momentum · v + (grad + weightDecay · w)
///     w ← w − learningRate · v
///
/// Weight decay applies only to tensors of rank ≥ 2 (weights), never to biases (rank 1):
/// shrinking a bias does not regularise anything.
public struct SGD: Sendable {
    public var learningRate: Float
    public var momentum: Float
    public var weightDecay: Float
    private var velocities: [[Float]] = []  // one per parameter, in visiting order

    public init(learningRate: Float, momentum: Float = 0.9, weightDecay: Float = 0) {
        self.learningRate = learningRate
        self.momentum = momentum
        self.weightDecay = weightDecay
    }

    /// Moves every parameter against its gradient, then clears the gradient.
    public mutating func step(_ network: inout Network) {
        var index = 0
        let (rate, mu) = (learningRate, momentum)
        network.updateParameters { p in
            if velocities.count == index {
                velocities.append([Float](repeating: 0, count: p.value.count))
            }
            precondition(velocities[index].count == p.value.count,
                         "SGD was used with a different network before.")
            let decay: Float = p.value.shape.count >= 2 ? weightDecay : 0
            velocities[index].withUnsafeMutableBufferPointer { v in
                p.value.scalars.withUnsafeMutableBufferPointer { w in
                    p.grad.scalars.withUnsafeMutableBufferPointer { g in
                        for i in w.indices {
                            v[i] = mu * v[i] + (g[i] + decay * w[i])
                            w[i] -= rate * v[i]
                            g[i] = 0
                        }
                    }
                }
            }
            index += 1
        }
    }
}
