@testable import CacheExplorer
import GraphQLCache
import Testing

/// The write log makes a big commit's deltas on every core (`RowImages.deltas`): the entry must
/// be the one made row by row, in the same order, for added, removed, changed, unchanged and
/// unseen rows alike.
@Suite struct RowImagesTests {
    private static func json(_ number: Int, _ name: String) -> [UInt8] {
        Array(#"{"__typename":"Item","id":"\#(number)","name":"\#(name)"}"#.utf8)
    }

    @Test(arguments: [10, RowImages.sharedFrom + 7])
    func deltasMadeOnEveryCoreAreThoseMadeOneByOne(count: Int) {
        let images = (0..<count).map { number -> RowImages in
            let key = CacheKey("Item:\(number)")
            switch number % 5 {
            case 0: return RowImages(key: key, old: .some(nil), new: Self.json(number, "new"))            // added
            case 1: return RowImages(key: key, old: .some(Self.json(number, "old")), new: nil)            // removed
            case 2: return RowImages(key: key, old: .some(Self.json(number, "old")), new: Self.json(number, "new"))
            case 3: return RowImages(key: key, old: nil, new: Self.json(number, "unseen"))                // before not known
            default: return RowImages(key: key, old: .some(Self.json(number, "same")), new: Self.json(number, "same"))
            }
        }
        let oneByOne = images.compactMap(\.delta)
        #expect(RowImages.deltas(of: images) == oneByOne)
        #expect(oneByOne.count == count - count / 5, "unchanged rows make no delta")
        #expect(oneByOne.map(\.kind).prefix(4) == [.added, .removed, .changed, .changed])
    }
}
