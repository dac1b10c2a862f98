/// The SDK's version: the one place it is written (User-Agent, diagnostics).
public let sdkVersion = "0.1.0"
