import CLibPNG

/// zlib's CRC-32 of a buffer (the model file's checksum).
func crc32Of(_ buffer: UnsafeBufferPointer<UInt8>) -> UInt {
    UInt(crc32(0, buffer.baseAddress, UInt32(buffer.count)))
}
