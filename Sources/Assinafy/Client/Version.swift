/// The SDK's version: the one place it is written (User-Agent, diagnostics).
public let sdkVersion = "1.0.0"
