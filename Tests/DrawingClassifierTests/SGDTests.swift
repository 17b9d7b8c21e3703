import Testing
@testable import DrawingClassifier
import TestSupport

@Suite struct SGDTests {
    private func network(weight: Float, bias: Float) -> Network {
        Network(layers: [Dense(weight: Tensor(shape: [1, 1], scalars: [weight]),
                               bias: Tensor(shape: [1], scalars: [bias]))])
    }

    private func setGradients(_ network: inout Network, _ value: Float) {
        network.updateParameters { $0.grad.scalars = [value] }
    }

    @Test func momentumAccumulatesVelocityAndClearsGradients() {
        var net = network(weight: 1, bias: 1)
        var sgd = SGD(learningRate: 0.1, momentum: 0.9)
        setGradients(&net, 0.5)
        sgd.step(&net)  // v = 0.5, w = 1 − 0.05
        #expect(net.parameterValues()[0].scalars[0] == 0.95)
        #expect(net.parameterGradients().allSatisfy { $0.scalars == [0] })
        setGradients(&net, 0.5)
        sgd.step(&net)  // v = 0.9·0.5 + 0.5 = 0.95, w = 0.95 − 0.095
        #expect(isClose(net.parameterValues()[0].scalars[0], 0.855))
    }

    @Test func weightDecayShrinksWeightsButNotBiases() {
        var net = network(weight: 2, bias: 2)
        var sgd = SGD(learningRate: 0.1, momentum: 0, weightDecay: 0.5)
        setGradients(&net, 0)
        sgd.step(&net)
        #expect(isClose(net.parameterValues()[0].scalars[0], 1.9))  // 2 − 0.1·(0.5·2)
        #expect(net.parameterValues()[1].scalars[0] == 2)
    }

    @Test func schedulesGiveTheDocumentedRates() {
        #expect(LearningRateSchedule.constant.rate(base: 0.1, epoch: 7, epochs: 10) == 0.1)
        let step = LearningRateSchedule.stepDecay(every: 10, factor: 0.5)
        #expect(step.rate(base: 0.1, epoch: 9, epochs: 30) == 0.1)
        #expect(isClose(step.rate(base: 0.1, epoch: 25, epochs: 30), 0.025))
        let cosine = LearningRateSchedule.cosine(minimumFactor: 0.1)
        #expect(isClose(cosine.rate(base: 1, epoch: 0, epochs: 11), 1))
        #expect(isClose(cosine.rate(base: 1, epoch: 5, epochs: 11), 0.55))
        #expect(isClose(cosine.rate(base: 1, epoch: 10, epochs: 11), 0.1))
    }
}
