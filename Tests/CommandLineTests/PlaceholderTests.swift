import Testing
@Test func placeholderCLI() { #expect(1 + 1 == 2) }
