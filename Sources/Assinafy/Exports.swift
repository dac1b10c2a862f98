@_exported import AssinafyAPI
@_exported import AssinafyRuntime
