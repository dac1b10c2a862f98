// Generated code goes here; see Makefile `generate`.
@_exported import AssinafyRuntime
