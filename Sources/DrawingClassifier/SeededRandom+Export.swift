/// The classifier's API takes its generator (`SplitMix64`) in every call that draws random
/// numbers, so a module that imports DrawingClassifier gets the generator's module too.
@_exported import SeededRandom
