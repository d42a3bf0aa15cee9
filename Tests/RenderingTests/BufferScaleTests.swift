import Rendering
import Testing

@Suite struct BufferScaleTests {
    @Test func integerScaleMultipliesAndIsDeclared() {
        let two = BufferScale.integer(2)
        #expect(two.bufferLength(401) == 802)
        #expect(two.declaredBufferScale == 2)
        #expect(two.factor == 2)
        #expect(two.ceiling == 2)
    }

    @Test(arguments: [(120, 1.0, 400, 400), (150, 1.25, 401, 501), (180, 1.5, 401, 602), (240, 2.0, 401, 802)])
    func fractionalScaleRoundsHalfUpAndDeclaresOne(per120: Int, factor: Double, logical: Int, buffer: Int) {
        let scale = BufferScale.fractional(per120: per120)
        #expect(scale.factor == factor)
        #expect(scale.bufferLength(logical) == buffer)
        // The viewport maps the buffer to the logical size: a buffer scale would apply twice.
        #expect(scale.declaredBufferScale == 1)
    }

    @Test func ceilingRoundsUpForWholeScaleThings() {
        #expect(BufferScale.fractional(per120: 121).ceiling == 2)
        #expect(BufferScale.fractional(per120: 120).ceiling == 1)
        #expect(BufferScale.fractional(per120: 300).ceiling == 3)
    }

    @Test(arguments: [BufferScale.integer(1), .integer(3), .fractional(per120: 150), .fractional(per120: 180), .fractional(per120: 137)])
    func largestLogicalLengthIsTheLargestThatFits(_ scale: BufferScale) {
        let largest = scale.largestLogicalLength(fitting: 16384)
        #expect(scale.bufferLength(largest) <= 16384)
        #expect(scale.bufferLength(largest + 1) > 16384)
    }
}
