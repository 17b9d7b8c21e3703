import Testing
import DrawingClassifier
@testable import AutomatonRecognition
import StrokeFormats

@Suite struct LabelsTests {
    @Test func labelTextGivesSymbolsAndEpsilon() {
        #expect(LabelMeaning(text: "a") == LabelMeaning(symbols: ["a"], epsilon: false))
        #expect(LabelMeaning(text: " b, a ") == LabelMeaning(symbols: ["b", "a"], epsilon: false))
        #expect(LabelMeaning(text: "ε") == LabelMeaning(symbols: [], epsilon: true))
        #expect(LabelMeaning(text: "EPS") == LabelMeaning(symbols: [], epsilon: true))
        #expect(LabelMeaning(text: "a eps") == LabelMeaning(symbols: ["a"], epsilon: true))
        #expect(LabelMeaning(text: "  ") == LabelMeaning(symbols: [], epsilon: false))
    }

    @Test func eachLabelGoesToThePathPassingNearest() {
        let horizontal = [Point(x: 0, y: 0), Point(x: 100, y: 0)]
        let vertical = [Point(x: 120, y: -50), Point(x: 120, y: 50)]
        let labels = [Label(text: "a", position: Point(x: 50, y: -10)),   // 10 from horizontal
                      Label(text: "b", position: Point(x: 108, y: 0)),    // 8 vs 12
                      Label(text: "c", position: Point(x: 110, y: 0))]    // tie: lower index
        #expect(nearestPaths(for: labels, among: [horizontal, vertical]) == [0, 0, 0])
        let d = Label(text: "d", position: Point(x: 115, y: 30))
        #expect(nearestPaths(for: [d], among: [horizontal, vertical]) == [1])
        #expect(nearestPaths(for: [d], among: []) == [nil])
    }
}
