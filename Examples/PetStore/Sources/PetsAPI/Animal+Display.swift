// Hand-written beside the generated code: the build-tool plugin's output is part of this module.
extension Animal {
    public var displayName: String { name ?? id }
}
