// Placeholder entry point; the benchmarks land in the next commit.
print("assinafy-bench: not yet available")
