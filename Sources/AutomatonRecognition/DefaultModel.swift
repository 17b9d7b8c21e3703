import DefaultModelData
import DrawingClassifier

/// The classifier built into the library and `fa-recognize`: `models/default.model`,
/// embedded byte for byte when the library is compiled (the C target `DefaultModelData`),
/// so using it never depends on the current directory or on files installed beside the
/// executable.
public enum DefaultModel {
    /// The embedded model file's bytes.
    public static var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: default_model_bytes(), count: default_model_size()))
    }

    /// The embedded model, decoded and checked like any model file.
    public static func classifier() throws(ModelFileError) -> Classifier {
        try ModelFile.decode(bytes, path: "<built-in default model>")
    }
}
