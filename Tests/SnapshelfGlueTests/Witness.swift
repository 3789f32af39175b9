// A Swift object whose release the tests can observe, captured by a handler's closure.
final class Witness {}
