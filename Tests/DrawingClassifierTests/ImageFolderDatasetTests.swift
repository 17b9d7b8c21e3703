import DrawingClassifier
import Foundation
import Testing
import Pictures

/// A 28 × 28 gray PNG whose pixels are all `value`.
private func flatPNG(_ value: Int, side: Int = 28) -> [UInt8] {
    TestPNG(width: side, height: side, colorType: .gray,
            samples: [Int](repeating: value, count: side * side)).encoded()
}

/// ROOT/arrow (10 PNGs of value 10…19, notes.txt, nested/), ROOT/circle (10 PNGs of value
/// 100…109, one of them 56 × 56, broken.png), ROOT/.hidden (1 PNG), ROOT/README.md.
private func makeTree() throws -> TemporaryFolder {
    let folder = try TemporaryFolder("dataset")
    for name in ["arrow", "circle", ".hidden", "arrow/nested"] { try folder.makeFolder(name) }
    for i in 0..<10 {
        try folder.write(flatPNG(10 + i), to: "arrow/a\(i).png")
        try folder.write(flatPNG(100 + i, side: i == 3 ? 56 : 28), to: "circle/c\(i).PNG")
    }
    try folder.write(flatPNG(1), to: ".hidden/h.png")
    try folder.write(flatPNG(1), to: "arrow/nested/deep.png")
    try folder.write(Array("notes".utf8), to: "arrow/notes.txt")
    try folder.write(Array("readme".utf8), to: "README.md")
    try folder.write(Array(flatPNG(5).prefix(40)), to: "circle/broken.png")
    return folder
}

