import DrawingClassifier
import Foundation

/// The classifier built into the library and `fa-recognize`: `models/default.model`,
/// embedded at build time as base64 text (`DefaultModel+Bytes.swift`, written by
/// `scripts/train-default-model`), so using it never depends on the current directory or on
/// files installed beside the executable.
public enum DefaultModel {
    /// The embedded model file's bytes.
    public static var bytes: [UInt8] {
        Array(Data(base64Encoded: embeddedBase64, options: .ignoreUnknownCharacters) ?? Data())
    }

    /// The embedded model, decoded and checked like any model file.
    public static func classifier() throws(ModelFileError) -> Classifier {
        try ModelFile.decode(bytes, path: "<built-in default model>")
    }
}
