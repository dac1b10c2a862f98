@_exported import APIRuntime
@_exported import AssinafyAPI
