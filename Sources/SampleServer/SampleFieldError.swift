/// A field that cannot be resolved from the sample data.
///
/// Deliberately not a `GraphQLError`: GraphQL 4.3.0's executor passes a thrown `GraphQLError`
/// through unchanged, without the field's `path` and `locations`, but wraps any other error with
/// both, which is what a real server reports.
struct SampleFieldError: Error, CustomStringConvertible {
    let description: String
}