@Suite struct ImageFolderDatasetTests {
    @Test func loadsClassesInOrderAndReportsSkippedFiles() throws {
        let tree = try makeTree()
        defer { tree.remove() }
        var progress: [Int] = []
        let dataset = try ImageFolderDataset(root: tree.path) { loaded, total in
            #expect(total == 21)
            progress.append(loaded)
        }
        #expect(dataset.classNames == ["arrow", "circle"])
        #expect(dataset.count == 20)
        #expect(dataset.classCounts == [10, 10])
        #expect(dataset.labels == [Int](repeating: 0, count: 10) + [Int](repeating: 1, count: 10))
        #expect(dataset.paths.first == tree.path + "/arrow/a0.png")
        let firstPixels = (10..<20).map(UInt8.init) + (100..<110).map(UInt8.init)
        #expect(dataset.images.map { $0.pixels[0] } == firstPixels)
        #expect(dataset.images.allSatisfy { $0.width == 28 && $0.height == 28 })
        #expect(dataset.skippedFiles == [tree.path + "/README.md", tree.path + "/arrow/nested",
                                         tree.path + "/arrow/notes.txt"])
        #expect(dataset.unreadableFiles.map(\.path) == [tree.path + "/circle/broken.png"])
        #expect(dataset.unreadableFiles[0].reason.contains("truncated or corrupt PNG"))
        #expect(progress == Array(1...21))
    }

    @Test func strictModeStopsAtTheFirstUnreadablePNG() throws {
        let tree = try makeTree()
        defer { tree.remove() }
        do {
            _ = try ImageFolderDataset(root: tree.path,
                                       options: ImageFolderDataset.Options(strict: true))
            Issue.record("strict mode accepted a broken PNG")
        } catch {
            guard case .unreadableImage(let cause) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(cause.path == tree.path + "/circle/broken.png")
            #expect(error.description.contains("strict mode"))
        }
    }

    @Test func tensorsAreScaledToTheUnitInterval() throws {
        let tree = try makeTree()
        defer { tree.remove() }
        let dataset = try ImageFolderDataset(root: tree.path)
        let (images, labels) = dataset.tensors(at: [0, 19, 5])
        #expect(images.shape == [3, 1, 28, 28])
        #expect(labels == [0, 1, 0])
        // Pixel × 1/255 (`Preprocessing.input`), as the classifier feeds images it predicts on.
        let scale: Float = 1.0 / 255.0
        #expect(images.scalars[0] == 10 * scale && images.scalars[784] == 109 * scale)
        #expect(images.scalars[2 * 784 + 783] == 15 * scale)
        #expect(dataset.tensors().images.shape == [20, 1, 28, 28])
    }

    @Test func aSeparateTestFolderMustHaveTheSameClasses() throws {
        let tree = try makeTree()
        defer { tree.remove() }
        let other = try TemporaryFolder("dataset-test")
        defer { other.remove() }
        for name in ["arrow", "cycle"] {
            try other.makeFolder(name)
            try other.write(flatPNG(3), to: "\(name)/x.png")
        }
        let training = try ImageFolderDataset(root: tree.path)
        let test = try ImageFolderDataset(root: other.path)
        #expect(throws: DatasetError.self) { try test.checkSameClasses(as: training) }
        do {
            try test.checkSameClasses(as: training)
        } catch {
            #expect(error.description == "folder \(other.path): classes [arrow, cycle] do not "
                + "match [arrow, circle] of folder \(tree.path) (missing circle; extra cycle); "
                + "both need the same class sub-folders")
        }
        try training.checkSameClasses(as: ImageFolderDataset(root: tree.path))
    }

    @Test func layoutErrorsSayWhatIsExpected() throws {
        let folder = try TemporaryFolder("dataset-errors")
        defer { folder.remove() }
        let root = folder.path
        #expect(throws: DatasetError.folderMissing(path: root + "/nope")) {
            try ImageFolderDataset(root: root + "/nope")
        }
        try folder.write(flatPNG(1), to: "file.png")
        #expect(throws: DatasetError.notAFolder(path: root + "/file.png")) {
            try ImageFolderDataset(root: root + "/file.png")
        }
        #expect(throws: DatasetError.noClasses(path: root)) { try ImageFolderDataset(root: root) }
        try folder.makeFolder("circle")
        try folder.write(flatPNG(1), to: "circle/1.png")
        #expect(throws: DatasetError.singleClass(path: root, className: "circle")) {
            try ImageFolderDataset(root: root)
        }
        try folder.makeFolder("arrow")
        try folder.write(Array("x".utf8), to: "arrow/a.txt")
        try folder.write(Array("x".utf8), to: "arrow/b.png")
        #expect(throws: DatasetError.emptyClass(path: root + "/arrow", className: "arrow",
                                                unreadableCount: 1, skippedCount: 1)) {
            try ImageFolderDataset(root: root)
        }
        #expect(DatasetError.noClasses(path: "d").description == "folder d: contains no class "
            + "folders (expected one sub-folder of PNG files per class, e.g. ROOT/circle/*.png "
            + "and ROOT/arrow/*.png)")
    }

    @Test func symbolicLinkLoopsDoNotHang() throws {
        let folder = try TemporaryFolder("dataset-links")
        defer { folder.remove() }
        for name in ["a", "b"] {
            try folder.makeFolder(name)
            try folder.write(flatPNG(7), to: "\(name)/1.png")
        }
        let manager = FileManager.default
        // a/loop → the root (a cycle), b/self.png → itself (ELOOP), c → a (a linked class).
        try manager.createSymbolicLink(atPath: folder.path + "/a/loop",
                                       withDestinationPath: folder.path)
        try manager.createSymbolicLink(atPath: folder.path + "/b/self.png",
                                       withDestinationPath: folder.path + "/b/self.png")
        try manager.createSymbolicLink(atPath: folder.path + "/c",
                                       withDestinationPath: folder.path + "/a")
        let dataset = try ImageFolderDataset(root: folder.path)
        #expect(dataset.classNames == ["a", "b", "c"])
        #expect(dataset.classCounts == [1, 1, 1])
        #expect(dataset.skippedFiles == [folder.path + "/a/loop", folder.path + "/c/loop"])
        #expect(dataset.unreadableFiles.map(\.path) == [folder.path + "/b/self.png"])
    }
}

@Suite struct InMemoryDatasetTests {
    @Test func imagesInMemoryBecomeTensorsToo() {
        let images = [GrayImage(width: 2, height: 2, pixels: [0, 51, 102, 255]),
                      GrayImage(width: 2, height: 2, pixels: [255, 255, 0, 0])]
        let dataset = ImageFolderDataset(classNames: ["a", "b"], images: images, labels: [1, 0],
                                         side: 2)
        #expect(dataset.classCounts == [1, 1])
        let (tensor, labels) = dataset.tensors()
        let scale: Float = 1.0 / 255.0
        #expect(tensor == Tensor(shape: [2, 1, 2, 2],
                                 scalars: [0, 51 * scale, 102 * scale, 1, 1, 1, 0, 0]))
        #expect(labels == [1, 0])
    }
}
