/// Input that the options accept but the data does not fit: reported as one line, exit code 1.
struct InputError: Error, CustomStringConvertible {
    var description: String
}
