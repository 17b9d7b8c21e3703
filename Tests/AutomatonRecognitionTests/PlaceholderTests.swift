import Testing
@Test func placeholderAutomaton() { #expect(1 + 1 == 2) }
